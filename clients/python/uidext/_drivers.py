"""What the ORM modules make sure of in the drivers they may run on."""
import importlib.util


def adapt_in_psycopg2():
    """Give psycopg2, when installed, the ULID adapter of uidext.psycopg2. Without it a ULID is
    adapted as the uuid.UUID it also is, by the adapter register_uuid() installs (Django's
    backend and SQLAlchemy's psycopg2 dialect call it), which writes str() -- the ULID text --
    as '...'::uuid, which uuid input rejects."""
    if importlib.util.find_spec("psycopg2") is not None:
        from . import psycopg2  # noqa: F401  pylint: disable=unused-import (registers the adapter)
