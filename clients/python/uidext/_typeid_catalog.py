"""The catalog query the driver modules share: every TypeID type of the connected database.

A per-prefix type is one whose input function is uidext's C function typeid_fixed_in (what
typeid_define creates); its prefix is the name of its output function's parameter (unnamed
when the prefix is empty). The general type is the extension's `typeid`.
"""

TYPEID_TYPES_SQL = """
SELECT t.oid::int8, t.typarray::int8, n.nspname, t.typname,
       CASE WHEN i.prosrc = 'typeid_fixed_in' THEN coalesce(o.proargnames[1], '') END AS prefix
FROM pg_catalog.pg_type t
JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
JOIN pg_catalog.pg_proc i ON i.oid = t.typinput
JOIN pg_catalog.pg_proc o ON o.oid = t.typoutput
WHERE i.probin LIKE '%uidext' AND (i.prosrc = 'typeid_fixed_in' OR (i.prosrc = 'typeid_in' AND t.typname = 'typeid'))
ORDER BY t.oid
"""


class TypeIDType:
    """One TypeID type of a database: oid, array oid, schema, name, prefix (None: general typeid)."""
    __slots__ = ("oid", "array_oid", "schema", "name", "prefix")

    def __init__(self, oid, array_oid, schema, name, prefix):
        self.oid, self.array_oid, self.schema, self.name, self.prefix = int(oid), int(array_oid), schema, name, prefix

    def __repr__(self):
        return f"<TypeIDType {self.schema}.{self.name} prefix={self.prefix!r} oid={self.oid}>"


def typeid_types(rows):
    """TypeIDType objects of the query's rows."""
    return [TypeIDType(*row) for row in rows]
