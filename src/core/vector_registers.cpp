// Zeroing the vector registers (vector_registers.hpp): one instruction sequence per register
// file the CPU has, chosen from CPUID (libgcc's reading also checks that the OS saves that state).
#include "vector_registers.hpp"

namespace uidext {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
namespace {

void zero_xmm_0_15() noexcept {
    asm volatile(
        "pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\tpxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"
        "pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\tpxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"
        "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\tpxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
        "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\tpxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15" ::
            : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
              "xmm12", "xmm13", "xmm14", "xmm15");
}

// All of YMM0-15 (and of ZMM0-15 on an AVX-512 CPU).
__attribute__((target("avx"))) void zero_ymm_0_15() noexcept {
    asm volatile("vzeroall" ::
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
                       "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}

// ZMM16-31 exist only with AVX-512; glibc's EVEX string functions use them precisely because
// VZEROUPPER need not follow them, so VZEROALL does not clear them.
__attribute__((target("avx512f"))) void zero_zmm_16_31() noexcept {
    asm volatile(
        "vpxord %%zmm16, %%zmm16, %%zmm16\n\tvpxord %%zmm17, %%zmm17, %%zmm17\n\t"
        "vpxord %%zmm18, %%zmm18, %%zmm18\n\tvpxord %%zmm19, %%zmm19, %%zmm19\n\t"
        "vpxord %%zmm20, %%zmm20, %%zmm20\n\tvpxord %%zmm21, %%zmm21, %%zmm21\n\t"
        "vpxord %%zmm22, %%zmm22, %%zmm22\n\tvpxord %%zmm23, %%zmm23, %%zmm23\n\t"
        "vpxord %%zmm24, %%zmm24, %%zmm24\n\tvpxord %%zmm25, %%zmm25, %%zmm25\n\t"
        "vpxord %%zmm26, %%zmm26, %%zmm26\n\tvpxord %%zmm27, %%zmm27, %%zmm27\n\t"
        "vpxord %%zmm28, %%zmm28, %%zmm28\n\tvpxord %%zmm29, %%zmm29, %%zmm29\n\t"
        "vpxord %%zmm30, %%zmm30, %%zmm30\n\tvpxord %%zmm31, %%zmm31, %%zmm31" ::
            : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26",
              "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
}

}  // namespace

// (CPUID is read each time, from libgcc's copy: a function-local static would need the C++
// runtime's guard functions, which the library does not link.)
__attribute__((noinline)) void wipe_vector_registers() noexcept {
    __builtin_cpu_init();  // (idempotent; needed if called before constructors ran)
    if (__builtin_cpu_supports("avx")) zero_ymm_0_15();
    else zero_xmm_0_15();
    if (__builtin_cpu_supports("avx512f")) zero_zmm_16_31();
}
#else
// No code for other CPUs yet: their vector registers are not zeroed (doc/security.md says so).
void wipe_vector_registers() noexcept {}
#endif

}  // namespace uidext
