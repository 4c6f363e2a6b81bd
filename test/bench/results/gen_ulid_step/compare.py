# Pools the before-N and after-N runs (test/bench/run-bench --sections 1,2) saved here and
# prints medians, minimums and per-repetition paired ratios: python3 compare.py DIR
import csv, statistics as st, sys, collections
def load(path):
    d = collections.defaultdict(dict)   # (section, case, rep) -> metric -> value
    rows = {}
    for r in csv.reader(open(path)):
        if len(r) < 6: continue
        sec, case, rep, metric, value, unit = r[:6]
        if sec == 'ins' and case == '_': rows['ins'] = float(value); continue
        d[(sec, case, rep)][metric] = float(value)
    return d, rows
sides = {}
for side in ('before', 'after'):
    per = collections.defaultdict(list)   # case -> list of ns/row (gen) ; paired ratios
    ratios = collections.defaultdict(list)
    ins = collections.defaultdict(lambda: collections.defaultdict(list))
    for pair in (1, 2):
        d, rows = load(f'{sys.argv[1]}/{side}-{pair}-raw.csv')
        reps = sorted({k[2] for k in d if k[0] == 'gen'})
        for rep in reps:
            g = {k[1]: v['cpu_ns'] / v['rows'] for k, v in d.items() if k[0] == 'gen' and k[2] == rep and 'cpu_ns' in v}
            for c, v in g.items(): per[c].append(v)
            for c in ('gen_ulid()', 'gen_monotonic_ulid()', 'gen_ulid(now())', 'uuidv7()'):
                ratios[(c, '/ no call')].append(g[c] / g['no call: count(x)'])
                ratios[(c, '/ bare')].append(g[c] / g['bare call: bench_bare_uuid()'])
                ratios[(c, 'net')].append(g[c] - g['no call: count(x)'])
            for c in ('[lean] gen_ulid()', '[lean] gen_monotonic_ulid()'):
                ratios[(c, 'net')].append(g[c] - g['[lean] no call: count(x)'])
        n = rows['ins']
        for (sec, case, rep), v in d.items():
            if sec != 'ins': continue
            ins[case]['cpu_s'].append(v['cpu_ns'] / 1e9); ins[case]['wall_s'].append(v['wall_ns'] / 1e9)
            ins[case]['idx'].append(v['index_bytes'] / n)
        for rep in sorted({k[2] for k in d if k[0] == 'ins'}):
            a = d[('ins', 'gen_ulid()', rep)]; b = d[('ins', 'gen_monotonic_ulid()', rep)]; c = d[('ins', 'gen_random_uuid()', rep)]
            ratios[('ins gen_ulid/mono', 'cpu')].append(a['cpu_ns'] / b['cpu_ns'])
            ratios[('ins gen_ulid/mono', 'wall')].append(a['wall_ns'] / b['wall_ns'])
            ratios[('ins gen_ulid/gen_random_uuid', 'cpu')].append(a['cpu_ns'] / c['cpu_ns'])
            ratios[('ins mono/gen_random_uuid', 'cpu')].append(b['cpu_ns'] / c['cpu_ns'])
    sides[side] = (per, ratios, ins, n)
    print(f'==== {side}: generation ns/row over {len(per["gen_ulid()"])} reps (median, min)')
    for c in ('no call: count(x)', 'bare call: bench_bare_uuid()', 'gen_ulid()', 'gen_ulid(now())', 'gen_monotonic_ulid()', 'uuidv7()', 'gen_random_uuid()', '[lean] no call: count(x)', '[lean] bare call: bench_bare_uuid()', '[lean] gen_ulid()', '[lean] gen_monotonic_ulid()'):
        print(f'  {c:40s} {st.median(per[c]):8.1f} {min(per[c]):8.1f}')
    print('  paired per-rep ratios (median):')
    for k, v in ratios.items():
        print(f'  {k[0]:32s} {k[1]:10s} median {st.median(v):7.3f}  all {" ".join(f"{x:.3f}" for x in v)}')
    print(f'  insert ({int(n)} rows, {len(ins["gen_ulid()"]["cpu_s"])} reps): median cpu s, wall s, index B/row')
    for c, m in ins.items():
        print(f'  {c:30s} {st.median(m["cpu_s"]):7.2f} {st.median(m["wall_s"]):7.2f} {st.median(m["idx"]):6.1f}')
b, a = sides['before'], sides['after']
print('==== after / before')
for c in ('gen_ulid()', '[lean] gen_ulid()', 'gen_monotonic_ulid()', 'no call: count(x)'):
    print(f'  {c:30s} median {st.median(a[0][c]) / st.median(b[0][c]):.3f}  min {min(a[0][c]) / min(b[0][c]):.3f}')
for k in (('gen_ulid()', '/ no call'), ('gen_ulid()', '/ bare'), ('gen_ulid()', 'net'), ('[lean] gen_ulid()', 'net')):
    print(f'  {k} after/before of medians: {st.median(a[1][k]) / st.median(b[1][k]):.3f}')
