package org.uidext;

import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/**
 * An immutable ULID: 128 bits, a 48-bit Unix millisecond then 80 random bits. Shaped like
 * {@link java.util.UUID} (two longs, {@code fromString}, {@code getMostSignificantBits}, ...),
 * but {@link #toString()} is the 26-character Crockford base32 text and {@link #compareTo}
 * orders as the server does: unsigned, byte by byte, so by time.
 *
 * <p>{@code java.util.UUID.compareTo} compares the two halves as <em>signed</em> longs: a UUID
 * whose first bit is set sorts before one whose first bit is clear, the reverse of
 * PostgreSQL's order for {@code uuid} and {@code ulid}. Compare {@code Ulid}s, not their UUIDs.
 *
 * <p>A {@code Ulid} never equals a {@code UUID} (as a {@code UUID} never equals its text):
 * convert with {@link #toUuid()} / {@link #fromUuid(UUID)}, which keep the 16 bytes.
 */
public final class Ulid implements Serializable, Comparable<Ulid> {
    private static final long serialVersionUID = 1L;
    private static final long MAX_MILLIS = (1L << 48) - 1;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final VarHandle BIG_ENDIAN_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final long msb;
    private final long lsb;

    /** The ULID of these 128 bits, as {@code new UUID(mostSigBits, leastSigBits)}. */
    public Ulid(long mostSigBits, long leastSigBits) {
        this.msb = mostSigBits;
        this.lsb = leastSigBits;
    }

    /**
     * The ULID of text the server's {@code ulid} input reads: 26 Crockford base32 digits in any
     * case (the first at most 7), or a UUID in any text form {@code uuid} reads.
     *
     * @throws IllegalArgumentException naming the value and why it is not a ULID
     */
    public static Ulid fromString(String text) {
        if (text == null) {
            throw new IllegalArgumentException("invalid ULID: null");
        }
        long[] bits = new long[2];
        if (text.length() == Base32.DIGITS) {
            int bad = Base32.decode(text, 0, false, bits);
            if (bad < 0) {
                return new Ulid(bits[0], bits[1]);
            }
            throw new IllegalArgumentException("invalid ULID \"" + text + "\": " + reason(text, bad));
        }
        if (Base32.decodeUuid(text, bits)) {
            return new Ulid(bits[0], bits[1]);
        }
        throw new IllegalArgumentException("invalid ULID \"" + text + "\": a ULID has 26 Crockford base32 digits, not "
            + text.length() + " characters, and this is not a UUID either");
    }

    /**
     * The ULID of 26 ASCII bytes of ULID text (a driver's raw text of a {@code ulid} value), or
     * {@code null} when they are not ULID text; no exception, for fast paths that fall back.
     */
    public static Ulid fromAscii(byte[] text) {
        if (text == null || text.length != Base32.DIGITS) {
            return null;
        }
        long[] bits = new long[2];
        return Base32.decode(text, bits) ? new Ulid(bits[0], bits[1]) : null;
    }

    private static String reason(String text, int bad) {
        char c = text.charAt(bad);
        if (!Base32.isDigit(c, false)) {
            String hint = "ILOUilou".indexOf(c) >= 0 ? " (Crockford base32 leaves out I, L, O and U)" : "";
            return Base32.quote(c) + " at position " + (bad + 1) + " is not a Crockford base32 digit" + hint;
        }
        return "the first digit must be between 0 and 7: larger values need more than 128 bits";
    }

    /** The ULID of a UUID's 16 bytes (any version). */
    public static Ulid fromUuid(UUID uuid) {
        return new Ulid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    /** The ULID of 16 bytes, most significant first (a {@code bytea} of the same value). */
    public static Ulid fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != 16) {
            throw new IllegalArgumentException("invalid ULID: 16 bytes expected, got "
                + (bytes == null ? "null" : bytes.length + ""));
        }
        return fromBytes(bytes, 0);
    }

    /** The ULID of the 16 bytes at offset (a driver's buffer), most significant first. */
    public static Ulid fromBytes(byte[] bytes, int offset) {
        return new Ulid((long) BIG_ENDIAN_LONG.get(bytes, offset), (long) BIG_ENDIAN_LONG.get(bytes, offset + 8));
    }

    /** A new ULID: the current Unix millisecond and 80 bits from a {@link SecureRandom}. */
    public static Ulid generate() {
        long ms = System.currentTimeMillis();
        long random = RANDOM.nextLong();
        return new Ulid((ms << 16) | (RANDOM.nextInt() & 0xffff), random);
    }

    /** The smallest ULID of the millisecond of {@code when} (for range queries). */
    public static Ulid minFor(Instant when) {
        return new Ulid(millis(when) << 16, 0);
    }

    /** The largest ULID of the millisecond of {@code when} (for range queries). */
    public static Ulid maxFor(Instant when) {
        return new Ulid((millis(when) << 16) | 0xffff, -1L);
    }

    private static long millis(Instant when) {
        long seconds = when.getEpochSecond();
        long ms = seconds < 0 || seconds > MAX_MILLIS / 1000 ? -1 : seconds * 1000 + when.getNano() / 1_000_000;
        if (ms < 0 || ms > MAX_MILLIS) {
            throw new IllegalArgumentException("invalid time " + when + ": outside the 48-bit millisecond range of a ULID");
        }
        return ms;
    }

    public long getMostSignificantBits() {
        return msb;
    }

    public long getLeastSignificantBits() {
        return lsb;
    }

    /** The embedded time: Unix milliseconds (the first 48 bits). */
    public long timestamp() {
        return msb >>> 16;  // the low 16 bits of msb are random
    }

    /** The embedded time as an {@link Instant} (millisecond precision). */
    public Instant instant() {
        return Instant.ofEpochMilli(timestamp());
    }

    /** The {@code java.util.UUID} of the same 16 bytes (its text is what a {@code uuid} column shows). */
    public UUID toUuid() {
        return new UUID(msb, lsb);
    }

    /** The 16 bytes, most significant first. */
    public byte[] toBytes() {
        byte[] b = new byte[16];
        toBytes(b, 0);
        return b;
    }

    /** Writes the 16 bytes, most significant first, at offset (a driver's buffer). */
    public void toBytes(byte[] dest, int offset) {
        BIG_ENDIAN_LONG.set(dest, offset, msb);
        BIG_ENDIAN_LONG.set(dest, offset + 8, lsb);
    }

    /** The 26-character Crockford base32 text, upper case (the server's {@code ulid} output). */
    @Override
    public String toString() {
        return Base32.encode(msb, lsb, Base32.UPPER);
    }

    /** Unsigned, most significant byte first: the server's order, which is time order. */
    @Override
    public int compareTo(Ulid other) {
        int c = Long.compareUnsigned(msb, other.msb);
        return c != 0 ? c : Long.compareUnsigned(lsb, other.lsb);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Ulid)) {
            return false;
        }
        Ulid o = (Ulid) other;
        return msb == o.msb && lsb == o.lsb;
    }

    /** {@code java.util.UUID}'s hash of the same bits. */
    @Override
    public int hashCode() {
        long hilo = msb ^ lsb;
        return ((int) (hilo >> 32)) ^ (int) hilo;
    }
}
