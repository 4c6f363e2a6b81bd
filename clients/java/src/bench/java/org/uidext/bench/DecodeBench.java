package org.uidext.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.postgresql.PGResultSetMetaData;
import org.uidext.Ulid;
import org.uidext.jdbc.UidextJdbc;

/**
 * Decoding N keys through pgjdbc as Ulid (a ulid column, after UidextJdbc.register) against the
 * same keys as java.util.UUID (a uuid column, rs.getObject), interleaved, best of R, in pgjdbc's
 * text format (prepareThreshold=0: never server-prepared) and binary format (prepareThreshold=-1);
 * each also without the server's part (the rs.next() loop over the rows pgjdbc has read: the
 * decoding through pgjdbc); then the parsers alone on the same texts. Not a test: it prints numbers.
 *
 * <p>Usage: DecodeBench JDBC_URL [N [R [PARTS]]] (the database needs uidext; the table bench_keys is
 * made there); PARTS is a comma-separated list of text, binary, parsers (all three by default).
 * The bench script runs each part in a JVM of its own, so that one part's JIT profile (the
 * text path of getUlid) does not shape the next one's compiled code.
 */
public final class DecodeBench {
    private static long sink; // keeps the JIT from dropping the decoded values

    public static void main(String[] args) throws SQLException {
        String url = args[0];
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        List<String> parts = List.of((args.length > 3 ? args[3] : "text,binary,parsers").split(","));
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            // Made once per database: every part reads the same keys.
            st.execute("CREATE TABLE IF NOT EXISTS bench_keys AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, " + n + ")) g");
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM bench_keys")) {
                rs.next();
                if (rs.getInt(1) != n) {
                    st.execute("DROP TABLE bench_keys");
                    st.execute("CREATE TABLE bench_keys AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, " + n + ")) g");
                }
            }
        }
        for (String threshold : new String[] {"0", "-1"}) {
            if (!parts.contains(threshold.equals("0") ? "text" : "binary")) {
                continue;
            }
            Properties props = new Properties();
            props.setProperty("prepareThreshold", threshold);
            try (Connection c = DriverManager.getConnection(url, props)) {
                UidextJdbc.register(c);
                try (PreparedStatement ulids = c.prepareStatement("SELECT id FROM bench_keys");
                     PreparedStatement uuids = c.prepareStatement("SELECT u FROM bench_keys")) {
                    String format = format(ulids) + "/" + format(uuids);
                    for (int w = 0; w < 10; w++) { // warm-up: JIT, and pgjdbc's statement cache
                        fetchUlids(ulids);
                        fetchUuids(uuids);
                    }
                    double[] best = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
                    for (int r = 0; r < repeats; r++) {
                        double[] ulid = fetchUlids(ulids);
                        double[] uuid = fetchUuids(uuids);
                        best[0] = Math.min(best[0], ulid[0]);
                        best[1] = Math.min(best[1], uuid[0]);
                        best[2] = Math.min(best[2], ulid[1]);
                        best[3] = Math.min(best[3], uuid[1]);
                    }
                    String name = threshold.equals("0") ? "text" : "binary";
                    report("fetch, pgjdbc " + name + " (" + format + ")", best[0], best[1]);
                    report("  of which decoding (the rs.next() loop)", best[2], best[3]);
                }
            }
        }
        if (parts.contains("parsers")) {
            decodersAlone(url, repeats);
        }
        if (sink == 42) {
            System.out.println();
        }
    }

    static String format(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.getMetaData().unwrap(PGResultSetMetaData.class).getFormat(1) == 1 ? "binary" : "text";
        }
    }

    /** {whole fetch, the rs.next() loop alone} in ms: pgjdbc has every row in memory after executeQuery. */
    static double[] fetchUlids(PreparedStatement ps) throws SQLException {
        long start = System.nanoTime();
        long x = 0;
        long loop;
        try (ResultSet rs = ps.executeQuery()) {
            loop = System.nanoTime();
            while (rs.next()) {
                x ^= UidextJdbc.getUlid(rs, 1).getLeastSignificantBits();
            }
        }
        long end = System.nanoTime();
        sink ^= x;
        return new double[] {(end - start) / 1e6, (end - loop) / 1e6};
    }

    static double[] fetchUuids(PreparedStatement ps) throws SQLException {
        long start = System.nanoTime();
        long x = 0;
        long loop;
        try (ResultSet rs = ps.executeQuery()) {
            loop = System.nanoTime();
            while (rs.next()) {
                x ^= ((UUID) rs.getObject(1)).getLeastSignificantBits();
            }
        }
        long end = System.nanoTime();
        sink ^= x;
        return new double[] {(end - start) / 1e6, (end - loop) / 1e6};
    }

    /** Ulid.fromString against UUID.fromString on the server's text of the same keys. */
    static void decodersAlone(String url, int repeats) throws SQLException {
        List<String> ulidText = new ArrayList<>();
        List<String> uuidText = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id::text, u::text FROM bench_keys")) {
            while (rs.next()) {
                ulidText.add(rs.getString(1));
                uuidText.add(rs.getString(2));
            }
        }
        double bestUlid = Double.MAX_VALUE;
        double bestUuid = Double.MAX_VALUE;
        for (int r = 0; r < repeats + 10; r++) {
            double ulid = parseUlids(ulidText);
            double uuid = parseUuids(uuidText);
            if (r >= 10) {
                bestUlid = Math.min(bestUlid, ulid);
                bestUuid = Math.min(bestUuid, uuid);
            }
        }
        report("parsers alone: Ulid/UUID.fromString", bestUlid, bestUuid);
    }

    static double parseUlids(List<String> texts) {
        long start = System.nanoTime();
        long x = 0;
        for (String s : texts) {
            x ^= Ulid.fromString(s).getLeastSignificantBits();
        }
        sink ^= x;
        return (System.nanoTime() - start) / 1e6;
    }

    static double parseUuids(List<String> texts) {
        long start = System.nanoTime();
        long x = 0;
        for (String s : texts) {
            x ^= UUID.fromString(s).getLeastSignificantBits();
        }
        sink ^= x;
        return (System.nanoTime() - start) / 1e6;
    }

    static void report(String what, double ulid, double uuid) {
        System.out.printf("%-44s %10.1f %10.1f %6.2fx%n", what, ulid, uuid, ulid / uuid);
    }
}
