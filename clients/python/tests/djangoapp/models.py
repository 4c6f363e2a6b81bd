"""Models of the Django tests. The project sets DEFAULT_AUTO_FIELD = ULIDAutoField, so every
model without an explicit key has a ulid key filled by gen_ulid()."""
from django.db import models

from uidext.django import ULIDAutoField, ULIDField, ULIDForeignKey, UUIDv7AutoField


class Order(models.Model):
    name = models.CharField(max_length=50)


# ulid -> ulid (the foreign key takes the key's type)
class Event(models.Model):  # Django's own cascade
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="events")
    n = models.IntegerField(default=0)


class Line(models.Model):  # ON DELETE CASCADE in the database (table made by RunSQL)
    id = ULIDAutoField(primary_key=True)
    order = models.ForeignKey(Order, on_delete=models.DO_NOTHING, related_name="lines")
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "db_lines"


# uuid -> ulid: existing tables whose uuid column references the ulid key
class Note(models.Model):  # Django's own cascade
    id = ULIDAutoField(primary_key=True)
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="notes")
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "legacy_notes"


class Tag(models.Model):  # ON DELETE CASCADE in the database
    id = ULIDAutoField(primary_key=True)
    order = models.ForeignKey(Order, on_delete=models.DO_NOTHING, related_name="tags")
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "legacy_tags"


class Ticket(models.Model):
    id = UUIDv7AutoField(primary_key=True)
    code = ULIDField(null=True, blank=True)
    ref = ULIDField(storage="uuid", null=True, blank=True)


class Refund(models.Model):  # uuid -> ulid made by migrate: the index the checks use, declared
    order = ULIDForeignKey(Order, on_delete=models.CASCADE, related_name="refunds", storage="uuid", db_index=False)
    n = models.IntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["order"], name="refund_order_uuid_ulid", opclasses=["uuid_ulid_ops"])]
