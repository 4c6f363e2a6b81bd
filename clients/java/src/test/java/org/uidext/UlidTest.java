package org.uidext;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ulid against the server's own ulid input and output: the Python and Node packages' vectors. */
class UlidTest {
    static final String SPEC = "01ARZ3NDEKTSV4RRFFQ69G5FAV"; // the ULID spec's example
    static final String SPEC_UUID = "01563e3a-b5d3-d676-4c61-efb99302bd5b";
    static Connection conn;

    @BeforeAll
    static void connect() throws SQLException {
        conn = TestDb.connect(TestDb.fresh("ulid"));
        conn.createStatement().execute("CREATE FUNCTION read_ulid(s text) RETURNS text LANGUAGE plpgsql AS $$"
            + " BEGIN RETURN s::ulid::text; EXCEPTION WHEN invalid_text_representation THEN RETURN NULL; END $$");
    }

    @AfterAll
    static void close() throws SQLException {
        conn.close();
    }

    /** The server's ulid text of text, or its SQLSTATE. */
    static String server(String text) {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ?::text::ulid::text")) {
            ps.setString(1, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    @Test
    void theSpecExample() {
        Ulid u = Ulid.fromString(SPEC);
        assertEquals(SPEC, u.toString());
        assertEquals(u, Ulid.fromString(SPEC.toLowerCase()));
        assertEquals(UUID.fromString(SPEC_UUID), u.toUuid());
        assertEquals(u, Ulid.fromUuid(UUID.fromString(SPEC_UUID)));
        assertEquals(u, Ulid.fromString(SPEC_UUID));
        assertEquals(UUID.fromString(SPEC_UUID).getMostSignificantBits(), u.getMostSignificantBits());
        assertEquals(UUID.fromString(SPEC_UUID).getLeastSignificantBits(), u.getLeastSignificantBits());
        assertEquals(u, new Ulid(u.getMostSignificantBits(), u.getLeastSignificantBits()));
        assertEquals(1469922850259L, u.timestamp());
        assertEquals(Instant.parse("2016-07-30T23:54:10.259Z"), u.instant());
        assertEquals(u, Ulid.fromBytes(u.toBytes()));
    }

    @ParameterizedTest
    @ValueSource(strings = {SPEC, "01arz3ndektsv4rrffq69g5fav", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "00000000000000000000000000",
        "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189C4E1D9A87C1B9C3E4F2A1B0C9D8E", "{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}",
        "0189-c4e1-d9a8-7c1b-9c3e-4f2a-1b0c-9d8e", "{0189c4e1d9a87c1b9c3e4f2a1b0c9d8e}"})
    void acceptsWhatTheServerAccepts(String text) {
        assertEquals(server(text), Ulid.fromString(text).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "x", "01ARZ3NDEKTSV4RRFFQ69G5FA", "01ARZ3NDEKTSV4RRFFQ69G5FAV0", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU", "01ARZ3NDEKTSV4RRFFQ69G5FAI", "01ARZ3NDEKTSV4RRFFQ69G5FAL", "01ARZ3NDEKTSV4RRFFQ69G5FA-",
        " 01ARZ3NDEKTSV4RRFFQ69G5FAV", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8g",
        "{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}", "0189c4e-1d9a8-7c1b-9c3e-4f2a1b0c9d8e",
        "0189c4e1--d9a8-7c1b-9c3e-4f2a1b0c9d8e", "urn:uuid:0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "01ARZ3NDEKTSV4RRFFQ69G5FAé",
        "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e ", "01ARZ3NDEKTSV4RRFFQ69G5FA\u017f", "01ARZ3NDEKTSV4RRFFQ69G5FA\u212a"})
    void rejectsWhatTheServerRejects(String text) {
        assertEquals("22P02", server(text));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ulid.fromString(text));
        assertTrue(e.getMessage().contains("\"" + text + "\""), e.getMessage());
    }

    @Test
    void reasonsNameTheProblem() {
        assertReason("01ARZ3NDEKTSV4RRFFQ69G5FAU", "'U' at position 26 is not a Crockford base32 digit (Crockford base32 leaves out I, L, O and U)");
        assertReason("8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "the first digit must be between 0 and 7");
        assertReason("abc", "not 3 characters");
        assertThrows(IllegalArgumentException.class, () -> Ulid.fromString(null));
        assertThrows(IllegalArgumentException.class, () -> Ulid.fromBytes(new byte[15]));
    }

    static void assertReason(String text, String reason) {
        String message = assertThrows(IllegalArgumentException.class, () -> Ulid.fromString(text)).getMessage();
        assertTrue(message.startsWith("invalid ULID \"" + text + "\": ") && message.contains(reason), message);
    }

    /** The Node package's corpus: random ULIDs and UUID text forms, and mutants of them. */
    static List<String> corpus() {
        Random r = new Random(23);
        String crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        String hex = "0123456789abcdefABCDEF";
        Set<String> out = new LinkedHashSet<>();
        List<String> valid = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            StringBuilder s = new StringBuilder().append("01234567".charAt(r.nextInt(8)));
            for (int j = 0; j < 25; j++) {
                s.append(crockford.charAt(r.nextInt(32)));
            }
            valid.add(s.toString());
            valid.add(s.toString().toLowerCase());
        }
        for (int i = 0; i < 20; i++) {
            StringBuilder h = new StringBuilder();
            for (int j = 0; j < 32; j++) {
                h.append(hex.charAt(r.nextInt(hex.length())));
            }
            String x = h.toString();
            StringBuilder groups = new StringBuilder();
            int mask = r.nextInt(128);
            for (int g = 0; g < 8; g++) {
                groups.append(x, 4 * g, 4 * g + 4).append(g < 7 && ((mask >> g) & 1) == 1 ? "-" : "");
            }
            valid.addAll(Arrays.asList(x.substring(0, 8) + "-" + x.substring(8, 12) + "-" + x.substring(12, 16) + "-"
                + x.substring(16, 20) + "-" + x.substring(20), x, "{" + x + "}", groups.toString(), "{" + groups + "}",
                "{" + x, x + "}", "-" + x, x + "-", x.substring(0, 4) + "--" + x.substring(4), " " + x, x + " ",
                x.substring(1), x + "0", "(" + x + ")", x.toUpperCase()));
        }
        out.addAll(valid);
        String noise = "-{}IiLOU8z ";
        for (String s : valid) {
            int at = r.nextInt(s.length());
            out.add(s.substring(0, at) + noise.charAt(r.nextInt(noise.length())) + s.substring(at + 1));
            out.add(s.substring(0, at) + s.substring(at + 1));
            out.add(s.substring(0, at) + (crockford + "-").charAt(r.nextInt(33)) + s.substring(at));
        }
        return new ArrayList<>(out);
    }

    @Test
    void agreesWithTheServerOnACorpus() throws SQLException {
        List<String> strings = corpus();
        int accepted = 0;
        try (PreparedStatement ps = conn.prepareStatement("SELECT s, read_ulid(s) FROM unnest(?::text[]) s")) {
            ps.setArray(1, conn.createArrayOf("text", strings.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                int rows = 0;
                while (rs.next()) {
                    rows++;
                    String text = rs.getString(1);
                    String want = rs.getString(2);
                    String got;
                    try {
                        got = Ulid.fromString(text).toString();
                        accepted++;
                    } catch (IllegalArgumentException e) {
                        got = null;
                    }
                    assertEquals(want, got, "Ulid.fromString(\"" + text + "\")");
                    // The drivers' fast path: raw ASCII bytes of 26 characters, null where not ULID text.
                    Ulid ascii = Ulid.fromAscii(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    assertEquals(text.length() == 26 && want != null ? want : null, ascii == null ? null : ascii.toString(), text);
                }
                assertEquals(strings.size(), rows);
            }
        }
        assertTrue(accepted > 100 && strings.size() - accepted > 100, "both kinds in the corpus: " + accepted + " of " + strings.size());
    }

    @Test
    void roundTripsThroughTheServer() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT ?::ulid::text, ?::ulid::uuid, ?::ulid::bytea, uuid_msb(?::ulid::uuid), uuid_lsb(?::ulid::uuid)")) {
            for (int i = 0; i < 50; i++) {
                Ulid u = Ulid.generate();
                for (int p = 1; p <= 5; p++) {
                    ps.setString(p, u.toString());
                }
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(u.toString(), rs.getString(1));
                    assertEquals(u.toUuid(), rs.getObject(2, UUID.class));
                    assertArrayEquals(u.toBytes(), rs.getBytes(3));
                    assertEquals(u.getMostSignificantBits(), rs.getLong(4));
                    assertEquals(u.getLeastSignificantBits(), rs.getLong(5));
                }
            }
        }
    }

    @Test
    void ordersAsTheServerNotAsJavaUtilUuid() throws SQLException {
        // Sign-bit boundaries: java.util.UUID.compareTo compares signed longs.
        List<Ulid> values = new ArrayList<>(List.of(
            Ulid.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff"), Ulid.fromString("80000000-0000-0000-0000-000000000000"),
            Ulid.fromString("00000000-0000-0000-7fff-ffffffffffff"), Ulid.fromString("00000000-0000-0000-8000-000000000000"),
            Ulid.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff"), Ulid.fromString("00000000-0000-0000-0000-000000000000"),
            Ulid.fromString(SPEC), Ulid.fromString("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")));
        for (int i = 0; i < 20; i++) {
            values.add(Ulid.generate());
        }
        List<String> serverOrder = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT t FROM unnest(?::text[]) t ORDER BY t::ulid")) {
            ps.setArray(1, conn.createArrayOf("text", values.stream().map(Ulid::toString).toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    serverOrder.add(rs.getString(1));
                }
            }
        }
        List<Ulid> sorted = new ArrayList<>(values);
        sorted.sort(null);
        assertEquals(serverOrder, sorted.stream().map(Ulid::toString).toList());
        // The pitfall this avoids: UUID's own order puts 8000… before 7fff….
        UUID low = UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff");
        UUID high = UUID.fromString("80000000-0000-0000-0000-000000000000");
        assertTrue(high.compareTo(low) < 0, "java.util.UUID compares signed");
        assertTrue(Ulid.fromUuid(high).compareTo(Ulid.fromUuid(low)) > 0);
    }

    @Test
    void equalityAndHash() throws Exception {
        Ulid a = Ulid.fromString(SPEC);
        Ulid b = Ulid.fromString(SPEC.toLowerCase());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a.toUuid().hashCode(), a.hashCode());
        assertNotEquals(a, a.toUuid());
        assertNotEquals(a, SPEC);
        assertNotEquals(a, new Ulid(a.getMostSignificantBits(), a.getLeastSignificantBits() + 1));
        assertEquals(1, new HashSet<>(List.of(a, b, Ulid.fromString(SPEC_UUID))).size());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(a);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(a, in.readObject());
        }
    }

    @Test
    void timeMatchesTheServer() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ulid_extract_timestamp(?::ulid)")) {
            for (String text : List.of(SPEC, Ulid.generate().toString(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ")) {
                ps.setString(1, text);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(rs.getObject(1, OffsetDateTime.class).toInstant(), Ulid.fromString(text).instant(), text);
                }
            }
        }
    }

    @Test
    void generateIsNowAndDistinct() {
        long before = System.currentTimeMillis();
        Ulid u = Ulid.generate();
        long after = System.currentTimeMillis();
        assertTrue(before <= u.timestamp() && u.timestamp() <= after);
        Set<Ulid> many = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            many.add(Ulid.generate());
        }
        assertEquals(1000, many.size());
    }

    @Test
    void boundsMatchTheServer() throws SQLException {
        OffsetDateTime when = OffsetDateTime.of(2024, 5, 6, 7, 8, 9, 123456000, ZoneOffset.ofHours(2));
        try (PreparedStatement ps = conn.prepareStatement("SELECT ulid_lower_bound(?)::text, ulid_upper_bound(?)::text")) {
            ps.setObject(1, when);
            ps.setObject(2, when);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(rs.getString(1), Ulid.minFor(when.toInstant()).toString());
                assertEquals(rs.getString(2), Ulid.maxFor(when.toInstant()).toString());
            }
        }
        Ulid u = Ulid.generate();
        assertTrue(Ulid.minFor(u.instant()).compareTo(u) <= 0 && u.compareTo(Ulid.maxFor(u.instant())) <= 0);
        assertThrows(IllegalArgumentException.class, () -> Ulid.minFor(Instant.parse("1969-12-31T00:00:00Z")));
    }
}
