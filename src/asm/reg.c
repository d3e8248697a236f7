/*
 * reg.c — registers as LLVM's AMDGPUAsmParser reads them (parseRegister and its helpers):
 * special names, regular names (v7, s[2:3], ttmp[4:7], a0, acc...), lists ([s0,s1]),
 * alignment, size classes, ranges and the target's registers, with llvm-mc 22's messages.
 * Also the look-ahead over block comments and absolute expressions in index positions.
 */
#include "asm/pstate.h"

const asm_tok *mqsad__asm_rpeek_comments(pstate *p, unsigned n)
{
    static const asm_tok comment = { TK_COMMENT, 0, 0, 0, 0, NULL, 0 };
    unsigned i;
    for (i = 1;; i++) {
        const asm_tok *t = peek(p, i);
        if (t->comments >= n) return &comment;
        n -= t->comments;
        if (n == 1 || t->kind == TK_EOS || i == 2) return t;
        n--;
    }
}

/* ---- special registers (getSpecialRegForName) ------------------------------------------ */

/* name and its length: the length rules out all but a few names at one compare */
#define SPECIAL(name, id) { name, sizeof name - 1, id }
static const struct { char name[25]; unsigned char len; mqsad_special id; } special_names[] = {
    SPECIAL("exec", MQSAD_SPECIAL_EXEC), SPECIAL("vcc", MQSAD_SPECIAL_VCC),
    SPECIAL("flat_scratch", MQSAD_SPECIAL_FLAT_SCRATCH), SPECIAL("xnack_mask", MQSAD_SPECIAL_XNACK_MASK),
    SPECIAL("shared_base", MQSAD_SPECIAL_SRC_SHARED_BASE), SPECIAL("src_shared_base", MQSAD_SPECIAL_SRC_SHARED_BASE),
    SPECIAL("shared_limit", MQSAD_SPECIAL_SRC_SHARED_LIMIT), SPECIAL("src_shared_limit", MQSAD_SPECIAL_SRC_SHARED_LIMIT),
    SPECIAL("private_base", MQSAD_SPECIAL_SRC_PRIVATE_BASE), SPECIAL("src_private_base", MQSAD_SPECIAL_SRC_PRIVATE_BASE),
    SPECIAL("private_limit", MQSAD_SPECIAL_SRC_PRIVATE_LIMIT), SPECIAL("src_private_limit", MQSAD_SPECIAL_SRC_PRIVATE_LIMIT),
    SPECIAL("pops_exiting_wave_id", MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID),
    SPECIAL("src_pops_exiting_wave_id", MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID),
    SPECIAL("src_flat_scratch_base_lo", MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO),
    SPECIAL("src_flat_scratch_base_hi", MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI),
    SPECIAL("lds_direct", MQSAD_SPECIAL_SRC_LDS_DIRECT), SPECIAL("src_lds_direct", MQSAD_SPECIAL_SRC_LDS_DIRECT),
    SPECIAL("m0", MQSAD_SPECIAL_M0),
    SPECIAL("vccz", MQSAD_SPECIAL_SRC_VCCZ), SPECIAL("src_vccz", MQSAD_SPECIAL_SRC_VCCZ),
    SPECIAL("execz", MQSAD_SPECIAL_SRC_EXECZ), SPECIAL("src_execz", MQSAD_SPECIAL_SRC_EXECZ),
    SPECIAL("scc", MQSAD_SPECIAL_SRC_SCC), SPECIAL("src_scc", MQSAD_SPECIAL_SRC_SCC),
    SPECIAL("tba", MQSAD_SPECIAL_TBA), SPECIAL("tma", MQSAD_SPECIAL_TMA),
    SPECIAL("flat_scratch_lo", MQSAD_SPECIAL_FLAT_SCRATCH_LO), SPECIAL("flat_scratch_hi", MQSAD_SPECIAL_FLAT_SCRATCH_HI),
    SPECIAL("xnack_mask_lo", MQSAD_SPECIAL_XNACK_MASK_LO), SPECIAL("xnack_mask_hi", MQSAD_SPECIAL_XNACK_MASK_HI),
    SPECIAL("vcc_lo", MQSAD_SPECIAL_VCC_LO), SPECIAL("vcc_hi", MQSAD_SPECIAL_VCC_HI),
    SPECIAL("exec_lo", MQSAD_SPECIAL_EXEC_LO), SPECIAL("exec_hi", MQSAD_SPECIAL_EXEC_HI),
    SPECIAL("tma_lo", MQSAD_SPECIAL_TMA_LO), SPECIAL("tma_hi", MQSAD_SPECIAL_TMA_HI),
    SPECIAL("tba_lo", MQSAD_SPECIAL_TBA_LO), SPECIAL("tba_hi", MQSAD_SPECIAL_TBA_HI),
    SPECIAL("pc", SPECIAL_PC),
    SPECIAL("null", MQSAD_SPECIAL_NULL),
};
#undef SPECIAL

mqsad_special mqsad__asm_special_for(const char *s, size_t n)
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
        if (special_names[i].len == n && nm[0] == s[0] && memcmp(nm, s, n) == 0)
            return special_names[i].id;
    }
    return MQSAD_SPECIAL_NONE;
}

/* RegularRegisters: first prefix that matches, in LLVM's order. */
int mqsad__asm_regular_prefix(const char *s, size_t n, size_t *plen)
{
    if (n >= 1 && s[0] == 'v') { *plen = 1; return RK_VGPR; }
    if (n >= 1 && s[0] == 's') { *plen = 1; return RK_SGPR; }
    if (n >= 4 && memcmp(s, "ttmp", 4) == 0) { *plen = 4; return RK_TTMP; }
    if (n >= 3 && memcmp(s, "acc", 3) == 0) { *plen = 3; return RK_AGPR; }
    if (n >= 1 && s[0] == 'a') { *plen = 1; return RK_AGPR; }
    return 0;
}

/* StringRef::getAsInteger(10, unsigned): digits only, fits in 32 bits. */
int mqsad__asm_reg_num(const char *s, size_t n, unsigned *out)
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

int mqsad__asm_strip_lh(const char *s, size_t *n)
{
    if (*n >= 2 && s[*n - 2] == '.' && (s[*n - 1] == 'l' || s[*n - 1] == 'h')) { *n -= 2; return 1; }
    return 0;
}

int mqsad__asm_is_register(pstate *p, const asm_tok *t, const asm_tok *nx)
{
    const char *s;
    size_t n, pl;
    if (t->kind == TK_LBRAC) return 1;
    if (t->kind != TK_IDENT) return 0;
    s = tstr(p, t);
    n = t->len;
    if (mqsad__asm_regular_prefix(s, n, &pl)) {
        if (n > pl) {
            unsigned v;
            size_t m = n - pl;
            mqsad__asm_strip_lh(s + pl, &m);
            if (mqsad__asm_reg_num(s + pl, m, &v)) return 1;
        } else if (nx->kind == TK_LBRAC) {
            return 1;
        }
    }
    return mqsad__asm_special_for(s, n) != MQSAD_SPECIAL_NONE;
}

static int is_operand_modifier(pstate *p, const asm_tok *t, const asm_tok *nx)
{
    if (t->kind == TK_IDENT && nx->kind == TK_LPAREN &&
        (tok_is(p, t, "abs") || tok_is(p, t, "neg") || tok_is(p, t, "sext")))
        return 1;
    return t->kind == TK_PIPE;
}

int mqsad__asm_is_modifier(pstate *p)
{
    const asm_tok *t = cur(p), *n0 = rpeek(p, 1), *n1 = rpeek(p, 2);
    if (is_operand_modifier(p, t, n0)) return 1;
    if (t->kind == TK_MINUS && (mqsad__asm_is_register(p, n0, n1) || is_operand_modifier(p, n0, n1))) return 1;
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
int mqsad__asm_regular_reg(pstate *p, int rk, unsigned num, unsigned *widthp, unsigned loc)
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

int mqsad__asm_expr_value(pstate *p, int64_t *v)
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

static int parse_reg_range(pstate *p, unsigned *num, unsigned *width, int *subreg)
{
    int64_t lo, hi;
    unsigned first, second = 0;
    if (cur(p)->kind != TK_LBRAC) { perr(p, cur(p)->pos, "missing register index"); return 0; }
    next(p);
    first = cur(p)->pos;
    if (!mqsad__asm_expr_value(p, &lo)) return 0;
    if (cur(p)->kind == TK_COLON) {
        next(p);
        second = cur(p)->pos;
        if (!mqsad__asm_expr_value(p, &hi)) return 0;
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
    if (!mqsad__asm_parse_register(p, r)) return 0;
    /* LLVM: every special register (exec, vcc, pc ...) parses as 32 bits here, so
     * "[exec]" is exec; only a regular tuple is "expected a single 32-bit register" */
    if (r->lw != 1) { perr(p, loc, "expected a single 32-bit register"); return 0; }
    if (r->rk == RK_SPECIAL) r->width = 1;
    while (cur(p)->kind == TK_COMMA) {
        next(p);
        loc = cur(p)->pos;
        memset(&n, 0, sizeof n);
        if (!mqsad__asm_parse_register(p, &n)) return 0;
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
    } else if (!mqsad__asm_regular_reg(p, r->rk, r->num, &r->width, list_loc)) {
        return 0;
    }
    return 1;
}

/* subtargetHasRegister */
int mqsad__asm_has_register(pstate *p, const pop *r)
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

int mqsad__asm_parse_register(pstate *p, pop *r)
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
        mqsad_special sp = mqsad__asm_special_for(s, n);
        if (sp != MQSAD_SPECIAL_NONE) {
            r->rk = RK_SPECIAL;
            r->special = sp;
            r->width = sp == SPECIAL_PC ? 2 : mqsad_special_width(sp);
            r->lw = 1;
            next(p);
            ok = 1;
        } else {
            int rk = mqsad__asm_regular_prefix(s, n, &pl);
            if (!rk) { perr(p, loc, "invalid register name"); p->depth--; return 0; }
            next(p);
            r->rk = rk;
            if (n > pl) {
                size_t m = n - pl;
                r->subreg = mqsad__asm_strip_lh(s + pl, &m);
                if (!mqsad__asm_reg_num(s + pl, m, &r->num)) { perr(p, loc, "invalid register index"); p->depth--; return 0; }
                r->width = 1;
            } else if (!parse_reg_range(p, &r->num, &r->width, &r->subreg)) {
                p->depth--;
                return 0;
            }
            ok = mqsad__asm_regular_reg(p, rk, r->num, &r->width, loc);
            r->lw = r->width;
        }
    } else {
        ok = parse_reg_list(p, r);
        r->pos = loc;
    }
    p->depth--;
    if (!ok) return 0;
    if (!mqsad__asm_has_register(p, r)) {
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
