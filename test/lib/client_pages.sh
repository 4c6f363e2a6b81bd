# For the tests that run a client page of doc/clients/ exactly as written (the page is the one
# source of its example). Source after test/cluster/helpers.bash, with a server running.
#   doc_blocks PAGE LANG [N] the page's blocks fenced ```LANG, in page order, without the fences
#                            (only the Nth of them with N); a block right after a
#                            "<!-- doctest: skip (...) -->" line is left out (doc/README.md,
#                            "How the pages are tested")
#   page_database PAGE DB    creates DB with uidext and runs the page's ```sql blocks in it
#   check_orders_example OUT DB
#                            checks the output of the customers/orders example (java.md, go.md)
#                            against the database's rows
doc_blocks() {
    awk -v lang="$2" -v want="${3:-0}" '
        $0 == "```" lang {
            inside = 1
            on = (prev !~ /^<!-- doctest: skip/)
            if (on) n++
            if (want) on = on && n == want
            prev = $0; next
        }
        inside && $0 == "```" { on = 0; inside = 0; prev = $0; next }
        on { print }
        { prev = $0 }' "$1"
}

page_database() {
    q -c "CREATE DATABASE $2" && q -d "$2" -c "CREATE EXTENSION uidext" \
        && q -d "$2" -f <(doc_blocks "$1" sql) >/dev/null || fail "$1: the page's sql blocks in database $2"
}

ULID_RE='[0-9A-HJKMNP-TV-Z]{26}'

# The example prints, in this order:
#   customer: ULID / order: ULID as uuid: UUID / found by HOW: ULID Ada 4.50 [...]
#   orders of ULID: ULID ULID ULID / bad key: 22P02 MESSAGE / deleted customers: 1 orders left: 0
check_orders_example() {
    local out=$1 db=$2 customer order order_uuid ids
    echo "$out" | sed 's/^/    /'
    customer=$(sed -nE "s/^customer: ($ULID_RE)$/\1/p" <<<"$out")
    order=$(sed -nE "s/^order: ($ULID_RE) as uuid: [0-9a-f-]{36}$/\1/p" <<<"$out")
    order_uuid=$(sed -nE "s/^order: $ULID_RE as uuid: ([0-9a-f-]{36})$/\1/p" <<<"$out")
    check_match "the generated key read as ULID text" "$out" "^customer: $ULID_RE$"
    check "the order's uuid is its ulid's 16 bytes" "$(q -d "$db" -c "SELECT '${order:-x}'::ulid::uuid" 2>&1)" "$order_uuid"
    check_match "found by 16 bytes against the ulid key; the join on the ulid foreign key" "$out" \
        "^found by [^:]+: ${order:-x} Ada 4.50( |$)"
    ids=$(sed -nE "s/^orders of ${customer:-x}: (.*)$/\1/p" <<<"$out" | tr ' ' '\n')
    check "ulid[]: three ULID strings in key order, the order among them" \
        "$(grep -cE "^$ULID_RE$" <<<"$ids") $(LC_ALL=C sort -c <<<"$ids" && echo sorted) $(grep -c "^${order:-x}$" <<<"$ids")" \
        "3 sorted 1"
    check_match "a malformed key: the server's 22P02 naming the value" "$out" \
        '^bad key: 22P02 (ERROR: )?invalid input syntax for type ulid: "01J0-not-a-key"$'
    check "delete through a ULID string; ON DELETE CASCADE removed the orders" \
        "$(grep '^deleted customers: ' <<<"$out")" "deleted customers: 1 orders left: 0"
    check "the database agrees: no customers, no orders" \
        "$(q -d "$db" -c "SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM orders)")" "0|0"
}
