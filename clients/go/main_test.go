package uidext_test

import (
	"database/sql"
	"fmt"
	"os"
	"testing"

	_ "github.com/lib/pq"

	"github.com/uidext/uidext/clients/go/internal/testdb"
)

// db is database/sql with lib/pq on a fresh database with uidext (TestMain).
var db *sql.DB

func TestMain(m *testing.M) {
	drop, err := testdb.Create("uidext_go_values")
	if err != nil {
		fmt.Fprintln(os.Stderr, "no test database:", err)
		os.Exit(1)
	}
	db, err = sql.Open("postgres", "dbname=uidext_go_values")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	db.Close()
	drop()
	os.Exit(code)
}

// serverULID is (uuid text, ulid text) the server reads from text, or the SQLSTATE it raises.
func serverULID(t *testing.T, text string) (string, string, string) {
	t.Helper()
	var asUUID, asULID string
	err := db.QueryRow(`SELECT $1::text::ulid::uuid::text, $1::text::ulid::text`, text).Scan(&asUUID, &asULID)
	return asUUID, asULID, sqlstate(t, err)
}

func mustExec(t *testing.T, query string, args ...interface{}) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}
