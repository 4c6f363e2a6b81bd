package uidext_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/lib/pq"

	"github.com/uidext/uidext/clients/go"
)

func Example() {
	id, err := uidext.ParseULID("01ARZ3NDEKTSV4RRFFQ69G5FAV") // or UUID text, any case
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(id, id.UUIDString(), id.Time())
	fmt.Println(id.UUID(), id.Oklog()) // google/uuid and oklog/ulid values of the same 16 bytes

	out, _ := json.Marshal(map[string]uidext.ULID{"id": id})
	fmt.Println(string(out))

	user, _ := uidext.ParseTypeID("user_01h455vb4pex5vsknk084sn02q")
	fmt.Println(user.Prefix(), user.Suffix(), user.UUID())

	_, err = uidext.ParseULID("01ARZ3NDEKTSV4RRFFQ69G5FAU")
	fmt.Println(err)
	// Output:
	// 01ARZ3NDEKTSV4RRFFQ69G5FAV 01563e3a-b5d3-d676-4c61-efb99302bd5b 2016-07-30 23:54:10.259 +0000 UTC
	// 01563e3a-b5d3-d676-4c61-efb99302bd5b 01ARZ3NDEKTSV4RRFFQ69G5FAV
	// {"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV"}
	// user 01h455vb4pex5vsknk084sn02q 01890a5d-ac96-774b-bcce-b302099a8057
	// uidext: invalid ULID "01ARZ3NDEKTSV4RRFFQ69G5FAU": 'U' at position 26 is not a Crockford base32 digit
}

// database/sql with lib/pq: nothing to register. The README shows this code.
func Example_libpq() {
	db, err := sql.Open("postgres", "dbname=uidext_go_values") // PGHOST, PGPORT, PGUSER from the environment
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	for _, ddl := range []string{
		`CREATE TABLE customers (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text NOT NULL)`,
		`CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(),
		     customer_id ulid NOT NULL REFERENCES customers ON DELETE CASCADE)`,
		`CREATE INDEX ON orders (customer_id)`,
	} {
		if _, err := db.Exec(ddl); err != nil {
			log.Fatal(err)
		}
	}

	// A key the database generates, scanned into a uidext.ULID; its time, read here.
	var customer uidext.ULID
	if err := db.QueryRow(`INSERT INTO customers (name) VALUES ($1) RETURNING id`, "Ada").Scan(&customer); err != nil {
		log.Fatal(err)
	}
	fmt.Println("made in the last minute:", time.Since(customer.Time()) < time.Minute)

	// A key made here, and the parent's key as the foreign key (sent as UUID text, which ulid reads).
	order := uidext.NewULID()
	if _, err := db.Exec(`INSERT INTO orders (id, customer_id) VALUES ($1, $2)`, order, customer); err != nil {
		log.Fatal(err)
	}

	// ulid[] into a []uidext.ULID; a nullable key into a uidext.NullULID.
	var ids []uidext.ULID
	var missing uidext.NullULID
	if err := db.QueryRow(`SELECT array_agg(id), (SELECT min(id) FROM orders WHERE false) FROM orders WHERE customer_id = $1`,
		customer).Scan(pq.Array(&ids), &missing); err != nil {
		log.Fatal(err)
	}
	fmt.Println("orders:", len(ids), ids[0] == order, "missing:", missing.Valid)

	// A malformed key: the server refuses it (22P02) and names it.
	_, err = db.Exec(`DELETE FROM orders WHERE id = $1`, "01J0-not-a-key")
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		fmt.Println(pqErr.Code, pqErr.Message)
	}
	// Output:
	// made in the last minute: true
	// orders: 1 true missing: false
	// 22P02 invalid input syntax for type ulid: "01J0-not-a-key"
}
