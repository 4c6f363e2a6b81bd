// uuidv1(), uuidv2(), uuidv6() and uidext_ossp's uuid_generate_v1mc(): the versions that count
// 100 ns ticks since 1582 (core/time_based.hpp has the rules), with random clock sequences and
// nodes; never the server's network address.
//
// State is per process: every backend and every parallel worker has its own (drawn after fork,
// keyed on the process id, so a child never reuses a parent's). Uniqueness across processes: a
// value is (tick, clock sequence, node). For uuidv1() (and uuidv2()) the clock sequence starts
// random and the node is random with the multicast bit fixed, both drawn once per process (and
// again after a clock step back): 14 + 47 = 61 random bits per process. For uuidv6() the node is
// fresh for every value (47 random bits) and the sequence random at each new tick (13 bits);
// v1mc's node is fresh for every value with two bits fixed (46 random bits), after the process's
// clock sequence: 60 random bits. Ticks follow the real clock, so processes far apart in time
// never share a tick at all.
#include "core/clock.hpp"
#include "core/time_based.hpp"
#include "core/uuid_dce.hpp"

#include "glue.hpp"

using namespace uidext;

namespace {

constexpr int node_size = 6;

gregorian_clock v1_clock;               // uuidv1(), uuidv2() and v1mc
gregorian_clock v6_clock;               // uuidv6()
std::uint8_t v1_node[node_size];        // uuidv1()'s node
long process_owner = 0;                 // MyProcPid that owns the state above
// Test hook (uidext_test_set_gregorian_clock): the clock reads anchor + (real - anchor) /
// slowdown + shift; by default the real clock.
std::int64_t clock_anchor_ns = 0;
std::int64_t clock_slowdown = 1;
std::int64_t clock_shift_ns = 0;

// Resets this process's state when it is new (never in the postmaster, which generates
// nothing: every backend and worker starts its own).
void claim_state() {
    if (process_owner == MyProcPid) return;
    pg::random_bytes(v1_node, sizeof v1_node);
    v1_clock = gregorian_clock{};
    v6_clock = gregorian_clock{};
    process_owner = MyProcPid;
}

std::uint64_t now_ticks() {
    const std::int64_t real = unix_now_ns();
    return gregorian_ticks_from_unix_ns(clock_anchor_ns + (real - clock_anchor_ns) / clock_slowdown + clock_shift_ns);
}

// Checks a clock step's status; ERROR when it failed.
void check_status(gregorian_status status, int version) {
    switch (status) {
    case gregorian_status::ok:
    case gregorian_status::stepped_back: return;
    case gregorian_status::no_random: pg::report_random_failure();
    case gregorian_status::out_of_range:
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                        errmsg("timestamp out of range for UUID version %d", version),
                        errdetail("UUID versions 1, 2 and 6 hold times from 1582-10-15 to "
                                  "5236-03-31 21:21:00.6846975 UTC.")));
    }
}

// The next version 1 clock step; after a clock step back uuidv1()'s node is drawn anew too,
// so the values that follow are new to the values already made at those ticks.
void step_v1_clock(int version) {
    claim_state();
    const gregorian_status status = next_uuidv1_clock(v1_clock, now_ticks(), pg::try_random_bytes);
    check_status(status, version);
    if (status == gregorian_status::stepped_back) pg::random_bytes(v1_node, sizeof v1_node);
}

}  // namespace

UIDEXT_FUNCTION(uidext_uuidv1) {
    step_v1_clock(1);
    std::uint8_t* value = pg::new_value();
    make_gregorian_time_uuid(1, v1_clock.tick, v1_clock.seq, v1_node, random_node_bits, value);
    PG_RETURN_POINTER(value);
}

// RFC 9562 section 5.6: clock sequence and node SHOULD be random per value; the sequence
// counts within a tick instead, so values ascend.
UIDEXT_FUNCTION(uidext_uuidv6) {
    claim_state();
    std::uint8_t node[node_size];
    pg::random_bytes(node, sizeof node);  // before the step: the step then cannot be undone by an ERROR
    check_status(next_uuidv6_clock(v6_clock, now_ticks(), pg::try_random_bytes), 6);
    std::uint8_t* value = pg::new_value();
    make_gregorian_time_uuid(6, v6_clock.tick, v6_clock.seq, node, random_node_bits, value);
    PG_RETURN_POINTER(value);
}

// As uuid-ossp's: version 1 with the process's clock sequence and a fresh random node per
// value with the multicast and locally-administered bits set.
UIDEXT_FUNCTION(uidext_uuid_generate_v1mc) {
    std::uint8_t node[node_size];
    pg::random_bytes(node, sizeof node);
    step_v1_clock(1);
    std::uint8_t* value = pg::new_value();
    make_gregorian_time_uuid(1, v1_clock.tick, v1_clock.seq, node, v1mc_node_bits, value);
    PG_RETURN_POINTER(value);
}

// Version 2 (DCE Security) as Go's google/uuid NewDCESecurity: a version 1 value of this
// process whose time low field is the local id and whose clock sequence low byte is the domain.
UIDEXT_FUNCTION(uidext_uuidv2) {
    const std::int32_t domain = PG_GETARG_INT32(0);
    const std::int64_t local_id = PG_GETARG_INT64(1);
    if (!dce_domain_in_range(domain))
        ereport(ERROR, (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
                        errmsg("DCE Security domain %d is out of range", domain),
                        errdetail("A domain is between 0 and 255 (0 person, 1 group, 2 organization).")));
    if (!dce_local_id_in_range(local_id))
        ereport(ERROR, (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
                        errmsg("DCE Security local id %lld is out of range", static_cast<long long>(local_id)),
                        errdetail("A local id is between 0 and 4294967295.")));
    step_v1_clock(2);
    std::uint8_t* value = pg::new_value();
    make_gregorian_time_uuid(1, v1_clock.tick, v1_clock.seq, v1_node, random_node_bits, value);
    make_dce_security(value, static_cast<std::uint8_t>(domain), static_cast<std::uint32_t>(local_id));
    PG_RETURN_POINTER(value);
}

// Test hook, not in the extension's catalog: test/cluster/016_uuidv1_clock_bound.sh declares
// it (uidext_test_set_gregorian_clock(shift_ns bigint, slowdown bigint) RETURNS bigint) to
// change this backend's version 1, 2 and 6 clock without touching the system's: from now on
// it reads now + (real time since now) / slowdown + shift_ns, so a clock step back is a
// negative shift and a machine `slowdown` times faster a slowdown. Returns "now", the anchor
// (Unix ns). (1, 0) is the real clock again.
UIDEXT_FUNCTION(uidext_test_set_gregorian_clock) {
    const std::int64_t shift = PG_GETARG_INT64(0);
    const std::int64_t slowdown = PG_GETARG_INT64(1);
    if (slowdown < 1)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("slowdown must be at least 1")));
    clock_anchor_ns = unix_now_ns();
    clock_slowdown = slowdown;
    clock_shift_ns = shift;
    PG_RETURN_INT64(clock_anchor_ns);
}
