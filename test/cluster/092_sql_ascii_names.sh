#!/usr/bin/env bash
# Issue 16: uuidv3/uuidv5(uuid, text) in a SQL_ASCII database, as the README states: names that
# are valid UTF-8 hash as in a UTF8 database; other bytes raise 22021; the bytea overloads and
# uidext_ossp (uuid-ossp's rule) hash the bytes as stored.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters sql_ascii' EXIT
export PGCLIENTENCODING=UTF8   # this script's 'café' is UTF-8

cluster_start sql_ascii
q -c "CREATE DATABASE ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0" -c "CREATE DATABASE utf8db"
for db in ascii utf8db; do q -d $db -c "CREATE EXTENSION uidext" -c "CREATE SCHEMA ox" -c "CREATE EXTENSION uidext_ossp SCHEMA ox"; done
check "database encodings" "$(q -c "SELECT string_agg(datname || ' ' || pg_encoding_to_char(encoding), ', ' ORDER BY datname) FROM pg_database WHERE datname IN ('ascii', 'utf8db')")" \
    "ascii SQL_ASCII, utf8db UTF8"

names_sql="SELECT uuidv3(uuid_namespace('dns'), n) || ' ' || uuidv5(uuid_namespace('url'), n)
           FROM (VALUES ('www.example.com'), ('café'), ('日本語'), ('')) v(n)"
check "valid UTF-8 names: the same UUIDs as in a UTF8 database" "$(q -d ascii -c "$names_sql")" "$(q -d utf8db -c "$names_sql")"
check "café v5(DNS) in SQL_ASCII: the UTF-8 value (uuid-family.md 6)" \
    "$(q -d ascii -c "SELECT uuidv5(uuid_namespace('dns'), 'café')")" 5e2e2331-a683-5e18-b56d-666e31574b41

latin1_cafe="convert_from('\\x636166e9', 'SQL_ASCII')"   # the Latin-1 bytes of 'café', stored as they are
for f in uuidv3 uuidv5; do
    check "$f(uuid, text) of a name that is not UTF-8: 22021" \
        "$(psql -X -A -t -q -v VERBOSITY=verbose -d ascii -c "SELECT $f(uuid_namespace('dns'), $latin1_cafe)" 2>&1 | grep -oP '^ERROR:\s+\K.*')" \
        '22021: invalid byte sequence for encoding "UTF8": 0xe9'
done
check "the bytes as stored: uuidv5(uuid, bytea), uidext_ossp's uuid_generate_v5 (uuid-ossp's rule)" \
    "$(q -d ascii -F ' ' -c "SELECT uuidv5(uuid_namespace('dns'), convert_to($latin1_cafe, 'SQL_ASCII')), ox.uuid_generate_v5(ox.uuid_ns_dns(), $latin1_cafe)")" \
    "35458c3d-2495-59d1-a8be-24be6f13ee69 35458c3d-2495-59d1-a8be-24be6f13ee69"
check "uuidv3/uuidv5(uuid, text) are IMMUTABLE" \
    "$(q -d ascii -c "SELECT string_agg(provolatile::text, '') FROM pg_proc WHERE oid IN ('uuidv3(uuid, text)'::regprocedure, 'uuidv5(uuid, text)'::regprocedure)")" ii
finish
