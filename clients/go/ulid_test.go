package uidext_test

import (
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"
	"github.com/oklog/ulid/v2"

	"github.com/uidext/uidext/clients/go"
)

const spec = "01ARZ3NDEKTSV4RRFFQ69G5FAV" // the ULID spec's example

// The Python and Node packages' vectors (clients/python/tests/test_ulid.py).
var accepted = []string{
	spec, strings.ToLower(spec), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "00000000000000000000000000",
	"0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189C4E1D9A87C1B9C3E4F2A1B0C9D8E",
	"{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}", "0189-c4e1-d9a8-7c1b-9c3e-4f2a-1b0c-9d8e",
	"{0189c4e1d9a87c1b9c3e4f2a1b0c9d8e}",
}

var refused = []string{
	"", "x", spec[:25], spec + "0", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01ARZ3NDEKTSV4RRFFQ69G5FAU",
	"01ARZ3NDEKTSV4RRFFQ69G5FAI", "01ARZ3NDEKTSV4RRFFQ69G5FAL", "01ARZ3NDEKTSV4RRFFQ69G5FA-",
	" 01ARZ3NDEKTSV4RRFFQ69G5FAV", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8g",
	"{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}",
	"0189c4e-1d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189c4e1--d9a8-7c1b-9c3e-4f2a1b0c9d8e",
	"urn:uuid:0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "01ARZ3NDEKTSV4RRFFQ69G5FAé", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e ",
	"01ARZ3NDEKTSV4RRFFQ69G5FA\u017f", "01ARZ3NDEKTSV4RRFFQ69G5FA\u212a", // s and k only under Unicode case folding
	"-0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e", "0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e-", "{0189c4e1d9a87c1b9c3e4f2a1b0c9d8e}}",
	"01-89c4e1d9a87c1b9c3e4f2a1b0c9d8e", "0189c4e1d9a87c1b9c3e4f2a1b0c9d-8e", "{0189c4e1-d9a8-7c1b-9c3e-4f2a1b0c9d8e}x",
}

func sqlstate(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *pq.Error
	if !errors.As(err, &e) {
		t.Fatalf("not a server error: %v", err)
	}
	return string(e.Code)
}

func TestParseULIDAcceptsWhatTheServerAccepts(t *testing.T) {
	for _, text := range accepted {
		wantUUID, wantText, state := serverULID(t, text)
		if state != "" {
			t.Fatalf("%q: the server refused it: %s", text, state)
		}
		u, err := uidext.ParseULID(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if u.UUIDString() != wantUUID || u.String() != wantText {
			t.Errorf("%q: %s %s, the server %s %s", text, u.UUIDString(), u, wantUUID, wantText)
		}
	}
}

func TestParseULIDRefusesWhatTheServerRefuses(t *testing.T) {
	for _, text := range refused {
		if _, _, state := serverULID(t, text); state != "22P02" {
			t.Errorf("%q: the server gave %q, not 22P02", text, state)
		}
		_, err := uidext.ParseULID(text)
		var se *uidext.SyntaxError
		if !errors.As(err, &se) || se.Value != text || se.Type != "ULID" {
			t.Errorf("%q: %v", text, err)
		}
	}
}

func TestParseULIDReasons(t *testing.T) {
	cases := map[string]string{
		"01ARZ3NDEKTSV4RRFFQ69G5FAU": `uidext: invalid ULID "01ARZ3NDEKTSV4RRFFQ69G5FAU": 'U' at position 26 is not a Crockford base32 digit`,
		"8ZZZZZZZZZZZZZZZZZZZZZZZZZ": `uidext: invalid ULID "8ZZZZZZZZZZZZZZZZZZZZZZZZZ": the first digit must be between 0 and 7: larger values need more than 128 bits`,
		"abc":                        `uidext: invalid ULID "abc": 3 characters are neither 26 Crockford base32 digits nor UUID text`,
	}
	for text, want := range cases {
		if _, err := uidext.ParseULID(text); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", text, err, want)
		}
	}
	if _, err := uidext.ULIDFromBytes(make([]byte, 15)); err == nil || !strings.Contains(err.Error(), "16 bytes, got 15") {
		t.Errorf("15 bytes: %v", err)
	}
}

func TestULIDRoundTripsThroughTheServer(t *testing.T) {
	for i := 0; i < 50; i++ {
		u := uidext.NewULID()
		var text, asUUID string
		var raw []byte
		if err := db.QueryRow(`SELECT $1::ulid::text, $1::ulid::uuid::text, $1::ulid::bytea`, u.String()).Scan(&text, &asUUID, &raw); err != nil {
			t.Fatal(err)
		}
		if text != u.String() || asUUID != u.UUIDString() || string(raw) != string(u[:]) {
			t.Fatalf("%s: the server gave %s %s %x", u, text, asUUID, raw)
		}
	}
}

func TestULIDOrderIsTheServers(t *testing.T) {
	keys := []uidext.ULID{uidext.MustParseULID(spec), {}, uidext.MustParseULID("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")}
	for i := 0; i < 20; i++ {
		keys = append(keys, uidext.NewULID())
	}
	keys = append(keys, uidext.ULID{0x80}, uidext.ULID{0x7F, 0xFF}, uidext.ULID{15: 1})
	texts := make([]string, len(keys))
	for i, k := range keys {
		texts[i] = k.String()
	}
	rows, err := db.Query(`SELECT u::text FROM unnest($1::text[]) u ORDER BY u::ulid`, pq.Array(texts))
	if err != nil {
		t.Fatal(err)
	}
	var serverOrder []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		serverOrder = append(serverOrder, s)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].Compare(keys[j]) < 0 })
	for i, k := range keys {
		if k.String() != serverOrder[i] {
			t.Fatalf("position %d: %s, the server %s", i, k, serverOrder[i])
		}
	}
	a, b := uidext.ULID{15: 1}, uidext.ULID{0: 1}
	if a.Compare(b) != -1 || b.Compare(a) != 1 || a.Compare(a) != 0 {
		t.Error("Compare")
	}
}

func TestULIDTimeIsTheServers(t *testing.T) {
	u := uidext.MustParseULID(spec)
	if u.Timestamp() != 1469922850259 {
		t.Errorf("Timestamp %d", u.Timestamp())
	}
	want := time.Date(2016, 7, 30, 23, 54, 10, 259000000, time.UTC)
	if !u.Time().Equal(want) || u.Time().Location() != time.UTC {
		t.Errorf("Time %v", u.Time())
	}
	var server time.Time
	if err := db.QueryRow(`SELECT ulid_extract_timestamp($1::ulid)`, spec).Scan(&server); err != nil {
		t.Fatal(err)
	}
	if !server.Equal(u.Time()) {
		t.Errorf("server %v, client %v", server, u.Time())
	}
}

func TestULIDBoundsAreTheServers(t *testing.T) {
	when := time.Date(2024, 5, 6, 7, 8, 9, 123456000, time.FixedZone("", 2*3600))
	var lo, hi string
	if err := db.QueryRow(`SELECT ulid_lower_bound($1)::text, ulid_upper_bound($1)::text`, when).Scan(&lo, &hi); err != nil {
		t.Fatal(err)
	}
	min, err1 := uidext.MinULID(when)
	max, err2 := uidext.MaxULID(when)
	if err1 != nil || err2 != nil || min.String() != lo || max.String() != hi {
		t.Errorf("%s %s, the server %s %s (%v %v)", min, max, lo, hi, err1, err2)
	}
	if _, err := uidext.MinULID(time.Unix(-1, 0)); err == nil || !strings.Contains(err.Error(), "48-bit") {
		t.Errorf("1969: %v", err)
	}
	u := uidext.NewULID()
	lo2, _ := uidext.MinULID(u.Time())
	hi2, _ := uidext.MaxULID(u.Time())
	if lo2.Compare(u) > 0 || hi2.Compare(u) < 0 {
		t.Errorf("%s not within %s..%s", u, lo2, hi2)
	}
}

func TestNewULIDIsNowAndUnique(t *testing.T) {
	before := time.Now().Add(-time.Millisecond)
	u := uidext.NewULID()
	after := time.Now()
	if u.Time().Before(before) || u.Time().After(after) {
		t.Errorf("%v not between %v and %v", u.Time(), before, after)
	}
	seen := map[uidext.ULID]bool{}
	for i := 0; i < 1000; i++ {
		seen[uidext.NewULID()] = true
	}
	if len(seen) != 1000 {
		t.Errorf("%d distinct of 1000", len(seen))
	}
}

func TestULIDTextAndJSON(t *testing.T) {
	u := uidext.MustParseULID(spec)
	text, _ := u.MarshalText()
	var back uidext.ULID
	if string(text) != spec || back.UnmarshalText([]byte(strings.ToLower(spec))) != nil || back != u {
		t.Errorf("text %s %s", text, back)
	}
	type order struct {
		ID       uidext.ULID            `json:"id"`
		Customer *uidext.ULID           `json:"customer"`
		Parent   uidext.NullULID        `json:"parent"`
		Seen     map[uidext.ULID]string `json:"seen"`
	}
	in := order{ID: u, Seen: map[uidext.ULID]string{u: "x"}}
	out, err := json.Marshal(in)
	want := `{"id":"` + spec + `","customer":null,"parent":null,"seen":{"` + spec + `":"x"}}`
	if err != nil || string(out) != want {
		t.Fatalf("%s %v, want %s", out, err, want)
	}
	var got order
	src := `{"id":"` + u.UUIDString() + `","customer":"\u0030` + spec[1:] + `","parent":"` + spec + `","seen":{"` + spec + `":"x"}}`
	if err := json.Unmarshal([]byte(src), &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != u || got.Customer == nil || *got.Customer != u || got.Parent != (uidext.NullULID{ULID: u, Valid: true}) || got.Seen[u] != "x" {
		t.Errorf("%+v", got)
	}
	var bad order
	err = json.Unmarshal([]byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAU"}`), &bad)
	if err == nil || !strings.Contains(err.Error(), "'U' at position 26") {
		t.Errorf("bad ULID in JSON: %v", err)
	}
	if err := json.Unmarshal([]byte(`{"id":5}`), &bad); err == nil {
		t.Error("a number read as a ULID")
	}
}

func TestULIDConversions(t *testing.T) {
	u := uidext.MustParseULID(spec)
	var server uuid.UUID
	if err := db.QueryRow(`SELECT $1::ulid::uuid`, spec).Scan(&server); err != nil {
		t.Fatal(err)
	}
	if u.UUID() != server || uidext.ULIDFromUUID(server) != u || u.UUIDString() != server.String() {
		t.Errorf("uuid.UUID: %s %s", u.UUID(), server)
	}
	o := ulid.MustParse(spec)
	if u.Oklog() != o || uidext.ULIDFromOklog(o) != u || o.String() != u.String() || o.Time() != u.Timestamp() {
		t.Errorf("oklog: %s %s", u.Oklog(), o)
	}
	if string(u.Bytes()) != string(server[:]) {
		t.Error("Bytes")
	}
}

func TestULIDScanAndValue(t *testing.T) {
	u := uidext.MustParseULID(spec)
	for _, src := range []interface{}{spec, strings.ToLower(spec), u.UUIDString(), []byte(spec), []byte(u.UUIDString()), u[:], u} {
		var got uidext.ULID
		if err := got.Scan(src); err != nil || got != u {
			t.Errorf("Scan(%#v): %s %v", src, got, err)
		}
	}
	var got uidext.ULID
	if err := got.Scan(nil); err == nil || !strings.Contains(err.Error(), "NullULID") {
		t.Errorf("Scan(nil): %v", err)
	}
	if err := got.Scan(5); err == nil {
		t.Error("Scan(5)")
	}
	if err := got.Scan("01ARZ3NDEKTSV4RRFFQ69G5FAU"); err == nil {
		t.Error("Scan(bad text)")
	}
	if v, err := u.Value(); err != nil || v != u.UUIDString() {
		t.Errorf("Value %v %v", v, err)
	}
	var n uidext.NullULID
	if n.Scan(nil) != nil || n.Valid {
		t.Error("NullULID NULL")
	}
	if v, _ := n.Value(); v != nil {
		t.Error("NullULID Value")
	}
	if n.Scan(spec) != nil || !n.Valid || n.ULID != u {
		t.Error("NullULID value")
	}
}
