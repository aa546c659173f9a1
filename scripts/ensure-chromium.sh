#!/usr/bin/env bash
# Browser tests drive Debian's Chromium headless shell (docs/decisions/0024-browser-tests-on-the-headless-shell.md);
# the benchmarks that measure what a visitor's browser does, the full browser (`ensure-chromium.sh chromium`).
# Installs the one asked for when missing.
set -euo pipefail
package="${1:-chromium-headless-shell}"
chromium_path="${CHROMIUM_PATH:-/usr/bin/$package}"
[ -x "$chromium_path" ] && exit 0
source "$(dirname "$0")/lib/apt-install.sh"
apt_install "Debian's $package (for the browser tests and benchmarks)" "$package" fonts-liberation
"$chromium_path" --version
