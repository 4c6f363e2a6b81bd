package uidext

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

// TypeID is a TypeID (jetify-com/typeid spec 0.3): a prefix and the 16 bytes of a UUID. Its text
// is "prefix_suffix" (the bare suffix when the prefix is empty), the suffix being the 26
// lowercase Crockford base32 digits of the bytes (the ULID text of the same bytes, lowercase).
// A TypeID is comparable (==, map keys); Compare orders as the server's typeid type (by prefix,
// then bytes). The zero value is the empty prefix with 16 zero bytes.
type TypeID struct {
	prefix string
	id     [16]byte
}

// MaxTypeIDPrefix is the longest prefix the spec allows.
const MaxTypeIDPrefix = 63

const prefixRule = "a TypeID prefix is at most 63 lowercase letters (a-z) and underscores, beginning and ending with a letter"

// ValidTypeIDPrefix reports whether the spec allows prefix: 0 to 63 of [a-z_], beginning and
// ending with a letter.
func ValidTypeIDPrefix(prefix string) bool {
	if len(prefix) > MaxTypeIDPrefix {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := prefix[i]
		if c == '_' && i > 0 && i < len(prefix)-1 {
			continue
		}
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func checkPrefix(prefix string) error {
	if !ValidTypeIDPrefix(prefix) {
		return syntaxError("TypeID prefix", prefix, prefixRule)
	}
	return nil
}

// ParseTypeID reads what the server's typeid input reads.
func ParseTypeID(s string) (TypeID, error) {
	var t TypeID
	sep := strings.LastIndexByte(s, '_')
	suffix, start := s, 0
	if sep >= 0 {
		t.prefix, suffix, start = s[:sep], s[sep+1:], sep+1
		if t.prefix == "" {
			return TypeID{}, syntaxError("TypeID", s, `a TypeID with an empty prefix has no "_"`)
		}
		if !ValidTypeIDPrefix(t.prefix) {
			return TypeID{}, syntaxError("TypeID", s, prefixRule)
		}
	} else if len(s) > 26 {
		return TypeID{}, syntaxError("TypeID", s, `a TypeID is a prefix, "_" and 26 base32 digits`)
	}
	if len(suffix) != 26 {
		return TypeID{}, syntaxError("TypeID", s, fmt.Sprintf("the suffix after the prefix has %d characters, not 26", len(suffix)))
	}
	switch pos := decodeBase32(&t.id, suffix, &lowerDigitValue); pos {
	case -2:
		return t, nil
	case -1:
		return TypeID{}, syntaxError("TypeID", s, "the suffix must begin with a digit between 0 and 7: larger values need more than 128 bits")
	default:
		return TypeID{}, syntaxError("TypeID", s, fmt.Sprintf("%q at position %d is not a lowercase Crockford base32 digit (0-9, a-z without i, l, o and u)", suffix[pos], start+pos+1))
	}
}

// ParseTypeIDWithPrefix reads what the input of a per-prefix type with that prefix reads (a
// type made by typeid_define): a TypeID with that prefix, or UUID text (which takes it).
func ParseTypeIDWithPrefix(s, prefix string) (TypeID, error) {
	if err := checkPrefix(prefix); err != nil {
		return TypeID{}, err
	}
	if strings.IndexByte(s, '_') < 0 && len(s) >= 32 {
		t := TypeID{prefix: prefix}
		if parseUUIDText(&t.id, s) {
			return t, nil
		}
	}
	t, err := ParseTypeID(s)
	if err != nil {
		return TypeID{}, err
	}
	if t.prefix != prefix {
		got, want := fmt.Sprintf("the prefix is %q", t.prefix), fmt.Sprintf("expected %q", prefix)
		if t.prefix == "" {
			got = "the value has no prefix"
		}
		if prefix == "" {
			want = "expected none"
		}
		return TypeID{}, syntaxError("TypeID", s, got+"; "+want)
	}
	return t, nil
}

// MustParseTypeID is ParseTypeID that panics on an error.
func MustParseTypeID(s string) TypeID {
	t, err := ParseTypeID(s)
	if err != nil {
		panic(err)
	}
	return t
}

// TypeIDOf is the TypeID of a prefix and 16 bytes: pass a uuid.UUID, a ULID or an oklog
// ulid.ULID converted with [16]byte(x). Any UUID version is accepted, as the spec asks.
func TypeIDOf(prefix string, id [16]byte) (TypeID, error) {
	if err := checkPrefix(prefix); err != nil {
		return TypeID{}, err
	}
	return TypeID{prefix: prefix, id: id}, nil
}

// NewTypeID is a new TypeID with a UUIDv7 (the current millisecond, version 7, 74 random bits),
// as the spec asks of new ids and as gen_<type>() makes them.
func NewTypeID(prefix string) (TypeID, error) {
	if err := checkPrefix(prefix); err != nil {
		return TypeID{}, err
	}
	t := TypeID{prefix: prefix}
	u, err := NewULIDAt(time.Now())
	if err != nil {
		return TypeID{}, err
	}
	t.id = u
	t.id[6] = 0x70 | t.id[6]&0x0F // version 7
	t.id[8] = 0x80 | t.id[8]&0x3F // variant 10
	return t, nil
}

// Prefix is the prefix ("" for none).
func (t TypeID) Prefix() string { return t.prefix }

// Suffix is the 26 lowercase base32 digits of the 16 bytes.
func (t TypeID) Suffix() string {
	var buf [26]byte
	encodeBase32(buf[:], &t.id, crockfordLower)
	return string(buf[:])
}

// String is the TypeID text (the server's output).
func (t TypeID) String() string {
	if t.prefix == "" {
		return t.Suffix()
	}
	buf := make([]byte, len(t.prefix)+27)
	copy(buf, t.prefix)
	buf[len(t.prefix)] = '_'
	encodeBase32(buf[len(t.prefix)+1:], &t.id, crockfordLower)
	return string(buf)
}

// Bytes is the 16 bytes (as typeid_uuid, or a cast of a per-prefix value to uuid).
func (t TypeID) Bytes() [16]byte { return t.id }

// ULID is the 16 bytes as a ULID (as typeid_ulid).
func (t TypeID) ULID() ULID { return ULID(t.id) }

// Time is the millisecond of the first 48 bits, in UTC (a UUIDv7's time).
func (t TypeID) Time() time.Time { return ULID(t.id).Time() }

// Compare is -1, 0 or +1 as t sorts before, with or after v: by prefix, then by bytes.
func (t TypeID) Compare(v TypeID) int {
	if c := strings.Compare(t.prefix, v.prefix); c != 0 {
		return c
	}
	return bytes.Compare(t.id[:], v.id[:])
}

// IsZero reports whether t is the zero value (empty prefix, zero bytes).
func (t TypeID) IsZero() bool { return t == TypeID{} }
