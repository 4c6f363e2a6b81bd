#!/usr/bin/env bash
# Every ```sql example of README.md and doc/**/*.md runs against a throwaway server, and every
# ```text block shown after one is compared with what psql prints: the format is defined in
# doc/README.md ("How the pages are tested"); test/lib/doctest.py reads it. One check per page.
# DOC_PAGES="README.md doc/x.md" runs only those pages.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
doctest="$PY test/lib/doctest.py"

pages=${DOC_PAGES:-"README.md $(find doc -name '*.md' | LC_ALL=C sort | tr '\n' ' ')"}
work=$(mktemp -d)
chmod 755 "$work"
clusters=""
trap 'stop_clusters $clusters; rm -rf "$work"' EXIT

# cluster_for SETTINGS...: a running server with these settings (one per distinct set), selected.
cluster_for() {
    local name="docs$(printf '%s ' "$@" | md5sum | cut -c1-8)"
    if [[ " $clusters " == *" $name "* ]]; then cluster_use "$name"; return 0; fi
    cluster_start "$name" "$@" || return 1
    clusters="$clusters $name"
}

# doc/opaque-ids.md's server reads its keys from this file (the page's settings name it relative
# to the data directory): readable by the server's OS user only, as uidext requires.
mkdir -p "$UIDEXT_CLUSTER_ROOT"
printf 'k1:000102030405060708090a0b0c0d0e0f\n' >"$UIDEXT_CLUSTER_ROOT/doc-opaque.keys"
chmod 600 "$UIDEXT_CLUSTER_ROOT/doc-opaque.keys"
[ "$(id -u)" = 0 ] && chown postgres "$UIDEXT_CLUSTER_ROOT/doc-opaque.keys"

n=0
for page in $pages; do
    n=$((n + 1))
    if [ "$($doctest count "$page")" = 0 ]; then
        echo "--   $page: no sql blocks"
        continue
    fi
    mapfile -t settings < <($doctest settings "$page")
    if ! cluster_for "${settings[@]}" >"$work/start.log" 2>&1; then
        fail "$page: the server did not start with settings '${settings[*]}':"; sed 's/^/    /' "$work/start.log" | tail -5
        continue
    fi
    db="doc_$n"
    q -c "CREATE DATABASE $db" -c "ALTER DATABASE $db SET timezone TO 'UTC'" && q -d "$db" -c "CREATE EXTENSION uidext" \
        || { fail "$page: could not prepare database $db"; continue; }
    $doctest script "$page" >"$work/page.sql"
    # One session per page, read from stdin, so errors print as "ERROR:  ..." in page order.
    psql -X -d "$db" <"$work/page.sql" >"$work/page.out" 2>&1
    if result=$($doctest check "$page" "$work/page.out"); then
        UIDEXT_CHECKS_OK=$((UIDEXT_CHECKS_OK + 1))
        echo "ok   $page: $(sed -n 's/^summary: //p' <<<"$result")"
    else
        fail "$page: $(sed -n 's/^summary: //p' <<<"$result")"
        grep -v '^summary: ' <<<"$result" | sed 's/^/    /'
    fi
    q -c "DROP DATABASE $db" >/dev/null 2>&1
done

# A page that names another page or a file of the tree must name one that exists.
check "links to files that do not exist (README.md, doc/, clients/*/README.md)" \
    "$($PY test/lib/doc_links.py README.md $(find doc -name '*.md') clients/*/README.md)" ""
finish
