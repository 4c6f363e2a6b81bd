# Measurement helpers of the benchmark. Source it after test/lib/cluster.sh.
#
# Every sample becomes one line of out/raw.csv:  section,case,rep,metric,value,unit
# SQL sections write psql scripts with sql_measure, run them in ONE session (sql_run) and keep
# the "R," lines psql echoes. Each query is timed twice:
#   cpu_ns  - CPU time of the backend (first field of /proc/self/schedstat, read by the backend
#             itself), which other helpers' load on the 2 shared vCPUs barely moves;
#   wall_ns - elapsed time between two clock_timestamp() calls around the query;
#   wait_ns - time the backend spent runnable but waiting for a CPU (schedstat field 2): the noise.

BENCH_RAW=${BENCH_RAW:-$BENCH_OUT/raw.csv}

# Appends the psql lines that time QUERY to the script FILE.
sql_measure() {  # FILE SECTION CASE REP QUERY
    local file=$1 section=$2 case=$3 rep=$4 query=$5
    cat >>"$file" <<EOF
SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1) AS c0,
       split_part(pg_read_file('/proc/self/schedstat'), ' ', 2) AS w0,
       (extract(epoch FROM clock_timestamp()) * 1e9)::bigint AS t0 \gset
\o /dev/null
$query;
\o
SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::bigint - :c0 AS cpu,
       split_part(pg_read_file('/proc/self/schedstat'), ' ', 2)::bigint - :w0 AS wait,
       (extract(epoch FROM clock_timestamp()) * 1e9)::bigint - :t0 AS wall \gset
\echo R,$section,$case,$rep,cpu_ns,:cpu,ns
\echo R,$section,$case,$rep,wall_ns,:wall,ns
\echo R,$section,$case,$rep,wait_ns,:wait,ns
EOF
}

# Runs a psql script in one session, stops on the first error, appends its samples to raw.csv
# and keeps the whole output in out/LOGNAME.log.
sql_run() {  # FILE LOGNAME
    local file=$1 log="$BENCH_OUT/$2.log"
    if ! psql -X -q -t -A -v ON_ERROR_STOP=1 -f "$file" >"$log" 2>&1; then
        echo "psql failed in $file:" >&2
        tail -20 "$log" >&2
        return 1
    fi
    grep '^R,' "$log" | cut -c3- >>"$BENCH_RAW"
}

record() {  # SECTION CASE REP METRIC VALUE UNIT
    local IFS=,
    echo "$*" >>"$BENCH_RAW"
}

note() { echo "   $*"; echo "$*" >>"$BENCH_OUT/notes.txt"; }

# CPU seconds consumed so far by a server: its postmaster's reaped children (exited backends,
# in cutime/cstime) plus the live ones. Clock ticks are 10 ms, fine against seconds of load.
server_cpu_seconds() {  # PGDATA
    local pm; pm=$(head -1 "$1/postmaster.pid")
    local ticks=0 pid
    ticks=$(awk '{print $16 + $17}' "/proc/$pm/stat")
    for pid in $(ps -o pid= --ppid "$pm"); do
        [ -r "/proc/$pid/stat" ] && ticks=$((ticks + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.3f", t / hz }'
}

server_children() {  # PGDATA
    ps -o pid= --ppid "$(head -1 "$1/postmaster.pid")" | wc -l
}

# A backend's CPU time reaches its postmaster's cutime only once the postmaster has reaped
# it: after pgbench exits, wait (at most 3 s) until the children are back to COUNT.
wait_for_backends_reaped() {  # PGDATA COUNT
    local i
    for i in $(seq 1 60); do
        [ "$(server_children "$1")" -le "$2" ] && return 0
        sleep 0.05
    done
}

# PostgreSQL 18 has its own uuidv7() and uuidv4() in pg_catalog, which unqualified names find
# before uidext's: the sections call uidext's as public.uuidv7() (run-bench installs uidext in
# public) or gen_uuidv7(), and core's as pg_catalog.uuidv7() when the server has them.
CORE_UUIDV7_SKIPPED="core uuidv7()/uuidv4() exist from PostgreSQL 18 on; this server is $("$PG_CONFIG" --version): skipped (run with PG_CONFIG=<an 18 build's pg_config> to compare)"
server_has_core_uuidv7() {  # on the server of PGHOST/PGPORT
    [ "$(psql -X -tA -c "SELECT current_setting('server_version_num')::int >= 180000")" = t ]
}
