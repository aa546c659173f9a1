#!/usr/bin/env bash
# Browser tests drive Debian's Chromium headless shell (docs/decisions/0024-browser-tests-on-the-headless-shell.md);
# install it when missing.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$chromium_path" ] && exit 0
source "$(dirname "$0")/lib/apt-install.sh"
apt_install "Chromium's headless shell (for the browser tests)" chromium-headless-shell fonts-liberation
"$chromium_path" --version
