// typeid_drop's last statement, DROP TYPE ... CASCADE (a base type and its I/O functions depend
// on each other, so no RESTRICT drop of the type exists), may take nothing but the type, its
// array type and its four I/O functions. PostgreSQL's dependency.c decides what the cascade
// takes, under its own locks and against the current catalog (whatever the isolation level);
// the guard watches each object it drops and refuses the statement when one is another's.
#pragma once

#include "pg_includes.hpp"

namespace uidext::pg {

// Runs `statement` (a DROP TYPE ... CASCADE of `type`) through SPI, which the caller has
// connected; ERROR 2BP01 naming every object the cascade would have taken beyond the type's own.
void drop_type_guarded(Oid type, const char* statement);

}  // namespace uidext::pg
