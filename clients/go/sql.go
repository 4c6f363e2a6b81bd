package uidext

import (
	"database/sql/driver"
	"fmt"
)

// Scan reads a key from database/sql: ULID or UUID text (string or []byte, what text-protocol
// drivers hand over for ulid and uuid columns) or 16 raw bytes (binary results, bytea). NULL is
// an error: scan into *ULID or NullULID where NULL can occur.
func (u *ULID) Scan(src interface{}) error {
	switch v := src.(type) {
	case string:
		return u.UnmarshalText([]byte(v))
	case []byte:
		if len(v) == 16 {
			copy(u[:], v)
			return nil
		}
		return u.UnmarshalText(v)
	case ULID:
		*u = v
		return nil
	case nil:
		return fmt.Errorf("uidext: cannot scan NULL into a ULID (use *uidext.ULID or uidext.NullULID)")
	}
	return fmt.Errorf("uidext: cannot scan %T into a ULID", src)
}

// Value is the UUID text of the 16 bytes: both ulid and uuid columns read it (and so does a
// ulid or uuid parameter), with any driver.
func (u ULID) Value() (driver.Value, error) { return u.UUIDString(), nil }

// NullULID is a ULID that may be NULL (as sql.NullString).
type NullULID struct {
	ULID  ULID
	Valid bool // false: NULL
}

// Scan reads NULL or what ULID.Scan reads.
func (n *NullULID) Scan(src interface{}) error {
	if src == nil {
		*n = NullULID{}
		return nil
	}
	if err := n.ULID.Scan(src); err != nil {
		return err
	}
	n.Valid = true
	return nil
}

// Value is nil (NULL) or the UUID text.
func (n NullULID) Value() (driver.Value, error) {
	if !n.Valid {
		return nil, nil
	}
	return n.ULID.Value()
}

// MarshalJSON is null or the ULID text.
func (n NullULID) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return n.ULID.MarshalJSON()
}

// UnmarshalJSON reads null or a ULID.
func (n *NullULID) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*n = NullULID{}
		return nil
	}
	if err := n.ULID.UnmarshalJSON(data); err != nil {
		return err
	}
	n.Valid = true
	return nil
}

// Scan reads TypeID text (string or []byte: the text protocol of typeid and per-prefix
// columns). NULL is an error: scan into *TypeID or NullTypeID where NULL can occur.
func (t *TypeID) Scan(src interface{}) error {
	switch v := src.(type) {
	case string:
		return t.UnmarshalText([]byte(v))
	case []byte:
		return t.UnmarshalText(v)
	case TypeID:
		*t = v
		return nil
	case nil:
		return fmt.Errorf("uidext: cannot scan NULL into a TypeID (use *uidext.TypeID or uidext.NullTypeID)")
	}
	return fmt.Errorf("uidext: cannot scan %T into a TypeID", src)
}

// Value is the TypeID text, which typeid and per-prefix columns read (a per-prefix column only
// with its own prefix).
func (t TypeID) Value() (driver.Value, error) { return t.String(), nil }

// NullTypeID is a TypeID that may be NULL.
type NullTypeID struct {
	TypeID TypeID
	Valid  bool // false: NULL
}

// Scan reads NULL or what TypeID.Scan reads.
func (n *NullTypeID) Scan(src interface{}) error {
	if src == nil {
		*n = NullTypeID{}
		return nil
	}
	if err := n.TypeID.Scan(src); err != nil {
		return err
	}
	n.Valid = true
	return nil
}

// Value is nil (NULL) or the TypeID text.
func (n NullTypeID) Value() (driver.Value, error) {
	if !n.Valid {
		return nil, nil
	}
	return n.TypeID.Value()
}

// MarshalJSON is null or the TypeID text.
func (n NullTypeID) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return n.TypeID.MarshalJSON()
}

// UnmarshalJSON reads null or a TypeID.
func (n *NullTypeID) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*n = NullTypeID{}
		return nil
	}
	if err := n.TypeID.UnmarshalJSON(data); err != nil {
		return err
	}
	n.Valid = true
	return nil
}
