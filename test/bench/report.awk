# Turns out/raw.csv (section,case,rep,metric,value,unit; one line per sample) into the tables
# on stdout, out/summary.csv (medians) and the plot's data files. Plain awk (mawk): no asort.
#   awk -F, -v out=DIR -f report.awk raw.csv
BEGIN { FS = "," }

{
    key = $1 SUBSEP $2 SUBSEP $4
    n[key]++
    v[key, n[key]] = $5 + 0
    unit[key] = $6
    if (!(($1 SUBSEP $2) in seen)) { seen[$1 SUBSEP $2] = 1; cases[$1, ++ncases[$1]] = $2 }
    if (!(($1 SUBSEP $2 SUBSEP $4) in mseen)) { mseen[key] = 1; keys[++nkeys] = key }
}

# Median (mean of the middle two for an even count) of the samples of (section, case, metric);
# "" when there are none.
function med(s, c, m,    k, i, j, t, a, cnt) {
    k = s SUBSEP c SUBSEP m
    cnt = n[k]
    if (!cnt) return ""
    for (i = 1; i <= cnt; i++) a[i] = v[k, i]
    for (i = 2; i <= cnt; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    lo = a[1]; hi = a[cnt]
    return cnt % 2 ? a[(cnt + 1) / 2] : (a[cnt / 2] + a[cnt / 2 + 1]) / 2
}

# Median of a[1..cnt] (sorts a).
function med_arr(a, cnt,    i, j, t) {
    if (!cnt) return ""
    for (i = 2; i <= cnt; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return cnt % 2 ? a[(cnt + 1) / 2] : (a[cnt / 2] + a[cnt / 2 + 1]) / 2
}

# Median over repetitions of metric m of case a divided by the same repetition's of case b:
# adjacent runs share the machine's load of the moment, so their ratio is steadier.
function paired(s, a, b, m,    ka, kb, i, r, cnt) {
    ka = s SUBSEP a SUBSEP m; kb = s SUBSEP b SUBSEP m
    cnt = n[ka] < n[kb] ? n[ka] : n[kb]
    for (i = 1; i <= cnt; i++) r[i] = v[kb, i] ? v[ka, i] / v[kb, i] : 0
    return med_arr(r, cnt)
}

# Backend CPU ns per row of a generation case (section "gen" unless s is given).
function per_row(c, s,    r) {
    if (s == "") s = "gen"
    r = med(s, c, "rows")
    return r == "" ? "" : med(s, c, "cpu_ns") / r
}

# One ratio line of section 7: case a's cost over case b's, whole query and net.
function fam_ratio(a, b) {
    printf "  %-50s / %-48s %8s (%s)\n", a, b, fmt(ratio(fam[a], fam[b]), "%.2f"), fmt(ratio(famnet[a], famnet[b]), "%.2f")
}

function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "" : a / b }
function fmt(x, f) { return x == "" ? "-" : sprintf(f, x) }

# One line per target: the measured ratio, the limit and the verdict.
function target(what, x, limit, op,    ok) {
    if (x == "") { printf "  %-78s      -   (not measured)\n", what; return }
    ok = op == "<=" ? x <= limit : x >= limit
    printf "  %-78s %7.3f %s %-5s %s\n", what, x, op, limit, ok ? "MET" : "MISSED"
    if (!ok) missed++
}

# The same for a measurement that is not one of the stated targets (not counted).
function info(what, x, limit, op,    ok) {
    if (x == "") return
    ok = op == "<=" ? x <= limit : x >= limit
    printf "  %-78s %7.3f %s %-5s %s\n", what, x, op, limit, ok ? "(met)" : "(missed; informational)"
}

END {
    # -- summary.csv: medians of every (section, case, metric)
    sum = out "/summary.csv"
    print "section,case,metric,samples,median,min,max,unit" > sum
    for (i = 1; i <= nkeys; i++) {
        split(keys[i], p, SUBSEP)
        m = med(p[1], p[2], p[3])
        printf "%s,%s,%s,%d,%.6g,%.6g,%.6g,%s\n", p[1], p[2], p[3], n[keys[i]], m, lo, hi, unit[keys[i]] > sum
    }

    # -- 1. generation
    if (ncases["gen"]) {
        bare = per_row("bare call: bench_bare_uuid()")
        nocall = per_row("no call: count(x)")
        rnd = per_row("gen_random_uuid()")
        printf "\n1. Generation: SELECT count(f()) FROM generate_series(1, %d), backend CPU ns per row (median of %d)\n", med("gen", "gen_ulid()", "rows"), n["gen" SUBSEP "gen_ulid()" SUBSEP "cpu_ns"]
        printf "%-40s %9s %17s %9s %8s %8s %10s %8s\n", "function", "ns/row", "min-max", "wall ns", "x bare", "x no-call", "gen_rnd/f", "net ns"
        for (i = 1; i <= ncases["gen"]; i++) {
            c = cases["gen", i]
            if (c ~ /^\[lean\]/) continue
            rows = med("gen", c, "rows")
            x = med("gen", c, "cpu_ns") / rows; xl = lo / rows; xh = hi / rows
            w = med("gen", c, "wall_ns") / rows
            printf "%-40s %9.1f %8.1f-%-8.1f %9.1f %8s %8s %10s %8.1f\n", c, x, xl, xh, w,
                fmt(ratio(x, bare), "%.2f"), fmt(ratio(x, nocall), "%.2f"), fmt(ratio(rnd, x), "%.1f"), x - nocall
            # Plot data: uidext's generators blue, the others grey.
            if (c !~ /^no call/)
                printf "\"%s\" %.1f %d\n", c, x, c ~ /^(gen_ulid|gen_monotonic|gen_uuidv|uuidv7|uuidv4)/ ? 4881077 : 10066329 > (out "/gen.dat")
        }
        gen_ok = 1
        lbare = per_row("[lean] bare call: bench_bare_uuid()")
        lnocall = per_row("[lean] no call: count(x)")
        lrnd = per_row("[lean] gen_random_uuid()")
        if (lbare != "") {
            printf "\n1b. The same over the cheapest row source, SELECT count(f()) FROM (SELECT generate_series(1, N)) s\n"
            printf "%-40s %9s %17s %9s %8s %8s %10s %8s\n", "function", "ns/row", "min-max", "wall ns", "x bare", "x no-call", "gen_rnd/f", "net ns"
            for (i = 1; i <= ncases["gen"]; i++) {
                c = cases["gen", i]
                if (c !~ /^\[lean\]/) continue
                rows = med("gen", c, "rows")
                x = med("gen", c, "cpu_ns") / rows; xl = lo / rows; xh = hi / rows
                printf "%-40s %9.1f %8.1f-%-8.1f %9.1f %8s %8s %10s %8.1f\n", c, x, xl, xh, med("gen", c, "wall_ns") / rows,
                    fmt(ratio(x, lbare), "%.2f"), fmt(ratio(x, lnocall), "%.2f"), fmt(ratio(lrnd, x), "%.1f"), x - lnocall
            }
        }
        printf "bare = %.1f\n", bare > (out "/plot-vars.gp")
    }

    # -- 2. bulk insert
    rows = med("ins", "_", "rows")
    if (rows != "") {
        rc = med("ins", "gen_random_uuid()", "cpu_ns"); rw = med("ins", "gen_random_uuid()", "wall_ns")
        printf "\n2. Bulk insert: INSERT INTO t SELECT f() FROM generate_series(1, %d), t(id PRIMARY KEY) (median of %d)\n", rows, n["ins" SUBSEP "gen_ulid()" SUBSEP "cpu_ns"]
        printf "%-28s %9s %9s %12s %12s %11s %10s\n", "generator", "CPU s", "wall s", "CPU/rnd", "wall/rnd", "index B/row", "heap B/row"
        for (i = 1; i <= ncases["ins"]; i++) {
            c = cases["ins", i]
            if (c == "_") continue
            xc = med("ins", c, "cpu_ns"); xw = med("ins", c, "wall_ns")
            printf "%-28s %9.2f %9.2f %12s %12s %11.1f %10.1f\n", c, xc / 1e9, xw / 1e9,
                fmt(ratio(xc, rc), "%.2f"), fmt(ratio(xw, rw), "%.2f"),
                med("ins", c, "index_bytes") / rows, med("ins", c, "heap_bytes") / rows
            printf "\"%s\" %.3f %.3f\n", c, xc / 1e9, xw / 1e9 > (out "/insert.dat")
        }
    }

    # -- 3. pgbench
    if (ncases["pgb"]) {
        printf "\n3. pgbench, 2 clients, INSERT INTO t DEFAULT VALUES (median of %d runs per server)\n", n["pgb" SUBSEP "gen_ulid() [conn]" SUBSEP "tps"]
        print "   t srv/conn = time per transaction server-wide / per-connection (= TPS conn / TPS server), of the medians;"
        print "   paired = the same, median over adjacent run pairs; CPU/tx = all server processes' CPU us per transaction"
        printf "%-24s %9s %9s %10s %10s %11s %11s %10s\n", "generator", "TPS conn", "TPS srv", "t srv/conn", "paired", "CPU/tx conn", "CPU/tx srv", "srv/conn"
        for (i = 1; i <= ncases["pgb"]; i++) {
            c = cases["pgb", i]
            if (c !~ /\[conn\]$/) continue
            g = substr(c, 1, length(c) - 7)
            tc = med("pgb", c, "tps"); ts = med("pgb", g " [server]", "tps")
            uc = med("pgb", c, "cpu_us_per_tx"); us = med("pgb", g " [server]", "cpu_us_per_tx")
            pr = paired("pgb", c, g " [server]", "tps")
            printf "%-24s %9.0f %9s %10s %10s %11.1f %11s %10s\n", g, tc, fmt(ts, "%.0f"), fmt(ratio(tc, ts), "%.2f"),
                fmt(pr, "%.2f"), uc, fmt(us, "%.1f"), fmt(ratio(us, uc), "%.2f")
            pgb_ratio[g] = ratio(tc, ts); pgb_pair[g] = pr; pgb_cpu[g] = ratio(us, uc)
        }
    }

    # -- 4. sort / hash
    rows = med("sort", "_", "rows")
    if (rows != "") {
        printf "\n4. Sort / hash over %d values, backend CPU ms (median of %d; paired = median of per-repetition ratios)\n", rows, n["sort" SUBSEP "sort ulid" SUBSEP "cpu_ns"]
        printf "%-10s %10s %10s %10s %8s %12s %12s\n", "operation", "uuid ms", "ulid ms", "ulid/uuid", "paired", "wall uuid", "wall ulid"
        split("sort hashagg hashjoin", kinds, " ")
        for (i = 1; i <= 3; i++) {
            a = med("sort", kinds[i] " uuid", "cpu_ns"); b = med("sort", kinds[i] " ulid", "cpu_ns")
            printf "%-10s %10.1f %10.1f %10s %8s %12.1f %12.1f\n", kinds[i], a / 1e6, b / 1e6, fmt(ratio(b, a), "%.3f"),
                fmt(paired("sort", kinds[i] " ulid", kinds[i] " uuid", "cpu_ns"), "%.3f"),
                med("sort", kinds[i] " uuid", "wall_ns") / 1e6, med("sort", kinds[i] " ulid", "wall_ns") / 1e6
            sort_ratio[kinds[i]] = ratio(b, a)
        }
    }

    # -- 5. text
    rows = med("text", "_", "rows")
    if (rows != "") {
        printf "\n5. Text conversion over %d values, backend CPU ms (median of %d); net = minus the scan case\n", rows, n["text" SUBSEP "input scan: count(ut)" SUBSEP "cpu_ns"]
        printf "%-44s %9s %9s %9s\n", "query", "ms", "net ms", "net ns/row"
        for (i = 1; i <= ncases["text"]; i++) {
            c = cases["text", i]
            if (c == "_") continue
            x = med("text", c, "cpu_ns")
            scan = med("text", (c ~ /^output/ ? "output scan: count(u)" : "input scan: count(ut)"), "cpu_ns")
            printf "%-44s %9.1f %9.1f %9.1f\n", c, x / 1e6, (x - scan) / 1e6, (x - scan) / rows
            tx[c] = x; tnet[c] = x - scan
        }
        out_raw = ratio(tx["output ulid: count(l::text)"], tx["output uuid: count(u::text)"])
        out_net = ratio(tnet["output ulid: count(l::text)"], tnet["output uuid: count(u::text)"])
        in_raw = ratio(tx["input ulid: count(lt::ulid)"], tx["input uuid: count(ut::uuid)"])
        in_net = ratio(tnet["input ulid: count(lt::ulid)"], tnet["input uuid: count(ut::uuid)"])
        printf "ulid/uuid: output %s (net %s), input %s (net %s)\n", fmt(out_raw, "%.3f"), fmt(out_net, "%.3f"), fmt(in_raw, "%.3f"), fmt(in_net, "%.3f")
    }

    # -- 6. microbenchmarks
    if (ncases["micro"]) {
        printf "\n6. Core C++ microbenchmarks (Google Benchmark, CPU ns per operation, median of %d)\n", n["micro" SUBSEP cases["micro", 1] SUBSEP "ns_per_op"]
        for (i = 1; i <= ncases["micro"]; i++) {
            c = cases["micro", i]
            printf "%-40s %8.2f\n", c, med("micro", c, "ns_per_op")
        }
    }

    # -- 7. UUID family vs uuid-ossp
    if (ncases["fam"]) {
        fnocall = per_row("no call: count(x)", "fam"); fname = per_row("name only: count(name)", "fam")
        printf "\n7. UUID family vs uuid-ossp: SELECT count(f()) FROM generate_series(1, %d), backend CPU ns per row (median of %d; uuid-ossp cases on %d rows)\n", med("fam", "uuidv1()", "rows"), n["fam" SUBSEP "uuidv1()" SUBSEP "cpu_ns"], med("fam", "uuid-ossp uuid_generate_v1()", "rows")
        print "   net = minus the no-call query (v3/v5 cases: minus the name-only query, which builds the same names)"
        printf "%-50s %9s %17s %9s %9s\n", "function", "ns/row", "min-max", "wall ns", "net ns"
        for (i = 1; i <= ncases["fam"]; i++) {
            c = cases["fam", i]
            rows = med("fam", c, "rows")
            x = med("fam", c, "cpu_ns") / rows; xl = lo / rows; xh = hi / rows
            base = c ~ /\[20-byte name\]$/ ? fname : fnocall
            printf "%-50s %9.1f %8.1f-%-8.1f %9.1f %9.1f\n", c, x, xl, xh, med("fam", c, "wall_ns") / rows, x - base
            fam[c] = x; famnet[c] = x - base
        }
        print "Ratios (whole query; net in parentheses)"
        split("uuidv1()|uuidv6()|uidext_ossp uuid_generate_v1()", v1s, "|")
        for (i = 1; i <= 3; i++) fam_ratio("uuid-ossp uuid_generate_v1()", v1s[i])
        fam_ratio("uuid-ossp uuid_generate_v3() [20-byte name]", "uuidv3() [20-byte name]")
        fam_ratio("uuid-ossp uuid_generate_v3() [20-byte name]", "uidext_ossp uuid_generate_v3() [20-byte name]")
        fam_ratio("uuid-ossp uuid_generate_v5() [20-byte name]", "uuidv5() [20-byte name]")
        fam_ratio("uuid-ossp uuid_generate_v5() [20-byte name]", "uidext_ossp uuid_generate_v5() [20-byte name]")
        fam_ratio("uuid-ossp uuid_generate_v4()", "uidext_ossp uuid_generate_v4()")
        fam_ratio("gen_random_uuid()", "uidext_ossp uuid_generate_v4()")
        fam_ratio("uuidv6()", "uuidv7()")
    }
    rows = med("fam_ins", "_", "rows")
    if (rows != "") {
        printf "\n7b. Bulk insert: INSERT INTO t SELECT f() FROM generate_series(1, %d), t(id uuid PRIMARY KEY) (median of %d)\n", rows, n["fam_ins" SUBSEP "uuidv6()" SUBSEP "cpu_ns"]
        printf "%-28s %9s %9s %11s %10s\n", "generator", "CPU s", "wall s", "index B/row", "heap B/row"
        for (i = 1; i <= ncases["fam_ins"]; i++) {
            c = cases["fam_ins", i]
            if (c == "_") continue
            printf "%-28s %9.2f %9.2f %11.1f %10.1f\n", c, med("fam_ins", c, "cpu_ns") / 1e9, med("fam_ins", c, "wall_ns") / 1e9,
                med("fam_ins", c, "index_bytes") / rows, med("fam_ins", c, "heap_bytes") / rows
        }
        ins6c = ratio(med("fam_ins", "uuidv6()", "cpu_ns"), med("fam_ins", "uuidv7()", "cpu_ns"))
        ins6w = ratio(med("fam_ins", "uuidv6()", "wall_ns"), med("fam_ins", "uuidv7()", "wall_ns"))
        ins6p = paired("fam_ins", "uuidv6()", "uuidv7()", "cpu_ns")
        ins6b = med("fam_ins", "uuidv6()", "index_bytes") / rows
        printf "uuidv6() / uuidv7(): CPU %s (paired %s), wall %s\n", fmt(ins6c, "%.3f"), fmt(ins6p, "%.3f"), fmt(ins6w, "%.3f")
    }

    # -- 9. GiST / GIN on ulid vs btree_gist / btree_gin on uuid
    rows = med("gg", "_", "rows")
    if (rows != "") {
        printf "\n9. GiST / GIN: ulid (uidext ulid_ops) vs uuid (btree_gist gist_uuid_ops, btree_gin uuid_ops), %d time-ordered values\n", rows
        printf "   backend CPU ms (median of %d builds, %d lookup runs; paired = median of per-repetition ratios)\n", n["gg" SUBSEP "gist build ulid" SUBSEP "cpu_ns"], n["gg" SUBSEP "gist equality ulid" SUBSEP "cpu_ns"]
        printf "   equality: %d probes, one index scan each; range: %d ranges of ~100 values (GIN: %d), one index scan each\n", med("gg", "_", "eq_probes"), med("gg", "_", "range_probes"), med("gg", "_", "gin_range_probes")
        printf "%-14s %10s %10s %10s %8s %10s %9s %9s %9s\n", "operation", "uuid ms", "ulid ms", "ulid/uuid", "paired", "wall u/u", "uuid MB", "ulid MB", "size u/u"
        split("gist build|gist equality|gist range|gin build|gin equality|gin range", ggops, "|")
        for (i = 1; i <= 6; i++) {
            a = med("gg", ggops[i] " uuid", "cpu_ns"); b = med("gg", ggops[i] " ulid", "cpu_ns")
            sa = med("gg", ggops[i] " uuid", "index_bytes"); sb = med("gg", ggops[i] " ulid", "index_bytes")
            printf "%-14s %10.1f %10.1f %10s %8s %10s %9s %9s %9s\n", ggops[i], a / 1e6, b / 1e6, fmt(ratio(b, a), "%.3f"),
                fmt(paired("gg", ggops[i] " ulid", ggops[i] " uuid", "cpu_ns"), "%.3f"),
                fmt(ratio(med("gg", ggops[i] " ulid", "wall_ns"), med("gg", ggops[i] " uuid", "wall_ns")), "%.3f"),
                fmt(sa == "" ? "" : sa / 1048576, "%.1f"), fmt(sb == "" ? "" : sb / 1048576, "%.1f"), fmt(ratio(sb, sa), "%.3f")
            gg_ratio[ggops[i]] = ratio(b, a)
            gg_size[ggops[i]] = ratio(sb, sa)
        }
    }

    # -- targets
    print "\nTargets (ratios measured in this run)"
    if (gen_ok) {
        for (i = 1; i <= ncases["gen"]; i++) {
            c = cases["gen", i]
            if (c !~ /^(gen_ulid|gen_monotonic|gen_uuidv|uuidv7|uuidv4)/) continue
            x = per_row(c)
            target(c " / bare call", ratio(x, bare), 1.3, "<=")
            target("gen_random_uuid() / " c, ratio(rnd, x), 8, ">=")
        }
        for (i = 1; i <= ncases["gen"]; i++) {
            c = cases["gen", i]
            if (c !~ /^\[lean\] (gen_ulid|gen_monotonic|gen_uuidv|uuidv7|uuidv4)/) continue
            x = per_row(c)
            info(c " / bare call", ratio(x, lbare), 1.3, "<=")
            info("gen_random_uuid() / " c, ratio(lrnd, x), 8, ">=")
        }
    }
    if (ncases["pgb"]) {
        target("pgbench gen_monotonic_ulid() server-wide / per-connection (time/tx, paired)", pgb_pair["gen_monotonic_ulid()"], 1.2, "<=")
        target("pgbench gen_monotonic_uuidv7() server-wide / per-connection (time/tx, paired)", pgb_pair["gen_monotonic_uuidv7()"], 1.2, "<=")
        info("pgbench gen_monotonic_ulid() server-wide / per-connection (time/tx, medians)", pgb_ratio["gen_monotonic_ulid()"], 1.2, "<=")
        info("pgbench gen_monotonic_uuidv7() server-wide / per-connection (time/tx, medians)", pgb_ratio["gen_monotonic_uuidv7()"], 1.2, "<=")
        target("pgbench gen_monotonic_ulid() server-wide / per-connection (CPU/tx)", pgb_cpu["gen_monotonic_ulid()"], 1.2, "<=")
        target("pgbench gen_monotonic_uuidv7() server-wide / per-connection (CPU/tx)", pgb_cpu["gen_monotonic_uuidv7()"], 1.2, "<=")
    }
    rows = med("ins", "_", "rows")
    if (rows != "") {
        split("gen_monotonic_ulid() gen_monotonic_uuidv7() uuidv7() gen_ulid()", gl, " ")
        for (i = 1; i <= 4; i++) {
            lim = gl[i] == "gen_ulid()" ? 0.6 : 0.35
            target("insert " gl[i] " / gen_random_uuid() (wall)", ratio(med("ins", gl[i], "wall_ns"), rw), lim, "<=")
            target("insert " gl[i] " / gen_random_uuid() (backend CPU)", ratio(med("ins", gl[i], "cpu_ns"), rc), lim, "<=")
            if (lim == 0.35) target("insert " gl[i] " index bytes/row", med("ins", gl[i], "index_bytes") / rows, 32, "<=")
        }
    }
    if (med("sort", "_", "rows") != "") {
        target("sort ulid / uuid", sort_ratio["sort"], 1.05, "<=")
        target("hash aggregate ulid / uuid", sort_ratio["hashagg"], 1.05, "<=")
        target("hash join ulid / uuid", sort_ratio["hashjoin"], 1.05, "<=")
    }
    if (med("text", "_", "rows") != "") {
        target("text output ulid / uuid (whole query)", out_raw, 1.0, "<=")
        target("text output ulid / uuid (net of scan)", out_net, 1.0, "<=")
        target("text input ulid / uuid (whole query)", in_raw, 0.5, "<=")
        target("text input ulid / uuid (net of scan)", in_net, 0.5, "<=")
    }
    if (ncases["fam"]) {
        target("uuid-ossp uuid_generate_v1() / uuidv1()", ratio(fam["uuid-ossp uuid_generate_v1()"], fam["uuidv1()"]), 30, ">=")
        target("uuid-ossp uuid_generate_v1() / uuidv6()", ratio(fam["uuid-ossp uuid_generate_v1()"], fam["uuidv6()"]), 30, ">=")
        target("uuid-ossp uuid_generate_v3() / uuidv3() (20-byte names)", ratio(fam["uuid-ossp uuid_generate_v3() [20-byte name]"], fam["uuidv3() [20-byte name]"]), 2, ">=")
        target("uuid-ossp uuid_generate_v5() / uuidv5() (20-byte names)", ratio(fam["uuid-ossp uuid_generate_v5() [20-byte name]"], fam["uuidv5() [20-byte name]"]), 2, ">=")
        target("uuid-ossp uuid_generate_v4() / uidext_ossp uuid_generate_v4()", ratio(fam["uuid-ossp uuid_generate_v4()"], fam["uidext_ossp uuid_generate_v4()"]), 15, ">=")
        info("uuid-ossp uuid_generate_v3() / uidext_ossp's (20-byte names)", ratio(fam["uuid-ossp uuid_generate_v3() [20-byte name]"], fam["uidext_ossp uuid_generate_v3() [20-byte name]"]), 2, ">=")
        info("uuid-ossp uuid_generate_v5() / uidext_ossp's (20-byte names)", ratio(fam["uuid-ossp uuid_generate_v5() [20-byte name]"], fam["uidext_ossp uuid_generate_v5() [20-byte name]"]), 2, ">=")
    }
    if (med("fam_ins", "_", "rows") != "") {
        target("insert uuidv6() / uuidv7() (backend CPU)", ins6c, 1.1, "<=")
        target("insert uuidv6() / uuidv7() (wall)", ins6w, 1.1, "<=")
        target("insert uuidv6() index bytes/row", ins6b, 32, "<=")
    }
    if (med("gg", "_", "rows") != "") {
        target("GiST build ulid / btree_gist uuid (backend CPU)", gg_ratio["gist build"], 1.0, "<=")
        target("GiST index size ulid / btree_gist uuid", gg_size["gist build"], 1.0, "<=")
        target("GiST equality lookups ulid / btree_gist uuid", gg_ratio["gist equality"], 1.0, "<=")
        target("GiST range lookups ulid / btree_gist uuid", gg_ratio["gist range"], 1.0, "<=")
        target("GIN build ulid / btree_gin uuid (backend CPU)", gg_ratio["gin build"], 1.0, "<=")
        info("GIN index size ulid / btree_gin uuid", gg_size["gin build"], 1.0, "<=")
        target("GIN equality lookups ulid / btree_gin uuid", gg_ratio["gin equality"], 1.0, "<=")
        target("GIN range lookups ulid / btree_gin uuid", gg_ratio["gin range"], 1.0, "<=")
    }
    printf "%d target(s) missed\n", missed
}
