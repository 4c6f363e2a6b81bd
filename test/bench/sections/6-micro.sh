# Section 6: the core's C++ steps alone (test/bench/micro.cpp, Google Benchmark), CPU ns per
# operation; every repetition is kept and the report takes the median.

section_micro() {
    echo "== 6. core C++ microbenchmarks ($BENCH_MICRO_REPS repetitions of ${BENCH_MICRO_MIN_TIME}s)"
    local csv="$BENCH_OUT/micro.csv"
    "$BENCH_OUT/micro" --benchmark_repetitions="$BENCH_MICRO_REPS" --benchmark_min_time="$BENCH_MICRO_MIN_TIME" \
        --benchmark_format=csv >"$csv" 2>"$BENCH_OUT/micro.log" || { cat "$BENCH_OUT/micro.log"; return 1; }
    # Rows: name,iterations,real_time,cpu_time,time_unit,...; aggregates end in _mean etc.
    awk -F, -v raw="$BENCH_RAW" '
        $1 ~ /^"?BM_/ && $1 !~ /_(mean|median|stddev|cv)"?$/ {
            name = $1; gsub(/"/, "", name); sub(/^BM_/, "", name)
            if ($5 != "ns") { print "unexpected time unit " $5 > "/dev/stderr"; exit 1 }
            printf "micro,%s,%d,ns_per_op,%s,ns\n", name, ++rep[name], $4 >> raw
        }' "$csv"
}
