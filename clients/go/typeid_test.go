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

	"github.com/uidext/uidext/clients/go"
)

// sql/typeid.sql's vectors (spec 0.3 valid.yml and a 63-character prefix), as in the Python
// and Node packages' tests.
var typeidValid = []struct{ text, prefix, uuid string }{
	{"00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
	{"00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
	{"0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
	{"0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
	{"00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
	{"7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
	{"prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
	{"prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
	{"pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
	{"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk_01h455vb4pex5vsknk084sn02q",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk", "01890a5d-ac96-774b-bcce-b302099a8057"},
}

var typeidInvalid = []string{
	"PREFIX_00000000000000000000000000", "12345_00000000000000000000000000", "pre.fix_00000000000000000000000000",
	"préfix_00000000000000000000000000", "  prefix_00000000000000000000000000",
	"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
	"_00000000000000000000000000", "_", "prefix_1234567890123456789012345", "prefix_123456789012345678901234567",
	"prefix_1234567890123456789012345 ", "prefix_0123456789ABCDEFGHJKMNPQRS", "prefix_123456789-123456789-123456",
	"prefix_ooooooiiiiiiuuuuuuulllllll", "prefix_i23456789ol23456789oi23456", "prefix_123456789-0123456789-0123456",
	"prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", "_prefix_00000000000000000000000000", "prefix__00000000000000000000000000",
	"", "prefix_",
}

// More that a per-prefix type's input reads or refuses: UUID text forms, other prefixes.
var perPrefixExtra = []string{
	"01890a5d-ac96-774b-bcce-b302099a8057", "{01890a5d-ac96-774b-bcce-b302099a8057}",
	"01890a5dac96774bbccEb302099a8057", "01890a5d-ac96774b-bcceb302-099a8057", "01890a5d-ac96-774b-bcce-b302099a805",
	"01890a5d-ac96-774b-bcce-b302099a805g", "{01890a5d-ac96-774b-bcce-b302099a8057", "01890a5d-ac96-774b-bcce-b302099a8057}",
	"user_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q", "prefix_01H455VB4PEX5VSKNK084SN02Q",
	"prefix_81h455vb4pex5vsknk084sn02q", "prefix_01h455vb4pex5vsknk084sn0uq", " prefix_01h455vb4pex5vsknk084sn02q",
	"prefix_01h455vb4pex5vsknk084sn02q\n", "01890a5d-ac96-774b-bcce-b302099a8057 ", "-01890a5d-ac96-774b-bcce-b302099a805",
	"0189-0a5d-ac96-774b-bcce-b302-099a-8057", "{0189-0a5d-ac96-774b-bcce-b302-099a-8057}",
}

// serverReads is (true, output) or (false, SQLSTATE) of text read by the input of typeName.
func serverReads(t *testing.T, text, typeName string) (bool, string) {
	t.Helper()
	var out string
	err := db.QueryRow(`SELECT $1::text::`+typeName+`::text`, text).Scan(&out)
	if err != nil {
		return false, sqlstate(t, err)
	}
	return true, out
}

func definePrefix(t *testing.T) {
	t.Helper()
	mustExec(t, `SELECT typeid_define('prefix') WHERE to_regtype('prefix_id') IS NULL`)
}

func TestTypeIDValidVectors(t *testing.T) {
	for _, v := range typeidValid {
		id, err := uidext.ParseTypeID(v.text)
		if err != nil {
			t.Errorf("%q: %v", v.text, err)
			continue
		}
		u := uuid.MustParse(v.uuid)
		if id.Prefix() != v.prefix || id.UUID() != u || id.String() != v.text || id.Suffix() != v.text[strings.LastIndexByte(v.text, '_')+1:] {
			t.Errorf("%q: %q %s %s", v.text, id.Prefix(), id.UUID(), id)
		}
		if other, _ := uidext.TypeIDOf(v.prefix, u); other != id || id.ULID() != uidext.ULID(u) || id.Bytes() != [16]byte(u) {
			t.Errorf("%q: TypeIDOf %s", v.text, other)
		}
		if ok, out := serverReads(t, v.text, "typeid"); !ok || out != v.text {
			t.Errorf("%q: the server %v %s", v.text, ok, out)
		}
	}
}

func TestTypeIDInvalidVectors(t *testing.T) {
	for _, text := range typeidInvalid {
		_, err := uidext.ParseTypeID(text)
		var se *uidext.SyntaxError
		if !errors.As(err, &se) || se.Value != text || se.Reason == "" {
			t.Errorf("%q: %v", text, err)
		}
		if ok, state := serverReads(t, text, "typeid"); ok || state != "22P02" {
			t.Errorf("%q: the server %v %s", text, ok, state)
		}
	}
}

func TestTypeIDPerPrefixInputAsTheServer(t *testing.T) {
	definePrefix(t)
	var texts []string
	for _, v := range typeidValid {
		texts = append(texts, v.text)
	}
	texts = append(append(texts, typeidInvalid...), perPrefixExtra...)
	for _, text := range texts {
		ok, out := serverReads(t, text, "prefix_id")
		id, err := uidext.ParseTypeIDWithPrefix(text, "prefix")
		if (err == nil) != ok || (ok && id.String() != out) || (!ok && out != "22P02") {
			t.Errorf("%q: the server %v %s, the client %s %v", text, ok, out, id, err)
		}
	}
}

func TestTypeIDReasons(t *testing.T) {
	cases := map[string]string{
		"prefix_01H455VB4PEX5VSKNK084SN02Q": `'H' at position 10 is not a lowercase Crockford base32 digit`,
		"prefix_81h455vb4pex5vsknk084sn02q": "must begin with a digit between 0 and 7",
		"prefix_01h455vb4pex5vsknk084sn02":  "has 25 characters, not 26",
		"Prefix_01h455vb4pex5vsknk084sn02q": "a TypeID prefix is at most 63 lowercase letters",
		"_01h455vb4pex5vsknk084sn02q":       `an empty prefix has no "_"`,
	}
	for text, reason := range cases {
		if _, err := uidext.ParseTypeID(text); err == nil || !strings.Contains(err.Error(), `invalid TypeID "`+text+`": `) || !strings.Contains(err.Error(), reason) {
			t.Errorf("%q: %v", text, err)
		}
	}
	if _, err := uidext.ParseTypeIDWithPrefix("user_01h455vb4pex5vsknk084sn02q", "prefix"); err == nil || !strings.Contains(err.Error(), `the prefix is "user"; expected "prefix"`) {
		t.Errorf("other prefix: %v", err)
	}
	for _, bad := range []string{"User", "_user", "user_", strings.Repeat("a", 64), "us-er"} {
		if _, err := uidext.NewTypeID(bad); err == nil || !strings.Contains(err.Error(), "invalid TypeID prefix") {
			t.Errorf("NewTypeID(%q): %v", bad, err)
		}
		if _, err := uidext.TypeIDOf(bad, [16]byte{}); err == nil {
			t.Errorf("TypeIDOf(%q)", bad)
		}
	}
}

func TestTypeIDOrderIsTheServers(t *testing.T) {
	texts := []string{"user_01h455vb4pex5vsknk084sn02q", "user_01h455vb4pex5vsknk084sn02r", "us_7zzzzzzzzzzzzzzzzzzzzzzzzz",
		"user_a_00000000000000000000000000", "users_00000000000000000000000000", "a_00000000000000000000000000",
		"00000000000000000000000001", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "z_00000000000000000000000000"}
	rows, err := db.Query(`SELECT t::text FROM unnest($1::text[]) t ORDER BY t::typeid`, pq.Array(texts))
	if err != nil {
		t.Fatal(err)
	}
	var server []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		server = append(server, s)
	}
	ids := make([]uidext.TypeID, len(texts))
	for i, s := range texts {
		ids[i] = uidext.MustParseTypeID(s)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i].Compare(ids[j]) < 0 })
	for i := range ids {
		if ids[i].String() != server[i] {
			t.Fatalf("position %d: %s, the server %s", i, ids[i], server[i])
		}
	}
	a, b := uidext.MustParseTypeID(texts[0]), uidext.MustParseTypeID(texts[0])
	other, _ := uidext.TypeIDOf("org", a.Bytes())
	if a != b || a.Compare(b) != 0 || other == a || (map[uidext.TypeID]int{a: 1})[b] != 1 {
		t.Error("equality")
	}
}

func TestNewTypeIDIsAUUIDv7OfNow(t *testing.T) {
	id, err := uidext.NewTypeID("user")
	if err != nil {
		t.Fatal(err)
	}
	if id.UUID().Version() != 7 || id.UUID().Variant() != uuid.RFC4122 || time.Since(id.Time()) > 5*time.Second {
		t.Errorf("%s: version %d variant %s time %v", id, id.UUID().Version(), id.UUID().Variant(), id.Time())
	}
	var prefix string
	var u uuid.UUID
	var ts time.Time
	if err := db.QueryRow(`SELECT typeid_prefix($1::typeid), typeid_uuid($1::typeid), uuid_v7_to_timestamptz(typeid_uuid($1::typeid))`,
		id.String()).Scan(&prefix, &u, &ts); err != nil {
		t.Fatal(err)
	}
	if prefix != "user" || u != id.UUID() || !ts.Equal(id.Time()) {
		t.Errorf("the server: %s %s %v", prefix, u, ts)
	}
	next, _ := uidext.NewTypeID("user")
	empty, _ := uidext.NewTypeID("")
	if next.Compare(id) <= 0 && next.Time().After(id.Time()) || empty.Prefix() != "" || len(empty.String()) != 26 {
		t.Errorf("%s %s %s", id, next, empty)
	}
}

func TestTypeIDTextJSONScanValue(t *testing.T) {
	id := uidext.MustParseTypeID("user_01h455vb4pex5vsknk084sn02q")
	type row struct {
		ID     uidext.TypeID     `json:"id"`
		Parent uidext.NullTypeID `json:"parent"`
		Owner  *uidext.TypeID    `json:"owner"`
	}
	out, err := json.Marshal(row{ID: id})
	if err != nil || string(out) != `{"id":"user_01h455vb4pex5vsknk084sn02q","parent":null,"owner":null}` {
		t.Fatalf("%s %v", out, err)
	}
	var back row
	if err := json.Unmarshal([]byte(`{"id":"user_01h455vb4pex5vsknk084sn02q","parent":"user_01h455vb4pex5vsknk084sn02q","owner":"user_01h455vb4pex5vsknk084sn02q"}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.ID != id || back.Parent != (uidext.NullTypeID{TypeID: id, Valid: true}) || *back.Owner != id {
		t.Errorf("%+v", back)
	}
	if err := json.Unmarshal([]byte(`{"id":"User_01h455vb4pex5vsknk084sn02q"}`), &back); err == nil {
		t.Error("bad TypeID in JSON")
	}
	for _, src := range []interface{}{id.String(), []byte(id.String()), id} {
		var got uidext.TypeID
		if err := got.Scan(src); err != nil || got != id {
			t.Errorf("Scan(%#v): %s %v", src, got, err)
		}
	}
	var got uidext.TypeID
	if got.Scan(nil) == nil || got.Scan(id.Bytes()) == nil {
		t.Error("Scan of NULL or 16 bytes (no prefix) succeeded")
	}
	if v, err := id.Value(); v != id.String() || err != nil {
		t.Errorf("Value %v", v)
	}
	var n uidext.NullTypeID
	if n.Scan(nil) != nil || n.Valid || n.Scan(id.String()) != nil || !n.Valid || n.TypeID != id {
		t.Error("NullTypeID")
	}
}
