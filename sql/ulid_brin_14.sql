-- BRIN minmax-multi and bloom operator classes (PostgreSQL 14+).
CREATE TABLE brin_events AS
SELECT ulid_lower_bound('2024-01-01 00:00:00+00'::timestamptz + i * interval '1 millisecond') AS id, i AS n
FROM generate_series(1, 20000) i;
SET enable_seqscan = off;

CREATE INDEX brin_multi ON brin_events USING brin (id ulid_minmax_multi_ops);
ANALYZE brin_events;
EXPLAIN (COSTS OFF) SELECT count(*) FROM brin_events WHERE id < ulid_lower_bound('2024-01-01 00:00:01+00');
SELECT count(*) FROM brin_events WHERE id < ulid_lower_bound('2024-01-01 00:00:01+00');
DROP INDEX brin_multi;

CREATE INDEX brin_bloom ON brin_events USING brin (id ulid_bloom_ops);
EXPLAIN (COSTS OFF) SELECT n FROM brin_events WHERE id = '01HK153X0G0000000000000000';
SELECT n FROM brin_events WHERE id = ulid_lower_bound('2024-01-01 00:00:00.078+00');

-- clean up
RESET enable_seqscan;
DROP TABLE brin_events;
