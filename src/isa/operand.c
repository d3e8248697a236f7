/*
 * operand.c — the operand codec: 9-bit source code <-> mqsad_operand, per slot and target.
 *
 * Two directions with different rules (encoding-llvm22.md §3 vs §6):
 *  - mqsad_operand_resolve_insn(): what the *assembler/encoder* of a target can produce (§3.1,
 *    §3.2, §5). Used by mqsad_validate/mqsad_encode and the parser.
 *  - mqsad_operand_from_code(): what LLVM 22's *decoder* prints (§6.2): odd SGPR/TTMP codes
 *    of the 64-bit SRC0 rounded down, SGPR/TTMP quads, null and constants in SRC2 with an
 *    "Invalid ..." annotation, registers the target does not have, and so on.
 *    On a family with dis_strict set (GFX7: LLVM 22 has no disassembler there, so there is
 *    no oracle) the decoder instead accepts exactly the codes the GFX7 *assembler* can
 *    produce, so that every GFX7 encoding decodes back to the assembler's canonical text and
 *    nothing else decodes (project choice, conformance.md "Where llvm-mc cannot answer").
 *
 * Only generic encoding constants live here (VGPR = 256 + n, inline integers 128..208,
 * floats 240..248, literals 254/255, and the special-register codes that are identical on
 * every target). Every per-target fact comes from mqsad_family (src/isa/target.c).
 */
#include "isa/isa.h"

#include <string.h>

/* LLVM's SGPR register file (s0..s105) is the same on every target; SGPR_128 tuples in the
 * decoder's permissive SRC2 path must end inside it (s[100:103] is the last quad). */
#define LLVM_SGPR_FILE 106u

/* Fixed codes, identical on every target. */
#define CODE_VCC            106
#define CODE_EXEC           126
#define CODE_FLAT_SCR_BASE  230  /* src_flat_scratch_base_lo; _hi = 231 */
#define CODE_SHARED_BASE    235  /* 235..238: shared base/limit, private base/limit */
#define CODE_POPS           239
#define CODE_VCCZ           251
#define CODE_EXECZ          252
#define CODE_SCC            253
#define CODE_LDS_DIRECT     254

/* A name is stored in place, NUL-padded to MQSAD__SPECIAL_TEXT bytes, with its length:
 * the printer copies it with fixed-size moves (mqsad__special_text). */
#define SPECIAL(name, width, slots) { name, sizeof(name) - 1, width, slots }

static const struct special_info {
    char name[MQSAD__SPECIAL_TEXT];
    unsigned char len;
    unsigned char width;   /* 1 or 2 */
    unsigned char slots;   /* bit 0 SRC0, bit 1 SRC1 */
} specials[MQSAD_SPECIAL_COUNT] = {
    [MQSAD_SPECIAL_NONE] = SPECIAL("", 1, 0),
    [MQSAD_SPECIAL_VCC_LO] = SPECIAL("vcc_lo", 1, 2),
    [MQSAD_SPECIAL_VCC_HI] = SPECIAL("vcc_hi", 1, 2),
    [MQSAD_SPECIAL_VCC] = SPECIAL("vcc", 2, 1),
    [MQSAD_SPECIAL_EXEC_LO] = SPECIAL("exec_lo", 1, 2),
    [MQSAD_SPECIAL_EXEC_HI] = SPECIAL("exec_hi", 1, 2),
    [MQSAD_SPECIAL_EXEC] = SPECIAL("exec", 2, 1),
    [MQSAD_SPECIAL_FLAT_SCRATCH_LO] = SPECIAL("flat_scratch_lo", 1, 2),
    [MQSAD_SPECIAL_FLAT_SCRATCH_HI] = SPECIAL("flat_scratch_hi", 1, 2),
    [MQSAD_SPECIAL_FLAT_SCRATCH] = SPECIAL("flat_scratch", 2, 1),
    [MQSAD_SPECIAL_XNACK_MASK_LO] = SPECIAL("xnack_mask_lo", 1, 2),
    [MQSAD_SPECIAL_XNACK_MASK_HI] = SPECIAL("xnack_mask_hi", 1, 2),
    [MQSAD_SPECIAL_XNACK_MASK] = SPECIAL("xnack_mask", 2, 1),
    [MQSAD_SPECIAL_TBA_LO] = SPECIAL("tba_lo", 1, 2),
    [MQSAD_SPECIAL_TBA_HI] = SPECIAL("tba_hi", 1, 2),
    [MQSAD_SPECIAL_TBA] = SPECIAL("tba", 2, 1),
    [MQSAD_SPECIAL_TMA_LO] = SPECIAL("tma_lo", 1, 2),
    [MQSAD_SPECIAL_TMA_HI] = SPECIAL("tma_hi", 1, 2),
    [MQSAD_SPECIAL_TMA] = SPECIAL("tma", 2, 1),
    [MQSAD_SPECIAL_M0] = SPECIAL("m0", 1, 2),
    [MQSAD_SPECIAL_NULL] = SPECIAL("null", 1, 3),
    [MQSAD_SPECIAL_SRC_SHARED_BASE] = SPECIAL("src_shared_base", 1, 3),
    [MQSAD_SPECIAL_SRC_SHARED_LIMIT] = SPECIAL("src_shared_limit", 1, 3),
    [MQSAD_SPECIAL_SRC_PRIVATE_BASE] = SPECIAL("src_private_base", 1, 3),
    [MQSAD_SPECIAL_SRC_PRIVATE_LIMIT] = SPECIAL("src_private_limit", 1, 3),
    [MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID] = SPECIAL("src_pops_exiting_wave_id", 1, 3),
    [MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO] = SPECIAL("src_flat_scratch_base_lo", 1, 3),
    [MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI] = SPECIAL("src_flat_scratch_base_hi", 1, 3),
    [MQSAD_SPECIAL_SRC_VCCZ] = SPECIAL("src_vccz", 1, 3),
    [MQSAD_SPECIAL_SRC_EXECZ] = SPECIAL("src_execz", 1, 3),
    [MQSAD_SPECIAL_SRC_SCC] = SPECIAL("src_scc", 1, 3),
    [MQSAD_SPECIAL_SRC_LDS_DIRECT] = SPECIAL("src_lds_direct", 1, 0),
};

const char *mqsad_special_name(mqsad_special id)
{
    return (unsigned)id < MQSAD_SPECIAL_COUNT ? specials[id].name : "";
}

const char *mqsad__special_text(mqsad_special id, size_t *len)
{
    if ((unsigned)id >= MQSAD_SPECIAL_COUNT) id = MQSAD_SPECIAL_NONE;
    *len = specials[id].len;
    return specials[id].name;
}

unsigned mqsad_special_width(mqsad_special id)
{
    return (unsigned)id < MQSAD_SPECIAL_COUNT ? specials[id].width : 1;
}

unsigned mqsad_special_slots(mqsad_special id)
{
    return (unsigned)id < MQSAD_SPECIAL_COUNT ? specials[id].slots : 0;
}

/* code of a lo/hi/pair group whose base is `base` (-1 = absent). */
static int group_code(int base, int half)
{
    return base < 0 ? -1 : base + half;
}

/* mqsad_special_code for a target with a family; inlined into special_at's search */
static inline int special_code(const mqsad_target *t, mqsad_special id, int for_asm)
{
    const mqsad_family *f = t->family;
    switch (id) {
    case MQSAD_SPECIAL_VCC_LO: case MQSAD_SPECIAL_VCC: return CODE_VCC;
    case MQSAD_SPECIAL_VCC_HI: return CODE_VCC + 1;
    case MQSAD_SPECIAL_EXEC_LO: case MQSAD_SPECIAL_EXEC: return CODE_EXEC;
    case MQSAD_SPECIAL_EXEC_HI: return CODE_EXEC + 1;
    case MQSAD_SPECIAL_FLAT_SCRATCH_LO: case MQSAD_SPECIAL_FLAT_SCRATCH:
        return group_code(f->flat_scratch_code, 0);
    case MQSAD_SPECIAL_FLAT_SCRATCH_HI: return group_code(f->flat_scratch_code, 1);
    case MQSAD_SPECIAL_XNACK_MASK_LO: case MQSAD_SPECIAL_XNACK_MASK:
    case MQSAD_SPECIAL_XNACK_MASK_HI:
        /* the decoder prints xnack_mask on every CPU of the family (gfx802 too) */
        if (for_asm && !t->has_xnack) return -1;
        return group_code(f->xnack_mask_code, id == MQSAD_SPECIAL_XNACK_MASK_HI);
    case MQSAD_SPECIAL_TBA_LO: case MQSAD_SPECIAL_TBA: return group_code(f->tba_code, 0);
    case MQSAD_SPECIAL_TBA_HI: return group_code(f->tba_code, 1);
    case MQSAD_SPECIAL_TMA_LO: case MQSAD_SPECIAL_TMA: return group_code(f->tma_code, 0);
    case MQSAD_SPECIAL_TMA_HI: return group_code(f->tma_code, 1);
    case MQSAD_SPECIAL_M0: return f->m0_code;
    case MQSAD_SPECIAL_NULL: return for_asm ? f->null_code_asm : f->null_code_dis;
    case MQSAD_SPECIAL_SRC_SHARED_BASE: case MQSAD_SPECIAL_SRC_SHARED_LIMIT:
    case MQSAD_SPECIAL_SRC_PRIVATE_BASE: case MQSAD_SPECIAL_SRC_PRIVATE_LIMIT:
        if (for_asm && !f->has_src_shared) return -1;
        return CODE_SHARED_BASE + (int)(id - MQSAD_SPECIAL_SRC_SHARED_BASE);
    case MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID:
        return (for_asm && !f->has_pops) ? -1 : CODE_POPS;
    case MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO: case MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI:
        if (for_asm && !f->has_flat_scratch_base) return -1;
        return CODE_FLAT_SCR_BASE + (id == MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI);
    case MQSAD_SPECIAL_SRC_VCCZ: return (for_asm && !f->has_vccz_execz) ? -1 : CODE_VCCZ;
    case MQSAD_SPECIAL_SRC_EXECZ: return (for_asm && !f->has_vccz_execz) ? -1 : CODE_EXECZ;
    case MQSAD_SPECIAL_SRC_SCC: return CODE_SCC;
    case MQSAD_SPECIAL_SRC_LDS_DIRECT:
        if (for_asm || f->literal == MQSAD_LIT_32_64) return -1;
        return CODE_LDS_DIRECT;
    default: return -1;
    }
}

int mqsad_special_code(const mqsad_target *t, mqsad_special id, int for_asm)
{
    if (!t || !t->family) return -1;
    return special_code(t, id, for_asm);
}

/* ---- inline constants ----------------------------------------------------------------- */

static const uint64_t f64_inline[9] = {
    0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
    0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull,
};
static const uint32_t f32_inline[9] = {
    0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u, 0x40000000u,
    0xc0000000u, 0x40800000u, 0xc0800000u, 0x3e22f983u,
};

int mqsad_inline_int_code(int64_t v)
{
    if (v >= 0 && v <= 64) return (int)(MQSAD_CODE_INT0 + (unsigned)v);
    if (v < 0 && v >= -16) return (int)(192 + (unsigned)(-v));
    return -1;
}

int mqsad_inline_float_code_w(const mqsad_target *t, unsigned dwords, uint64_t bits)
{
    unsigned i, n = (t && t->family && t->family->has_inv2pi) ? 9 : 8;
    for (i = 0; i < n; i++) {
        if (dwords == 2 ? bits == f64_inline[i] : bits == f32_inline[i])
            return (int)(MQSAD_CODE_FLOAT0 + i);
    }
    return -1;
}

int mqsad_inline_float_code(const mqsad_target *t, int slot, uint64_t bits)
{
    return mqsad_inline_float_code_w(t, slot == MQSAD_SLOT_SRC0 ? 2u : 1u, bits);
}

uint64_t mqsad_inline_float_bits_w(unsigned dwords, unsigned code)
{
    if (code < MQSAD_CODE_FLOAT0 || code > MQSAD_CODE_INV2PI) return 0;
    return dwords == 2 ? f64_inline[code - MQSAD_CODE_FLOAT0] : f32_inline[code - MQSAD_CODE_FLOAT0];
}

int mqsad_value_is_inline_w(const mqsad_target *t, unsigned dwords, uint64_t value, unsigned *code)
{
    int c;
    if (dwords == 2) {
        c = mqsad_inline_int_code((int64_t)value);
        if (c < 0) c = mqsad_inline_float_code_w(t, 2, value);
    } else {
        if (value >> 32) return 0;
        c = mqsad_inline_int_code((int64_t)(int32_t)(uint32_t)value);
        if (c < 0) c = mqsad_inline_float_code_w(t, 1, value);
    }
    if (c < 0) return 0;
    if (code) *code = (unsigned)c;
    return 1;
}

/* ---- assembler side ------------------------------------------------------------------- */

int mqsad_lds_direct_asm(const mqsad_family *f)
{
    return f->vgpr_align < 2 && f->encoding != MQSAD_ENC_GFX11;
}

int mqsad_operand_is_scalar(const mqsad_operand *op)
{
    switch (op->kind) {
    case MQSAD_OPK_SPECIAL:
        return op->special != MQSAD_SPECIAL_SRC_LDS_DIRECT;
    case MQSAD_OPK_SGPR: case MQSAD_OPK_TTMP:
    case MQSAD_OPK_LITERAL32: case MQSAD_OPK_LITERAL64: case MQSAD_OPK_SYMBOL:
        return 1;
    default:
        return 0;
    }
}

mqsad_status mqsad_operand_resolve_insn(const mqsad_target *t, mqsad_insn_id id, int slot,
                                        mqsad_operand *op)
{
    const mqsad_insn_info *in = mqsad_insn_get(id);
    if (!t || !t->family || !op || !in || slot < MQSAD_SLOT_SRC0 || slot > MQSAD_SLOT_VDST)
        return MQSAD_E_INVALID_ARGUMENT;
    return mqsad__operand_resolve(t, in, slot, op);
}

mqsad_status mqsad__operand_resolve(const mqsad_target *t, const mqsad_insn_info *in, int slot,
                                    mqsad_operand *op)
{
    const mqsad_family *f = t->family;
    unsigned w = in->width[slot], vmax;
    int c;
    /* the highest first VGPR of a w-wide tuple: gfx1250's tuples may run past v255
     * (vgpr_quad_max 254: v[254:257]), elsewhere they end at v255 */
    vmax = f->vgpr_quad_max > 252 ? 255u : 256u - w;
    if (slot == MQSAD_SLOT_VDST || (slot == MQSAD_SLOT_SRC2 && in->src2_vgpr_only)) {
        /* VGPR tuples only (§3.2, §5) */
        if (op->kind != MQSAD_OPK_VGPR || (op->width && op->width != w)) return MQSAD_E_OPERAND_KIND;
        if (op->reg > (w == 4 ? f->vgpr_quad_max : vmax)) return MQSAD_E_REGISTER_RANGE;
        if (w > 1 && f->vgpr_align > 1 && op->reg % f->vgpr_align) return MQSAD_E_MISALIGNED;
        op->code = (uint16_t)(slot == MQSAD_SLOT_VDST ? op->reg : MQSAD_CODE_VGPR0 + op->reg);
        return MQSAD_OK;
    }
    switch (op->kind) {
    case MQSAD_OPK_VGPR:
        if (op->width && op->width != w) return MQSAD_E_OPERAND_KIND;
        if (op->reg > vmax) return MQSAD_E_REGISTER_RANGE;
        if (w > 1 && f->vgpr_align > 1 && op->reg % f->vgpr_align) return MQSAD_E_MISALIGNED;
        op->code = (uint16_t)(MQSAD_CODE_VGPR0 + op->reg);
        return MQSAD_OK;
    case MQSAD_OPK_SGPR:
        if (op->width && op->width != w) return MQSAD_E_OPERAND_KIND;
        if (op->reg + w > f->sgpr_count) return MQSAD_E_REGISTER_RANGE;
        if (op->reg % w) return MQSAD_E_MISALIGNED;
        op->code = op->reg;
        return MQSAD_OK;
    case MQSAD_OPK_TTMP:
        if (op->width && op->width != w) return MQSAD_E_OPERAND_KIND;
        if (op->reg + w > f->ttmp_count) return MQSAD_E_REGISTER_RANGE;
        if (op->reg % w) return MQSAD_E_MISALIGNED;
        op->code = (uint16_t)(f->ttmp_code + op->reg);
        return MQSAD_OK;
    case MQSAD_OPK_SPECIAL:
        if (op->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) {
            /* a 32-bit SRC0 only, on targets whose assembler has it (§3.1) */
            if (slot != MQSAD_SLOT_SRC0 || w != 1) return MQSAD_E_OPERAND_KIND;
            if (!mqsad_lds_direct_asm(f)) return MQSAD_E_REG_UNAVAILABLE;
            op->code = 254;
            return MQSAD_OK;
        }
        /* by shape: pairs in 64-bit slots, halves and m0 in 32-bit ones */
        if (!(mqsad_special_slots(op->special) & (w == 2 ? 1u : 2u))) return MQSAD_E_OPERAND_KIND;
        c = mqsad_special_code(t, op->special, 1);
        if (c < 0) return MQSAD_E_REG_UNAVAILABLE;
        op->code = (uint16_t)c;
        return MQSAD_OK;
    case MQSAD_OPK_INLINE_INT:
        c = mqsad_inline_int_code((int64_t)op->value);
        if (c < 0) return MQSAD_E_OPERAND_CODE;
        op->code = (uint16_t)c;
        return MQSAD_OK;
    case MQSAD_OPK_INLINE_FLOAT:
        c = mqsad_inline_float_code_w(t, w, op->value);
        if (c < 0) return MQSAD_E_OPERAND_CODE;
        op->code = (uint16_t)c;
        return MQSAD_OK;
    case MQSAD_OPK_LITERAL32:
        if (f->literal == MQSAD_LIT_NONE) return MQSAD_E_NO_LITERAL;
        if (op->literal_bits >> 32) return MQSAD_E_LITERAL_RANGE;
        op->code = MQSAD_CODE_LIT32;
        return MQSAD_OK;
    case MQSAD_OPK_LITERAL64:
        if (f->literal == MQSAD_LIT_NONE) return MQSAD_E_NO_LITERAL;
        if (f->literal != MQSAD_LIT_32_64 || w != 2) return MQSAD_E_LITERAL64;
        op->code = MQSAD_CODE_LIT64;
        return MQSAD_OK;
    case MQSAD_OPK_SYMBOL:
        if (w != 1) return MQSAD_E_OPERAND_KIND;
        if (f->literal == MQSAD_LIT_NONE) return MQSAD_E_NO_LITERAL;
        op->code = MQSAD_CODE_LIT32;
        return MQSAD_OK;
    default:
        return MQSAD_E_OPERAND_KIND;
    }
}


/* ---- decoder side ---------------------------------------------------------------------
 * The decoder reads an operand by its slot's width (the instruction table): LLVM 22 prints
 * every 32-bit source (SRC0, SRC1 or SRC2 of the 32-bit forms) by one rule, every 64-bit
 * source (SRC0, and SRC2 of the packed forms) by another, and V_MQSAD_U32_U8's VGPR-only
 * 128-bit SRC2 by a third (measured: tests/data/family_dis_vectors.tsv.gz). */

static const char ann_vreg64_a2[] = "Invalid register, operand has 'VReg_64_Align2' register class";
static const char ann_vreg128[] = "Invalid register, operand has 'VReg_128' register class";
static const char ann_vreg128_a2[] = "Invalid register, operand has 'VReg_128_Align2' register class";
static const char ann_vs64_a2[] = "Invalid register, operand has 'VS_64_Align2' register class";
static const char ann_imm[] = "Invalid immediate";

static void annotate(mqsad_operand *op, const char *text)
{
    op->invalid = 1;
    op->annotation = text;
}

static const char *quad_class(const mqsad_family *f)
{
    return f->vgpr_align > 1 ? ann_vreg128_a2 : ann_vreg128;
}

/* A special of the slot's shape (w = 2: pairs, w = 1: halves, m0, src_*) whose code on t is
 * `code`; for a pair `code` must be its even code. The decoder (for_asm 0) prints
 * src_lds_direct for code 254 in every 32-bit source; the assembler (for_asm 1) emits it in
 * a 32-bit SRC0 only (mqsad_operand_resolve_insn decides). */
static mqsad_special special_at(const mqsad_target *t, unsigned w, unsigned code, int for_asm)
{
    int id;
    if (code == 254 && w == 1 && t->family->literal != MQSAD_LIT_32_64)
        return MQSAD_SPECIAL_SRC_LDS_DIRECT;
    /* unrolled, each id's code is a constant or one family field, not a switch per id */
#pragma GCC unroll 32
    for (id = MQSAD_SPECIAL_NONE + 1; id < MQSAD_SPECIAL_SRC_LDS_DIRECT; id++) {
        if (!(specials[id].slots & (w == 2 ? 1u : 2u))) continue;
        if (special_code(t, (mqsad_special)id, for_asm) == (int)code) return (mqsad_special)id;
    }
    return MQSAD_SPECIAL_NONE;
}

/* LLVM 22's decoder (the permissive reading, encoding-llvm22.md §6.2). */
static mqsad_status from_code_llvm(const mqsad_target *target, const mqsad_insn_info *in, int slot,
                                   unsigned code, uint64_t literal, mqsad_operand *out)
{
    const mqsad_family *f = target->family;
    unsigned w = in->width[slot];
    int vgpr_only = slot == MQSAD_SLOT_SRC2 && in->src2_vgpr_only;
    mqsad_special sp;

    if (slot == MQSAD_SLOT_VDST) {
        /* the 8-bit VDST field: any value is v[n:n+w-1] for LLVM (§6.1) */
        if (code > 255) return MQSAD_E_OPERAND_CODE;
        out->kind = MQSAD_OPK_VGPR;
        out->reg = (uint16_t)code;
        out->width = (uint8_t)w;
        if (w > 1 && f->vgpr_align > 1 && code % f->vgpr_align)
            annotate(out, w == 2 ? ann_vreg64_a2 : ann_vreg128_a2);
        return MQSAD_OK;
    }
    if (code > 511) return MQSAD_E_OPERAND_CODE;
    out->width = (uint8_t)w;

    if (code >= MQSAD_CODE_VGPR0) {
        unsigned n = code - MQSAD_CODE_VGPR0;
        out->kind = MQSAD_OPK_VGPR;
        out->reg = (uint16_t)n;
        if (w > 1 && f->vgpr_align > 1 && n % f->vgpr_align)
            annotate(out, vgpr_only ? ann_vreg128_a2 : ann_vs64_a2);
        return MQSAD_OK;
    }

    if (code < f->sgpr_count || (code >= f->ttmp_code && code < f->ttmp_code + f->ttmp_count)) {
        int is_ttmp = code >= f->ttmp_code && code < (unsigned)f->ttmp_code + f->ttmp_count;
        unsigned idx = is_ttmp ? code - f->ttmp_code : code;
        out->kind = is_ttmp ? MQSAD_OPK_TTMP : MQSAD_OPK_SGPR;
        if (vgpr_only) {
            idx &= ~3u;
            if (!is_ttmp && idx + 3 >= LLVM_SGPR_FILE) return MQSAD_E_OPERAND_CODE;
            out->reg = (uint16_t)idx;
            annotate(out, quad_class(f));
            return MQSAD_OK;
        }
        out->reg = (uint16_t)(idx & ~(w - 1));   /* 64-bit slots round odd codes down (§9 item 8) */
        return MQSAD_OK;
    }

    if (code >= MQSAD_CODE_INT0 && code <= MQSAD_CODE_INT_MAX) {
        out->kind = MQSAD_OPK_INLINE_INT;
        out->value = code < MQSAD_CODE_INT_NEG1 ? (uint64_t)(code - MQSAD_CODE_INT0)
                                                : (uint64_t)-(int64_t)(code - 192);
        if (vgpr_only) annotate(out, ann_imm);
        return MQSAD_OK;
    }
    if (code >= MQSAD_CODE_FLOAT0 && code <= MQSAD_CODE_INV2PI) {
        if (code == MQSAD_CODE_INV2PI && !f->has_inv2pi) return MQSAD_E_OPERAND_CODE;
        out->kind = MQSAD_OPK_INLINE_FLOAT;
        /* the 128-bit SRC2 prints its constants as 32-bit ones (§6.2) */
        out->value = mqsad_inline_float_bits_w(w == 2 ? 2u : 1u, code);
        if (vgpr_only) annotate(out, ann_imm);
        return MQSAD_OK;
    }
    if (code == MQSAD_CODE_LIT32) {
        uint32_t v = (uint32_t)literal;
        if (!f->dis_literal32) return MQSAD_E_NO_LITERAL;
        out->kind = MQSAD_OPK_LITERAL32;
        out->literal_bits = v;
        out->value = v;
        /* `literal` has a high half only when the instruction's literal is 64-bit (gfx1250,
         * another source uses code 254). LLVM's code-255 operand then holds all 64 bits
         * (measured with llvm-mc 22): a 64-bit source prints them (lit() when the 64-bit
         * value is an inline constant), a 32-bit one prints lit(<64 bits>) when the low half
         * is a 32-bit inline constant and the low half otherwise, the 128-bit SRC2 the low
         * half. */
        if (vgpr_only) annotate(out, ann_imm);
        else if (w == 2) {
            out->value = literal;
            if (mqsad_value_is_inline_w(target, 2, literal, NULL)) out->lit_wrapper = 1;
        } else if (mqsad_value_is_inline_w(target, 1, v, NULL)) {
            out->value = literal;
            out->lit_wrapper = 1;
        }
        return MQSAD_OK;
    }
    if (code == MQSAD_CODE_LIT64 && f->literal == MQSAD_LIT_32_64) {
        out->kind = MQSAD_OPK_LITERAL64;
        out->literal_bits = literal;
        if ((literal >> 32) == 0) {
            /* high half zero: lit64(0x<low>) in every slot, the 128-bit SRC2 without annotation */
            out->value = literal;
            out->lit_wrapper = 2;
        } else {
            /* a 64-bit source prints the 64-bit value, the others only its low half (§6.4) */
            out->value = w == 2 ? literal : (uint32_t)literal;
            if (vgpr_only) annotate(out, ann_imm);
        }
        return MQSAD_OK;
    }

    /* special registers and src_* constants */
    if (vgpr_only) {
        /* the decoder prints null (no comment) in SRC2; the assembler never accepts it */
        if ((int)code == f->null_code_dis) {
            out->kind = MQSAD_OPK_SPECIAL;
            out->special = MQSAD_SPECIAL_NULL;
            out->width = 1;
            return MQSAD_OK;
        }
        return MQSAD_E_OPERAND_CODE;
    }
    /* LLVM 22's decoder rejects 231 (src_flat_scratch_base_hi) in 64-bit sources on every
     * target although gfx1250's assembler emits it (§9 item 23). */
    if (w == 2 && code == CODE_FLAT_SCR_BASE + 1) return MQSAD_E_OPERAND_CODE;
    sp = special_at(target, w, code, 0);
    if (sp == MQSAD_SPECIAL_NONE) return MQSAD_E_OPERAND_CODE;
    out->kind = MQSAD_OPK_SPECIAL;
    out->special = sp;
    out->width = (uint8_t)mqsad_special_width(sp);
    return MQSAD_OK;
}

/* GFX6/GFX7 (family->dis_strict): no LLVM decoder, so exactly the codes the assembler
 * emits for the slot decode, as the text that assembles back to them. */
static mqsad_status from_code_strict(const mqsad_target *target, const mqsad_insn_info *in, int slot,
                                     unsigned code, mqsad_operand *out)
{
    const mqsad_family *f = target->family;
    unsigned w = in->width[slot];
    mqsad_operand chk;
    if (slot == MQSAD_SLOT_VDST ? code > 255 : code > 511) return MQSAD_E_OPERAND_CODE;
    if (slot != MQSAD_SLOT_VDST && code == MQSAD_CODE_LIT32) return MQSAD_E_NO_LITERAL;
    out->width = (uint8_t)w;
    if (slot == MQSAD_SLOT_VDST || code >= MQSAD_CODE_VGPR0) {
        out->kind = MQSAD_OPK_VGPR;
        out->reg = (uint16_t)(slot == MQSAD_SLOT_VDST ? code : code - MQSAD_CODE_VGPR0);
    } else if (code < f->sgpr_count || (code >= f->ttmp_code && code < f->ttmp_code + f->ttmp_count)) {
        int is_ttmp = code >= f->ttmp_code;
        out->kind = is_ttmp ? MQSAD_OPK_TTMP : MQSAD_OPK_SGPR;
        out->reg = (uint16_t)(is_ttmp ? code - f->ttmp_code : code);
    } else if (code >= MQSAD_CODE_INT0 && code <= MQSAD_CODE_INT_MAX) {
        out->kind = MQSAD_OPK_INLINE_INT;
        out->value = code < MQSAD_CODE_INT_NEG1 ? (uint64_t)(code - MQSAD_CODE_INT0)
                                                : (uint64_t)-(int64_t)(code - 192);
    } else if (code >= MQSAD_CODE_FLOAT0 && code <= MQSAD_CODE_INV2PI) {
        out->kind = MQSAD_OPK_INLINE_FLOAT;
        out->value = mqsad_inline_float_bits_w(w == 2 ? 2u : 1u, code);
    } else {
        mqsad_special sp = special_at(target, w, code, 1);
        if (sp == MQSAD_SPECIAL_NONE) return MQSAD_E_OPERAND_CODE;
        out->kind = MQSAD_OPK_SPECIAL;
        out->special = sp;
        out->width = (uint8_t)mqsad_special_width(sp);
    }
    chk = *out;
    if (mqsad_operand_resolve_insn(target, in->id, slot, &chk) != MQSAD_OK || chk.code != code)
        return MQSAD_E_OPERAND_CODE;
    return MQSAD_OK;
}

/* Kept out of line so that the common path needs no stack frame. */
__attribute__((noinline))
static mqsad_status from_code_other(const mqsad_target *target, const mqsad_insn_info *in, int slot,
                                    unsigned code, uint64_t literal, mqsad_operand *out)
{
    const mqsad_family *f = target->family;
    *out = (mqsad_operand){ .code = (uint16_t)code };
    if (f->dis_strict) return from_code_strict(target, in, slot, code, out);
    return from_code_llvm(target, in, slot, code, literal, out);
}

/* The common operands of LLVM's decoder (VGPRs, SGPRs, TTMPs, inline integers and floats:
 * about nineteen in twenty of a real word's sources) without a branch per kind: the kind of a random word's
 * operand is not predictable, so the kind is picked by masks. Same results as
 * from_code_llvm, which reads every other code (and GFX6/GFX7's strict path). */
/* The annotation of a misaligned VGPR tuple, indexed so that no branch depends on the
 * instruction (as random as the word): VDST by misaligned * width, sources by
 * misaligned * (1 + VGPR-only SRC2). Index 0: aligned, no annotation. */
static const char *const vdst_class[5] = { [2] = ann_vreg64_a2, [4] = ann_vreg128_a2 };
static const char *const vgpr_class[3] = { [1] = ann_vs64_a2, [2] = ann_vreg128_a2 };

/* What the common path reads of the family and the instruction, loaded once per word: the
 * compiler would reload the uint8_t members (which may alias *out) after every store. */
typedef struct common_rules {
    unsigned strict, sgpr_count, ttmp_code, ttmp_count, float_count, align_mask;
    unsigned width[4], src2_vgpr_only;
} common_rules;

static common_rules rules_of(const mqsad_family *f, const mqsad_insn_info *in)
{
    return (common_rules){
        .strict = f->dis_strict, .sgpr_count = f->sgpr_count, .ttmp_code = f->ttmp_code,
        .ttmp_count = f->ttmp_count,
        .float_count = MQSAD_CODE_INV2PI - MQSAD_CODE_FLOAT0 + (f->has_inv2pi != 0),
        .align_mask = f->vgpr_align - 1u,   /* vgpr_align is 1 or 2 (mqsad.h) */
        .width = { in->width[0], in->width[1], in->width[2], in->width[3] },
        .src2_vgpr_only = in->src2_vgpr_only != 0,
    };
}

/* inlined into mqsad__operands_from_codes: one call per word, not four */
__attribute__((always_inline))
static inline mqsad_status from_code(const mqsad_target *target, const mqsad_insn_info *in,
                                     const common_rules *r, int slot, unsigned code,
                                     uint64_t literal, mqsad_operand *out)
{
    unsigned w = r->width[slot], tt = code - r->ttmp_code, reg, misaligned, kind;
    unsigned is_v, is_t, is_s, is_i, is_f, mv, mt, ms, mi, mf, k;
    unsigned vgpr_only = slot == MQSAD_SLOT_SRC2 ? r->src2_vgpr_only : 0u;
    int64_t ival;
    uint64_t fbits, w2;

    if (r->strict) return from_code_other(target, in, slot, code, literal, out);
    if (slot == MQSAD_SLOT_VDST) {
        if (code > 255) return from_code_other(target, in, slot, code, literal, out);
        misaligned = (w > 1) & ((code & r->align_mask) != 0);
        *out = (mqsad_operand){ .kind = MQSAD_OPK_VGPR, .code = (uint16_t)code,
                                .reg = (uint16_t)code, .width = (uint8_t)w,
                                .invalid = (uint8_t)misaligned,
                                .annotation = vdst_class[misaligned * w] };
        return MQSAD_OK;
    }
    is_v = code - MQSAD_CODE_VGPR0 < 256u;
    if (is_v) {
        /* most sources of real code are VGPRs: a short path of their own */
        reg = code - MQSAD_CODE_VGPR0;
        misaligned = (w > 1) & ((reg & r->align_mask) != 0);
        *out = (mqsad_operand){ .kind = MQSAD_OPK_VGPR, .code = (uint16_t)code,
                                .reg = (uint16_t)reg, .width = (uint8_t)w,
                                .invalid = (uint8_t)misaligned,
                                .annotation = vgpr_class[misaligned * (1u + vgpr_only)] };
        return MQSAD_OK;
    }
    is_t = tt < r->ttmp_count;
    is_s = code < r->sgpr_count;
    is_i = code - MQSAD_CODE_INT0 <= MQSAD_CODE_INT_MAX - MQSAD_CODE_INT0;
    is_f = code - MQSAD_CODE_FLOAT0 < r->float_count;
    /* one mask per kind, in from_code_llvm's order: VGPR, then TTMP, SGPR (64-bit slots
     * round odd codes down), then inline integers and floats (f64 in a 64-bit slot) */
    mv = 0u - is_v;
    mt = ~mv & (0u - is_t);
    ms = ~mv & ~mt & (0u - is_s);
    mi = ~(mv | mt | ms) & (0u - is_i);
    mf = ~(mv | mt | ms | mi) & (0u - is_f);
    /* anything else, and the 128-bit VGPR-only SRC2's non-VGPRs (annotated), take the
     * general path: one test for all kinds */
    if (!(mv | ((mt | ms | mi | mf) & (vgpr_only - 1u))))
        return from_code_other(target, in, slot, code, literal, out);
    reg = (mv & (code - MQSAD_CODE_VGPR0)) | (((mt & tt) | (ms & code)) & ~(w - 1u));
    kind = (mv & MQSAD_OPK_VGPR) | (mt & MQSAD_OPK_TTMP) | (ms & MQSAD_OPK_SGPR) | (mi & MQSAD_OPK_INLINE_INT) |
           (mf & MQSAD_OPK_INLINE_FLOAT);
    ival = code < MQSAD_CODE_INT_NEG1 ? (int64_t)code - MQSAD_CODE_INT0 : 192 - (int64_t)code;
    k = mf & (code - MQSAD_CODE_FLOAT0);   /* 0..8; 0 when not a float */
    w2 = 0u - (uint64_t)(w == 2);
    fbits = (f64_inline[k] & w2) | (f32_inline[k] & ~w2);
    misaligned = mv & (w > 1) & ((reg & r->align_mask) != 0);
    *out = (mqsad_operand){ .kind = (mqsad_operand_kind)kind, .code = (uint16_t)code,
                            .reg = (uint16_t)reg, .width = (uint8_t)w,
                            .value = ((uint64_t)ival & (uint64_t)(int64_t)(int32_t)mi) |
                                     (fbits & (uint64_t)(int64_t)(int32_t)mf),
                            .invalid = (uint8_t)misaligned,
                            .annotation = vgpr_class[misaligned * (1u + vgpr_only)] };
    return MQSAD_OK;
}

mqsad_status mqsad__operand_from_code(const mqsad_target *target, const mqsad_insn_info *in, int slot,
                                      unsigned code, uint64_t literal, mqsad_operand *out)
{
    common_rules r = rules_of(target->family, in);
    return from_code(target, in, &r, slot, code, literal, out);
}

mqsad_status mqsad__operands_from_codes(const mqsad_target *target, const mqsad_insn_info *in,
                                        unsigned vdst_code, const unsigned code[3], uint64_t literal,
                                        mqsad_inst *out)
{
    static const mqsad_operand none;
    common_rules r = rules_of(target->family, in);
    unsigned c0 = code[0], c1 = code[1], c2 = code[2];
    mqsad_status st = from_code(target, in, &r, MQSAD_SLOT_VDST, vdst_code, 0, &out->vdst);
    if (st != MQSAD_OK) {
        out->src[0] = none;
        out->src[1] = none;
        out->src[2] = none;
        return st;
    }
    st = from_code(target, in, &r, MQSAD_SLOT_SRC0, c0, literal, &out->src[0]);
    if (st != MQSAD_OK) {
        out->src[1] = none;
        out->src[2] = none;
        return st;
    }
    st = from_code(target, in, &r, MQSAD_SLOT_SRC1, c1, literal, &out->src[1]);
    if (st != MQSAD_OK) {
        out->src[2] = none;
        return st;
    }
    return from_code(target, in, &r, MQSAD_SLOT_SRC2, c2, literal, &out->src[2]);
}

mqsad_status mqsad_insn_operand_from_code(const mqsad_target *target, mqsad_insn_id insn, int slot,
                                          unsigned code, uint64_t literal, mqsad_operand *out)
{
    const mqsad_insn_info *in = mqsad_insn_get(insn);
    if (!target || !target->family || !out || !in || slot < MQSAD_SLOT_SRC0 || slot > MQSAD_SLOT_VDST)
        return MQSAD_E_INVALID_ARGUMENT;
    return mqsad__operand_from_code(target, in, slot, code, literal, out);
}

mqsad_status mqsad_operand_from_code(const mqsad_target *target, int slot, unsigned code,
                                     uint64_t literal, mqsad_operand *out)
{
    return mqsad_insn_operand_from_code(target, MQSAD_INSN_MQSAD_U32_U8, slot, code, literal, out);
}
