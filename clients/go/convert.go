package uidext

import (
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// ULIDFromUUID is the ULID of a google/uuid UUID's 16 bytes (as uuid::ulid).
func ULIDFromUUID(u uuid.UUID) ULID { return ULID(u) }

// UUID is the google/uuid UUID of the same 16 bytes (as ulid::uuid).
func (u ULID) UUID() uuid.UUID { return uuid.UUID(u) }

// ULIDFromOklog is the ULID of an oklog/ulid ULID (the same 16 bytes and text).
func ULIDFromOklog(u ulid.ULID) ULID { return ULID(u) }

// Oklog is the oklog/ulid ULID of the same 16 bytes.
func (u ULID) Oklog() ulid.ULID { return ulid.ULID(u) }

// TypeIDFromUUID is the TypeID of a prefix and a google/uuid UUID (TypeIDOf).
func TypeIDFromUUID(prefix string, u uuid.UUID) (TypeID, error) { return TypeIDOf(prefix, u) }

// UUID is the google/uuid UUID of the 16 bytes (as typeid_uuid).
func (t TypeID) UUID() uuid.UUID { return uuid.UUID(t.id) }
