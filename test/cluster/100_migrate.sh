#!/usr/bin/env bash
# uidext-migrate end to end, with writers running through every phase (issue 36): accounts
# (bigint, then uuid v4 keys) with a self-reference, orders (NOT NULL, ON DELETE CASCADE, indexed),
# notes (nullable, ON DELETE SET NULL) and a view; four pgbench clients insert accounts with
# orders and notes, update, move references and delete (cascading) while plan + run move the key
# to ulid (bigint) or uuidv7 (uuid). Then: every row and reference as the load's own ledger says,
# no orphan, every foreign key validated, every key derived from (created_at, legacy key) except
# those the new default made after the swap, ORDER BY id = ORDER BY created_at, legacy_id, the
# view rebuilt (definition, options, grants, comment), writes in every phase, status, finish.
# UIDEXT_MIGRATE_PARENTS sets the size (default 100000, as CI runs it: 88 s on 2 idle vCPUs; the full size is 1000000).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/cluster/migrate_lib.bash
trap 'mig_load_stop 2>/dev/null; stop_clusters mig' EXIT
n=${UIDEXT_MIGRATE_PARENTS:-100000}

cluster_start mig max_connections=30
check "uidext-migrate is installed in pg_config --bindir" "$([ -x "$MIGRATE" ] && echo yes)" yes
check "it links libpq and nothing of the server" "$(ldd "$MIGRATE" | grep -cE 'libpq\.so')" 1

migrate_one() {  # KIND INTO DERIVE EXTRA_PLAN_OPTIONS
    local kind=$1 into=$2 derive=$3 extra=$4 db=mig_$1
    echo "== $kind keys -> $into: $n accounts, $((3 * n)) orders, $n notes, 4 writers"
    q -c "CREATE DATABASE $db"
    mig_setup "$db" "$kind" "$n"
    local before_view; before_view=$(q -d "$db" -c "SELECT pg_get_viewdef('account_totals'::regclass)")
    mig_load_start "$db"
    local plan; plan=$("$MIGRATE" plan -d "$db" --table accounts --into "$into" --time-column created_at $extra 2>&1)
    local id; id=$(head -1 <<<"$plan")
    check_match "$kind: plan prints the migration id alone on its first line" "$id" '^[0-9]+$'
    check_match "$kind: plan lists the three foreign keys" "$(grep -c 'foreign key:' <<<"$plan")" '^3$'
    check_match "$kind: plan names the view it rebuilds" "$plan" 'view: public.account_totals \(dropped and created again'
    check "$kind: plan refuses nothing" "$(tail -1 <<<"$plan")" "  refused: nothing"
    check_match "$kind: plan copies the index on orders.account_id" "$plan" 'index copied onto the new column: index orders_account_id_idx'
    local out; out=$("$MIGRATE" run -d "$db" "$id" --batch 2000 --lock-timeout 200ms 2>&1)
    check "$kind: run exits 0" "$?" 0
    echo "$out" | sed 's/^/    /'
    check_match "$kind: run prints a line a phase with its time" "$(grep -cE '^phase (prepare|backfill|index|validate|swap): [0-9.]+ s' <<<"$out")" '^5$'
    local held; held=$(sed -nE 's/^swap: ACCESS EXCLUSIVE held ([0-9.]+) ms.*/\1/p' <<<"$out")
    check_match "$kind: the swap's lock hold is measured and reported" "$held" '^[0-9.]+$'
    sleep 2   # writers go on after the swap, now with the new keys
    mig_load_stop
    check "$kind: status says swapped" "$("$MIGRATE" status -d "$db" "$id" | cut -f1-3)" "$id	public.accounts	swapped"
    check "$kind: writers wrote in every phase and after the swap (ledger lines in each window)" \
        "$(q -d "$db" -c "WITH s AS (SELECT detail FROM uidext_migrate.migration WHERE id = $id),
                           w(p, a, b) AS (VALUES ('prepare', 'started_prepare', 'started_backfill'), ('backfill', 'started_backfill', 'started_index'),
                                                 ('index', 'started_index', 'started_validate'), ('validate', 'started_validate', 'started_swap'),
                                                 ('swapped', 'swapped_at', NULL))
                           SELECT string_agg(w.p || '=' || (SELECT CASE WHEN count(*) > 0 THEN 't' ELSE 'f' END FROM ledger l WHERE l.at >= (s.detail->>w.a)::timestamptz
                                  AND (w.b IS NULL OR l.at < (s.detail->>w.b)::timestamptz)), ' ' ORDER BY w.a) FROM s, w")" \
        "backfill=t index=t prepare=t validate=t swapped=t"
    mig_verify "$db" "$kind"
    local t; t=$([ "$into" = ulid ] && echo ulid || echo uuid)
    check "$kind: the key and every referencing column are $t now, the old ones legacy_*" \
        "$(q -d "$db" -c "SELECT string_agg(format('%s.%s %s', c.relname, a.attname, format_type(a.atttypid, NULL)), ', ' ORDER BY c.relname, a.attname)
                           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
                           WHERE c.relname IN ('accounts', 'orders', 'notes') AND NOT a.attisdropped AND NOT (c.relname <> 'accounts' AND a.attname = 'id')
                           AND a.attname IN ('id', 'legacy_id', 'referrer', 'legacy_referrer', 'account_id', 'legacy_account_id')")" \
        "accounts.id $t, accounts.legacy_id $kind, accounts.legacy_referrer $kind, accounts.referrer $t, notes.account_id $t, notes.legacy_account_id $kind, orders.account_id $t, orders.legacy_account_id $kind"
    check "$kind: the primary key is on the new column, its default $([ "$into" = ulid ] && echo 'gen_ulid()' || echo 'gen_uuidv7()')" \
        "$(q -d "$db" -c "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'accounts'::regclass AND contype = 'p'") $(q -d "$db" -c "SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'accounts'::regclass AND adnum = (SELECT attnum FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attname = 'id')")" \
        "PRIMARY KEY (id) $([ "$into" = ulid ] && echo 'gen_ulid()' || echo 'gen_uuidv7()')"
    # Keys the sync or the backfill made are derivations; keys of rows the writers inserted after
    # the swap come from the new default, at or after the swap.
    check "$kind: every key is its derivation from (created_at, legacy_id), or was generated after the swap" \
        "$(q -d "$db" -c "SELECT count(*) FROM accounts WHERE id <> $derive(created_at, legacy_id)
                           AND NOT ulid_extract_timestamp(id::uuid::ulid) >= (SELECT (detail->>'swapped_at')::timestamptz - interval '1 s' FROM uidext_migrate.migration WHERE id = $id)")" 0
    check_ge "$kind: derived keys (every row that existed before the swap)" \
        "$(q -d "$db" -c "SELECT count(*) FROM accounts WHERE id = $derive(created_at, legacy_id)")" \
        "$(q -d "$db" -c "SELECT (SELECT count(*) FROM initial_accounts) - (SELECT count(DISTINCT name) FROM ledger WHERE op = 'del')")"
    check "$kind: ORDER BY id = ORDER BY created_at, legacy_id (derived keys)" \
        "$(q -d "$db" -c "SELECT array_agg(legacy_id ORDER BY id) = array_agg(legacy_id ORDER BY created_at, legacy_id) FROM accounts WHERE id = $derive(created_at, legacy_id)")" t
    check "$kind: the referencing tables' legacy columns still hold the old keys (for revert)" \
        "$(q -d "$db" -c "SELECT (SELECT count(*) FROM orders o JOIN accounts a ON a.id = o.account_id WHERE o.legacy_account_id IS DISTINCT FROM a.legacy_id)
                             + (SELECT count(*) FROM notes o JOIN accounts a ON a.id = o.account_id WHERE o.legacy_account_id IS DISTINCT FROM a.legacy_id)
                             + (SELECT count(*) FROM accounts o JOIN accounts a ON a.id = o.referrer WHERE o.legacy_referrer IS DISTINCT FROM a.legacy_id)")" 0
    check "$kind: the view is rebuilt on the new key: definition, security_barrier, grant, comment" \
        "$(q -d "$db" -c "SELECT pg_get_viewdef('account_totals'::regclass) = \$\$$before_view\$\$, reloptions, relacl::text LIKE '%=r/%', obj_description(oid, 'pg_class'),
                                  (SELECT format_type(atttypid, NULL) FROM pg_attribute WHERE attrelid = 'account_totals'::regclass AND attname = 'id')
                           FROM pg_class WHERE oid = 'account_totals'::regclass" -F ' ')" \
        "t {security_barrier=true} t orders per account $t"
    check "$kind: the view adds up" "$(q -d "$db" -c "SELECT sum(orders) = (SELECT count(*) FROM orders) FROM account_totals")" t
    local fin; fin=$("$MIGRATE" finish -d "$db" "$id" 2>&1)
    check "$kind: finish exits 0" "$?" 0
    check "$kind: after finish: no sync trigger or function left, legacy_id kept and unique, referencing legacy columns gone" \
        "$(q -d "$db" -c "SELECT (SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'uidext%'), (SELECT count(*) FROM pg_proc WHERE proname LIKE 'uidext$id%'),
                                  (SELECT count(*) FROM pg_index WHERE indrelid = 'accounts'::regclass AND indisunique AND indkey[0] = (SELECT attnum FROM pg_attribute WHERE attrelid = 'accounts'::regclass AND attname = 'legacy_id')),
                                  (SELECT count(*) FROM pg_attribute WHERE attname LIKE 'legacy_%' AND NOT attisdropped AND attrelid IN ('orders'::regclass, 'notes'::regclass, 'accounts'::regclass))" -F ' ')" \
        "0 0 1 1"
    check "$kind: status says finished" "$("$MIGRATE" status -d "$db" "$id" | cut -f3)" finished
    mig_verify "$db" "$kind, after finish"
    check "$kind: the application inserts after finish" \
        "$(q -d "$db" -c "WITH a AS (INSERT INTO accounts (created_at, name) VALUES (now(), 'late') RETURNING id) INSERT INTO orders (account_id, amount) SELECT id, 5 FROM a RETURNING amount")" 5
}

migrate_one bigint ulid ulid_from_legacy ""
check "bigint: legacy_bigint(id) gives the old id back for every derived key" \
    "$(q -d mig_bigint -c "SELECT count(*) FROM accounts WHERE id = ulid_from_legacy(created_at, legacy_id) AND legacy_bigint(id) <> legacy_id")" 0
migrate_one uuid uuidv7 uuidv7_from_legacy --from-uuid
finish
