package org.uidext.jdbc;

import java.sql.SQLDataException;
import java.sql.SQLException;
import org.postgresql.util.PGobject;
import org.uidext.TypeId;

/**
 * A TypeID value for pgjdbc: what {@code rs.getObject(i)} returns for a per-prefix column
 * ({@code typeid_define}) or a {@code typeid} column once {@link UidextJdbc#register} has run,
 * and a typed parameter: {@code ps.setObject(i, new PGtypeid("user_id", id))}.
 *
 * <p>Text format only: a per-prefix type's binary format is the 16 bytes without the prefix,
 * and pgjdbc hands a {@code PGobject} the type's name, not its prefix; registering this class
 * (not a {@code PGBinaryObject}) keeps pgjdbc asking for text, where the prefix is in the value.
 */
public class PGtypeid extends PGobject {
    private static final long serialVersionUID = 1L;
    private TypeId typeId;

    public PGtypeid() {
    }

    /** A parameter of the named type: a per-prefix type ({@code "user_id"}) or {@code "typeid"}. */
    public PGtypeid(String typeName, TypeId typeId) {
        setType(typeName);
        this.typeId = typeId;
    }

    /** The value, or {@code null} for SQL NULL. */
    public TypeId getTypeId() {
        return typeId;
    }

    /** Reads TypeID text as the general {@code typeid} input does (22P02 otherwise). */
    @Override
    public void setValue(String text) throws SQLException {
        try {
            typeId = text == null ? null : TypeId.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new SQLDataException(e.getMessage(), "22P02", e);  // the server's SQLSTATE for bad text
        }
    }

    @Override
    public String getValue() {
        return typeId == null ? null : typeId.toString();
    }

    @Override
    public boolean isNull() {
        return typeId == null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PGtypeid && java.util.Objects.equals(typeId, ((PGtypeid) other).typeId);
    }

    @Override
    public int hashCode() {
        return typeId == null ? 0 : typeId.hashCode();
    }

    @Override
    public String toString() {
        return getValue();
    }
}
