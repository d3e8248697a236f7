/*
 * label.c — labels opening a statement (mqsad_parse_label) and the directional label
 * symbols of a file (mqsad_asm_state), as LLVM 22's AsmParser::parseStatement and
 * MCContext define them. Nothing here allocates; the state is the caller's.
 */
#include "asm/asm.h"

#include <stdio.h>
#include <string.h>

uint32_t mqsad__dir_defined(const mqsad_asm_state *st, uint32_t value)
{
    unsigned i;
    for (i = 0; i < st->dir_values; i++)
        if (st->dir_count[i].value == value) return st->dir_count[i].defined;
    return 0;
}

int mqsad__dir_symbol(mqsad_asm_state *st, uint32_t value, uint32_t instance)
{
    unsigned i;
    st->lookups++;
    for (i = 0; i < st->dir_labels; i++)
        if (st->dir[i].value == value && st->dir[i].instance == instance) return (int)i;
    if (i == MQSAD_DIR_LABELS) return -1;
    st->dir[i].value = value;
    st->dir[i].instance = instance;
    st->dir[i].temp = st->temp_labels++;
    st->dir[i].defined = 0;
    st->dir_labels++;
    return (int)i;
}

int mqsad_asm_label_defined(const mqsad_asm_state *state, unsigned temp)
{
    unsigned i;
    if (!state) return 0;
    for (i = 0; i < state->dir_labels && i < MQSAD_DIR_LABELS; i++)
        if (state->dir[i].temp == temp) return state->dir[i].defined != 0;
    return 0;
}

static void set_diag(mqsad_diag *d, mqsad_status st, unsigned col, const char *msg)
{
    if (!d) return;
    d->status = st;
    d->column = col;
    snprintf(d->message, sizeof d->message, "%s", msg);
}

/* named labels and variables are remembered by this hash (a collision of two 64-bit
 * hashes would make a first definition look like a second) */
uint64_t mqsad__name_hash(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

/* MCContext::createDirectionalLocalSymbol: the next instance of N, defined */
static int define_directional(mqsad_asm_state *st, uint32_t value, mqsad_label *out)
{
    unsigned i;
    int k;
    for (i = 0; i < st->dir_values && st->dir_count[i].value != value; i++) continue;
    if (i == MQSAD_DIR_LABELS) return 0;
    k = mqsad__dir_symbol(st, value, mqsad__dir_defined(st, value) + 1);
    if (k < 0) return 0;
    if (i == st->dir_values) {
        st->dir_count[i].value = value;
        st->dir_count[i].defined = 0;
        st->dir_values++;
    }
    st->dir_count[i].defined++;
    st->dir[k].defined = 1;
    snprintf(out->name, sizeof out->name, ".Ltmp%u", (unsigned)st->dir[k].temp);
    return 1;
}

/* 0 when text[0..len) cannot open with a label: no ':' before its first '[' (a name
 * cannot hold one) and no quote or comment there either (memchr: the usual instruction
 * costs a few vector compares) */
static int may_be_label(const char *text, size_t len)
{
    const char *lb = memchr(text, '[', len);
    size_t lim = lb ? (size_t)(lb - text) : len;
    return memchr(text, ':', lim) || memchr(text, '"', lim) || memchr(text, '/', lim);
}

/* parseIdentifier: a name, a quoted name, or "$x" / "@x"; *raw / *rawlen as written
 * (inside the quotes), the lexer after it. Returns its kind (TK_IDENT for "$x",
 * TK_STRING), 0 if there is none. */
int mqsad__asm_take_name(asm_lexer *lx, const char **raw, unsigned *rawlen)
{
    const asm_tok *t = asm_cur(lx), *nt = asm_peek(lx, 1);
    asm_tok_kind k;
    if ((t->kind == TK_DOLLAR || t->kind == TK_AT) &&
        (nt->kind == TK_IDENT || nt->kind == TK_INT) && nt->pos == t->pos + 1) {
        *raw = lx->text + t->pos;
        *rawlen = nt->len + 1;
        asm_next(lx);            /* the '$' / '@' */
        asm_next(lx);            /* the name */
        return TK_IDENT;
    }
    if (t->kind == TK_IDENT) {
        *raw = lx->text + t->pos;
        *rawlen = t->len;
    } else if (t->kind == TK_STRING) {
        *raw = lx->text + t->pos + 1;
        *rawlen = t->len >= 2 ? t->len - 2 : 0;
    } else {
        return 0;
    }
    k = t->kind;
    asm_next(lx);
    return (int)k;
}

int mqsad_parse_label(const char *text, size_t len, mqsad_asm_state *state, mqsad_label *out,
                      mqsad_diag *diag)
{
    asm_lexer lx;
    const asm_tok *t;
    const char *raw;
    unsigned rawlen, col, i, slot;
    uint64_t h;
    int var;                     /* the name's entry in var[] while it is a variable */
    uint64_t ival;
    asm_tok_kind kind;
    if (!text || !state || !out) {
        if (diag) memset(diag, 0, sizeof *diag);
        set_diag(diag, MQSAD_E_INVALID_ARGUMENT, 0, "invalid argument");
        return -1;
    }
    if (len >= ASM_LINE_MAX) len = ASM_LINE_MAX - 1;
    out->name[0] = '\0';
    out->next = 0;
    /* fwd_* list the last statement's "Nf" references; a label (or its error) makes none,
     * and a stale list would be reported again with this statement's text */
    state->fwd_refs = 0;
    if (!may_be_label(text, len)) {                          /* the usual instruction */
        if (diag) { diag->status = MQSAD_OK; diag->column = diag->extra_column = 0; diag->message[0] = '\0'; }
        return 0;
    }
    if (diag) { memset(diag, 0, sizeof *diag); diag->status = MQSAD_OK; }
    mqsad__asm_lex_init(&lx, text, len);
    t = asm_cur(&lx);
    col = t->pos + 1;
    kind = t->kind;
    ival = t->ival;              /* t is the current token: the lexer moves on below */
    if (kind == TK_DOT || kind == TK_INT) {
        raw = text + t->pos;
        rawlen = t->len;
        asm_next(&lx);
    } else if (!(kind = (asm_tok_kind)mqsad__asm_take_name(&lx, &raw, &rawlen))) {
        return 0;
    }
    if (asm_cur(&lx)->kind != TK_COLON) return 0;
    if (kind == TK_INT && (int64_t)ival < 0) return 0;   /* "unexpected token" */
    out->next = asm_cur(&lx)->pos + 1;
    if (kind == TK_DOT) {
        set_diag(diag, MQSAD_E_SYNTAX, col, "invalid use of pseudo-symbol '.' as a label");
        return -1;
    }
    if (kind == TK_INT) {
        if (!define_directional(state, (uint32_t)ival, out)) {
            set_diag(diag, MQSAD_E_INPUT_TOO_LONG, col, "too many labels");
            return -1;
        }
        return 1;
    }
    if (mqsad__asm_symbol_print(raw, rawlen, out->name, sizeof out->name) >= sizeof out->name) {
        set_diag(diag, MQSAD_E_INPUT_TOO_LONG, col, "label name too long");
        return -1;
    }
    /* the symbol's name is the unescaped one: remember that */
    h = mqsad__name_hash(out->name, strlen(out->name));
    state->lookups++;
    /* a variable's symbol may become a label ("x = 5" then "x:"): later references to it
     * are the symbol's, not 5, and it may not be assigned again */
    if ((var = mqsad__var_live(state, h)) >= 0) state->var[var].absolute = MQSAD__VAR_NOW_LABEL;
    for (i = 0; i < state->named_labels && i < MQSAD_NAMED_LABELS; i++) {
        if (state->named[i] == h) {
            if (var >= 0) return 1;   /* a label, then a variable (by an escaped name), now a label */
            if (diag) {
                char msg[sizeof diag->message];
                char plain[MQSAD_SYMBOL_MAX];
                size_t n = 0, k;
                /* MCSymbol::getName: the name without quotes and escapes */
                for (k = 0; k < rawlen && n + 1 < sizeof plain; k++) {
                    if (kind == TK_STRING && raw[k] == '\\' && k + 1 < rawlen &&
                        (raw[k + 1] == '\\' || raw[k + 1] == '"')) k++;
                    plain[n++] = raw[k];
                }
                plain[n] = '\0';
                snprintf(msg, sizeof msg, "symbol '%s' is already defined", plain);
                set_diag(diag, MQSAD_E_SYNTAX, col, msg);
            }
            return 1;
        }
    }
    slot = state->named_labels;
    if (slot >= MQSAD_NAMED_LABELS) {
        set_diag(diag, MQSAD_E_INPUT_TOO_LONG, col, "too many labels");
        return -1;
    }
    state->named[slot] = h;
    state->named_labels = slot + 1;
    return 1;
}
