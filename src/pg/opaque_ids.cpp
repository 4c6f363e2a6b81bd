// Opaque public ids: opaque_encode, opaque_decode and opaque_candidates for uuid, ulid and
// text (the cipher is src/core/opaque_ids.cpp; the keys come from src/pg/opaque_key_file.cpp).
#include "core/crockford.hpp"
#include "core/opaque_ids.hpp"
#include "core/opaque_text.hpp"
#include "core/time_range.hpp"
#include "core/uuid_text.hpp"

#include "glue.hpp"

namespace uidext::pg {
namespace {

std::uint64_t unix_ms_of(TimestampTz ts) {
    return static_cast<std::uint64_t>((ts + pg_epoch_offset_us) / 1000);
}

enum class value_kind { uuid, ulid };

// The value as its type prints it, for messages (palloc'd).
const char* shown(const std::uint8_t value[16], value_kind kind) {
    char* text = static_cast<char*>(palloc(uuid_text_length + 1));
    if (kind == value_kind::uuid) {
        encode_uuid_text(value, text);
        text[uuid_text_length] = '\0';
    } else {
        encode_ulid(value, text);
        text[ulid_text_length] = '\0';
    }
    return text;
}

// from_text: the value came as text (opaque_decode(text)): a uuid that is not an opaque one is
// then invalid input (22P02), as any other text that is not an opaque id.
[[noreturn]] void report(opaque_status status, const char* function, const std::uint8_t value[16], value_kind kind,
                         bool from_text = false) {
    const char* text = shown(value, kind);
    switch (status) {
        case opaque_status::not_uuidv7:
            ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("%s() needs a UUID of version 7: \"%s\"", function, text),
                            errdetail("Its version is %d%s.", value[6] >> 4,
                                      (value[8] & 0xC0) == 0x80 ? "" : ", and its variant is not RFC 9562's")));
        case opaque_status::not_uuidv4:
            ereport(ERROR, (errcode(from_text ? ERRCODE_INVALID_TEXT_REPRESENTATION : ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("%s() needs an opaque id, a UUID that looks like version 4: \"%s\"", function, text),
                            errdetail("Its version is %d%s.", value[6] >> 4,
                                      (value[8] & 0xC0) == 0x80 ? "" : ", and its variant is not RFC 9562's")));
        case opaque_status::time_out_of_window:
            ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                            errmsg("%s() cannot encode \"%s\": its time %s is outside what opaque ids carry", function,
                                   text, timestamptz_to_str(pg_timestamp_from_unix_ms(read_unix_ms(value)))),
                            errdetail("Opaque ids carry times from 2000-01-01 to one hour after the server's clock, "
                                      "the times decoding accepts.")));
        case opaque_status::no_key_matches:
            ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                            errmsg("invalid opaque id: \"%s\"", text),
                            errdetail("No key of the key file decodes it to a time between 2000-01-01 and now: "
                                      "opaque_encode() did not make it with these keys, or it was mistyped.")));
        case opaque_status::cipher_failure:
            ereport(ERROR, (errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
                            errmsg("%s(): AES failed in OpenSSL: %s", function, aes_failure_reason())));
        case opaque_status::no_key:  // opaque_ring_or_error() already refused an empty ring
        case opaque_status::ok:
            break;
    }
    elog(ERROR, "%s(): unexpected status %d", function, static_cast<int>(status));
    pg_unreachable();
}

using opaque_step = opaque_status (*)(const opaque_key_ring&, const std::uint8_t*, std::uint64_t, std::uint8_t*);

// "Now" for the time window is the statement's start (no clock read per value: ~25 ns of the
// ~240 of an encode). Only a refusal, which a later "now" could turn into an acceptance (the
// window only grows), is retried with the clock: the same answers, for values made after the
// statement began too.
Datum run(FunctionCallInfo fcinfo, opaque_step step, const char* function, value_kind kind) {
    const opaque_key_ring& ring = opaque_ring_or_error(function);
    const std::uint8_t* value = arg_value(fcinfo, 0);
    std::uint8_t* out = new_value();
    opaque_status status = step(ring, value, unix_ms_of(GetCurrentStatementStartTimestamp()), out);
    if (status == opaque_status::time_out_of_window || status == opaque_status::no_key_matches)
        status = step(ring, value, unix_ms_of(GetCurrentTimestamp()), out);
    if (status != opaque_status::ok) report(status, function, value, kind);
    PG_RETURN_POINTER(out);
}

opaque_status decode_uuid(const opaque_key_ring& ring, const std::uint8_t* value, std::uint64_t now_ms, std::uint8_t* out) {
    return opaque_decode_uuid(ring, value, now_ms, out);
}
opaque_status decode_ulid(const opaque_key_ring& ring, const std::uint8_t* value, std::uint64_t now_ms, std::uint8_t* out) {
    return opaque_decode_ulid(ring, value, now_ms, out);
}

// The 16 bytes of an opaque id given as text, and which kind it is; 22P02 naming the text when
// it is neither a uuid's nor a ulid's text form.
value_kind read_opaque_text(text* argument, const char* function, std::uint8_t out[16]) {
    const char* data = VARDATA_ANY(argument);
    const std::size_t size = VARSIZE_ANY_EXHDR(argument);
    switch (parse_opaque_text(std::string_view(data, size), out)) {
        case opaque_text_kind::uuid:
            return value_kind::uuid;
        case opaque_text_kind::ulid:
            return value_kind::ulid;
        case opaque_text_kind::invalid:
            break;
    }
    ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("invalid opaque id: \"%s\"", text_to_cstring(argument)),
                    errdetail("%s() reads an opaque uuid in a uuid's text form (32 hex digits, as uuid input takes "
                              "them) or an opaque ulid as 26 Crockford base32 digits.",
                              function)));
    pg_unreachable();
}

// opaque_decode(text): the opaque uuid's UUIDv7, or the opaque ulid's 16 bytes, as a uuid
// (uidext's ulid = uuid operators compare it with ulid columns).
Datum decode_text(FunctionCallInfo fcinfo) {
    const opaque_key_ring& ring = opaque_ring_or_error("opaque_decode");
    std::uint8_t value[16];
    const value_kind kind = read_opaque_text(PG_GETARG_TEXT_PP(0), "opaque_decode", value);
    const opaque_step step = kind == value_kind::uuid ? decode_uuid : decode_ulid;
    std::uint8_t* out = new_value();
    opaque_status status = step(ring, value, unix_ms_of(GetCurrentStatementStartTimestamp()), out);
    if (status == opaque_status::no_key_matches) status = step(ring, value, unix_ms_of(GetCurrentTimestamp()), out);
    if (status != opaque_status::ok) report(status, "opaque_decode", value, kind, true);
    PG_RETURN_POINTER(out);
}

using candidates_step = opaque_status (*)(const opaque_key_ring&, const std::uint8_t*, std::uint64_t,
                                          opaque_candidate_set*);

// Every key's in-window decode, as an array of the function's result element type (uuid or
// ulid), in the order of the keys; empty when no key made the value. The clock is read each
// call: one read is nothing beside a decode under every key, and ids made an instant ago count.
Datum candidates_array(FunctionCallInfo fcinfo, const std::uint8_t value[16], value_kind kind, bool from_text) {
    const opaque_key_ring& ring = opaque_ring_or_error("opaque_candidates");
    const candidates_step step = kind == value_kind::uuid ? opaque_candidates_uuid : opaque_candidates_ulid;
    opaque_candidate_set set;
    const opaque_status status = step(ring, value, unix_ms_of(GetCurrentTimestamp()), &set);
    if (status != opaque_status::ok) report(status, "opaque_candidates", value, kind, from_text);

    const Oid element_type = get_element_type(get_fn_expr_rettype(fcinfo->flinfo));
    if (!OidIsValid(element_type)) elog(ERROR, "opaque_candidates(): cannot tell its result's element type");
    int16 element_length = 0;
    bool element_by_value = false;
    char element_align = 0;
    get_typlenbyvalalign(element_type, &element_length, &element_by_value, &element_align);
    Datum elements[max_opaque_keys];
    int n = 0;
    for (std::size_t k = 0; k < set.count; ++k) {
        if (!set.in_window[k]) continue;
        std::uint8_t* element = new_value();
        std::memcpy(element, set.values[k], value_size);
        elements[n++] = PointerGetDatum(element);
    }
    PG_RETURN_ARRAYTYPE_P(construct_array(elements, n, element_type, element_length, element_by_value, element_align));
}

}  // namespace

}  // namespace uidext::pg

using namespace uidext;

UIDEXT_FUNCTION(uidext_opaque_encode_uuid) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::run(fcinfo, opaque_encode_uuid, "opaque_encode", pg::value_kind::uuid);
}
UIDEXT_FUNCTION(uidext_opaque_decode_uuid) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::run(fcinfo, pg::decode_uuid, "opaque_decode", pg::value_kind::uuid);
}
UIDEXT_FUNCTION(uidext_opaque_encode_ulid) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::run(fcinfo, opaque_encode_ulid, "opaque_encode", pg::value_kind::ulid);
}
UIDEXT_FUNCTION(uidext_opaque_decode_ulid) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::run(fcinfo, pg::decode_ulid, "opaque_decode", pg::value_kind::ulid);
}
UIDEXT_FUNCTION(uidext_opaque_decode_text) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::decode_text(fcinfo);
}
UIDEXT_FUNCTION(uidext_opaque_candidates_uuid) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::candidates_array(fcinfo, pg::arg_value(fcinfo, 0), pg::value_kind::uuid, false);
}
UIDEXT_FUNCTION(uidext_opaque_candidates_ulid) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    return pg::candidates_array(fcinfo, pg::arg_value(fcinfo, 0), pg::value_kind::ulid, false);
}
UIDEXT_FUNCTION(uidext_opaque_candidates_text) {
    if (PG_ARGISNULL(0)) PG_RETURN_NULL();  // STRICT, but an owner may alter that
    std::uint8_t value[16];
    const pg::value_kind kind = pg::read_opaque_text(PG_GETARG_TEXT_PP(0), "opaque_candidates", value);
    return pg::candidates_array(fcinfo, value, kind, true);
}
