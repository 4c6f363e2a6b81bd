package uidextpgx_test

import (
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/oklog/ulid/v2"

	"github.com/uidext/uidext/clients/go"
	"github.com/uidext/uidext/clients/go/uidextpgx"
)

const spec = "01ARZ3NDEKTSV4RRFFQ69G5FAV"

var formats = map[string][]interface{}{
	"binary":          nil,
	"text":            {pgx.QueryResultFormats{pgx.TextFormatCode}},
	"simple protocol": {pgx.QuerySimpleProtocol(true)},
}

func TestRegisterTypesFindsEveryType(t *testing.T) {
	conn := connect(t)
	exec(t, `CREATE SCHEMA IF NOT EXISTS elsewhere`)
	// typeid_define makes the type in the first schema of search_path.
	if _, err := conn.Exec(ctx, `SET search_path = elsewhere, public; SELECT typeid_define('acct') WHERE to_regtype('elsewhere.acct_id') IS NULL; RESET search_path`); err != nil {
		t.Fatal(err)
	}
	types, err := uidextpgx.Types(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, ty := range types {
		got[ty.Name] = ty.Kind + ":" + ty.Prefix
		if ty.OID == 0 || ty.ArrayOID == 0 {
			t.Errorf("%+v", ty)
		}
	}
	want := map[string]string{"ulid": "ulid:", "typeid": "typeid:", "user_id": "per-prefix:user", "org_id": "per-prefix:org", "acct_id": "per-prefix:acct"}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %q, want %q (all: %v)", name, got[name], w, got)
		}
	}
	// A type outside search_path decodes too (by OID), after registering again.
	if err := uidextpgx.RegisterTypes(ctx, conn); err != nil {
		t.Fatal(err)
	}
	var id uidext.TypeID
	if err := conn.QueryRow(ctx, `SELECT elsewhere.gen_acct_id()`).Scan(&id); err != nil || id.Prefix() != "acct" {
		t.Errorf("%s %v", id, err)
	}
}

func TestRegisterTypesWithoutTheExtension(t *testing.T) {
	if _, err := pool.Exec(ctx, `DROP DATABASE IF EXISTS uidext_go_pgx_bare`); err != nil {
		t.Fatal(err)
	}
	exec(t, `CREATE DATABASE uidext_go_pgx_bare`)
	defer pool.Exec(ctx, `DROP DATABASE uidext_go_pgx_bare WITH (FORCE)`)
	conn, err := pgx.Connect(ctx, "dbname=uidext_go_pgx_bare")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	err = uidextpgx.RegisterTypes(ctx, conn)
	if err == nil || !strings.Contains(err.Error(), "CREATE EXTENSION uidext") {
		t.Errorf("%v", err)
	}
}

// Every destination an application scans a ulid into, in binary, text and the simple protocol.
func TestULIDResults(t *testing.T) {
	want := uidext.MustParseULID(spec)
	for name, opts := range formats {
		t.Run(name, func(t *testing.T) {
			var u uidext.ULID
			var p *uidext.ULID
			var n uidext.NullULID
			var g uuid.UUID
			var o ulid.ULID
			var b [16]byte
			var s string
			var raw []byte
			args := append(append([]interface{}{}, opts...), spec)
			err := pool.QueryRow(ctx, `SELECT $1::text::ulid, $1::text::ulid, $1::text::ulid, $1::text::ulid, $1::text::ulid, $1::text::ulid, $1::text::ulid, $1::text::ulid`, args...).
				Scan(&u, &p, &n, &g, &o, &b, &s, &raw)
			if err != nil {
				t.Fatal(err)
			}
			if u != want || p == nil || *p != want || n != (uidext.NullULID{ULID: want, Valid: true}) || g != want.UUID() || o != want.Oklog() ||
				b != [16]byte(want) || s != spec {
				t.Errorf("%s %v %+v %s %s %x %s", u, p, n, g, o, b, s)
			}
			if name == "binary" && string(raw) != string(want[:]) {
				t.Errorf("[]byte: %x", raw)
			}
			// NULL: pointers and NullULID; a plain ULID refuses it.
			p = &u
			args = append(append([]interface{}{}, opts...))
			if err := pool.QueryRow(ctx, `SELECT NULL::ulid, NULL::ulid`, args...).Scan(&p, &n); err != nil || p != nil || n.Valid {
				t.Errorf("NULL: %v %+v %v", p, n, err)
			}
			if err := pool.QueryRow(ctx, `SELECT NULL::ulid`, args...).Scan(&u); err == nil {
				t.Error("NULL scanned into a uidext.ULID")
			}
			// Rows.Values() gives uidext.ULID.
			rows, _ := pool.Query(ctx, `SELECT $1::text::ulid`, append(append([]interface{}{}, opts...), spec)...)
			for rows.Next() {
				values, err := rows.Values()
				if err != nil || len(values) != 1 || values[0] != want {
					t.Errorf("Values: %#v %v", values, err)
				}
			}
			if rows.Err() != nil {
				t.Error(rows.Err())
			}
		})
	}
}

// Every parameter an application sends as a ulid, into ulid and uuid columns.
func TestULIDParameters(t *testing.T) {
	exec(t, `DROP TABLE IF EXISTS params`)
	exec(t, `CREATE TABLE params (k ulid, u uuid)`)
	want := uidext.NewULID()
	values := map[string]interface{}{
		"uidext.ULID": want, "*uidext.ULID": &want, "uidext.NullULID": uidext.NullULID{ULID: want, Valid: true},
		"uuid.UUID": want.UUID(), "ulid.ULID": want.Oklog(), "[16]byte": [16]byte(want), "[]byte": want.Bytes(),
		"ULID string": want.String(), "UUID string": want.UUIDString(),
	}
	// The simple protocol (pgx.QuerySimpleProtocol, or PgBouncer's transaction mode setups)
	// writes parameters into the SQL text through driver.Valuer: uidext.ULID, uuid.UUID and
	// strings work; oklog's ulid.ULID sends 16 raw bytes (a bytea literal, refused), and pgx
	// cannot write a bare [16]byte or []byte as a key there.
	simpleOnly := map[string]bool{"ulid.ULID": true, "[16]byte": true, "[]byte": true}
	for name, v := range values {
		for _, simple := range []bool{false, true} {
			if simple && simpleOnly[name] {
				continue
			}
			exec(t, `TRUNCATE params`)
			// ULID text is no uuid text: the uuid column gets the key as UUID text.
			uv := v
			if name == "ULID string" {
				uv = want.UUIDString()
			}
			if _, err := pool.Exec(ctx, `INSERT INTO params VALUES ($1, $2)`, pgx.QuerySimpleProtocol(simple), v, uv); err != nil {
				t.Errorf("%s (simple protocol %v): %v", name, simple, err)
				continue
			}
			var k, u uidext.ULID
			if err := pool.QueryRow(ctx, `SELECT k, u FROM params`).Scan(&k, &u); err != nil || k != want || u != want {
				t.Errorf("%s (simple protocol %v): %s %s %v", name, simple, k, u, err)
			}
		}
	}
	if _, err := pool.Exec(ctx, `INSERT INTO params (k) VALUES ($1)`, pgx.QuerySimpleProtocol(true), want.Oklog()); err == nil {
		t.Error("oklog's ulid.ULID in the simple protocol: now accepted (update the README)")
	}
	// NULL parameters.
	var null *uidext.ULID
	for _, v := range []interface{}{nil, null, uidext.NullULID{}} {
		var isNull bool
		if err := pool.QueryRow(ctx, `SELECT $1::ulid IS NULL`, v).Scan(&isNull); err != nil || !isNull {
			t.Errorf("%#v: %v %v", v, isNull, err)
		}
	}
	// Things that are not a key fail before anything is sent.
	for _, v := range []interface{}{42, "01ARZ3NDEKTSV4RRFFQ69G5FAU", make([]byte, 15)} {
		_, err := pool.Exec(ctx, `INSERT INTO params (k) VALUES ($1::ulid)`, v)
		if s, ok := v.(string); ok {
			// a string goes to the server as it is: its 22P02
			var pgErr *pgconn.PgError
			if !errors.As(err, &pgErr) || pgErr.Code != "22P02" || !strings.Contains(pgErr.Message, s) {
				t.Errorf("%q: %v", s, err)
			}
		} else if err == nil {
			t.Errorf("%#v was sent as a ulid", v)
		}
	}
}

func TestULIDArrays(t *testing.T) {
	keys := []uidext.ULID{uidext.NewULID(), uidext.MustParseULID(spec), uidext.NewULID()}
	sorted := append([]uidext.ULID(nil), keys...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Compare(sorted[j]) < 0 })
	literal := "{" + keys[0].String() + "," + keys[1].String() + "," + keys[2].String() + "}"
	for name, opts := range formats {
		t.Run(name, func(t *testing.T) {
			var back []uidext.ULID
			// pgx's simple protocol cannot write a slice parameter: send the array's text.
			var param interface{} = keys
			if name == "simple protocol" {
				param = literal
			}
			args := append(append([]interface{}{}, opts...), param)
			if err := pool.QueryRow(ctx, `SELECT array_agg(k ORDER BY k) FROM unnest($1::ulid[]) k`, args...).Scan(&back); err != nil {
				t.Fatal(err)
			}
			if len(back) != 3 || back[0] != sorted[0] || back[1] != sorted[1] || back[2] != sorted[2] {
				t.Errorf("%v, want %v", back, sorted)
			}
			// NULL elements into []*ULID; a NULL array into a nil slice.
			var ptrs []*uidext.ULID
			var none []uidext.ULID
			args = append(append([]interface{}{}, opts...), keys[1].String())
			if err := pool.QueryRow(ctx, `SELECT ARRAY[NULL, $1::text::ulid], NULL::ulid[]`, args...).Scan(&ptrs, &none); err != nil {
				t.Fatal(err)
			}
			if len(ptrs) != 2 || ptrs[0] != nil || ptrs[1] == nil || *ptrs[1] != keys[1] || none != nil {
				t.Errorf("%v %v", ptrs, none)
			}
		})
	}
	// []uidext.ULID against a ulid key and a uuid column (= ANY), []uuid.UUID against ulid.
	exec(t, `DROP TABLE IF EXISTS arr`)
	exec(t, `CREATE TABLE arr (k ulid PRIMARY KEY, u uuid)`)
	for _, k := range keys {
		exec(t, `INSERT INTO arr VALUES ($1, $1::ulid::uuid)`, k)
	}
	var n1, n2, n3 int
	uuids := []uuid.UUID{keys[0].UUID(), keys[1].UUID()}
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM arr WHERE k = ANY($1)), (SELECT count(*) FROM arr WHERE u = ANY($2)),
		(SELECT count(*) FROM arr WHERE k = ANY($3))`, keys, keys[:2], uuids).Scan(&n1, &n2, &n3); err != nil || n1 != 3 || n2 != 2 || n3 != 2 {
		t.Errorf("%d %d %d %v", n1, n2, n3, err)
	}
}

// The two foreign-key kinds through pgx, with server-generated keys whose time is read here.
func TestPgxParentChild(t *testing.T) {
	exec(t, `DROP TABLE IF EXISTS lines, legacy_lines, invoices`)
	exec(t, `CREATE TABLE invoices (id ulid PRIMARY KEY DEFAULT gen_ulid(), created timestamptz NOT NULL DEFAULT clock_timestamp())`)
	exec(t, `CREATE TABLE lines (id ulid PRIMARY KEY DEFAULT gen_ulid(), invoice_id ulid NOT NULL REFERENCES invoices ON DELETE CASCADE)`)
	exec(t, `CREATE INDEX ON lines (invoice_id)`)
	exec(t, `CREATE TABLE legacy_lines (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), invoice_id uuid NOT NULL REFERENCES invoices ON DELETE CASCADE)`)
	exec(t, `CREATE INDEX legacy_lines_invoice ON legacy_lines (invoice_id uuid_ulid_ops)`)

	var invoice uidext.ULID
	var created time.Time
	if err := pool.QueryRow(ctx, `INSERT INTO invoices DEFAULT VALUES RETURNING id, created`).Scan(&invoice, &created); err != nil {
		t.Fatal(err)
	}
	if d := created.Sub(invoice.Time()); d < 0 || d > time.Second {
		t.Errorf("key time %v, row created %v", invoice.Time(), created)
	}
	if time.Since(invoice.Time()) > time.Minute || time.Since(invoice.Time()) < -time.Minute {
		t.Errorf("key time %v", invoice.Time())
	}

	batch := &pgx.Batch{}
	for i := 0; i < 3; i++ {
		batch.Queue(`INSERT INTO lines (invoice_id) VALUES ($1) RETURNING id`, invoice)
		batch.Queue(`INSERT INTO legacy_lines (invoice_id) VALUES ($1) RETURNING id`, invoice)
	}
	results := pool.SendBatch(ctx, batch)
	for i := 0; i < 6; i++ {
		if i%2 == 0 {
			var id uidext.ULID
			if err := results.QueryRow().Scan(&id); err != nil || id.Compare(invoice) <= 0 {
				t.Errorf("line %s %v", id, err)
			}
		} else {
			var id uuid.UUID
			if err := results.QueryRow().Scan(&id); err != nil {
				t.Error(err)
			}
		}
	}
	results.Close()

	// The children by their parent's key; the uuid column back as uidext.ULID.
	var fromULID, fromUUID []uidext.ULID
	rows, _ := pool.Query(ctx, `SELECT l.invoice_id, g.invoice_id FROM lines l JOIN legacy_lines g ON g.invoice_id = l.invoice_id WHERE l.invoice_id = $1`, invoice)
	for rows.Next() {
		var a, b uidext.ULID
		if err := rows.Scan(&a, &b); err != nil {
			t.Fatal(err)
		}
		fromULID, fromUUID = append(fromULID, a), append(fromUUID, b)
	}
	if rows.Err() != nil || len(fromULID) != 9 || fromULID[0] != invoice || fromUUID[8] != invoice {
		t.Errorf("%d rows %v", len(fromULID), rows.Err())
	}

	// The uuid child's index serves ulid = uuid (what the foreign-key check runs).
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, `SET LOCAL enable_seqscan = off`)
	var plan strings.Builder
	rows, _ = tx.Query(ctx, `EXPLAIN SELECT 1 FROM legacy_lines WHERE invoice_id = $1::ulid`, invoice)
	for rows.Next() {
		var line string
		rows.Scan(&line)
		plan.WriteString(line + "\n")
	}
	if !strings.Contains(plan.String(), "legacy_lines_invoice") {
		t.Errorf("no index scan:\n%s", plan.String())
	}
	tx.Rollback(ctx)

	// A missing parent (23503), then a cascade through both children.
	_, err = pool.Exec(ctx, `INSERT INTO legacy_lines (invoice_id) VALUES ($1)`, uidext.NewULID())
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23503" {
		t.Errorf("missing parent: %v", err)
	}
	tag, err := pool.Exec(ctx, `DELETE FROM invoices WHERE id = $1`, invoice)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatal(tag, err)
	}
	var left int
	pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM lines) + (SELECT count(*) FROM legacy_lines)`).Scan(&left)
	if left != 0 {
		t.Errorf("%d children left", left)
	}
}

func TestPgxMalformedKeyIs22P02(t *testing.T) {
	exec(t, `CREATE TABLE IF NOT EXISTS bad (id ulid PRIMARY KEY)`)
	for name, opts := range formats {
		rows, _ := pool.Query(ctx, `SELECT * FROM bad WHERE id = $1`, append(append([]interface{}{}, opts...), "01J0-not-a-key")...)
		rows.Close()
		err := rows.Err()
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "22P02" || pgErr.Message != `invalid input syntax for type ulid: "01J0-not-a-key"` {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestPgxCopyFrom(t *testing.T) {
	exec(t, `DROP TABLE IF EXISTS copied`)
	exec(t, `CREATE TABLE copied (k ulid, u uuid, owner user_id, subject typeid)`)
	user, _ := uidext.NewTypeID("user")
	org, _ := uidext.NewTypeID("org")
	rows := [][]interface{}{
		{uidext.NewULID(), uidext.NewULID(), user, org},
		{nil, nil, nil, nil},
		{uidext.NewULID().UUID(), uidext.NewULID(), &user, user},
	}
	n, err := pool.CopyFrom(ctx, pgx.Identifier{"copied"}, []string{"k", "u", "owner", "subject"}, pgx.CopyFromRows(rows))
	if err != nil || n != 3 {
		t.Fatal(n, err)
	}
	r, _ := pool.Query(ctx, `SELECT k, u, owner, subject FROM copied`)
	i := 0
	for r.Next() {
		var k, u uidext.NullULID
		var owner, subject uidext.NullTypeID
		if err := r.Scan(&k, &u, &owner, &subject); err != nil {
			t.Fatal(err)
		}
		if i == 0 && (k.ULID != rows[0][0] || u.ULID != rows[0][1] || owner.TypeID != user || subject.TypeID != org) ||
			i == 1 && (k.Valid || u.Valid || owner.Valid || subject.Valid) ||
			i == 2 && (k.ULID.UUID() != rows[2][0] || owner.TypeID != user || subject.TypeID != user) {
			t.Errorf("row %d: %v %v %v %v", i, k, u, owner, subject)
		}
		i++
	}
	if i != 3 {
		t.Errorf("%d rows", i)
	}
	// A key of another prefix: the registered type refuses it, pgx falls back to the value's
	// driver.Valuer (its text), which binary COPY cannot carry: the server refuses the row (22P03).
	_, err = pool.CopyFrom(ctx, pgx.Identifier{"copied"}, []string{"owner"}, pgx.CopyFromRows([][]interface{}{{org}}))
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "22P03" {
		t.Errorf("%v", err)
	}
	var count int
	if pool.QueryRow(ctx, `SELECT count(*) FROM copied`).Scan(&count); count != 3 {
		t.Errorf("%d rows after the refused copy", count)
	}
}

func TestPgxOpaqueIDs(t *testing.T) {
	var ok bool
	if pool.QueryRow(ctx, `SELECT opaque_decode(opaque_encode(gen_ulid())::text) IS NOT NULL`).Scan(&ok) != nil || !ok {
		t.Skip("this server has no uidext.opaque_key_file")
	}
	exec(t, `DROP TABLE IF EXISTS tickets, v7tickets`)
	exec(t, `CREATE TABLE tickets (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int)`)
	exec(t, `CREATE TABLE v7tickets (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), n int)`)
	exec(t, `INSERT INTO tickets (n) SELECT g FROM generate_series(1, 5) g`)
	exec(t, `INSERT INTO v7tickets (n) SELECT g FROM generate_series(1, 5) g`)
	var key, public uidext.ULID
	if err := pool.QueryRow(ctx, `SELECT id, opaque_encode(id) FROM tickets WHERE n = 4`).Scan(&key, &public); err != nil {
		t.Fatal(err)
	}
	var v7key, v7public uuid.UUID
	if err := pool.QueryRow(ctx, `SELECT id, opaque_encode(id) FROM v7tickets WHERE n = 4`).Scan(&v7key, &v7public); err != nil {
		t.Fatal(err)
	}
	for _, lookup := range []string{"= opaque_decode($1)", "= ANY(opaque_candidates($1))"} {
		for format, opts := range formats {
			// The public id as a string (what a URL gives): ULID text or UUID text.
			var found uidext.ULID
			if err := pool.QueryRow(ctx, `SELECT id FROM tickets WHERE id `+lookup, append(append([]interface{}{}, opts...), public.String())...).Scan(&found); err != nil || found != key {
				t.Errorf("%s (%s) %s: %s %v", lookup, format, public, found, err)
			}
			var foundV7 uuid.UUID
			if err := pool.QueryRow(ctx, `SELECT id FROM v7tickets WHERE id `+lookup, append(append([]interface{}{}, opts...), v7public.String())...).Scan(&foundV7); err != nil || foundV7 != v7key {
				t.Errorf("%s (%s) %s: %s %v", lookup, format, v7public, foundV7, err)
			}
			// The public id as a uidext.ULID: cast the parameter to ulid.
			if err := pool.QueryRow(ctx, `SELECT id FROM tickets WHERE id `+strings.Replace(lookup, "$1", "$1::ulid", 1), append(append([]interface{}{}, opts...), public)...).Scan(&found); err != nil || found != key {
				t.Errorf("%s (%s) $1::ulid: %s %v", lookup, format, found, err)
			}
		}
	}
}

// What the README says of a connection without RegisterTypes: results scan into uidext.ULID and
// uidext.TypeID (text); a uidext.ULID parameter works (pgx v4 calls its driver.Valuer: UUID
// text); a []uidext.ULID cannot be encoded.
func TestWithoutRegistration(t *testing.T) {
	conn, err := pgx.Connect(ctx, "dbname="+dbname)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	want := uidext.MustParseULID(spec)
	var got uidext.ULID
	var user uidext.TypeID
	if err := conn.QueryRow(ctx, `SELECT $1::ulid, 'user_01h455vb4pex5vsknk084sn02q'::user_id`, want).Scan(&got, &user); err != nil || got != want || user.Prefix() != "user" {
		t.Errorf("%s %s %v", got, user, err)
	}
	_, err = conn.Exec(ctx, `SELECT $1::ulid[]`, []uidext.ULID{want})
	if err == nil || !strings.Contains(err.Error(), "annot encode") {
		t.Errorf("unregistered ulid[] parameter: %v", err)
	}
	var ids []uidext.ULID
	if err := conn.QueryRow(ctx, `SELECT ARRAY[$1::ulid]`, want).Scan(&ids); err == nil {
		t.Errorf("unregistered ulid[] result: %v", ids)
	}
	if _, err := conn.Exec(ctx, `CREATE TEMP TABLE unregistered (k ulid)`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.CopyFrom(ctx, pgx.Identifier{"unregistered"}, []string{"k"}, pgx.CopyFromRows([][]interface{}{{want}})); err == nil {
		t.Error("unregistered CopyFrom of a uidext.ULID succeeded")
	}
}
