/* x86_avx512.h — the AVX-512 kernel code shared by x86_avx512.c (the batch kernels and the
 * base masked entry) and x86_avx512_wave.c (the VNNI masked entry). Static inline only;
 * include it only where the AVX-512 instruction sets are enabled. */
#ifndef MQSAD_X86_AVX512_H
#define MQSAD_X86_AVX512_H

#include "kernels.h"

#ifndef MQSAD_KERNEL_EMULATION
#include <immintrin.h>
#endif /* else tests/test_kernels.c compiles this file on SIMDe's portable intrinsics */

#define V __m512i

/* Forced inlining specialises every loop for its constant clamp/vnni/narrow/nt flags. On
 * SIMDe (the test's emulation) the inlined bodies are loops per intrinsic and gcc took
 * minutes over them, so there the compiler decides. */
#ifndef MQSAD_KERNEL_EMULATION
#define KINLINE static inline __attribute__((always_inline))
#else
#define KINLINE static inline
#endif

/* Opaque to the optimiser: stops (l >> 8) | (h << 24) becoming vpshrdd (VBMI2). */
#ifndef MQSAD_KERNEL_EMULATION
#define BARRIER(x) __asm__("" : "+v"(x))
#else
#define BARRIER(x) ((void)0)
#endif

KINLINE V shift_window(V l, V h, int bits)
{
    V a = _mm512_srli_epi32(l, (unsigned)bits), b = _mm512_slli_epi32(h, (unsigned)(32 - bits));
    BARRIER(a);
    BARRIER(b);
    return _mm512_or_si512(a, b);
}

/* The VNNI window and the wrap test, written once for both vector widths (T, intrinsic
 * prefix P, name suffix S: 512-bit helpers unsuffixed, 256-bit ones with 8, for 8 lanes).
 * absdiff: |a - b| per byte. vnni_window: acc + the masked SAD of one window (weights w =
 * min(ref, 1)), saturated when clamp (a result below acc wrapped). may_wrap: 1 if some lane
 * of the four accumulators could wrap; a window's SAD is at most 4 * 255 = 1020, so
 * acc + SAD overflows 32 bits only when acc > 0xffffffff - 1020. */
#define VNNI_HELPERS(T, P, S)                                                                \
    KINLINE T absdiff##S(T a, T b)                                                            \
    {                                                                                         \
        return P##_sub_epi8(P##_max_epu8(a, b), P##_min_epu8(a, b));                          \
    }                                                                                         \
    KINLINE T vnni_window##S(T acc, T win, T ref, T w, int clamp)                             \
    {                                                                                         \
        T r = P##_dpbusd_epi32(acc, absdiff##S(win, ref), w);                                 \
        if (clamp) r = P##_mask_mov_epi32(r, P##_cmplt_epu32_mask(r, acc), P##_set1_epi32(-1)); \
        return r;                                                                             \
    }                                                                                         \
    KINLINE int may_wrap##S(T c0, T c1, T c2, T c3)                                           \
    {                                                                                         \
        T m = P##_max_epu32(P##_max_epu32(c0, c1), P##_max_epu32(c2, c3));                    \
        return P##_cmplt_epu32_mask(P##_set1_epi32((int)(0xffffffffu - 1020u)), m) != 0;      \
    }

VNNI_HELPERS(V, _mm512, )
VNNI_HELPERS(__m256i, _mm256, 8)

KINLINE V bw_window(V acc, V win, V ref, V w, V ones16, int clamp)
{
    V t = _mm512_maddubs_epi16(absdiff(win, ref), w);
    V s;
    BARRIER(t);
    s = _mm512_madd_epi16(t, ones16);
    BARRIER(s);   /* clang would fuse madd + add into VNNI's vpdpwssd */
    if (clamp) acc = _mm512_min_epu32(acc, _mm512_xor_si512(s, _mm512_set1_epi32(-1)));
    return _mm512_add_epi32(acc, s);
}

/* One block of 16 lanes at lane i. clamp 2: saturate, but test first whether any lane can
 * wrap at all and skip the per-window saturation when none can (4 operations for the block
 * instead of 8, measured 13 % faster in L1). masked: loads only the lanes in lm (the rest
 * read as 0, never touching memory past n) and stores only the lanes in sm; otherwise whole
 * vectors, non-temporal when nt. Every input of the block is loaded before any output is
 * stored. */
KINLINE void
block16(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1, const uint32_t *a0,
        const uint32_t *a1, const uint32_t *a2, const uint32_t *a3, uint32_t *d0, uint32_t *d1,
        uint32_t *d2, uint32_t *d3, size_t i, int clamp, int nt, int vnni, int masked,
        __mmask16 lm, __mmask16 sm)
{
    const V one8 = _mm512_set1_epi8(1);
    V l, h, r, c0, c1, c2, c3, w;
    if (masked) {
        l = _mm512_maskz_loadu_epi32(lm, lo + i); h = _mm512_maskz_loadu_epi32(lm, hi + i);
        r = _mm512_maskz_loadu_epi32(lm, s1 + i);
        c0 = _mm512_maskz_loadu_epi32(lm, a0 + i); c1 = _mm512_maskz_loadu_epi32(lm, a1 + i);
        c2 = _mm512_maskz_loadu_epi32(lm, a2 + i); c3 = _mm512_maskz_loadu_epi32(lm, a3 + i);
    } else {
        l = _mm512_loadu_si512(lo + i); h = _mm512_loadu_si512(hi + i);
        r = _mm512_loadu_si512(s1 + i);
        c0 = _mm512_loadu_si512(a0 + i); c1 = _mm512_loadu_si512(a1 + i);
        c2 = _mm512_loadu_si512(a2 + i); c3 = _mm512_loadu_si512(a3 + i);
    }
    /* h in a register: one load instead of three memory-operand vpshrdd (measured faster) */
    BARRIER(h);
    w = _mm512_min_epu8(r, one8);
    if (clamp == 2) clamp = may_wrap(c0, c1, c2, c3);
    if (vnni) {
        c0 = vnni_window(c0, l, r, w, clamp);
        c1 = vnni_window(c1, _mm512_shrdi_epi32(l, h, 8), r, w, clamp);   /* (l >> 8) | (h << 24) */
        c2 = vnni_window(c2, _mm512_shrdi_epi32(l, h, 16), r, w, clamp);
        c3 = vnni_window(c3, _mm512_shrdi_epi32(l, h, 24), r, w, clamp);
    } else {
        const V ones16 = _mm512_set1_epi16(1);
        c0 = bw_window(c0, l, r, w, ones16, clamp);
        c1 = bw_window(c1, shift_window(l, h, 8), r, w, ones16, clamp);
        c2 = bw_window(c2, shift_window(l, h, 16), r, w, ones16, clamp);
        c3 = bw_window(c3, shift_window(l, h, 24), r, w, ones16, clamp);
    }
    if (masked) {
        _mm512_mask_storeu_epi32(d0 + i, sm, c0); _mm512_mask_storeu_epi32(d1 + i, sm, c1);
        _mm512_mask_storeu_epi32(d2 + i, sm, c2); _mm512_mask_storeu_epi32(d3 + i, sm, c3);
    } else if (nt) {
        _mm512_stream_si512((void *)(d0 + i), c0); _mm512_stream_si512((void *)(d1 + i), c1);
        _mm512_stream_si512((void *)(d2 + i), c2); _mm512_stream_si512((void *)(d3 + i), c3);
    } else {
        _mm512_storeu_si512(d0 + i, c0); _mm512_storeu_si512(d1 + i, c1);
        _mm512_storeu_si512(d2 + i, c2); _mm512_storeu_si512(d3 + i, c3);
    }
}

/* One block of 8 lanes in 256-bit vectors (AVX-512VL forms of VNNI and VBMI2): the VNNI
 * kernel's loop for batches larger than L1 (avx512_run's narrow). Same algorithm as
 * block16 with vnni, clamp 2 included; whole vectors, normal stores. */
#define Y __m256i

KINLINE void
block8(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1, const uint32_t *a0,
       const uint32_t *a1, const uint32_t *a2, const uint32_t *a3, uint32_t *d0, uint32_t *d1,
       uint32_t *d2, uint32_t *d3, size_t i, int clamp)
{
    Y l = _mm256_loadu_si256((const Y *)(lo + i)), h = _mm256_loadu_si256((const Y *)(hi + i));
    Y r = _mm256_loadu_si256((const Y *)(s1 + i));
    Y c0 = _mm256_loadu_si256((const Y *)(a0 + i)), c1 = _mm256_loadu_si256((const Y *)(a1 + i));
    Y c2 = _mm256_loadu_si256((const Y *)(a2 + i)), c3 = _mm256_loadu_si256((const Y *)(a3 + i));
    Y w;
    BARRIER(h);
    w = _mm256_min_epu8(r, _mm256_set1_epi8(1));
    if (clamp == 2) clamp = may_wrap8(c0, c1, c2, c3);
    c0 = vnni_window8(c0, l, r, w, clamp);
    c1 = vnni_window8(c1, _mm256_shrdi_epi32(l, h, 8), r, w, clamp);
    c2 = vnni_window8(c2, _mm256_shrdi_epi32(l, h, 16), r, w, clamp);
    c3 = vnni_window8(c3, _mm256_shrdi_epi32(l, h, 24), r, w, clamp);
    _mm256_storeu_si256((Y *)(d0 + i), c0); _mm256_storeu_si256((Y *)(d1 + i), c1);
    _mm256_storeu_si256((Y *)(d2 + i), c2); _mm256_storeu_si256((Y *)(d3 + i), c3);
}

#define BLOCK(I, NT, MASKED, LM, SM) \
    block16(lo, hi, s1, a0, a1, a2, a3, d0, d1, d2, d3, (I), clamp, (NT), vnni, (MASKED), (LM), (SM))

/* Lanes [i, end): whole blocks two at a time (32 lanes per iteration), then one block, then
 * the last 1..15 lanes with masked loads and stores (no scalar tail). narrow (VNNI only, not
 * with nt): 16 lanes per iteration as two 8-lane blocks in 256-bit vectors instead. */
KINLINE void
avx512_run(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
           const uint32_t *const src2[4], uint32_t *const dst[4], size_t i, size_t end,
           int clamp, int nt, int vnni, int narrow)
{
    const uint32_t *a0 = src2[0], *a1 = src2[1], *a2 = src2[2], *a3 = src2[3];
    uint32_t *d0 = dst[0], *d1 = dst[1], *d2 = dst[2], *d3 = dst[3];
    if (narrow) {
        for (; i + 16 <= end; i += 16) {
            block8(lo, hi, s1, a0, a1, a2, a3, d0, d1, d2, d3, i, clamp);
            block8(lo, hi, s1, a0, a1, a2, a3, d0, d1, d2, d3, i + 8, clamp);
        }
    }
    for (; i + 32 <= end; i += 32) {
        BLOCK(i, nt, 0, 0, 0);
        BLOCK(i + 16, nt, 0, 0, 0);
    }
    if (i + 16 <= end) {
        BLOCK(i, nt, 0, 0, 0);
        i += 16;
    }
    if (i < end) {
        __mmask16 m = (__mmask16)((1u << (end - i)) - 1u);
        BLOCK(i, 0, 1, m, m);
    }
}

/* The wave executor's entry (n <= 64): lane i is written only if bit i of mask is set. */
KINLINE void
avx512_masked(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
              const uint32_t *const src2[4], uint32_t *const dst[4], size_t n, int clamp,
              uint64_t mask, int vnni)
{
    const uint32_t *a0 = src2[0], *a1 = src2[1], *a2 = src2[2], *a3 = src2[3];
    uint32_t *d0 = dst[0], *d1 = dst[1], *d2 = dst[2], *d3 = dst[3];
    size_t i;
    for (i = 0; i < n; i += 16) {
        __mmask16 lm = n - i >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - i)) - 1u);
        __mmask16 sm = (__mmask16)((__mmask16)(mask >> i) & lm);
        if (!sm) continue;
        BLOCK(i, 0, 1, lm, sm);
    }
}

#endif
