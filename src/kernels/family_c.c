/* family_c.c — the portable batch kernels of the SAD family (mqsad_insn_batch_fn), written
 * for the auto-vectoriser; the bottom level of src/kernels/cpu.c's dispatch.
 *
 * Lanes go in blocks of FAM_C_BLOCK: a block's inputs are copied into local arrays (so the
 * compiler can prove there is no aliasing, and a dst array may equal a source), every loop
 * then has a constant trip count and a branch-free body (what gcc's -O2 cost model and
 * clang both vectorise), and the results are copied out. The last n % FAM_C_BLOCK lanes
 * run the same block on zero-padded copies, of which only the real lanes are copied out:
 * there is no separate scalar tail. The formulas are AMD's (docs/semantics.md): sums are
 * formed exactly, then wrapped to the element or, with clamp, saturated at its maximum. */
#include "kernels/kernels.h"

#include <string.h>

#define FAM_C_BLOCK 16

#if defined(__GNUC__)
#define FAM_C_INLINE static inline __attribute__((always_inline))
#else
#define FAM_C_INLINE static inline
#endif

/* |x - y| of the bytes at bit sh of a and b; masked: 0 where b's byte is 0 (V_MSAD_U8). */
FAM_C_INLINE uint32_t ad8(uint32_t a, uint32_t b, int sh, int masked)
{
    uint32_t x = (a >> sh) & 0xffu, y = (b >> sh) & 0xffu;
    uint32_t d = x > y ? x - y : y - x;
    return masked ? (y ? d : 0) : d;
}

/* Σ|a.u8[i] - b.u8[i]| over the four bytes (at most 1020). */
FAM_C_INLINE uint32_t sad4(uint32_t a, uint32_t b, int masked)
{
    return ad8(a, b, 0, masked) + ad8(a, b, 8, masked) + ad8(a, b, 16, masked) + ad8(a, b, 24, masked);
}

/* c + s modulo 2^32, or saturated at 0xffffffff when clamp (the sum wrapped iff t < c). */
FAM_C_INLINE uint32_t add32(uint32_t c, uint32_t s, int clamp)
{
    uint32_t t = c + s;
    return clamp ? t | (0u - (uint32_t)(t < c)) : t;
}

/* c + s in 16 bits (c < 2^16, s <= 1020), wrapped or saturated at 0xffff. */
FAM_C_INLINE uint32_t add16(uint32_t c, uint32_t s, int clamp)
{
    uint32_t t = c + s;
    return clamp ? (t > 0xffffu ? 0xffffu : t) : t & 0xffffu;
}

/* The block frame: operands in local arrays A0/A1 (S0), B (S1), C0..C3 (S2), D0..D3 (VDST),
 * m lanes (m == FAM_C_BLOCK in the loop: constant after inlining). */
typedef struct fam_c_io {
    const uint32_t *a0, *a1, *b, *c[4];
    uint32_t *d[4];
} fam_c_io;

FAM_C_INLINE void load(uint32_t t[FAM_C_BLOCK], const uint32_t *p, size_t i, size_t m)
{
    if (m == FAM_C_BLOCK) { memcpy(t, p + i, sizeof(uint32_t) * FAM_C_BLOCK); return; }
    memset(t, 0, sizeof(uint32_t) * FAM_C_BLOCK);
    memcpy(t, p + i, sizeof(uint32_t) * m);
}

FAM_C_INLINE void store(uint32_t *p, const uint32_t t[FAM_C_BLOCK], size_t i, size_t m)
{
    memcpy(p + i, t, sizeof(uint32_t) * m);
}

/* V_SAD_U8, V_MSAD_U8 (masked) and V_SAD_HI_U8 (hi: the SAD shifted left by 16). */
FAM_C_INLINE void blk_sad8(const fam_c_io *io, size_t i, size_t m, int clamp, int masked, int hi)
{
    uint32_t A[FAM_C_BLOCK], B[FAM_C_BLOCK], C[FAM_C_BLOCK], D[FAM_C_BLOCK];
    int j;
    load(A, io->a0, i, m); load(B, io->b, i, m); load(C, io->c[0], i, m);
    for (j = 0; j < FAM_C_BLOCK; j++) {
        uint32_t s = sad4(A[j], B[j], masked);
        D[j] = add32(C[j], hi ? s << 16 : s, clamp);
    }
    store(io->d[0], D, i, m);
}

FAM_C_INLINE void blk_sad_u16(const fam_c_io *io, size_t i, size_t m, int clamp)
{
    uint32_t A[FAM_C_BLOCK], B[FAM_C_BLOCK], C[FAM_C_BLOCK], D[FAM_C_BLOCK];
    int j;
    load(A, io->a0, i, m); load(B, io->b, i, m); load(C, io->c[0], i, m);
    for (j = 0; j < FAM_C_BLOCK; j++) {
        uint32_t xl = A[j] & 0xffffu, yl = B[j] & 0xffffu, xh = A[j] >> 16, yh = B[j] >> 16;
        uint32_t s = (xl > yl ? xl - yl : yl - xl) + (xh > yh ? xh - yh : yh - xh);
        D[j] = add32(C[j], s, clamp);
    }
    store(io->d[0], D, i, m);
}

FAM_C_INLINE void blk_sad_u32(const fam_c_io *io, size_t i, size_t m, int clamp)
{
    uint32_t A[FAM_C_BLOCK], B[FAM_C_BLOCK], C[FAM_C_BLOCK], D[FAM_C_BLOCK];
    int j;
    load(A, io->a0, i, m); load(B, io->b, i, m); load(C, io->c[0], i, m);
    for (j = 0; j < FAM_C_BLOCK; j++)
        D[j] = add32(C[j], A[j] > B[j] ? A[j] - B[j] : B[j] - A[j], clamp);
    store(io->d[0], D, i, m);
}

/* V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 (masked): window k = S0 >> 8k against S1, added to
 * S2.u16[k]; D0 holds elements 0 and 1, D1 elements 2 and 3. */
FAM_C_INLINE void blk_qsad_pk(const fam_c_io *io, size_t i, size_t m, int clamp, int masked)
{
    uint32_t L[FAM_C_BLOCK], H[FAM_C_BLOCK], B[FAM_C_BLOCK], C0[FAM_C_BLOCK], C1[FAM_C_BLOCK];
    uint32_t D0[FAM_C_BLOCK], D1[FAM_C_BLOCK];
    int j;
    load(L, io->a0, i, m); load(H, io->a1, i, m); load(B, io->b, i, m);
    load(C0, io->c[0], i, m); load(C1, io->c[1], i, m);
    for (j = 0; j < FAM_C_BLOCK; j++) {
        uint32_t l = L[j], h = H[j], b = B[j];
        uint32_t r0 = add16(C0[j] & 0xffffu, sad4(l, b, masked), clamp);
        uint32_t r1 = add16(C0[j] >> 16, sad4((l >> 8) | (h << 24), b, masked), clamp);
        uint32_t r2 = add16(C1[j] & 0xffffu, sad4((l >> 16) | (h << 16), b, masked), clamp);
        uint32_t r3 = add16(C1[j] >> 16, sad4((l >> 24) | (h << 8), b, masked), clamp);
        D0[j] = r0 | r1 << 16;
        D1[j] = r2 | r3 << 16;
    }
    store(io->d[0], D0, i, m);
    store(io->d[1], D1, i, m);
}

/* Each kernel: whole blocks (clamp a constant in each loop), then the padded last block. */
#define FAM_C_KERNEL(name, SETUP, BLOCK)                                                      \
    static void name(MQSAD_FAM_ARGS)                                                          \
    {                                                                                         \
        fam_c_io io;                                                                          \
        size_t i = 0;                                                                         \
        memset(&io, 0, sizeof io);                                                            \
        SETUP;                                                                                \
        if (clamp)                                                                            \
            for (; i + FAM_C_BLOCK <= n; i += FAM_C_BLOCK) BLOCK(FAM_C_BLOCK, 1);             \
        else                                                                                  \
            for (; i + FAM_C_BLOCK <= n; i += FAM_C_BLOCK) BLOCK(FAM_C_BLOCK, 0);             \
        if (i < n) BLOCK(n - i, clamp);                                                       \
    }

/* What each form reads and writes (operand widths of the instruction table). */
#define IO32 (io.a0 = s0[0], io.b = s1, io.c[0] = s2[0], io.d[0] = dst[0])
#define IO_PK (io.a0 = s0[0], io.a1 = s0[1], io.b = s1, io.c[0] = s2[0], io.c[1] = s2[1], \
               io.d[0] = dst[0], io.d[1] = dst[1])

#define B_SAD_U8(M, CL) blk_sad8(&io, i, (M), (CL), 0, 0)
#define B_MSAD_U8(M, CL) blk_sad8(&io, i, (M), (CL), 1, 0)
#define B_SAD_HI_U8(M, CL) blk_sad8(&io, i, (M), (CL), 0, 1)
#define B_SAD_U16(M, CL) blk_sad_u16(&io, i, (M), (CL))
#define B_SAD_U32(M, CL) blk_sad_u32(&io, i, (M), (CL))
#define B_QSAD_PK(M, CL) blk_qsad_pk(&io, i, (M), (CL), 0)
#define B_MQSAD_PK(M, CL) blk_qsad_pk(&io, i, (M), (CL), 1)

FAM_C_KERNEL(sad_u8_c, IO32, B_SAD_U8)
FAM_C_KERNEL(sad_hi_u8_c, IO32, B_SAD_HI_U8)
FAM_C_KERNEL(sad_u16_c, IO32, B_SAD_U16)
FAM_C_KERNEL(sad_u32_c, IO32, B_SAD_U32)
FAM_C_KERNEL(msad_u8_c, IO32, B_MSAD_U8)
FAM_C_KERNEL(qsad_pk_u16_u8_c, IO_PK, B_QSAD_PK)
FAM_C_KERNEL(mqsad_pk_u16_u8_c, IO_PK, B_MQSAD_PK)

/* V_MQSAD_U32_U8: the portable mqsad_batch_fn (kernels_c.c). */
static void mqsad_u32_u8_c(MQSAD_FAM_ARGS)
{
    mqsad_batch_c(s0[0], s0[1], s1, s2, dst, n, clamp);
}

const mqsad_insn_batch_fn mqsad__fam_c[MQSAD_INSN_COUNT] = {
    [MQSAD_INSN_MQSAD_U32_U8] = mqsad_u32_u8_c,
    [MQSAD_INSN_SAD_U8] = sad_u8_c,
    [MQSAD_INSN_SAD_HI_U8] = sad_hi_u8_c,
    [MQSAD_INSN_SAD_U16] = sad_u16_c,
    [MQSAD_INSN_SAD_U32] = sad_u32_c,
    [MQSAD_INSN_MSAD_U8] = msad_u8_c,
    [MQSAD_INSN_QSAD_PK_U16_U8] = qsad_pk_u16_u8_c,
    [MQSAD_INSN_MQSAD_PK_U16_U8] = mqsad_pk_u16_u8_c,
};
