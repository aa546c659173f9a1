#!/usr/bin/env bash
# The API tests also run on a real PostgreSQL server (tests/support/postgres-server.ts starts one in a temporary
# folder): install Debian's PostgreSQL server binaries when missing (root, or passwordless sudo).
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
echo "Installing PostgreSQL from Debian's packages for the API tests..."
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "PostgreSQL's server binaries are missing under /usr/lib/postgresql and this user cannot install them; run: apt-get install -y postgresql" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends postgresql >/dev/null
# Debian's package starts a cluster of its own; the tests start theirs, so that one is not needed.
if command -v pg_ctlcluster >/dev/null 2>&1; then
  "${as_root[@]}" pg_ctlcluster --force "$(ls /usr/lib/postgresql | sort -V | tail -1)" main stop >/dev/null 2>&1 || true
fi
ls /usr/lib/postgresql/*/bin/initdb
