"""The version numbers and file names that README.md and doc/**/*.md give, against the tree's own:
uidext.control's default_version, the Makefile's UPDATE_SCRIPTS, debian/changelog's version, the
client packages' versions. Prints one line per problem, "FILE:LINE: ..." (nothing when all agree);
`facts` prints what it compares with. Run from the top of the tree (test/cluster/069_doc_versions.sh).
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(".")


def facts():
    control = (ROOT / "uidext.control").read_text()
    version = re.search(r"^default_version\s*=\s*'([0-9.]+)'", control, re.M).group(1)
    changelog = (ROOT / "debian/changelog").read_text().splitlines()[0]
    debian = re.match(r"uidext \(([0-9.]+)-([0-9]+)\)", changelog)
    makefile = (ROOT / "Makefile").read_text()
    updates = re.search(r"^UPDATE_SCRIPTS\s*=\s*(.*)$", makefile, re.M).group(1).split()
    extversion = re.search(r"^EXTVERSION\s*=\s*(\S+)", makefile, re.M).group(1)
    return {
        "version": version,                              # 1.5
        "upstream": debian.group(1),                     # 1.5.0
        "revision": debian.group(2),                     # 1
        "extversion": extversion,
        "meta": json.loads((ROOT / "META.json").read_text())["version"],
        "python": re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "clients/python/pyproject.toml").read_text(), re.M).group(1),
        "python_module": re.search(r'^__version__\s*=\s*"([^"]+)"', (ROOT / "clients/python/uidext/__init__.py").read_text(), re.M).group(1),
        "node": json.loads((ROOT / "clients/node/package.json").read_text())["version"],
        "update_scripts": [pathlib.Path(u).name for u in updates],
    }


# What a page may name, and the rule each follows.
FRESH = re.compile(r"\buidext--([0-9]+\.[0-9]+)\.sql\b")                     # the fresh install script
UPDATE = re.compile(r"\buidext--([0-9]+\.[0-9]+)--([0-9]+\.[0-9]+)\.sql\b")    # an update script
ARCHIVE = re.compile(r"\buidext-([0-9]+\.[0-9]+\.[0-9]+)(?=\.zip|\.tgz|/)")   # PGXN zip, npm pack, tarball prefix
ORIG = re.compile(r"\buidext_([0-9]+\.[0-9]+\.[0-9]+)\.orig\.tar")
DEBIAN = re.compile(r"\buidext_([0-9]+\.[0-9]+\.[0-9]+)-([0-9]+)(?=\.dsc|_[a-z0-9]+\.deb|\.debian)")
EXTVERSION_ROW = re.compile(r"^ uidext +\| ([0-9]+\.[0-9]+)\s*$")             # psql: extname | extversion


def version_key(text):
    return tuple(int(p) for p in text.split("."))


def problems(f):
    pages = [ROOT / "README.md"] + sorted((ROOT / "doc").rglob("*.md")) + sorted(ROOT.glob("clients/*/README.md"))
    existing = {p.name for p in (ROOT / "sql").glob("uidext--*--*.sql")}
    current = version_key(f["version"])
    for page in pages:
        for number, line in enumerate(page.read_text().splitlines(), 1):
            where = f"{page}:{number}"
            for m in FRESH.finditer(line):
                if m.group(1) not in ("1.0", f["version"]):  # 1.0's script is a source of the fresh one
                    yield f"{where}: {m.group(0)}: the fresh install script is uidext--{f['version']}.sql"
            for m in UPDATE.finditer(line):
                name, old, new = m.group(0), m.group(1), m.group(2)
                if name not in existing and old != f["version"]:  # the next release's script may be named
                    yield f"{where}: {name}: no such update script in sql/"
                elif old == f["version"] and version_key(new) <= current:
                    yield f"{where}: {name}: not an update from {f['version']}"
            for m in ARCHIVE.finditer(line):
                if m.group(1) != f["upstream"]:
                    yield f"{where}: {m.group(0)}: the release is {f['upstream']}"
            for m in ORIG.finditer(line):
                if m.group(1) != f["upstream"]:
                    yield f"{where}: {m.group(0)}: the release is {f['upstream']}"
            for m in DEBIAN.finditer(line):
                if (m.group(1), m.group(2)) != (f["upstream"], f["revision"]):
                    yield f"{where}: {m.group(0)}: the Debian package is {f['upstream']}-{f['revision']}"
            m = EXTVERSION_ROW.match(line)
            if m and m.group(1) != f["version"]:
                yield f"{where}: extversion {m.group(1)}: CREATE EXTENSION installs {f['version']}"
    install = (ROOT / "doc/install.md").read_text()
    for name in (f"uidext--{f['version']}.sql", f["update_scripts"][-1]):
        if name not in install:
            yield f"doc/install.md: does not name {name} among the installed files"
    development = (ROOT / "doc/development.md").read_text()
    for name in ["uidext--1.0.sql"] + f["update_scripts"]:
        if f"`sql/{name}`" not in development:
            yield f"doc/development.md: the table of install and update scripts lacks sql/{name}"


def main():
    f = facts()
    if sys.argv[1:] == ["facts"]:
        for key, value in f.items():
            print(f"{key}: {' '.join(value) if isinstance(value, list) else value}")
        return
    for line in problems(f):
        print(line)


main()
