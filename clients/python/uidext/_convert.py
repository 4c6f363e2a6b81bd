"""Conversions the driver modules share: any accepted key value to 16 bytes or to text."""
import uuid

from ._ulid import ULID


def key_bytes(value):
    """16 bytes of a ULID, uuid.UUID, ULID/UUID text or 16-byte value (ValueError otherwise)."""
    if type(value) is ULID:
        return value.int.to_bytes(16, "big")
    if type(value) is uuid.UUID:
        return value.bytes
    return ULID(value).bytes


def key_uuid_text(value):
    """The canonical UUID text of a key: what both ulid_in and core's uuid_in read."""
    n = value.int if type(value) is ULID else ULID(value).int
    h = "%032x" % n
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def key_ulid_text(value):
    return str(value if type(value) is ULID else ULID(value))


def storage_type(storage):
    """The column type of an ORM field's storage: "ulid", or "uuid" for an existing uuid column."""
    if storage not in ("ulid", "uuid"):
        raise ValueError(f"invalid storage {storage!r}: 'ulid' or 'uuid' expected")
    return storage


__all__ = ["key_bytes", "key_uuid_text", "key_ulid_text", "storage_type"]
