#!/usr/bin/env bash
# Real clients without uidext's client packages: psycopg 3 (Python) and node-postgres (Node.js),
# as a user who installs no package of ours meets them (the packages' own tests, with the
# examples their pages show, are clients/*/run-tests). Runs two short examples, then: inserts
# with generated keys, text and binary results, ulid parameters, ordering, COPY, and values
# node-postgres wrote read back in binary by psycopg.
# ci: group node (npm install in test/clients/node)
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters clients' EXIT
ROWS=2000
NODE_DIR=test/clients/node

echo "== node-postgres from package-lock.json"
command -v node >/dev/null || fail "node is not installed (test/lib/install-deps.sh installs nodejs)"
if [ ! -f "$NODE_DIR/node_modules/pg/package.json" ]; then
    (cd "$NODE_DIR" && timeout 300 npm install --no-audit --no-fund >/dev/null 2>&1) || fail "npm install in $NODE_DIR"
fi
echo "    node $(node --version), pg $(sed -nE 's/^ *"version": "([^"]+)".*/\1/p' $NODE_DIR/node_modules/pg/package.json | head -1), psycopg $($PY -c 'import psycopg; print(psycopg.__version__)')"

cluster_start clients
for db in ex_py ex_node tests; do q -c "CREATE DATABASE $db"; done
q -d tests -c "CREATE EXTENSION uidext"

# The example prints "new order: ID" and "item: book as uuid: UUID created: ..."; the database
# must agree on that row.
check_example() {  # LABEL DB OUTPUT
    local id uuid
    id=$(sed -nE 's/^new order: ([0-9A-Z]{26})$/\1/p' <<<"$3")
    uuid=$(sed -nE 's/^item: book as uuid: ([0-9a-f-]{36}) created: .*/\1/p' <<<"$3")
    check "$1: the printed id and uuid are the stored row's" \
        "$(q -d "$2" -c "SELECT count(*) FROM orders WHERE id = '${id:-x}' AND id::uuid = '${uuid:-00000000-0000-0000-0000-000000000000}' AND item = 'book'" 2>&1)" 1
}
echo "== example_psycopg.py"
out=$(PGDATABASE=ex_py $PY test/clients/example_psycopg.py 2>&1) || fail "example_psycopg.py: $out"
echo "$out" | sed 's/^/    /'
check_match "psycopg example: binary line" "$out" '^binary: [0-9a-f]{32}$'
check_match "psycopg example: ulid[] arrives as a list after TypeInfo.fetch(conn, \"ulid\").register(conn)" "$out" '^ids: list of [0-9]+$'
check_example "psycopg example" ex_py "$out"
echo "== node/example.js"
out=$(cd "$NODE_DIR" && PGDATABASE=ex_node node example.js 2>&1) || fail "example.js: $out"
echo "$out" | sed 's/^/    /'
check_match "node example: found by bytes" "$out" '^found by bytes: true$'
check_example "node example" ex_node "$out"

echo "== psycopg_test.py ($ROWS rows)"
py_out=$(PGDATABASE=tests $PY test/clients/psycopg_test.py "$ROWS" 2>&1)
echo "$py_out" | sed 's/^/    /'
check "psycopg checks failed" "$(grep -c '^FAIL' <<<"$py_out")" 0
check_ge "psycopg checks passed" "$(grep -c '^ok' <<<"$py_out")" 20

echo "== node_test.js ($ROWS rows)"
node_out=$(cd "$NODE_DIR" && PGDATABASE=tests node node_test.js "$ROWS" 2>&1)
echo "$node_out" | sed 's/^/    /'
check "node-postgres checks failed" "$(grep -c '^FAIL' <<<"$node_out")" 0
check_ge "node-postgres checks passed" "$(grep -c '^ok' <<<"$node_out")" 15

# node-postgres's text results against psycopg's binary read of the same rows.
cross=$(PGDATABASE=tests $PY - <<'PY'
import hashlib, psycopg
C = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
def enc(b):
    n = int.from_bytes(b, "big")
    return "".join(C[(n >> (5 * i)) & 31] for i in reversed(range(26)))
with psycopg.connect() as conn:
    rows = conn.cursor(binary=True).execute("SELECT id FROM node_items ORDER BY id").fetchall()
    print(f"{len(rows)} {hashlib.md5(chr(10).join(enc(r[0]) for r in rows).encode()).hexdigest()}")
PY
)
node_md5=$(sed -nE 's/^node-text-rows=([0-9]+) node-text-md5=([0-9a-f]+)$/\1 \2/p' <<<"$node_out")
check "node text ids == psycopg binary bytes re-encoded in Python (rows md5)" "$cross" "${node_md5:-none}"
finish
