/* stmt.c — where llvm-mc's AsmLexer ends a statement (mqsad_next_statement), and the
 * further lexer errors it prints while skipping a failed one (mqsad_diag_next_lexer_error).
 * Both run the assembler's own lexer (lex.c), so the rules live in one place. */
#include "parse_internal.h"

#include <string.h>

static int is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == 0; }

/* A line comment runs to the next '\n' or '\r' (AsmLexer::LexLineComment). */
static size_t line_end(const char *t, size_t i, size_t len)
{
    while (i < len && t[i] != '\n' && t[i] != '\r') i++;
    return i;
}

int mqsad_next_statement(const char *text, size_t len, int at_eof, mqsad_stmt *out)
{
    asm_lexer lx;
    const asm_tok *t;
    mqsad_stmt_kind kind;
    size_t lim, s, e, guard;
    const char *nl;
    if (!out || !text || len == 0) return 0;
    /* the usual line: no '\r', string, comment or character literal, so it ends at its '\n' */
    nl = memchr(text, '\n', len);
    if (nl) {
        size_t n = (size_t)(nl - text), i;
        for (i = 0; i < n; i++) {
            unsigned char c = (unsigned char)text[i];
            if (c == '\r' || c == '"' || c == '/' || c == ';' || c == '\'') break;
        }
        if (i == n) {
            for (i = 0; i < n && is_blank((unsigned char)text[i]); i++) continue;
            out->kind = i == n ? MQSAD_STMT_EMPTY : text[i] == '#' ? MQSAD_STMT_SILENT : MQSAD_STMT_TEXT;
            out->len = out->kind == MQSAD_STMT_SILENT ? i : n;
            out->next = n + 1;
            return 1;
        }
    }
    /* token positions are 32-bit: a statement longer than that is cut there (mqsad_parse
     * then reports it as too long) */
    lim = len < ASM_LINE_MAX ? len : ASM_LINE_MAX;
    mqsad__asm_lex_init(&lx, text, lim);
    t = asm_cur(&lx);
    if (t->kind == TK_HASH) {            /* '#' first: a line comment (AsmLexer) */
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
    out->kind = kind;
    out->len = s;
    if (s >= lim) {                      /* the text ends inside the statement */
        if (!at_eof && lim == len) return 0;
        /* llvm-mc: blanks alone at the end of the text make no statement (a block comment
         * there still prints its empty line) */
        if (kind == MQSAD_STMT_EMPTY && !memchr(text, '/', s)) out->kind = MQSAD_STMT_SILENT;
        out->next = len;
        return 1;
    }
    e = (text[s] == '\n' || text[s] == '\r') ? s : line_end(text, s, lim);
    if (e >= lim) {
        if (!at_eof && lim == len) return 0;
        out->next = len;
        return 1;
    }
    if (text[e] == '\r') {               /* "\r\n" is one end of line */
        if (e + 1 == len && !at_eof) return 0;
        out->next = e + 1 + (e + 1 < len && text[e + 1] == '\n');
    } else {
        out->next = e + 1;
    }
    return 1;
}

unsigned mqsad_diag_next_lexer_error(const char *text, size_t len, const mqsad_diag *diag,
                                     size_t *resume, char *msg, size_t size)
{
    asm_lexer lx;
    const asm_tok *t;
    size_t lim, guard;
    unsigned col = 0;
    if (msg && size) msg[0] = '\0';
    if (!text || !diag || !resume || !diag->extra_column) return 0;
    lim = len < ASM_LINE_MAX ? len : ASM_LINE_MAX;
    /* *resume is 0 on the first call, else 1 + the offset of the token to go on from */
    if (*resume > lim + 1) return 0;
    mqsad__asm_lex_init_at(&lx, text, lim, *resume ? *resume - 1 : 0);
    t = asm_cur(&lx);
    if (*resume == 0) {
        /* a lexer error as the first token is followed only by "unexpected token at start
         * of statement" (already extra_*); otherwise go on from the extra_* token */
        if (t->kind == TK_ERROR) { *resume = lim + 2; return 0; }
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
     * lexes once more itself: the token after each reported error is never looked at */
    asm_next(&lx);
    if (asm_cur(&lx)->kind != TK_EOS) asm_next(&lx);
    t = asm_cur(&lx);
    if (*resume == 0) {
        *resume = (size_t)t->pos + 1;
        return mqsad_diag_next_lexer_error(text, len, diag, resume, msg, size);
    }
    *resume = (size_t)t->pos + 1;
    return col;
}
