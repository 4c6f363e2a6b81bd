#!/usr/bin/env bash
# Issue 16: `make installcheck` passes on a server that preloads uidext
# (shared_preload_libraries=uidext, monotonic scope 'server'), as it does on one that does not,
# so a packager can run it against whichever server is at hand. Every pg_regress suite of the
# Makefile runs; the output goes to a directory of its own, not the checkout.
cd "$(dirname "$0")/../.."
. test/lib/cluster.sh
. test/cluster/helpers.bash
trap 'stop_clusters preloaded' EXIT

cluster_start preloaded shared_preload_libraries=uidext
check "the server preloads uidext: monotonic scope" "$(q -c 'CREATE EXTENSION uidext' -c 'SELECT uidext_monotonic_scope()')" server
q -c 'DROP EXTENSION uidext'
outdir="$UIDEXT_CLUSTER_ROOT/installcheck-preloaded"
mkdir -p "$outdir"
out=$(make -s installcheck PG_CONFIG="${PG_CONFIG:-pg_config}" EXTRA_REGRESS_OPTS="--outputdir=$outdir" 2>&1)
# pg_regress up to 15: "test x ... ok"; from 16: "ok 1 - x" / "not ok 2 - x".
passed=$(grep -cE '\.\.\. ok|^ok [0-9]+ ' <<<"$out")
failed=$(grep -E '\.\.\. FAILED|^not ok [0-9]+ ' <<<"$out")
check_ge "pg_regress suites passing on the preloading server" "$passed" 12
check "pg_regress suites failing there" "$failed" ""
[ -n "$failed" ] && head -60 "$outdir/regression.diffs"
finish
