/*
 * dis_decode.c — mqsad_dis_decode: mqsad_decode through a disassembly context's
 * decoded-operand tables (stream.h). A word whose instruction, control bits and operand
 * codes the tables cover is decoded with five table reads and four operand copies; a
 * literal operand is made from its bytes as mqsad_decode makes it; every other word goes
 * to mqsad_decode. The result is mqsad_decode's, without the bit fields of a decoded word
 * (about a third of the time, and only explain tools read them; mqsad_inst_fields fills
 * them): tests/test_dis_word.c compares every member.
 */
#include "stream/stream.h"
#include "isa/isa.h"

#include <string.h>

/* A word the tables do not cover: mqsad_decode's result, with the fields[] of a decoded
 * word dropped as on the fast path. */
static mqsad_status decode_general(const mqsad_dis_ctx *ctx, const uint8_t *bytes, size_t len, mqsad_inst *out)
{
    mqsad_status st = mqsad_decode(ctx->text.target, bytes, len, out);
    if (st == MQSAD_OK) out->field_count = 0;
    return st;
}

/* The word's members other than the operands, as mqsad_decode sets them. */
static void put_header(const mqsad_dis_ctx *ctx, const mqsad__dis_op *op, uint64_t w, unsigned lit,
                       uint64_t literal, mqsad_inst *out)
{
    const mqsad_family *f = ctx->text.target->family;
    out->target = ctx->text.target;
    out->insn = (mqsad_insn_id)op->id;
    out->length = (uint8_t)(8u + lit);
    out->clamp = ((uint32_t)w & op->clamp) != 0;
    out->ignored_bits = (uint8_t)mqsad__bits(w, f->ignored_lo, f->ignored_hi);
    out->literal = literal;
    out->literal_size = (uint8_t)lit;
    out->word = w;
    out->field_count = 0;   /* mqsad_inst_fields fills them on request */
    memset(out->symbol, 0, sizeof out->symbol);
    out->symbol_data4 = 0;
}

/* A word with literal codes among its sources and only table operands elsewhere: the
 * literal (64-bit when one of the codes is 254) and the literal operands as mqsad_decode
 * makes them. */
__attribute__((noinline))
static mqsad_status decode_literal(const mqsad_dis_ctx *ctx, const mqsad__dis_op *op, const uint8_t *dec,
                                   const uint8_t *bytes, size_t len, mqsad_inst *out)
{
    const uint32_t d0 = mqsad__rd32(bytes), d1 = mqsad__rd32(bytes + 4);
    const mqsad_insn_info *in = mqsad_insn_get((mqsad_insn_id)op->id);
    unsigned code[3], s, lit = 4;
    uint64_t literal;
    for (s = 0; s < 3; s++) {
        code[s] = (d1 >> (9 * s)) & 0x1ffu;
        if (ctx->dec[dec[s]].ok[code[s]] == MQSAD__DIS_LIT && code[s] == MQSAD_CODE_LIT64) lit = 8;
    }
    if (len < 8u + lit) return decode_general(ctx, bytes, len, out);
    literal = mqsad__rd32(bytes + 8);
    if (lit == 8) literal |= (uint64_t)mqsad__rd32(bytes + 12) << 32;
    put_header(ctx, op, (uint64_t)d0 | (uint64_t)d1 << 32, lit, literal, out);
    out->vdst = ctx->dec[dec[MQSAD_SLOT_VDST]].op[d0 & 0xffu];
    for (s = 0; s < 3; s++) {
        const mqsad__dec_table *t = &ctx->dec[dec[s]];
        if (t->ok[code[s]] != MQSAD__DIS_LIT) out->src[s] = t->op[code[s]];
        else if (mqsad__operand_from_code(ctx->text.target, in, (int)s, code[s], literal, &out->src[s]) != MQSAD_OK)
            return decode_general(ctx, bytes, len, out);
    }
    return MQSAD_OK;
}

mqsad_status mqsad_dis_decode(const mqsad_dis_ctx *ctx, const uint8_t *bytes, size_t len, mqsad_inst *out)
{
    const mqsad__dis_op *op;
    const uint8_t *dec;
    const mqsad__dec_table *tv, *t0, *t1, *t2;
    uint32_t d0, d1;
    unsigned k, cv, c0, c1, c2, all;

    if (!ctx || !out || (!bytes && len)) return MQSAD_E_INVALID_ARGUMENT;
    if (len < 8) return decode_general(ctx, bytes, len, out);
    d0 = mqsad__rd32(bytes);
    d1 = mqsad__rd32(bytes + 4);
    k = ctx->text.op_index[(d0 >> ctx->text.op_lo) & ctx->text.op_mask];
    if (k >= MQSAD_INSN_COUNT) return decode_general(ctx, bytes, len, out);
    op = &ctx->text.ops[k];
    dec = ctx->dec_of[k];
    if ((((d0 & op->mask0) ^ op->want0) | (d1 & op->mask1)) || dec[0] == 0xff)
        return decode_general(ctx, bytes, len, out);
    cv = d0 & 0xffu;
    c0 = d1 & 0x1ffu;
    c1 = (d1 >> 9) & 0x1ffu;
    c2 = (d1 >> 18) & 0x1ffu;
    tv = &ctx->dec[dec[MQSAD_SLOT_VDST]];
    t0 = &ctx->dec[dec[MQSAD_SLOT_SRC0]];
    t1 = &ctx->dec[dec[MQSAD_SLOT_SRC1]];
    t2 = &ctx->dec[dec[MQSAD_SLOT_SRC2]];
    all = tv->ok[cv] & t0->ok[c0] & t1->ok[c1] & t2->ok[c2];
    if (all != MQSAD__DIS_FAST) {
        if ((tv->ok[cv] | t0->ok[c0] | t1->ok[c1] | t2->ok[c2]) & MQSAD__DIS_SLOW)
            return decode_general(ctx, bytes, len, out);
        return decode_literal(ctx, op, dec, bytes, len, out);
    }
    put_header(ctx, op, (uint64_t)d0 | (uint64_t)d1 << 32, 0, 0, out);
    out->vdst = tv->op[cv];
    out->src[0] = t0->op[c0];
    out->src[1] = t1->op[c1];
    out->src[2] = t2->op[c2];
    return MQSAD_OK;
}
