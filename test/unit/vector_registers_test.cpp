// core/vector_registers: a pattern put in XMM15 and in ZMM31 (AVX-512's extra registers, where
// glibc's EVEX string functions leave their data) is gone after wipe_vector_registers(), and
// stays when the wipe is not called (so the reading works). The asm reads the registers
// themselves: nothing between the load, the call and the store uses them. (YMM0-15's upper
// halves cannot be watched this way: the compiler puts a VZEROUPPER before any call from AVX
// code.)
#include <gtest/gtest.h>

#include <cstring>

#include "core/vector_registers.hpp"

using namespace uidext;

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
namespace {

void nothing() noexcept {}
using step = void (*)() noexcept;
// (Called through a volatile pointer: an opaque call, as wipe_vector_registers is.)
step volatile wipe = wipe_vector_registers;
step volatile skip = nothing;

// What XMM15 holds after a pattern was loaded and then between() ran.
__attribute__((noinline)) bool xmm15_kept(step between) {
    unsigned char in[16], out[16];
    std::memset(in, 0xA5, sizeof in);
    asm volatile("movdqu %0, %%xmm15" ::"m"(in) : "xmm15");
    between();
    asm volatile("movdqu %%xmm15, %0" : "=m"(out));
    return std::memcmp(in, out, sizeof in) == 0;
}

__attribute__((target("avx512f"), noinline)) bool zmm31_kept(step between) {
    unsigned char in[64], out[64];
    std::memset(in, 0x3C, sizeof in);
    asm volatile("vmovdqu64 %0, %%zmm31" ::"m"(in) : "xmm31");
    between();
    asm volatile("vmovdqu64 %%zmm31, %0" : "=m"(out));
    return std::memcmp(in, out, sizeof in) == 0;
}

}  // namespace

TEST(VectorRegisters, Xmm) {
    EXPECT_TRUE(xmm15_kept(skip));
    EXPECT_FALSE(xmm15_kept(wipe));
}

TEST(VectorRegisters, Zmm16To31) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f")) GTEST_SKIP() << "no AVX-512 on this CPU";
    EXPECT_TRUE(zmm31_kept(skip));
    EXPECT_FALSE(zmm31_kept(wipe));
}
#endif
