package uidext

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// jsonString is the content of a JSON string (escapes decoded only where there are any).
func jsonString(data []byte, typ string) ([]byte, error) {
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return nil, fmt.Errorf("uidext: a %s in JSON is a string, not %s", typ, data)
	}
	if bytes.IndexByte(data, '\\') < 0 {
		return data[1 : len(data)-1], nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// MarshalText is the ULID text (encoding.TextMarshaler: also map keys in encoding/json).
func (u ULID) MarshalText() ([]byte, error) {
	buf := make([]byte, 26)
	encodeBase32(buf, (*[16]byte)(&u), crockfordUpper)
	return buf, nil
}

// UnmarshalText reads ULID or UUID text (ParseULID).
func (u *ULID) UnmarshalText(text []byte) error {
	v, err := ParseULID(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalJSON is the ULID text as a JSON string.
func (u ULID) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 28)
	buf[0], buf[27] = '"', '"'
	encodeBase32(buf[1:27], (*[16]byte)(&u), crockfordUpper)
	return buf, nil
}

// UnmarshalJSON reads a JSON string of ULID or UUID text; null leaves u as it is (as for
// time.Time: use *ULID or NullULID to tell null apart).
func (u *ULID) UnmarshalJSON(data []byte) error {
	if bytes.Equal(data, []byte("null")) {
		return nil
	}
	text, err := jsonString(data, "ULID")
	if err != nil {
		return err
	}
	return u.UnmarshalText(text)
}

// MarshalText is the TypeID text.
func (t TypeID) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads TypeID text (ParseTypeID).
func (t *TypeID) UnmarshalText(text []byte) error {
	v, err := ParseTypeID(string(text))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalJSON is the TypeID text as a JSON string.
func (t TypeID) MarshalJSON() ([]byte, error) {
	s := t.String()
	buf := make([]byte, 0, len(s)+2)
	return append(append(append(buf, '"'), s...), '"'), nil
}

// UnmarshalJSON reads a JSON string of TypeID text; null leaves t as it is.
func (t *TypeID) UnmarshalJSON(data []byte) error {
	if bytes.Equal(data, []byte("null")) {
		return nil
	}
	text, err := jsonString(data, "TypeID")
	if err != nil {
		return err
	}
	return t.UnmarshalText(text)
}
