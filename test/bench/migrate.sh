#!/usr/bin/env bash
# Live key migration (issue 36) on one throwaway server: uidext-migrate run against a plain
# batched UPDATE of the same columns, the swap's lock, and what writers see.
# Not a test (nothing passes or fails); not run by CI.
#
#   PG_CONFIG=... [SAVE=1] test/bench/migrate.sh [PARENTS] [BATCH] [WRITER_TPS]
#       defaults 100000, 1000, 40; as root, uidext and uidext-migrate installed in PG_CONFIG;
#       SAVE=1 copies the report to test/bench/results/migrate-PARENTS.txt
#
# Data (database seed, copied by template to base and tool so both start from the same files):
# accounts(id bigserial, created_at: a second apart in id order, 1 % an hour early (out of id
# order), 0.1 % in the millisecond of the row before; referrer: a self-reference on every 7th),
# orders (3 a parent, NOT NULL, ON DELETE CASCADE, indexed), notes (one a parent, half NULL,
# ON DELETE SET NULL), a view over the key.
# Writers: pgbench, 4 clients at WRITER_TPS in all (-R: a steady load, so that latencies compare),
# inserting a parent with 3 orders and a note, updating a balance, deleting a parent (cascade).
#   1. writers alone for 30 s on tool (the "without" latencies);
#   2. base: under the writers, a plain batched UPDATE, one transaction a batch of BATCH ids:
#      accounts.newcol = ulid_from_legacy(created_at, id) by id range, then the children's new
#      columns from the parent (UPDATE ... FROM accounts) by their own id ranges;
#   3. tool: under the writers, uidext-migrate plan + run --batch BATCH (every phase up to the
#      swap), with a probe session (pgbench, one client, SELECT 1 FROM accounts LIMIT 1, 50 a
#      second) and log_lock_waits with deadlock_timeout = 10 ms: a lock wait over 10 ms is logged
#      with its length when granted, so the swap's hold is seen from outside.
# Prints the numbers; the raw lines go to test/bench/out/migrate-PARENTS/.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
N=${1:-100000}
BATCH=${2:-1000}
RATE=${3:-40}
OUT=test/bench/out/migrate-$N
rm -rf "$OUT"; mkdir -p "$OUT"; chmod 777 "$OUT"
PGBENCH=$UIDEXT_PGBIN/pgbench
MIGRATE=$UIDEXT_PGBIN/uidext-migrate
export PGOPTIONS='-c client_min_messages=warning'
q() { psql -X -A -t -q -v ON_ERROR_STOP=1 "$@"; }
trap 'cluster_stop mig_bench' EXIT

cluster_start mig_bench shared_buffers=512MB max_wal_size=10GB checkpoint_timeout=1h jit=off \
    log_lock_waits=on deadlock_timeout=10ms || exit 1
LOG=$(cluster_dir mig_bench)/server.log

{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "uidext commit: $(git rev-parse --short HEAD)"
    echo "server: $(q -c 'SELECT version()' | cut -d, -f1)"
    echo "cpu: $(nproc) vCPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "parents: $N, batch: $BATCH, writers: 4 clients, $RATE transactions/s in all"
    echo "settings: fsync=off synchronous_commit=off full_page_writes=off shared_buffers=512MB max_wal_size=10GB jit=off autovacuum on, log_lock_waits deadlock_timeout=10ms"
} | tee "$OUT/environment.txt"

t0=$SECONDS
q -c 'CREATE DATABASE seed'
q -d seed <<SQL
CREATE EXTENSION uidext;
CREATE EXTENSION uidext_migrate;
CREATE TABLE accounts (id bigserial PRIMARY KEY, created_at timestamptz NOT NULL, name text NOT NULL UNIQUE,
                       balance bigint NOT NULL DEFAULT 0, referrer bigint REFERENCES accounts ON DELETE SET NULL);
CREATE TABLE orders (id bigserial PRIMARY KEY, account_id bigint NOT NULL REFERENCES accounts ON DELETE CASCADE, amount int NOT NULL);
CREATE INDEX orders_account_id_idx ON orders (account_id);
CREATE TABLE notes (id bigserial PRIMARY KEY, account_id bigint REFERENCES accounts ON DELETE SET NULL, body text NOT NULL);
CREATE VIEW account_orders AS SELECT a.id, a.name, count(o.id) AS orders FROM accounts a LEFT JOIN orders o ON o.account_id = a.id GROUP BY a.id, a.name;
CREATE SEQUENCE load_names;
INSERT INTO accounts (created_at, name, referrer)
SELECT '2025-01-01 00:00:00+00'::timestamptz + g * interval '1 s' + (g % 997) * interval '1 us'
       - CASE WHEN g % 100 = 7 THEN interval '1 hour' ELSE interval '0' END
       - CASE WHEN g % 1000 = 3 THEN interval '1 s' + interval '1 us' ELSE interval '0' END,
       'a' || g, CASE WHEN g % 7 = 0 THEN g - 1 END
FROM generate_series(1, $N) g ORDER BY g;
SELECT setval('accounts_id_seq', $N) \\gset
INSERT INTO orders (account_id, amount) SELECT id, k FROM accounts, generate_series(1, 3) k ORDER BY id, k;
INSERT INTO notes (account_id, body) SELECT CASE WHEN id % 2 = 0 THEN id END, 'note ' || id FROM accounts;
VACUUM ANALYZE accounts, orders, notes;
SQL
echo "shape: $(q -d seed -c "SELECT format('%s parents, %s orders, %s notes; %s parents out of id order, %s sharing a millisecond with another',
    (SELECT count(*) FROM accounts), (SELECT count(*) FROM orders), (SELECT count(*) FROM notes),
    (SELECT count(*) FROM (SELECT created_at < lag(created_at) OVER (ORDER BY id) AS back FROM accounts) s WHERE back),
    (SELECT count(*) FROM (SELECT count(*) OVER (PARTITION BY date_trunc('milliseconds', created_at)) AS c FROM accounts) s WHERE c > 1))")" \
    | tee -a "$OUT/environment.txt"
q -c 'CREATE DATABASE base TEMPLATE seed' -c 'CREATE DATABASE tool TEMPLATE seed'
echo "set-up: $((SECONDS - t0)) s"

cat >"$OUT/writers.pgbench" <<'PGB'
\set r random(1, :n)
\set op random(1, 10)
\if :op <= 4
BEGIN;
INSERT INTO accounts (created_at, name) VALUES (clock_timestamp(), 'w' || :client_id || '_' || nextval('load_names')) RETURNING id \gset
INSERT INTO orders (account_id, amount) VALUES (':id', 1), (':id', 2), (':id', 3);
INSERT INTO notes (account_id, body) VALUES (':id', 'new');
END;
\elif :op <= 9
UPDATE accounts SET balance = balance + 1 WHERE name = 'a' || :r;
\else
DELETE FROM accounts WHERE name = 'a' || :r;
\endif
PGB
echo 'SELECT 1 FROM accounts LIMIT 1;' >"$OUT/probe.pgbench"

# writers DB SECONDS PREFIX: in the background (WRITERS_PID); pgbench -M simple, as keys travel
# as text and change type at the swap. Its per-transaction log: client txn latency_us script
# epoch us lag_us.
writers() {
    $PGBENCH -n -M simple -c 4 -j 2 -R "$RATE" -T "$2" -D n="$N" -f "$OUT/writers.pgbench" \
        --log --log-prefix="$OUT/$3" "$1" >"$OUT/$3.out" 2>&1 &
    WRITERS_PID=$!
}
# latencies FROM TO PREFIX...: p50, p99, max of the time each transaction took (latency minus
# schedule lag, in ms) and of the latency from its scheduled start, for transactions ending in
# [FROM, TO] (epoch seconds).
latencies() {
    local from=$1 to=$2; shift 2
    cat "$@" 2>/dev/null | awk -v f="$from" -v t="$to" 'NF == 7 && $5 + $6 / 1e6 >= f && $5 + $6 / 1e6 <= t { print ($3 - $7) / 1000, $3 / 1000 }' \
        >"$OUT/lat.tmp"
    local n; n=$(wc -l <"$OUT/lat.tmp")
    [ "$n" -gt 0 ] || { echo "no transactions"; return; }
    local s1 s2
    local pct='{ a[NR] = $1 } END { i = int(n * .99) + 1; if (i > n) i = n; printf fmt, a[int(n * .5) + 1], a[i], a[n] }'
    s1=$(cut -d' ' -f1 "$OUT/lat.tmp" | sort -g | awk -v n="$n" -v fmt='p50 %.1f ms, p99 %.1f ms, max %.1f ms' "$pct")
    s2=$(cut -d' ' -f2 "$OUT/lat.tmp" | sort -g | awk -v n="$n" -v fmt='p50 %.1f ms, p99 %.1f ms, max %.1f ms' "$pct")
    echo "$n transactions; run time $s1; from schedule $s2"
}
now() { date +%s.%N; }
# Ends pgbench runs on DB by terminating their sessions: each client stops, pgbench ends as
# usual and writes its whole log (a signal would lose what stdio had not flushed yet).
stop_pgbench() {
    q -c "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '$1' AND application_name = 'pgbench'" >/dev/null
    wait "${@:2}" 2>/dev/null
}

# 1. Writers alone.
q -d tool -c CHECKPOINT
a=$(now); writers tool 30 alone; wait "$WRITERS_PID"; b=$(now)
echo "writers alone (30 s on tool): $(latencies "$a" "$b" "$OUT"/alone.*)" | tee "$OUT/results.txt"

# 2. The plain batched UPDATE, under the writers.
q -d base -c 'ALTER TABLE accounts ADD COLUMN newcol ulid' -c 'ALTER TABLE orders ADD COLUMN newcol ulid' \
    -c 'ALTER TABLE notes ADD COLUMN newcol ulid' -c 'ALTER TABLE accounts ADD COLUMN newref ulid' -c CHECKPOINT
# The statements, one a batch (psql runs each as its own transaction); the parent first.
batches() {  # TABLE MAXID UPDATE-HEAD
    awk -v m="$2" -v b="$BATCH" -v h="$3" 'BEGIN { for (i = 1; i <= m; i += b) printf "%s AND x.id BETWEEN %d AND %d;\n", h, i, i + b - 1 }'
}
maxid() { q -d base -c "SELECT max(id) FROM $1"; }
batches accounts "$(maxid accounts)" "UPDATE accounts x SET newcol = ulid_from_legacy(x.created_at, x.id) WHERE true" >"$OUT/base-parent.sql"
{
    batches orders "$(maxid orders)" "UPDATE orders x SET newcol = p.newcol FROM accounts p WHERE p.id = x.account_id"
    batches notes "$(maxid notes)" "UPDATE notes x SET newcol = p.newcol FROM accounts p WHERE p.id = x.account_id"
    batches accounts "$(maxid accounts)" "UPDATE accounts x SET newref = p.newcol FROM accounts p WHERE p.id = x.referrer"
} >"$OUT/base-refs.sql"
writers base 100000 base; sleep 1
a=$(now)
q -d base -f "$OUT/base-parent.sql" >/dev/null
m=$(now)
q -d base -f "$OUT/base-refs.sql" >/dev/null
b=$(now)
stop_pgbench base "$WRITERS_PID"
base_rows=$(q -d base -c "SELECT (SELECT count(newcol) FROM accounts) + (SELECT count(newcol) FROM orders) + (SELECT count(newcol) FROM notes) + (SELECT count(newref) FROM accounts)")
base_parent=$(q -d base -c "SELECT count(newcol) FROM accounts")
{
    echo "plain batched UPDATE: parent $base_parent rows in $(awk -v a="$a" -v b="$m" 'BEGIN { printf "%.2f", b - a }') s ($(awk -v r="$base_parent" -v a="$a" -v b="$m" 'BEGIN { printf "%.0f", r / (b - a) }') rows/s); all $base_rows rows in $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b - a }') s ($(awk -v r="$base_rows" -v a="$a" -v b="$b" 'BEGIN { printf "%.0f", r / (b - a) }') rows/s)"
    echo "writers during the plain UPDATE: $(latencies "$a" "$b" "$OUT"/base.*)"
} | tee -a "$OUT/results.txt"
q -c 'DROP DATABASE base WITH (FORCE)'

# 3. uidext-migrate, under the writers, with the probe.
id=$($MIGRATE plan -d tool --table accounts --into ulid --time-column created_at | tee "$OUT/plan.txt" | head -1)
q -d tool -c CHECKPOINT
writers tool 100000 tool
$PGBENCH -n -M simple -c 1 -R 50 -T 100000 -f "$OUT/probe.pgbench" --log --log-prefix="$OUT/probe" tool >"$OUT/probe.out" 2>&1 &
PROBE_PID=$!
sleep 1
log_from=$(wc -l <"$LOG")
a=$(now)
# run is resumable: a failed attempt is reported and run again (at most 3 attempts).
for attempt in 1 2 3; do
    $MIGRATE run -d tool "$id" --batch "$BATCH" --max-lag 0 >>"$OUT/run.txt" 2>&1
    rc=$?
    [ "$rc" = 0 ] && break
    echo "uidext-migrate run: attempt $attempt failed ($rc), running again" | tee -a "$OUT/results.txt"
done
b=$(now)
sleep 2
stop_pgbench tool "$WRITERS_PID" "$PROBE_PID"
cat "$OUT/run.txt"
[ "$rc" = 0 ] || { echo "uidext-migrate run failed ($rc)"; exit 1; }
tail -n +"$((log_from + 1))" "$LOG" | grep -E 'acquired|still waiting' >"$OUT/lock-waits.log"
swapped=$(q -d tool -c "SELECT extract(epoch FROM (detail->>'swapped_at')::timestamptz) FROM uidext_migrate.migration WHERE id = $id")
{
    grep -E '^phase|^swap' "$OUT/run.txt" | sed 's/^/uidext-migrate: /'
    echo "swap hold (the tool's own measure on the server's clock, lock granted to COMMIT): $(q -d tool -c "SELECT detail->>'swap_lock_ms' FROM uidext_migrate.migration WHERE id = $id") ms"
    echo "swap message (the client's clock, sent to reply, lock wait included): $(q -d tool -c "SELECT detail->>'swap_message_ms' FROM uidext_migrate.migration WHERE id = $id") ms"
    echo "swap committed at $(q -d tool -c "SELECT detail->>'swapped_at' FROM uidext_migrate.migration WHERE id = $id")"
    echo "probe SELECTs ending from 3 s before the swap's commit to 1 s after: $(latencies "$(awk -v s="$swapped" 'BEGIN { printf "%.6f", s - 3 }')" "$(awk -v s="$swapped" 'BEGIN { printf "%.6f", s + 1 }')" "$OUT"/probe.*)"
    echo "longest lock waits on tables logged (over 10 ms, whole run):"
    grep -E 'acquired [A-Za-z]+ on relation' "$OUT/lock-waits.log" \
        | sed -E 's/^[0-9-]+ ([0-9:.]+) .*acquired ([A-Za-z]+) on relation ([0-9]+) of database [0-9]+ after ([0-9.]+) ms.*/\4 \2 \3 \1/' | sort -gr | head -5 \
        | while read -r ms mode rel at; do echo "  $ms ms $mode on $(q -d tool -c "SELECT coalesce($rel::regclass::text, '$rel')") at $at"; done
    echo "writers during uidext-migrate run: $(latencies "$a" "$b" "$OUT"/tool.*)"
    echo "writers' errors (other than the terminations that end them): $(cat "$OUT"/alone.out "$OUT"/base.out "$OUT"/tool.out | grep -E '^(pgbench: )?(error|client [0-9]+ aborted)' | grep -vcE 'terminat|Run was aborted|backend died')"
    echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee -a "$OUT/results.txt"
echo "total: $((SECONDS - t0)) s" | tee -a "$OUT/results.txt"
# The report: environment, results, the tool's own output. --save keeps it in test/bench/results/.
{ cat "$OUT/environment.txt" "$OUT/results.txt"; echo "--- uidext-migrate run output"; cat "$OUT/run.txt"; } >"$OUT/report.txt"
[ "${SAVE:-}" = 1 ] && cp "$OUT/report.txt" "test/bench/results/migrate-$N.txt"
