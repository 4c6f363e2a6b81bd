#!/usr/bin/env bash
# The version numbers and file names README.md and doc/ give (install and update scripts, the
# PGXN archive, the Debian source and binary packages, what CREATE EXTENSION installs) are the
# tree's: uidext.control's default_version, the Makefile's UPDATE_SCRIPTS, debian/changelog's
# version, and the client packages agree with them (#37: 1.4's pages named 1.3's files).
# No server: it reads files (test/lib/doc_versions.py), well under a second.
cd "$(dirname "$0")/../.."
. test/cluster/helpers.bash
facts=$($PY test/lib/doc_versions.py facts) || { fail "test/lib/doc_versions.py facts"; finish; }
fact() { sed -n "s/^$1: //p" <<<"$facts"; }
version=$(fact version)
echo "    $(tr '\n' ';' <<<"$facts" | sed 's/;/; /g')"

check "the Makefile's EXTVERSION is uidext.control's default_version" "$(fact extversion)" "$version"
check "debian/changelog's upstream version is default_version.0" "$(fact upstream)" "$version.0"
check "META.json's version is the release's" "$(fact meta)" "$(fact upstream)"
check "the Python package's version (pyproject.toml, __version__) is the release's" \
    "$(fact python) $(fact python_module)" "$(fact upstream) $(fact upstream)"
check "the Node package's version is the release's" "$(fact node)" "$(fact upstream)"
check "the last update script ends at default_version" "$(fact update_scripts | awk '{print $NF}')" \
    "$(fact update_scripts | awk '{print $NF}' | sed -E "s/--[0-9.]+\.sql$/--$version.sql/")"
check "versions and file names in README.md, doc/ and clients/*/README.md" \
    "$($PY test/lib/doc_versions.py)" ""

# The checker itself: a page naming last release's files is caught (a copy of the tree's pages).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r README.md doc uidext.control Makefile META.json debian sql "$work"/
mkdir -p "$work/clients/python/uidext" "$work/clients/node"
cp clients/python/pyproject.toml "$work/clients/python/"; cp clients/python/uidext/__init__.py "$work/clients/python/uidext/"
cp clients/node/package.json "$work/clients/node/"
sed -i -e "s/uidext--$version\.sql/uidext--1.3.sql/" -e "s/ uidext  | $version/ uidext  | 1.4/" \
    -e "s/uidext_$version\.0-1\.dsc/uidext_1.3.0-1.dsc/" "$work/doc/install.md"
stale=$(cd "$work" && $PY "$OLDPWD/test/lib/doc_versions.py")
check_match "a stale fresh install script is reported" "$stale" 'install.md:[0-9]+: uidext--1\.3\.sql'
check_match "a stale extversion is reported" "$stale" 'install.md:[0-9]+: extversion 1\.4'
check_match "a stale Debian package name is reported" "$stale" 'install.md:[0-9]+: uidext_1\.3\.0-1: the Debian package'
finish
