/*
 * parse.c — LLVM-syntax text -> mqsad_inst, with llvm-mc 22's diagnostics (message and
 * column). The structure mirrors LLVM's AMDGPUAsmParser so that the *first* error llvm-mc
 * reports is the one we report:
 *
 *  1. ParseInstruction: the mnemonic (case-insensitive; suffixes _e64, _e32, _dpp, _sdwa,
 *     _e64_dpp stripped), then operands left to right, each: the custom "clamp"/"noclamp"
 *     parser at the fifth operand, else parseRegOrImm (register, "not a valid operand." for
 *     modifiers such as -v1 |x| abs() neg() sext() name:value, lit()/lit64(), a float with
 *     an optional '-', or an MC expression). Commas between operands are optional. The
 *     first parse error ends the line ("failed parsing operand." when LLVM has no better
 *     message); an unsupported mnemonic replaces it ("invalid instruction", "e32 variant
 *     of this instruction is not supported", ...).
 *  2. MatchInstructionImpl: operand classes in order, by the instruction table's widths
 *     (match.c);
 *  3. validateInstruction: lds_direct, literals, constant bus, integer clamp, VGPR
 *     alignment, in LLVM's order (match.c).
 *
 * Deliberate deviations from llvm-mc 22 (docs/deviations.md, conformance.md):
 *  D1 lit()/lit64() on targets without VOP3 literals -> "literal operands are not
 *     supported" (LLVM emits a broken 8-byte word for inline values);
 *  D2/D3 literal sharing is decided on the encoded bits, so lit() cannot merge different
 *     literals and -17, -17 / -17, 0xffffffef are both accepted on every GFX10+ target;
 *  D4 gfx1250 lit(X) in SRC0 keeps X in the 64-bit literal (LLVM truncates it to 32 bits)
 *     and rejects X that lit64() would reject.
 *  D5 VOP3-DPP (_e64_dpp, dpp8, dpp16 modifiers), which llvm-mc accepts for the 32-bit
 *     members on GFX11+: "VOP3-DPP forms are not supported".
 * The SAD-family mnemonics of the instruction table (src/isa/insn.c) are known where
 * mqsad_insn_on_target() says so; any other mnemonic gets llvm-mc's "invalid instruction"
 * (with its suggestions) or "instruction not supported on this GPU".
 *
 * This file reads the line (1) and drives the rest: registers are read by reg.c, DPP
 * controls and modifiers by dpp.c, the common operand spellings straight from the text by
 * scan.c (the parser state: asm/pstate.h).
 */
#include "asm/pstate.h"

#include <stddef.h>

/* ---- immediates ----------------------------------------------------------------------------- */

enum { PS_OK = 0, PS_NOMATCH, PS_FAIL };

static int parse_imm(pstate *p, pop *o, int lit);

/* parse_imm once the operand is known to be no register and no modifier */
static int parse_imm_value(pstate *p, pop *o, int lit)
{
    const asm_tok *t;
    if (!lit) {
        int l = tok_is(p, cur(p), "lit64") ? 2 : tok_is(p, cur(p), "lit") ? 1 : 0;
        if (l) {
            int s;
            next(p);
            if (cur(p)->kind != TK_LPAREN) {
                /* llvm-mc 22 names "lit" for lit64 too */
                perr(p, cur(p)->pos, "expected left paren after lit");
                return PS_FAIL;
            }
            next(p);
            s = parse_imm(p, o, l);
            if (s == PS_OK) {
                if (cur(p)->kind != TK_RPAREN) { perr(p, cur(p)->pos, "expected closing parentheses"); return PS_FAIL; }
                next(p);
            }
            return s;
        }
    }
    t = cur(p);
    memset(o, 0, sizeof *o);
    o->pos = t->pos;
    o->lit = lit;
    if (t->kind == TK_REAL || (t->kind == TK_MINUS && rpeek(p, 1)->kind == TK_REAL)) {
        int neg = t->kind == TK_MINUS;
        uint64_t bits;
        const asm_tok *r;
        if (neg) next(p);
        r = cur(p);
        {
            int bad = mqsad__asm_parse_real(tstr(p, r), r->len, &bits);
            next(p);
            if (bad) return PS_FAIL;
        }
        if (neg) bits ^= 0x8000000000000000ull;
        o->kind = PO_IMM;
        o->is_fp = 1;
        o->ival = (int64_t)bits;
        return PS_OK;
    } else {
        int n;
        int64_t v;
        if (t->kind == TK_INT) {
            /* fast path: a lone integer operand */
            asm_tok_kind k = peek(p, 1)->kind;
            if (k == TK_COMMA || k == TK_EOS || k == TK_RPAREN) {
                o->kind = PO_IMM;
                o->ival = (int64_t)t->ival;
                next(p);
                return PS_OK;
            }
        }
        n = mqsad__asm_parse_expr(&p->ex);
        if (n < 0) {
            if (p->ex.err) perr(p, p->ex.err_pos, p->ex.err_msg);
            return PS_FAIL;
        }
        if (mqsad__asm_expr_absolute(&p->ex, n, &v)) {
            o->kind = PO_IMM;
            o->ival = v;
        } else {
            if (lit) return PS_NOMATCH;
            o->kind = PO_EXPR;
            o->folded = p->ex.folded;
            o->node = n;
        }
        return PS_OK;
    }
}

/* an immediate (lit: inside lit() / lit64()); no match where a register or a modifier opens */
static int parse_imm(pstate *p, pop *o, int lit)
{
    if (mqsad__asm_is_register(p, cur(p), rpeek(p, 1)) || mqsad__asm_is_modifier(p)) return PS_NOMATCH;
    return parse_imm_value(p, o, lit);
}

static int parse_operand(pstate *p, pop *o, unsigned index, int known)
{
    /* parseVOPD (GFX11+): "::" (no space between the colons) and the VOPDY mnemonic are
     * token operands; they never match this instruction's operand classes */
    if (p->f->encoding == MQSAD_ENC_GFX11 && cur(p)->kind == TK_COLON &&
        peek(p, 1)->kind == TK_COLON && peek(p, 1)->pos == cur(p)->pos + 1) {
        memset(o, 0, sizeof *o);
        o->kind = PO_TOKEN;
        o->pos = cur(p)->pos;
        next(p);
        next(p);
        if (cur(p)->kind != TK_IDENT) {
            perr(p, cur(p)->pos, "expected a VOPDY instruction after ::");
            return PS_FAIL;
        }
        return PS_OK;   /* the name is the next operand (parsed as a token below) */
    }
    /* custom parser for the optional clamp (operand 5, after vdst, src0, src1, src2) */
    if (known && index == 4) {
        if (tok_is(p, cur(p), "clamp") || tok_is(p, cur(p), "noclamp")) {
            memset(o, 0, sizeof *o);
            o->kind = PO_CLAMP;
            o->pos = cur(p)->pos;
            o->clamp = tok_is(p, cur(p), "clamp");
            next(p);
            return PS_OK;
        }
    }
    if (mqsad__asm_is_register(p, cur(p), rpeek(p, 1))) return mqsad__asm_parse_register(p, o) ? PS_OK : PS_FAIL;
    if (mqsad__asm_is_modifier(p)) return PS_NOMATCH;
    return parse_imm_value(p, o, 0);
}

/* ---- the driver ------------------------------------------------------------------------------ */

/* 1 if llvm-mc 22 assembles a VOP3-DPP form of the instruction on the target: GFX11+
 * (mqsad rejects those forms, D5) */
static int has_vop3_dpp(const pstate *p)
{
    return p->f->encoding == MQSAD_ENC_GFX11 && mqsad__asm_has_vop3_dpp_form(p->in);
}

/* the second error llvm-mc prints for the statement */
static void fill_extra(mqsad_diag *diag, unsigned col, const char *msg)
{
    if (!diag) return;
    diag->extra_column = col;
    put_msg(diag->extra_message, sizeof diag->extra_message, msg);
}

/* "<variant> variant of this instruction is not supported" at the mnemonic */
static void variant_error(mqsad_diag *diag, unsigned col, const char *variant)
{
    char m[80];
    snprintf(m, sizeof m, "%s variant of this instruction is not supported", variant);
    fill_diag(diag, MQSAD_E_UNSUPPORTED, col, m);
}

/* A bad bound_ctrl value (parse_dpp_modifier) is LLVM's first error of the statement:
 * "invalid bound_ctrl value." at col, and the error that followed it, if any, as the
 * second (extra, cut to fit) */
static void bound_ctrl_error(mqsad_diag *diag, unsigned col, unsigned extra_col, const char *extra)
{
    if (!diag) return;
    if (extra) fill_extra(diag, extra_col, extra);
    fill_diag(diag, MQSAD_E_SYNTAX, col, "invalid bound_ctrl value.");
    diag->in_operands = 1;
}

/* dst[0..n) = src[0..n) with ASCII letters in lower case, then a NUL; dst has room for n
 * rounded up to 8, plus 1. Eight bytes a step: bit 7 of a byte of ge_a / gt_z says it is at
 * least 'A' / above 'Z' (bytes at or above 0x80 are left as they are). */
static void lower_ascii(char *dst, const char *src, size_t n)
{
    const uint64_t h = 0x8080808080808080ull, low7 = ~h;
    size_t k;
    memcpy(dst, src, n);
    memset(dst + n, 0, 8);
    for (k = 0; k < n; k += 8) {
        uint64_t x, ge_a, gt_z;
        memcpy(&x, dst + k, 8);
        ge_a = (x & low7) + 0x3f3f3f3f3f3f3f3full;
        gt_z = (x & low7) + 0x2525252525252525ull;
        x |= (ge_a & ~gt_z & ~x & h) >> 2;
        memcpy(dst + k, &x, 8);
    }
    dst[n] = '\0';
}

/* parseMnemonicSuffix: the length of the mnemonic mn[0..len) (any case) without its
 * encoding suffix, and *variant the name of the variant it asks for (NULL: none, _e64) */
static size_t mnemonic_suffix(const char *mn, size_t len, const char **variant)
{
    static const struct { char sfx[9]; unsigned char len; const char *variant; } k_sfx[] = {
        { "_e64_dpp", 8, "e64_dpp" }, { "_e64", 4, NULL }, { "_e32", 4, "e32" }, { "_dpp", 4, "dpp" },
        { "_sdwa", 5, "sdwa" },
    };
    size_t i, k;
    /* every suffix ends in '4', '2', 'p' or 'a': most mnemonics are out after one test */
    char last = len ? (char)(mn[len - 1] | 0x20) : 0;
    if (last != '4' && last != '2' && last != 'p' && last != 'a') return len;
    for (i = 0; i < sizeof k_sfx / sizeof k_sfx[0]; i++) {
        size_t n = k_sfx[i].len;
        if (len < n || mn[len - n] != '_') continue;   /* every suffix opens with '_' */
        for (k = 1; k < n; k++) {
            char c = mn[len - n + k];
            if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
            if (c != k_sfx[i].sfx[k]) break;
        }
        if (k == n) {
            *variant = k_sfx[i].variant;
            return len - n;
        }
    }
    return len;
}

/* A mnemonic that is no SAD-family instruction of this target: "invalid instruction" with
 * llvm-mc's suggestions when no GPU knows the name, "instruction not supported on this GPU"
 * when only others do (a family member the generation lacks, by the instruction table, or
 * any other name by the measured table of suggest.c); for another instruction of this
 * target llvm-mc would go on to its operands, mqsad says "invalid instruction" (a
 * documented difference) */
static void invalid_instruction(const pstate *p, mqsad_diag *diag, unsigned col,
                                const char *name, size_t len)
{
    static const char msg[] = "invalid instruction";
    int cls;
    if (!diag) return;
    /* p->in: the family member the name spells (parse_stmt looked it up), NULL if none */
    cls = p->in ? MQSAD__MN_UNSUPPORTED : mqsad__mnemonic_class(p->t, name, len);
    if (cls == MQSAD__MN_UNSUPPORTED) {
        fill_diag(diag, MQSAD_E_UNSUPPORTED, col, "instruction not supported on this GPU");
        return;
    }
    fill_diag(diag, MQSAD_E_UNSUPPORTED, col, msg);
    if (cls == MQSAD__MN_UNKNOWN)
        mqsad__mnemonic_suggest(p->t, name, len, diag->message + sizeof msg - 1,
                                sizeof diag->message - (sizeof msg - 1));
}

/* The lexer error llvm-mc reports while skipping the rest of a failed statement: the next
 * error token after the current one (approximation of AsmParser::Lex's reporting). */
static void extra_lexer_error(pstate *p, mqsad_diag *diag, unsigned errors)
{
    unsigned guard = 0;
    if (!diag) return;
    /* each Error() llvm-mc raised steps over an error token that is the current one */
    while (errors-- > 0)
        if (cur(p)->kind == TK_ERROR) next(p);
    while (cur(p)->kind != TK_EOS && guard++ < 100000u) {
        if (cur(p)->kind == TK_ERROR) {
            fill_extra(diag, cur(p)->pos + 1, cur(p)->msg);
            return;
        }
        next(p);
    }
}

/* an operand slot before parsing: no operand (kind 0), every member zero */
static const mqsad_operand k_no_operand;

/* mqsad_parse_ex's work; p->ex.st (the file state) is the caller's */
static mqsad_status parse_stmt(pstate *p, const mqsad_target *target, const char *text,
                               size_t len, mqsad_inst *out, mqsad_diag *diag)
{
    pop ops[MAX_OPS];
    unsigned nops = 0, mnem_pos, cap_pos = 0;
    char mn[80 + 8];         /* a mnemonic shorter than 80, lower_ascii's slack */
    size_t mlen, k, raw, mb, me;
    const char *mname;
    int known, variant_err = 0, res, prefixed, dpp_ok = 0, dpp_variant = 0, suffixed = 0;
    unsigned dpp_pos = 0, dpp_after = 0, ndpp = 0;   /* ndpp: DPP items read (mqsad__asm_is_dpp_control) */
    int mod, last_mod = -1, dpp8 = 0;
    unsigned pend[2], npend = 0, bad_bound;   /* columns of "invalid bound_ctrl value." */
    const char *variant = NULL;
    mqsad_inst *in = out;
    const pop *clampop = NULL;

    if (diag) {             /* every field, but not the whole 1 KiB message: once per line */
        diag->status = MQSAD_OK;
        diag->column = diag->extra_column = 0;
        diag->message[0] = diag->extra_message[0] = '\0';
        diag->in_operands = 0;
        diag->past_end = 0;
    }
    if (!target || !target->family || !out || (!text && len)) {
        fill_diag(diag, MQSAD_E_INVALID_ARGUMENT, 0, "invalid argument");
        return MQSAD_E_INVALID_ARGUMENT;
    }
    if (!text) text = "";
    /* every member but fields[] (field_count 0 says none is valid), one by one: a memset of
     * the ~250 bytes before fields[] becomes `rep stos`, slower than these stores */
    out->target = target;
    out->insn = MQSAD_INSN_MQSAD_U32_U8;
    out->length = 0;
    out->clamp = 0;
    out->ignored_bits = 0;
    out->vdst = k_no_operand;
    out->src[0] = k_no_operand;
    out->src[1] = k_no_operand;
    out->src[2] = k_no_operand;
    out->literal = 0;
    out->literal_size = 0;
    out->word = 0;
    out->field_count = 0;
    out->symbol[0] = '\0';
    out->symbol_data4 = 0;
    if (len >= ASM_LINE_MAX) {
        /* columns and token positions are 32-bit: only the line (up to its '\n') counts */
        const char *nl = memchr(text, '\n', ASM_LINE_MAX);
        if (!nl) {
            fill_diag(diag, MQSAD_E_INPUT_TOO_LONG, 1, "line too long");
            return MQSAD_E_INPUT_TOO_LONG;
        }
        len = (size_t)(nl - text);
    }
    p->t = target;
    p->f = target->family;
    p->err = 0;
    p->depth = 0;
    p->ex.nnodes = 0;
    p->ex.depth = 0;
    p->ex.err = 0;
    p->ex.lx = &p->lx;
    p->ex.fam = target->family;
    p->lx.text = text;
    p->lx.len = len;
    raw = mqsad__asm_plain_opening(text, len, &mb, &me);
    if (raw) {
        mnem_pos = (unsigned)mb;
        mname = text + mb;
        mlen = me - mb;
        goto mnemonic;
    }
    mqsad__asm_lex_init(&p->lx, text, len);

    if (cur(p)->kind == TK_EOS) {
        fill_diag(diag, MQSAD_E_SYNTAX, cur(p)->pos + 1, "expected an instruction");
        return MQSAD_E_SYNTAX;
    }
    /* parseIdentifier joins "$x" / "@x" / "$1" into one name: a label or an unknown mnemonic */
    prefixed = (cur(p)->kind == TK_DOLLAR || cur(p)->kind == TK_AT) &&
               (peek(p, 1)->kind == TK_IDENT || peek(p, 1)->kind == TK_INT) &&
               peek(p, 1)->pos == cur(p)->pos + 1;
    mnem_pos = cur(p)->pos;
    if (prefixed) {
        next(p);
    } else if (cur(p)->kind != TK_IDENT && cur(p)->kind != TK_STRING && cur(p)->kind != TK_DOT) {
        /* llvm-mc reports a lexer error first, then this: the opening token's own, or the
         * one right after a non-negative integer (parseStatement takes that for a
         * directional label, lexes past it and once more when no ':' follows) */
        static const char start_msg[] = "unexpected token at start of statement";
        const asm_tok *e = cur(p)->kind == TK_ERROR ? cur(p) :
                           cur(p)->kind == TK_INT && !(cur(p)->ival >> 63) &&
                           peek(p, 1)->kind == TK_ERROR ? peek(p, 1) : NULL;
        fill_diag(diag, MQSAD_E_SYNTAX, (e ? e : cur(p))->pos + 1, e ? e->msg : start_msg);
        if (e) fill_extra(diag, cur(p)->pos + 1, start_msg);
        else if (diag && cur(p)->kind == TK_INT && !(cur(p)->ival >> 63) && peek(p, 1)->kind == TK_EOS)
            diag->past_end = 1;
        return MQSAD_E_SYNTAX;
    }
    if (peek(p, 1)->kind == TK_COLON) {
        fill_diag(diag, MQSAD_E_UNSUPPORTED, mnem_pos + 1, "labels are not supported");
        return MQSAD_E_UNSUPPORTED;
    }
    if (prefixed) {         /* "$name" / "@name": one name, its suffix taken off too */
        const char *sfx_variant;
        p->in = NULL;       /* no family member's name opens with '$' or '@' */
        invalid_instruction(p, diag, mnem_pos + 1, text + mnem_pos,
                            mnemonic_suffix(text + mnem_pos, 1 + cur(p)->len, &sfx_variant));
        return MQSAD_E_UNSUPPORTED;
    }
    /* parseIdentifier: a string names the mnemonic too ("v_mqsad_u32_u8" v[4:7], ...) */
    mname = tstr(p, cur(p));
    mlen = cur(p)->len;
    if (cur(p)->kind == TK_STRING) {
        mname++;
        mlen = mlen >= 2 ? mlen - 2 : 0;
    }
    /* parseStatement takes a lone '.' for a name: an unknown instruction, not a directive */
    if (mlen && mname[0] == '.' && cur(p)->kind != TK_DOT) {
        if (!mqsad__known_directive(mname, mlen)) {
            fill_diag(diag, MQSAD_E_SYNTAX, mnem_pos + 1, "unknown directive");
            return MQSAD_E_SYNTAX;
        }
        fill_diag(diag, MQSAD_E_UNSUPPORTED, mnem_pos + 1, "directives are not supported");
        return MQSAD_E_UNSUPPORTED;
    }
mnemonic:
    known = 0;
    p->in = NULL;
    if (mlen < 80) {
        lower_ascii(mn, mname, mlen);
        k = mlen;
        mlen = mnemonic_suffix(mn, mlen, &variant);
        suffixed = mlen != k;
        mn[mlen] = '\0';
        p->in = mqsad__insn_named(mn, mlen);   /* exactly: not "_e64_e64", "_e64_sdwa" */
        known = p->in && mqsad_insn_on_target(p->in->id, target);
        variant_err = known && variant;
        dpp_ok = known && has_vop3_dpp(p);
        /* the VOP3-DPP variant: D5 once a DPP control shows up; without one, llvm-mc's
         * errors (at the end "too few operands for instruction") */
        if (variant_err && dpp_ok && !strcmp(variant, "e64_dpp")) {
            variant_err = 0;
            dpp_variant = 1;
        }
    }
    if (!raw) next(p);
    else if (!mqsad__asm_scan_operands(p, raw, ops, &nops)) mqsad__asm_lex_init_at(&p->lx, text, len, raw);

    /* operands */
    while (cur(p)->kind != TK_EOS) {
        pop o;
        /* D5: a DPP control after the operands (and clamp) makes the line VOP3-DPP; its
         * tokens are stepped over, the rest is parsed and matched as llvm-mc does, and the
         * line rejected at the control only if nothing else fails first */
        int dpp_item = 0;   /* a DPP control or modifier of the DPP form: no operand of ours */
        if (dpp_ok && mqsad__asm_is_dpp_control(p, nops + ndpp + 1)) {
            memset(&o, 0, sizeof o);
            o.kind = PO_DPP_MOD;
            o.pos = cur(p)->pos;
            if (!suffixed || dpp_variant) {
                if (!dpp_pos && (nops == 4 || (nops == 5 && ops[4].kind == PO_CLAMP))) dpp_pos = o.pos + 1;
                else if (!dpp_pos) dpp_pos = dpp_after = o.pos + 1;   /* after a fifth operand */
                else if (!dpp_after) dpp_after = o.pos + 1;   /* a second control */
                if (!ndpp) dpp8 = tok_is(p, cur(p), "dpp8");
                dpp_item = 1;
            }   /* else "_e64" leaves the DPP forms out: the control is an operand no form takes */
            res = mqsad__asm_parse_dpp_control(p) ? PS_OK : PS_FAIL;
        } else if (dpp_ok && (mod = mqsad__asm_dpp_modifier(p, nops + ndpp + 1)) >= 0) {
            /* without a control it is an operand that no form without DPP takes */
            memset(&o, 0, sizeof o);
            o.kind = PO_DPP_MOD;
            o.pos = cur(p)->pos;
            res = mqsad__asm_parse_dpp_modifier(p, &bad_bound) ? PS_OK : PS_FAIL;
            if (bad_bound && npend < 2) pend[npend++] = bad_bound;
            if (dpp_pos) {
                /* the DPP form takes each modifier once, in dpp_mods order; the DPP8 form
                 * fi only */
                if ((mod <= last_mod || (dpp8 && mod != 3)) && !dpp_after) dpp_after = o.pos + 1;
                last_mod = mod;
                dpp_item = 1;
            }
        } else {
            /* never from a lexer error: its position may be inside a token ("1.5-1": the sign) */
            if (nops < 4 && !dpp_pos && cur(p)->kind != TK_ERROR &&
                mqsad__asm_scan_operands(p, cur(p)->pos, ops, &nops))
                continue;
            /* the DPP control is an operand to LLVM: no clamp after it */
            res = parse_operand(p, &o, nops + (dpp_pos != 0), known);
        }
        ndpp += (unsigned)dpp_item;
        if (res == PS_OK && dpp_item) {
            if (cur(p)->kind == TK_COMMA) next(p);
            continue;
        }
        if (res != PS_OK) {
            mqsad_status st = MQSAD_E_SYNTAX;
            /* an unknown mnemonic or variant: checkUnsupportedInstruction clears the
             * operand's error (if one was raised) and raises its own, a second Error() */
            unsigned errors = 1 + ((!known || variant_err) && p->err);
            if (!known || variant_err) {
                if (variant_err) {
                    variant_error(diag, mnem_pos + 1, variant);
                } else {
                    invalid_instruction(p, diag, mnem_pos + 1, mname, mlen);
                }
                st = MQSAD_E_UNSUPPORTED;
            } else if (p->err) {
                fill_diag(diag, MQSAD_E_SYNTAX, p->err_pos + 1, p->msg);
            } else {
                fill_diag(diag, MQSAD_E_SYNTAX, cur(p)->pos + 1,
                          res == PS_FAIL ? "failed parsing operand." : "not a valid operand.");
            }
            if (p->err && !strcmp(p->msg, "expression too deeply nested")) {
                st = MQSAD_E_INPUT_TOO_LONG;
                if (diag) diag->status = st;
            }
            if (npend && known && !variant_err) {
                /* the bound_ctrl error came first: this one is the second, unless it is
                 * the generic "not a valid operand." that LLVM raises only when no error
                 * is pending (for an unsupported name or variant it clears them) */
                bound_ctrl_error(diag, pend[0], p->err_pos + 1, p->err ? p->msg : NULL);
                st = MQSAD_E_SYNTAX;
            } else {
                extra_lexer_error(p, diag, errors);
            }
            if (diag) diag->in_operands = 1;
            return st;
        }
        if (nops < MAX_OPS) ops[nops] = o;
        if (nops == OP_MATCH_CAP - 1) cap_pos = o.pos;
        nops++;
        if (dpp_pos && !dpp_after) dpp_after = o.pos + 1;   /* an operand after the DPP control */
        if (o.kind == PO_TOKEN) {   /* "::" is followed by the VOPDY name (an identifier) */
            o.pos = cur(p)->pos;
            next(p);
            if (nops < MAX_OPS) ops[nops] = o;
            if (nops == OP_MATCH_CAP - 1) cap_pos = o.pos;
            nops++;
        }
        if (cur(p)->kind == TK_COMMA) next(p);
    }

    if (npend) {   /* LLVM drops a statement with an error before matching it */
        bound_ctrl_error(diag, pend[0], npend > 1 ? pend[1] : 0,
                         npend > 1 ? "invalid bound_ctrl value." : NULL);
        return MQSAD_E_SYNTAX;
    }
    if (!known) { invalid_instruction(p, diag, mnem_pos + 1, mname, mlen); return MQSAD_E_UNSUPPORTED; }
    if (variant_err) {
        variant_error(diag, mnem_pos + 1, variant);
        return MQSAD_E_UNSUPPORTED;
    }

    {
        dpp_line d = { dpp_pos, dpp_after, dpp_variant, suffixed };
        mqsad_status st = mqsad__asm_match(p, ops, nops, cap_pos, mnem_pos, &d, diag);
        if (st != MQSAD_OK) return st;
    }
    if (nops == 5) clampop = &ops[4];
    in->insn = p->in->id;

    return mqsad__asm_build(p, ops, clampop, mnem_pos, text, in, diag);
}

mqsad_status mqsad_parse_ex(const mqsad_target *target, const char *text, size_t len,
                            mqsad_asm_state *state, mqsad_inst *out, mqsad_diag *diag)
{
    pstate ps;
    mqsad_asm_state first;
    if (!state) {
        first.temp_labels = 0;
        first.dir_labels = 0;
        first.dir_values = 0;
        first.variables = 0;
        first.lookups = 0;
        state = &first;
    }
    state->fwd_refs = 0;
    ps.ex.st = state;
    return parse_stmt(&ps, target, text, len, out, diag);
}

mqsad_status mqsad_parse(const mqsad_target *target, const char *text, size_t len,
                         mqsad_inst *out, mqsad_diag *diag)
{
    return mqsad_parse_ex(target, text, len, NULL, out, diag);
}

mqsad_status mqsad_assemble_ex(const mqsad_target *target, const char *text, size_t len,
                               mqsad_asm_state *state, mqsad_inst *inst, uint8_t *out,
                               size_t size, size_t *written, mqsad_diag *diag)
{
    mqsad_inst local;
    mqsad_status st;
    if (written) *written = 0;
    if (!inst) inst = &local;
    st = mqsad_parse_ex(target, text, len, state, inst, diag);
    if (st != MQSAD_OK) return st;
    /* mqsad_parse has validated everything and resolved the codes: pack directly */
    st = mqsad__encode_parsed(inst, out, size, written);
    if (st != MQSAD_OK && diag) {
        diag->status = st;
        diag->column = 1;
        snprintf(diag->message, sizeof diag->message, "%s", mqsad_strerror(st));
    }
    return st;
}

mqsad_status mqsad_assemble(const mqsad_target *target, const char *text, size_t len,
                            mqsad_inst *inst, uint8_t *out, size_t size, size_t *written,
                            mqsad_diag *diag)
{
    return mqsad_assemble_ex(target, text, len, NULL, inst, out, size, written, diag);
}
