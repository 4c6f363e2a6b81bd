"""The application's models. SHOP_KEYS=bigint: as they were (BigAutoField keys); SHOP_KEYS=ulid:
after the key migration, the one change the application makes (the key's field type)."""
import os

from django.db import models

from uidext.django import ULIDAutoField


class Account(models.Model):
    if os.environ.get("SHOP_KEYS") == "ulid":
        id = ULIDAutoField(primary_key=True)
    else:
        id = models.BigAutoField(primary_key=True)
    # legacy_id (filled by the old key's default until `finish`) is left out of the model on
    # purpose: Django would insert an explicit NULL into it. Old ids are found with extra().
    created_at = models.DateTimeField()
    name = models.CharField(max_length=50, unique=True)

    class Meta:
        db_table = "account"


class Order(models.Model):
    account = models.ForeignKey(Account, on_delete=models.CASCADE)
    amount = models.IntegerField()

    class Meta:
        db_table = "shop_order"
