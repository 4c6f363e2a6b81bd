# Summarises interleaved.csv (made by interleave.sh): python3 interleaved.py interleaved.csv ROWS
import csv, statistics as st, collections, sys
d = collections.defaultdict(dict)
for side, rnd, case, ns in csv.reader(open(sys.argv[1])):
    d[(side, int(rnd))][case] = float(ns)
rounds = sorted({r for _, r in d})
print(f'{len(rounds)} alternating rounds, {sys.argv[2]} rows each, backend CPU ns/row: median (min)')
for case in ('no_call', 'gen_ulid', 'gen_monotonic_ulid', 'gen_ulid_at'):
    b = [d[('before', r)][case] for r in rounds]; a = [d[('after', r)][case] for r in rounds]
    print(f'  {case:20s} before {st.median(b):6.1f} ({min(b):6.1f})  after {st.median(a):6.1f} ({min(a):6.1f})')
def paired(f):
    return [f(d[('after', r)]) / f(d[('before', r)]) for r in rounds]
for name, f in (('gen_ulid ns/row', lambda x: x['gen_ulid']),
                ('gen_ulid net of no call', lambda x: x['gen_ulid'] - x['no_call']),
                ('gen_ulid / gen_ulid(now())', lambda x: x['gen_ulid'] / x['gen_ulid_at']),
                ('gen_ulid / no call', lambda x: x['gen_ulid'] / x['no_call'])):
    p = paired(f)
    print(f'  after/before, paired by round, {name:28s} median {st.median(p):.3f}  quartiles {st.quantiles(p, n=4)[0]:.3f}-{st.quantiles(p, n=4)[2]:.3f}')
