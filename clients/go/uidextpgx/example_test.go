package uidextpgx_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4/pgxpool"

	"github.com/uidext/uidext/clients/go"
	"github.com/uidext/uidext/clients/go/uidextpgx"
)

// pgx v4 through pgxpool: the types are registered as each connection opens. The README shows
// this code.
func Example() {
	ctx := context.Background()
	config, err := pgxpool.ParseConfig("dbname=uidext_go_pgx") // PGHOST, PGPORT, PGUSER from the environment
	if err != nil {
		log.Fatal(err)
	}
	config.AfterConnect = uidextpgx.RegisterTypes // ulid, typeid and every typeid_define type
	pool, err := pgxpool.ConnectConfig(ctx, config)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	// typeid_define('user') ran before the pool connected: user_id is known to it.
	if _, err := pool.Exec(ctx, `CREATE TABLE accounts (id user_id PRIMARY KEY DEFAULT gen_user_id(), email text NOT NULL);
		CREATE TABLE sessions (id ulid PRIMARY KEY DEFAULT gen_ulid(), account user_id NOT NULL REFERENCES accounts ON DELETE CASCADE,
		legacy_id uuid)`); err != nil {
		log.Fatal(err)
	}

	// A TypeID key the database generates (a UUIDv7), decoded from binary.
	var account uidext.TypeID
	if err := pool.QueryRow(ctx, `INSERT INTO accounts (email) VALUES ($1) RETURNING id`, "ada@example.com").Scan(&account); err != nil {
		log.Fatal(err)
	}
	fmt.Println(account.Prefix(), account.UUID().Version(), time.Since(account.Time()) < time.Minute)

	// uidext.ULID, uidext.TypeID and uuid.UUID parameters (their driver.Valuer text).
	session := uidext.NewULID()
	if _, err := pool.Exec(ctx, `INSERT INTO sessions (id, account, legacy_id) VALUES ($1, $2, $3)`, session, account, session.UUID()); err != nil {
		log.Fatal(err)
	}
	var ids []uidext.ULID
	var legacy *uidext.ULID
	if err := pool.QueryRow(ctx, `SELECT array_agg(id), min(legacy_id::text)::uuid FROM sessions WHERE account = $1`, account).Scan(&ids, &legacy); err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(ids), ids[0] == session, *legacy == session)

	// A string is sent as it is: the server checks it (22P02, a *pgconn.PgError).
	_, err = pool.Exec(ctx, `DELETE FROM accounts WHERE id = $1`, "org_01h455vb4pex5vsknk084sn02q")
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		fmt.Println(pgErr.Code, pgErr.Message)
	}
	// Output:
	// user VERSION_7 true
	// 1 true true
	// 22P02 invalid input syntax for type user_id: "org_01h455vb4pex5vsknk084sn02q"
}
