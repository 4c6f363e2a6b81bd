// The GIN side of a ulid index: what a partial-match scan does with each key it meets. The scan
// of "id < q" and "id <= q" starts at the smallest key (nil), the others at q itself, and walks
// up the sorted keys until told to stop.
#pragma once

#include "bytes16.hpp"

namespace uidext {

// Btree's strategy numbers, which the GIN operator class uses too.
enum class gin_strategy : int { less = 1, less_equal = 2, equal = 3, greater_equal = 4, greater = 5 };

// What comparePartial returns: skip this key and go on, take it, or end the scan.
enum class gin_verdict : int { skip = -1, match = 0, stop = 1 };

// key_vs_query: the sign of compare(key, query) for an indexed key met by the scan.
[[nodiscard]] constexpr gin_verdict gin_partial_verdict(gin_strategy strategy, int key_vs_query) noexcept {
    switch (strategy) {
        case gin_strategy::less:
            return key_vs_query < 0 ? gin_verdict::match : gin_verdict::stop;
        case gin_strategy::less_equal:
            return key_vs_query <= 0 ? gin_verdict::match : gin_verdict::stop;
        case gin_strategy::equal:
            return key_vs_query == 0 ? gin_verdict::match : gin_verdict::stop;
        case gin_strategy::greater_equal:
            return key_vs_query >= 0 ? gin_verdict::match : gin_verdict::skip;
        case gin_strategy::greater:
            return key_vs_query > 0 ? gin_verdict::match : gin_verdict::skip;
    }
    return gin_verdict::stop;
}

// Whether the scan starts at the smallest key rather than at the query.
[[nodiscard]] constexpr bool gin_starts_at_smallest(gin_strategy strategy) noexcept {
    return strategy == gin_strategy::less || strategy == gin_strategy::less_equal;
}

// Whether the strategy needs a partial-match scan (all but equality).
[[nodiscard]] constexpr bool gin_partial_match(gin_strategy strategy) noexcept {
    return strategy != gin_strategy::equal;
}

}  // namespace uidext

#include "cpp_only.hpp"
