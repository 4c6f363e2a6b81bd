#!/usr/bin/env bash
# Issue 10 item 6: the installed uidext.so exports only what PostgreSQL looks up by name (the
# SQL-callable functions, their pg_finfo_* records, Pg_magic_func, _PG_init): no C++ internals.
# Its 1.0 names stay (the 1.0 catalog binds them), some of which pg_uuidv7's library exports
# too (gen_ulid, uuid_timestamptz_to_v7): uidext is linked with -Bsymbolic, so its references
# to its own names are resolved inside the library and never through the dynamic linker. Shown
# with a library that exports gen_ulid and uuid_timestamptz_to_v7 returning something else,
# loaded before uidext in a session (LOAD) and in the whole server (shared_preload_libraries).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters symbols symbols_pre; rm -rf "$UIDEXT_CLUSTER_ROOT/impostor"' EXIT

so="$("${PG_CONFIG:-pg_config}" --pkglibdir)/uidext.so"
exported=$(nm -D --defined-only "$so" | awk '{ print $3 }' | sort)
functions=$(sed -n 's/^pg_finfo_//p' <<<"$exported")
unexpected=$(comm -23 <(echo "$exported") \
    <({ echo Pg_magic_func; echo _PG_init; echo "$functions"; sed 's/^/pg_finfo_/' <<<"$functions"; } | sort))
echo "    $(wc -l <<<"$exported") exported symbols, $(wc -l <<<"$functions") SQL-callable functions"
check "exports other than the functions, their pg_finfo_*, Pg_magic_func and _PG_init" "$unexpected" ""
check "C++ (mangled _Z) exports" "$(grep -c '^_Z' <<<"$exported")" 0
# Built with -fno-exceptions -fno-rtti and linked without -lstdc++: nothing may need the C++
# runtime (__cxa_atexit and __cxa_finalize are glibc's).
check "undefined C++ runtime symbols (mangled, __cxa_*, __gxx_*, _Unwind_*)" \
    "$(nm -D --undefined-only "$so" | awk '{ print $NF }' | sed 's/@.*//' \
        | grep -E '^(_Z|__cxa_|__gxx_|_Unwind_)' | grep -vE '^__cxa_(atexit|finalize)$' | tr '\n' ' ')" ""
check "libstdc++ among the needed libraries" "$(readelf -d "$so" | grep -c 'NEEDED.*libstdc++')" 0
check "linked -Bsymbolic (DT_FLAGS)" "$(readelf -d "$so" | grep -Eo 'FLAGS\)[[:space:]]+.*SYMBOLIC' | grep -o SYMBOLIC)" SYMBOLIC
# No dynamic relocation refers to one of its own functions: no call can be redirected.
check "dynamic relocations against its own functions" \
    "$(readelf -rW "$so" | awk 'NF >= 5 { print $5 }' | sed 's/@.*//' | sort -u | comm -12 - <(echo "$functions") | tr '\n' ' ')" ""

cluster_start symbols
q -c "CREATE EXTENSION uidext"
# Every C function of the catalog is exported (the 1.0 names included).
check "catalog C functions missing from the exports" \
    "$(q -c "SELECT prosrc FROM pg_proc WHERE probin = '\$libdir/uidext' ORDER BY 1" | sort -u | comm -23 - <(echo "$functions"))" ""

# A library exporting two of uidext's names, returning other values.
dir=$UIDEXT_CLUSTER_ROOT/impostor
mkdir -p "$dir"
cat >"$dir/impostor.c" <<'EOF'
#include "postgres.h"
#include "fmgr.h"
#include "utils/builtins.h"
PG_MODULE_MAGIC;
PG_FUNCTION_INFO_V1(gen_ulid);
Datum gen_ulid(PG_FUNCTION_ARGS) { PG_RETURN_TEXT_P(cstring_to_text("impostor")); }
PG_FUNCTION_INFO_V1(uuid_timestamptz_to_v7);
Datum uuid_timestamptz_to_v7(PG_FUNCTION_ARGS) { PG_RETURN_TEXT_P(cstring_to_text("impostor")); }
EOF
gcc -shared -fPIC -O2 -I"$("${PG_CONFIG:-pg_config}" --includedir-server)" -o "$dir/impostor.so" "$dir/impostor.c" \
    || fail "building the impostor library"
chmod 755 "$dir" && chmod 644 "$dir/impostor.so"

values_sql="SELECT ulid_extract_timestamp(gen_ulid()) BETWEEN now() - interval '1 minute' AND clock_timestamp(),
                   uuid_v7_to_timestamptz(uuid_timestamptz_to_v7('2020-01-01 00:00:00.123+00')) = '2020-01-01 00:00:00.123+00',
                   uidext_monotonic_scope()"
impostor_fn="CREATE FUNCTION impostor_gen_ulid() RETURNS text AS '$dir/impostor.so', 'gen_ulid' LANGUAGE C"
q -c "$impostor_fn"
out=$(q -F ' ' -c "LOAD '$dir/impostor.so'" -c "SELECT impostor_gen_ulid()" -c "$values_sql")
check "impostor loaded first in the session, then uidext: impostor's gen_ulid, uidext's values, scope" \
    "$(tr '\n' ' ' <<<"$out")" "impostor t t connection "
cluster_stop symbols

cluster_start symbols_pre "shared_preload_libraries='$dir/impostor.so,uidext'"
q -c "CREATE EXTENSION uidext" -c "$impostor_fn"
out=$(q -F ' ' -c "SELECT impostor_gen_ulid()" -c "$values_sql")
check "impostor preloaded before uidext: impostor's gen_ulid, uidext's values, scope" \
    "$(tr '\n' ' ' <<<"$out")" "impostor t t server "
finish
