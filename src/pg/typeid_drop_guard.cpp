// The guard of typeid_drop's DROP TYPE ... CASCADE (typeid_drop_guard.hpp): an object access
// hook, installed once per backend and armed only while that statement runs, that lists every
// object the cascade drops beyond the type's own. 1.4 checked dependents in plpgsql under the
// transaction snapshot, so under REPEATABLE READ another role's newer column went with the
// cascade, its NOTICE hidden by client_min_messages (#35 item 5).
#include "typeid_drop_guard.hpp"

extern "C" {
#include "catalog/objectaccess.h"
#include "catalog/objectaddress.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "utils/syscache.h"
}

namespace uidext::pg {
namespace {

// What the cascade may take: the type, its array type, its input, output, receive and send.
struct cascade_guard {
    Oid type = InvalidOid;
    Oid array_type = InvalidOid;
    Oid io[4] = {InvalidOid, InvalidOid, InvalidOid, InvalidOid};
    bool armed = false;          // until the type itself is dropped (dependency.c drops it last)
    MemoryContext context = nullptr;  // outlives the statement: the caller's
    StringInfo others = nullptr;      // descriptions of the objects that are not the type's own
};

cascade_guard* active = nullptr;
object_access_hook_type previous_hook = nullptr;
bool hook_installed = false;

bool type_owns(const cascade_guard& guard, Oid class_id, Oid object_id, int sub_id) {
    if (sub_id != 0) return false;
    if (class_id == TypeRelationId) return object_id == guard.type || object_id == guard.array_type;
    if (class_id != ProcedureRelationId) return false;
    for (const Oid function : guard.io)
        if (object_id == function) return true;
    return false;
}

void watch_drops(ObjectAccessType access, Oid class_id, Oid object_id, int sub_id, void* arg) {
    if (previous_hook) previous_hook(access, class_id, object_id, sub_id, arg);
    if (access != OAT_DROP || active == nullptr || !active->armed) return;
    if (class_id == TypeRelationId && object_id == active->type && sub_id == 0) active->armed = false;
    if (type_owns(*active, class_id, object_id, sub_id)) return;
    ObjectAddress object;
    object.classId = class_id;
    object.objectId = object_id;
    object.objectSubId = sub_id;
    const MemoryContext previous = MemoryContextSwitchTo(active->context);
    const char* description = getObjectDescription(&object, true);
    appendStringInfo(active->others, "%s%s", active->others->len > 0 ? ", " : "",
                     description ? description : "an object of another role");
    MemoryContextSwitchTo(previous);
}

void install_hook() {
    if (hook_installed) return;
    previous_hook = object_access_hook;
    object_access_hook = watch_drops;
    hook_installed = true;
}

void read_type(cascade_guard& guard, Oid type) {
    HeapTuple tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
    if (!HeapTupleIsValid(tuple)) elog(ERROR, "cache lookup failed for type %u", type);
    const Form_pg_type form = reinterpret_cast<Form_pg_type>(GETSTRUCT(tuple));
    guard.type = type;
    guard.array_type = form->typarray;
    guard.io[0] = form->typinput;
    guard.io[1] = form->typoutput;
    guard.io[2] = form->typreceive;
    guard.io[3] = form->typsend;
    ReleaseSysCache(tuple);
}

}  // namespace

void drop_type_guarded(Oid type, const char* statement) {
    install_hook();
    cascade_guard guard;
    read_type(guard, type);
    const char* type_text = format_type_be_qualified(type);
    guard.context = CurrentMemoryContext;
    guard.others = makeStringInfo();
    guard.armed = true;
    cascade_guard* const outer = active;  // a typeid_drop inside this one (an event trigger's)
    active = &guard;
    volatile int rc = 0;
    PG_TRY();
    {
        rc = SPI_execute(statement, false, 0);
    }
    PG_FINALLY();
    {
        active = outer;
    }
    PG_END_TRY();
    if (rc < 0) elog(ERROR, "could not run \"%s\"", statement);
    if (guard.others->len > 0)
        ereport(ERROR, (errcode(ERRCODE_DEPENDENT_OBJECTS_STILL_EXIST),
                        errmsg("cannot drop type %s because other objects depend on it", type_text),
                        errdetail("%s", guard.others->data),
                        errhint("Drop or alter those objects first; typeid_drop never drops another's object.")));
}

}  // namespace uidext::pg
