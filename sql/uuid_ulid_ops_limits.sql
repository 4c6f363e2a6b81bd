-- What uuid_ulid_ops and the cross-type operators cannot do (#21, items 4 and 6), as plans.
SET max_parallel_workers_per_gather = 0;
SET jit = off;
SET enable_bitmapscan = off;
-- min/max(uuid) below 20: uidext_compat's (#35).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uidext_compat;
RESET client_min_messages;
-- The aggregate, limit, scan, sort and filter lines of a plan (the rest of EXPLAIN's text, such
-- as InitPlan lines, min/max's IS NOT NULL condition before 17 or "Replaces:" on 20, differs
-- between majors).
CREATE FUNCTION plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        IF line ~ '(Aggregate|Limit|Scan|Sort|Filter|Cond)' AND line !~ '(IS NOT NULL|Replaces:)' THEN
            RETURN NEXT regexp_replace(line, '^[ >-]*', '');
        END IF;
    END LOOP;
END $$;
CREATE TABLE lines (pid uuid NOT NULL, n int NOT NULL) WITH (autovacuum_enabled = off);
INSERT INTO lines SELECT ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 second')::uuid, i
FROM generate_series(1, 20000) i;
CREATE INDEX lines_pid ON lines (pid uuid_ulid_ops);
VACUUM ANALYZE lines;

-- 4. A uuid_ulid_ops index serves comparisons of the uuid column with uuid and ulid values...
SELECT plan($q$SELECT n FROM lines WHERE pid = '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid$q$);
SELECT plan($q$SELECT n FROM lines WHERE pid = '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid$q$);
-- ...but never provides ORDER BY ordering for it: the planner takes a uuid column's sort order
-- from its type's default btree class, core's uuid_ops (family uuid_ops), and this index is in
-- family ulid_ops. Even with sequential scans disabled, both sort every row.
SET enable_seqscan = off;
SELECT plan($q$SELECT pid FROM lines ORDER BY pid LIMIT 5$q$);
SELECT plan($q$SELECT max(pid) FROM lines$q$);
RESET enable_seqscan;
-- So a uuid column that is also sorted needs core's index in addition, not instead.
CREATE INDEX lines_pid_uuid_ops ON lines (pid);
SELECT plan($q$SELECT pid FROM lines ORDER BY pid LIMIT 5$q$);
SELECT plan($q$SELECT max(pid) FROM lines$q$);
SELECT (SELECT max(pid) FROM lines) = (SELECT pid FROM lines ORDER BY n DESC LIMIT 1) AS same_max;
DROP TABLE lines;

-- 6. An IN list (= ANY (array)) against a sequential scan is hashed only when both sides hash
-- with the same function (PostgreSQL's convert_saop_to_hashed_saop). ulid = ulid and
-- uuid = uuid do; ulid = uuid pairs ulid_hash with uuid_hash, so a ulid column against a uuid[]
-- list, or a uuid column against a ulid[] list, compares each row with every element in turn.
SELECT o.oprname, o.oprleft::regtype, o.oprright::regtype,
       lh.amproc AS left_hash, rh.amproc AS right_hash, lh.amproc = rh.amproc AS hashable_in_list
FROM pg_operator o
JOIN pg_amop a ON a.amopopr = o.oid JOIN pg_opfamily f ON f.oid = a.amopfamily
JOIN pg_am m ON m.oid = f.opfmethod AND m.amname = 'hash'
JOIN pg_amproc lh ON lh.amprocfamily = f.oid AND lh.amprocnum = 1 AND lh.amproclefttype = o.oprleft AND lh.amprocrighttype = o.oprleft
JOIN pg_amproc rh ON rh.amprocfamily = f.oid AND rh.amprocnum = 1 AND rh.amproclefttype = o.oprright AND rh.amprocrighttype = o.oprright
WHERE f.opfname = 'ulid_ops' ORDER BY 2, 3;
-- The plans look alike; the filter's array element type is the difference.
CREATE TABLE keys (id ulid NOT NULL);
INSERT INTO keys SELECT ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 second') FROM generate_series(1, 100) i;
ANALYZE keys;
SELECT plan($q$SELECT count(*) FROM keys WHERE id = ANY ('{01ARZ3NDEKTSV4RRFFQ69G5FAV,01ARZ3NDEKTSV4RRFFQ69G5FAW}'::ulid[])$q$);
SELECT plan($q$SELECT count(*) FROM keys WHERE id = ANY ('{01563e3a-b5d3-d676-4c61-efb99302bd5b,01563e3a-b5d3-d676-4c61-efb99302bd5c}'::uuid[])$q$);
-- Same answers either way; casting the list to the column's type gets the hashed one.
SELECT (SELECT count(*) FROM keys WHERE id = ANY (ARRAY(SELECT id::uuid FROM keys WHERE random() >= 0)))
     = (SELECT count(*) FROM keys WHERE id = ANY (ARRAY(SELECT id::uuid FROM keys WHERE random() >= 0)::ulid[])) AS same_count;
DROP TABLE keys;
DROP FUNCTION plan(text);
