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
 *  2. MatchInstructionImpl: operand classes in order, by the instruction table's widths:
 *     VDST a VGPR tuple of its width (even on aligned targets); each source by its width,
 *     1 dword VS_32 (+ int32/uint32, f32-convertible floats, expressions, lds_direct),
 *     2 dwords VS_64 (+ inline int64/f64 or int32/uint32 literal), 4 dwords (SRC2 of
 *     v_mqsad_u32_u8) VReg_128; clamp (optional). The first mismatch is "invalid operand
 *     for instruction" at that operand, a missing one "too few operands for instruction"
 *     at the mnemonic.
 *  3. validateInstruction: lds_direct, literals ("invalid operand for instruction",
 *     "literal operands are not supported", "only one unique literal operand is
 *     allowed"), constant bus over the three sources, integer clamp (GFX6/GFX7), 64-bit
 *     VGPR alignment of 64-bit sources.
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
 */
#include "asm/asm.h"

#include <stddef.h>
#include <string.h>
#include <stdio.h>

/* ---- parsed operands -------------------------------------------------------------------- */

/* PO_TOKEN: "::" / VOPDY name; PO_DPP_MOD: a DPP modifier in an operand's place (D5) */
enum { PO_REG = 1, PO_IMM, PO_EXPR, PO_CLAMP, PO_TOKEN, PO_DPP_MOD };
enum { RK_VGPR = 1, RK_SGPR, RK_TTMP, RK_AGPR, RK_SPECIAL };
#define SPECIAL_PC ((mqsad_special)(MQSAD_SPECIAL_COUNT + 1))  /* "pc": never an operand here */

typedef struct pop {
    int kind;
    unsigned pos;
    int rk;                  /* PO_REG */
    unsigned num, width;     /* first register, dwords */
    int subreg;              /* .l / .h */
    mqsad_special special;
    int64_t ival;            /* PO_IMM */
    int is_fp, lit;          /* lit: 0 none, 1 lit(), 2 lit64() */
    int node;                /* PO_EXPR */
    int folded;              /* PO_EXPR: sub-trees were folded (ASM_EXPR_NODES), text lost */
    int clamp;               /* PO_CLAMP */
    unsigned lw;             /* PO_REG: LLVM's RegWidth in dwords (a special is 1, a list of
                              * specials 1 + merged lo/hi pairs) */
} pop;

#define MAX_OPS 8
/* With this many operands or more, llvm-mc 22 reports any operand mismatch at the
 * OP_MATCH_CAP-th one (measured: 26 operands point at the mismatch, 27 and more at the
 * 27th, whatever it is; the generated matcher's fixed operand table). */
#define OP_MATCH_CAP 27

typedef struct pstate {
    const mqsad_target *t;
    const mqsad_family *f;
    const mqsad_insn_info *in;   /* the instruction, once its mnemonic is known */
    asm_lexer lx;
    asm_expr_ctx ex;
    int err;                 /* a pending error */
    unsigned err_pos;
    char msg[160];
    unsigned depth;
} pstate;

static void perr(pstate *p, unsigned pos, const char *msg)
{
    if (p->err) return;
    p->err = 1;
    p->err_pos = pos;
    snprintf(p->msg, sizeof p->msg, "%s", msg);
}

static const asm_tok *cur(pstate *p) { return asm_cur(&p->lx); }
static const asm_tok *peek(pstate *p, unsigned n) { return asm_peek(&p->lx, n); }
static void next(pstate *p) { asm_next(&p->lx); }

/* The n-th token ahead (n = 1 or 2) as LLVM's AMDGPU parser sees it where it looks ahead
 * (peekToken / peekTokens): the raw lexer there returns a block comment as a token, so v
 * followed by a block comment and [2:3] is not a register. Consuming a token
 * skips comments, so peek() is right everywhere else. */
static const asm_tok *rpeek_comments(pstate *p, unsigned n);

static inline const asm_tok *rpeek(pstate *p, unsigned n)
{
    const asm_tok *t = peek(p, 1);
    if (t->comments == 0 && (n == 1 || t->kind == TK_EOS)) return t;   /* the usual case */
    return rpeek_comments(p, n);
}

static const asm_tok *rpeek_comments(pstate *p, unsigned n)
{
    static const asm_tok comment = { TK_COMMENT, 0, 0, 0, NULL, 0 };
    unsigned i;
    for (i = 1;; i++) {
        const asm_tok *t = peek(p, i);
        if (t->comments >= n) return &comment;
        n -= t->comments;
        if (n == 1 || t->kind == TK_EOS || i == 2) return t;
        n--;
    }
}
static const char *tstr(pstate *p, const asm_tok *t) { return p->lx.text + t->pos; }

#define tok_is(p, t, lit) ((t)->kind == TK_IDENT && (t)->len == sizeof(lit) - 1 && \
                           memcmp((p)->lx.text + (t)->pos, lit, sizeof(lit) - 1) == 0)

/* ---- special registers (getSpecialRegForName) ------------------------------------------ */

static const struct { const char *name; mqsad_special id; } special_names[] = {
    { "exec", MQSAD_SPECIAL_EXEC }, { "vcc", MQSAD_SPECIAL_VCC },
    { "flat_scratch", MQSAD_SPECIAL_FLAT_SCRATCH }, { "xnack_mask", MQSAD_SPECIAL_XNACK_MASK },
    { "shared_base", MQSAD_SPECIAL_SRC_SHARED_BASE }, { "src_shared_base", MQSAD_SPECIAL_SRC_SHARED_BASE },
    { "shared_limit", MQSAD_SPECIAL_SRC_SHARED_LIMIT }, { "src_shared_limit", MQSAD_SPECIAL_SRC_SHARED_LIMIT },
    { "private_base", MQSAD_SPECIAL_SRC_PRIVATE_BASE }, { "src_private_base", MQSAD_SPECIAL_SRC_PRIVATE_BASE },
    { "private_limit", MQSAD_SPECIAL_SRC_PRIVATE_LIMIT }, { "src_private_limit", MQSAD_SPECIAL_SRC_PRIVATE_LIMIT },
    { "pops_exiting_wave_id", MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID },
    { "src_pops_exiting_wave_id", MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID },
    { "src_flat_scratch_base_lo", MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO },
    { "src_flat_scratch_base_hi", MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI },
    { "lds_direct", MQSAD_SPECIAL_SRC_LDS_DIRECT }, { "src_lds_direct", MQSAD_SPECIAL_SRC_LDS_DIRECT },
    { "m0", MQSAD_SPECIAL_M0 },
    { "vccz", MQSAD_SPECIAL_SRC_VCCZ }, { "src_vccz", MQSAD_SPECIAL_SRC_VCCZ },
    { "execz", MQSAD_SPECIAL_SRC_EXECZ }, { "src_execz", MQSAD_SPECIAL_SRC_EXECZ },
    { "scc", MQSAD_SPECIAL_SRC_SCC }, { "src_scc", MQSAD_SPECIAL_SRC_SCC },
    { "tba", MQSAD_SPECIAL_TBA }, { "tma", MQSAD_SPECIAL_TMA },
    { "flat_scratch_lo", MQSAD_SPECIAL_FLAT_SCRATCH_LO }, { "flat_scratch_hi", MQSAD_SPECIAL_FLAT_SCRATCH_HI },
    { "xnack_mask_lo", MQSAD_SPECIAL_XNACK_MASK_LO }, { "xnack_mask_hi", MQSAD_SPECIAL_XNACK_MASK_HI },
    { "vcc_lo", MQSAD_SPECIAL_VCC_LO }, { "vcc_hi", MQSAD_SPECIAL_VCC_HI },
    { "exec_lo", MQSAD_SPECIAL_EXEC_LO }, { "exec_hi", MQSAD_SPECIAL_EXEC_HI },
    { "tma_lo", MQSAD_SPECIAL_TMA_LO }, { "tma_hi", MQSAD_SPECIAL_TMA_HI },
    { "tba_lo", MQSAD_SPECIAL_TBA_LO }, { "tba_hi", MQSAD_SPECIAL_TBA_HI },
    { "pc", SPECIAL_PC },
    { "null", MQSAD_SPECIAL_NULL },
};

static mqsad_special special_for(const char *s, size_t n)
{
    size_t i;
    /* a register such as v7 / s12 is no special name (only m0 has a digit second) */
    if (n >= 2 && s[0] != 'm' && (unsigned)(s[1] - '0') < 10u) return MQSAD_SPECIAL_NONE;
    /* every special name starts with one of these letters */
    switch (s[0]) {
    case 'e': case 'v': case 'f': case 'x': case 's': case 'p': case 'l': case 'm':
    case 't': case 'n':
        break;
    default:
        return MQSAD_SPECIAL_NONE;
    }
    if (n < 2 || n > 24) return MQSAD_SPECIAL_NONE;
    for (i = 0; i < MQSAD_ARRAY_LEN(special_names); i++) {
        const char *nm = special_names[i].name;
        if (nm[0] == s[0] && nm[1] == s[1] && strlen(nm) == n && memcmp(nm, s, n) == 0)
            return special_names[i].id;
    }
    return MQSAD_SPECIAL_NONE;
}

/* RegularRegisters: first prefix that matches, in LLVM's order. */
static int regular_prefix(const char *s, size_t n, size_t *plen)
{
    if (n >= 1 && s[0] == 'v') { *plen = 1; return RK_VGPR; }
    if (n >= 1 && s[0] == 's') { *plen = 1; return RK_SGPR; }
    if (n >= 4 && memcmp(s, "ttmp", 4) == 0) { *plen = 4; return RK_TTMP; }
    if (n >= 3 && memcmp(s, "acc", 3) == 0) { *plen = 3; return RK_AGPR; }
    if (n >= 1 && s[0] == 'a') { *plen = 1; return RK_AGPR; }
    return 0;
}

/* StringRef::getAsInteger(10, unsigned): digits only, fits in 32 bits. */
static int reg_num(const char *s, size_t n, unsigned *out)
{
    uint64_t v = 0;
    size_t i;
    if (n == 0) return 0;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        v = v * 10 + (unsigned)(s[i] - '0');
        if (v > 0xffffffffu) return 0;
    }
    *out = (unsigned)v;
    return 1;
}

static int strip_lh(const char *s, size_t *n)
{
    if (*n >= 2 && s[*n - 2] == '.' && (s[*n - 1] == 'l' || s[*n - 1] == 'h')) { *n -= 2; return 1; }
    return 0;
}

static int is_register(pstate *p, const asm_tok *t, const asm_tok *nx)
{
    const char *s;
    size_t n, pl;
    if (t->kind == TK_LBRAC) return 1;
    if (t->kind != TK_IDENT) return 0;
    s = tstr(p, t);
    n = t->len;
    if (regular_prefix(s, n, &pl)) {
        if (n > pl) {
            unsigned v;
            size_t m = n - pl;
            strip_lh(s + pl, &m);
            if (reg_num(s + pl, m, &v)) return 1;
        } else if (nx->kind == TK_LBRAC) {
            return 1;
        }
    }
    return special_for(s, n) != MQSAD_SPECIAL_NONE;
}

static int is_operand_modifier(pstate *p, const asm_tok *t, const asm_tok *nx)
{
    if (t->kind == TK_IDENT && nx->kind == TK_LPAREN &&
        (tok_is(p, t, "abs") || tok_is(p, t, "neg") || tok_is(p, t, "sext")))
        return 1;
    return t->kind == TK_PIPE;
}

static int is_modifier(pstate *p)
{
    const asm_tok *t = cur(p), *n0 = rpeek(p, 1), *n1 = rpeek(p, 2);
    if (is_operand_modifier(p, t, n0)) return 1;
    if (t->kind == TK_MINUS && (is_register(p, n0, n1) || is_operand_modifier(p, n0, n1))) return 1;
    return t->kind == TK_IDENT && n0->kind == TK_COLON;
}

/* ---- registers --------------------------------------------------------------------------- */

static void reg_name(char *buf, size_t size, int rk, unsigned num, unsigned width, mqsad_special sp)
{
    const char *pre = rk == RK_SGPR ? "s" : rk == RK_TTMP ? "ttmp" : rk == RK_VGPR ? "v" : "a";
    if (rk == RK_SPECIAL) snprintf(buf, size, "%s", mqsad_special_name(sp));
    else if (width == 1) snprintf(buf, size, "%s%u", pre, num);
    else snprintf(buf, size, "%s[%u:%u]", pre, num, num + width - 1);
}

/* getRegularReg: alignment, size class, range. LLVM holds the width in bits in a 32-bit
 * RegWidth = 32 * (hi - lo + 1), which wraps for huge ranges: s[3:0x08000003] is s3 there
 * (then "invalid operand"), s[2:0x80000001] a size error. *width is reduced the same way. */
static int regular_reg(pstate *p, int rk, unsigned num, unsigned *widthp, unsigned loc)
{
    /* the register classes' sizes in dwords, bit n for n dwords */
    static const uint64_t vsizes = 0xfffull << 1 | 1ull << 16 | 1ull << 32;     /* 1-12, 16, 32 */
    static const uint64_t ssizes = 0xfffull << 1 | 1ull << 16;                  /* 1-12, 16 */
    static const uint64_t tsizes = 1ull << 1 | 1ull << 2 | 1ull << 4 | 1ull << 8 | 1ull << 16;
    uint64_t sz;
    unsigned align = 1, width = (unsigned)(((uint32_t)*widthp * 32u) / 32u);
    *widthp = width;
    /* min(bit_ceil(width), 4), without a shift loop */
    if (rk == RK_SGPR || rk == RK_TTMP) align = width > 2 ? 4u : width == 2 ? 2u : 1u;
    if (num % align) { perr(p, loc, "invalid register alignment"); return 0; }
    sz = rk == RK_SGPR ? ssizes : rk == RK_TTMP ? tsizes : vsizes;
    if (width > 32 || !(sz >> width & 1)) { perr(p, loc, "invalid or unsupported register size"); return 0; }
    if (rk == RK_VGPR || rk == RK_AGPR) {
        /* gfx1250: VGPR tuples may run past v255 (AGPR tuples may not) */
        int wide = rk == RK_VGPR && p->f->vgpr_quad_max > 252;
        if (num > 255 || (!wide && num + width > 256)) {
            perr(p, loc, "register index is out of range");
            return 0;
        }
    } else if ((rk == RK_SGPR && num + width > 106) || (rk == RK_TTMP && num + width > 16)) {
        perr(p, loc, "register index is out of range");
        return 0;
    }
    return 1;
}

static int parse_expr_value(pstate *p, int64_t *v)
{
    unsigned s = cur(p)->pos;
    int n;
    if (cur(p)->kind == TK_INT) {
        /* fast path: a lone integer (the expression cannot continue past ':' or ']') */
        asm_tok_kind k = peek(p, 1)->kind;
        if (k == TK_COLON || k == TK_RBRAC || k == TK_COMMA || k == TK_EOS) {
            *v = (int64_t)cur(p)->ival;
            next(p);
            return 1;
        }
    }
    n = mqsad__asm_parse_expr(&p->ex);
    if (n < 0) {
        if (p->ex.err) perr(p, p->ex.err_pos, p->ex.err_msg);
        return 0;
    }
    if (!mqsad__asm_expr_absolute(&p->ex, n, v)) { perr(p, s, "expected absolute expression"); return 0; }
    return 1;
}

static int parse_amdgpu_register(pstate *p, pop *r);

static int parse_reg_range(pstate *p, unsigned *num, unsigned *width, int *subreg)
{
    int64_t lo, hi;
    unsigned first, second = 0;
    if (cur(p)->kind != TK_LBRAC) { perr(p, cur(p)->pos, "missing register index"); return 0; }
    next(p);
    first = cur(p)->pos;
    if (!parse_expr_value(p, &lo)) return 0;
    if (cur(p)->kind == TK_COLON) {
        next(p);
        second = cur(p)->pos;
        if (!parse_expr_value(p, &hi)) return 0;
    } else {
        hi = lo;
    }
    if (cur(p)->kind != TK_RBRAC) { perr(p, cur(p)->pos, "expected a closing square bracket"); return 0; }
    next(p);
    if ((uint64_t)lo > 0xffffffffu) { perr(p, first, "invalid register index"); return 0; }
    if ((uint64_t)hi > 0xffffffffu) { perr(p, second, "invalid register index"); return 0; }
    if (lo > hi) { perr(p, first, "first register index should not exceed second index"); return 0; }
    if (lo == hi && (tok_is(p, cur(p), ".l") || tok_is(p, cur(p), ".h"))) {
        *subreg = 1;
        next(p);
    }
    *num = (unsigned)lo;
    *width = (unsigned)(hi - lo + 1);
    return 1;
}

static int add_to_list(pstate *p, pop *r, const pop *n, unsigned loc)
{
    static const mqsad_special pairs[][3] = {
        { MQSAD_SPECIAL_EXEC_LO, MQSAD_SPECIAL_EXEC_HI, MQSAD_SPECIAL_EXEC },
        { MQSAD_SPECIAL_FLAT_SCRATCH_LO, MQSAD_SPECIAL_FLAT_SCRATCH_HI, MQSAD_SPECIAL_FLAT_SCRATCH },
        { MQSAD_SPECIAL_XNACK_MASK_LO, MQSAD_SPECIAL_XNACK_MASK_HI, MQSAD_SPECIAL_XNACK_MASK },
        { MQSAD_SPECIAL_VCC_LO, MQSAD_SPECIAL_VCC_HI, MQSAD_SPECIAL_VCC },
        { MQSAD_SPECIAL_TBA_LO, MQSAD_SPECIAL_TBA_HI, MQSAD_SPECIAL_TBA },
        { MQSAD_SPECIAL_TMA_LO, MQSAD_SPECIAL_TMA_HI, MQSAD_SPECIAL_TMA },
    };
    size_t i;
    if (r->rk == RK_SPECIAL) {
        for (i = 0; i < MQSAD_ARRAY_LEN(pairs); i++) {
            if (r->special == pairs[i][0] && n->special == pairs[i][1]) {
                r->special = pairs[i][2];
                r->width = 2;
                return 1;
            }
        }
        perr(p, loc, "register does not fit in the list");
        return 0;
    }
    if (n->num != r->num + r->width) {
        perr(p, loc, "registers in a list must have consecutive indices");
        return 0;
    }
    r->width++;
    return 1;
}

static int parse_reg_list(pstate *p, pop *r)
{
    unsigned list_loc = cur(p)->pos, loc;
    pop n;
    if (cur(p)->kind != TK_LBRAC) {
        perr(p, cur(p)->pos, "expected a register or a list of registers");
        return 0;
    }
    next(p);
    loc = cur(p)->pos;
    if (!parse_amdgpu_register(p, r)) return 0;
    /* LLVM: every special register (exec, vcc, pc ...) parses as 32 bits here, so
     * "[exec]" is exec; only a regular tuple is "expected a single 32-bit register" */
    if (r->lw != 1) { perr(p, loc, "expected a single 32-bit register"); return 0; }
    if (r->rk == RK_SPECIAL) r->width = 1;
    while (cur(p)->kind == TK_COMMA) {
        next(p);
        loc = cur(p)->pos;
        memset(&n, 0, sizeof n);
        if (!parse_amdgpu_register(p, &n)) return 0;
        /* a nested list of specials ([flat_scratch_lo,flat_scratch_hi]) is 64 bits */
        if (n.lw != 1) { perr(p, loc, "expected a single 32-bit register"); return 0; }
        if (n.rk == RK_SPECIAL) n.width = 1;
        if (n.rk != r->rk) { perr(p, loc, "registers in a list must be of the same kind"); return 0; }
        if (!add_to_list(p, r, &n, loc)) return 0;
    }
    if (cur(p)->kind != TK_RBRAC) {
        perr(p, cur(p)->pos, "expected a comma or a closing square bracket");
        return 0;
    }
    next(p);
    r->lw = r->width;
    if (r->rk == RK_SPECIAL) {
        if (r->width == 1) r->width = r->special == SPECIAL_PC ? 2 : mqsad_special_width(r->special);
    } else if (!regular_reg(p, r->rk, r->num, &r->width, list_loc)) {
        return 0;
    }
    return 1;
}

/* subtargetHasRegister */
static int has_register(pstate *p, const pop *r)
{
    switch (r->rk) {
    case RK_SGPR: return r->num + r->width <= p->f->sgpr_count;
    case RK_TTMP: return r->num + r->width <= p->f->ttmp_count;
    case RK_SPECIAL:
        if (r->special == MQSAD_SPECIAL_SRC_LDS_DIRECT || r->special == SPECIAL_PC ||
            r->special == MQSAD_SPECIAL_M0 || r->special == MQSAD_SPECIAL_VCC ||
            r->special == MQSAD_SPECIAL_VCC_LO || r->special == MQSAD_SPECIAL_VCC_HI ||
            r->special == MQSAD_SPECIAL_EXEC || r->special == MQSAD_SPECIAL_EXEC_LO ||
            r->special == MQSAD_SPECIAL_EXEC_HI)
            return 1;
        return mqsad_special_code(p->t, r->special, 1) >= 0;
    default: return 1;
    }
}

static int parse_amdgpu_register(pstate *p, pop *r)
{
    unsigned loc = cur(p)->pos;
    int ok;
    if (++p->depth > ASM_EXPR_DEPTH) { perr(p, loc, "expression too deeply nested"); return 0; }
    memset(r, 0, sizeof *r);
    r->kind = PO_REG;
    r->pos = loc;
    if (cur(p)->kind == TK_IDENT) {
        const asm_tok *t = cur(p);
        const char *s = tstr(p, t);
        size_t n = t->len, pl;
        mqsad_special sp = special_for(s, n);
        if (sp != MQSAD_SPECIAL_NONE) {
            r->rk = RK_SPECIAL;
            r->special = sp;
            r->width = sp == SPECIAL_PC ? 2 : mqsad_special_width(sp);
            r->lw = 1;
            next(p);
            ok = 1;
        } else {
            int rk = regular_prefix(s, n, &pl);
            if (!rk) { perr(p, loc, "invalid register name"); p->depth--; return 0; }
            next(p);
            r->rk = rk;
            if (n > pl) {
                size_t m = n - pl;
                r->subreg = strip_lh(s + pl, &m);
                if (!reg_num(s + pl, m, &r->num)) { perr(p, loc, "invalid register index"); p->depth--; return 0; }
                r->width = 1;
            } else if (!parse_reg_range(p, &r->num, &r->width, &r->subreg)) {
                p->depth--;
                return 0;
            }
            ok = regular_reg(p, rk, r->num, &r->width, loc);
            r->lw = r->width;
        }
    } else {
        ok = parse_reg_list(p, r);
        r->pos = loc;
    }
    p->depth--;
    if (!ok) return 0;
    if (!has_register(p, r)) {
        if (r->rk == RK_SPECIAL && r->special == MQSAD_SPECIAL_NULL) {
            perr(p, loc, "'null' operand is not supported on this GPU");
        } else {
            char nm[48], m[96];
            reg_name(nm, sizeof nm, r->rk, r->num, r->width, r->special);
            snprintf(m, sizeof m, "%s register not available on this GPU", nm);
            perr(p, loc, m);
        }
        return 0;
    }
    return 1;
}

/* ---- immediates ----------------------------------------------------------------------------- */

enum { PS_OK = 0, PS_NOMATCH, PS_FAIL };

static int parse_imm(pstate *p, pop *o, int lit)
{
    const asm_tok *t;
    if (is_register(p, cur(p), rpeek(p, 1)) || is_modifier(p)) return PS_NOMATCH;
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
    if (is_register(p, cur(p), rpeek(p, 1))) return parse_amdgpu_register(p, o) ? PS_OK : PS_FAIL;
    if (is_modifier(p)) return PS_NOMATCH;
    return parse_imm(p, o, 0);
}

/* ---- float helpers ------------------------------------------------------------------------- */

static double bits_to_double(uint64_t b) { union { uint64_t u; double d; } c; c.u = b; return c.d; }
static uint32_t float_bits(float f) { union { float f; uint32_t u; } c; c.f = f; return c.u; }

/* canLosslesslyConvertToFPType(f32): precision loss allowed, overflow/underflow not. */
static int to_f32(uint64_t dbits, uint32_t *out)
{
    double d = bits_to_double(dbits);
    float f = (float)d;
    uint32_t fb = float_bits(f);
    int inexact = (double)f != d && d == d;
    if (inexact) {
        unsigned exp = (fb >> 23) & 0xff;
        if (exp == 0xff) return 0;                 /* overflow to infinity */
        if (exp == 0) return 0;                    /* tiny and inexact: underflow */
    }
    *out = fb;
    return 1;
}

static int is_inline64(const mqsad_target *t, uint64_t v)
{
    return mqsad_inline_int_code((int64_t)v) >= 0 || mqsad_inline_float_code(t, MQSAD_SLOT_SRC0, v) >= 0;
}

static int is_inline32(const mqsad_target *t, uint32_t v)
{
    return mqsad_inline_int_code((int32_t)v) >= 0 || mqsad_inline_float_code(t, MQSAD_SLOT_SRC1, v) >= 0;
}

static int fits32(int64_t v) { return v >= -(int64_t)0x80000000 && v <= (int64_t)0xffffffff; }

/* ---- matching -------------------------------------------------------------------------------- */

/* a register in a VS_32 (w = 1) or VS_64 (w = 2) source */
static int reg_ok_src(const pop *o, unsigned w)
{
    if (o->kind != PO_REG || o->subreg) return 0;
    switch (o->rk) {
    case RK_VGPR: case RK_SGPR: case RK_TTMP: return o->width == w;
    case RK_SPECIAL:
        if (o->special == SPECIAL_PC) return 0;
        if (o->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) return w == 1;
        return (mqsad_special_slots(o->special) & (w == 2 ? 1u : 2u)) != 0;
    default: return 0;
    }
}

/* a VGPR tuple of w dwords (VDST; SRC2 of v_mqsad_u32_u8): the aligned register classes
 * of CDNA2+/gfx1250 reject an odd first register here, in the matcher */
static int reg_ok_vgpr(pstate *p, const pop *o, unsigned w)
{
    return o->kind == PO_REG && !o->subreg && o->rk == RK_VGPR && o->width == w &&
           (w == 1 || p->f->vgpr_align < 2 || o->num % 2 == 0);
}

static int match_w64(pstate *p, const pop *o)
{
    if (o->kind == PO_REG) return reg_ok_src(o, 2);
    if (o->kind != PO_IMM) return 0;
    if (o->is_fp) return !o->lit && is_inline64(p->t, (uint64_t)o->ival);
    /* gfx1250 (64-bit literals): the matcher lets any integer through, lit()/lit64() too;
     * the literal validator reports the ones that do not fit (same message, its column
     * only if no later operand fails to match) */
    if (p->f->literal == MQSAD_LIT_32_64) return 1;
    /* lit()/lit64() make a value a literal, never an inline constant: a 64-bit value such
     * as lit(0x3ff0000000000000) is no 32-bit literal and fails here, before later operands */
    if (o->lit) return fits32(o->ival);
    return is_inline64(p->t, (uint64_t)o->ival) || fits32(o->ival);
}

static int match_w32(const pop *o)
{
    uint32_t fb;
    if (o->kind == PO_REG) return reg_ok_src(o, 1);
    if (o->kind == PO_EXPR) return 1;
    if (o->kind != PO_IMM) return 0;
    if (o->is_fp) return to_f32((uint64_t)o->ival, &fb);
    return fits32(o->ival);
}

/* the width of operand i of the line (0 = VDST, 1..3 = SRC0..SRC2) */
static unsigned op_width(const pstate *p, unsigned i)
{
    return p->in->width[i == 0 ? MQSAD_SLOT_VDST : i - 1];
}

/* operand i of the line against the instruction's operand class */
static int match_operand(pstate *p, unsigned i, const pop *o)
{
    unsigned w = op_width(p, i);
    if (i == 0 || (i == 3 && p->in->src2_vgpr_only)) return reg_ok_vgpr(p, o, w);
    return w == 2 ? match_w64(p, o) : match_w32(o);
}

/* ---- building the instruction ------------------------------------------------------------ */

static void set_reg(mqsad_operand *d, const pop *o)
{
    d->reg = (uint16_t)o->num;
    d->width = (uint8_t)o->width;
    switch (o->rk) {
    case RK_VGPR: d->kind = MQSAD_OPK_VGPR; break;
    case RK_SGPR: d->kind = MQSAD_OPK_SGPR; break;
    case RK_TTMP: d->kind = MQSAD_OPK_TTMP; break;
    default:
        d->kind = MQSAD_OPK_SPECIAL;
        d->special = o->special;
        d->reg = 0;
        d->width = (uint8_t)mqsad_special_width(o->special);
        break;
    }
}

/* src0 immediate -> operand; returns 0 if the value does not fit (invalid operand). */
static int build_src0_imm(pstate *p, mqsad_operand *d, const pop *o)
{
    uint64_t v = (uint64_t)o->ival;
    if (!o->lit && is_inline64(p->t, v)) {
        if (mqsad_inline_int_code((int64_t)v) >= 0) { d->kind = MQSAD_OPK_INLINE_INT; d->value = v; }
        else { d->kind = MQSAD_OPK_INLINE_FLOAT; d->value = v; }
        return 1;
    }
    if (p->f->literal == MQSAD_LIT_32_64 && o->lit) {
        /* code 254, 8 bytes; D4: lit(X) keeps X like lit64(X) */
        if (!fits32(o->ival) && !is_inline64(p->t, v)) return 0;
        d->kind = MQSAD_OPK_LITERAL64;
        d->value = v;
        d->literal_bits = v;
        d->lit_wrapper = (uint8_t)o->lit;
        return 1;
    }
    if (!fits32(o->ival)) return 0;
    d->kind = MQSAD_OPK_LITERAL32;
    d->literal_bits = v & 0xffffffffu;
    d->value = (p->f->literal == MQSAD_LIT_32_64) ? v : (v & 0xffffffffu);
    d->lit_wrapper = (uint8_t)o->lit;
    return 1;
}

static void build_src1_imm(pstate *p, mqsad_operand *d, const pop *o)
{
    uint32_t b = 0;
    if (o->is_fp) {
        to_f32((uint64_t)o->ival, &b);
        if (!o->lit && is_inline32(p->t, b)) {
            if (mqsad_inline_int_code((int32_t)b) >= 0) { d->kind = MQSAD_OPK_INLINE_INT; d->value = (uint64_t)(int64_t)(int32_t)b; }
            else { d->kind = MQSAD_OPK_INLINE_FLOAT; d->value = b; }
            return;
        }
        d->kind = MQSAD_OPK_LITERAL32;
        d->literal_bits = b;
        d->value = b;
        d->lit_wrapper = (uint8_t)o->lit;
        return;
    }
    b = (uint32_t)(uint64_t)o->ival;
    if (!o->lit && is_inline32(p->t, b)) {
        if (mqsad_inline_int_code((int32_t)b) >= 0) { d->kind = MQSAD_OPK_INLINE_INT; d->value = (uint64_t)(int64_t)(int32_t)b; }
        else { d->kind = MQSAD_OPK_INLINE_FLOAT; d->value = b; }
        return;
    }
    d->kind = MQSAD_OPK_LITERAL32;
    d->literal_bits = b;
    d->value = o->lit ? (uint64_t)o->ival : b;
    d->lit_wrapper = (uint8_t)o->lit;
}

static int is_lit_kind(const mqsad_operand *d)
{
    return d->kind == MQSAD_OPK_LITERAL32 || d->kind == MQSAD_OPK_LITERAL64 || d->kind == MQSAD_OPK_SYMBOL;
}

/* unique register key for the constant bus (0 = not a scalar register) */
static unsigned bus_key(const pop *o)
{
    if (o->kind != PO_REG) return 0;
    switch (o->rk) {
    case RK_SGPR: return 0x10000u | o->num << 4 | o->width;
    case RK_TTMP: return 0x20000u | o->num << 4 | o->width;
    case RK_SPECIAL:
        if (o->special == MQSAD_SPECIAL_NULL || o->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) return 0;
        return 0x30000u | (unsigned)o->special;
    default: return 0;
    }
}

/* ---- the driver ------------------------------------------------------------------------------ */

static const char k_dpp_msg[] = "VOP3-DPP forms are not supported";

/* 1 if an immediate is an inline constant of a 32-bit slot, as written (no lit()) */
static int dpp_inline(pstate *p, const pop *o)
{
    uint32_t fb;
    if (o->lit) return 0;
    if (o->is_fp) return to_f32((uint64_t)o->ival, &fb) && is_inline32(p->t, fb);
    return fits32(o->ival) && is_inline32(p->t, (uint32_t)o->ival);
}

/* 1 if LLVM's tables hold DPP forms of the instruction: one whose operands are all 32-bit */
static int has_vop3_dpp_form(const mqsad_insn_info *in)
{
    unsigned s;
    for (s = 0; s < 4; s++)
        if (in->width[s] != 1) return 0;
    return 1;
}

/* 1 if llvm-mc 22 assembles a VOP3-DPP form of the instruction on the target: GFX11+
 * (mqsad rejects those forms, D5) */
static int has_vop3_dpp(const pstate *p)
{
    return p->f->encoding == MQSAD_ENC_GFX11 && has_vop3_dpp_form(p->in);
}

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
static int is_dpp_control(pstate *p, unsigned k)
{
    static const char *const named[] = { "row_mirror", "row_half_mirror", "quad_perm", "row_shl",
                                         "row_shr", "row_ror", "row_share", "row_xmask" };
    const asm_tok *t = cur(p);
    size_t i;
    if ((k != 5 && k != 6) || t->kind != TK_IDENT) return 0;
    if (tok_is(p, t, "dpp8")) return peek(p, 1)->kind == TK_COLON;
    for (i = 0; i < sizeof named / sizeof named[0]; i++)
        if (t->len == strlen(named[i]) && memcmp(tstr(p, t), named[i], t->len) == 0) return 1;
    return 0;
}

/* the index in dpp_mods of the DPP modifier NAME: opening at operand place k, or -1 */
static int dpp_modifier(pstate *p, unsigned k)
{
    const asm_tok *t = cur(p);
    int i;
    if (k < 6 || t->kind != TK_IDENT || peek(p, 1)->kind != TK_COLON) return -1;
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

/* reads a DPP control (is_dpp_control) as parseDPPCtrl / parseDPP8 do, with their
 * messages: values are absolute expressions; quad_perm:[4 x 0..3], dpp8:[8 x 0..7],
 * row_shl/row_shr/row_ror:1..15, row_share/row_xmask:0..15. 0 with p->err set on error. */
static int parse_dpp_control(pstate *p)
{
    const asm_tok *t = cur(p);
    int dpp8 = tok_is(p, t, "dpp8"), quad = tok_is(p, t, "quad_perm");
    int64_t v, lo = tok_is(p, t, "row_share") || tok_is(p, t, "row_xmask") ? 0 : 1;
    char msg[32];
    unsigned at;
    snprintf(msg, sizeof msg, "invalid %.*s value", (int)t->len, tstr(p, t));
    if (tok_is(p, t, "row_mirror") || tok_is(p, t, "row_half_mirror")) { next(p); return 1; }
    next(p);
    if (!expect_tok(p, TK_COLON, "expected a colon")) return 0;
    if (dpp8 || quad) {
        int i, n = dpp8 ? 8 : 4;
        if (!expect_tok(p, TK_LBRAC, "expected an opening square bracket")) return 0;
        for (i = 0; i < n; i++) {
            if (i > 0 && !expect_tok(p, TK_COMMA, "expected a comma")) return 0;
            at = cur(p)->pos;
            if (!parse_expr_value(p, &v)) return 0;
            if (v < 0 || v > (dpp8 ? 7 : 3)) {
                perr(p, at, dpp8 ? "expected a 3-bit value" : "expected a 2-bit value");
                return 0;
            }
        }
        return expect_tok(p, TK_RBRAC, "expected a closing square bracket");
    }
    at = cur(p)->pos;
    if (!parse_expr_value(p, &v)) return 0;
    if (v < lo || v > 15) { perr(p, at, msg); return 0; }
    return 1;
}

/* reads a DPP modifier (dpp_modifier) as parseIntWithPrefix does: NAME, ':', an absolute
 * expression. 0 with p->err set when that fails. A bound_ctrl other than 0 or 1 is an
 * error that does not stop the parse ("invalid bound_ctrl value." at the name, and LLVM
 * reads on): *bad_bound gets its column, else 0. */
static int parse_dpp_modifier(pstate *p, unsigned *bad_bound)
{
    unsigned at = cur(p)->pos;
    int bound_ctrl = tok_is(p, cur(p), "bound_ctrl");
    int64_t v;
    *bad_bound = 0;
    next(p);
    next(p);
    if (!parse_expr_value(p, &v)) return 0;
    if (bound_ctrl && v != 0 && v != 1) *bad_bound = at + 1;
    return 1;
}

static const char k_bound_ctrl_msg[] = "invalid bound_ctrl value.";

static void fill_diag(mqsad_diag *diag, mqsad_status st, unsigned col, const char *msg)
{
    if (!diag) return;
    size_t n = strlen(msg);
    diag->status = st;
    diag->column = col;
    if (n >= sizeof diag->message) n = sizeof diag->message - 1;
    memcpy(diag->message, msg, n);
    diag->message[n] = '\0';
}

/* parseMnemonicSuffix: the length of the mnemonic mn[0..len) (any case) without its
 * encoding suffix, and *variant the name of the variant it asks for (NULL: none, _e64) */
static size_t mnemonic_suffix(const char *mn, size_t len, const char **variant)
{
    static const struct { const char *sfx, *variant; } k_sfx[] = {
        { "_e64_dpp", "e64_dpp" }, { "_e64", NULL }, { "_e32", "e32" }, { "_dpp", "dpp" },
        { "_sdwa", "sdwa" },
    };
    size_t i, k;
    /* every suffix ends in '4', '2', 'p' or 'a': most mnemonics are out after one test */
    char last = len ? (char)(mn[len - 1] | 0x20) : 0;
    if (last != '4' && last != '2' && last != 'p' && last != 'a') return len;
    for (i = 0; i < sizeof k_sfx / sizeof k_sfx[0]; i++) {
        size_t n = strlen(k_sfx[i].sfx);
        if (len < n) continue;
        for (k = 0; k < n; k++) {
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

/* 1 if name[0..len) (any case, its suffix taken off) is a SAD-family mnemonic that the
 * target's generation lacks (mqsad_insn_on_target) */
static int family_elsewhere(const mqsad_target *t, const char *name, size_t len)
{
    char b[24];
    const mqsad_insn_info *in;
    size_t k;
    if (len >= sizeof b) return 0;
    for (k = 0; k < len; k++) b[k] = (name[k] >= 'A' && name[k] <= 'Z') ? (char)(name[k] + 32) : name[k];
    b[len] = '\0';
    in = mqsad_insn_lookup(b);
    return in && !strcmp(in->name, b) && !mqsad_insn_on_target(in->id, t);
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
    cls = family_elsewhere(p->t, name, len) ? MQSAD__MN_UNSUPPORTED
                                            : mqsad__mnemonic_class(p->t, name, len);
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
            diag->extra_column = cur(p)->pos + 1;
            snprintf(diag->extra_message, sizeof diag->extra_message, "%s", cur(p)->msg);
            return;
        }
        next(p);
    }
}

/* ---- operand scanner ------------------------------------------------------------------------
 * The operand spellings most code is made of are read straight from the text into the pop the
 * token parser would build, with the same helpers (special_for, regular_reg, has_register,
 * mqsad__asm_parse_real): a register (v7, s[2:3], ttmp[4:7], vcc_lo, m0, null ...), an integer
 * (decimal or 0x hex, an optional '-') or a plain decimal float (2.0, -0.5), each ending the
 * operand. Anything else, and any operand that would fail, is left to the token parser,
 * which reads it from its start: no diagnostic is ever made here. */

/* c (a byte) continues an identifier, as the lexer reads one */
static inline int ident_char(unsigned char c) { return mqsad__asm_ident[c] != 0; }

/* decimal digits at s[i..) without a leading zero (octal to the lexer), at most 19 (no
 * overflow); the index after them, 0 if none */
static size_t scan_dec(const char *s, size_t i, size_t len, uint64_t *v)
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

/* The checks parse_amdgpu_register makes of a regular register (class, range, the target
 * has it), without a diagnostic: 1 if they pass. */
static int reg_checked(pstate *p, pop *r, size_t loc)
{
    if (!regular_reg(p, r->rk, r->num, &r->width, (unsigned)loc)) { p->err = 0; return 0; }
    r->lw = r->width;
    return has_register(p, r);
}

/* A register name at s[b..e) (e after the identifier), "[lo:hi]" following a bare prefix;
 * returns the end, 0 if not a register this scanner takes. */
static size_t scan_reg(pstate *p, const char *s, size_t b, size_t e, size_t len, pop *r)
{
    size_t n = e - b, pl;
    /* no special name is a register prefix followed by digits or '[': try those first */
    int rk = regular_prefix(s + b, n, &pl);
    mqsad_special sp = rk && (n == pl ? e < len && s[e] == '[' : (unsigned)(s[b + pl] - '0') < 10u)
                       ? MQSAD_SPECIAL_NONE : special_for(s + b, n);
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
            if (strip_lh(s + b + pl, &m) || !reg_num(s + b + pl, m, &r->num)) return 0;
            r->width = 1;
        } else {
            uint64_t lo, hi;
            /* "[lo:hi]", lo < hi (v[n:n] may take .l/.h after it) */
            if (e >= len || s[e] != '[' || !(e = scan_dec(s, e + 1, len, &lo)) || e >= len ||
                s[e] != ':' || !(e = scan_dec(s, e + 1, len, &hi)) || e >= len || s[e] != ']' ||
                hi > 0xffffffffu || lo >= hi)
                return 0;
            e++;
            r->num = (unsigned)lo;
            r->width = (unsigned)(hi - lo + 1);
        }
        return reg_checked(p, r, b) ? e : 0;
    }
    return has_register(p, r) ? e : 0;
}

/* A number at s[i]: an optional '-', then an integer or digits '.' digits (no exponent), not
 * followed by an identifier character (5u, 5e3 and 0x1p2 are the lexer's). Fills o as
 * parse_imm does; returns the end, 0 if the token parser must read it. */
static size_t scan_number(const char *s, size_t i, size_t len, pop *o)
{
    size_t b, e;
    uint64_t v;
    int neg = s[i] == '-';
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
            o->width = 1;
            if (!reg_checked(p, o, i)) return 0;
            reg = 1;
            goto end;
        }
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
static int scan_operands(pstate *p, size_t at, pop *ops, unsigned *nops)
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
static size_t plain_opening(const char *text, size_t len, size_t *b, size_t *e)
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

/* mqsad_parse_ex's work; p->ex.st (the file state) is the caller's */
static mqsad_status parse_stmt(pstate *p, const mqsad_target *target, const char *text,
                               size_t len, mqsad_inst *out, mqsad_diag *diag)
{
    pop ops[MAX_OPS];
    unsigned nops = 0, mnem_pos, i, cap_pos = 0;
    char mn[80];
    size_t mlen, k, raw, mb, me;
    const char *mname;
    int known, variant_err = 0, res, prefixed, dpp_ok = 0, dpp_variant = 0, suffixed = 0;
    unsigned dpp_pos = 0, dpp_after = 0, ndpp = 0;   /* ndpp: DPP items read (is_dpp_control) */
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
    }
    if (!target || !target->family || !out || (!text && len)) {
        fill_diag(diag, MQSAD_E_INVALID_ARGUMENT, 0, "invalid argument");
        return MQSAD_E_INVALID_ARGUMENT;
    }
    if (!text) text = "";
    /* all but fields[] (field_count 0 says none is valid): the cheaper half of the struct */
    memset(out, 0, offsetof(mqsad_inst, fields));
    out->symbol[0] = '\0';
    out->symbol_data4 = 0;
    out->target = target;
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
    raw = plain_opening(text, len, &mb, &me);
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
        if (diag && e) {
            diag->extra_column = cur(p)->pos + 1;
            snprintf(diag->extra_message, sizeof diag->extra_message, "%s", start_msg);
        }
        return MQSAD_E_SYNTAX;
    }
    if (peek(p, 1)->kind == TK_COLON) {
        fill_diag(diag, MQSAD_E_UNSUPPORTED, mnem_pos + 1, "labels are not supported");
        return MQSAD_E_UNSUPPORTED;
    }
    if (prefixed) {         /* "$name" / "@name": one name, its suffix taken off too */
        const char *sfx_variant;
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
    if (mlen < sizeof mn) {
        for (k = 0; k < mlen; k++) {
            char c = mname[k];
            mn[k] = (char)(c | ((unsigned)(c - 'A') < 26u) << 5);
        }
        mn[mlen] = '\0';
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
    else if (!scan_operands(p, raw, ops, &nops)) mqsad__asm_lex_init_at(&p->lx, text, len, raw);

    /* operands */
    while (cur(p)->kind != TK_EOS) {
        pop o;
        /* D5: a DPP control after the operands (and clamp) makes the line VOP3-DPP; its
         * tokens are stepped over, the rest is parsed and matched as llvm-mc does, and the
         * line rejected at the control only if nothing else fails first */
        int dpp_item = 0;   /* a DPP control or modifier of the DPP form: no operand of ours */
        if (dpp_ok && is_dpp_control(p, nops + ndpp + 1)) {
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
            res = parse_dpp_control(p) ? PS_OK : PS_FAIL;
        } else if (dpp_ok && (mod = dpp_modifier(p, nops + ndpp + 1)) >= 0) {
            /* without a control it is an operand that no form without DPP takes */
            memset(&o, 0, sizeof o);
            o.kind = PO_DPP_MOD;
            o.pos = cur(p)->pos;
            res = parse_dpp_modifier(p, &bad_bound) ? PS_OK : PS_FAIL;
            if (bad_bound && npend < 2) pend[npend++] = bad_bound;
            if (dpp_pos) {
                /* the DPP form takes each modifier once, in dpp_mods order; the DPP8 form
                 * fi only */
                if ((mod <= last_mod || (dpp8 && mod != 3)) && !dpp_after) dpp_after = o.pos + 1;
                last_mod = mod;
                dpp_item = 1;
            }
        } else {
            if (nops < 4 && !dpp_pos && scan_operands(p, cur(p)->pos, ops, &nops)) continue;
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
                char m[80];
                if (variant_err) {
                    snprintf(m, sizeof m, "%s variant of this instruction is not supported", variant);
                    fill_diag(diag, MQSAD_E_UNSUPPORTED, mnem_pos + 1, m);
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
                int second = p->err != 0;
                if (diag && !second) {
                    fill_diag(diag, MQSAD_E_SYNTAX, pend[0], k_bound_ctrl_msg);
                } else if (diag) {
                    size_t n = strlen(diag->message);
                    if (n >= sizeof diag->extra_message) n = sizeof diag->extra_message - 1;
                    memcpy(diag->extra_message, diag->message, n);
                    diag->extra_message[n] = '\0';
                    diag->extra_column = diag->column;
                    fill_diag(diag, MQSAD_E_SYNTAX, pend[0], k_bound_ctrl_msg);
                }
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
        fill_diag(diag, MQSAD_E_SYNTAX, pend[0], k_bound_ctrl_msg);
        if (diag && npend > 1) {
            diag->extra_column = pend[1];
            snprintf(diag->extra_message, sizeof diag->extra_message, "%s", k_bound_ctrl_msg);
        }
        if (diag) diag->in_operands = 1;
        return MQSAD_E_SYNTAX;
    }
    if (!known) { invalid_instruction(p, diag, mnem_pos + 1, mname, mlen); return MQSAD_E_UNSUPPORTED; }
    if (variant_err) {
        char m[80];
        snprintf(m, sizeof m, "%s variant of this instruction is not supported", variant);
        fill_diag(diag, MQSAD_E_UNSUPPORTED, mnem_pos + 1, m);
        return MQSAD_E_UNSUPPORTED;
    }

    /* match. For an instruction whose operands are all 32-bit LLVM's tables also hold
     * DPP/SDWA forms (on every target), tried when the mnemonic has no suffix: their SRC0
     * must be a VGPR, SRC1/SRC2 no literal. When the VOP3 form fails, llvm-mc 22 reports
     * where such a form fails if that comes first (measured: "v_sad_u8 v4, 32, v1, v8 junk"
     * at 32, "v_sad_u8 v4, 2.0, v8" at 2.0 rather than "too few operands";
     * "v_sad_u8_e64 v4, 32, v1, v8 junk" at junk) */
    {
        unsigned fail = 99, vfail = 99, e = 0;
        int few = 0;
        if (has_vop3_dpp_form(p->in) && (!suffixed || dpp_variant || dpp_pos))
            for (i = 1; i < 4 && i < nops; i++) {
                const pop *o = &ops[i];
                int bad;
                if (i == 1) bad = !(o->kind == PO_REG && o->rk == RK_VGPR && !o->subreg && o->width == 1);
                else bad = o->kind == PO_EXPR || (o->kind == PO_IMM && !dpp_inline(p, o));
                if (bad) { vfail = i; break; }
            }
        for (i = 0; i < 5 && fail == 99; i++) {
            if (i >= nops) {
                if (i < 4) { few = 1; fail = i; }
                break;
            }
            if (!(i < 4 ? match_operand(p, i, &ops[i]) : ops[4].kind == PO_CLAMP)) fail = i;
        }
        if (fail == 99 && (nops > 5 || (nops == 5 && ops[4].kind != PO_CLAMP))) fail = nops > 5 ? 5 : 4;
        /* _e64_dpp without a DPP control: the DPP form's operands, then too few of them */
        if (dpp_variant && !dpp_pos && fail == 99) { few = 1; fail = nops; }
        /* with a DPP control the DPP form is the only one: its own failures count, and
         * an operand after the control is one */
        if (dpp_pos && fail == 99 && vfail != 99) fail = vfail;
        if (dpp_pos && dpp_after && (fail == 99 || few ||
                                     dpp_after < ops[vfail < fail ? vfail : fail].pos + 1)) {
            fill_diag(diag, MQSAD_E_OPERAND_KIND, dpp_after, "invalid operand for instruction");
            return MQSAD_E_OPERAND_KIND;
        }
        if (fail != 99) {
            if (vfail < fail) { few = 0; e = vfail; }
            else e = fail;
            if (few) {
                fill_diag(diag, MQSAD_E_SYNTAX, mnem_pos + 1, "too few operands for instruction");
                return MQSAD_E_SYNTAX;
            }
            fill_diag(diag, MQSAD_E_OPERAND_KIND, (nops >= OP_MATCH_CAP ? cap_pos : ops[e].pos) + 1,
                      "invalid operand for instruction");
            return MQSAD_E_OPERAND_KIND;
        }
    }
    if (dpp_pos && p->f->dpp_src1_vgpr) {
        /* validateDPP on GFX11 before GFX11.5: a scalar SRC1 at the register, an inline
         * constant at the mnemonic (literals failed matching above) */
        const pop *o = &ops[2];
        if (o->kind == PO_REG && o->rk != RK_VGPR) {
            fill_diag(diag, MQSAD_E_OPERAND_KIND, o->pos + 1, "invalid operand for instruction");
            return MQSAD_E_OPERAND_KIND;
        }
        if (o->kind == PO_IMM) {
            fill_diag(diag, MQSAD_E_OPERAND_KIND, mnem_pos + 1, "src1 immediate operand invalid for instruction");
            return MQSAD_E_OPERAND_KIND;
        }
    }
    if (dpp_pos) {
        fill_diag(diag, MQSAD_E_UNSUPPORTED, dpp_pos, k_dpp_msg);
        return MQSAD_E_UNSUPPORTED;
    }
    if (nops == 5) clampop = &ops[4];
    in->insn = p->in->id;

    /* build */
    set_reg(&in->vdst, &ops[0]);
    in->clamp = (uint8_t)(clampop && clampop->clamp);
    {
        int bad[3] = { 0, 0, 0 }, d4 = -1, sym = 0;
        unsigned d1_pos = 0, first_lit = 0, src, t2;
        for (src = 0; src < 3; src++) {
            const pop *o = &ops[src + 1];
            mqsad_operand *d = &in->src[src];
            if (o->kind == PO_REG) set_reg(d, o);
            else if (o->kind == PO_EXPR) {
                char tmp[MQSAD_SYMBOL_MAX];
                size_t n = mqsad__asm_expr_print(&p->ex, text, o->node, tmp, sizeof tmp);
                /* a folded expression lost its llvm-mc text; it filled half the node pool,
                 * so it is all but always over the 63-character bound anyway: the same error */
                if (n >= sizeof tmp || o->folded) {
                    fill_diag(diag, MQSAD_E_INPUT_TOO_LONG, o->pos + 1, "expression too long");
                    return MQSAD_E_INPUT_TOO_LONG;
                }
                /* a quoted symbol name may hold NUL bytes; llvm-mc prints them raw, a C
                 * string cannot (docs/deviations.md) */
                if (memchr(tmp, '\0', n)) {
                    fill_diag(diag, MQSAD_E_UNSUPPORTED, o->pos + 1, "symbol name contains a NUL byte");
                    return MQSAD_E_UNSUPPORTED;
                }
                d->kind = MQSAD_OPK_SYMBOL;
                if (!sym++) {       /* a second expression is a second literal (below) */
                    memcpy(in->symbol, tmp, n + 1);
                    in->symbol_data4 = (uint8_t)!mqsad__asm_expr_pcrel(&p->ex, o->node);
                }
            } else if (op_width(p, src + 1) == 2) bad[src] = !build_src0_imm(p, d, o);
            else build_src1_imm(p, d, o);
        }

        /* validateLdsDirect: the first lds_direct source */
        for (src = 0; src < 3; src++) {
            const pop *o = &ops[src + 1];
            if (o->kind == PO_REG && o->rk == RK_SPECIAL && o->special == MQSAD_SPECIAL_SRC_LDS_DIRECT) {
                if (!mqsad_lds_direct_asm(p->f)) {
                    fill_diag(diag, MQSAD_E_REG_UNAVAILABLE, o->pos + 1, "lds_direct is not supported on this GPU");
                    return MQSAD_E_REG_UNAVAILABLE;
                }
                if (src != 0) {
                    fill_diag(diag, MQSAD_E_OPERAND_KIND, o->pos + 1, "lds_direct may be used as src0 only");
                    return MQSAD_E_OPERAND_KIND;
                }
            }
        }
        /* validateVOPLiteral. First a 64-bit source whose value is no 32-bit literal: at
         * that operand (measured with llvm-mc 22 on gfx1250: the first such source) */
        for (src = 0; src < 3; src++) {
            const pop *o = &ops[src + 1];
            if (!bad[src]) continue;
            first_lit = o->pos + 1;
            if (!(p->f->literal == MQSAD_LIT_32_64 && o->lit)) {
                fill_diag(diag, MQSAD_E_LITERAL_RANGE, first_lit, "invalid operand for instruction");
                return MQSAD_E_LITERAL_RANGE;
            }
            if (d4 < 0) d4 = (int)src;
        }
        if (d4 >= 0) {
            /* D4, gfx1250 lit(X) in a 64-bit source with X beyond 32 bits: LLVM keeps
             * X & 0xffffffff and goes on, so its later errors come first; we reject X at the
             * end. LLVM's unique-literal rule here: that source's value counts unless it is
             * inline (0..64); another source counts unless it is lit() of an inline value;
             * the parsed values must be equal. */
            const pop *o0 = &ops[d4 + 1];
            uint64_t v0 = (uint64_t)o0->ival & 0xffffffffu;
            for (t2 = 0; t2 < 3; t2++) {
                const pop *o1 = &ops[t2 + 1];
                const mqsad_operand *b = &in->src[t2];
                int c1;
                uint64_t v1;
                if ((int)t2 == d4) continue;
                c1 = is_lit_kind(b) && !(o1->kind == PO_IMM && o1->lit &&
                                         is_inline32(p->t, (uint32_t)b->literal_bits) &&
                                         (o1->is_fp || fits32(o1->ival)));
                v1 = o1->kind == PO_IMM ? (o1->is_fp ? b->literal_bits : (uint64_t)o1->ival) : ~v0;
                if (v0 > 64 && c1 && v1 != v0) {
                    fill_diag(diag, MQSAD_E_MULTIPLE_LITERALS, ops[((int)t2 > d4 ? t2 : (unsigned)d4) + 1].pos + 1,
                              "only one unique literal operand is allowed");
                    return MQSAD_E_MULTIPLE_LITERALS;
                }
            }
            /* a 64-bit literal for the constant bus */
            in->src[d4].kind = MQSAD_OPK_LITERAL64;
            in->src[d4].value = in->src[d4].literal_bits = (uint64_t)o0->ival;
            in->src[d4].lit_wrapper = (uint8_t)o0->lit;
        }
        {
            const mqsad_operand *first = NULL;
            for (src = 0; src < 3; src++) {
                const pop *o = &ops[src + 1];
                const mqsad_operand *d = &in->src[src];
                unsigned w = op_width(p, src + 1);
                int inl;
                if (!is_lit_kind(d)) continue;
                /* lit() of an inline value is no literal to LLVM: D1 is reported only after
                 * the checks LLVM would still run (constant bus, clamp, alignment). A 64-bit
                 * source keeps the low 32 bits of lit(X) / lit64(X) zero-extended, so only
                 * 0..64 stay inline there (lit(-1) is the literal 0xffffffff) */
                inl = o->kind == PO_IMM && o->lit &&
                      (w == 2 ? !o->is_fp && ((uint64_t)o->ival & 0xffffffffu) <= 64u
                              : is_inline32(p->t, (uint32_t)d->literal_bits) && (o->is_fp || fits32(o->ival)));
                if (p->f->literal == MQSAD_LIT_NONE) {
                    if (!inl) {
                        fill_diag(diag, MQSAD_E_NO_LITERAL, o->pos + 1, "literal operands are not supported");
                        return MQSAD_E_NO_LITERAL;
                    }
                    if (!d1_pos) d1_pos = o->pos + 1;
                    continue;
                }
                if (d4 >= 0) continue;
                if (!first) { first = d; continue; }
                if (d->kind == MQSAD_OPK_SYMBOL || first->kind == MQSAD_OPK_SYMBOL ||
                    d->literal_bits != first->literal_bits) {
                    fill_diag(diag, MQSAD_E_MULTIPLE_LITERALS, o->pos + 1,
                              "only one unique literal operand is allowed");
                    return MQSAD_E_MULTIPLE_LITERALS;
                }
            }
        }
        /* validateConstantBusLimitations: unique scalar registers plus the literal (twice
         * when it fills slots of different sizes), counted in operand order; the error is
         * at the operand that takes the count past the limit (measured with llvm-mc 22:
         * "s1, vcc_lo, s1" points at vcc_lo, "s3, s4, 0x1234" at the literal on GFX10+) */
        {
            unsigned key[3], bus = 0, nlit = 0, litw = 0;
            for (src = 0; src < 3; src++) {
                const pop *o = &ops[src + 1];
                key[src] = bus_key(o);
                if (key[src]) {
                    for (t2 = 0; t2 < src && key[t2] != key[src]; t2++) {}
                    if (t2 == src) bus++;
                }
                if (is_lit_kind(&in->src[src])) {
                    unsigned w = op_width(p, src + 1);
                    if (!nlit) { nlit = 1; litw = w; }
                    else if (w != litw) nlit = 2;
                }
                if (bus + nlit > p->f->const_bus) {
                    fill_diag(diag, MQSAD_E_CONSTANT_BUS, o->pos + 1,
                              "invalid operand (violates constant bus restrictions)");
                    return MQSAD_E_CONSTANT_BUS;
                }
            }
        }
        /* validateIntClampSupported */
        if (in->clamp && p->f->clamp_bit < 0) {
            fill_diag(diag, MQSAD_E_CLAMP_UNSUPPORTED, clampop->pos + 1,
                      "integer clamping is not supported on this GPU");
            return MQSAD_E_CLAMP_UNSUPPORTED;
        }
        /* validateVGPRAlign (64-bit sources; VDST and VReg_128 were rejected by the matcher) */
        if (p->f->vgpr_align > 1)
            for (src = 0; src < 3; src++) {
                const pop *o = &ops[src + 1];
                if (o->kind == PO_REG && o->rk == RK_VGPR && o->width > 1 && (o->num % 2)) {
                    fill_diag(diag, MQSAD_E_MISALIGNED, mnem_pos + 1,
                              "invalid register class: vgpr tuples must be 64 bit aligned");
                    return MQSAD_E_MISALIGNED;
                }
            }
        if (d1_pos) {   /* D1 */
            fill_diag(diag, MQSAD_E_NO_LITERAL, d1_pos, "literal operands are not supported");
            return MQSAD_E_NO_LITERAL;
        }
        if (d4 >= 0) {  /* D4: lit(X) with X that lit64() rejects */
            fill_diag(diag, MQSAD_E_LITERAL_RANGE, ops[d4 + 1].pos + 1, "invalid operand for instruction");
            return MQSAD_E_LITERAL_RANGE;
        }
    }
    /* operand codes and the trailing literal */
    {
        mqsad_status st;
        int s;
        for (s = 0; s < 4; s++) {
            mqsad_operand *d = s == MQSAD_SLOT_VDST ? &in->vdst : &in->src[s];
            st = mqsad__operand_resolve(target, p->in, s, d);
            if (st != MQSAD_OK) {
                fill_diag(diag, st, ops[s == MQSAD_SLOT_VDST ? 0 : s + 1].pos + 1, mqsad_strerror(st));
                return st;
            }
        }
        in->literal_size = 0;
        for (s = 0; s < 3; s++) {
            const mqsad_operand *d = &in->src[s];
            if (d->kind == MQSAD_OPK_LITERAL64) { in->literal_size = 8; in->literal = d->literal_bits; }
        }
        if (!in->literal_size) {
            for (s = 2; s >= 0; s--) {
                const mqsad_operand *d = &in->src[s];
                if (d->kind == MQSAD_OPK_LITERAL32) { in->literal_size = 4; in->literal = d->literal_bits; }
                else if (d->kind == MQSAD_OPK_SYMBOL) { in->literal_size = 4; in->literal = 0; }
            }
        }
        in->length = (uint8_t)(8 + in->literal_size);
        /* every rule of mqsad_validate() has been checked above, in LLVM's order and with
         * its messages (the vectors prove the two agree); mqsad_encode() validates again */
    }
    return MQSAD_OK;
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
