/*
 * dpp.c — DPP controls and modifiers on GFX11 and later (docs/deviations.md, D5): mqsad
 * assembles no VOP3-DPP form, but reads their controls and modifiers where and as llvm-mc
 * 22 does, so that a line gets its checks and messages.
 */
#include "asm/pstate.h"

/* D5. LLVM 22 reads DPP controls and modifiers with custom operand parsers that it tries
 * only where the VOP3-DPP forms have them, counting operands from 1 after the mnemonic
 * (VDST, SRC0-2, clamp 5, control 6, then row_mask, bank_mask, bound_ctrl, fi), each
 * optional operand letting the later ones move one place forward: a control at 5 or 6,
 * row_mask at 6-7, bank_mask 6-8, bound_ctrl 6-9, fi 6-10. Anywhere else the same text is
 * "not a valid operand." (or an expression, without the colon). */

/* the DPP modifiers in the order the DPP form takes them, and the last place of each */
static const struct { const char *name; unsigned char len, last; } dpp_mods[4] = {
    { "row_mask", 8, 7 }, { "bank_mask", 9, 8 }, { "bound_ctrl", 10, 9 }, { "fi", 2, 10 },
};

/* 1 if the current token opens a DPP control at operand place k: row_mirror,
 * row_half_mirror, quad_perm, row_shl/shr/ror/share/xmask (GFX10+ names, parseDPPCtrl:
 * the colon is then required), or dpp8 followed by a colon (parseDPP8) */
int mqsad__asm_is_dpp_control(pstate *p, unsigned k)
{
    static const char *const named[] = { "row_mirror", "row_half_mirror", "quad_perm", "row_shl",
                                         "row_shr", "row_ror", "row_share", "row_xmask" };
    const asm_tok *t = cur(p);
    size_t i;
    if ((k != 5 && k != 6) || t->kind != TK_IDENT) return 0;
    if (tok_is(p, t, "dpp8")) return rpeek(p, 1)->kind == TK_COLON;   /* trySkipId: a raw peek */
    for (i = 0; i < sizeof named / sizeof named[0]; i++)
        if (t->len == strlen(named[i]) && memcmp(tstr(p, t), named[i], t->len) == 0) return 1;
    return 0;
}

/* the index in dpp_mods of the DPP modifier NAME: opening at operand place k, or -1 */
int mqsad__asm_dpp_modifier(pstate *p, unsigned k)
{
    const asm_tok *t = cur(p);
    int i;
    if (k < 6 || t->kind != TK_IDENT || rpeek(p, 1)->kind != TK_COLON) return -1;   /* trySkipId */
    for (i = 0; i < 4; i++)
        if (t->len == dpp_mods[i].len && memcmp(tstr(p, t), dpp_mods[i].name, t->len) == 0)
            return k <= dpp_mods[i].last ? i : -1;
    return -1;
}

/* skipToken(kind, msg): 1 and the token consumed, or 0 with msg at the current token */
static int expect_tok(pstate *p, asm_tok_kind kind, const char *msg)
{
    if (cur(p)->kind != kind) { perr(p, cur(p)->pos, msg); return 0; }
    next(p);
    return 1;
}

/* reads a DPP control (mqsad__asm_is_dpp_control) as parseDPPCtrl / parseDPP8 do, with their
 * messages: values are absolute expressions; quad_perm:[4 x 0..3], dpp8:[8 x 0..7],
 * row_shl/row_shr/row_ror:1..15, row_share/row_xmask:0..15. 0 with p->err set on error. */
int mqsad__asm_parse_dpp_control(pstate *p)
{
    const asm_tok *t = cur(p);
    int dpp8 = tok_is(p, t, "dpp8"), quad = tok_is(p, t, "quad_perm");
    int64_t v, lo = tok_is(p, t, "row_share") || tok_is(p, t, "row_xmask") ? 0 : 1;
    const char *name = tstr(p, t);
    unsigned at, name_len = t->len;
    if (tok_is(p, t, "row_mirror") || tok_is(p, t, "row_half_mirror")) { next(p); return 1; }
    next(p);
    if (!expect_tok(p, TK_COLON, "expected a colon")) return 0;
    if (dpp8 || quad) {
        int i, n = dpp8 ? 8 : 4;
        if (!expect_tok(p, TK_LBRAC, "expected an opening square bracket")) return 0;
        for (i = 0; i < n; i++) {
            if (i > 0 && !expect_tok(p, TK_COMMA, "expected a comma")) return 0;
            at = cur(p)->pos;
            if (!mqsad__asm_expr_value(p, &v)) return 0;
            if (v < 0 || v > (dpp8 ? 7 : 3)) {
                perr(p, at, dpp8 ? "expected a 3-bit value" : "expected a 2-bit value");
                return 0;
            }
        }
        return expect_tok(p, TK_RBRAC, "expected a closing square bracket");
    }
    at = cur(p)->pos;
    if (!mqsad__asm_expr_value(p, &v)) return 0;
    if (v < lo || v > 15) {
        char msg[32];
        snprintf(msg, sizeof msg, "invalid %.*s value", (int)name_len, name);
        perr(p, at, msg);
        return 0;
    }
    return 1;
}

/* reads a DPP modifier (mqsad__asm_dpp_modifier) as parseIntWithPrefix does: NAME, ':', an absolute
 * expression. 0 with p->err set when that fails. A bound_ctrl other than 0 or 1 is an
 * error that does not stop the parse ("invalid bound_ctrl value." at the name, and LLVM
 * reads on): *bad_bound gets its column, else 0. */
int mqsad__asm_parse_dpp_modifier(pstate *p, unsigned *bad_bound)
{
    unsigned at = cur(p)->pos;
    int bound_ctrl = tok_is(p, cur(p), "bound_ctrl");
    int64_t v;
    *bad_bound = 0;
    next(p);
    next(p);
    if (!mqsad__asm_expr_value(p, &v)) return 0;
    if (bound_ctrl && v != 0 && v != 1) *bad_bound = at + 1;
    return 1;
}
