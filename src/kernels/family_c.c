/* family_c.c — portable batch kernels of the SAD family (mqsad_insn_batch_fn), one per
 * instruction, and their dispatch. Each lane is the instruction table's scalar reference;
 * faster levels replace these per CPU feature (src/kernels/cpu.c). */
#include "kernels/kernels.h"
#include "exec/exec.h"

/* Generic lane loop: gathers each lane's operands, evaluates, scatters. All of a lane's
 * inputs are read before its outputs are written, so dst arrays may equal sources. */
static void batch_generic(const mqsad_insn_info *in, const uint32_t *const s0[2],
                          const uint32_t *s1, const uint32_t *const s2[4],
                          uint32_t *const dst[4], size_t n, int clamp)
{
    unsigned w2 = in->width[MQSAD_SLOT_SRC2], wd = in->width[MQSAD_SLOT_VDST];
    for (size_t i = 0; i < n; i++) {
        uint64_t a = s0[0][i];
        if (in->width[MQSAD_SLOT_SRC0] == 2) a |= (uint64_t)s0[1][i] << 32;
        uint32_t c[4] = { 0, 0, 0, 0 }, d[4];
        for (unsigned k = 0; k < w2; k++) c[k] = s2[k][i];
        in->eval(a, s1[i], c, clamp, d);
        for (unsigned k = 0; k < wd; k++) dst[k][i] = d[k];
    }
}


#define GENERIC_KERNEL(fn, id)                                                              \
    static void fn(const uint32_t *const s0[2], const uint32_t *s1,                         \
                   const uint32_t *const s2[4], uint32_t *const dst[4], size_t n, int clamp) \
    {                                                                                       \
        batch_generic(mqsad_insn_get(id), s0, s1, s2, dst, n, clamp);                       \
    }
GENERIC_KERNEL(mqsad_u32_u8_c, MQSAD_INSN_MQSAD_U32_U8)
GENERIC_KERNEL(sad_u8_c, MQSAD_INSN_SAD_U8)
GENERIC_KERNEL(sad_hi_u8_c, MQSAD_INSN_SAD_HI_U8)
GENERIC_KERNEL(sad_u16_c, MQSAD_INSN_SAD_U16)
GENERIC_KERNEL(sad_u32_c, MQSAD_INSN_SAD_U32)
GENERIC_KERNEL(msad_u8_c, MQSAD_INSN_MSAD_U8)
GENERIC_KERNEL(qsad_pk_u16_u8_c, MQSAD_INSN_QSAD_PK_U16_U8)
GENERIC_KERNEL(mqsad_pk_u16_u8_c, MQSAD_INSN_MQSAD_PK_U16_U8)

static const mqsad_insn_batch_fn c_kernels[MQSAD_INSN_COUNT] = {
    mqsad_u32_u8_c, sad_u8_c, sad_hi_u8_c, sad_u16_c, sad_u32_c, msad_u8_c,
    qsad_pk_u16_u8_c, mqsad_pk_u16_u8_c,
};

mqsad_insn_batch_fn mqsad_insn_kernel(mqsad_insn_id id, unsigned cpu_mask, const char **name)
{
    (void)cpu_mask;
    if ((unsigned)id >= MQSAD_INSN_COUNT) return NULL;
    if (name) *name = "c";
    return c_kernels[id];
}

void mqsad_insn_batch(mqsad_insn_id id, const uint32_t *const s0[2], const uint32_t *s1,
                      const uint32_t *const s2[4], uint32_t *const dst[4], size_t n, int clamp)
{
    mqsad_insn_batch_fn fn = mqsad_insn_kernel(id, MQSAD_CPU_ALL, NULL);
    if (fn && n) fn(s0, s1, s2, dst, n, clamp);
}
