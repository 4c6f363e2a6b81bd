"""Every ```python block of the client pages (doc/clients/python.md, doc/clients/python/*.md)
runs against the test server, so a page cannot go stale.

Per page, in a fresh database without the extension (the pages create it, or Django's app does):
a block whose first line is `# file: PATH` is written to PATH in a scratch project directory
(packages get an empty __init__.py); the other blocks run in page order as one script there,
with PG* naming the database. A line `<!-- doctest: skip (reason) -->` right before a block
keeps it out. The script must exit 0, and every uuid -> ulid foreign key the page left in its
database must have an index built with uuid_ulid_ops (the one its checks can use)."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1]
DOC = PACKAGE.parents[1] / "doc" / "clients"
PAGES = [DOC / "python.md"] + sorted((DOC / "python").glob("*.md"))
BLOCK = re.compile(r"(<!-- doctest: skip[^>]*-->\n)?```python\n(.*?)```", re.DOTALL)


def blocks(page):
    return [body for skip, body in BLOCK.findall(page.read_text()) if not skip]


def test_every_page_has_examples():
    assert len(PAGES) == 8  # typeid.md (#32)
    for page in PAGES:
        assert blocks(page), f"{page.name} has no python example"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_page_examples_run(server, page, tmp_path):
    script = []
    for body in blocks(page):
        first, _, rest = body.partition("\n")
        if first.startswith("# file: "):
            target = tmp_path / first[len("# file: "):].strip()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(rest)
            for parent in target.relative_to(tmp_path).parents:
                if parent != pathlib.Path(".") and not (tmp_path / parent / "__init__.py").exists():
                    (tmp_path / parent / "__init__.py").write_text("")
        else:
            script.append(body)
    (tmp_path / "page_examples.py").write_text("\n".join(script))
    name = server.create_database("uidext_py_doc_" + page.stem, extension=False)
    env = {k: v for k, v in os.environ.items()  # not what test_django.py set for itself
           if k != "DJANGO_SETTINGS_MODULE" and not k.startswith("UIDEXT_TEST_")}
    env.update(PGHOST=server.host, PGPORT=str(server.port), PGDATABASE=name,
               PYTHONPATH=os.pathsep.join([str(PACKAGE), str(tmp_path)]))
    if server.user:
        env["PGUSER"] = server.user
    try:
        run = subprocess.run([sys.executable, "page_examples.py"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, f"{page.name}:\n{run.stdout}\n{run.stderr}"
        assert _uuid_foreign_keys_without_their_index(server, name) == [], page.name
    finally:
        server.drop_database(name)


def _uuid_foreign_keys_without_their_index(server, dbname):
    import psycopg
    with psycopg.connect(**server.params(dbname)) as c:
        if c.execute("SELECT to_regtype('ulid') IS NULL").fetchone()[0]:
            return []
        return c.execute("""
            SELECT c.conrelid::regclass::text || '.' || a.attname FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = c.confkey[1]
            WHERE c.contype = 'f' AND a.atttypid = 'uuid'::regtype AND r.atttypid = 'ulid'::regtype
              AND NOT EXISTS (SELECT FROM pg_index i JOIN pg_opclass o ON o.oid = i.indclass[0]
                              WHERE i.indrelid = c.conrelid AND i.indkey[0] = a.attnum
                                AND o.opcname = 'uuid_ulid_ops')""").fetchall()
