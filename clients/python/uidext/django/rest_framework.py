"""Django REST framework: ModelSerializer maps ULIDAutoField and ULIDField to ULIDSerializerField
(ULID text out, ULID or UUID text in, "invalid" error otherwise) and UUIDv7AutoField to its
UUIDField. Without it DRF would take ULIDAutoField for the AutoField it derives from and write
int(key), the 128-bit number (a ULID is a uuid.UUID, which has __int__). The "uidext.django"
app calls register() when rest_framework is installed."""
from rest_framework import serializers

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


def register():
    from . import ULIDAutoField, ULIDField, UUIDv7AutoField
    mapping = serializers.ModelSerializer.serializer_field_mapping
    mapping[ULIDAutoField] = ULIDSerializerField
    mapping[ULIDField] = ULIDSerializerField
    mapping[UUIDv7AutoField] = serializers.UUIDField
