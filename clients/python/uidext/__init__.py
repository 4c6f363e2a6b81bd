"""uidext: ULID keys for Python applications on PostgreSQL's uidext extension.

`ULID` is an immutable 128-bit value. The driver and ORM modules (`uidext.psycopg`,
`uidext.psycopg2`, `uidext.asyncpg`, `uidext.sqlalchemy`, `uidext.django`, `uidext.peewee`)
import their library only when imported themselves.
"""
from ._ulid import ULID

__all__ = ["ULID"]
__version__ = "1.5.0"

# TypeID (#32): the value type of per-prefix TypeID keys and the general typeid.
from ._typeid import TypeID  # noqa: E402
__all__ += ["TypeID"]

# pydantic 1.x's .json() and FastAPI's responses write a TypeID as its text (#37).
from ._json_encoders import install as _install_json_encoders  # noqa: E402
_install_json_encoders(TypeID)
