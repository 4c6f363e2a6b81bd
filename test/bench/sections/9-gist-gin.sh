# Section 9: uidext's GiST and GIN operator classes for ulid against contrib's btree_gist
# (gist_uuid_ops) and btree_gin (uuid_ops) on the same N time-ordered ULIDs stored as ulid (table
# gg_l) and as uuid (table gg_u, the same bytes in the same order), in database bench_gg of
# server "conn" (so the contrib modules stay out of the other sections):
#  - index build (CREATE INDEX after the load, maintenance_work_mem=1GB) and index size;
#  - equality lookups: GG_EQ_PROBES existing values joined by a nested loop, one index probe each;
#  - range lookups: GG_RANGE_PROBES ranges of ~100 consecutive values, one index scan each (GIN:
#    the first GG_GIN_RANGE_PROBES of them: as in btree_gin, its >= and < are two partial-match
#    scans over everything above and below, ~0.2 s per range at 1 M rows for both opclasses).
# GiST lookups are index-only scans (fetch), GIN lookups bitmap scans; the plans are checked.
GG_EQ_PROBES=10000
GG_RANGE_PROBES=1000
GG_GIN_RANGE_PROBES=50

gg_psql() { psql -X -q -v ON_ERROR_STOP=1 -d bench_gg "$@"; }

gg_setup() {
    cluster_use conn
    if [ "$(psql -X -tA -c "SELECT count(*) FROM pg_available_extensions WHERE name IN ('btree_gist', 'btree_gin')")" != 2 ]; then
        note "section 9 skipped: btree_gist or btree_gin is not available on $("$PG_CONFIG" --version) (Debian: postgresql-contrib)"
        return 2
    fi
    psql -X -q -c "DROP DATABASE IF EXISTS bench_gg" -c "CREATE DATABASE bench_gg" >/dev/null || return 1
    echo "   building gg_l / gg_u ($BENCH_GG_ROWS time-ordered ULIDs, one every 2.6 s from 2024-01-01, in time order)"
    gg_psql >/dev/null <<SQL || return 1
CREATE EXTENSION uidext;
CREATE EXTENSION btree_gist;
CREATE EXTENSION btree_gin;
CREATE TABLE gg_l (l ulid);
CREATE TABLE gg_u (u uuid);
INSERT INTO gg_l SELECT gen_ulid('2024-01-01 00:00:00+00'::timestamptz + i * interval '2.6 s')
FROM generate_series(1, $BENCH_GG_ROWS) i;
INSERT INTO gg_u SELECT l::uuid FROM gg_l;
-- Probes in random order: existing values, and ranges of ~100 values from a random start.
CREATE TABLE gg_eq AS SELECT l, l::uuid AS u FROM gg_l ORDER BY random() LIMIT $GG_EQ_PROBES;
CREATE TABLE gg_range AS
SELECT lo AS lo_l, hi AS hi_l, lo::uuid AS lo_u, hi::uuid AS hi_u
FROM (SELECT l AS lo, lead(l, 100) OVER (ORDER BY l) AS hi FROM gg_l) s
WHERE hi IS NOT NULL ORDER BY random() LIMIT $GG_RANGE_PROBES;
CREATE TABLE gg_range_gin AS SELECT * FROM gg_range LIMIT $GG_GIN_RANGE_PROBES;
VACUUM ANALYZE gg_l;
VACUUM ANALYZE gg_u;
VACUUM ANALYZE gg_eq;
VACUUM ANALYZE gg_range;
VACUUM ANALYZE gg_range_gin;
SQL
}

# The lookup queries; COL is l or u (also naming the table and the probe columns), KIND picks
# the range probes.
gg_eq_query() { echo "SELECT count(*) FROM gg_eq p JOIN gg_$1 t ON t.$1 = p.$1"; }
gg_range_query() {  # COL KIND
    local probes=gg_range
    [ "$2" = gin ] && probes=gg_range_gin
    echo "SELECT sum((SELECT count(*) FROM gg_$1 t WHERE t.$1 >= p.lo_$1 AND t.$1 < p.hi_$1)) FROM $probes p"
}

GG_GIST_SETTINGS="SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off"
GG_GIN_SETTINGS="SET enable_seqscan = off; SET enable_bitmapscan = on; SET enable_hashjoin = off; SET enable_mergejoin = off"

# Fails unless every lookup query scans the index it is meant to (runs EXPLAIN only).
gg_check_plans() {  # KIND SETTINGS WANT (e.g. "Index Only Scan using gg_%_gist")
    local col plan want
    for col in l u; do
        want=${3//%/$col}
        for query in "$(gg_eq_query "$col")" "$(gg_range_query "$col" "$1")"; do
            plan=$(gg_psql -tA -c "$2" -c "EXPLAIN (COSTS OFF) $query") || return 1
            echo "$plan" >>"$BENCH_OUT/gist-gin-plans.log"
            if ! grep -q "$want" <<<"$plan"; then
                echo "section 9: the plan of \"$query\" lacks '$want':" >&2
                echo "$plan" >&2
                return 1
            fi
        done
    done
}

# Appends to SCRIPT: build the index of KIND (gist or gin) on both tables, REPS times, in
# alternating order, recording time and size; the last build of each stays.
gg_builds() {  # SCRIPT KIND REPS
    local script=$1 kind=$2 rep col cols opclass
    for rep in $(seq 1 "$3"); do
        cols="u l"
        [ $((rep % 2)) = 0 ] && cols="l u"
        for col in $cols; do
            local type=uuid
            [ "$col" = l ] && type=ulid
            opclass=""
            [ "$col" = u ] && [ "$kind" = gist ] && opclass=" gist_uuid_ops"
            [ "$col" = u ] && [ "$kind" = gin ] && opclass=" uuid_ops"
            echo "DROP INDEX IF EXISTS gg_${col}_$kind; CHECKPOINT;" >>"$script"
            sql_measure "$script" gg "$kind build $type" "$rep" "CREATE INDEX gg_${col}_$kind ON gg_$col USING $kind ($col$opclass)"
            cat >>"$script" <<EOF
SELECT pg_relation_size('gg_${col}_$kind') AS size \gset
\echo R,gg,$kind build $type,$rep,index_bytes,:size,bytes
EOF
        done
    done
}

gg_lookups() {  # SCRIPT KIND REPS
    local script=$1 kind=$2 rep col cols
    echo "SELECT count(*) FROM gg_l; SELECT count(*) FROM gg_u;" >>"$script"  # warm the buffers
    for rep in $(seq 1 "$3"); do
        cols="u l"
        [ $((rep % 2)) = 0 ] && cols="l u"
        for col in $cols; do
            local type=uuid
            [ "$col" = l ] && type=ulid
            sql_measure "$script" gg "$kind equality $type" "$rep" "$(gg_eq_query "$col")"
            sql_measure "$script" gg "$kind range $type" "$rep" "$(gg_range_query "$col" "$kind")"
        done
    done
}

# sql_run against database bench_gg.
sql_run_db() { PGDATABASE=bench_gg sql_run "$@"; }

section_gist_gin() {
    echo "== 9. GiST / GIN on ulid vs btree_gist / btree_gin on uuid ($BENCH_GG_ROWS rows; builds x $BENCH_GG_BUILD_REPS, lookups x $BENCH_GG_LOOKUP_REPS)"
    gg_setup
    case $? in 0) ;; 2) return 0 ;; *) return 1 ;; esac
    record gg _ 0 rows "$BENCH_GG_ROWS" rows
    record gg _ 0 eq_probes "$GG_EQ_PROBES" probes
    record gg _ 0 range_probes "$GG_RANGE_PROBES" probes
    record gg _ 0 gin_range_probes "$GG_GIN_RANGE_PROBES" probes
    local kind script settings want
    for kind in gist gin; do
        script="$BENCH_OUT/gg-$kind.sql"
        echo "SET maintenance_work_mem = '1GB';" >"$script"
        gg_builds "$script" "$kind" "$BENCH_GG_BUILD_REPS"
        echo "VACUUM ANALYZE gg_l; VACUUM ANALYZE gg_u;" >>"$script"
        sql_run_db "$script" "gg-$kind-build" || return 1
        if [ "$kind" = gist ]; then
            settings=$GG_GIST_SETTINGS want="Index Only Scan using gg_%_gist"
        else
            settings=$GG_GIN_SETTINGS want="Bitmap Index Scan on gg_%_gin"
        fi
        if [ "$BENCH_CHECK_PLANS" = 1 ]; then gg_check_plans "$kind" "$settings" "$want" || return 1; fi
        echo "$settings;" >"$script"
        gg_lookups "$script" "$kind" "$BENCH_GG_LOOKUP_REPS"
        # Each kind's indexes go once measured, so the next kind's lookups cannot pick them.
        echo "DROP INDEX gg_l_$kind; DROP INDEX gg_u_$kind;" >>"$script"
        sql_run_db "$script" "gg-$kind-lookups" || return 1
    done
    psql -X -q -c "DROP DATABASE bench_gg" >/dev/null
}
