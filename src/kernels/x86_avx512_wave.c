/* x86_avx512_wave.c — the masked AVX-512 VNNI entry for the wave executor (partial EXEC).
 *
 * The code is x86_avx512.c's (the shared x86_avx512.h), so both compute identically; it lives in its own object because
 * `make kernels-isa-check` allows VNNI/VBMI2 code in x86_avx512.o only inside
 * mqsad_batch_avx512_vnni. The Makefile gives this file no -m flags: the instruction sets are
 * enabled per function by pragma, and src/cpu.c calls it only when the CPU has them. */
#ifndef MQSAD_KERNEL_EMULATION
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx,avx2,avx512f,avx512bw,avx512vl,avx512vnni,avx512vbmi2,bmi2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("avx,avx2,avx512f,avx512bw,avx512vl,avx512vnni,avx512vbmi2,bmi2")
#endif
#endif

#include "x86_avx512.h"

void mqsad_batch_masked_avx512_vnni(MQSAD_MASKED_ARGS)
{
    if (clamp) avx512_masked(src0_lo, src0_hi, src1, src2, dst, n, 1, mask, 1);
    else       avx512_masked(src0_lo, src0_hi, src1, src2, dst, n, 0, mask, 1);
    _mm256_zeroupper();
}

#ifndef MQSAD_KERNEL_EMULATION
#if defined(__clang__)
#pragma clang attribute pop
#endif
#endif
