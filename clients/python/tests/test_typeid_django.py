"""uidext.django TypeID: TypeIDAutoField keys filled by gen_<type>(), TypeID foreign keys through
Django's own API (ORM cascade and ON DELETE CASCADE), TypeIDField, the reversible TypeIDDefine
operation, the <typeid:pk> converter (404 for malformed text), no _like index."""
import os
import pathlib
import subprocess
import sys

import pytest

from uidext import TypeID

HERE = pathlib.Path(__file__).resolve().parent


def _env(server, name):
    return {"UIDEXT_TEST_DB": name, "UIDEXT_TEST_HOST": server.host or "", "UIDEXT_TEST_PORT": str(server.port),
            "UIDEXT_TEST_USER": server.user or "", "DJANGO_SETTINGS_MODULE": "django_settings"}


@pytest.fixture(scope="module")
def django_db(server, dbname):
    """Django on this module's database (settings are set up once per process: switch if needed)."""
    os.environ.update(_env(server, dbname))
    import django
    from django.apps import apps
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections
    if not apps.ready:
        django.setup()
    connections.close_all()
    previous = settings.DATABASES["default"]["NAME"]
    settings.DATABASES["default"]["NAME"] = dbname
    call_command("migrate", verbosity=0)
    yield
    connections.close_all()
    settings.DATABASES["default"]["NAME"] = previous


@pytest.fixture
def models(django_db):
    from typeidapp import models as m
    m.Comment.objects.all().delete()
    m.Author.objects.all().delete()
    return m


def _sql(query, params=()):
    from django.db import connection
    with connection.cursor() as cur:
        cur.execute(query, params)
        return cur.fetchall()


def test_ddl_types_defaults_and_indexes(models):
    types = dict(_sql("SELECT table_name || '.' || column_name, udt_name FROM information_schema.columns "
                      "WHERE table_name IN ('typeidapp_author', 'typeidapp_post', 'typeid_comments') "
                      "AND udt_name NOT IN ('varchar', 'int4')"))
    assert types == {"typeidapp_author.id": "author_id", "typeidapp_post.id": "post_id",
                     "typeidapp_post.author_id": "author_id", "typeidapp_post.subject": "typeid",
                     "typeid_comments.id": "comment_id", "typeid_comments.post_id": "post_id"}
    defaults = dict(_sql("SELECT table_name, column_default FROM information_schema.columns "
                         "WHERE column_name = 'id' AND table_name LIKE 'typeidapp_%%'"))
    assert defaults == {"typeidapp_author": "gen_author_id()", "typeidapp_post": "gen_post_id()"}
    indexes = [r[0] for r in _sql("SELECT indexdef FROM pg_indexes WHERE tablename LIKE 'typeidapp_%%' ORDER BY 1")]
    assert len(indexes) == 3 and not any("_like" in i or "pattern_ops" in i for i in indexes), indexes


@pytest.mark.parametrize("rel", ["posts", "comments"])
def test_relation_scenarios(models, rel):
    from django.db.models import Count
    if rel == "posts":  # Author -> Post: Django's own cascade
        parent_model, child, fk = models.Author, models.Post, "author"
        make_parent = lambda name: models.Author.objects.create(name=name)  # noqa: E731
    else:  # Post -> Comment: ON DELETE CASCADE in the database
        parent_model, child, fk = models.Post, models.Comment, "post"
        author = models.Author.objects.create(name="writer")
        make_parent = lambda name: models.Post.objects.create(author=author, n=len(name))  # noqa: E731
    p, empty = make_parent("p"), make_parent("empty")
    assert type(p.pk) is TypeID and p.pk.prefix == parent_model._meta.pk.prefix
    # create through the relation, and with the parent object
    a = getattr(p, rel).create(n=1)
    b = child.objects.create(**{fk: p, "n": 2})
    assert type(a.pk) is TypeID and getattr(a, f"{fk}_id") == p.pk and type(getattr(b, f"{fk}_id")) is TypeID
    # lazy loads both ways, eager loads
    assert getattr(child.objects.get(pk=a.pk), fk) == p
    assert sorted(c.pk for c in getattr(p, rel).all()) == sorted([a.pk, b.pk])
    assert getattr(child.objects.select_related(fk).get(pk=b.pk), fk).pk == p.pk
    prefetched = {x.pk: sorted(c.n for c in getattr(x, rel).all()) for x in parent_model.objects.prefetch_related(rel)}
    assert prefetched[p.pk] == [1, 2] and prefetched[empty.pk] == []
    # filters: by object, key, text, lists, across the relation
    assert child.objects.filter(**{fk: p}).count() == 2
    assert child.objects.filter(**{f"{fk}__in": [p, empty]}).count() == 2
    assert child.objects.filter(**{f"{fk}_id": str(p.pk)}).count() == 2
    assert child.objects.filter(**{f"{fk}_id__in": [p.pk, str(empty.pk)]}).count() == 2
    assert child.objects.filter(pk__in=[a.pk, str(b.pk)]).count() == 2
    assert list(parent_model.objects.filter(**{f"{rel}__n": 2}).values_list("pk", flat=True)) == [p.pk]
    # reverse managers and counts
    assert getattr(p, rel).count() == 2 and not getattr(empty, rel).exists()
    counts = dict(parent_model.objects.filter(pk__in=[p.pk, empty.pk]).annotate(c=Count(rel)).values_list("pk", "c"))
    assert counts == {p.pk: 2, empty.pk: 0}
    # bulk create: keys come back from the database
    made = child.objects.bulk_create([child(**{fk: empty, "n": i}) for i in range(5)])
    assert all(type(c.pk) is TypeID for c in made) and getattr(empty, rel).count() == 5
    child.objects.filter(**{fk: empty}).update(**{fk: p})
    assert getattr(p, rel).count() == 7
    # delete a parent with no children, then one with children (ORM cascade or the database's)
    lonely = make_parent("lonely")
    lonely.delete()
    p.delete()
    empty.delete()
    assert child.objects.count() == 0 and not parent_model.objects.filter(pk__in=[p.pk, empty.pk]).exists()


def test_typeid_field_and_bad_input(models):
    from django.core.exceptions import ValidationError
    from django.db import IntegrityError, transaction  # noqa: F401
    author = models.Author.objects.create(name="a")
    subject = TypeID.generate("user")
    post = models.Post.objects.create(author=author, subject=subject)
    post = models.Post.objects.get(pk=post.pk)
    assert post.subject == subject and type(post.subject) is TypeID
    assert models.Post.objects.filter(subject=str(subject)).count() == 1
    assert models.Post.objects.filter(subject__in=[subject, TypeID.generate("x")]).count() == 1
    with pytest.raises(ValueError, match='the prefix is "author"; expected "post"'):
        models.Post.objects.filter(pk=author.pk).count()
    with pytest.raises(ValueError, match="“nope” is not a valid TypeID"):
        models.Post.objects.get(pk="nope")
    with pytest.raises(ValueError, match="expected \"author\""):  # checked before anything is sent
        models.Post(author_id=TypeID.generate("post")).save()
    field = models.Post._meta.get_field("subject")
    with pytest.raises(ValidationError, match="is not a valid TypeID"):
        field.clean("User_01h455vb4pex5vsknk084sn02q", None)
    from uidext.django import TypeIDField
    form_field = TypeIDField(prefix="post").formfield()
    assert form_field.clean(str(post.pk)) == post.pk
    with pytest.raises(ValidationError):
        form_field.clean(str(author.pk))


def test_path_converter(models, settings_urls):
    from django.test import Client
    author = models.Author.objects.create(name="a")
    post = models.Post.objects.create(author=author)
    client = Client()
    got = client.get(f"/posts/{post.pk}/")
    assert got.status_code == 200 and got.json() == {"id": str(post.pk), "author": str(author.pk), "type": "TypeID"}
    assert client.get(f"/p/{post.pk}/").status_code == 200
    for bad in ("nope", "post_01H455VB4PEX5VSKNK084SN02Q", "post_81h455vb4pex5vsknk084sn02q",
                "Post_01h455vb4pex5vsknk084sn02q", str(TypeID.generate("post"))):  # last: well formed, no row
        assert client.get(f"/posts/{bad}/").status_code == 404, bad
    assert client.get(f"/p/{author.pk}/").status_code == 404  # another prefix, with the per-prefix converter
    from django.urls import reverse
    assert reverse("post", kwargs={"pk": post.pk}) == f"/posts/{post.pk}/"


def test_invalid_keys_are_invalid_key_in_every_lookup(models):
    """A malformed TypeID or one of another prefix is uidext.django.InvalidKey (a ValidationError,
    ValueError and Http404), as a malformed ULID key is: get_object_or_404 answers 404 (#37)."""
    from django.http import Http404
    from django.shortcuts import get_object_or_404

    from uidext.django import InvalidKey
    author = models.Author.objects.create(name="a")
    post = models.Post.objects.create(author=author)
    other = str(TypeID.generate("comment"))
    lookups = [lambda v: models.Post.objects.get(pk=v), lambda v: models.Post.objects.filter(pk__in=[post.pk, v]).count(),
               lambda v: models.Post.objects.filter(author_id=v).count(), lambda v: models.Post.objects.filter(author=v).count(),
               lambda v: models.Author.objects.filter(posts__pk=v).count(), lambda v: models.Comment.objects.filter(post_id=v).count(),
               lambda v: get_object_or_404(models.Post, pk=v)]
    for value in ("nope", "post_", "post_01H455VB4PEX5VSKNK084SN02Q", other, TypeID.parse(other)):
        for i, lookup in enumerate(lookups):
            with pytest.raises(InvalidKey) as e:
                lookup(value)
            assert isinstance(e.value, Http404) and isinstance(e.value, ValueError), (value, i)
    with pytest.raises(InvalidKey, match='expected "post"'):
        get_object_or_404(models.Post, pk=str(author.pk))
    with pytest.raises(InvalidKey, match='the suffix after the prefix has 0 characters, not 26; expected the prefix "post"'):
        models.Post.objects.get(pk="post_")
    assert get_object_or_404(models.Post, pk=post.pk.uuid) == post  # UUID text: the per-prefix input's reading


def test_json_views_encoder_and_rest_framework(models, settings_urls):
    """TypeID values where ULID ones go (#37): model_to_dict + JsonResponse, DjangoJSONEncoder,
    the "json" serializer, DRF's ModelSerializer (TypeIDAutoField/TypeIDField, not its integer
    field) and its JSON renderer; a view answers 404 for malformed and other-prefix ids."""
    import json

    from django.core import serializers as django_serializers
    from django.core.serializers.json import DjangoJSONEncoder
    from django.forms.models import model_to_dict
    from django.test import Client
    from rest_framework import serializers
    from rest_framework.renderers import JSONRenderer

    from uidext.django.rest_framework import TypeIDSerializerField
    author = models.Author.objects.create(name="a")
    subject = TypeID.generate("user")
    post = models.Post.objects.create(author=author, subject=subject)
    expected = {"id": str(post.pk), "author": str(author.pk), "subject": str(subject), "n": 0}
    assert json.loads(json.dumps(model_to_dict(post), cls=DjangoJSONEncoder)) == expected
    client = Client()
    for url in (f"/any/{post.pk}/", f"/post/?id={post.pk}", f"/post/?id={post.pk.uuid}"):
        got = client.get(url)
        assert got.status_code == 200 and got.json() == expected, url
    for bad in ("nope", "post_", str(author.pk), "Post_01h455vb4pex5vsknk084sn02q", str(TypeID.generate("post"))):
        assert client.get(f"/post/?id={bad}").status_code == 404, bad
    assert client.get(f"/any/{author.pk}/").status_code == 404  # valid TypeID, another prefix: InvalidKey
    [dumped] = json.loads(django_serializers.serialize("json", [post]))
    assert dumped["pk"] == str(post.pk) and dumped["fields"]["subject"] == str(subject)

    class PostSerializer(serializers.ModelSerializer):
        class Meta:
            model = models.Post
            fields = ["id", "author", "subject", "n"]

    data = PostSerializer(post).data
    assert data == {"id": str(post.pk), "author": author.pk, "subject": str(subject), "n": 0}
    assert json.loads(JSONRenderer().render(data)) == expected  # the related key, a TypeID, as text
    fields = PostSerializer().fields
    assert type(fields["id"]) is TypeIDSerializerField and fields["id"].prefix == "post" and fields["id"].read_only
    assert type(fields["subject"]) is TypeIDSerializerField and fields["subject"].prefix is None
    made = PostSerializer(data={"author": str(author.pk), "subject": "x_01h455vb4pex5vsknk084sn02q", "n": 1})
    assert made.is_valid(), made.errors
    saved = made.save()
    assert type(saved.pk) is TypeID and saved.subject == TypeID("x_01h455vb4pex5vsknk084sn02q")
    for bad_author in ("nope", str(post.pk)):
        bad = PostSerializer(data={"author": bad_author})
        assert not bad.is_valid() and "author" in bad.errors, bad_author
    bad = PostSerializer(data={"author": str(author.pk), "subject": "User_01h455vb4pex5vsknk084sn02q"})
    assert not bad.is_valid() and "is not a valid TypeID" in str(bad.errors["subject"][0])

    class Lookup(serializers.Serializer):
        post = TypeIDSerializerField(prefix="post")

    assert Lookup(data={"post": str(post.pk)}).is_valid()
    wrong = Lookup(data={"post": str(author.pk)})
    assert not wrong.is_valid() and 'expected "post"' in str(wrong.errors["post"][0])


@pytest.fixture
def settings_urls():
    from django.test import override_settings
    with override_settings(ROOT_URLCONF="typeidapp.urls", ALLOWED_HOSTS=["testserver"]):
        yield


def test_migration_is_reversible(models):
    from django.core.management import call_command
    from django.db import connection

    from uidext.django import TypeIDDefine
    call_command("migrate", "typeidapp", "zero", verbosity=0)
    assert _sql("SELECT to_regtype('author_id'), to_regtype('post_id'), to_regclass('typeidapp_post')") == \
        [(None, None, None)]
    call_command("migrate", "typeidapp", verbosity=0)
    assert _sql("SELECT to_regtype('post_id')::text") == [("post_id",)]
    op = TypeIDDefine("org", type_name="org_key")
    assert op.deconstruct() == ("TypeIDDefine", ["org"], {"type_name": "org_key"})
    with connection.schema_editor() as editor:
        op.database_forwards("typeidapp", editor, None, None)
    assert _sql("SELECT gen_org_key()::text LIKE 'org\\_%%'") == [(True,)]
    with connection.schema_editor() as editor:
        op.database_backwards("typeidapp", editor, None, None)
    assert _sql("SELECT to_regtype('org_key')") == [(None,)]


def test_makemigrations_check_and_dumpdata_loaddata(models, server, dbname, tmp_path):
    env = dict(os.environ, **_env(server, dbname),
               PYTHONPATH=os.pathsep.join([str(HERE.parent), str(HERE), os.environ.get("PYTHONPATH", "")]))
    check = subprocess.run([sys.executable, "-m", "django", "makemigrations", "typeidapp", "--check", "--dry-run"],
                           cwd=HERE, env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    from django.core.management import call_command
    author = models.Author.objects.create(name="a")
    post = models.Post.objects.create(author=author, subject=TypeID.generate("x"))
    path = tmp_path / "dump.json"
    call_command("dumpdata", "typeidapp.Author", "typeidapp.Post", output=str(path), verbosity=0)
    assert str(post.pk) in path.read_text()
    models.Author.objects.all().delete()
    call_command("loaddata", str(path), verbosity=0)
    again = models.Post.objects.get(pk=post.pk)
    assert again.author_id == author.pk and again.subject == post.subject
