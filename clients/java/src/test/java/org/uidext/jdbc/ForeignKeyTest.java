package org.uidext.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.uidext.TestDb;
import org.uidext.Ulid;

/**
 * A parent with a ulid key and a child of each kind: ulid -> ulid, and uuid -> ulid (an existing
 * uuid column, indexed with uuid_ulid_ops so that the foreign-key checks can use the index).
 */
class ForeignKeyTest {
    static Connection conn;

    @BeforeAll
    static void setUp() throws SQLException {
        conn = TestDb.connect(TestDb.fresh("foreign_keys"));
        UidextJdbc.register(conn);
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE customers (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text NOT NULL)");
            st.execute("CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(),"
                + " customer_id ulid NOT NULL REFERENCES customers ON DELETE CASCADE, total int NOT NULL)");
            st.execute("CREATE INDEX ON orders (customer_id)");
            st.execute("CREATE TABLE legacy_notes (id uuid PRIMARY KEY DEFAULT gen_uuidv7(),"
                + " customer_id uuid NOT NULL REFERENCES customers ON DELETE CASCADE, body text NOT NULL)");
            st.execute("CREATE INDEX legacy_notes_customer ON legacy_notes (customer_id uuid_ulid_ops)");
        }
    }

    @AfterAll
    static void tearDown() throws SQLException {
        conn.close();
    }

    static Ulid insertCustomer(String name) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO customers (name) VALUES (?) RETURNING id")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return UidextJdbc.getUlid(rs, 1);
            }
        }
    }

    static int count(String sql, Object parameter) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setObject(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    @Test
    void childrenOfEachKindFollowTheParent() throws SQLException {
        Ulid ada = insertCustomer("Ada");
        Ulid bob = insertCustomer("Bob");
        List<Ulid> orderKeys = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO orders (customer_id, total) VALUES (?, ?) RETURNING id")) {
            for (int i = 0; i < 3; i++) {
                ps.setObject(1, i < 2 ? PGulid.of(ada) : ada.toUuid()); // a Ulid or its java.util.UUID
                ps.setInt(2, 10 * i);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    orderKeys.add(UidextJdbc.getUlid(rs, 1));
                }
            }
        }
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO legacy_notes (customer_id, body) VALUES (?, ?)")) {
            ps.setObject(1, ada.toUuid());
            ps.setString(2, "from a UUID");
            ps.addBatch();
            ps.setObject(1, PGulid.of(ada)); // ulid into the uuid column: an assignment cast
            ps.setString(2, "from a Ulid");
            ps.addBatch();
            ps.setObject(1, bob.toUuid());
            ps.setString(2, "Bob's");
            ps.addBatch();
            assertEquals(3, ps.executeBatch().length);
        }
        // Joins on each kind of foreign key, with the parent's key as a parameter of either type.
        for (Object key : List.of(PGulid.of(ada), ada.toUuid())) {
            assertEquals(3, count("SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.id = ?", key));
            assertEquals(2, count("SELECT count(*) FROM legacy_notes n JOIN customers c ON c.id = n.customer_id WHERE c.id = ?", key));
            assertEquals(2, count("SELECT count(*) FROM legacy_notes WHERE customer_id = ?", key));
        }
        try (PreparedStatement ps = conn.prepareStatement("SELECT customer_id FROM legacy_notes WHERE body = 'from a Ulid'");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            assertEquals(ada.toUuid(), rs.getObject(1));
            assertEquals(ada, UidextJdbc.getUlid(rs, 1));
        }
        try (PreparedStatement ps = conn.prepareStatement("SELECT array_agg(id ORDER BY id) FROM orders WHERE customer_id = ?")) {
            ps.setObject(1, PGulid.of(ada));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(orderKeys, List.of(UidextJdbc.getUlidArray(rs, 1)));
            }
        }
        // A child of a parent that does not exist: 23503 for both kinds.
        for (String sql : List.of("INSERT INTO orders (customer_id, total) VALUES (?, 1)",
                "INSERT INTO legacy_notes (customer_id, body) VALUES (?, 'x')")) {
            try (PreparedStatement ps = conn.prepareStatement(sql)) {
                ps.setObject(1, PGulid.of(Ulid.generate()));
                assertEquals("23503", assertThrows(PSQLException.class, ps::executeUpdate).getSQLState());
            }
        }
        // ON DELETE CASCADE through both.
        try (PreparedStatement ps = conn.prepareStatement("DELETE FROM customers WHERE id = ?")) {
            ps.setObject(1, PGulid.of(ada));
            assertEquals(1, ps.executeUpdate());
        }
        assertEquals(0, count("SELECT count(*) FROM orders WHERE customer_id = ?", PGulid.of(ada)));
        assertEquals(0, count("SELECT count(*) FROM legacy_notes WHERE customer_id = ?", ada.toUuid()));
        assertEquals(1, count("SELECT count(*) FROM legacy_notes WHERE customer_id = ?", bob.toUuid()));
    }

    @Test
    void theUuidChildsIndexServesTheForeignKeyCheck() throws SQLException {
        // The check a parent's DELETE runs is "ulid key = uuid child column": only an index built
        // with uuid_ulid_ops (uidext's cross-type btree family) can answer it.
        String plan;
        try (Statement st = conn.createStatement()) {
            st.execute("SET enable_seqscan = off");
            try (PreparedStatement ps = conn.prepareStatement("EXPLAIN (COSTS OFF) SELECT 1 FROM legacy_notes WHERE ? = customer_id")) {
                ps.setObject(1, PGulid.of(Ulid.generate()));
                StringBuilder text = new StringBuilder();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        text.append(rs.getString(1)).append('\n');
                    }
                }
                plan = text.toString();
            } finally {
                st.execute("RESET enable_seqscan");
            }
        }
        assertTrue(plan.contains("legacy_notes_customer"), plan);
    }

    @Test
    void aUuidKeyOfTheChildStaysAUuid() throws SQLException {
        Ulid carol = insertCustomer("Carol");
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO legacy_notes (customer_id, body) VALUES (?, 'n')", new String[] {"id"})) {
            ps.setObject(1, carol.toUuid());
            ps.executeUpdate();
            try (ResultSet rs = ps.getGeneratedKeys()) {
                rs.next();
                UUID id = (UUID) rs.getObject(1);
                assertEquals(7, id.version());
                assertTrue(Math.abs(Ulid.fromUuid(id).timestamp() - System.currentTimeMillis()) < 60_000,
                    "a UUIDv7's first 48 bits are its time, as a ULID's");
            }
        }
    }
}
