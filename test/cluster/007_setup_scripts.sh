#!/usr/bin/env bash
# Issue 24's set-up items:
# - The Makefile notices another PG_CONFIG: after a build, `make -q` with the same PG_CONFIG
#   is up to date, and the same server's pg_config under another name (a symlink: another
#   PG_CONFIG, as for another major) makes every object recompile and the library relink;
#   a real other major (UIDEXT_OTHER_PG_CONFIG, or the first /tmp/pgNN found) builds against
#   its own headers.
# - test/demo builds in a scratch directory, prints the demo, and leaves the PostgreSQL it
#   installs into byte for byte as it was (every file under its lib/ and extension/ dirs);
#   the source tree gets no objects.
# - The packages test/demo asks for are at most 1/3 of those test/lib/install-deps.sh asks for,
#   counted with their dependencies as apt would install them on a minimal Debian (apt-get -s
#   against an empty package status, less what the required packages bring).
# Not per major (test/majors skips it).
# ci: alone (test/demo installs into the server and takes the files away again)
cd "$(dirname "$0")/../.."
repo=$PWD
. test/lib/cluster.sh
. test/cluster/helpers.bash
PG_CONFIG=${PG_CONFIG:-pg_config}

work=$(mktemp -d /tmp/uidext-setup.XXXXXX)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

echo "== Makefile: a changed PG_CONFIG rebuilds"
mkdir -p "$work/build"
mk() { make -C "$work/build" -f "$repo/Makefile" VPATH="$repo" with_llvm=no "$@"; }
objects=$(ls src/core/*.cpp src/pg/*.cpp | wc -l)
if mk -j2 PG_CONFIG="$PG_CONFIG" >"$work/build.log" 2>&1; then
    mk -q PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1
    check "make -q, same PG_CONFIG: up to date (status 0)" "$?" 0
    ln -s "$PG_CONFIG" "$work/pg_config"
    mk -q PG_CONFIG="$work/pg_config" >/dev/null 2>&1
    check "make -q, PG_CONFIG renamed: out of date (status 1)" "$?" 1
    mk -j2 PG_CONFIG="$work/pg_config" >"$work/rebuild.log" 2>&1
    check "make, PG_CONFIG renamed: objects recompiled" "$(grep -cE ' -c -o src/(core|pg)/[a-z0-9_]+\.o ' "$work/rebuild.log")" "$objects"
    check "make, PG_CONFIG renamed: uidext.so relinked" "$(grep -c -- '-o uidext\.so ' "$work/rebuild.log")" 1
    mk -q PG_CONFIG="$work/pg_config" >/dev/null 2>&1
    check "make -q after that rebuild: up to date" "$?" 0
    other=${UIDEXT_OTHER_PG_CONFIG:-}
    if [ -z "$other" ]; then
        this=$("$PG_CONFIG" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
        for c in /tmp/pg[0-9][0-9]/bin/pg_config /usr/lib/postgresql/*/bin/pg_config; do
            [ -x "$c" ] && [ -f "$("$c" --includedir-server)/pg_config.h" ] || continue
            [ "$("$c" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')" != "$this" ] && { other=$c; break; }
        done
    fi
    if [ -n "$other" ]; then
        mk -n PG_CONFIG="$other" >"$work/other.log" 2>&1
        check "make -n, another major ($("$other" --version)): compiles against its headers" \
            "$(grep -E ' -c -o src/(core|pg)/[a-z0-9_]+\.o ' "$work/other.log" | grep -c -- "-isystem $("$other" --includedir-server) ")" "$objects"
    else
        echo "    (no other major's pg_config found; UIDEXT_OTHER_PG_CONFIG names one)"
    fi
else
    tail -20 "$work/build.log"; fail "build"
fi

echo "== test/demo: runs, leaves the PostgreSQL it installs into as it was"
if [ -w "$("$PG_CONFIG" --pkglibdir)" ]; then
    state() { find "$("$PG_CONFIG" --pkglibdir)" "$("$PG_CONFIG" --sharedir)/extension" -type f -print0 | sort -z | xargs -0 sha256sum; }
    before=$(state)
    tree_before=$(git status --porcelain --ignored src sql)
    start=$SECONDS
    PG_CONFIG=$PG_CONFIG bash test/demo >"$work/demo.log" 2>&1
    check "test/demo exit status" "$?" 0
    echo "    test/demo took $((SECONDS - start)) s"
    check "test/demo shows the four orders sorted by id" \
        "$(grep -oE '\| (coffee|bagel|juice|muffin)\b' "$work/demo.log" | xargs)" "| coffee | bagel | juice | muffin"
    check_match "test/demo shows the RFC 9562 v5 vector" "$(cat "$work/demo.log")" '2ed6657d-e927-568b-95e1-2665a8aea6a2'
    check_match "test/demo says it undid the install" "$(cat "$work/demo.log")" '^uidext uninstalled again: [0-9]+ files'
    check "every file under lib/ and extension/ as before test/demo ($(wc -l <<<"$before") files)" "$(state)" "$before"
    check "the source tree: no new objects or scripts" "$(git status --porcelain --ignored src sql)" "$tree_before"
else
    echo "    (skipped: $("$PG_CONFIG" --pkglibdir) is not writable here)"
fi

echo "== test/demo's packages: at most 1/3 of test/lib/install-deps.sh's, with dependencies"
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    : >"$work/empty-status"
    # Package names apt would install from nothing, for these packages (recommends as asked).
    closure() { apt-get -s -o Dir::State::status="$work/empty-status" install "$@" 2>/dev/null | awk '/^Inst /{print $2}' | sort -u; }
    required=$(dpkg-query -W -f='${Package} ${Priority} ${Essential}\n' | awk '$2 == "required" || $3 == "yes" {print $1}')
    base=$(closure $required)
    # Every package install-deps.sh may ask for (on a fresh machine it asks for all), for 15.
    all_packages=$(grep -oE 'packages="[^"]*"' test/lib/install-deps.sh | sed -E 's/^packages="//; s/"$//; s/\$\{UIDEXT_EXTRA_PACKAGES:-\}//; s/\$UIDEXT_PG_MAJOR/15/g; s/\$packages//' | xargs)
    demo_packages=$(sed -nE 's/^demo_packages="(.*)"$/\1/p' test/demo | sed 's/\$major/15/g')
    check "the demo's package list" "$demo_packages" "postgresql-15 postgresql-server-dev-15 g++ make libssl-dev"
    n_all=$(closure $required $all_packages | comm -13 <(echo "$base") - | wc -l)
    n_demo=$(closure $required --no-install-recommends $demo_packages | comm -13 <(echo "$base") - | wc -l)
    echo "    install-deps.sh: $n_all packages; test/demo: $n_demo"
    check_ge "3 x test/demo's package count <= install-deps.sh's" "$n_all" "$((3 * n_demo))"
else
    echo "    (skipped: needs apt-get and root)"
fi
finish
