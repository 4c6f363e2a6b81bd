#!/usr/bin/env bash
# Where OpenSSL refuses MD5 (FIPS mode), uuidv3() and uuid_generate_v3() raise a clear error
# and everything else, uuidv5() included, keeps working. FIPS mode is simulated: the server
# runs with an LD_PRELOAD shim (test/cluster/fault/refuse_md5.c) whose EVP_MD_fetch refuses
# "MD5" with OpenSSL's "unsupported" error, which is what a FIPS-only provider set returns.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
shim_dir=$(mktemp -d /tmp/uidext-refuse-md5.XXXXXX)
trap 'stop_clusters md5_refused; rm -rf "$shim_dir"' EXIT
chmod 755 "$shim_dir"

gcc -O2 -fPIC -shared -o "$shim_dir/refuse_md5.so" test/cluster/fault/refuse_md5.c -ldl -lcrypto \
    || { fail "building the shim"; finish; }
LD_PRELOAD="$shim_dir/refuse_md5.so" cluster_start md5_refused || { fail "server start"; finish; }
q -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_compat" -c "CREATE SCHEMA ossp" -c "CREATE EXTENSION uidext_ossp SCHEMA ossp"

# "SQLSTATE | message | detail | hint" of the first error of a statement.
error_of() {
    psql -X -A -t -q -v VERBOSITY=verbose -c "$1" 2>&1 \
        | awk '/^ERROR:/ { sub(/^ERROR: +/, ""); sub(/: /, " | "); printf "%s", $0 }
               /^DETAIL:/ { sub(/^DETAIL: +/, ""); printf " | %s", $0 }
               /^HINT:/ { sub(/^HINT: +/, ""); printf " | %s", $0 }'
}

echo "== MD5 refused"
md5_error='XX000 | could not compute MD5 hash: unsupported | UUID version 3 needs MD5, which the OpenSSL library refuses in FIPS mode. | Use UUID version 5 (uuidv5()), which hashes with SHA-1.'
check "uuidv3(uuid, text)" "$(error_of "SELECT uuidv3(uuid_namespace('dns'), 'www.example.com')")" "$md5_error"
check "uuidv3(uuid, bytea)" "$(error_of "SELECT uuidv3(uuid_namespace('dns'), '\\x00'::bytea)")" "$md5_error"
check "uuidv3(bytea), Java's" "$(error_of "SELECT uuidv3('www.example.com'::bytea)")" "$md5_error"
check "uidext_ossp's uuid_generate_v3" "$(error_of "SELECT ossp.uuid_generate_v3(ossp.uuid_ns_dns(), 'www.example.com')")" "$md5_error"
check "refused again on the next call (a failed fetch is not cached)" \
    "$(error_of "SELECT uuidv3('a'::bytea)")" "$md5_error"

echo "== everything else works"
check "uuidv5 (SHA-1), RFC A.4" "$(q -c "SELECT uuidv5(uuid_namespace('dns'), 'www.example.com')")" "2ed6657d-e927-568b-95e1-2665a8aea6a2"
check "uidext_ossp's uuid_generate_v5" "$(q -c "SELECT ossp.uuid_generate_v5(ossp.uuid_ns_dns(), 'www.widgets.com')")" "21f7f8de-8051-5b89-8680-0195ef798b6a"
check "after a refused v3 in the same connection, v5 still works" \
    "$(q -c "DO \$\$BEGIN PERFORM uuidv3('a'::bytea); EXCEPTION WHEN internal_error THEN NULL; END\$\$" -c "SELECT uuidv5(uuid_namespace('dns'), 'www.example.com')")" \
    "2ed6657d-e927-568b-95e1-2665a8aea6a2"
check "generators" "$(q -c "SELECT uuid_extract_version(uuidv1()), uuid_extract_version(uuidv6()), uuid_extract_version(uuidv7()), uuid_extract_version(uuidv4())")" "1|6|7|4"
finish
