#!/usr/bin/env bash
# The Debian package (debian/), built the way a distribution builds it, in a copy of the tree:
# - the upstream tarball uidext_<version>.orig.tar.gz from that copy without debian/ (never
#   committed), then `dpkg-buildpackage -S` (source package, format 3.0 (quilt)) and `-b`:
#   postgresql-NN-uidext for every installed major in debian/pgversions (pg_buildext: one
#   out-of-tree build per major, whose pg_regress suites run against the package's files);
# - the source package's fields (Maintainer, Homepage, Vcs-*, Testsuite) and lintian (if
#   installed): no error; its warnings are printed;
# - then it installs each .deb, checks its files and docs, runs CREATE EXTENSION uidext and
#   uidext_ossp on a throwaway server of that major, runs the autopkgtest's command
#   (debian/tests/control, `pg_buildext installcheck`: every pg_regress suite against the
#   installed package) in the unpacked source package as autopkgtest would, purges the package
#   and leaves the system as it found it.
# `make install` of the tree puts the same files where the package does (test/run-all does so
# before the cluster scripts), and purging the package removes them: so the files the package
# replaces are saved first and put back after the purge, and the test checks that every file
# under the extension directories is then byte for byte what it was before.
# Needs root and Debian's packaging tools (test/lib/install-deps.sh installs them); not run by
# test/majors, which tests source builds.
# ci: alone (it installs the package over the installed files and purges it)
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
# Purges the package of major $1 if installed and puts back the files it replaced (once); the
# exit trap calls it too, so an interrupted run leaves the system as it found it.
undo_package() {
    dpkg-query -W -f='${Status}' "postgresql-$1-uidext" 2>/dev/null | grep -q 'install ok installed' \
        && dpkg --purge "postgresql-$1-uidext" >"$work/purge-$1.log" 2>&1
    [ -f "$backup/$1.tar" ] && tar -x -P -f "$backup/$1.tar" && rm -f "$backup/$1.tar"
    return 0
}
majors=""
trap 'stop_clusters deb; for m in $majors; do undo_package "$m"; done; rm -rf "$work"' EXIT

# The upstream version of the package is the extension's.
extversion=$(sed -nE 's/^EXTVERSION = //p' Makefile)
debversion=$(dpkg-parsechangelog -l debian/changelog -S Version)
upstream=${debversion%%-*}
check "debian/changelog's upstream version = EXTVERSION" "$upstream" "$extversion.0"
check "debian/source/format: 3.0 (quilt) for a version with a Debian revision ($debversion)" \
    "$(cat debian/source/format)" "3.0 (quilt)"
check "no upstream tarball committed" "$(git ls-files '*.orig.tar.*' | wc -l)" 0

src=$work/uidext-$upstream
echo "== upstream tarball and dpkg-buildpackage -S, -b in a copy of the tree ($src)"
mkdir -p "$src" "$backup"
git ls-files -z -co --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar -c --null -T - -f - | tar -x -C "$src"
# The upstream tarball as a release makes it (`git archive` of the tree, doc/install.md): without
# debian/ and without the export-ignored benchmark data, which the copy still has.
git ls-files -co --exclude-standard | git check-attr --stdin export-ignore | sed -n 's/: export-ignore: set$//p' \
    | sed "s|^|uidext-$upstream/|" >"$work/export-ignored"
check_ge "export-ignored files left out of the upstream tarball" "$(wc -l <"$work/export-ignored")" 1
tar -C "$work" -czf "$work/uidext_$upstream.orig.tar.gz" --exclude="uidext-$upstream/debian" -X "$work/export-ignored" "uidext-$upstream"
for kind in S b; do
    # -j2 (the machines have two cores) goes into MAKEFLAGS, so pg_buildext's make inherits it.
    if (cd "$src" && dpkg-buildpackage -j2 -us -uc -$kind) >"$work/build-$kind.log" 2>&1; then
        check "dpkg-buildpackage -$kind" ok ok
    else
        tail -40 "$work/build-$kind.log"; fail "dpkg-buildpackage -$kind (log above)"; finish
    fi
done
dsc=$work/uidext_$debversion.dsc
check "source package: .dsc, orig tarball, debian.tar.xz" \
    "$(ls "$dsc" "$work/uidext_$upstream.orig.tar.gz" "$work/uidext_$debversion.debian.tar.xz" 2>/dev/null | wc -l)" 3
field() { sed -nE "s/^$1: (.*)/\\1/p" "$dsc"; }
check "the .dsc: Format" "$(field Format)" "3.0 (quilt)"
check "the .dsc: Testsuite (debian/tests/control)" "$(field Testsuite)" "autopkgtest"
check_match "the .dsc: Maintainer is a role address, not a placeholder" "$(field Maintainer)" '^[^<]+ <[a-z-]+@[a-z0-9.-]+>$'
check "the .dsc: no placeholder (noreply) address" "$(grep -c noreply "$dsc")" 0
check_match "the .dsc: Homepage" "$(field Homepage)" '^https://'
check_match "the .dsc: Vcs-Browser" "$(field Vcs-Browser)" '^https://'
check_match "the .dsc: Vcs-Git" "$(field Vcs-Git)" '^https://.*\.git$'
check "META.json's repository = Vcs-Git, its homepage = Homepage" \
    "$($PY -c "import json; r=json.load(open('META.json'))['resources']; print(r['repository']['url'], r['homepage'])")" \
    "$(field Vcs-Git) $(field Homepage)"
# The majors it built: debian/control's packages (pg_buildext: pgversions and installed -dev).
majors=$(sed -nE 's/^Package: postgresql-([0-9]+)-uidext$/\1/p' "$src/debian/control")
check_ge "majors in debian/control ($(echo $majors))" "$(wc -w <<<"$majors")" 1
check "binary packages = postgresql-NN-uidext for each installed major in debian/pgversions" \
    "$(echo $majors)" "$(cd "$src" && pg_buildext supported-versions | xargs)"
# The package's regression run inside the build (dh_pgxs_test: pg_regress against the package's files).
check_ge "pg_regress inside the package build: 'All N tests passed' per major" \
    "$(grep -cE 'All [0-9]+ tests passed|^# All [0-9]+ tests passed' "$work/build-b.log")" "$(wc -w <<<"$majors")"

if command -v lintian >/dev/null; then
    echo "== lintian"
    lintian --tag-display-limit 0 "$dsc" "$work"/uidext_"$debversion"_*.changes >"$work/lintian.log" 2>&1
    grep -E '^W: ' "$work/lintian.log" | sed 's/^/    /'
    check "lintian errors" "$(grep -E '^E: ' "$work/lintian.log")" ""
else
    echo "    (lintian is not installed: not run)"
fi

# The autopkgtest's command, read from debian/tests/control.
test_command=$(sed -nE 's/^Test-Command: //p' debian/tests/control)
check "debian/tests/control: Test-Command" "$test_command" "pg_buildext installcheck"
# autopkgtest runs it in the unpacked source package, not the built tree.
(cd "$work" && dpkg-source -x "$dsc" "$work/unpacked") >"$work/unpack.log" 2>&1 || { cat "$work/unpack.log"; fail "dpkg-source -x"; }
chmod -R a+rX "$work/unpacked"

# Every file under the directories the package writes to: name, checksum.
state() {
    local m
    for m in $majors; do
        { find "/usr/lib/postgresql/$m/lib" "/usr/share/postgresql/$m/extension" -type f -print0 2>/dev/null
          find "/usr/lib/postgresql/$m/bin" -name 'uidext-*' -type f -print0 2>/dev/null; } \
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
    check "uidext-migrate belongs to the package, in the major's bindir" \
        "$(dpkg -S "/usr/lib/postgresql/$m/bin/uidext-migrate" 2>/dev/null | cut -d: -f1)" "postgresql-$m-uidext"
    check "the packaged uidext-migrate runs" "$("/usr/lib/postgresql/$m/bin/uidext-migrate" --version 2>&1)" "uidext-migrate (uidext) $extversion"

    PG_CONFIG=/usr/lib/postgresql/$m/bin/pg_config
    UIDEXT_PGBIN=/usr/lib/postgresql/$m/bin
    cluster_start deb
    check "CREATE EXTENSION uidext, uidext_ossp, uidext_compat, uidext_migrate; versions" \
        "$(q -c "CREATE EXTENSION uidext; CREATE EXTENSION uidext_ossp SCHEMA public; CREATE EXTENSION uidext_compat; CREATE EXTENSION uidext_migrate" \
              -c "SELECT string_agg(extname || ' ' || extversion, ', ' ORDER BY extname) FROM pg_extension WHERE extname LIKE 'uidext%'")" \
        "uidext $extversion, uidext_compat 1.0, uidext_migrate 1.0, uidext_ossp 1.1"
    check "the package's functions answer (gen_ulid, uuid_generate_v5)" \
        "$(q -c "SELECT length(gen_ulid()::text), uuid_generate_v5(uuid_ns_url(), 'https://www.postgresql.org/')")" \
        "26|$(/usr/bin/python3 -c 'import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, "https://www.postgresql.org/"))')"
    cluster_stop deb
    doc=/usr/share/doc/postgresql-$m-uidext
    check "$doc: README.md, the doc/ pages, the upstream changelog" \
        "$(ls "$doc/README.md.gz" "$doc/doc/README.md" "$doc/changelog.gz" 2>/dev/null | wc -l)" 3
    check "its changelog.gz is CHANGELOG.md" "$(zcat "$doc/changelog.gz" | sha256sum)" "$(sha256sum <CHANGELOG.md)"
done

# With every binary package installed (autopkgtest's "Depends: @"), its command runs once.
echo "== the autopkgtest ($test_command) against the installed packages"
(cd "$work/unpacked" && $test_command) >"$work/autopkgtest.log" 2>&1
status=$?
grep -E '^### |tests passed|FAILED|failed' "$work/autopkgtest.log" | sed 's/^/    /'
check "autopkgtest command: exit status" "$status" 0
for m in $majors; do
    check_match "autopkgtest command: every pg_regress suite passed on $m" \
        "$(sed -n "/^### PostgreSQL $m installcheck ###/,/^### End $m installcheck/p" "$work/autopkgtest.log")" \
        'All [0-9]+ tests passed'
done

for m in $majors; do
    echo "== PostgreSQL $m: purge the package"
    doc=/usr/share/doc/postgresql-$m-uidext
    dpkg --purge "postgresql-$m-uidext" >"$work/purge-$m.log" 2>&1 || { cat "$work/purge-$m.log"; fail "dpkg --purge"; }
    check "dpkg: postgresql-$m-uidext gone" \
        "$(dpkg-query -W -f='${Status}' "postgresql-$m-uidext" 2>/dev/null | grep -c 'install ok installed')" 0
    check "$doc is gone" "$(ls -d "$doc" 2>/dev/null | wc -l)" 0
    check "its files are gone (uidext.so, uidext.control, uidext-migrate)" \
        "$(ls "/usr/lib/postgresql/$m/lib/uidext.so" "/usr/share/postgresql/$m/extension/uidext.control" "/usr/lib/postgresql/$m/bin/uidext-migrate" 2>/dev/null | wc -l)" 0
    undo_package "$m"
done

check "every file under lib/ and extension/ as before the test ($(wc -l <<<"$state_before") files)" "$(state)" "$state_before"
finish
