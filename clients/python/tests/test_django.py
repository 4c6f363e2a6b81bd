"""uidext.django: ULIDAutoField as DEFAULT_AUTO_FIELD, relations ulid -> ulid and uuid -> ulid
through Django's own API (the delete collector included), migrations on a fresh database."""
import os
import pathlib
import subprocess
import sys
import uuid

import pytest

from uidext import ULID

HERE = pathlib.Path(__file__).resolve().parent
# ulid->ulid ORM/DB cascade, uuid->ulid ORM/DB cascade (existing tables), uuid->ulid made by migrate
RELATIONS = ["events", "lines", "notes", "tags", "refunds"]


def _django_env(server, name, **extra):
    env = dict(os.environ, UIDEXT_TEST_DB=name, UIDEXT_TEST_HOST=server.host or "",
               UIDEXT_TEST_PORT=str(server.port), UIDEXT_TEST_USER=server.user or "",
               DJANGO_SETTINGS_MODULE="django_settings",
               PYTHONPATH=os.pathsep.join([str(HERE.parent), str(HERE), os.environ.get("PYTHONPATH", "")]))
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def django_db(server, dbname):
    os.environ.update(_django_env(server, dbname))
    import django
    from django.core.management import call_command
    django.setup()
    call_command("migrate", verbosity=0)
    yield
    from django.db import connections
    connections.close_all()


@pytest.fixture
def models(django_db):
    from djangoapp import models as m
    for model in (m.Event, m.Line, m.Note, m.Tag, m.Refund, m.Ticket, m.Order):
        model.objects.all().delete()
    return m


def _sql(query, params=()):
    from django.db import connection
    with connection.cursor() as cur:
        cur.execute(query, params)
        return cur.fetchall()


def test_keys_come_from_the_database(models):
    o = models.Order.objects.create(name="a")
    assert type(o.pk) is ULID
    assert _sql("SELECT id::text FROM djangoapp_order") == [(str(o.pk),)]
    again = models.Order.objects.get(pk=o.pk)
    assert again == o and type(again.pk) is ULID
    assert models.Order.objects.get(pk=str(o.pk)) == o and models.Order.objects.get(pk=o.pk.uuid) == o
    t = models.Ticket.objects.create(code=ULID.generate())
    assert isinstance(t.pk, uuid.UUID) and t.pk.version == 7


def test_ddl(models):
    types = dict(_sql("SELECT table_name || '.' || column_name, udt_name FROM information_schema.columns "
                      "WHERE table_name LIKE 'djangoapp_%%' AND column_name IN ('id', 'order_id', 'code', 'ref')"))
    assert types == {"djangoapp_order.id": "ulid", "djangoapp_event.id": "ulid", "djangoapp_event.order_id": "ulid",
                     "djangoapp_ticket.id": "uuid", "djangoapp_ticket.code": "ulid", "djangoapp_ticket.ref": "uuid",
                     "djangoapp_refund.id": "ulid", "djangoapp_refund.order_id": "uuid"}
    # ULIDForeignKey(storage="uuid", db_index=False) + Index(opclasses=["uuid_ulid_ops"]): that index only
    assert _sql("SELECT i.indexrelid::regclass::text, o.opcname FROM pg_index i JOIN pg_opclass o ON o.oid = i.indclass[0] "
                "WHERE i.indrelid = 'djangoapp_refund'::regclass AND NOT i.indisprimary") == \
        [("refund_order_uuid_ulid", "uuid_ulid_ops")]
    defaults = dict(_sql("SELECT table_name, column_default FROM information_schema.columns "
                         "WHERE column_name = 'id' AND table_name IN ('djangoapp_order', 'djangoapp_ticket')"))
    assert defaults == {"djangoapp_order": "gen_ulid()", "djangoapp_ticket": "gen_uuidv7()"}
    # one index on the foreign key column (no second one beside it)
    assert _sql("SELECT count(*) FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
                "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'djangoapp_event'::regclass "
                "AND a.attname = 'order_id'") == [(1,)]
    assert _sql("SELECT id::text FROM django_migrations LIMIT 1")[0][0].__len__() == 26  # ULIDAutoField too


@pytest.mark.parametrize("rel", RELATIONS)
def test_relation_scenarios(models, rel):
    from django.db.models import Count
    child = getattr(models.Order, rel).rel.related_model
    o = models.Order.objects.create(name="o")
    empty = models.Order.objects.create(name="empty")
    # create through the relation, and with the parent object
    a = getattr(o, rel).create(n=1)
    b = child.objects.create(order=o, n=2)
    assert type(a.pk) is ULID and type(b.pk) is ULID and a.order_id == o.pk and type(a.order_id) is ULID
    # lazy loads both ways
    assert child.objects.get(pk=a.pk).order == o
    assert sorted(c.pk for c in getattr(o, rel).all()) == sorted([a.pk, b.pk])
    # eager loads
    got = child.objects.select_related("order").get(pk=b.pk)
    assert got.order.name == "o" and got.order.pk == o.pk
    prefetched = {x.pk: sorted(c.n for c in getattr(x, rel).all())
                  for x in models.Order.objects.prefetch_related(rel)}
    assert prefetched == {o.pk: [1, 2], empty.pk: []}
    # filters by a related object, by key, by text, across the relation
    assert child.objects.filter(order=o).count() == 2
    assert child.objects.filter(order__in=[o, empty]).count() == 2
    assert child.objects.filter(order_id=str(o.pk)).count() == 2
    assert child.objects.filter(order__name="o").count() == 2
    assert list(models.Order.objects.filter(**{f"{rel}__n": 2}).values_list("name", flat=True)) == ["o"]
    # reverse managers and counts
    assert getattr(o, rel).count() == 2 and getattr(empty, rel).count() == 0 and not getattr(empty, rel).exists()
    counts = dict(models.Order.objects.annotate(c=Count(rel)).values_list("name", "c"))
    assert counts == {"o": 2, "empty": 0}
    # bulk create: keys come back from the database
    made = child.objects.bulk_create([child(order=empty, n=i) for i in range(5)])
    assert all(type(c.pk) is ULID for c in made) and getattr(empty, rel).count() == 5
    # update a foreign key, then a parent key (ON UPDATE CASCADE where the table has it)
    child.objects.filter(order=empty).update(order=o)
    assert getattr(o, rel).count() == 7
    child.objects.filter(order=o).update(order=empty)
    if rel not in ("events", "refunds"):  # the tables with ON UPDATE CASCADE
        new_key = ULID.generate()
        models.Order.objects.filter(pk=empty.pk).update(id=new_key)
        empty = models.Order.objects.get(pk=new_key)
        assert getattr(empty, rel).count() == 7
    # delete a parent with no children, then parents with children (ORM cascade or the database's)
    lonely = models.Order.objects.create(name="lonely")
    lonely.delete()
    o.delete()
    empty.delete()
    assert child.objects.count() == 0 and models.Order.objects.count() == 0


def test_ulid_fields_and_uuid_storage(models):
    code, ref = ULID.generate(), ULID.generate()
    t = models.Ticket.objects.create(code=code, ref=ref)
    t = models.Ticket.objects.get(pk=t.pk)
    assert (t.code, t.ref) == (code, ref) and type(t.ref) is ULID
    assert _sql("SELECT ref FROM djangoapp_ticket")[0][0] == ref.uuid
    assert models.Ticket.objects.filter(ref=ref, code=str(code)).count() == 1
    assert models.Ticket.objects.filter(code__in=[code, ULID.generate()], ref__gte=ULID.min_for(ref.datetime)).count() == 1
    t.code = ULID.generate()
    t.save()
    assert models.Ticket.objects.get(pk=t.pk).code == t.code
    assert models.Ticket.objects.filter(code__isnull=True).count() == 0


def test_bad_input(models):
    from django.core.exceptions import ValidationError
    from django.db import DataError, transaction
    from django.http import Http404

    from uidext.django import InvalidKey
    with pytest.raises(ValidationError, match="“nope” is not a valid ULID: a ULID has 26") as e:
        models.Order.objects.filter(pk="nope").count()
    assert isinstance(e.value, (ValueError, Http404, InvalidKey))
    with pytest.raises(ValueError, match="'U' at position 26 is not a Crockford base32 digit"):
        models.Order(id="01ARZ3NDEKTSV4RRFFQ69G5FAU", name="x")
    with pytest.raises(ValidationError, match="is not a valid UUID"):
        models.Ticket.objects.get(pk="nope")
    with pytest.raises(ValueError), transaction.atomic():  # nothing half-written
        models.Order.objects.create(name="first")
        models.Event.objects.create(order_id="8ZZZZZZZZZZZZZZZZZZZZZZZZZ")
    assert models.Order.objects.count() == 0
    t = models.Ticket(code=None)
    t.code = ULID.generate()
    with pytest.raises(ValidationError):
        models.Ticket._meta.get_field("code").clean("not-a-ulid", t)
    with pytest.raises(DataError) as e, transaction.atomic():
        models.Order.objects.create(name="kept?")
        _sql("INSERT INTO djangoapp_ticket (code) VALUES ('bad')")
    assert getattr(e.value.__cause__, "pgcode", None) or getattr(e.value.__cause__, "sqlstate", None) == "22P02"
    assert models.Order.objects.count() == 0


def _migrate_fresh(server, **env):
    name = server.create_database("uidext_py_django_fresh", extension=False)
    run = subprocess.run([sys.executable, "-m", "django", "migrate", "-v", "0"], cwd=HERE,
                         env=_django_env(server, name, **env), capture_output=True, text=True)
    return name, run


def _psql_value(server, name, query):
    import psycopg
    with psycopg.connect(**server.params(name)) as c:
        return c.execute(query).fetchone()[0]


def test_migrate_fresh_database_with_ulid_default_auto_field(server):
    name, run = _migrate_fresh(server)
    try:
        assert run.returncode == 0, run.stderr
        assert _psql_value(server, name, "SELECT format_type(atttypid, -1) FROM pg_attribute "
                                         "WHERE attrelid = 'django_migrations'::regclass AND attname = 'id'") == "ulid"
        assert _psql_value(server, name, "SELECT count(*) FROM django_migrations WHERE app = 'djangoapp'") == 2
        check = subprocess.run([sys.executable, "-m", "django", "makemigrations", "--check", "--dry-run"], cwd=HERE,
                               env=_django_env(server, name), capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr  # the fields deconstruct to themselves
    finally:
        server.drop_database(name)


def test_without_the_app_a_fresh_database_fails_first(server):
    """Why "uidext.django" belongs in INSTALLED_APPS: django_migrations is created before any migration."""
    name, run = _migrate_fresh(server, UIDEXT_TEST_NO_APP="1")
    try:
        if run.returncode == 0:  # a Django whose django_migrations key ignores DEFAULT_AUTO_FIELD
            assert _psql_value(server, name, "SELECT format_type(atttypid, -1) FROM pg_attribute WHERE "
                                             "attrelid = 'django_migrations'::regclass AND attname = 'id'") != "ulid"
            pytest.skip("this Django does not key django_migrations with DEFAULT_AUTO_FIELD")
        assert 'type "ulid" does not exist' in run.stderr
    finally:
        server.drop_database(name)


def test_uidext_extension_operation_creates_the_extension(server):
    name, run = _migrate_fresh(server, UIDEXT_TEST_NO_APP="1", UIDEXT_TEST_AUTO_FIELD="django.db.models.BigAutoField")
    try:
        assert run.returncode == 0, run.stderr
        assert _psql_value(server, name, "SELECT count(*) FROM pg_extension WHERE extname = 'uidext'") == 1
    finally:
        server.drop_database(name)


def test_dumpdata_loaddata_round_trip(models, tmp_path):
    """Fixtures: keys serialize as ULID text, and loaddata's sequence reset leaves ulid/uuid keys alone."""
    from django.core.management import call_command
    o = models.Order.objects.create(name="fixture")
    models.Event.objects.create(order=o, n=3)
    models.Ticket.objects.create(code=ULID.generate())
    path = tmp_path / "shop.json"
    call_command("dumpdata", "djangoapp.Order", "djangoapp.Event", "djangoapp.Ticket", output=str(path), verbosity=0)
    assert str(o.pk) in path.read_text()
    models.Event.objects.all().delete()
    models.Ticket.objects.all().delete()
    models.Order.objects.all().delete()
    call_command("loaddata", str(path), verbosity=0)
    assert models.Event.objects.select_related("order").get().order.pk == o.pk
    assert models.Ticket.objects.count() == 1


def _client():
    from django.test import Client
    return Client(raise_request_exception=False)


def test_json_views_with_no_code_for_ulid(models):
    """model_to_dict + JsonResponse, values() + DjangoJSONEncoder: keys come out as ULID text, as
    a uuid.UUID comes out as UUID text (DjangoJSONEncoder's isinstance(o, uuid.UUID))."""
    o = models.Order.objects.create(name="o")
    events = [models.Event.objects.create(order=o, n=i) for i in range(2)]
    r = _client().get(f"/orders/{o.pk}/")
    assert r.status_code == 200, r.content
    assert r.json() == {"order": {"id": str(o.pk), "name": "o"},
                        "events": [{"id": str(e.pk), "order": str(o.pk), "n": e.n} for e in events]}
    r = _client().get("/events/")
    assert r.json() == {"events": [{"id": str(e.pk), "order_id": str(o.pk), "n": e.n} for e in events]}


def test_django_json_encoder_and_serializers(models):
    import json

    from django.core import serializers
    from django.core.serializers.json import DjangoJSONEncoder
    from django.forms.models import model_to_dict
    key = ULID.generate()
    assert json.dumps({"k": key}, cls=DjangoJSONEncoder) == json.dumps({"k": str(key)})
    assert json.dumps({"k": key.uuid}, cls=DjangoJSONEncoder) == json.dumps({"k": str(key.uuid)})
    o = models.Order.objects.create(name="s")
    e = models.Event.objects.create(order=o, n=7)
    assert model_to_dict(e) == {"id": e.pk, "order": o.pk, "n": 7} and type(model_to_dict(e)["order"]) is ULID
    [dumped] = json.loads(serializers.serialize("json", [e]))
    assert dumped["pk"] == str(e.pk) and dumped["fields"] == {"order": str(o.pk), "n": 7}
    [back] = serializers.deserialize("json", serializers.serialize("json", [e]))
    assert back.object.pk == e.pk and back.object.order_id == o.pk


def test_ulid_path_converter(models):
    from django.urls import resolve, reverse
    o = models.Order.objects.create(name="c")
    assert reverse("order-detail", args=[o.pk]) == f"/orders/{o.pk}/"
    assert reverse("order-detail", args=[str(o.pk).lower()]) == f"/orders/{o.pk}/"  # canonical text
    match = resolve(f"/orders/{str(o.pk).lower()}/")
    assert match.kwargs == {"pk": o.pk} and type(match.kwargs["pk"]) is ULID
    client = _client()
    assert client.get(f"/orders/{str(o.pk).lower()}/").status_code == 200
    for bad in ("nope", "01ARZ3NDEKTSV4RRFFQ69G5FAU", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", str(o.pk.uuid), str(o.pk) + "0"):
        assert client.get(f"/orders/{bad}/").status_code == 404, bad
    assert client.get(f"/orders/{ULID.generate()}/").status_code == 404  # well formed, no such order


def test_get_object_or_404_with_malformed_text_is_a_404(models):
    o = models.Order.objects.create(name="t")
    client = _client()
    assert client.get(f"/by-text/{o.pk}/").status_code == 200
    assert client.get(f"/by-text/{o.pk.uuid}/").status_code == 200  # UUID text names the same key
    for bad in ("nope", "01ARZ3NDEKTSV4RRFFQ69G5FAU", str(ULID.generate())):
        assert client.get(f"/by-text/{bad}/").status_code == 404, bad


def test_opaque_ids_through_rawsql(models, opaque):
    """Order.objects.get(pk=RawSQL("opaque_decode(%s)", [public_id])) with a ULID (psycopg2:
    '...'::ulid), a str, and the same for a uuid key with a uuid.UUID."""
    from django.db.models.expressions import RawSQL
    o = models.Order.objects.create(name="opaque")
    public = ULID(_sql("SELECT opaque_encode(id)::text FROM djangoapp_order WHERE id = %s", [o.pk])[0][0])
    for value in (public, str(public)):
        assert models.Order.objects.get(pk=RawSQL("opaque_decode(%s)", [value])) == o
        assert models.Order.objects.filter(pk__in=RawSQL("SELECT unnest(opaque_candidates(%s))", [value])).get() == o
    t = models.Ticket.objects.create()
    public_uuid = _sql("SELECT opaque_encode(id) FROM djangoapp_ticket WHERE id = %s", [t.pk])[0][0]
    for value in (public_uuid, str(public_uuid)):
        assert models.Ticket.objects.get(pk=RawSQL("opaque_decode(%s)", [value])) == t


def test_foreign_key_checks_use_an_index(models, server, dbname):
    """Every foreign key of the test app has an index its checks use: the ulid columns Django's
    ForeignKey indexes, the uuid ones an index built with uuid_ulid_ops."""
    from conftest import fk_check_uses_an_index
    for rel in RELATIONS:
        o = models.Order.objects.create(name=rel)
        getattr(o, rel).create(n=1)
        table = getattr(models.Order, rel).rel.related_model._meta.db_table
        assert fk_check_uses_an_index(server, dbname, "djangoapp_order", o.pk, table, "order_id"), table


def test_raw_ulid_parameters_after_djangos_register_uuid(models):
    """Django's psycopg2 backend calls register_uuid(), whose adapter would write a ULID (a
    uuid.UUID) as its ULID text '...'::uuid; importing uidext.django gives psycopg2 the exact-type
    ULID adapter, so raw parameters (cursor.execute, RawSQL, extra) bind to uuid and ulid alike."""
    key = ULID.generate()
    assert _sql("SELECT %s = %s::uuid, %s::ulid::text, pg_typeof(%s)::text", [key, str(key.uuid), key, key]) == \
        [(True, str(key), "ulid")]
    assert _sql("SELECT %s::uuid = ANY(%s)", [str(key.uuid), [key, ULID.generate()]]) == [(True,)]


def test_rest_framework_model_serializers(models):
    """Django REST framework's ModelSerializer: ULID keys and fields as ULID text (not the
    128-bit int DRF writes for an AutoField), validated on input; related keys likewise."""
    from rest_framework import serializers
    from rest_framework.renderers import JSONRenderer

    class EventSerializer(serializers.ModelSerializer):
        class Meta:
            model = models.Event
            fields = ["id", "order", "n"]

    class TicketSerializer(serializers.ModelSerializer):
        class Meta:
            model = models.Ticket
            fields = ["id", "code", "ref"]

    o = models.Order.objects.create(name="rest")
    e = models.Event.objects.create(order=o, n=1)
    assert EventSerializer(e).data == {"id": str(e.pk), "order": o.pk, "n": 1}
    assert JSONRenderer().render(EventSerializer(e).data) == \
        f'{{"id":"{e.pk}","order":"{o.pk}","n":1}}'.encode()
    new = EventSerializer(data={"order": str(o.pk).lower(), "n": 2})
    assert new.is_valid(), new.errors
    made = new.save()
    assert type(made.pk) is ULID and made.order == o
    bad = EventSerializer(data={"order": "nope", "n": 3})
    assert not bad.is_valid() and "order" in bad.errors
    t = TicketSerializer(data={"code": str(o.pk), "ref": str(o.pk.uuid)})
    assert t.is_valid(), t.errors
    ticket = t.save()
    assert TicketSerializer(ticket).data == {"id": str(ticket.pk), "code": str(o.pk), "ref": str(o.pk)}
    bad = TicketSerializer(data={"code": "01ARZ3NDEKTSV4RRFFQ69G5FAU"})
    assert not bad.is_valid() and "'U' at position 26" in str(bad.errors["code"][0])
