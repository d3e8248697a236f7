/*
 * encode.c — mqsad_inst -> bytes (encoding-llvm22.md §2 packing recipe):
 *   dword0 = VDST | CLAMP << clamp_bit | OP << op_lo | marker << 26, OP = the instruction
 *            table's opcode of inst->insn for the target's encoding family
 *   dword1 = SRC0 | SRC1 << 9 | SRC2 << 18, then the literal (4 or 8 bytes, little-endian).
 * Operand codes are recomputed from kind/reg/width/special/value (mqsad_operand_resolve_insn),
 * so .code need not be set; the literal dword(s) come from .literal_bits (a symbol's
 * relocation placeholder is 4 zero bytes). Ignored OPSEL bits are never emitted, like LLVM.
 */
#include "isa/isa.h"

/* dword0 without the VDST field */
static uint32_t word0(const mqsad_inst *inst)
{
    const mqsad_family *f = inst->target->family;
    uint32_t d0 = (uint32_t)mqsad_insn_get(inst->insn)->opcode[f->encoding] << f->op_lo |
                  (uint32_t)f->marker << 26;
    if (inst->clamp && f->clamp_bit >= 0) d0 |= 1u << f->clamp_bit;
    return d0;
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* Packs an instruction whose operand codes are already resolved and validated (what a
 * successful mqsad_parse leaves: every rule of mqsad_validate was checked there and every
 * .code set by mqsad_operand_resolve_insn), so mqsad_assemble need not validate twice. */
mqsad_status mqsad__encode_parsed(const mqsad_inst *inst, uint8_t *out, size_t size, size_t *written)
{
    size_t need = 8u + inst->literal_size;
    uint32_t d0, d1;
    if (written) *written = 0;
    if (size < need) return MQSAD_E_BUFFER_TOO_SMALL;
    d0 = (uint32_t)inst->vdst.code | word0(inst);
    d1 = (uint32_t)inst->src[0].code | (uint32_t)inst->src[1].code << 9 |
         (uint32_t)inst->src[2].code << 18;
    wr32(out, d0);
    wr32(out + 4, d1);
    if (inst->literal_size >= 4) wr32(out + 8, (uint32_t)inst->literal);
    if (inst->literal_size == 8) wr32(out + 12, (uint32_t)(inst->literal >> 32));
    if (written) *written = need;
    return MQSAD_OK;
}

mqsad_status mqsad_encode(const mqsad_inst *inst, uint8_t *out, size_t size, size_t *written)
{
    mqsad_operand ops[4];
    mqsad_status st;
    uint32_t d0, d1;
    uint64_t literal = 0;
    size_t need, lit = 0;
    int s;
    if (written) *written = 0;
    if (!inst || (!out && size)) return MQSAD_E_INVALID_ARGUMENT;
    st = mqsad_validate(inst, NULL);
    if (st != MQSAD_OK) return st;
    for (s = 0; s < 3; s++) ops[s] = inst->src[s];
    ops[MQSAD_SLOT_VDST] = inst->vdst;
    for (s = 0; s < 4; s++) {
        st = mqsad_operand_resolve_insn(inst->target, inst->insn, s, &ops[s]);
        if (st != MQSAD_OK) return st;
    }
    /* the one literal (mqsad_validate: every literal source holds the same bits) */
    for (s = 0; s < 3; s++) {
        if (ops[s].kind == MQSAD_OPK_LITERAL64) { lit = 8; literal = ops[s].literal_bits; }
    }
    if (!lit) {
        for (s = 2; s >= 0; s--) {
            if (ops[s].kind == MQSAD_OPK_LITERAL32) { lit = 4; literal = ops[s].literal_bits; }
            else if (ops[s].kind == MQSAD_OPK_SYMBOL) { lit = 4; literal = 0; }
        }
    }
    need = 8 + lit;
    if (size < need) return MQSAD_E_BUFFER_TOO_SMALL;
    d0 = (uint32_t)ops[MQSAD_SLOT_VDST].code | word0(inst);
    d1 = (uint32_t)ops[0].code | (uint32_t)ops[1].code << 9 | (uint32_t)ops[2].code << 18;
    wr32(out, d0);
    wr32(out + 4, d1);
    if (lit >= 4) wr32(out + 8, (uint32_t)literal);
    if (lit == 8) wr32(out + 12, (uint32_t)(literal >> 32));
    if (written) *written = need;
    return MQSAD_OK;
}
