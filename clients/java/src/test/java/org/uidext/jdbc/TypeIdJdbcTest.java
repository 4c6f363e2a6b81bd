package org.uidext.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.util.PGobject;
import org.postgresql.util.PSQLException;
import org.uidext.TestDb;
import org.uidext.TypeId;

/** Per-prefix types (typeid_define) and typeid through pgjdbc: reading, writing, keys, arrays, errors. */
class TypeIdJdbcTest {
    static String db;
    static Connection conn;
    static final TypeId ACME = TypeId.fromString("org_01h455vb4pex5vsknk084sn02q");

    @BeforeAll
    static void setUp() throws SQLException {
        db = TestDb.fresh("typeid_jdbc");
        conn = TestDb.connect(db);
        try (Statement st = conn.createStatement()) {
            st.execute("SELECT typeid_define('user'), typeid_define('org', 'org_key')");
            st.execute("CREATE TABLE orgs (id org_key PRIMARY KEY DEFAULT gen_org_key(), name text NOT NULL)");
            st.execute("CREATE TABLE users (id user_id PRIMARY KEY DEFAULT gen_user_id(),"
                + " org org_key NOT NULL REFERENCES orgs ON DELETE CASCADE, email text NOT NULL)");
            st.execute("CREATE TABLE audit (subject typeid NOT NULL, action text)");
            st.execute("INSERT INTO orgs VALUES ('" + ACME + "', 'Acme')");
        }
        assertEquals(List.of("ulid", "typeid", "user_id", "org_key"), UidextJdbc.register(conn));
    }

    @AfterAll
    static void tearDown() throws SQLException {
        conn.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1"})
    void readsPerPrefixAndGeneralTypesArraysAndNull(String prepareThreshold) throws SQLException {
        Properties props = new Properties();
        props.setProperty("prepareThreshold", prepareThreshold);
        try (Connection c = TestDb.connect(db, props)) {
            UidextJdbc.register(c);
            TypeId user = TypeId.generate("user");
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT ?::user_id, ARRAY[?::user_id, NULL], NULL::org_key, ?::user_id::typeid, ARRAY[?::org_key::typeid, ?::user_id::typeid]")) {
                for (int i : new int[] {1, 2, 3, 5}) {
                    ps.setString(i, user.toString());
                }
                ps.setString(4, ACME.toString());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    // Text even where pgjdbc would take binary: a per-prefix value's binary has no prefix.
                    assertEquals(0, rs.getMetaData().unwrap(PGResultSetMetaData.class).getFormat(1));
                    assertInstanceOf(PGtypeid.class, rs.getObject(1));
                    assertEquals(user, UidextJdbc.getTypeId(rs, 1));
                    assertEquals(user.toString(), rs.getString(1));
                    assertArrayEquals(new TypeId[] {user, null}, UidextJdbc.getTypeIdArray(rs, 2));
                    assertNull(UidextJdbc.getTypeId(rs, 3));
                    assertInstanceOf(PGtypeid.class, rs.getObject(4));
                    assertEquals(user, UidextJdbc.getTypeId(rs, 4));
                    assertArrayEquals(new TypeId[] {ACME, user}, UidextJdbc.getTypeIdArray(rs, 5));
                }
            }
        }
    }

    @Test
    void writesKeysInBatchesAndReadsTheGeneratedOnes() throws SQLException {
        List<TypeId> keys = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO users (org, email) VALUES (?, ?)", new String[] {"id"})) {
            for (int i = 0; i < 20; i++) {
                // typed (the column's type), or untyped text that the column's input reads
                if (i % 2 == 0) {
                    ps.setObject(1, new PGtypeid("org_key", ACME));
                } else {
                    ps.setObject(1, ACME.toString(), Types.OTHER);
                }
                ps.setString(2, "u" + i + "@example.com");
                ps.addBatch();
            }
            assertEquals(20, ps.executeBatch().length);
            try (ResultSet rs = ps.getGeneratedKeys()) {
                while (rs.next()) {
                    keys.add(UidextJdbc.getTypeId(rs, "id"));
                }
            }
        }
        assertEquals(20, keys.size());
        long now = System.currentTimeMillis();
        for (TypeId key : keys) {
            assertEquals("user", key.prefix());
            assertEquals(7, key.toUuid().version());
            assertTrue(Math.abs(key.timestamp() - now) < 60_000, key.toString());
        }
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT count(*) FROM users u JOIN orgs o ON o.id = u.org WHERE u.id = ANY(?) AND o.id = ?")) {
            ps.setArray(1, UidextJdbc.typeIdArray(conn, "user_id", keys.toArray(new TypeId[0])));
            ps.setObject(2, new PGtypeid("org_key", ACME));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(20, rs.getInt(1));
            }
        }
        // A key by its UUID: per-prefix input reads UUID text, and uuid casts to the type on assignment.
        try (PreparedStatement ps = conn.prepareStatement("SELECT email FROM users WHERE id = ?")) {
            ps.setObject(1, keys.get(3).toUuid().toString(), Types.OTHER);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("u3@example.com", rs.getString(1));
            }
        }
        // The general typeid holds both prefixes.
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO audit VALUES (?, 'created')")) {
            ps.setObject(1, new PGtypeid("typeid", keys.get(0)));
            ps.addBatch();
            ps.setObject(1, new PGtypeid("typeid", ACME));
            ps.addBatch();
            ps.executeBatch();
        }
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT subject FROM audit ORDER BY subject")) {
            List<TypeId> subjects = new ArrayList<>();
            while (rs.next()) {
                subjects.add(UidextJdbc.getTypeId(rs, 1));
            }
            assertEquals(List.of(ACME, keys.get(0)), subjects);
        }
    }

    @Test
    void anotherPrefixOrBadTextIsRefusedByTheServer() throws SQLException {
        TypeId notAnOrg = TypeId.generate("user");
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO users (org, email) VALUES (?, 'x')")) {
            ps.setObject(1, new PGtypeid("org_key", notAnOrg));
            PSQLException e = assertThrows(PSQLException.class, ps::executeUpdate);
            assertEquals("22P02", e.getSQLState());
            assertEquals("The prefix is \"user\"; expected \"org\".", e.getServerErrorMessage().getDetail());
            ps.setObject(1, "org_01H455VB4PEX5VSKNK084SN02Q", Types.OTHER);
            assertEquals("22P02", assertThrows(PSQLException.class, ps::executeUpdate).getSQLState());
        }
        assertThrows(IllegalArgumentException.class, () -> TypeId.fromString("org_01H455VB4PEX5VSKNK084SN02Q"));
        assertEquals("22P02", assertThrows(SQLException.class, () -> new PGtypeid().setValue("org_")).getSQLState());
    }

    @Test
    void foreignKeyCascades() throws SQLException {
        TypeId org;
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO orgs (name) VALUES ('Initech') RETURNING id")) {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                org = UidextJdbc.getTypeId(rs, 1);
            }
        }
        assertEquals("org", org.prefix());
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO users (org, email) VALUES (?, 'peter@initech.com')")) {
            ps.setObject(1, new PGtypeid("org_key", org));
            ps.executeUpdate();
            ps.setObject(1, new PGtypeid("org_key", TypeId.generate("org")));
            assertEquals("23503", assertThrows(PSQLException.class, ps::executeUpdate).getSQLState());
        }
        try (PreparedStatement ps = conn.prepareStatement("DELETE FROM orgs WHERE id = ?")) {
            ps.setObject(1, new PGtypeid("org_key", org));
            assertEquals(1, ps.executeUpdate());
        }
        try (PreparedStatement ps = conn.prepareStatement("SELECT count(*) FROM users WHERE org = ?")) {
            ps.setObject(1, org.toString(), Types.OTHER);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(0, rs.getInt(1));
            }
        }
    }

    @Test
    void typesDefinedLaterOrOffTheSearchPath() throws SQLException {
        try (Connection c = TestDb.connect(db); Statement st = c.createStatement()) {
            UidextJdbc.register(c);
            st.execute("SELECT typeid_define('item')");
            st.execute("CREATE SCHEMA hidden");
            st.execute("SET search_path = hidden, public");
            st.execute("SELECT typeid_define('secret')");
            st.execute("RESET search_path");
            String sql = "SELECT 'item_01h455vb4pex5vsknk084sn02q'::item_id, 'secret_01h455vb4pex5vsknk084sn02q'::hidden.secret_id";
            try (ResultSet rs = st.executeQuery(sql)) {
                rs.next();
                // Not registered yet: a plain PGobject, which getTypeId still reads (the text has the prefix).
                assertFalse(rs.getObject(1) instanceof PGtypeid);
                assertEquals(PGobject.class, rs.getObject(1).getClass());
                assertEquals(TypeId.fromString("item_01h455vb4pex5vsknk084sn02q"), UidextJdbc.getTypeId(rs, 1));
            }
            List<String> names = UidextJdbc.register(c);
            assertTrue(names.contains("item_id") && names.contains("\"hidden\".\"secret_id\""), names.toString());
            try (ResultSet rs = st.executeQuery(sql)) {
                rs.next();
                assertInstanceOf(PGtypeid.class, rs.getObject(1));
                assertInstanceOf(PGtypeid.class, rs.getObject(2));
                assertEquals("secret", UidextJdbc.getTypeId(rs, 2).prefix());
            }
        }
    }
}
