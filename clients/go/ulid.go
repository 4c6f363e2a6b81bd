package uidext

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"time"
)

// ULID is the 16 bytes of a uidext ulid (or uuid) value. Its text is 26 Crockford base32
// digits (String), the first 48 bits are Unix milliseconds (Time). Values order as the server
// orders them (Compare: by bytes). The zero value is 00000000000000000000000000.
type ULID [16]byte

// MaxULIDTime is the largest millisecond a ULID holds (2^48 - 1, in year 10889).
const MaxULIDTime = 1<<48 - 1

// ParseULID reads what the server's ulid input reads: 26 Crockford base32 digits in any case
// (the first between 0 and 7) or UUID text (32 hex digits, a hyphen allowed after any group of
// four, optionally in braces).
func ParseULID(s string) (ULID, error) {
	var u ULID
	if len(s) == 26 {
		switch pos := decodeBase32((*[16]byte)(&u), s, &digitValue); pos {
		case -2:
			return u, nil
		case -1:
			return ULID{}, syntaxError("ULID", s, "the first digit must be between 0 and 7: larger values need more than 128 bits")
		default:
			return ULID{}, syntaxError("ULID", s, fmt.Sprintf("%q at position %d is not a Crockford base32 digit", s[pos], pos+1))
		}
	}
	if parseUUIDText((*[16]byte)(&u), s) {
		return u, nil
	}
	return ULID{}, syntaxError("ULID", s, fmt.Sprintf("%d characters are neither 26 Crockford base32 digits nor UUID text", len(s)))
}

// MustParseULID is ParseULID that panics on an error (for constants in code and tests).
func MustParseULID(s string) ULID {
	u, err := ParseULID(s)
	if err != nil {
		panic(err)
	}
	return u
}

// ULIDFromBytes copies 16 bytes.
func ULIDFromBytes(b []byte) (ULID, error) {
	var u ULID
	if len(b) != 16 {
		return u, fmt.Errorf("uidext: a ULID is 16 bytes, got %d", len(b))
	}
	copy(u[:], b)
	return u, nil
}

// NewULID is a new ULID of the current millisecond with 80 bits from crypto/rand.
func NewULID() ULID {
	u, err := NewULIDAt(time.Now())
	if err != nil {
		panic(err) // the clock before 1970 or after 10889
	}
	return u
}

// NewULIDAt is a new ULID of t's millisecond with 80 bits from crypto/rand.
func NewULIDAt(t time.Time) (ULID, error) {
	u, err := ulidOfTime(t, 0)
	if err != nil {
		return u, err
	}
	if _, err := rand.Read(u[6:]); err != nil {
		return ULID{}, err
	}
	return u, nil
}

// MinULID is the smallest ULID of t's millisecond (random part all zero), as the server's
// ulid_lower_bound: a lower bound for a range of keys.
func MinULID(t time.Time) (ULID, error) { return ulidOfTime(t, 0) }

// MaxULID is the largest ULID of t's millisecond (random part all one), as ulid_upper_bound.
func MaxULID(t time.Time) (ULID, error) { return ulidOfTime(t, 0xFF) }

func ulidOfTime(t time.Time, fill byte) (ULID, error) {
	ms := t.UnixMilli()
	if t.Before(time.UnixMilli(ms)) { // UnixMilli truncates towards zero; keep the floor
		ms--
	}
	if ms < 0 || ms > MaxULIDTime {
		return ULID{}, fmt.Errorf("uidext: time %s is outside the 48-bit millisecond range of a ULID", t.Format(time.RFC3339Nano))
	}
	var u ULID
	for i := 5; i >= 0; i-- {
		u[i] = byte(ms)
		ms >>= 8
	}
	for i := 6; i < 16; i++ {
		u[i] = fill
	}
	return u, nil
}

// String is the 26-character ULID text, uppercase (the server's ulid output).
func (u ULID) String() string {
	var buf [26]byte
	encodeBase32(buf[:], (*[16]byte)(&u), crockfordUpper)
	return string(buf[:])
}

// UUIDString is the canonical lowercase UUID text of the same 16 bytes (as ulid::uuid::text).
func (u ULID) UUIDString() string {
	return string(appendUUIDText(make([]byte, 0, 36), (*[16]byte)(&u)))
}

// Bytes is a copy of the 16 bytes.
func (u ULID) Bytes() []byte { return append([]byte(nil), u[:]...) }

// Timestamp is the first 48 bits: Unix milliseconds.
func (u ULID) Timestamp() uint64 {
	return uint64(u[0])<<40 | uint64(u[1])<<32 | uint64(u[2])<<24 | uint64(u[3])<<16 | uint64(u[4])<<8 | uint64(u[5])
}

// Time is the millisecond of the first 48 bits, in UTC (as ulid_extract_timestamp; also a
// UUIDv7's time).
func (u ULID) Time() time.Time { return time.UnixMilli(int64(u.Timestamp())).UTC() }

// Compare is -1, 0 or +1 as u sorts before, with or after v (the server's order).
func (u ULID) Compare(v ULID) int { return bytes.Compare(u[:], v[:]) }

// IsZero reports whether all 16 bytes are zero.
func (u ULID) IsZero() bool { return u == ULID{} }
