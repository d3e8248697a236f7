/*
 * format.c — mqsad_inst -> llvm-mc 22 text, byte for byte (encoding-llvm22.md §6.4, §7),
 * for every SAD-family instruction: the mnemonic and each slot's width come from the
 * instruction table (inst->insn).
 *
 * Operand text:
 *  - registers: v1 / v[2:3], s1 / s[2:3], ttmp1 / ttmp[2:3], special names;
 *  - inline integers in decimal, inline floats by name (1/(2pi) is 0.15915494309189532 in
 *    a 64-bit source and 0.15915494 elsewhere);
 *  - literals: lit(0x..) / lit64(0x..) when .lit_wrapper says so, otherwise the value by
 *    its inline name when it equals an inline constant of the slot's width (the decoder only leaves
 *    such a value unwrapped where LLVM prints it that way, e.g. SRC2 or gfx1250 64-bit
 *    literals), else 0x + lowercase hex of .value;
 *  - an LLVM decoder annotation is glued on as / * text * / without spaces.
 * Nothing is allocated; output is truncated (and NUL-terminated) when the buffer is small.
 */
#include "isa/isa.h"

#include <string.h>

typedef struct sbuf {
    char *p;
    size_t size, len;   /* len counts every byte wanted, even past size */
} sbuf;

static inline void put(sbuf *b, const char *s, size_t n)
{
    if (b->len < b->size) {
        size_t room = b->size - b->len;
        memcpy(b->p + b->len, s, n < room ? n : room);
    }
    b->len += n;
}

static inline void putc_(sbuf *b, char c)
{
    if (b->len < b->size) b->p[b->len] = c;
    b->len++;
}

#define PUTLIT(b, lit) put((b), (lit), sizeof(lit) - 1)

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

/* Decimal text of 0..511, 3 bytes each (space padded): register numbers, inline ints. */
static const char dec3[512 * 3 + 1] =
    "0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 "
    "16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 "
    "32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 "
    "48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 "
    "64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 "
    "80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 "
    "96 97 98 99 100101102103104105106107108109110111"
    "112113114115116117118119120121122123124125126127"
    "128129130131132133134135136137138139140141142143"
    "144145146147148149150151152153154155156157158159"
    "160161162163164165166167168169170171172173174175"
    "176177178179180181182183184185186187188189190191"
    "192193194195196197198199200201202203204205206207"
    "208209210211212213214215216217218219220221222223"
    "224225226227228229230231232233234235236237238239"
    "240241242243244245246247248249250251252253254255"
    "256257258259260261262263264265266267268269270271"
    "272273274275276277278279280281282283284285286287"
    "288289290291292293294295296297298299300301302303"
    "304305306307308309310311312313314315316317318319"
    "320321322323324325326327328329330331332333334335"
    "336337338339340341342343344345346347348349350351"
    "352353354355356357358359360361362363364365366367"
    "368369370371372373374375376377378379380381382383"
    "384385386387388389390391392393394395396397398399"
    "400401402403404405406407408409410411412413414415"
    "416417418419420421422423424425426427428429430431"
    "432433434435436437438439440441442443444445446447"
    "448449450451452453454455456457458459460461462463"
    "464465466467468469470471472473474475476477478479"
    "480481482483484485486487488489490491492493494495"
    "496497498499500501502503504505506507508509510511";

static void putu(sbuf *b, uint64_t v)
{
    char tmp[24];
    int i = 24;
    if (v < 512) {
        put(b, dec3 + 3 * v, v < 10 ? 1 : v < 100 ? 2 : 3);
        return;
    }
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

static void put_reg(sbuf *b, const char *prefix, size_t plen, unsigned reg, unsigned width)
{
    put(b, prefix, plen);
    if (width <= 1) {
        putu(b, reg);
    } else {
        putc_(b, '[');
        putu(b, reg);
        putc_(b, ':');
        putu(b, reg + width - 1);
        putc_(b, ']');
    }
}

static const char *const float_names[8] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0" };

/* Dwords of slot in inst's instruction (V_MQSAD_U32_U8's for an id out of range). */
static unsigned slot_dwords(const mqsad_inst *in, int slot)
{
    const mqsad_insn_info *ii = mqsad_insn_get(in->insn);
    if (!ii) ii = mqsad_insn_get(MQSAD_INSN_MQSAD_U32_U8);
    return ii->width[slot];
}

/* The constant type of a slot: 2 (f64, 64-bit integers) for a 64-bit source, 1 (f32) for
 * every other slot, the 128-bit SRC2 included. */
static unsigned const_dwords(const mqsad_inst *in, int slot)
{
    return slot != MQSAD_SLOT_VDST && slot_dwords(in, slot) == 2 ? 2u : 1u;
}

static const char *mnemonic(const mqsad_inst *in)
{
    const mqsad_insn_info *ii = mqsad_insn_get(in->insn);
    return ii ? ii->name : "<unknown>";
}

/* Name of an inline constant code for a slot of type dw (const_dwords). */
static void put_inline_code(sbuf *b, unsigned dw, unsigned code)
{
    if (code >= MQSAD_CODE_INT0 && code < MQSAD_CODE_INT_NEG1) putu(b, code - MQSAD_CODE_INT0);
    else if (code >= MQSAD_CODE_INT_NEG1 && code <= MQSAD_CODE_INT_MAX) puti(b, 192 - (int)code);
    else if (code >= MQSAD_CODE_FLOAT0 && code < MQSAD_CODE_INV2PI) puts_(b, float_names[code - MQSAD_CODE_FLOAT0]);
    else if (code == MQSAD_CODE_INV2PI)
        puts_(b, dw == 2 ? "0.15915494309189532" : "0.15915494");
}

static void put_operand(sbuf *b, const mqsad_inst *in, int slot)
{
    const mqsad_operand *op = slot == MQSAD_SLOT_VDST ? &in->vdst : &in->src[slot];
    unsigned code, dw = const_dwords(in, slot);
    int c;
    switch (op->kind) {
    case MQSAD_OPK_VGPR: put_reg(b, "v", 1, op->reg, op->width ? op->width : 1); break;
    case MQSAD_OPK_SGPR: put_reg(b, "s", 1, op->reg, op->width ? op->width : 1); break;
    case MQSAD_OPK_TTMP: put_reg(b, "ttmp", 4, op->reg, op->width ? op->width : 1); break;
    case MQSAD_OPK_SPECIAL: puts_(b, mqsad_special_name(op->special)); break;
    case MQSAD_OPK_INLINE_INT: puti(b, (int64_t)op->value); break;
    case MQSAD_OPK_INLINE_FLOAT:
        /* by value (the parser may not have set .code), falling back to the code */
        c = mqsad_inline_float_code_w(in->target, dw, op->value);
        if (c < 0 && op->value == mqsad_inline_float_bits_w(dw, MQSAD_CODE_INV2PI))
            c = MQSAD_CODE_INV2PI;
        put_inline_code(b, dw, c >= 0 ? (unsigned)c : op->code);
        break;
    case MQSAD_OPK_LITERAL32:
    case MQSAD_OPK_LITERAL64:
        if (op->lit_wrapper == 1) { puts_(b, "lit("); puthex(b, op->value); put(b, ")", 1); }
        else if (op->lit_wrapper == 2) { puts_(b, "lit64("); puthex(b, op->value); put(b, ")", 1); }
        else if (mqsad_value_is_inline_w(in->target, dw, op->value, &code))
            put_inline_code(b, dw, code);
        else puthex(b, op->value);
        break;
    case MQSAD_OPK_SYMBOL: put(b, in->symbol, strnlen(in->symbol, sizeof in->symbol)); break;
    default: puts_(b, "<none>"); break;
    }
    if (op->annotation) {
        PUTLIT(b, "/*");
        puts_(b, op->annotation);
        PUTLIT(b, "*/");
    }
}

static void put_inst(sbuf *b, const mqsad_inst *in)
{
    puts_(b, mnemonic(in));
    put(b, " ", 1);
    put_operand(b, in, MQSAD_SLOT_VDST);
    PUTLIT(b, ", ");
    put_operand(b, in, MQSAD_SLOT_SRC0);
    PUTLIT(b, ", ");
    put_operand(b, in, MQSAD_SLOT_SRC1);
    PUTLIT(b, ", ");
    put_operand(b, in, MQSAD_SLOT_SRC2);
    if (in->clamp) PUTLIT(b, " clamp");
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

/* ---- unchecked cursor writers for the common operand kinds (the assembler's hot path) --
 * The caller guarantees room (FAST_LINE_MAX bytes). */
#define FAST_LINE_MAX 256

/* decimal 0..511 from dec3: a fixed 4-byte copy (dec3 has a NUL after its last entry, so
 * 3 * 511 + 4 stays inside it), then advance by the digit count */
static inline char *cur_u(char *o, unsigned v)
{
    memcpy(o, dec3 + 3 * v, 4);
    return o + (v < 10 ? 1 : v < 100 ? 2 : 3);
}

/* VGPR/SGPR/TTMP and inline integers: the kinds that need no table or annotation.
 * Returns NULL (nothing promised about o) for every other operand. */
static char *cur_operand(char *o, const mqsad_operand *op)
{
    unsigned w = op->width ? op->width : 1u;
    if (op->annotation) return NULL;
    switch (op->kind) {
    case MQSAD_OPK_VGPR: *o++ = 'v'; break;
    case MQSAD_OPK_SGPR: *o++ = 's'; break;
    case MQSAD_OPK_TTMP: memcpy(o, "ttmp", 4); o += 4; break;
    case MQSAD_OPK_INLINE_INT: {
        int64_t v = (int64_t)op->value;
        if (v < -16 || v > 64) return NULL;
        if (v < 0) { *o++ = '-'; v = -v; }
        return cur_u(o, (unsigned)v);
    }
    default: return NULL;
    }
    if (op->reg + w > 511u) return NULL;
    if (w == 1) return cur_u(o, op->reg);
    *o++ = '[';
    o = cur_u(o, op->reg);
    *o++ = ':';
    o = cur_u(o, op->reg + w - 1u);
    *o++ = ']';
    return o;
}

/* lower-case hex of 0..255, two characters each */
static const char hex_pairs[512 + 1] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

/* The whole encoding line for an instruction of such operands without a literal (8
 * bytes); returns the length, or 0 when the general path must be used. buf has room. */
static size_t fast_encoding_line(const mqsad_inst *in, const uint8_t *bytes, size_t nbytes, char *buf)
{
    char *o = buf, *start;
    const char *name = mnemonic(in);
    size_t i, nlen = strlen(name);
    if (nbytes != 8 || nlen > 32) return 0;
    *o++ = '\t';
    start = o;
    memcpy(o, name, nlen); o += nlen;
    *o++ = ' ';
    if (!(o = cur_operand(o, &in->vdst))) return 0;
    *o++ = ','; *o++ = ' ';
    if (!(o = cur_operand(o, &in->src[0]))) return 0;
    *o++ = ','; *o++ = ' ';
    if (!(o = cur_operand(o, &in->src[1]))) return 0;
    *o++ = ','; *o++ = ' ';
    if (!(o = cur_operand(o, &in->src[2]))) return 0;
    if (in->clamp) { memcpy(o, " clamp", 6); o += 6; }
    /* llvm-mc pads the text to column 40 (after the tab), at least one space */
    do *o++ = ' '; while (o - start < 40);
    memcpy(o, "; encoding: [", 13); o += 13;
    for (i = 0; i < 8; i++) {
        o[0] = '0'; o[1] = 'x';
        memcpy(o + 2, hex_pairs + 2 * bytes[i], 2);
        o[4] = ',';
        o += 5;
    }
    o[-1] = ']';
    return (size_t)(o - buf);
}

mqsad_status mqsad_format_encoding_line(const mqsad_inst *inst, const uint8_t *bytes,
                                        size_t nbytes, char *buf, size_t size, size_t *len)
{
    static const char dig[] = "0123456789abcdef";
    sbuf b;
    size_t start, i;
    int sym;
    if (!inst || (!bytes && nbytes) || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    if (size >= FAST_LINE_MAX) {
        size_t n = fast_encoding_line(inst, bytes, nbytes, buf);
        if (n) {   /* < FAST_LINE_MAX: 1 + 33 + 4 * 11 + 6 + 6 + 40-padding + 13 + 40 */
            buf[n] = '\0';
            if (len) *len = n;
            return MQSAD_OK;
        }
    }
    b.p = buf; b.size = size; b.len = 0;
    put(&b, "\t", 1);
    start = b.len;
    put_inst(&b, inst);
    /* llvm-mc pads the text to column 40 (after the tab), at least one space */
    do put(&b, " ", 1); while (b.len - start < 40);
    puts_(&b, "; encoding: [");
    /* a symbol in any source (one at most: a second is a second literal) */
    sym = inst->src[0].kind == MQSAD_OPK_SYMBOL || inst->src[1].kind == MQSAD_OPK_SYMBOL ||
          inst->src[2].kind == MQSAD_OPK_SYMBOL;
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
    if (inst->src[0].kind != MQSAD_OPK_SYMBOL && inst->src[1].kind != MQSAD_OPK_SYMBOL &&
        inst->src[2].kind != MQSAD_OPK_SYMBOL)
        return MQSAD_E_INVALID_ARGUMENT;
    b.p = buf; b.size = size; b.len = 0;
    puts_(&b, "                                        ;   fixup A - offset: 8, value: ");
    put(&b, inst->symbol, strnlen(inst->symbol, sizeof inst->symbol));
    puts_(&b, ", kind: FK_PCRel_4");
    return finish(&b, len);
}
