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
 * then the decoders alone on the same values, without the server. Not a test: it prints numbers.
 *
 * <p>Usage: DecodeBench JDBC_URL [N [R]] (the database needs uidext; the table bench_keys is made there).
 */
public final class DecodeBench {
    private static long sink; // keeps the JIT from dropping the decoded values

    public static void main(String[] args) throws SQLException {
        String url = args[0];
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS bench_keys");
            st.execute("CREATE TABLE bench_keys AS SELECT id, id::uuid AS u FROM (SELECT gen_ulid() AS id FROM generate_series(1, " + n + ")) g");
            st.execute("ANALYZE bench_keys");
        }
        System.out.printf("%d keys, best of %d (ms)%n", n, repeats);
        System.out.printf("%-40s %10s %10s %7s%n", "", "Ulid", "UUID", "ratio");
        for (String threshold : new String[] {"0", "-1"}) {
            Properties props = new Properties();
            props.setProperty("prepareThreshold", threshold);
            try (Connection c = DriverManager.getConnection(url, props)) {
                UidextJdbc.register(c);
                try (PreparedStatement ulids = c.prepareStatement("SELECT id FROM bench_keys");
                     PreparedStatement uuids = c.prepareStatement("SELECT u FROM bench_keys")) {
                    String format = format(ulids) + "/" + format(uuids);
                    for (int w = 0; w < 3; w++) { // warm-up: JIT, and pgjdbc's statement cache
                        fetchUlids(ulids);
                        fetchUuids(uuids);
                    }
                    double bestUlid = Double.MAX_VALUE;
                    double bestUuid = Double.MAX_VALUE;
                    for (int r = 0; r < repeats; r++) {
                        bestUlid = Math.min(bestUlid, fetchUlids(ulids));
                        bestUuid = Math.min(bestUuid, fetchUuids(uuids));
                    }
                    report("fetch, pgjdbc " + (threshold.equals("0") ? "text" : "binary") + " (" + format + ")", bestUlid, bestUuid);
                }
            }
        }
        decodersAlone(url, repeats);
        if (sink == 42) {
            System.out.println();
        }
    }

    static String format(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.getMetaData().unwrap(PGResultSetMetaData.class).getFormat(1) == 1 ? "binary" : "text";
        }
    }

    static double fetchUlids(PreparedStatement ps) throws SQLException {
        long start = System.nanoTime();
        long x = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                x ^= UidextJdbc.getUlid(rs, 1).getLeastSignificantBits();
            }
        }
        sink ^= x;
        return (System.nanoTime() - start) / 1e6;
    }

    static double fetchUuids(PreparedStatement ps) throws SQLException {
        long start = System.nanoTime();
        long x = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                x ^= ((UUID) rs.getObject(1)).getLeastSignificantBits();
            }
        }
        sink ^= x;
        return (System.nanoTime() - start) / 1e6;
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
        for (int r = 0; r < repeats + 3; r++) {
            long start = System.nanoTime();
            long x = 0;
            for (String s : ulidText) {
                x ^= Ulid.fromString(s).getLeastSignificantBits();
            }
            double ulid = (System.nanoTime() - start) / 1e6;
            start = System.nanoTime();
            for (String s : uuidText) {
                x ^= UUID.fromString(s).getLeastSignificantBits();
            }
            double uuid = (System.nanoTime() - start) / 1e6;
            sink ^= x;
            if (r >= 3) {
                bestUlid = Math.min(bestUlid, ulid);
                bestUuid = Math.min(bestUuid, uuid);
            }
        }
        report("decoding only: Ulid/UUID.fromString", bestUlid, bestUuid);
    }

    static void report(String what, double ulid, double uuid) {
        System.out.printf("%-40s %10.1f %10.1f %6.2fx%n", what, ulid, uuid, ulid / uuid);
    }
}
