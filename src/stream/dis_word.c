/*
 * dis_word.c — mqsad_dis_ctx_init and mqsad_dis_word: one word's decode + format through
 * operand text tables that the library builds from itself (stream.h says what they hold),
 * and the decoded-operand tables mqsad_dis_decode (dis_decode.c) copies from.
 *
 * Everything the tables know is learnt from mqsad_decode and mqsad_format on words made
 * from the target table (marker, OP field) and the instruction table (opcodes), so every
 * instruction the decoder knows is covered, and nothing is stated twice:
 *  - the base word of an instruction has VDST 0 and v0 in every source; it must decode to
 *    that instruction, and its text must be a prefix and the four operand texts;
 *  - each control bit of dword 0 (above VDST) and each bit of dword 1 above SRC2 is
 *    flipped alone: a bit that leaves the text unchanged is free, the one that adds
 *    " clamp" is CLAMP, every other one must keep the base word's value;
 *  - each code of each slot, with the base word's other operands: a code that decodes
 *    without a literal gets its text; one that does not, or uses a literal, or whose text
 *    does not fit an entry, sends its words to mqsad_decode + mqsad_format. On targets
 *    whose decoder enforces the constant bus (family->dis_strict) a scalar operand in SRC1
 *    or SRC2 does too: the limit is on the combination, and one scalar source (SRC0)
 *    is allowed everywhere.
 * The decoded-operand tables are learnt the same way, from the same base words: each
 * code's operand as mqsad_decode gives it, under the same rules (literal codes apart, the
 * constant bus of dis_strict targets sends scalar SRC1/SRC2 codes to mqsad_decode).
 * tests/test_dis_word.c compares mqsad_dis_word with mqsad_decode + mqsad_format, and
 * mqsad_dis_decode with mqsad_decode, on random and edge words of every instruction, code
 * and slot on every target.
 */
#include "stream/stream.h"
#include "isa/isa.h"

#include <stdalign.h>
#include <stdint.h>
#include <string.h>

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

/* mqsad_decode + mqsad_format of the 8-byte word d0:d1: 1 with the text in buf (when buf
 * is not NULL) when it decodes, without a literal, to instruction id. */
static int text_of(const mqsad_target *t, mqsad_insn_id id, uint32_t d0, uint32_t d1, mqsad_inst *in,
                   char *buf, size_t size)
{
    uint8_t b[8];
    wr32(b, d0);
    wr32(b + 4, d1);
    return mqsad_decode(t, b, 8, in) == MQSAD_OK && in->insn == id && in->literal_size == 0 &&
           (!buf || mqsad_format(in, buf, size, NULL) == MQSAD_OK);
}

/* An instruction's base word: its marker and opcode, VDST 0 and v0 in every source. */
static void base_word(const mqsad_family *f, const mqsad_insn_info *info, uint32_t *d0, uint32_t *d1)
{
    const uint32_t v0 = MQSAD_CODE_VGPR0;
    *d0 = (uint32_t)f->marker << 26 | (uint32_t)info->opcode[f->encoding] << f->op_lo;
    *d1 = v0 | v0 << 9 | v0 << 18;
}

/* The word with the code of slot replaced. */
static void put_code(uint32_t *d0, uint32_t *d1, int slot, unsigned code)
{
    if (slot == MQSAD_SLOT_VDST) *d0 = (*d0 & ~0xffu) | code;
    else *d1 = (*d1 & ~(0x1ffu << (9 * slot))) | code << (9 * slot);
}

/* The word d0:d1 with code in slot, as the tables see it: MQSAD__DIS_LIT (*lit gets the
 * literal's size), MQSAD__DIS_FAST (it decodes to instruction id without a literal; *in
 * holds it) or MQSAD__DIS_SLOW (anything else, and on targets whose decoder enforces the
 * constant bus a scalar SRC1/SRC2: the limit is on the combination). One decode with
 * literal bytes after the word answers both questions: without a literal the decoder
 * reads only the word's 8 bytes. */
static int classify_code(const mqsad_target *t, mqsad_insn_id id, int slot, uint32_t d0, uint32_t d1,
                         unsigned code, mqsad_inst *in, uint8_t *lit)
{
    uint8_t b[16];
    put_code(&d0, &d1, slot, code);
    wr32(b, d0);
    wr32(b + 4, d1);
    wr32(b + 8, 0x12345678u);
    wr32(b + 12, 0x9abcdef0u);
    if (mqsad_decode(t, b, sizeof b, in) != MQSAD_OK || in->insn != id) return MQSAD__DIS_SLOW;
    if (in->literal_size) {
        if (slot == MQSAD_SLOT_VDST) return MQSAD__DIS_SLOW;
        *lit = in->literal_size;
        return MQSAD__DIS_LIT;
    }
    if (t->family->dis_strict && (slot == MQSAD_SLOT_SRC1 || slot == MQSAD_SLOT_SRC2) &&
        mqsad_operand_is_scalar(&in->src[slot]))
        return MQSAD__DIS_SLOW;
    return MQSAD__DIS_FAST;
}

/* The table of slot for instruction id: text of each code with the base word d0:d1
 * elsewhere. */
static void fill_table(const mqsad_target *t, mqsad_insn_id id, int slot, uint32_t d0, uint32_t d1,
                       mqsad__dis_entry *tab)
{
    const unsigned ncodes = slot == MQSAD_SLOT_VDST ? 256 : 512;
    const size_t extra = slot == MQSAD_SLOT_SRC2 ? 0 : 2;
    unsigned code;
    memset(tab, 0, 512 * sizeof *tab);   /* the bytes past each text stay 0 */
    for (code = 0; code < ncodes; code++) {
        mqsad_inst in;
        char text[320];
        size_t len = 0;
        tab[code].ok = (uint8_t)classify_code(t, id, slot, d0, d1, code, &in, &tab[code].len);
        if (tab[code].ok != MQSAD__DIS_FAST) continue;
        tab[code].ok = MQSAD__DIS_SLOW;
        if (mqsad_format_operand(&in, slot, text, sizeof text, &len) != MQSAD_OK) continue;
        if (len + extra > MQSAD__DIS_TEXT) continue;
        memcpy(tab[code].text, text, len);
        memcpy(tab[code].text + len, ", ", extra);
        tab[code].len = (uint8_t)(len + extra);
        tab[code].ok = MQSAD__DIS_FAST;
    }
}

/* The operand table of slot for instruction id: each code's operand as mqsad_decode gives
 * it with the base word d0:d1 elsewhere. The copies are made member by member into zeroed
 * entries, so that equal tables compare equal byte for byte. */
static void fill_dec_table(const mqsad_target *t, mqsad_insn_id id, int slot, uint32_t d0, uint32_t d1,
                           mqsad__dec_table *tab)
{
    const unsigned ncodes = slot == MQSAD_SLOT_VDST ? 256 : 512;
    unsigned code;
    uint8_t lit;
    memset(tab, 0, sizeof *tab);
    for (code = 0; code < 512; code++) tab->ok[code] = MQSAD__DIS_SLOW;
    for (code = 0; code < ncodes; code++) {
        mqsad_inst in;
        const mqsad_operand *op = slot == MQSAD_SLOT_VDST ? &in.vdst : &in.src[slot];
        mqsad_operand *e = &tab->op[code];
        tab->ok[code] = (uint8_t)classify_code(t, id, slot, d0, d1, code, &in, &lit);
        if (tab->ok[code] != MQSAD__DIS_FAST) continue;
        e->kind = op->kind;
        e->code = op->code;
        e->reg = op->reg;
        e->width = op->width;
        e->special = op->special;
        e->value = op->value;
        e->literal_bits = op->literal_bits;
        e->lit_wrapper = op->lit_wrapper;
        e->invalid = op->invalid;
        e->annotation = op->annotation;
    }
}

/* The index of the decoded-operand table of slot for instruction id: an equal one, or the
 * new one, built in the next free place; -1 when there is no free place. */
static int add_dec_table(struct mqsad_dis_ctx *c, const mqsad_target *t, mqsad_insn_id id, int slot,
                         uint32_t d0, uint32_t d1)
{
    unsigned k;
    if (c->ndec == MQSAD__DEC_TABLES) return -1;
    fill_dec_table(t, id, slot, d0, d1, &c->dec[c->ndec]);
    for (k = 0; k < c->ndec; k++)
        if (!memcmp(&c->dec[k], &c->dec[c->ndec], sizeof c->dec[k])) return (int)k;
    return (int)c->ndec++;
}

/* The index of a table equal to tab for slot (added when new); -1 when there is no room. */
static int add_table(struct mqsad__dis_tables *c, int slot, const mqsad__dis_entry *tab)
{
    unsigned k;
    for (k = 0; k < c->ntables; k++)
        if (c->table_slot[k] == slot && !memcmp(c->tab[k], tab, 512 * sizeof *tab)) return (int)k;
    if (c->ntables == MQSAD__DIS_TABLES) return -1;
    memcpy(c->tab[c->ntables], tab, 512 * sizeof *tab);
    c->table_slot[c->ntables] = (uint8_t)slot;
    return (int)c->ntables++;
}

/* Learns instruction id's control bits and operand tables; 0 when the tables cannot
 * print it (the decoder does not know it here, or its text has another shape). */
static int learn(struct mqsad__dis_tables *c, const mqsad_insn_info *info, mqsad__dis_op *op)
{
    static const int slots[4] = { MQSAD_SLOT_VDST, MQSAD_SLOT_SRC0, MQSAD_SLOT_SRC1, MQSAD_SLOT_SRC2 };
    const mqsad_target *t = c->target;
    const mqsad_family *f = t->family;
    uint32_t d0, d1, free0 = 0;
    mqsad_inst in;
    char base[320], text[320], rest[320], opnd[320];
    size_t blen, rlen = 0, len;
    int i, bit, clamp_bit = -1;
    mqsad__dis_entry tab[512];

    if (!mqsad_insn_on_target(info->id, t)) return 0;
    base_word(f, info, &d0, &d1);
    if (!text_of(t, info->id, d0, d1, &in, base, sizeof base)) return 0;
    blen = strlen(base);
    for (i = 0; i < 4; i++) {   /* the base text: a prefix, then the operands joined by ", " */
        if (mqsad_format_operand(&in, slots[i], opnd, sizeof opnd, &len) != MQSAD_OK) return 0;
        if (rlen + len + 2 >= sizeof rest) return 0;
        if (i) { memcpy(rest + rlen, ", ", 2); rlen += 2; }
        memcpy(rest + rlen, opnd, len);
        rlen += len;
    }
    if (rlen > blen || blen - rlen >= sizeof op->prefix || memcmp(base + blen - rlen, rest, rlen)) return 0;
    memset(op->prefix, 0, sizeof op->prefix);
    memcpy(op->prefix, base, blen - rlen);
    op->plen = (uint8_t)(blen - rlen);

    /* control bits: dword 0 above VDST, dword 1 above SRC2 */
    op->mask0 = 0xffffff00u;
    op->want0 = d0 & op->mask0;
    op->mask1 = 0xf8000000u;   /* OMOD, NEG: 0 as in the base word */
    op->clamp = 0;
    for (bit = 8; bit < 32; bit++) {
        uint32_t m = 1u << bit;
        if (!text_of(t, info->id, d0 ^ m, d1, &in, text, sizeof text)) continue;
        if (!strcmp(text, base)) { free0 |= m; continue; }
        if (clamp_bit < 0 && !(d0 & m) && strlen(text) == blen + 6 && !memcmp(text, base, blen) &&
            !strcmp(text + blen, " clamp"))
            clamp_bit = bit;
    }
    if (clamp_bit >= 0) op->clamp = 1u << clamp_bit;
    /* the free bits and CLAMP all at once must still print the base text (+ " clamp") */
    if (free0 | op->clamp) {
        int ok = text_of(t, info->id, d0 | free0 | op->clamp, d1, &in, text, sizeof text) &&
                 !strncmp(text, base, blen) && !strcmp(text + blen, op->clamp ? " clamp" : "");
        if (!ok) free0 = 0;
    }
    op->mask0 &= ~(free0 | op->clamp);

    for (i = 0; i < 4; i++) {
        int k;
        fill_table(t, info->id, slots[i], d0, d1, tab);
        if ((k = add_table(c, slots[i], tab)) < 0) return 0;
        op->tab[slots[i]] = (uint8_t)k;
    }
    return 1;
}

char *mqsad__dis_lit(const struct mqsad__dis_tables *c, const uint8_t *p, size_t avail, char *o, size_t *used)
{
    const uint32_t d0 = mqsad__rd32(p), d1 = mqsad__rd32(p + 4);
    unsigned k = c->op_index[(d0 >> c->op_lo) & c->op_mask], s, lit_slot = 3, code = 0;
    const mqsad__dis_op *op;
    const mqsad__dis_entry *v, *e[3];
    mqsad_inst tmp;
    char text[64];
    size_t len = 0, size = 0;
    uint64_t literal;
    if (k >= MQSAD_INSN_COUNT || avail < 8) return NULL;
    op = &c->ops[k];
    if (((d0 & op->mask0) ^ op->want0) | (d1 & op->mask1)) return NULL;
    v = &c->tab[op->tab[MQSAD_SLOT_VDST]][d0 & 0xffu];
    if (v->ok != MQSAD__DIS_FAST) return NULL;
    for (s = 0; s < 3; s++) {
        unsigned cs = (d1 >> (9 * s)) & 0x1ffu;
        e[s] = &c->tab[op->tab[s]][cs];
        if (e[s]->ok == MQSAD__DIS_FAST) continue;
        if (e[s]->ok != MQSAD__DIS_LIT || lit_slot != 3) return NULL;   /* one literal operand */
        lit_slot = s;
        code = cs;
        size = e[s]->len;
    }
    if (lit_slot == 3 || avail < 8 + size) return NULL;
    literal = mqsad__rd32(p + 8);
    if (size == 8) literal |= (uint64_t)mqsad__rd32(p + 12) << 32;
    memset(&tmp, 0, sizeof tmp);
    tmp.target = c->target;
    tmp.insn = (mqsad_insn_id)op->id;
    tmp.literal = literal;
    tmp.literal_size = (uint8_t)size;
    tmp.length = (uint8_t)(8 + size);
    if (mqsad_insn_operand_from_code(c->target, tmp.insn, (int)lit_slot, code, literal, &tmp.src[lit_slot]) != MQSAD_OK ||
        mqsad_format_operand(&tmp, (int)lit_slot, text, sizeof text, &len) != MQSAD_OK)
        return NULL;
    memcpy(o, op->prefix, 32); o += op->plen;
    memcpy(o, v, 16); o += v->len;
    for (s = 0; s < 3; s++) {
        if (s == lit_slot) {
            memcpy(o, text, len);
            o += len;
            if (s < 2) { memcpy(o, ", ", 2); o += 2; }
        } else {
            memcpy(o, e[s], 16);
            o += e[s]->len;
        }
    }
    memcpy(o, " clamp", 6);
    *used = 8 + size;
    return o + ((d0 & op->clamp) ? 6 : 0);
}

size_t mqsad_dis_ctx_size(void) { return sizeof(struct mqsad_dis_ctx); }

void mqsad__dis_tables_build(struct mqsad__dis_tables *c, const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    unsigned id;
    c->target = t;
    memset(c->op_index, 0xff, sizeof c->op_index);
    if (!f || f->op_bits > 10) return;   /* op_index covers 10-bit OP fields */
    c->op_lo = f->op_lo;
    c->op_mask = (1u << f->op_bits) - 1u;
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        const mqsad_insn_info *info = mqsad_insn_get((mqsad_insn_id)id);
        mqsad__dis_op *op = &c->ops[c->nops];
        unsigned opcode;
        if (!info) continue;
        opcode = info->opcode[f->encoding] & c->op_mask;
        if (c->op_index[opcode] != 0xff || !learn(c, info, op)) continue;
        op->id = (uint8_t)info->id;
        c->op_index[opcode] = (uint8_t)c->nops++;
    }
}

/* The decoded-operand tables of every instruction the text tables know, from the same
 * base word. */
static void build_dec(struct mqsad_dis_ctx *c)
{
    const mqsad_target *t = c->text.target;
    unsigned k;
    int slot;
    memset(c->dec_of, 0xff, sizeof c->dec_of);
    for (k = 0; k < c->text.nops; k++) {
        const mqsad_insn_info *info = mqsad_insn_get((mqsad_insn_id)c->text.ops[k].id);
        uint32_t d0, d1;
        uint8_t of[4];
        base_word(t->family, info, &d0, &d1);
        for (slot = 0; slot < 4; slot++) {
            int i = add_dec_table(c, t, info->id, slot, d0, d1);
            if (i < 0) break;
            of[slot] = (uint8_t)i;
        }
        if (slot == 4) memcpy(c->dec_of[k], of, sizeof of);
    }
}

mqsad_dis_ctx *mqsad_dis_ctx_init(void *mem, size_t size, const mqsad_target *target)
{
    struct mqsad_dis_ctx *c = mem;
    if (!mem || size < sizeof *c || (uintptr_t)mem % alignof(struct mqsad_dis_ctx) || !target ||
        !target->family)
        return NULL;
    memset(c, 0, sizeof *c);
    mqsad__dis_tables_build(&c->text, target);
    build_dec(c);
    return c;
}

mqsad_status mqsad_dis_word(const mqsad_dis_ctx *ctx, const uint8_t *bytes, size_t len, char *buf,
                            size_t size, size_t *text_len, size_t *inst_len)
{
    mqsad_inst in;
    mqsad_status st;
    size_t n = 0;
    if (text_len) *text_len = 0;
    if (inst_len) *inst_len = 0;
    if (!ctx || (!bytes && len) || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    if (len >= 8) {
        char tmp[MQSAD__DIS_LIT_MAX];
        char *o = size > MQSAD__DIS_LIT_MAX ? buf : tmp;
        size_t used = 8;
        char *e = mqsad__dis_fast(&ctx->text, mqsad__rd32(bytes), mqsad__rd32(bytes + 4), o);
        if (!e) e = mqsad__dis_lit(&ctx->text, bytes, len, o, &used);
        if (e) {
            n = (size_t)(e - o);
            if (inst_len) *inst_len = used;
            if (text_len) *text_len = n;
            if (o == tmp) {
                if (size == 0) return MQSAD_E_BUFFER_TOO_SMALL;
                memcpy(buf, tmp, n < size ? n : size - 1);
                buf[n < size ? n : size - 1] = '\0';
                return n < size ? MQSAD_OK : MQSAD_E_BUFFER_TOO_SMALL;
            }
            buf[n] = '\0';
            return MQSAD_OK;
        }
    }
    st = mqsad_decode(ctx->text.target, bytes, len, &in);
    if (st != MQSAD_OK) return st;
    if (inst_len) *inst_len = in.length;
    return mqsad_format(&in, buf, size, text_len);
}
