// C functions of older catalogs that 1.5 no longer has. The library must still export them: an
// update from 1.3 runs the 1.3 -> 1.4 script, whose CREATE FUNCTION ... LANGUAGE C checks the
// symbol (always, whatever check_function_bodies says), and a database still at 1.4 under this
// library calls them until ALTER EXTENSION uidext UPDATE removes them.
#include "glue.hpp"

extern "C" {
#include "commands/event_trigger.h"
}

// 1.4's event trigger that dropped uidext's copy of uuid_larger, max(uuid), uuid_extract_*, ...
// before a restore's CREATE of the same signature (#30). 1.5 has no such copies (they are
// uidext_compat's, an opt-in extension) and no event trigger (#35): it does nothing, so that DDL
// in a database not yet updated keeps working, and the 1.4 -> 1.5 update drops it.
UIDEXT_NONSTRICT_FUNCTION(uidext_give_way) {
    if (!CALLED_AS_EVENT_TRIGGER(fcinfo))
        ereport(ERROR, (errcode(ERRCODE_E_R_I_E_TRIGGER_PROTOCOL_VIOLATED),
                        errmsg("uidext_give_way() must be called as an event trigger")));
    PG_RETURN_VOID();
}
