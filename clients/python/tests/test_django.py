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
RELATIONS = ["events", "lines", "notes", "tags"]  # ulid->ulid ORM/DB cascade, uuid->ulid ORM/DB cascade


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
    for model in (m.Event, m.Line, m.Note, m.Tag, m.Ticket, m.Order):
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
                     "djangoapp_ticket.id": "uuid", "djangoapp_ticket.code": "ulid", "djangoapp_ticket.ref": "uuid"}
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
    if rel != "events":
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
    with pytest.raises(ValueError, match="invalid ULID 'nope'"):
        models.Order.objects.filter(pk="nope").count()
    with pytest.raises(ValueError, match="invalid ULID"):
        models.Order(id="01ARZ3NDEKTSV4RRFFQ69G5FAU", name="x")
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
        assert _psql_value(server, name, "SELECT count(*) FROM django_migrations WHERE app = 'djangoapp'") == 1
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
