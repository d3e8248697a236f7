/*
 * fuzz_rt_dis.c — round trip bytes -> decode -> print -> assemble.
 *
 * For every word that decodes without an "Invalid" annotation:
 *  - the printed text is accepted by the assembler, unless it is one of the printed forms
 *    LLVM 22's assembler rejects (encoding-llvm22.md §6.4 "Consequences", §6.2 and the
 *    REJECTED rows of tests/data/roundtrip.tsv): registers or tuples the target's assembler
 *    does not have, SRC2 not a VGPR quad, literals on a target without VOP3 literals,
 *    two different scalar sources on a constant-bus-1 target, gfx1250 64-bit literal values outside
 *    the int32/uint32 range — and then it is rejected;
 *  - an accepted text is canonical: printing the parsed instruction gives the same text;
 *  - the assembled bytes equal the input bytes, unless the input is one of the known
 *    non-canonical encodings that re-assemble to other bytes (§6.4, roundtrip.tsv
 *    DIFFERENT_BYTES): OPSEL/ignored bits set, an odd scalar code in the 64-bit SRC0,
 *    gfx1250 literal promotion (SRC0 lit() -> 64-bit literal, a 64-bit literal whose value
 *    is an inline constant or fits 32 bits, any SRC1 64-bit literal).
 * The verdicts are computed from the raw word and the target table's facts, not from the
 * validator, so a disagreement between decoder, validator and parser is a finding.
 *
 * Input: byte 0 = target selector (fuzz.h), bytes 1.. = the instruction bytes.
 */
#include "fuzz.h"

#define RTD_TEXT_MAX 512

static int rtd_is_scalar(const mqsad_operand *o)
{
    switch (o->kind) {
    case MQSAD_OPK_SGPR: case MQSAD_OPK_TTMP: case MQSAD_OPK_SPECIAL:
    case MQSAD_OPK_LITERAL32: case MQSAD_OPK_LITERAL64: case MQSAD_OPK_SYMBOL:
        return 1;
    default:
        return 0;
    }
}

static int rtd_is_literal(const mqsad_operand *o)
{
    return o->kind == MQSAD_OPK_LITERAL32 || o->kind == MQSAD_OPK_LITERAL64;
}

/* 1 if the assembler of target t does not accept this special register. */
static int rtd_special_unavailable(const mqsad_target *t, mqsad_special s)
{
    const mqsad_family *f = t->family;
    switch (s) {
    case MQSAD_SPECIAL_NULL: return f->null_code_asm < 0;
    case MQSAD_SPECIAL_FLAT_SCRATCH_LO: case MQSAD_SPECIAL_FLAT_SCRATCH_HI:
    case MQSAD_SPECIAL_FLAT_SCRATCH: return f->flat_scratch_code < 0;
    case MQSAD_SPECIAL_XNACK_MASK_LO: case MQSAD_SPECIAL_XNACK_MASK_HI:
    case MQSAD_SPECIAL_XNACK_MASK: return f->xnack_mask_code < 0 || !t->has_xnack;
    case MQSAD_SPECIAL_TBA_LO: case MQSAD_SPECIAL_TBA_HI: case MQSAD_SPECIAL_TBA:
        return f->tba_code < 0;
    case MQSAD_SPECIAL_TMA_LO: case MQSAD_SPECIAL_TMA_HI: case MQSAD_SPECIAL_TMA:
        return f->tma_code < 0;
    case MQSAD_SPECIAL_SRC_SHARED_BASE: case MQSAD_SPECIAL_SRC_SHARED_LIMIT:
    case MQSAD_SPECIAL_SRC_PRIVATE_BASE: case MQSAD_SPECIAL_SRC_PRIVATE_LIMIT:
        return !f->has_src_shared;
    case MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID: return !f->has_pops;
    case MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO: case MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI:
        return !f->has_flat_scratch_base;
    case MQSAD_SPECIAL_SRC_VCCZ: case MQSAD_SPECIAL_SRC_EXECZ: return !f->has_vccz_execz;
    case MQSAD_SPECIAL_SRC_LDS_DIRECT: return 1;
    default: return 0;
    }
}

/* The 64-bit inline constants (integers -16..64 and the f64 inline floats). */
static int rtd_inline64(uint64_t v)
{
    static const uint64_t f64[] = {
        0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
        0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
        0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull };
    size_t i;
    int64_t s = (int64_t)v;
    if (s >= -16 && s <= 64) return 1;
    for (i = 0; i < sizeof f64 / sizeof f64[0]; i++) if (v == f64[i]) return 1;
    return 0;
}

/* Fits the 64-bit SRC0 operand as an assembler literal: int32 or uint32 range. */
static int rtd_fits32(uint64_t v) { return v <= 0xffffffffull || v >= 0xffffffff80000000ull; }

enum { RTD_ACCEPT, RTD_REJECT, RTD_EITHER };

static int rtd_expect(const mqsad_target *t, const mqsad_inst *in)
{
    const mqsad_family *f = t->family;
    int i;
    /* The rules below are V_MQSAD_U32_U8's (VGPR SRC2, scalar SRC0/SRC1 only). The other
     * family members read scalars in all three slots; their accept/reject verdicts are
     * checked against llvm-mc 22 by the family vectors, so here only the round trip of an
     * accepted line is checked. */
    if (in->insn != MQSAD_INSN_MQSAD_U32_U8) return RTD_EITHER;
    if (in->src[2].kind != MQSAD_OPK_VGPR) return RTD_REJECT;
    if (in->vdst.reg > f->vgpr_quad_max || in->src[2].reg > f->vgpr_quad_max) return RTD_REJECT;
    if (in->src[0].kind == MQSAD_OPK_VGPR && in->src[0].reg > 254) return RTD_REJECT;
    for (i = 0; i < 2; i++) {
        const mqsad_operand *o = &in->src[i];
        if (o->kind == MQSAD_OPK_SPECIAL && rtd_special_unavailable(t, o->special)) return RTD_REJECT;
        if (rtd_is_literal(o) && f->literal == MQSAD_LIT_NONE) return RTD_REJECT;
    }
    /* constant bus: the same src_* register in both sources is read once (LLVM 22:
     * `src_scc, src_scc` is accepted on gfx8), overlapping SGPRs are not (`s[2:3], s2`) */
    if (f->const_bus < 2 && rtd_is_scalar(&in->src[0]) && rtd_is_scalar(&in->src[1])
        && !(in->src[0].kind == MQSAD_OPK_SPECIAL && in->src[1].kind == MQSAD_OPK_SPECIAL
             && in->src[0].special == in->src[1].special))
        return RTD_REJECT;
    if (in->src[0].kind == MQSAD_OPK_LITERAL64 && !rtd_fits32(in->src[0].value)
        && !rtd_inline64(in->src[0].value))
        return RTD_REJECT;
    /* gfx1250 literal sharing between a 64-bit and a 32-bit view: the unique-literal rule
     * is one of the documented deviations; either verdict is fine here */
    if (f->literal == MQSAD_LIT_32_64 && rtd_is_literal(&in->src[0]) && rtd_is_literal(&in->src[1]))
        return RTD_EITHER;
    return RTD_ACCEPT;
}

/* 1 if the input bytes are expected to come back unchanged from the assembler. */
static int rtd_expect_same_bytes(const mqsad_target *t, const uint8_t *b, const mqsad_inst *in)
{
    const mqsad_family *f = t->family;
    uint32_t w0 = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    unsigned src0 = (unsigned)b[4] | ((unsigned)b[5] & 1u) << 8;
    unsigned ign = (w0 >> f->ignored_lo) & ((1u << (f->ignored_hi - f->ignored_lo + 1)) - 1u);
    char op[RTD_TEXT_MAX];
    if (in->insn != MQSAD_INSN_MQSAD_U32_U8) return 0;              /* rules below: its slots */
    if (ign) return 0;                                              /* OPSEL etc. dropped */
    if (src0 < 128 && (src0 & 1) && (int)src0 != f->null_code_dis) return 0; /* rounded down */
    if (f->literal == MQSAD_LIT_32_64) {
        if (in->src[1].kind == MQSAD_OPK_LITERAL64) return 0;      /* SRC1 has no 64-bit literal */
        if (in->src[0].kind == MQSAD_OPK_LITERAL64
            && ((in->src[0].value >> 32) != 0 || rtd_inline64(in->src[0].value)))
            return 0;                                               /* becomes inline / 32-bit */
        if (in->src[0].kind == MQSAD_OPK_LITERAL32
            && mqsad_format_operand(in, MQSAD_SLOT_SRC0, op, sizeof op, NULL) == MQSAD_OK
            && strncmp(op, "lit(", 4) == 0)
            return 0;                                               /* lit() -> 64-bit literal */
        if (rtd_is_literal(&in->src[0]) && rtd_is_literal(&in->src[1])) return 0;
    }
    return 1;
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    const mqsad_target *t;
    uint8_t *b, out[32];
    size_t n, tlen = 0, w = 0;
    mqsad_inst in, re;
    mqsad_diag diag;
    mqsad_status st;
    char text[RTD_TEXT_MAX], text2[RTD_TEXT_MAX], hex[200], ctx[RTD_TEXT_MAX + 600];
    int expect;

    if (size < 1) return 0;
    t = fuzz_target(data[0]);
    n = size - 1;
    b = fuzz_dup(data + 1, n);
    st = mqsad_decode(t, b, n, &in);
    if (st != MQSAD_OK || in.vdst.invalid || in.src[0].invalid || in.src[1].invalid
        || in.src[2].invalid) {
        free(b);
        return 0;
    }
    FUZZ_ASSERT(mqsad_format(&in, text, sizeof text, &tlen) == MQSAD_OK, "format");
    fuzz_hex(b, in.length, hex, sizeof hex);
    expect = rtd_expect(t, &in);

    memset(&diag, 0, sizeof diag);
    st = mqsad_assemble(t, text, tlen, &re, out, sizeof out, &w, &diag);
    snprintf(ctx, sizeof ctx, "%s [%s] -> \"%s\" -> %s%s%u: %.200s", t->name, hex, text,
             st == MQSAD_OK ? "accepted" : "rejected",
             st == MQSAD_OK ? "" : " @", st == MQSAD_OK ? 0 : diag.column,
             st == MQSAD_OK ? "" : diag.message);
    if (expect == RTD_REJECT) FUZZ_ASSERT(st != MQSAD_OK, ctx);
    if (expect == RTD_ACCEPT) FUZZ_ASSERT(st == MQSAD_OK, ctx);
    if (st != MQSAD_OK) {
        fuzz_check_diag(&diag, st, tlen, ctx);
        free(b);
        return 0;
    }
    /* accepted: canonical text, and the bytes come back (when the input was canonical) */
    FUZZ_ASSERT(mqsad_format(&re, text2, sizeof text2, NULL) == MQSAD_OK, ctx);
    FUZZ_ASSERT(strcmp(text, text2) == 0, ctx);
    if (rtd_expect_same_bytes(t, b, &in)) {
        char hex2[200];
        fuzz_hex(out, w, hex2, sizeof hex2);
        snprintf(ctx + strlen(ctx), sizeof ctx - strlen(ctx), " -> [%s]", hex2);
        FUZZ_ASSERT(w == in.length, ctx);
        FUZZ_ASSERT(memcmp(out, b, w) == 0, ctx);
    }
    free(b);
    return 0;
}
