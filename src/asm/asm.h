/* asm.h — the assembler's lexer and expression evaluator (src/asm/lex.c, src/asm/expr.c),
 * shared with the statement and instruction parsers. They follow LLVM MC's AsmLexer /
 * AsmParser rules (LLVM 22) so that values, columns and messages match llvm-mc. Nothing
 * here allocates. */
#ifndef MQSAD_ASM_H
#define MQSAD_ASM_H

#include "isa/isa.h"

/* Token kinds (a subset of llvm::AsmToken::TokenKind). */
typedef enum asm_tok_kind {
    TK_EOS = 0,      /* end of statement: end of text or a comment */
    TK_ERROR,        /* lexer error; .msg says why */
    TK_IDENT, TK_INT, TK_BIGNUM, TK_REAL, TK_STRING,
    TK_COMMA, TK_LBRAC, TK_RBRAC, TK_LPAREN, TK_RPAREN, TK_LCURLY, TK_RCURLY, TK_COLON,
    TK_PLUS, TK_MINUS, TK_TILDE, TK_EXCL, TK_STAR, TK_SLASH, TK_PERCENT,
    TK_AMP, TK_AMPAMP, TK_PIPE, TK_PIPEPIPE, TK_CARET,
    TK_SHL, TK_SHR, TK_LT, TK_LE, TK_GT, TK_GE, TK_EQEQ, TK_NE, TK_LTGT, TK_EQ,
    TK_DOLLAR, TK_AT, TK_HASH, TK_DOT, TK_OTHER,
    TK_COMMENT       /* never lexed: what LLVM's lookahead (peekTokens) sees at a block
                        comment, which its parser skips only when it consumes a token */
} asm_tok_kind;

typedef struct asm_tok {
    asm_tok_kind kind;
    unsigned pos, len;       /* byte offset and length in the line */
    unsigned start;          /* where the lexer began the token (LLVM's TokStart, which its
                              * TokError points at): pos, except for "invalid sign in float
                              * literal", which is at the sign of the float that starts here */
    uint64_t ival;           /* TK_INT value (two's complement, 64-bit) */
    const char *msg;         /* TK_ERROR message (static) */
    unsigned comments;       /* block comments between this token and the one before */
} asm_tok;

/* A lexer over text[0..len). Lexing is lazy: cur plus up to two peeked tokens. */
typedef struct asm_lexer {
    const char *text;
    size_t len;
    size_t pos;              /* next byte to lex */
    asm_tok la[3];           /* la[0] = current token, la[1..] peeked */
    unsigned nla;            /* valid entries in la */
} asm_lexer;

void mqsad__asm_lex_init(asm_lexer *lx, const char *text, size_t len);
/* Starts at byte pos, which must be a token boundary (lexing has no other state). */
void mqsad__asm_lex_init_at(asm_lexer *lx, const char *text, size_t len, size_t pos);
void mqsad__asm_lex_one(asm_lexer *lx, asm_tok *t);
/* Bytes that continue an identifier (non-zero; 2 for '@', which cannot start one). */
extern const unsigned char mqsad__asm_ident[256];

static inline const asm_tok *asm_cur(asm_lexer *lx) { return &lx->la[0]; }

/* n = 1 or 2 */
static inline const asm_tok *asm_peek(asm_lexer *lx, unsigned n)
{
    while (lx->nla <= n) {
        mqsad__asm_lex_one(lx, &lx->la[lx->nla]);
        lx->nla++;
    }
    return &lx->la[n];
}

static inline void asm_next(asm_lexer *lx)
{
    if (lx->nla > 1) {
        lx->la[0] = lx->la[1];
        lx->la[1] = lx->la[2];
        lx->nla--;
    } else if (lx->la[0].kind != TK_EOS) {
        mqsad__asm_lex_one(lx, &lx->la[0]);
    }
}

/* ---- expressions (src/asm/expr.c) --------------------------------------------------------- */

/* Longest line mqsad_parse reads (columns are 32-bit); longer is MQSAD_E_INPUT_TOO_LONG. */
#define ASM_LINE_MAX ((size_t)0xffffffffu)
#define ASM_EXPR_NODES 128
#define ASM_EXPR_DEPTH 256

/* EN_FUNC: one of LLVM's AMDGPU expression functions (value = its index in expr.c's
 * table), a = its first EN_ARG; an EN_ARG holds one argument in a and the next EN_ARG in b
 * (-1 at the end). */
typedef enum { EN_CONST, EN_SYM, EN_UNARY, EN_BINARY, EN_FUNC, EN_ARG } asm_node_kind;

typedef enum {
    EOP_ADD, EOP_SUB, EOP_MUL, EOP_DIV, EOP_MOD, EOP_SHL, EOP_LSHR, EOP_AND, EOP_OR,
    EOP_XOR, EOP_ORNOT, EOP_LAND, EOP_LOR, EOP_EQ, EOP_NE, EOP_LT, EOP_LE, EOP_GT, EOP_GE,
    EOP_NEG, EOP_NOT, EOP_LNOT, EOP_PLUS
} asm_eop;

typedef struct asm_node {
    asm_node_kind kind;
    asm_eop op;
    int a, b;                /* children (node indices) */
    int64_t value;           /* EN_CONST */
    unsigned pos, len;       /* EN_SYM: the name in the line */
    int variant;             /* EN_SYM: -1 none, else index of the @variant (expr.c) */
    int is_temp;             /* EN_SYM: 1 for '.', the current location: the temporary */
    unsigned temp;           /* label .Ltmp<temp> it made */
} asm_node;

typedef struct asm_expr_ctx {
    asm_lexer *lx;
    asm_node nodes[ASM_EXPR_NODES];
    int nnodes;
    unsigned depth;
    int folded;              /* the last mqsad__asm_parse_expr folded a sub-tree to save
                                nodes: its printed form is no longer llvm-mc's */
    mqsad_asm_state *st;     /* the file's temporary and directional labels (never NULL) */
    const mqsad_family *fam; /* extrasgprs() and totalnumvgprs() depend on it */
    /* the first error (parse failure with a message), if any */
    int err;
    unsigned err_pos;
    const char *err_msg;
    char err_text[96];       /* storage for a formatted err_msg ("invalid variant 'x'") */
} asm_expr_ctx;

/* Parses an expression at the current token (AsmParser::parseExpression). Returns the
 * root node index, or -1 on failure (ctx->err set when LLVM prints a message; a failure
 * on a lexer error token is silent). A constant-valued expression is folded into one
 * EN_CONST node; division by zero stays unevaluated (not absolute), like LLVM. */
int mqsad__asm_parse_expr(asm_expr_ctx *ctx);
/* 1 and *v when node is absolute. */
int mqsad__asm_expr_absolute(const asm_expr_ctx *ctx, int node, int64_t *v);
/* Prints like MCExpr::print into buf[0..size) (NUL-terminated); returns the length that
 * was needed (>= size means truncated). */
size_t mqsad__asm_expr_print(const asm_expr_ctx *ctx, const char *line, int node, char *buf,
                             size_t size);
/* 1 if LLVM's code emitter would use FK_PCRel_4 for this expression (needsPCRel). */
int mqsad__asm_expr_pcrel(const asm_expr_ctx *ctx, int node);
/* A symbol variant's name (lower case) and whether it is PC-relative; an expression
 * function's name (src/asm/expr.c's tables, for the printer in src/asm/expr_print.c). */
const char *mqsad__asm_variant_name(int variant);
int mqsad__asm_variant_pcrel(int variant);
const char *mqsad__asm_func_name(int func);

/* A symbol name as llvm-mc prints it (MCSymbol::print: quoted and escaped if needed) from
 * raw[0..n) as written (inside the quotes for a quoted name); returns the length needed. */
size_t mqsad__asm_symbol_print(const char *raw, unsigned n, char *buf, size_t size);
/* The same for raw[0..n) taken as the name itself, its backslashes kept: the name LLVM's
 * parseAssignment looks up for its redefinition test (labels unescape theirs) */
size_t mqsad__asm_symbol_print_as_written(const char *raw, unsigned n, char *buf, size_t size);

/* Directional label symbols (src/asm/label.c): definitions of N so far, and the entry of
 * symbol (N, instance) in st->dir[], made (with the next .LtmpN) if new; -1 when full. */
uint32_t mqsad__dir_defined(const mqsad_asm_state *st, uint32_t value);
/* parseIdentifier (src/asm/label.c): a name, a quoted name, or "$x" / "@x" at the current
 * token; *raw / *rawlen as written (inside the quotes), the lexer after it. Returns its
 * kind (TK_IDENT for "$x", TK_STRING), 0 if there is none. */
int mqsad__asm_take_name(asm_lexer *lx, const char **raw, unsigned *rawlen);
/* 1 if s[0..n) names a directive llvm-mc 22 knows (src/asm/directives.c), any case */
int mqsad__known_directive(const char *s, size_t n);
/* src/asm/suggest.c: whether llvm-mc 22 knows the mnemonic name[0..len) (any case, suffix
 * taken off) for no GPU, for other GPUs only, or for target t; for an unknown one its
 * ", did you mean: A, B?" for t into out (empty when there is nothing to suggest; a list
 * longer than size is cut after a whole name). */
enum { MQSAD__MN_UNKNOWN, MQSAD__MN_UNSUPPORTED, MQSAD__MN_SUPPORTED };
int mqsad__mnemonic_class(const mqsad_target *t, const char *name, size_t len);
size_t mqsad__mnemonic_suggest(const mqsad_target *t, const char *name, size_t len,
                               char *out, size_t size);
/* FNV-1a of a symbol name (as printed): labels and variables are remembered by it */
uint64_t mqsad__name_hash(const char *s, size_t n);
/* 1 and *v when an assignment gave the symbol printed as name an absolute value */
int mqsad__var_value(const mqsad_asm_state *st, const char *name, int64_t *v);
/* var[]'s absolute member: a label defined since made the symbol no variable */
enum { MQSAD__VAR_RELOCATABLE = 0, MQSAD__VAR_ABSOLUTE = 1, MQSAD__VAR_NOW_LABEL = 2 };
/* the index in st->var[] of the symbol with hash h if it is a variable now, else -1 */
int mqsad__var_live(const mqsad_asm_state *st, uint64_t h);
int mqsad__dir_symbol(mqsad_asm_state *st, uint32_t value, uint32_t instance);

/* Parses a decimal or hexadecimal floating-point token text (LLVM APFloat rules) into an
 * IEEE double bit pattern (src/asm/real.c). Returns 0 on success. */
int mqsad__asm_parse_real(const char *s, size_t n, uint64_t *bits);

#endif
