/* stream.h — what the stream layer (src/stream/: whole files of llvm-mc input in, llvm-mc's
 * output and diagnostics out) shares between its files. Not installed.
 *
 * A sink is one output channel of a stream: a block of caller-owned memory (inside the
 * stream's context) that fills up and goes to the caller's mqsad_write_fn in one call when
 * full or flushed, so a caller writing to a file makes one write per block, not per line.
 * A sink without a write function is a bounded buffer: what does not fit sets .overflow
 * and is dropped. A holding sink keeps buf[held, len) back: flushes hand over buf[0, held)
 * only, until mqsad__sink_commit releases the held bytes or mqsad__sink_retract takes them
 * back (the disassembly stream: llvm-mc decodes the bytes up to the next bracket only
 * there, and a malformed token before it drops them). When held bytes alone fill the
 * buffer they go out all the same and can no longer be taken back (.spilled). */
#ifndef MQSAD_STREAM_H
#define MQSAD_STREAM_H

#include "mqsad.h"

#include <string.h>

/* the little-endian dword at p */
static inline uint32_t mqsad__rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct mqsad__sink {
    char *buf;
    size_t cap, len;
    mqsad_write_fn write;        /* NULL: bounded buffer */
    void *user;
    int channel;                 /* MQSAD_STREAM_OUT or MQSAD_STREAM_DIAG */
    int overflow;                /* bounded buffer: something did not fit */
    int holding;                 /* keeps buf[held, len) back (set by the stream) */
    int spilled;                 /* held bytes had to go out since the last commit */
    size_t held;
} mqsad__sink;

void mqsad__sink_init(mqsad__sink *o, char *buf, size_t cap, mqsad_write_fn write, void *user,
                      int channel);
/* hands what is buffered to the write function (nothing for a bounded buffer); a holding
 * sink only what is not held */
void mqsad__sink_flush(mqsad__sink *o);
/* room for n more bytes (n <= o->cap): a flush, then, if held bytes still fill too much,
 * they go out as well (.spilled) */
void mqsad__sink_make_room(mqsad__sink *o, size_t n);
/* a holding sink: what is held becomes ordinary output (and .spilled is cleared) */
static inline void mqsad__sink_commit(mqsad__sink *o)
{
    o->held = o->len;
    o->spilled = 0;
}
/* a holding sink that has not spilled: drops what is held */
static inline void mqsad__sink_retract(mqsad__sink *o) { o->len = o->held; }
/* appends s[0..n), any n (a block larger than the buffer goes out in pieces) */
void mqsad__sink_write(mqsad__sink *o, const void *s, size_t n);
/* appends n spaces */
void mqsad__sink_spaces(mqsad__sink *o, size_t n);
/* appends the decimal digits of v */
void mqsad__sink_ulong(mqsad__sink *o, unsigned long v);

/* Room for n more bytes (n <= o->cap) at the returned place; the caller adds what it wrote
 * to o->len. Sinks with a write function only. */
static inline char *mqsad__sink_room(mqsad__sink *o, size_t n)
{
    if (o->cap - o->len < n) mqsad__sink_make_room(o, n);
    return o->buf + o->len;
}

static inline void mqsad__sink_put(mqsad__sink *o, const void *s, size_t n)
{
    if (o->cap - o->len >= n) {
        memcpy(o->buf + o->len, s, n);
        o->len += n;
    } else {
        mqsad__sink_write(o, s, n);
    }
}

/* llvm::SMDiagnostic::print, as llvm-mc prints a diagnostic:
 *   "NAME:LINE:COL: KIND: MESSAGE\n", the source line seg[0..len) (up to its first '\n' or
 *   '\r') with tabs expanded to multiples of 8, and a caret under the 1-based byte column
 *   col (no caret line when the source line has a non-ASCII byte). kind: "error",
 *   "warning". */
void mqsad__sink_diag(mqsad__sink *o, const char *name, unsigned long line, unsigned col,
                      const char *kind, const char *msg, const char *seg, size_t len);
/* the index of the first '\n' or '\r' in s[0..n), n when there is none */
size_t mqsad__line_end(const char *s, size_t n);
/* the '\n' bytes in s[0..n) */
unsigned long mqsad__count_newlines(const char *s, size_t n);
/* only the source line and caret of mqsad__sink_diag */
void mqsad__sink_source(mqsad__sink *o, const char *seg, size_t len, unsigned col);

/* ---- disassembly: operand text tables (src/stream/dis_word.c) --------------------------
 * The text of a decoded word without a literal is a prefix (the mnemonic and a space)
 * followed by its four operands' texts in the order VDST, SRC0, SRC1, SRC2, joined by
 * ", ", and " clamp" when CLAMP is set; each operand's text depends only on (instruction,
 * slot, code). mqsad_dis_ctx_init learns all of it from the library itself (mqsad_decode
 * and mqsad_format on words it builds from the target and instruction tables) and keeps
 * each (slot, code) text in a 16-byte entry: printing a word is then five fixed-size
 * copies. A word the tables do not cover (literals, texts longer than an entry, control
 * bits that are not the instruction's plain ones) goes through mqsad_decode + mqsad_format. */
#define MQSAD__DIS_TEXT 14          /* entry text, ", " included */
#define MQSAD__DIS_TABLES 16        /* distinct operand tables a context holds */
enum { MQSAD__DIS_UNSET = 0, MQSAD__DIS_FAST = 1, MQSAD__DIS_SLOW = 2,
       MQSAD__DIS_LIT = 4 };        /* a literal code: .len is the literal's size in bytes */

typedef struct mqsad__dis_entry {
    char text[MQSAD__DIS_TEXT];     /* the operand's text, then ", " (not after SRC2) */
    uint8_t len;
    uint8_t ok;                     /* MQSAD__DIS_*: ANDing four gives FAST only if all are */
} mqsad__dis_entry;

typedef struct mqsad__dis_op {      /* one instruction the tables print */
    uint32_t mask0, want0;          /* dword 0 & mask0 == want0 (marker, OP, fixed bits) */
    uint32_t mask1;                 /* dword 1 & mask1 == 0 (the bits above SRC2) */
    uint32_t clamp;                 /* the CLAMP bit in dword 0, 0 when none */
    uint8_t tab[4];                 /* operand text table per slot (MQSAD_SLOT_*) */
    uint8_t id;                     /* mqsad_insn_id */
    uint8_t plen;
    char prefix[32];                /* "v_mqsad_u32_u8 " */
} mqsad__dis_op;

/* The text tables of one target (a disassembly stream holds one). */
struct mqsad__dis_tables {
    const mqsad_target *target;
    unsigned op_lo;                 /* the OP field: (dword 0 >> op_lo) & op_mask */
    uint32_t op_mask;
    unsigned nops, ntables;
    uint8_t op_index[1024];         /* OP field value -> ops[], 0xff: no table */
    mqsad__dis_op ops[MQSAD_INSN_COUNT];
    uint8_t table_slot[MQSAD__DIS_TABLES];
    mqsad__dis_entry tab[MQSAD__DIS_TABLES][512];
};

/* The decoded operand of each code of a slot, as mqsad_decode gives it for a word without
 * a literal (the operands of such a word do not depend on each other): mqsad_dis_decode
 * copies them. .ok as in the text tables; a MQSAD__DIS_LIT code's operand is made from the
 * literal when the word is decoded. */
#define MQSAD__DEC_TABLES 9          /* GFX7 has 8 distinct ones; the next is built in place */
typedef struct mqsad__dec_table {
    mqsad_operand op[512];
    uint8_t ok[512];
} mqsad__dec_table;

/* mqsad_dis_ctx: the text tables and the decoded-operand tables. */
struct mqsad_dis_ctx {
    struct mqsad__dis_tables text;
    uint8_t dec_of[MQSAD_INSN_COUNT][4];   /* per text.ops[]: decoded-operand table per slot,
                                              0xff in [0]: none (mqsad_decode decodes it) */
    unsigned ndec;
    mqsad__dec_table dec[MQSAD__DEC_TABLES];
};

#define MQSAD__DIS_FAST_MAX (32 + 4 * 16 + 8)   /* bytes mqsad__dis_fast may write */

/* mqsad__dis_fast for a word with one literal operand at p[0..avail): the tables' texts
 * for the others, the library's text (mqsad_insn_operand_from_code + mqsad_format_operand)
 * for the literal. o needs MQSAD__DIS_LIT_MAX bytes of room; returns the end and sets
 * *used to the word's length, or returns NULL. */
#define MQSAD__DIS_LIT_MAX (32 + 16 + 2 * 16 + 64 + 8)
char *mqsad__dis_lit(const struct mqsad__dis_tables *c, const uint8_t *p, size_t avail, char *o, size_t *used);

/* Fills *c (zeroed memory) with the text tables of target t. */
void mqsad__dis_tables_build(struct mqsad__dis_tables *c, const mqsad_target *t);

/* MQSAD_DIS_EXPLAIN's table of the fields of *in (status st from mqsad_decode) on t
 * (src/stream/dis_explain.c). */
void mqsad__dis_explain(mqsad__sink *o, const mqsad_target *t, const mqsad_inst *in, mqsad_status st);

/* The text of the 8-byte word d0:d1 (no tab, no newline, no NUL) at o, which must have
 * MQSAD__DIS_FAST_MAX bytes of room; returns its end, or NULL (nothing that counts was
 * written) when the tables do not cover the word. */
static inline char *mqsad__dis_fast(const struct mqsad__dis_tables *c, uint32_t d0, uint32_t d1, char *o)
{
    unsigned k = c->op_index[(d0 >> c->op_lo) & c->op_mask];
    const mqsad__dis_op *op;
    const mqsad__dis_entry *v, *a, *b, *e;
    if (k >= MQSAD_INSN_COUNT) return NULL;
    op = &c->ops[k];
    if (((d0 & op->mask0) ^ op->want0) | (d1 & op->mask1)) return NULL;
    v = &c->tab[op->tab[MQSAD_SLOT_VDST]][d0 & 0xffu];
    a = &c->tab[op->tab[MQSAD_SLOT_SRC0]][d1 & 0x1ffu];
    b = &c->tab[op->tab[MQSAD_SLOT_SRC1]][(d1 >> 9) & 0x1ffu];
    e = &c->tab[op->tab[MQSAD_SLOT_SRC2]][(d1 >> 18) & 0x1ffu];
    if ((v->ok & a->ok & b->ok & e->ok) != MQSAD__DIS_FAST) return NULL;
    memcpy(o, op->prefix, 32); o += op->plen;   /* whole entries: the bytes past len */
    memcpy(o, v, 16); o += v->len;        /* are overwritten by the next copy */
    memcpy(o, a, 16); o += a->len;
    memcpy(o, b, 16); o += b->len;
    memcpy(o, e, 16); o += e->len;
    memcpy(o, " clamp", 6);
    return o + ((d0 & op->clamp) ? 6 : 0);
}

/* ---- the assembly stream's trial contexts (asm_stream.c, for asm_parallel.c) ----------
 * A trial context assembles a piece of the input as if the file began there (no labels or
 * symbols, nothing carried, no error recovery pending) at a given line, into two bounded
 * buffers; the stream then takes its output and end state when the stream, at the piece's
 * start, is in that state. */
/* the line the next byte fed to s is on */
unsigned long mqsad__asm_stream_next_line(const mqsad_asm_stream *s);
/* starts trial (mqsad_asm_stream_size() bytes) with s's settings at `line`; its output goes
 * to out[0..out_cap) and diag[0..diag_cap) (more sets its spilled flag) */
void mqsad__asm_stream_trial(mqsad_asm_stream *trial, const mqsad_asm_stream *s, unsigned long line,
                             char *out, size_t out_cap, char *diag, size_t diag_cap);
/* If s is, before `line`, where the trial started as it assumed (and all of the trial's
 * output fit), writes the trial's output as s's, gives s the trial's end state, returns 1;
 * else returns 0, or -1 when it is s's labels or symbols that the trial did not know, and
 * s is unchanged (the piece is to be fed to s). */
int mqsad__asm_stream_take(mqsad_asm_stream *s, const mqsad_asm_stream *trial, unsigned long line);

#endif
