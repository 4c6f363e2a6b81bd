package org.uidext.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.uidext.TestDb;
import org.uidext.Ulid;

/** ulid through pgjdbc's own API: reading (text and binary), writing, batches, generated keys, errors. */
class UlidJdbcTest {
    static String db;
    static Connection conn;

    @BeforeAll
    static void setUp() throws SQLException {
        db = TestDb.fresh("ulid_jdbc");
        conn = TestDb.connect(db);
        assertEquals(List.of("ulid", "typeid"), UidextJdbc.register(conn));
    }

    @AfterAll
    static void tearDown() throws SQLException {
        conn.close();
    }

    /** A registered connection whose statements pgjdbc reads as text (0) or binary (-1). */
    static Connection connect(String prepareThreshold) throws SQLException {
        Properties props = new Properties();
        props.setProperty("prepareThreshold", prepareThreshold);
        Connection c = TestDb.connect(db, props);
        UidextJdbc.register(c);
        return c;
    }

    static int format(ResultSet rs, int column) throws SQLException {
        return rs.getMetaData().unwrap(PGResultSetMetaData.class).getFormat(column);
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1"})
    void readsUlidArraysAndNull(String prepareThreshold) throws SQLException {
        Ulid key = Ulid.generate();
        try (Connection c = connect(prepareThreshold);
             PreparedStatement ps = c.prepareStatement("SELECT ?::ulid, ARRAY[?::ulid, NULL, ?::ulid], NULL::ulid, ?::ulid::uuid")) {
            ps.setString(1, key.toString());
            ps.setString(2, key.toString());
            ps.setString(3, SPEC);
            ps.setString(4, key.toString());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(prepareThreshold.equals("-1") ? 1 : 0, format(rs, 1), "pgjdbc's format for the ulid column");
                assertInstanceOf(PGulid.class, rs.getObject(1));
                assertEquals(key, UidextJdbc.getUlid(rs, 1));
                assertEquals(key, rs.getObject(1, PGulid.class).getUlid());
                assertEquals(key.toString(), rs.getString(1));
                assertArrayEquals(new Ulid[] {key, null, Ulid.fromString(SPEC)}, UidextJdbc.getUlidArray(rs, 2));
                assertNull(rs.getObject(3));
                assertNull(UidextJdbc.getUlid(rs, 3));
                assertTrue(rs.wasNull());
                assertEquals(key, UidextJdbc.getUlid(rs, 4), "a uuid column reads as the Ulid of its bytes");
            }
        }
    }

    static final String SPEC = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

    @Test
    void readsWithoutRegistration() throws SQLException {
        try (Connection c = TestDb.connect(db); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT '" + SPEC + "'::ulid, ARRAY['" + SPEC + "'::ulid]")) {
            rs.next();
            PGobject plain = (PGobject) rs.getObject(1);
            assertEquals("ulid", plain.getType());
            assertTrue(!(plain instanceof PGulid));
            assertEquals(Ulid.fromString(SPEC), UidextJdbc.getUlid(rs, 1));
            assertArrayEquals(new Ulid[] {Ulid.fromString(SPEC)}, UidextJdbc.getUlidArray(rs, 2));
        }
    }

    @Test
    void aDatabaseWithoutTheExtensionRegistersNothing() throws SQLException {
        try (Connection c = TestDb.connect(TestDb.fresh("no_extension", false))) {
            assertEquals(List.of(), UidextJdbc.register(c));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1"})
    void writesUlidAndUuidIntoUlidAndUuidColumns(String prepareThreshold) throws SQLException {
        exec(conn, "DROP TABLE IF EXISTS pairs");
        exec(conn, "CREATE TABLE pairs (id ulid PRIMARY KEY, u uuid UNIQUE, via text)");
        List<Ulid> keys = new ArrayList<>();
        try (Connection c = connect(prepareThreshold);
             PreparedStatement ins = c.prepareStatement("INSERT INTO pairs VALUES (?, ?, ?)")) {
            for (int i = 0; i < 6; i++) { // past pgjdbc's prepareThreshold of 5 too
                Ulid key = Ulid.generate();
                keys.add(key);
                if (i % 2 == 0) {
                    ins.setObject(1, PGulid.of(key));
                    ins.setObject(2, PGulid.of(key)); // ulid -> uuid: an assignment cast
                    ins.setString(3, "PGulid");
                } else {
                    ins.setObject(1, key.toUuid()); // uuid -> ulid: an assignment cast
                    ins.setObject(2, key.toUuid());
                    ins.setString(3, "UUID");
                }
                assertEquals(1, ins.executeUpdate());
            }
            try (PreparedStatement byId = c.prepareStatement("SELECT id, u FROM pairs WHERE id = ?");
                 PreparedStatement byU = c.prepareStatement("SELECT id, u FROM pairs WHERE u = ?")) {
                for (Ulid key : keys) {
                    for (PreparedStatement ps : List.of(byId, byU)) {
                        for (Object parameter : List.of(PGulid.of(key), key.toUuid())) {
                            ps.setObject(1, parameter);
                            try (ResultSet rs = ps.executeQuery()) {
                                assertTrue(rs.next(), "found by " + parameter.getClass().getSimpleName());
                                assertEquals(key, UidextJdbc.getUlid(rs, 1));
                                assertEquals(key.toUuid(), rs.getObject(2));
                            }
                        }
                    }
                }
            }
            try (PreparedStatement any = c.prepareStatement("SELECT count(*) FROM pairs WHERE id = ANY(?)");
                 PreparedStatement anyU = c.prepareStatement("SELECT count(*) FROM pairs WHERE u = ANY(?)")) {
                any.setArray(1, UidextJdbc.ulidArray(c, keys.get(0), keys.get(3), Ulid.generate()));
                anyU.setArray(1, c.createArrayOf("uuid", new UUID[] {keys.get(1).toUuid(), keys.get(2).toUuid()}));
                for (PreparedStatement ps : List.of(any, anyU)) {
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        assertEquals(2, rs.getInt(1));
                    }
                }
            }
            try (PreparedStatement nul = c.prepareStatement("SELECT ?::ulid IS NULL")) {
                nul.setObject(1, PGulid.of(null));
                try (ResultSet rs = nul.executeQuery()) {
                    rs.next();
                    assertTrue(rs.getBoolean(1));
                }
            }
        }
    }

    @Test
    void batchInsertsReturnGeneratedKeysWhoseTimeIsReadClientSide() throws SQLException {
        exec(conn, "DROP TABLE IF EXISTS events");
        exec(conn, "CREATE TABLE events (id ulid PRIMARY KEY DEFAULT gen_ulid(), source ulid, n int)");
        Ulid source = Ulid.generate();
        Instant before = serverNow();
        List<Ulid> keys = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO events (source, n) VALUES (?, ?)", new String[] {"id"})) {
            for (int i = 0; i < 100; i++) {
                ps.setObject(1, PGulid.of(source));
                ps.setInt(2, i);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            assertEquals(100, counts.length);
            try (ResultSet rs = ps.getGeneratedKeys()) {
                while (rs.next()) {
                    keys.add(UidextJdbc.getUlid(rs, "id"));
                }
            }
        }
        Instant after = serverNow();
        assertEquals(100, keys.size());
        assertEquals(100, new HashSet<>(keys).size());
        List<Ulid> sorted = new ArrayList<>(keys);
        sorted.sort(null);
        assertEquals(sorted, keys, "gen_ulid() ascends within a connection");
        for (Ulid key : keys) {
            assertTrue(!key.instant().isBefore(before.minusMillis(1)) && !key.instant().isAfter(after), key.instant().toString());
        }
        // The same key time as the server reads it, and the rows the keys name.
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT count(*), min(ulid_extract_timestamp(id)) FROM events WHERE id = ANY(?) AND source = ?")) {
            ps.setArray(1, UidextJdbc.ulidArray(conn, keys.toArray(new Ulid[0])));
            ps.setObject(2, PGulid.of(source));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(100, rs.getInt(1));
                assertEquals(keys.get(0).instant(), rs.getObject(2, OffsetDateTime.class).toInstant());
            }
        }
        // INSERT … RETURNING through executeQuery.
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO events (source, n) VALUES (?, -1) RETURNING id, ulid_extract_timestamp(id)")) {
            ps.setObject(1, source.toUuid());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                Ulid key = UidextJdbc.getUlid(rs, 1);
                assertEquals(rs.getObject(2, OffsetDateTime.class).toInstant(), key.instant());
                assertTrue(key.compareTo(keys.get(99)) > 0);
            }
        }
        // A batch of java.util.UUIDs into the ulid column.
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO events (id, source, n) VALUES (?, ?, -2)")) {
            for (int i = 0; i < 10; i++) {
                ps.setObject(1, Ulid.generate().toUuid());
                ps.setObject(2, source.toUuid());
                ps.addBatch();
            }
            assertEquals(10, ps.executeBatch().length);
        }
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM events WHERE n = -2")) {
            rs.next();
            assertEquals(10, rs.getInt(1));
        }
    }

    static Instant serverNow() throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT clock_timestamp()")) {
            rs.next();
            return rs.getObject(1, OffsetDateTime.class).toInstant();
        }
    }

    @Test
    void malformedKeysAreRefused() throws SQLException {
        String bad = "01J0-not-a-key";
        try (PreparedStatement ps = conn.prepareStatement("SELECT ?::ulid")) {
            ps.setObject(1, bad, Types.OTHER);
            PSQLException e = assertThrows(PSQLException.class, ps::executeQuery);
            assertEquals("22P02", e.getSQLState());
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
        exec(conn, "CREATE TABLE IF NOT EXISTS keyed (id ulid PRIMARY KEY)");
        try (PreparedStatement ps = conn.prepareStatement("SELECT * FROM keyed WHERE id = ?")) {
            // setString sends varchar, and there is no ulid = varchar (as for uuid).
            ps.setString(1, SPEC);
            assertEquals("42883", assertThrows(PSQLException.class, ps::executeQuery).getSQLState());
        }
        Properties untyped = new Properties();
        untyped.setProperty("stringtype", "unspecified");
        try (Connection c = TestDb.connect(db, untyped); PreparedStatement ps = c.prepareStatement("SELECT * FROM keyed WHERE id = ?")) {
            ps.setString(1, SPEC);
            ps.executeQuery().close();
            ps.setString(1, bad);
            PSQLException e = assertThrows(PSQLException.class, ps::executeQuery);
            assertEquals("22P02", e.getSQLState());
            assertEquals("invalid input syntax for type ulid: \"" + bad + "\"", e.getServerErrorMessage().getMessage());
        }
        // Client side, before anything is sent.
        SQLDataException e = assertThrows(SQLDataException.class, () -> new PGulid().setValue(bad));
        assertEquals("22P02", e.getSQLState());
        assertTrue(e.getMessage().contains(bad));
        assertThrows(IllegalArgumentException.class, () -> Ulid.fromString(bad));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1"})
    void readingAnotherTypeAsUlidIsAnError(String prepareThreshold) throws SQLException {
        // point's binary value is 16 bytes too: only ulid and uuid columns take the 16-byte path.
        try (Connection c = connect(prepareThreshold);
             PreparedStatement ps = c.prepareStatement("SELECT 42, 'not a key', point(1, 2), ?::ulid::bytea, ?::ulid::text")) {
            ps.setString(1, SPEC);
            ps.setString(2, SPEC);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(prepareThreshold.equals("-1") ? 1 : 0, format(rs, 3));
                assertEquals("42804", assertThrows(SQLException.class, () -> UidextJdbc.getUlid(rs, 1)).getSQLState());
                assertEquals("22P02", assertThrows(SQLException.class, () -> UidextJdbc.getUlid(rs, 2)).getSQLState());
                assertEquals("42804", assertThrows(SQLException.class, () -> UidextJdbc.getUlid(rs, 3)).getSQLState());
                assertEquals(Ulid.fromString(SPEC), UidextJdbc.getUlid(rs, 4), "a bytea of 16 bytes");
                assertEquals(Ulid.fromString(SPEC), UidextJdbc.getUlid(rs, 5), "ULID text");
            }
        }
    }
}
