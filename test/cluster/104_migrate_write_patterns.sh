#!/usr/bin/env bash
# uidext-migrate: the writes the sync triggers cannot map at row time (issue 36), played in each
# phase where they matter, and proof that nothing is lost. The program stops itself in a phase
# (its test hook UIDEXT_MIGRATE_TEST_STOP_AT), the application writes, the run resumes:
# - index (the referencing tables' sync triggers on, no CHECK yet), catch-up (every CHECK added
#   NOT VALID, before the catch-up pass and VALIDATE) and after the swap (the sync runs back);
# - the writes: a multi-row INSERT and an INSERT ... SELECT into the self-referencing table whose
#   first row references a later one; COPY the same way; a child inserted before its parent under
#   a deferred foreign key (nullable, and NOT NULL as Django makes them); a deferred
#   self-reference to a row inserted later; a data-modifying CTE that inserts the child before the
#   parent; INSERT ... ON CONFLICT DO UPDATE of a reference; an UPDATE of a reference to a parent
#   inserted just before; ON UPDATE CASCADE from the parent; a REPEATABLE READ writer whose
#   snapshot predates the parent; rows written where triggers do not fire
#   (session_replication_role = replica) before validate.
# Then: the migration completes; every reference and its twin (new or legacy column) equal the
# parent's; no orphan; every foreign key validated; revert after the post-swap writes keeps every
# one of them with its references; where an error is the documented behaviour
# (doc/migrating-keys.md, "Writes the sync cannot map"), it has the documented SQLSTATE and
# message and the row is not there.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/cluster/migrate_lib.bash
trap 'stop_clusters patterns' EXIT
cluster_start patterns max_connections=20
dir=$(cluster_dir patterns)

setup() {
    q -c "CREATE DATABASE $1"
    q -d "$1" <<'SQL'
CREATE EXTENSION uidext;
CREATE EXTENSION uidext_migrate;
-- up: a nullable self-reference; boss: a deferred one. c: NOT NULL, d: nullable and deferred,
-- without a primary key; e: NOT NULL and deferred (as Django makes every foreign key);
-- u: ON UPDATE CASCADE, with a unique column for ON CONFLICT.
CREATE TABLE p (id bigserial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT clock_timestamp(), name text NOT NULL UNIQUE,
                up bigint REFERENCES p ON DELETE SET NULL, boss bigint REFERENCES p DEFERRABLE INITIALLY DEFERRED);
CREATE TABLE c (id bigserial PRIMARY KEY, p_id bigint NOT NULL REFERENCES p ON DELETE CASCADE, note text NOT NULL);
CREATE INDEX c_p_id_idx ON c (p_id);
CREATE TABLE d (p_id bigint REFERENCES p DEFERRABLE INITIALLY DEFERRED, note text NOT NULL);
CREATE TABLE e (id bigserial PRIMARY KEY, p_id bigint NOT NULL REFERENCES p DEFERRABLE INITIALLY DEFERRED, note text NOT NULL);
CREATE TABLE u (id bigserial PRIMARY KEY, p_id bigint REFERENCES p ON UPDATE CASCADE, slot text NOT NULL UNIQUE);
INSERT INTO p (created_at, name) SELECT '2025-01-01'::timestamptz + g * interval '1 min', 'p' || g FROM generate_series(1, 40) g;
UPDATE p SET up = id - 1, boss = id - 2 WHERE id > 2;
INSERT INTO c (p_id, note) SELECT id, 'c' || id FROM p;
INSERT INTO d (p_id, note) SELECT CASE WHEN id % 2 = 0 THEN id END, 'd' || id FROM p;
INSERT INTO e (p_id, note) SELECT id, 'e' || id FROM p;
INSERT INTO u (p_id, slot) SELECT id, 's' || id FROM p;
-- A parent only u references: its key may change (ON UPDATE CASCADE).
INSERT INTO p (created_at, name) VALUES ('2025-02-01', 'pc');
INSERT INTO u (p_id, slot) SELECT id, 'cascade' FROM p WHERE name = 'pc';
SQL
}

# try DB SQL: "ok", or "SQLSTATE: message" of the first error (the transaction rolled back).
try() {
    local out
    out=$(printf '\\set VERBOSITY verbose\n%s\n' "$2" | psql -X -q -t -A -v ON_ERROR_STOP=1 -d "$1" 2>&1 >/dev/null)
    if [ $? = 0 ]; then echo ok; else sed -n 's/^ERROR:  //p' <<<"$out" | head -1; fi
}
# The key the application writes: the old bigint before the swap, a new ulid after it.
newkey() { if [ "$1" = after ]; then echo "gen_ulid()"; else echo "nextval('p_id_seq')"; fi; }

# Each write pattern, tagged with the phase ($2) so that its rows can be found; "ok" or the error.
pattern() {  # DB PHASE NAME
    local db=$1 ph=$2 k; k=$(newkey "$ph")
    case $3 in
        multirow) try "$db" "WITH k AS (SELECT $k AS a, $k AS b)
                   INSERT INTO p (id, name, up) SELECT a, '$ph-multirow-1', b FROM k UNION ALL SELECT b, '$ph-multirow-2', NULL FROM k" ;;
        insert_select) try "$db" "INSERT INTO p (id, name, up)
                   SELECT x.a, '$ph-insel-' || x.n, x.r FROM (SELECT $k AS a, $k AS b) k,
                   LATERAL (VALUES (1, k.a, k.b), (2, k.b, NULL)) x(n, a, r) ORDER BY x.n" ;;
        copy) local a b; a=$(q -d "$db" -c "SELECT $k"); b=$(q -d "$db" -c "SELECT $k")
              printf '%s\t%s\t%s\n%s\t%s\t\\N\n' "$a" "$ph-copy-1" "$b" "$b" "$ph-copy-2" |
                  psql -X -q -v ON_ERROR_STOP=1 -v VERBOSITY=verbose -d "$db" -c "COPY p (id, name, up) FROM STDIN" >/dev/null 2>"$dir/copy.err" \
                  && echo ok || sed -n 's/^ERROR:  //p' "$dir/copy.err" | head -1 ;;
        deferred_nullable) try "$db" "BEGIN; SELECT $k AS a \\gset
                   INSERT INTO d (p_id, note) VALUES (:'a', '$ph-deferred-d'); INSERT INTO p (id, name) VALUES (:'a', '$ph-deferred-d'); COMMIT" ;;
        deferred_not_null) try "$db" "BEGIN; SELECT $k AS a \\gset
                   INSERT INTO e (p_id, note) VALUES (:'a', '$ph-deferred-e'); INSERT INTO p (id, name) VALUES (:'a', '$ph-deferred-e'); COMMIT" ;;
        deferred_self) try "$db" "BEGIN; SELECT $k AS a, $k AS b \\gset
                   INSERT INTO p (id, name, boss) VALUES (:'a', '$ph-dself-1', :'b'); INSERT INTO p (id, name) VALUES (:'b', '$ph-dself-2'); COMMIT" ;;
        cte_child_first) try "$db" "WITH ch AS (INSERT INTO c (p_id, note) SELECT $k, '$ph-cte' RETURNING p_id)
                   INSERT INTO p (id, name) SELECT p_id, '$ph-cte' FROM ch" ;;
        on_conflict) try "$db" "WITH n AS (INSERT INTO p (name) VALUES ('$ph-upsert') RETURNING id)
                   INSERT INTO u (p_id, slot) SELECT id, 's1' FROM n ON CONFLICT (slot) DO UPDATE SET p_id = EXCLUDED.p_id" ;;
        update_ref) try "$db" "BEGIN; INSERT INTO p (name) VALUES ('$ph-upd') RETURNING id AS a \\gset
                   UPDATE c SET p_id = :'a' WHERE note = 'c2'; COMMIT" ;;
        cascade) try "$db" "UPDATE p SET id = $k WHERE name = 'pc'" ;;
        repeatable_read) # the writer's snapshot is taken before the parent commits
            local a; a=$(q -d "$db" -c "SELECT $k")
            ( echo "BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT count(*) FROM p;"; sleep 0.6
              echo "\\set VERBOSITY verbose"; echo "INSERT INTO c (p_id, note) VALUES ('$a', '$ph-rr'); COMMIT;" ) |
                psql -X -q -v ON_ERROR_STOP=1 -d "$db" >/dev/null 2>"$dir/rr.err" &
            local w=$!; sleep 0.3
            q -d "$db" -c "INSERT INTO p (id, name) VALUES ('$a', '$ph-parent-of-rr')"
            wait $w && echo ok || sed -n 's/^ERROR:  //p' "$dir/rr.err" | head -1 ;;
    esac
}
patterns="multirow insert_select copy deferred_nullable deferred_not_null deferred_self cte_child_first on_conflict update_ref cascade repeatable_read"

# expect DB PHASE NAME EXPECTED: EXPECTED is "ok" or a SQLSTATE; for an error, the rows the
# pattern would have written are not there.
expect() {
    local db=$1 ph=$2 name=$3 want=$4 got; got=$(pattern "$db" "$ph" "$name")
    if [ "$want" = ok ]; then
        check "$ph: $name" "$got" ok
    else
        check_match "$ph: $name fails with $want" "$got" "^$want: $5"
        local tag; case $name in multirow) tag=multirow ;; insert_select) tag=insel ;; deferred_nullable) tag=deferred-d ;;
            deferred_not_null) tag=deferred-e ;; deferred_self) tag=dself ;; cte_child_first) tag=cte ;; repeatable_read) tag=rr ;; *) tag=$name ;; esac
        check "$ph: $name: nothing of it is there" \
            "$(q -d "$db" -c "SELECT (SELECT count(*) FROM p WHERE name LIKE '$ph-$tag%') + (SELECT count(*) FROM c WHERE note LIKE '$ph-$tag%')
                               + (SELECT count(*) FROM d WHERE note LIKE '$ph-$tag%') + (SELECT count(*) FROM e WHERE note LIKE '$ph-$tag%')")" 0
    fi
}
miss='uidext-migrate [0-9]+: public\.[a-z]+\.[a-z_]+ = [^ ]+ references no row of public\.p that this statement can see'
fk_own='insert or update on table "c" violates foreign key constraint'

# Every reference and its twin (the shadow before the swap: compared after it) equal the parent's.
verify() {  # DB LABEL
    local db=$1
    check "$2: the migration completed" "$(q -d "$db" -c "SELECT phase FROM uidext_migrate.migration")" swapped
    check "$2: every reference is its parent's new key, its legacy column the parent's old key (p.up, p.boss, c, d, e, u)" \
        "$(q -d "$db" -c "SELECT string_agg(t || '=' || n, ' ' ORDER BY t) FROM (
            SELECT 'up' t, count(*) n FROM p x LEFT JOIN p y ON y.id = x.up WHERE (x.up IS NULL) <> (x.legacy_up IS NULL) OR x.legacy_up IS DISTINCT FROM y.legacy_id
            UNION ALL SELECT 'boss', count(*) FROM p x LEFT JOIN p y ON y.id = x.boss WHERE (x.boss IS NULL) <> (x.legacy_boss IS NULL) OR x.legacy_boss IS DISTINCT FROM y.legacy_id
            UNION ALL SELECT 'c', count(*) FROM c x LEFT JOIN p y ON y.id = x.p_id WHERE x.legacy_p_id IS DISTINCT FROM y.legacy_id OR x.p_id IS NULL
            UNION ALL SELECT 'd', count(*) FROM d x LEFT JOIN p y ON y.id = x.p_id WHERE (x.p_id IS NULL) <> (x.legacy_p_id IS NULL) OR x.legacy_p_id IS DISTINCT FROM y.legacy_id
            UNION ALL SELECT 'e', count(*) FROM e x LEFT JOIN p y ON y.id = x.p_id WHERE x.legacy_p_id IS DISTINCT FROM y.legacy_id OR x.p_id IS NULL
            UNION ALL SELECT 'u', count(*) FROM u x LEFT JOIN p y ON y.id = x.p_id WHERE (x.p_id IS NULL) <> (x.legacy_p_id IS NULL) OR x.legacy_p_id IS DISTINCT FROM y.legacy_id) s")" \
        "boss=0 c=0 d=0 e=0 u=0 up=0"
    check "$2: no orphan" \
        "$(q -d "$db" -c "SELECT (SELECT count(*) FROM c WHERE p_id NOT IN (SELECT id FROM p)) + (SELECT count(*) FROM e WHERE p_id NOT IN (SELECT id FROM p))
                           + (SELECT count(*) FROM d WHERE p_id NOT IN (SELECT id FROM p)) + (SELECT count(*) FROM u WHERE p_id NOT IN (SELECT id FROM p))
                           + (SELECT count(*) FROM p WHERE up NOT IN (SELECT id FROM p) OR boss NOT IN (SELECT id FROM p))")" 0
    check "$2: the six foreign keys into p are on the new key and validated" \
        "$(q -d "$db" -c "SELECT count(*) FILTER (WHERE convalidated AND format_type(a.atttypid, NULL) = 'ulid') FROM pg_constraint k
                           JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] WHERE contype = 'f' AND confrelid = 'p'::regclass")" 6
}

run_stopped() {  # DB STOP: runs until the stop; the caller writes, then resume
    UIDEXT_MIGRATE_TEST_STOP_AT=$2 "$MIGRATE" run -d "$1" 1 --batch 10 >"$dir/run-$1.out" 2>"$dir/run-$1.err" &
    PROG=$!
    mig_stopped $PROG || fail "$1: the program did not reach its stop at $2: $(cat "$dir/run-$1.err")"
}
resume() {
    kill -CONT "$PROG"; wait "$PROG"
    check "$1: run resumed and exits 0" "$? $(q -d "$1" -c "SELECT phase FROM uidext_migrate.migration")" "0 swapped"
}

echo "== index: the sync triggers on every table, no CHECK yet (the deferred fix-up maps at commit)"
setup w_index
"$MIGRATE" plan -d w_index --table p --into ulid --time-column created_at >/dev/null
run_stopped w_index index
for x in multirow insert_select copy deferred_nullable deferred_not_null deferred_self cte_child_first on_conflict update_ref cascade; do
    expect w_index index $x ok
done
expect w_index index repeatable_read 23503 "$fk_own"
# Rows written where no trigger fires (a subscriber's apply, session_replication_role = replica):
# validate's catch-up pass maps them before VALIDATE.
check "index: rows written with the triggers off (session_replication_role = replica)" \
    "$(try w_index "BEGIN; SET LOCAL session_replication_role = replica; INSERT INTO p (id, name, up) VALUES (nextval('p_id_seq'), 'index-replica', 3);
                    INSERT INTO c (p_id, note) SELECT id, 'index-replica' FROM p WHERE name IN ('index-replica', 'p7');
                    INSERT INTO d (p_id, note) VALUES (4, 'index-replica'); COMMIT")" ok
resume w_index
check_match "index: validate says what its catch-up filled (p, c, d)" "$(tr '\n' ' ' <"$dir/run-w_index.err")" \
    'validate: public\.p: 1 row whose new column.*validate: public\.c: 2 rows whose new column was still NULL, filled.*validate: public\.d: 1 row'
verify w_index index

echo "== catch-up: every CHECK added NOT VALID (a row-time miss is a clear 23503), before VALIDATE"
setup w_check
"$MIGRATE" plan -d w_check --table p --into ulid --time-column created_at >/dev/null
run_stopped w_check catch-up
for x in multirow insert_select copy deferred_nullable deferred_not_null deferred_self cte_child_first; do
    expect w_check catch-up $x 23503 "$miss"
done
for x in on_conflict update_ref cascade; do expect w_check catch-up $x ok; done
# The sync's lookup runs in the writer's snapshot too: it answers before the foreign key does.
expect w_check catch-up repeatable_read 23503 "$miss"
resume w_check
verify w_check catch-up

echo "== after the swap: the sync runs back (new key -> legacy key; a NOT NULL reference's legacy column is nullable until revert)"
setup w_after
"$MIGRATE" plan -d w_after --table p --into ulid --time-column created_at >/dev/null
"$MIGRATE" run -d w_after 1 >/dev/null 2>&1
for x in multirow insert_select copy deferred_nullable deferred_not_null deferred_self cte_child_first on_conflict update_ref cascade; do
    expect w_after after $x ok
done
expect w_after after repeatable_read 23503 "$fk_own"
verify w_after after
check "after: a row written with the triggers off (session_replication_role = replica)" \
    "$(try w_after "BEGIN; SET LOCAL session_replication_role = replica; INSERT INTO d (p_id, note) SELECT id, 'after-replica' FROM p WHERE name = 'after-upsert'; COMMIT")" ok
check "after: ... its legacy column is NULL before revert" "$(q -d w_after -c "SELECT count(*) FROM d WHERE note = 'after-replica' AND legacy_p_id IS NULL")" 1
check "index: finish" "$("$MIGRATE" finish -d w_index 1 >/dev/null 2>&1; echo $?) $(q -d w_index -c "SELECT phase FROM uidext_migrate.migration")" "0 finished"

echo "== revert after those writes: the old keys back, every reference with them"
out=$("$MIGRATE" revert -d w_after 1 2>&1)
check "after: revert exits 0" "$? $(q -d w_after -c "SELECT phase FROM uidext_migrate.migration")" "0 reverted"
check_match "after: revert filled the legacy column the triggers never saw, and says so" "$out" 'revert: public\.d: 1 row whose legacy column was still NULL, filled'
check "after: revert: the row written with the triggers off kept its reference" \
    "$(q -d w_after -c "SELECT p.name FROM d JOIN p ON p.id = d.p_id WHERE d.note = 'after-replica'")" after-upsert
check "after: revert gave the NOT NULL references their NOT NULL back (c.p_id, e.p_id), its CHECKs gone" \
    "$(q -d w_after -c "SELECT string_agg(attrelid::regclass || '.' || attname || ' ' || attnotnull, ', ' ORDER BY attrelid::regclass::text)
                        FROM pg_attribute WHERE attrelid IN ('c'::regclass, 'e'::regclass) AND attname = 'p_id'") $(q -d w_after -c "SELECT count(*) FROM pg_constraint WHERE conname LIKE 'uidext1\\_%'")" \
    "c.p_id true, e.p_id true 0"
check "after: revert: every row written after the swap is there, with its references (names and their parents' names)" \
    "$(q -d w_after -c "SELECT string_agg(x, ' ' ORDER BY x) FROM (
        SELECT a.name || '>' || b.name AS x FROM p a JOIN p b ON b.id = a.up WHERE a.name LIKE 'after-%'
        UNION ALL SELECT a.name || '>>' || b.name FROM p a JOIN p b ON b.id = a.boss WHERE a.name LIKE 'after-%'
        UNION ALL SELECT 'c:' || c.note || '>' || p.name FROM c JOIN p ON p.id = c.p_id WHERE c.note LIKE 'after-%' OR c.note = 'c2'
        UNION ALL SELECT 'd:' || d.note || '>' || p.name FROM d JOIN p ON p.id = d.p_id WHERE d.note LIKE 'after-%'
        UNION ALL SELECT 'e:' || e.note || '>' || p.name FROM e JOIN p ON p.id = e.p_id WHERE e.note LIKE 'after-%'
        UNION ALL SELECT 'u:' || u.slot || '>' || p.name FROM u JOIN p ON p.id = u.p_id WHERE u.slot IN ('s1', 'cascade')) s")" \
    "after-copy-1>after-copy-2 after-dself-1>>after-dself-2 after-insel-1>after-insel-2 after-multirow-1>after-multirow-2 c:after-cte>after-cte c:c2>after-upd d:after-deferred-d>after-deferred-d d:after-replica>after-upsert e:after-deferred-e>after-deferred-e u:cascade>pc u:s1>after-upsert"
check "after: revert: no orphan, the six foreign keys back on the bigint key and validated" \
    "$(q -d w_after -c "SELECT (SELECT count(*) FROM c WHERE p_id NOT IN (SELECT id FROM p)) + (SELECT count(*) FROM e WHERE p_id NOT IN (SELECT id FROM p))
                         + (SELECT count(*) FROM d WHERE p_id NOT IN (SELECT id FROM p)) + (SELECT count(*) FROM u WHERE p_id NOT IN (SELECT id FROM p))
                         + (SELECT count(*) FROM p WHERE up NOT IN (SELECT id FROM p) OR boss NOT IN (SELECT id FROM p))") $(q -d w_after -c "SELECT count(*) FILTER (WHERE convalidated AND format_type(a.atttypid, NULL) = 'bigint') FROM pg_constraint k
                           JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] WHERE contype = 'f' AND confrelid = 'p'::regclass")" "0 6"
finish
