#!/usr/bin/env bash
# A database made on an older major restores on a newer one (#21), by dump/restore and by
# pg_upgrade. Its table has generated columns, defaults and index expressions, and its views
# call every function uidext_compat has that core gains on some major (uuid_extract_version
# and uuid_extract_timestamp from 17, min/max(uuid) and uuid_larger/uuid_smaller on master;
# uidext's own until 1.4, #35), unqualified and schema-qualified. pg_dump writes them all as
# public.f(...), so the newer major must have uidext_compat's under those names even where
# pg_catalog has core's. Checks:
# the newer major's pg_dump of the older server restores without an error; every relation,
# column expression and row is there; every result is identical (the restored objects call the
# same functions as before, uidext's by their schema), except where an unqualified call on an
# older major of 17+ took core's uuid_extract_timestamp, whose meaning changes between majors
# (17 reads version 1 only, 18 and 19 version 7 too, 20 version 6 too): those give the newer
# core's result, checked as such; an unqualified call on the newer major finds core's where
# pg_catalog has it; where core's reads a value, uidext's reads it the same. Then the same database through pg_upgrade,
# whose catalog (after uidext_catalog_refresh()) must equal a fresh install's on the newer major.
#
# The newer major is PG_CONFIG's. Pairs: PG_CONFIG's major to itself always (CI has only
# Debian's 15); 15 -> 17, 16 -> 17, 17 -> 18 and 19 -> 20 when PG_CONFIG is the newer one and
# the older build exists with uidext installed, taken from UIDEXT_DUMP_PG_CONFIGS (pg_configs,
# default /tmp/pgNN and Debian's). test/majors runs this script once per major, so each pair
# runs once. It says which pairs it skipped and why. UIDEXT_DUMP_PAIRS="17:20 ..." sets other
# pairs (OLD:NEW).
#
# A fact of this machine: Debian's 15.20 server stores an attribute option pg_attver on every
# column (with or without uidext), which a newer pg_dump writes out as ALTER TABLE ... SET
# (pg_attver=...) and newer servers refuse. Across majors the test drops exactly those lines
# from the dump, and clears that option from the test's own columns before pg_upgrade, and
# says how many.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
export PGTZ=UTC
work=$(mktemp -d /tmp/uidext-062.XXXXXX)
chmod 755 "$work"
trap 'stop_clusters old new fresh upgraded; rm -rf "$work"' EXIT

this_pgc=${PG_CONFIG:-pg_config}
major_of() { "$1" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/'; }
this=$(major_of "$this_pgc")
declare -A bin_of
without_uidext=""
for pgc in $this_pgc ${UIDEXT_DUMP_PG_CONFIGS-$(ls -d /tmp/pg[0-9][0-9]/bin/pg_config /usr/lib/postgresql/*/bin/pg_config 2>/dev/null)}; do
    [ -x "$pgc" ] || continue
    m=$(major_of "$pgc")
    [ -n "${bin_of[$m]:-}" ] && continue
    if [ ! -f "$("$pgc" --sharedir)/extension/uidext--1.5.sql" ] || [ ! -f "$("$pgc" --pkglibdir)/uidext.so" ]; then
        without_uidext+=" $m"; continue
    fi
    bin_of[$m]=$("$pgc" --bindir)
done

# The database on the older major. Constants: versions 1, 6, 7 and 4 of RFC 9562's examples,
# nil, max and an NCS-variant value.
schema_sql="
CREATE EXTENSION uidext;
CREATE EXTENSION uidext_compat;
CREATE TABLE ids (
    id uuid PRIMARY KEY,
    ts timestamptz GENERATED ALWAYS AS (uuid_extract_timestamp(id)) STORED,
    ts_q timestamptz GENERATED ALWAYS AS (public.uuid_extract_timestamp(id)) STORED,
    ver smallint GENERATED ALWAYS AS (uuid_extract_version(id)) STORED,
    ver_q smallint GENERATED ALWAYS AS (public.uuid_extract_version(id)) STORED,
    hi uuid GENERATED ALWAYS AS (uuid_larger(id, '1ec9414c-232a-6b00-b3c8-9f6bdeced846')) STORED,
    lo_q uuid GENERATED ALWAYS AS (public.uuid_smaller(id, '1ec9414c-232a-6b00-b3c8-9f6bdeced846')) STORED,
    d_ver smallint DEFAULT uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
    d_ts timestamptz DEFAULT public.uuid_extract_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
    d_ts_u timestamptz DEFAULT uuid_extract_timestamp('c232ab00-9414-11ec-b3c8-9f6bdeced846'),
    d_ver_q smallint DEFAULT public.uuid_extract_version('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
    d_hi uuid DEFAULT uuid_larger('00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'),
    d_lo_q uuid DEFAULT public.uuid_smaller('00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002')
);
CREATE INDEX ids_ts ON ids (uuid_extract_timestamp(id));
CREATE INDEX ids_ts_q ON ids (public.uuid_extract_timestamp(id));
CREATE INDEX ids_ver ON ids (uuid_extract_version(id));
CREATE INDEX ids_ver_q ON ids (public.uuid_extract_version(id));
CREATE INDEX ids_hi ON ids (uuid_larger(id, '00000000-0000-0000-0000-000000000000'));
CREATE INDEX ids_lo_q ON ids (public.uuid_smaller(id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'));
CREATE VIEW bounds AS SELECT min(id) AS mn, max(id) AS mx, public.min(id) AS mn_q, public.max(id) AS mx_q FROM ids;
CREATE VIEW fields AS SELECT id, uuid_extract_version(id) AS v, public.uuid_extract_version(id) AS v_q,
    uuid_extract_timestamp(id) AS t, public.uuid_extract_timestamp(id) AS t_q,
    uuid_larger(id, '1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS hi, public.uuid_smaller(id, '1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS lo_q
    FROM ids;
INSERT INTO ids (id) VALUES
    ('c232ab00-9414-11ec-b3c8-9f6bdeced846'), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
    ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), ('919108f7-52d1-4320-9bac-f847db4148a8'),
    ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('c232ab00-9414-11ec-33c8-9f6bdeced846');"
# Every relation with its columns' defaults and generation expressions, and the indexes, with
# search_path = pg_catalog: a call of uidext's function reads public.f(...), core's f(...).
# (Not the column names of expression indexes: master names them differently.)
objects_sql="
SET search_path = pg_catalog;
SELECT c.relname, c.relkind, a.attname, pg_get_expr(d.adbin, d.adrelid), a.attgenerated
FROM pg_class c LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind <> 'i' ORDER BY 1, 3;
SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'public.ids'::regclass ORDER BY 1;"
# Every row and every result, the index expressions read through their indexes. CORE_BOUND
# lists the columns that call core's uuid_extract_timestamp, left out (see core_sql).
results_sql() {
    local ids="*" fields="*"
    if [ -n "$core_bound" ]; then
        ids="id, ts_q, ver, ver_q, hi, lo_q, d_ver, d_ts, d_ts_u, d_ver_q, d_hi, d_lo_q"
        fields="id, v, v_q, t_q, hi, lo_q"
    fi
    echo "SELECT $ids FROM ids ORDER BY id;
SELECT * FROM bounds;
SELECT $fields FROM fields ORDER BY id;
SET enable_seqscan = off; SET enable_bitmapscan = off;
SELECT id FROM ids WHERE public.uuid_extract_timestamp(id) > '1970-01-01' ORDER BY id;
SELECT id FROM ids WHERE public.uuid_extract_version(id) = 7;
SELECT id FROM ids WHERE public.uuid_smaller(id, 'ffffffff-ffff-ffff-ffff-ffffffffffff') = '00000000-0000-0000-0000-000000000000';"
}
# Where the older major has core's uuid_extract_timestamp (17+), the unqualified calls made there
# are core's, and a newer core may read more versions (17: 1 only; 18, 19: 1 and 7; 20: 1, 6 and 7).
# The view then gives this major core's result; a stored generated column is recomputed by a
# restore, and keeps the older major's value through pg_upgrade. Rows that differ from that: 0.
core_sql() {  # STORED (restore: recomputed; upgrade: the old value, given as VALUES rows)
    echo "SELECT count(*) FROM fields WHERE t IS DISTINCT FROM pg_catalog.uuid_extract_timestamp(id);
SELECT count(*) FROM ids WHERE ts IS DISTINCT FROM ${1:-pg_catalog.uuid_extract_timestamp(id)};"
}

# Which schema's function an unqualified call takes: pg_catalog where core has it, else uidext's.
resolution_sql="
SELECT f, (SELECT pronamespace::regnamespace FROM pg_proc WHERE oid = to_regprocedure(f)),
       CASE WHEN to_regprocedure('pg_catalog.' || f) IS NULL THEN 'public' ELSE 'pg_catalog' END
FROM unnest(ARRAY['uuid_extract_version(uuid)', 'uuid_extract_timestamp(uuid)', 'uuid_larger(uuid,uuid)',
                  'uuid_smaller(uuid,uuid)', 'min(uuid)', 'max(uuid)']) f;"

stop_keeping() {  # NAME: stops a cluster and keeps its data directory
    as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$(cluster_dir "$1")/data" -m fast -w stop >/dev/null
}
start_again() {  # NAME: starts a stopped cluster of cluster_start again
    local dir; dir=$(cluster_dir "$1")
    as_postgres "$UIDEXT_PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses='' -c unix_socket_directories=$dir/sock -p $(cat "$dir/port") -c fsync=off" start >/dev/null
    cluster_use "$1"
}

run_pair() {  # OLD NEW (majors)
    local old=$1 new=$2 label="$1 -> $2"
    echo "== $label: PostgreSQL $old (${bin_of[$old]}) to $new (${bin_of[$new]})"
    UIDEXT_PGBIN=${bin_of[$old]}
    cluster_start old >/dev/null || { fail "$label: old cluster"; return; }
    q -c "CREATE DATABASE app"
    q -d app -c "$schema_sql" || { fail "$label: the database on $old"; return; }
    core_bound=""
    [ "$old" -ge 17 ] && [ "$old" != "$new" ] && core_bound="ids.ts fields.t"
    local want_objects want_results old_ts
    want_objects=$(q -d app -c "$objects_sql")
    want_results=$(q -d app -c "$(results_sql)")
    old_ts=$(q -d app -c "SELECT string_agg(format('(%L::uuid, %L::timestamptz)', id, ts), ', ') FROM ids")
    [ -n "$core_bound" ] && echo "    $core_bound call core's uuid_extract_timestamp on $old: compared with core's on $new instead"
    # The value of ts stored on the older major, for the row's id.
    local stored="(SELECT o.ts FROM (VALUES $old_ts) o (id, ts) WHERE o.id = ids.id)"
    echo "    on $old: $(q -d app -c "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace") relations, $(q -d app -c 'SELECT count(*) FROM ids') rows"

    # Dump with the newer major's pg_dump; drop exactly Debian 15's pg_attver lines across majors.
    "${bin_of[$new]}/pg_dump" -d app >"$work/dump.sql" || { fail "$label: pg_dump"; return; }
    local attver='^ALTER TABLE ONLY [^ ]+ ALTER COLUMN [^ ]+ SET \(pg_attver=[0-9]+\);$' dropped=0
    if [ "$old" != "$new" ]; then
        dropped=$(grep -cE "$attver" "$work/dump.sql")
        grep -vE "$attver" "$work/dump.sql" >"$work/dump.filtered.sql"; mv "$work/dump.filtered.sql" "$work/dump.sql"
    fi
    echo "    dump: $(grep -c '' "$work/dump.sql") lines; dropped $dropped 'ALTER TABLE ... SET (pg_attver=...)' lines (Debian 15's attribute option, refused by newer servers)"
    check "$label: the dump names uidext's functions with their schema" \
        "$(grep -c 'public\.uuid_extract_timestamp(id)' "$work/dump.sql" | awk '{print ($1 >= 2)}')$(grep -c 'public\.max(' "$work/dump.sql" | awk '{print ($1 >= 1)}')" 11

    UIDEXT_PGBIN=${bin_of[$new]}
    cluster_start new >/dev/null || { fail "$label: new cluster"; return; }
    q -c "CREATE DATABASE app"
    local out
    out=$(psql -X -q -v ON_ERROR_STOP=1 -d app -f "$work/dump.sql" 2>&1)
    check "$label: the dump restores without an error" "$(grep -E '^(psql:|ERROR)' <<<"$out" | head -5)" ""
    check "$label: every relation, column expression and index restored" "$(q -d app -c "$objects_sql")" "$want_objects"
    check "$label: every row and result identical" "$(q -d app -c "$(results_sql)")" "$want_results"
    [ -n "$core_bound" ] && check "$label: $core_bound give core's result on $new (rows that differ)" \
        "$(q -d app -c "$(core_sql)" | tr '\n' ' ')" "0 0 "
    local resolution
    resolution=$(q -d app -c "$resolution_sql")
    check "$label: an unqualified call on $new finds core's where pg_catalog has it, else uidext's" \
        "$(awk -F'|' '$2 != $3' <<<"$resolution")" ""
    echo "    on $new, unqualified: $(awk -F'|' '{printf "%s %s; ", $1, $2}' <<<"$resolution")"
    if [ "$new" -ge 17 ]; then
        # uidext's reads versions 1, 6 and 7 as master's does: where core's reads a value, the same.
        check "$label: on $new, core's uuid_extract_timestamp/version agree with uidext's wherever core's reads the value" \
            "$(q -d app -c "SELECT count(*) FROM ids WHERE pg_catalog.uuid_extract_timestamp(id) <> public.uuid_extract_timestamp(id)
                              OR pg_catalog.uuid_extract_version(id) IS DISTINCT FROM public.uuid_extract_version(id)")" 0
    fi
    cluster_stop new

    # pg_upgrade of the same database. The old server stops; across majors Debian 15's
    # pg_attver option is cleared from the test's columns first (pg_upgrade's own dump would
    # write it too).
    UIDEXT_PGBIN=${bin_of[$old]}
    cluster_use old
    if [ "$old" != "$new" ]; then
        echo "    before pg_upgrade: cleared pg_attver from $(q -d app -c "WITH c AS (UPDATE pg_attribute SET attoptions = NULL
              WHERE attrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
              AND attoptions::text LIKE '%pg_attver=%' RETURNING 1) SELECT count(*) FROM c") columns"
    fi
    local old_checksums; old_checksums=$(q -c 'SHOW data_checksums')
    stop_keeping old
    UIDEXT_PGBIN=${bin_of[$new]}
    cluster_start upgraded >/dev/null || { fail "$label: upgraded cluster"; return; }
    stop_keeping upgraded
    # initdb turns data checksums on by default from 18; pg_upgrade wants the old cluster's setting.
    if [ "$old_checksums" = off ] && [ "$new" -ge 18 ]; then
        as_postgres "${bin_of[$new]}/pg_checksums" --disable -D "$(cluster_dir upgraded)/data" >/dev/null 2>&1
    fi
    local log=$work/pg_upgrade.log
    chown postgres "$work"
    if ! (cd "$work" && as_postgres "${bin_of[$new]}/pg_upgrade" -U postgres -b "${bin_of[$old]}" -B "${bin_of[$new]}" \
            -d "$(cluster_dir old)/data" -D "$(cluster_dir upgraded)/data" -s "$work" -p 50432 -P 50433) >"$log" 2>&1; then
        fail "$label: pg_upgrade"; tail -20 "$log"; find "$(cluster_dir upgraded)/data" -name '*.log' -path '*pg_upgrade*' -exec tail -5 {} \; ; return
    fi
    start_again upgraded
    check "$label: after pg_upgrade, every relation, column expression and index" "$(q -d app -c "$objects_sql")" "$want_objects"
    check "$label: after pg_upgrade, every row and result identical" "$(q -d app -c "$(results_sql)")" "$want_results"
    [ -n "$core_bound" ] && check "$label: after pg_upgrade, fields.t gives core's result on $new, ids.ts keeps $old's (rows that differ)" \
        "$(q -d app -c "$(core_sql "$stored")" | tr '\n' ' ')" "0 0 "
    check "$label: after pg_upgrade, unqualified calls as after a restore" "$(q -d app -c "$resolution_sql")" "$resolution"
    echo "    uidext_catalog_refresh() after pg_upgrade: $(q -d app -c 'SELECT uidext_catalog_refresh()')"
    q -c "CREATE DATABASE fresh" && q -d fresh -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_compat"
    check "$label: after pg_upgrade and the refresh, uidext's catalog is a fresh install's on $new" \
        "$(q -d app -f test/cluster/extension_catalog.sql)" "$(q -d fresh -f test/cluster/extension_catalog.sql)"
    check "$label: after pg_upgrade, uidext_compat's catalog is a fresh install's on $new" \
        "$(q -d app -v ext=uidext_compat -f test/cluster/extension_catalog.sql)" "$(q -d fresh -v ext=uidext_compat -f test/cluster/extension_catalog.sql)"
    cluster_stop upgraded
    UIDEXT_PGBIN=${bin_of[$old]}
    cluster_stop old
}

ran=""
skipped=""
run_pair "$this" "$this"; ran+=" $this->$this"
for pair in ${UIDEXT_DUMP_PAIRS:-15:17 16:17 17:18 19:20}; do
    old=${pair%:*} new=${pair#*:}
    if [ "$new" != "$this" ]; then
        skipped+=" $old->$new (PG_CONFIG is $this, not $new)"
    elif [ -z "${bin_of[$old]:-}" ]; then
        skipped+=" $old->$new (no PostgreSQL $old build with uidext installed)"
    else
        run_pair "$old" "$new"; ran+=" $old->$new"
    fi
done
echo "    pairs run:$ran"
echo "    pairs skipped:${skipped:- none}${without_uidext:+; builds without uidext:$without_uidext}"
finish
