-- In-backend CPU per lookup (issue 14): run in the per_query database that bench section 8 creates
-- (psql -d per_query -f test/bench/per-query-cpu.sql); 7 rounds of 20 000 lookups each, cases interleaved.
CREATE FUNCTION pg_temp.cpu() RETURNS bigint LANGUAGE sql AS $$SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::bigint$$;
DO $$
DECLARE t0 bigint; k int; r int; v int; res text := ''; n int := 20000;
  a bigint[] := '{}'; b bigint[] := '{}'; c bigint[] := '{}'; d bigint[] := '{}';
BEGIN
  FOR r IN 1..7 LOOP
    t0 := pg_temp.cpu();
    FOR k IN 1..n LOOP SELECT pq_ulid.v INTO v FROM pq_ulid WHERE id = lpad(to_hex((k * 7919 % 100000 + 1)::bigint), 32, '0')::uuid::ulid; END LOOP;
    a := a || (pg_temp.cpu() - t0) / n;
    t0 := pg_temp.cpu();
    FOR k IN 1..n LOOP SELECT pq_uuid.v INTO v FROM pq_uuid WHERE id = lpad(to_hex((k * 7919 % 100000 + 1)::bigint), 32, '0')::uuid; END LOOP;
    b := b || (pg_temp.cpu() - t0) / n;
    t0 := pg_temp.cpu();
    FOR k IN 1..n LOOP SELECT pq_ulid.v INTO v FROM pq_ulid WHERE id = lpad(to_hex((k * 7919 % 100000 + 1)::bigint), 32, '0')::uuid; END LOOP;
    c := c || (pg_temp.cpu() - t0) / n;
    t0 := pg_temp.cpu();
    FOR k IN 1..n LOOP SELECT x.v INTO v FROM pq_ulid x JOIN pq_ulid_detail y ON y.id = x.id WHERE x.id = lpad(to_hex((k * 7919 % 100000 + 1)::bigint), 32, '0')::uuid::ulid; END LOOP;
    d := d || (pg_temp.cpu() - t0) / n;
  END LOOP;
  RAISE NOTICE 'ns/lookup ulid=% uuid=% ulid-by-uuid=% ulid-join=%', a, b, c, d;
END $$;
