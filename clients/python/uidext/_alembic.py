"""Alembic autogenerate leaves extensions' own tables alone.

A table that belongs to an extension (uidext's ``uidext_migration``, PostGIS's
``spatial_ref_sys``) is reflected like the application's, so autogenerate proposed
``op.drop_table`` for it, which fails ("extension uidext requires it"). Registered when
``uidext.sqlalchemy`` is imported and Alembic is installed: a schema comparator, run after
Alembic's own, drops every operation on an extension member table.
"""
from alembic.autogenerate import comparators

_MEMBER_TABLES = (
    "SELECT n.nspname, c.relname FROM pg_catalog.pg_depend d"
    " JOIN pg_catalog.pg_class c ON c.oid = d.objid"
    " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
    " WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.deptype = 'e'"
    " AND c.relkind IN ('r', 'p')"
)


@comparators.dispatch_for("schema")
def _leave_extension_tables(autogen_context, upgrade_ops, schemas):
    conn = autogen_context.connection
    if conn is None or conn.dialect.name != "postgresql":
        return
    default = conn.dialect.default_schema_name
    members = set()
    for schema, table in conn.exec_driver_sql(_MEMBER_TABLES).all():
        members.add((schema, table))
        if schema == default:
            members.add((None, table))  # Alembic names the default schema None
    upgrade_ops.ops[:] = [op for op in upgrade_ops.ops
                          if (getattr(op, "schema", None), getattr(op, "table_name", None)) not in members]
