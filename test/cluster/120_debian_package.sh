#!/usr/bin/env bash
# The Debian package (debian/): `dpkg-buildpackage -us -uc -b` in a copy of the tree builds
# postgresql-NN-uidext for every installed major in debian/pgversions (pg_buildext: one
# out-of-tree build per major, whose pg_regress suites run against the package's files), next
# to the copy. Then it installs the .deb, runs CREATE EXTENSION uidext and uidext_ossp on a
# throwaway server of that major, purges the package, and leaves the system as it found it.
# `make install` of the tree puts the same files where the package does (test/run-all does so
# before the cluster scripts), and purging the package removes them: so the files the package
# replaces are saved first and put back after the purge, and the test checks that every file
# under the extension directories is then byte for byte what it was before.
# Needs root and Debian's packaging tools (test/lib/install-deps.sh installs them); not run by
# test/majors, which tests source builds.
cd "$(dirname "$0")/../.."
repo=$PWD
. test/lib/cluster.sh
. test/cluster/helpers.bash

if [ "$(id -u)" != 0 ]; then echo "skipped: installing a .deb needs root"; exit 0; fi
for tool in dpkg-buildpackage pg_buildext dh; do
    command -v "$tool" >/dev/null || { fail "$tool is missing (test/lib/install-deps.sh installs debhelper and postgresql-server-dev-all)"; finish; }
done
if dpkg-query -W -f='${Status}\n' 'postgresql-*-uidext' 2>/dev/null | grep -q 'install ok installed'; then
    echo "skipped: a postgresql-NN-uidext package is installed here; this test does not touch it"; exit 0
fi

work=$(mktemp -d /tmp/uidext-deb.XXXXXX)
chmod 755 "$work"   # the build's test server runs as postgres and reads the package tree in it
backup=$work/backup
trap 'stop_clusters deb; rm -rf "$work"' EXIT

echo "== dpkg-buildpackage -us -uc -b in a copy of the tree ($work/uidext)"
mkdir -p "$work/uidext" "$backup"
git ls-files -z -co --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar -c --null -T - -f - | tar -x -C "$work/uidext"
if (cd "$work/uidext" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
    check "dpkg-buildpackage" ok ok
else
    tail -40 "$work/build.log"; fail "dpkg-buildpackage (log above)"; finish
fi
# The majors it built: debian/control's packages (pg_buildext: pgversions and installed -dev).
majors=$(sed -nE 's/^Package: postgresql-([0-9]+)-uidext$/\1/p' "$work/uidext/debian/control")
check_ge "majors in debian/control ($(echo $majors))" "$(wc -w <<<"$majors")" 1
# The package's regression run inside the build (dh_pgxs_test: pg_regress against the package's files).
check_ge "pg_regress inside the package build: 'All N tests passed' per major" \
    "$(grep -cE 'All [0-9]+ tests passed|^# All [0-9]+ tests passed' "$work/build.log")" "$(wc -w <<<"$majors")"

# The upstream version of the package is the extension's.
extversion=$(sed -nE 's/^EXTVERSION = //p' Makefile)
debversion=$(dpkg-parsechangelog -l debian/changelog -S Version)
check "debian/changelog's upstream version = EXTVERSION" "${debversion%%-*}" "$extversion.0"

# Every file under the directories the package writes to: name, checksum.
state() {
    local m
    for m in $majors; do
        find "/usr/lib/postgresql/$m/lib" "/usr/share/postgresql/$m/extension" -type f -print0 2>/dev/null \
            | sort -z | xargs -0 -r sha256sum
    done
}
state_before=$(state)

for m in $majors; do
    deb=$(ls "$work"/postgresql-$m-uidext_"$debversion"_*.deb 2>/dev/null)
    check "postgresql-$m-uidext_${debversion}_*.deb next to the source tree" "$(wc -w <<<"$deb")" 1
    [ -n "$deb" ] || continue
    # Save what the package will replace (files a `make install` put there), to put back after.
    dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' | while read -r f; do
        [ -f "$f" ] && printf '%s\0' "$f"
    done | tar -c -P --null -T - -f "$backup/$m.tar"

    echo "== PostgreSQL $m: install $(basename "$deb")"
    dpkg -i "$deb" >"$work/install-$m.log" 2>&1 || { cat "$work/install-$m.log"; fail "dpkg -i $deb"; }
    check "dpkg: postgresql-$m-uidext installed" \
        "$(dpkg-query -W -f='${Status} ${Version}' "postgresql-$m-uidext" 2>/dev/null)" "install ok installed $debversion"
    check "uidext.so belongs to the package" "$(dpkg -S "/usr/lib/postgresql/$m/lib/uidext.so" 2>/dev/null | cut -d: -f1)" "postgresql-$m-uidext"

    PG_CONFIG=/usr/lib/postgresql/$m/bin/pg_config
    UIDEXT_PGBIN=/usr/lib/postgresql/$m/bin
    cluster_start deb
    check "CREATE EXTENSION uidext, uidext_ossp; versions" \
        "$(q -c "CREATE EXTENSION uidext; CREATE EXTENSION uidext_ossp SCHEMA public" \
              -c "SELECT string_agg(extname || ' ' || extversion, ', ' ORDER BY extname) FROM pg_extension WHERE extname LIKE 'uidext%'")" \
        "uidext $extversion, uidext_ossp 1.1"
    check "the package's functions answer (gen_ulid, uuid_generate_v5)" \
        "$(q -c "SELECT length(gen_ulid()::text), uuid_generate_v5(uuid_ns_url(), 'https://www.postgresql.org/')")" \
        "26|$(/usr/bin/python3 -c 'import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, "https://www.postgresql.org/"))')"
    cluster_stop deb

    echo "== PostgreSQL $m: purge the package"
    dpkg --purge "postgresql-$m-uidext" >"$work/purge-$m.log" 2>&1 || { cat "$work/purge-$m.log"; fail "dpkg --purge"; }
    check "dpkg: postgresql-$m-uidext gone" \
        "$(dpkg-query -W -f='${Status}' "postgresql-$m-uidext" 2>/dev/null | grep -c 'install ok installed')" 0
    check "its files are gone (uidext.so, uidext.control)" \
        "$(ls "/usr/lib/postgresql/$m/lib/uidext.so" "/usr/share/postgresql/$m/extension/uidext.control" 2>/dev/null | wc -l)" 0
    [ -s "$backup/$m.tar" ] && tar -x -P -f "$backup/$m.tar"
done

check "every file under lib/ and extension/ as before the test ($(wc -l <<<"$state_before") files)" "$(state)" "$state_before"
finish
