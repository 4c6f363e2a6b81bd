"""A PostgreSQL server for the tests: the one PGHOST/PGPORT/PGUSER/PGDATABASE name when set,
otherwise a throwaway cluster from `$PG_CONFIG --bindir` (or pg_config on PATH), run as the
postgres user when we are root. Each test module gets a fresh database with uidext installed."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import uuid

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))


def _as_postgres(cmd):
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + cmd
    return cmd


class Server:
    def __init__(self):
        self.tmp = None
        if os.environ.get("PGHOST") or os.environ.get("PGDATABASE"):
            self.host = os.environ.get("PGHOST", "")
            self.port = os.environ.get("PGPORT", "5432")
            self.user = os.environ.get("PGUSER") or None
            self.maintenance_db = os.environ.get("PGDATABASE", "postgres")
        else:
            self._start()

    def _start(self):
        pg_config = os.environ.get("PG_CONFIG") or shutil.which("pg_config")
        if not pg_config:
            raise RuntimeError("no server: set PGHOST/PGDATABASE, or PG_CONFIG to start one")
        bindir = subprocess.check_output([pg_config, "--bindir"], text=True).strip()
        self.bindir = bindir
        self.tmp = tempfile.mkdtemp(prefix="uidext-py-")
        os.chmod(self.tmp, 0o755)
        data, sock = os.path.join(self.tmp, "data"), os.path.join(self.tmp, "sock")
        os.mkdir(sock)
        if os.geteuid() == 0:
            shutil.chown(self.tmp, "postgres", "postgres")
            shutil.chown(sock, "postgres", "postgres")
        subprocess.run(_as_postgres([f"{bindir}/initdb", "-D", data, "-U", "postgres", "-A", "trust",
                                     "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]),
                       check=True, stdout=subprocess.DEVNULL)
        self.port = str(54000 + os.getpid() % 1000)
        # Opaque ids need the library preloaded and a key file (mode 0600, the server's user's).
        keys = os.path.join(self.tmp, "opaque.keys")
        with open(keys, "w") as f:
            f.write("# test key\nk1:000102030405060708090a0b0c0d0e0f\n")
        os.chmod(keys, 0o600)
        if os.geteuid() == 0:
            shutil.chown(keys, "postgres", "postgres")
        opts = (f"-c listen_addresses='' -c unix_socket_directories={sock} -p {self.port} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                f"-c shared_preload_libraries=uidext -c uidext.opaque_key_file={keys}")
        subprocess.run(_as_postgres([f"{bindir}/pg_ctl", "-D", data, "-l", os.path.join(self.tmp, "server.log"),
                                     "-w", "-t", "60", "-o", opts, "start"]),
                       check=True, stdout=subprocess.DEVNULL)
        self.data = data
        self.host, self.user, self.maintenance_db = sock, "postgres", "postgres"

    def stop(self):
        if self.tmp:
            subprocess.run(_as_postgres([f"{self.bindir}/pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop"]),
                           stdout=subprocess.DEVNULL)
            shutil.rmtree(self.tmp, ignore_errors=True)

    def params(self, dbname):
        """Connection keywords for psycopg/psycopg2 (and, host/port/user/database, asyncpg)."""
        p = {"host": self.host, "port": int(self.port), "dbname": dbname}
        if self.user:
            p["user"] = self.user
        return p

    def url(self, dialect, dbname):
        """A SQLAlchemy URL for dialect (e.g. postgresql+psycopg2) on this server."""
        from sqlalchemy.engine import URL
        return URL.create(dialect, username=self.user, database=dbname,
                          query={"host": self.host, "port": str(self.port)})

    def create_database(self, name, extension=True):
        import psycopg
        with psycopg.connect(**self.params(self.maintenance_db), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        if extension:
            with psycopg.connect(**self.params(name), autocommit=True) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS uidext")
        return name

    def install_migrate_state(self, name):
        """CREATE EXTENSION uidext_migrate (uidext-migrate's state table, uidext_migrate.migration):
        schema tools run beside it must not take it for one of the application's tables."""
        import psycopg
        with psycopg.connect(**self.params(name), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS uidext_migrate")
            assert conn.execute("SELECT to_regclass('uidext_migrate.migration') IS NOT NULL").fetchone() == (True,)

    def has_opaque_keys(self, dbname):
        """Whether opaque_encode works here (a server set up by someone else may have no keys)."""
        import psycopg
        with psycopg.connect(**self.params(dbname), autocommit=True) as conn:
            try:
                conn.execute("SELECT opaque_decode(opaque_encode(gen_ulid())::text)")
                return True
            except psycopg.Error:
                return False

    def drop_database(self, name):
        import psycopg
        with psycopg.connect(**self.params(self.maintenance_db), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def server():
    s = Server()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def dbname(server, request):
    """A fresh database with uidext, for this test module."""
    name = "uidext_py_" + request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")
    server.create_database(name)
    yield name
    server.drop_database(name)


@pytest.fixture(scope="module")
def opaque(server, dbname):
    """Skips the test where the server has no opaque id keys (only a server run by others)."""
    if not server.has_opaque_keys(dbname):
        pytest.skip("this server has no uidext.opaque_key_file (opaque ids)")


def fresh_name():
    return "uidext_py_" + uuid.uuid4().hex[:12]


def fk_check_uses_an_index(server, dbname, parent, key, child, column):
    """Deletes the parent row `key` (rolled back) with sequential scans off and tells whether the
    foreign-key check on child(column) scanned an index of that column: a uuid column referencing
    a ulid key needs one built with uuid_ulid_ops (a plain uuid index cannot serve ulid = uuid)."""
    import time

    import psycopg
    with psycopg.connect(**server.params(dbname), autocommit=True) as c:
        def scans():
            c.execute("SELECT pg_stat_force_next_flush()")
            c.execute("SELECT pg_stat_clear_snapshot()")
            return c.execute(
                "SELECT coalesce(sum(s.idx_scan), 0) FROM pg_stat_user_indexes s JOIN pg_index i ON i.indexrelid = s.indexrelid "
                "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
                "WHERE i.indrelid = %s::regclass AND a.attname = %s", [child, column]).fetchone()[0]
        before = scans()
        try:
            with c.transaction(force_rollback=True):
                c.execute("SET LOCAL enable_seqscan = off")
                c.execute("SET CONSTRAINTS ALL IMMEDIATE")  # Django makes them DEFERRABLE INITIALLY DEFERRED
                c.execute(f'DELETE FROM "{parent}" WHERE id = %s::text::ulid', [str(key)])
        except psycopg.errors.ForeignKeyViolation:
            pass  # NO ACTION with children: the check ran, and found them
        for _ in range(50):
            if scans() > before:
                return True
            time.sleep(0.1)
        return False
