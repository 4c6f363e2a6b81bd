"""uidext.sqlalchemy TypeID: per-prefix TypeID keys referenced by TypeID foreign keys through the
ORM (ORM cascade and ON DELETE CASCADE), on the psycopg2 and asyncpg dialects; server defaults,
reflection, Alembic autogenerate and the typeid_define / typeid_drop pair in a migration."""
import asyncio
import importlib.util
import pathlib
import sys
import warnings

import pytest
import sqlalchemy as sa
from sqlalchemy import exc as sa_exc
from sqlalchemy.orm import Session, declarative_base, joinedload, relationship, selectinload

from uidext import TypeID as Key
from uidext.sqlalchemy import TypeID

DEFINE = ("SELECT typeid_define(p) FROM unnest(ARRAY['shop', 'item', 'line']) p "
          "WHERE to_regtype(p || '_id') IS NULL")

Base = declarative_base()


class Shop(Base):
    __tablename__ = "shops"
    id = sa.Column(TypeID("shop"), primary_key=True, server_default=sa.func.gen_shop_id())
    name = sa.Column(sa.String, nullable=False)
    subject = sa.Column(TypeID())  # the general typeid: any prefix
    items = relationship("Item", back_populates="shop", cascade="all, delete-orphan")  # the ORM's cascade
    # ON DELETE CASCADE: the database deletes the children not loaded, the ORM the loaded ones
    lines = relationship("Line", back_populates="shop", cascade="all, delete-orphan", passive_deletes=True)


class Item(Base):
    __tablename__ = "items"
    id = sa.Column(TypeID("item"), primary_key=True, server_default=sa.func.gen_item_id())
    shop_id = sa.Column(TypeID("shop"), sa.ForeignKey("shops.id"), nullable=False)
    shop = relationship("Shop", back_populates="items")


class Line(Base):
    __tablename__ = "lines"
    id = sa.Column(TypeID("line"), primary_key=True, server_default=sa.func.gen_line_id())
    shop_id = sa.Column(TypeID("shop"), sa.ForeignKey("shops.id", ondelete="CASCADE"), nullable=False)
    shop = relationship("Shop", back_populates="lines")


CHILDREN = {"items": Item, "lines": Line}


def _dialects():
    found = ["postgresql+psycopg2"]
    if importlib.util.find_spec("asyncpg"):
        found.append("postgresql+asyncpg")
    return found


def _reset(connection):
    Base.metadata.drop_all(connection)
    connection.execute(sa.text(DEFINE))
    Base.metadata.create_all(connection)


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
        runner(lambda s: (_reset(s.connection()), s.commit()))
        yield runner
    else:
        engine = sa.create_engine(url)
        with engine.begin() as c:
            _reset(c)

        def runner(fn):
            with Session(engine) as session:
                return fn(session)
        yield runner
        engine.dispose()


def test_ddl_and_server_default(run):
    def fn(s):
        cols = s.execute(sa.text("SELECT table_name || '.' || column_name, udt_name FROM information_schema.columns "
                                 "WHERE table_name IN ('shops', 'items', 'lines') AND udt_name <> 'varchar' "
                                 "ORDER BY 1")).all()
        shop = Shop(name="a", subject=Key.generate("user"))
        s.add(shop)
        s.flush()  # the key comes back from gen_shop_id() (RETURNING)
        text = s.execute(sa.text("SELECT id::text FROM shops")).scalar_one()
        s.commit()
        return cols, shop.id, text
    cols, key, text = run(fn)
    assert cols == [("items.id", "item_id"), ("items.shop_id", "shop_id"), ("lines.id", "line_id"),
                    ("lines.shop_id", "shop_id"), ("shops.id", "shop_id"), ("shops.subject", "typeid")]
    assert type(key) is Key and key.prefix == "shop" and str(key) == text


@pytest.mark.parametrize("rel", list(CHILDREN))
def test_relation_scenarios(run, rel):
    child = CHILDREN[rel]

    def create(s):
        shop = Shop(name="o", subject=Key.generate("user"))
        getattr(shop, rel).extend([child(), child()])  # children created through the relation
        empty = Shop(name="empty")
        s.add_all([shop, empty])
        s.commit()
        return shop.id, empty.id, sorted(c.id for c in getattr(shop, rel))
    sid, empty_id, child_ids = run(create)
    assert all(type(c) is Key and c.prefix == child.__tablename__[:-1] for c in child_ids)

    def lazy_and_eager(s):
        shop = s.get(Shop, sid)
        lazy = sorted(c.id for c in getattr(shop, rel))
        s.expunge_all()
        joined = s.execute(sa.select(Shop).options(joinedload(getattr(Shop, rel))).where(Shop.id == sid)
                           ).unique().scalar_one()
        s.expunge_all()
        selectin = s.execute(sa.select(Shop).options(selectinload(getattr(Shop, rel)))).scalars().all()
        by_parent = {x.id: sorted(c.id for c in getattr(x, rel)) for x in selectin}
        c = s.get(child, child_ids[0])
        return lazy, sorted(c.id for c in getattr(joined, rel)), by_parent, c.shop.id, c.shop_id
    lazy, joined, by_parent, back, fk = run(lazy_and_eager)
    assert lazy == joined == child_ids and by_parent == {sid: child_ids, empty_id: []}
    assert back == fk == sid and type(fk) is Key

    def filters(s):
        shop = s.get(Shop, sid)
        count = lambda q: s.execute(sa.select(sa.func.count()).select_from(child).where(q)).scalar_one()  # noqa: E731
        counts = (count(child.shop == shop), count(child.shop_id == sid), count(child.shop_id == str(sid)),
                  count(child.shop_id.in_([sid, empty_id])), count(child.id.in_(child_ids)))
        has = s.execute(sa.select(Shop.name).where(getattr(Shop, rel).any(child.id == child_ids[1]))).scalar_one()
        per_shop = dict(s.execute(sa.select(Shop.id, sa.func.count(child.id)).outerjoin(getattr(Shop, rel))
                                  .group_by(Shop.id)).all())  # reverse counts
        return counts, has, per_shop
    assert run(filters) == ((2, 2, 2, 2, 2), "o", {sid: 2, empty_id: 0})

    def bulk(s):
        s.add_all([child(shop_id=empty_id) for _ in range(5)])
        s.execute(sa.insert(child), [{"shop_id": empty_id} for _ in range(3)])
        s.commit()
        return s.execute(sa.select(sa.func.count()).select_from(child).where(child.shop_id == empty_id)).scalar_one()
    assert run(bulk) == 8

    def delete(s):  # one with children loaded (the ORM's cascade or the database's), one without
        shop = s.get(Shop, sid)
        assert len(getattr(shop, rel)) == 2
        s.delete(shop)
        s.commit()
        left = s.execute(sa.select(sa.func.count()).select_from(child)).scalar_one()
        s.delete(s.get(Shop, empty_id))
        s.commit()
        return left, s.execute(sa.select(sa.func.count()).select_from(child)).scalar_one(), \
            s.execute(sa.select(sa.func.count()).select_from(Shop)).scalar_one()
    assert run(delete) == (8, 0, 0)


def test_delete_parent_without_children(run):
    def fn(s):
        shop = Shop(name="alone")
        s.add(shop)
        s.commit()
        s.delete(shop)  # loads the ORM-cascaded relation (binding the key) and finds nothing
        s.commit()
        return s.execute(sa.select(sa.func.count()).select_from(Shop)).scalar_one()
    assert run(fn) == 0


def test_bad_keys_raise_and_write_nothing(run):
    def fn(s):
        errors = []
        for bad in ["item_01h455vb4pex5vsknk084sn02q", Key.generate("item"), "shop_01H455VB4PEX5VSKNK084SN02Q", 42]:
            try:
                s.add(Shop(id=bad, name="x"))
                s.flush()
            except sa_exc.StatementError as e:
                errors.append(str(e.orig))
            s.rollback()
        return errors, s.execute(sa.select(sa.func.count()).select_from(Shop)).scalar_one()
    errors, count = run(fn)
    assert count == 0 and len(errors) == 4 and all(e.startswith("invalid TypeID") for e in errors)
    assert 'the prefix is "item"; expected "shop"' in errors[0] and "'H' at position" in errors[2]


def test_reflection_gives_typeid_without_warning(run):
    def fn(s):
        s.execute(sa.text("SELECT typeid_define('org', 'org_key') WHERE to_regtype('org_key') IS NULL"))
        s.execute(sa.text("CREATE TABLE keyed (k org_key, ks org_key[])"))  # rolled back below
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            inspector = sa.inspect(s.connection())
            cols = {c["name"]: c["type"] for c in inspector.get_columns("items")}
            cols.update({c["name"]: c["type"] for c in inspector.get_columns("shops")})
            cols.update({c["name"]: c["type"] for c in inspector.get_columns("keyed")})
        s.rollback()
        return {k: repr(v) for k, v in cols.items()}
    cols = run(fn)
    assert cols["id"] in ("TypeID('item')", "TypeID('shop')") and cols["shop_id"] == "TypeID('shop')"
    assert cols["subject"] == "TypeID()" and cols["k"] == "TypeID('org', type_name='org_key')"
    assert cols["ks"] == "ARRAY(TypeID('org', type_name='org_key'))"


def test_literal_binds_and_col_spec():
    from sqlalchemy.dialects import postgresql
    key = Key.generate("shop")
    sql = str(sa.select(Item.id).where(Item.shop_id == key).compile(
        dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}))
    assert f"items.shop_id = '{key}'" in sql
    assert TypeID("org", type_name="org_key").get_col_spec() == "org_key" and TypeID().get_col_spec() == "typeid"
    with pytest.raises(ValueError, match="invalid TypeID prefix 'Org'"):
        TypeID("Org")


def test_alembic_compare_metadata_sees_no_change(server, dbname):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    engine = sa.create_engine(server.url("postgresql+psycopg2", dbname))
    with engine.begin() as conn:
        _reset(conn)
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
        assert compare_metadata(ctx, Base.metadata) == []
        other = sa.MetaData()  # a changed column is still seen
        sa.Table("items", other, sa.Column("id", TypeID("item"), primary_key=True),
                 sa.Column("shop_id", TypeID(), sa.ForeignKey("shops.id")))
        Base.metadata.tables["shops"].to_metadata(other)
        diffs = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), other)
        assert any(d[0][0] == "modify_type" and d[0][3] == "shop_id" for d in diffs if isinstance(d, list))
    engine.dispose()


ALEMBIC_MODELS = '''
import sqlalchemy as sa
from uidext.sqlalchemy import TypeID

metadata = sa.MetaData()
sa.Table("teams", metadata, sa.Column("id", TypeID("team"), primary_key=True, server_default=sa.func.gen_team_id()))
sa.Table("players", metadata,
         sa.Column("id", TypeID("player"), primary_key=True, server_default=sa.func.gen_player_id()),
         sa.Column("team_id", TypeID("team"), sa.ForeignKey("teams.id", ondelete="CASCADE"), nullable=False))
'''
# What the page tells users to add to the autogenerated revision (autogenerate does not write it).
DEFINE_OPS = '''def upgrade() -> None:
    op.execute("SELECT typeid_define('team')")
    op.execute("SELECT typeid_define('player')")
'''
DROP_OPS = '''
    op.execute("SELECT typeid_drop('player_id')")
    op.execute("SELECT typeid_drop('team_id')")
'''


def test_alembic_revision_autogenerate_upgrade_downgrade(server, tmp_path):
    """alembic init / revision --autogenerate (+ the typeid_define / typeid_drop pair) / upgrade;
    a second autogenerate finds nothing; downgrade drops the tables and the types."""
    from alembic import command
    from alembic.config import Config
    name = server.create_database("uidext_py_typeid_alembic")
    (tmp_path / "typeid_models.py").write_text(ALEMBIC_MODELS)
    config = Config(str(tmp_path / "alembic.ini"))
    command.init(config, str(tmp_path / "migrations"))
    config = Config(str(tmp_path / "alembic.ini"))
    config.set_main_option("sqlalchemy.url", server.url("postgresql+psycopg2", name)
                           .render_as_string(hide_password=False).replace("%", "%%"))
    env = tmp_path / "migrations" / "env.py"
    env.write_text(env.read_text().replace(
        "target_metadata = None",
        f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\nimport uidext.sqlalchemy\n"
        "from typeid_models import metadata as target_metadata").replace(
        "connection=connection, target_metadata=target_metadata",
        "connection=connection, target_metadata=target_metadata, compare_type=True"))
    mako = tmp_path / "migrations" / "script.py.mako"
    mako.write_text(mako.read_text().replace("import sqlalchemy as sa", "import sqlalchemy as sa\nimport uidext.sqlalchemy"))
    engine = sa.create_engine(server.url("postgresql+psycopg2", name))
    try:
        first = pathlib.Path(command.revision(config, message="initial", autogenerate=True).path)
        code = first.read_text()
        assert "uidext.sqlalchemy.TypeID('team')" in code and "sa.text('gen_team_id()')" in code
        code = code.replace("def upgrade() -> None:\n", DEFINE_OPS)
        downgrade = code.index("def downgrade()")
        code = code[:downgrade] + code[downgrade:].rstrip() + "\n" + DROP_OPS
        first.write_text(code)
        command.upgrade(config, "head")
        with engine.begin() as c:
            team = c.execute(sa.text("INSERT INTO teams DEFAULT VALUES RETURNING id::text")).scalar_one()
            c.execute(sa.text("INSERT INTO players (team_id) VALUES (:t)"), {"t": team})
        second = pathlib.Path(command.revision(config, message="nothing", autogenerate=True).path)
        body = second.read_text()
        assert "op." not in body[body.index("def upgrade"):body.index("def downgrade")]
        second.unlink()
        command.downgrade(config, "base")
        with engine.connect() as c:
            assert c.execute(sa.text("SELECT to_regtype('team_id'), to_regtype('player_id'), "
                                     "to_regclass('teams')")).one() == (None, None, None)
    finally:
        engine.dispose()
        sys.modules.pop("typeid_models", None)
        server.drop_database(name)
