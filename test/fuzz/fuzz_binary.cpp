// The binary input path: ulid_recv (binary COPY / protocol) and the bytea -> ulid cast take
// exactly 16 bytes. Modelled here as in src/pg: ulid_recv reads 16 bytes with pq_getmsgbytes
// (an error if fewer remain) and PostgreSQL rejects a field with bytes left over
// ("incorrect binary data format"); bytea_to_ulid raises 22P03 unless the length is 16.
// Every accepted value must re-encode to a canonical ULID (and uuid text) that decodes to the
// same 16 bytes; every other length is rejected.
#include "reference.hpp"

namespace {

// The glue's rule, restated: the binary formats carry the 16 bytes and nothing else.
bool binary_input_accepts(std::size_t length) { return length == 16; }

// ulid_recv + the caller's "all bytes consumed" check, over a message buffer.
bool model_recv(const std::uint8_t* data, std::size_t size, std::uint8_t out[16]) {
    constexpr std::size_t value_size = 16;
    if (size < value_size) return false;   // pq_getmsgbytes: "insufficient data left in message"
    std::memcpy(out, data, value_size);
    return size == value_size;             // record_recv / CopyReadBinaryAttribute: leftovers are an error
}

// bytea_to_ulid.
bool model_bytea(const std::uint8_t* data, std::size_t size, std::uint8_t out[16]) {
    if (size != 16) return false;          // 22P03 invalid input length for type ulid
    std::memcpy(out, data, 16);
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::uint8_t via_recv[16];
    std::uint8_t via_bytea[16];
    const bool recv_ok = model_recv(data, size, via_recv);
    const bool bytea_ok = model_bytea(data, size, via_bytea);
    FUZZ_CHECK(recv_ok == binary_input_accepts(size), input);
    FUZZ_CHECK(bytea_ok == binary_input_accepts(size), input);
    if (recv_ok) {
        FUZZ_CHECK(std::memcmp(via_recv, data, 16) == 0 && std::memcmp(via_bytea, data, 16) == 0, input);
        fuzzref::check_value_round_trips(via_recv, input);
    } else if (size >= 16) {
        // Every 16-byte window of a longer input is still a value: round-trip it too.
        fuzzref::check_value_round_trips(data, input);
        fuzzref::check_value_round_trips(data + size - 16, input);
    }
    return 0;
}
