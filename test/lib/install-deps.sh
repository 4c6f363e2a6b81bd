# Installs what building and testing uidext needs on Debian (bookworm): PostgreSQL with its
# server headers (clang and LLVM come with them, for the JIT bitcode), a C++ toolchain and
# GoogleTest, libssl-dev (libcrypto: MD5 and SHA-1 of name-based UUIDs), clang-tidy, cppcheck
# and bear (static analysis; libFuzzer comes with libclang-rt-14-dev). Needs root; does
# nothing for packages already present. Source it.
UIDEXT_PG_MAJOR=${UIDEXT_PG_MAJOR:-15}
packages="postgresql-$UIDEXT_PG_MAJOR postgresql-server-dev-$UIDEXT_PG_MAJOR postgresql-contrib g++ make clang libclang-rt-14-dev libgtest-dev libssl-dev libpq-dev clang-tidy cppcheck bear ${UIDEXT_EXTRA_PACKAGES:-}"
# test/cluster: pgbench (comes with postgresql-client-15), psycopg 3 and
# Node.js with npm for node-postgres (only if no node/npm is there yet, e.g. from NodeSource).
packages="$packages python3-psycopg"
# test/cluster/120_debian_package.sh: Debian's PostgreSQL packaging (dpkg-buildpackage, dh --with pgxs, pg_buildext).
packages="$packages debhelper postgresql-server-dev-all"
command -v node >/dev/null 2>&1 || packages="$packages nodejs"
command -v npm >/dev/null 2>&1 || packages="$packages npm"
# Java (javac + java) for test/cluster/091_java_longs.sh: java.util.UUID is the reference.
command -v javac >/dev/null 2>&1 || packages="$packages default-jdk-headless"
# doc/clients pages run as written (test/cluster/093_jdbc.sh, 094_go.sh, 096_rails.sh): pgjdbc, Go with lib/pq and google/uuid, Active Record 6.1 with ruby-pg.
packages="$packages libpostgresql-jdbc-java golang-go golang-github-lib-pq-dev golang-github-google-uuid-dev ruby-activerecord ruby-pg"
# clients/go/run-tests: the Go package with pgx v4 (and pgconn, pgtype), lib/pq, google/uuid and oklog/ulid (GOPATH mode, offline).
packages="$packages golang-go golang-github-jackc-pgx-v4-dev golang-github-lib-pq-dev golang-github-oklog-ulid-dev golang-github-google-uuid-dev"
# clients/python/run-tests: Debian's drivers, ORMs and pytest for the uidext Python package.
packages="$packages python3-psycopg python3-psycopg2 python3-asyncpg python3-sqlalchemy python3-django python3-peewee python3-alembic python3-pytest python3-pytest-asyncio python3-pydantic python3-fastapi python3-httpx python3-djangorestframework python3-pip python3-venv python3-setuptools python3-wheel"
# test/cluster/120_debian_package.sh: lintian on the built packages; 130_pgxn_dist.sh: pgxnclient (pgxn load).
packages="$packages lintian pgxnclient"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "missing packages:$missing (run as root, or install them)" >&2
        exit 1
    fi
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq $missing >/dev/null \
        || { echo "apt-get install failed" >&2; exit 1; }
fi
export PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$UIDEXT_PG_MAJOR/bin/pg_config}
[ -x "$PG_CONFIG" ] || PG_CONFIG=$(command -v pg_config)
