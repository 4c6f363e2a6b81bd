#!/usr/bin/env bash
# Issue 23: doc/clients/prisma.md runs as written with Prisma 7 from the npm registry
# (test/clients/prisma/package-lock.json): the page's ```sql block makes the tables, its
# ```prisma block is the schema, its ```ts blocks are prisma.config.ts and main.ts; then
# `prisma generate` and `tsx main.ts` against a throwaway server:
#  - uuid keys from gen_uuidv7() (@db.Uuid), created through the relation, an aggregate through it;
#  - ulid keys from gen_ulid() declared as String: nested create, create by foreign key,
#    include, count through the relation;
#  - a malformed key: P2007 carrying the server's 22P02;
#  - delete with onDelete: Cascade; every printed value checked against the database.
# Prisma's CLI fetches its native schema engine from outside the npm registry first; this
# script records what it says and runs `generate` (which does not use that engine) with
# PRISMA_SCHEMA_ENGINE_BINARY set, as the page explains.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/lib/client_pages.sh
PAGE=doc/clients/prisma.md
NODE_DIR=$PWD/test/clients/prisma

command -v node >/dev/null && command -v npm >/dev/null || { echo "skipped: no node/npm (test/lib/install-deps.sh installs nodejs and npm)"; exit 0; }
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' \
    || { echo "skipped: Prisma 7 needs Node.js 20.19 or later, this is $(node --version)"; exit 0; }
if [ ! -f "$NODE_DIR/node_modules/prisma/package.json" ]; then
    (cd "$NODE_DIR" && timeout 300 npm ci --no-audit --no-fund >/dev/null 2>&1) \
        || { fail "npm ci in $NODE_DIR (Prisma from the npm registry)"; finish; }
fi
echo "    node $(node --version), prisma $(sed -nE 's/^ *"version": "([^"]+)".*/\1/p' "$NODE_DIR/node_modules/prisma/package.json" | head -1)"

trap 'stop_clusters prisma' EXIT
cluster_start prisma
dir=$(cluster_dir prisma)
app=$dir/app
mkdir -p "$app/prisma"
ln -s "$NODE_DIR/node_modules" "$app/node_modules"
echo '{ "type": "module" }' >"$app/package.json"
doc_blocks "$PAGE" prisma >"$app/prisma/schema.prisma"
doc_blocks "$PAGE" ts 1 >"$app/prisma.config.ts"
doc_blocks "$PAGE" ts 2 >"$app/main.ts"
page_database "$PAGE" app
export DATABASE_URL="postgresql://postgres@localhost/app?host=$PGHOST&port=$PGPORT"

echo "== the Prisma CLI without its schema engine (what the page quotes)"
out=$(cd "$app" && timeout 60 npx prisma --version 2>&1)
echo "$out" | sed 's/^/    /' | tail -3
if grep -q 'ENOTFOUND' <<<"$out"; then
    check "the error the page quotes is the CLI's" "$(grep '^Error: ' <<<"$out")" "$(doc_blocks "$PAGE" text 1)"
else
    echo "    (this machine reached Prisma's binaries: the page's quoted download error is not checked)"
fi
echo "== prisma generate"
out=$(cd "$app" && PRISMA_SCHEMA_ENGINE_BINARY=/bin/false timeout 120 npx prisma generate 2>&1) || fail "prisma generate: $out"
check_match "prisma generate" "$out" "Generated Prisma Client"

echo "== main.ts"
out=$(cd "$app" && timeout 120 npx tsx main.ts 2>&1) || fail "main.ts exited with $?"
echo "$out" | sed 's/^/    /'
uuid_re='[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}'
customer=$(sed -nE "s/^customer: ($uuid_re) orders: .*/\1/p" <<<"$out")
check_match "uuid keys from gen_uuidv7(): the customer and its two orders created through the relation" "$out" \
    "^customer: $uuid_re orders: $uuid_re $uuid_re$"
check "the customer's key is a version 7 UUID whose time is now (within a minute)" \
    "$(q -d app -c "SELECT abs(extract(epoch FROM uuid_v7_to_timestamptz('${customer:-x}') - now())) < 60" 2>&1)" t
check "an aggregate filtered through the relation" "$(grep '^paid: ' <<<"$out")" "paid: 14.4"
author=$(sed -nE "s/^author: ($ULID_RE) posts: .*/\1/p" <<<"$out")
check_match "ulid keys as String: nested create, create by foreign key, include" "$out" "^author: $ULID_RE posts: 3 last: $ULID_RE$"
check "the author's key is ULID text whose time is now (within a minute)" \
    "$(q -d app -c "SELECT abs(extract(epoch FROM '${author:-x}'::ulid::timestamptz - now())) < 60" 2>&1)" t
check "count through the relation on ulid keys" "$(grep '^posts of Grace: ' <<<"$out")" "posts of Grace: 3"
check "a malformed key: P2007 with the server's 22P02 and message" "$(grep '^bad key: ' <<<"$out")" \
    'bad key: P2007 22P02 Invalid input value: invalid input syntax for type ulid: "01J0-not-a-key"'
check "delete: onDelete: Cascade on uuid and on ulid keys" "$(grep '^left: ' <<<"$out")" "left: 0 orders, 0 posts"
check "the database agrees: nothing left" \
    "$(q -d app -c "SELECT (SELECT count(*) FROM customers) + (SELECT count(*) FROM orders) + (SELECT count(*) FROM authors) + (SELECT count(*) FROM posts)")" 0
finish
