package uidextpgx_test

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/stdlib"

	"github.com/uidext/uidext/clients/go"
	"github.com/uidext/uidext/clients/go/uidextpgx"
)

func TestTypeIDResultsAndParameters(t *testing.T) {
	exec(t, `DROP TABLE IF EXISTS members, orgs`)
	exec(t, `CREATE TABLE orgs (id org_id PRIMARY KEY DEFAULT gen_org_id(), name text)`)
	exec(t, `CREATE TABLE members (id user_id PRIMARY KEY DEFAULT gen_user_id(), org org_id REFERENCES orgs ON DELETE CASCADE,
		last_seen typeid)`)
	var org uidext.TypeID
	if err := pool.QueryRow(ctx, `INSERT INTO orgs (name) VALUES ('acme') RETURNING id`).Scan(&org); err != nil {
		t.Fatal(err)
	}
	if org.Prefix() != "org" || org.UUID().Version() != 7 {
		t.Errorf("generated %s", org)
	}
	mine, _ := uidext.NewTypeID("user")
	// Parameters: a TypeID, its text, a uuid.UUID (as the server's cast from uuid), NULL.
	exec(t, `INSERT INTO members (id, org, last_seen) VALUES ($1, $2, $3)`, mine, org, org)
	other, _ := uidext.NewTypeID("user")
	exec(t, `INSERT INTO members (id, org, last_seen) VALUES ($1, $2, $3)`, other.String(), org.String(), other.String())
	third, _ := uidext.NewTypeID("user")
	exec(t, `INSERT INTO members (id, org, last_seen) VALUES ($1, $2, NULL)`, third.UUID(), org.UUID())

	for name, opts := range formats {
		t.Run(name, func(t *testing.T) {
			rows, err := pool.Query(ctx, `SELECT id, org, last_seen, id, id, id FROM members ORDER BY id`, opts...)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rows.Next() {
				var id, o uidext.TypeID
				var seen uidext.NullTypeID
				var s string
				var u [16]byte
				var p *uidext.TypeID
				if err := rows.Scan(&id, &o, &seen, &s, &u, &p); err != nil {
					t.Fatal(err)
				}
				if o != org || s != id.String() || u != id.Bytes() || p == nil || *p != id {
					t.Errorf("%s %s %s %s %v", id, o, s, u, p)
				}
				got = append(got, id.String()+" "+seen.TypeID.String())
			}
			if rows.Err() != nil {
				t.Fatal(rows.Err())
			}
			want := map[string]string{mine.String(): org.String(), other.String(): other.String(), third.String(): "00000000000000000000000000"}
			if len(got) != 3 {
				t.Fatalf("%v", got)
			}
			for _, line := range got {
				f := strings.Fields(line)
				if want[f[0]] != f[1] {
					t.Errorf("%s", line)
				}
			}
		})
	}
	// Arrays, with NULL elements, both ways.
	ids := []uidext.TypeID{mine, other}
	var back []*uidext.TypeID
	var generals []uidext.TypeID
	if err := pool.QueryRow(ctx, `SELECT array_agg(id ORDER BY id) || NULL::user_id, ARRAY[$2::typeid, $3::typeid] FROM members WHERE id = ANY($1)`,
		ids, org, mine).Scan(&back, &generals); err != nil {
		t.Fatal(err)
	}
	if len(back) != 3 || back[2] != nil || !(*back[0] == mine || *back[0] == other) || len(generals) != 2 || generals[0] != org || generals[1] != mine {
		t.Errorf("%v %v", back, generals)
	}
	// Another prefix, as a TypeID or its text: never read as a user_id. pgx v4 sends a TypeID
	// argument through its driver.Valuer (its text), which the server refuses with 22P02; in a
	// slice, the registered type refuses it before sending.
	wrong, _ := uidext.NewTypeID("org")
	for _, v := range []interface{}{wrong, wrong.String(), []uidext.TypeID{wrong}} {
		query := `SELECT * FROM members WHERE id = $1`
		if _, ok := v.([]uidext.TypeID); ok {
			query = `SELECT * FROM members WHERE id = ANY($1)`
		}
		_, err := pool.Exec(ctx, query, v)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) {
			if pgErr.Code != "22P02" || !strings.Contains(pgErr.Message, wrong.String()) {
				t.Errorf("%#v: %v", v, err)
			}
		} else if err == nil || !strings.Contains(err.Error(), `the prefix is "org", user_id expects "user"`) {
			t.Errorf("%#v: %v", v, err)
		}
	}
	// The typeid column takes no bare 16 bytes (the prefix would be missing).
	if _, err := pool.Exec(ctx, `UPDATE members SET last_seen = $1`, uuid.New()); err == nil {
		t.Error("a uuid.UUID was sent as a typeid")
	}
	// Deleting the org cascades to its members.
	exec(t, `DELETE FROM orgs WHERE id = $1`, org)
	var n int
	pool.QueryRow(ctx, `SELECT count(*) FROM members`).Scan(&n)
	if n != 0 {
		t.Errorf("%d members left", n)
	}
}

func TestTypeIDDefinedAfterRegistration(t *testing.T) {
	conn := connect(t)
	if _, err := conn.Exec(ctx, `SELECT typeid_define('late') WHERE to_regtype('late_id') IS NULL`); err != nil {
		t.Fatal(err)
	}
	// Unknown to the connection: pgx reads its text into a string, not into a TypeID.
	var s string
	if err := conn.QueryRow(ctx, `SELECT gen_late_id()`).Scan(&s); err != nil || !strings.HasPrefix(s, "late_") {
		t.Errorf("%q %v", s, err)
	}
	if err := uidextpgx.RegisterTypes(ctx, conn); err != nil {
		t.Fatal(err)
	}
	var id uidext.TypeID
	if err := conn.QueryRow(ctx, `SELECT gen_late_id()`).Scan(&id); err != nil || id.Prefix() != "late" {
		t.Errorf("%s %v", id, err)
	}
}

// database/sql over pgx's stdlib driver, with the types registered through OptionAfterConnect.
func TestStdlibWithRegisteredTypes(t *testing.T) {
	config, err := pgx.ParseConfig("dbname=" + dbname)
	if err != nil {
		t.Fatal(err)
	}
	db := stdlib.OpenDB(*config, stdlib.OptionAfterConnect(uidextpgx.RegisterTypes))
	defer db.Close()
	key := uidext.NewULID()
	user, _ := uidext.NewTypeID("user")
	var k uidext.ULID
	var n uidext.NullULID
	var u uidext.TypeID
	var s sql.NullString
	if err := db.QueryRow(`SELECT $1::ulid, NULL::ulid, $2::user_id, $1::ulid::text`, key, user).Scan(&k, &n, &u, &s); err != nil {
		t.Fatal(err)
	}
	if k != key || n.Valid || u != user || s.String != key.String() {
		t.Errorf("%s %v %s %v", k, n, u, s)
	}
}
