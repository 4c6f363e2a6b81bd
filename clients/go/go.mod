module github.com/uidext/uidext/clients/go

go 1.19

// The versions run here (Debian 12's packages, GOPATH mode: see README.md).
require (
	github.com/google/uuid v1.3.0
	github.com/jackc/pgconn v1.11.0
	github.com/jackc/pgtype v1.10.0
	github.com/jackc/pgx/v4 v4.15.0
	github.com/lib/pq v1.10.7
	github.com/oklog/ulid/v2 v2.0.2
)
