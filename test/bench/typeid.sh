#!/usr/bin/env bash
# TypeID benchmark (#26): a per-prefix key (typeid_define('user') -> user_id, 16 bytes) against
#   uuid       uuid with gen_uuidv7() (uidext's uuidv7(): the generator user_id also binds)
#   text_sql   text TypeID with a CHECK and a plpgsql base32 generator, typeid-sql's way
#   text_c     text TypeID with a CHECK, generated with typeid_format(prefix, uuidv7())
#   typeid     the general typeid type (prefix + 16 bytes) with typeid_format(...)::typeid
# Measures sizes (pg_column_size, table, primary key index), generate-only, generate + insert into
# a primary key, point lookups through the index (a nested loop probing it once per row), text output
# (COPY TO) and text input (COPY FROM into an unindexed table). Each timing is the backend's CPU
# time (/proc/self/schedstat) per row; the report gives the minimum and the median of REPS runs.
#
#   PG_CONFIG=... test/bench/typeid.sh [ROWS] [REPS]     (defaults 100000 rows, 5 repetitions)
#
# It builds and installs uidext into PG_CONFIG's PostgreSQL, starts a throwaway server and prints
# a table and the ratios against uuid and text_sql; out/typeid-raw.csv keeps every sample.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROWS=${1:-100000}
REPS=${2:-5}
export PG_CONFIG=${PG_CONFIG:-pg_config}
make -s -j2 PG_CONFIG="$PG_CONFIG" >/dev/null && make -s install PG_CONFIG="$PG_CONFIG" >/dev/null
. test/lib/cluster.sh
export BENCH_OUT=$PWD/test/bench/out
mkdir -p "$BENCH_OUT"
export BENCH_RAW=$BENCH_OUT/typeid-raw.csv
: >"$BENCH_RAW"
. test/bench/lib.sh
trap 'cluster_stop typeid_bench' EXIT
cluster_start typeid_bench shared_buffers=512MB jit=off max_parallel_workers_per_gather=0 autovacuum=off
files=$UIDEXT_CLUSTER_ROOT/typeid_bench/files
mkdir -p "$files" && chown postgres: "$files" 2>/dev/null || true

psql -X -q -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
CREATE EXTENSION uidext;
SELECT typeid_define('user');
-- typeid-sql's way: base32 in plpgsql over the uuid's bytes, a CHECK on the text.
CREATE FUNCTION sql_base32(id uuid) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
    b bytea := uuid_send(id);
    out text := '';
    acc bigint := 0;
    bits integer := 2;  -- 130 bits: two zero bits lead the 128
    i integer;
BEGIN
    FOR i IN 0..15 LOOP
        acc := (acc << 8) | get_byte(b, i);
        bits := bits + 8;
        WHILE bits >= 5 LOOP
            bits := bits - 5;
            out := out || substr(alphabet, ((acc >> bits) & 31)::integer + 1, 1);
        END LOOP;
        acc := acc & ((1::bigint << bits) - 1);
    END LOOP;
    RETURN out;
END
$$;
CREATE FUNCTION sql_typeid(prefix text) RETURNS text LANGUAGE sql VOLATILE AS
    $$ SELECT prefix || '_' || sql_base32(uuidv7()) $$;
SQL
check=$(psql -X -A -t -c "SELECT sql_base32('01890a5d-ac96-774b-bcce-b302099a8057') = '01h455vb4pex5vsknk084sn02q'")
[ "$check" = t ] || { echo "sql_base32 is wrong" >&2; exit 1; }

CHECK="CHECK (id ~ '^user_[0-7][0-9a-hjkmnp-tv-z]{25}\$')"
declare -A TYPE=([uuid]=uuid [user_id]=user_id [text_sql]=text [text_c]=text [typeid]=typeid)
declare -A GEN=([uuid]="gen_uuidv7()" [user_id]="gen_user_id()" [text_sql]="sql_typeid('user')"
                [text_c]="typeid_format('user', uuidv7())" [typeid]="typeid_format('user', uuidv7())::typeid")
declare -A CONSTRAINT=([uuid]="" [user_id]="" [text_sql]="$CHECK" [text_c]="$CHECK" [typeid]="")
CASES="uuid user_id typeid text_c text_sql"

script=$BENCH_OUT/typeid.sql
: >"$script"
for c in $CASES; do
    cat >>"$script" <<EOF
CREATE TABLE t_$c (id ${TYPE[$c]} PRIMARY KEY ${CONSTRAINT[$c]}, n integer);
CREATE TABLE in_$c (id ${TYPE[$c]} ${CONSTRAINT[$c]});
EOF
done
# Odd repetitions run the cases in order, even ones in reverse: no case always runs first.
reversed=$(echo $CASES | tr ' ' '\n' | tac | tr '\n' ' ')
for rep in $(seq 1 "$REPS"); do
    order=$CASES; [ $((rep % 2)) = 0 ] && order=$reversed
    for c in $order; do
        echo "TRUNCATE t_$c, in_$c;" >>"$script"
        sql_measure "$script" typeid "$c/generate" "$rep" "SELECT count(${GEN[$c]}) FROM generate_series(1, $ROWS)"
        sql_measure "$script" typeid "$c/generate+insert" "$rep" "INSERT INTO t_$c SELECT ${GEN[$c]}, g FROM generate_series(1, $ROWS) g"
        echo "VACUUM ANALYZE t_$c; SET enable_hashjoin = off; SET enable_mergejoin = off;" >>"$script"
        sql_measure "$script" typeid "$c/lookup" "$rep" \
            "SELECT count(*) FROM (SELECT id FROM t_$c ORDER BY n) k JOIN t_$c t USING (id)"
        [ "$rep" = 1 ] && echo "EXPLAIN (COSTS OFF) SELECT count(*) FROM (SELECT id FROM t_$c ORDER BY n) k JOIN t_$c t USING (id);" >>"$script"
        echo "RESET enable_hashjoin; RESET enable_mergejoin;" >>"$script"
        sql_measure "$script" typeid "$c/text_out" "$rep" "COPY t_$c (id) TO '$files/$c.txt'"
        sql_measure "$script" typeid "$c/text_in" "$rep" "COPY in_$c FROM '$files/$c.txt'"
    done
done
sql_run "$script" typeid

sizes=$(for c in $CASES; do
    psql -X -A -t -F, -c "SELECT '$c', round(avg(pg_column_size(id)), 1), pg_relation_size('t_$c'), pg_relation_size('t_${c}_pkey') FROM t_$c"
done)

# Per row (every query handles ROWS rows; the lookup probes the primary key once per row).
awk -F, -v rows="$ROWS" -v sizes="$sizes" '
$1 == "typeid" && $4 == "cpu_ns" {
    split($2, parts, "/"); c = parts[1]; m = parts[2];
    n = rows;
    v[c, m, ++k[c, m]] = $5 / n
}
function median(c, m,   i, j, t, cnt, a) {
    cnt = k[c, m]; for (i = 1; i <= cnt; i++) a[i] = v[c, m, i];
    for (i = 1; i <= cnt; i++) for (j = i + 1; j <= cnt; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (cnt % 2) ? a[(cnt + 1) / 2] : (a[cnt / 2] + a[cnt / 2 + 1]) / 2
}
function minimum(c, m,   i, low) {
    low = v[c, m, 1]; for (i = 2; i <= k[c, m]; i++) if (v[c, m, i] < low) low = v[c, m, i];
    return low
}
# One table of CPU ns per row and the ratios the targets name. On shared cores a run that
# another process disturbed costs more CPU time (caches, SMT), never less: the minimum is the
# least disturbed run, the median shows the spread.
function report(title, stat,   i, j, x) {
    printf "%s\n%-18s", title, "case"; for (i = 1; i <= 5; i++) printf "%12s", order[i]; printf "\n";
    for (j = 1; j <= 5; j++) {
        printf "%-18s", ms[j];
        for (i = 1; i <= 5; i++) {
            x = (stat == "min") ? minimum(order[i], ms[j]) : median(order[i], ms[j]);
            val[order[i], ms[j]] = x; printf "%12.0f", x
        }
        printf "\n"
    }
    printf "ratios             user_id/uuid   text_sql/user_id   text_c/user_id\n";
    for (j = 1; j <= 5; j++)
        printf "%-18s %12.2f %18.2f %16.2f\n", ms[j], val["user_id", ms[j]] / val["uuid", ms[j]],
            val["text_sql", ms[j]] / val["user_id", ms[j]], val["text_c", ms[j]] / val["user_id", ms[j]];
    printf "\n"
}
END {
    split("uuid user_id typeid text_c text_sql", order, " ");
    split("generate generate+insert lookup text_out text_in", ms, " ");
    printf "CPU ns per row, %d rows, %d runs; lookup: one primary key probe per row\n\n", rows, k["uuid", "generate"];
    report("minimum of the runs", "min");
    report("median of the runs", "median");
    printf "sizes              bytes/value   table bytes   pkey bytes\n";
    n = split(sizes, lines, "\n");
    for (i = 1; i <= n; i++) { split(lines[i], f, ","); printf "%-18s %12s %13s %12s\n", f[1], f[2], f[3], f[4] }
}' "$BENCH_RAW" | tee "$BENCH_OUT/typeid.txt"
echo
echo "PostgreSQL $("$PG_CONFIG" --version | awk '{print $2}'), $(nproc) CPUs; samples: $BENCH_RAW" | tee -a "$BENCH_OUT/typeid.txt"
