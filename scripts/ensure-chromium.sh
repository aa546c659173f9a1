#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0
source "$(dirname "$0")/lib/apt-install.sh"
apt_install "Chromium (for the browser tests)" chromium fonts-liberation
"$chromium_path" --version
