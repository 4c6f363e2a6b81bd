// Package uidextpgx registers uidext's types with pgx v4: ulid, typeid and every per-prefix
// TypeID type, with their arrays, in binary and text. Call RegisterTypes once per connection,
// e.g. as pgxpool.Config.AfterConnect.
package uidextpgx
