/* family_simd.h — the SAD family's x86 vector kernels, written once over a few operations
 * that each ISA file (x86_family_*.c, each compiled with its own -m flags) defines before
 * including this header. Static functions only; the file defines the level's table
 * mqsad__fam_<level> (FAM_TABLE).
 *
 * The ISA file defines:
 *   V, FAM_W                 vector type and its number of 32-bit lanes
 *   LD(p), ST(p, v)          unaligned load / store of FAM_W lanes
 *   ADD32 SUB32 ADD16 ADDS_U16 SUB16 SUB8 MAXU8 MINU8 MAXU16 MINU16 MAXU32 MINU32
 *   AND OR XOR SRLI32 SLLI32 SET1_8 SET1_16 SET1_32 ZERO MADDUBS MADD16
 *   FAM_TABLE, FAM_MQSAD_U32_U8   the table's name, the level's mqsad_batch_fn
 *   FAM_END()                vzeroupper on VEX/EVEX levels (before any SSE code runs)
 * and optionally:
 *   KEEP(x)                  x held in a register (default: an empty asm with an SSE/AVX
 *                            register operand; the AVX-512 files use one for all 32)
 *   DPBUSD(acc, u8, s8)      VNNI: acc + the four byte products of each dword (wrapping);
 *                            then only the byte-SAD forms are in the table (VNNI pays there)
 *   SAT_BELOW(r, c)          lanes where r < c (unsigned) set to 0xffffffff (AVX-512)
 *   SHRD32(lo, hi, B)        (lo >> B) | (hi << (32 - B)) in one instruction (VBMI2)
 *   FAM_MASK, LDM(m, p), STM(p, m, v)   masked loads (other lanes read as 0, memory not
 *                            touched) and stores (AVX-512): the last lanes without a
 *                            scalar tail. Without them the last n % FAM_W lanes run the
 *                            portable kernel (mqsad__fam_c).
 *
 * Algorithms (per 32-bit lane; every sum exact, then wrapped or saturated):
 *   |a - b| of bytes / u16 / u32   max - min (unsigned)
 *   byte SAD of a dword            pmaddubsw(|a - b|, w) then pmaddwd(.., 1), or vpdpbusd;
 *                                  w = 1 per byte, or min(S1 byte, 1) for the masked forms
 *   32-bit clamp                   min(c, ~s) + s saturates exactly (c > ~s iff c + s wraps),
 *                                  or on AVX-512 VNNI: r = c + s, then r < c -> 0xffffffff
 *   16-bit elements (pk forms)     the SADs of windows 2k and 2k+1 packed (s0 | s1 << 16),
 *                                  added to S2 with paddw (wrap) or paddusw (saturate)
 * Every block loads all its inputs before it stores, so a dst array may be a source. */
#ifndef MQSAD_FAMILY_SIMD_H
#define MQSAD_FAMILY_SIMD_H

#include "kernels.h"

#define FINLINE static inline __attribute__((always_inline))

#ifndef FAM_MASK
#define FAM_MASK int
#define FAM_MASKED 0
#define LDM(m, p) ((void)(m), LD(p))
#define STM(p, m, v) ((void)(m), ST((p), (v)))
#else
#define FAM_MASKED 1
#endif

/* An operand used twice or more is loaded once into a register: without this the compiler
 * folds the load into each instruction that uses it (max and min of |a - b| both read the
 * array), and a 512-bit kernel of 3 arrays then issues 4 or 5 loads per block. */
#ifndef KEEP
#define KEEP(x) __asm__("" : "+x"(x))
#endif

/* Loads and stores of one block: whole vectors, or (tail) only the lanes in m. */
#define LDX(p) (tail ? LDM(m, (p)) : LD(p))
#define STX(p, v) do { if (tail) STM((p), m, (v)); else ST((p), (v)); } while (0)

/* The operand arrays of one call (only those of the instruction's widths are set). */
typedef struct fam_io {
    const uint32_t *a0, *a1, *b, *c0, *c1;
    uint32_t *d0, *d1;
} fam_io;

FINLINE V absdiff8(V a, V b) { return SUB8(MAXU8(a, b), MINU8(a, b)); }

/* Per dword: Σ d.u8[i] * w.u8[i] (d = |a - b|, w 0 or 1), at most 1020. */
FINLINE V dot4(V d, V w)
{
#ifdef DPBUSD
    return DPBUSD(ZERO, d, w);
#else
    return MADD16(MADDUBS(d, w), SET1_16(1));
#endif
}

/* c + s per dword: wrapping, or saturating at 0xffffffff when clamp. */
FINLINE V add_sat32(V c, V s, int clamp)
{
    if (clamp) c = MINU32(c, XOR(s, SET1_32(-1)));
    return ADD32(c, s);
}

/* c + dot4(d, w), with the clamp policy; VNNI accumulates straight into c. */
FINLINE V acc_dot4(V c, V d, V w, int clamp)
{
#if defined(DPBUSD)
    if (!clamp) return DPBUSD(c, d, w);
#if defined(SAT_BELOW)
    {
        V r = DPBUSD(c, d, w);
        return SAT_BELOW(r, c);
    }
#endif
#endif
    return add_sat32(c, dot4(d, w), clamp);
}

/* Window B/8 of S0 (= S0 >> B, low dword) from its two halves. */
#ifdef SHRD32
#define WIN(lo, hi, B) SHRD32(lo, hi, B)
#else
#define WIN(lo, hi, B) OR(SRLI32(lo, B), SLLI32(hi, 32 - (B)))
#endif

/* V_SAD_U8 (masked 0, hi 0), V_MSAD_U8 (masked 1), V_SAD_HI_U8 (hi 1). */
FINLINE void blk_sad8(const fam_io *io, size_t i, int clamp, int masked, int hi, int tail, FAM_MASK m)
{
    V a = LDX(io->a0 + i), b = LDX(io->b + i), c = LDX(io->c0 + i), w, r;
    KEEP(a);
    KEEP(b);
    w = masked ? MINU8(b, SET1_8(1)) : SET1_8(1);
    if (hi) r = add_sat32(c, SLLI32(dot4(absdiff8(a, b), w), 16), clamp);
    else    r = acc_dot4(c, absdiff8(a, b), w, clamp);
    STX(io->d0 + i, r);
}

/* V_SAD_U16: |a.lo - b.lo| + |a.hi - b.hi| (u16 differences, summed in 32 bits). */
FINLINE void blk_sad_u16(const fam_io *io, size_t i, int clamp, int tail, FAM_MASK m)
{
    V a = LDX(io->a0 + i), b = LDX(io->b + i), c = LDX(io->c0 + i), d, s;
    KEEP(a);
    KEEP(b);
    d = SUB16(MAXU16(a, b), MINU16(a, b));
    s = ADD32(AND(d, SET1_32(0xffff)), SRLI32(d, 16));
    STX(io->d0 + i, add_sat32(c, s, clamp));
}

/* V_SAD_U32: |a - b| as unsigned 32-bit values. */
FINLINE void blk_sad_u32(const fam_io *io, size_t i, int clamp, int tail, FAM_MASK m)
{
    V a = LDX(io->a0 + i), b = LDX(io->b + i), c = LDX(io->c0 + i), d;
    KEEP(a);
    KEEP(b);
    d = SUB32(MAXU32(a, b), MINU32(a, b));
    STX(io->d0 + i, add_sat32(c, d, clamp));
}

/* V_QSAD_PK_U16_U8 (masked 0), V_MQSAD_PK_U16_U8 (masked 1). */
FINLINE void blk_qsad_pk(const fam_io *io, size_t i, int clamp, int masked, int tail, FAM_MASK m)
{
    V l = LDX(io->a0 + i), h = LDX(io->a1 + i), b = LDX(io->b + i);
    V c0 = LDX(io->c0 + i), c1 = LDX(io->c1 + i), w, s0, s1, s2, s3, p0, p1;
    KEEP(l);
    KEEP(h);
    KEEP(b);
    w = masked ? MINU8(b, SET1_8(1)) : SET1_8(1);
    s0 = dot4(absdiff8(l, b), w);
    s1 = dot4(absdiff8(WIN(l, h, 8), b), w);
    s2 = dot4(absdiff8(WIN(l, h, 16), b), w);
    s3 = dot4(absdiff8(WIN(l, h, 24), b), w);
    p0 = OR(s0, SLLI32(s1, 16));
    p1 = OR(s2, SLLI32(s3, 16));
    if (clamp) { c0 = ADDS_U16(c0, p0); c1 = ADDS_U16(c1, p1); }
    else       { c0 = ADD16(c0, p0);    c1 = ADD16(c1, p1); }
    STX(io->d0 + i, c0);
    STX(io->d1 + i, c1);
}

/* The last n - i (< FAM_W) lanes: masked, or the portable kernel on the offset arrays. */
#if FAM_MASKED
#define FAM_TAIL(ID, BLOCK)                                                                   \
    if (i < n) {                                                                              \
        FAM_MASK m = (FAM_MASK)((1u << (n - i)) - 1u);                                        \
        BLOCK(i, clamp, 1, m);                                                                \
    }                                                                                         \
    FAM_END();
#else
#define FAM_TAIL(ID, BLOCK)                                                                   \
    FAM_END();                                                                                \
    if (i < n) {                                                                              \
        const uint32_t *t0[2] = { io.a0 + i, io.a1 ? io.a1 + i : NULL };                      \
        const uint32_t *t2[4] = { io.c0 + i, io.c1 ? io.c1 + i : NULL, NULL, NULL };          \
        uint32_t *td[4] = { io.d0 + i, io.d1 ? io.d1 + i : NULL, NULL, NULL };                \
        mqsad__fam_c[ID](t0, io.b + i, t2, td, n - i, clamp);                                 \
    }
#endif

/* A kernel: two blocks per iteration, then one, then the tail; clamp is a constant in each
 * loop (the blocks are specialised for it). */
#define FAM_KERNEL(name, ID, SETUP, BLOCK)                                                    \
    static void name(MQSAD_FAM_ARGS)                                                          \
    {                                                                                         \
        fam_io io = { NULL, NULL, NULL, NULL, NULL, NULL, NULL };                             \
        size_t i = 0;                                                                         \
        SETUP;                                                                                \
        if (clamp) {                                                                          \
            for (; i + 2 * FAM_W <= n; i += 2 * FAM_W) { BLOCK(i, 1, 0, 0); BLOCK(i + FAM_W, 1, 0, 0); } \
            if (i + FAM_W <= n) { BLOCK(i, 1, 0, 0); i += FAM_W; }                            \
        } else {                                                                              \
            for (; i + 2 * FAM_W <= n; i += 2 * FAM_W) { BLOCK(i, 0, 0, 0); BLOCK(i + FAM_W, 0, 0, 0); } \
            if (i + FAM_W <= n) { BLOCK(i, 0, 0, 0); i += FAM_W; }                            \
        }                                                                                     \
        FAM_TAIL(ID, BLOCK)                                                                   \
    }

#define IO32 (io.a0 = s0[0], io.b = s1, io.c0 = s2[0], io.d0 = dst[0])
#define IO_PK (io.a0 = s0[0], io.a1 = s0[1], io.b = s1, io.c0 = s2[0], io.c1 = s2[1], \
               io.d0 = dst[0], io.d1 = dst[1])

#define B_SAD_U8(I, CL, T, M) blk_sad8(&io, (I), (CL), 0, 0, (T), (M))
#define B_MSAD_U8(I, CL, T, M) blk_sad8(&io, (I), (CL), 1, 0, (T), (M))
#define B_SAD_HI_U8(I, CL, T, M) blk_sad8(&io, (I), (CL), 0, 1, (T), (M))
#define B_SAD_U16(I, CL, T, M) blk_sad_u16(&io, (I), (CL), (T), (M))
#define B_SAD_U32(I, CL, T, M) blk_sad_u32(&io, (I), (CL), (T), (M))
#define B_QSAD_PK(I, CL, T, M) blk_qsad_pk(&io, (I), (CL), 0, (T), (M))
#define B_MQSAD_PK(I, CL, T, M) blk_qsad_pk(&io, (I), (CL), 1, (T), (M))

FAM_KERNEL(fam_sad_u8, MQSAD_INSN_SAD_U8, IO32, B_SAD_U8)
FAM_KERNEL(fam_sad_hi_u8, MQSAD_INSN_SAD_HI_U8, IO32, B_SAD_HI_U8)
FAM_KERNEL(fam_msad_u8, MQSAD_INSN_MSAD_U8, IO32, B_MSAD_U8)
FAM_KERNEL(fam_qsad_pk, MQSAD_INSN_QSAD_PK_U16_U8, IO_PK, B_QSAD_PK)
FAM_KERNEL(fam_mqsad_pk, MQSAD_INSN_MQSAD_PK_U16_U8, IO_PK, B_MQSAD_PK)
#ifndef DPBUSD
FAM_KERNEL(fam_sad_u16, MQSAD_INSN_SAD_U16, IO32, B_SAD_U16)
FAM_KERNEL(fam_sad_u32, MQSAD_INSN_SAD_U32, IO32, B_SAD_U32)
#endif

/* V_MQSAD_U32_U8: the level's mqsad_batch_fn (its own file), thinly adapted. */
static void fam_mqsad_u32_u8(MQSAD_FAM_ARGS)
{
    FAM_MQSAD_U32_U8(s0[0], s0[1], s1, s2, dst, n, clamp);
}

const mqsad_insn_batch_fn FAM_TABLE[MQSAD_INSN_COUNT] = {
    [MQSAD_INSN_MQSAD_U32_U8] = fam_mqsad_u32_u8,
    [MQSAD_INSN_SAD_U8] = fam_sad_u8,
    [MQSAD_INSN_SAD_HI_U8] = fam_sad_hi_u8,
#ifndef DPBUSD
    [MQSAD_INSN_SAD_U16] = fam_sad_u16,
    [MQSAD_INSN_SAD_U32] = fam_sad_u32,
#endif
    [MQSAD_INSN_MSAD_U8] = fam_msad_u8,
    [MQSAD_INSN_QSAD_PK_U16_U8] = fam_qsad_pk,
    [MQSAD_INSN_MQSAD_PK_U16_U8] = fam_mqsad_pk,
};

#endif
