package org.uidext.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.uidext.TestDb;
import org.uidext.Ulid;

/**
 * Opaque public ids: the row is found with `= opaque_decode(?)` and `= ANY(opaque_candidates(?))`
 * from the public id as a String (setString, no stringtype setting needed: text is what the
 * functions take), as a Ulid (PGulid) on a ulid table and as a java.util.UUID on a uuid table.
 */
class OpaqueTest {
    static Connection conn;
    static Ulid ulidKey;
    static Ulid ulidPublic;
    static UUID v7Key;
    static UUID v7Public;

    @BeforeAll
    static void setUp() throws SQLException {
        conn = TestDb.connect(TestDb.fresh("opaque"));
        UidextJdbc.register(conn);
        assumeTrue(TestDb.hasOpaqueKeys(conn), "this server has no uidext.opaque_key_file");
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text)");
            st.execute("CREATE TABLE v7orders (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), name text)");
            st.execute("INSERT INTO orders (name) SELECT 'o' || g FROM generate_series(1, 5) g");
            st.execute("INSERT INTO v7orders (name) SELECT 'v' || g FROM generate_series(1, 5) g");
            try (ResultSet rs = st.executeQuery("SELECT id, opaque_encode(id) FROM orders WHERE name = 'o3'")) {
                rs.next();
                ulidKey = UidextJdbc.getUlid(rs, 1);
                ulidPublic = UidextJdbc.getUlid(rs, 2);
            }
            try (ResultSet rs = st.executeQuery("SELECT id, opaque_encode(id) FROM v7orders WHERE name = 'v3'")) {
                rs.next();
                v7Key = (UUID) rs.getObject(1);
                v7Public = (UUID) rs.getObject(2);
            }
        }
        assertFalse(ulidKey.equals(ulidPublic));
        assertEquals(4, v7Public.version());
    }

    @AfterAll
    static void tearDown() throws SQLException {
        conn.close();
    }

    static Object found(String sql, Object publicId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            if (publicId instanceof String) {
                ps.setString(1, (String) publicId);
            } else {
                ps.setObject(1, publicId);
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), sql + " with " + publicId);
                Object key = rs.getObject(1);
                assertFalse(rs.next());
                return key;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"= opaque_decode(?)", "= ANY(opaque_candidates(?))"})
    void lookupsFindTheRow(String lookup) throws SQLException {
        for (Object publicId : List.of(ulidPublic.toString(), PGulid.of(ulidPublic))) {
            assertEquals(ulidKey, UidextJdbc.toUlid(found("SELECT id FROM orders WHERE id " + lookup, publicId)));
        }
        for (Object publicId : List.of(v7Public.toString(), v7Public)) {
            assertEquals(v7Key, found("SELECT id FROM v7orders WHERE id " + lookup, publicId));
        }
    }
}
