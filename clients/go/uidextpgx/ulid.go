package uidextpgx

import (
	"database/sql/driver"
	"fmt"
	"reflect"

	"github.com/jackc/pgtype"

	"github.com/uidext/uidext/clients/go"
)

// ULID is the pgtype value of the ulid type (RegisterTypes registers it under the database's
// OID). Applications use uidext.ULID; this type is what pgx decodes into and encodes from.
//
// Parameters (Set: elements of slices, CopyFrom, and what pgx does not first turn into its
// driver.Valuer value): uidext.ULID, uuid.UUID, ulid.ULID and any other [16]byte type, 16
// []byte, ULID or UUID text, uidext.NullULID, pointers to them, nil. Results (AssignTo): *uidext.ULID,
// *uidext.NullULID, *uuid.UUID, *ulid.ULID, *[16]byte, *[]byte, *string (ULID text), and
// pointers to pointers of them for NULL.
type ULID struct {
	ULID   uidext.ULID
	Status pgtype.Status
}

var bytes16 = reflect.TypeOf([16]byte{})

// Set takes a parameter value.
func (dst *ULID) Set(src interface{}) error {
	switch v := src.(type) {
	case nil:
		*dst = ULID{Status: pgtype.Null}
	case uidext.ULID:
		*dst = ULID{ULID: v, Status: pgtype.Present}
	case *uidext.ULID:
		if v == nil {
			*dst = ULID{Status: pgtype.Null}
		} else {
			*dst = ULID{ULID: *v, Status: pgtype.Present}
		}
	case uidext.NullULID:
		if !v.Valid {
			*dst = ULID{Status: pgtype.Null}
		} else {
			*dst = ULID{ULID: v.ULID, Status: pgtype.Present}
		}
	case string:
		u, err := uidext.ParseULID(v)
		if err != nil {
			return err
		}
		*dst = ULID{ULID: u, Status: pgtype.Present}
	case []byte:
		if v == nil {
			*dst = ULID{Status: pgtype.Null}
			return nil
		}
		u, err := uidext.ULIDFromBytes(v)
		if err != nil {
			return err
		}
		*dst = ULID{ULID: u, Status: pgtype.Present}
	default:
		rv := reflect.ValueOf(src)
		if rv.Kind() == reflect.Ptr {
			if rv.IsNil() {
				*dst = ULID{Status: pgtype.Null}
				return nil
			}
			return dst.Set(rv.Elem().Interface())
		}
		if rv.Type().ConvertibleTo(bytes16) { // uuid.UUID, ulid.ULID, [16]byte, ...
			*dst = ULID{ULID: uidext.ULID(rv.Convert(bytes16).Interface().([16]byte)), Status: pgtype.Present}
			return nil
		}
		return fmt.Errorf("uidextpgx: cannot convert %T to ulid", src)
	}
	return nil
}

// Get is the uidext.ULID, or nil for NULL.
func (src ULID) Get() interface{} {
	switch src.Status {
	case pgtype.Present:
		return src.ULID
	case pgtype.Null:
		return nil
	}
	return src.Status
}

// AssignTo stores a result into dst.
func (src *ULID) AssignTo(dst interface{}) error {
	switch src.Status {
	case pgtype.Present:
		switch v := dst.(type) {
		case *uidext.ULID:
			*v = src.ULID
		case *uidext.NullULID:
			*v = uidext.NullULID{ULID: src.ULID, Valid: true}
		case *[16]byte:
			*v = src.ULID
		case *[]byte:
			*v = src.ULID.Bytes()
		case *string:
			*v = src.ULID.String()
		default:
			rv := reflect.ValueOf(dst)
			if rv.Kind() == reflect.Ptr && !rv.IsNil() && rv.Elem().Kind() == reflect.Array && bytes16.ConvertibleTo(rv.Elem().Type()) {
				rv.Elem().Set(reflect.ValueOf([16]byte(src.ULID)).Convert(rv.Elem().Type())) // uuid.UUID, ulid.ULID, ...
				return nil
			}
			if next, retry := pgtype.GetAssignToDstType(dst); retry {
				return src.AssignTo(next)
			}
			return fmt.Errorf("uidextpgx: cannot assign a ulid to %T", dst)
		}
		return nil
	case pgtype.Null:
		if v, ok := dst.(*uidext.NullULID); ok {
			*v = uidext.NullULID{}
			return nil
		}
		return pgtype.NullAssignTo(dst)
	}
	return fmt.Errorf("uidextpgx: cannot assign an undefined ulid to %T", dst)
}

// DecodeText reads the server's ULID text (or UUID text).
func (dst *ULID) DecodeText(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		*dst = ULID{Status: pgtype.Null}
		return nil
	}
	u, err := uidext.ParseULID(string(src))
	if err != nil {
		return err
	}
	*dst = ULID{ULID: u, Status: pgtype.Present}
	return nil
}

// DecodeBinary reads the 16 bytes.
func (dst *ULID) DecodeBinary(ci *pgtype.ConnInfo, src []byte) error {
	if src == nil {
		*dst = ULID{Status: pgtype.Null}
		return nil
	}
	if len(src) != 16 {
		return fmt.Errorf("uidextpgx: a binary ulid is 16 bytes, got %d", len(src))
	}
	dst.Status = pgtype.Present
	copy(dst.ULID[:], src)
	return nil
}

// EncodeText appends the ULID text.
func (src ULID) EncodeText(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	switch src.Status {
	case pgtype.Null:
		return nil, nil
	case pgtype.Undefined:
		return nil, fmt.Errorf("uidextpgx: cannot encode an undefined ulid")
	}
	text, _ := src.ULID.MarshalText()
	return append(buf, text...), nil
}

// EncodeBinary appends the 16 bytes.
func (src ULID) EncodeBinary(ci *pgtype.ConnInfo, buf []byte) ([]byte, error) {
	switch src.Status {
	case pgtype.Null:
		return nil, nil
	case pgtype.Undefined:
		return nil, fmt.Errorf("uidextpgx: cannot encode an undefined ulid")
	}
	return append(buf, src.ULID[:]...), nil
}

// Value is what pgx hands a sql.Scanner destination (uidext.ULID, uuid.UUID, ulid.ULID all
// read it): the 16 bytes, or nil for NULL.
func (src ULID) Value() (driver.Value, error) {
	switch src.Status {
	case pgtype.Present:
		return src.ULID[:], nil
	case pgtype.Null:
		return nil, nil
	}
	return nil, fmt.Errorf("uidextpgx: undefined ulid")
}
