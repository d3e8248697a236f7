/*
 * assign.c — assignment statements (`x = 5`, `.set x, 5`, `.equ x, 5`) as LLVM 22's
 * AsmParser::parseAssignment / parseDirectiveSet read them, and the values they give
 * symbols (mqsad_asm_state.var[]). Nothing here allocates.
 */
#include "asm/asm.h"

#include <stdio.h>
#include <string.h>

int mqsad__var_value(const mqsad_asm_state *st, const char *name, int64_t *v)
{
    uint64_t h = mqsad__name_hash(name, strlen(name));
    unsigned i;
    for (i = 0; i < st->variables && i < MQSAD_VARIABLES; i++) {
        if (st->var[i].hash == h) {
            *v = st->var[i].value;
            return st->var[i].absolute == MQSAD__VAR_ABSOLUTE;
        }
    }
    return 0;
}

int mqsad__var_live(const mqsad_asm_state *st, uint64_t h)
{
    unsigned i;
    for (i = 0; i < st->variables && i < MQSAD_VARIABLES; i++)
        if (st->var[i].hash == h) return st->var[i].absolute == MQSAD__VAR_NOW_LABEL ? -1 : (int)i;
    return -1;
}

/* An error met while the statement is read (in_operands 1: llvm-mc's recovery skips the
 * rest raw); late_diag: one found once it was read whole (in_operands 0: as after a
 * matching error, llvm-mc has lexed the next statement's first token). */
static void set_diag(mqsad_diag *d, unsigned col, const char *msg)
{
    if (!d) return;
    d->status = MQSAD_E_SYNTAX;
    d->in_operands = 1;
    d->column = col;
    snprintf(d->message, sizeof d->message, "%s", msg);
}

static void late_diag(mqsad_diag *d, unsigned col, const char *msg)
{
    set_diag(d, col, msg);
    if (d) d->in_operands = 0;
}

/* one of mqsad's own bounds (llvm-mc has none there) */
static void limit_diag(mqsad_diag *d, unsigned col, const char *msg)
{
    set_diag(d, col, msg);
    if (d) d->status = MQSAD_E_INPUT_TOO_LONG;
}

static int ieq(const char *a, size_t n, const char *lit)
{
    size_t i;
    if (strlen(lit) != n) return 0;
    for (i = 0; i < n; i++)
        if ((a[i] | 0x20) != lit[i]) return 0;
    return 1;
}

int mqsad_parse_assignment(const mqsad_target *target, const char *text, size_t len,
                           mqsad_asm_state *state, mqsad_assignment *out, mqsad_diag *diag)
{
    asm_lexer lx;
    asm_expr_ctx ex;
    const asm_tok *t;
    const char *raw;
    unsigned rawlen, eq_pos, i;
    size_t n;
    int root, directive = 0;
    int64_t v;
    uint64_t h, hr;
    if (!target || !target->family || !text || !state || !out) {
        if (diag) {
            memset(diag, 0, sizeof *diag);
            diag->status = MQSAD_E_INVALID_ARGUMENT;
            snprintf(diag->message, sizeof diag->message, "invalid argument");
        }
        return -1;
    }
    state->fwd_refs = 0;   /* fwd_* become this statement's: none unless EXPR names an "Nf" */
    if (len >= ASM_LINE_MAX) len = ASM_LINE_MAX - 1;
    /* the usual instruction: no '=' anywhere and opening with neither '.' (.set, .equ) nor
     * a block comment (the lexer decides then) */
    if (!memchr(text, '=', len)) {
        size_t k = 0;
        while (k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\0')) k++;
        if (k >= len || (text[k] != '.' && text[k] != '/')) {
            out->line[0] = out->name[0] = '\0';
            if (diag) { diag->status = MQSAD_OK; diag->column = diag->extra_column = 0; diag->message[0] = '\0'; }
            return 0;
        }
    }
    if (diag) { memset(diag, 0, sizeof *diag); diag->status = MQSAD_OK; }
    memset(out, 0, sizeof *out);
    mqsad__asm_lex_init(&lx, text, len);
    t = asm_cur(&lx);
    /* "NAME = EXPR" comes first: even ".set = 1" assigns to ".set" */
    if (t->kind == TK_IDENT && (ieq(text + t->pos, t->len, ".set") || ieq(text + t->pos, t->len, ".equ")) &&
        asm_peek(&lx, 1)->kind != TK_EQ) {
        directive = 1;
        asm_next(&lx);
        if (!mqsad__asm_take_name(&lx, &raw, &rawlen)) {
            set_diag(diag, asm_cur(&lx)->pos + 1, "expected identifier");
            return -1;
        }
        if (asm_cur(&lx)->kind != TK_COMMA) {
            set_diag(diag, asm_cur(&lx)->pos + 1, "expected comma");
            return -1;
        }
    } else {
        const asm_tok *nt = asm_peek(&lx, 1);
        /* a "$x" name is two tokens: look past the '$' */
        if ((t->kind == TK_DOLLAR || t->kind == TK_AT) && nt->pos == t->pos + 1 &&
            (nt->kind == TK_IDENT || nt->kind == TK_INT))
            nt = asm_peek(&lx, 2);
        if (nt->kind != TK_EQ) return 0;
        if (t->kind == TK_DOT) {                 /* ". = EXPR" moves the location counter */
            raw = ".";
            rawlen = 1;
            asm_next(&lx);
        } else if (!mqsad__asm_take_name(&lx, &raw, &rawlen)) {
            return 0;
        }
    }
    asm_next(&lx);                               /* '=' or ',' */
    eq_pos = asm_cur(&lx)->pos;
    if (mqsad__asm_symbol_print(raw, rawlen, out->name, sizeof out->name) >= sizeof out->name) {
        limit_diag(diag, eq_pos + 1, "symbol name too long");
        return -1;
    }
    out->directive = (uint8_t)directive;
    memset(&ex, 0, sizeof ex);
    ex.lx = &lx;
    ex.fam = target->family;
    ex.st = state;
    root = mqsad__asm_parse_expr(&ex);
    if (root < 0) {
        /* parseAssignmentExpression: TokError("missing expression") after the expression's
         * own error (none for a lexer error token) */
        if (ex.err) {
            set_diag(diag, ex.err_pos + 1, ex.err_msg);
            if (diag) {
                diag->extra_column = asm_cur(&lx)->pos + 1;
                snprintf(diag->extra_message, sizeof diag->extra_message, "missing expression");
            }
        } else {   /* a lexer error token where a primary belongs: at its TokStart */
            set_diag(diag, asm_cur(&lx)->start + 1, "missing expression");
        }
        return -1;
    }
    if (asm_cur(&lx)->kind != TK_EOS) {
        set_diag(diag, asm_cur(&lx)->pos + 1, "expected newline");
        return -1;
    }
    /* parseAssignment: the value may not be a lone symbol with a variant (x@abs32@lo) */
    if (ex.nodes[root].kind == EN_SYM && ex.nodes[root].variant >= 0) {
        late_diag(diag, eq_pos + 1, "relocation specifier not permitted in symbol equating");
        return -1;
    }
    h = mqsad__name_hash(out->name, strlen(out->name));
    state->lookups++;
    {
        /* parseAssignment looks the name up as written: a quoted name's escapes kept, so
         * "d\\e" = 1 is no redefinition of the label "d\\e": (named d\e), while it is
         * one of "d\\\\e":. A label's name that is a variable again is no label. */
        char as_written[MQSAD_SYMBOL_MAX];
        size_t wn = mqsad__asm_symbol_print_as_written(raw, rawlen, as_written, sizeof as_written);
        hr = wn < sizeof as_written ? mqsad__name_hash(as_written, wn) : h;
    }
    for (i = 0; i < state->named_labels && i < MQSAD_NAMED_LABELS; i++) {
        if (state->named[i] == hr && mqsad__var_live(state, hr) < 0) {
            char msg[sizeof diag->message];
            snprintf(msg, sizeof msg, "redefinition of '%.*s'", (int)(rawlen > 100 ? 100 : rawlen), raw);
            late_diag(diag, eq_pos + 1, msg);
            return -1;
        }
    }
    /* MCStreamer::emitValueToOffset for ".", printed by the asm streamer as ".org X, 0" */
    n = (size_t)snprintf(out->line, sizeof out->line, rawlen == 1 && raw[0] == '.' ? ".org " : ".set %s, ",
                         out->name);
    if (mqsad__asm_expr_print(&ex, text, root, out->line + n, sizeof out->line - n) + 3 >= sizeof out->line - n) {
        limit_diag(diag, eq_pos + 1, "expression too long");
        return -1;
    }
    if (rawlen == 1 && raw[0] == '.') {
        strcat(out->line, ", 0");
        return 1;
    }
    for (i = 0; i < state->variables && i < MQSAD_VARIABLES && state->var[i].hash != h; i++) continue;
    if (i == MQSAD_VARIABLES) {
        limit_diag(diag, eq_pos + 1, "too many symbols");
        return -1;
    }
    if (i == state->variables) state->variables++;
    state->var[i].hash = h;
    state->var[i].absolute = mqsad__asm_expr_absolute(&ex, root, &v) ? MQSAD__VAR_ABSOLUTE
                                                                      : MQSAD__VAR_RELOCATABLE;
    state->var[i].value = state->var[i].absolute == MQSAD__VAR_ABSOLUTE ? v : 0;
    return 1;
}
