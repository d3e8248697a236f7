/*
 * lex.c — the assembler's lexer: LLVM MC's AsmLexer rules (LLVM 22, GNU/ELF flavour) for
 * one line of AMDGPU assembly.
 *
 *  - identifiers [A-Za-z_.][A-Za-z0-9_$.@]* ("." followed by digits is a float: ".5");
 *  - integers: decimal, 0x hex, 0b binary, leading-0 octal, optional U/L/LL suffixes (any case)
 *    (ignored), values >= 2^64 are "big numbers" (the parser rejects them), bad digits
 *    give "invalid decimal/octal/binary/hexadecimal number";
 *  - reals: 1.5, 1., .5, 1e5, 1.5e-3 (an empty exponent is accepted like APFloat),
 *    hex floats 0x1p-1; "1.0+1" is "invalid sign in float literal";
 *  - character literals 'a', '\n', '\t', ... ("single quote way too long" otherwise);
 *  - ';' and '//' start a comment (end of statement), so do '\n' and '\r'; block comments
 *    (which may hold line ends) are skipped; strings may hold line ends too.
 * Lexing is lazy with at most two tokens of lookahead, so time is linear in the line and
 * nothing is read past len.
 */
#include "asm/asm.h"

#include <string.h>

static inline int is_digit(int c) { return (unsigned)(c - '0') < 10u; }
static inline int is_alpha(int c) { return (unsigned)((c | 0x20) - 'a') < 26u; }
static inline int is_hex(int c) { return is_digit(c) || (unsigned)((c | 0x20) - 'a') < 6u; }
/* Identifier characters, indexed by byte: 1 for [A-Za-z0-9_$.?] (AsmLexer's
 * isIdentifierChar; '$' and '?' cannot start one), 2 for '@' (continues an identifier,
 * cannot start one; see lex_one); bytes >= 0x80 are 0. */
const unsigned char mqsad__asm_ident[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1,
    2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

/* Character at p, or -1 past the end (EOF) — never reads past len. */
static inline int at(const asm_lexer *lx, size_t p)
{
    return p < lx->len ? (unsigned char)lx->text[p] : -1;
}

static void mk(asm_tok *t, asm_tok_kind k, size_t pos, size_t end)
{
    t->kind = k;
    t->pos = (unsigned)pos;
    t->len = (unsigned)(end - pos);
    t->start = (unsigned)pos;
    t->ival = 0;
    t->msg = NULL;
}

static void mkerr(asm_tok *t, size_t pos, size_t end, const char *msg)
{
    mk(t, TK_ERROR, pos, end);
    t->msg = msg;
}

/* Accumulates digits of radix r from [b, e) into a 64-bit value; *big set on overflow. */
static uint64_t accum(const asm_lexer *lx, size_t b, size_t e, unsigned r, int *big, int *bad)
{
    const unsigned char *q = (const unsigned char *)lx->text;
    uint64_t v = 0;
    size_t i;
    *big = 0;
    *bad = 0;
    for (i = b; i < e; i++) {
        int c = q[i];
        unsigned d = is_digit(c) ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
        if (d >= r) { *bad = 1; return 0; }
        if (v < (1ull << 59)) {
            v = v * r + d;               /* r <= 16: cannot overflow */
        } else {
            if (v > (UINT64_MAX - d) / r) *big = 1;
            v = v * r + d;
        }
    }
    return v;
}

static size_t skip_int_suffix(const asm_lexer *lx, size_t p)
{
    /* llvm-mc 22 also takes lower case: [uU]? then up to two [lL] (7u, 7ul, 7uLL, 0x1fu) */
    if (at(lx, p) == 'U' || at(lx, p) == 'u') p++;
    if (at(lx, p) == 'L' || at(lx, p) == 'l') p++;
    if (at(lx, p) == 'L' || at(lx, p) == 'l') p++;
    return p;
}

/* LexFloatLiteral: p is after the integer part (and '.' if any). */
static void lex_float(asm_lexer *lx, asm_tok *t, size_t start, size_t p)
{
    while (is_digit(at(lx, p))) p++;
    if (at(lx, p) == '-' || at(lx, p) == '+') {
        mkerr(t, p, p, "invalid sign in float literal");
        t->start = (unsigned)start;
        lx->pos = p;
        return;
    }
    if (at(lx, p) == 'e' || at(lx, p) == 'E') {
        p++;
        if (at(lx, p) == '-' || at(lx, p) == '+') p++;
        while (is_digit(at(lx, p))) p++;
    }
    mk(t, TK_REAL, start, p);
    lx->pos = p;
}

static void lex_hex_float(asm_lexer *lx, asm_tok *t, size_t start, size_t p, int no_int)
{
    int no_frac = 1;
    size_t e;
    if (at(lx, p) == '.') {
        size_t f = ++p;
        while (is_hex(at(lx, p))) p++;
        no_frac = p == f;
    }
    if (no_int && no_frac) {
        mkerr(t, start, p, "invalid hexadecimal floating-point constant: expected at least one significand digit");
        lx->pos = p;
        return;
    }
    if (at(lx, p) != 'p' && at(lx, p) != 'P') {
        mkerr(t, start, p, "invalid hexadecimal floating-point constant: expected exponent part 'p'");
        lx->pos = p;
        return;
    }
    p++;
    if (at(lx, p) == '+' || at(lx, p) == '-') p++;
    e = p;
    while (is_digit(at(lx, p))) p++;
    if (p == e) {
        mkerr(t, start, p, "invalid hexadecimal floating-point constant: expected at least one exponent digit");
        lx->pos = p;
        return;
    }
    mk(t, TK_REAL, start, p);
    lx->pos = p;
}

static void int_tok(asm_lexer *lx, asm_tok *t, size_t start, size_t end, uint64_t v, int big)
{
    mk(t, big ? TK_BIGNUM : TK_INT, start, end);
    t->ival = v;
    lx->pos = skip_int_suffix(lx, end);
    t->len = (unsigned)(lx->pos - start);
}

/* LexDigit: start is the first digit. */
static void lex_digit(asm_lexer *lx, asm_tok *t, size_t start)
{
    size_t p = start + 1;
    int big, bad;
    uint64_t v;
    if (at(lx, start) != '0' || at(lx, p) == '.') {
        while (is_digit(at(lx, p))) p++;
        if (at(lx, p) == '.' || at(lx, p) == 'e' || at(lx, p) == 'E') {
            if (at(lx, p) == '.') p++;
            lex_float(lx, t, start, p);
            return;
        }
        v = accum(lx, start, p, 10, &big, &bad);
        if (bad) { mkerr(t, start, p, "invalid decimal number"); lx->pos = p; return; }
        int_tok(lx, t, start, p, v, big);
        return;
    }
    if (at(lx, p) == 'b' || at(lx, p) == 'B') {
        size_t nb;
        p++;
        if (!is_digit(at(lx, p))) { int_tok(lx, t, start, start + 1, 0, 0); lx->pos = start + 1; t->len = 1; return; }
        nb = p;
        while (at(lx, p) == '0' || at(lx, p) == '1') p++;
        if (p == nb) { mkerr(t, start, p, "invalid binary number"); lx->pos = p; return; }
        v = accum(lx, nb, p, 2, &big, &bad);
        int_tok(lx, t, start, p, v, big);
        return;
    }
    if (at(lx, p) == 'x' || at(lx, p) == 'X') {
        size_t nb = ++p;
        while (is_hex(at(lx, p))) p++;
        if (at(lx, p) == '.' || at(lx, p) == 'p' || at(lx, p) == 'P') {
            lex_hex_float(lx, t, start, p, nb == p);
            return;
        }
        if (p == nb) { mkerr(t, start, p, "invalid hexadecimal number"); lx->pos = p; return; }
        v = accum(lx, nb, p, 16, &big, &bad);
        int_tok(lx, t, start, p, v, big);
        return;
    }
    /* octal */
    while (is_digit(at(lx, p))) p++;
    v = accum(lx, start, p, 8, &big, &bad);
    if (bad) { mkerr(t, start, p, "invalid octal number"); lx->pos = p; return; }
    int_tok(lx, t, start, p, v, big);
}

static void lex_char(asm_lexer *lx, asm_tok *t, size_t start)
{
    size_t p = start + 1;
    int c = at(lx, p++);
    int64_t v;
    if (c == '\\') c = at(lx, p++);
    /* the end of the line is a newline to LLVM's lexer, not EOF: only a second character
     * can be missing, which is "single quote way too long" */
    if (at(lx, p) != '\'') {
        if (p < lx->len) p++;
        if (p > lx->len) p = lx->len;    /* the quote ended the text: stay inside it */
        mkerr(t, start, p, "single quote way too long");
        lx->pos = p;
        return;
    }
    p++;
    if (at(lx, start + 1) == '\\') {
        switch (at(lx, start + 2)) {
        case 't': v = '\t'; break;
        case 'n': v = '\n'; break;
        case 'b': v = '\b'; break;
        case 'f': v = '\f'; break;
        case 'r': v = '\r'; break;
        default: v = (signed char)at(lx, start + 2); break;
        }
    } else {
        v = (signed char)at(lx, start + 1);
    }
    mk(t, TK_INT, start, p);
    t->ival = (uint64_t)v;
    lx->pos = p;
}

static void lex_one(asm_lexer *lx, asm_tok *t)
{
    size_t p = lx->pos, s;
    unsigned nc = 0;
    int c;
    for (;;) {
        c = at(lx, p);
        if (c == ' ') { p++; continue; }
        /* NUL: whitespace, like AsmLexer; \f and \v are not (llvm-mc 22 treats them like \x01);
         * '\r' ends the statement like '\n' (AsmLexer: a lone CR is an EndOfStatement) */
        if (c == '\t' || c == 0) { p++; continue; }
        if (c == '/' && at(lx, p + 1) == '*') {
            size_t q = p + 2;
            while (q < lx->len && !(at(lx, q) == '*' && at(lx, q + 1) == '/')) q++;
            if (q >= lx->len) {
                t->comments = nc;
                mkerr(t, p, lx->len, "unterminated comment");
                lx->pos = lx->len;
                return;
            }
            p = q + 2;
            nc++;
            continue;
        }
        break;
    }
    t->comments = nc;
    s = p;
    switch (c) {    /* the most frequent tokens first */
    case ',': mk(t, TK_COMMA, s, s + 1); lx->pos = s + 1; return;
    case '[': mk(t, TK_LBRAC, s, s + 1); lx->pos = s + 1; return;
    case ']': mk(t, TK_RBRAC, s, s + 1); lx->pos = s + 1; return;
    case ':': mk(t, TK_COLON, s, s + 1); lx->pos = s + 1; return;
    default: break;
    }
    if (c < 0 || c == '\n' || c == '\r' || c == ';' || (c == '/' && at(lx, p + 1) == '/')) {
        mk(t, TK_EOS, s, s);
        lx->pos = s;          /* stays at the end: EOS repeats */
        return;
    }
    if (is_alpha(c) || c == '_' || c == '.') {
        p++;
        if (c == '.' && is_digit(at(lx, p))) {
            size_t q = p;
            while (is_digit(at(lx, q))) q++;
            /* '@' counts here too (isIdentifierChar with AllowAtInIdentifier): .5@lo is a name */
            int d = at(lx, q);
            if (d < 0 || !mqsad__asm_ident[d] || d == 'e' || d == 'E') {
                lex_float(lx, t, s, q);
                return;
            }
        }
        {
            const unsigned char *q = (const unsigned char *)lx->text;
            size_t e = lx->len;
            /* '@' continues an identifier (AMDGPU MCAsmInfo: sym@abs32@lo is one token) */
            while (p < e && mqsad__asm_ident[q[p]]) p++;
        }
        mk(t, (p == s + 1 && c == '.') ? TK_DOT : TK_IDENT, s, p);
        lx->pos = p;
        return;
    }
    if (is_digit(c)) { lex_digit(lx, t, s); return; }
    if (c == '\'') { lex_char(lx, t, s); return; }
    if (c == '"') {
        p++;
        /* LexQuote: a string may run over line ends; only the end of the text ends it */
        while (p < lx->len && at(lx, p) != '"') {
            if (at(lx, p) == '\\') p++;
            p++;
        }
        if (at(lx, p) != '"') { mkerr(t, s, p, "unterminated string constant"); lx->pos = p; return; }
        mk(t, TK_STRING, s, p + 1);
        lx->pos = p + 1;
        return;
    }
    p++;
    {
        asm_tok_kind k;
        int n = at(lx, p);
        switch (c) {
        case ',': k = TK_COMMA; break;
        case '[': k = TK_LBRAC; break;
        case ']': k = TK_RBRAC; break;
        case '(': k = TK_LPAREN; break;
        case ')': k = TK_RPAREN; break;
        case '{': k = TK_LCURLY; break;
        case '}': k = TK_RCURLY; break;
        case ':': k = TK_COLON; break;
        case '+': k = TK_PLUS; break;
        case '-': k = TK_MINUS; break;
        case '~': k = TK_TILDE; break;
        case '*': k = TK_STAR; break;
        case '/': k = TK_SLASH; break;
        case '%': k = TK_PERCENT; break;
        case '^': k = TK_CARET; break;
        case '$': k = TK_DOLLAR; break;
        case '@': k = TK_AT; break;
        case '#': k = TK_HASH; break;
        case '\\': k = TK_OTHER; break;   /* AsmToken::BackSlash */
        case '?': k = TK_OTHER; break;    /* AsmToken::Question */
        case '&': if (n == '&') { p++; k = TK_AMPAMP; } else k = TK_AMP; break;
        case '|': if (n == '|') { p++; k = TK_PIPEPIPE; } else k = TK_PIPE; break;
        case '!': if (n == '=') { p++; k = TK_NE; } else k = TK_EXCL; break;
        case '=': if (n == '=') { p++; k = TK_EQEQ; } else k = TK_EQ; break;
        case '<':
            if (n == '<') { p++; k = TK_SHL; }
            else if (n == '=') { p++; k = TK_LE; }
            else if (n == '>') { p++; k = TK_LTGT; }
            else k = TK_LT;
            break;
        case '>':
            if (n == '>') { p++; k = TK_SHR; }
            else if (n == '=') { p++; k = TK_GE; }
            else k = TK_GT;
            break;
        default:
            mkerr(t, s, p, "invalid character in input");
            lx->pos = p;
            return;
        }
        mk(t, k, s, p);
        lx->pos = p;
    }
}

void mqsad__asm_lex_init_at(asm_lexer *lx, const char *text, size_t len, size_t pos)
{
    lx->text = text;
    lx->len = len;
    lx->pos = pos;
    lx->nla = 1;
    lex_one(lx, &lx->la[0]);
}

void mqsad__asm_lex_init(asm_lexer *lx, const char *text, size_t len)
{
    mqsad__asm_lex_init_at(lx, text, len, 0);
}

void mqsad__asm_lex_one(asm_lexer *lx, asm_tok *t) { lex_one(lx, t); }

