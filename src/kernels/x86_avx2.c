/* x86_avx2.c — batch kernel for AVX2 (compiled with -mavx2 -mbmi2 only).
 *
 * The SSE4.1 algorithm on 8 lanes: weight w = min_epu8(ref, 1), windows by dword shifts,
 * |a-b| = max_epu8 - min_epu8, pmaddubsw(|a-b|, w) (pair sums <= 510, never saturates) and
 * pmaddwd(.., 1) for the dword SAD (<= 1020). Clamp: min_epu32(acc, ~sad) + sad.
 * vzeroupper is issued explicitly after the vector loop (gcc 12 leaves it out when a local
 * function follows), so neither the scalar tail nor SSE callers pay an AVX-SSE transition. */
#include "kernels.h"

#include <immintrin.h>

#define V __m256i

static inline __attribute__((always_inline)) V sad_window(V win, V ref, V w, V ones16)
{
    V d = _mm256_sub_epi8(_mm256_max_epu8(win, ref), _mm256_min_epu8(win, ref));
    return _mm256_madd_epi16(_mm256_maddubs_epi16(d, w), ones16);
}

static inline __attribute__((always_inline)) V accumulate(V acc, V s, int clamp)
{
    if (clamp) acc = _mm256_min_epu32(acc, _mm256_xor_si256(s, _mm256_set1_epi32(-1)));
    return _mm256_add_epi32(acc, s);
}

static inline __attribute__((always_inline)) void
avx2_loop(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
          const uint32_t *const src2[4], uint32_t *const dst[4], size_t i, size_t end,
          int clamp, int nt)
{
    const V one8 = _mm256_set1_epi8(1), ones16 = _mm256_set1_epi16(1);
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
        c0 = accumulate(c0, sad_window(l, r, w, ones16), clamp);
        c1 = accumulate(c1, sad_window(w1, r, w, ones16), clamp);
        c2 = accumulate(c2, sad_window(w2, r, w, ones16), clamp);
        c3 = accumulate(c3, sad_window(w3, r, w, ones16), clamp);
        if (nt) {
            _mm256_stream_si256((V *)(d0 + i), c0); _mm256_stream_si256((V *)(d1 + i), c1);
            _mm256_stream_si256((V *)(d2 + i), c2); _mm256_stream_si256((V *)(d3 + i), c3);
        } else {
            _mm256_storeu_si256((V *)(d0 + i), c0); _mm256_storeu_si256((V *)(d1 + i), c1);
            _mm256_storeu_si256((V *)(d2 + i), c2); _mm256_storeu_si256((V *)(d3 + i), c3);
        }
    }
}

void mqsad_batch_avx2(MQSAD_KERNEL_ARGS)
{
    size_t head = 0, end = n & ~(size_t)7;
    if (mqsad__use_nt(dst, n, 32, &head)) {
        mqsad__tail(src0_lo, src0_hi, src1, src2, dst, 0, head, clamp);
        end = head + ((n - head) & ~(size_t)7);
        if (clamp) avx2_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 1, 1);
        else       avx2_loop(src0_lo, src0_hi, src1, src2, dst, head, end, 0, 1);
        _mm_sfence();
    } else if (clamp) {
        avx2_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 1, 0);
    } else {
        avx2_loop(src0_lo, src0_hi, src1, src2, dst, 0, end, 0, 0);
    }
    /* Explicit: gcc 12 omits it when a local function is called afterwards. The tail runs
     * with clean upper halves, and so does the caller. */
    _mm256_zeroupper();
    mqsad__tail(src0_lo, src0_hi, src1, src2, dst, end, n, clamp);
}

void mqsad_batch_masked_avx2(MQSAD_MASKED_ARGS)
{
    mqsad__masked_via(mqsad_batch_avx2, src0_lo, src0_hi, src1, src2, dst, n, clamp, mask);
}
