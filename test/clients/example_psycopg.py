import psycopg  # psycopg 3 (Debian: python3-psycopg, pip: psycopg)
from psycopg.types import TypeInfo

# Connection settings come from the PG* environment variables (or pass a conninfo string).
with psycopg.connect(autocommit=True) as conn:
    conn.execute("CREATE EXTENSION IF NOT EXISTS uidext")
    conn.execute("CREATE TABLE IF NOT EXISTS orders ("
                 " id ulid PRIMARY KEY DEFAULT gen_ulid(), item text NOT NULL)")

    # A ulid arrives as a str: its 26 Crockford base32 characters.
    order_id = conn.execute(
        "INSERT INTO orders (item) VALUES (%s) RETURNING id", ["book"]).fetchone()[0]
    print("new order:", order_id)

    # Pass a ulid as a str parameter (any case; a UUID's text form is accepted too).
    item, as_uuid, created = conn.execute(
        "SELECT item, id::uuid, ulid_extract_timestamp(id) FROM orders WHERE id = %s",
        [order_id]).fetchone()
    print("item:", item, "as uuid:", as_uuid, "created:", created.isoformat())

    # A uuid.UUID parameter (sent as uuid) compares with the ulid key directly (1.1).
    assert conn.execute("SELECT id FROM orders WHERE id = %s", [as_uuid]).fetchone()[0] == order_id

    # Binary results give the 16 raw bytes, the same as the uuid's.
    raw = conn.cursor(binary=True).execute(
        "SELECT id FROM orders WHERE id = %s", [order_id]).fetchone()[0]
    print("binary:", raw.hex())
    assert raw == as_uuid.bytes

    # Newest first, straight from the primary key index.
    latest = conn.execute("SELECT id, item FROM orders ORDER BY id DESC LIMIT 10").fetchall()

    # Tell psycopg about the type once per connection: a ulid[] then arrives as a list of str
    # (without it, as one str "{...}").
    TypeInfo.fetch(conn, "ulid").register(conn)
    ids = conn.execute("SELECT array_agg(id ORDER BY id) FROM orders").fetchone()[0]
    print("ids:", type(ids).__name__, "of", len(ids))
    assert order_id in ids
