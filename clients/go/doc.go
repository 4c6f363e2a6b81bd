// Package uidext holds the value types of the uidext PostgreSQL extension for Go: ULID (16
// bytes, Crockford base32 text) and TypeID (a prefix and 16 bytes, "user_01h455vb4pex5vsknk084sn02q").
//
// Both implement encoding.TextMarshaler/TextUnmarshaler, json.Marshaler/Unmarshaler,
// sql.Scanner and driver.Valuer, so they work with database/sql and any driver (lib/pq, pgx's
// stdlib). A ULID is sent as UUID text, which both ulid and uuid columns read. For pgx v4's
// native interface, register the types per connection with package uidextpgx.
//
// Parsing accepts exactly what the server's input functions accept, and errors name the value
// and the reason (a *SyntaxError).
package uidext
