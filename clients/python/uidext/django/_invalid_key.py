"""InvalidKey, the error of a malformed key in any lookup, field or path converter of uidext.django."""
from django.core import exceptions
from django.http import Http404


class InvalidKey(exceptions.ValidationError, ValueError, Http404):
    """A malformed ULID, UUID or TypeID key (or a TypeID of another prefix). A ValidationError, as
    Django's UUIDField raises (forms and full_clean() report it); a ValueError, as 1.3 raised; an
    Http404, because a key that cannot exist names no object: get_object_or_404(Order, pk="nope")
    is a 404, not a 500, as the <ulid:pk> and <typeid:pk> converters give for the same URL."""
