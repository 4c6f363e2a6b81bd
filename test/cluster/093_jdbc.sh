#!/usr/bin/env bash
# Issue 23: doc/clients/java.md runs as written. Its ```sql block makes the schema (a ulid key
# DEFAULT gen_ulid(), a child with a ulid foreign key), then its ```java block runs with Debian's
# pgjdbc: a generated key read with getString, ULID strings as parameters (stringtype=unspecified
# and Types.OTHER), a java.util.UUID against the ulid key, ulid[] as String[], a malformed key
# refused with 22P02, ON DELETE CASCADE. The printed values must be the database's rows.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/lib/doc_blocks.sh
PAGE=doc/clients/java.md
JDBC_JAR=/usr/share/java/postgresql.jar

command -v java >/dev/null || { echo "skipped: no java (test/lib/install-deps.sh installs default-jdk-headless)"; exit 0; }
[ -f "$JDBC_JAR" ] || { echo "skipped: no $JDBC_JAR (test/lib/install-deps.sh installs libpostgresql-jdbc-java)"; exit 0; }
trap 'stop_clusters jdbc' EXIT
UIDEXT_TCP=1 cluster_start jdbc    # pgjdbc connects over TCP only
dir=$(cluster_dir jdbc)
doc_blocks "$PAGE" java >"$dir/UlidJdbc.java"
q -c "CREATE DATABASE app"
q -d app -c "CREATE EXTENSION uidext"
q -d app -f <(doc_blocks "$PAGE" sql) >/dev/null || fail "the page's sql blocks"

out=$(timeout 120 java -cp "$JDBC_JAR" "$dir/UlidJdbc.java" "jdbc:postgresql://127.0.0.1:$PGPORT/app?user=postgres" 2>&1) \
    || fail "UlidJdbc.java exited with $?"
echo "$out" | sed 's/^/    /'
ulid='[0-9A-HJKMNP-TV-Z]{26}'
customer=$(sed -nE "s/^customer: ($ulid)$/\1/p" <<<"$out")
order=$(sed -nE "s/^order: ($ulid) as uuid: [0-9a-f-]{36}$/\1/p" <<<"$out")
order_uuid=$(sed -nE "s/^order: $ulid as uuid: ([0-9a-f-]{36})$/\1/p" <<<"$out")
check_match "getString gives the generated key's ULID text" "$out" "^customer: $ulid$"
check "the order's uuid is its ulid's 16 bytes" "$(q -d app -c "SELECT '${order:-x}'::ulid::uuid" 2>&1)" "$order_uuid"
check "found by a java.util.UUID parameter: getObject is a PGobject of type ulid; the join on the ulid foreign key" \
    "$(grep '^found by UUID: ' <<<"$out")" "found by UUID: ulid $order Ada 4.50"
ids=$(sed -nE "s/^orders of $customer: (.*)$/\1/p" <<<"$out" | tr ' ' '\n')
check "ulid[] via getArray: three ULID strings in key order, the order among them" \
    "$(grep -cE "^$ulid$" <<<"$ids") $(LC_ALL=C sort -c <<<"$ids" && echo sorted) $(grep -c "^$order$" <<<"$ids")" "3 sorted 1"
check "a malformed key: the server's 22P02 naming the value" "$(grep '^bad key: ' <<<"$out")" \
    'bad key: 22P02 ERROR: invalid input syntax for type ulid: "01J0-not-a-key"'
check "delete through a ULID string; ON DELETE CASCADE removed the orders" \
    "$(grep -E '^(deleted customers|orders left): ' <<<"$out" | tr '\n' ' ')" "deleted customers: 1 orders left: 0 "
check "the database agrees: no customers, no orders" "$(q -d app -c "SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM orders)")" "0|0"

# What the page says of setString without stringtype=unspecified: a varchar has no = with ulid.
check "ulid = varchar does not exist (what setString sends without stringtype=unspecified)" \
    "$(q -d app -c "PREPARE by_varchar(varchar) AS SELECT * FROM orders WHERE id = \$1" 2>&1 | head -1)" \
    "ERROR:  operator does not exist: ulid = character varying"
finish
