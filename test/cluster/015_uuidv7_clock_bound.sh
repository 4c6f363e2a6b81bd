#!/usr/bin/env bash
# Issue 10 item 1: UUIDv7 values stay strictly ascending and their embedded time (ms + 12-bit
# fraction) never runs more than 1 ms ahead of the system clock, whatever the generation rate:
# 5 M values in one connection for uuidv7() and gen_monotonic_uuidv7() (and fewer for
# uuid_generate_v7() and uuidv7(interval)), then preloaded: one connection, several backends at
# once, and a new connection after them. The values are made at full speed; the lead is the
# time (ms + 12-bit fraction) of the largest value minus the clock read right after the last one;
# "issue figure" is the issue's own max(uuid_v7_to_timestamptz(u)) - clock_timestamp().
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters v7_conn v7_pre' EXIT

N=${UIDEXT_V7_N:-5000000}              # values per connection for the two functions of the issue
N_OTHER=${UIDEXT_V7_N_OTHER:-1000000}  # for the other names
BACKENDS=${UIDEXT_V7_BACKENDS:-3}
N_BACKEND=${UIDEXT_V7_N_BACKEND:-2000000}
BOUND_TICKS=4096                       # 1 ms, for the exact lead of a new connection

# The 60-bit time of a UUIDv7 in ticks: ms * 4096 + rand_a (its first 64 bits minus the version).
TICK_FN="CREATE FUNCTION v7_tick(u uuid) RETURNS bigint IMMUTABLE LANGUAGE sql AS \$\$
    SELECT ((p >> 16) << 12) | (p & 4095) FROM (SELECT ('x' || translate(left(u::text, 18), '-', ''))::bit(64)::bigint AS p) s \$\$;
CREATE FUNCTION clock_tick(c timestamptz) RETURNS bigint IMMUTABLE LANGUAGE sql AS
    \$\$ SELECT floor(extract(epoch FROM c) * 4096000)::bigint \$\$;"

# One connection makes COUNT values at full speed into an array (a per-row clock or window
# would slow it below the rate that made 1.0 drift), then checks them: count, order violations
# in generation order, lead of the largest value over the clock read right after the last one
# (exact, in 1/4096 ms ticks), the issue figure (ms), seconds, the largest value.
run_sql() {  # EXPRESSION COUNT
    echo "WITH g AS MATERIALIZED (SELECT array_agg(u) AS a, max(CASE WHEN i = $2 THEN clock_timestamp() END) AS c
                                  FROM (SELECT $1 AS u, i FROM generate_series(1, $2) i) s)
          SELECT cardinality(a), (SELECT count(*) FROM (SELECT u, lag(u) OVER () AS p FROM unnest(a) u) s WHERE u <= p),
                 v7_tick(m) - clock_tick(c), round(extract(epoch FROM uuid_v7_to_timestamptz(m) - c) * 1000, 3),
                 round(extract(epoch FROM c - statement_timestamp()), 1), m
          FROM g, LATERAL (SELECT max(u::ulid)::uuid AS m FROM unnest(a) u) x"
}

# check_run LABEL EXPRESSION COUNT
check_run() {
    local out; out=$(q -F ' ' -c "$(run_sql "$2" "$3")") || { fail "$1: query failed"; return; }
    read -r rows bad lead figure secs _ <<<"$out"
    echo "    $1: $rows values in ${secs}s, lead $lead ticks ($(lead_ms "$lead") ms), issue figure $figure ms"
    check "$1: values, order violations" "$rows $bad" "$3 0"
    check_le "$1: lead over the clock (ticks of 1/4096 ms)" "$lead" "$BOUND_TICKS"
}
lead_ms() { awk -v t="$1" 'BEGIN { printf "%.3f", t / 4096 }'; }
check_le() {
    if [ -n "$2" ] && [ "$2" -le "$3" ] 2>/dev/null; then
        UIDEXT_CHECKS_OK=$((UIDEXT_CHECKS_OK + 1)); echo "ok   $1: $2 (<= $3)"
    else
        UIDEXT_CHECKS_BAD=$((UIDEXT_CHECKS_BAD + 1)); echo "FAIL $1: got '$2', expected <= $3"
    fi
}

echo "== per connection (no preload)"
cluster_start v7_conn
q -c "CREATE EXTENSION uidext" -c "$TICK_FN"
check_run "uuidv7()" "public.uuidv7()" "$N"  # qualified: on 18+ pg_catalog.uuidv7() comes first
check_run "gen_monotonic_uuidv7()" "gen_monotonic_uuidv7()" "$N"
check_run "uuid_generate_v7()" "uuid_generate_v7()" "$N_OTHER"
check_run "uuidv7(interval '0')" "public.uuidv7(interval '0')" "$N_OTHER"
cluster_stop v7_conn

echo "== server-wide (shared_preload_libraries=uidext)"
cluster_start v7_pre shared_preload_libraries=uidext
q -c "CREATE EXTENSION uidext" -c "$TICK_FN"
check_run "gen_monotonic_uuidv7(), preloaded, one connection" "gen_monotonic_uuidv7()" "$N"

# BACKENDS connections at once, each checking its own values; then a new connection's value
# must be above all of theirs and not ahead of the clock.
dir=$(cluster_dir v7_pre)
for i in $(seq "$BACKENDS"); do
    q -F ' ' -c "SELECT extract(epoch FROM clock_timestamp())" \
      -c "$(run_sql "gen_monotonic_uuidv7()" "$N_BACKEND")" \
      -c "SELECT extract(epoch FROM clock_timestamp())" >"$dir/backend.$i" 2>&1 &
done
wait
starts=() ends=()
for i in $(seq "$BACKENDS"); do
    mapfile -t lines <"$dir/backend.$i"
    read -r rows bad lead figure secs max_u <<<"${lines[1]}"
    echo "    backend $i: $rows values in ${secs}s, lead $lead ticks ($(lead_ms "$lead") ms), issue figure $figure ms"
    check "backend $i of $BACKENDS: values, order violations in its own order" "$rows $bad" "$N_BACKEND 0"
    check_le "backend $i of $BACKENDS: lead over the clock (ticks)" "$lead" "$BOUND_TICKS"
    starts+=("${lines[0]}") ends+=("${lines[2]}")
    echo "$max_u" >>"$dir/maxima"
done
overlap=$(printf '%s\n' "${starts[@]}" | sort -g | tail -1; printf '%s\n' "${ends[@]}" | sort -g | head -1)
check "the $BACKENDS backends ran at the same time (last start < first end)" \
    "$(awk 'NR == 1 { s = $1 } NR == 2 { print (s < $1) ? "yes" : "no" }' <<<"$overlap")" yes
read -r above lead <<<"$(q -F ' ' -c "SELECT u > ALL ('{$(paste -sd, "$dir/maxima")}'::uuid[]), v7_tick(u) - clock_tick(clock_timestamp()) FROM (SELECT gen_monotonic_uuidv7() u) s")"
check "a new connection's value is above every earlier backend's" "$above" t
check_le "a new connection's value: lead over the clock (ticks)" "$lead" "$BOUND_TICKS"

# Server-wide order under concurrency: a value whose call ended before another's began is smaller.
q -c "CREATE UNLOGGED TABLE hb (t0 timestamptz, u uuid, t1 timestamptz)"
for i in $(seq "$BACKENDS"); do
    q -c "INSERT INTO hb SELECT clock_timestamp(), gen_monotonic_uuidv7(), clock_timestamp() FROM generate_series(1, 200000)" &
done
wait
check "server-wide: duplicates, happens-before violations" "$(q -F ' ' -c "SELECT count(*) - count(DISTINCT u),
    (SELECT count(*) FROM (SELECT t1, max(t0) OVER (ORDER BY u ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) m FROM hb) s WHERE t1 < m) FROM hb")" "0 0"
finish
