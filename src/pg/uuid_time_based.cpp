// uuidv1(), uuidv6() and uidext_ossp's uuid_generate_v1mc(): one strictly increasing tick
// counter per process, and a random clock sequence and node.
//
// Uniqueness across backends: a value is (tick, clock sequence, node). Within one process the
// ticks strictly increase, so no value repeats. Two processes can only make the same value if
// their 61 random bits (14 clock sequence + 47 node bits; the multicast bit is always 1) are
// equal: for uuidv1() those are drawn once per process, after fork (keyed on the process id,
// so a child never reuses a parent's), for uuidv6() and v1mc fresh per value. Two processes
// whose tick ranges overlap collide with probability 2^-61 for uuidv1(), and a pair of values
// made in the same tick with 2^-61 for uuidv6(); ticks stay near the real clock (see
// next_gregorian_tick), so processes far apart in time never share a tick at all.
#include "core/clock.hpp"
#include "core/time_based.hpp"

#include "glue.hpp"

using namespace uidext;

namespace {

gregorian_clock process_clock;                   // shared by versions 1 and 6 (and v1mc)
std::uint8_t process_seq_and_node[seq_and_node_size];  // uuidv1()'s clock sequence and node
long process_owner = 0;                          // MyProcPid that drew process_seq_and_node

// This process's clock sequence and node, drawn on first use in each process (never in the
// postmaster, which generates nothing: every backend and worker draws its own).
const std::uint8_t* this_process_seq_and_node() {
    if (process_owner != MyProcPid) {
        pg::random_bytes(process_seq_and_node, sizeof process_seq_and_node);
        process_clock = gregorian_clock{};
        process_owner = MyProcPid;
    }
    return process_seq_and_node;
}

std::uint64_t next_tick(int version) {
    std::uint64_t tick = 0;
    if (!next_gregorian_tick(process_clock, gregorian_ticks_from_unix_ns(unix_now_ns()), tick))
        ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                        errmsg("timestamp out of range for UUID version %d", version),
                        errdetail("UUID versions 1 and 6 hold times from 1582-10-15 to "
                                  "5236-03-31 21:21:00.6846975 UTC.")));
    return tick;
}

Datum new_time_based(int version, const std::uint8_t seq_and_node[seq_and_node_size], std::uint8_t node_bits) {
    const std::uint64_t tick = next_tick(version);
    std::uint8_t* value = pg::new_value();
    make_gregorian_time_uuid(version, tick, seq_and_node, node_bits, value);
    PG_RETURN_POINTER(value);
}

}  // namespace

UIDEXT_FUNCTION(uidext_uuidv1) {
    return new_time_based(1, this_process_seq_and_node(), random_node_bits);
}

// RFC 9562 section 5.6: clock sequence and node SHOULD be random per value.
UIDEXT_FUNCTION(uidext_uuidv6) {
    this_process_seq_and_node();  // resets the clock in a new process
    std::uint8_t fresh[seq_and_node_size];
    pg::random_bytes(fresh, sizeof fresh);
    return new_time_based(6, fresh, random_node_bits);
}

// As uuid-ossp's: version 1 with the process's clock sequence and a fresh random node per
// value with the multicast and locally-administered bits set.
UIDEXT_FUNCTION(uidext_uuid_generate_v1mc) {
    std::uint8_t seq_and_node[seq_and_node_size];
    std::memcpy(seq_and_node, this_process_seq_and_node(), 2);
    pg::random_bytes(seq_and_node + 2, 6);
    return new_time_based(1, seq_and_node, v1mc_node_bits);
}
