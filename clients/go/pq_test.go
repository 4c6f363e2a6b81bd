package uidext_test

// database/sql with lib/pq, as an application writes it: keys as uidext.ULID / uidext.TypeID
// values in parameters and Scan, against a real server.

import (
	"database/sql"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"

	"github.com/uidext/uidext/clients/go"
)

func TestPQParentChildULIDToULID(t *testing.T) {
	mustExec(t, `DROP TABLE IF EXISTS pq_items, pq_carts`)
	mustExec(t, `CREATE TABLE pq_carts (id ulid PRIMARY KEY DEFAULT gen_ulid(), created timestamptz NOT NULL DEFAULT now())`)
	mustExec(t, `CREATE TABLE pq_items (id ulid PRIMARY KEY DEFAULT gen_ulid(),
		cart_id ulid NOT NULL REFERENCES pq_carts ON DELETE CASCADE, sku text NOT NULL)`)
	mustExec(t, `CREATE INDEX ON pq_items (cart_id)`)

	// A server-generated key, its time read client-side.
	var cart uidext.ULID
	var created time.Time
	before := time.Now().Add(-time.Second)
	if err := db.QueryRow(`INSERT INTO pq_carts DEFAULT VALUES RETURNING id, created`).Scan(&cart, &created); err != nil {
		t.Fatal(err)
	}
	if cart.Time().Before(before) || cart.Time().After(time.Now().Add(time.Second)) || created.Sub(cart.Time()).Abs() > time.Second {
		t.Errorf("key time %v, row created %v", cart.Time(), created)
	}
	var serverTime time.Time
	if err := db.QueryRow(`SELECT ulid_extract_timestamp(id) FROM pq_carts WHERE id = $1`, cart).Scan(&serverTime); err != nil || !serverTime.Equal(cart.Time()) {
		t.Errorf("ulid_extract_timestamp %v, Time() %v (%v)", serverTime, cart.Time(), err)
	}

	// The parent's ULID as the child's foreign key parameter; the children's keys back as ULID.
	var items []uidext.ULID
	for _, sku := range []string{"a", "b", "c"} {
		var id uidext.ULID
		if err := db.QueryRow(`INSERT INTO pq_items (cart_id, sku) VALUES ($1, $2) RETURNING id`, cart, sku).Scan(&id); err != nil {
			t.Fatal(err)
		}
		items = append(items, id)
	}
	// A client-made key as the primary key.
	mine := uidext.NewULID()
	mustExec(t, `INSERT INTO pq_items (id, cart_id, sku) VALUES ($1, $2, 'd')`, mine, cart)
	items = append(items, mine)

	rows, err := db.Query(`SELECT i.id, c.id FROM pq_items i JOIN pq_carts c ON c.id = i.cart_id WHERE i.cart_id = $1 ORDER BY i.id`, cart)
	if err != nil {
		t.Fatal(err)
	}
	var got []uidext.ULID
	for rows.Next() {
		var id, parent uidext.ULID
		if err := rows.Scan(&id, &parent); err != nil {
			t.Fatal(err)
		}
		if parent != cart {
			t.Errorf("parent %s, want %s", parent, cart)
		}
		got = append(got, id)
	}
	if len(got) != 4 {
		t.Fatalf("%d children", len(got))
	}
	for i := 1; i < len(got); i++ {
		if got[i-1].Compare(got[i]) >= 0 {
			t.Errorf("not in the server's order: %s %s", got[i-1], got[i])
		}
	}

	// A foreign key to a missing parent is refused (23503); deleting the parent cascades.
	_, err = db.Exec(`INSERT INTO pq_items (cart_id, sku) VALUES ($1, 'x')`, uidext.NewULID())
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "23503" {
		t.Errorf("missing parent: %v", err)
	}
	res, err := db.Exec(`DELETE FROM pq_carts WHERE id = $1`, cart)
	if n, _ := res.RowsAffected(); err != nil || n != 1 {
		t.Fatalf("delete: %v %d", err, n)
	}
	var left int
	db.QueryRow(`SELECT count(*) FROM pq_items`).Scan(&left)
	if left != 0 {
		t.Errorf("%d children left", left)
	}
}

func TestPQParentChildUUIDToULID(t *testing.T) {
	mustExec(t, `DROP TABLE IF EXISTS pq_legacy_lines, pq_orders`)
	mustExec(t, `CREATE TABLE pq_orders (id ulid PRIMARY KEY DEFAULT gen_ulid())`)
	// An existing uuid column referencing the ulid key: its index needs uuid_ulid_ops to serve
	// the foreign-key checks (ulid = uuid).
	mustExec(t, `CREATE TABLE pq_legacy_lines (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
		order_id uuid NOT NULL REFERENCES pq_orders ON DELETE CASCADE)`)
	mustExec(t, `CREATE INDEX pq_legacy_lines_order ON pq_legacy_lines (order_id uuid_ulid_ops)`)

	var order uidext.ULID
	if err := db.QueryRow(`INSERT INTO pq_orders DEFAULT VALUES RETURNING id`).Scan(&order); err != nil {
		t.Fatal(err)
	}
	// The ULID's Value is UUID text, which the uuid column reads; a uuid.UUID works as well.
	mustExec(t, `INSERT INTO pq_legacy_lines (order_id) VALUES ($1), ($2)`, order, order.UUID())
	var asULID uidext.ULID
	var asUUID uuid.UUID
	var n int
	if err := db.QueryRow(`SELECT min(order_id::text)::uuid, min(order_id::text)::uuid, count(*) FROM pq_legacy_lines WHERE order_id = $1`, order).
		Scan(&asULID, &asUUID, &n); err != nil {
		t.Fatal(err)
	}
	if asULID != order || asUUID != order.UUID() || n != 2 {
		t.Errorf("uuid column: %s %s %d, want %s", asULID, asUUID, n, order)
	}

	// The foreign-key check of a delete uses the uuid_ulid_ops index (no sequential scan).
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`SET LOCAL enable_seqscan = off`); err != nil {
		t.Fatal(err)
	}
	var plan []string
	rows, err := tx.Query(`EXPLAIN SELECT 1 FROM pq_legacy_lines WHERE order_id = $1::ulid`, order)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var line string
		rows.Scan(&line)
		plan = append(plan, line)
	}
	if !strings.Contains(strings.Join(plan, "\n"), "pq_legacy_lines_order") {
		t.Errorf("ulid = uuid does not use the uuid_ulid_ops index:\n%s", strings.Join(plan, "\n"))
	}
	tx.Rollback()
	if _, err := db.Exec(`DELETE FROM pq_orders WHERE id = $1`, order); err != nil {
		t.Fatal(err)
	}
	db.QueryRow(`SELECT count(*) FROM pq_legacy_lines`).Scan(&n)
	if n != 0 {
		t.Errorf("%d lines left after the cascade", n)
	}
}

func TestPQMalformedKeyIs22P02(t *testing.T) {
	mustExec(t, `CREATE TABLE IF NOT EXISTS pq_bad (id ulid PRIMARY KEY)`)
	_, err := db.Exec(`SELECT * FROM pq_bad WHERE id = $1`, "01J0-not-a-key")
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "22P02" || !strings.Contains(pqErr.Message, `"01J0-not-a-key"`) {
		t.Errorf("%v", err)
	}
	// A ULID value never sends malformed text: the client refuses it before.
	var u uidext.ULID
	if err := u.UnmarshalText([]byte("01J0-not-a-key")); err == nil {
		t.Error("parsed")
	}
}

func TestPQArraysAndNull(t *testing.T) {
	keys := []uidext.ULID{uidext.NewULID(), uidext.NewULID(), uidext.MustParseULID(spec)}
	// []ULID as ulid[] and uuid[] parameters (pq.Array sends each element's Value: UUID text).
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM unnest($1::ulid[]) k WHERE k = ANY($2::uuid[])`, pq.Array(keys), pq.Array(keys)).Scan(&n); err != nil || n != 3 {
		t.Fatalf("%d %v", n, err)
	}
	// ulid[] into []ULID, in the server's order.
	var back []uidext.ULID
	if err := db.QueryRow(`SELECT array_agg(k ORDER BY k) FROM unnest($1::ulid[]) k`, pq.Array(keys)).Scan(pq.Array(&back)); err != nil {
		t.Fatal(err)
	}
	sorted := append([]uidext.ULID(nil), keys...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Compare(sorted[j]) < 0 })
	if len(back) != 3 || back[0] != sorted[0] || back[1] != sorted[1] || back[2] != sorted[2] || back[0] != keys[2] {
		t.Errorf("%v", back)
	}
	// NULL: NullULID, *ULID; a plain ULID refuses it.
	var null uidext.NullULID
	var ptr *uidext.ULID = &keys[0]
	var plain uidext.ULID
	if err := db.QueryRow(`SELECT NULL::ulid, NULL::ulid`).Scan(&null, &ptr); err != nil || null.Valid || ptr != nil {
		t.Errorf("NULL: %+v %v %v", null, ptr, err)
	}
	if err := db.QueryRow(`SELECT NULL::ulid`).Scan(&plain); err == nil || !strings.Contains(err.Error(), "NullULID") {
		t.Errorf("NULL into ULID: %v", err)
	}
	if err := db.QueryRow(`SELECT $1::ulid`, keys[0]).Scan(&null); err != nil || !null.Valid || null.ULID != keys[0] {
		t.Errorf("%+v %v", null, err)
	}
	var isNull bool
	if err := db.QueryRow(`SELECT $1::ulid IS NULL`, uidext.NullULID{}).Scan(&isNull); err != nil || !isNull {
		t.Errorf("NullULID{} as a parameter: %v %v", isNull, err)
	}
	// 16 raw bytes (bytea) scan into a ULID too.
	if err := db.QueryRow(`SELECT $1::ulid::bytea`, keys[1]).Scan(&plain); err != nil || plain != keys[1] {
		t.Errorf("bytea: %s %v", plain, err)
	}
}

func TestPQTypeID(t *testing.T) {
	mustExec(t, `DROP TABLE IF EXISTS pq_posts, pq_authors`)
	mustExec(t, `SELECT typeid_define('author') WHERE to_regtype('author_id') IS NULL`)
	mustExec(t, `CREATE TABLE pq_authors (id author_id PRIMARY KEY DEFAULT gen_author_id(), name text)`)
	mustExec(t, `CREATE TABLE pq_posts (id ulid PRIMARY KEY DEFAULT gen_ulid(),
		author author_id REFERENCES pq_authors ON DELETE CASCADE, subject typeid)`)
	var author uidext.TypeID
	if err := db.QueryRow(`INSERT INTO pq_authors (name) VALUES ('Ada') RETURNING id`).Scan(&author); err != nil {
		t.Fatal(err)
	}
	if author.Prefix() != "author" || author.UUID().Version() != 7 || time.Since(author.Time()) > time.Minute {
		t.Errorf("generated %s", author)
	}
	mine, _ := uidext.NewTypeID("author")
	mustExec(t, `INSERT INTO pq_authors (id, name) VALUES ($1, 'Bob')`, mine)
	mustExec(t, `INSERT INTO pq_posts (author, subject) VALUES ($1, $2), ($3, $4), (NULL, NULL)`, author, author, mine, mine)
	rows, err := db.Query(`SELECT p.author, p.subject, a.name FROM pq_posts p LEFT JOIN pq_authors a ON a.id = p.author ORDER BY p.author`)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for rows.Next() {
		var a, s uidext.NullTypeID
		var name sql.NullString
		if err := rows.Scan(&a, &s, &name); err != nil {
			t.Fatal(err)
		}
		if a != s {
			t.Errorf("author %v, subject %v", a, s)
		}
		seen = append(seen, a.TypeID.String()+" "+name.String)
	}
	want := []string{author.String() + " Ada", mine.String() + " Bob", "00000000000000000000000000 "}
	if author.Compare(mine) > 0 {
		want[0], want[1] = want[1], want[0]
	}
	if strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("%v, want %v", seen, want)
	}
	// Another prefix: the server refuses it (22P02), naming the value.
	org, _ := uidext.NewTypeID("org")
	_, err = db.Exec(`INSERT INTO pq_posts (author) VALUES ($1)`, org)
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "22P02" || !strings.Contains(pqErr.Message, org.String()) {
		t.Errorf("other prefix: %v", err)
	}
	// author_id[] into []TypeID.
	var ids []uidext.TypeID
	if err := db.QueryRow(`SELECT array_agg(id ORDER BY id) FROM pq_authors`).Scan(pq.Array(&ids)); err != nil || len(ids) != 2 {
		t.Fatalf("%v %v", ids, err)
	}
	mustExec(t, `DELETE FROM pq_authors WHERE id = ANY($1)`, pq.Array(ids))
	var n int
	db.QueryRow(`SELECT count(*) FROM pq_posts WHERE author IS NOT NULL`).Scan(&n)
	if n != 0 {
		t.Errorf("%d posts left", n)
	}
}

func TestPQOpaqueIDs(t *testing.T) {
	if !testdbHasKeys() {
		t.Skip("this server has no uidext.opaque_key_file")
	}
	mustExec(t, `DROP TABLE IF EXISTS pq_invoices, pq_v7invoices`)
	mustExec(t, `CREATE TABLE pq_invoices (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int)`)
	mustExec(t, `CREATE TABLE pq_v7invoices (id uuid PRIMARY KEY DEFAULT gen_uuidv7(), n int)`)
	mustExec(t, `INSERT INTO pq_invoices (n) SELECT g FROM generate_series(1, 5) g`)
	mustExec(t, `INSERT INTO pq_v7invoices (n) SELECT g FROM generate_series(1, 5) g`)
	var key, public uidext.ULID
	if err := db.QueryRow(`SELECT id, opaque_encode(id) FROM pq_invoices WHERE n = 3`).Scan(&key, &public); err != nil {
		t.Fatal(err)
	}
	var v7key, v7public uuid.UUID
	if err := db.QueryRow(`SELECT id, opaque_encode(id) FROM pq_v7invoices WHERE n = 3`).Scan(&v7key, &v7public); err != nil {
		t.Fatal(err)
	}
	// The public id as a string parameter: ULID text for an opaque ulid (the function tells the
	// kind from the text's form), UUID text for an opaque uuid.
	for _, lookup := range []string{"= opaque_decode($1)", "= ANY(opaque_candidates($1))"} {
		var found uidext.ULID
		if err := db.QueryRow(`SELECT id FROM pq_invoices WHERE id `+lookup, public.String()).Scan(&found); err != nil || found != key {
			t.Errorf("%s with %s: %s %v", lookup, public, found, err)
		}
		var foundV7 uuid.UUID
		if err := db.QueryRow(`SELECT id FROM pq_v7invoices WHERE id `+lookup, v7public.String()).Scan(&foundV7); err != nil || foundV7 != v7key {
			t.Errorf("%s with %s: %s %v", lookup, v7public, foundV7, err)
		}
		// A ULID value is sent as UUID text: cast the parameter to say it is a ulid.
		if err := db.QueryRow(`SELECT id FROM pq_invoices WHERE id `+strings.Replace(lookup, "$1", "$1::ulid", 1), public).Scan(&found); err != nil || found != key {
			t.Errorf("%s with $1::ulid: %s %v", lookup, found, err)
		}
	}
	// A public id that is not one: no row, or 22P02 for text that is no id at all.
	var found uidext.ULID
	if err := db.QueryRow(`SELECT id FROM pq_invoices WHERE id = opaque_decode($1)`, "not-an-id").Scan(&found); err == nil {
		t.Error("found a row for not-an-id")
	} else if pqErr := (*pq.Error)(nil); errors.As(err, &pqErr) && pqErr.Code != "22P02" {
		t.Errorf("not-an-id: %v", err)
	}
}

func testdbHasKeys() bool {
	var ok bool
	return db.QueryRow(`SELECT opaque_decode(opaque_encode(gen_ulid())::text) IS NOT NULL`).Scan(&ok) == nil && ok
}
