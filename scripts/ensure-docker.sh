#!/usr/bin/env bash
# The container tests (npm run test:container) need a Docker engine and Compose. An engine that answers is used as
# it is; otherwise Debian's engine is installed when missing and started in the background (no init system starts
# it here). Compose: the `docker compose` plugin when there is one, else Debian's `docker-compose`.
# Exits non-zero, with one line saying why, when no engine can be had.
set -euo pipefail
log="${TMPDIR:-/tmp}/porchlight-dockerd.log"

engine_answers() { timeout 10 docker info >/dev/null 2>&1; }

if ! command -v docker >/dev/null 2>&1 || ! engine_answers; then
  if ! command -v dockerd >/dev/null 2>&1; then
    source "$(dirname "$0")/lib/apt-install.sh"
    apt_install "Docker's engine (for the container tests)" docker.io
  fi
  if ! engine_answers; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "No Docker engine answers and this user cannot start one: start Docker, then run again." >&2
      exit 1
    fi
    echo "Starting dockerd in the background (log: $log)..."
    # setsid: the engine outlives this script and the test run, like an engine started by an init system.
    setsid dockerd >"$log" 2>&1 </dev/null &
    for _ in $(seq 1 60); do
      engine_answers && break
      sleep 1
    done
    if ! engine_answers; then
      echo "dockerd did not answer within 60 s: $(tail -n 1 "$log")" >&2
      exit 1
    fi
  fi
fi

if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then
  source "$(dirname "$0")/lib/apt-install.sh"
  apt_install "Compose (for the container tests)" docker-compose
fi
docker version --format 'Docker engine {{.Server.Version}}'
