package uidextpgx_test

// Decoding 100 000 keys through pgx: a ulid column into uidext.ULID (registered) against the
// same keys in a uuid column into google/uuid's uuid.UUID (pgx's own uuid support). Not a timed
// test; run with
//   clients/go/run-tests -run '^$' -bench Decode -benchtime 20x
// (run-tests runs each benchmark once, -benchtime 1x). The Decode...Only benchmarks decode the
// same 100 000 binary values in memory through the connection's pgtype.ConnInfo, without the
// server: the part this package adds.

import (
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgtype"
	"github.com/jackc/pgx/v4"

	"github.com/uidext/uidext/clients/go"
)

const benchKeys = 100000

func benchTable(b *testing.B) *pgx.Conn {
	b.Helper()
	conn := connect(b)
	var n int
	if conn.QueryRow(ctx, `SELECT count(*) FROM bench_keys`).Scan(&n); n != benchKeys {
		for _, sql := range []string{`DROP TABLE IF EXISTS bench_keys`,
			`CREATE TABLE bench_keys (k ulid NOT NULL, u uuid NOT NULL)`,
			`INSERT INTO bench_keys SELECT k, k::uuid FROM (SELECT gen_ulid() k FROM generate_series(1, 100000)) s`,
			`VACUUM ANALYZE bench_keys`} {
			if _, err := conn.Exec(ctx, sql); err != nil {
				b.Fatal(err)
			}
		}
	}
	return conn
}

func fetch[T any](b *testing.B, conn *pgx.Conn, query string) {
	b.Helper()
	keys := make([]T, 0, benchKeys)
	for i := 0; i < b.N; i++ {
		keys = keys[:0]
		rows, err := conn.Query(ctx, query)
		if err != nil {
			b.Fatal(err)
		}
		var k T
		for rows.Next() {
			if err := rows.Scan(&k); err != nil {
				b.Fatal(err)
			}
			keys = append(keys, k)
		}
		if rows.Err() != nil || len(keys) != benchKeys {
			b.Fatal(rows.Err(), len(keys))
		}
	}
}

func BenchmarkDecode100kULID(b *testing.B) {
	conn := benchTable(b)
	b.ResetTimer()
	fetch[uidext.ULID](b, conn, `SELECT k FROM bench_keys`)
}

func BenchmarkDecode100kGoogleUUID(b *testing.B) {
	conn := benchTable(b)
	b.ResetTimer()
	fetch[uuid.UUID](b, conn, `SELECT u FROM bench_keys`)
}

// pgx's fastest uuid destination (no sql.Scanner in between), for reference.
func BenchmarkDecode100kUUIDAsBytes(b *testing.B) {
	conn := benchTable(b)
	b.ResetTimer()
	fetch[[16]byte](b, conn, `SELECT u FROM bench_keys`)
}

func decodeOnly[T any](b *testing.B, conn *pgx.Conn, typeName string) {
	b.Helper()
	dt, ok := conn.ConnInfo().DataTypeForName(typeName)
	if !ok {
		b.Fatal("no type", typeName)
	}
	src := make([][]byte, benchKeys)
	for i := range src {
		u := uidext.NewULID()
		src[i] = u[:]
	}
	keys := make([]T, benchKeys)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, s := range src {
			if err := conn.ConnInfo().Scan(dt.OID, pgtype.BinaryFormatCode, s, &keys[j]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkDecode100kULIDOnly(b *testing.B) {
	decodeOnly[uidext.ULID](b, connect(b), "ulid")
}

func BenchmarkDecode100kGoogleUUIDOnly(b *testing.B) {
	decodeOnly[uuid.UUID](b, connect(b), "uuid")
}
