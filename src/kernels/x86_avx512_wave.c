/* x86_avx512_wave.c — the masked AVX-512 VNNI entry for the wave executor (partial EXEC).
 *
 * The code is x86_avx512.c's (the shared x86_avx512.h), so both compute identically; it
 * lives in its own object because `make kernels-isa-check` allows VNNI/VBMI2 code in x86_avx512.o only inside
 * mqsad_batch_avx512_vnni. It has its own -m flags in the Makefile (those of the VNNI
 * kernel), and src/kernels/cpu.c calls it only when the CPU has them. */

#include "x86_avx512.h"

void mqsad_batch_masked_avx512_vnni(MQSAD_MASKED_ARGS)
{
    if (clamp) avx512_masked(src0_lo, src0_hi, src1, src2, dst, n, 1, mask, 1);
    else       avx512_masked(src0_lo, src0_hi, src1, src2, dst, n, 0, mask, 1);
    _mm256_zeroupper();
}
