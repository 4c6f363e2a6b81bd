#!/usr/bin/env bash
# The switch from uuid-ossp to uidext_ossp, run exactly as doc/uuid-family.md prints it (between the
# "uuid-ossp switch" markers), as a non-superuser database owner, on a database whose column
# defaults call uuid-ossp: one transaction, no table rewrite, defaults keep working and now call
# uidext_ossp's functions, uuid-ossp gone; a switch that cannot drop uuid-ossp changes nothing.
# Also: uidext installs into the schema where uuid-ossp lives.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters switch' EXIT
ROWS=1000

recipe=$UIDEXT_CLUSTER_ROOT/switch.sql
mkdir -p "$UIDEXT_CLUSTER_ROOT"
awk '/^<!-- uuid-ossp switch: begin/ {on = 1; next} /^<!-- uuid-ossp switch: end/ {on = 0} on && !/^```/' doc/uuid-family.md >"$recipe"
echo "== doc/uuid-family.md recipe: $(wc -l <"$recipe") lines"
check "the recipe is one transaction (first and last statements)" \
    "$(grep -v '^ *--' "$recipe" | sed -n '1p;$p' | tr '\n' ' ')" "BEGIN; COMMIT; "
chmod 644 "$recipe"

cluster_start switch
q -c "CREATE ROLE app LOGIN" -c "CREATE DATABASE shop OWNER app"
app() { q -U app -d shop "$@"; }

echo "== a database using uuid-ossp (installed by its owner, app, not a superuser)"
app -c 'CREATE EXTENSION "uuid-ossp"'
check "uidext installs into public next to uuid-ossp" "$(app -c 'CREATE EXTENSION uidext' 2>&1; app -c "SELECT string_agg(extname || '@' || extnamespace::regnamespace, ' ' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'")" \
    "uidext@public uuid-ossp@public"
app <<'SQL'
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), item text);
CREATE TABLE events (id uuid DEFAULT uuid_generate_v1() PRIMARY KEY, at timestamptz DEFAULT now());
CREATE SCHEMA "Sales";
-- Qualified and nested calls, a uidext function around a uuid-ossp one, a default not using uuid-ossp.
CREATE TABLE "Sales"."Leads" (
    id uuid PRIMARY KEY DEFAULT public.uuid_generate_v4(),
    "Key" uuid DEFAULT uuid_generate_v5(uuid_ns_url(), 'https://example.com/leads'),
    sortable uuid DEFAULT uuid_v1_to_v6(uuid_generate_v1mc()),
    plain uuid DEFAULT gen_random_uuid());
CREATE TABLE readings (id uuid DEFAULT uuid_generate_v4(), part int) PARTITION BY LIST (part);
CREATE TABLE readings_1 PARTITION OF readings FOR VALUES IN (1);
SQL
fill() {  # fills every table with ROWS rows made by the defaults
    app -c "INSERT INTO orders (item) SELECT 'x' FROM generate_series(1, $ROWS)" \
        -c "INSERT INTO events SELECT FROM generate_series(1, $ROWS)" \
        -c "INSERT INTO \"Sales\".\"Leads\" SELECT FROM generate_series(1, $ROWS)" \
        -c "INSERT INTO readings (part) SELECT 1 FROM generate_series(1, $ROWS)"
}
fill

STATE_SQL="SELECT c.oid::regclass || ' ' || c.relfilenode FROM pg_class c
           WHERE c.relnamespace::regnamespace::text IN ('public', '\"Sales\"') AND c.relkind IN ('r', 'i') ORDER BY 1"
DEFAULTS_SQL="SELECT d.adrelid::regclass || '.' || a.attname || ' = ' || pg_get_expr(d.adbin, d.adrelid)
              FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum ORDER BY 1"
# Defaults that call a function of extension $1.
USES_SQL="SELECT count(DISTINCT d.oid) FROM pg_attrdef d
          JOIN pg_depend u ON u.classid = 'pg_attrdef'::regclass AND u.objid = d.oid AND u.refclassid = 'pg_proc'::regclass
          JOIN pg_depend m ON m.classid = 'pg_proc'::regclass AND m.objid = u.refobjid AND m.deptype = 'e'
          JOIN pg_extension e ON e.oid = m.refobjid AND e.extname = '%s'"
files_before=$(app -c "$STATE_SQL")
defaults_before=$(app -c "$DEFAULTS_SQL")
key_before=$(app -c 'SELECT DISTINCT "Key" FROM "Sales"."Leads"')
echo "$defaults_before" | sed 's/^/    /'
check "defaults calling uuid-ossp before the switch (the partition has its own)" "$(app -c "$(printf "$USES_SQL" uuid-ossp)")" 7

echo "== a switch that cannot drop uuid-ossp (a view uses it) changes nothing"
app -c "CREATE VIEW new_ids AS SELECT uuid_generate_v4() AS id"
out=$(psql -X -q -v ON_ERROR_STOP=1 -U app -d shop -f "$recipe" 2>&1) && fail "the recipe succeeded although a view uses uuid-ossp"
check_match "it stops at DROP EXTENSION, naming the view" "$out" 'cannot drop extension "?uuid-ossp"? because other objects depend on it'
check "after the failed switch: extensions" \
    "$(app -c "SELECT string_agg(extname, ' ' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'")" "uidext uuid-ossp"
check "after the failed switch: defaults unchanged" "$(app -c "$DEFAULTS_SQL")" "$defaults_before"
check "after the failed switch: relfilenodes unchanged" "$(app -c "$STATE_SQL")" "$files_before"
app -c "DROP VIEW new_ids"

echo "== the switch"
out=$(psql -X -q -v ON_ERROR_STOP=1 -U app -d shop -f "$recipe" 2>&1) || fail "the recipe failed: $out"
check "extensions and their schemas" \
    "$(app -c "SELECT string_agg(extname || '@' || extnamespace::regnamespace || ' ' || extversion, ' ' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'")" \
    "uidext@public $(sed -nE "s/^default_version = '([^']*)'/\1/p" uidext.control) uidext_ossp@public 1.1"
check "no table or index rewritten (relfilenodes, $(wc -l <<<"$files_before") relations)" "$(app -c "$STATE_SQL")" "$files_before"
check "defaults read as before (the same names)" "$(app -c "$DEFAULTS_SQL")" "$defaults_before"
check "defaults calling uidext_ossp, uuid-ossp" \
    "$(app -c "$(printf "$USES_SQL" uidext_ossp)") $(app -c "$(printf "$USES_SQL" uuid-ossp)")" "7 0"
check "uidext and uidext_ossp share no function name" \
    "$(app -c "SELECT count(*) FROM (SELECT p.proname FROM pg_proc p JOIN pg_depend m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid AND m.deptype = 'e'
                                      JOIN pg_extension e ON e.oid = m.refobjid WHERE e.extname IN ('uidext', 'uidext_ossp')
                                      GROUP BY 1 HAVING count(DISTINCT e.extname) > 1) s")" 0

# uuid_extract_version/_timestamp for the checks: core's from 17, uidext_compat's before (#35).
app -c "CREATE SCHEMA checks" -c "CREATE EXTENSION uidext_compat SCHEMA checks"
fill
check "new orders.id: version 4, RFC variant, distinct" \
    "$(app -F ' ' -c "SELECT count(*) FILTER (WHERE checks.uuid_extract_version(id) = 4 AND uuid_extract_variant(id) = 2), count(DISTINCT id) FROM orders")" \
    "$((2 * ROWS)) $((2 * ROWS))"
check "new events.id: version 1 with a multicast node, time of the insert" \
    "$(app -c "SELECT count(*) FROM (SELECT id, at FROM events ORDER BY at DESC LIMIT $ROWS) s
               WHERE checks.uuid_extract_version(id) = 1 AND get_byte(uuid_send(id), 10) & 1 = 1
                 AND checks.uuid_extract_timestamp(id) BETWEEN at - interval '1 s' AND clock_timestamp()")" "$ROWS"
check "\"Sales\".\"Leads\": the v5 key is the same value as before; v1mc->v6 and v4 columns valid" \
    "$(app -F ' ' -c "SELECT count(DISTINCT \"Key\"), min(\"Key\"::text), count(*) FILTER (WHERE checks.uuid_extract_version(sortable) = 6 AND get_byte(uuid_send(sortable), 10) & 3 = 3 AND checks.uuid_extract_version(id) = 4) FROM \"Sales\".\"Leads\"")" \
    "1 $key_before $((2 * ROWS))"
check "readings (partitioned): version 4 values" \
    "$(app -c "SELECT count(*) FROM readings WHERE checks.uuid_extract_version(id) = 4")" "$((2 * ROWS))"

echo "== dump and restore after the switch"
q -c "CREATE DATABASE restored OWNER app"
as_postgres "$UIDEXT_PGBIN/pg_dump" -h "$PGHOST" -p "$PGPORT" -U postgres shop >"$UIDEXT_CLUSTER_ROOT/shop.sql"
check_match "the dump creates uidext_ossp" "$(cat "$UIDEXT_CLUSTER_ROOT/shop.sql")" 'CREATE EXTENSION IF NOT EXISTS uidext_ossp WITH SCHEMA public'
q -d restored -v ON_ERROR_STOP=1 -f "$UIDEXT_CLUSTER_ROOT/shop.sql" >/dev/null 2>&1 || fail "restoring the dump"
check "restored: rows, and a new order gets a version 4 id" \
    "$(q -d restored -F ' ' -c "INSERT INTO orders (item) VALUES ('after restore')" -c "SELECT count(*), max(checks.uuid_extract_version(id)) FROM orders")" \
    "$((2 * ROWS + 1)) 4"
finish
