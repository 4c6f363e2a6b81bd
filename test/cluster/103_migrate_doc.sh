#!/usr/bin/env bash
# The worked example of doc/migrating-keys.md ("### A worked example"), run as a reader would:
# its ```sql blocks through psql and its ```sh blocks through bash (uidext-migrate on PATH,
# PGDATABASE set), in page order, in a fresh database; a ```text block directly after a block
# (blank lines aside) must equal that block's output; the sh blocks share their variables, as in
# one terminal. 067_doc_examples.sh skips these blocks
# (uidext-migrate runs between them).
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters migdoc; rm -rf "$work"' EXIT
work=$(mktemp -d /tmp/uidext-migdoc.XXXXXX)
chmod 755 "$work"
cluster_start migdoc
q -c "CREATE DATABASE example" -c "ALTER DATABASE example SET timezone = 'UTC'"
q -d example -c "CREATE EXTENSION uidext"   # the worked example creates uidext_migrate

# The section's blocks: one file a block (N.sql / N.sh) and its expected output (N.expected).
$PY - "$work" <<'PY'
import re, sys
work = sys.argv[1]
text = open("doc/migrating-keys.md").read()
section = text.split("### A worked example", 1)[1]
section = re.split(r"\n### ", section, maxsplit=1)[0]
blocks = []  # (kind, body, directly_after_previous_block)
pos, last_end = 0, None
for m in re.finditer(r"```(\w+)\n(.*?)```", section, re.S):
    between = section[last_end:m.start()] if last_end is not None else "x"
    blocks.append((m.group(1), m.group(2), last_end is not None and between.strip() == ""))
    last_end = m.end()
n = 0
for i, (kind, body, _) in enumerate(blocks):
    if kind not in ("sql", "sh"):
        continue
    n += 1
    open(f"{work}/{n:02d}.{kind}", "w").write(body)
    if i + 1 < len(blocks) and blocks[i + 1][0] == "text" and blocks[i + 1][2]:
        open(f"{work}/{n:02d}.expected", "w").write(blocks[i + 1][1])
print(n, "blocks")
PY

export PGDATABASE=example PATH="$("${PG_CONFIG:-pg_config}" --bindir):$PATH"
cd "$work" || exit 1
for f in [0-9][0-9].sql [0-9][0-9].sh; do echo "$f"; done | sort >order
while read -r f; do
    base=${f%.*}
    case $f in
        *.sql) psql -X -v ON_ERROR_STOP=1 <"$f" >"$base.out" 2>&1 ;;
        # One shell session for the page, as a reader's terminal: variables carry over (vars.sh).
        *.sh) bash -e -c '[ -f vars.sh ] && . ./vars.sh; . "./$1"; set | grep -E "^[a-z][a-z0-9_]*=" >vars.sh' _ "$f" >"$base.out" 2>&1 ;;
    esac
    status=$?
    check "worked example, block $f: exit status" "$status" 0
    [ "$status" = 0 ] || sed 's/^/    /' "$base.out"
    if [ -f "$base.expected" ]; then
        check "worked example, block $f: the output shown on the page" "$(sed 's/ *$//' "$base.out")" "$(sed 's/ *$//' "$base.expected")"
    fi
done <order
cd - >/dev/null || exit 1
check_ge "worked example: blocks run" "$(wc -l <"$work/order")" 6
finish
