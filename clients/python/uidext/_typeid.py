"""The TypeID value type (jetify-com/typeid spec 0.3): a prefix and the 128 bits of a UUID.

The text is "prefix_suffix" (the bare suffix when the prefix is empty); the suffix is the 26
lowercase Crockford base32 digits of the 16 bytes, the ULID text of the same bytes in lowercase.
This module reads exactly what the server's `typeid` input reads (and, with an expected prefix,
what a per-prefix type's input reads), with the server's reasons in the errors.
"""
import base64
import datetime as _dt
import re
import secrets
import time
import uuid

_PREFIX_MAX = 63
_SUFFIX_LENGTH = 26
# Lowercase Crockford digit -> the digit int(..., 32) reads at the same value.
_LOWER_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
_TO_BASE32_STR = str.maketrans(_LOWER_CROCKFORD, "0123456789abcdefghijklmnopqrstuv")
_TO_BASE32_BYTES = bytes.maketrans(_LOWER_CROCKFORD.encode(), b"0123456789abcdefghijklmnopqrstuv")
_RFC4648_TO_LOWER_CROCKFORD = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", _LOWER_CROCKFORD.encode())
# re.ASCII: without it, IGNORECASE-free classes are still ASCII here, but be explicit.
_PREFIX = re.compile(r"(?:[a-z](?:[a-z_]{0,61}[a-z])?)?", re.ASCII)
_SUFFIX = re.compile(r"[0-7][0-9a-hjkmnp-tv-z]{25}", re.ASCII)
_SUFFIX_CHAR = re.compile(r"[0-9a-hjkmnp-tv-z]", re.ASCII)
# The UUID text forms core's uuid_in reads (a per-prefix type's input reads them too).
_UUID_TEXT = re.compile(r"(\{)?([0-9a-fA-F]{4}(?:-?[0-9a-fA-F]{4}){7})(?(1)\})", re.ASCII)

_MAX_INT = (1 << 128) - 1
_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_ONE_MS = _dt.timedelta(milliseconds=1)


def prefix_is_valid(prefix):
    """True for a prefix the spec allows: 0-63 of [a-z_], beginning and ending with a letter."""
    return type(prefix) is str and len(prefix) <= _PREFIX_MAX and _PREFIX.fullmatch(prefix) is not None


def _check_prefix(prefix):
    if not prefix_is_valid(prefix):
        raise ValueError(f"invalid TypeID prefix {prefix!r}: a TypeID prefix is at most 63 lowercase letters "
                         "(a-z) and underscores, beginning and ending with a letter")
    return prefix


def _split(text):
    """(prefix, int) of TypeID text, or ValueError with the reason the server's typeid_in gives."""
    separator = text.rfind("_")
    if separator >= 0:
        prefix, suffix, start = text[:separator], text[separator + 1:], separator + 1
        if not prefix:
            reason = ('a TypeID with an empty prefix has no "_"' if text.startswith("_")
                      else 'a TypeID is a prefix, "_" and 26 base32 digits')
            raise ValueError(f"invalid TypeID {text!r}: {reason}")
        if not prefix_is_valid(prefix):
            raise ValueError(f"invalid TypeID {text!r}: a TypeID prefix is at most 63 lowercase letters (a-z) "
                             "and underscores, beginning and ending with a letter")
    else:
        prefix, suffix, start = "", text, 0
        if len(text) > _SUFFIX_LENGTH:
            raise ValueError(f'invalid TypeID {text!r}: a TypeID is a prefix, "_" and 26 base32 digits')
    if _SUFFIX.fullmatch(suffix):
        return prefix, int(suffix.translate(_TO_BASE32_STR), 32)
    if len(suffix) != _SUFFIX_LENGTH:
        raise ValueError(f"invalid TypeID {text!r}: the suffix after the prefix has {len(suffix)} characters, not 26")
    for offset, char in enumerate(suffix):
        if not _SUFFIX_CHAR.fullmatch(char):
            raise ValueError(f"invalid TypeID {text!r}: {char!r} at position {start + offset + 1} is not a "
                             "lowercase Crockford base32 digit (0-9, a-z without i, l, o and u)")
    raise ValueError(f"invalid TypeID {text!r}: the suffix must begin with a digit between 0 and 7: "
                     "larger values need more than 128 bits")


class TypeID:
    """An immutable TypeID: `.prefix` and the 16 bytes (`.uuid`, `.ulid`, `.bytes`, `.int`).

    Equality, hash and order are the server's `typeid` ones: the prefix, then the 16 bytes.
    `TypeID(text)` is `TypeID.parse(text)`. A TypeID never equals a str, a uuid.UUID or a ULID.
    """

    # The 16 bytes, not an int: the binary loaders then only store what the driver gives.
    __slots__ = ("_prefix", "_b")

    def __init__(self, text):
        if isinstance(text, TypeID):
            prefix, value = text._prefix, text._b
        elif isinstance(text, str):
            prefix, n = _split(str(text))
            value = n.to_bytes(16, "big")
        else:
            raise ValueError(f"invalid TypeID {text!r}: expected TypeID text (str), not {type(text).__name__}")
        _set_prefix(self, prefix)
        _set_bytes(self, value)

    @classmethod
    def parse(cls, text, prefix=None):
        """The TypeID of `text`, as the server's `typeid` input reads it. With `prefix`, as the
        input of a per-prefix type with that prefix reads it: that prefix only, or a UUID text
        form (which takes the prefix)."""
        if not isinstance(text, str):
            raise ValueError(f"invalid TypeID {text!r}: expected str, not {type(text).__name__}")
        text = str(text)
        if prefix is None:
            found, n = _split(text)
            return _from_parts(found, n.to_bytes(16, "big"))
        _check_prefix(prefix)
        if "_" not in text and 32 <= len(text) <= 38:
            match = _UUID_TEXT.fullmatch(text)
            if match:
                return _from_parts(prefix, bytes.fromhex(match.group(2).replace("-", "")))
        try:
            found, n = _split(text)
        except ValueError as e:  # name the prefix expected, as the server's per-prefix input does
            raise ValueError(f"{e}; expected " + (f'the prefix "{prefix}"' if prefix else "no prefix")) from None
        if found != prefix:
            got = f'the prefix is "{found}"' if found else "the value has no prefix"
            want = f'expected "{prefix}"' if prefix else "expected none"
            raise ValueError(f"invalid TypeID {text!r}: {got}; {want}")
        return _from_parts(prefix, n.to_bytes(16, "big"))

    @classmethod
    def from_uuid(cls, prefix, value):
        """The TypeID of a prefix and a uuid.UUID (or a ULID, or 16 bytes)."""
        _check_prefix(prefix)
        if isinstance(value, uuid.UUID):
            data = value.bytes
        elif isinstance(value, (bytes, bytearray, memoryview)) and len(value) == 16:
            data = bytes(value)
        elif hasattr(value, "bytes") and not isinstance(value, (str, bytes)):
            data = bytes(value.bytes)  # a ULID, asyncpg's UUID
        else:
            raise ValueError(f"invalid TypeID value {value!r}: a uuid.UUID, a ULID or 16 bytes expected")
        return _from_parts(prefix, data)

    @classmethod
    def from_int(cls, prefix, n):
        _check_prefix(prefix)
        if not isinstance(n, int) or not 0 <= n <= _MAX_INT:
            raise ValueError(f"invalid TypeID value {n!r}: an integer from 0 to 2**128-1 expected")
        return _from_parts(prefix, n.to_bytes(16, "big"))

    @classmethod
    def generate(cls, prefix):
        """A new TypeID: a UUIDv7 (the current Unix millisecond, version 7, 74 random bits)."""
        _check_prefix(prefix)
        ms = time.time_ns() // 1_000_000
        random = secrets.randbits(74)
        n = (ms << 80) | (0x7 << 76) | ((random >> 62) << 64) | (0b10 << 62) | (random & ((1 << 62) - 1))
        return _from_parts(prefix, n.to_bytes(16, "big"))

    # pydantic 1.x (and FastAPI): a TypeID field validates with to_typeid (a ValueError becomes a
    # validation error, FastAPI's 422) and is described as TypeID text in JSON Schema / OpenAPI.
    # TypeID.with_prefix("user") is the type of a field that takes only that prefix.
    @classmethod
    def __get_validators__(cls):
        yield cls._validate

    @classmethod
    def _validate(cls, value):
        return value if type(value) is TypeID else to_typeid(value)

    @classmethod
    def __modify_schema__(cls, field_schema):
        field_schema.update(type="string", format="typeid", pattern=f"^(?:[a-z](?:[a-z_]{{0,61}}[a-z])?_)?{_SUFFIX.pattern}$",
                            example="user_01h455vb4pex5vsknk084sn02q")

    @classmethod
    def with_prefix(cls, prefix):
        """A pydantic (1.x) field type for TypeIDs of this prefix only: `id: TypeID.with_prefix("user")`.
        Values are plain TypeIDs; another prefix is a validation error naming the expected one
        (FastAPI: 422); UUID text takes the prefix, as the per-prefix type's input reads it."""
        _check_prefix(prefix)
        found = _WITH_PREFIX.get(prefix)
        if found is None:
            found = _WITH_PREFIX[prefix] = type(f"TypeID_{prefix}", (_PrefixedField,), {"prefix": prefix})
        return found

    def __setattr__(self, name, value):
        raise AttributeError("TypeID is immutable")

    __delattr__ = __setattr__

    def __reduce__(self):
        return (_from_parts, (self._prefix, self._b))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def prefix(self):
        return self._prefix

    @property
    def suffix(self):
        """The 26 lowercase Crockford base32 digits of the 16 bytes."""
        # 20 bytes = 32 base32 digits; the last 26 are the 128-bit value.
        return base64.b32encode(b"\0\0\0\0" + self._b)[6:].translate(_RFC4648_TO_LOWER_CROCKFORD).decode()

    @property
    def int(self):
        return int.from_bytes(self._b, "big")

    @property
    def bytes(self):
        return self._b

    @property
    def uuid(self):
        return uuid.UUID(bytes=self._b)

    @property
    def ulid(self):
        from ._ulid import ULID
        return ULID(self.bytes)

    @property
    def datetime(self):
        """The first 48 bits as Unix milliseconds, an aware UTC datetime (a UUIDv7's time)."""
        return _EPOCH + int.from_bytes(self._b[:6], "big") * _ONE_MS

    def __str__(self):
        return f"{self._prefix}_{self.suffix}" if self._prefix else self.suffix

    def __repr__(self):
        return f"TypeID('{self}')"

    def __hash__(self):
        return hash((self._prefix, self._b))

    def __eq__(self, other):
        if type(other) is TypeID:
            return self._b == other._b and self._prefix == other._prefix
        return NotImplemented

    def __ne__(self, other):
        if type(other) is TypeID:
            return self._b != other._b or self._prefix != other._prefix
        return NotImplemented

    def _key(self):
        return (self._prefix, self._b)  # 16 bytes compare as the server's memcmp

    def __lt__(self, other):
        if type(other) is TypeID:
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if type(other) is TypeID:
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if type(other) is TypeID:
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if type(other) is TypeID:
            return self._key() >= other._key()
        return NotImplemented


class _PrefixedField:
    """What TypeID.with_prefix(prefix) returns: a field type, never instantiated."""
    prefix = None

    def __new__(cls, value):
        return to_typeid(value, cls.prefix)

    @classmethod
    def __get_validators__(cls):
        yield cls._validate

    @classmethod
    def _validate(cls, value):
        return to_typeid(value, cls.prefix)

    @classmethod
    def __modify_schema__(cls, field_schema):
        head = f"{cls.prefix}_" if cls.prefix else ""
        field_schema.update(type="string", format="typeid", pattern=f"^{head}{_SUFFIX.pattern}$",
                            example=f"{head}01h455vb4pex5vsknk084sn02q")


_WITH_PREFIX = {}
_new = object.__new__
_set_prefix = TypeID._prefix.__set__  # the slots' setters, bypassing TypeID.__setattr__
_set_bytes = TypeID._b.__set__


def _from_parts(prefix, data):
    value = _new(TypeID)
    _set_prefix(value, prefix)
    _set_bytes(value, data)
    return value


# Loaders: they run once per fetched value, on text the server wrote (trusted to be valid).
# Names are bound as default arguments (local lookups); int() decodes at C speed.
def loader_fixed_text(prefix):
    """A loader of a per-prefix type's text (bytes or str) with the type's prefix."""
    start = len(prefix) + 1 if prefix else 0

    def load(data, _start=start, _prefix=prefix, _table=_TO_BASE32_BYTES, _table_str=_TO_BASE32_STR,
             _new=_new, _setp=_set_prefix, _setb=_set_bytes, _T=TypeID):
        value = _new(_T)
        _setp(value, _prefix)
        _setb(value, int(data[_start:].translate(_table if type(data) is bytes else _table_str), 32).to_bytes(16, "big"))
        return value
    return load


def loader_fixed_binary(prefix):
    """A loader of a per-prefix type's binary form (16 bytes, as bytes) with the type's prefix."""
    def load(data, _prefix=prefix, _new=_new, _setp=_set_prefix, _setb=_set_bytes, _T=TypeID):
        value = _new(_T)
        _setp(value, _prefix)
        _setb(value, data)
        return value
    return load


def load_general_text(data):
    """A TypeID from the general typeid's text (bytes or str), trusted to be valid."""
    if type(data) is not str:
        data = bytes(data).decode("ascii")
    prefix, _, suffix = data.rpartition("_")
    return _from_parts(prefix, int(suffix.translate(_TO_BASE32_STR), 32).to_bytes(16, "big"))


def load_general_binary(data):
    """A TypeID from the general typeid's binary form: 16 bytes, then the prefix."""
    data = bytes(data)
    return _from_parts(data[16:].decode("ascii"), data[:16])


def dump_general_binary(value):
    return value._b + value._prefix.encode("ascii")


def to_typeid(value, prefix=None):
    """A TypeID from a TypeID or its text (None stays None); with `prefix`, the prefix is
    checked as the per-prefix type's input checks it. The ORMs' and encoders' conversion."""
    if value is None:
        return None
    if type(value) is TypeID:
        if prefix is not None and value._prefix != prefix:
            raise ValueError(f"invalid TypeID {str(value)!r}: the prefix is \"{value._prefix}\"; expected "
                             + (f'"{prefix}"' if prefix else "none"))
        return value
    if isinstance(value, str):
        return TypeID.parse(value, prefix)
    if prefix is not None and (isinstance(value, uuid.UUID) or hasattr(value, "bytes")):
        return TypeID.from_uuid(prefix, value)  # a uuid, as the per-prefix input reads UUID text
    raise ValueError(f"invalid TypeID {value!r}: expected TypeID or str, not {type(value).__name__}")


__all__ = ["TypeID"]
