# Section 5: text output and input of ulid against uuid over the same N values (table
# bench_kv of section 4, and bench_txt holding their text forms). "scan" cases read the
# same columns without converting, so (case - scan) is the conversion's own cost.

section_text() {
    echo "== 5. text output and input, ulid vs uuid ($BENCH_SORT_ROWS rows, $BENCH_TEXT_REPS repetitions)"
    ensure_kv_table || return 1
    record text _ 0 rows "$BENCH_SORT_ROWS" rows
    local cases=(
        "output scan: count(u)|SELECT count(u) FROM bench_kv"
        "output uuid: count(u::text)|SELECT count(u::text) FROM bench_kv"
        "output ulid: count(l::text)|SELECT count(l::text) FROM bench_kv"
        "input scan: count(ut)|SELECT count(ut) FROM bench_txt"
        "input uuid: count(ut::uuid)|SELECT count(ut::uuid) FROM bench_txt"
        "input ulid: count(lt::ulid)|SELECT count(lt::ulid) FROM bench_txt"
        "input ulid from uuid text: count(ut::ulid)|SELECT count(ut::ulid) FROM bench_txt"
    )
    local n=${#cases[@]} rep i c script="$BENCH_OUT/text.sql"
    echo "SELECT count(*) FROM bench_kv; SELECT count(*) FROM bench_txt;" >"$script"  # warm the buffers
    for rep in $(seq 1 "$BENCH_TEXT_REPS"); do
        for i in $(seq 0 $((n - 1))); do
            c=${cases[$(((i + rep) % n))]}
            sql_measure "$script" text "${c%%|*}" "$rep" "${c#*|}"
        done
    done
    cluster_use conn
    sql_run "$script" text || return 1
}
