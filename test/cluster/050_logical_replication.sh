#!/usr/bin/env bash
# Logical replication of ulid and uuid columns between two throwaway servers: one subscription
# in text mode, one with binary = true (ulid_send/ulid_recv on the wire). The primary key, and
# so the replica identity used by UPDATE and DELETE, is a ulid.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters repl_pub repl_sub' EXIT
INITIAL=10000
ROWS=100000
WAIT=60

TABLE="CREATE TABLE rep (id ulid PRIMARY KEY DEFAULT gen_monotonic_ulid(), u uuid NOT NULL DEFAULT uuidv7(),
       v ulid, w uuid, arr ulid[], note text)"
FINGERPRINT="SELECT count(*), md5(string_agg(r::text, E'\n' ORDER BY r.id)) FROM rep r"

cluster_start repl_pub wal_level=logical max_wal_senders=10 max_replication_slots=10
pub_conn="host=$PGHOST port=$PGPORT user=postgres dbname=postgres"
q -c "CREATE EXTENSION uidext" -c "$TABLE" \
  -c "INSERT INTO rep (v, w, arr, note) SELECT gen_ulid(), uuidv4(), ARRAY[gen_ulid(), gen_monotonic_ulid()], 'initial ' || g FROM generate_series(1, $INITIAL) g" \
  -c "CREATE PUBLICATION pub FOR TABLE rep"

cluster_start repl_sub
for db in sub_text sub_bin; do
    q -c "CREATE DATABASE $db"
    q -d "$db" -c "CREATE EXTENSION uidext" -c "$TABLE"
done
q -d sub_text -c "CREATE SUBSCRIPTION s_text CONNECTION '$pub_conn' PUBLICATION pub"
q -d sub_bin -c "CREATE SUBSCRIPTION s_bin CONNECTION '$pub_conn' PUBLICATION pub WITH (binary = true)"
check "binary flag of the subscriptions (s_bin s_text)" "$(q -d sub_bin -c "SELECT string_agg(subname || '=' || subbinary, ' ' ORDER BY subname) FROM pg_subscription")" "s_bin=true s_text=false"

wait_for() {  # DB EXPECTED-FINGERPRINT: polls the subscriber for at most WAIT seconds
    local db=$1 want=$2 got i
    for i in $(seq $((WAIT * 5))); do
        got=$(q -d "$db" -c "$FINGERPRINT" 2>/dev/null)
        [ "$got" = "$want" ] && break
        sleep 0.2
    done
    echo "$got"
}

cluster_use repl_pub
want=$(q -c "$FINGERPRINT")
cluster_use repl_sub
for db in sub_text sub_bin; do
    check "$db: initial table sync ($INITIAL rows), count|md5" "$(wait_for "$db" "$want")" "$want"
done

cluster_use repl_pub
start=$SECONDS
q -c "INSERT INTO rep (v, w, arr, note) SELECT gen_ulid(), uuidv4(), ARRAY[gen_ulid(), NULL], 'row ' || g FROM generate_series(1, $((ROWS / 2))) g" \
  -c "INSERT INTO rep (id, u, v, w, note) SELECT gen_ulid(), gen_monotonic_uuidv7(), gen_monotonic_ulid(), uuidv7(), 'row ' || g FROM generate_series($((ROWS / 2 + 1)), $ROWS) g" \
  -c "UPDATE rep SET v = gen_ulid(), w = uuidv4(), note = 'updated' WHERE note LIKE 'initial %' AND right(note, 1) = '7'" \
  -c "UPDATE rep SET id = gen_ulid() WHERE note = 'row 4242'" \
  -c "DELETE FROM rep WHERE note LIKE 'initial %3'"
want=$(q -c "$FINGERPRINT")
echo "    publisher after $ROWS inserts, updates and deletes: $want"
check "publisher rows" "${want%%|*}" $((INITIAL + ROWS - INITIAL / 10))
cluster_use repl_sub
for db in sub_text sub_bin; do
    check "$db: streamed changes arrived, count|md5" "$(wait_for "$db" "$want")" "$want"
done
echo "    replicated in $((SECONDS - start)) s"
# Same bytes, not only the same text: compare the binary forms as well.
BYTES="SELECT md5(string_agg(id::bytea || u::ulid::bytea || coalesce(v::bytea, '') || coalesce(w::ulid::bytea, ''), '' ORDER BY id)) FROM rep"
cluster_use repl_pub
want_bytes=$(q -c "$BYTES")
cluster_use repl_sub
check "sub_text and sub_bin: md5 of the raw bytes equals the publisher's" \
    "$(q -d sub_text -c "$BYTES") $(q -d sub_bin -c "$BYTES")" "$want_bytes $want_bytes"
check "subscription workers errors in the log" "$(cluster_log repl_sub | grep -c 'ERROR')" 0
finish
