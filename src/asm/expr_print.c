/*
 * expr_print.c — an MC expression as llvm-mc 22 prints it (MCExpr::print, with LLVM 22's
 * precedence-based parentheses), symbol names (MCSymbol::print), and whether the code
 * emitter would make an expression PC-relative.
 */
#include "asm/asm.h"

#include <stdio.h>
#include <string.h>

typedef struct pbuf { char *p; size_t size, len; } pbuf;

static void pput(pbuf *b, const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (b->len + 1 < b->size) b->p[b->len] = s[i];
        b->len++;
    }
}

static void pputs(pbuf *b, const char *s) { pput(b, s, strlen(s)); }

static void pint(pbuf *b, int64_t v)
{
    char tmp[24];
    int i = 24;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do { tmp[--i] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) tmp[--i] = '-';
    pput(b, tmp + i, (size_t)(24 - i));
}

static int prec_of(asm_eop op) { return (op == EOP_ADD || op == EOP_SUB) ? 1 : 0; }

/* MCSymbol::print: a name with a character outside [A-Za-z0-9_$.] (or an empty one) is
 * quoted, with backslash, double quote and newline escaped. A quoted name in the source
 * had its two escapes (backslash-backslash, backslash-quote) undone; any other backslash
 * stays, so the source "a\qb" prints as "a\\qb" (llvm-mc 22). raw[0..n) is the name as
 * written (inside the quotes for a quoted one); unescape 0 takes it as the name itself. */
static void symbol_name(pbuf *b, const char *raw, unsigned n, int unescape)
{
    unsigned k, quote = n == 0;
    for (k = 0; k < n; k++) {
        int ch = (unsigned char)raw[k];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '_' || ch == '$' || ch == '.')) quote = 1;
    }
    if (!quote) {
        pput(b, raw, n);
        return;
    }
    pput(b, "\"", 1);
    for (k = 0; k < n; k++) {
        char ch = raw[k];
        if (unescape && ch == '\\' && k + 1 < n && (raw[k + 1] == '\\' || raw[k + 1] == '"')) ch = raw[++k];
        if (ch == '\\') pput(b, "\\\\", 2);
        else if (ch == '"') pput(b, "\\\"", 2);
        else if (ch == '\n') pput(b, "\\n", 2);
        else pput(b, &ch, 1);
    }
    pput(b, "\"", 1);
}

static size_t print_name(const char *raw, unsigned n, int unescape, char *buf, size_t size)
{
    pbuf b;
    b.p = buf; b.size = size; b.len = 0;
    symbol_name(&b, raw, n, unescape);
    if (size) buf[b.len < size ? b.len : size - 1] = '\0';
    return b.len;
}

size_t mqsad__asm_symbol_print(const char *raw, unsigned n, char *buf, size_t size)
{
    return print_name(raw, n, 1, buf, size);
}

size_t mqsad__asm_symbol_print_as_written(const char *raw, unsigned n, char *buf, size_t size)
{
    return print_name(raw, n, 0, buf, size);
}

static void print_node(const asm_expr_ctx *c, const char *line, int i, int surround,
                       pbuf *b, unsigned depth)
{
    const asm_node *n = &c->nodes[i];
    static const char *const names[] = {
        "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "!", "&&", "||",
        "==", "!=", "<", "<=", ">", ">=" };
    if (depth > ASM_EXPR_NODES + 8) return;
    switch (n->kind) {
    case EN_CONST: pint(b, n->value); return;
    case EN_ARG: return;     /* printed by its EN_FUNC */
    case EN_SYM:
        if (n->is_temp) {
            char tb[24];
            pput(b, tb, (size_t)snprintf(tb, sizeof tb, ".Ltmp%u", n->temp));
        } else {
            symbol_name(b, line + n->pos, n->len, 1);
        }
        if (n->variant >= 0) {
            pput(b, "@", 1);
            pputs(b, mqsad__asm_variant_name(n->variant));
        }
        return;
    case EN_FUNC: {
        /* AMDGPUMCExpr::printImpl: "name(" arguments joined by ", " ")" */
        int arg;
        pputs(b, mqsad__asm_func_name((int)n->value));
        pput(b, "(", 1);
        for (arg = n->a; arg >= 0; arg = c->nodes[arg].b) {
            print_node(c, line, c->nodes[arg].a, 0, b, depth + 1);
            if (c->nodes[arg].b >= 0) pput(b, ", ", 2);
        }
        pput(b, ")", 1);
        return;
    }
    case EN_UNARY:
        pputs(b, n->op == EOP_NEG ? "-" : n->op == EOP_NOT ? "~" : n->op == EOP_LNOT ? "!" : "+");
        print_node(c, line, n->a, 9, b, depth + 1);
        return;
    case EN_BINARY: {
        int p = prec_of(n->op), paren = p < surround, sub = p ? p : 9;
        if (paren) pput(b, "(", 1);
        print_node(c, line, n->a, sub, b, depth + 1);
        if (n->op == EOP_ADD && c->nodes[n->b].kind == EN_CONST && c->nodes[n->b].value < 0) {
            pint(b, c->nodes[n->b].value);
            if (paren) pput(b, ")", 1);
            return;
        }
        pputs(b, names[n->op]);
        print_node(c, line, n->b, sub + 1, b, depth + 1);
        if (paren) pput(b, ")", 1);
        return;
    }
    }
}

size_t mqsad__asm_expr_print(const asm_expr_ctx *ctx, const char *line, int node, char *buf, size_t size)
{
    pbuf b;
    b.p = buf; b.size = size; b.len = 0;
    if (node >= 0) print_node(ctx, line, node, 0, &b, 0);
    if (size) buf[b.len < size ? b.len : size - 1] = '\0';
    return b.len;
}

static int pcrel(const asm_expr_ctx *c, int i, unsigned depth)
{
    const asm_node *n = &c->nodes[i];
    if (depth > ASM_EXPR_NODES + 8) return 0;
    switch (n->kind) {
    case EN_SYM: return n->variant < 0 || mqsad__asm_variant_pcrel(n->variant);
    case EN_UNARY: return pcrel(c, n->a, depth + 1);
    case EN_BINARY:
        if (n->op == EOP_SUB) return 0;
        return pcrel(c, n->a, depth + 1) || pcrel(c, n->b, depth + 1);
    default: return 0;
    }
}

int mqsad__asm_expr_pcrel(const asm_expr_ctx *ctx, int node)
{
    return node >= 0 && pcrel(ctx, node, 0);
}
