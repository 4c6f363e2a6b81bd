package org.uidext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TypeId reads exactly what the server's typeid input (and a per-prefix type's input) reads:
 * the TypeID spec's vectors (sql/typeid.sql's, as the Python package's tests), order and parts.
 */
class TypeIdTest {
    static Connection conn;

    // spec 0.3 valid.yml + a 63-character prefix: text, prefix, uuid.
    static final String[][] VALID = {
        {"00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
        {"00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
        {"0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
        {"0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
        {"00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
        {"7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
        {"prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
        {"prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
        {"pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
        {"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk_01h455vb4pex5vsknk084sn02q",
            "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk", "01890a5d-ac96-774b-bcce-b302099a8057"},
    };
    // spec 0.3 invalid.yml and sql/typeid.sql's other invalid ones.
    static final String[] INVALID = {
        "PREFIX_00000000000000000000000000", "12345_00000000000000000000000000", "pre.fix_00000000000000000000000000",
        "préfix_00000000000000000000000000", "  prefix_00000000000000000000000000",
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
        "_00000000000000000000000000", "_", "prefix_1234567890123456789012345", "prefix_123456789012345678901234567",
        "prefix_1234567890123456789012345 ", "prefix_0123456789ABCDEFGHJKMNPQRS", "prefix_123456789-123456789-123456",
        "prefix_ooooooiiiiiiuuuuuuulllllll", "prefix_i23456789ol23456789oi23456", "prefix_123456789-0123456789-0123456",
        "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", "_prefix_00000000000000000000000000", "prefix__00000000000000000000000000",
        "", "prefix_",
    };
    // More that the per-prefix input reads or refuses: UUID text forms, other prefixes.
    static final String[] PER_PREFIX_EXTRA = {
        "01890a5d-ac96-774b-bcce-b302099a8057", "{01890a5d-ac96-774b-bcce-b302099a8057}",
        "01890a5dac96774bbccEb302099a8057", "01890a5d-ac96774b-bcceb302-099a8057", "01890a5d-ac96-774b-bcce-b302099a805",
        "01890a5d-ac96-774b-bcce-b302099a805g", "{01890a5d-ac96-774b-bcce-b302099a8057", "01890a5d-ac96-774b-bcce-b302099a8057}",
        "user_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q", "prefix_01H455VB4PEX5VSKNK084SN02Q",
        "prefix_81h455vb4pex5vsknk084sn02q", "prefix_01h455vb4pex5vsknk084sn0uq", " prefix_01h455vb4pex5vsknk084sn02q",
        "prefix_01h455vb4pex5vsknk084sn02q\n", "01890a5d-ac96-774b-bcce-b302099a8057 ", "-01890a5d-ac96-774b-bcce-b302099a805",
    };

    @BeforeAll
    static void connect() throws SQLException {
        conn = TestDb.connect(TestDb.fresh("typeid_value"));
        conn.createStatement().execute("SELECT typeid_define('prefix')");
    }

    @AfterAll
    static void close() throws SQLException {
        conn.close();
    }

    /** The server's text output of text read as typeName, or "error SQLSTATE". */
    static String server(String text, String typeName) {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ?::text::" + typeName + "::text")) {
            ps.setString(1, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }

    static Stream<Arguments> valid() {
        return Stream.of(VALID).map(v -> Arguments.of(v[0], v[1], v[2]));
    }

    @ParameterizedTest
    @MethodSource("valid")
    void validVectors(String text, String prefix, String uuid) {
        TypeId value = TypeId.fromString(text);
        assertEquals(prefix, value.prefix());
        assertEquals(UUID.fromString(uuid), value.toUuid());
        assertEquals(text, value.toString());
        assertEquals(text.substring(text.lastIndexOf('_') + 1), value.suffix());
        assertEquals(value, TypeId.of(prefix, UUID.fromString(uuid)));
        assertEquals(value, TypeId.of(prefix, Ulid.fromUuid(UUID.fromString(uuid))));
        assertEquals(Ulid.fromUuid(UUID.fromString(uuid)), value.toUlid());
        assertEquals(text, server(text, "typeid"));
    }

    static Stream<String> invalid() {
        return Stream.of(INVALID);
    }

    @ParameterizedTest
    @MethodSource("invalid")
    void invalidVectors(String text) {
        String message = assertThrows(IllegalArgumentException.class, () -> TypeId.fromString(text)).getMessage();
        assertTrue(message.startsWith("invalid TypeID \"" + text + "\": "), message);
        assertEquals("error 22P02", server(text, "typeid"));
    }

    static Stream<String> everything() {
        List<String> all = new ArrayList<>();
        for (String[] v : VALID) {
            all.add(v[0]);
        }
        all.addAll(List.of(INVALID));
        all.addAll(List.of(PER_PREFIX_EXTRA));
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("everything")
    void perPrefixInputAsTheServer(String text) {
        String mine;
        try {
            mine = TypeId.fromString(text, "prefix").toString();
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("\"" + text + "\""), e.getMessage());
            mine = "error 22P02";
        }
        assertEquals(server(text, "prefix_id"), mine);
    }

    @Test
    void reasonsNameTheValue() {
        Map<String, String> cases = Map.of(
            "prefix_01H455VB4PEX5VSKNK084SN02Q", "'H' at position 10 is not a lowercase Crockford base32 digit",
            "prefix_81h455vb4pex5vsknk084sn02q", "must begin with a digit between 0 and 7",
            "prefix_01h455vb4pex5vsknk084sn02", "has 25 characters, not 26",
            "Prefix_01h455vb4pex5vsknk084sn02q", "a TypeID prefix is at most 63 lowercase letters",
            "_01h455vb4pex5vsknk084sn02q", "an empty prefix has no \"_\"");
        cases.forEach((text, reason) -> {
            String message = assertThrows(IllegalArgumentException.class, () -> TypeId.fromString(text)).getMessage();
            assertTrue(message.startsWith("invalid TypeID \"" + text + "\": ") && message.contains(reason), message);
        });
        String message = assertThrows(IllegalArgumentException.class,
            () -> TypeId.fromString("user_01h455vb4pex5vsknk084sn02q", "prefix")).getMessage();
        assertTrue(message.contains("the prefix is \"user\"; expected \"prefix\""), message);
        for (String bad : new String[] {"User", "_user", "a".repeat(64), "us-er", "user_", null}) {
            assertThrows(IllegalArgumentException.class, () -> TypeId.generate(bad), String.valueOf(bad));
        }
        assertThrows(IllegalArgumentException.class, () -> TypeId.fromString(null));
    }

    @Test
    void orderAndHashAsTheServer() throws SQLException {
        List<String> texts = List.of("user_01h455vb4pex5vsknk084sn02q", "user_01h455vb4pex5vsknk084sn02r",
            "us_7zzzzzzzzzzzzzzzzzzzzzzzzz", "user_a_00000000000000000000000000", "users_00000000000000000000000000",
            "a_00000000000000000000000000", "00000000000000000000000001", "7zzzzzzzzzzzzzzzzzzzzzzzzz",
            "z_00000000000000000000000000", "user_40000000000000000000000000", "user_3zzzzzzzzzzzzzzzzzzzzzzzzz");
        List<String> serverOrder = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT t FROM unnest(?::text[]) t ORDER BY t::typeid")) {
            ps.setArray(1, conn.createArrayOf("text", texts.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    serverOrder.add(rs.getString(1));
                }
            }
        }
        assertEquals(serverOrder, texts.stream().map(TypeId::fromString).sorted().map(TypeId::toString).toList());
        TypeId a = TypeId.fromString(texts.get(0));
        TypeId b = TypeId.fromString(texts.get(0));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, TypeId.of("org", a.toUuid()));
        assertNotEquals(a, a.toString());
        assertNotEquals(a, a.toUuid());
        assertNotEquals(a, a.toUlid());
    }

    @Test
    void generateAndPartsAsTheServer() throws SQLException {
        TypeId value = TypeId.generate("user");
        assertEquals(7, value.toUuid().version());
        assertEquals(2, value.toUuid().variant());
        assertTrue(Duration.between(value.instant(), Instant.now()).abs().compareTo(Duration.ofSeconds(5)) < 0);
        try (PreparedStatement ps = conn.prepareStatement("SELECT typeid_prefix(?::typeid), typeid_uuid(?::typeid),"
                + " uuid_v7_to_timestamptz(typeid_uuid(?::typeid))")) {
            for (int i = 1; i <= 3; i++) {
                ps.setString(i, value.toString());
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(value.prefix(), rs.getString(1));
                assertEquals(value.toUuid(), rs.getObject(2, UUID.class));
                assertEquals(value.instant(), rs.getObject(3, OffsetDateTime.class).toInstant());
            }
        }
        assertTrue(TypeId.generate("user").compareTo(value) >= 0);
        assertEquals("", TypeId.generate("").prefix());
    }
}
