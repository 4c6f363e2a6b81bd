# Section 8: cost per query (issue 14). The same statements, by primary key, on a ulid table and
# a uuid table holding the same 100 000 keys, with pgbench: 1 and 2 clients, simple and prepared
# protocol, a ulid run and a uuid run back to back, their order alternating by repetition, so each
# ratio is of two runs under the same load of the shared machine. Reports tps and the median of
# the per-pair ratios ulid / uuid, of tps and of the server's CPU time per transaction (all its
# processes, from /proc, as section 3: steadier than tps when other jobs share the CPUs).
#
# The key is built from pgbench's random integer with the same core functions on both sides,
# lpad(to_hex(k::bigint), 32, '0')::uuid, and relabelled to ulid (a binary cast, free) for the ulid
# table: both pay the same expression, and what differs is only the type's operators, index
# support and planning. Cases:
#   select        SELECT v ... WHERE id = key (ulid key, ulid value | uuid key, uuid value)
#   select_uuid   the ulid table with a uuid value (cross-type operator) | the uuid case again
#   update        UPDATE ... SET v = v + 1 WHERE id = key
#   delete_insert DELETE then INSERT of the same key in one transaction (keys split by client)
#   join          a two-table join on the key, restricted to one key
#   fk_delete     delete (and re-insert) a childless parent: the RI check scans a 100 000-row
#                 uuid child: uuid -> ulid with a uuid_ulid_ops index | uuid -> uuid, uuid_ops
# It runs in its own database with CREATE EXTENSION uidext VERSION '$BENCH_PER_QUERY_VERSION'
# (default: the newest), so the same build measures 1.1's catalog ("before": LANGUAGE internal
# comparison functions, no uuid_ulid_ops, so the child index is uuid_ops) and 1.2's.

BENCH_PER_QUERY_SECONDS=${BENCH_PER_QUERY_SECONDS:-4}
BENCH_PER_QUERY_REPS=${BENCH_PER_QUERY_REPS:-3}
BENCH_PER_QUERY_VERSION=${BENCH_PER_QUERY_VERSION:-}

per_query_setup() {
    local version_clause=""
    [ -n "$BENCH_PER_QUERY_VERSION" ] && version_clause="VERSION '$BENCH_PER_QUERY_VERSION'"
    psql -X -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS per_query" -c "CREATE DATABASE per_query" || return 1
    psql -X -q -v ON_ERROR_STOP=1 -d per_query <<SQL || return 1
CREATE EXTENSION uidext $version_clause;
CREATE TABLE pq_keys AS SELECT k, lpad(to_hex(k), 32, '0')::uuid AS u FROM generate_series(1, 101000) k;
CREATE TABLE pq_ulid (id ulid PRIMARY KEY, v int NOT NULL);
CREATE TABLE pq_uuid (id uuid PRIMARY KEY, v int NOT NULL);
CREATE TABLE pq_ulid_detail (id ulid PRIMARY KEY, w int NOT NULL);
CREATE TABLE pq_uuid_detail (id uuid PRIMARY KEY, w int NOT NULL);
INSERT INTO pq_ulid SELECT u::ulid, k FROM pq_keys WHERE k <= 100000;
INSERT INTO pq_uuid SELECT u, k FROM pq_keys WHERE k <= 100000;
INSERT INTO pq_ulid_detail SELECT u::ulid, k FROM pq_keys WHERE k <= 100000;
INSERT INTO pq_uuid_detail SELECT u, k FROM pq_keys WHERE k <= 100000;
-- Foreign keys from a uuid column: 100 000 children of the first 100 000 parents; parents
-- 100 001 to 101 000 have none and are the ones deleted.
CREATE TABLE fk_ulid_parent (id ulid PRIMARY KEY);
CREATE TABLE fk_uuid_parent (id uuid PRIMARY KEY);
INSERT INTO fk_ulid_parent SELECT u::ulid FROM pq_keys;
INSERT INTO fk_uuid_parent SELECT u FROM pq_keys;
CREATE TABLE fk_ulid_child (parent uuid NOT NULL REFERENCES fk_ulid_parent, n int NOT NULL);
CREATE TABLE fk_uuid_child (parent uuid NOT NULL REFERENCES fk_uuid_parent, n int NOT NULL);
INSERT INTO fk_ulid_child SELECT u, k FROM pq_keys WHERE k <= 100000;
INSERT INTO fk_uuid_child SELECT u, k FROM pq_keys WHERE k <= 100000;
CREATE INDEX ON fk_uuid_child (parent);
SELECT CASE WHEN EXISTS (SELECT FROM pg_opclass WHERE opcname = 'uuid_ulid_ops')
            THEN 'CREATE INDEX ON fk_ulid_child (parent uuid_ulid_ops)'
            ELSE 'CREATE INDEX ON fk_ulid_child (parent)' END \gexec
DROP TABLE pq_keys;
VACUUM ANALYZE;
SQL
}

# Writes the pgbench script of CASE for TYPE (ulid | uuid) to stdout.
per_query_script() {  # CASE TYPE
    local case=$1 t=$2 key value
    # Keys 1..100000; for writes, odd keys for client 0 and even ones for client 1.
    key="lpad(to_hex(:k::bigint), 32, '0')::uuid"
    value=$key
    [ "$t" = ulid ] && value="$key::ulid"
    case $case in
    select)
        echo "\\set k random(1, 100000)"
        echo "SELECT v FROM pq_$t WHERE id = $value;" ;;
    select_uuid)
        echo "\\set k random(1, 100000)"
        echo "SELECT v FROM pq_$t WHERE id = $key;" ;;
    update)
        echo "\\set k 2 * random(0, 49999) + 1 + :client_id % 2"
        echo "UPDATE pq_$t SET v = v + 1 WHERE id = $value;" ;;
    delete_insert)
        echo "\\set k 2 * random(0, 49999) + 1 + :client_id % 2"
        echo "BEGIN;"
        echo "DELETE FROM pq_$t WHERE id = $value;"
        echo "INSERT INTO pq_$t VALUES ($value, :k);"
        echo "END;" ;;
    join)
        echo "\\set k random(1, 100000)"
        echo "SELECT a.v, b.w FROM pq_$t a JOIN pq_${t}_detail b ON b.id = a.id WHERE a.id = $value;" ;;
    fk_delete)
        echo "\\set k 100001 + 2 * random(0, 499) + :client_id % 2"
        echo "BEGIN;"
        echo "DELETE FROM fk_${t}_parent WHERE id = $value;"
        echo "INSERT INTO fk_${t}_parent VALUES ($value);"
        echo "END;" ;;
    esac
}

section_per_query() {
    local secs=$BENCH_PER_QUERY_SECONDS reps=$BENCH_PER_QUERY_REPS
    echo "== 8. per query: ulid vs uuid by key (pgbench ${secs}s runs, $reps pairs per case)"
    cluster_use conn
    per_query_setup || return 1
    local version; version=$(psql -X -tA -d per_query -c "SELECT extversion FROM pg_extension WHERE extname = 'uidext'")
    local fk_index; fk_index=$(psql -X -tA -d per_query -c "SELECT c.opcname FROM pg_index i JOIN pg_opclass c ON c.oid = i.indclass[0] WHERE i.indrelid = 'fk_ulid_child'::regclass")
    note "section 8: uidext $version in database per_query; the uuid child of the ulid parent is indexed with $fk_index"
    local cases="select select_uuid update delete_insert join fk_delete"
    local c t proto clients rep order log tps tx cpu0 cpu1 children label
    local data; data="$(cluster_dir conn)/data"
    for c in $cases; do
        for t in ulid uuid; do per_query_script "$c" "$t" >"$BENCH_OUT/pq-$c-$t.sql"; done
    done
    for c in $cases; do
        for proto in simple prepared; do
            for clients in 1 2; do
                label="$c $proto ${clients}c"
                for rep in $(seq 1 "$reps"); do
                    order="ulid uuid"
                    [ $((rep % 2)) = 0 ] && order="uuid ulid"
                    for t in $order; do
                        log="$BENCH_OUT/pq-$c-$proto-$clients-$t-$rep.log"
                        children=$(server_children "$data")
                        cpu0=$(server_cpu_seconds "$data")
                        "$UIDEXT_PGBIN/pgbench" -n -d per_query -M "$proto" -c "$clients" -j "$clients" -T "$secs" \
                            -f "$BENCH_OUT/pq-$c-$t.sql" >"$log" 2>&1 || { cat "$log"; return 1; }
                        wait_for_backends_reaped "$data" "$children"
                        cpu1=$(server_cpu_seconds "$data")
                        tps=$(grep -oP '^tps = \K[0-9.]+' "$log" | head -1)
                        tx=$(grep -oP 'actually processed: \K[0-9]+' "$log")
                        [ -n "$tps" ] && [ -n "$tx" ] || { cat "$log"; return 1; }
                        record pq "$label $t" "$rep" tps "$tps" tx/s
                        record pq "$label $t" "$rep" cpu_us_per_tx \
                            "$(awk -v a="$cpu0" -v b="$cpu1" -v n="$tx" 'BEGIN { printf "%.2f", (b - a) * 1e6 / n }')" us
                    done
                done
                echo "   $label: $(per_query_line "$label")"
            done
        done
    done
    note "section 8 per query (uidext $version, pgbench ${secs}s x $reps pairs; ratios = medians of per-pair"
    note "ulid/uuid tps and uuid/ulid server CPU per transaction: above 1 means ulid is faster)"
    note "$(printf '%-28s %10s %10s %7s %9s %9s %7s' 'case' 'ulid tps' 'uuid tps' 'ratio' 'ulid µs' 'uuid µs' 'ratio')"
    for c in $cases; do
        for proto in simple prepared; do
            for clients in 1 2; do
                label="$c $proto ${clients}c"
                note "$(printf '%-28s %s' "$label" "$(per_query_line "$label")")"
            done
        done
    done
}

# "ULID_TPS UUID_TPS RATIO" of a case: medians of the runs and the median of the pair ratios.
per_query_line() {  # LABEL
    awk -F, -v l="$1" '
        function median(a, n,    i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        $1 == "pq" && $2 == l " ulid" && $4 == "tps" { u[$3] = $5; nu++; au[nu] = $5 }
        $1 == "pq" && $2 == l " uuid" && $4 == "tps" { d[$3] = $5; nd++; ad[nd] = $5 }
        $1 == "pq" && $2 == l " ulid" && $4 == "cpu_us_per_tx" { cu[$3] = $5; ncu++; acu[ncu] = $5 }
        $1 == "pq" && $2 == l " uuid" && $4 == "cpu_us_per_tx" { cd[$3] = $5; ncd++; acd[ncd] = $5 }
        END {
            for (r in u) if (r in d && d[r] > 0) { nr++; ar[nr] = u[r] / d[r] }
            for (r in cu) if (r in cd && cu[r] > 0) { nc++; ac[nc] = cd[r] / cu[r] }
            printf "%10.0f %10.0f %7.3f %9.1f %9.1f %7.3f", median(au, nu), median(ad, nd), median(ar, nr),
                   median(acu, ncu), median(acd, ncd), median(ac, nc)
        }' "$BENCH_RAW"
}
