#!/usr/bin/env bash
# Where users are (issue 36): a Django application (Debian's Django, uidext.django from
# clients/python) whose model's key was BigAutoField, and a node-postgres application, each with
# its connection open while uidext-migrate moves the key to ulid under it. What the old code
# still does and what breaks (test/clients/migrate_django/app.py, test/clients/node/migrate_app.js),
# then the one change each makes; doc/migrating-keys.md, "What the application must change",
# describes these results.
# ci: group node (npm install in test/clients/node)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters apps' EXIT
MIGRATE=$("${PG_CONFIG:-pg_config}" --bindir)/uidext-migrate
NODE_DIR=test/clients/node

cluster_start apps || exit 1
q -c "CREATE DATABASE django" -c "CREATE DATABASE node"
for db in django node; do q -d $db -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_migrate"; done
migrate_cmd() {  # DB TABLE: plan and run, as the operator would while the application runs
    echo "id=\$('$MIGRATE' plan -d $1 --table $2 --into ulid --time-column created_at | head -1) && '$MIGRATE' run -d $1 \$id"
}

echo "== Django $($PY -c 'import django; print(django.get_version())'), psycopg2, BigAutoField -> ULIDAutoField"
dj() { (cd test/clients/migrate_django && PYTHONPATH=$OLDPWD/clients/python PGDATABASE=django SHOP_KEYS=$1 MIGRATE_CMD="$(migrate_cmd django account)" "$PY" app.py "$2" 2>&1); }
out=$(dj bigint before); echo "$out" | sed 's/^/    /'
check_match "Django, before: an int key, two orders" "$out" "^before: pk 5, orders 2$"
check "Django, old model after the swap: the same connection reads and counts" "$(grep -E '^old model, (count|read a row):' <<<"$out")" \
"old model, count: ok 200
old model, read a row: ok 'str'"
check_match "Django, old model: a pk read before the swap (int) no longer matches the ulid column" "$out" \
    "^old model, get by the pk read before: ProgrammingError: operator does not exist: ulid = (bigint|integer)$"
check_match "Django, old model: a pk read now is a str that BigAutoField cannot take" "$out" \
    "^old model, get by a pk read now: ValueError: Field 'id' expected a number but got '[0-9A-HJKMNP-TV-Z]{26}'"
check_match "Django, old model: create inserts (the new default) but hands back the key as str" "$out" "^old model, create: ok 'str'$"
check_match "Django, old model: queries that join on the columns go on" "$out" "^old model, join by name: ok 2$"
out=$(dj ulid after); echo "$out" | sed 's/^/    /'
check "Django, model changed to ULIDAutoField (the foreign key follows): reads, lookups, create, old ids, cascade" "$out" \
"new model, read a row: ULID, orders 2
new model, get by pk: a5
new model, get by pk as text: a5
new model, create with a related row: ULID, orders 1
new model, old id 5 by legacy_id: a5
new model, the new row has a legacy id from the old default: True
new model, its order's legacy reference is kept: 1
new model, delete cascades: 0"

echo "== node-postgres"
if [ ! -f "$NODE_DIR/node_modules/pg/package.json" ]; then
    (cd "$NODE_DIR" && timeout 300 npm install --no-audit --no-fund >/dev/null 2>&1) || fail "npm install in $NODE_DIR"
fi
out=$(cd "$NODE_DIR" && PGDATABASE=node MIGRATE_CMD="$(migrate_cmd node accounts)" node migrate_app.js 2>&1); echo "$out" | sed 's/^/    /'
check "node: before, the prepared statement's bigint id comes as a string" "$(grep '^before' <<<"$out")" 'before: prepared statement gives id "5"'
check "node: the pool's connection lives across the swap" "$(grep '^same connection' <<<"$out")" "same connection: ok true"
check_match "node: plain (unnamed) queries see the new key at once" "$out" '^plain query: ok "[0-9A-HJKMNP-TV-Z]{26}"$'
check "node: a named prepared statement fails on its next run: cached plan must not change result type (0A000)" \
    "$(grep '^prepared statement, 1st run' <<<"$out")" "prepared statement, 1st run: 0A000 cached plan must not change result type"
check "node: and on every run after, on that connection" "$(grep -E '^prepared statement, (2nd|3rd) run' <<<"$out" | cut -d: -f2)" \
" 0A000 cached plan must not change result type
 0A000 cached plan must not change result type"
check_match "node: the same text under a new statement name works" "$out" '^the same text under a new name: ok "[0-9A-HJKMNP-TV-Z]{26}"$'
check "node: an old id kept by the application no longer matches the key (22P02)" "$(grep '^old id read before' <<<"$out")" \
    'old id read before, as a parameter: 22P02 invalid input syntax for type ulid: "5"'
check "node: old ids resolve through legacy_id" "$(grep '^old id through legacy_id' <<<"$out")" "old id through legacy_id: ok a5"
check "node: a new parent's id (text) goes into the child's foreign key as it is" "$(grep '^insert a parent' <<<"$out")" "insert a parent and a child with its new id: ok 1"
check_match "node: recovery: the connection discarded, the statement prepares afresh on the next one" "$out" \
    '^prepared statement on a new connection: ok true "[0-9A-HJKMNP-TV-Z]{26}"$'
check "after the swap SELECT * puts the key last and legacy_id where id was" \
    "$(q -d node -c "SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attnum > 0 AND NOT attisdropped")" \
    "legacy_id,created_at,name,id"
finish
