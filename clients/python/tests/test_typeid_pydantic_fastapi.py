"""A TypeID goes where a ULID goes, with no code from the user (#37): pydantic 1.x fields (the
general TypeID and TypeID.with_prefix("user"), whose errors name the prefix), their JSON Schema,
.json(), FastAPI 0.92 path/query/body parameters (422 for malformed or other-prefix ids) and
responses, with or without a response_model."""
import json
import re
import subprocess
import sys

import fastapi
import pydantic
import pytest
from fastapi.testclient import TestClient

from uidext import TypeID

USER = "user_01h455vb4pex5vsknk084sn02q"
UserID = TypeID.with_prefix("user")


class User(pydantic.BaseModel):
    id: UserID
    org: TypeID = None


def test_pydantic_validates_and_serialises():
    u = User(id=USER, org="org_01h455vb4pex5vsknk084sn02r")
    assert type(u.id) is TypeID and u.id == TypeID(USER) and u.org.prefix == "org"
    assert User(id=TypeID(USER)).id == TypeID(USER)
    assert User(id=str(TypeID(USER).uuid)).id == TypeID(USER)  # UUID text takes the prefix, as user_id reads it
    assert json.loads(u.json()) == {"id": USER, "org": "org_01h455vb4pex5vsknk084sn02r"}
    assert TypeID.with_prefix("user") is UserID and UserID(USER) == TypeID(USER)
    for bad, reason in (("org_01h455vb4pex5vsknk084sn02q", 'the prefix is "org"; expected "user"'),
                        ("user_", 'has 0 characters, not 26; expected the prefix "user"'),
                        (TypeID("org_01h455vb4pex5vsknk084sn02q"), 'expected "user"'),
                        (5, "expected TypeID or str")):
        with pytest.raises(pydantic.ValidationError) as e:
            User(id=bad)
        assert reason in str(e.value), (bad, str(e.value))
    with pytest.raises(pydantic.ValidationError, match="empty prefix has no"):
        User(id=USER, org="_01h455vb4pex5vsknk084sn02q")
    props = User.schema()["properties"]
    assert props["id"]["format"] == "typeid" and props["id"]["type"] == "string"
    assert re.fullmatch(props["id"]["pattern"], USER) and not re.fullmatch(props["id"]["pattern"], "org" + USER[4:])
    for text, ok in ((USER, True), (USER[5:], True), ("_" + USER[5:], False), ("a_b_" + USER[5:], True)):
        assert bool(re.fullmatch(props["org"]["pattern"], text)) is ok, text


def _app():
    app = fastapi.FastAPI()
    users = {}

    class UserIn(pydantic.BaseModel):
        name: str
        manager: UserID = None

    class UserOut(pydantic.BaseModel):
        id: UserID
        name: str
        manager: UserID = None

    @app.post("/users", response_model=UserOut)
    def create(user: UserIn):
        key = TypeID.generate("user")
        users[key] = UserOut(id=key, **user.dict())
        return users[key]

    @app.get("/users/{user_id}", response_model=UserOut)
    def read(user_id: UserID):
        assert type(user_id) is TypeID
        if user_id not in users:
            raise fastapi.HTTPException(404)
        return users[user_id]

    @app.get("/plain/{user_id}")
    def plain(user_id: UserID):  # no response_model: the dict goes through jsonable_encoder
        return {"id": user_id, "ids": sorted(users)}

    @app.get("/search")
    def search(after: UserID = fastapi.Query(...)):
        return {"after": after}

    return app, users


def test_fastapi_path_query_body_and_responses():
    app, users = _app()
    client = TestClient(app)
    r = client.post("/users", json={"name": "first"})
    assert r.status_code == 200, r.text
    first = r.json()["id"]
    assert first.startswith("user_") and TypeID(first) in users
    r = client.post("/users", json={"name": "second", "manager": first})
    assert r.status_code == 200 and r.json()["manager"] == first
    assert client.get(f"/users/{first}").json() == {"id": first, "name": "first", "manager": None}
    assert client.get(f"/users/{TypeID.generate('user')}").status_code == 404
    assert client.get(f"/plain/{first}").json()["id"] == first
    assert client.get(f"/search?after={first}").json() == {"after": first}
    for bad in ("nope", "org_01h455vb4pex5vsknk084sn02q", "user_", "User_01h455vb4pex5vsknk084sn02q"):
        for url in (f"/users/{bad}", f"/plain/{bad}", f"/search?after={bad}"):
            assert client.get(url).status_code == 422, url
    r = client.get("/users/org_01h455vb4pex5vsknk084sn02q")
    assert 'the prefix is "org"; expected "user"' in r.json()["detail"][0]["msg"]
    r = client.post("/users", json={"name": "x", "manager": "org_01h455vb4pex5vsknk084sn02q"})
    assert r.status_code == 422 and 'expected "user"' in r.json()["detail"][0]["msg"]
    spec = client.get("/openapi.json").json()
    param = spec["paths"]["/users/{user_id}"]["get"]["parameters"][0]["schema"]
    assert param["format"] == "typeid" and param["pattern"].startswith("^user_")


def test_encoders_learn_typeid_when_pydantic_comes_after_uidext():
    """import uidext first, FastAPI later: a plain dict with a TypeID is still written as text."""
    code = ("import uidext; from fastapi.encoders import jsonable_encoder; import pydantic.json\n"
            "t = uidext.TypeID.generate('user')\n"
            "assert jsonable_encoder({'id': t}) == {'id': str(t)}\n"
            "assert pydantic.json.pydantic_encoder(t) == str(t)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
