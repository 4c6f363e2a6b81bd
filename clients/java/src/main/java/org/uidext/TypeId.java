package org.uidext;

import java.io.Serializable;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/**
 * An immutable TypeID (jetify-com/typeid spec 0.3): a prefix and the 128 bits of a UUID.
 *
 * <p>The text is {@code prefix_suffix} (the bare suffix when the prefix is empty); the suffix is
 * the 26 lowercase Crockford base32 digits of the 16 bytes, the ULID text of the same bytes in
 * lowercase. {@link #fromString(String)} reads exactly what the server's {@code typeid} input
 * reads; {@link #fromString(String, String)} what a per-prefix type's input ({@code typeid_define})
 * reads. Equality, hash and order are the server's {@code typeid} ones: the prefix, then the
 * 16 bytes unsigned. A {@code TypeId} never equals a {@code String}, a {@code UUID} or a {@link Ulid}.
 */
public final class TypeId implements Serializable, Comparable<TypeId> {
    private static final long serialVersionUID = 1L;
    private static final int PREFIX_MAX = 63;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String PREFIX_RULE = "a TypeID prefix is at most 63 lowercase letters (a-z) and underscores, "
        + "beginning and ending with a letter";

    private final String prefix;
    private final long msb;
    private final long lsb;

    private TypeId(String prefix, long msb, long lsb) {
        this.prefix = prefix;
        this.msb = msb;
        this.lsb = lsb;
    }

    /** True for a prefix the spec allows: 0-63 of {@code [a-z_]}, beginning and ending with a letter. */
    public static boolean isValidPrefix(String prefix) {
        if (prefix == null || prefix.length() > PREFIX_MAX) {
            return false;
        }
        int n = prefix.length();
        for (int i = 0; i < n; i++) {
            char c = prefix.charAt(i);
            boolean letter = c >= 'a' && c <= 'z';
            if (!letter && (c != '_' || i == 0 || i == n - 1)) {
                return false;
            }
        }
        return true;
    }

    private static String checkPrefix(String prefix) {
        if (!isValidPrefix(prefix)) {
            throw new IllegalArgumentException("invalid TypeID prefix " + quote(prefix) + ": " + PREFIX_RULE);
        }
        return prefix;
    }

    private static String quote(String s) {
        return s == null ? "null" : "\"" + s + "\"";
    }

    /**
     * The TypeID of text, as the server's {@code typeid} input reads it.
     *
     * @throws IllegalArgumentException naming the value and the reason the server gives
     */
    public static TypeId fromString(String text) {
        if (text == null) {
            throw new IllegalArgumentException("invalid TypeID: null");
        }
        return split(text);
    }

    /**
     * The TypeID of text as the input of a per-prefix type with this prefix reads it: that
     * prefix only, or a UUID text form (which takes the prefix).
     */
    public static TypeId fromString(String text, String expectedPrefix) {
        checkPrefix(expectedPrefix);
        if (text == null) {
            throw new IllegalArgumentException("invalid TypeID: null");
        }
        long[] bits = new long[2];
        if (text.indexOf('_') < 0 && text.length() >= 32 && text.length() <= 38 && Base32.decodeUuid(text, bits)) {
            return new TypeId(expectedPrefix, bits[0], bits[1]);
        }
        TypeId found = split(text);
        if (!found.prefix.equals(expectedPrefix)) {
            String got = found.prefix.isEmpty() ? "the value has no prefix" : "the prefix is \"" + found.prefix + "\"";
            String want = expectedPrefix.isEmpty() ? "expected none" : "expected \"" + expectedPrefix + "\"";
            throw invalid(text, got + "; " + want);
        }
        return found;
    }

    private static IllegalArgumentException invalid(String text, String reason) {
        return new IllegalArgumentException("invalid TypeID \"" + text + "\": " + reason);
    }

    private static TypeId split(String text) {
        int separator = text.lastIndexOf('_');
        String prefix = "";
        int start = 0;
        if (separator >= 0) {
            prefix = text.substring(0, separator);
            start = separator + 1;
            if (prefix.isEmpty()) {
                throw invalid(text, text.startsWith("_") ? "a TypeID with an empty prefix has no \"_\""
                    : "a TypeID is a prefix, \"_\" and 26 base32 digits");
            }
            if (!isValidPrefix(prefix)) {
                throw invalid(text, PREFIX_RULE);
            }
        } else if (text.length() > Base32.DIGITS) {
            throw invalid(text, "a TypeID is a prefix, \"_\" and 26 base32 digits");
        }
        int length = text.length() - start;
        if (length != Base32.DIGITS) {
            throw invalid(text, "the suffix after the prefix has " + length + " characters, not 26");
        }
        long[] bits = new long[2];
        int bad = Base32.decode(text, start, true, bits);
        if (bad >= 0) {
            char c = text.charAt(bad);
            if (!Base32.isDigit(c, true)) {
                throw invalid(text, Base32.quote(c) + " at position " + (bad + 1)
                    + " is not a lowercase Crockford base32 digit (0-9, a-z without i, l, o and u)");
            }
            throw invalid(text, "the suffix must begin with a digit between 0 and 7: larger values need more than 128 bits");
        }
        return new TypeId(prefix, bits[0], bits[1]);
    }

    /** The TypeID of a prefix and a UUID (any version, as the spec asks decoders to accept). */
    public static TypeId of(String prefix, UUID uuid) {
        return new TypeId(checkPrefix(prefix), uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    /** The TypeID of a prefix and the 16 bytes of a ULID. */
    public static TypeId of(String prefix, Ulid ulid) {
        return new TypeId(checkPrefix(prefix), ulid.getMostSignificantBits(), ulid.getLeastSignificantBits());
    }

    /** A new TypeID: a UUIDv7 (the current Unix millisecond, version 7, variant 10, 74 random bits). */
    public static TypeId generate(String prefix) {
        checkPrefix(prefix);
        long ms = System.currentTimeMillis();
        long msb = (ms << 16) | 0x7000L | (RANDOM.nextInt() & 0x0fff);
        long lsb = (RANDOM.nextLong() & 0x3fffffffffffffffL) | 0x8000000000000000L;
        return new TypeId(prefix, msb, lsb);
    }

    public String prefix() {
        return prefix;
    }

    /** The 26 lowercase Crockford base32 digits of the 16 bytes. */
    public String suffix() {
        return Base32.encode(msb, lsb, Base32.LOWER);
    }

    public UUID toUuid() {
        return new UUID(msb, lsb);
    }

    public Ulid toUlid() {
        return new Ulid(msb, lsb);
    }

    /** The first 48 bits as Unix milliseconds (a UUIDv7's time). */
    public long timestamp() {
        return msb >>> 16;
    }

    public Instant instant() {
        return Instant.ofEpochMilli(timestamp());
    }

    @Override
    public String toString() {
        return prefix.isEmpty() ? suffix() : prefix + "_" + suffix();
    }

    /** The prefix (as the server's C collation compares ASCII), then the 16 bytes unsigned. */
    @Override
    public int compareTo(TypeId other) {
        int c = prefix.compareTo(other.prefix);
        if (c != 0) {
            return c;
        }
        c = Long.compareUnsigned(msb, other.msb);
        return c != 0 ? c : Long.compareUnsigned(lsb, other.lsb);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof TypeId)) {
            return false;
        }
        TypeId o = (TypeId) other;
        return msb == o.msb && lsb == o.lsb && prefix.equals(o.prefix);
    }

    @Override
    public int hashCode() {
        long hilo = msb ^ lsb;
        return 31 * prefix.hashCode() + (((int) (hilo >> 32)) ^ (int) hilo);
    }
}
