#!/usr/bin/env bash
# Static analysis of uidext's own C++ (src/core and src/pg) with clang-tidy and cppcheck.
# Builds a compile_commands.json with bear in a temporary copy of the sources (the work tree's
# objects and .so are left alone), then runs both tools with warnings as errors. Prints one
# line per tool, "static-analysis TOOL: passed" or "... failed", the findings above it, and
# exits non-zero if either failed. Needs clang-tidy, cppcheck and bear (test/lib/install-deps.sh).
#
# Configuration, and why:
# - clang-tidy checks: clang-analyzer-*, bugprone-*, performance-*, minus
#   bugprone-easily-swappable-parameters (style, not bugs). The only option set is
#   bugprone-reserved-identifier.AllowedIdentifiers=_PG_init;_PG_fini: PostgreSQL requires
#   those names for the module entry points (src/pg/module.cpp), so the finding there is not a
#   defect. Headers under src/ are analysed too (--header-filter).
# - PostgreSQL's headers are system headers (-isystem, from the Makefile): not our code, so
#   their findings are not reported. cppcheck needs the compiler's platform macros
#   (__GNUC__, __x86_64__) to get through s_lock.h, and then flags two returns of function
#   pointer calls in executor/tuptable.h that it cannot type; those are suppressed by path:
#   /usr/include and the server include directory pg_config reports (a PostgreSQL installed
#   elsewhere, e.g. /usr/local/pgsql/include/server, is not under /usr/include).
set -uo pipefail
cd "$(dirname "$0")/.."
PG_CONFIG=${PG_CONFIG:-pg_config}
PG_INCLUDE_SERVER=$("$PG_CONFIG" --includedir-server)

work=$(mktemp -d /tmp/uidext-static.XXXXXX)
trap 'rm -rf "$work"' EXIT
# A copy (untracked new sources included), cleaned so that every file is compiled under bear.
cp -r src sql Makefile ./*.control "$work"/
make -C "$work" clean PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1

echo "== compile_commands.json (bear -- make with_llvm=no)"
if ! (cd "$work" && bear -- make -j2 with_llvm=no PG_CONFIG="$PG_CONFIG" >"$work/build.log" 2>&1) \
    || [ ! -s "$work/compile_commands.json" ]; then
    cat "$work/build.log"
    echo "static-analysis clang-tidy: failed"
    echo "static-analysis cppcheck: failed"
    exit 1
fi
echo "$(grep -c '"file"' "$work/compile_commands.json") translation units"

status=0
cd "$work"

echo "== clang-tidy"
# Two processes (the machines have two cores), each on every other file.
sources=$(ls src/migrate/*.cpp)
tidy() {
    clang-tidy -p . --quiet --warnings-as-errors='*' \
        --checks='-*,clang-analyzer-*,bugprone-*,performance-*,-bugprone-easily-swappable-parameters' \
        --config='{CheckOptions: [{key: bugprone-reserved-identifier.AllowedIdentifiers, value: "_PG_init;_PG_fini"}]}' \
        --header-filter="/src/migrate/" "$@"
}
tidy $(printf '%s\n' $sources | sed -n 'p;n') >"$work/clang-tidy.log" 2>&1 &
tidy_odd=$!
tidy $(printf '%s\n' $sources | sed -n 'n;p') >"$work/clang-tidy-2.log" 2>&1
tidy_even=$?
wait $tidy_odd
tidy_odd=$?
cat "$work/clang-tidy-2.log" >>"$work/clang-tidy.log"
if [ "$tidy_odd" = 0 ] && [ "$tidy_even" = 0 ] && ! grep -qE '(warning|error):' "$work/clang-tidy.log"; then
    echo "static-analysis clang-tidy: passed ($(echo $sources | wc -w) files)"
else
    grep -vE '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter|^Use -system-headers' "$work/clang-tidy.log" | head -60
    echo "static-analysis clang-tidy: failed"
    status=1
fi

echo "== cppcheck"
if cppcheck --project=compile_commands.json --std=c++17 -q --error-exitcode=1 \
        --enable=warning,performance,portability --inline-suppr \
        -D__GNUC__=12 -D__x86_64__ -D__linux__ \
        --suppress='*:/usr/include/*' --suppress="*:$PG_INCLUDE_SERVER/*" \
        --template='{file}:{line}:{column}: {severity}: {message} [{id}]' >"$work/cppcheck.log" 2>&1 \
    && ! grep -qE '^src/.*: (error|warning|performance|portability|style)' "$work/cppcheck.log"; then
    echo "static-analysis cppcheck: passed"
else
    head -60 "$work/cppcheck.log"
    echo "static-analysis cppcheck: failed"
    status=1
fi
exit $status
