#!/usr/bin/env bash
# Issue 23: doc/clients/java.md runs as written. Its ```sql block makes the schema (a ulid key
# DEFAULT gen_ulid(), a child with a ulid foreign key), then its ```java block runs with Debian's
# pgjdbc: a generated key read with getString, ULID strings as parameters (stringtype=unspecified
# and Types.OTHER), a java.util.UUID against the ulid key, ulid[], a malformed key refused with
# 22P02, ON DELETE CASCADE. The printed values must be the database's rows.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/lib/client_pages.sh
PAGE=doc/clients/java.md
JDBC_JAR=/usr/share/java/postgresql.jar

command -v java >/dev/null || { echo "skipped: no java (test/lib/install-deps.sh installs default-jdk-headless)"; exit 0; }
[ -f "$JDBC_JAR" ] || { echo "skipped: no $JDBC_JAR (test/lib/install-deps.sh installs libpostgresql-jdbc-java)"; exit 0; }
trap 'stop_clusters jdbc' EXIT
UIDEXT_TCP=1 cluster_start jdbc    # pgjdbc connects over TCP only
dir=$(cluster_dir jdbc)
doc_blocks "$PAGE" java >"$dir/UlidJdbc.java"
page_database "$PAGE" app

# As the page runs it: java's single-file source launcher.
out=$(timeout 120 java -cp "$JDBC_JAR" "$dir/UlidJdbc.java" "jdbc:postgresql://127.0.0.1:$PGPORT/app?user=postgres" 2>&1) \
    || fail "UlidJdbc.java exited with $?"
check_orders_example "$out" app
check_match "getObject gives a PGobject of type ulid" "$out" "^found by UUID: $ULID_RE Ada 4.50 \(a PGobject of type ulid\)$"

# What the page says of setString without stringtype=unspecified: a varchar has no = with ulid.
check "ulid = varchar does not exist (what setString sends without stringtype=unspecified)" \
    "$(q -d app -c "PREPARE by_varchar(varchar) AS SELECT * FROM orders WHERE id = \$1" 2>&1 | head -1)" \
    "ERROR:  operator does not exist: ulid = character varying"
check "a varchar is not assigned to a ulid column (what an INSERT with setString gets without stringtype=unspecified)" \
    "$(q -d app -c "PREPARE insert_varchar(varchar) AS INSERT INTO orders (customer_id, total) VALUES (\$1, 1)" 2>&1 | head -1)" \
    'ERROR:  column "customer_id" is of type ulid but expression is of type character varying'
finish
