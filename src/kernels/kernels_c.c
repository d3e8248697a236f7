/* kernels_c.c — the portable batch kernel, written for the auto-vectoriser.
 *
 * Lanes are processed in blocks of MQSAD_C_BLOCK. Each block's inputs are first copied into
 * local arrays (so the compiler can prove there is no aliasing, and dst may equal a source),
 * then every loop has a constant trip count that is a multiple of any vector width and a
 * branch-free body using only 32-bit lane operations — what gcc's -O2 "very cheap" cost
 * model and clang's vectoriser both turn into SIMD code (SSE2 on a baseline x86-64). The
 * remaining n % MQSAD_C_BLOCK lanes go through the scalar helper. */
#include "kernels.h"

#include <string.h>

#define MQSAD_C_BLOCK 16

/* |x - y| summed over the bytes of w and r where the r byte is non-zero. */
static inline uint32_t sad4(uint32_t w, uint32_t r)
{
    uint32_t s = 0;
    int b;
    for (b = 0; b < 32; b += 8) {
        int32_t x = (int32_t)((w >> b) & 0xffu), y = (int32_t)((r >> b) & 0xffu);
        int32_t d = x - y, sg = d >> 31;
        uint32_t ad = (uint32_t)((d ^ sg) - sg);
        uint32_t m = 0u - (uint32_t)(y != 0);
        s += ad & m;
    }
    return s;
}

static void c_block(const uint32_t *src0_lo, const uint32_t *src0_hi, const uint32_t *src1,
                    const uint32_t *const src2[4], uint32_t *const dst[4], size_t i, int clamp)
{
    uint32_t L[MQSAD_C_BLOCK], H[MQSAD_C_BLOCK], R[MQSAD_C_BLOCK], A[4][MQSAD_C_BLOCK];
    uint32_t cm = 0u - (uint32_t)(clamp != 0);
    int j, k;
    memcpy(L, src0_lo + i, sizeof L);
    memcpy(H, src0_hi + i, sizeof H);
    memcpy(R, src1 + i, sizeof R);
    for (k = 0; k < 4; k++) memcpy(A[k], src2[k] + i, sizeof A[k]);
    for (j = 0; j < MQSAD_C_BLOCK; j++) {
        uint32_t l = L[j], h = H[j], r = R[j];
        uint32_t s0 = sad4(l, r);
        uint32_t s1 = sad4((l >> 8) | (h << 24), r);
        uint32_t s2 = sad4((l >> 16) | (h << 16), r);
        uint32_t s3 = sad4((l >> 24) | (h << 8), r);
        A[0][j] += s0; A[1][j] += s1; A[2][j] += s2; A[3][j] += s3;
        /* Saturation, branch-free: the sum wrapped iff it is now below the addend
         * (s <= 1020 < 2^32); cm is all ones when clamping. */
        A[0][j] |= cm & (0u - (uint32_t)(A[0][j] < s0));
        A[1][j] |= cm & (0u - (uint32_t)(A[1][j] < s1));
        A[2][j] |= cm & (0u - (uint32_t)(A[2][j] < s2));
        A[3][j] |= cm & (0u - (uint32_t)(A[3][j] < s3));
    }
    for (k = 0; k < 4; k++) memcpy(dst[k] + i, A[k], sizeof A[k]);
}

void mqsad_batch_c(MQSAD_KERNEL_ARGS)
{
    size_t i = 0;
    for (; i + MQSAD_C_BLOCK <= n; i += MQSAD_C_BLOCK)
        c_block(src0_lo, src0_hi, src1, src2, dst, i, clamp);
    mqsad__tail(src0_lo, src0_hi, src1, src2, dst, i, n, clamp);
}
