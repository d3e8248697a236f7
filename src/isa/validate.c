/*
 * validate.c — every rule a V_MQSAD_U32_U8 must satisfy on its target before it can be
 * encoded (like LLVM's AMDGPUAsmParser::validateInstruction), encoding-llvm22.md §3, §5:
 *  1. each operand on its own (mqsad_operand_resolve): kind per slot, register range,
 *     tuple alignment, special-register availability, inline-constant validity, literal
 *     support (VDST, SRC0, SRC1, SRC2 in that order);
 *  2. clamp on a family without a CLAMP bit (GFX7): MQSAD_E_CLAMP_UNSUPPORTED;
 *  3. literals: one unique value per instruction. Project rule (conformance.md): two
 *     literals are "the same" when their *encoded* bits are equal (LLVM compares parsed
 *     values). A gfx1250 64-bit SRC0 literal can share its 8 bytes with a code-255 SRC1
 *     only when SRC1's 32-bit value equals the whole 64-bit literal. A symbol (relocation)
 *     never shares with another literal.
 *  4. constant bus: SGPR, TTMP, special registers, literals and symbols among SRC0/SRC1
 *     count once per operand. Like LLVM (which counts unique registers), the *same*
 *     register in both slots counts once (`src_scc, src_scc` assembles on GFX7-9, measured
 *     with llvm-mc 22), while overlapping but different registers count twice (§3.6:
 *     `vcc, vcc_lo`, `s[2:3], s2` are rejected on GFX7-9); one shared literal counts once.
 * bad_slot names the slot (MQSAD_SLOT_*) an error belongs to, -1 for instruction-level ones.
 */
#include "isa/isa.h"

static int is_lit32(const mqsad_operand *op)
{
    return op->kind == MQSAD_OPK_LITERAL32 || op->kind == MQSAD_OPK_SYMBOL;
}

mqsad_status mqsad_validate(const mqsad_inst *inst, int *bad_slot)
{
    static const int order[4] = { MQSAD_SLOT_VDST, MQSAD_SLOT_SRC0, MQSAD_SLOT_SRC1, MQSAD_SLOT_SRC2 };
    const mqsad_family *f;
    const mqsad_operand *s0, *s1;
    unsigned i, bus = 0;
    int shared = 0;
    if (bad_slot) *bad_slot = -1;
    if (!inst || !inst->target || !inst->target->family) return MQSAD_E_INVALID_ARGUMENT;
    f = inst->target->family;
    for (i = 0; i < 4; i++) {
        int slot = order[i];
        mqsad_operand tmp = slot == MQSAD_SLOT_VDST ? inst->vdst : inst->src[slot];
        mqsad_status st = mqsad_operand_resolve(inst->target, slot, &tmp);
        if (st != MQSAD_OK) {
            if (bad_slot) *bad_slot = slot;
            return st;
        }
    }
    if (inst->clamp && f->clamp_bit < 0) return MQSAD_E_CLAMP_UNSUPPORTED;

    s0 = &inst->src[MQSAD_SLOT_SRC0];
    s1 = &inst->src[MQSAD_SLOT_SRC1];
    if ((is_lit32(s0) || s0->kind == MQSAD_OPK_LITERAL64) && is_lit32(s1)) {
        if (s0->kind == MQSAD_OPK_SYMBOL || s1->kind == MQSAD_OPK_SYMBOL ||
            s0->literal_bits != s1->literal_bits) {
            if (bad_slot) *bad_slot = MQSAD_SLOT_SRC1;
            return MQSAD_E_MULTIPLE_LITERALS;
        }
        shared = 1;
    }
    if (s0->kind == MQSAD_OPK_SPECIAL && s1->kind == MQSAD_OPK_SPECIAL && s0->special == s1->special)
        shared = 1;
    bus = (unsigned)mqsad_operand_is_scalar(s0) + (unsigned)mqsad_operand_is_scalar(s1) - (unsigned)shared;
    if (bus > f->const_bus) {
        if (bad_slot) *bad_slot = MQSAD_SLOT_SRC1;
        return MQSAD_E_CONSTANT_BUS;
    }
    return MQSAD_OK;
}
