"""uidext.sqlalchemy: ULID columns, relations ulid -> ulid and uuid -> ulid through the ORM,
reflection and Alembic autogenerate, on each installed PostgreSQL dialect (the async one runs the
same scenarios through AsyncSession.run_sync)."""
import asyncio
import pathlib
import importlib.util

import pytest
import sqlalchemy as sa
from sqlalchemy import exc as sa_exc
from sqlalchemy.orm import Session, declarative_base, joinedload, relationship, selectinload

from uidext import ULID as Key
from uidext.sqlalchemy import ULID


def _dialects():
    found = ["postgresql+psycopg2"]
    try:  # the psycopg 3 dialect arrived in SQLAlchemy 2.0
        from sqlalchemy.dialects.postgresql import psycopg  # noqa: F401
        found.append("postgresql+psycopg")
    except ImportError:
        pass
    if importlib.util.find_spec("asyncpg"):
        found.append("postgresql+asyncpg")
    return found


Base = declarative_base()


class Order(Base):
    __tablename__ = "orders"
    id = sa.Column(ULID(), primary_key=True, server_default=sa.func.gen_ulid())
    name = sa.Column(sa.String, nullable=False)
    # ulid -> ulid: the ORM's cascade; and ON DELETE/UPDATE CASCADE in the database
    # (passive_deletes: children not loaded are left to ON DELETE CASCADE, loaded ones deleted)
    items = relationship("Item", back_populates="order", cascade="all, delete-orphan")
    lines = relationship("Line", back_populates="order", cascade="all, delete-orphan", passive_deletes=True)
    # uuid -> ulid (an existing uuid column): the ORM's cascade; and the database's
    notes = relationship("Note", back_populates="order", cascade="all, delete-orphan")
    tags = relationship("Tag", back_populates="order", cascade="all, delete-orphan", passive_deletes=True)


def _child(name, table, storage, ondelete):
    fk = sa.ForeignKey("orders.id", ondelete=ondelete, onupdate="CASCADE" if ondelete else None)
    # The index the foreign-key checks use: on a uuid column, built with uuid_ulid_ops.
    ops = {"postgresql_ops": {"order_id": "uuid_ulid_ops"}} if storage == "uuid" else {}
    return type(name, (Base,), {
        "__tablename__": table,
        "__table_args__": (sa.Index(f"{table}_order_id", "order_id", **ops),),
        "id": sa.Column(ULID(), primary_key=True, server_default=sa.func.gen_ulid()),
        "order_id": sa.Column(ULID(storage=storage), fk, nullable=ondelete is None and storage == "ulid" or None),
        "order": relationship("Order", back_populates=table),
    })


Item = _child("Item", "items", "ulid", None)
Line = _child("Line", "lines", "ulid", "CASCADE")
Note = _child("Note", "notes", "uuid", None)
Tag = _child("Tag", "tags", "uuid", "CASCADE")
CHILDREN = {"items": Item, "lines": Line, "notes": Note, "tags": Tag}


@pytest.fixture(params=_dialects())
def run(request, server, dbname):
    """run(fn): fn(session) in a Session on this dialect, tables created fresh; returns its result."""
    url = server.url(request.param, dbname)
    if request.param.endswith("asyncpg"):
        from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

        def runner(fn):
            async def main():
                engine = create_async_engine(url)
                try:
                    async with AsyncSession(engine) as session:
                        return await session.run_sync(fn)
                finally:
                    await engine.dispose()
            return asyncio.run(main())
        runner(lambda s: (Base.metadata.drop_all(s.connection()), Base.metadata.create_all(s.connection()), s.commit()))
        yield runner
    else:
        engine = sa.create_engine(url)
        Base.metadata.drop_all(engine)
        Base.metadata.create_all(engine)

        def runner(fn):
            with Session(engine) as session:
                return fn(session)
        yield runner
        engine.dispose()


def test_ddl_types(run):
    def fn(s):
        return s.execute(sa.text("SELECT table_name, data_type, udt_name FROM information_schema.columns "
                                 "WHERE column_name = 'order_id' ORDER BY 1")).all()
    assert run(fn) == [("items", "USER-DEFINED", "ulid"), ("lines", "USER-DEFINED", "ulid"),
                       ("notes", "uuid", "uuid"), ("tags", "uuid", "uuid")]


def test_server_default_returns_the_key(run):
    def fn(s):
        o = Order(name="a")
        s.add(o)
        s.flush()
        got = s.execute(sa.text("SELECT id::text FROM orders")).scalar_one()
        s.commit()
        return o.id, got
    key, text = run(fn)
    assert type(key) is Key and str(key) == text


@pytest.mark.parametrize("rel", list(CHILDREN))
def test_relation_scenarios(run, rel):
    child = CHILDREN[rel]

    def create(s):
        o = Order(name="o")
        getattr(o, rel).extend([child(), child()])  # children created through the relation
        empty = Order(name="empty")
        s.add_all([o, empty])
        s.commit()
        return o.id, empty.id, sorted(c.id for c in getattr(o, rel))
    oid, empty_id, child_ids = run(create)

    def lazy_and_eager(s):
        o = s.get(Order, oid)
        lazy = sorted(c.id for c in getattr(o, rel))  # lazy load binds the parent key
        s.expunge_all()
        joined = s.execute(sa.select(Order).options(joinedload(getattr(Order, rel)))
                           .where(Order.id == oid)).unique().scalar_one()
        s.expunge_all()
        selectin = s.execute(sa.select(Order).options(selectinload(getattr(Order, rel)))).scalars().all()
        by_parent = {x.id: sorted(c.id for c in getattr(x, rel)) for x in selectin}
        c = s.get(child, child_ids[0])
        return lazy, sorted(c.id for c in getattr(joined, rel)), by_parent, c.order.id, c.order_id
    lazy, joined, by_parent, back, fk = run(lazy_and_eager)
    assert lazy == joined == child_ids and by_parent == {oid: child_ids, empty_id: []}
    assert back == oid and fk == oid and type(fk) is Key

    def filters(s):
        o = s.get(Order, oid)
        by_object = s.execute(sa.select(sa.func.count()).select_from(child).where(child.order == o)).scalar_one()
        by_key = s.execute(sa.select(sa.func.count()).select_from(child).where(child.order_id == oid)).scalar_one()
        by_text = s.execute(sa.select(sa.func.count()).select_from(child).where(child.order_id == str(oid))).scalar_one()
        by_in = s.execute(sa.select(sa.func.count()).select_from(child)
                          .where(child.order_id.in_([oid, empty_id]))).scalar_one()
        has = s.execute(sa.select(Order.name).where(getattr(Order, rel).any(child.id == child_ids[1]))).scalar_one()
        joined = s.execute(sa.select(sa.func.count()).select_from(Order).join(getattr(Order, rel))).scalar_one()
        return by_object, by_key, by_text, by_in, has, joined
    assert run(filters) == (2, 2, 2, 2, "o", 2)

    def bulk(s):
        s.add_all([child(order_id=empty_id) for _ in range(5)])
        s.execute(sa.insert(child), [{"order_id": empty_id} for _ in range(3)])
        s.commit()
        return s.execute(sa.select(sa.func.count()).select_from(child).where(child.order_id == empty_id)).scalar_one()
    assert run(bulk) == 8

    def move(s):  # a new key: the parent's through ON UPDATE CASCADE, else each child's foreign key
        o = s.get(Order, oid)
        if rel in ("items", "notes"):  # no cascade in the database: move the children explicitly
            new = Order(id=Key.generate(), name="o2")
            s.add(new)
            for c in list(getattr(o, rel)):
                c.order = new
            s.flush()
            s.delete(o)
        else:
            new = o
            o.id = Key.generate()
        s.commit()
        s.expire_all()
        return new.id, sorted(c.id for c in getattr(s.get(Order, new.id), rel))
    new_id, moved = run(move)
    assert moved == child_ids

    def delete(s):  # with children, then one left with none
        s.delete(s.get(Order, new_id))
        s.delete(s.get(Order, empty_id))
        s.commit()
        return s.execute(sa.select(sa.func.count()).select_from(child)).scalar_one(), \
            s.execute(sa.select(sa.func.count()).select_from(Order)).scalar_one()
    assert run(delete) == (0, 0)


@pytest.mark.parametrize("rel", list(CHILDREN))
def test_delete_parent_with_its_children_loaded(run, rel):
    """The relationships delete loaded children (ORM cascade) and leave the others to ON DELETE
    CASCADE where the table has it: nothing is nulled, nothing is left behind."""
    child = CHILDREN[rel]

    def fn(s):
        o = Order(name="loaded")
        getattr(o, rel).extend([child(), child()])
        s.add(o)
        s.commit()
        o = s.execute(sa.select(Order).options(selectinload(getattr(Order, rel)))).scalar_one()
        assert len(getattr(o, rel)) == 2  # loaded
        s.delete(o)
        s.commit()
        return s.execute(sa.select(sa.func.count()).select_from(child)).scalar_one()
    assert run(fn) == 0


def test_foreign_key_checks_use_an_index(run, server, dbname):
    from conftest import fk_check_uses_an_index

    def fn(s):  # one order per kind of child: a NO ACTION check that fails stops the others
        orders = {rel: Order(name=rel) for rel in CHILDREN}
        for rel, o in orders.items():
            getattr(o, rel).append(CHILDREN[rel]())
        s.add_all(orders.values())
        s.commit()
        return {rel: o.id for rel, o in orders.items()}
    for table, key in run(fn).items():
        assert fk_check_uses_an_index(server, dbname, "orders", key, table, "order_id"), table


def test_delete_parent_without_children(run):
    def fn(s):
        o = Order(name="alone")
        s.add(o)
        s.commit()
        s.delete(o)  # loads each ORM-cascaded relation (binding the key) and finds nothing
        s.commit()
        return s.execute(sa.select(sa.func.count()).select_from(Order)).scalar_one()
    assert run(fn) == 0


def test_bad_keys_raise_and_write_nothing(run):
    def fn(s):
        errors = []
        for bad in ["01ARZ3NDEKTSV4RRFFQ69G5FAU", "nope", 42]:
            try:
                s.add(Order(id=bad, name="x"))
                s.flush()
            except sa_exc.StatementError as e:
                errors.append(type(e.orig).__name__)
            s.rollback()
        try:
            s.execute(sa.select(Order).where(Order.id == "8ZZZZZZZZZZZZZZZZZZZZZZZZZ")).all()
        except sa_exc.StatementError as e:
            errors.append(type(e.orig).__name__)
        s.rollback()
        try:  # raw SQL with a bad literal: the server's 22P02, whole transaction rolled back
            s.add(Order(name="kept?"))
            s.flush()
            s.execute(sa.text("INSERT INTO orders (id, name) VALUES ('bad', 'x')"))
        except sa_exc.DBAPIError as e:
            errors.append(getattr(e.orig, "sqlstate", None) or getattr(e.orig, "pgcode", None)
                          or type(e.orig).__name__)
        s.rollback()
        return errors, s.execute(sa.select(sa.func.count()).select_from(Order)).scalar_one()
    errors, count = run(fn)
    assert errors[:4] == ["ValueError"] * 4 and len(errors) == 5 and count == 0
    assert errors[4] in ("22P02", "InvalidTextRepresentationError")


def test_reflection_gives_ulid_without_warning(run):
    import warnings

    def fn(s):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return {c["name"]: c["type"] for c in sa.inspect(s.connection()).get_columns("items")}
    cols = run(fn)
    assert isinstance(cols["id"], ULID) and cols["id"].storage == "ulid"


def test_literal_binds():
    key = Key.generate()
    from sqlalchemy.dialects import postgresql
    sql = str(sa.select(Note.id).where(Note.order_id == key).compile(
        dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))
    assert f"notes.order_id = '{key.uuid}'" in sql


def test_alembic_autogenerate_sees_no_change(server, dbname):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    server.install_migrate_state(dbname)  # its table is not the application's: no drop proposed
    engine = sa.create_engine(server.url("postgresql+psycopg2", dbname))
    Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
        assert compare_metadata(ctx, Base.metadata) == []
        # a changed column is still seen: the comparison is not blind
        other = sa.MetaData()
        sa.Table("items", other, sa.Column("id", sa.Text, primary_key=True),
                 sa.Column("order_id", ULID(), sa.ForeignKey("orders.id")))
        Base.metadata.tables["orders"].to_metadata(other)
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), other)
        assert any(d[0][0] == "modify_type" and d[0][3] == "id" for d in diffs if isinstance(d, list))
    engine.dispose()


ALEMBIC_MODELS = '''
import sqlalchemy as sa
from uidext.sqlalchemy import ULID

metadata = sa.MetaData()
sa.Table("shops", metadata, sa.Column("id", ULID(), primary_key=True, server_default=sa.func.gen_ulid()))
sa.Table("visits", metadata,
         sa.Column("id", ULID(), primary_key=True, server_default=sa.func.gen_ulid()),
         sa.Column("shop_id", ULID(), sa.ForeignKey("shops.id"), nullable=False),
         sa.Column("legacy_shop", ULID(storage="uuid")))
sa.Table("legacy_visits", metadata,  # uuid -> ulid, with the index its foreign-key checks use
         sa.Column("id", ULID(), primary_key=True, server_default=sa.func.gen_ulid()),
         sa.Column("shop_id", ULID(storage="uuid"), sa.ForeignKey("shops.id", ondelete="CASCADE"), nullable=False),
         sa.Index("legacy_visits_shop_id", "shop_id", postgresql_ops={"shop_id": "uuid_ulid_ops"}))
'''


def test_alembic_revision_autogenerate_round_trip(server, tmp_path):
    """alembic init / revision --autogenerate / upgrade, then a second autogenerate finds nothing."""
    import sys

    from alembic import command
    from alembic.config import Config
    name = server.create_database("uidext_py_alembic")
    server.install_migrate_state(name)  # a second autogenerate must not propose dropping its table
    (tmp_path / "alembic_models.py").write_text(ALEMBIC_MODELS)
    config = Config(str(tmp_path / "alembic.ini"))
    command.init(config, str(tmp_path / "migrations"))  # writes alembic.ini, env.py, script.py.mako
    config = Config(str(tmp_path / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", server.url("postgresql+psycopg2", name)
                           .render_as_string(hide_password=False).replace("%", "%%"))
    env = tmp_path / "migrations" / "env.py"
    text = env.read_text().replace(
        "target_metadata = None",
        f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\nimport uidext.sqlalchemy\n"
        "from alembic_models import metadata as target_metadata")
    # compare types, as Alembic 1.12+ does by default
    text = text.replace("connection=connection, target_metadata=target_metadata",
                        "connection=connection, target_metadata=target_metadata, compare_type=True")
    assert "compare_type=True" in text
    env.write_text(text)
    mako = tmp_path / "migrations" / "script.py.mako"
    mako.write_text(mako.read_text().replace("import sqlalchemy as sa", "import sqlalchemy as sa\nimport uidext.sqlalchemy"))
    try:
        first = command.revision(config, message="initial", autogenerate=True)
        code = pathlib.Path(first.path).read_text()
        assert "uidext.sqlalchemy.ULID()" in code and "uidext.sqlalchemy.ULID(storage='uuid')" in code
        assert "postgresql_ops={'shop_id': 'uuid_ulid_ops'}" in code  # Alembic writes the operator class
        command.upgrade(config, "head")
        import psycopg
        with psycopg.connect(**server.params(name)) as c:
            assert c.execute("SELECT o.opcname FROM pg_index i JOIN pg_opclass o ON o.oid = i.indclass[0] "
                             "WHERE i.indexrelid = 'legacy_visits_shop_id'::regclass").fetchone() == ("uuid_ulid_ops",)
        second = command.revision(config, message="nothing", autogenerate=True)
        body = pathlib.Path(second.path).read_text()
        upgrade = body[body.index("def upgrade"):body.index("def downgrade")]
        assert "op." not in upgrade, upgrade  # the reflected ulid columns are unchanged
        # and a real change of a ulid column is seen (Alembic skips columns it reflects as NullType)
        command.upgrade(config, "head")
        (tmp_path / "alembic_models.py").write_text(ALEMBIC_MODELS.replace(
            'sa.Column("shop_id", ULID()', 'sa.Column("shop_id", ULID(storage="uuid")'))
        sys.modules.pop("alembic_models", None)
        third = command.revision(config, message="shop_id to uuid", autogenerate=True)
        body = pathlib.Path(third.path).read_text()
        upgrade = body[body.index("def upgrade"):body.index("def downgrade")]
        assert "op.alter_column('visits', 'shop_id'" in upgrade and "existing_type=uidext.sqlalchemy.ULID()" in upgrade
    finally:
        sys.modules.pop("alembic_models", None)
        server.drop_database(name)


def test_storage_is_ulid_or_uuid():
    assert ULID().get_col_spec() == "ULID" and ULID(storage="uuid").get_col_spec() == "UUID"
    with pytest.raises(ValueError, match="'ulid' or 'uuid' expected"):
        ULID(storage="text")


@pytest.mark.parametrize("dialect", [d for d in _dialects() if not d.endswith("asyncpg")] + ["postgresql+asyncpg"])
def test_a_ulid_in_a_uuid_typed_column(server, dbname, dialect):
    """A ULID is a uuid.UUID: SQLAlchemy's own UUID(as_uuid=True) column takes it, as the driver
    sends it (psycopg2: uidext.psycopg2's '...'::ulid, asyncpg: its uuid codec), and gives back
    the uuid.UUID of the same 16 bytes, equal to it."""
    from sqlalchemy.dialects import postgresql
    metadata = sa.MetaData()
    t = sa.Table("plain_uuids", metadata, sa.Column("u", postgresql.UUID(as_uuid=True), primary_key=True))
    key = Key.generate()

    def fn(conn):
        metadata.drop_all(conn)
        metadata.create_all(conn)
        conn.execute(t.insert(), [{"u": key}])
        got = conn.execute(sa.select(t.c.u).where(t.c.u == key)).scalar_one()
        listed = conn.execute(sa.select(sa.func.count()).select_from(t).where(t.c.u.in_([key, Key.generate()]))).scalar_one()
        return got, listed
    if dialect.endswith("asyncpg"):
        from sqlalchemy.ext.asyncio import create_async_engine

        async def main():
            engine = create_async_engine(server.url(dialect, dbname))
            async with engine.begin() as conn:
                result = await conn.run_sync(fn)
            await engine.dispose()
            return result
        got, listed = asyncio.run(main())
    else:
        engine = sa.create_engine(server.url(dialect, dbname))
        with engine.begin() as conn:
            got, listed = fn(conn)
        engine.dispose()
    assert got == key and str(got) == str(key.uuid) and listed == 1
