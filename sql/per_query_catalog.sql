-- Per-query cost (issue 14): every function PostgreSQL calls while setting up or running a query
-- on ulid is LANGUAGE C in uidext's library (found once per backend, then cached by OID), or a
-- built-in function of pg_catalog (found by OID in fmgr's built-in table). No LANGUAGE internal
-- alias of a core function under a new OID remains: PostgreSQL would look those up by name among
-- every built-in function at each call set-up.

-- (Aggregates are always "internal": they are called through their transition functions, which
-- are checked below.)
-- should be none: a non-aggregate function of the extension that is not LANGUAGE C
SELECT p.oid::regprocedure AS function, l.lanname AS language
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidext')
  AND p.prokind <> 'a' AND l.lanname <> 'c';

-- What a query calls: operators on ulid, operator class support functions of the ulid families,
-- casts with a function, aggregate transition functions, type I/O. Each is either LANGUAGE C
-- or a built-in function (an OID below FirstNormalObjectId, 16384, is in fmgr's table).
WITH called AS (
    SELECT 'operator ' || o.oid::regoperator AS what, o.oprcode AS fn
    FROM pg_operator o WHERE 'ulid'::regtype IN (o.oprleft, o.oprright)
    UNION ALL
    SELECT 'estimator of ' || o.oid::regoperator, x.fn
    FROM pg_operator o, LATERAL (VALUES (o.oprrest), (o.oprjoin)) x(fn)
    WHERE 'ulid'::regtype IN (o.oprleft, o.oprright) AND x.fn <> 0
    UNION ALL
    SELECT 'support ' || am.amname || ' ' || f.opfname || ' ' || ap.amprocnum, ap.amproc
    FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
    WHERE f.opfname LIKE 'ulid%'
    UNION ALL
    SELECT 'cast ' || format_type(c.castsource, NULL) || ' -> ' || format_type(c.casttarget, NULL), c.castfunc
    FROM pg_cast c WHERE 'ulid'::regtype IN (c.castsource, c.casttarget) AND c.castfunc <> 0
    UNION ALL
    SELECT 'aggregate ' || a.aggfnoid::regprocedure, a.aggtransfn::oid
    FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid WHERE 'ulid'::regtype = ANY (p.proargtypes)
    UNION ALL
    SELECT 'type i/o', x.fn::oid
    FROM pg_type t, LATERAL (VALUES (t.typinput), (t.typoutput), (t.typreceive), (t.typsend)) x(fn)
    WHERE t.oid = 'ulid'::regtype
)
SELECT count(*) FILTER (WHERE l.lanname = 'c') > 30 AS some_language_c,
       count(*) FILTER (WHERE p.oid < 16384 AND l.lanname = 'internal') > 10 AS some_built_in,
       count(*) FILTER (WHERE NOT (l.lanname = 'c' OR (p.oid < 16384 AND l.lanname = 'internal'))) AS looked_up_by_name
FROM called c JOIN pg_proc p ON p.oid = c.fn JOIN pg_language l ON l.oid = p.prolang;
-- should be none: a called function that is neither
WITH called AS (
    SELECT o.oprcode AS fn FROM pg_operator o WHERE 'ulid'::regtype IN (o.oprleft, o.oprright)
    UNION ALL
    SELECT ap.amproc FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily WHERE f.opfname LIKE 'ulid%'
)
SELECT DISTINCT p.oid::regprocedure, l.lanname
FROM called c JOIN pg_proc p ON p.oid = c.fn JOIN pg_language l ON l.oid = p.prolang
WHERE NOT (l.lanname = 'c' OR (p.oid < 16384 AND l.lanname = 'internal'));

-- Every operator of the ulid families and every support function of uidext's own (the rest are
-- core's built-ins: brin_minmax_*, btequalimage, uuid_cmp for (uuid, uuid) ...), with its C symbol.
SELECT DISTINCT p.oid::regprocedure AS function, l.lanname AS language, p.prosrc AS symbol
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
WHERE p.oid IN (SELECT o.oprcode FROM pg_operator o WHERE 'ulid'::regtype IN (o.oprleft, o.oprright)
                UNION SELECT ap.amproc FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily
                      WHERE f.opfname LIKE 'ulid%')
  AND p.pronamespace <> 'pg_catalog'::regnamespace
  AND p.proname NOT IN ('ulid_skipsupport', 'ulid_gist_cmptype')
ORDER BY 1;
-- the 18+ members ulid_skipsupport (btree) and ulid_gist_cmptype (GiST) too
SELECT coalesce(bool_and(l.lanname = 'c' AND p.prosrc = p.proname), true) AS members_18_are_c
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
WHERE p.proname IN ('ulid_skipsupport', 'ulid_gist_cmptype');

-- The comments say what the functions return.
SELECT obj_description('ulid_cmp(ulid, ulid)'::regprocedure) AS ulid_cmp,
       obj_description('ulid_uuid_cmp(ulid, uuid)'::regprocedure) AS ulid_uuid_cmp,
       obj_description('uuid_ulid_cmp(uuid, ulid)'::regprocedure) AS uuid_ulid_cmp;

-- The C functions give core's results. Comparison: the sign of memcmp, as uuid_cmp, for every
-- operator, both types and both operand orders (146 values: random, shared prefixes, extremes).
CREATE TEMP TABLE pq_vals AS
SELECT md5(i::text)::uuid AS v FROM generate_series(1, 120) i
UNION ALL SELECT (left(md5(i::text), 12) || '0000' || right(md5((i + 1)::text), 16))::uuid FROM generate_series(1, 22) i
UNION ALL VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
                 ('80000000-0000-0000-0000-000000000000'), ('7fffffff-ffff-ffff-ffff-ffffffffffff');
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE sign(ulid_cmp(a.v::ulid, b.v::ulid)) <> sign(uuid_cmp(a.v, b.v))
                           OR sign(ulid_uuid_cmp(a.v::ulid, b.v)) <> sign(uuid_cmp(a.v, b.v))
                           OR sign(uuid_ulid_cmp(a.v, b.v::ulid)) <> sign(uuid_cmp(a.v, b.v))
                           OR (a.v::ulid = b.v::ulid) <> (a.v = b.v) OR (a.v::ulid <> b.v::ulid) <> (a.v <> b.v)
                           OR (a.v::ulid < b.v::ulid) <> (a.v < b.v) OR (a.v::ulid <= b.v::ulid) <> (a.v <= b.v)
                           OR (a.v::ulid > b.v::ulid) <> (a.v > b.v) OR (a.v::ulid >= b.v::ulid) <> (a.v >= b.v)) AS differences
FROM pq_vals a, pq_vals b;
-- Hashes equal core's uuid hashes (hash joins, hash partitions and hash indexes agree).
SELECT count(*) FILTER (WHERE ulid_hash(v::ulid) <> uuid_hash(v)
                           OR ulid_hash_extended(v::ulid, 0) <> uuid_hash_extended(v, 0)
                           OR ulid_hash_extended(v::ulid, -7) <> uuid_hash_extended(v, -7)) AS hash_differences
FROM pq_vals;
-- Sort support: a sort with abbreviated keys (more than 10 000 rows, so the abort heuristic runs)
-- gives uuid's order, and a btree built by sorting finds every value.
CREATE TEMP TABLE pq_sort AS
SELECT gen_random_uuid() AS u FROM generate_series(1, 30000) i;
SELECT count(*) FILTER (WHERE a.r_ulid <> a.r_uuid) AS rank_differences
FROM (SELECT row_number() OVER (ORDER BY u::ulid) AS r_ulid, row_number() OVER (ORDER BY u) AS r_uuid FROM pq_sort) a;
CREATE INDEX pq_sort_ulid ON pq_sort ((u::ulid));
SET enable_seqscan = off;
SELECT count(*) FILTER (WHERE EXISTS (SELECT FROM pq_sort s2 WHERE s2.u::ulid = s.u::ulid)) AS found FROM pq_sort s;
RESET enable_seqscan;
DROP TABLE pq_sort, pq_vals;
