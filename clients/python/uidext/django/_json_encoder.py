"""DjangoJSONEncoder (JsonResponse's default, the "json" serializer, JSONField's encoder=) writes a
TypeID as its text, as it writes a ULID (a uuid.UUID): JsonResponse(model_to_dict(post)) with a
TypeID key is a 200, not "Object of type TypeID is not JSON serializable". Django has no
registry of encoders, so default() is wrapped once, for every subclass too."""
from django.core.serializers.json import DjangoJSONEncoder

from .._typeid import TypeID


def write_typeid_as_text():
    original = DjangoJSONEncoder.default
    if getattr(original, "uidext_writes_typeid", False):
        return

    def default(self, o):
        if type(o) is TypeID:
            return str(o)
        return original(self, o)
    default.uidext_writes_typeid = True
    DjangoJSONEncoder.default = default
