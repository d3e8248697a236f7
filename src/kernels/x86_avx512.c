/* x86_avx512.c — batch kernels for AVX-512 (compiled with -mavx512f -mavx512bw -mavx512vl
 * -mavx512vnni -mavx512vbmi2 -mbmi2); code in x86_avx512.h. Run and tested natively (Zen 4)
 * and on SIMDe (tests/test_kernels.c). 32 lanes per iteration (two blocks of 16), src0_hi
 * loaded once per block, the last 1..15 lanes with masked loads/stores (no scalar tail).
 *
 *  mqsad_batch_avx512       F + BW + VL only (Skylake-X, Cascade Lake): the AVX2 algorithm.
 *                           The compiler may use only those instructions here; an empty asm
 *                           barrier keeps it from fusing shift+or into VBMI2's vpshrdd, and
 *                           `make kernels-isa-check` checks the object (docs/performance.md).
 *  mqsad_batch_avx512_vnni  + VNNI + VBMI2 (Ice Lake, Sapphire Rapids, Zen 4): windows by
 *                           funnel shift (vpshrdd), SAD accumulated by vpdpbusd, clamp by an
 *                           unsigned compare (result < acc means it wrapped) and a masked move,
 *                           skipped for blocks where no accumulator can wrap; batches of 1024+
 *                           lanes in 256-bit vectors unless in place. */
#include "x86_avx512.h"

/* Whole batch: when the output is large and the dst rows share their alignment, the head
 * lanes (< 16) up to the 64-byte boundary normally and the rest with streaming stores.
 * The VNNI kernel runs batches of MQSAD_AVX512_NARROW_MIN lanes or more in 256-bit vectors
 * (kernels.h says why) and, with clamp, tests each block for a possible wrap first (clamp 2
 * in block16/block8). */
KINLINE void
avx512_batch(MQSAD_KERNEL_ARGS, int vnni)
{
    size_t head = 0, end = 0;
    if (mqsad__use_nt(dst, n, 64, &head)) {
        if (clamp) avx512_run(src0_lo, src0_hi, src1, src2, dst, 0, head, 1, 0, vnni, 0);
        else       avx512_run(src0_lo, src0_hi, src1, src2, dst, 0, head, 0, 0, vnni, 0);
        end = head + ((n - head) & ~(size_t)15);
        if (clamp) avx512_run(src0_lo, src0_hi, src1, src2, dst, head, end, 1, 1, vnni, 0);
        else       avx512_run(src0_lo, src0_hi, src1, src2, dst, head, end, 0, 1, vnni, 0);
        _mm_sfence();
    }
    /* Lanes [end, n), all of them without the streaming path. The VNNI kernel tests each
     * block for a possible wrap first (clamp 2) and runs 256-bit vectors from
     * MQSAD_AVX512_NARROW_MIN lanes on, unless it works in place: then each store hits a
     * line the block has just loaded, so the 512-bit loop's slow mode from L2 (stores
     * waiting for their lines, kernels.h) cannot arise (Zen 5, 4096 lanes in place:
     * 112-119x the reference in 512-bit against 67-85x in 256-bit vectors, both clamps).
     * The constant arguments specialise each call. */
    {
#define TAIL(CLAMP, NARROW) avx512_run(src0_lo, src0_hi, src1, src2, dst, end, n, CLAMP, 0, vnni, NARROW)
        int in_place = dst[0] == src2[0] && dst[1] == src2[1] && dst[2] == src2[2] && dst[3] == src2[3];
        int narrow = vnni && !in_place && n - end >= MQSAD_AVX512_NARROW_MIN;
        if (clamp && vnni && narrow) TAIL(2, 1);
        else if (clamp && vnni)      TAIL(2, 0);
        else if (clamp)              TAIL(1, 0);
        else if (narrow)             TAIL(0, 1);
        else                         TAIL(0, 0);
#undef TAIL
    }
    _mm256_zeroupper(); /* explicit, see x86_avx2.c */
}

void mqsad_batch_avx512(MQSAD_KERNEL_ARGS)
{
    avx512_batch(src0_lo, src0_hi, src1, src2, dst, n, clamp, 0);
}

void mqsad_batch_avx512_vnni(MQSAD_KERNEL_ARGS)
{
    avx512_batch(src0_lo, src0_hi, src1, src2, dst, n, clamp, 1);
}

void mqsad_batch_masked_avx512(MQSAD_MASKED_ARGS)
{
    if (clamp) avx512_masked(src0_lo, src0_hi, src1, src2, dst, n, 1, mask, 0);
    else       avx512_masked(src0_lo, src0_hi, src1, src2, dst, n, 0, mask, 0);
    _mm256_zeroupper();
}

/* mqsad_batch_masked_avx512_vnni: x86_avx512_wave.c (its own object, so that only
 * mqsad_batch_avx512_vnni in this one contains VNNI/VBMI2 code; `make kernels-isa-check`). */
