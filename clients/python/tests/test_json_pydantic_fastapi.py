"""A ULID goes where a uuid.UUID goes, with no code from the user: json.dumps(default=str) and
the drivers' JSON wrappers, pydantic 1.x models, FastAPI path/query/body parameters and responses.
In each, the ULID comes out as its 26-character text, as a uuid.UUID comes out as UUID text."""
import functools
import json
import uuid

import fastapi
import psycopg
import psycopg2
import psycopg2.extras
import pydantic
import pytest
from fastapi.testclient import TestClient

from uidext import ULID

SPEC = "01ARZ3NDEKTSV4RRFFQ69G5FAV"


def test_json_dumps_as_with_uuid():
    key = ULID(SPEC)
    for value in (key, key.uuid):  # neither is JSON by itself; default=str serves both
        with pytest.raises(TypeError, match="not JSON serializable"):
            json.dumps(value)
    assert json.dumps({"id": key}, default=str) == '{"id": "%s"}' % SPEC
    assert json.dumps({"id": key.uuid}, default=str) == '{"id": "%s"}' % key.uuid


def test_drivers_json_wrappers(server, dbname):
    key = ULID.generate()
    dumps = functools.partial(json.dumps, default=str)
    c = psycopg2.connect(**server.params(dbname))
    cur = c.cursor()
    cur.execute("SELECT %s::jsonb", [psycopg2.extras.Json({"id": key, "u": key.uuid}, dumps=dumps)])
    assert cur.fetchone()[0] == {"id": str(key), "u": str(key.uuid)}
    c.close()
    from psycopg.types.json import Jsonb, set_json_dumps
    with psycopg.connect(**server.params(dbname)) as c3:
        set_json_dumps(dumps, c3)
        assert c3.execute("SELECT %s", [Jsonb({"id": key})]).fetchone()[0] == {"id": str(key)}


class Order(pydantic.BaseModel):
    id: ULID
    parent: uuid.UUID = None
    tags: list = []


def test_pydantic_validates_and_serialises():
    o = Order(id=SPEC.lower(), parent=ULID(SPEC))  # text in; a uuid.UUID field takes a ULID as it is
    assert type(o.id) is ULID and o.id == ULID(SPEC)
    assert Order(id=ULID(SPEC).uuid).id == ULID(SPEC) and type(Order(id=ULID(SPEC).uuid).id) is ULID
    assert Order(id=str(ULID(SPEC).uuid)).id == ULID(SPEC)
    assert json.loads(o.json()) == {"id": SPEC, "parent": SPEC, "tags": []}
    assert o.dict()["id"] == ULID(SPEC)
    with pytest.raises(pydantic.ValidationError) as e:
        Order(id="01ARZ3NDEKTSV4RRFFQ69G5FAU")
    assert "'U' at position 26 is not a Crockford base32 digit" in str(e.value)
    with pytest.raises(pydantic.ValidationError):
        Order(id=5)
    schema = Order.schema()["properties"]["id"]
    assert schema["type"] == "string" and schema["format"] == "ulid"
    import re
    assert re.fullmatch(schema["pattern"], SPEC) and re.fullmatch(schema["pattern"], SPEC.lower())


def _app():
    app = fastapi.FastAPI()
    orders = {}

    class OrderIn(pydantic.BaseModel):
        name: str
        parent: ULID = None

    class OrderOut(pydantic.BaseModel):
        id: ULID
        name: str
        parent: ULID = None

    @app.post("/orders", response_model=OrderOut)
    def create(order: OrderIn):
        key = ULID.generate()
        orders[key] = OrderOut(id=key, **order.dict())
        return orders[key]

    @app.get("/orders/{order_id}", response_model=OrderOut)
    def read(order_id: ULID):
        assert type(order_id) is ULID
        if order_id not in orders:
            raise fastapi.HTTPException(404)
        return orders[order_id]

    @app.get("/search")
    def search(after: ULID = fastapi.Query(...)):
        return {"after": after, "ids": sorted(k for k in orders if k > after)}  # no response_model

    return app, orders


def test_fastapi_path_query_body_and_responses():
    app, orders = _app()
    client = TestClient(app)
    r = client.post("/orders", json={"name": "first"})
    assert r.status_code == 200, r.text
    first = r.json()["id"]
    assert len(first) == 26 and ULID(first) in orders
    r = client.post("/orders", json={"name": "second", "parent": first.lower()})
    second = r.json()
    assert second["parent"] == first and len(second["id"]) == 26
    assert client.get(f"/orders/{first}").json() == {"id": first, "name": "first", "parent": None}
    assert client.get(f"/orders/{ULID(first).uuid}").json()["id"] == first  # UUID text reads too
    assert client.get(f"/orders/{ULID.generate()}").status_code == 404
    r = client.get(f"/search?after={first}")
    assert r.status_code == 200 and r.json() == {"after": first, "ids": [second["id"]]}
    for bad in ("nope", "01ARZ3NDEKTSV4RRFFQ69G5FAU"):
        assert client.get(f"/orders/{bad}").status_code == 422
        assert client.get(f"/search?after={bad}").status_code == 422
    r = client.post("/orders", json={"name": "x", "parent": "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"})
    assert r.status_code == 422 and "first digit must be between 0 and 7" in r.text
    spec = client.get("/openapi.json").json()
    param = spec["paths"]["/orders/{order_id}"]["get"]["parameters"][0]["schema"]
    assert param["format"] == "ulid" and param["type"] == "string"
