"""The ULID value type: 128 bits, a 48-bit Unix millisecond then 80 random bits."""
import datetime as _dt
import re
import secrets
import time
import uuid

# Crockford base32 digit -> the digit int(..., 32) reads at the same value ("0"-"9", "a"-"v").
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_BASE32_DIGITS = "0123456789abcdefghijklmnopqrstuv"
CROCKFORD_TO_BASE32_DIGITS = bytes.maketrans(
    (_CROCKFORD + _CROCKFORD.lower()).encode(), (_BASE32_DIGITS * 2).encode())
_CROCKFORD_TO_BASE32_STR = str.maketrans(_CROCKFORD + _CROCKFORD.lower(), _BASE32_DIGITS * 2)
# Every pair of Crockford digits, indexed by its 10-bit value: ULID text 2 digits at a time.
_DIGIT_PAIRS = tuple(a + b for a in _CROCKFORD for b in _CROCKFORD)

# What the server's ulid_in accepts: 26 Crockford digits in any case (first digit 0-7), or a
# UUID text form as core's uuid_in reads it (hyphens only after groups of 4 digits, optional braces).
# re.ASCII: without it IGNORECASE lets "\u017f" match "s" and the Kelvin sign match "k".
_ULID_TEXT = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}", re.IGNORECASE | re.ASCII)
_UUID_TEXT = re.compile(r"(\{)?([0-9a-fA-F]{4}(?:-?[0-9a-fA-F]{4}){7})(?(1)\})")
_CROCKFORD_CHAR = re.compile(r"[0-9A-HJKMNP-TV-Z]", re.IGNORECASE | re.ASCII)

_MAX_INT = (1 << 128) - 1
_RANDOM_BITS = 80
_MAX_MS = (1 << 48) - 1
_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_ONE_MS = _dt.timedelta(milliseconds=1)


def _reason(text):
    """Why the server's ulid_in would reject text (mirrors its error details)."""
    if len(text) == 26:
        for position, char in enumerate(text, 1):
            if not _CROCKFORD_CHAR.fullmatch(char):
                hint = " (Crockford base32 leaves out I, L, O and U)" if char in "ILOUilou" else ""
                return f"{char!r} at position {position} is not a Crockford base32 digit{hint}"
        return "the first digit must be between 0 and 7: larger values need more than 128 bits"
    return f"a ULID has 26 Crockford base32 digits, not {len(text)} characters, and this is not a UUID either"


class ULID(uuid.UUID):
    """An immutable ULID, and a uuid.UUID of the same 16 bytes: equality, hash and order are
    uuid.UUID's (so time order, and a ULID equals the uuid.UUID of its bytes); str() is the
    26-character ULID text, so whatever encodes a uuid.UUID as str() (Django's JSON encoder,
    pydantic, FastAPI) writes a ULID as its ULID text.

    ULID(value) takes a ULID or UUID text (what the server's ulid type accepts), 16 bytes,
    a uuid.UUID or a ULID; anything else raises ValueError naming the value and the reason.
    """

    __slots__ = ()
    is_safe = uuid.SafeUUID.unknown  # uuid.UUID's slot, never set on a ULID

    def __init__(self, value):
        if type(value) is str:
            n = _int_from_text(value)
        elif isinstance(value, uuid.UUID):  # a ULID too
            n = value.int
        elif isinstance(value, (bytes, bytearray, memoryview)):
            if len(value) != 16:
                raise ValueError(f"invalid ULID {bytes(value)!r}: 16 bytes expected, got {len(value)}")
            n = int.from_bytes(value, "big")
        elif isinstance(value, str):  # a str subclass
            n = _int_from_text(str(value))
        else:
            raise ValueError(f"invalid ULID {value!r}: expected str, bytes, uuid.UUID or ULID, "
                             f"not {type(value).__name__}")
        _set_int(self, n)

    # Fast constructors for loaders: no validation beyond what the caller guarantees.
    @classmethod
    def from_int(cls, n):
        """A ULID from its 128-bit integer value."""
        if not isinstance(n, int) or not 0 <= n <= _MAX_INT:
            raise ValueError(f"invalid ULID {n!r}: an integer from 0 to 2**128-1 expected")
        return _from_int(n)

    @classmethod
    def generate(cls):
        """A new ULID: the current Unix millisecond and 80 bits from `secrets`."""
        return _from_int((time.time_ns() // 1_000_000) << _RANDOM_BITS | secrets.randbits(_RANDOM_BITS))

    @classmethod
    def min_for(cls, when):
        """The smallest ULID of the millisecond of `when` (an aware datetime), for range queries."""
        return _from_int(_millisecond(when) << _RANDOM_BITS)

    @classmethod
    def max_for(cls, when):
        """The largest ULID of the millisecond of `when` (an aware datetime), for range queries."""
        return _from_int(_millisecond(when) << _RANDOM_BITS | ((1 << _RANDOM_BITS) - 1))

    # pydantic 1.x: a ULID field validates with ULID() (a ValueError becomes a validation error,
    # FastAPI's 422) and is described as ULID text in JSON Schema / OpenAPI.
    @classmethod
    def __get_validators__(cls):
        yield cls._validate

    @classmethod
    def _validate(cls, value):
        return value if type(value) is ULID else cls(value)

    @classmethod
    def __modify_schema__(cls, field_schema):
        # The text a ULID is written as; input also takes UUID text, as the server's ulid does.
        field_schema.update(type="string", format="ulid", pattern="^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$",
                            example="01ARZ3NDEKTSV4RRFFQ69G5FAV")

    def __setattr__(self, name, value):
        raise AttributeError("ULID is immutable")

    __delattr__ = __setattr__

    def __reduce__(self):
        return (_from_int, (self.int,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def uuid(self):
        """The plain uuid.UUID of the same 16 bytes (str() gives the UUID text form)."""
        return uuid.UUID(int=self.int)

    @property
    def urn(self):
        return "urn:uuid:" + str(self.uuid)

    @property
    def timestamp(self):
        """The embedded Unix time in milliseconds."""
        return self.int >> _RANDOM_BITS

    @property
    def datetime(self):
        """The embedded time as an aware UTC datetime (millisecond precision)."""
        return _EPOCH + (self.int >> _RANDOM_BITS) * _ONE_MS

    def __str__(self, _t=_DIGIT_PAIRS, _join="".join):
        # 13 pairs of digits, 10 bits each (the first pair holds the top 8 bits): as fast as
        # uuid.UUID's str(), which JSON encoders call once per key.
        n = self.int
        return _join((_t[n >> 120], _t[(n >> 110) & 1023], _t[(n >> 100) & 1023], _t[(n >> 90) & 1023],
                      _t[(n >> 80) & 1023], _t[(n >> 70) & 1023], _t[(n >> 60) & 1023], _t[(n >> 50) & 1023],
                      _t[(n >> 40) & 1023], _t[(n >> 30) & 1023], _t[(n >> 20) & 1023], _t[(n >> 10) & 1023],
                      _t[n & 1023]))

    def __repr__(self):
        return f"ULID('{self}')"


_new = object.__new__
_set_int = uuid.UUID.int.__set__  # uuid.UUID's slot setter, bypassing ULID.__setattr__


def _from_int(n):
    self = _new(ULID)
    _set_int(self, n)
    return self


def _int_from_text(text):
    if len(text) == 26 and _ULID_TEXT.fullmatch(text):
        return int(text.translate(_CROCKFORD_TO_BASE32_STR), 32)
    match = _UUID_TEXT.fullmatch(text)
    if match:
        return int(match.group(2).replace("-", ""), 16)
    raise ValueError(f"invalid ULID {text!r}: {_reason(text)}")


def _millisecond(when):
    if not isinstance(when, _dt.datetime):
        raise ValueError(f"invalid time {when!r}: a datetime expected")
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"invalid time {when!r}: a timezone-aware datetime expected")
    ms = (when - _EPOCH) // _ONE_MS
    if not 0 <= ms <= _MAX_MS:
        raise ValueError(f"invalid time {when!r}: outside the 48-bit millisecond range of a ULID")
    return ms


# The loaders below run once per fetched value: names are bound as default arguments (local
# lookups) and the int is decoded by int()'s C loop, to keep a ULID as cheap as a uuid.UUID.
def from_text_fast(data, _table=_CROCKFORD_TO_BASE32_STR, _new=_new, _set=_set_int, _ULID=ULID):
    """A ULID from the server's 26-character ULID text (str), trusted to be valid."""
    value = _new(_ULID)
    _set(value, int(data.translate(_table), 32))
    return value


def from_text_bytes_fast(data, _table=CROCKFORD_TO_BASE32_DIGITS, _new=_new, _set=_set_int, _ULID=ULID):
    """A ULID from the server's 26-character ULID text (bytes), trusted to be valid."""
    value = _new(_ULID)
    _set(value, int(data.translate(_table), 32))
    return value


def from_bytes_fast(data, _from_bytes=int.from_bytes, _new=_new, _set=_set_int, _ULID=ULID):
    """A ULID from 16 bytes, trusted to be 16 bytes."""
    value = _new(_ULID)
    _set(value, _from_bytes(data, "big"))
    return value


def to_ulid(value):
    """ULID(value), passing None and ULIDs through; the ORMs' common conversion."""
    if value is None or type(value) is ULID:
        return value
    if not isinstance(value, (str, bytes, bytearray, memoryview, uuid.UUID)) and hasattr(value, "bytes"):
        return from_bytes_fast(value.bytes)  # asyncpg's UUID and other uuid look-alikes
    return ULID(value)


def from_driver(value):
    """A ULID from what a driver returned for a ulid or uuid column (None stays None): the
    server's 26-character text takes the fast path, anything else is converted and checked."""
    if type(value) is str and len(value) == 26:
        return from_text_fast(value)
    return to_ulid(value)
