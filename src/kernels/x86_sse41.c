/* x86_sse41.c — batch kernel for SSE4.1 (compiled with -msse4.1 only).
 *
 * Per 4 lanes: the reference's byte mask becomes a weight w = min_epu8(ref, 1) (1 where the
 * reference byte is non-zero), window k = (lo >> 8k) | (hi << (32 - 8k)), absolute
 * differences max_epu8 - min_epu8, then pmaddubsw(|a-b| as u8, w as s8) gives 16-bit pair
 * sums (at most 2*255, no saturation) and pmaddwd(.., 1) the dword sum (at most 1020).
 * Clamp saturates each dword: min_epu32(acc, ~sad) + sad never wraps. */
#include "kernels.h"

#include <immintrin.h>

#define V __m128i

static inline __attribute__((always_inline)) V sad_window(V win, V ref, V w, V ones16)
{
    V d = _mm_sub_epi8(_mm_max_epu8(win, ref), _mm_min_epu8(win, ref));
    return _mm_madd_epi16(_mm_maddubs_epi16(d, w), ones16);
}

static inline __attribute__((always_inline)) V accumulate(V acc, V s, int clamp)
{
    if (clamp) acc = _mm_min_epu32(acc, _mm_xor_si128(s, _mm_set1_epi32(-1)));
    return _mm_add_epi32(acc, s);
}

static inline __attribute__((always_inline)) void
sse41_loop(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
           const uint32_t *const src2[4], uint32_t *const dst[4], size_t i, size_t end,
           int clamp, int nt)
{
    const V one8 = _mm_set1_epi8(1), ones16 = _mm_set1_epi16(1);
    const uint32_t *a0 = src2[0], *a1 = src2[1], *a2 = src2[2], *a3 = src2[3];
    uint32_t *d0 = dst[0], *d1 = dst[1], *d2 = dst[2], *d3 = dst[3];
    for (; i + 4 <= end; i += 4) {
        V l = _mm_loadu_si128((const V *)(lo + i)), h = _mm_loadu_si128((const V *)(hi + i));
        V r = _mm_loadu_si128((const V *)(s1 + i));
        V c0 = _mm_loadu_si128((const V *)(a0 + i)), c1 = _mm_loadu_si128((const V *)(a1 + i));
        V c2 = _mm_loadu_si128((const V *)(a2 + i)), c3 = _mm_loadu_si128((const V *)(a3 + i));
        V w = _mm_min_epu8(r, one8);
        V w1 = _mm_or_si128(_mm_srli_epi32(l, 8), _mm_slli_epi32(h, 24));
        V w2 = _mm_or_si128(_mm_srli_epi32(l, 16), _mm_slli_epi32(h, 16));
        V w3 = _mm_or_si128(_mm_srli_epi32(l, 24), _mm_slli_epi32(h, 8));
        c0 = accumulate(c0, sad_window(l, r, w, ones16), clamp);
        c1 = accumulate(c1, sad_window(w1, r, w, ones16), clamp);
        c2 = accumulate(c2, sad_window(w2, r, w, ones16), clamp);
        c3 = accumulate(c3, sad_window(w3, r, w, ones16), clamp);
        if (nt) {
            _mm_stream_si128((V *)(d0 + i), c0); _mm_stream_si128((V *)(d1 + i), c1);
            _mm_stream_si128((V *)(d2 + i), c2); _mm_stream_si128((V *)(d3 + i), c3);
        } else {
            _mm_storeu_si128((V *)(d0 + i), c0); _mm_storeu_si128((V *)(d1 + i), c1);
            _mm_storeu_si128((V *)(d2 + i), c2); _mm_storeu_si128((V *)(d3 + i), c3);
        }
    }
}

void mqsad_batch_sse41(MQSAD_KERNEL_ARGS)
{
    size_t head = 0, end = n & ~(size_t)3;
    if (mqsad__use_nt(dst, n, 16, &head)) {
        mqsad__tail(src0_lo, src0_hi, src1, src2, dst, 0, head, clamp);
        end = head + ((n - head) & ~(size_t)3);
        if (clamp) sse41_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 1, 1);
        else       sse41_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 0, 1);
        _mm_sfence();
    } else if (clamp) {
        sse41_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 1, 0);
    } else {
        sse41_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 0, 0);
    }
    mqsad__tail(src0_lo, src0_hi, src1, src2, dst, end, n, clamp);
}

void mqsad_batch_masked_sse41(MQSAD_MASKED_ARGS)
{
    mqsad__masked_via(mqsad_batch_sse41, src0_lo, src0_hi, src1, src2, dst, n, clamp, mask);
}
