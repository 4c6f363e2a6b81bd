# Shared by the test/cluster/*.sh scripts (not a test itself: run-all only runs *.sh).
# Source after test/lib/cluster.sh. Every check prints one line; `finish` prints the totals
# and exits non-zero when any check failed.
set -uo pipefail
UIDEXT_CHECKS_OK=0
UIDEXT_CHECKS_BAD=0
# Debian's interpreter, where python3-psycopg is installed (a pyenv shim may come first on PATH).
PY=/usr/bin/python3

export PGOPTIONS='-c client_min_messages=warning'
q() { psql -X -A -t -q -v ON_ERROR_STOP=1 "$@"; }

# check WHAT ACTUAL EXPECTED
check() {
    if [ "$2" = "$3" ]; then
        local lines; lines=$(printf '%s\n' "$2" | wc -l)
        if [ "$lines" -gt 1 ]; then echo "ok   $1: $lines identical lines"; else echo "ok   $1: $2"; fi
        UIDEXT_CHECKS_OK=$((UIDEXT_CHECKS_OK + 1))
    else
        UIDEXT_CHECKS_BAD=$((UIDEXT_CHECKS_BAD + 1)); echo "FAIL $1: got '$2', expected '$3'"
        [ "$(printf '%s\n' "$3" | wc -l)" -gt 1 ] && diff <(printf '%s\n' "$3") <(printf '%s\n' "$2") | head -20
    fi
}
# check_ge WHAT ACTUAL MINIMUM (integers)
check_ge() {
    if [ -n "$2" ] && [ "$2" -ge "$3" ] 2>/dev/null; then
        UIDEXT_CHECKS_OK=$((UIDEXT_CHECKS_OK + 1)); echo "ok   $1: $2 (>= $3)"
    else
        UIDEXT_CHECKS_BAD=$((UIDEXT_CHECKS_BAD + 1)); echo "FAIL $1: got '$2', expected >= $3"
    fi
}
# check_match WHAT TEXT REGEX
check_match() {
    if grep -Eq "$3" <<<"$2"; then
        UIDEXT_CHECKS_OK=$((UIDEXT_CHECKS_OK + 1)); echo "ok   $1: matches /$3/"
    else
        UIDEXT_CHECKS_BAD=$((UIDEXT_CHECKS_BAD + 1)); echo "FAIL $1: no /$3/ in:"; sed 's/^/    /' <<<"$2" | head -40
    fi
}
fail() { UIDEXT_CHECKS_BAD=$((UIDEXT_CHECKS_BAD + 1)); echo "FAIL $*"; }

finish() {
    echo "== $(basename "$0"): $UIDEXT_CHECKS_OK checks passed, $UIDEXT_CHECKS_BAD failed, ${SECONDS}s"
    [ "$UIDEXT_CHECKS_BAD" = 0 ] && [ "$UIDEXT_CHECKS_OK" -gt 0 ]
    exit $?
}

# Stops the named clusters on exit: trap "stop_clusters a b" EXIT
stop_clusters() { local c; for c in "$@"; do cluster_stop "$c"; done; }
