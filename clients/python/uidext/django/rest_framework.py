"""Django REST framework: ModelSerializer maps ULIDAutoField and ULIDField to ULIDSerializerField
(ULID text out, ULID or UUID text in, "invalid" error otherwise), TypeIDAutoField and TypeIDField
to TypeIDSerializerField (TypeID text out; in, what the column reads: the model field's prefix
only) and UUIDv7AutoField to its UUIDField. Without it DRF would take ULIDAutoField and
TypeIDAutoField for the AutoField they derive from and write int(key) (a TypeID has no int():
a 500). DRF's JSON renderer writes a TypeID as its text (a related field's value is the key
itself). The "uidext.django" app calls register() when rest_framework is installed."""
from rest_framework import serializers
from rest_framework.utils.encoders import JSONEncoder

from .._typeid import TypeID, to_typeid
from .._ulid import ULID, to_ulid


class ULIDSerializerField(serializers.Field):
    default_error_messages = {"invalid": "“{value}” is not a valid ULID: {reason}."}

    def to_internal_value(self, data):
        try:
            return to_ulid(data)
        except ValueError as e:
            text = str(e)
            prefix = f"invalid ULID {data!r}: "
            self.fail("invalid", value=data, reason=text[len(prefix):] if text.startswith(prefix) else text)

    def to_representation(self, value):
        return str(value if type(value) is ULID else to_ulid(value))


class TypeIDSerializerField(serializers.Field):
    """TypeID text out; TypeID text in (UUID text too, with a prefix), with `prefix=` that prefix
    only. In a ModelSerializer the prefix is the model field's (taken when the field is bound)."""
    default_error_messages = {"invalid": "“{value}” is not a valid TypeID: {reason}."}

    def __init__(self, *, prefix=None, **kwargs):
        self.prefix = prefix
        super().__init__(**kwargs)

    def bind(self, field_name, parent):
        super().bind(field_name, parent)
        model = getattr(getattr(parent, "Meta", None), "model", None)
        if self.prefix is None and model is not None and "." not in self.source and self.source != "*":
            try:
                self.prefix = getattr(model._meta.get_field(self.source), "prefix", None)
            except Exception:  # not a model field (a property, an annotation): any prefix
                pass

    def to_internal_value(self, data):
        try:
            return to_typeid(data, self.prefix)
        except ValueError as e:
            text = str(e)
            head = f"invalid TypeID {data!r}: "
            self.fail("invalid", value=data, reason=text[len(head):] if text.startswith(head) else text)

    def to_representation(self, value):
        return str(value if type(value) is TypeID else to_typeid(value))


def _write_typeid_as_text():
    original = JSONEncoder.default
    if getattr(original, "uidext_writes_typeid", False):
        return

    def default(self, obj):
        if type(obj) is TypeID:
            return str(obj)
        return original(self, obj)
    default.uidext_writes_typeid = True
    JSONEncoder.default = default


def register():
    from . import TypeIDAutoField, TypeIDField, ULIDAutoField, ULIDField, UUIDv7AutoField
    mapping = serializers.ModelSerializer.serializer_field_mapping
    mapping[ULIDAutoField] = ULIDSerializerField
    mapping[ULIDField] = ULIDSerializerField
    mapping[UUIDv7AutoField] = serializers.UUIDField
    mapping[TypeIDAutoField] = TypeIDSerializerField
    mapping[TypeIDField] = TypeIDSerializerField
    _write_typeid_as_text()
