# Shared by the uidext-migrate tests (100_migrate.sh, 101_migrate_stops.sh, 102_migrate_locks.sh);
# not a test itself. Source after test/lib/cluster.sh and helpers.bash.
#   mig_setup DB KIND N   accounts (KIND bigint: bigserial; uuid: random v4 keys) with N rows,
#                         created_at 1 % out of id order and 0.1 % sharing a millisecond; orders
#                         (NOT NULL, ON DELETE CASCADE, 3 an account, indexed), notes (nullable,
#                         ON DELETE SET NULL), a self-reference (referrer, SET NULL) and a view;
#                         a copy of the start (initial_*) and the load's ledger
#   mig_load_start DB / mig_load_stop   four pgbench writers (migrate_load.pgbench)
#   mig_verify DB LABEL   the final state equals what the start and the ledger say, by
#                         checksums of every non-key column and of every reference
#   mig_stopped PID       waits (30 s at most) until a program run with
#                         UIDEXT_MIGRATE_TEST_STOP_AT stopped itself; status 1 if it never did
MIGRATE=$("${PG_CONFIG:-pg_config}" --bindir)/uidext-migrate

mig_stopped() {
    for _ in $(seq 600); do
        case $(ps -o stat= -p "$1" 2>/dev/null) in T*) return 0 ;; "") return 1 ;; esac
        sleep 0.05
    done
    return 1
}

mig_setup() {
    local db=$1 kind=$2 n=$3 keydef
    if [ "$kind" = uuid ]; then keydef="uuid PRIMARY KEY DEFAULT gen_random_uuid()"; else keydef="bigserial PRIMARY KEY"; fi
    local ktype; ktype=$([ "$kind" = uuid ] && echo uuid || echo bigint)
    q -d "$db" <<SQL
CREATE EXTENSION IF NOT EXISTS uidext;
CREATE EXTENSION IF NOT EXISTS uidext_migrate;
CREATE TABLE accounts (id $keydef, created_at timestamptz NOT NULL, name text NOT NULL UNIQUE,
                       balance bigint NOT NULL DEFAULT 0, referrer $ktype REFERENCES accounts ON DELETE SET NULL);
CREATE TABLE orders (id bigserial PRIMARY KEY, account_id $ktype NOT NULL REFERENCES accounts ON DELETE CASCADE, amount int NOT NULL);
CREATE INDEX orders_account_id_idx ON orders (account_id);
CREATE TABLE notes (id bigserial PRIMARY KEY, account_id $ktype REFERENCES accounts ON DELETE SET NULL, body text NOT NULL UNIQUE);
CREATE VIEW account_totals WITH (security_barrier) AS
    SELECT a.id, a.name, count(o.id) AS orders, coalesce(sum(o.amount), 0) AS total
    FROM accounts a LEFT JOIN orders o ON o.account_id = a.id GROUP BY a.id, a.name;
GRANT SELECT ON account_totals TO PUBLIC;
COMMENT ON VIEW account_totals IS 'orders per account';
CREATE SEQUENCE load_names;
CREATE TABLE ledger (seq bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp(), op text NOT NULL,
                     name text NOT NULL, target text, created_at timestamptz);
-- Times: a second apart in id order, but 1 % an hour early (out of id order) and 0.1 % in the
-- millisecond of the row before (half of those at the very same microsecond).
INSERT INTO accounts (created_at, name)
SELECT '2025-01-01 00:00:00+00'::timestamptz + g * interval '1 s' + (g % 997) * interval '1 us'
       - CASE WHEN g % 100 = 7 THEN interval '1 hour' ELSE interval '0' END
       - CASE WHEN g % 1000 = 3 THEN interval '1 s' + interval '1 us' WHEN g % 1000 = 5 THEN interval '1 s' - interval '300 us' ELSE interval '0' END,
       'a' || g
FROM generate_series(1, $n) g ORDER BY g;
UPDATE accounts a SET referrer = r.id FROM accounts r WHERE a.name LIKE 'a%' AND r.name = 'a' || (substr(a.name, 2)::int - 1) AND substr(a.name, 2)::int % 7 = 0;
INSERT INTO orders (account_id, amount) SELECT id, k FROM accounts, generate_series(1, 3) k ORDER BY id, k;
INSERT INTO notes (account_id, body) SELECT CASE WHEN substr(name, 2)::int % 2 = 0 THEN id END, 'note of ' || name FROM accounts;
CREATE TABLE initial_accounts AS SELECT a.name, a.created_at, a.balance, r.name AS referrer FROM accounts a LEFT JOIN accounts r ON r.id = a.referrer;
CREATE TABLE initial_orders AS SELECT a.name, o.amount FROM orders o JOIN accounts a ON a.id = o.account_id;
CREATE TABLE initial_notes AS SELECT n.body, a.name FROM notes n LEFT JOIN accounts a ON a.id = n.account_id;
VACUUM ANALYZE accounts, orders, notes;
SQL
}

mig_load_start() {
    local db=$1 n; n=$(q -d "$db" -c "SELECT count(*) FROM initial_accounts")
    pgbench -n -M simple -c 4 -j 2 -T 3600 -D n="$n" -f test/cluster/migrate_load.pgbench "$db" >"$UIDEXT_CLUSTER_ROOT/load-$db.log" 2>&1 &
    MIG_LOAD_PID=$!
    sleep 1
}

mig_load_stop() {
    kill -TERM "$MIG_LOAD_PID" 2>/dev/null
    wait "$MIG_LOAD_PID" 2>/dev/null
    MIG_LOAD_PID=""
}

# Checksums of the actual and the expected state, one line a table.
mig_actual() {
    q -d "$1" <<'SQL'
SELECT 'accounts ' || count(*) || ' ' || md5(string_agg(format('%s|%s|%s|%s', a.name, a.created_at, a.balance, r.name), ',' ORDER BY a.name))
FROM accounts a LEFT JOIN accounts r ON r.id = a.referrer;
SELECT 'orders ' || count(*) || ' ' || md5(string_agg(a.name || ':' || o.amount, ',' ORDER BY a.name, o.amount)) FROM orders o JOIN accounts a ON a.id = o.account_id;
SELECT 'notes ' || count(*) || ' ' || md5(string_agg(n.body || ':' || coalesce(a.name, '-'), ',' ORDER BY n.body)) FROM notes n LEFT JOIN accounts a ON a.id = n.account_id;
SQL
}

mig_expected() {
    q -d "$1" <<'SQL'
CREATE TEMP TABLE gone AS SELECT DISTINCT name FROM ledger WHERE op = 'del';
CREATE TEMP TABLE upd AS SELECT name, count(*) AS n FROM ledger WHERE op = 'upd' GROUP BY name;
CREATE TEMP TABLE ref AS SELECT DISTINCT ON (name) name, target FROM ledger WHERE op = 'ref' ORDER BY name, seq DESC;
CREATE TEMP TABLE exp_accounts AS
SELECT i.name, i.created_at, i.balance + coalesce(u.n, 0) AS balance,
       CASE WHEN r.name IS NOT NULL THEN r.target WHEN g2.name IS NOT NULL THEN NULL ELSE i.referrer END AS referrer
FROM initial_accounts i LEFT JOIN upd u ON u.name = i.name LEFT JOIN ref r ON r.name = i.name LEFT JOIN gone g2 ON g2.name = i.referrer
WHERE i.name NOT IN (SELECT name FROM gone)
UNION ALL SELECT name, created_at, 0, NULL FROM ledger WHERE op = 'ins';
SELECT 'accounts ' || count(*) || ' ' || md5(string_agg(format('%s|%s|%s|%s', name, created_at, balance, referrer), ',' ORDER BY name)) FROM exp_accounts;
SELECT 'orders ' || count(*) || ' ' || md5(string_agg(name || ':' || amount, ',' ORDER BY name, amount)) FROM (
    SELECT name, amount FROM initial_orders WHERE name NOT IN (SELECT name FROM gone)
    UNION ALL SELECT name, k FROM ledger, generate_series(1, 3) k WHERE op = 'ins') o;
SELECT 'notes ' || count(*) || ' ' || md5(string_agg(body || ':' || coalesce(name, '-'), ',' ORDER BY body)) FROM (
    SELECT body, CASE WHEN name IN (SELECT name FROM gone) THEN NULL ELSE name END AS name FROM initial_notes
    UNION ALL SELECT 'note of ' || name, name FROM ledger WHERE op = 'ins') n;
SQL
}

mig_verify() {
    local db=$1 label=$2
    check "$label: every row and reference as the start and the load's ledger say (counts, checksums)" "$(mig_actual "$db")" "$(mig_expected "$db")"
    check "$label: no orphan (orders, notes, referrer)" \
        "$(q -d "$db" -c "SELECT (SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = o.account_id))
                               + (SELECT count(*) FROM notes n WHERE n.account_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = n.account_id))
                               + (SELECT count(*) FROM accounts x WHERE x.referrer IS NOT NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = x.referrer))")" 0
    check "$label: the three foreign keys into accounts, validated, ON DELETE kept" \
        "$(q -d "$db" -c "SELECT string_agg(format('%s.%s %s %s', conrelid::regclass, a.attname, confdeltype, convalidated), ', ' ORDER BY conrelid::regclass::text)
                           FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
                           WHERE contype = 'f' AND confrelid = 'accounts'::regclass")" \
        "accounts.referrer n t, notes.account_id n t, orders.account_id c t"
}
