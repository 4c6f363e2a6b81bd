package org.uidext.jdbc;

import java.sql.Array;
import java.sql.Connection;
import java.lang.ref.WeakReference;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.util.PGobject;
import org.uidext.TypeId;
import org.uidext.Ulid;

/**
 * uidext's types on a pgjdbc connection: {@link #register} once per connection, then read
 * values with {@code getUlid}/{@code getTypeId} (or {@code rs.getObject(i, PGulid.class)}).
 *
 * <p>pgjdbc (42.5) has one hook for a type it does not know: {@link PGConnection#addDataType},
 * which maps a type name to a {@link PGobject} subclass. {@code rs.getObject(i, Ulid.class)}
 * and {@code ps.setObject(i, ulid)} with a plain value class are refused by the driver
 * ("conversion to class … not supported", "Can't infer the SQL type"), hence the carriers
 * {@link PGulid} and {@link PGtypeid} and the helpers here.
 */
public final class UidextJdbc {
    // Every TypeID type of the database: a per-prefix type's input is the C function
    // typeid_fixed_in (what typeid_define creates), the general one is typeid; and ulid.
    private static final String TYPES_SQL = "SELECT t.typname, n.nspname, pg_catalog.pg_type_is_visible(t.oid), i.prosrc"
        + " FROM pg_catalog.pg_type t"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace"
        + " JOIN pg_catalog.pg_proc i ON i.oid = t.typinput"
        + " WHERE i.probin LIKE '%uidext' AND (i.prosrc = 'typeid_fixed_in'"
        + "   OR (i.prosrc = 'typeid_in' AND t.typname = 'typeid') OR (i.prosrc = 'ulid_in' AND t.typname = 'ulid'))"
        + " ORDER BY t.oid";

    private UidextJdbc() {}

    /**
     * Registers {@code ulid} ({@link PGulid}, text and binary) and {@code typeid} and every
     * per-prefix type of the connected database ({@link PGtypeid}, text) with the connection.
     * Run it again after a new {@code typeid_define}. A database without uidext registers nothing.
     *
     * @return the type names registered, as pgjdbc names them (schema-qualified and quoted
     *     when the type's schema is not on {@code search_path})
     */
    public static List<String> register(Connection connection) throws SQLException {
        PGConnection pg = connection.unwrap(PGConnection.class);
        List<String> names = new ArrayList<>();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(TYPES_SQL)) {
            while (rs.next()) {
                String name = rs.getBoolean(3) ? rs.getString(1) : "\"" + rs.getString(2) + "\".\"" + rs.getString(1) + "\"";
                pg.addDataType(name, "ulid_in".equals(rs.getString(4)) ? PGulid.class : PGtypeid.class);
                names.add(name);
            }
        }
        return names;
    }

    /**
     * The {@code ulid} or {@code uuid} column (or ULID/UUID text) as a {@link Ulid}; SQL NULL is {@code null}.
     *
     * <p>It reads pgjdbc's raw bytes of the value ({@code getBytes}, no copy) when they are the
     * 26 characters of ULID text or, for a column pgjdbc reads as {@code PGulid} or {@code UUID},
     * the 16 bytes of the binary format: the {@code PGobject} route ({@code getObject}) costs a
     * reflective instance and a type lookup per value. Anything else goes through {@code getObject}.
     */
    public static Ulid getUlid(ResultSet rs, int column) throws SQLException {
        byte[] raw = rs.getBytes(column);
        if (raw == null) {
            return null;
        }
        if (raw.length == 26) {
            Ulid fast = Ulid.fromAscii(raw);
            if (fast != null) {
                return fast;
            }
        } else if (raw.length == 16 && isBinaryKey(rs, column)) {
            return Ulid.fromBytes(raw, 0);
        }
        return toUlid(rs.getObject(column));
    }

    public static Ulid getUlid(ResultSet rs, String column) throws SQLException {
        return getUlid(rs, rs.findColumn(column));
    }

    /**
     * Per thread, the last result set getUlid saw a 16-byte value in and, per column, whether it
     * holds ulid or uuid values (asked once per result set and column: it costs about a microsecond).
     */
    private static final ThreadLocal<ColumnKinds> LAST_SEEN = new ThreadLocal<>();

    private static final class ColumnKinds {
        final WeakReference<ResultSet> resultSet;
        final byte[] kinds; // 0 not looked up yet, 1 ulid or uuid, 2 anything else

        ColumnKinds(ResultSet resultSet, int columns) {
            this.resultSet = new WeakReference<>(resultSet);
            this.kinds = new byte[columns];
        }
    }

    private static boolean isBinaryKey(ResultSet rs, int column) throws SQLException {
        ColumnKinds known = LAST_SEEN.get();
        if (known == null || known.resultSet.get() != rs) {
            known = new ColumnKinds(rs, rs.getMetaData().getColumnCount());
            LAST_SEEN.set(known);
        }
        byte kind = known.kinds[column - 1];
        if (kind == 0) {
            // Other types have 16-byte binary values too (point): ask pgjdbc which class it reads.
            String javaClass = rs.getMetaData().getColumnClassName(column);
            kind = PGulid.class.getName().equals(javaClass) || UUID.class.getName().equals(javaClass) ? (byte) 1 : (byte) 2;
            known.kinds[column - 1] = kind;
        }
        return kind == 1;
    }

    /** A {@code ulid[]} or {@code uuid[]} column as {@code Ulid[]} (NULL elements stay {@code null}). */
    public static Ulid[] getUlidArray(ResultSet rs, int column) throws SQLException {
        return toUlidArray(rs.getArray(column));
    }

    public static Ulid[] getUlidArray(ResultSet rs, String column) throws SQLException {
        return toUlidArray(rs.getArray(column));
    }

    /** A per-prefix or {@code typeid} column (or TypeID text) as a {@link TypeId}; SQL NULL is {@code null}. */
    public static TypeId getTypeId(ResultSet rs, int column) throws SQLException {
        return toTypeId(rs.getObject(column));
    }

    public static TypeId getTypeId(ResultSet rs, String column) throws SQLException {
        return toTypeId(rs.getObject(column));
    }

    /** An array of a per-prefix type or of {@code typeid} as {@code TypeId[]}. */
    public static TypeId[] getTypeIdArray(ResultSet rs, int column) throws SQLException {
        return toTypeIdArray(rs.getArray(column));
    }

    public static TypeId[] getTypeIdArray(ResultSet rs, String column) throws SQLException {
        return toTypeIdArray(rs.getArray(column));
    }

    /** A {@code ulid[]} parameter ({@code WHERE id = ANY(?)}): {@code ps.setArray(i, ulidArray(conn, ids))}. */
    public static Array ulidArray(Connection connection, Ulid... ids) throws SQLException {
        return connection.createArrayOf("ulid", texts(ids));
    }

    /** An array parameter of a TypeID type ({@code "user_id"}, {@code "typeid"}); the server checks the prefixes. */
    public static Array typeIdArray(Connection connection, String typeName, TypeId... ids) throws SQLException {
        return connection.createArrayOf(typeName, texts(ids));
    }

    private static String[] texts(Object[] values) {
        String[] out = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] == null ? null : values[i].toString();
        }
        return out;
    }

    /** A value pgjdbc returned for a ulid, uuid or text column as a Ulid. */
    public static Ulid toUlid(Object value) throws SQLException {
        if (value == null) {
            return null;
        }
        if (value instanceof PGulid) {
            return ((PGulid) value).getUlid();
        }
        if (value instanceof UUID) {
            return Ulid.fromUuid((UUID) value);
        }
        if (value instanceof Ulid) {
            return (Ulid) value;
        }
        if (value instanceof byte[] && ((byte[]) value).length == 16) {
            return Ulid.fromBytes((byte[]) value); // a bytea of 16 bytes
        }
        if (value instanceof String || value instanceof PGobject && "ulid".equals(((PGobject) value).getType())) {
            String text = value instanceof String ? (String) value : ((PGobject) value).getValue();
            if (text == null) {
                return null;
            }
            PGulid parsed = new PGulid();
            parsed.setValue(text);
            return parsed.getUlid();
        }
        throw new SQLException("cannot read a " + describe(value) + " as a Ulid: select a ulid or uuid column", "42804");
    }

    /** A value pgjdbc returned for a TypeID column (or TypeID text) as a TypeId. */
    public static TypeId toTypeId(Object value) throws SQLException {
        if (value == null) {
            return null;
        }
        if (value instanceof PGtypeid) {
            return ((PGtypeid) value).getTypeId();
        }
        if (value instanceof TypeId) {
            return (TypeId) value;
        }
        if (value instanceof String || value instanceof PGobject) {
            // An unregistered per-prefix type arrives as a PGobject of its text, which has the prefix.
            String text = value instanceof String ? (String) value : ((PGobject) value).getValue();
            if (text == null) {
                return null;
            }
            PGtypeid parsed = new PGtypeid();
            parsed.setValue(text);
            return parsed.getTypeId();
        }
        throw new SQLException("cannot read a " + describe(value) + " as a TypeId: select a TypeID column", "42804");
    }

    private static String describe(Object value) {
        return value instanceof PGobject ? "value of type " + ((PGobject) value).getType() : value.getClass().getName();
    }

    private static Ulid[] toUlidArray(Array array) throws SQLException {
        if (array == null) {
            return null;
        }
        Object[] elements = (Object[]) array.getArray();
        Ulid[] out = new Ulid[elements.length];
        for (int i = 0; i < elements.length; i++) {
            out[i] = toUlid(elements[i]);
        }
        return out;
    }

    private static TypeId[] toTypeIdArray(Array array) throws SQLException {
        if (array == null) {
            return null;
        }
        Object[] elements = (Object[]) array.getArray();
        TypeId[] out = new TypeId[elements.length];
        for (int i = 0; i < elements.length; i++) {
            out[i] = toTypeId(elements[i]);
        }
        return out;
    }
}
