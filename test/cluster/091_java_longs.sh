#!/usr/bin/env bash
# Issue 16 item 6: uuid_msb(), uuid_lsb() and uuid_from_longs() give exactly java.util.UUID's
# getMostSignificantBits(), getLeastSignificantBits() and new UUID(msb, lsb), with Java itself
# (test/clients/JavaLongs.java) as the reference:
#  - the seeds' vectors (RFC 9562 Appendix A, nil, max, sign boundaries), uuidv1/v2/v6/v7
#    values and 10 000 random ones: Java's halves of each uuid text == uuid_msb/uuid_lsb;
#  - 10 000 pairs of java.util.Random longs and the extreme longs: new UUID(msb, lsb).toString()
#    == uuid_from_longs(msb, lsb)::text.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters java_longs' EXIT

RANDOM_UUIDS=10000
RANDOM_LONGS=10000
command -v javac >/dev/null && command -v java >/dev/null || { fail "javac and java are needed (test/lib/install-deps.sh)"; finish; }

cluster_start java_longs
dir=$(cluster_dir java_longs)
javac -d "$dir/java" test/clients/JavaLongs.java || fail "compiling test/clients/JavaLongs.java"
java_ref() { java -cp "$dir/java" JavaLongs; }
q -c "CREATE EXTENSION uidext"

# uuid -> two longs. Java prints the uuid back (lower case), so the lines must match exactly.
q -c "CREATE TABLE vectors (u uuid)" -c "INSERT INTO vectors VALUES
    ('c232ab00-9414-11ec-b3c8-9f6bdeced846'), ('5df41881-3aed-3515-88a7-2f4a814cf09e'),
    ('919108f7-52d1-4320-9bac-f847db4148a8'), ('2ed6657d-e927-568b-95e1-2665a8aea6a2'),
    ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'), ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
    ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('7fffffff-ffff-ffff-8000-000000000000'), ('80000000-0000-0000-7fff-ffffffffffff'),
    ('00000000-0000-0001-0000-000000000001')" \
  -c "INSERT INTO vectors SELECT public.uuidv1() UNION ALL SELECT uuidv2(1, 1000) UNION ALL SELECT public.uuidv6()
      UNION ALL SELECT gen_uuidv7()" \
  -c "INSERT INTO vectors SELECT gen_random_uuid() FROM generate_series(1, $RANDOM_UUIDS)"
ours=$(q -F ' ' -c "SELECT u, uuid_msb(u), uuid_lsb(u) FROM vectors ORDER BY u")
theirs=$(q -c "SELECT 'u ' || u FROM vectors ORDER BY u" | java_ref)
check "uuids read by Java: lines" "$(wc -l <<<"$theirs")" "$((RANDOM_UUIDS + 15))"
check "uuid_msb/uuid_lsb == Java's getMostSignificantBits/getLeastSignificantBits" "$ours" "$theirs"

# Two longs -> uuid: Java's random longs and the extremes.
theirs=$({ echo "r $RANDOM_LONGS 20260116"
           for pair in "0 0" "-1 -1" "1 -1" "-9223372036854775808 9223372036854775807" \
                       "9223372036854775807 -9223372036854775808" "-4453309062543306260 -5491964459929905082"; do
               echo "l $pair"
           done; } | java_ref)
check "pairs of longs from Java: lines" "$(wc -l <<<"$theirs")" "$((RANDOM_LONGS + 6))"
echo "$theirs" >"$dir/pairs.txt"
chmod 644 "$dir/pairs.txt"
check "uuid_from_longs(msb, lsb) == Java's new UUID(msb, lsb); the halves of it == (msb, lsb): pairs, mismatches" \
    "$(q -F ' ' -c "CREATE TEMP TABLE pairs (msb bigint, lsb bigint, java text)" \
         -c "\\copy pairs FROM '$dir/pairs.txt' WITH (DELIMITER ' ')" \
         -c "SELECT count(*), count(*) FILTER (WHERE uuid_from_longs(msb, lsb)::text <> java),
                    count(*) FILTER (WHERE (uuid_msb(uuid_from_longs(msb, lsb)), uuid_lsb(uuid_from_longs(msb, lsb))) <> (msb, lsb))
             FROM pairs")" "$((RANDOM_LONGS + 6)) 0 0"
finish
