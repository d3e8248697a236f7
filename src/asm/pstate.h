/* pstate.h — the instruction parser's operands and state, shared by the files that read a
 * statement's operands: parse.c (the driver), match.c (matching, validation, codes),
 * reg.c (registers), dpp.c (DPP controls and modifiers, D5) and scan.c (the operand
 * scanner). The lexer and
 * the expression evaluator below them are asm/asm.h's. */
#ifndef MQSAD_ASM_PSTATE_H
#define MQSAD_ASM_PSTATE_H

#include "asm/asm.h"

#include <stdio.h>
#include <string.h>

/* PO_TOKEN: "::" / VOPDY name; PO_DPP_MOD: a DPP modifier in an operand's place (D5) */
enum { PO_REG = 1, PO_IMM, PO_EXPR, PO_CLAMP, PO_TOKEN, PO_DPP_MOD };
enum { RK_VGPR = 1, RK_SGPR, RK_TTMP, RK_AGPR, RK_SPECIAL };
#define SPECIAL_PC ((mqsad_special)(MQSAD_SPECIAL_COUNT + 1))  /* "pc": never an operand here */

/* operands kept of a line (more are counted, for the matcher's column) */
#define MAX_OPS 8
/* With this many operands or more, llvm-mc 22 reports any operand mismatch at the
 * OP_MATCH_CAP-th one (measured: 26 operands point at the mismatch, 27 and more at the
 * 27th, whatever it is; the generated matcher's fixed operand table). */
#define OP_MATCH_CAP 27

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

/* the first error of a statement wins: later ones are dropped */
static inline void perr(pstate *p, unsigned pos, const char *msg)
{
    if (p->err) return;
    p->err = 1;
    p->err_pos = pos;
    snprintf(p->msg, sizeof p->msg, "%s", msg);
}

/* msg into dst[0..size), cut to fit */
static inline void put_msg(char *dst, size_t size, const char *msg)
{
    size_t n = strlen(msg);
    if (n >= size) n = size - 1;
    memcpy(dst, msg, n);
    dst[n] = '\0';
}

/* diag's status, column and message; nothing without diag */
static inline void fill_diag(mqsad_diag *diag, mqsad_status st, unsigned col, const char *msg)
{
    if (!diag) return;
    diag->status = st;
    diag->column = col;
    put_msg(diag->message, sizeof diag->message, msg);
}

static inline const asm_tok *cur(pstate *p) { return asm_cur(&p->lx); }
static inline const asm_tok *peek(pstate *p, unsigned n) { return asm_peek(&p->lx, n); }
static inline void next(pstate *p) { asm_next(&p->lx); }
static inline const char *tstr(pstate *p, const asm_tok *t) { return p->lx.text + t->pos; }

#define tok_is(p, t, lit) ((t)->kind == TK_IDENT && (t)->len == sizeof(lit) - 1 && \
                           memcmp((p)->lx.text + (t)->pos, lit, sizeof(lit) - 1) == 0)

/* The n-th token ahead (n = 1 or 2) as LLVM's AMDGPU parser sees it where it looks ahead
 * (peekToken / peekTokens): the raw lexer there returns a block comment as a token, so v
 * followed by a block comment and [2:3] is not a register. Consuming a token
 * skips comments, so peek() is right everywhere else. */
const asm_tok *mqsad__asm_rpeek_comments(pstate *p, unsigned n);

static inline const asm_tok *rpeek(pstate *p, unsigned n)
{
    const asm_tok *t = peek(p, 1);
    if (t->comments == 0 && (n == 1 || t->kind == TK_EOS)) return t;   /* the usual case */
    return mqsad__asm_rpeek_comments(p, n);
}

/* ---- reg.c: registers (LLVM's parseRegister and its helpers) ---------------------------- */

/* the special register named s[0..n) (getSpecialRegForName), MQSAD_SPECIAL_NONE if none */
mqsad_special mqsad__asm_special_for(const char *s, size_t n);
/* RegularRegisters: the class (RK_*) of the first prefix of s[0..n) that matches, its
 * length in *plen; 0 if none */
int mqsad__asm_regular_prefix(const char *s, size_t n, size_t *plen);
/* StringRef::getAsInteger(10, unsigned): digits only, fits in 32 bits */
int mqsad__asm_reg_num(const char *s, size_t n, unsigned *out);
/* takes a ".l" / ".h" off s[0..*n): 1 if there was one */
int mqsad__asm_strip_lh(const char *s, size_t *n);
/* whether token t (then nx) opens a register / an operand modifier (-v1, |x|, abs(), NAME:) */
int mqsad__asm_is_register(pstate *p, const asm_tok *t, const asm_tok *nx);
int mqsad__asm_is_modifier(pstate *p);
/* getRegularReg's checks (alignment, size class, range) with its messages */
int mqsad__asm_regular_reg(pstate *p, int rk, unsigned num, unsigned *widthp, unsigned loc);
/* subtargetHasRegister */
int mqsad__asm_has_register(pstate *p, const pop *r);
/* a register, range or list at the current token into *r; 0 with p->err set on error */
int mqsad__asm_parse_register(pstate *p, pop *r);
/* an absolute expression at the current token; 0 with p->err set on error */
int mqsad__asm_expr_value(pstate *p, int64_t *v);

/* ---- dpp.c: DPP controls and modifiers (D5) -------------------------------------------- */

/* 1 if the current token opens a DPP control at operand place k (5 or 6) */
int mqsad__asm_is_dpp_control(pstate *p, unsigned k);
/* the index of the DPP modifier (row_mask, bank_mask, bound_ctrl, fi) opening at operand
 * place k, in the order the DPP form takes them; -1 if none may stand there */
int mqsad__asm_dpp_modifier(pstate *p, unsigned k);
/* read one, with llvm-mc 22's checks and messages; 0 with p->err set on error */
int mqsad__asm_parse_dpp_control(pstate *p);
int mqsad__asm_parse_dpp_modifier(pstate *p, unsigned *bad_bound);

/* ---- match.c: matching, validation, operand codes ------------------------------------- */

/* What matching needs to know of a line's DPP controls (D5) and its mnemonic */
typedef struct dpp_line {
    unsigned pos;        /* column of the DPP control that makes the line VOP3-DPP, 0 if none */
    unsigned after;      /* column of the first thing after it the DPP form does not take */
    int variant;         /* the mnemonic asked for _e64_dpp */
    int suffixed;        /* the mnemonic had an encoding suffix */
} dpp_line;

/* 1 if LLVM's tables hold DPP forms of the instruction: one whose operands are all 32-bit */
int mqsad__asm_has_vop3_dpp_form(const mqsad_insn_info *in);
/* MatchInstructionImpl over the line's operands ops[0..nops) (cap_pos: the column of the
 * OP_MATCH_CAP-th), then validateDPP and D5; MQSAD_OK or the error in *diag */
mqsad_status mqsad__asm_match(pstate *p, const pop *ops, unsigned nops, unsigned cap_pos,
                              unsigned mnem_pos, const dpp_line *d, mqsad_diag *diag);
/* *in from the matched operands (clampop: the fifth, or NULL) with validateInstruction's
 * checks in LLVM's order, then every operand's code and the literal */
mqsad_status mqsad__asm_build(pstate *p, const pop *ops, const pop *clampop, unsigned mnem_pos,
                              const char *text, mqsad_inst *in, mqsad_diag *diag);

/* ---- scan.c: the operand scanner ------------------------------------------------------- */

/* Reads operands straight from the text at `at` while they have the common spellings (the
 * first four), then puts the lexer after them; 1 if it read any. */
int mqsad__asm_scan_operands(pstate *p, size_t at, pop *ops, unsigned *nops);
/* Where the operands start when the statement opens "name" and blanks (no label, no
 * comment); the name is text[*b, *e). 0 otherwise. */
size_t mqsad__asm_plain_opening(const char *text, size_t len, size_t *b, size_t *e);

#endif
