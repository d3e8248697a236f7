/*
 * expr.c — LLVM MC expressions (AsmParser::parseExpression / parsePrimaryExpr /
 * parseBinOpRHS and MCExpr::evaluateAsAbsolute, LLVM 22, GNU flavour; printing: expr_print.c).
 *
 * Precedence (lowest first): || (1), && (2), == != <> < <= > >= (3), + - (4),
 * | ^ & ! (5, "!" is or-not), * / % << >> (6); all left-associative. Unary - ~ ! + bind to
 * a primary. Values are 64-bit two's complement and wrap; ">>" is a logical shift and a
 * shift count is taken modulo 64 (what llvm-mc does on x86-64); comparisons give -1/0;
 * && || ! give 1/0. Division or remainder by zero leaves the expression unevaluated (not
 * absolute), as in LLVM; INT64_MIN / -1 wraps (llvm-mc 22 dies with SIGFPE there).
 * A real token inside an expression is its double bit pattern (so -(1.0) = -0x3ff0...).
 *
 * Bounds: nesting (parentheses, unary operators) deeper than ASM_EXPR_DEPTH is an error
 * ("expression too deeply nested"); the node pool is fixed (ASM_EXPR_NODES) — once it is
 * half full, constant sub-trees are folded and their nodes given back (so constant chains
 * of any length fit), and a symbolic expression that still does not fit is an error
 * ("expression too complex").
 */
#include "asm/asm.h"

#include <stdio.h>
#include <string.h>

static void set_err(asm_expr_ctx *c, unsigned pos, const char *msg)
{
    if (!c->err) {
        c->err = 1;
        c->err_pos = pos;
        c->err_msg = msg;
    }
}

/* AMDGPU symbol variants (AMDGPUMCAsmInfo atSpecifiers, LLVM 22): matched without case,
 * printed in lower case; abs* give an FK_Data_4 fixup, the others FK_PCRel_4. */
static const struct { const char *name; int pcrel; } k_variants[] = {
    { "gotpcrel", 1 }, { "gotpcrel32@lo", 1 }, { "gotpcrel32@hi", 1 }, { "rel32@lo", 1 },
    { "rel32@hi", 1 }, { "rel64", 1 }, { "abs32@lo", 0 }, { "abs32@hi", 0 }, { "abs64", 0 },
};

static int find_variant(const char *s, size_t n)
{
    size_t i, k;
    for (i = 0; i < sizeof k_variants / sizeof k_variants[0]; i++) {
        const char *v = k_variants[i].name;
        if (strlen(v) != n) continue;
        for (k = 0; k < n; k++) {
            int ch = (unsigned char)s[k];
            if (ch >= 'A' && ch <= 'Z') ch += 'a' - 'A';
            if (ch != v[k]) break;
        }
        if (k == n) return (int)i;
    }
    return -1;
}

/* Attaches the variant text s[0..n) (at column pos) to symbol node nd; 0 on error. */
static int set_variant(asm_expr_ctx *c, int nd, unsigned pos, const char *s, size_t n)
{
    int v = find_variant(s, n);
    if (v < 0) {
        if (!c->err) {
            snprintf(c->err_text, sizeof c->err_text, "invalid variant '%.*s'",
                     (int)(n > 60 ? 60 : n), s);
            set_err(c, pos, c->err_text);
        }
        return 0;
    }
    c->nodes[nd].variant = v;
    return 1;
}

/* A variant name that is a token of its own (at the current token): parseIdentifier lexes
 * past it before it is looked up, so an error token right after it is the current one
 * when set_variant's error is raised (which steps over it unreported). 0 on error. */
static int take_variant(asm_expr_ctx *c, int nd)
{
    unsigned vpos = asm_cur(c->lx)->pos, vlen = asm_cur(c->lx)->len;
    asm_next(c->lx);
    return set_variant(c, nd, vpos, c->lx->text + vpos, vlen);
}

/* After a quoted symbol name: an optional "@variant" written as a separate token
 * ("\"s\"@abs64", "\"s\" @abs64"); llvm-mc: "expected symbol variant after '@'" if no name
 * follows. (After a plain name, a spaced "@variant" is parseExpression's trailing
 * modifier.) */
static int spaced_variant(asm_expr_ctx *c, int nd)
{
    const asm_tok *t = asm_cur(c->lx);
    if (t->kind != TK_AT) return 1;
    asm_next(c->lx);
    t = asm_cur(c->lx);
    if (t->kind != TK_IDENT) {
        set_err(c, t->pos, "expected symbol variant after '@'");
        return 0;
    }
    /* an empty name ("") is "expected a symbol reference" after the variant, whatever it is */
    if (c->nodes[nd].len == 0) {
        asm_next(c->lx);
        return 1;
    }
    return take_variant(c, nd);
}

static int new_node(asm_expr_ctx *c, asm_node_kind k, unsigned pos)
{
    asm_node *n;
    if (c->nnodes >= ASM_EXPR_NODES) {
        set_err(c, pos, "expression too complex");
        return -1;
    }
    n = &c->nodes[c->nnodes];
    memset(n, 0, sizeof *n);
    n->kind = k;
    n->a = n->b = -1;
    n->variant = -1;
    return c->nnodes++;
}

/* LLVM's AMDGPU expression functions (AMDGPUAsmParser::parsePrimaryExpr, AMDGPUMCExpr
 * in LLVM 22), with the number of arguments their evaluation reads: llvm-mc 22 reads past
 * the argument list with fewer (and crashes), so mqsad rejects those. */
enum { AF_MAX, AF_OR, AF_EXTRASGPRS, AF_TOTALNUMVGPRS, AF_ALIGNTO, AF_OCCUPANCY, AF_COUNT };
static const struct { const char *name; unsigned char len, args; } k_funcs[AF_COUNT] = {
    { "max", 3, 1 }, { "or", 2, 1 }, { "extrasgprs", 10, 3 }, { "totalnumvgprs", 13, 2 },
    { "alignto", 7, 2 }, { "occupancy", 9, 7 },
};


/* llvm::alignTo(Value, Align) of LLVM 22: the rounded-up quotient times Align, modulo 2^64
 * (Align != 0) */
static uint64_t align_to(uint64_t value, uint64_t align)
{
    return (value / align + (value % align != 0)) * align;
}

/* IsaInfo::getOccupancyWithNumSGPRs; gen is AMDGPUSubtarget::Generation (7 VI, 9 GFX10),
 * an int there: a 64-bit argument is cut to 32 bits and compared signed */
static unsigned occupancy_sgprs(unsigned sgprs, unsigned max_waves, int32_t gen)
{
    if (gen >= 9) return max_waves;
    if (gen >= 7) return sgprs <= 80 ? 10 : sgprs <= 88 ? 9 : sgprs <= 100 ? 8 : 7;
    return sgprs <= 48 ? 10 : sgprs <= 56 ? 9 : sgprs <= 64 ? 8 : sgprs <= 72 ? 7 :
           sgprs <= 80 ? 6 : 5;
}

/* A unary operator on an absolute value. */
static int64_t apply_unary(asm_eop op, int64_t x)
{
    switch (op) {
    case EOP_NEG: return (int64_t)(0 - (uint64_t)x);
    case EOP_NOT: return (int64_t)~(uint64_t)x;
    case EOP_LNOT: return !x;
    default: return x;
    }
}

/* A binary operator on absolute values (MCBinaryExpr::evaluateAsRelocatableImpl): 0 where
 * LLVM gives no value (division by zero). */
static int apply_binary(asm_eop op, int64_t x, int64_t y, int64_t *v)
{
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
    switch (op) {
    case EOP_ADD: *v = (int64_t)(ux + uy); break;
    case EOP_SUB: *v = (int64_t)(ux - uy); break;
    case EOP_MUL: *v = (int64_t)(ux * uy); break;
    case EOP_DIV:
        if (y == 0) return 0;
        *v = (x == INT64_MIN && y == -1) ? INT64_MIN : x / y;
        break;
    case EOP_MOD:
        if (y == 0) return 0;
        *v = (x == INT64_MIN && y == -1) ? 0 : x % y;
        break;
    case EOP_SHL: *v = (int64_t)(ux << (uy & 63)); break;
    case EOP_LSHR: *v = (int64_t)(ux >> (uy & 63)); break;
    case EOP_AND: *v = (int64_t)(ux & uy); break;
    case EOP_OR: *v = (int64_t)(ux | uy); break;
    case EOP_XOR: *v = (int64_t)(ux ^ uy); break;
    case EOP_ORNOT: *v = (int64_t)(ux | ~uy); break;
    case EOP_LAND: *v = x && y; break;
    case EOP_LOR: *v = x || y; break;
    case EOP_EQ: *v = x == y ? -1 : 0; break;
    case EOP_NE: *v = x != y ? -1 : 0; break;
    case EOP_LT: *v = x < y ? -1 : 0; break;
    case EOP_LE: *v = x <= y ? -1 : 0; break;
    case EOP_GT: *v = x > y ? -1 : 0; break;
    case EOP_GE: *v = x >= y ? -1 : 0; break;
    default: return 0;
    }
    return 1;
}

/* MCExpr::evaluateAsRelocatable in LLVM 22's order, for what it decides beyond the value:
 * 1 and *v when absolute; 2 when relocatable (sym - sym + constant, with at most one symbol
 * on each side: *syms counts them, 1 per + and 16 per - symbol); 0 when it fails; -1 where
 * llvm-mc 22 crashes (*crash = the function node): a function that reads an argument it
 * was not given (extrasgprs reads its third first, occupancy its first five), or alignto /
 * occupancy dividing by zero. A binary operator does not look at its right side when its
 * left side fails, and the functions stop at the first argument that is not absolute,
 * which is why "alignto(x)" is printed and "alignto(5)" crashes. */
static int leval(const asm_expr_ctx *c, int i, int64_t *v, unsigned *syms, int *crash,
                 unsigned depth)
{
    const asm_node *n = &c->nodes[i];
    int64_t x, y;
    unsigned sa = 0, sb = 0;
    int r, l;
    *syms = 0;
    if (depth > ASM_EXPR_NODES + 8) return 0;
    switch (n->kind) {
    case EN_CONST: *v = n->value; return 1;
    case EN_SYM: *syms = 1; return 2;
    case EN_ARG: return 0;
    case EN_UNARY:
        r = leval(c, n->a, &x, &sa, crash, depth + 1);
        if (r == 1) { *v = apply_unary(n->op, x); return 1; }
        if (r != 2) return r;
        /* -(a - b + k) is (b - a - k); LLVM 22 refuses -(a + k) */
        if (n->op == EOP_NEG) {
            if ((sa & 15) && !(sa >> 4)) return 0;
            *syms = (sa & 15) << 4 | sa >> 4;
            return 2;
        }
        if (n->op == EOP_PLUS) { *syms = sa; return 2; }
        return 0;
    case EN_BINARY:
        l = leval(c, n->a, &x, &sa, crash, depth + 1);
        if (l <= 0) return l;
        r = leval(c, n->b, &y, &sb, crash, depth + 1);
        if (r <= 0) return r;
        if (l == 1 && r == 1) return apply_binary(n->op, x, y, v);
        if (n->op == EOP_SUB) sb = (sb & 15) << 4 | sb >> 4;
        else if (n->op != EOP_ADD) return 0;
        *syms = sa + sb;
        return (*syms & 15) <= 1 && (*syms >> 4) <= 1 ? 2 : 0;
    case EN_FUNC:
        break;
    }
    {
        int f = (int)n->value, arg, k, idx[7], nargs = 0, ok = 1;
        uint64_t a[7] = { 0 };
        int64_t total = 0;
        static const signed char order[AF_COUNT][8] = {
            { -1 }, { -1 },                      /* max, or: every argument, in order */
            { 2, 0, 1, -1 },                     /* extrasgprs */
            { 0, 1, -1 },                        /* totalnumvgprs */
            { 0, 1, -1 },                        /* alignto */
            { 0, 1, 2, 3, 4, 5, 6, -1 },         /* occupancy (the first five all read) */
        };
        for (arg = n->a; arg >= 0; arg = c->nodes[arg].b) {
            if (f == AF_MAX || f == AF_OR) {
                r = leval(c, c->nodes[arg].a, &x, &sa, crash, depth + 1);
                if (r != 1) return r < 0 ? r : 0;
                total = nargs == 0 ? x : f == AF_MAX ? (x > total ? x : total)
                                                     : (int64_t)((uint64_t)total | (uint64_t)x);
            } else if (nargs < 7) {
                idx[nargs] = arg;
            }
            nargs++;
        }
        if (f == AF_MAX || f == AF_OR) { *v = total; return 1; }
        for (k = 0; order[f][k] >= 0; k++) {
            int want = order[f][k];
            if (want >= nargs) { *crash = i; return -1; }
            r = leval(c, c->nodes[idx[want]].a, &x, &sa, crash, depth + 1);
            if (r < 0) return r;
            a[want] = (uint64_t)x;
            if (r != 1) ok = 0;
            if (!ok && !(f == AF_OCCUPANCY && want < 4)) return 0;
        }
        switch (f) {
        case AF_EXTRASGPRS: {
            /* IsaInfo::getNumExtraSGPRs(vcc used, flat scratch used, xnack used) */
            const mqsad_family *fam = c->fam;
            uint64_t e = a[0] ? 2 : 0;
            if (fam->encoding == MQSAD_ENC_SICI) {
                if (a[1]) e = 4;
            } else if (fam->encoding == MQSAD_ENC_VI) {
                if (a[2]) e = 4;
                if (a[1] || fam->arch_flat_scratch) e = 6;
            }
            total = (int64_t)e;
            break;
        }
        case AF_TOTALNUMVGPRS:   /* (AGPRs, VGPRs) */
            total = (int64_t)(c->fam->gfx90a_insts && a[0] ? align_to(a[1], 4) + a[0] :
                              a[1] > a[0] ? a[1] : a[0]);
            break;
        case AF_ALIGNTO:
            if (a[1] == 0) { *crash = i; return -1; }
            total = (int64_t)align_to(a[0], a[1]);
            break;
        default: {   /* occupancy(max waves, VGPR granule, total VGPRs, generation, initial,
                      * SGPRs, VGPRs); LLVM passes them on as 32-bit unsigned */
            unsigned occ = (unsigned)a[4], w;
            if (a[5]) {
                w = occupancy_sgprs((unsigned)a[5], (unsigned)a[0], (int32_t)(uint32_t)a[3]);
                if (w < occ) occ = w;
            }
            if (a[6]) {
                /* IsaInfo::getNumWavesPerEUWithNumVGPRs */
                unsigned nv = (unsigned)a[6], gran = (unsigned)a[1], rounded;
                if (nv < gran) {
                    w = (unsigned)a[0];
                } else {
                    if (gran == 0) { *crash = i; return -1; }
                    rounded = (unsigned)align_to(nv, gran);
                    if (rounded == 0) { *crash = i; return -1; }
                    w = (unsigned)a[2] / rounded;
                    if (w < 1) w = 1;
                    if (w > (unsigned)a[0]) w = (unsigned)a[0];
                }
                if (w < occ) occ = w;
            }
            total = (int64_t)(uint64_t)occ;
            break;
        }
        }
        *v = total;
        return 1;
    }
}

/* 1 and *v when the sub-tree at i is absolute: leval's answer without what it decides
 * for relocatable and crashing trees. */
static int eval(const asm_expr_ctx *c, int i, int64_t *v)
{
    unsigned syms;
    int crash = -1;
    return leval(c, i, v, &syms, &crash, 0) == 1;
}

int mqsad__asm_expr_absolute(const asm_expr_ctx *ctx, int node, int64_t *v)
{
    int64_t tmp;
    if (node < 0) return 0;
    if (!v) v = &tmp;
    return eval(ctx, node, v);
}

/* Replaces node i by its value when it is absolute (used when the pool fills). */
static void fold(asm_expr_ctx *c, int i)
{
    int64_t v;
    if (c->nodes[i].kind != EN_CONST && eval(c, i, &v)) {
        c->nodes[i].kind = EN_CONST;
        c->nodes[i].value = v;
        c->nodes[i].a = c->nodes[i].b = -1;
        c->folded = 1;
    }
}

/* Every sub-tree is a contiguous run of nodes ending at its root (children are built
 * first, left before right): its first node. */
static int subtree_start(const asm_expr_ctx *c, int i)
{
    while (c->nodes[i].a >= 0) i = c->nodes[i].a;
    return i;
}

/* When the pool is half full: folds the sub-tree at i, the last one built, and gives its
 * nodes back when it became a constant (so constant chains of any length fit). */
static int fold_last(asm_expr_ctx *c, int i)
{
    int start;
    if (c->nnodes < ASM_EXPR_NODES / 2 || i != c->nnodes - 1) return i;
    start = subtree_start(c, i);
    fold(c, i);
    if (c->nodes[i].kind != EN_CONST || start == i) return i;
    c->nodes[start] = c->nodes[i];
    c->nnodes = start + 1;
    return start;
}

static int binop_prec(asm_tok_kind k, asm_eop *op)
{
    switch (k) {
    case TK_PIPEPIPE: *op = EOP_LOR; return 1;
    case TK_AMPAMP: *op = EOP_LAND; return 2;
    case TK_EQEQ: *op = EOP_EQ; return 3;
    case TK_NE: case TK_LTGT: *op = EOP_NE; return 3;
    case TK_LT: *op = EOP_LT; return 3;
    case TK_LE: *op = EOP_LE; return 3;
    case TK_GT: *op = EOP_GT; return 3;
    case TK_GE: *op = EOP_GE; return 3;
    case TK_PLUS: *op = EOP_ADD; return 4;
    case TK_MINUS: *op = EOP_SUB; return 4;
    case TK_PIPE: *op = EOP_OR; return 5;
    case TK_EXCL: *op = EOP_ORNOT; return 5;
    case TK_CARET: *op = EOP_XOR; return 5;
    case TK_AMP: *op = EOP_AND; return 5;
    case TK_STAR: *op = EOP_MUL; return 6;
    case TK_SLASH: *op = EOP_DIV; return 6;
    case TK_PERCENT: *op = EOP_MOD; return 6;
    case TK_SHL: *op = EOP_SHL; return 6;
    case TK_SHR: *op = EOP_LSHR; return 6;
    default: return 0;
    }
}

static int parse_primary(asm_expr_ctx *c);
static int parse_target_primary(asm_expr_ctx *c);
static int parse_expression(asm_expr_ctx *c);
static int survives(asm_expr_ctx *c, int root, int64_t *v);

/* AsmParser::applyModifierToExpr: the variant goes on every symbol of the tree; 0 if there
 * is none (a constant), -1 if a symbol already has one (LLVM: "already modified"). */
static int apply_modifier(asm_expr_ctx *c, int i, int variant, unsigned depth)
{
    asm_node *n = &c->nodes[i];
    int a, b;
    if (depth > ASM_EXPR_NODES + 8) return 0;
    switch (n->kind) {
    case EN_SYM:
        if (n->variant >= 0) return -1;
        n->variant = variant;
        return 1;
    case EN_UNARY:
        return apply_modifier(c, n->a, variant, depth + 1);
    case EN_BINARY:
        a = apply_modifier(c, n->a, variant, depth + 1);
        if (a < 0) return -1;
        b = apply_modifier(c, n->b, variant, depth + 1);
        if (b < 0) return -1;
        return a || b;
    default:
        return 0;
    }
}

/* AsmParser::parseExpression's special case "a op b @ modifier": after a whole expression,
 * '@' and a variant name apply the variant to the expression's symbols. */
static int trailing_modifier(asm_expr_ctx *c, int root)
{
    const asm_tok *t;
    int v, r;
    if (asm_cur(c->lx)->kind != TK_AT) return 0;
    asm_next(c->lx);
    t = asm_cur(c->lx);
    if (t->kind != TK_IDENT) {
        set_err(c, t->pos, "unexpected symbol modifier following '@'");
        return -1;
    }
    v = find_variant(c->lx->text + t->pos, t->len);
    if (v < 0) {
        snprintf(c->err_text, sizeof c->err_text, "invalid variant '%.*s'",
                 (int)(t->len > 60 ? 60 : t->len), c->lx->text + t->pos);
        set_err(c, t->pos, c->err_text);
        return -1;
    }
    r = apply_modifier(c, root, v, 0);
    if (r <= 0) {
        snprintf(c->err_text, sizeof c->err_text, r < 0 ?
                 "invalid variant on expression '%.*s' (already modified)" :
                 "invalid modifier '%.*s' (no symbols present)",
                 (int)(t->len > 40 ? 40 : t->len), c->lx->text + t->pos);
        set_err(c, t->pos, c->err_text);
        return -1;
    }
    asm_next(c->lx);
    return 0;
}

static int parse_binop_rhs(asm_expr_ctx *c, unsigned prec, int lhs)
{
    for (;;) {
        asm_eop op = EOP_ADD, dummy;
        const asm_tok *t = asm_cur(c->lx);
        unsigned tp = (unsigned)binop_prec(t->kind, &op), np;
        unsigned pos = t->pos;
        int rhs, n;
        if (tp < prec || tp == 0) return lhs;
        asm_next(c->lx);
        lhs = fold_last(c, lhs);
        rhs = parse_target_primary(c);
        if (rhs < 0) return -1;
        np = (unsigned)binop_prec(asm_cur(c->lx)->kind, &dummy);
        if (tp < np) {
            if (++c->depth > ASM_EXPR_DEPTH) { set_err(c, pos, "expression too deeply nested"); return -1; }
            rhs = parse_binop_rhs(c, tp + 1, rhs);
            c->depth--;
            if (rhs < 0) return -1;
        }
        rhs = fold_last(c, rhs);
        if (c->nnodes >= ASM_EXPR_NODES / 2) fold(c, lhs);
        n = new_node(c, EN_BINARY, pos);
        if (n < 0) return -1;
        c->nodes[n].op = op;
        c->nodes[n].a = lhs;
        c->nodes[n].b = rhs;
        lhs = n;
    }
}

/* AsmParser::parsePrimaryExpr after an integer: the identifier that follows (also after
 * blanks) is checked for "@variant" and, when it is "f" or "b", makes the pair a
 * directional label, node n a temporary symbol: "Nb" must have been defined ("N:"
 * before it), "Nf" is checked at the end of the file (its column goes to st->fwd_column).
 * Each (N, instance) gets its .LtmpN the first time it is named or defined. */
static int directional(asm_expr_ctx *c, int n, unsigned pos)
{
    const asm_tok *t = asm_cur(c->lx);
    const char *id = c->lx->text + t->pos, *at = memchr(id, '@', t->len);
    size_t k = at ? (size_t)(at - id) : t->len;
    mqsad_asm_state *st = c->st;
    uint32_t value = (uint32_t)c->nodes[n].value;
    int variant = -1, back, i;
    if (at) {
        variant = find_variant(at + 1, t->len - k - 1);
        if (variant < 0) {
            snprintf(c->err_text, sizeof c->err_text, "invalid variant '%.*s'",
                     (int)(t->len - k - 1 > 60 ? 60 : t->len - k - 1), at + 1);
            set_err(c, t->pos, c->err_text);
            return 0;
        }
    }
    if (k != 1 || (id[0] != 'f' && id[0] != 'b')) return 1;
    back = id[0] == 'b';
    /* MCContext::getDirectionalLocalSymbol: "Nb" the last instance defined, "Nf" the next */
    i = mqsad__dir_symbol(st, value, mqsad__dir_defined(st, value) + !back);
    if (i < 0) { set_err(c, pos, "too many directional labels"); return 0; }
    if (back && !st->dir[i].defined) { set_err(c, pos, "directional label undefined"); return 0; }
    if (!back) {
        if (st->fwd_refs == MQSAD_FWD_REFS) { set_err(c, pos, "too many directional labels"); return 0; }
        st->fwd_column[st->fwd_refs] = pos + 1;
        st->fwd_label[st->fwd_refs++] = st->dir[i].temp;
    }
    c->nodes[n].kind = EN_SYM;
    c->nodes[n].is_temp = 1;
    c->nodes[n].temp = st->dir[i].temp;
    c->nodes[n].variant = variant;
    asm_next(c->lx);
    return 1;
}

/* AsmParser::parsePrimaryExpr substitutes a symbol an assignment gave an absolute value
 * ("x = 5") at once: "x+y" is "5+y" from then on (a later "x = 6" does not change it). */
static void resolve_var(asm_expr_ctx *c, int n)
{
    char name[MQSAD_SYMBOL_MAX];
    int64_t v;
    c->st->lookups++;
    if (!c->st->variables || c->nodes[n].variant >= 0) return;
    if (mqsad__asm_symbol_print(c->lx->text + c->nodes[n].pos, c->nodes[n].len, name,
                                sizeof name) >= sizeof name) return;
    if (mqsad__var_value(c->st, name, &v)) {
        c->nodes[n].kind = EN_CONST;
        c->nodes[n].value = v;
    }
}

static int parse_primary(asm_expr_ctx *c)
{
    const asm_tok *t = asm_cur(c->lx);
    unsigned spos, slen;     /* a symbol name */
    int n, sub;
    asm_eop op;
    if (++c->depth > ASM_EXPR_DEPTH) {
        set_err(c, t->pos, "expression too deeply nested");
        return -1;
    }
    switch (t->kind) {
    case TK_ERROR:
        c->depth--;
        return -1;          /* already diagnosed by the lexer */
    case TK_INT:
        n = new_node(c, EN_CONST, t->pos);
        if (n < 0) return -1;
        c->nodes[n].value = (int64_t)t->ival;
        {
            unsigned pos = t->pos;   /* t is the current token: asm_next overwrites it */
            asm_next(c->lx);
            if (asm_cur(c->lx)->kind == TK_IDENT && !directional(c, n, pos)) return -1;
        }
        c->depth--;
        return n;
    case TK_BIGNUM:
        set_err(c, t->pos, "literal value out of range for directive");
        return -1;
    case TK_REAL: {
        uint64_t bits;
        if (mqsad__asm_parse_real(c->lx->text + t->pos, t->len, &bits)) {
            set_err(c, t->pos, "invalid floating point literal");
            return -1;
        }
        n = new_node(c, EN_CONST, t->pos);
        if (n < 0) return -1;
        c->nodes[n].value = (int64_t)bits;
        asm_next(c->lx);
        c->depth--;
        return n;
    }
    case TK_IDENT:
        spos = t->pos;
        slen = t->len;
    ident: {
        const char *name = c->lx->text + spos, *at;
        at = memchr(name, '@', slen);
        n = new_node(c, EN_SYM, spos);
        if (n < 0) return -1;
        c->nodes[n].pos = spos;
        c->nodes[n].len = slen;
        /* parseIdentifier lexes past the name before the variant is looked up: an error
         * token right after it is then the current one, which the variant's Error()
         * steps over unreported */
        asm_next(c->lx);
        if (at && at + 1 < name + slen) {     /* sym@variant (a trailing '@' is part of the name) */
            size_t k = (size_t)(at - name);
            c->nodes[n].len = (unsigned)k;
            if (!set_variant(c, n, spos + (unsigned)k + 1, at + 1, slen - k - 1)) return -1;
        }
        /* "sym @variant" (spaced) is parseExpression's trailing modifier, not this */
        resolve_var(c, n);
        c->depth--;
        return n;
    }
    case TK_LPAREN:
    case TK_LBRAC: {
        /* parseParenExpr / parseBracketExpr (LLVM 22 accepts "[expr]" inside an
         * expression, e.g. "--[1]", "1+[2]"; a '[' that starts an operand is a register
         * list and never gets here) */
        int mark, absolute, brac = t->kind == TK_LBRAC;
        int64_t v;
        asm_next(c->lx);
        mark = c->nnodes;
        sub = parse_target_primary(c);
        if (sub < 0) return -1;
        sub = parse_binop_rhs(c, 1, sub);
        if (sub < 0) return -1;
        if (trailing_modifier(c, sub) < 0 || (absolute = survives(c, sub, &v)) < 0) return -1;
        if (asm_cur(c->lx)->kind != (brac ? TK_RBRAC : TK_RPAREN)) {
            set_err(c, asm_cur(c->lx)->pos, brac ? "expected ']' in brackets expression" : "expected ')'");
            return -1;
        }
        asm_next(c->lx);
        if (absolute) {   /* parseParenExpr -> parseExpression folds an absolute result */
            c->nnodes = mark;
            sub = new_node(c, EN_CONST, t->pos);
            if (sub < 0) return -1;
            c->nodes[sub].value = v;
        }
        c->depth--;
        return sub;
    }
    case TK_MINUS: op = EOP_NEG; goto unary;
    case TK_TILDE: op = EOP_NOT; goto unary;
    case TK_EXCL: op = EOP_LNOT; goto unary;
    case TK_PLUS: op = EOP_PLUS; goto unary;
    case TK_DOLLAR: {
        /* AsmParser::parseIdentifier: '$' directly followed by an identifier or an integer
         * is one symbol name ("$x", "$1", "$.L0"); anything else, and '*', is
         * "invalid token in expression" at the '$' / '*' */
        const asm_tok *nt = asm_peek(c->lx, 1);
        if ((nt->kind == TK_IDENT || nt->kind == TK_INT) &&
            nt->pos == t->pos + 1) {
            spos = t->pos;
            slen = nt->len + 1;
            asm_next(c->lx);     /* the '$'; the name token is consumed below */
            goto ident;
        }
        set_err(c, t->pos, "invalid token in expression");
        return -1;
    }
    case TK_STAR:
        set_err(c, t->pos, "invalid token in expression");
        return -1;
    case TK_DOT:
        /* AsmParser: '.' is the current location, a new temporary label (numbered over the
         * whole file; llvm-mc prints ".LtmpN:" as it parses it, even if the statement then
         * fails) */
        n = new_node(c, EN_SYM, t->pos);
        if (n < 0) return -1;
        c->nodes[n].pos = t->pos;
        c->nodes[n].is_temp = 1;
        c->nodes[n].temp = c->st->temp_labels++;
        c->st->lookups++;
        asm_next(c->lx);
        c->depth--;
        return n;
    case TK_AT: {
        /* llvm-mc lexes "@abs64" as one identifier: an empty symbol name with a variant */
        unsigned pos = t->pos;
        const asm_tok *nt = asm_peek(c->lx, 1);
        /* parseIdentifier fails without taking the '@' when no name follows it: the
         * token after it is where llvm-mc's skipping starts (and may report) */
        if (!((nt->kind == TK_INT || nt->kind == TK_IDENT) && nt->pos == pos + 1)) {
            set_err(c, pos, "expected a symbol reference");
            return -1;
        }
        asm_next(c->lx);
        nt = asm_cur(c->lx);
        if (nt->kind == TK_INT && nt->pos == pos + 1) {
            /* "@1": parseIdentifier joins '@' and the integer token ("@1x" is "@1" then
             * "x"; "@0x10" is one name) and lexes past it; no variant is a number */
            n = new_node(c, EN_SYM, pos);
            if (n >= 0) (void)take_variant(c, n);
            return -1;
        }
        if (nt->kind != TK_IDENT || nt->pos != pos + 1) {
            set_err(c, pos, "expected a symbol reference");
            return -1;
        }
        n = new_node(c, EN_SYM, pos);
        if (n < 0) return -1;
        c->nodes[n].pos = pos;
        c->nodes[n].len = 0;
        if (!take_variant(c, n)) return -1;
        c->depth--;
        return n;
    }
    case TK_STRING:      /* a quoted symbol name */
        n = new_node(c, EN_SYM, t->pos);
        if (n < 0) return -1;
        c->nodes[n].pos = t->pos + 1;
        c->nodes[n].len = t->len >= 2 ? t->len - 2 : 0;
        asm_next(c->lx);
        if (!spaced_variant(c, n)) return -1;
        if (c->nodes[n].len == 0) {     /* "" : llvm-mc complains at the next token */
            set_err(c, asm_cur(c->lx)->pos, "expected a symbol reference");
            return -1;
        }
        resolve_var(c, n);
        c->depth--;
        return n;
    default:
        set_err(c, t->pos, "unknown token in expression");
        return -1;
    }
unary:
    {
        unsigned pos = t->pos;
        asm_next(c->lx);
        sub = parse_primary(c);
        if (sub < 0) return -1;
        sub = fold_last(c, sub);
        n = new_node(c, EN_UNARY, pos);
        if (n < 0) return -1;
        c->nodes[n].op = op;
        c->nodes[n].a = sub;
        c->depth--;
        return n;
    }
}

/* parseExpression ends by evaluating what it parsed (evaluateAsAbsolute): -1, with an
 * error at the function's name, where llvm-mc 22 crashes there (leval); else 1 and *v when
 * the expression is absolute (parseExpression then folds it), 0 when it is not. */
static int survives(asm_expr_ctx *c, int root, int64_t *v)
{
    unsigned syms;
    int crash = -1, arg, nargs = 0, f, r = leval(c, root, v, &syms, &crash, 0);
    if (r >= 0 || crash < 0) return r == 1;
    f = (int)c->nodes[crash].value;
    for (arg = c->nodes[crash].a; arg >= 0; arg = c->nodes[arg].b) nargs++;
    if (nargs < k_funcs[f].args)
        snprintf(c->err_text, sizeof c->err_text, "%s expression needs %u arguments",
                 k_funcs[f].name, (unsigned)k_funcs[f].args);
    else
        snprintf(c->err_text, sizeof c->err_text, "division by zero in %s expression",
                 k_funcs[f].name);
    set_err(c, c->nodes[crash].pos, c->err_text);
    return -1;
}

/* One of k_funcs, its '(' next: the arguments are whole expressions separated by commas
 * (AMDGPUAsmParser::parsePrimaryExpr, with its messages and columns). */
static int parse_function(asm_expr_ctx *c, int f)
{
    const asm_tok *t = asm_cur(c->lx);
    unsigned name_pos = t->pos, nargs = 0, commas = 0;
    int first = -1, last = -1, arg, link, n;
    if (++c->depth > ASM_EXPR_DEPTH) {
        set_err(c, t->pos, "expression too deeply nested");
        return -1;
    }
    asm_next(c->lx);                 /* the name */
    asm_next(c->lx);                 /* '(' */
    for (;;) {
        t = asm_cur(c->lx);
        if (t->kind == TK_RPAREN) {
            const char *what = NULL;
            asm_next(c->lx);
            t = asm_cur(c->lx);
            if (nargs == 0) what = "empty %s expression";
            else if (commas + 1 != nargs) what = "mismatch of commas in %s expression";
            if (what) {
                snprintf(c->err_text, sizeof c->err_text, what, k_funcs[f].name);
                set_err(c, t->pos, c->err_text);
                return -1;
            }
            n = new_node(c, EN_FUNC, name_pos);
            if (n < 0) return -1;
            c->nodes[n].value = f;
            c->nodes[n].a = first;
            c->nodes[n].pos = name_pos;
            c->depth--;
            return n;
        }
        arg = parse_expression(c);
        if (arg < 0) return -1;
        link = new_node(c, EN_ARG, t->pos);
        if (link < 0) return -1;
        c->nodes[link].a = arg;
        if (last >= 0) c->nodes[last].b = link;
        else first = link;
        last = link;
        nargs++;
        t = asm_cur(c->lx);
        if (t->kind == TK_COMMA) {
            asm_next(c->lx);
            commas++;
        } else if (t->kind != TK_RPAREN) {
            snprintf(c->err_text, sizeof c->err_text, "unexpected token in %s expression",
                     k_funcs[f].name);
            set_err(c, t->pos, c->err_text);
            return -1;
        }
    }
}

/* AMDGPUAsmParser::parsePrimaryExpr, which LLVM calls for the first primary of an
 * expression and for the right side of each binary operator (not after a unary one): a
 * function name directly followed by '(' (its lookahead sees a block comment between as
 * a token) starts a function; anything else is AsmParser's primary. */
static int parse_target_primary(asm_expr_ctx *c)
{
    const asm_tok *t = asm_cur(c->lx);
    if (t->kind == TK_IDENT && t->len <= 13) {
        const char *name = c->lx->text + t->pos;
        int f;
        for (f = 0; f < AF_COUNT; f++) {
            if (t->len == k_funcs[f].len && !memcmp(name, k_funcs[f].name, t->len)) {
                const asm_tok *nt = asm_peek(c->lx, 1);
                if (nt->kind == TK_LPAREN && nt->comments == 0) return parse_function(c, f);
                break;
            }
        }
    }
    return parse_primary(c);
}

int mqsad__asm_parse_expr(asm_expr_ctx *c)
{
    c->folded = 0;
    return parse_expression(c);
}

/* AsmParser::parseExpression */
static int parse_expression(asm_expr_ctx *c)
{
    int mark = c->nnodes, root, lhs, absolute;
    int64_t v;
    lhs = parse_target_primary(c);
    if (lhs < 0) return -1;
    root = parse_binop_rhs(c, 1, lhs);
    if (root < 0) return -1;
    if (trailing_modifier(c, root) < 0 || (absolute = survives(c, root, &v)) < 0) return -1;
    if (absolute) {
        c->nnodes = mark;
        root = new_node(c, EN_CONST, 0);
        if (root < 0) return -1;
        c->nodes[root].value = v;
    }
    return root;
}

/* the names printing needs (expr_print.c) */
const char *mqsad__asm_variant_name(int variant) { return k_variants[variant].name; }
int mqsad__asm_variant_pcrel(int variant) { return k_variants[variant].pcrel; }
const char *mqsad__asm_func_name(int func) { return k_funcs[func].name; }
