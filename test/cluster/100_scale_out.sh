#!/usr/bin/env bash
# Issue 9: scaling out with stock PostgreSQL. A coordinator's table is PARTITION BY HASH on a
# ulid key with two postgres_fdw foreign partitions, one per shard server (server option
# extensions 'uidext', so ulid operators and constants are shipped). Checks: rows land on the
# shard their key hashes to; a key lookup prunes to one shard; equality, range, cross-type
# and ORDER BY ... LIMIT are shipped; both shards generating keys at the same moment never
# collide; every row comes back; and ulid's hash functions equal uuid's (what Citus
# distributes by), including hash partition routing.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters so_shard1 so_shard2 so_coord; rm -f "$UIDEXT_CLUSTER_ROOT"/events.pgbench "$UIDEXT_CLUSTER_ROOT"/pgbench[12].log' EXIT
ROWS=20000
PGBENCH_SECONDS=2
PGBENCH_RATE=500   # transactions of 20 rows per second and shard, spread over the run

# Each shard holds the rows of one hash remainder. Its table is itself hash-partitioned with
# only that remainder's partition, so a row routed to the wrong shard would be refused.
for r in 0 1; do
    shard=so_shard$((r + 1))
    cluster_start "$shard" || exit 1
    q -c "CREATE EXTENSION uidext" \
      -c "CREATE TABLE items (id ulid NOT NULL, note text, PRIMARY KEY (id)) PARTITION BY HASH (id)" \
      -c "CREATE TABLE items_r$r PARTITION OF items FOR VALUES WITH (MODULUS 2, REMAINDER $r)" \
      -c "CREATE TABLE events (id ulid NOT NULL DEFAULT gen_ulid(), mono ulid NOT NULL DEFAULT gen_monotonic_ulid(),
                               origin text NOT NULL DEFAULT '$shard', at timestamptz NOT NULL DEFAULT clock_timestamp())"
    eval "host_$r=\$PGHOST port_$r=\$PGPORT"
done

cluster_start so_coord || exit 1
q -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION postgres_fdw"
for r in 0 1; do
    eval "host=\$host_$r port=\$port_$r"
    q -c "CREATE SERVER shard$((r + 1)) FOREIGN DATA WRAPPER postgres_fdw
              OPTIONS (host '$host', port '$port', dbname 'postgres', extensions 'uidext')" \
      -c "CREATE USER MAPPING FOR postgres SERVER shard$((r + 1)) OPTIONS (user 'postgres')"
done
q -c "CREATE TABLE items (id ulid NOT NULL DEFAULT gen_ulid(), note text) PARTITION BY HASH (id)" \
  -c "CREATE FOREIGN TABLE items_0 PARTITION OF items FOR VALUES WITH (MODULUS 2, REMAINDER 0)
          SERVER shard1 OPTIONS (table_name 'items')" \
  -c "CREATE FOREIGN TABLE items_1 PARTITION OF items FOR VALUES WITH (MODULUS 2, REMAINDER 1)
          SERVER shard2 OPTIONS (table_name 'items')" \
  -c "CREATE TABLE events (id ulid NOT NULL, mono ulid NOT NULL, origin text NOT NULL, at timestamptz NOT NULL)
          PARTITION BY LIST (origin)" \
  -c "CREATE FOREIGN TABLE events_1 PARTITION OF events FOR VALUES IN ('so_shard1') SERVER shard1 OPTIONS (table_name 'events')" \
  -c "CREATE FOREIGN TABLE events_2 PARTITION OF events FOR VALUES IN ('so_shard2') SERVER shard2 OPTIONS (table_name 'events')"

on_shard() { (cluster_use "so_shard$1"; shift; q "$@"); }

echo "== routing: $ROWS rows inserted at the coordinator"
q -c "INSERT INTO items (note) SELECT 'row ' || g FROM generate_series(1, $ROWS) g"
n0=$(on_shard 1 -c "SELECT count(*) FROM items")
n1=$(on_shard 2 -c "SELECT count(*) FROM items")
echo "    shard1 (remainder 0): $n0 rows, shard2 (remainder 1): $n1 rows"
check "rows on the two shards add up" $((n0 + n1)) "$ROWS"
check "each shard holds 45-55 % of the rows" \
    "$(( n0 * 100 / ROWS >= 45 && n0 * 100 / ROWS <= 55 ))" 1
# The shard's rows satisfy the coordinator's partition bound, by PostgreSQL's own function
# and recomputed from ulid_hash_extended: hash_combine64(0, h) = h + 0x49a0f4dd15e5a8e3
# (mod 2^64) with HASH_PARTITION_SEED 0x7A5B22367996DCFD, then modulo the modulus.
# Both are computed at the coordinator, on the rows fetched from the shard (MATERIALIZED keeps
# postgres_fdw from shipping the aggregate, and satisfies_hash_partition names a local table).
for r in 0 1; do
    check "shard$((r + 1)): rows whose key hashes to another remainder (satisfies_hash_partition | recomputed)" \
        "$(q -c "WITH fetched AS MATERIALIZED (SELECT id FROM items_$r)
                 SELECT count(*) FILTER (WHERE NOT satisfies_hash_partition('items'::regclass, 2, $r, id)),
                        count(*) FILTER (WHERE (((ulid_hash_extended(id, 8816678312871386365)::numeric + 18446744073709551616)
                            % 18446744073709551616 + 5305509591434766563) % 18446744073709551616) % 2 <> $r)
                 FROM fetched")" "0|0"
done
q -c "CREATE TABLE gathered (id ulid, note text)"
(on_shard 1 -c "COPY (SELECT id, note FROM items) TO STDOUT"; on_shard 2 -c "COPY (SELECT id, note FROM items) TO STDOUT") \
    | q -c "COPY gathered FROM STDIN"
check "every row comes back: rows at the coordinator, on the shards, differing" \
    "$(q -c "SELECT (SELECT count(*) FROM items), (SELECT count(*) FROM gathered),
                    (SELECT count(*) FROM ((TABLE items EXCEPT TABLE gathered) UNION ALL (TABLE gathered EXCEPT TABLE items)) d)")" \
    "$ROWS|$ROWS|0"

echo "== key lookups prune to one shard and are shipped"
key=$(on_shard 2 -c "SELECT id FROM items ORDER BY note LIMIT 1")
key_uuid=$(q -c "SELECT '$key'::ulid::uuid")
plan=$(q -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM items WHERE id = '$key'")
echo "$plan" | sed 's/^/    /'
check "ulid = ulid: foreign scans in the plan" "$(grep -c 'Foreign Scan on' <<<"$plan")" 1
check_match "ulid = ulid: pruned to shard2's partition" "$plan" "Foreign Scan on public.items_1"
check_match "ulid = ulid: condition shipped" "$plan" "Remote SQL: .* WHERE \(\(id OPERATOR\(public.=\) '$key'(::public.ulid)?\)\)"
check "ulid = ulid: the row" "$(q -c "SELECT note FROM items WHERE id = '$key'")" "$(on_shard 2 -c "SELECT note FROM items WHERE id = '$key'")"
plan=$(q -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM items WHERE id = '$key_uuid'::uuid")
echo "$plan" | sed 's/^/    /'
check "ulid = uuid: foreign scans in the plan" "$(grep -c 'Foreign Scan on' <<<"$plan")" 1
check_match "ulid = uuid: pruned to shard2's partition" "$plan" "Foreign Scan on public.items_1"
check_match "ulid = uuid: cross-type condition shipped" "$plan" "Remote SQL: .* WHERE \(\(id OPERATOR\(public.=\) '$key_uuid'::uuid\)\)"
check "ulid = uuid: the row" "$(q -c "SELECT note FROM items WHERE id = '$key_uuid'::uuid")" "$(on_shard 2 -c "SELECT note FROM items WHERE id = '$key'")"
# A prepared statement with a uuid parameter (what drivers send) prunes at execution.
plan=$(q -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE by_uuid(uuid) AS SELECT * FROM items WHERE id = \$1" \
         -c "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE by_uuid('$key_uuid')")
echo "$plan" | sed 's/^/    /'
check_match "generic plan with a uuid parameter: one partition left at execution" "$plan" "Subplans Removed: 1"

echo "== ranges and ORDER BY ... LIMIT are shipped"
lo=$(q -c "SELECT id FROM items ORDER BY id OFFSET 999 LIMIT 1")
hi=$(q -c "SELECT id FROM items ORDER BY id OFFSET 2999 LIMIT 1")
plan=$(q -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM items WHERE id >= '$lo' AND id <= '$hi'")
echo "$plan" | sed 's/^/    /'
check "range: shipped to both shards" \
    "$(grep -cE "Remote SQL: .* WHERE \(\(id OPERATOR\(public.>=\) '$lo'(::public.ulid)?\)\) AND \(\(id OPERATOR\(public.<=\) '$hi'(::public.ulid)?\)\)" <<<"$plan")" 2
check "range: the 1000th to the 3000th key, as counted on the shards" \
    "2001 $(q -c "SELECT count(*) FROM items WHERE id >= '$lo' AND id <= '$hi'")" \
    "$(( $(on_shard 1 -c "SELECT count(*) FROM items WHERE id BETWEEN '$lo' AND '$hi'") + $(on_shard 2 -c "SELECT count(*) FROM items WHERE id BETWEEN '$lo' AND '$hi'") )) 2001"
plan=$(q -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT id FROM items ORDER BY id LIMIT 5")
echo "$plan" | sed 's/^/    /'
check_match "ORDER BY id LIMIT: a merge of the shards' ordered results" "$plan" "Merge Append"
check "ORDER BY id LIMIT: ORDER BY shipped to both shards" "$(grep -c 'Remote SQL: .* ORDER BY id ASC NULLS LAST' <<<"$plan")" 2
check "ORDER BY id LIMIT: the 5 smallest keys of both shards" \
    "$(q -c "SELECT id FROM items ORDER BY id LIMIT 5")" \
    "$( (on_shard 1 -c "SELECT id FROM items ORDER BY id LIMIT 5"; on_shard 2 -c "SELECT id FROM items ORDER BY id LIMIT 5") | sort | head -5)"
plan=$(q -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT id FROM items WHERE id > '$key_uuid'::uuid ORDER BY id DESC LIMIT 3")
check "cross-type range with ORDER BY DESC: both shipped to both shards" \
    "$(grep -c "Remote SQL: .* WHERE ((id OPERATOR(public.>) '$key_uuid'::uuid)) ORDER BY id DESC NULLS FIRST" <<<"$plan")" 2

echo "== both shards generate keys at the same moment (pgbench, 2 clients each, ${PGBENCH_SECONDS}s at $PGBENCH_RATE tx/s)"
script=$UIDEXT_CLUSTER_ROOT/events.pgbench
echo "INSERT INTO events (at) SELECT clock_timestamp() FROM generate_series(1, 20);" >"$script"
chmod 644 "$script"
pids=""
for s in 1 2; do
    (cluster_use "so_shard$s"; exec pgbench -n -c 2 -j 2 -T "$PGBENCH_SECONDS" -R "$PGBENCH_RATE" -f "$script" >"$UIDEXT_CLUSTER_ROOT/pgbench$s.log" 2>&1) &
    pids="$pids $!"
done
s=0
for pid in $pids; do
    s=$((s + 1))
    wait "$pid" || { cat "$UIDEXT_CLUSTER_ROOT/pgbench$s.log"; fail "pgbench on shard$s"; }
done
stats=$(q -c "SELECT count(*), count(DISTINCT id), count(DISTINCT mono),
                     count(*) FILTER (WHERE origin = 'so_shard1'), count(*) FILTER (WHERE origin = 'so_shard2') FROM events")
IFS='|' read -r total distinct_id distinct_mono from1 from2 <<<"$stats"
echo "    gathered at the coordinator: $total rows ($from1 from shard1, $from2 from shard2)"
check_ge "rows generated on each shard" "$((from1 < from2 ? from1 : from2))" 10000
check "gen_ulid() keys of both shards: all distinct" "$distinct_id" "$total"
check "gen_monotonic_ulid() keys of both shards: all distinct" "$distinct_mono" "$total"
overlap=$(q -c "SELECT count(*) FROM (SELECT ulid_extract_timestamp(id) FROM events WHERE origin = 'so_shard1'
                                      INTERSECT SELECT ulid_extract_timestamp(id) FROM events WHERE origin = 'so_shard2') s")
check_ge "milliseconds in which both shards made keys" "$overlap" 50
check "some millisecond has several keys from one shard" \
    "$(q -c "SELECT max(n) > 1 FROM (SELECT count(*) AS n FROM events GROUP BY origin, ulid_extract_timestamp(id)) s")" t

echo "== ulid's hash functions equal uuid's (Citus distributes by the type's hash function)"
check "ulid_hash(x) = uuid_hash(x::uuid), ulid_hash_extended(x, s) = uuid_hash_extended(x::uuid, s): differences in 200000 random values" \
    "$(q -c "SELECT count(*) FILTER (WHERE ulid_hash(x) <> uuid_hash(x::uuid) OR ulid_hash_extended(x, s) <> uuid_hash_extended(x::uuid, s)
                                         OR ulid_hash_extended(x, 0) <> uuid_hash_extended(x::uuid, 0))
             FROM (SELECT gen_ulid() AS x, (random() * 9.2e18)::bigint * (CASE WHEN random() < 0.5 THEN -1 ELSE 1 END) AS s
                   FROM generate_series(1, 200000)) v")" 0
check "distinct hash values seen (the hashes are not constant)" \
    "$(q -c "SELECT count(DISTINCT ulid_hash(x)) > 199000 FROM (SELECT gen_ulid() AS x FROM generate_series(1, 200000)) v")" t
q -c "CREATE TABLE hl (id ulid) PARTITION BY HASH (id)" -c "CREATE TABLE hu (id uuid) PARTITION BY HASH (id)" \
  -c "DO \$\$ BEGIN FOR r IN 0..7 LOOP
          EXECUTE format('CREATE TABLE hl_%s PARTITION OF hl FOR VALUES WITH (MODULUS 8, REMAINDER %s)', r, r);
          EXECUTE format('CREATE TABLE hu_%s PARTITION OF hu FOR VALUES WITH (MODULUS 8, REMAINDER %s)', r, r);
      END LOOP; END \$\$" \
  -c "INSERT INTO hl SELECT gen_ulid() FROM generate_series(1, 50000)" -c "INSERT INTO hu SELECT id::uuid FROM hl"
check "ulid- and uuid-keyed hash partitions (modulus 8): same values, same partition, all 8 used" \
    "$(q -c "SELECT count(*), count(*) FILTER (WHERE right(hl.tableoid::regclass::text, 1) = right(hu.tableoid::regclass::text, 1)),
                    count(DISTINCT hl.tableoid) FROM hl JOIN hu ON hl.id = hu.id")" "50000|50000|8"
finish
