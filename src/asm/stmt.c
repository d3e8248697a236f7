/* stmt.c — where llvm-mc's AsmLexer ends a statement (mqsad_next_statement), and the
 * further lexer errors it prints while skipping a failed one (mqsad_diag_next_lexer_error).
 * Both run the assembler's own lexer (lex.c), so the rules live in one place. */
#include "asm/asm.h"

#include <string.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

static int is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == 0; }

/* '\n', and the bytes that may make a statement end elsewhere than at its line's '\n':
 * '\r', a string, a comment ('/' for // and block comments, ';'), a character literal. */
static const unsigned char k_stop[256] = {
    ['\n'] = 1, ['\r'] = 1, ['"'] = 1, ['/'] = 1, [';'] = 1, ['\''] = 1,
};

/* The offset of the first k_stop byte in t[0..len), or len. SSE2 (x86-64's baseline) looks
 * at 16 bytes a step, only within t[0..len). */
static size_t scan_stop(const char *t, size_t len)
{
    size_t i = 0;
#if defined(__SSE2__) && defined(__GNUC__)
    const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r'), qu = _mm_set1_epi8('"'),
                  sl = _mm_set1_epi8('/'), sc = _mm_set1_epi8(';'), ap = _mm_set1_epi8('\'');
    for (; i + 16 <= len; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, cr)),
                                 _mm_or_si128(_mm_cmpeq_epi8(v, qu), _mm_cmpeq_epi8(v, sl)));
        int bits;
        m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, sc), _mm_cmpeq_epi8(v, ap)));
        bits = _mm_movemask_epi8(m);
        if (bits) return i + (size_t)__builtin_ctz((unsigned)bits);
    }
#endif
    while (i < len && !k_stop[(unsigned char)t[i]]) i++;
    return i;
}

/* A line comment runs to the next '\n' or '\r' (AsmLexer::LexLineComment). */
static size_t line_end(const char *t, size_t i, size_t len)
{
    while (i < len && t[i] != '\n' && t[i] != '\r') i++;
    return i;
}

static int found(const char *text, mqsad_stmt *out)
{
    const char *p = text, *end = text + out->next;
    out->newlines = 0;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        out->newlines++;
        p++;
    }
    return 1;
}

/* AsmLexer's HashDirective: '#' first on a line (text[0]), then, with only blanks between
 * (a block comment makes the line a comment), an integer and a string token. Returns 1 and
 * fills out->marker_*, 0 for a comment line, -1 when the string is still open at len and
 * more text may close it. */
static int line_marker(const char *text, size_t len, int at_eof, mqsad_stmt *out)
{
    asm_lexer lx;
    const asm_tok *t;
    uint64_t line;
    mqsad__asm_lex_init_at(&lx, text, len < ASM_LINE_MAX ? len : ASM_LINE_MAX, 1);
    t = asm_cur(&lx);
    if (t->kind != TK_INT || t->comments) return 0;
    line = t->ival;
    asm_next(&lx);
    t = asm_cur(&lx);
    if (t->kind == TK_ERROR && text[t->pos] == '"' && !at_eof && len < MQSAD_ASM_CARRY) return -1;
    if (t->kind != TK_STRING || t->comments) return 0;
    out->marker_line = (int64_t)line;
    out->marker_name = t->pos + 1;
    out->marker_name_len = t->len - 2;
    return 1;
}

int mqsad_next_statement(const char *text, size_t len, int at_eof, mqsad_stmt *out)
{
    asm_lexer lx;
    const asm_tok *t;
    mqsad_stmt_kind kind;
    size_t lim, s, e, guard, n;
    if (!out || !text || len == 0) return 0;
    out->marker_line = 0;
    out->marker_name = out->marker_name_len = 0;
    if (text[0] == '#') {
        /* the lexer takes the marker's line whole: a string or a block comment in it does
         * not carry the statement over the line end */
        int m = line_marker(text, len, at_eof, out);
        if (m < 0) return 0;
        if (m) {
            e = line_end(text, 0, len);
            out->kind = MQSAD_STMT_LINE_MARKER;
            out->len = e;
            if (e == len || (text[e] == '\r' && e + 1 == len)) {
                if (!at_eof) return 0;
                out->next = len;
            } else {
                out->next = e + 1 + (text[e] == '\r' && text[e + 1] == '\n');
            }
            return found(text, out);
        }
    }
    /* the usual line: no '\r', string, comment or character literal, so it ends at its '\n' */
    n = scan_stop(text, len);
    if (n < len && text[n] == '\n') {
        size_t i = 0;
        while (i < n && is_blank((unsigned char)text[i])) i++;
        out->kind = i == n ? MQSAD_STMT_EMPTY : text[i] == '#' ? MQSAD_STMT_SILENT : MQSAD_STMT_TEXT;
        out->len = out->kind == MQSAD_STMT_SILENT ? i : n;
        out->next = n + 1;
        out->newlines = 1;
        return 1;
    }
    /* ... or a line comment (';', "//") is the first of them: no token can run past it, so
     * the statement ends there and the line at its '\n' (a '#' line is all comment) */
    if (n < len && (text[n] == ';' || (text[n] == '/' && n + 1 < len && text[n + 1] == '/'))) {
        size_t i = 0, end = line_end(text, n, len);
        while (i < n && is_blank((unsigned char)text[i])) i++;
        if (end < len && text[end] == '\n' && (i == n || text[i] != '#')) {
            out->kind = i == n ? MQSAD_STMT_SILENT : MQSAD_STMT_TEXT;
            out->len = n;
            out->next = end + 1;
            out->newlines = 1;
            return 1;
        }
    }
    /* token positions are 32-bit: a statement longer than that is cut there (mqsad_parse
     * then reports it as too long) */
    lim = len < ASM_LINE_MAX ? len : ASM_LINE_MAX;
    mqsad__asm_lex_init(&lx, text, lim);
    t = asm_cur(&lx);
    /* '#' first: a line comment (AsmLexer), unless a block comment came before it */
    if (t->kind == TK_HASH && !memchr(text, '/', t->pos)) {
        kind = MQSAD_STMT_SILENT;
        s = t->pos;
    } else {
        if (t->kind != TK_EOS) kind = MQSAD_STMT_TEXT;
        else if (t->pos < lim && (text[t->pos] == ';' || text[t->pos] == '/')) kind = MQSAD_STMT_SILENT;
        else kind = MQSAD_STMT_EMPTY;
        /* every token makes progress, so this ends; the guard only bounds a broken lexer */
        for (guard = 0; t->kind != TK_EOS && guard <= lim; guard++) {
            asm_next(&lx);
            t = asm_cur(&lx);
        }
        s = t->pos;
    }
    if (s > lim) s = lim;
    out->kind = kind;
    out->len = s;
    if (s >= lim) {                      /* the text ends inside the statement */
        if (!at_eof && lim == len) return 0;
        /* llvm-mc: blanks alone at the end of the text make no statement (a block comment
         * there still prints its empty line) */
        if (kind == MQSAD_STMT_EMPTY && !memchr(text, '/', s)) out->kind = MQSAD_STMT_SILENT;
        out->next = len;
        return found(text, out);
    }
    e = (text[s] == '\n' || text[s] == '\r') ? s : line_end(text, s, lim);
    if (e >= lim) {
        if (!at_eof && lim == len) return 0;
        out->next = len;
        return found(text, out);
    }
    if (text[e] == '\r') {               /* "\r\n" is one end of line */
        if (e + 1 == len && !at_eof) return 0;
        out->next = e + 1 + (e + 1 < len && text[e + 1] == '\n');
    } else {
        out->next = e + 1;
    }
    return found(text, out);
}

unsigned mqsad_diag_next_lexer_error(const char *text, size_t len, const mqsad_diag *diag,
                                     size_t *resume, char *msg, size_t size, int *past_end)
{
    asm_lexer lx;
    const asm_tok *t;
    size_t lim, guard;
    unsigned col = 0;
    if (msg && size) msg[0] = '\0';
    if (!text || !resume || (diag && !diag->extra_column)) return 0;
    lim = len < ASM_LINE_MAX ? len : ASM_LINE_MAX;
    /* *resume is 0 on the first call, else 1 + the offset of the token to go on from */
    if (*resume > lim + 1) return 0;
    mqsad__asm_lex_init_at(&lx, text, lim, *resume ? *resume - 1 : 0);
    t = asm_cur(&lx);
    if (*resume == 0 && diag) {
        /* a lexer error as the first token is followed only by "unexpected token at start
         * of statement" (already extra_*); otherwise go on from the extra_* token */
        if (t->kind == TK_ERROR ||
            (t->kind == TK_INT && diag->extra_column < diag->column && t->pos + 1 == diag->extra_column)) {
            /* (or the lexer error reported right after an integer opening the statement,
             * before "unexpected token at start of statement": the same one token later)
             * past_end: the token after it (never looked at) is the end of the statement;
             * a block comment there would be that token */
            if (t->kind == TK_INT) asm_next(&lx);
            asm_next(&lx);
            if (asm_cur(&lx)->kind == TK_EOS && asm_cur(&lx)->comments == 0 && past_end) *past_end = 1;
            *resume = lim + 2;
            return 0;
        }
        for (guard = 0; t->kind != TK_EOS && t->pos + 1 < diag->extra_column && guard <= lim; guard++) {
            asm_next(&lx);
            t = asm_cur(&lx);
        }
        if (t->kind != TK_ERROR) { *resume = lim + 2; return 0; }
    } else {
        for (guard = 0; t->kind != TK_ERROR && t->kind != TK_EOS && guard <= lim; guard++) {
            asm_next(&lx);
            t = asm_cur(&lx);
        }
        if (t->kind != TK_ERROR) { *resume = lim + 2; return 0; }
        col = t->pos + 1;
        if (msg && size) {
            size_t n = strlen(t->msg);
            if (n >= size) n = size - 1;
            memcpy(msg, t->msg, n);
            msg[n] = '\0';
        }
    }
    /* AsmParser::Lex reports an error token through Error(), which lexes past it, and then
     * lexes once more itself: the token after each reported error is never looked at. When
     * that token is the end of the statement, llvm-mc's skipping goes on into the next.
     * The raw lexer there returns a block comment as a token: then the comment is the one
     * not looked at. */
    asm_next(&lx);
    if (asm_cur(&lx)->comments == 0) {
        if (asm_cur(&lx)->kind == TK_EOS) {
            *resume = lim + 2;
            if (past_end) *past_end = 1;
            return col;
        }
        asm_next(&lx);
    }
    t = asm_cur(&lx);
    if (col == 0) {      /* the first call stepped over extra_*: look for the next one */
        *resume = (size_t)t->pos + 1;
        return mqsad_diag_next_lexer_error(text, len, diag, resume, msg, size, past_end);
    }
    *resume = (size_t)t->pos + 1;
    return col;
}
