"""uidext.peewee: ULIDField keys filled by the database, relations ulid -> ulid and uuid -> ulid."""
import peewee as pw
import psycopg2
import pytest

from uidext import ULID
from uidext.peewee import ULIDField, ULIDForeignKeyField

db = pw.PostgresqlDatabase(None)


class Base(pw.Model):
    class Meta:
        database = db


class Order(Base):
    id = ULIDField(primary_key=True)
    name = pw.CharField()


class Item(Base):  # ulid -> ulid, peewee's cascade (delete_instance(recursive=True))
    id = ULIDField(primary_key=True)
    order = pw.ForeignKeyField(Order, backref="items")
    n = pw.IntegerField(default=0)


class Line(Base):  # ulid -> ulid, ON DELETE CASCADE in the database
    id = ULIDField(primary_key=True)
    order = pw.ForeignKeyField(Order, backref="lines", on_delete="CASCADE", on_update="CASCADE")
    n = pw.IntegerField(default=0)


class Note(Base):  # uuid -> ulid, peewee's cascade
    id = ULIDField(primary_key=True)
    order = ULIDForeignKeyField(Order, backref="notes", storage="uuid")
    n = pw.IntegerField(default=0)


class Tag(Base):  # uuid -> ulid, ON DELETE CASCADE in the database
    id = ULIDField(primary_key=True)
    order = ULIDForeignKeyField(Order, backref="tags", storage="uuid", on_delete="CASCADE", on_update="CASCADE")
    n = pw.IntegerField(default=0)


class Ticket(Base):
    code = ULIDField(null=True)
    ref = ULIDField(storage="uuid", null=True)


CHILDREN = {"items": Item, "lines": Line, "notes": Note, "tags": Tag}


@pytest.fixture
def database(server, dbname):
    db.init(dbname, host=server.host, port=server.port, user=server.user)
    db.connect(reuse_if_open=True)
    db.drop_tables([Ticket, Tag, Note, Line, Item, Order])
    db.create_tables([Order, Item, Line, Note, Tag, Ticket])
    yield db
    db.close()


def test_ddl_and_keys(database):
    cols = {(t, c): u for t, c, u in database.execute_sql(
        "SELECT table_name, column_name, udt_name FROM information_schema.columns WHERE column_name IN ('id', 'order_id')")}
    assert cols[("order", "id")] == "ulid" and cols[("item", "order_id")] == "ulid" and cols[("note", "order_id")] == "uuid"
    o = Order.create(name="a")
    assert type(o.id) is ULID
    assert Order.get_by_id(o.id).name == "a" and type(Order.get(Order.name == "a").id) is ULID
    assert database.execute_sql("SELECT id::text FROM \"order\"").fetchone()[0] == str(o.id)


@pytest.mark.parametrize("rel", list(CHILDREN))
def test_relation_scenarios(database, rel):
    child = CHILDREN[rel]
    o, empty = Order.create(name="o"), Order.create(name="empty")
    a = child.create(order=o, n=1)
    b = child.create(order=o.id, n=2)
    assert type(a.id) is ULID and a.order_id == o.id
    # lazy, eager (join and prefetch)
    assert child.get_by_id(a.id).order.name == "o"
    assert sorted(c.n for c in getattr(o, rel)) == [1, 2]
    joined = child.select(child, Order).join(Order).where(child.id == b.id).get()
    assert joined.order.name == "o"
    pre = {x.id: sorted(c.n for c in getattr(x, rel)) for x in pw.prefetch(Order.select(), child.select())}
    assert pre == {o.id: [1, 2], empty.id: []}
    # filters by a related object, key, text; reverse counts
    assert child.select().where(child.order == o).count() == 2
    assert child.select().where(child.order.in_([o.id, empty.id])).count() == 2
    assert child.select().where(child.order == str(o.id)).count() == 2
    assert getattr(o, rel).count() == 2 and getattr(empty, rel).count() == 0
    counts = {x.name: x.c for x in Order.select(Order.name, pw.fn.COUNT(child.id).alias("c"))
              .join(child, pw.JOIN.LEFT_OUTER).group_by(Order.name)}
    assert counts == {"o": 2, "empty": 0}
    # bulk
    child.insert_many([{"order": empty, "n": i} for i in range(5)]).execute()
    made = [child(order=empty, n=9) for _ in range(3)]
    child.bulk_create(made)
    assert getattr(empty, rel).count() == 8
    # update a foreign key; a parent key where the database cascades it
    child.update(order=o).where(child.order == empty).execute()
    assert getattr(o, rel).count() == 10
    if rel in ("lines", "tags"):
        new_key = ULID.generate()
        Order.update(id=new_key).where(Order.id == o.id).execute()
        o = Order.get_by_id(new_key)
        assert getattr(o, rel).count() == 10
    # delete: no children, then with children (peewee's recursive delete or the database's)
    assert empty.delete_instance(recursive=True) == 1
    o.delete_instance(recursive=rel in ("items", "notes"))
    assert child.select().count() == 0 and Order.select().count() == 0


def test_uuid_storage_and_fields(database):
    code, ref = ULID.generate(), ULID.generate()
    t = Ticket.create(code=code, ref=ref)
    t = Ticket.get_by_id(t.id)
    assert (t.code, t.ref) == (code, ref) and type(t.ref) is ULID
    assert Ticket.select().where(Ticket.ref == ref, Ticket.code == code).count() == 1


def test_bad_input(database):
    with pytest.raises(ValueError, match="invalid ULID"):
        Order.select().where(Order.id == "01ARZ3NDEKTSV4RRFFQ69G5FAU").count()
    with pytest.raises(ValueError):
        with database.atomic():
            Order.create(name="first")
            Item.create(order="nope")
    with pytest.raises(pw.DataError) as e:
        with database.atomic():
            Order.create(name="first")
            database.execute_sql("INSERT INTO item (order_id) VALUES ('bad')")
    assert isinstance(e.value.__cause__ or e.value, (psycopg2.errors.InvalidTextRepresentation, pw.DataError))
    assert Order.select().count() == 0


def test_storage_is_ulid_or_uuid():
    with pytest.raises(ValueError, match="'ulid' or 'uuid' expected"):
        ULIDField(storage="bytea")


def test_uuid_foreign_keys_get_a_uuid_ulid_ops_index(database, server, dbname):
    """ULIDForeignKeyField(storage="uuid") indexes its column with uuid_ulid_ops, and the
    foreign-key checks of a parent's delete use that index (a plain uuid index they cannot)."""
    from conftest import fk_check_uses_an_index
    ops = dict(db.execute_sql(
        "SELECT c.relname, o.opcname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
        "JOIN pg_opclass o ON o.oid = i.indclass[0] WHERE i.indrelid IN ('note'::regclass, 'tag'::regclass)"
        " AND NOT i.indisprimary").fetchall())
    assert ops == {"note_order_id": "uuid_ulid_ops", "tag_order_id": "uuid_ulid_ops"}
    for model in (Note, Tag, Item, Line):
        order = Order.create(name="fk")
        model.create(order=order)
        assert fk_check_uses_an_index(server, dbname, "order", order.id, model._meta.table_name, "order_id"), model


def test_opaque_ids(database, opaque):
    """Order.id == fn.opaque_decode(public_id) with a ULID (a function's arguments go to the
    driver as they are: psycopg2 writes '...'::ulid) or its text."""
    order = Order.create(name="opaque")
    public = ULID(db.execute_sql("SELECT opaque_encode(id)::text FROM \"order\" WHERE id = %s", [order.id]).fetchone()[0])
    for value in (public, str(public)):
        assert Order.get(Order.id == pw.fn.opaque_decode(value)).id == order.id
        assert Order.get(Order.id == pw.fn.ANY(pw.fn.opaque_candidates(value))).id == order.id
