/* x86_avx2_vnni.c — batch kernel for AVX2 + AVX-VNNI (-mavx2 -mbmi2 -mavxvnni).
 *
 * The AVX2 algorithm with the VEX-encoded vpdpbusd (Alder Lake and later, Zen 5): it sums
 * the four products |a-b| (u8) * w (s8, 0 or 1) of each dword straight into the accumulator
 * (wrapping, as required when clamp is off). With clamp the SAD is computed from 0 and added
 * with min_epu32(acc, ~sad) + sad.
 * vzeroupper is issued explicitly after the vector loop (gcc 12 leaves it out when a local
 * function follows), so neither the scalar tail nor SSE callers pay an AVX-SSE transition. */
#include "kernels.h"

#ifndef MQSAD_KERNEL_EMULATION
#include <immintrin.h>
#endif /* else tests/test_kernels.c compiles this file on SIMDe's portable intrinsics */

#define V __m256i

static inline __attribute__((always_inline)) V window(V acc, V win, V ref, V w, int clamp)
{
    V d = _mm256_sub_epi8(_mm256_max_epu8(win, ref), _mm256_min_epu8(win, ref));
    if (clamp) {
        V s = _mm256_dpbusd_avx_epi32(_mm256_setzero_si256(), d, w);
        acc = _mm256_min_epu32(acc, _mm256_xor_si256(s, _mm256_set1_epi32(-1)));
        return _mm256_add_epi32(acc, s);
    }
    return _mm256_dpbusd_avx_epi32(acc, d, w);
}

static inline __attribute__((always_inline)) void
vnni_loop(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
          const uint32_t *const src2[4], uint32_t *const dst[4], size_t i, size_t end,
          int clamp, int nt)
{
    const V one8 = _mm256_set1_epi8(1);
    const uint32_t *a0 = src2[0], *a1 = src2[1], *a2 = src2[2], *a3 = src2[3];
    uint32_t *d0 = dst[0], *d1 = dst[1], *d2 = dst[2], *d3 = dst[3];
    for (; i + 8 <= end; i += 8) {
        V l = _mm256_loadu_si256((const V *)(lo + i)), h = _mm256_loadu_si256((const V *)(hi + i));
        V r = _mm256_loadu_si256((const V *)(s1 + i));
        V c0 = _mm256_loadu_si256((const V *)(a0 + i)), c1 = _mm256_loadu_si256((const V *)(a1 + i));
        V c2 = _mm256_loadu_si256((const V *)(a2 + i)), c3 = _mm256_loadu_si256((const V *)(a3 + i));
        V w = _mm256_min_epu8(r, one8);
        V w1 = _mm256_or_si256(_mm256_srli_epi32(l, 8), _mm256_slli_epi32(h, 24));
        V w2 = _mm256_or_si256(_mm256_srli_epi32(l, 16), _mm256_slli_epi32(h, 16));
        V w3 = _mm256_or_si256(_mm256_srli_epi32(l, 24), _mm256_slli_epi32(h, 8));
        c0 = window(c0, l, r, w, clamp);
        c1 = window(c1, w1, r, w, clamp);
        c2 = window(c2, w2, r, w, clamp);
        c3 = window(c3, w3, r, w, clamp);
        if (nt) {
            _mm256_stream_si256((V *)(d0 + i), c0); _mm256_stream_si256((V *)(d1 + i), c1);
            _mm256_stream_si256((V *)(d2 + i), c2); _mm256_stream_si256((V *)(d3 + i), c3);
        } else {
            _mm256_storeu_si256((V *)(d0 + i), c0); _mm256_storeu_si256((V *)(d1 + i), c1);
            _mm256_storeu_si256((V *)(d2 + i), c2); _mm256_storeu_si256((V *)(d3 + i), c3);
        }
    }
}

void mqsad_batch_avx2_vnni(MQSAD_KERNEL_ARGS)
{
    size_t head = 0, end = n & ~(size_t)7;
    if (mqsad__use_nt(dst, n, 32, &head)) {
        mqsad__tail(src0_lo, src0_hi, src1, src2, dst, 0, head, clamp);
        end = head + ((n - head) & ~(size_t)7);
        if (clamp) vnni_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 1, 1);
        else       vnni_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 0, 1);
        _mm_sfence();
    } else if (clamp) {
        vnni_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 1, 0);
    } else {
        vnni_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 0, 0);
    }
    /* Explicit: gcc 12 omits it when a local function is called afterwards. The tail runs
     * with clean upper halves, and so does the caller. */
    _mm256_zeroupper();
    mqsad__tail(src0_lo, src0_hi, src1, src2, dst, end, n, clamp);
}

void mqsad_batch_masked_avx2_vnni(MQSAD_MASKED_ARGS)
{
    mqsad__masked_via(mqsad_batch_avx2_vnni, src0_lo, src0_hi, src1, src2, dst, n, clamp, mask);
}
