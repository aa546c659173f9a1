#!/usr/bin/env bash
# The HTML validity test runs the Nu Html Checker (the vnu-jar package), which needs Java 11 or newer: install
# Debian's headless runtime when there is none.
set -euo pipefail
command -v java >/dev/null 2>&1 && exit 0
source "$(dirname "$0")/lib/apt-install.sh"
apt_install "a Java runtime (for the HTML validity test)" default-jre-headless
java -version
