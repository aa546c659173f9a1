# Sourced by scripts/ensure-*.sh: installs Debian packages the tests need, as root or through passwordless sudo.
# apt_install "<what, for the messages>" package...
apt_install() {
  local what="$1"
  shift
  echo "Installing $what from Debian's packages..."
  local as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "$what is missing and this user cannot install it; run: apt-get install -y $*" >&2
      exit 1
    fi
    as_root=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
