#!/usr/bin/env bash
# The PGXN release: META.json follows the PGXN Meta Spec 1.0.0 (test/lib/pgxn_meta_check.py, the
# spec's required keys, types and formats, resources and no_index) and agrees with the Makefile
# and the control files; `make dist` in a clone of the committed tree makes uidext-<version>.zip,
# whose every entry is under uidext-<version>/, which holds every committed file but the
# export-ignored benchmark data and pictures (.gitattributes), every file META.json names, and
# which builds as unpacked. Then pgxnclient's `pgxn load` of that archive on a throwaway server:
# naming the extension (`pgxn load ... uidext`) loads uidext alone; without a name it loads
# uidext_ossp too, which in a database with uuid-ossp fails on uuid_nil while pgxn exits 0 (why
# the docs say `pgxn load -d mydb uidext uidext`).
# Not per major (test/majors skips it): it builds against the server of PG_CONFIG; `pgxn load`
# needs uidext installed there (test/run-all installs it before the cluster scripts).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
PG_CONFIG=${PG_CONFIG:-pg_config}

work=$(mktemp -d /tmp/uidext-dist.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "== META.json"
check "test/lib/pgxn_meta_check.py META.json" "$(/usr/bin/python3 test/lib/pgxn_meta_check.py META.json)" \
    "META.json: valid PGXN Meta Spec 1.0.0"
# The checker itself refuses what the spec refuses (so the line above can fail).
/usr/bin/python3 - >"$work/bad.json" <<'EOF'
import json
m = json.load(open('META.json'))
m['meta-spec']['version'] = '1.1.0'
m['version'] = '1.2'
del m['provides']['uidext']['file']
print(json.dumps(m))
EOF
check "the checker on a META.json with meta-spec 1.1.0, version 1.2 and a provides entry without file" \
    "$(/usr/bin/python3 test/lib/pgxn_meta_check.py "$work/bad.json" | sed "s|$work/||")" \
    "bad.json: version: '1.2' is not a semantic version (like \"1.2.0\")
bad.json: provides.uidext: missing required key \"file\"
bad.json: meta-spec: expected {\"version\": \"1.0.0\", ...}, got {'version': '1.1.0', 'url': 'https://pgxn.org/meta/spec.txt'}"

meta() { /usr/bin/python3 -c "import json,sys; m=json.load(open('META.json')); print(eval(sys.argv[1]))" "$1"; }
extversion=$(sed -nE 's/^EXTVERSION = //p' Makefile)
control_version() { sed -nE "s/^default_version = '([^']*)'/\\1/p" "$1.control"; }
check "version = EXTVERSION (semver)" "$(meta "m['version']")" "$extversion.0"
check "extensions provided = the Makefile's EXTENSION" "$(meta "' '.join(sorted(m['provides']))")" \
    "$(sed -nE 's/^EXTENSION = //p' Makefile | tr ' ' '\n' | sort | xargs)"
for ext in uidext uidext_ossp uidext_compat uidext_migrate; do
    check "provides.$ext.version = $ext.control's default_version" "$(meta "m['provides']['$ext']['version']")" \
        "$(control_version "$ext").0"
    check "provides.$ext.file is its install script" "$(meta "m['provides']['$ext']['file']")" \
        "sql/$ext--$(control_version "$ext").sql"
done

echo "== make dist in a clone of the committed tree"
git clone -q "$PWD" "$work/clone"
if make -C "$work/clone" dist PG_CONFIG="$PG_CONFIG" >"$work/dist.log" 2>&1; then
    zip=$work/clone/uidext-$extversion.0.zip
    check "make dist made uidext-$extversion.0.zip" "$(ls "$zip" 2>/dev/null | wc -l)" 1
    entries=$(unzip -Z1 "$zip")
    check "every entry under uidext-$extversion.0/" "$(grep -vc "^uidext-$extversion.0/" <<<"$entries")" 0
    ignored=$(git -C "$work/clone" ls-files | git -C "$work/clone" check-attr --stdin export-ignore | sed -n 's/: export-ignore: set$//p' | sort)
    check_ge "export-ignored files (benchmark CSVs and PNG)" "$(wc -l <<<"$ignored")" 10
    check "export-ignored: only test/bench/results/ CSVs and PNGs" "$(grep -vcE '^test/bench/results/.*\.(csv|png)$' <<<"$ignored")" 0
    check "the committed files are all there, but the export-ignored" "$(grep -v '/$' <<<"$entries" | sed "s|^uidext-$extversion.0/||" | grep -v "^sql/uidext--$extversion.sql$" | sort)" \
        "$(git -C "$work/clone" ls-files | sort | comm -23 - <(echo "$ignored"))"
    check "no CSV or PNG in the archive" "$(grep -cE '\.(csv|png)$' <<<"$entries")" 0
    # PGXN indexes every documentation file not under META.json's no_index: only the docs.
    no_index=$(meta "'|'.join(m['no_index']['directory'])")
    check "documentation PGXN indexes (.md outside no_index): README, CHANGELOG, doc/ only" \
        "$(grep -E '\.md$' <<<"$entries" | sed "s|^uidext-$extversion.0/||" | grep -vE "^($no_index)/" | grep -vE '^(README|CHANGELOG)\.md$|^doc/' | xargs)" ""
    check "no_index covers test/bench/README.md and debian/" \
        "$(printf '%s\n' test/bench/README.md debian/control | grep -cE "^($no_index)/")" 2
    for f in META.json $(meta "' '.join(sorted(set(v['file'] for v in m['provides'].values()) | set(v['docfile'] for v in m['provides'].values())))"); do
        check "archive has $f" "$(grep -cx "uidext-$extversion.0/$f" <<<"$entries")" 1
    done
    unzip -q "$zip" -d "$work/unpacked"
    check "the archive's fresh install script: the generated header and the 1.0 script and every update script" \
        "$(grep -E '^-- (uidext .* fresh install|---- sql/)' "$work/unpacked/uidext-$extversion.0/sql/uidext--$extversion.sql" | sed 's/:.*//')" \
        "$(echo "-- uidext $extversion fresh install"; sed -nE 's/^UPDATE_SCRIPTS = //p' Makefile | tr ' ' '\n' | sed 's/^/-- ---- /' | { echo "-- ---- sql/uidext--1.0.sql"; cat; })"
    echo "== build the unpacked archive (make with_llvm=no, -Werror; nothing installed)"
    if make -C "$work/unpacked/uidext-$extversion.0" -j2 WERROR=1 with_llvm=no PG_CONFIG="$PG_CONFIG" >"$work/build.log" 2>&1; then
        check "the archive builds: uidext.so" "$(ls "$work/unpacked/uidext-$extversion.0/uidext.so" | wc -l)" 1
    else
        tail -20 "$work/build.log"; fail "the unpacked archive does not build"
    fi
else
    cat "$work/dist.log"; fail "make dist"
fi
echo "== pgxn load of the archive"
if ! command -v pgxn >/dev/null; then
    echo "skipped: pgxn (Debian package pgxnclient) is not installed: pgxn load not tested"
elif [ ! -f "$("$PG_CONFIG" --sharedir)/extension/uidext--$extversion.sql" ]; then
    echo "skipped: uidext $extversion is not installed into $("$PG_CONFIG" --bindir)/..: pgxn load not tested"
elif [ -f "$zip" ]; then
    trap 'stop_clusters pgxn; rm -rf "$work"' EXIT
    cluster_start pgxn
    q -c "CREATE DATABASE named" -c "CREATE DATABASE unnamed" -c "CREATE DATABASE has_ossp"
    q -d has_ossp -c 'CREATE EXTENSION "uuid-ossp"'
    load() {  # DB [EXT...]: pgxn load of the archive; prints its exit status
        local db=$1; shift
        (cd "$work" && pgxn load --yes --pg_config "$PG_CONFIG" -h "$PGHOST" -p "$PGPORT" -U postgres -d "$db" "$zip" "$@") \
            >"$work/load-$db.log" 2>&1
        echo $?
    }
    extensions() { q -d "$1" -c "SELECT string_agg(extname, ' ' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'"; }
    check "pgxn load <archive> uidext: exit status" "$(load named uidext)" 0
    check "pgxn load <archive> uidext: loads uidext alone" "$(extensions named)" "uidext"
    check "pgxn load <archive> (every extension): exit status" "$(load unnamed)" 0
    check "pgxn load <archive>: loads uidext_ossp, uidext_compat and uidext_migrate too" "$(extensions unnamed)" "uidext uidext_compat uidext_migrate uidext_ossp"
    status=$(load has_ossp)
    check "pgxn load <archive> where uuid-ossp is: uidext_ossp fails on uuid_nil" \
        "$(grep -c 'function "uuid_nil" already exists' "$work/load-has_ossp.log")" 1
    check "pgxn load <archive> where uuid-ossp is: yet exit status 0" "$status" 0
    check "pgxn load <archive> where uuid-ossp is: uidext, uidext_compat and uidext_migrate loaded, uidext_ossp not" "$(extensions has_ossp)" "uidext uidext_compat uidext_migrate uuid-ossp"
    cluster_stop pgxn
fi

# A tree with uncommitted changes is refused: the archive would not contain them.
echo "# changed" >>"$work/clone/README.md"
check "make dist with an uncommitted change: refused" \
    "$(make -s -C "$work/clone" dist PG_CONFIG="$PG_CONFIG" 2>&1 | grep -c 'make dist: commit or stash your changes first'; ls "$work/clone"/*.zip | wc -l)" \
    "1
1"
finish
