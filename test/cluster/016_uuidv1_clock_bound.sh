#!/usr/bin/env bash
# Issue 16 item 2: uuidv1() and uuidv6() never run ahead of the clock. As Go's NewUUID, a value
# keeps the clock's 100 ns tick and counts in the clock sequence when the tick has not moved
# on (1.1 stepped the tick by one per value, and ran ahead of the clock by up to 0.5 s at 10 M
# values). Per connection, at full speed:
#  - 5 M values of each: the time (truncated to microseconds) of the latest value minus the
#    clock read right after the last one is <= 0; uuidv1() values are unique, uuidv6() values
#    strictly ascend in generation order;
#  - the same on a machine 1000 times faster, simulated with a test hook that slows this
#    backend's version 1/2/6 clock down 1000 times (uidext_test_set_gregorian_clock, declared
#    here, not part of the extension): hundreds of values share each 100 ns tick, and the lead
#    over that slow clock is still <= 0 (1.1 would be ahead by nearly 5 M ticks, 0.5 s);
#  - a clock step back, simulated with the same hook shifting the clock: the values made after
#    it carry the stepped-back time (never ahead of the shifted clock), not the old, later one;
#    uuidv6() ascends again from there; uuidv1() values stay unique while the old and new values
#    share ticks (a new random clock sequence and node after the step).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters v1_clock' EXIT

N=${UIDEXT_V1_N:-5000000}
N_STEP=${UIDEXT_V1_N_STEP:-1000000}
SLOWDOWN=1000

# Test helpers: the 60-bit time of a v1 or v6 UUID from its first 64 bits (uuid_msb, which
# test/cluster/091_java_longs.sh checks against Java; integer arithmetic, so that 5 M values are
# read in seconds, not minutes), and a timestamptz as 100 ns ticks since 1582-10-15 (whole
# microseconds).
HELPERS_SQL="
CREATE FUNCTION v1_ticks(u uuid) RETURNS bigint IMMUTABLE LANGUAGE sql AS \$\$
    SELECT ((uuid_msb(u) & 4095) << 48) | (((uuid_msb(u) >> 16) & 65535) << 32) | ((uuid_msb(u) >> 32) & 4294967295) \$\$;
CREATE FUNCTION v6_ticks(u uuid) RETURNS bigint IMMUTABLE LANGUAGE sql AS \$\$
    SELECT (((uuid_msb(u) >> 16) & 281474976710655) << 12) | (uuid_msb(u) & 4095) \$\$;
CREATE FUNCTION clock_ticks(c timestamptz) RETURNS bigint IMMUTABLE LANGUAGE sql AS
    \$\$ SELECT floor(extract(epoch FROM c) * 1000000)::bigint * 10 + 122192928000000000 \$\$;
CREATE FUNCTION set_gregorian_clock(shift_ns bigint, slowdown bigint) RETURNS bigint
    AS '\$libdir/uidext', 'uidext_test_set_gregorian_clock' LANGUAGE C STRICT;"

# One statement makes COUNT values at full speed into an array with the clock read right after
# the last one (c); then: values, repeats (v1) or order violations in generation order (v6),
# LEAD (an expression of m, the latest value's ticks, and c), pairs sharing a tick, seconds.
run_sql() {  # VERSION COUNT LEAD
    local fn="public.uuidv$1()" ticks="v$1_ticks" bad
    if [ "$1" = 1 ]; then bad="cardinality(a) - (SELECT count(DISTINCT u) FROM unnest(a) u)"
    else bad="(SELECT count(*) FROM (SELECT u, lag(u) OVER () AS p FROM unnest(a) u) s WHERE u <= p)"; fi
    echo "WITH g AS MATERIALIZED (SELECT array_agg(u) AS a, max(CASE WHEN i = $2 THEN clock_timestamp() END) AS c
                                  FROM (SELECT $fn AS u, i FROM generate_series(1, $2) i) s)
          SELECT cardinality(a), $bad, $3, shared, round(extract(epoch FROM c - statement_timestamp()), 1)
          FROM g, LATERAL (SELECT max(t) AS m, count(*) FILTER (WHERE t = p) AS shared
                           FROM (SELECT t, lag(t) OVER () AS p FROM (SELECT $ticks(u) AS t FROM unnest(a) u) t) s) x"
}
# The real clock has microseconds: compare the value's time truncated to them.
REAL_LEAD="m / 10 * 10 - clock_ticks(c)"
# The slowed clock at the latest real instant c can stand for (c is truncated to microseconds):
# anchor + (c - anchor) / SLOWDOWN, in ticks.
SLOW_LEAD="m - ((anchor + ((floor(extract(epoch FROM c) * 1000000)::bigint + 1) * 1000 - anchor) / $SLOWDOWN) / 100
               + 122192928000000000)"
check_le() {
    if [ -n "$2" ] && [ "$2" -le "$3" ] 2>/dev/null; then
        UIDEXT_CHECKS_OK=$((UIDEXT_CHECKS_OK + 1)); echo "ok   $1: $2 (<= $3)"
    else
        UIDEXT_CHECKS_BAD=$((UIDEXT_CHECKS_BAD + 1)); echo "FAIL $1: got '$2', expected <= $3"
    fi
}

cluster_start v1_clock
q -c "CREATE EXTENSION uidext" -c "$HELPERS_SQL"

echo "== $N values per connection at full speed"
for v in 1 6; do
    read -r rows bad lead shared secs <<<"$(q -F ' ' -c "$(run_sql $v "$N" "$REAL_LEAD")")"
    echo "    uuidv$v(): $rows values in ${secs}s, $shared pairs shared a tick, lead $lead ticks"
    check "uuidv$v(): values, $([ $v = 1 ] && echo repeats || echo 'order violations')" "$rows $bad" "$N 0"
    check_le "uuidv$v(): lead over the clock (100 ns ticks, microseconds compared)" "$lead" 0
done

echo "== $N values per connection on a simulated machine $SLOWDOWN times faster (the clock slowed down)"
for v in 1 6; do
    out=$(q -F ' ' -c "CREATE TEMP TABLE clock AS SELECT set_gregorian_clock(0, $SLOWDOWN) AS anchor" \
        -c "$(run_sql $v "$N" "$SLOW_LEAD") , clock")
    read -r rows bad lead shared secs <<<"$out"
    echo "    uuidv$v(): $rows values in ${secs}s real, $shared pairs shared a tick, lead $lead ticks"
    check "uuidv$v(), fast: values, $([ $v = 1 ] && echo repeats || echo 'order violations')" "$rows $bad" "$N 0"
    check_ge "uuidv$v(), fast: pairs sharing a tick (the clock sequence counts)" "$shared" "$((N / 2))"
    check_le "uuidv$v(), fast: lead over the slowed clock (100 ns ticks)" "$lead" 0
done

echo "== a clock step back in one backend (test hook), $N_STEP values before and after"
# The clock steps back to when the first batch began, so the values after the step revisit the
# ticks of the values before it. One psql session: one backend, one shift.
for v in 1 6; do
    out=$(q -F ' ' -c "CREATE TEMP TABLE t0 AS SELECT clock_timestamp() AS t" \
        -c "CREATE TEMP TABLE before AS SELECT i, public.uuidv$v() AS u FROM generate_series(1, $N_STEP) i" \
        -c "CREATE TEMP TABLE shift AS SELECT -floor(extract(epoch FROM clock_timestamp() - t) * 1000000)::bigint * 1000 AS ns FROM t0" \
        -c "SELECT set_gregorian_clock(ns, 1) IS NOT NULL FROM shift" \
        -c "CREATE TEMP TABLE after AS SELECT i, public.uuidv$v() AS u, clock_timestamp() AS c FROM generate_series(1, $N_STEP) i" \
        -c "SELECT -ns FROM shift" \
        -c "SELECT count(*) FILTER (WHERE v${v}_ticks(a.u) / 10 * 10 > clock_ticks(a.c) + ns / 100),
                   (SELECT v${v}_ticks(u) FROM after ORDER BY i LIMIT 1) < (SELECT max(v${v}_ticks(u)) FROM before),
                   (SELECT min(v${v}_ticks(u)) FROM after) < (SELECT max(v${v}_ticks(u)) FROM before)
            FROM after a, shift" \
        -c "SELECT (SELECT count(*) FROM before) + (SELECT count(*) FROM after)
                   - (SELECT count(DISTINCT u) FROM (SELECT u FROM before UNION ALL SELECT u FROM after) x),
                   (SELECT count(*) FROM (SELECT u, lag(u) OVER (ORDER BY i) p FROM before) s WHERE u <= p),
                   (SELECT count(*) FROM (SELECT u, lag(u) OVER (ORDER BY i) p FROM after) s WHERE u <= p),
                   (SELECT count(DISTINCT uuid_extract_node(u)) FROM (SELECT u FROM before UNION ALL SELECT u FROM after) x)")
    mapfile -t lines <<<"$out"
    step_ns=${lines[1]}
    read -r ahead below overlap <<<"${lines[2]}"
    read -r repeats desc_before desc_after nodes <<<"${lines[3]}"
    echo "    uuidv$v(): stepped back by $((step_ns / 1000000)) ms"
    check "uuidv$v() after the step back: values ahead of the shifted clock" "$ahead" 0
    check "uuidv$v() the first value after the step back is below the last before it (the old time is not carried on)" "$below" t
    check "uuidv$v() after the step back: the values revisit the ticks used before it" "$overlap" t
    check "uuidv$v(): repeated values over both batches" "$repeats" 0
    if [ "$v" = 6 ]; then
        check "uuidv6(): order violations before the step, after it" "$desc_before $desc_after" "0 0"
    else
        check "uuidv1(): nodes (a new random node after the step back)" "$nodes" 2
    fi
done
finish
