/*
 * match.c — a parsed line's operands against the instruction (LLVM 22's
 * MatchInstructionImpl and validateInstruction, AMDGPUAsmParser), with llvm-mc's
 * messages and columns, then the mqsad_inst with its operand codes:
 *
 *  - matching: operand classes in order, by the instruction table's widths: VDST a VGPR
 *    tuple of its width (even on aligned targets); each source by its width, 1 dword VS_32
 *    (+ int32/uint32, f32-convertible floats, expressions, lds_direct), 2 dwords VS_64
 *    (+ inline int64/f64 or int32/uint32 literal), 4 dwords (SRC2 of v_mqsad_u32_u8)
 *    VReg_128; clamp (optional). The first mismatch is "invalid operand for instruction" at
 *    that operand, a missing one "too few operands for instruction" at the mnemonic; the
 *    DPP/SDWA forms LLVM also tries for the all-32-bit members decide some columns (D5);
 *  - validation: lds_direct, literals ("invalid operand for instruction", "literal
 *    operands are not supported", "only one unique literal operand is allowed"; D1-D4),
 *    constant bus over the three sources, integer clamp (GFX6/GFX7), 64-bit VGPR
 *    alignment of 64-bit sources.
 *
 * parse.c reads the line and calls these; the deviations D1-D5 are described there and in
 * docs/deviations.md.
 */
#include "asm/pstate.h"

/* ---- float helpers ------------------------------------------------------------------------- */

static double bits_to_double(uint64_t b) { union { uint64_t u; double d; } c; c.u = b; return c.d; }
static uint32_t float_bits(float f) { union { float f; uint32_t u; } c; c.f = f; return c.u; }

/* canLosslesslyConvertToFPType(f32): precision loss allowed, overflow/underflow not. */
static int to_f32(uint64_t dbits, uint32_t *out)
{
    double d = bits_to_double(dbits);
    float f = (float)d;
    uint32_t fb = float_bits(f);
    int inexact = (double)f != d && d == d;
    if (inexact) {
        unsigned exp = (fb >> 23) & 0xff;
        if (exp == 0xff) return 0;                 /* overflow to infinity */
        if (exp == 0) return 0;                    /* tiny and inexact: underflow */
    }
    *out = fb;
    return 1;
}

static int is_inline64(const mqsad_target *t, uint64_t v)
{
    return mqsad_inline_int_code((int64_t)v) >= 0 || mqsad_inline_float_code(t, MQSAD_SLOT_SRC0, v) >= 0;
}

static int is_inline32(const mqsad_target *t, uint32_t v)
{
    return mqsad_inline_int_code((int32_t)v) >= 0 || mqsad_inline_float_code(t, MQSAD_SLOT_SRC1, v) >= 0;
}

static int fits32(int64_t v) { return v >= -(int64_t)0x80000000 && v <= (int64_t)0xffffffff; }

/* ---- matching -------------------------------------------------------------------------------- */

/* a register in a VS_32 (w = 1) or VS_64 (w = 2) source */
static int reg_ok_src(const pop *o, unsigned w)
{
    if (o->kind != PO_REG || o->subreg) return 0;
    switch (o->rk) {
    case RK_VGPR: case RK_SGPR: case RK_TTMP: return o->width == w;
    case RK_SPECIAL:
        if (o->special == SPECIAL_PC) return 0;
        if (o->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) return w == 1;
        return (mqsad_special_slots(o->special) & (w == 2 ? 1u : 2u)) != 0;
    default: return 0;
    }
}

/* a VGPR tuple of w dwords (VDST; SRC2 of v_mqsad_u32_u8): the aligned register classes
 * of CDNA2+/gfx1250 reject an odd first register here, in the matcher */
static int reg_ok_vgpr(pstate *p, const pop *o, unsigned w)
{
    return o->kind == PO_REG && !o->subreg && o->rk == RK_VGPR && o->width == w &&
           (w == 1 || p->f->vgpr_align < 2 || o->num % 2 == 0);
}

static int match_w64(pstate *p, const pop *o)
{
    if (o->kind == PO_REG) return reg_ok_src(o, 2);
    if (o->kind != PO_IMM) return 0;
    if (o->is_fp) return !o->lit && is_inline64(p->t, (uint64_t)o->ival);
    /* gfx1250 (64-bit literals): the matcher lets any integer through, lit()/lit64() too;
     * the literal validator reports the ones that do not fit (same message, its column
     * only if no later operand fails to match) */
    if (p->f->literal == MQSAD_LIT_32_64) return 1;
    /* lit()/lit64() make a value a literal, never an inline constant: a 64-bit value such
     * as lit(0x3ff0000000000000) is no 32-bit literal and fails here, before later operands */
    if (o->lit) return fits32(o->ival);
    return is_inline64(p->t, (uint64_t)o->ival) || fits32(o->ival);
}

static int match_w32(const pop *o)
{
    uint32_t fb;
    if (o->kind == PO_REG) return reg_ok_src(o, 1);
    if (o->kind == PO_EXPR) return 1;
    if (o->kind != PO_IMM) return 0;
    if (o->is_fp) return to_f32((uint64_t)o->ival, &fb);
    return fits32(o->ival);
}

/* the width of operand i of the line (0 = VDST, 1..3 = SRC0..SRC2) */
static unsigned op_width(const pstate *p, unsigned i)
{
    return p->in->width[i == 0 ? MQSAD_SLOT_VDST : i - 1];
}

/* operand i of the line against the instruction's operand class */
static int match_operand(pstate *p, unsigned i, const pop *o)
{
    unsigned w = op_width(p, i);
    if (i == 0 || (i == 3 && p->in->src2_vgpr_only)) return reg_ok_vgpr(p, o, w);
    return w == 2 ? match_w64(p, o) : match_w32(o);
}

/* ---- building the instruction ------------------------------------------------------------ */

static void set_reg(mqsad_operand *d, const pop *o)
{
    d->reg = (uint16_t)o->num;
    d->width = (uint8_t)o->width;
    switch (o->rk) {
    case RK_VGPR: d->kind = MQSAD_OPK_VGPR; break;
    case RK_SGPR: d->kind = MQSAD_OPK_SGPR; break;
    case RK_TTMP: d->kind = MQSAD_OPK_TTMP; break;
    default:
        d->kind = MQSAD_OPK_SPECIAL;
        d->special = o->special;
        d->reg = 0;
        d->width = (uint8_t)mqsad_special_width(o->special);
        break;
    }
}

/* src0 immediate -> operand; returns 0 if the value does not fit (invalid operand). */
static int build_src0_imm(pstate *p, mqsad_operand *d, const pop *o)
{
    uint64_t v = (uint64_t)o->ival;
    if (!o->lit && is_inline64(p->t, v)) {
        if (mqsad_inline_int_code((int64_t)v) >= 0) { d->kind = MQSAD_OPK_INLINE_INT; d->value = v; }
        else { d->kind = MQSAD_OPK_INLINE_FLOAT; d->value = v; }
        return 1;
    }
    if (p->f->literal == MQSAD_LIT_32_64 && o->lit) {
        /* code 254, 8 bytes; D4: lit(X) keeps X like lit64(X) */
        if (!fits32(o->ival) && !is_inline64(p->t, v)) return 0;
        d->kind = MQSAD_OPK_LITERAL64;
        d->value = v;
        d->literal_bits = v;
        d->lit_wrapper = (uint8_t)o->lit;
        return 1;
    }
    if (!fits32(o->ival)) return 0;
    d->kind = MQSAD_OPK_LITERAL32;
    d->literal_bits = v & 0xffffffffu;
    d->value = (p->f->literal == MQSAD_LIT_32_64) ? v : (v & 0xffffffffu);
    d->lit_wrapper = (uint8_t)o->lit;
    return 1;
}

/* a 32-bit source's immediate: a float as its f32 bits (0 when it does not convert; the
 * matcher has rejected that), an integer as its low 32 bits */
static void build_src1_imm(pstate *p, mqsad_operand *d, const pop *o)
{
    uint32_t b = o->is_fp ? 0 : (uint32_t)(uint64_t)o->ival;
    if (o->is_fp) to_f32((uint64_t)o->ival, &b);
    if (!o->lit && is_inline32(p->t, b)) {
        if (mqsad_inline_int_code((int32_t)b) >= 0) { d->kind = MQSAD_OPK_INLINE_INT; d->value = (uint64_t)(int64_t)(int32_t)b; }
        else { d->kind = MQSAD_OPK_INLINE_FLOAT; d->value = b; }
        return;
    }
    d->kind = MQSAD_OPK_LITERAL32;
    d->literal_bits = b;
    d->value = o->lit && !o->is_fp ? (uint64_t)o->ival : b;   /* lit(N) keeps N as written */
    d->lit_wrapper = (uint8_t)o->lit;
}

static int is_lit_kind(const mqsad_operand *d)
{
    return d->kind == MQSAD_OPK_LITERAL32 || d->kind == MQSAD_OPK_LITERAL64 || d->kind == MQSAD_OPK_SYMBOL;
}

/* 1 if source operand o (built into d, a slot of w dwords) is lit() / lit64() of a value
 * LLVM takes for an inline constant, which to LLVM is no literal. A 64-bit source keeps
 * the low 32 bits of lit(X) / lit64(X) zero-extended, so only 0..64 stay inline there
 * (lit(-1) is the literal 0xffffffff). */
static int lit_of_inline(const pstate *p, const pop *o, const mqsad_operand *d, unsigned w)
{
    return o->kind == PO_IMM && o->lit &&
           (w == 2 ? !o->is_fp && ((uint64_t)o->ival & 0xffffffffu) <= 64u
                   : is_inline32(p->t, (uint32_t)d->literal_bits) && (o->is_fp || fits32(o->ival)));
}

/* The value llvm-mc's unique-literal check compares (D3): an integer as parsed, but the
 * low 32 bits in a 64-bit source before gfx1250; a float as its encoded bits */
static uint64_t llvm_literal_value(const pstate *p, const pop *o, const mqsad_operand *d, unsigned w)
{
    if (o->kind != PO_IMM || o->is_fp) return d->literal_bits;
    return w == 2 && p->f->literal != MQSAD_LIT_32_64 ? (uint64_t)o->ival & 0xffffffffu : (uint64_t)o->ival;
}

/* The first of the sources 0..n-1 that is a second literal (a symbol, or encoded bits
 * other than the first literal's: D2, D3), as 1 + its index; 0 if there is none. With
 * llvm set, llvm-mc 22's own check: lit() of an inline value left out, integers compared
 * as parsed. */
static unsigned second_literal(const pstate *p, const pop *ops, const mqsad_inst *in, unsigned n,
                               int llvm)
{
    unsigned src, first = 0;
    for (src = 0; src < n; src++) {
        const mqsad_operand *d = &in->src[src], *f;
        const pop *o = &ops[src + 1];
        if (!is_lit_kind(d) || (llvm && lit_of_inline(p, o, d, op_width(p, src + 1)))) continue;
        if (!first) { first = src + 1; continue; }
        f = &in->src[first - 1];
        if (d->kind == MQSAD_OPK_SYMBOL || f->kind == MQSAD_OPK_SYMBOL ||
            (llvm ? llvm_literal_value(p, o, d, op_width(p, src + 1)) !=
                        llvm_literal_value(p, &ops[first], f, op_width(p, first))
                  : d->literal_bits != f->literal_bits))
            return src + 1;
    }
    return 0;
}

/* unique register key for the constant bus (0 = not a scalar register) */
static unsigned bus_key(const pop *o)
{
    if (o->kind != PO_REG) return 0;
    switch (o->rk) {
    case RK_SGPR: return 0x10000u | o->num << 4 | o->width;
    case RK_TTMP: return 0x20000u | o->num << 4 | o->width;
    case RK_SPECIAL:
        if (o->special == MQSAD_SPECIAL_NULL || o->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) return 0;
        return 0x30000u | (unsigned)o->special;
    default: return 0;
    }
}

/* ---- DPP forms (D5) ------------------------------------------------------------------------ */

static const char k_dpp_msg[] = "VOP3-DPP forms are not supported";

/* 1 if an immediate is an inline constant of a 32-bit slot, as written (no lit()) */
static int dpp_inline(pstate *p, const pop *o)
{
    uint32_t fb;
    if (o->lit) return 0;
    if (o->is_fp) return to_f32((uint64_t)o->ival, &fb) && is_inline32(p->t, fb);
    return fits32(o->ival) && is_inline32(p->t, (uint32_t)o->ival);
}

/* 1 if LLVM's tables hold DPP forms of the instruction: one whose operands are all 32-bit */
int mqsad__asm_has_vop3_dpp_form(const mqsad_insn_info *in)
{
    unsigned s;
    for (s = 0; s < 4; s++)
        if (in->width[s] != 1) return 0;
    return 1;
}

/* ---- validation and codes ----------------------------------------------------------------- */

/* "only one unique literal operand is allowed" at the second literal o */
static mqsad_status multiple_literals(mqsad_diag *diag, const pop *o)
{
    fill_diag(diag, MQSAD_E_MULTIPLE_LITERALS, o->pos + 1, "only one unique literal operand is allowed");
    return MQSAD_E_MULTIPLE_LITERALS;
}

/* Builds *in from the matched operands (VDST, SRC0-2, clamp) with validateInstruction's
 * checks in LLVM's order and with its messages: lds_direct, literals (D1 and D4 reported
 * after the checks LLVM would still run), constant bus, integer clamp, VGPR alignment. */
static mqsad_status build_inst(pstate *p, const pop *ops, const pop *clampop, unsigned mnem_pos,
                               const char *text, mqsad_inst *in, mqsad_diag *diag)
{
    int bad[3] = { 0, 0, 0 }, d4 = -1, sym = 0;
    unsigned d1_pos = 0, d2 = 0, first_lit = 0, src, t2;
    set_reg(&in->vdst, &ops[0]);
    in->clamp = (uint8_t)(clampop && clampop->clamp);
    for (src = 0; src < 3; src++) {
        const pop *o = &ops[src + 1];
        mqsad_operand *d = &in->src[src];
        if (o->kind == PO_REG) set_reg(d, o);
        else if (o->kind == PO_EXPR) {
            char tmp[MQSAD_SYMBOL_MAX];
            size_t n = mqsad__asm_expr_print(&p->ex, text, o->node, tmp, sizeof tmp);
            /* a folded expression lost its llvm-mc text; it filled half the node pool,
             * so it is all but always over the 63-character bound anyway: the same error */
            if (n >= sizeof tmp || o->folded) {
                fill_diag(diag, MQSAD_E_INPUT_TOO_LONG, o->pos + 1, "expression too long");
                return MQSAD_E_INPUT_TOO_LONG;
            }
            /* a quoted symbol name may hold NUL bytes; llvm-mc prints them raw, a C
             * string cannot (docs/deviations.md) */
            if (memchr(tmp, '\0', n)) {
                fill_diag(diag, MQSAD_E_UNSUPPORTED, o->pos + 1, "symbol name contains a NUL byte");
                return MQSAD_E_UNSUPPORTED;
            }
            d->kind = MQSAD_OPK_SYMBOL;
            if (!sym++) {       /* a second expression is a second literal (below) */
                memcpy(in->symbol, tmp, n + 1);
                in->symbol_data4 = (uint8_t)!mqsad__asm_expr_pcrel(&p->ex, o->node);
            }
        } else if (op_width(p, src + 1) == 2) bad[src] = !build_src0_imm(p, d, o);
        else build_src1_imm(p, d, o);
    }

    /* validateLdsDirect: the first lds_direct source */
    for (src = 0; src < 3; src++) {
        const pop *o = &ops[src + 1];
        if (o->kind == PO_REG && o->rk == RK_SPECIAL && o->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) {
            if (!mqsad_lds_direct_asm(p->f)) {
                fill_diag(diag, MQSAD_E_REG_UNAVAILABLE, o->pos + 1, "lds_direct is not supported on this GPU");
                return MQSAD_E_REG_UNAVAILABLE;
            }
            if (src != 0) {
                fill_diag(diag, MQSAD_E_OPERAND_KIND, o->pos + 1, "lds_direct may be used as src0 only");
                return MQSAD_E_OPERAND_KIND;
            }
        }
    }
    /* validateVOPLiteral, source by source: a 64-bit source whose value is no 32-bit
     * literal is rejected at that operand (measured with llvm-mc 22 on gfx1250: the first
     * such source) unless a source before it was a second literal; only lit(X) on
     * gfx1250 is D4 (lit64(X) is rejected here). Both come before the constant bus. */
    for (src = 0; src < 3; src++) {
        const pop *o = &ops[src + 1];
        if (!bad[src]) continue;
        first_lit = o->pos + 1;
        if (!(p->f->literal == MQSAD_LIT_32_64 && o->lit == 1)) {
            unsigned second = d4 < 0 && p->f->literal != MQSAD_LIT_NONE ? second_literal(p, ops, in, src, 1) : 0;
            if (second) return multiple_literals(diag, &ops[second]);
            fill_diag(diag, MQSAD_E_LITERAL_RANGE, first_lit, "invalid operand for instruction");
            return MQSAD_E_LITERAL_RANGE;
        }
        if (d4 < 0) d4 = (int)src;
    }
    if (d4 >= 0) {
        /* D4, gfx1250 lit(X) in a 64-bit source with X beyond 32 bits: LLVM keeps
         * X & 0xffffffff and goes on, so its later errors come first; we reject X at the
         * end. LLVM's unique-literal rule here: that source's value counts unless it is
         * inline (0..64); another source counts unless it is lit() of an inline value;
         * the parsed values must be equal. */
        const pop *o0 = &ops[d4 + 1];
        uint64_t v0 = (uint64_t)o0->ival & 0xffffffffu;
        for (t2 = 0; t2 < 3; t2++) {
            const pop *o1 = &ops[t2 + 1];
            const mqsad_operand *b = &in->src[t2];
            int c1;
            uint64_t v1;
            if ((int)t2 == d4) continue;
            c1 = is_lit_kind(b) && !(o1->kind == PO_IMM && o1->lit &&
                                     is_inline32(p->t, (uint32_t)b->literal_bits) &&
                                     (o1->is_fp || fits32(o1->ival)));
            v1 = o1->kind == PO_IMM ? (o1->is_fp ? b->literal_bits : (uint64_t)o1->ival) : ~v0;
            if (v0 > 64 && c1 && v1 != v0)
                return multiple_literals(diag, &ops[((int)t2 > d4 ? t2 : (unsigned)d4) + 1]);
        }
        /* a 64-bit literal for the constant bus */
        in->src[d4].kind = MQSAD_OPK_LITERAL64;
        in->src[d4].value = in->src[d4].literal_bits = (uint64_t)o0->ival;
        in->src[d4].lit_wrapper = (uint8_t)o0->lit;
    }
    if (p->f->literal == MQSAD_LIT_NONE) {
        for (src = 0; src < 3; src++) {
            const pop *o = &ops[src + 1];
            const mqsad_operand *d = &in->src[src];
            if (!is_lit_kind(d)) continue;
            /* lit() of an inline value is no literal to LLVM: D1 is reported only after
             * the checks LLVM would still run (constant bus, clamp, alignment) */
            if (!lit_of_inline(p, o, d, op_width(p, src + 1))) {
                fill_diag(diag, MQSAD_E_NO_LITERAL, o->pos + 1, "literal operands are not supported");
                return MQSAD_E_NO_LITERAL;
            }
            if (!d1_pos) d1_pos = o->pos + 1;
        }
    } else if (d4 < 0) {
        unsigned second = second_literal(p, ops, in, 3, 0);
        /* where llvm-mc's check (lit() of an inline value left out) finds a second literal
         * too, the line fails here; else D2 rejects what llvm-mc merges, reported after
         * the checks llvm-mc still runs (as D1) */
        unsigned llvm = second ? second_literal(p, ops, in, 3, 1) : 0;
        if (llvm) return multiple_literals(diag, &ops[llvm]);
        d2 = second;
    }
    /* validateConstantBusLimitations: unique scalar registers plus the literal (twice
     * when it fills slots of different sizes), counted in operand order; the error is
     * at the operand that takes the count past the limit (measured with llvm-mc 22:
     * "s1, vcc_lo, s1" points at vcc_lo, "s3, s4, 0x1234" at the literal on GFX10+) */
    {
        unsigned key[3], bus = 0, nlit = 0, litw = 0;
        for (src = 0; src < 3; src++) {
            const pop *o = &ops[src + 1];
            key[src] = bus_key(o);
            if (key[src]) {
                for (t2 = 0; t2 < src && key[t2] != key[src]; t2++) {}
                if (t2 == src) bus++;
            }
            if (is_lit_kind(&in->src[src])) {
                unsigned w = op_width(p, src + 1);
                if (!nlit) { nlit = 1; litw = w; }
                else if (w != litw) nlit = 2;
            }
            if (bus + nlit > p->f->const_bus) {
                fill_diag(diag, MQSAD_E_CONSTANT_BUS, o->pos + 1,
                          "invalid operand (violates constant bus restrictions)");
                return MQSAD_E_CONSTANT_BUS;
            }
        }
    }
    /* validateIntClampSupported */
    if (in->clamp && p->f->clamp_bit < 0) {
        fill_diag(diag, MQSAD_E_CLAMP_UNSUPPORTED, clampop->pos + 1,
                  "integer clamping is not supported on this GPU");
        return MQSAD_E_CLAMP_UNSUPPORTED;
    }
    /* validateVGPRAlign (64-bit sources; VDST and VReg_128 were rejected by the matcher) */
    if (p->f->vgpr_align > 1)
        for (src = 0; src < 3; src++) {
            const pop *o = &ops[src + 1];
            if (o->kind == PO_REG && o->rk == RK_VGPR && o->width > 1 && (o->num % 2)) {
                fill_diag(diag, MQSAD_E_MISALIGNED, mnem_pos + 1,
                          "invalid register class: vgpr tuples must be 64 bit aligned");
                return MQSAD_E_MISALIGNED;
            }
        }
    if (d2) return multiple_literals(diag, &ops[d2]);   /* D2 */
    if (d1_pos) {   /* D1 */
        fill_diag(diag, MQSAD_E_NO_LITERAL, d1_pos, "literal operands are not supported");
        return MQSAD_E_NO_LITERAL;
    }
    if (d4 >= 0) {  /* D4: lit(X) with X that lit64() rejects */
        fill_diag(diag, MQSAD_E_LITERAL_RANGE, ops[d4 + 1].pos + 1, "invalid operand for instruction");
        return MQSAD_E_LITERAL_RANGE;
    }
    return MQSAD_OK;
}

/* The operand codes of *in (mqsad__operand_resolve) and its trailing literal */
static mqsad_status resolve_codes(const pstate *p, const pop *ops, mqsad_inst *in, mqsad_diag *diag)
{
    mqsad_status st;
    int s;
    for (s = 0; s < 4; s++) {
        mqsad_operand *d = s == MQSAD_SLOT_VDST ? &in->vdst : &in->src[s];
        st = mqsad__operand_resolve(p->t, p->in, s, d);
        if (st != MQSAD_OK) {
            fill_diag(diag, st, ops[s == MQSAD_SLOT_VDST ? 0 : s + 1].pos + 1, mqsad_strerror(st));
            return st;
        }
    }
    in->literal_size = 0;
    for (s = 0; s < 3; s++) {
        const mqsad_operand *d = &in->src[s];
        if (d->kind == MQSAD_OPK_LITERAL64) { in->literal_size = 8; in->literal = d->literal_bits; }
    }
    if (!in->literal_size) {
        for (s = 2; s >= 0; s--) {
            const mqsad_operand *d = &in->src[s];
            if (d->kind == MQSAD_OPK_LITERAL32) { in->literal_size = 4; in->literal = d->literal_bits; }
            else if (d->kind == MQSAD_OPK_SYMBOL) { in->literal_size = 4; in->literal = 0; }
        }
    }
    in->length = (uint8_t)(8 + in->literal_size);
    /* build_inst checked every rule of mqsad_validate(), in LLVM's order and with its
     * messages (the vectors prove the two agree); mqsad_encode() validates again */
    return MQSAD_OK;
}

/* ---- matching the line --------------------------------------------------------------------- */

/* Matching (MatchInstructionImpl), then validateDPP and D5. For an instruction whose
 * operands are all 32-bit LLVM's tables also hold DPP/SDWA forms (on every target), tried
 * when the mnemonic has no suffix: their SRC0 must be a VGPR, SRC1/SRC2 no literal. When
 * the VOP3 form fails, llvm-mc 22 reports where such a form fails if that comes first
 * (measured: "v_sad_u8 v4, 32, v1, v8 junk" at 32, "v_sad_u8 v4, 2.0, v8" at 2.0 rather
 * than "too few operands"; "v_sad_u8_e64 v4, 32, v1, v8 junk" at junk) */
mqsad_status mqsad__asm_match(pstate *p, const pop *ops, unsigned nops, unsigned cap_pos,
                              unsigned mnem_pos, const dpp_line *d, mqsad_diag *diag)
{
    unsigned i, fail = 99, vfail = 99, e = 0;
    int few = 0;
    for (i = 0; i < 5 && fail == 99; i++) {
        if (i >= nops) {
            if (i < 4) { few = 1; fail = i; }
            break;
        }
        if (!(i < 4 ? match_operand(p, i, &ops[i]) : ops[4].kind == PO_CLAMP)) fail = i;
    }
    if (fail == 99 && (nops > 5 || (nops == 5 && ops[4].kind != PO_CLAMP))) fail = nops > 5 ? 5 : 4;
    /* _e64_dpp without a DPP control: the DPP form's operands, then too few of them */
    if (d->variant && !d->pos && fail == 99) { few = 1; fail = nops; }
    /* the DPP/SDWA forms matter only to a line that fails or has a DPP control */
    if ((fail != 99 || d->pos) && mqsad__asm_has_vop3_dpp_form(p->in) && (!d->suffixed || d->variant || d->pos))
        for (i = 1; i < 4 && i < nops; i++) {
            const pop *o = &ops[i];
            int bad;
            if (i == 1) bad = !(o->kind == PO_REG && o->rk == RK_VGPR && !o->subreg && o->width == 1);
            else bad = o->kind == PO_EXPR || (o->kind == PO_IMM && !dpp_inline(p, o));
            if (bad) { vfail = i; break; }
        }
    /* with a DPP control the DPP form is the only one: its own failures count, and
     * an operand after the control is one */
    if (d->pos && fail == 99 && vfail != 99) fail = vfail;
    if (d->pos && d->after && (fail == 99 || few ||
                               d->after < ops[vfail < fail ? vfail : fail].pos + 1)) {
        fill_diag(diag, MQSAD_E_OPERAND_KIND, d->after, "invalid operand for instruction");
        return MQSAD_E_OPERAND_KIND;
    }
    if (fail != 99) {
        if (vfail < fail) { few = 0; e = vfail; }
        else e = fail;
        if (few) {
            fill_diag(diag, MQSAD_E_SYNTAX, mnem_pos + 1, "too few operands for instruction");
            return MQSAD_E_SYNTAX;
        }
        fill_diag(diag, MQSAD_E_OPERAND_KIND, (nops >= OP_MATCH_CAP ? cap_pos : ops[e].pos) + 1,
                  "invalid operand for instruction");
        return MQSAD_E_OPERAND_KIND;
    }
    if (d->pos && p->f->dpp_src1_vgpr) {
        /* validateDPP on GFX11 before GFX11.5: a scalar SRC1 at the register, an inline
         * constant at the mnemonic (literals failed matching above) */
        const pop *o = &ops[2];
        if (o->kind == PO_REG && o->rk != RK_VGPR) {
            fill_diag(diag, MQSAD_E_OPERAND_KIND, o->pos + 1, "invalid operand for instruction");
            return MQSAD_E_OPERAND_KIND;
        }
        if (o->kind == PO_IMM) {
            fill_diag(diag, MQSAD_E_OPERAND_KIND, mnem_pos + 1, "src1 immediate operand invalid for instruction");
            return MQSAD_E_OPERAND_KIND;
        }
    }
    if (d->pos) {
        fill_diag(diag, MQSAD_E_UNSUPPORTED, d->pos, k_dpp_msg);
        return MQSAD_E_UNSUPPORTED;
    }
    return MQSAD_OK;
}

mqsad_status mqsad__asm_build(pstate *p, const pop *ops, const pop *clampop, unsigned mnem_pos,
                              const char *text, mqsad_inst *in, mqsad_diag *diag)
{
    mqsad_status st = build_inst(p, ops, clampop, mnem_pos, text, in, diag);
    return st != MQSAD_OK ? st : resolve_codes(p, ops, in, diag);
}
