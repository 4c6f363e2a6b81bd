package uidextpgx

import (
	"context"
	"fmt"

	"github.com/jackc/pgtype"
	"github.com/jackc/pgx/v4"
)

// Type is one of uidext's types in a database, as RegisterTypes found it.
type Type struct {
	Name     string // pg_type.typname: "ulid", "typeid", "user_id", ...
	OID      uint32
	ArrayOID uint32
	Prefix   string // a per-prefix type's prefix ("" for ulid, typeid and the empty prefix)
	Kind     string // "ulid", "typeid" or "per-prefix"
}

// typesQuery finds the ulid and typeid types through the extension's own dependency (a schema
// outside search_path is found too), and every per-prefix type: those whose input function is
// uidext's typeid_fixed_in (typeid_define's types are not extension members); the prefix is the
// name of the output function's parameter. The same query as the Node package's.
const typesQuery = `SELECT t.typname::text AS kind, t.typname::text, t.oid, t.typarray, ''::text
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidext'
 WHERE t.typname IN ('ulid', 'typeid')
UNION ALL
SELECT 'per-prefix', t.typname::text, t.oid, t.typarray, coalesce(o.proargnames[1], '')
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_proc i ON i.oid = t.typinput
  JOIN pg_catalog.pg_proc o ON o.oid = t.typoutput
 WHERE i.prosrc = 'typeid_fixed_in' AND i.probin LIKE '%uidext'
 ORDER BY 3`

// Types lists uidext's types in the connection's database. It fails when the extension is not
// installed there.
func Types(ctx context.Context, conn *pgx.Conn) ([]Type, error) {
	rows, err := conn.Query(ctx, typesQuery, pgx.QuerySimpleProtocol(true))
	if err != nil {
		return nil, fmt.Errorf("uidextpgx: looking up uidext's types: %w", err)
	}
	defer rows.Close()
	var types []Type
	hasULID := false
	for rows.Next() {
		var t Type
		if err := rows.Scan(&t.Kind, &t.Name, &t.OID, &t.ArrayOID, &t.Prefix); err != nil {
			return nil, fmt.Errorf("uidextpgx: looking up uidext's types: %w", err)
		}
		hasULID = hasULID || t.Kind == "ulid"
		types = append(types, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("uidextpgx: looking up uidext's types: %w", err)
	}
	if !hasULID {
		return nil, fmt.Errorf("uidextpgx: the uidext extension is not installed in this database (CREATE EXTENSION uidext)")
	}
	return types, nil
}

// RegisterTypes registers ulid, typeid and every per-prefix TypeID type of the connection's
// database, and their arrays, with the connection's pgtype.ConnInfo: their values then travel in
// binary, decode into uidext.ULID / uidext.TypeID (also inside arrays, and NULL into pointers or
// uidext.NullULID / NullTypeID), and encode from them. The OIDs differ per database, so call it
// per connection: its signature is pgxpool.Config.AfterConnect's. A type defined after the call
// (typeid_define) is known after the next call.
func RegisterTypes(ctx context.Context, conn *pgx.Conn) error {
	types, err := Types(ctx, conn)
	if err != nil {
		return err
	}
	ci := conn.ConnInfo()
	for _, t := range types {
		var value pgtype.ValueTranscoder
		var element func() pgtype.ValueTranscoder
		switch t.Kind {
		case "ulid":
			value = &ULID{}
			element = func() pgtype.ValueTranscoder { return &ULID{} }
		default:
			proto := &TypeID{typeName: t.Name, prefix: t.Prefix, general: t.Kind == "typeid"}
			value = proto
			element = func() pgtype.ValueTranscoder { return proto.NewTypeValue().(*TypeID) }
		}
		ci.RegisterDataType(pgtype.DataType{Value: value, Name: t.Name, OID: t.OID})
		if t.ArrayOID != 0 {
			ci.RegisterDataType(pgtype.DataType{Value: pgtype.NewArrayType("_"+t.Name, t.OID, element), Name: "_" + t.Name, OID: t.ArrayOID})
		}
	}
	return nil
}
