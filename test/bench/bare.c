/* Bare-call baseline of the generation benchmark: what any generator returning a 16-byte
 * value costs before doing any work (one fmgr call and one palloc), so that a generator's
 * ratio to it shows the generator's own cost. Not part of the extension. */
#include "postgres.h"

#include "fmgr.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(bench_bare_uuid);

Datum
bench_bare_uuid(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(palloc0(16));
}
