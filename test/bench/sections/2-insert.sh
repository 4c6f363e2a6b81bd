# Section 2: bulk insert, INSERT INTO t SELECT f() FROM generate_series(1, N), into a table
# whose only column is the PRIMARY KEY, per generator; plus the same insert without a key.
# Reports the time and the key's index size per row (pg_relation_size of the pkey / N).
# Each case starts from a fresh table after a CHECKPOINT; order rotates per repetition.

section_insert() {
    echo "== 2. bulk insert with a primary key ($BENCH_INSERT_ROWS rows, $BENCH_INSERT_REPS repetitions)"
    record ins _ 0 rows "$BENCH_INSERT_ROWS" rows
    local cases=(
        "no PK: gen_ulid()|ulid|gen_ulid()"
        "gen_random_uuid()|uuid PRIMARY KEY|gen_random_uuid()"
        "uuidv4()|uuid PRIMARY KEY|public.uuidv4()"
        "uuidv7()|uuid PRIMARY KEY|public.uuidv7()"
        "gen_ulid()|ulid PRIMARY KEY|gen_ulid()"
        "gen_monotonic_ulid()|ulid PRIMARY KEY|gen_monotonic_ulid()"
        "gen_monotonic_uuidv7()|uuid PRIMARY KEY|gen_monotonic_uuidv7()"
    )
    cluster_use conn
    if server_has_core_uuidv7; then
        cases+=("pg_catalog.uuidv7() (core)|uuid PRIMARY KEY|pg_catalog.uuidv7()")
    else
        note "section 2: $CORE_UUIDV7_SKIPPED"
    fi
    insert_cases ins "$BENCH_INSERT_ROWS" "$BENCH_INSERT_REPS" "${cases[@]}"
}

# Runs every case REPS times (order rotated per repetition) on the current server; a case is
# "label|column type|expression". Also used by section 7.
insert_cases() {  # SECTION ROWS REPS CASE...
    local section=$1 rows=$2 reps=$3; shift 3
    local cases=("$@")
    local n=${#cases[@]} rep i c label rest type fn script
    for rep in $(seq 1 "$reps"); do
        for i in $(seq 0 $((n - 1))); do
            c=${cases[$(((i + rep) % n))]}
            label=${c%%|*}; rest=${c#*|}; type=${rest%%|*}; fn=${rest#*|}
            script="$BENCH_OUT/$section-$rep-$i.sql"
            cat >"$script" <<SQL
DROP TABLE IF EXISTS bench_ins;
CREATE TABLE bench_ins (id $type);
CHECKPOINT;
SQL
            sql_measure "$script" "$section" "$label" "$rep" \
                "INSERT INTO bench_ins SELECT $fn FROM generate_series(1, $rows)"
            cat >>"$script" <<SQL
SELECT coalesce(sum(pg_relation_size(indexrelid)), 0) AS ib FROM pg_index WHERE indrelid = 'bench_ins'::regclass \gset
SELECT pg_relation_size('bench_ins') AS hb \gset
\echo R,$section,$label,$rep,index_bytes,:ib,bytes
\echo R,$section,$label,$rep,heap_bytes,:hb,bytes
DROP TABLE bench_ins;
SQL
            sql_run "$script" "$section-$rep-$i" || return 1
            echo "   repetition $rep: $label done"
        done
    done
}
