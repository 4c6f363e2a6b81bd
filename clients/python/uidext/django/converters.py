"""Path converters: `<ulid:pk>` matches a ULID's 26 Crockford digits (either case) and gives
the view a ULID; other text does not match, so the URL is a 404, as `<uuid:pk>` does.
The "uidext.django" app registers it; without the app: register_converter(ULIDConverter, "ulid")."""
from .._ulid import ULID


class ULIDConverter:
    regex = "[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}"

    def to_python(self, value):
        return ULID(value)

    def to_url(self, value):
        return str(value if type(value) is ULID else ULID(value))
