/*
 * decode.c — bytes -> mqsad_inst, reproducing LLVM 22's AMDGPU disassembler for the eight
 * SAD-family VOP3 instructions (encoding-llvm22.md §2, §6). Never reads past `len`.
 *
 * Instruction-level rules (operand rules are in operand.c):
 *  - fewer than 8 bytes: MQSAD_E_TRUNCATED;
 *  - the encoding marker (31:26) must be the family's and the OP field one of the
 *    instruction table's opcodes for the family's encoding, of an instruction the target
 *    has (GFX6 lacks two): else MQSAD_E_NOT_MQSAD; inst->insn names the instruction and
 *    its row gives every slot's width;
 *  - ABS (10:8), OMOD (60:59), NEG (63:61) non-zero: MQSAD_E_MODIFIERS (LLVM: INVALID);
 *  - OPSEL (14:11 on VI/GFX10/GFX11) is ignored, kept in inst->ignored_bits;
 *  - a code-255 source consumes 4 literal bytes on targets whose LLVM decoder reads VOP3
 *    literals (family->dis_literal32); on the others (GFX8/GFX9/CDNA1-3, where llvm-mc
 *    crashes) it is MQSAD_E_NO_LITERAL; on gfx1250 code 254 (in a slot of any width)
 *    consumes 8 bytes, shared by every source using 254 or 255; missing bytes:
 *    MQSAD_E_TRUNCATED_LITERAL.
 *  - GFX6/GFX7 (family->dis_strict, no LLVM disassembler): only what their assembler can
 *    produce decodes. The clamp bit (11) cannot be assembled -> MQSAD_E_CLAMP_UNSUPPORTED;
 *    non-zero reserved bits (16:12) -> MQSAD_E_NOT_MQSAD (the assembler never sets them);
 *    literals -> MQSAD_E_NO_LITERAL; every operand code the assembler cannot emit for the
 *    slot (odd SGPR pairs, null, src_* registers the target lacks, 1/(2pi), a non-VGPR
 *    V_MQSAD_U32_U8 SRC2, ...) -> MQSAD_E_OPERAND_CODE; more scalar sources than the
 *    constant bus takes (one: the assembler enforces it) -> MQSAD_E_CONSTANT_BUS.
 */
#include "isa/isa.h"

#include <string.h>

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The raw layout in bit order (for --explain), one per layout: CLAMP and the ignored field
 * swap places between SICI and the rest, and OP is one bit narrower there. The family
 * rows say the same (op_lo, op_bits, clamp_bit_layout, ignored_lo/hi); tests/test_codec.c
 * checks that every family's fields agree with its row. */
#define FIELD(name, lo, hi) { name, lo, hi, 0 }
static const mqsad_field layout_sici[MQSAD_MAX_FIELDS] = {
    FIELD("VDST", 0, 7), FIELD("ABS", 8, 10), FIELD("CLAMP", 11, 11), FIELD("RESERVED", 12, 16),
    FIELD("OP", 17, 25), FIELD("ENCODING", 26, 31), FIELD("SRC0", 32, 40), FIELD("SRC1", 41, 49),
    FIELD("SRC2", 50, 58), FIELD("OMOD", 59, 60), FIELD("NEG", 61, 63),
};
static const mqsad_field layout_vop3[MQSAD_MAX_FIELDS] = {
    FIELD("VDST", 0, 7), FIELD("ABS", 8, 10), FIELD("OPSEL", 11, 14), FIELD("CLAMP", 15, 15),
    FIELD("OP", 16, 25), FIELD("ENCODING", 26, 31), FIELD("SRC0", 32, 40), FIELD("SRC1", 41, 49),
    FIELD("SRC2", 50, 58), FIELD("OMOD", 59, 60), FIELD("NEG", 61, 63),
};
#undef FIELD

/* Inlined once per layout, so that every position is a constant: a copy of the layout and
 * one shift and mask per value. */
__attribute__((always_inline))
static inline void fill_layout(mqsad_field *fl, const mqsad_field *layout, uint64_t w)
{
    memcpy(fl, layout, MQSAD_MAX_FIELDS * sizeof *fl);
#define VALUE(i) fl[i].value = mqsad__bits(w, layout[i].lo, layout[i].hi)
    VALUE(0); VALUE(1); VALUE(2); VALUE(3); VALUE(4); VALUE(5);
    VALUE(6); VALUE(7); VALUE(8); VALUE(9); VALUE(10);
#undef VALUE
}

void mqsad__decode_fields(mqsad_inst *out, const mqsad_family *f, uint64_t w)
{
    if (f->encoding == MQSAD_ENC_SICI) fill_layout(out->fields, layout_sici, w);
    else fill_layout(out->fields, layout_vop3, w);
    out->field_count = 11;
}

mqsad_status mqsad_inst_fields(mqsad_inst *inst)
{
    if (!inst || !inst->target || !inst->target->family) return MQSAD_E_INVALID_ARGUMENT;
    mqsad__decode_fields(inst, inst->target->family, inst->word);
    return MQSAD_OK;
}

/* An error before the operands leaves them zero-initialised. */
static mqsad_status stop(mqsad_inst *out, mqsad_status st)
{
    static const mqsad_operand none;
    out->vdst = none;
    out->src[0] = none;
    out->src[1] = none;
    out->src[2] = none;
    return st;
}

/* Every member of *out is written exactly once on the way (no memset of the whole struct:
 * at about 500 bytes it would cost as much as the decoding). */
mqsad_status mqsad_decode(const mqsad_target *target, const uint8_t *bytes, size_t len,
                          mqsad_inst *out)
{
    const mqsad_family *f;
    const mqsad_insn_info *in;
    uint64_t w, literal = 0;
    unsigned code[3], lit = 0;
    int any255, any254;
    mqsad_status st;

    if (!target || !target->family || !out || (!bytes && len)) return MQSAD_E_INVALID_ARGUMENT;
    f = target->family;
    if (len < 8) {
        memset(out, 0, sizeof *out);
        out->target = target;
        return MQSAD_E_TRUNCATED;
    }
    w = (uint64_t)rd32(bytes) | (uint64_t)rd32(bytes + 4) << 32;
    out->target = target;
    out->insn = MQSAD_INSN_MQSAD_U32_U8;
    out->length = 0;
    out->clamp = 0;
    out->ignored_bits = 0;
    out->literal = 0;
    out->literal_size = 0;
    out->word = w;
    mqsad__decode_fields(out, f, w);
    memset(out->symbol, 0, sizeof out->symbol);
    out->symbol_data4 = 0;

    if (mqsad__bits(w, 26, 31) != f->marker) return stop(out, MQSAD_E_NOT_MQSAD);
    in = mqsad__insn_by_opcode(target, mqsad__bits(w, f->op_lo, f->op_lo + f->op_bits - 1u));
    if (!in) return stop(out, MQSAD_E_NOT_MQSAD);
    out->insn = in->id;
    if (mqsad__bits(w, 8, 10) || mqsad__bits(w, 59, 63)) return stop(out, MQSAD_E_MODIFIERS);
    out->ignored_bits = (uint8_t)mqsad__bits(w, f->ignored_lo, f->ignored_hi);
    if (f->clamp_bit >= 0) {
        out->clamp = (uint8_t)mqsad__bits(w, (unsigned)f->clamp_bit, (unsigned)f->clamp_bit);
    } else if (mqsad__bits(w, f->clamp_bit_layout, f->clamp_bit_layout)) {
        return stop(out, MQSAD_E_CLAMP_UNSUPPORTED);
    }
    if (f->dis_strict && out->ignored_bits) return stop(out, MQSAD_E_NOT_MQSAD);

    code[0] = mqsad__bits(w, 32, 40);
    code[1] = mqsad__bits(w, 41, 49);
    code[2] = mqsad__bits(w, 50, 58);
    any255 = code[0] == MQSAD_CODE_LIT32 || code[1] == MQSAD_CODE_LIT32 || code[2] == MQSAD_CODE_LIT32;
    any254 = (code[0] == MQSAD_CODE_LIT64 || code[1] == MQSAD_CODE_LIT64 || code[2] == MQSAD_CODE_LIT64) &&
             f->literal == MQSAD_LIT_32_64 && !f->dis_strict;
    if (any255 && (f->dis_strict || !f->dis_literal32)) return stop(out, MQSAD_E_NO_LITERAL);
    lit = any254 ? 8u : any255 ? 4u : 0u;
    if (lit) {
        if (len < 8u + lit) return stop(out, MQSAD_E_TRUNCATED_LITERAL);
        literal = rd32(bytes + 8);
        if (lit == 8) literal |= (uint64_t)rd32(bytes + 12) << 32;
    }
    out->literal = literal;
    out->literal_size = (uint8_t)lit;
    out->length = (uint8_t)(8u + lit);

    st = mqsad__operands_from_codes(target, in, mqsad__bits(w, 0, 7), code, literal, out);
    if (st != MQSAD_OK) return st;
    /* GFX6/GFX7: every operand is one the assembler can emit, but the combination must be
     * one too. The assembler allows one scalar value among the sources (s[2:3], s1 and
     * vcc, vcc_hi are rejected by llvm-mc 22), so such words have no canonical text. */
    if (f->dis_strict) return mqsad_validate(out, NULL);
    return MQSAD_OK;
}
