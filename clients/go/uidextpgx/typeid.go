package uidextpgx

import (
	"database/sql/driver"
	"fmt"
	"reflect"

	"github.com/jackc/pgtype"

	"github.com/uidext/uidext/clients/go"
)

// TypeID is the pgtype value of a per-prefix TypeID type (typeid_define) or of the general
// typeid type; RegisterTypes makes one per type, with its prefix. Applications use uidext.TypeID.
//
// Parameters (Set): uidext.TypeID (a per-prefix type refuses another prefix before sending),
// TypeID text, uidext.NullTypeID, pointers, nil; for a per-prefix type also uuid.UUID,
// uidext.ULID and other [16]byte types (as the server's cast from uuid). A value refused here
// (another prefix) is then sent as its driver.Valuer text, which the server refuses. Results:
// *uidext.TypeID, *uidext.NullTypeID, *string, *[16]byte (the 16 bytes), pointers to pointers
// for NULL. uuid.UUID and uidext.ULID are sql.Scanners, which pgx hands the TypeID text: select
// typeid_uuid(col) or col::uuid for them.
type TypeID struct {
	TypeID uidext.TypeID
	Status pgtype.Status

	typeName string
	prefix   string // the per-prefix type's prefix
	general  bool   // the typeid type: the prefix travels with each value
}

// NewTypeValue is a value of the same type (pgtype.TypeValue).
func (src *TypeID) NewTypeValue() pgtype.Value {
	return &TypeID{typeName: src.typeName, prefix: src.prefix, general: src.general}
}

// TypeName is the type's name in the database.
func (src *TypeID) TypeName() string { return src.typeName }

func (dst *TypeID) present(t uidext.TypeID) error {
	if !dst.general && t.Prefix() != dst.prefix {
		return fmt.Errorf("uidextpgx: cannot send %q as %s: the prefix is %q, %s expects %q", t, dst.typeName, t.Prefix(), dst.typeName, dst.prefix)
	}
	dst.TypeID, dst.Status = t, pgtype.Present
	return nil
}

func (dst *TypeID) null() { dst.TypeID, dst.Status = uidext.TypeID{}, pgtype.Null }

// Set takes a parameter value.
func (dst *TypeID) Set(src interface{}) error {
	switch v := src.(type) {
	case nil:
		dst.null()
	case uidext.TypeID:
		return dst.present(v)
	case *uidext.TypeID:
		if v == nil {
			dst.null()
			return nil
		}
		return dst.present(*v)
	case uidext.NullTypeID:
		if !v.Valid {
			dst.null()
			return nil
		}
		return dst.present(v.TypeID)
	case string:
		t, err := dst.parse(v)
		if err != nil {
			return err
		}
		return dst.present(t)
	default:
		rv := reflect.ValueOf(src)
		if rv.Kind() == reflect.Ptr {
			if rv.IsNil() {
				dst.null()
				return nil
			}
			return dst.Set(rv.Elem().Interface())
		}
		if !dst.general && rv.Type().ConvertibleTo(bytes16) {
			t, err := uidext.TypeIDOf(dst.prefix, rv.Convert(bytes16).Interface().([16]byte))
			if err != nil {
				return err
			}
			return dst.present(t)
		}
		return fmt.Errorf("uidextpgx: cannot convert %T to %s", src, dst.typeName)
	}
	return nil
}

func (dst *TypeID) parse(s string) (uidext.TypeID, error) {
	if dst.general {
		return uidext.ParseTypeID(s)
	}
	return uidext.ParseTypeIDWithPrefix(s, dst.prefix)
}

// Get is the uidext.TypeID, or nil for NULL.
func (src TypeID) Get() interface{} {
	switch src.Status {
	case pgtype.Present:
		return src.TypeID
	case pgtype.Null:
		return nil
	}
	return src.Status
}

// AssignTo stores a result into dst.
func (src *TypeID) AssignTo(dst interface{}) error {
	switch src.Status {
	case pgtype.Present:
		switch v := dst.(type) {
		case *uidext.TypeID:
			*v = src.TypeID
		case *uidext.NullTypeID:
			*v = uidext.NullTypeID{TypeID: src.TypeID, Valid: true}
		case *string:
			*v = src.TypeID.String()
		case *[16]byte:
			*v = src.TypeID.Bytes()
		default:
			rv := reflect.ValueOf(dst)
			if rv.Kind() == reflect.Ptr && !rv.IsNil() && rv.Elem().Kind() == reflect.Array && bytes16.ConvertibleTo(rv.Elem().Type()) {
				rv.Elem().Set(reflect.ValueOf(src.TypeID.Bytes()).Convert(rv.Elem().Type()))
				return nil
			}
			if next, retry := pgtype.GetAssignToDstType(dst); retry {
				return src.AssignTo(next)
			}
			return fmt.Errorf("uidextpgx: cannot assign a %s to %T", src.typeName, dst)
		}
		return nil
	case pgtype.Null:
		if v, ok := dst.(*uidext.NullTypeID); ok {
			*v = uidext.NullTypeID{}
			return nil
		}
		return pgtype.NullAssignTo(dst)
	}
	return fmt.Errorf("uidextpgx: cannot assign an undefined %s to %T", src.typeName, dst)
}

// DecodeText reads the server's TypeID text.
func (dst *TypeID) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		dst.null()
		return nil
	}
	t, err := dst.parse(string(src))
	if err != nil {
		return err
	}
	dst.TypeID, dst.Status = t, pgtype.Present
	return nil
}

// DecodeBinary reads the 16 bytes (a per-prefix type), or the 16 bytes and the prefix (typeid).
func (dst *TypeID) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		dst.null()
		return nil
	}
	prefix := dst.prefix
	if dst.general {
		if len(src) < 16 {
			return fmt.Errorf("uidextpgx: a binary typeid is at least 16 bytes, got %d", len(src))
		}
		prefix = string(src[16:])
	} else if len(src) != 16 {
		return fmt.Errorf("uidextpgx: a binary %s is 16 bytes, got %d", dst.typeName, len(src))
	}
	t, err := uidext.TypeIDOf(prefix, *(*[16]byte)(src[:16]))
	if err != nil {
		return err
	}
	dst.TypeID, dst.Status = t, pgtype.Present
	return nil
}

// EncodeText appends the TypeID text.
func (src TypeID) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	switch src.Status {
	case pgtype.Null:
		return nil, nil
	case pgtype.Undefined:
		return nil, fmt.Errorf("uidextpgx: cannot encode an undefined %s", src.typeName)
	}
	return append(buf, src.TypeID.String()...), nil
}

// EncodeBinary appends the 16 bytes (and, for typeid, the prefix).
func (src TypeID) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	switch src.Status {
	case pgtype.Null:
		return nil, nil
	case pgtype.Undefined:
		return nil, fmt.Errorf("uidextpgx: cannot encode an undefined %s", src.typeName)
	}
	b := src.TypeID.Bytes()
	buf = append(buf, b[:]...)
	if src.general {
		buf = append(buf, src.TypeID.Prefix()...)
	}
	return buf, nil
}

// Value is what pgx hands a sql.Scanner destination (uidext.TypeID, uidext.NullTypeID): the
// TypeID text, or nil for NULL.
func (src TypeID) Value() (driver.Value, error) {
	switch src.Status {
	case pgtype.Present:
		return src.TypeID.String(), nil
	case pgtype.Null:
		return nil, nil
	}
	return nil, fmt.Errorf("uidextpgx: undefined %s", src.typeName)
}
