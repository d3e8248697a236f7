/* semantics.c — the scalar reference of V_MQSAD_U32_U8 (../shared/spec/semantics.md §1-2).
 * Deliberately plain: it is the oracle every faster path is tested against. */
#include "mqsad.h"

uint32_t mqsad_msad_u8(uint32_t a, uint32_t b, uint32_t acc)
{
    uint32_t t = acc;
    int i;
    for (i = 0; i < 4; i++) {
        uint32_t ab = (a >> (8 * i)) & 0xffu, bb = (b >> (8 * i)) & 0xffu;
        if (bb != 0) /* the mask is on the reference (S1) byte */
            t += ab > bb ? ab - bb : bb - ab;
    }
    return t;
}

/* Sum without wrapping, for the clamp policy: the per-window SAD is at most 4*255. */
static uint32_t msad_sat(uint32_t a, uint32_t b, uint32_t acc)
{
    uint64_t t = (uint64_t)mqsad_msad_u8(a, b, 0) + acc;
    return t > 0xffffffffu ? 0xffffffffu : (uint32_t)t;
}

void mqsad_u32_u8_clamp(uint64_t src0, uint32_t src1, const uint32_t src2[4], int clamp,
                        uint32_t dst[4])
{
    uint32_t tmp[4];
    int k;
    /* Compute all four from the sources first: dst may alias src2 (AMD builds tmp). */
    for (k = 0; k < 4; k++) {
        uint32_t win = (uint32_t)(src0 >> (8 * k));
        tmp[k] = clamp ? msad_sat(win, src1, src2[k]) : mqsad_msad_u8(win, src1, src2[k]);
    }
    for (k = 0; k < 4; k++) dst[k] = tmp[k];
}

void mqsad_u32_u8(uint64_t src0, uint32_t src1, const uint32_t src2[4], uint32_t dst[4])
{
    mqsad_u32_u8_clamp(src0, src1, src2, 0, dst);
}
