# install_packages [APT-OPTIONS...] -- PACKAGE...: installs the Debian packages that are not
# installed yet (needs root only then), and says which. Source this file.
install_packages() {
    local options=() p missing=""
    while [ $# -gt 0 ] && [ "$1" != -- ]; do options+=("$1"); shift; done
    shift
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" != 0 ]; then
        echo "missing packages:$missing (run as root, or install them)" >&2
        return 1
    fi
    echo "installing:$missing"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${options[@]}" $missing >/dev/null \
        || { echo "apt-get install failed" >&2; return 1; }
}
