#!/usr/bin/env bash
# typeid_define/typeid_drop give no role more than trusted CREATE EXTENSION would (#30 H2),
# played as the attacker on a trusted install by a database owner who is not a superuser:
# - an audit event trigger (no search_path of its own) plus the caller's TEMP ddl_log whose
#   trigger runs ALTER ROLE ... SUPERUSER: refused for a role with CREATE on a schema only;
#   a role with CREATE on the database is refused while its session has temporary objects (1.3
#   escalated); beside that trigger typeid_define fails (the DDL runs with search_path =
#   pg_catalog, pg_temp since 1.5, #35), and once the trigger has a path of its own and a
#   qualified table, its rows land in public.ddl_log (third parties: 083_privileged_routes.sh);
# - the database owner decides who may define (GRANT/REVOKE CREATE ON DATABASE); REVOKE EXECUTE
#   on typeid_define, the advice of 1.3's page, does nothing for an owner who is not a superuser;
# - typeid_define('isnx', 'isn') beside isn's isn_ops families: refused (1.3 joined them);
# - a defaulted overload of the internal functions in the extension's schema neither breaks nor
#   takes over typeid_define/typeid_drop (1.3: "is not unique");
# - typeid_drop with another role's operator and aggregate on the type's functions: refused,
#   nothing dropped (1.3 dropped them silently);
# - a type made by 1.3 drops whole after the update; a non-ASCII last character is named.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters attacks' EXIT
cluster_start attacks

# verbose errors carry the SQLSTATE: "ERROR:  42501: ..."
qv() { q -v VERBOSITY=verbose "$@" 2>&1; }
is_superuser() { q -c "SELECT rolsuper FROM pg_roles WHERE rolname = '$1'"; }

q <<'SQL'
CREATE ROLE dbo LOGIN;
CREATE ROLE alice LOGIN;
CREATE ROLE carol LOGIN;
CREATE ROLE mallory LOGIN;
CREATE DATABASE appdb OWNER dbo;
SQL
q -d appdb -c "CREATE SCHEMA alice AUTHORIZATION alice"
# The owner installs the trusted extension (and isn, trusted too) into public.
q -U dbo -d appdb -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION isn" \
    -c "GRANT CREATE ON SCHEMA public TO carol, mallory"
# A DBA's audit trigger, as commonly written: no search_path of its own.
q -d appdb <<'SQL'
CREATE TABLE public.ddl_log (tag text, who name, at timestamptz DEFAULT now());
GRANT INSERT, SELECT ON public.ddl_log TO PUBLIC;
CREATE FUNCTION public.audit_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO ddl_log (tag, who) SELECT command_tag, current_user FROM pg_event_trigger_ddl_commands();
END
$$;
CREATE EVENT TRIGGER audit_ddl ON ddl_command_end EXECUTE FUNCTION public.audit_ddl();
SQL

echo "== the escalation through an audit trigger and the caller's temporary table"
attempt=$(qv -U alice -d appdb <<'SQL'
SET search_path = alice, public;
CREATE TEMP TABLE ddl_log (tag text, who name, at timestamptz DEFAULT now());
CREATE FUNCTION alice.escalate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
        EXECUTE 'ALTER ROLE alice SUPERUSER';
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER escalate AFTER INSERT ON pg_temp.ddl_log FOR EACH ROW EXECUTE FUNCTION alice.escalate();
SELECT typeid_define('pwn');
SQL
)
check_match "a role with CREATE on a schema only is refused (42501, CREATE on the database)" "$attempt" \
    'ERROR:  42501: permission denied to run typeid_define'
check "and is still not a superuser" "$(is_superuser alice)" f
check "nothing was created" "$(q -d appdb -c "SELECT count(*) FROM pg_type WHERE typname = 'pwn_id'")" 0

q -U dbo -d appdb -c "GRANT CREATE ON DATABASE appdb TO carol"
# The DDL runs with search_path = pg_catalog, pg_temp (#35): the audit trigger's unqualified
# table is found nowhere, and the call fails with its error (1.4 found public.ddl_log, or a
# table of that name any role with CREATE on the type's schema had planted).
check_match "beside an audit trigger that relies on the session's path, typeid_define fails (42P01)" \
    "$(qv -U carol -d appdb -c "SET search_path = public" -c "SELECT typeid_define('order')")" \
    'ERROR:  42P01: relation "ddl_log" does not exist'
check "and made nothing" "$(q -d appdb -c "SELECT to_regtype('public.order_id') IS NULL")" t
q -d appdb <<'SQL'
CREATE OR REPLACE FUNCTION public.audit_ddl() RETURNS event_trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO public.ddl_log (tag, who) SELECT command_tag, current_user FROM pg_event_trigger_ddl_commands();
END
$$;
SQL
check "with a search_path of the trigger's own and a qualified table, a role with CREATE on the database defines a type" \
    "$(q -U carol -d appdb -c "SET search_path = public" -c "SELECT typeid_define('order')::text" 2>&1)" order_id
check "whose DDL the audit trigger logged in public.ddl_log, as the bootstrap superuser" \
    "$(q -d appdb -c "SELECT count(*) FILTER (WHERE tag = 'CREATE TYPE') > 0, count(*) FILTER (WHERE tag = 'CREATE OPERATOR CLASS'),
                            string_agg(DISTINCT who, ',') FROM ddl_log WHERE tag <> 'CREATE TABLE' AND at >= now() - interval '1 hour'
                        AND who = 'postgres'")" "t|3|postgres"
check "and typeid_drop works beside it" \
    "$(q -U carol -d appdb -c "SELECT typeid_drop('public.order_id')" -c "SELECT to_regtype('public.order_id') IS NULL" 2>&1)" "
t"

# The same attack by a role with CREATE on the database, in a schema of its own (so that the
# audit trigger's unqualified table would be looked up in pg_temp, as during CREATE EXTENSION
# into that schema): refused while the session has temporary objects.
attempt=$(qv -U carol -d appdb <<'SQL'
CREATE SCHEMA carol;
SET search_path = carol, public;
CREATE TEMP TABLE ddl_log (tag text, who name, at timestamptz DEFAULT now());
CREATE FUNCTION carol.escalate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
        EXECUTE 'ALTER ROLE carol SUPERUSER';
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER escalate AFTER INSERT ON pg_temp.ddl_log FOR EACH ROW EXECUTE FUNCTION carol.escalate();
SELECT typeid_define('pwn');
SQL
)
check_match "a role with CREATE on the database is refused while its session has temporary objects (55000)" "$attempt" \
    'ERROR:  55000: typeid_define cannot run while this session has temporary objects'
check "and is still not a superuser" "$(is_superuser carol)" f
check_match "typeid_drop too" \
    "$(qv -U carol -d appdb -c "SET search_path = public" -c "SELECT typeid_define('public', 'scratch_id')" -c "CREATE TEMP TABLE scratch (a int)" \
          -c "SELECT typeid_drop('public.scratch_id')")" \
    'ERROR:  55000: typeid_drop cannot run while this session has temporary objects'

echo "== the database owner decides who may define types"
revoke=$(q -U dbo -d appdb -c "REVOKE EXECUTE ON FUNCTION typeid_define(text), typeid_define(text, text) FROM PUBLIC" 2>&1)
check_match "REVOKE EXECUTE by the owner of a trusted install changes nothing (the functions are the bootstrap superuser's)" \
    "$revoke" 'no privileges could be revoked'
check "alice may still execute typeid_define" \
    "$(q -d appdb -c "SELECT has_function_privilege('alice', 'typeid_define(text)', 'EXECUTE')")" t
check_match "alice cannot define in her own schema without CREATE on the database" \
    "$(qv -U alice -d appdb -c "SET search_path = alice, public" -c "SELECT typeid_define('mine')")" \
    'ERROR:  42501: permission denied to run typeid_define'
q -U dbo -d appdb -c "GRANT CREATE ON DATABASE appdb TO alice"
check "once the owner grants it, she can (in her own schema, beside the audit trigger)" \
    "$(q -U alice -d appdb -c "SET search_path = alice, public" -c "SELECT typeid_define('mine')::text")" mine_id
q -U dbo -d appdb -c "REVOKE CREATE ON DATABASE appdb FROM alice"
check_match "and once revoked, she can neither define" \
    "$(qv -U alice -d appdb -c "SET search_path = alice, public" -c "SELECT typeid_define('more')")" \
    'ERROR:  42501: permission denied to run typeid_define'
check_match "nor drop with typeid_drop (DROP TYPE ... CASCADE as the owner remains)" \
    "$(qv -U alice -d appdb -c "SELECT typeid_drop('alice.mine_id')")" 'ERROR:  42501: permission denied to run typeid_drop'

echo "== no joining another extension's operator families"
isn_before=$(q -d appdb -c "SELECT count(*) FROM pg_opclass c JOIN pg_opfamily f ON f.oid = c.opcfamily WHERE f.opfname = 'isn_ops'")
check_match "typeid_define('isnx', 'isn') beside isn's isn_ops: 42710 naming the family" \
    "$(qv -U dbo -d appdb -c "SELECT typeid_define('isnx', 'isn')")" \
    'ERROR:  42710: operator family public.isn_ops for access method (btree|hash) already exists'
check "isn's families are unchanged" \
    "$(q -d appdb -c "SELECT count(*) FROM pg_opclass c JOIN pg_opfamily f ON f.oid = c.opcfamily WHERE f.opfname = 'isn_ops'")" "$isn_before"
check "and no type isn was made" "$(q -d appdb -c "SELECT count(*) FROM pg_type WHERE typname = 'isn'")" 0
q -U dbo -d appdb -c "CREATE FUNCTION public.gen_taken_id() RETURNS int LANGUAGE sql AS 'SELECT 1'" >/dev/null
check_match "nor taking over a function of the type's names (42723)" \
    "$(qv -U dbo -d appdb -c "SELECT typeid_define('taken')")" 'ERROR:  42723: function public.gen_taken_id\(\) already exists'

echo "== a defaulted overload of the internal functions in the extension's schema"
q -U mallory -d appdb >/dev/null <<'SQL'
-- 1.3's names and 1.4's: each would make a call by name ambiguous, or take it over.
CREATE FUNCTION public.uidext_typeid_create(oid, text, text, oid, x int DEFAULT 0) RETURNS regtype
    LANGUAGE sql AS $$SELECT 'pg_catalog.int4'::regtype$$;
CREATE FUNCTION public.uidext_typeid_remove(oid, x int DEFAULT 0) RETURNS oid LANGUAGE sql AS 'SELECT 0::oid';
CREATE FUNCTION public.uidext_typeid_create_ddl(oid, text, text, oid, x int DEFAULT 0) RETURNS text[]
    LANGUAGE sql AS $$SELECT ARRAY['ALTER ROLE mallory SUPERUSER']$$;
CREATE FUNCTION public.uidext_typeid_remove_ddl(oid, x int DEFAULT 0) RETURNS text[]
    LANGUAGE sql AS $$SELECT ARRAY['ALTER ROLE mallory SUPERUSER']$$;
SQL
check "typeid_define still works" \
    "$(q -U carol -d appdb -c "SET search_path = public" -c "SELECT typeid_define('invoice')::text" 2>&1)" invoice_id
check "typeid_drop too" "$(q -U carol -d appdb -c "SELECT typeid_drop('public.invoice_id')" 2>&1)" ""
check "and mallory is not a superuser" "$(is_superuser mallory)" f
q -U mallory -d appdb >/dev/null <<'SQL'
DROP FUNCTION public.uidext_typeid_create(oid, text, text, oid, int), public.uidext_typeid_remove(oid, int),
    public.uidext_typeid_create_ddl(oid, text, text, oid, int), public.uidext_typeid_remove_ddl(oid, int);
SQL

echo "== typeid_drop leaves another role's objects alone, as RESTRICT"
q -U carol -d appdb -c "SET search_path = public" -c "SELECT typeid_define('tk')" >/dev/null
q -U mallory -d appdb >/dev/null <<'SQL'
CREATE OPERATOR public.=== (LEFTARG = public.tk_id, RIGHTARG = public.tk_id, FUNCTION = public.typeid_eq);
CREATE AGGREGATE public.last_tk(public.tk_id) (SFUNC = public.typeid_larger, STYPE = public.tk_id);
SQL
tk_objects="SELECT count(*) FROM pg_proc p JOIN pg_type t ON t.oid = p.prorettype OR t.oid = ANY (p.proargtypes::oid[])
            WHERE t.typname = 'tk_id'"
drop=$(qv -U carol -d appdb -c "SELECT typeid_drop('public.tk_id')")
check_match "refused with 2BP01" "$drop" 'ERROR:  2BP01: cannot drop type public.tk_id because other objects depend on it'
check_match "naming mallory's operator" "$drop" 'operator public.===\(public.tk_id,public.tk_id\)'
check_match "and aggregate" "$drop" 'function public.last_tk\(public.tk_id\)'
check "nothing was dropped (20 functions of the type and mallory's aggregate)" "$(q -d appdb -c "$tk_objects")" 21
check "mallory's operator is there" "$(q -d appdb -c "SELECT to_regoperator('public.===(public.tk_id,public.tk_id)') IS NOT NULL")" t
q -U mallory -d appdb -c "DROP OPERATOR public.===(public.tk_id, public.tk_id)" -c "DROP AGGREGATE public.last_tk(public.tk_id)"
check "once they are gone, the type drops whole" \
    "$(q -U carol -d appdb -c "SELECT typeid_drop('public.tk_id')" \
         -c "SELECT count(*) FROM pg_proc WHERE probin LIKE '%uidext' AND proname IN ('tk_id', 'gen_tk_id', 'tk_id_in', 'tk_id_recv')" 2>&1)" "
0"

echo "== a type made by 1.3 drops whole after the update"
q -c "CREATE DATABASE old OWNER dbo"
# (As 1.3's typeid_define did, minus its user switch: the 1.4 library refuses 1.3's SQL.)
q -U dbo -d old -c "CREATE EXTENSION uidext VERSION '1.3'"
q -d old -c "SELECT uidext_typeid_create('public'::regnamespace, 'legacy', 'legacy_id', 'dbo'::regrole)" >/dev/null
check_match "the 1.4 library refuses to run typeid_define before the update" \
    "$(q -U dbo -d old -c "SELECT typeid_define('early')" 2>&1)" 'internal function public.uidext_typeid_create_ddl is missing'

q -U dbo -d old -c "ALTER EXTENSION uidext UPDATE" >/dev/null
check "typeid_drop of the 1.3 type" \
    "$(q -U dbo -d old -c "SELECT typeid_drop('legacy_id')" \
         -c "SELECT count(*) FROM pg_proc p WHERE p.probin LIKE '%uidext' AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')" \
         -c "SELECT count(*) FROM pg_opfamily WHERE opfname = 'legacy_id_ops'" 2>&1)" "
0
0"

echo "== input errors"
check_match "a non-ASCII last character is named, not a length of 26 for 26" \
    "$(q -U dbo -d appdb -c "SELECT typeid_define('user')" -c "SELECT 'user_01h455vb4pex5vsknk084sn02é'::user_id" 2>&1)" \
    'DETAIL:  "é" at position 31 is not a lowercase Crockford base32 digit'

finish
