-- Comparison operators, hashing and min/max.

CREATE TABLE cmp_vals (v ulid);
INSERT INTO cmp_vals VALUES ('00000000000000000000000000'), ('01ARZ3NDEKTSV4RRFFQ69G5FAV'),
    ('01ARZ3NDEKTSV4RRFFQ69G5FAW'), ('01GV5PA9EQG7D82Q3Y4PKBZSYV'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');

-- Every pair under every operator.
SELECT a.v AS a, b.v AS b, a.v = b.v AS eq, a.v <> b.v AS ne, a.v < b.v AS lt, a.v <= b.v AS le,
       a.v > b.v AS gt, a.v >= b.v AS ge, sign(ulid_cmp(a.v, b.v)) AS cmp
FROM cmp_vals a, cmp_vals b
WHERE a.v <= '01ARZ3NDEKTSV4RRFFQ69G5FAW' AND b.v <= '01ARZ3NDEKTSV4RRFFQ69G5FAW'
ORDER BY a.v, b.v;

-- The order of ulid is the order of uuid over the same bytes, for random values too.
WITH r AS (SELECT gen_random_uuid() AS u FROM generate_series(1, 5000))
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (a.u < b.u) = (a.u::ulid < b.u::ulid)
                          AND sign(ulid_cmp(a.u::ulid, b.u::ulid)) = sign((a.u > b.u)::int - (a.u < b.u)::int)) AS same_order
FROM (SELECT u, row_number() OVER () AS n FROM r) a JOIN (SELECT u, row_number() OVER () AS n FROM r) b ON b.n = a.n + 1;

-- Text order of canonical ULIDs is time order (C collation).
SELECT count(*) FILTER (WHERE (a.u::ulid < b.u::ulid) = (a.u::ulid::text COLLATE "C" < b.u::ulid::text COLLATE "C")) = count(*) AS text_sorts_like_value
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 2000)) a, LATERAL (SELECT gen_random_uuid() AS u) b;

-- A ulid hashes exactly like the uuid with the same bytes.
SELECT count(*) FILTER (WHERE ulid_hash(u::ulid) = uuid_hash(u)
                          AND ulid_hash_extended(u::ulid, 42) = uuid_hash_extended(u, 42)
                          AND ulid_hash_extended(u::ulid, 0) = uuid_hash_extended(u, 0)) AS hashes_equal
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 1000)) s;

-- min and max
SELECT min(v), max(v) FROM cmp_vals;
SELECT min(v), max(v) FROM cmp_vals WHERE false;

-- Operator properties, as for core uuid.
SELECT o.oprname, o.oprcanmerge, o.oprcanhash, c.oprname AS commutator, n.oprname AS negator,
       o.oprrest, o.oprjoin, p.proleakproof
FROM pg_operator o
JOIN pg_proc p ON p.oid = o.oprcode
LEFT JOIN pg_operator c ON c.oid = o.oprcom
LEFT JOIN pg_operator n ON n.oid = o.oprnegate
WHERE o.oprleft = 'ulid'::regtype AND o.oprright = 'ulid'::regtype
ORDER BY o.oprname;

-- clean up
DROP TABLE cmp_vals;
