# Section 1: generation cost per row, SELECT count(f()) FROM generate_series(1, N), every
# uidext generator against a no-call and a bare-call baseline and other generators.
# Cases run interleaved within each repetition (order rotated per repetition), so drifting
# load from other processes hits them all alike. Runs on server "conn"; the monotonic
# generators also on server "server" (shared_preload_libraries = uidext).
#
# generate_series in FROM is materialized in a tuplestore; at the default work_mem (4MB) it
# goes to a temporary file, which here costs ~130 ns/row LESS than 1e6 tuples held in memory,
# so the default is kept. An untimed warm-up query first sets the backend up.
# That row source still costs ~100 ns/row, which flattens every ratio to the bare call. The
# "[lean]" cases repeat the main generators over the cheapest row source there is,
# SELECT count(f()) FROM (SELECT generate_series(1, N)) s (a ProjectSet: ~30 ns/row), so the
# report can also show the ratios with little else in the row.
GEN_PROLOGUE="SELECT count(x) FROM generate_series(1, 1000000) x;"

# Cases whose label starts with "uuid-ossp" run on a tenth of the rows: at ~10 us per row
# they would otherwise take most of the section, and ns/row does not depend on the count.
gen_rows() {  # LABEL
    case $1 in uuid-ossp*) echo $((BENCH_GEN_ROWS / 10)) ;; *) echo "$BENCH_GEN_ROWS" ;; esac
}

gen_measure() {  # SCRIPT LABEL EXPRESSION REP [SECTION, default gen]
    local rows section=${5:-gen}; rows=$(gen_rows "$2")
    record "$section" "$2" "$4" rows "$rows" rows
    case $2 in
    "[lean]"*) sql_measure "$1" "$section" "$2" "$4" "SELECT count($3) FROM (SELECT generate_series(1, $rows) AS x) s" ;;
    *) sql_measure "$1" "$section" "$2" "$4" "SELECT count($3) FROM generate_series(1, $rows) x" ;;
    esac
}

section_generate() {
    echo "== 1. generation cost per row ($BENCH_GEN_ROWS rows, $BENCH_GEN_REPS repetitions)"
    local cases=(
        "no call: count(x)|x"
        "bare call: bench_bare_uuid()|bench_bare_uuid()"
        "clock_timestamp()|clock_timestamp()"
        "gen_random_uuid()|gen_random_uuid()"
        "gen_ulid()|gen_ulid()"
        "gen_ulid(now())|gen_ulid(now())"
        "gen_monotonic_ulid()|gen_monotonic_ulid()"
        "uuidv7()|public.uuidv7()"
        "gen_uuidv7()|gen_uuidv7()"
        "gen_monotonic_uuidv7()|gen_monotonic_uuidv7()"
        "uuidv4()|public.uuidv4()"
        "gen_uuidv4()|gen_uuidv4()"
        "[lean] no call: count(x)|x"
        "[lean] bare call: bench_bare_uuid()|bench_bare_uuid()"
        "[lean] gen_random_uuid()|gen_random_uuid()"
        "[lean] gen_ulid()|gen_ulid()"
        "[lean] gen_monotonic_ulid()|gen_monotonic_ulid()"
        "[lean] uuidv7()|public.uuidv7()"
        "[lean] gen_monotonic_uuidv7()|gen_monotonic_uuidv7()"
        "[lean] uuidv4()|public.uuidv4()"
    )
    cluster_use conn
    # uuid-ossp comes with Debian's postgresql-contrib; a source build may lack it.
    if [ "$(psql -X -tA -c "SELECT count(*) FROM pg_extension WHERE extname = 'uuid-ossp'")" = 1 ]; then
        cases+=("uuid-ossp uuid_generate_v4()|uuid_generate_v4()" "uuid-ossp uuid_generate_v1()|uuid_generate_v1()")
    else
        note "section 1: uuid-ossp is not installed on this server: skipped"
    fi
    if [ "$(psql -X -tA -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_uuidv7'")" = 1 ]; then
        # pg_uuidv7's uuid_generate_v7() has the same name as uidext's: give it its own schema.
        psql -X -q -c "CREATE SCHEMA pgu; CREATE EXTENSION pg_uuidv7 SCHEMA pgu" >/dev/null
        cases+=("pg_uuidv7 uuid_generate_v7()|pgu.uuid_generate_v7()")
    else
        note "section 1: pg_uuidv7 is not installed (no Debian package): skipped"
    fi
    if server_has_core_uuidv7; then
        cases+=("pg_catalog.uuidv7() (core)|pg_catalog.uuidv7()" "pg_catalog.uuidv4() (core)|pg_catalog.uuidv4()"
                "[lean] pg_catalog.uuidv7() (core)|pg_catalog.uuidv7()")
    else
        note "section 1: $CORE_UUIDV7_SKIPPED"
    fi
    local server_cases=(
        "gen_monotonic_ulid() [server-wide]|gen_monotonic_ulid()"
        "gen_monotonic_uuidv7() [server-wide]|gen_monotonic_uuidv7()"
    )
    local n=${#cases[@]} rep i c script
    for rep in $(seq 1 "$BENCH_GEN_REPS"); do
        script="$BENCH_OUT/gen-conn-$rep.sql"
        echo "$GEN_PROLOGUE" >"$script"
        for i in $(seq 0 $((n - 1))); do
            c=${cases[$(((i + rep) % n))]}
            gen_measure "$script" "${c%%|*}" "${c#*|}" "$rep"
        done
        cluster_use conn
        sql_run "$script" "gen-conn-$rep" || return 1
        script="$BENCH_OUT/gen-server-$rep.sql"
        echo "$GEN_PROLOGUE" >"$script"
        # The same no-call baseline on this server shows whether the two servers differ.
        gen_measure "$script" "no call: count(x) [server-wide]" x "$rep"
        for c in "${server_cases[@]}"; do
            gen_measure "$script" "${c%%|*}" "${c#*|}" "$rep"
        done
        cluster_use server
        sql_run "$script" "gen-server-$rep" || return 1
        echo "   repetition $rep done"
    done
}
