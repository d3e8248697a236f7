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
 *
 * One printer: the emit_* functions write through an unchecked cursor. Every piece of text
 * they write has a known bound except an annotation, so a caller's buffer that holds the
 * bound (text_room) is written directly; a smaller one gets the same pieces through the
 * bounded sbuf path.
 */
#include "isa/isa.h"

#include <string.h>

/* The common operands' path is inlined into each slot (a branch predictor entry per slot);
 * the rarer kinds stay out of line so that it stays short. */
#if defined(__GNUC__)
#define HOT_INLINE static inline __attribute__((always_inline))
#define COLD static __attribute__((noinline))
#else
#define HOT_INLINE static inline
#define COLD static
#endif

/* ---- bounds ------------------------------------------------------------------------- */

/* Longest operand text without its annotation, plus the slack of the fixed-size copies
 * (emit_u, emit_inline_code): a symbol (MQSAD_SYMBOL_MAX bytes) is the longest;
 * lit64(0x + 16 digits) takes 25, an int64 20, a special name's copy
 * MQSAD__SPECIAL_TEXT. */
#define OPERAND_ROOM (MQSAD_SYMBOL_MAX + 8)
/* ... the same for an operand that is not a symbol */
#define PLAIN_ROOM (MQSAD__SPECIAL_TEXT + 8)

/* ---- unchecked writers: the caller guarantees the room ---------------------------- */

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

/* Decimal v < 512: a fixed 4-byte copy from dec3 (dec3 has a NUL after its last entry,
 * so 3 * 511 + 4 stays inside it), one byte of slack past the digits; the digit count
 * without a branch. */
static inline char *emit_small(char *o, unsigned v)
{
    memcpy(o, dec3 + 3 * v, 4);
    return o + 1 + (v >= 10) + (v >= 100);
}

static char *emit_large(char *o, uint64_t v)
{
    char tmp[20];
    size_t i = sizeof tmp;
    do { tmp[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    memcpy(o, tmp + i, sizeof tmp - i);
    return o + (sizeof tmp - i);
}

static inline char *emit_u(char *o, uint64_t v)
{
    return v < 512 ? emit_small(o, (unsigned)v) : emit_large(o, v);
}

static inline char *emit_i(char *o, int64_t v)
{
    if (v >= 0) return emit_u(o, (uint64_t)v);
    *o++ = '-';
    return emit_u(o, (uint64_t)0 - (uint64_t)v);
}

/* 0x and the lower-case hex digits of v, no leading zeros */
static char *emit_hex(char *o, uint64_t v)
{
    unsigned digits = v ? (67u - (unsigned)__builtin_clzll(v)) / 4u : 1u;
    char *p = o + 2 + digits;
    o[0] = '0';
    o[1] = 'x';
    for (; v >= 16; v >>= 8) {
        p -= 2;
        memcpy(p, hex_pairs + 2 * (v & 0xff), 2);
    }
    if (p > o + 2) p[-1] = hex_pairs[2 * v + 1];   /* the odd leading digit */
    return o + 2 + digits;
}

#define EMIT_LIT(o, lit) (memcpy((o), (lit), sizeof(lit) - 1), (o) + sizeof(lit) - 1)
/* a short text in a fixed-size table entry, with its length */
#define TEXT(s) { s, sizeof(s) - 1 }

static const struct { char text[4]; unsigned char len; } reg_prefix[3] = {
    TEXT("v"), TEXT("s"), TEXT("ttmp"),
};

/* v1, v[2:3], s.., ttmp..: op->kind is VGPR, SGPR or TTMP */
HOT_INLINE char *emit_reg(char *o, const mqsad_operand *op)
{
    unsigned k = (unsigned)op->kind - MQSAD_OPK_VGPR;
    memcpy(o, reg_prefix[k].text, 4);
    o += reg_prefix[k].len;
    if (op->width <= 1) return emit_u(o, op->reg);
    *o++ = '[';
    o = emit_u(o, op->reg);
    *o++ = ':';
    o = emit_u(o, (unsigned)op->reg + op->width - 1u);
    *o++ = ']';
    return o;
}

static const struct { char text[8]; unsigned char len; } float_names[8] = {
    TEXT("0.5"), TEXT("-0.5"), TEXT("1.0"), TEXT("-1.0"),
    TEXT("2.0"), TEXT("-2.0"), TEXT("4.0"), TEXT("-4.0"),
};

/* Name of an inline constant code for a slot of type dw (1: f32, 2: f64); nothing for a
 * code that is not one. */
static char *emit_inline_code(char *o, unsigned dw, unsigned code)
{
    if (code >= MQSAD_CODE_INT0 && code < MQSAD_CODE_INT_NEG1) return emit_small(o, code - MQSAD_CODE_INT0);
    if (code >= MQSAD_CODE_INT_NEG1 && code <= MQSAD_CODE_INT_MAX) {
        *o++ = '-';
        return emit_small(o, code - 192u);
    }
    if (code >= MQSAD_CODE_FLOAT0 && code < MQSAD_CODE_INV2PI) {
        memcpy(o, float_names[code - MQSAD_CODE_FLOAT0].text, 8);
        return o + float_names[code - MQSAD_CODE_FLOAT0].len;
    }
    if (code == MQSAD_CODE_INV2PI)
        return dw == 2 ? EMIT_LIT(o, "0.15915494309189532") : EMIT_LIT(o, "0.15915494");
    return o;
}

/* The operands other than registers and inline integers. dw: the constant type of the
 * slot: 2 (f64, 64-bit integers) for a 64-bit source, 1 (f32) for every other slot, the
 * 128-bit SRC2 included. */
COLD char *emit_other(char *o, const mqsad_inst *in, const mqsad_operand *op, unsigned dw)
{
    unsigned code;
    int c;
    size_t n;
    switch (op->kind) {
    case MQSAD_OPK_SPECIAL: {
        const char *name = mqsad__special_text(op->special, &n);
        memcpy(o, name, MQSAD__SPECIAL_TEXT);
        return o + n;
    }
    case MQSAD_OPK_INLINE_FLOAT:
        /* by value (the parser may not have set .code), falling back to the code; a code
         * whose bit pattern is the value is the one the value names */
        code = op->code;
        if (code < MQSAD_CODE_FLOAT0 || code > MQSAD_CODE_INV2PI ||
            mqsad_inline_float_bits_w(dw, code) != op->value) {
            c = mqsad_inline_float_code_w(in->target, dw, op->value);
            if (c < 0 && op->value == mqsad_inline_float_bits_w(dw, MQSAD_CODE_INV2PI))
                c = MQSAD_CODE_INV2PI;
            if (c >= 0) code = (unsigned)c;
        }
        return emit_inline_code(o, dw, code);
    case MQSAD_OPK_LITERAL32:
    case MQSAD_OPK_LITERAL64:
        if (op->lit_wrapper == 1 || op->lit_wrapper == 2) {
            o = op->lit_wrapper == 1 ? EMIT_LIT(o, "lit(") : EMIT_LIT(o, "lit64(");
            o = emit_hex(o, op->value);
            *o++ = ')';
            return o;
        }
        if (mqsad_value_is_inline_w(in->target, dw, op->value, &code))
            return emit_inline_code(o, dw, code);
        return emit_hex(o, op->value);
    case MQSAD_OPK_SYMBOL:
        n = strnlen(in->symbol, sizeof in->symbol);
        memcpy(o, in->symbol, n);
        return o + n;
    default:
        return EMIT_LIT(o, "<none>");
    }
}

/* The text of *op without its annotation (at most OPERAND_ROOM bytes written, PLAIN_ROOM
 * for one that is not a symbol); width: its slot's dwords. */
HOT_INLINE char *emit_operand(char *o, const mqsad_inst *in, const mqsad_operand *op, unsigned width)
{
    if ((unsigned)op->kind - MQSAD_OPK_VGPR < 3u) return emit_reg(o, op);
    if (op->kind == MQSAD_OPK_INLINE_INT) return emit_i(o, (int64_t)op->value);
    return emit_other(o, in, op, width == 2 ? 2u : 1u);
}

/* ---- the instruction ----------------------------------------------------------------- */

/* What the printer needs to know of the instruction beyond *in: the mnemonic and the
 * slots' widths (an id out of range prints as "<unknown>" with V_MQSAD_U32_U8's slots). */
typedef struct shape {
    const mqsad__mnemonic *name;
    const uint8_t *width;    /* dwords per slot, MQSAD_SLOT_* */
} shape;

static const mqsad__mnemonic k_unknown = TEXT("<unknown>");

static shape shape_of(const mqsad_inst *in)
{
    const mqsad_insn_info *ii = mqsad_insn_get(in->insn);
    shape s;
    if (ii) {
        s.name = mqsad__insn_mnemonic(in->insn);
    } else {
        s.name = &k_unknown;
        ii = mqsad_insn_get(MQSAD_INSN_MQSAD_U32_U8);
    }
    s.width = ii->width;
    return s;
}

static const mqsad_operand *slot_operand(const mqsad_inst *in, int slot)
{
    return slot == MQSAD_SLOT_VDST ? &in->vdst : &in->src[slot];
}

/* The VDST width does not matter to the printer: registers print by their own width and
 * a constant there is printed as a 32-bit one. */
static unsigned print_width(const shape *s, int slot)
{
    return slot == MQSAD_SLOT_VDST ? 1u : s->width[slot];
}

/* 1 if an operand is a symbol: its literal's bytes print as A,A,A,A (one at most: a second
 * would be a second literal) */
static int has_symbol(const mqsad_inst *in)
{
    return in->src[0].kind == MQSAD_OPK_SYMBOL || in->src[1].kind == MQSAD_OPK_SYMBOL ||
           in->src[2].kind == MQSAD_OPK_SYMBOL;
}

/* Bytes emit_text may write (its slack included): the fixed bound, and what a symbol or
 * annotations add. */
static size_t text_room(const mqsad_inst *in)
{
    size_t room = MQSAD__MNEMONIC_TEXT + 1 + 4 * (PLAIN_ROOM + 2) + 6;
    int slot;
    if (!(in->vdst.annotation || in->src[0].annotation || in->src[1].annotation ||
          in->src[2].annotation || has_symbol(in)))
        return room;
    for (slot = 0; slot < 4; slot++) {
        const mqsad_operand *op = slot_operand(in, slot);
        if (op->kind == MQSAD_OPK_SYMBOL) room += OPERAND_ROOM - PLAIN_ROOM;
        if (op->annotation) room += strlen(op->annotation) + 4;
    }
    return room;
}

HOT_INLINE char *emit_slot(char *o, const mqsad_inst *in, const shape *s, int slot)
{
    const mqsad_operand *op = slot_operand(in, slot);
    o = emit_operand(o, in, op, print_width(s, slot));
    if (op->annotation) {
        size_t n = strlen(op->annotation);
        o = EMIT_LIT(o, "/*");
        memcpy(o, op->annotation, n);
        o = EMIT_LIT(o + n, "*/");
    }
    return o;
}

/* The whole text; o has text_room() bytes of room. */
static char *emit_text(char *o, const mqsad_inst *in, const shape *s)
{
    memcpy(o, s->name->text, MQSAD__MNEMONIC_TEXT);
    o += s->name->len;
    *o++ = ' ';
    o = emit_slot(o, in, s, MQSAD_SLOT_VDST);
    o = EMIT_LIT(o, ", ");
    o = emit_slot(o, in, s, MQSAD_SLOT_SRC0);
    o = EMIT_LIT(o, ", ");
    o = emit_slot(o, in, s, MQSAD_SLOT_SRC1);
    o = EMIT_LIT(o, ", ");
    o = emit_slot(o, in, s, MQSAD_SLOT_SRC2);
    if (in->clamp) o = EMIT_LIT(o, " clamp");
    return o;
}

/* ---- bounded path: the same pieces into a buffer of any size --------------------------- */

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

static void put_slot(sbuf *b, const mqsad_inst *in, const shape *s, int slot)
{
    const mqsad_operand *op = slot_operand(in, slot);
    char tmp[OPERAND_ROOM];
    put(b, tmp, (size_t)(emit_operand(tmp, in, op, print_width(s, slot)) - tmp));
    if (op->annotation) {
        put(b, "/*", 2);
        put(b, op->annotation, strlen(op->annotation));
        put(b, "*/", 2);
    }
}

static void put_text(sbuf *b, const mqsad_inst *in, const shape *s)
{
    put(b, s->name->text, s->name->len);
    put(b, " ", 1);
    put_slot(b, in, s, MQSAD_SLOT_VDST);
    put(b, ", ", 2);
    put_slot(b, in, s, MQSAD_SLOT_SRC0);
    put(b, ", ", 2);
    put_slot(b, in, s, MQSAD_SLOT_SRC1);
    put(b, ", ", 2);
    put_slot(b, in, s, MQSAD_SLOT_SRC2);
    if (in->clamp) put(b, " clamp", 6);
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

/* ---- API --------------------------------------------------------------------------- */

mqsad_status mqsad_format(const mqsad_inst *inst, char *buf, size_t size, size_t *len)
{
    sbuf b;
    shape s;
    if (!inst || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    s = shape_of(inst);
    if (size > text_room(inst)) {
        size_t n = (size_t)(emit_text(buf, inst, &s) - buf);
        buf[n] = '\0';
        if (len) *len = n;
        return MQSAD_OK;
    }
    b.p = buf; b.size = size; b.len = 0;
    put_text(&b, inst, &s);
    return finish(&b, len);
}

mqsad_status mqsad_format_operand(const mqsad_inst *inst, int slot, char *buf, size_t size,
                                  size_t *len)
{
    sbuf b;
    shape s;
    if (!inst || (!buf && size) || slot < MQSAD_SLOT_SRC0 || slot > MQSAD_SLOT_VDST)
        return MQSAD_E_INVALID_ARGUMENT;
    s = shape_of(inst);
    b.p = buf; b.size = size; b.len = 0;
    put_slot(&b, inst, &s, slot);
    return finish(&b, len);
}

/* llvm-mc pads the text to column 40 (after the tab), at least one space */
#define ENC_COLUMN 40

/* Display width of the code point c as LLVM's sys::unicode::charWidth gives it, for the
 * usual ranges: -1 not printable (C1 controls, noncharacters), 0 combining marks and
 * zero-width characters, 2 East Asian wide and fullwidth forms, else 1. */
static int char_width(uint32_t c)
{
    static const uint32_t zero[][2] = {
        { 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd }, { 0x0610, 0x061a },
        { 0x064b, 0x065f }, { 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x200b, 0x200f },
        { 0x20d0, 0x20ff }, { 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f },
    };
    static const uint32_t wide[][2] = {
        { 0x1100, 0x115f }, { 0x2e80, 0x303e }, { 0x3041, 0x33ff }, { 0x3400, 0x4dbf },
        { 0x4e00, 0x9fff }, { 0xa000, 0xa4cf }, { 0xac00, 0xd7a3 }, { 0xf900, 0xfaff },
        { 0xfe30, 0xfe4f }, { 0xff00, 0xff60 }, { 0xffe0, 0xffe6 }, { 0x1f300, 0x1f64f },
        { 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
    };
    size_t i;
    if ((c >= 0x80 && c < 0xa0) || (c & 0xfffe) == 0xfffe || (c >= 0xfdd0 && c <= 0xfdef)) return -1;
    for (i = 0; i < sizeof zero / sizeof zero[0]; i++)
        if (c >= zero[i][0] && c <= zero[i][1]) return 0;
    for (i = 0; i < sizeof wide / sizeof wide[0]; i++)
        if (c >= wide[i][0] && c <= wide[i][1]) return 2;
    return 1;
}

/* The column llvm's formatted_raw_ostream is at after the text s[0..n) that follows the
 * line's tab (a tab at a multiple of 8 adds nothing, so the tab itself counts 0). Quoted
 * symbol names may hold any byte: CR and LF go back to column 0, a tab goes to the next
 * multiple of 8, an ASCII control adds nothing; a UTF-8 sequence (as long as its first
 * byte says) adds its width, nothing when not printable, and -2 when invalid (LLVM adds
 * columnWidthUTF8's error code); a sequence cut by the end of the text is not counted
 * yet. Signed: the padding is max(40 - column, 1). */
static long llvm_column(const char *s, size_t n)
{
    long col = 0;
    size_t i = 0;
    while (i < n) {
        unsigned char b = (unsigned char)s[i];
        size_t len = b < 0xc0 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : b < 0xf8 ? 4 : b < 0xfc ? 5 : 6;
        if (len > n - i) break;
        if (b < 0x80) {
            if (b >= 0x20 && b < 0x7f) col++;
            else if (b == '\n' || b == '\r') col = 0;
            else if (b == '\t') col += (8 - (col & 7)) & 7;
        } else if (len > 1) {
            const unsigned char *u = (const unsigned char *)s + i;
            uint32_t c = len == 2 ? b & 0x1fu : len == 3 ? b & 0x0fu : b & 0x07u;
            size_t k;
            int ok = len <= 4, w;
            for (k = 1; k < len; k++) {
                if ((u[k] & 0xc0) != 0x80) ok = 0;
                c = c << 6 | (u[k] & 0x3fu);
            }
            /* strict: no overlong forms, surrogates or values past U+10FFFF */
            if (ok && ((len == 2 && c < 0x80) || (len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
                       (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff))
                ok = 0;
            w = ok ? char_width(c) : -2;
            if (w != -1) col += w;
        }
        i += len;
    }
    return col;
}

/* The spaces between the text t[0..n) and "; encoding:" */
static size_t enc_pad(const char *t, size_t n, int sym)
{
    long pad = ENC_COLUMN - (sym ? llvm_column(t, n) : (long)n);
    return pad < 1 ? 1 : (size_t)pad;
}

static const char k_encoding[] = "; encoding: [";
static const char k_spaces[ENC_COLUMN + 1] = "                                        ";

/* "0x..," for each byte value, 5 bytes each, and 3 bytes of slack for 8-byte copies */
static const char byte_text[256 * 5 + 4] =
    "0x00,0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08,0x09,0x0a,0x0b,0x0c,0x0d,0x0e,0x0f,"
    "0x10,0x11,0x12,0x13,0x14,0x15,0x16,0x17,0x18,0x19,0x1a,0x1b,0x1c,0x1d,0x1e,0x1f,"
    "0x20,0x21,0x22,0x23,0x24,0x25,0x26,0x27,0x28,0x29,0x2a,0x2b,0x2c,0x2d,0x2e,0x2f,"
    "0x30,0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,0x3a,0x3b,0x3c,0x3d,0x3e,0x3f,"
    "0x40,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,"
    "0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x5b,0x5c,0x5d,0x5e,0x5f,"
    "0x60,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,"
    "0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x7b,0x7c,0x7d,0x7e,0x7f,"
    "0x80,0x81,0x82,0x83,0x84,0x85,0x86,0x87,0x88,0x89,0x8a,0x8b,0x8c,0x8d,0x8e,0x8f,"
    "0x90,0x91,0x92,0x93,0x94,0x95,0x96,0x97,0x98,0x99,0x9a,0x9b,0x9c,0x9d,0x9e,0x9f,"
    "0xa0,0xa1,0xa2,0xa3,0xa4,0xa5,0xa6,0xa7,0xa8,0xa9,0xaa,0xab,0xac,0xad,0xae,0xaf,"
    "0xb0,0xb1,0xb2,0xb3,0xb4,0xb5,0xb6,0xb7,0xb8,0xb9,0xba,0xbb,0xbc,0xbd,0xbe,0xbf,"
    "0xc0,0xc1,0xc2,0xc3,0xc4,0xc5,0xc6,0xc7,0xc8,0xc9,0xca,0xcb,0xcc,0xcd,0xce,0xcf,"
    "0xd0,0xd1,0xd2,0xd3,0xd4,0xd5,0xd6,0xd7,0xd8,0xd9,0xda,0xdb,0xdc,0xdd,0xde,0xdf,"
    "0xe0,0xe1,0xe2,0xe3,0xe4,0xe5,0xe6,0xe7,0xe8,0xe9,0xea,0xeb,0xec,0xed,0xee,0xef,"
    "0xf0,0xf1,0xf2,0xf3,0xf4,0xf5,0xf6,0xf7,0xf8,0xf9,0xfa,0xfb,0xfc,0xfd,0xfe,0xff,"
    "\0\0\0";

/* "0x.." per byte (A for a byte of a symbol's literal), ',' between, ']' after; o has
 * 5 * n + 4 bytes of room */
static char *emit_bytes(char *o, const uint8_t *bytes, size_t n, int sym)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (sym && i >= 8 && i < 12) {
            memcpy(o, "A,", 2);
            o += 2;
        } else {
            memcpy(o, byte_text + 5 * bytes[i], 8);
            o += 5;
        }
    }
    if (n) o--;
    *o++ = ']';
    return o;
}

mqsad_status mqsad_format_encoding_line(const mqsad_inst *inst, const uint8_t *bytes,
                                        size_t nbytes, char *buf, size_t size, size_t *len)
{
    sbuf b;
    shape s;
    size_t start, i, pad;
    int sym;
    if (!inst || (!bytes && nbytes) || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    sym = has_symbol(inst);
    s = shape_of(inst);
    /* the tab, the text and its padding, the bytes, the NUL */
    if (nbytes < size / 8 && size - 5 * nbytes > 1 + text_room(inst) + ENC_COLUMN + sizeof k_encoding + 4) {
        char *o = buf + 1, *text = o;
        buf[0] = '\t';
        o = emit_text(o, inst, &s);
        /* spaces to the column, at least one: a fixed-size copy, then the cursor moves */
        if (!sym) {
            memcpy(o, k_spaces, ENC_COLUMN);
            o = o - text < ENC_COLUMN ? text + ENC_COLUMN : o + 1;
        } else {
            /* a quoted symbol name may hold bytes that are not one column each: up to
             * 40 + its length spaces, which the room above may not cover */
            pad = enc_pad(text, (size_t)(o - text), 1);
            if ((size_t)(o - buf) + pad + sizeof k_encoding + 5 * nbytes + 4 > size) goto bounded;
            memset(o, ' ', pad);
            o += pad;
        }
        o = EMIT_LIT(o, k_encoding);
        o = emit_bytes(o, bytes, nbytes, sym);
        *o = '\0';
        if (len) *len = (size_t)(o - buf);
        return MQSAD_OK;
    }
bounded:
    b.p = buf; b.size = size; b.len = 0;
    put(&b, "\t", 1);
    start = b.len;
    put_text(&b, inst, &s);
    if (b.len < b.size) {
        pad = enc_pad(b.p + start, b.len - start, sym);
    } else {
        /* the text did not fit: its padding from a copy, for the length asked for */
        char tmp[2048];
        sbuf t;
        t.p = tmp; t.size = sizeof tmp; t.len = 0;
        put_text(&t, inst, &s);
        pad = enc_pad(tmp, t.len < t.size ? t.len : t.size, sym);
    }
    for (i = 0; i < pad; i++) put(&b, " ", 1);
    put(&b, k_encoding, sizeof k_encoding - 1);
    for (i = 0; i < nbytes; i++) {
        char h[4] = { '0', 'x', hex_pairs[2 * bytes[i]], hex_pairs[2 * bytes[i] + 1] };
        if (i) put(&b, ",", 1);
        if (sym && i >= 8 && i < 12) put(&b, "A", 1);
        else put(&b, h, 4);
    }
    put(&b, "]", 1);
    return finish(&b, len);
}

mqsad_status mqsad_format_fixup(const mqsad_inst *inst, char *buf, size_t size, size_t *len)
{
    static const char k_head[] = "                                        ;   fixup A - offset: 8, value: ";
    static const char k_kind[] = ", kind: FK_PCRel_4";
    sbuf b;
    if (!inst || (!buf && size)) return MQSAD_E_INVALID_ARGUMENT;
    if (!has_symbol(inst)) return MQSAD_E_INVALID_ARGUMENT;
    b.p = buf; b.size = size; b.len = 0;
    put(&b, k_head, sizeof k_head - 1);
    put(&b, inst->symbol, strnlen(inst->symbol, sizeof inst->symbol));
    put(&b, k_kind, sizeof k_kind - 1);
    return finish(&b, len);
}
