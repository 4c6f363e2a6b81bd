# Section 4: sort, hash aggregate and hash join over N random values stored twice, as uuid
# (table bench_u, column u) and as ulid (table bench_l, column l, the same bytes in the same
# order). Same session, uuid and ulid alternating first, work_mem large enough that nothing
# spills (checked with EXPLAIN ANALYZE before the timed runs).

# The shared table of sections 4 and 5; built once per run.
ensure_kv_table() {
    cluster_use conn
    [ "$(psql -X -tA -c "SELECT to_regclass('bench_kv') IS NOT NULL")" = t ] && return 0
    echo "   building bench_kv ($BENCH_SORT_ROWS rows) and bench_txt"
    psql -X -q -v ON_ERROR_STOP=1 >/dev/null <<SQL || return 1
CREATE TABLE bench_kv AS SELECT u, u::ulid AS l FROM (SELECT uuidv4() AS u FROM generate_series(1, $BENCH_SORT_ROWS)) s;
CREATE TABLE bench_txt AS SELECT u::text AS ut, l::text AS lt FROM bench_kv;
CREATE TABLE bench_u AS SELECT u FROM bench_kv;
CREATE TABLE bench_l AS SELECT l FROM bench_kv;
VACUUM ANALYZE bench_kv;
VACUUM ANALYZE bench_txt;
VACUUM ANALYZE bench_u;
VACUUM ANALYZE bench_l;
SQL
}

SORT_SETTINGS="SET work_mem = '1GB'; SET enable_sort = on; SET enable_mergejoin = off; SET enable_nestloop = off"

# enable_sort = off makes the planner hash; hash joins are forced by SORT_SETTINGS.
sort_setting() {  # KIND
    if [ "$1" = sort ]; then echo "SET enable_sort = on"; else echo "SET enable_sort = off"; fi
}

sort_select() {  # KIND COLUMN (u or l, also naming the table)
    case $1 in
    sort) echo "SELECT $2 FROM bench_$2 ORDER BY $2 OFFSET $BENCH_SORT_ROWS" ;;
    hashagg) echo "SELECT count(*) FROM (SELECT $2 FROM bench_$2 GROUP BY $2) s" ;;
    hashjoin) echo "SELECT count(*) FROM bench_$2 a JOIN bench_$2 b ON a.$2 = b.$2" ;;
    esac
}

# Fails unless each query sorts in memory or hashes in one batch (runs each once).
check_sort_plans() {
    local kind col plan want
    for kind in sort hashagg hashjoin; do
        want="Batches: 1 "
        [ "$kind" = sort ] && want="Sort Method: quicksort"
        for col in u l; do
            plan=$(psql -X -tA -v ON_ERROR_STOP=1 -c "$SORT_SETTINGS" -c "$(sort_setting "$kind")" \
                -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) $(sort_select "$kind" "$col")") || return 1
            echo "$plan" >>"$BENCH_OUT/sort-plans.log"
            if ! grep -q "$want" <<<"$plan"; then
                echo "section 4: plan of $kind on $col lacks '$want':" >&2
                echo "$plan" >&2
                return 1
            fi
        done
    done
}

section_sort_hash() {
    echo "== 4. sort / hash aggregate / hash join, ulid vs uuid ($BENCH_SORT_ROWS rows, $BENCH_SORT_REPS repetitions)"
    ensure_kv_table || return 1
    record sort _ 0 rows "$BENCH_SORT_ROWS" rows
    if [ "$BENCH_CHECK_PLANS" = 1 ]; then check_sort_plans || return 1; fi
    local rep kind col cols script
    script="$BENCH_OUT/sort.sql"
    echo "$SORT_SETTINGS;" >"$script"
    echo "SELECT count(*) FROM bench_u; SELECT count(*) FROM bench_l;" >>"$script"  # warm the buffers
    for rep in $(seq 1 "$BENCH_SORT_REPS"); do
        cols="u l"
        [ $((rep % 2)) = 0 ] && cols="l u"
        for kind in sort hashagg hashjoin; do
            for col in $cols; do
                local type=uuid
                [ "$col" = l ] && type=ulid
                sort_setting "$kind" >>"$script"
                echo ";" >>"$script"
                sql_measure "$script" sort "$kind $type" "$rep" "$(sort_select "$kind" "$col")"
            done
        done
    done
    sql_run "$script" sort || return 1
}
