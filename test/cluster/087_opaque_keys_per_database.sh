#!/usr/bin/env bash
# Opaque-id keys per database, and the promises of the preload (issue 35, items 3 and 4):
#  1. a key file with server-wide keys and sections [dba], [dbb], an empty [dbe] and an odd name:
#     each database encodes and decodes with its own keys; the owner of another database, who
#     installs uidext there, can neither decode dba's ids nor mint ids that dba decodes; two
#     databases without a section share the server-wide keys; the page's REVOKE/GRANT narrows
#     who may encode and decode;
#  2. without shared_preload_libraries the functions refuse (55000) with a hint naming it;
#  3. with it, a bad edit and a reload: an old and a new session keep the previous keys;
#  4. a reload retires a key: it is found in no core dump (gcore) of the postmaster, of a session
#     opened before the reload, of one opened after; a kept key is found in each (the search
#     works); a session of dba holds no key of dbb's section;
#  5. 1.3's setting stored per role or database is refused; a misspelt uidext.* too (15+);
#  6. the rotation script of doc/opaque-ids.md, run 10 times on [dba] and 3 times on the
#     server-wide keys: at most 8 keys each, the file replaced (0600, the server's user's), ids
#     made under every kept key still found, under every dropped key not.
# Prints "ok ..." or "FAIL ..." per check; exit 0 only if every check passed.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
work=$(mktemp -d)
chmod 755 "$work"
old_pid=""
trap '[ -n "$old_pid" ] && kill "$old_pid" 2>/dev/null; stop_clusters keys_nopreload keys; rm -rf "$work"' EXIT

# error_of DB SQL: "SQLSTATE: message" of the first error, or "no error".
error_of() {
    local out
    out=$(psql -X -A -t -q -v VERBOSITY=verbose -d "$1" -c "$2" 2>&1)
    grep -m1 -oP '^(psql:[^:]*:[0-9]+: )?ERROR:\s+\K.*' <<<"$out" || echo "no error"
}

# The keys (test keys, never typed in SQL).
kw=0f1e2d3c4b5a69788796a5b4c3d2e1f0            # server-wide
ka1=00112233445566778899aabbccddeeff            # dba, retired by the reload of part 4
ka2=2b7e151628aed2a6abf7158809cf4f3cef4359d8d580aa4f7f036d6f04fc6a94
ka3=3c4b5a69788796a5b4c3d2e1f00f1e2d
kb1=8f1c2e3d4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0
kodd=a1a2a3a4a5a6a7a8a9aaabacadaeafb0
odd='we]ird # db'                               # a database name with ']' and '#'
v7=01932c07-a1b2-7c3d-8e4f-0123456789ab

echo "== 2. without shared_preload_libraries (${SECONDS}s)"
cluster_start keys_nopreload || exit 1
nodata=$(cluster_dir keys_nopreload)/data
printf 'k1:%s\n' "$kw" >"$nodata/opaque.keys"
chown postgres "$nodata/opaque.keys"; chmod 600 "$nodata/opaque.keys"
echo "uidext.opaque_key_file = 'opaque.keys'" >>"$nodata/postgresql.conf"
q -c 'SELECT pg_reload_conf()' -c 'CREATE EXTENSION uidext' >/dev/null
for f in "opaque_encode('$v7'::uuid)" "opaque_decode('92c8ea2c-0259-403b-bc9d-1c26b1df7e71')" "opaque_candidates(gen_random_uuid())"; do
    check "no preload: $f refuses" "$(error_of postgres "SELECT $f")" \
        "55000: ${f%%(*}() needs uidext loaded via \"shared_preload_libraries\""
done
check "... the hint names the setting" "$(psql -X -c "SELECT opaque_encode(gen_uuidv7())" 2>&1 | grep '^HINT')" \
    'HINT:  Add uidext to "shared_preload_libraries" in postgresql.conf and restart the server.'
cluster_stop keys_nopreload

echo "== 1. keys per database (${SECONDS}s)"
cluster_start keys shared_preload_libraries=uidext shared_buffers=16MB || exit 1
data=$(cluster_dir keys)/data
pgbin=$("${PG_CONFIG:-pg_config}" --bindir)
# write_keys LINE...: the key file, owned by the server's OS user, mode 0600 (replaced whole).
write_keys() {
    printf '%s\n' "$@" >"$data/opaque.keys.tmp"
    chown postgres:postgres "$data/opaque.keys.tmp"; chmod 600 "$data/opaque.keys.tmp"
    mv "$data/opaque.keys.tmp" "$data/opaque.keys"
}
# reloaded SINCE: waits until the postmaster has applied a reload requested after SINCE (a
# pg_conf_load_time()), so that sessions started afterwards are forked with its result.
reloaded() {
    for _ in $(seq 100); do [ "$(q -c "SELECT pg_conf_load_time() > '$1'")" = t ] && return 0; sleep 0.1; done
    fail "the postmaster did not apply the reload"
}
reload() { local t; t=$(q -c 'SELECT pg_conf_load_time()'); q -c 'SELECT pg_reload_conf()' >/dev/null; reloaded "$t"; }
write_keys "# server-wide" "kw:$kw" "" "[dba]" "ka2:$ka2" "ka1:$ka1" "[dbb]" "kb1:$kb1" "[dbe]" "[$odd]" "k1:$kodd"
echo "uidext.opaque_key_file = 'opaque.keys'" >>"$data/postgresql.conf"
reload
q -c "CREATE ROLE alice LOGIN" -c "CREATE ROLE bob LOGIN" -c "CREATE ROLE carol LOGIN"
for db in dba dbb dbc dbd dbe "$odd"; do q -c "CREATE DATABASE \"$db\""; done
q -c "ALTER DATABASE dba OWNER TO alice" -c "ALTER DATABASE dbb OWNER TO bob" -c "ALTER DATABASE dbc OWNER TO carol"
q -c "ALTER DATABASE dbd OWNER TO carol"
# uidext is trusted: each database's owner installs it.
q -U alice -d dba -c "CREATE EXTENSION uidext"
q -U bob -d dbb -c "CREATE EXTENSION uidext"
for db in dbc dbd; do q -U carol -d "$db" -c "CREATE EXTENSION uidext"; done
for db in dbe "$odd"; do q -d "$db" -c "CREATE EXTENSION uidext"; done

# A table of ids made in dba under ka2, its first key.
q -U alice -d dba -c "CREATE TABLE orders AS SELECT gen_uuidv7() AS id, gen_ulid() AS uid FROM generate_series(1, 200)" \
    -c "CREATE TABLE links AS SELECT id, uid, opaque_encode(id)::text AS link, opaque_encode(uid)::text AS ulink FROM orders"
q -U alice -d dba -c "COPY links TO STDOUT" >"$work/links.tsv"
pub_a=$(q -U alice -d dba -c "SELECT opaque_encode('$v7'::uuid)")
check "dba: its 200 uuid and ulid ids decode there, through both lookups" \
    "$(q -U alice -d dba -c "SELECT count(*) FILTER (WHERE opaque_decode(link) = id AND id = ANY(opaque_candidates(link)) AND opaque_decode(ulink) = uid::uuid) FROM links")" "200"
q -U bob -d dbb -c "CREATE TABLE stolen (id uuid, uid ulid, link text, ulink text)"
q -U bob -d dbb -c "COPY stolen FROM STDIN" <"$work/links.tsv"
check "bob, owner of dbb: dba's 200 uuid ids, decoded in dbb (22P02 or another value)" \
    "$(q -U bob -d dbb -c "CREATE FUNCTION try_decode(t text) RETURNS uuid LANGUAGE plpgsql AS \$\$BEGIN RETURN opaque_decode(t); EXCEPTION WHEN invalid_text_representation THEN RETURN NULL; END\$\$" \
        -c "SELECT count(*) FILTER (WHERE try_decode(link) = id) || ' right, ' || count(*) FILTER (WHERE try_decode(ulink) = uid::uuid) || ' right (ulid)' FROM stolen")" \
    "0 right, 0 right (ulid)"
check "... nor among their candidates" \
    "$(q -U bob -d dbb -c "SELECT count(*) FILTER (WHERE id = ANY(opaque_candidates(link)) OR uid::uuid = ANY(opaque_candidates(ulink))) FROM stolen")" "0"
q -U bob -d dbb -c "CREATE TABLE minted AS SELECT id, opaque_encode(id)::text AS link FROM stolen"
q -U bob -d dbb -c "COPY minted TO STDOUT" >"$work/minted.tsv"
q -U alice -d dba -c "CREATE TABLE minted (id uuid, link text)" -c "COPY minted FROM STDIN" <"$work/minted.tsv"
check "ids bob mints in dbb for dba's rows: found in dba (of 200)" \
    "$(q -U alice -d dba -c "SELECT count(*) FROM minted m WHERE m.id = ANY(opaque_candidates(m.link))")" "0"
check "carol in dbc (no section: the server-wide keys) cannot decode dba's id either" \
    "$(q -U carol -d dbc -c "SELECT '$v7' = ANY(opaque_candidates('$pub_a'))")" "f"
pub_c=$(q -U carol -d dbc -c "SELECT opaque_encode('$v7'::uuid)")
check "dbc and dbd (no section) share the server-wide keys: an id of dbc decodes in dbd" \
    "$(q -U carol -d dbd -c "SELECT opaque_decode('$pub_c')")" "$v7"
check "... and dba's id differs from the server-wide one" "$([ "$pub_a" != "$pub_c" ] && echo differs)" "differs"
check "dbe (an empty section): no key, not the server-wide ones" "$(error_of dbe "SELECT opaque_encode('$v7'::uuid)")" \
    '55000: opaque_encode() has no key in database "dbe": its section of the key file lists none'
pub_odd=$(q -d "$odd" -c "SELECT opaque_encode('$v7'::uuid)")
check "database \"$odd\": its section [$odd] (the name runs to the last ])" \
    "$(q -d "$odd" -c "SELECT opaque_decode('$pub_odd')") $([ "$pub_odd" != "$pub_c" ] && [ "$pub_odd" != "$pub_a" ] && echo own)" "$v7 own"
# doc/opaque-ids.md's REVOKE/GRANT (the block after "Who may encode and decode"), as the
# functions' owner (the bootstrap superuser: uidext is trusted).
awk '/^### Who may encode and decode/ { on = 1 } on && /^```sql/ { copy = 1; next } copy && /^```/ { exit } copy' \
    doc/opaque-ids.md >"$work/narrow.sql"
q -c "CREATE ROLE app" -c "GRANT app TO carol"
q -d dba -v ON_ERROR_STOP=1 -f "$work/narrow.sql" || fail "the page's REVOKE/GRANT failed"
check "after the page's REVOKE ... FROM PUBLIC: bob may neither encode nor decode in dba (42501)" \
    "$(error_of dba "SET ROLE bob; SELECT opaque_encode('$v7'::uuid)" | cut -d: -f1) $(error_of dba "SET ROLE bob; SELECT opaque_candidates('$pub_a')" | cut -d: -f1)" \
    "42501 42501"
check "... carol, a member of app, may" \
    "$(q -d dba -c "SET ROLE carol" -c "SELECT opaque_encode('$v7'::uuid) = '$pub_a', opaque_decode('$pub_a')")" "t|$v7"

echo "== 3. a bad edit and a reload: old and new sessions keep the previous keys (${SECONDS}s)"
# A session opened now stays open (psql reading a FIFO) through the reloads below.
mkfifo "$work/old.in"
psql -X -A -t -q -d dba <"$work/old.in" >>"$work/old.out" 2>&1 &
old_pid=$!
exec 3>"$work/old.in"
old_q() {  # old_q SQL: its output in the old session
    local mark="done$RANDOM$RANDOM" n
    n=$(wc -l <"$work/old.out")
    printf '%s;\n\\echo %s\n' "$1" "$mark" >&3
    for _ in $(seq 100); do grep -q "^$mark$" "$work/old.out" && break; sleep 0.1; done
    tail -n +"$((n + 1))" "$work/old.out" | grep -v "^$mark$"
}
old_backend=$(old_q "SELECT pg_backend_pid()")
check "the old session decodes dba's id" "$(old_q "SELECT opaque_decode('$pub_a')")" "$v7"
write_keys "kw:$kw" "[dba]" "ka3:${ka3:0:30}" "ka2:$ka2" "[dbb]" "kb1:$kb1"
reload
check_match "the log says the previous keys stay, naming line and section" "$(cluster_log keys)" \
    'WARNING:  uidext kept its previous opaque id keys: key file "opaque.keys", line 3 \(section \[dba\], id "ka3"\): the key must have 32 or 64 hex digits'
check "the old session keeps them" "$(old_q "SELECT opaque_decode('$pub_a'), opaque_encode('$v7'::uuid) = '$pub_a'")" "$v7|t"
check "a new session keeps them" "$(q -d dba -c "SELECT opaque_decode('$pub_a'), opaque_encode('$v7'::uuid) = '$pub_a'")" "$v7|t"
write_keys "kw:$kw" "[dba]" "ka2:$ka2" "ka1:$ka1" "[dbb]" "kb1:$kb1"
chmod 644 "$data/opaque.keys"
reload
check "a 0644 file: both keep them too" \
    "$(old_q "SELECT opaque_decode('$pub_a')") $(q -d dba -c "SELECT opaque_decode('$pub_a')")" "$v7 $v7"

echo "== 4. a reload retires a key: no process holds it (${SECONDS}s)"
# Files without sections in this part: 1.4 reads them too, so this part shows what 1.4 did.
write_keys "kr:$ka1" "kw:$kw"
reload
pub_r=$(q -d dba -c "SELECT opaque_encode('$v7'::uuid)")  # under ka1
check "the old session, at its next statement, encodes with ka1" "$(old_q "SELECT opaque_encode('$v7'::uuid) = '$pub_r'")" "t"
write_keys "ka3:$ka3" "kw:$kw"
reload
check "... and at the next, with ka3: ka1's ids are no longer found" \
    "$(old_q "SELECT opaque_encode('$v7'::uuid) <> '$pub_r', '$v7' = ANY(opaque_candidates('$pub_r'))")" "t|f"
# new_session NAME: a session of dba started now, kept open (its input a FIFO on fd 4) until
# end_session; its backend's pid in $session_pid.
new_session() {
    mkfifo "$work/$1.in"
    psql -X -A -t -q -d dba <"$work/$1.in" >"$work/$1.out" 2>&1 &
    new_psql=$!
    exec 4>"$work/$1.in"
    printf 'SELECT pg_backend_pid();\nSELECT opaque_encode(%s::uuid) IS NOT NULL;\n' "'$v7'" >&4
    for _ in $(seq 100); do [ "$(wc -l <"$work/$1.out")" -ge 2 ] && break; sleep 0.1; done
    session_pid=$(head -1 "$work/$1.out")
}
end_session() { exec 4>&-; wait "$new_psql" 2>/dev/null; }
# found KEYHEX CORE: how many times the key's bytes or its hex digits (either case) are in CORE.
found() {
    $PY - "$1" "$2" <<'PY'
import sys
key, core = sys.argv[1], open(sys.argv[2], "rb").read()
print(sum(core.count(p) for p in {bytes.fromhex(key), key.lower().encode(), key.upper().encode()}))
PY
}
# core_of WHO PID: a core dump of the process (gcore), its path in $core; false when gcore failed.
core_of() {
    core="$work/core.$1.$2"
    gcore -o "$work/core.$1" "$2" >"$work/gcore.log" 2>&1 && [ -s "$core" ] && return 0
    fail "gcore of the $1 ($2): $(tail -2 "$work/gcore.log")"
    return 1
}
command -v gcore >/dev/null || fail "gcore is not installed (test/lib/install-deps.sh installs gdb)"
postmaster=$(head -1 "$data/postmaster.pid")
new_session new
new_backend=$session_pid
for who in postmaster old_backend new_backend; do
    core_of "$who" "${!who}" || continue
    check "core of the $who ($(du -m "$core" | cut -f1) MB): the retired ka1" "$(found "$ka1" "$core")" "0"
    check_ge "... the kept ka3 is there (the search finds what is held)" "$(found "$ka3" "$core")" 1
    rm -f "$core"
done
end_session

echo "== 4b. a session holds only its database's keys (${SECONDS}s)"
write_keys "kw:$kw" "[dba]" "ka3:$ka3" "[dbb]" "kb1:$kb1"
reload
pub_3=$(q -d dba -c "SELECT opaque_encode('$v7'::uuid)")  # under ka3, in [dba]
new_session new2
if core_of new_backend "$session_pid"; then
    check "core of a new session of dba: no key of dbb's section; its own ka3 is there" \
        "$(found "$kb1" "$core") $([ "$(found "$ka3" "$core")" -ge 1 ] && echo found)" "0 found"
    rm -f "$core"
fi
end_session

echo "== 5. 1.3's setting and the uidext prefix, with the preload (${SECONDS}s)"
refused='22023: uidext.opaque_keys is no longer read: opaque id keys come from the file named by uidext.opaque_key_file'
check "a fresh session: ALTER ROLE ... SET uidext.opaque_keys refused" \
    "$(error_of postgres "ALTER ROLE bob SET uidext.opaque_keys = 'k9:not-a-key'")" "$refused"
check "... ALTER DATABASE ... SET too" "$(error_of postgres "ALTER DATABASE dba SET uidext.opaque_keys = 'k9:not-a-key'")" "$refused"
if [ "$("${PG_CONFIG:-pg_config}" --version | grep -oE '[0-9]+' | head -1)" -ge 15 ]; then
    check "a misspelt uidext.opaque_key set per role: refused (the prefix is reserved)" \
        "$(error_of postgres "ALTER ROLE bob SET uidext.opaque_key = 'k9:not-a-key'" | cut -d: -f1)" "42602"
fi
check "pg_db_role_setting holds nothing of uidext" "$(q -c "SELECT count(*) FROM pg_db_role_setting WHERE array_to_string(setconfig, ',') LIKE '%uidext%'")" "0"

echo "== 6. the rotation script of doc/opaque-ids.md (${SECONDS}s)"
# The ```sh block after the marker line, saved as a script and run as the server's OS user.
awk '/<!-- rotation script:/ { on = 1; next } on && /^```sh/ { copy = 1; next } copy && /^```/ { exit } copy' \
    doc/opaque-ids.md >"$work/rotate-opaque-key"
chmod 755 "$work/rotate-opaque-key"
check_match "the script was found in the page" "$(cat "$work/rotate-opaque-key")" 'mv '
q -d dba -c "CREATE TABLE made (run int, key_count int, id uuid, link text)"
q -d dbc -c "CREATE TABLE made (run int, id uuid, link text)"
for run in $(seq 1 10); do
    t=$(q -c 'SELECT pg_conf_load_time()')
    # (The inode before the last run: the first file's inode, freed, may be given out again.)
    inode_before=$(stat -c %i "$data/opaque.keys")
    as_postgres "$work/rotate-opaque-key" "$data/opaque.keys" dba >"$work/rotate.log" 2>&1 || fail "run $run: $(cat "$work/rotate.log")"
    reloaded "$t"
    q -d dba -c "INSERT INTO made SELECT $run, 0, id, opaque_encode(id) FROM (SELECT gen_uuidv7() id FROM generate_series(1, 50)) s"
    if [ "$run" -le 3 ]; then
        t=$(q -c 'SELECT pg_conf_load_time()')
        as_postgres "$work/rotate-opaque-key" "$data/opaque.keys" >"$work/rotate.log" 2>&1 || fail "server-wide run $run: $(cat "$work/rotate.log")"
        reloaded "$t"
        q -d dbc -c "INSERT INTO made SELECT $run, id, opaque_encode(id) FROM (SELECT gen_uuidv7() id FROM generate_series(1, 50)) s"
    fi
done
keys_in() {  # keys_in SECTION: the key lines of a section ("" for the server-wide ones)
    awk -v s="$1" '/^[ \t]*\[.*\][ \t]*$/ { n = $0; sub(/^[ \t]*\[/, "", n); sub(/\][ \t]*$/, "", n); here = (n == s); next }
                   BEGIN { here = (s == "") } here && /^[ \t]*[^ \t#]/ { c++ } END { print c + 0 }' "$data/opaque.keys"
}
check "after 10 rotations [dba] holds 8 keys, the server-wide part 4 (3 + kw), [dbb] 1" \
    "$(keys_in dba) $(keys_in "") $(keys_in dbb)" "8 4 1"
check "the file was replaced (a new inode), mode 0600, the server's user's" \
    "$([ "$(stat -c %i "$data/opaque.keys")" != "$inode_before" ] && echo replaced) $(stat -c '%a %U' "$data/opaque.keys")" \
    "replaced 600 postgres"
check "no temporary file left beside it" "$(ls -a "$data" | grep -c '^opaque\.keys.')" "0"
check "dba: ids made under each of the 8 kept keys (runs 3-10) all found, 50 each" \
    "$(q -d dba -c "SELECT string_agg(n::text, ' ' ORDER BY run) FROM (SELECT run, count(*) FILTER (WHERE id = ANY(opaque_candidates(link))) n FROM made WHERE run >= 3 GROUP BY run) s")" \
    "50 50 50 50 50 50 50 50"
check "... ids made under the dropped keys (runs 1, 2, ka3's): none found" \
    "$(q -d dba -c "SELECT count(*) FROM made WHERE run < 3 AND id = ANY(opaque_candidates(link))") $(q -d dba -c "SELECT '$v7' = ANY(opaque_candidates('$pub_3'))")" \
    "0 f"
check "dbc (server-wide): ids of the 3 runs and of kw found" \
    "$(q -d dbc -c "SELECT count(*) FILTER (WHERE id = ANY(opaque_candidates(link))) FROM made") $(q -d dbd -c "SELECT '$v7' = ANY(opaque_candidates('$pub_c'))")" \
    "150 t"
check "dbb's section untouched: bob's ids still decode" \
    "$(q -U bob -d dbb -c "SELECT count(*) FROM minted WHERE id = ANY(opaque_candidates(link))")" "200"
check "the server log has no key of the file" \
    "$(grep -ciE "$kw|$ka1|$ka2|$ka3|$kb1|$kodd|$(grep -oE '[0-9a-f]{64}' "$data/opaque.keys" | paste -sd'|')" <<<"$(cluster_log keys)")" "0"
exec 3>&-  # end of input: the old session ends
wait "$old_pid" 2>/dev/null
old_pid=""
finish
