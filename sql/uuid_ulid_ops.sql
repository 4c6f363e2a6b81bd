-- uuid_ulid_ops (issue 15): a uuid column's btree or hash index in the ulid families, so ulid
-- values (a foreign key to a ulid key, parameters, ranges, = ANY) use it, and uuid ones still do.
SET max_parallel_workers_per_gather = 0;

-- Non-default classes for uuid in the families ulid_ops; core's uuid_ops stay the defaults.
SELECT am.amname, c.opcname, c.opcdefault, f.opfname AS family, c.opcintype::regtype AS type
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
WHERE c.opcintype = 'uuid'::regtype AND am.amname IN ('btree', 'hash') ORDER BY 1, 2;
SELECT am.amname, amvalidate(c.oid) FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcname = 'uuid_ulid_ops' ORDER BY 1;
SELECT obj_description(c.oid, 'pg_opclass') AS comment FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE c.opcname = 'uuid_ulid_ops' ORDER BY am.amname;

-- A parent with a ulid key and a child whose uuid column references it (accepted since 1.1).
CREATE TABLE orders (id ulid PRIMARY KEY, n int NOT NULL);
INSERT INTO orders
SELECT ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 millisecond'), i
FROM generate_series(1, 2000) i;
CREATE TABLE order_lines (order_id uuid NOT NULL REFERENCES orders ON UPDATE CASCADE, line int NOT NULL)
    WITH (autovacuum_enabled = off);  -- plans below must not depend on autovacuum's timing
-- Without JIT: the forced-JIT run would compile each row's foreign-key check (minutes).
SET jit = off;
INSERT INTO order_lines SELECT id::uuid, l FROM orders, generate_series(1, 10) l;
RESET jit;
VACUUM ANALYZE orders;
VACUUM ANALYZE order_lines;
-- The RI query of a parent delete is "WHERE $1::ulid = order_id": core's uuid_ops cannot serve it,
-- so each deleted parent costs a sequential scan of the child (counted in this transaction).
CREATE INDEX order_lines_uuid_ops ON order_lines (order_id);
DELETE FROM order_lines WHERE order_id IN (SELECT id::uuid FROM orders WHERE n BETWEEN 101 AND 120);
-- Scans of the child by the RI checks of 10 parent deletes (counted inside one transaction:
-- pending statistics are not flushed before it ends).
BEGIN;
SELECT seq_scan AS seq_before, idx_scan AS idx_before FROM pg_stat_xact_user_tables WHERE relname = 'order_lines' \gset
DELETE FROM orders WHERE n BETWEEN 101 AND 110;
SELECT seq_scan - :seq_before AS seq_scans, idx_scan - :idx_before AS index_scans
FROM pg_stat_xact_user_tables WHERE relname = 'order_lines';
ROLLBACK;
-- With uuid_ulid_ops the same checks are index scans: no sequential scan, one index scan a row.
DROP INDEX order_lines_uuid_ops;
CREATE INDEX order_lines_order ON order_lines (order_id uuid_ulid_ops);
BEGIN;
SELECT seq_scan AS seq_before, idx_scan AS idx_before FROM pg_stat_xact_user_tables WHERE relname = 'order_lines' \gset
DELETE FROM orders WHERE n BETWEEN 101 AND 110;
SELECT seq_scan - :seq_before AS seq_scans, idx_scan - :idx_before AS index_scans
FROM pg_stat_xact_user_tables WHERE relname = 'order_lines';
COMMIT;
-- should fail: a parent row still referenced (the check finds the child rows through the index)
DELETE FROM orders WHERE n = 200;
-- A key update cascades to the uuid column through the index.
BEGIN;
SELECT seq_scan AS seq_before, idx_scan AS idx_before FROM pg_stat_xact_user_tables WHERE relname = 'order_lines' \gset
UPDATE orders SET id = ulid_lower_bound('2030-01-01 00:00:00+00') WHERE n = 300;
SELECT seq_scan - :seq_before AS seq_scans, idx_scan - :idx_before > 0 AS index_scanned
FROM pg_stat_xact_user_tables WHERE relname = 'order_lines';
SELECT count(*) AS moved FROM order_lines WHERE order_id = ulid_lower_bound('2030-01-01 00:00:00+00');
ROLLBACK;

-- Every index path, with ulid values in either operand order, and uuid ones.
SELECT id::uuid AS u500, id AS l500, (SELECT id FROM orders WHERE n = 520) AS l520 FROM orders WHERE n = 500 \gset
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE order_id = :'l500'::ulid;
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE :'l500'::ulid = order_id;
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE order_id = :'u500'::uuid;
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE order_id = ANY (ARRAY[:'l500', :'l520']::ulid[]);
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE order_id BETWEEN :'l500'::ulid AND :'l520'::ulid;
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE :'l520'::ulid > order_id AND order_id >= :'u500'::uuid;
SELECT count(*) FROM order_lines WHERE order_id = :'l500'::ulid;
SELECT count(*) FROM order_lines WHERE :'l500'::ulid = order_id;
SELECT count(*) FROM order_lines WHERE order_id = ANY (ARRAY[:'l500', :'l520']::ulid[]);
SELECT count(*) FROM order_lines WHERE order_id BETWEEN :'l500'::ulid AND :'l520'::ulid;
SELECT count(*) FROM order_lines WHERE :'l520'::ulid > order_id AND order_id >= :'u500'::uuid;
-- Parameters, custom and generic plans.
PREPARE lines_by_ulid(ulid) AS SELECT count(*) FROM order_lines WHERE $1 = order_id;
SET plan_cache_mode = force_generic_plan;
-- Which scan of the index (plain, index-only, bitmap) is not the point: one plain scan.
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF) EXECUTE lines_by_ulid(:'l500');
EXECUTE lines_by_ulid(:'l500');
RESET plan_cache_mode;
RESET enable_bitmapscan;
RESET enable_indexonlyscan;
-- The same results as a sequential scan.
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SELECT count(*) FROM order_lines WHERE order_id BETWEEN :'l500'::ulid AND :'l520'::ulid;
SELECT count(*) FROM order_lines WHERE :'l520'::ulid > order_id AND order_id >= :'u500'::uuid;
RESET enable_indexscan;
RESET enable_bitmapscan;

-- A hash index with uuid_ulid_ops serves equality with ulid and uuid values.
DROP INDEX order_lines_order;
CREATE INDEX order_lines_hash ON order_lines USING hash (order_id uuid_ulid_ops);
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE order_id = :'l500'::ulid;
EXPLAIN (COSTS OFF) SELECT line FROM order_lines WHERE order_id = :'u500'::uuid;
SELECT count(*) FROM order_lines WHERE order_id = :'l500'::ulid;
DROP INDEX order_lines_hash;

-- Nothing changes for uuid-only schemas: an index on uuid without a class is core's uuid_ops,
-- and uuid = uuid is core's operator.
CREATE TABLE plain (u uuid PRIMARY KEY);
SELECT c.opcname, c.opcnamespace::regnamespace AS schema
FROM pg_index i JOIN pg_opclass c ON c.oid = i.indclass[0] WHERE i.indexrelid = 'plain_pkey'::regclass;
SELECT oprcode, oprnamespace::regnamespace AS schema FROM pg_operator WHERE oid = '=(uuid,uuid)'::regoperator;
DROP TABLE plain;

-- A ulid column referencing a uuid key: core's uuid_ops, which the key's index uses, has no
-- (uuid, ulid) members.
CREATE TABLE accounts (id uuid PRIMARY KEY);
CREATE TABLE sessions (account_id ulid);
-- should fail: 42804
\set VERBOSITY sqlstate
ALTER TABLE sessions ADD FOREIGN KEY (account_id) REFERENCES accounts (id);
\set VERBOSITY default
-- A primary key cannot use a non-default class...
CREATE TABLE accounts2 (id uuid NOT NULL);
CREATE UNIQUE INDEX accounts2_id ON accounts2 (id uuid_ulid_ops);
-- should fail
ALTER TABLE accounts2 ADD PRIMARY KEY USING INDEX accounts2_id;
-- ... but a unique index with uuid_ulid_ops, the key's only one, can be referenced.
ALTER TABLE sessions ADD FOREIGN KEY (account_id) REFERENCES accounts2 (id);
INSERT INTO accounts2 VALUES ('01890a5d-ac96-774b-bcce-b302099a8057');
INSERT INTO sessions VALUES ('01890a5d-ac96-774b-bcce-b302099a8057'::uuid::ulid);
-- should fail: no such account
INSERT INTO sessions VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV');
DROP TABLE sessions, accounts, accounts2;

-- Or change a column's type: ulid <-> uuid is binary, so ALTER COLUMN ... TYPE rewrites no table
-- (same relfilenode), in both directions; a foreign key between the two becomes same-type.
CREATE TEMP TABLE files AS
SELECT 'order_lines'::regclass::oid AS rel, pg_relation_filenode('order_lines') AS before;
ALTER TABLE order_lines ALTER COLUMN order_id TYPE ulid;
SELECT pg_relation_filenode(rel) = before AS not_rewritten, format_type(a.atttypid, NULL) AS type
FROM files JOIN pg_attribute a ON a.attrelid = rel AND a.attname = 'order_id';
ALTER TABLE order_lines ALTER COLUMN order_id TYPE uuid;
SELECT pg_relation_filenode(rel) = before AS not_rewritten, format_type(a.atttypid, NULL) AS type
FROM files JOIN pg_attribute a ON a.attrelid = rel AND a.attname = 'order_id';
SELECT count(*) FROM order_lines WHERE order_id = :'l500'::ulid;

-- clean up
DROP TABLE order_lines, orders, files;
