package uidextpgx_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"

	"github.com/uidext/uidext/clients/go/internal/testdb"
	"github.com/uidext/uidext/clients/go/uidextpgx"
)

const dbname = "uidext_go_pgx"

var ctx = context.Background()

// pool is a pgxpool whose connections register uidext's types in AfterConnect, as an
// application sets it up.
var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	drop, err := testdb.Create(dbname)
	if err != nil {
		fmt.Fprintln(os.Stderr, "no test database:", err)
		os.Exit(1)
	}
	// The schema before the pool: per-prefix types are looked up when a connection opens.
	conn, err := pgx.Connect(ctx, "dbname="+dbname)
	if err == nil {
		_, err = conn.Exec(ctx, `SELECT typeid_define('user'), typeid_define('org')`)
		conn.Close(ctx)
	}
	if err == nil {
		pool, err = newPool()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		drop()
		os.Exit(1)
	}
	code := m.Run()
	pool.Close()
	drop()
	os.Exit(code)
}

func newPool() (*pgxpool.Pool, error) {
	config, err := pgxpool.ParseConfig("dbname=" + dbname)
	if err != nil {
		return nil, err
	}
	config.AfterConnect = uidextpgx.RegisterTypes
	return pgxpool.ConnectConfig(ctx, config)
}

// connect is one connection with the types registered.
func connect(t testing.TB) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, "dbname="+dbname)
	if err != nil {
		t.Fatal(err)
	}
	if err := uidextpgx.RegisterTypes(ctx, conn); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	return conn
}

func exec(t testing.TB, sql string, args ...interface{}) {
	t.Helper()
	if _, err := pool.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
