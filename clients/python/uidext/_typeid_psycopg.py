"""psycopg 3 adapters of TypeID (imported by uidext.psycopg): every per-prefix type made by
typeid_define and the general `typeid` load as TypeID (text and binary, arrays too).

Parameters: `%s` and `%t` send a TypeID as its text with no type (OID 0), so the server reads it
with the input of the type its context needs: a per-prefix column (which checks the prefix),
a `typeid` column, a list for `= ANY(%s)`. `%b` sends it typed as the per-prefix type of its
prefix (the general `typeid` when no single registered type has that prefix).
"""
from psycopg import AsyncConnection
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from ._typeid import (TypeID, dump_general_binary, load_general_binary, load_general_text, loader_fixed_binary,
                      loader_fixed_text, to_typeid)
from ._typeid_catalog import TYPEID_TYPES_SQL, typeid_types


class TypeIDUnknownDumper(Dumper):
    """TypeID -> its text, untyped: what a per-prefix type's and typeid's inputs read."""
    format = Format.TEXT
    oid = 0

    def dump(self, obj):
        return str(obj).encode()


class _TypedTextDumper(Dumper):
    """By OID (COPY set_types(["user_id"])): TypeID or its text -> TypeID text."""
    format = Format.TEXT
    prefix = None

    def dump(self, obj):
        return str(to_typeid(obj, self.prefix)).encode()


class _FixedBinaryDumper(Dumper):
    """TypeID (or its text, by OID) -> the 16 bytes of a per-prefix type."""
    format = Format.BINARY
    prefix = None

    def get_key(self, obj, format):
        return type(self)  # the key TypeIDBinaryDumper gives (lists ask the upgraded dumper)

    def dump(self, obj):
        return to_typeid(obj, self.prefix).bytes


class _GeneralBinaryDumper(Dumper):
    """TypeID -> typeid's binary form: the 16 bytes, then the prefix."""
    format = Format.BINARY

    def get_key(self, obj, format):
        return type(self)

    def dump(self, obj):
        return dump_general_binary(to_typeid(obj))


class TypeIDBinaryDumper(Dumper):
    """`%b`: picks the per-prefix type of the value's prefix (else the general typeid)."""
    format = Format.BINARY
    fixed_by_prefix = {}  # prefix -> dumper class, set per registration
    general = None

    def __init__(self, cls, context=None):
        super().__init__(cls, context)
        self._context = context

    def get_key(self, obj, format):
        return self.fixed_by_prefix.get(obj.prefix, self.general)

    def upgrade(self, obj, format):
        return self.get_key(obj, format)(TypeID, self._context)

    def dump(self, obj):
        return dump_general_binary(obj)


def _fixed_text_loader(prefix):
    fixed_load = loader_fixed_text(prefix)

    class FixedTextLoader(Loader):
        format = Format.TEXT

        def load(self, data, _load=fixed_load):
            # bytes from psycopg's Python implementation; a memoryview elsewhere
            return _load(data if type(data) is bytes else bytes(data))
    return FixedTextLoader


def _fixed_binary_loader(prefix):
    fixed_load = loader_fixed_binary(prefix)

    class FixedBinaryLoader(Loader):
        format = Format.BINARY

        def load(self, data, _load=fixed_load):
            return _load(data if type(data) is bytes else bytes(data))
    return FixedBinaryLoader


class GeneralTextLoader(Loader):
    format = Format.TEXT

    def load(self, data, _load=load_general_text):
        return _load(data)


class GeneralBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data, _load=load_general_binary):
        return _load(data)


def _register(rows, context):
    types = typeid_types(rows)
    adapters = context.adapters
    prefix_count = {}
    for t in types:
        prefix_count[t.prefix] = prefix_count.get(t.prefix, 0) + 1
    fixed_by_prefix, general = {}, None
    for t in types:
        TypeInfo(t.name, t.oid, t.array_oid, regtype=f'"{t.schema}"."{t.name}"').register(context)  # arrays
        attrs = {"oid": t.oid, "prefix": t.prefix}
        adapters.register_dumper(None, type("TypeIDTextDumper", (_TypedTextDumper,), attrs))
        if t.prefix is None:
            adapters.register_loader(t.oid, GeneralTextLoader)
            adapters.register_loader(t.oid, GeneralBinaryLoader)
            general = type("TypeIDGeneralBinaryDumper", (_GeneralBinaryDumper,), {"oid": t.oid})
            adapters.register_dumper(None, general)
        else:
            adapters.register_loader(t.oid, _fixed_text_loader(t.prefix))
            adapters.register_loader(t.oid, _fixed_binary_loader(t.prefix))
            fixed = type("TypeIDFixedBinaryDumper", (_FixedBinaryDumper,), attrs)
            adapters.register_dumper(None, fixed)
            if prefix_count[t.prefix] == 1:
                fixed_by_prefix[t.prefix] = fixed
    if general is None:
        raise LookupError("type typeid not found: run CREATE EXTENSION uidext (1.3 or later) in this database first")
    adapters.register_dumper(TypeID, type("TypeIDBinaryDumper", (TypeIDBinaryDumper,),
                                          {"fixed_by_prefix": fixed_by_prefix, "general": general}))
    # Registered last so that %s (AUTO) picks the untyped text form.
    adapters.register_dumper(TypeID, TypeIDUnknownDumper)
    return types


def _connection(context):
    return getattr(context, "connection", context)


async def register_typeid_async(context):
    """`await register_typeid_async(aconn)`: register_typeid for an AsyncConnection or AsyncCursor."""
    async with _connection(context).cursor() as cur:
        await cur.execute(TYPEID_TYPES_SQL)
        return _register(await cur.fetchall(), context)


def register_typeid(context):
    """Make every TypeID type of the database (per-prefix types and typeid) load as TypeID on
    this Connection or Cursor; returns the types found. Call it again after typeid_define
    has made a new type. On an AsyncConnection it returns an awaitable."""
    connection = _connection(context)
    if isinstance(connection, AsyncConnection):
        return register_typeid_async(context)
    with connection.cursor() as cur:
        return _register(cur.execute(TYPEID_TYPES_SQL).fetchall(), context)
