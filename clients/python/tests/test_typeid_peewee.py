"""uidext.peewee TypeIDField: per-prefix TypeID keys filled by the database, referenced by TypeID
foreign keys (peewee's recursive delete and ON DELETE CASCADE); the general typeid; bad input."""
import peewee as pw
import pytest

from uidext import TypeID
from uidext.peewee import TypeIDField

db = pw.PostgresqlDatabase(None)


class Base(pw.Model):
    class Meta:
        database = db


class Shop(Base):
    id = TypeIDField("shop", primary_key=True)
    name = pw.CharField()
    subject = TypeIDField(null=True)  # the general typeid


class Item(Base):  # peewee's cascade (delete_instance(recursive=True))
    id = TypeIDField("item", primary_key=True)
    shop = pw.ForeignKeyField(Shop, backref="items")
    n = pw.IntegerField(default=0)


class Line(Base):  # ON DELETE CASCADE in the database
    id = TypeIDField("line", type_name="line_key", primary_key=True)
    shop = pw.ForeignKeyField(Shop, backref="lines", on_delete="CASCADE")
    n = pw.IntegerField(default=0)


CHILDREN = {"items": Item, "lines": Line}


@pytest.fixture
def database(server, dbname):
    db.init(dbname, host=server.host, port=server.port, user=server.user)
    db.connect(reuse_if_open=True)
    db.drop_tables([Line, Item, Shop])
    db.execute_sql("SELECT typeid_define('shop') WHERE to_regtype('shop_id') IS NULL")
    db.execute_sql("SELECT typeid_define('item') WHERE to_regtype('item_id') IS NULL")
    db.execute_sql("SELECT typeid_define('line', 'line_key') WHERE to_regtype('line_key') IS NULL")
    db.create_tables([Shop, Item, Line])
    yield db
    db.close()


def test_ddl_and_keys(database):
    cols = {(t, c): u for t, c, u in database.execute_sql(
        "SELECT table_name, column_name, udt_name FROM information_schema.columns "
        "WHERE table_name IN ('shop', 'item', 'line') AND udt_name NOT IN ('varchar', 'int4')")}
    assert cols == {("shop", "id"): "shop_id", ("shop", "subject"): "typeid", ("item", "id"): "item_id",
                    ("item", "shop_id"): "shop_id", ("line", "id"): "line_key", ("line", "shop_id"): "shop_id"}
    s = Shop.create(name="a", subject=TypeID.generate("user"))
    assert type(s.id) is TypeID and s.id.prefix == "shop"
    again = Shop.get_by_id(s.id)
    assert again.name == "a" and again.subject == s.subject and type(Shop.get(Shop.name == "a").id) is TypeID
    assert database.execute_sql("SELECT id::text FROM shop").fetchone()[0] == str(s.id)
    assert Line.create(shop=s).id.prefix == "line"


@pytest.mark.parametrize("rel", list(CHILDREN))
def test_relation_scenarios(database, rel):
    child = CHILDREN[rel]
    s, empty = Shop.create(name="s"), Shop.create(name="empty")
    a = child.create(shop=s, n=1)
    b = child.create(shop=s.id, n=2)
    assert type(a.id) is TypeID and a.shop_id == s.id and type(b.shop_id) is TypeID
    # lazy, eager (join and prefetch)
    assert child.get_by_id(a.id).shop.name == "s"
    assert sorted(c.n for c in getattr(s, rel)) == [1, 2]
    assert child.select(child, Shop).join(Shop).where(child.id == b.id).get().shop.name == "s"
    pre = {x.id: sorted(c.n for c in getattr(x, rel)) for x in pw.prefetch(Shop.select(), child.select())}
    assert pre == {s.id: [1, 2], empty.id: []}
    # filters by object, key, text, lists; reverse counts
    assert child.select().where(child.shop == s).count() == 2
    assert child.select().where(child.shop.in_([s.id, empty.id])).count() == 2
    assert child.select().where(child.shop == str(s.id)).count() == 2
    assert child.select().where(child.id.in_([a.id, str(b.id)])).count() == 2
    assert getattr(s, rel).count() == 2 and getattr(empty, rel).count() == 0
    counts = {x.name: x.c for x in Shop.select(Shop.name, pw.fn.COUNT(child.id).alias("c"))
              .join(child, pw.JOIN.LEFT_OUTER).group_by(Shop.name)}
    assert counts == {"s": 2, "empty": 0}
    # bulk
    child.insert_many([{"shop": empty, "n": i} for i in range(5)]).execute()
    child.bulk_create([child(shop=empty, n=9) for _ in range(3)])
    assert getattr(empty, rel).count() == 8
    child.update(shop=s).where(child.shop == empty).execute()
    assert getattr(s, rel).count() == 10
    # delete: no children, then with children (peewee's recursive delete or the database's)
    assert empty.delete_instance(recursive=True) == 1
    s.delete_instance(recursive=rel == "items")
    assert child.select().count() == 0 and Shop.select().count() == 0


def test_bad_input(database):
    s = Shop.create(name="s")
    with pytest.raises(ValueError, match='the prefix is "item"; expected "shop"'):
        Shop.select().where(Shop.id == TypeID.generate("item")).count()
    with pytest.raises(ValueError, match="invalid TypeID 'shop_01H455VB4PEX5VSKNK084SN02Q'"):
        Item.create(shop="shop_01H455VB4PEX5VSKNK084SN02Q")
    with pytest.raises(ValueError, match="expected \"shop\""):
        Item(shop=TypeID.generate("item")).save()  # checked before anything is sent
    with pytest.raises(pw.DataError):
        with database.atomic():
            database.execute_sql("INSERT INTO item (shop_id) VALUES (%s)", [str(TypeID.generate("line"))])
    assert Item.select().count() == 0 and Shop.select().count() == 1 and s.id
    with pytest.raises(ValueError, match="invalid TypeID prefix"):
        TypeIDField("Shop")
