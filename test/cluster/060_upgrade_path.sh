#!/usr/bin/env bash
# Upgrade path: install uidext at its oldest version (from the scripts in sql/), run
# ALTER EXTENSION uidext UPDATE, and compare every catalog object with a fresh install of the
# newest version. Every sql/uidext--A--B.sql update script is exercised on its own too
# (install A, UPDATE TO B, UPDATE to the newest). With only 1.0, UPDATE reports "already
# installed" and the two installs must still be identical. uidext_compat (1.5, #35): a 1.4
# database whose view and generated column use uidext's max(uuid) and uuid_extract_timestamp,
# updated and then given CREATE EXTENSION uidext_compat, has uidext and uidext_compat exactly
# as fresh installs have them. uidext_migrate installs on an updated uidext as on a fresh one.
# ci: group extension-dir (stand-in extensions come and go in the extension directory)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters upgrade' EXIT

newest=$(sed -nE "s/^default_version *= *'([^']+)'.*/\1/p" uidext.control)
# Versions with a full install script (uidext--V.sql) and update steps (uidext--A--B.sql).
installs=$(ls sql/ | sed -nE 's/^uidext--([^-]+)\.sql$/\1/p' | sort -V)
steps=$(ls sql/ | sed -nE 's/^uidext--([^-]+)--([^-]+)\.sql$/\1 \2/p' | sort -V)
candidates=$( (echo "$installs"; echo "$steps" | tr ' ' '\n') | grep -v '^$' | sort -uV)
echo "    newest (uidext.control): $newest; install scripts: $(echo $installs); update steps: $(echo "$steps" | sed 's/ /->/' | tr '\n' ' ')"
check "the newest version has an install script or an update path" \
    "$( (echo "$installs"; echo "$steps" | awk '{print $2}') | grep -cx "$newest" | awk '{print ($1 > 0)}')" 1

cluster_start upgrade
q -c "CREATE DATABASE fresh"
q -d fresh -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_compat" -c "CREATE EXTENSION uidext_migrate"
check "fresh install version" "$(q -d fresh -c "SELECT extversion FROM pg_extension WHERE extname = 'uidext'")" "$newest"
want=$(q -d fresh -f test/cluster/extension_catalog.sql)
want_compat=$(q -d fresh -v ext=uidext_compat -f test/cluster/extension_catalog.sql)
want_migrate=$(q -d fresh -v ext=uidext_migrate -f test/cluster/extension_catalog.sql)
echo "    fresh install: $(wc -l <<<"$want") catalog lines ($(grep -c '^member' <<<"$want") extension members)"

compare_with_fresh() {  # DB LABEL
    check "$2: version after update" "$(q -d "$1" -c "SELECT extversion FROM pg_extension WHERE extname = 'uidext'")" "$newest"
    check "$2: catalog identical to a fresh install ($(wc -l <<<"$want") lines)" "$(q -d "$1" -f test/cluster/extension_catalog.sql)" "$want"
    check "$2: the updated extension works" \
        "$(q -d "$1" -c "SELECT gen_ulid()::uuid::ulid IS NOT NULL AND gen_monotonic_ulid() < gen_monotonic_ulid() AND ulid_extract_timestamp(ulid_lower_bound('2024-01-01 UTC')) = '2024-01-01 UTC'")" t
}

# The comparison notices a changed volatility, parallel safety or comment.
q -c "CREATE DATABASE tampered"
q -d tampered -c "CREATE EXTENSION uidext" -c "ALTER FUNCTION gen_ulid() STABLE" -c "ALTER FUNCTION gen_uuidv4() PARALLEL RESTRICTED" \
  -c "COMMENT ON CAST (ulid AS uuid) IS 'changed'"
check "self-test: catalog lines that differ after ALTER FUNCTION/COMMENT" \
    "$(diff <(echo "$want") <(q -d tampered -f test/cluster/extension_catalog.sql) | grep -c '^>')" 3
q -d tampered -c "CREATE EXTENSION uidext_migrate" -c "ALTER TABLE uidext_migrate.migration DISABLE ROW LEVEL SECURITY" \
  -c "ALTER POLICY migration_table_owner ON uidext_migrate.migration USING (true)" -c "ALTER TABLE uidext_migrate.migration ALTER phase SET DEFAULT 'swap'"
check "self-test: uidext_migrate's catalog lines that differ after ALTER TABLE/POLICY ($(wc -l <<<"$want_migrate") lines)" \
    "$(diff <(echo "$want_migrate") <(q -d tampered -v ext=uidext_migrate -f test/cluster/extension_catalog.sql) | grep -c '^>')" 3

# The whole path from the oldest installable version with one ALTER EXTENSION ... UPDATE.
# (A version named only as the source of an update step may have no install script left.)
q -c "CREATE DATABASE from_oldest"
oldest=""
for v in $candidates; do
    if q -d from_oldest -c "CREATE EXTENSION uidext VERSION '$v'" 2>/dev/null; then oldest=$v; break; fi
done
echo "    oldest installable version: ${oldest:-none}"
check "some version in sql/ installs" "$([ -n "$oldest" ] && echo yes)" yes
if [ "$oldest" != "$newest" ]; then
    check "update path $oldest -> $newest exists" \
        "$(q -d from_oldest -c "SELECT path IS NOT NULL FROM pg_extension_update_paths('uidext') WHERE source = '$oldest' AND target = '$newest'")" t
fi
out=$(psql -X -q -v ON_ERROR_STOP=1 -d from_oldest -c "SET client_min_messages = notice" -c "ALTER EXTENSION uidext UPDATE" 2>&1) \
    || fail "ALTER EXTENSION uidext UPDATE from $oldest: $out"
echo "    ALTER EXTENSION uidext UPDATE (from $oldest): ${out:-(no message)}"
if [ "$oldest" = "$newest" ]; then
    check_match "UPDATE at the newest version says so" "$out" "version \"$newest\" of extension \"uidext\" is already installed"
fi
compare_with_fresh from_oldest "from $oldest"
# uidext_migrate (1.5, #36) needs uidext, whatever its history: it installs on the updated one too.
q -d from_oldest -c "CREATE EXTENSION uidext_migrate" || fail "CREATE EXTENSION uidext_migrate after the update from $oldest"
check "from $oldest: uidext_migrate installed after the update, catalog identical to a fresh one" \
    "$(q -d from_oldest -v ext=uidext_migrate -f test/cluster/extension_catalog.sql)" "$want_migrate"

# Each update script on its own.
n=0
while read -r a b; do
    [ -n "$a" ] || continue
    n=$((n + 1))
    db=step_$n
    q -c "CREATE DATABASE $db"
    if ! q -d "$db" -c "CREATE EXTENSION uidext VERSION '$a'" 2>/dev/null; then
        echo "    skipped $a -> $b: version $a cannot be installed from these scripts"
        continue
    fi
    q -d "$db" -c "ALTER EXTENSION uidext UPDATE TO '$b'" || fail "update $a to $b"
    check "$a -> $b: version" "$(q -d "$db" -c "SELECT extversion FROM pg_extension WHERE extname = 'uidext'")" "$b"
    q -d "$db" -c "ALTER EXTENSION uidext UPDATE" || fail "update from $b to $newest"
    compare_with_fresh "$db" "$a -> $b -> $newest"
done <<<"$steps"
echo "    update scripts exercised one by one: $n"

# The six that moved to uidext_compat: kept in place while something uses them, then adopted.
if grep -qx '1.4 1.5' <<<"$steps"; then
    q -c "CREATE DATABASE compat"
    q -d compat -c "CREATE EXTENSION uidext VERSION '1.4'" \
        -c "CREATE TABLE t (u uuid, ts timestamptz GENERATED ALWAYS AS (public.uuid_extract_timestamp(u)) STORED)" \
        -c "INSERT INTO t (u) VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846')" \
        -c "CREATE VIEW newest AS SELECT public.max(u) AS m FROM t"
    q -d compat -c "ALTER EXTENSION uidext UPDATE" || fail "1.4 -> $newest beside a view and a generated column"
    compare_with_fresh compat "1.4 with a view on max(uuid) -> $newest"
    q -d compat -c "CREATE EXTENSION uidext_compat" || fail "CREATE EXTENSION uidext_compat after the update"
    check "uidext_compat adopted after the update: catalog identical to a fresh uidext_compat ($(wc -l <<<"$want_compat") lines)" \
        "$(q -d compat -v ext=uidext_compat -f test/cluster/extension_catalog.sql)" "$want_compat"
    check "... and the view and the generated column still read" \
        "$(q -d compat -c "SELECT m FROM newest" -c "SELECT string_agg(ts::text, ' ' ORDER BY u) FROM t")" \
        "1ec9414c-232a-6b00-b3c8-9f6bdeced846
2022-02-22 19:22:22+00 2022-02-22 19:22:22+00"
fi
finish
