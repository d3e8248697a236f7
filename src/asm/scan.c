/*
 * scan.c — the operand scanner. The operand spellings most code is made of are read
 * straight from the text into the pop the token parser would build, with the same helpers
 * (reg.c's special names, size classes and register checks; mqsad__asm_parse_real): a
 * register (v7, s[2:3], ttmp[4:7], vcc_lo, m0, null ...), an integer (decimal or 0x hex, an
 * optional '-') or a plain decimal float (2.0, -0.5), each ending the operand. Anything
 * else, and any operand that would fail, is left to the token parser, which reads it from
 * its start: no diagnostic is ever made here.
 */
#include "asm/pstate.h"

/* c (a byte) continues an identifier, as the lexer reads one */
static inline int ident_char(unsigned char c) { return mqsad__asm_ident[c] != 0; }

/* decimal digits at s[i..) without a leading zero (octal to the lexer), at most 19 (no
 * overflow); the index after them, 0 if none */
static inline size_t scan_dec(const char *s, size_t i, size_t len, uint64_t *v)
{
    size_t b = i;
    uint64_t x = 0;
    while (i < len && (unsigned)(s[i] - '0') < 10u && i - b < 19) x = x * 10u + (unsigned)(s[i++] - '0');
    if (i == b || (s[b] == '0' && i - b > 1) || (i < len && (unsigned)(s[i] - '0') < 10u)) return 0;
    *v = x;
    return i;
}

/* An integer, "0x" hex or decimal, at most 16 hex / 19 decimal digits; 0 if none. */
static size_t scan_int(const char *s, size_t i, size_t len, uint64_t *v)
{
    if (i + 2 < len && s[i] == '0' && (s[i + 1] | 0x20) == 'x') {
        size_t b = i += 2;
        uint64_t x = 0;
        for (; i < len && i - b < 16; i++) {
            unsigned c = (unsigned char)s[i], d = c - '0' < 10u ? c - '0' : (c | 0x20) - 'a' + 10u;
            if (c - '0' >= 10u && ((c | 0x20) - 'a') >= 6u) break;
            x = x << 4 | d;
        }
        if (i == b) return 0;
        *v = x;
        return i;
    }
    return scan_dec(s, i, len, v);
}

/* The checks mqsad__asm_parse_register makes of a regular register (class, range, the target
 * has it), without a diagnostic: 1 if they pass. */
static int reg_checked(pstate *p, pop *r, size_t loc)
{
    if (!mqsad__asm_regular_reg(p, r->rk, r->num, &r->width, (unsigned)loc)) { p->err = 0; return 0; }
    r->lw = r->width;
    return mqsad__asm_has_register(p, r);
}

/* "[lo:hi]" at s[e..), lo < hi (v[n:n] may take .l/.h after it), after the prefix of a
 * register r->rk that starts at s[b]; returns the end, 0 if not a register this scanner
 * takes. */
static size_t scan_range(pstate *p, const char *s, size_t b, size_t e, size_t len, pop *r)
{
    uint64_t lo, hi;
    if (e >= len || s[e] != '[' || !(e = scan_dec(s, e + 1, len, &lo)) || e >= len ||
        s[e] != ':' || !(e = scan_dec(s, e + 1, len, &hi)) || e >= len || s[e] != ']' ||
        hi > 0xffffffffu || lo >= hi)
        return 0;
    r->num = (unsigned)lo;
    r->width = (unsigned)(hi - lo + 1);
    return reg_checked(p, r, b) ? e + 1 : 0;
}

/* A register name at s[b..e) (e after the identifier), "[lo:hi]" following a bare prefix;
 * returns the end, 0 if not a register this scanner takes. */
static size_t scan_reg(pstate *p, const char *s, size_t b, size_t e, size_t len, pop *r)
{
    size_t n = e - b, pl;
    /* no special name is a register prefix followed by digits or '[': try those first */
    int rk = mqsad__asm_regular_prefix(s + b, n, &pl);
    mqsad_special sp = rk && (n == pl ? e < len && s[e] == '[' : (unsigned)(s[b + pl] - '0') < 10u)
                       ? MQSAD_SPECIAL_NONE : mqsad__asm_special_for(s + b, n);
    if (sp != MQSAD_SPECIAL_NONE) {
        r->rk = RK_SPECIAL;
        r->special = sp;
        r->width = sp == SPECIAL_PC ? 2 : mqsad_special_width(sp);
        r->lw = 1;
    } else {
        if (!rk) return 0;
        r->rk = rk;
        if (n > pl) {
            size_t m = n - pl;
            if (mqsad__asm_strip_lh(s + b + pl, &m) || !mqsad__asm_reg_num(s + b + pl, m, &r->num)) return 0;
            r->width = 1;
            return reg_checked(p, r, b) ? e : 0;
        }
        return scan_range(p, s, b, e, len, r);
    }
    return mqsad__asm_has_register(p, r) ? e : 0;
}

/* A number at s[i]: an optional '-', then an integer or digits '.' digits (no exponent), not
 * followed by an identifier character (5u, 5e3 and 0x1p2 are the lexer's). Fills o as
 * parse_imm does; returns the end, 0 if the token parser must read it. */
static size_t scan_number(const char *s, size_t i, size_t len, pop *o)
{
    size_t b, e;
    uint64_t v;
    int neg;
    if (i >= len) return 0;   /* "lit(" at the end of the text */
    neg = s[i] == '-';
    b = i += (size_t)neg;
    if (i >= len || !(e = scan_int(s, i, len, &v))) return 0;
    o->kind = PO_IMM;
    if (e < len && s[e] == '.' && !(s[i] == '0' && e - i > 1 && (s[i + 1] | 0x20) == 'x')) {
        uint64_t bits;
        size_t f = ++e;
        while (e < len && (unsigned)(s[e] - '0') < 10u) e++;
        if (e == f || (e < len && ident_char((unsigned char)s[e])) || mqsad__asm_parse_real(s + b, e - b, &bits))
            return 0;
        o->is_fp = 1;
        o->ival = (int64_t)(neg ? bits ^ 0x8000000000000000ull : bits);
        return e;
    }
    if (e < len && ident_char((unsigned char)s[e])) return 0;
    o->ival = neg ? (int64_t)(0 - v) : (int64_t)v;
    return e;
}

/* The operand at s[i] (i < len, the position of the current token). Returns where the lexer
 * goes on, 0 if the token parser must read it. */
static size_t scan_operand(pstate *p, size_t i, pop *o)
{
    const char *s = p->lx.text;
    size_t len = p->lx.len, e;
    int reg = 0;
    memset(o, 0, sizeof *o);
    o->pos = (unsigned)i;
    if ((s[i] == 'v' || s[i] == 's') && i + 1 < len && (unsigned)(s[i + 1] - '0') < 10u) {
        /* vN / sN, by far the most common operands: what scan_reg does for them */
        uint64_t n = 0;
        for (e = i + 1; e < len && (unsigned)(s[e] - '0') < 10u && e - i <= 10; e++) n = n * 10u + (unsigned)(s[e] - '0');
        if ((e >= len || !ident_char((unsigned char)s[e])) && n <= 0xffffffffu) {
            o->kind = PO_REG;
            o->rk = s[i] == 'v' ? RK_VGPR : RK_SGPR;
            o->num = (unsigned)n;
            o->width = o->lw = 1;
            /* v0..v255 and the target's SGPRs below s106 pass every check of reg_checked */
            if (!(n <= 255 && (o->rk == RK_VGPR || (n < 106 && n < p->f->sgpr_count))) &&
                !reg_checked(p, o, i))
                return 0;
            reg = 1;
            goto end;
        }
    } else if ((s[i] == 'v' || s[i] == 's') && i + 1 < len && s[i + 1] == '[') {
        /* v[lo:hi] / s[lo:hi], the next most common: scan_reg's range without its name */
        o->kind = PO_REG;
        o->rk = s[i] == 'v' ? RK_VGPR : RK_SGPR;
        if (!(e = scan_range(p, s, i, i + 1, len, o))) return 0;
        reg = 1;
        goto end;
    }
    if ((unsigned)((s[i] | 0x20) - 'a') < 26u || s[i] == '_') {
        for (e = i + 1; e < len && ident_char((unsigned char)s[e]); e++) {}
        if (e < len && s[e] == '(' && s[i] == 'l' && (e - i == 3 || e - i == 5) &&
            !memcmp(s + i, "lit64", e - i)) {
            /* lit(N) / lit64(N): the number's position is the operand's */
            o->lit = e - i == 3 ? 1 : 2;
            o->pos = (unsigned)++e;
            if (!(e = scan_number(s, e, len, o)) || e >= len || s[e] != ')') return 0;
            e++;
        } else {
            o->kind = PO_REG;
            if (!(e = scan_reg(p, s, i, e, len, o))) return 0;
            reg = 1;
        }
    } else if (!(e = scan_number(s, i, len, o))) {
        return 0;
    }
end:
    /* the operand ends here: ',', the end of the statement, or (after a register, whose
     * parse never looks further) any token */
    while (e < len && (s[e] == ' ' || s[e] == '\t')) e++;
    if (e >= len || s[e] == ',' || s[e] == '\n' || s[e] == '\r' || s[e] == ';' ||
        (s[e] == '/' && e + 1 < len && s[e + 1] == '/'))
        return e;
    return reg ? e : 0;
}

/* Reads operands straight from the text at `at` while scan_operand takes them (the first
 * four), each next one right after its ','; the lexer then goes on where they end. Returns
 * 1 if it read any. */
int mqsad__asm_scan_operands(pstate *p, size_t at, pop *ops, unsigned *nops)
{
    const char *text = p->lx.text;
    size_t len = p->lx.len, e;
    unsigned before = *nops;
    int comma = 0;
    while (*nops < 4 && at < len && (e = scan_operand(p, at, &ops[*nops])) != 0) {
        ++*nops;
        comma = e < len && text[e] == ',';
        at = e + (size_t)comma;
        if (!comma) break;
        while (at < len && (text[at] == ' ' || text[at] == '\t')) at++;
    }
    if (*nops == before) return 0;
    mqsad__asm_lex_init_at(&p->lx, text, len, at);
    if (!comma && cur(p)->kind == TK_COMMA) next(p);
    return 1;
}

/* Where the operands start when the statement opens the usual way, "name" and blanks then
 * no ':' (a label) and no '/' (a comment may hide one): the name is [*b, *e) and needs no
 * token. 0 otherwise. */
size_t mqsad__asm_plain_opening(const char *text, size_t len, size_t *b, size_t *e)
{
    size_t q = 0, r;
    while (q < len && (text[q] == ' ' || text[q] == '\t')) q++;
    if (q >= len || !((unsigned)((text[q] | 0x20) - 'a') < 26u || text[q] == '_')) return 0;
    for (r = q + 1; r < len && ident_char((unsigned char)text[r]); r++) {}
    *b = q;
    *e = r;
    if (r >= len || (text[r] != ' ' && text[r] != '\t')) return 0;
    while (r < len && (text[r] == ' ' || text[r] == '\t')) r++;
    if (r >= len || text[r] == ':' || text[r] == '/' || text[r] == '\0') return 0;
    return r;
}
