/*
 * validate.c — every rule an instruction of the SAD family must satisfy on its target before
 * it can be encoded (like LLVM's AMDGPUAsmParser::validateInstruction), encoding-llvm22.md
 * §3, §5; the slots' widths and kinds come from the instruction table (src/isa/insn.c):
 *  0. the instruction exists on the target's generation (GFX6 lacks two):
 *     MQSAD_E_UNSUPPORTED;
 *  1. each operand on its own (mqsad_operand_resolve_insn): kind per slot, register range,
 *     tuple alignment, special-register availability, inline-constant validity, literal
 *     support (VDST, SRC0, SRC1, SRC2 in that order);
 *  2. clamp on a family without a CLAMP bit (GFX6, GFX7): MQSAD_E_CLAMP_UNSUPPORTED;
 *  3. literals: one unique value per instruction. Project rule (conformance.md): two
 *     literals are "the same" when their *encoded* bits are equal (LLVM compares parsed
 *     values). A gfx1250 64-bit literal can share its 8 bytes with a code-255 source only
 *     when that source's 32-bit value equals the whole 64-bit literal. A symbol (relocation)
 *     never shares with another literal.
 *  4. constant bus: SGPR, TTMP, special registers (not lds_direct), literals and symbols
 *     among the sources. Like LLVM (which counts unique registers), the *same* register in
 *     two slots counts once (`src_scc, src_scc` assembles on GFX7-9, measured with llvm-mc
 *     22), while overlapping but different registers count twice (§3.6: `vcc, vcc_lo`,
 *     `s[2:3], s2` are rejected on GFX7-9); the one literal counts once, twice when it
 *     fills slots of different sizes (LLVM: "GFX10 Shader Programming" 3.6.2.3).
 * bad_slot names the slot (MQSAD_SLOT_*) an error belongs to, -1 for instruction-level ones.
 */
#include "isa/isa.h"

static int is_lit(const mqsad_operand *op)
{
    return op->kind == MQSAD_OPK_LITERAL32 || op->kind == MQSAD_OPK_LITERAL64 ||
           op->kind == MQSAD_OPK_SYMBOL;
}

/* 1 if a and b name the same scalar register (counted once on the constant bus) */
static int same_reg(const mqsad_operand *a, const mqsad_operand *b)
{
    if (a->kind != b->kind) return 0;
    if (a->kind == MQSAD_OPK_SPECIAL) return a->special == b->special;
    if (a->kind == MQSAD_OPK_SGPR || a->kind == MQSAD_OPK_TTMP) return a->reg == b->reg && a->width == b->width;
    return 0;
}

mqsad_status mqsad_validate(const mqsad_inst *inst, int *bad_slot)
{
    static const int order[4] = { MQSAD_SLOT_VDST, MQSAD_SLOT_SRC0, MQSAD_SLOT_SRC1, MQSAD_SLOT_SRC2 };
    const mqsad_family *f;
    const mqsad_insn_info *in;
    const mqsad_operand *lit = NULL;
    unsigned i, k, bus = 0, nlit = 0, lit_width = 0;
    if (bad_slot) *bad_slot = -1;
    if (!inst || !inst->target || !inst->target->family) return MQSAD_E_INVALID_ARGUMENT;
    in = mqsad_insn_get(inst->insn);
    if (!in) return MQSAD_E_INVALID_ARGUMENT;
    if (!mqsad_insn_on_target(inst->insn, inst->target)) return MQSAD_E_UNSUPPORTED;
    f = inst->target->family;
    for (i = 0; i < 4; i++) {
        int slot = order[i];
        mqsad_operand tmp = slot == MQSAD_SLOT_VDST ? inst->vdst : inst->src[slot];
        mqsad_status st = mqsad_operand_resolve_insn(inst->target, inst->insn, slot, &tmp);
        if (st != MQSAD_OK) {
            if (bad_slot) *bad_slot = slot;
            return st;
        }
    }
    if (inst->clamp && f->clamp_bit < 0) return MQSAD_E_CLAMP_UNSUPPORTED;

    for (i = 0; i < 3; i++) {
        const mqsad_operand *op = &inst->src[i];
        if (is_lit(op)) {
            if (lit) {
                int same;
                if (op->kind == MQSAD_OPK_SYMBOL || lit->kind == MQSAD_OPK_SYMBOL) same = 0;
                else same = op->literal_bits == lit->literal_bits;
                if (!same) {
                    if (bad_slot) *bad_slot = (int)i;
                    return MQSAD_E_MULTIPLE_LITERALS;
                }
                if (lit_width != in->width[i]) nlit = 2;
            } else {
                lit = op;
                lit_width = in->width[i];
                nlit = 1;
            }
            continue;
        }
        if (!mqsad_operand_is_scalar(op)) continue;
        if (op->kind == MQSAD_OPK_SPECIAL && op->special == MQSAD_SPECIAL_NULL) continue;
        for (k = 0; k < i; k++)
            if (same_reg(&inst->src[k], op)) break;
        if (k == i) bus++;
        if (bus + nlit > f->const_bus) {
            if (bad_slot) *bad_slot = (int)i;
            return MQSAD_E_CONSTANT_BUS;
        }
    }
    if (bus + nlit > f->const_bus) {
        if (bad_slot) *bad_slot = MQSAD_SLOT_SRC2;
        return MQSAD_E_CONSTANT_BUS;
    }
    return MQSAD_OK;
}
