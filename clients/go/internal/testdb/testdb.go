// Package testdb gives each test package of this module a fresh database with uidext on the
// server PGHOST/PGPORT/PGUSER name (run-tests starts a throwaway one). Tests only.
package testdb

import (
	"database/sql"
	"fmt"
	"os"

	_ "github.com/lib/pq" // the maintenance connection
)

// Create makes database name (dropped first if it exists) with CREATE EXTENSION uidext, and
// returns a func that drops it. PGDATABASE names the maintenance database.
func Create(name string) (drop func(), err error) {
	if os.Getenv("PGHOST") == "" {
		return nil, fmt.Errorf("PGHOST is not set: run clients/go/run-tests, or set PGHOST/PGPORT/PGUSER to a server with uidext")
	}
	admin, err := sql.Open("postgres", "")
	if err != nil {
		return nil, err
	}
	if _, err := admin.Exec(`DROP DATABASE IF EXISTS "` + name + `" WITH (FORCE)`); err != nil {
		admin.Close()
		return nil, err
	}
	if _, err := admin.Exec(`CREATE DATABASE "` + name + `"`); err != nil {
		admin.Close()
		return nil, err
	}
	db, err := sql.Open("postgres", "dbname="+name)
	if err == nil {
		_, err = db.Exec("CREATE EXTENSION uidext")
		db.Close()
	}
	if err != nil {
		admin.Close()
		return nil, err
	}
	return func() {
		admin.Exec(`DROP DATABASE IF EXISTS "` + name + `" WITH (FORCE)`)
		admin.Close()
	}, nil
}

// HasOpaqueKeys reports whether opaque_encode works in the database (run-tests' server has a
// key file; a server named by PGHOST may not).
func HasOpaqueKeys(db *sql.DB) bool {
	var ok bool
	return db.QueryRow(`SELECT opaque_decode(opaque_encode(gen_ulid())::text) IS NOT NULL`).Scan(&ok) == nil && ok
}
