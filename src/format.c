/*
 * format.c — mqsad_inst -> llvm-mc 22 text, byte for byte (encoding-llvm22.md §6.4, §7).
 *
 * Operand text:
 *  - registers: v1 / v[2:3], s1 / s[2:3], ttmp1 / ttmp[2:3], special names;
 *  - inline integers in decimal, inline floats by name (1/(2pi) is 0.15915494309189532 in
 *    the 64-bit SRC0 and 0.15915494 elsewhere);
 *  - literals: lit(0x..) / lit64(0x..) when .lit_wrapper says so, otherwise the value by
 *    its inline name when it equals an inline constant of the slot (the decoder only leaves
 *    such a value unwrapped where LLVM prints it that way, e.g. SRC2 or gfx1250 64-bit
 *    literals), else 0x + lowercase hex of .value;
 *  - an LLVM decoder annotation is glued on as / * text * / without spaces.
 * Nothing is allocated; output is truncated (and NUL-terminated) when the buffer is small.
 */
#include "internal.h"

#include <string.h>

typedef struct sbuf {
    char *p;
    size_t size, len;   /* len counts every byte wanted, even past size */
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->len < b->size) {
        size_t room = b->size - b->len;
        memcpy(b->p + b->len, s, n < room ? n : room);
    }
    b->len += n;
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

static void putu(sbuf *b, uint64_t v)
{
    char tmp[24];
    int i = 24;
    do { tmp[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    put(b, tmp + i, (size_t)(24 - i));
}

static void puti(sbuf *b, int64_t v)
{
    if (v < 0) { put(b, "-", 1); putu(b, (uint64_t)0 - (uint64_t)v); }
    else putu(b, (uint64_t)v);
}

static void puthex(sbuf *b, uint64_t v)
{
    static const char dig[] = "0123456789abcdef";
    char tmp[18];
    int i = 18;
    do { tmp[--i] = dig[v & 15]; v >>= 4; } while (v);
    tmp[--i] = 'x';
    tmp[--i] = '0';
    put(b, tmp + i, (size_t)(18 - i));
}

static mqsad_status finish(sbuf *b, size_t *len)
{
    if (len) *len = b->len;
    if (b->size == 0) return MQSAD_E_BUFFER_TOO_SMALL;
    if (b->len >= b->size) {
        b->p[b->size - 1] = '\0';
        return MQSAD_E_BUFFER_TOO_SMALL;
    }
    b->p[b->len] = '\0';
    return MQSAD_OK;
}

static void put_reg(sbuf *b, const char *prefix, unsigned reg, unsigned width)
{
    puts_(b, prefix);
    if (width <= 1) {
        putu(b, reg);
    } else {
        put(b, "[", 1);
        putu(b, reg);
        put(b, ":", 1);
        putu(b, reg + width - 1);
        put(b, "]", 1);
    }
}

static const char *const float_names[8] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0" };

/* Name of an inline constant code for the slot. */
static void put_inline_code(sbuf *b, int slot, unsigned code)
{
    if (code >= MQSAD_CODE_INT0 && code < MQSAD_CODE_INT_NEG1) putu(b, code - MQSAD_CODE_INT0);
    else if (code >= MQSAD_CODE_INT_NEG1 && code <= MQSAD_CODE_INT_MAX) puti(b, 192 - (int)code);
    else if (code >= MQSAD_CODE_FLOAT0 && code < MQSAD_CODE_INV2PI) puts_(b, float_names[code - MQSAD_CODE_FLOAT0]);
    else if (code == MQSAD_CODE_INV2PI)
        puts_(b, slot == MQSAD_SLOT_SRC0 ? "0.15915494309189532" : "0.15915494");
}

static void put_operand(sbuf *b, const mqsad_inst *in, int slot)
{
    const mqsad_operand *op = slot == MQSAD_SLOT_VDST ? &in->vdst : &in->src[slot];
    unsigned code;
    int c;
    switch (op->kind) {
    case MQSAD_OPK_VGPR: put_reg(b, "v", op->reg, op->width ? op->width : 1); break;
    case MQSAD_OPK_SGPR: put_reg(b, "s", op->reg, op->width ? op->width : 1); break;
    case MQSAD_OPK_TTMP: put_reg(b, "ttmp", op->reg, op->width ? op->width : 1); break;
    case MQSAD_OPK_SPECIAL: puts_(b, mqsad_special_name(op->special)); break;
    case MQSAD_OPK_INLINE_INT: puti(b, (int64_t)op->value); break;
    case MQSAD_OPK_INLINE_FLOAT:
        /* by value (the parser may not have set .code), falling back to the code */
        c = mqsad_inline_float_code(in->target, slot == MQSAD_SLOT_SRC0 ? 0 : 1, op->value);
        if (c < 0 && op->value == mqsad_inline_float_bits(slot == MQSAD_SLOT_SRC0 ? 0 : 1, MQSAD_CODE_INV2PI))
            c = MQSAD_CODE_INV2PI;
        put_inline_code(b, slot, c >= 0 ? (unsigned)c : op->code);
        break;
    case MQSAD_OPK_LITERAL32:
    case MQSAD_OPK_LITERAL64:
        if (op->lit_wrapper == 1) { puts_(b, "lit("); puthex(b, op->value); put(b, ")", 1); }
        else if (op->lit_wrapper == 2) { puts_(b, "lit64("); puthex(b, op->value); put(b, ")", 1); }
        else if (mqsad_value_is_inline(in->target, slot == MQSAD_SLOT_SRC0 ? 0 : 1, op->value, &code))
            put_inline_code(b, slot, code);
        else puthex(b, op->value);
        break;
    case MQSAD_OPK_SYMBOL: put(b, in->symbol, strnlen(in->symbol, sizeof in->symbol)); break;
    default: puts_(b, "<none>"); break;
    }
    if (op->annotation) {
        puts_(b, "/*");
        puts_(b, op->annotation);
        puts_(b, "*/");
    }
}

static void put_inst(sbuf *b, const mqsad_inst *in)
{
    puts_(b, "v_mqsad_u32_u8 ");
    put_operand(b, in, MQSAD_SLOT_VDST);
    puts_(b, ", ");
    put_operand(b, in, MQSAD_SLOT_SRC0);
    puts_(b, ", ");
    put_operand(b, in, MQSAD_SLOT_SRC1);
    puts_(b, ", ");
    put_operand(b, in, MQSAD_SLOT_SRC2);
    if (in->clamp) puts_(b, " clamp");
}

mqsad_status mqsad_format(const mqsad_inst *inst, char *buf, size_t size, size_t *len)
{
    sbuf b;
    if (!inst || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    b.p = buf; b.size = size; b.len = 0;
    put_inst(&b, inst);
    return finish(&b, len);
}

mqsad_status mqsad_format_operand(const mqsad_inst *inst, int slot, char *buf, size_t size,
                                  size_t *len)
{
    sbuf b;
    if (!inst || (!buf && size) || slot < MQSAD_SLOT_SRC0 || slot > MQSAD_SLOT_VDST)
        return MQSAD_E_INVALID_ARGUMENT;
    b.p = buf; b.size = size; b.len = 0;
    put_operand(&b, inst, slot);
    return finish(&b, len);
}

mqsad_status mqsad_format_encoding_line(const mqsad_inst *inst, const uint8_t *bytes,
                                        size_t nbytes, char *buf, size_t size, size_t *len)
{
    static const char dig[] = "0123456789abcdef";
    sbuf b;
    size_t start, i;
    int sym;
    if (!inst || (!bytes && nbytes) || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    b.p = buf; b.size = size; b.len = 0;
    put(&b, "\t", 1);
    start = b.len;
    put_inst(&b, inst);
    /* llvm-mc pads the text to column 40 (after the tab), at least one space */
    do put(&b, " ", 1); while (b.len - start < 40);
    puts_(&b, "; encoding: [");
    sym = inst->src[MQSAD_SLOT_SRC1].kind == MQSAD_OPK_SYMBOL;
    for (i = 0; i < nbytes; i++) {
        if (i) put(&b, ",", 1);
        if (sym && i >= 8 && i < 12) {
            put(&b, "A", 1);
        } else {
            char h[4] = { '0', 'x', dig[bytes[i] >> 4], dig[bytes[i] & 15] };
            put(&b, h, 4);
        }
    }
    put(&b, "]", 1);
    return finish(&b, len);
}

mqsad_status mqsad_format_fixup(const mqsad_inst *inst, char *buf, size_t size, size_t *len)
{
    sbuf b;
    if (!inst || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    if (inst->src[MQSAD_SLOT_SRC1].kind != MQSAD_OPK_SYMBOL) return MQSAD_E_INVALID_ARGUMENT;
    b.p = buf; b.size = size; b.len = 0;
    puts_(&b, "                                        ;   fixup A - offset: 8, value: ");
    put(&b, inst->symbol, strnlen(inst->symbol, sizeof inst->symbol));
    puts_(&b, ", kind: FK_PCRel_4");
    return finish(&b, len);
}
