#!/usr/bin/env bash
# The HTML validity test runs the Nu Html Checker (the vnu-jar package), which needs Java 11 or newer: install
# Debian's headless runtime when there is none (root, or passwordless sudo).
set -euo pipefail
if command -v java >/dev/null 2>&1; then
  exit 0
fi
echo "Installing a Java runtime from Debian's packages for the HTML validity test..."
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "Java is missing and this user cannot install it; run: apt-get install -y default-jre-headless" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
java -version
