// Zeroing the CPU's vector registers after code that handled key material. glibc's string and
// copy functions (memchr, memmove: AVX2 or AVX-512 variants) and AES-NI leave key text and round
// keys in these registers, and they stay there until something overwrites them. Whatever saves
// the registers to memory then copies them to the stack, where no wipe reaches: the kernel when
// it delivers a signal (the signal frame's XSAVE area), the dynamic loader when a lazily bound
// function is first called (_dl_runtime_resolve_xsavec). A child forked afterwards inherits that
// stack. (Measured on PostgreSQL 16 built without -z now: a backend forked after a reload held a
// retired key's hex digits in the ZMM16-19 part of such an XSAVE image.)
#pragma once

namespace uidext {

// Zeroes every vector register the CPU has: on x86-64 XMM0-15 (SSE), YMM0-15 (AVX, with
// VZEROALL) and ZMM16-31 (AVX-512, which VZEROALL leaves alone). Elsewhere it does nothing
// (see doc/security.md). Not inlined: callers need it as one call, after their last use of a key.
void wipe_vector_registers() noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
