/* semantics.c — the scalar reference of the SAD family (../shared/spec/semantics.md §1-2,
 * docs/semantics.md).
 * Deliberately plain: it is the oracle every faster path is tested against. */
#include "mqsad.h"
#include "exec/exec.h"

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

/* ---- the SAD family (docs/semantics.md §5) -------------------------------------------
 * Each result is computed in 64 bits and then wrapped to the element (no clamp) or
 * saturated at the element's maximum (clamp, project policy). */

static uint32_t sat32(uint64_t t, int clamp)
{
    return clamp && t > 0xffffffffu ? 0xffffffffu : (uint32_t)t;
}

static uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }

/* Σ|a.u8[i] - b.u8[i]| over the four bytes; masked: only where b's byte is non-zero. */
static uint32_t sad_bytes(uint32_t a, uint32_t b, int masked)
{
    uint32_t t = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t ab = (a >> (8 * i)) & 0xffu, bb = (b >> (8 * i)) & 0xffu;
        if (!masked || bb != 0) t += absdiff(ab, bb);
    }
    return t;
}

uint32_t mqsad_v_sad_u8(uint32_t s0, uint32_t s1, uint32_t s2, int clamp)
{
    return sat32((uint64_t)s2 + sad_bytes(s0, s1, 0), clamp);
}

uint32_t mqsad_v_sad_hi_u8(uint32_t s0, uint32_t s1, uint32_t s2, int clamp)
{
    return sat32(((uint64_t)sad_bytes(s0, s1, 0) << 16) + s2, clamp);
}

uint32_t mqsad_v_sad_u16(uint32_t s0, uint32_t s1, uint32_t s2, int clamp)
{
    uint64_t t = (uint64_t)s2 + absdiff(s0 & 0xffffu, s1 & 0xffffu) + absdiff(s0 >> 16, s1 >> 16);
    return sat32(t, clamp);
}

uint32_t mqsad_v_sad_u32(uint32_t s0, uint32_t s1, uint32_t s2, int clamp)
{
    return sat32((uint64_t)s2 + absdiff(s0, s1), clamp);
}

uint32_t mqsad_v_msad_u8(uint32_t s0, uint32_t s1, uint32_t s2, int clamp)
{
    return sat32((uint64_t)s2 + sad_bytes(s0, s1, 1), clamp);
}

/* D.u16[k] = sad(S0 >> 8k, S1, S2.u16[k]) for k = 0..3, each wrapped or saturated to 16 bits. */
static uint64_t qsad_pk(uint64_t s0, uint32_t s1, uint64_t s2, int clamp, int masked)
{
    uint64_t d = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t t = (uint32_t)((s2 >> (16 * k)) & 0xffffu) + sad_bytes((uint32_t)(s0 >> (8 * k)), s1, masked);
        if (clamp && t > 0xffffu) t = 0xffffu;
        d |= (uint64_t)(t & 0xffffu) << (16 * k);
    }
    return d;
}

uint64_t mqsad_v_qsad_pk_u16_u8(uint64_t s0, uint32_t s1, uint64_t s2, int clamp)
{
    return qsad_pk(s0, s1, s2, clamp, 0);
}

uint64_t mqsad_v_mqsad_pk_u16_u8(uint64_t s0, uint32_t s1, uint64_t s2, int clamp)
{
    return qsad_pk(s0, s1, s2, clamp, 1);
}

void mqsad_v_mqsad_u32_u8(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp,
                          uint32_t dst[4])
{
    mqsad_u32_u8_clamp(s0, s1, s2, clamp, dst);
}

/* The uniform shape of the instruction table (mqsad_eval_fn). Each reads every source
 * before writing dst, which may alias s2. */
#define EVAL32(name)                                                                       \
    void mqsad__eval_##name(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp,     \
                            uint32_t dst[4])                                               \
    {                                                                                      \
        uint32_t d = mqsad_v_##name((uint32_t)s0, s1, s2[0], clamp);                       \
        dst[0] = d; dst[1] = dst[2] = dst[3] = 0;                                          \
    }
EVAL32(sad_u8)
EVAL32(sad_hi_u8)
EVAL32(sad_u16)
EVAL32(sad_u32)
EVAL32(msad_u8)

#define EVAL64(name)                                                                       \
    void mqsad__eval_##name(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp,     \
                            uint32_t dst[4])                                               \
    {                                                                                      \
        uint64_t d = mqsad_v_##name(s0, s1, (uint64_t)s2[1] << 32 | s2[0], clamp);         \
        dst[0] = (uint32_t)d; dst[1] = (uint32_t)(d >> 32); dst[2] = dst[3] = 0;           \
    }
EVAL64(qsad_pk_u16_u8)
EVAL64(mqsad_pk_u16_u8)

void mqsad__eval_mqsad_u32_u8(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp,
                              uint32_t dst[4])
{
    mqsad_u32_u8_clamp(s0, s1, s2, clamp, dst);
}

mqsad_status mqsad_eval(mqsad_insn_id id, uint64_t s0, uint32_t s1, const uint32_t s2[4],
                        int clamp, uint32_t dst[4])
{
    const mqsad_insn_info *in = mqsad_insn_get(id);
    if (!in || !s2 || !dst) return MQSAD_E_INVALID_ARGUMENT;
    in->eval(s0, s1, s2, clamp, dst);
    return MQSAD_OK;
}
