#!/usr/bin/env bash
# The API tests also run on a real PostgreSQL server (tests/support/postgres-server.ts starts one in a temporary
# folder): install Debian's PostgreSQL server binaries when missing.
set -euo pipefail
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && exit 0
source "$(dirname "$0")/lib/apt-install.sh"
apt_install "PostgreSQL (for the API tests)" postgresql
# Debian's package starts a cluster of its own; the tests start theirs, so that one is not needed.
if command -v pg_ctlcluster >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
  "${as_root[@]}" pg_ctlcluster --force "$(ls /usr/lib/postgresql | sort -V | tail -1)" main stop >/dev/null 2>&1 || true
fi
ls /usr/lib/postgresql/*/bin/initdb
