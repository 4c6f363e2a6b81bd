# Section 7: the UUID family (1.1) against contrib's uuid-ossp, on server "conn", where
# uuid-ossp is in public and uidext_ossp in schema uidext_ossp.
#  - cost per value, as section 1 (SELECT count(f()) FROM generate_series(1, N); uuid-ossp cases
#    on N/10 rows): uuidv1(), uuidv6() and uidext_ossp's uuid_generate_v1() against uuid-ossp's
#    uuid_generate_v1(); uuidv3/uuidv5 and uidext_ossp's v3/v5 against uuid-ossp's on 20-byte
#    names made from the row number (the "name only" case costs the same query without hashing);
#    uidext_ossp's uuid_generate_v4() against uuid-ossp's and gen_random_uuid();
#  - bulk insert of uuidv6() keys into a primary key against uuidv7(), as section 2.
FAM_NS="'6ba7b810-9dad-11d1-80b4-00c04fd430c8'::uuid"
FAM_NAME="'customer-' || lpad(x::text, 11, '0')"  # 20 bytes

section_uuid_family() {
    echo "== 7. UUID family vs uuid-ossp ($BENCH_GEN_ROWS rows, $BENCH_GEN_REPS repetitions; insert $BENCH_INSERT_ROWS rows, $BENCH_FAM_INSERT_REPS repetitions)"
    local cases=(
        "no call: count(x)|x"
        "gen_random_uuid()|gen_random_uuid()"
        "uuidv7()|public.uuidv7()"
        "uuidv1()|uuidv1()"
        "uuidv6()|uuidv6()"
        "uidext_ossp uuid_generate_v1()|uidext_ossp.uuid_generate_v1()"
        "uuid-ossp uuid_generate_v1()|public.uuid_generate_v1()"
        "uidext_ossp uuid_generate_v4()|uidext_ossp.uuid_generate_v4()"
        "uuid-ossp uuid_generate_v4()|public.uuid_generate_v4()"
        "name only: count(name)|$FAM_NAME"
        "uuidv3() [20-byte name]|uuidv3($FAM_NS, $FAM_NAME)"
        "uidext_ossp uuid_generate_v3() [20-byte name]|uidext_ossp.uuid_generate_v3($FAM_NS, $FAM_NAME)"
        "uuid-ossp uuid_generate_v3() [20-byte name]|public.uuid_generate_v3($FAM_NS, $FAM_NAME)"
        "uuidv5() [20-byte name]|uuidv5($FAM_NS, $FAM_NAME)"
        "uidext_ossp uuid_generate_v5() [20-byte name]|uidext_ossp.uuid_generate_v5($FAM_NS, $FAM_NAME)"
        "uuid-ossp uuid_generate_v5() [20-byte name]|public.uuid_generate_v5($FAM_NS, $FAM_NAME)"
    )
    cluster_use conn
    # The same names hash to the same values in uuid-ossp and in uidext (UTF8 database).
    local same
    same=$(psql -X -tA -c "SELECT count(*) FILTER (WHERE uuidv5($FAM_NS, n) = public.uuid_generate_v5($FAM_NS, n)
                                                   AND uuidv3($FAM_NS, n) = uidext_ossp.uuid_generate_v3($FAM_NS, n))
                           FROM (SELECT $FAM_NAME AS n FROM generate_series(1, 1000) x) s") || return 1
    [ "$same" = 1000 ] || { echo "uuidv3/uuidv5 disagree with uuid-ossp on the benchmark's names ($same of 1000 equal)" >&2; return 1; }
    local n=${#cases[@]} rep i c script
    for rep in $(seq 1 "$BENCH_GEN_REPS"); do
        script="$BENCH_OUT/fam-$rep.sql"
        echo "$GEN_PROLOGUE" >"$script"
        for i in $(seq 0 $((n - 1))); do
            c=${cases[$(((i + rep) % n))]}
            gen_measure "$script" "${c%%|*}" "${c#*|}" "$rep" fam
        done
        sql_run "$script" "fam-$rep" || return 1
        echo "   repetition $rep done"
    done
    record fam_ins _ 0 rows "$BENCH_INSERT_ROWS" rows
    insert_cases fam_ins "$BENCH_INSERT_ROWS" "$BENCH_FAM_INSERT_REPS" \
        "uuidv6()|uuid PRIMARY KEY|uuidv6()" "uuidv7()|uuid PRIMARY KEY|public.uuidv7()"
}
