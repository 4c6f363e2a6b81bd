#!/usr/bin/env bash
# Issue 23: doc/clients/go.md runs as written. Its ```sql block makes the schema (a ulid key
# DEFAULT gen_ulid(), a child with a ulid foreign key), then its ```go block runs with Debian's
# Go and lib/pq (GOPATH mode, no module download): a generated key scanned into a string, ULID
# strings as parameters, a uuid.UUID / [16]byte against the ulid key, ulid[] via pq.Array, a
# malformed key refused with 22P02, ON DELETE CASCADE. The printed values must be the database's rows.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/lib/client_pages.sh
PAGE=doc/clients/go.md
export GO111MODULE=off GOPATH=/usr/share/gocode
[ -n "${HOME:-}" ] || export GOCACHE=${GOCACHE:-/tmp/uidext-go-cache}  # go needs a build cache

command -v go >/dev/null || { echo "skipped: no go (test/lib/install-deps.sh installs golang-go)"; exit 0; }
for pkg in github.com/lib/pq github.com/google/uuid; do
    [ -d "$GOPATH/src/$pkg" ] || { echo "skipped: no $GOPATH/src/$pkg (test/lib/install-deps.sh installs golang-github-lib-pq-dev golang-github-google-uuid-dev)"; exit 0; }
done
trap 'stop_clusters go_pq' EXIT
cluster_start go_pq
dir=$(cluster_dir go_pq)
mkdir -p "$dir/example"
doc_blocks "$PAGE" go >"$dir/example/main.go"
check "the page's Go is gofmt-clean" "$(gofmt -l "$dir/example/main.go")" ""
page_database "$PAGE" app

out=$(cd "$dir/example" && PGDATABASE=app timeout 120 go run main.go 2>&1) || fail "main.go exited with $?"
check_orders_example "$out" app

# The pitfalls the page names, with the page's own packages.
cat >"$dir/example/pitfalls.go" <<'GO'
package main

import (
	"database/sql"
	"fmt"

	"github.com/google/uuid"
	_ "github.com/lib/pq"
)

func main() {
	db, _ := sql.Open("postgres", "")
	var u uuid.UUID
	fmt.Println(db.QueryRow(`SELECT gen_ulid()`).Scan(&u))
	var s string
	fmt.Println(db.QueryRow(`SELECT $1::ulid`, [16]byte{}).Scan(&s))
}
GO
out=$(cd "$dir/example" && PGDATABASE=app timeout 120 go run pitfalls.go 2>&1)
check "what the page says fails: uuid.UUID scanning a ulid, a bare [16]byte parameter" "$out" \
"sql: Scan error on column index 0, name \"gen_ulid\": Scan: invalid UUID length: 26
sql: converting argument \$1 type: unsupported type [16]uint8, a array"
finish
