#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing (root, or passwordless sudo).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
echo "Installing Chromium from Debian's packages for the browser tests..."
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "Chromium is missing at $chromium_path and this user cannot install it; run: apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
"$chromium_path" --version
