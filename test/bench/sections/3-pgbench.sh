# Section 3: concurrent single-row inserts. pgbench, 2 clients, a fixed duration, script
# "INSERT INTO t DEFAULT VALUES" where the generator is the key column's default; on the
# per-connection server ("conn") and on the server-wide one ("server": uidext preloaded), the
# two alternating run by run (so the ratio is also taken per adjacent pair). Besides TPS it records the servers' CPU time per transaction (all server
# processes, from /proc), which the other load on the shared vCPUs disturbs less than TPS.

section_pgbench() {
    echo "== 3. pgbench single-row inserts (2 clients, ${BENCH_PGBENCH_SECONDS}s, $BENCH_PGBENCH_REPS repetitions)"
    local gens=(
        "gen_random_uuid|uuid"
        "gen_uuidv7|uuid"
        "gen_ulid|ulid"
        "gen_monotonic_ulid|ulid"
        "gen_monotonic_uuidv7|uuid"
    )
    local g fn type s
    for s in conn server; do
        cluster_use "$s"
        for g in "${gens[@]}"; do
            fn=${g%%|*}; type=${g#*|}
            psql -X -q -v ON_ERROR_STOP=1 -c "CREATE TABLE pb_$fn (id $type PRIMARY KEY DEFAULT $fn())" || return 1
            echo "INSERT INTO pb_$fn DEFAULT VALUES;" >"$BENCH_OUT/pgbench-$fn.sql"
        done
        note "section 3: server '$s' reports uidext_monotonic_scope() = $(psql -X -tA -c 'SELECT uidext_monotonic_scope()')"
    done
    local n=${#gens[@]} rep i order log cpu0 cpu1 tps tx children
    for rep in $(seq 1 "$BENCH_PGBENCH_REPS"); do
        order="conn server"
        [ $((rep % 2)) = 0 ] && order="server conn"
        for i in $(seq 0 $((n - 1))); do
            fn=${gens[$(((i + rep) % n))]%%|*}
            for s in $order; do
                cluster_use "$s"
                psql -X -q -v ON_ERROR_STOP=1 -c "TRUNCATE pb_$fn" -c CHECKPOINT || return 1
                log="$BENCH_OUT/pgbench-$fn-$s-$rep.log"
                children=$(server_children "$(cluster_dir "$s")/data")
                cpu0=$(server_cpu_seconds "$(cluster_dir "$s")/data")
                pgbench -n -M prepared -c 2 -j 2 -T "$BENCH_PGBENCH_SECONDS" -f "$BENCH_OUT/pgbench-$fn.sql" >"$log" 2>&1 \
                    || { cat "$log"; return 1; }
                wait_for_backends_reaped "$(cluster_dir "$s")/data" "$children"
                cpu1=$(server_cpu_seconds "$(cluster_dir "$s")/data")
                tps=$(grep -oP '^tps = \K[0-9.]+' "$log" | head -1)
                tx=$(grep -oP 'actually processed: \K[0-9]+' "$log")
                [ -n "$tps" ] && [ -n "$tx" ] || { cat "$log"; return 1; }
                record pgb "$fn() [$s]" "$rep" tps "$tps" tx/s
                record pgb "$fn() [$s]" "$rep" cpu_us_per_tx \
                    "$(awk -v a="$cpu0" -v b="$cpu1" -v n="$tx" 'BEGIN { printf "%.2f", (b - a) * 1e6 / n }')" us
                echo "   repetition $rep: $fn() on $s: $tps tps"
            done
        done
    done
}
