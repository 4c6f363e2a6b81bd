#!/usr/bin/env bash
# Issue 23: doc/clients/rails.md runs as written with Debian's Active Record 6.1 and ruby-pg.
# Its four ```ruby blocks (the initializer, the migration, the models, the usage) run in that
# order in one Ruby process, the migration with CreateShop.migrate(:up), then:
#  - no "unknown OID" warning (the ulid type is registered);
#  - the migration made ulid keys DEFAULT gen_ulid(), ulid and uuid foreign keys to them;
#  - creation through has_many, belongs_to loads, eager loading, a filter through the relation,
#    the uuid column holding ULID keys (ULID text in Ruby, the same 16 bytes in the database),
#    a malformed key refused by the server (22P02), destroy with dependent: :destroy and with
#    ON DELETE CASCADE; every printed value is checked against the database;
#  - schema.rb (ActiveRecord::SchemaDumper) writes the ulid tables and loads back into an empty
#    database as the same tables (pg_dump --schema-only of both equal); uidext_migrate installed,
#    it names that extension and not its state table.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
. test/lib/client_pages.sh
PAGE=doc/clients/rails.md

command -v ruby >/dev/null || { echo "skipped: no ruby (test/lib/install-deps.sh installs ruby-activerecord)"; exit 0; }
ruby -e 'require "active_record"; require "pg"' 2>/dev/null \
    || { echo "skipped: Active Record or ruby-pg missing (test/lib/install-deps.sh installs ruby-activerecord ruby-pg)"; exit 0; }
trap 'stop_clusters rails' EXIT
cluster_start rails
dir=$(cluster_dir rails)
for n in 1 2 3 4; do doc_blocks "$PAGE" ruby $n >"$dir/block$n.rb"; done
q -c "CREATE DATABASE app" -c "CREATE DATABASE app_from_schema"
# uidext-migrate's state is there while Rails dumps the schema (its migration's enable_extension
# "uidext" then finds uidext): schema.rb must not take its table for one of the app's.
q -d app -c "CREATE EXTENSION uidext" -c "CREATE EXTENSION uidext_migrate"

# The test's own harness (not on the page): connect through libpq's PG* variables, then what
# a Rails app does: initializers, db:migrate, the models, the code.
cat >"$dir/run.rb" <<'RUBY'
require "active_record"
dir = ARGV[0]
ActiveRecord::Base.establish_connection(adapter: "postgresql", database: ENV.fetch("PGDATABASE"))
load "#{dir}/block1.rb"
load "#{dir}/block2.rb"
ActiveRecord::Migration.verbose = false
CreateShop.migrate(:up)
load "#{dir}/block3.rb"
load "#{dir}/block4.rb"
File.open("#{dir}/schema.rb", "w") { |f| ActiveRecord::SchemaDumper.dump(ActiveRecord::Base.connection, f) }
RUBY
out=$(cd "$dir" && PGDATABASE=app timeout 120 ruby run.rb "$dir" 2>"$dir/stderr") || fail "the page's Ruby exited with $?"
echo "$out" | sed 's/^/    /'
sed 's/^/    stderr: /' "$dir/stderr"
check "no warning on stderr (no unknown OID)" "$(cat "$dir/stderr")" ""

check "the migration: ulid keys DEFAULT gen_ulid(), a uuid key DEFAULT gen_uuidv7(), ulid and uuid foreign keys" \
    "$(q -d app -c "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || udt_name || ' ' || coalesce(column_default, '-')
                    FROM information_schema.columns WHERE column_name IN ('id', 'customer_id') AND table_schema = 'public' ORDER BY 1")" \
"customers.id USER-DEFINED ulid gen_ulid()
orders.customer_id USER-DEFINED ulid -
orders.id USER-DEFINED ulid gen_ulid()
payments.customer_id uuid uuid -
payments.id uuid uuid gen_uuidv7()
reviews.customer_id USER-DEFINED ulid -
reviews.id USER-DEFINED ulid gen_ulid()"
check "the migration: foreign keys (orders ON DELETE CASCADE)" \
    "$(q -d app -c "SELECT conrelid::regclass || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'f' ORDER BY 1")" \
"orders FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
payments FOREIGN KEY (customer_id) REFERENCES customers(id)
reviews FOREIGN KEY (customer_id) REFERENCES customers(id)"

customer=$(sed -nE "s/^customer: ($ULID_RE)$/\1/p" <<<"$out")
check_match "the generated key is ULID text" "$out" "^customer: $ULID_RE$"
check_match "belongs_to loads the customer of an order created through has_many" "$out" "^order: $ULID_RE of Ada$"
check "the uuid column shows the customer's ULID text in Ruby" \
    "$(sed -nE 's/^payment: [0-9a-f-]{36} customer_id: (.*)$/\1/p' <<<"$out")" "${customer:-x}"
check "the uuid column stores the customer key's 16 bytes" \
    "$(sed -nE 's/^stored as: (.*)$/\1/p' <<<"$out")" "$(q -d app -c "SELECT '${customer:-x}'::ulid::uuid" 2>&1)"
check "eager loading (includes) of the three relations" "$(grep '^loaded: ' <<<"$out")" "loaded: 2 orders, 1 reviews, 1 payments"
check "filter through a relation (joins, where(customer: ...))" "$(grep '^by related key: ' <<<"$out")" "by related key: 2 orders, 14.4 paid"
check "find by the key's UUID text" "$(grep '^found by uuid text: ' <<<"$out")" "found by uuid text: true"
check "a malformed key: the server's 22P02 naming the value" "$(grep '^bad key: ' <<<"$out")" \
    'bad key: PG::InvalidTextRepresentation: ERROR:  invalid input syntax for type ulid: "01J0-not-a-key"'
check "destroy: reviews and payments by dependent: :destroy, orders by ON DELETE CASCADE" \
    "$(grep '^left: ' <<<"$out")" "left: 0 orders, 0 reviews, 0 payments"
check "the database agrees: nothing left" \
    "$(q -d app -c "SELECT (SELECT count(*) FROM customers) + (SELECT count(*) FROM orders) + (SELECT count(*) FROM reviews) + (SELECT count(*) FROM payments)")" 0

echo "== schema.rb"
sed 's/^/    /' "$dir/schema.rb"
check_match "schema.rb: the ulid key and its default" "$(cat "$dir/schema.rb")" '^  create_table "customers", id: :ulid, default: -> \{ "gen_ulid\(\)" \}, force: :cascade do \|t\|$'
check_match "schema.rb: t.ulid foreign key columns" "$(cat "$dir/schema.rb")" '^    t\.ulid "customer_id", null: false$'
check "schema.rb: no table it could not dump" "$(grep -c 'Could not dump' "$dir/schema.rb")" 0
check "schema.rb: uidext-migrate's state is the extension uidext_migrate, not a table of the app's" \
    "$(grep -c '^  enable_extension "uidext_migrate"$' "$dir/schema.rb") $(grep -c 'migration"' "$dir/schema.rb")" "1 0"
cat >"$dir/load_schema.rb" <<'RUBY'
require "active_record"
ActiveRecord::Base.establish_connection(adapter: "postgresql", database: ENV.fetch("PGDATABASE"))
load "#{ARGV[0]}/block1.rb"
ActiveRecord::Schema.verbose = false
load "#{ARGV[0]}/schema.rb"
RUBY
(cd "$dir" && PGDATABASE=app_from_schema timeout 60 ruby load_schema.rb "$dir") || fail "loading schema.rb"
# (Schema.define adds Rails' own two tables; pg_dump 15.14+ adds a random \restrict key.)
schema_of() { pg_dump -s -T ar_internal_metadata -T schema_migrations -d "$1" | grep -vE '^--|^$|^\\(un)?restrict ' ; }
check "schema.rb loads back as the same tables (pg_dump --schema-only)" "$(schema_of app_from_schema)" "$(schema_of app)"

echo "== what the page says happens without the initializer"
cat >"$dir/unregistered.rb" <<'RUBY'
require "active_record"
ActiveRecord::Base.establish_connection(adapter: "postgresql", database: ENV.fetch("PGDATABASE"))
class Customer < ActiveRecord::Base; end
Customer.columns
ActiveRecord::SchemaDumper.dump(ActiveRecord::Base.connection, $stdout)
RUBY
out=$(cd "$dir" && PGDATABASE=app timeout 60 ruby unregistered.rb 2>&1)
check_match "without it: the unknown OID warning" "$out" "^unknown OID [0-9]+: failed to recognize type of 'id'. It will be treated as String.$"
check_match "without it: schema.rb cannot dump the ulid tables" "$out" \
    '^# Could not dump table "customers" because of following StandardError$'
check_match "without it: ... because of the ulid type" "$out" "^#   Unknown type 'ulid' for column 'id'$"

echo "== the initializer's ULID <-> UUID text conversions == the server's casts"
q -d app -c "CREATE TABLE pairs AS SELECT u::text AS ulid, u::uuid::text AS uuid FROM (
                 SELECT gen_ulid() FROM generate_series(1, 2000)
                 UNION ALL SELECT gen_random_uuid()::ulid FROM generate_series(1, 2000)
                 UNION ALL VALUES ('00000000000000000000000000'::ulid), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
                                  ('00000000000000000000000001'), ('70000000000000000000000000')) AS t(u)"
cat >"$dir/conversions.rb" <<'RUBY'
require "active_record"
load "#{ARGV[0]}/block1.rb"
checked = 0
$stdin.each_line do |line|
  checked += 1
  ulid, uuid = line.chomp.split("|")
  puts "#{ulid} -> #{Uidext.ulid_to_uuid(ulid)}" unless Uidext.ulid_to_uuid(ulid) == uuid && Uidext.ulid_to_uuid(ulid.downcase) == uuid
  puts "#{uuid} -> #{Uidext.uuid_to_ulid(uuid)}" unless Uidext.uuid_to_ulid(uuid) == ulid
end
puts "checked #{checked}"
# What is no key goes to the server unchanged (which refuses it), never as another value.
type = Uidext::UlidInUuid.new
%w[01J0-not-a-key 8ZZZZZZZZZZZZZZZZZZZZZZZZZ 01ARZ3NDEKTSV4RRFFQ69G5FAI].each do |bad|
  puts "#{bad}: serialize #{type.serialize(bad)} cast #{type.cast(bad)}" unless type.serialize(bad) == bad && type.cast(bad) == bad
end
RUBY
check "Uidext.ulid_to_uuid / uuid_to_ulid both ways on 4004 values (random, v4 and the extremes): no mismatch; malformed keys pass unchanged" \
    "$(q -d app -c "SELECT ulid, uuid FROM pairs" | timeout 60 ruby "$dir/conversions.rb" "$dir" 2>&1 | head -5)" "checked 4004"
finish
