"""A Django application whose Account key moves from BigAutoField (bigint) to ulid under it
(test/cluster/106_migrate_apps.sh). Prints one line per observation.
  python3 app.py before   creates the tables and rows, then keeps its connection and old model
                          while MIGRATE_CMD runs the migration, and reports what works after it
  python3 app.py after    a new process with the model changed (SHOP_KEYS=ulid)"""
import datetime
import os
import subprocess
import sys

import django
from django.conf import settings

settings.configure(
    INSTALLED_APPS=["uidext.django", "shop"],
    USE_TZ=True,
    DEFAULT_AUTO_FIELD="django.db.models.BigAutoField",
    DATABASES={"default": {"ENGINE": "django.db.backends.postgresql", "NAME": os.environ["PGDATABASE"],
                           "HOST": os.environ["PGHOST"], "PORT": os.environ["PGPORT"], "USER": os.environ["PGUSER"],
                           "CONN_MAX_AGE": None}},
)
django.setup()
from django.db import connection  # noqa: E402

from shop.models import Account, Order  # noqa: E402

T0 = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)


def attempt(label, fn):
    try:
        print(f"{label}: ok {fn()!r}")
    except Exception as e:  # the observation is the error's class and first line
        print(f"{label}: {type(e).__name__}: {str(e).splitlines()[0]}")
        connection.close()  # Django reconnects on the next query (an aborted connection is not reused)


if sys.argv[1] == "before":
    with connection.schema_editor() as editor:
        editor.create_model(Account)
        editor.create_model(Order)
    for i in range(1, 201):
        a = Account.objects.create(name=f"a{i}", created_at=T0 + datetime.timedelta(seconds=i))
        Order.objects.bulk_create([Order(account=a, amount=k) for k in (1, 2)])
    kept = Account.objects.get(name="a5")
    print(f"before: pk {kept.pk!r}, orders {kept.order_set.count()}")
    subprocess.run(os.environ["MIGRATE_CMD"], shell=True, check=True, stdout=subprocess.DEVNULL)
    # The same process, model and connection after the swap.
    attempt("old model, count", lambda: Account.objects.count())
    attempt("old model, read a row", lambda: type(Account.objects.get(name="a6").pk).__name__)
    attempt("old model, get by the pk read before", lambda: Account.objects.get(pk=kept.pk).name)
    attempt("old model, related rows of an instance read before", lambda: kept.order_set.count())
    attempt("old model, get by a pk read now", lambda: Account.objects.get(pk=Account.objects.get(name="a6").pk).name)
    attempt("old model, create", lambda: type(Account.objects.create(name="b1", created_at=T0).pk).__name__)
    attempt("old model, join by name", lambda: Order.objects.filter(account__name="a7").count())
else:
    a = Account.objects.get(name="a5")
    print(f"new model, read a row: {type(a.pk).__name__}, orders {a.order_set.count()}")
    print(f"new model, get by pk: {Account.objects.get(pk=a.pk).name}")
    print(f"new model, get by pk as text: {Account.objects.get(pk=str(a.pk)).name}")
    b = Account.objects.create(name="b2", created_at=T0)
    Order.objects.create(account=b, amount=9)
    print(f"new model, create with a related row: {type(b.pk).__name__}, orders {b.order_set.count()}")
    print(f"new model, old id 5 by legacy_id: {Account.objects.extra(where=['legacy_id = %s'], params=[5]).get().name}")
    with connection.cursor() as c:
        c.execute("SELECT legacy_id FROM account WHERE name = 'b2'")
        print(f"new model, the new row has a legacy id from the old default: {c.fetchone()[0] is not None}")
        c.execute("SELECT count(*) FROM shop_order o JOIN account a ON a.legacy_id = o.legacy_account_id WHERE a.name = 'b2'")
        print(f"new model, its order's legacy reference is kept: {c.fetchone()[0]}")
    Account.objects.filter(name="a5").delete()
    print(f"new model, delete cascades: {Order.objects.filter(account_id=a.pk).count()}")
