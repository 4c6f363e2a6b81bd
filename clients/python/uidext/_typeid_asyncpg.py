"""asyncpg codecs of TypeID (imported by uidext.asyncpg): every per-prefix type made by
typeid_define and the general `typeid` load as TypeID and take TypeID parameters (binary format).

A per-prefix type's encoder takes a TypeID of its prefix, or text its input reads (its TypeID
text or a UUID text form), or a uuid.UUID / ULID; another prefix raises ValueError before
anything is sent. asyncpg's own uuid codec takes a TypeID for a uuid column (it reads .bytes).
"""
from ._typeid import TypeID, dump_general_binary, load_general_binary, loader_fixed_binary, to_typeid
from ._typeid_catalog import TYPEID_TYPES_SQL, typeid_types


def _fixed_encoder(prefix):
    def encode(value, _prefix=prefix, _T=TypeID):
        if type(value) is _T and value.prefix == _prefix:
            return value.bytes
        return to_typeid(value, _prefix).bytes
    return encode


def _general_encoder(value):
    return dump_general_binary(to_typeid(value))


async def register_typeid(conn):
    """Set codecs for every TypeID type of the database (per-prefix types and typeid); returns
    the types found. Await it again after typeid_define has made a new type."""
    types = typeid_types(await conn.fetch(TYPEID_TYPES_SQL))
    if not any(t.prefix is None for t in types):
        raise LookupError("type typeid not found: run CREATE EXTENSION uidext (1.3 or later) in this database first")
    for t in types:
        if t.prefix is None:
            await conn.set_type_codec(t.name, schema=t.schema, encoder=_general_encoder,
                                      decoder=load_general_binary, format="binary")
        else:
            await conn.set_type_codec(t.name, schema=t.schema, encoder=_fixed_encoder(t.prefix),
                                      decoder=loader_fixed_binary(t.prefix), format="binary")
    return types
