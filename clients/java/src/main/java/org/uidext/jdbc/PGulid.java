package org.uidext.jdbc;

import java.sql.SQLDataException;
import java.sql.SQLException;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;
import org.uidext.Ulid;

/**
 * A {@code ulid} value for pgjdbc: what {@code rs.getObject(i)} returns for a {@code ulid}
 * column once {@link UidextJdbc#register} has run, and what {@code ps.setObject(i, PGulid.of(id))}
 * sends (typed {@code ulid}, which the server also assigns to and compares with {@code uuid}).
 *
 * <p>pgjdbc creates these itself (a public no-argument constructor, then {@code setValue} with
 * the text or {@code setByteValue} with the 16 bytes of the binary format, which it asks for
 * once a statement is server-prepared), so the class is mutable as every {@link PGobject} is;
 * the {@link Ulid} it holds is not.
 */
public class PGulid extends PGobject implements PGBinaryObject {
    private static final long serialVersionUID = 1L;
    private Ulid ulid;

    public PGulid() {
        setType("ulid");
    }

    public PGulid(Ulid ulid) {
        this();
        this.ulid = ulid;
    }

    /** A parameter of type {@code ulid}; {@code null} gives a typed SQL NULL. */
    public static PGulid of(Ulid ulid) {
        return new PGulid(ulid);
    }

    /** The value, or {@code null} for SQL NULL. */
    public Ulid getUlid() {
        return ulid;
    }

    /** Reads ULID or UUID text, as the server's {@code ulid} input does (22P02 otherwise). */
    @Override
    public void setValue(String text) throws SQLException {
        try {
            ulid = text == null ? null : Ulid.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new SQLDataException(e.getMessage(), "22P02", e);  // the server's SQLSTATE for bad text
        }
    }

    @Override
    public String getValue() {
        return ulid == null ? null : ulid.toString();
    }

    @Override
    public boolean isNull() {
        return ulid == null;
    }

    @Override
    public void setByteValue(byte[] bytes, int offset) {
        ulid = Ulid.fromBytes(bytes, offset);
    }

    @Override
    public int lengthInBytes() {
        return ulid == null ? 0 : 16;
    }

    @Override
    public void toBytes(byte[] bytes, int offset) {
        ulid.toBytes(bytes, offset);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PGulid && java.util.Objects.equals(ulid, ((PGulid) other).ulid);
    }

    @Override
    public int hashCode() {
        return ulid == null ? 0 : ulid.hashCode();
    }

    @Override
    public String toString() {
        return getValue();
    }
}
