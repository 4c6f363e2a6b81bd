# Throwaway PostgreSQL clusters for tests, the demo and the benchmark. Source this file.
#   cluster_start NAME [postgres -c settings...]   starts one; exports PGHOST PGPORT PGUSER PGDATABASE
#   cluster_stop NAME                               stops it and removes its files
# Servers listen on a unix socket only (plus 127.0.0.1 when UIDEXT_TCP=1). As root, they run as
# the postgres user, because PostgreSQL refuses to run as root.

UIDEXT_PGBIN=$("${PG_CONFIG:-pg_config}" --bindir)
# One root per top-level run, inherited by the scripts it starts, so parallel runs never meet.
export UIDEXT_CLUSTER_ROOT=${UIDEXT_CLUSTER_ROOT:-/tmp/uidext-clusters.$$}
: "${UIDEXT_NEXT_PORT:=$((54000 + RANDOM % 1000))}"

as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cluster_dir() { echo "$UIDEXT_CLUSTER_ROOT/$1"; }

cluster_start() {
    local name=$1; shift
    local dir; dir=$(cluster_dir "$name")
    local port=$UIDEXT_NEXT_PORT
    UIDEXT_NEXT_PORT=$((UIDEXT_NEXT_PORT + 1))
    rm -rf "$dir"; mkdir -p "$dir/data" "$dir/sock"
    [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$UIDEXT_CLUSTER_ROOT"
    chmod 755 "$UIDEXT_CLUSTER_ROOT"
    as_postgres "$UIDEXT_PGBIN/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log"; return 1; }
    local listen="''"
    [ "${UIDEXT_TCP:-0}" = 1 ] && listen=127.0.0.1
    local opts="-c listen_addresses=$listen -c unix_socket_directories=$dir/sock -p $port -c fsync=off"
    opts="$opts -c synchronous_commit=off -c full_page_writes=off"
    local setting
    for setting in "$@"; do opts="$opts -c $setting"; done
    as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$opts" start >/dev/null \
        || { cat "$dir/server.log"; return 1; }
    echo "$port" >"$dir/port"
    export PGHOST="$dir/sock" PGPORT=$port PGUSER=postgres PGDATABASE=postgres
}

# Points PGHOST/PGPORT at a running cluster.
cluster_use() {
    local dir; dir=$(cluster_dir "$1")
    export PGHOST="$dir/sock" PGPORT=$(cat "$dir/port") PGUSER=postgres PGDATABASE=postgres
}

cluster_stop() {
    local dir; dir=$(cluster_dir "$1")
    [ -d "$dir/data" ] || return 0
    as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 \
        || as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$dir"
}

cluster_log() { cat "$(cluster_dir "$1")/server.log"; }
