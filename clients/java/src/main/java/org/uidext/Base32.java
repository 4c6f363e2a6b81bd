package org.uidext;

/**
 * Crockford base32 of 128 bits (26 digits, the first at most 7) and the UUID text forms the
 * server's uuid input reads. Shared by {@link Ulid} and {@link TypeId}; not public.
 */
final class Base32 {
    static final char[] UPPER = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    static final char[] LOWER = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
    static final int DIGITS = 26;

    /** Digit value of an ASCII character in either case, -1 for anything else (I, L, O, U too). */
    private static final byte[] ANY_CASE = new byte[128];
    /** Digit value of a lowercase digit (TypeID suffixes are lowercase only), -1 otherwise. */
    private static final byte[] LOWER_ONLY = new byte[128];
    private static final byte[] HEX = new byte[128];

    static {
        java.util.Arrays.fill(ANY_CASE, (byte) -1);
        java.util.Arrays.fill(LOWER_ONLY, (byte) -1);
        java.util.Arrays.fill(HEX, (byte) -1);
        for (int i = 0; i < 32; i++) {
            ANY_CASE[UPPER[i]] = (byte) i;
            ANY_CASE[LOWER[i]] = (byte) i;
            LOWER_ONLY[LOWER[i]] = (byte) i;
        }
        for (int i = 0; i < 16; i++) {
            HEX["0123456789abcdef".charAt(i)] = (byte) i;
            HEX["0123456789ABCDEF".charAt(i)] = (byte) i;
        }
    }

    private Base32() {}

    static String encode(long msb, long lsb, char[] alphabet) {
        char[] out = new char[DIGITS];
        long hi = msb;
        long lo = lsb;
        for (int i = DIGITS - 1; i >= 0; i--) {
            out[i] = alphabet[(int) (lo & 31)];
            lo = (lo >>> 5) | (hi << 59);
            hi >>>= 5;
        }
        return new String(out);
    }

    /**
     * Decodes the 26 digits of text starting at start into out[0] (msb) and out[1] (lsb).
     * Returns -1 when they are valid, else the index in text of the first bad character, or
     * start when only the first digit is too large (more than 128 bits).
     */
    static int decode(String text, int start, boolean lowercaseOnly, long[] out) {
        byte[] table = lowercaseOnly ? LOWER_ONLY : ANY_CASE;
        long hi = 0;
        long lo = 0;
        for (int i = start; i < start + DIGITS; i++) {
            char c = text.charAt(i);
            int d = c < 128 ? table[c] : -1;
            if (d < 0) {
                return i;
            }
            hi = (hi << 5) | (lo >>> 59);
            lo = (lo << 5) | d;
        }
        int first = table[text.charAt(start)];
        if (first > 7) {
            return start;
        }
        out[0] = hi;
        out[1] = lo;
        return -1;
    }

    /** Decodes 26 ASCII bytes of digits in either case into out; false when they are not ULID text. */
    static boolean decode(byte[] text, long[] out) {
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < DIGITS; i++) {
            byte c = text[i];
            int d = c >= 0 ? ANY_CASE[c] : -1;
            if (d < 0) {
                return false;
            }
            hi = (hi << 5) | (lo >>> 59);
            lo = (lo << 5) | d;
        }
        if (ANY_CASE[text[0]] > 7) {
            return false;
        }
        out[0] = hi;
        out[1] = lo;
        return true;
    }

    /**
     * Reads a UUID text form as the server's uuid input does: 32 hex digits, a hyphen allowed
     * after any group of four (not after the last), the whole optionally in braces.
     * Returns false (out untouched) for anything else.
     */
    static boolean decodeUuid(String text, long[] out) {
        int n = text.length();
        int i = 0;
        boolean braces = n > 0 && text.charAt(0) == '{';
        if (braces) {
            if (text.charAt(n - 1) != '}') {
                return false;
            }
            i = 1;
            n--;
        }
        long hi = 0;
        long lo = 0;
        int digits = 0;
        while (i < n) {
            char c = text.charAt(i++);
            if (c == '-' && digits % 4 == 0 && digits > 0 && digits < 32 && i < n && text.charAt(i) != '-') {
                continue;
            }
            int d = c < 128 ? HEX[c] : -1;
            if (d < 0 || digits == 32) {
                return false;
            }
            if (digits < 16) {
                hi = (hi << 4) | d;
            } else {
                lo = (lo << 4) | d;
            }
            digits++;
        }
        if (digits != 32) {
            return false;
        }
        out[0] = hi;
        out[1] = lo;
        return true;
    }

    static boolean isDigit(char c, boolean lowercaseOnly) {
        return c < 128 && (lowercaseOnly ? LOWER_ONLY : ANY_CASE)[c] >= 0;
    }

    /** A character for an error message: itself in quotes, or its code point when invisible. */
    static String quote(char c) {
        return c >= 0x21 && c < 0x7f ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }
}
