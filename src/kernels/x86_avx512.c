/* x86_avx512.c — batch kernels for AVX-512 (compiled with -mavx512f -mavx512bw -mavx512vl
 * -mavx512vnni -mavx512vbmi2 -mbmi2). NOT RUN NATIVELY on the development machine (no
 * AVX-512): both kernels mirror the AVX2 / AVX2-VNNI code line for line, 16 lanes at a time,
 * and tests/test_kernels.c executes this very source on SIMDe's portable intrinsics.
 *
 *  mqsad_batch_avx512       F + BW + VL only (Skylake-X, Cascade Lake): the AVX2 algorithm.
 *                           The compiler may use only those instructions here; an empty asm
 *                           barrier keeps it from fusing shift+or into VBMI2's vpshrdd, and
 *                           `make kernels-isa-check` checks the object (docs/performance.md).
 *  mqsad_batch_avx512_vnni  + VNNI + VBMI2 (Ice Lake, Sapphire Rapids, Zen 4): windows by
 *                           funnel shift (vpshrdd), SAD accumulated by vpdpbusd, clamp by an
 *                           unsigned compare (result < acc means it wrapped) and a masked move. */
#include "kernels.h"

#ifndef MQSAD_KERNEL_EMULATION
#include <immintrin.h>
#endif /* else tests/test_kernels.c compiles this file on SIMDe's portable intrinsics */

#define V __m512i

/* Opaque to the optimiser: stops (l >> 8) | (h << 24) becoming vpshrdd (VBMI2). */
#ifndef MQSAD_KERNEL_EMULATION
#define BARRIER(x) __asm__("" : "+v"(x))
#else
#define BARRIER(x) ((void)0)
#endif

static inline __attribute__((always_inline)) V shift_window(V l, V h, int bits)
{
    V a = _mm512_srli_epi32(l, (unsigned)bits), b = _mm512_slli_epi32(h, (unsigned)(32 - bits));
    BARRIER(a);
    BARRIER(b);
    return _mm512_or_si512(a, b);
}

static inline __attribute__((always_inline)) V absdiff(V a, V b)
{
    return _mm512_sub_epi8(_mm512_max_epu8(a, b), _mm512_min_epu8(a, b));
}

static inline __attribute__((always_inline)) V bw_window(V acc, V win, V ref, V w, V ones16,
                                                        int clamp)
{
    V t = _mm512_maddubs_epi16(absdiff(win, ref), w);
    V s;
    BARRIER(t);
    s = _mm512_madd_epi16(t, ones16);
    if (clamp) acc = _mm512_min_epu32(acc, _mm512_xor_si512(s, _mm512_set1_epi32(-1)));
    return _mm512_add_epi32(acc, s);
}

static inline __attribute__((always_inline)) V vnni_window(V acc, V win, V ref, V w, int clamp)
{
    V r = _mm512_dpbusd_epi32(acc, absdiff(win, ref), w);
    if (clamp) r = _mm512_mask_mov_epi32(r, _mm512_cmplt_epu32_mask(r, acc), _mm512_set1_epi32(-1));
    return r;
}

static inline __attribute__((always_inline)) void
avx512_loop(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
            const uint32_t *const src2[4], uint32_t *const dst[4], size_t i, size_t end,
            int clamp, int nt, int vnni)
{
    const V one8 = _mm512_set1_epi8(1), ones16 = _mm512_set1_epi16(1);
    const uint32_t *a0 = src2[0], *a1 = src2[1], *a2 = src2[2], *a3 = src2[3];
    uint32_t *d0 = dst[0], *d1 = dst[1], *d2 = dst[2], *d3 = dst[3];
    for (; i + 16 <= end; i += 16) {
        V l = _mm512_loadu_si512(lo + i), h = _mm512_loadu_si512(hi + i);
        V r = _mm512_loadu_si512(s1 + i);
        V c0 = _mm512_loadu_si512(a0 + i), c1 = _mm512_loadu_si512(a1 + i);
        V c2 = _mm512_loadu_si512(a2 + i), c3 = _mm512_loadu_si512(a3 + i);
        V w = _mm512_min_epu8(r, one8);
        if (vnni) {
            V w1 = _mm512_shrdi_epi32(l, h, 8);   /* (l >> 8) | (h << 24) */
            V w2 = _mm512_shrdi_epi32(l, h, 16);
            V w3 = _mm512_shrdi_epi32(l, h, 24);
            c0 = vnni_window(c0, l, r, w, clamp);
            c1 = vnni_window(c1, w1, r, w, clamp);
            c2 = vnni_window(c2, w2, r, w, clamp);
            c3 = vnni_window(c3, w3, r, w, clamp);
        } else {
            V w1 = shift_window(l, h, 8), w2 = shift_window(l, h, 16), w3 = shift_window(l, h, 24);
            c0 = bw_window(c0, l, r, w, ones16, clamp);
            c1 = bw_window(c1, w1, r, w, ones16, clamp);
            c2 = bw_window(c2, w2, r, w, ones16, clamp);
            c3 = bw_window(c3, w3, r, w, ones16, clamp);
        }
        if (nt) {
            _mm512_stream_si512((void *)(d0 + i), c0); _mm512_stream_si512((void *)(d1 + i), c1);
            _mm512_stream_si512((void *)(d2 + i), c2); _mm512_stream_si512((void *)(d3 + i), c3);
        } else {
            _mm512_storeu_si512(d0 + i, c0); _mm512_storeu_si512(d1 + i, c1);
            _mm512_storeu_si512(d2 + i, c2); _mm512_storeu_si512(d3 + i, c3);
        }
    }
}

#define DISPATCH(VNNI)                                                                        \
    do {                                                                                      \
        size_t head = 0, end = n & ~(size_t)15;                                               \
        if (mqsad__use_nt(dst, n, 64, &head)) {                                               \
            mqsad__tail(src0_lo, src0_hi, src1, src2, dst, 0, head, clamp);                   \
            end = head + ((n - head) & ~(size_t)15);                                          \
            if (clamp) avx512_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 1, 1, VNNI); \
            else       avx512_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 0, 1, VNNI); \
            _mm_sfence();                                                                     \
        } else if (clamp) {                                                                   \
            avx512_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 1, 0, VNNI);               \
        } else {                                                                              \
            avx512_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 0, 0, VNNI);               \
        }                                                                                     \
        _mm256_zeroupper(); /* explicit, see x86_avx2.c */                                    \
        mqsad__tail(src0_lo, src0_hi, src1, src2, dst, end, n, clamp);                        \
    } while (0)

void mqsad_batch_avx512(MQSAD_KERNEL_ARGS) { DISPATCH(0); }

void mqsad_batch_avx512_vnni(MQSAD_KERNEL_ARGS) { DISPATCH(1); }
