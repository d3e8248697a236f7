/*
 * cmd_dis.c — `mqsad dis`: llvm-mc -disassemble for V_MQSAD_U32_U8.
 *
 * Input syntax is llvm-mc's (llvm/tools/llvm-mc/Disassembler.cpp): byte tokens (0x04, 4,
 * 0b100, 04 — LLVM's auto-radix, value <= 255) separated by whitespace and commas, `#`
 * comments to the end of the line, and `[` ... `]` atomic blocks. Each decoded instruction
 * prints as a TAB, the text and a newline, exactly as llvm-mc 22 prints it. Diagnostics go
 * to stderr in llvm-mc's format (FILE:LINE:COL: warning|error: MESSAGE, the source line with
 * tabs expanded, a caret line); FILE is "<stdin>" for standard input.
 *
 * Like llvm-mc:
 *  - bytes outside a block form one stream; an undecodable position gets
 *    "warning: invalid instruction encoding" at its first byte and decoding resumes 4 bytes
 *    later (fewer at the end of the stream);
 *  - inside [...] decoding stops at the first undecodable instruction; the rest of the block
 *    is dropped;
 *  - a malformed token ("invalid input token", at the token) drops the bytes collected but
 *    not yet decoded, and the rest of its line; `;` and `//` are NOT comments for llvm-mc
 *    and are reported the same way;
 *  - "nested atomic blocks make no sense", "attempt to close atomic block without opening",
 *    "unclosed atomic block" (at the end of the input);
 *  - columns and the quoted source line follow llvm::SourceMgr, for which a '\r' also
 *    starts a line (CRLF input, lone CRs), while LINE counts '\n' only.
 * Deliberate differences (documented in --help):
 *  - we know only V_MQSAD_U32_U8: any other instruction is "invalid instruction encoding"
 *    followed by the 4-byte resync, where llvm-mc would decode it (so after a foreign
 *    instruction the two tools may disagree on where the next instruction starts);
 *  - streaming: bytes are decoded at the end of each input line (memory stays bounded);
 *    llvm-mc collects everything up to the next bracket or the end of the input first, so
 *    a malformed token discards more there (when an instruction is split across lines,
 *    when earlier lines precede the bad token without brackets, or when a [ ... ] block
 *    spans lines: llvm-mc drops the whole block, we have printed its earlier lines);
 *  - exit status 1 whenever anything was invalid (llvm-mc returns 0 for stream-mode
 *    warnings and for malformed tokens, 1 only for block/bracket errors);
 *  - input lines are limited to DIS_MAXLINE bytes (error "line too long", line skipped).
 *
 * Speed (goal, issue #5: >= 100x llvm-mc as whole-process time on 100k word lines): input
 * is read with read(2), DIS_RBUF bytes at a time (a mapping measured slower: see
 * dis_input(); no stdio FILE: one malloc less), lines are scanned in place and output is
 * buffered in the same buffer, below the input still needed (DIS_OSLACK). Buffers stay
 * small: on the Zen 5 VM every fresh 4 KiB page costs a ~10 us fault, and a 2 MiB huge
 * page, which would avoid them, sometimes took 3.6 ms to zero after another process
 * (docs/performance.md, "Ninth session"). The state is in BSS, the operand tables are
 * constant data (the twelfth session's changes). Runs of the usual one-word lines
 * ("[0xHH,...,0xHH]" and "0xHH,...,0xHH") are checked and converted without a loop over
 * characters, then printed as four fixed-size copies from per-(slot, code) text tables that
 * the library formatted at build time (dis_optab.h; run_words(), word_text()). The check and
 * conversion are chosen once per run from mqsad_cpu_flags() (so MQSAD_CPU_MASK limits
 * them; x86-64, gcc or clang): with AVX-512 VBMI, lines3_avx512() checks and converts three
 * lines per step (vpermi2b gathers their 48 digits from two 64-byte loads; run_form3());
 * with SSE4.1, line_sse41() gathers the 16 digits of a line with pshufb from the three
 * 16-byte rows of the template check, validates and converts them with two nibble tables
 * and forms the word with pmaddubsw; otherwise line_scalar() checks the template with SSE2
 * (or 64-bit words) and converts the digit pairs with a table. Everything else takes the
 * general path (mqsad_decode + mqsad_format), which prints the same text.
 * Measured with callgrind on gfx1100, 100k lines of either form (gcc 12 -O2, `valgrind
 * --tool=callgrind build/mqsad dis -t gfx1100 FILE`, per line from a 100k and a 200k run):
 * about 98 instructions per line with SSE4.1 and 112 without (114 before the SSE4.1 path),
 * ~0.39 M for the start-up, which then included formatting each code seen (now done at
 * build time), against about 29k / 58k
 * per line for llvm-mc 22. The line loop is software-pipelined (the next line is converted
 * before this one is printed). The whole process took 1.7-2.4 ms for 100k lines on the Zen
 * 4 development VM with glibc, of which 0.6-0.9 ms is the bare cost of starting a process;
 * linked against musl (Makefile CLI_CC), whose start-up executes no CPUID (a hypervisor
 * exit there), 0.3 ms less; 2.4-5 ms on the Zen 5 VM, where a process alone costs 0.7-1.5
 * ms (docs/performance.md). The three-line AVX-512 loop takes 0.08 ms less than the
 * SSE4.1 one there ("Thirteenth session"): its conversion is about a tenth of the loop,
 * the printing (about 6 TSC ticks a line) the rest.
 */
#define _DEFAULT_SOURCE   /* madvise() (not in POSIX, unlike posix_madvise(), which cannot populate) */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
/* The SSE4.1 instantiation of the one-word line loop (run_words_sse41()): x86-64 with a
 * compiler whose intrinsics headers work inside target("sse4.1") functions of a baseline
 * translation unit (gcc >= 5, clang >= 3.8 by this check; built and tested with gcc 12 and
 * clang 14). Other compilers and machines keep only the portable path. */
#if defined(__x86_64__) && defined(__SSE2__) && \
    ((defined(__clang__) && (__clang_major__ > 3 || (__clang_major__ == 3 && __clang_minor__ >= 8))) || \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 5))
#define DIS_SSE41 1
#include <smmintrin.h>
#else
#define DIS_SSE41 0
#endif
/* The AVX-512 instantiation (run_words_avx512(), three lines per step): AVX-512 F/BW and
 * VBMI (vpermi2b) in target() functions, gcc >= 8 or clang >= 8 (built and tested with gcc
 * 12 and clang 14). */
#if DIS_SSE41 && ((defined(__clang__) && __clang_major__ >= 8) || (!defined(__clang__) && __GNUC__ >= 8))
#define DIS_AVX512 1
#include <immintrin.h>
#define DIS_AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi")))
#else
#define DIS_AVX512 0
#endif

#define DIS_MAXLINE 16384           /* longest input line accepted */
#define DIS_RBUF (4 * DIS_MAXLINE)  /* read buffer */
/* Output and input share one buffer (struct dis io): output collects from its start, input
 * is read DIS_OSLACK bytes further on, and output may grow over input already consumed
 * (struct dis keep). 24 KiB: the bench corpus's text is 1.35 times its input, so what a
 * 64 KiB read gives prints without a write before the next read. A separate 64 KiB output
 * buffer took 12 more fresh pages, each a ~10 us fault on the development VM
 * (docs/performance.md, "Twelfth session"). */
#define DIS_OSLACK (24 * 1024)
#define DIS_SLOTS 16                /* saved lines holding not-yet-decoded bytes */
#define DIS_PEND 64                 /* pending bytes (at most 15 stay between lines) */
#define DIS_INST_MAX 16             /* longest instruction (gfx1250 64-bit literal) */
#define DIS_TEXT_MAX 512            /* longest instruction text (about 300 with annotations) */


/* character classes: 2 = separator (" \t\n\r,"), 1 = other token delimiter ("#[]"),
 * 16 + value for hex digits, 0 otherwise; and hex digit values, 0xff for other bytes.
 * Constant tables (built by the preprocessor, ASCII): read-only data, which costs no
 * page fault of its own and no start-up work. */
#define HEXD(c) ((c) >= '0' && (c) <= '9' ? (c) - '0' : (c) >= 'a' && (c) <= 'f' ? (c) - 'a' + 10 : \
                 (c) >= 'A' && (c) <= 'F' ? (c) - 'A' + 10 : 0xff)
#define CCLASS(c) ((c) == '#' || (c) == '[' || (c) == ']' ? 1 : \
                   (c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r' || (c) == ',' ? 2 : \
                   HEXD(c) < 16 ? 16 + (HEXD(c) & 15) : 0)   /* & 15: clang checks both branches */
#define T4(f, b) f(b), f((b) + 1), f((b) + 2), f((b) + 3)
#define T16(f, b) T4(f, b), T4(f, (b) + 4), T4(f, (b) + 8), T4(f, (b) + 12)
#define T64(f, b) T16(f, b), T16(f, (b) + 16), T16(f, (b) + 32), T16(f, (b) + 48)
#define T256(f) { T64(f, 0), T64(f, 64), T64(f, 128), T64(f, 192) }
static const unsigned char cclass[256] = T256(CCLASS);
static const unsigned char hexv[256] = T256(HEXD);
#undef T256
#undef T64
#undef T16
#undef T4
#undef CCLASS
#undef HEXD
/* two characters c0, c1 (index c0 | c1 << 8) -> their byte value | HEXQ_OK when both are
 * hex digits, 0 otherwise. 64-bit entries so that four results shifted by 0, 8, 16, 24 and
 * ORed into one word keep each HEXQ_OK flag (bits 39, 47, 55, 63) clear of the value bits
 * 0..31: one AND then checks eight digit pairs at once (see line_word()). 512 KiB, of
 * which init_hexq() writes 22 rows of 2 KiB (a dozen pages); it allocates the table, as
 * only the portable path reads it. In BSS it made the program's image (text, data and
 * BSS: 1.8 MiB without it) span two 2 MiB regions, which cost every run one more
 * page-table page: 0.11 ms more from spawn to main on the development VM
 * (docs/performance.md, "Thirteenth session"). */
#define HEXQ_OK ((uint64_t)1 << 39)
#define HEXQ_ALL (HEXQ_OK | HEXQ_OK << 8 | HEXQ_OK << 16 | HEXQ_OK << 24)
static uint64_t *hexq;

/* 1 on a little-endian host (folded to a constant by the compiler) */
static int little_endian(void)
{
    const uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    return first == 1;
}

struct saved_line {
    unsigned long no;
    size_t len;
    char text[DIS_MAXLINE];
};

/* Fast path: an 8-byte word whose control bits are those mqsad_decode accepts (marker,
 * OP, no ABS/OMOD/NEG; the family's free bits: VDST, CLAMP, ignored OPSEL) and whose four
 * codes have OPT_FAST entries in the target's operand text table (dis_optab.h: built by
 * tools/gen/gen_dis_optab.c with the library) is printed as four entry copies. Everything
 * else (literal codes 254/255, invalid words, long annotated texts, --explain) goes
 * through mqsad_decode + mqsad_format. tests/cli/dis.sh checks the result against every
 * llvm-mc vector; tests/test_dis_line.c checks every table against the library. */
#include "dis_optab.h"
#include "dis_optab.inc"   /* $(BUILD)/gen: static const tables and dis_optabs[] */

/* longest fast-path line: the four copies */
#define DIS_WORD_MAX (3 * 32 + 16)

struct dis {
    /* hot fields first (the big, rarely read arrays come last) */
    const mqsad_target *t;
    uint32_t ctrl_mask, ctrl_want;  /* dword0 & mask == want: a v_mqsad word on this target */
    uint32_t clamp_mask;            /* the CLAMP bit in dword0, 0 when the target has none */
    int explain, status;
    int words;                      /* --words: tokens are 32-bit hex words */
    /* run_words(), run_words_sse41() or run_words_avx512(), chosen once by cmd_dis; NULL
     * when init_hexq() could not allocate the portable one's table */
    size_t (*run_words)(struct dis *d, const char *q, size_t avail);
    size_t olen;                    /* bytes of output at io[0, olen) */
    const char *keep;               /* the first input byte still needed: io + olen <= keep */
    size_t head, npend;             /* pending bytes: pv[head .. head + npend) */
    size_t cur_count;               /* pending bytes pushed by the current line (the newest) */
    int in_block, block_failed;
    const char *cur;                /* the line being processed */
    size_t curlen;
    unsigned long lineno;
    const struct optab *op;         /* the target's operand texts (dis_optabs[]) */
    uint8_t pv[DIS_PEND];           /* values of pending bytes */
    unsigned pcol[DIS_PEND];        /* their 1-based columns */
    int pslot[DIS_PEND];            /* saved-line slot of older lines' bytes (set at line end) */
    const char *fname;
    int fd;                         /* the input (read(2): no stdio buffer, no malloc) */
    unsigned next_slot;
    /* Every run writes the fields above and io; cmd_dis populates their pages with one
     * madvise() (populate()), so they come first and together. */
    char io[DIS_OSLACK + DIS_RBUF + 16];  /* + room for the sentinel and 8-byte loads */
    /* only lines the general path takes touch these */
    struct saved_line saved[DIS_SLOTS];
    uint8_t lb[DIS_MAXLINE / 2 + 2]; /* bytes of the line being read (a token and its */
    unsigned lc[DIS_MAXLINE / 2 + 2];/* separator take at least 2 characters) and columns */
};

/* the input part of io, DIS_RBUF bytes (+ 16) after the output's DIS_OSLACK */
#define DIS_INPUT(d) ((d)->io + DIS_OSLACK)

static void out_flush(struct dis *d)
{
    if (d->olen) fwrite(d->io, 1, d->olen, stdout);
    d->olen = 0;
}

/* Bytes of output that fit before the input still needed; at least DIS_OSLACK after
 * out_flush(). */
static size_t out_room(const struct dis *d)
{
    return (size_t)(d->keep - d->io) - d->olen;
}

static void out_put(struct dis *d, const char *s, size_t n)
{
    if (n > out_room(d)) out_flush(d);
    if (n > out_room(d)) { fwrite(s, 1, n, stdout); return; }
    memcpy(d->io + d->olen, s, n);
    d->olen += n;
}

/* llvm::SMDiagnostic::print: the line (up to \n or \r) with tabs expanded to multiples of
 * 8, and a caret under the column (none when the line has a non-ASCII byte). */
static void diag(struct dis *d, unsigned long line, unsigned col, const char *text, size_t len,
                 const char *kind, const char *msg)
{
    size_t end, pos = col ? col - 1 : 0, seg = pos;
    out_flush(d);
    fflush(stdout);
    /* llvm::SourceMgr: a '\r' also starts a "line" for the column and the printed text
     * (getLineAndColumn uses find_last_of("\n\r")), while LINE counts only '\n'. */
    if (seg > len) seg = len;
    while (seg > 0 && text[seg - 1] != '\r') seg--;
    text += seg;
    len -= seg;
    col = (unsigned)(pos - seg + 1);
    end = 0;
    while (end < len && text[end] != '\n' && text[end] != '\r') end++;
    fprintf(stderr, "%s:%lu:%u: %s: %s\n", d->fname, line, col, kind, msg);
    cli_print_source(stderr, text, end, col);
    d->status = 1;
}

static void diag_cur(struct dis *d, size_t pos, const char *kind, const char *msg)
{
    diag(d, d->lineno, (unsigned)pos + 1, d->cur, d->curlen, kind, msg);
}

static void diag_byte(struct dis *d, size_t j, const char *kind, const char *msg)
{
    size_t cur = d->cur_count < d->npend ? d->cur_count : d->npend;
    if (j >= d->head + d->npend - cur) {
        diag(d, d->lineno, d->pcol[j], d->cur, d->curlen, kind, msg);
    } else {
        const struct saved_line *s = &d->saved[d->pslot[j]];
        diag(d, s->no, d->pcol[j], s->text, s->len, kind, msg);
    }
}

static void consume(struct dis *d, size_t n)
{
    if (n >= d->npend) { d->npend = 0; d->head = 0; return; }
    d->head += n;
    d->npend -= n;
}

/* Room for one more pending byte at head + npend. */
static void make_room(struct dis *d)
{
    if (d->head + d->npend < DIS_PEND) return;
    memmove(d->pv, d->pv + d->head, d->npend);
    memmove(d->pcol, d->pcol + d->head, d->npend * sizeof d->pcol[0]);
    memmove(d->pslot, d->pslot + d->head, d->npend * sizeof d->pslot[0]);
    d->head = 0;
}

/* --explain: the raw fields of one word. */
static void explain(struct dis *d, const mqsad_inst *in, mqsad_status st, size_t avail)
{
    const mqsad_family *f = d->t->family;
    char line[320], opnd[200];
    unsigned i;
    int n;
    n = snprintf(line, sizeof line, "\t; %-9s %-6s %-7s %s\n", "field", "bits", "value", "meaning");
    out_put(d, line, (size_t)n);
    for (i = 0; i < in->field_count; i++) {
        const mqsad_field *fl = &in->fields[i];
        char bits[16];
        const char *meaning = "";
        opnd[0] = '\0';
        if (fl->lo == fl->hi) snprintf(bits, sizeof bits, "%u", fl->lo);
        else snprintf(bits, sizeof bits, "%u:%u", fl->hi, fl->lo);
        if (!strcmp(fl->name, "VDST") || !strcmp(fl->name, "SRC0") || !strcmp(fl->name, "SRC1") ||
            !strcmp(fl->name, "SRC2")) {
            int slot = fl->name[0] == 'V' ? MQSAD_SLOT_VDST : fl->name[3] - '0';
            if (st == MQSAD_OK) {
                mqsad_format_operand(in, slot, opnd, sizeof opnd, NULL);
            } else {
                mqsad_inst tmp;
                memset(&tmp, 0, sizeof tmp);
                tmp.target = d->t;
                if (mqsad_operand_from_code(d->t, slot, fl->value, in->literal,
                                            slot == MQSAD_SLOT_VDST ? &tmp.vdst : &tmp.src[slot]) == MQSAD_OK)
                    mqsad_format_operand(&tmp, slot, opnd, sizeof opnd, NULL);
                else
                    snprintf(opnd, sizeof opnd, "invalid code");
            }
            meaning = opnd;
        } else if (!strcmp(fl->name, "OP")) {
            if (fl->value == f->opcode) snprintf(opnd, sizeof opnd, "V_MQSAD_U32_U8 (%u)", fl->value);
            else snprintf(opnd, sizeof opnd, "not V_MQSAD_U32_U8 (want 0x%x)", (unsigned)f->opcode);
            meaning = opnd;
        } else if (!strcmp(fl->name, "ENCODING")) {
            if (fl->value == f->marker) snprintf(opnd, sizeof opnd, "VOP3 (%s layout)", f->llvm_family);
            else snprintf(opnd, sizeof opnd, "not VOP3 (want 0x%x)", f->marker);
            meaning = opnd;
        } else if (!strcmp(fl->name, "CLAMP")) {
            if (f->clamp_bit < 0)
                meaning = fl->value ? "set: invalid (the assembler cannot produce it)" : "no clamp (no clamp on this target)";
            else
                meaning = fl->value ? "clamp" : "no clamp";
        } else if (!strcmp(fl->name, "OPSEL")) {
            meaning = fl->value ? "ignored by the decoder (lost on re-encode)" : "ignored";
        } else if (!strcmp(fl->name, "RESERVED")) {
            meaning = fl->value ? "must be 0 (invalid)" : "reserved";
        } else {
            meaning = fl->value ? "must be 0 (invalid)" : "none";
        }
        n = snprintf(line, sizeof line, "\t; %-9s %-6s 0x%-5x %s\n", fl->name, bits, fl->value, meaning);
        out_put(d, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
    }
    if (st == MQSAD_OK && in->literal_size) {
        n = snprintf(line, sizeof line, "\t; %-9s %-6s 0x%llx\n", "LITERAL",
                     in->literal_size == 8 ? "127:64" : "95:64", (unsigned long long)in->literal);
        out_put(d, line, (size_t)n);
    }
    if (st != MQSAD_OK) {
        n = snprintf(line, sizeof line, "\t; invalid: %s\n", mqsad_strerror(st));
        out_put(d, line, (size_t)n);
    }
    (void)avail;
}

/* One decoded instruction: TAB, text, newline (and the --explain table). */
static void put_inst(struct dis *d, const mqsad_inst *in)
{
    size_t len = 0;
    char *o;
    if (out_room(d) < DIS_TEXT_MAX + 2) out_flush(d);
    o = d->io + d->olen;
    o[0] = '\t';
    mqsad_format(in, o + 1, DIS_TEXT_MAX, &len);
    if (len > DIS_TEXT_MAX - 1) len = DIS_TEXT_MAX - 1;
    o[1 + len] = '\n';
    d->olen += len + 2;
    if (d->explain) explain(d, in, MQSAD_OK, in->length);
}

#if defined(__GNUC__)
#define DIS_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define DIS_ALWAYS_INLINE inline
#endif

/* What word_text() reads, copied into a local by its callers: the compiler then keeps it
 * in registers (the output stores through a char * could alias fields of struct dis and
 * would force reloads on every word). */
struct wordctx {
    const char *op;                 /* (const char *)d->op: byte offsets below */
    uint32_t ctrl_mask, ctrl_want, clamp_mask;
};

static DIS_ALWAYS_INLINE struct wordctx wordctx_of(const struct dis *d)
{
    struct wordctx x;
    x.op = (const char *)d->op;
    x.ctrl_mask = d->ctrl_mask;
    x.ctrl_want = d->ctrl_want;
    x.clamp_mask = d->clamp_mask;
    return x;
}

/* The byte offsets in *d->op of a word's four entries (codes: VDST d0[7:0], SRC0 d1[8:0],
 * SRC1 d1[17:9], SRC2 d1[26:18]): shifting a field to bit 5 (4 for the 16-byte entries)
 * and masking gives code * size in one step. */
#define OFF_VDST(d0, d1) (offsetof(struct optab, vdst) + ((d0) << 5 & 0x1fe0u))
#define OFF_SRC0(d0, d1) (offsetof(struct optab, src0) + ((d1) << 4 & 0x1ff0u))   /* 16-byte entries */
#define OFF_SRC1(d0, d1) (offsetof(struct optab, src1) + ((d1) >> 5 & 0x1ff0u))
#define OFF_SRC2(d0, d1, clamp) (offsetof(struct optab, src2) + (size_t)(clamp) * sizeof (struct optext[512]) + \
                                 ((d1) >> 13 & 0x3fe0u))

/* The control bits of a V_MQSAD_U32_U8 word mqsad_decode accepts, and no bits above SRC2 */
#define WORD_IS_MQSAD(x, d0, d1) (((((d0) & (x)->ctrl_mask) ^ (x)->ctrl_want) | ((d1) >> 27)) == 0)

/* The table fast path for one 8-byte word (dwords d0, d1): writes its line at o, which
 * must have DIS_WORD_MAX bytes of room, and returns the end; or returns NULL having
 * written nothing that counts: not a word this path prints. */
static DIS_ALWAYS_INLINE char *word_text(const struct wordctx *x, char *o, uint32_t d0, uint32_t d1)
{
    const struct optext *a, *e;
    const struct optext16 *b, *c;
    if (!WORD_IS_MQSAD(x, d0, d1)) return NULL;
    a = (const struct optext *)(const void *)(x->op + OFF_VDST(d0, d1));
    b = (const struct optext16 *)(const void *)(x->op + OFF_SRC0(d0, d1));
    c = (const struct optext16 *)(const void *)(x->op + OFF_SRC1(d0, d1));
    e = (const struct optext *)(const void *)(x->op + OFF_SRC2(d0, d1, (d0 & x->clamp_mask) != 0));
    if ((a->ok & b->ok & c->ok & e->ok) != OPT_FAST) return NULL;
    memcpy(o, a, 32); o += a->len;   /* whole entries: see struct optext */
    memcpy(o, b, 16); o += b->len;
    memcpy(o, c, 16); o += c->len;
    memcpy(o, e, 32);
    return o + e->len;
}

/* word_text() into the output buffer: 1 if printed, 0 if not eligible (nothing printed). */
static int fast_dw(struct dis *d, uint32_t d0, uint32_t d1)
{
    struct wordctx x = wordctx_of(d);
    char *o;
    if (d->explain) return 0;
    if (out_room(d) < DIS_WORD_MAX) out_flush(d);
    o = word_text(&x, d->io + d->olen, d0, d1);
    if (!o) return 0;
    d->olen = (size_t)(o - d->io);
    return 1;
}

static int fast_word(struct dis *d, const uint8_t *p)
{
    uint32_t d0 = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    uint32_t d1 = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
    return fast_dw(d, d0, d1);
}

/* Decodes pending bytes. final: no more bytes will join them (bracket, end of input). */
static void process(struct dis *d, int final)
{
    while (d->npend > 0) {
        size_t avail = d->npend < DIS_INST_MAX ? d->npend : DIS_INST_MAX;
        mqsad_inst in;
        mqsad_status st;
        const uint8_t *p = d->pv + d->head;
        if (d->block_failed) { d->npend = 0; d->head = 0; return; }
        if (avail >= 8 && fast_word(d, p)) {
            consume(d, 8);
            continue;
        }
        st = mqsad_decode(d->t, p, avail, &in);
        if (st == MQSAD_OK) {
            put_inst(d, &in);
            consume(d, in.length);
            continue;
        }
        if ((st == MQSAD_E_TRUNCATED || st == MQSAD_E_TRUNCATED_LITERAL) && !final &&
            d->npend < DIS_INST_MAX)
            return;  /* wait for the next line */
        diag_byte(d, d->head, "warning", "invalid instruction encoding");
        if (d->explain && st != MQSAD_E_TRUNCATED) explain(d, &in, st, avail);
        if (d->in_block) {   /* llvm-mc does not resynchronise inside a block */
            d->block_failed = 1;
            d->npend = 0;
            d->head = 0;
            return;
        }
        consume(d, 4);
    }
}

/* LLVM's StringRef::getAsInteger(0, unsigned) for a byte token. */
static int parse_byte(const char *s, size_t n, unsigned *out)
{
    unsigned radix = 10;
    unsigned long v = 0;
    size_t i = 0;
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { radix = 16; i = 2; }
    else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) { radix = 2; i = 2; }
    else if (n >= 2 && s[0] == '0' && s[1] == 'o') { radix = 8; i = 2; }
    else if (n >= 2 && s[0] == '0' && s[1] >= '0' && s[1] <= '9') { radix = 8; i = 1; }
    if (i >= n) return -1;
    for (; i < n; i++) {
        unsigned c = (unsigned char)s[i], dv;
        if (c >= '0' && c <= '9') dv = c - '0';
        else if (c >= 'a' && c <= 'z') dv = c - 'a' + 10;
        else if (c >= 'A' && c <= 'Z') dv = c - 'A' + 10;
        else return -1;
        if (dv >= radix) return -1;
        v = v * radix + dv;
        if (v > 255) return -1;
    }
    *out = (unsigned)v;
    return 0;
}

/* Allocates and fills hexq: 1, or 0 when out of memory (the portable one-word loop is then
 * not used: the general path prints the same). Only line_word() reads it, so the SIMD
 * loops skip this (and the dozen page faults of touching it). */
static int init_hexq(void)
{
    static const char hd[] = "0123456789abcdefABCDEF";
    unsigned i, j;
    if (!hexq) hexq = calloc(65536, sizeof *hexq);
    if (!hexq) return 0;
    for (i = 0; i < 22; i++)
        for (j = 0; j < 22; j++)
            hexq[(unsigned char)hd[i] | (unsigned)(unsigned char)hd[j] << 8] =
                (uint64_t)(hexv[(unsigned char)hd[i]] << 4 | hexv[(unsigned char)hd[j]]) | HEXQ_OK;
    return 1;
}

static int is_delim(char c) { unsigned k = cclass[(unsigned char)c]; return k == 1 || k == 2; }

static void line_done(struct dis *d)
{
    size_t i, cur;
    int slot = -1;
    process(d, 0);
    cur = d->cur_count < d->npend ? d->cur_count : d->npend;
    d->cur_count = 0;
    for (i = d->head + d->npend - cur; i < d->head + d->npend; i++) {
        if (slot < 0) {
            struct saved_line *s;
            slot = (int)d->next_slot;
            d->next_slot = (d->next_slot + 1) % DIS_SLOTS;
            s = &d->saved[slot];
            s->no = d->lineno;
            s->len = d->curlen < sizeof s->text ? d->curlen : sizeof s->text;
            memcpy(s->text, d->cur, s->len);
        }
        d->pslot[i] = slot;
    }
}

/* Moves the bytes a line collected into the pending queue, decoding when it fills. */
static void append(struct dis *d, const uint8_t *lb, const unsigned *lc, size_t n)
{
    while (n > 0) {
        size_t k, m;
        if (d->head + d->npend >= DIS_PEND) {
            process(d, 0);   /* leaves fewer than DIS_INST_MAX */
            make_room(d);
        }
        k = d->head + d->npend;
        m = DIS_PEND - k < n ? DIS_PEND - k : n;
        memcpy(d->pv + k, lb, m);
        memcpy(d->pcol + k, lc, m * sizeof *lc);
        d->npend += m;
        d->cur_count += m;
        lb += m;
        lc += m;
        n -= m;
    }
}

/* A bracket at column i + 1: flushes the queue (llvm-mc decodes what it collected), then
 * opens/closes the atomic block. */
static void bracket(struct dis *d, char c, size_t i)
{
    process(d, 1);
    if (c == '[') {
        if (d->in_block) diag_cur(d, i, "error", "nested atomic blocks make no sense");
        d->in_block = 1;
    } else {
        if (!d->in_block) diag_cur(d, i, "error", "attempt to close atomic block without opening");
        d->in_block = 0;
    }
    d->block_failed = 0;
}

/* Whole-line fast path for the usual shape `[0xHH,0xHH,...,0xHH]` (brackets optional,
 * single commas, nothing else): fixed 5-byte token stride, one 8-byte load per token
 * (little-endian hosts; the input is padded). Returns 0 (nothing done) for any other line. */
static int canonical_line(struct dis *d, const char *text, size_t len)
{
    size_t p = 0, e = len, nt, t;
    unsigned acc = 0;
    int ob = 0, cb = 0;
    uint8_t lb[2 * DIS_INST_MAX];
    unsigned lc[2 * DIS_INST_MAX];
    if (len < 4 || len > 2 * DIS_INST_MAX * 5) return 0;
    if (text[0] == '[') { ob = 1; p = 1; }
    if (text[e - 1] == ']') { cb = 1; e--; }
    if (e <= p || (e - p + 1) % 5) return 0;
    nt = (e - p + 1) / 5;
    if (nt > 2 * DIS_INST_MAX) return 0;
    {
        const char *q = text + p;
        uint64_t w;
        unsigned hh, hl;
        /* every token but the last: "0x" (or "0X"), two digits, a comma */
        for (t = 0; t + 1 < nt; t++, q += 5) {
            memcpy(&w, q, 8);
            if ((w & 0xff0000dfffull) != 0x2c00005830ull) return 0;
            hh = hexv[(w >> 16) & 0xffu];
            hl = hexv[(w >> 24) & 0xffu];
            acc |= hh | hl;   /* 0xff marks a non-hex digit */
            lb[t] = (uint8_t)(hh << 4 | hl);
        }
        memcpy(&w, q, 8);
        if ((w & 0xdfffu) != 0x5830u) return 0;
        hh = hexv[(w >> 16) & 0xffu];
        hl = hexv[(w >> 24) & 0xffu];
        acc |= hh | hl;
        lb[t] = (uint8_t)(hh << 4 | hl);
    }
    if (acc & 0xf0) return 0;
    /* one whole 8-byte word with nothing pending and no block open: print it directly
     * (the state after `[`, 8 bytes, `]` / 8 stream bytes is exactly the initial one) */
    if (nt == 8 && ob == cb && d->npend == 0 && !d->in_block && fast_word(d, lb)) {
        d->block_failed = 0;
        d->cur_count = 0;
        return 1;
    }
    for (t = 0; t < nt; t++) lc[t] = (unsigned)(p + 5 * t + 1);
    if (ob) bracket(d, '[', 0);
    append(d, lb, lc, nt);
    if (cb) bracket(d, ']', len - 1);
    line_done(d);
    return 1;
}

/* The commonest lines of all, one 8-byte word each, are checked and converted without a
 * per-character loop:
 *   "[0xHH,0xHH,0xHH,0xHH,0xHH,0xHH,0xHH,0xHH]\n"  (42 bytes, llvm-mc's own test style)
 *   "0xHH,0xHH,0xHH,0xHH,0xHH,0xHH,0xHH,0xHH\n"    (40 bytes)
 * line_shape() checks the fixed characters of q[0..48) at once: (q[i] & mask[i]) ==
 * want[i], where the mask is 0xdf at the x of 0x (0X is accepted too), 0x80 at the hex
 * digits (a byte >= 0x80 is never one; line_word() or line_sse41() checks the rest) and 0
 * at the bytes past the newline (read, not looked at). gather[16r + k] is the pshufb
 * control that moves digit k (k = 0..15, in input order) from the 16-byte row r = 0..2 of
 * q[0..48) to lane k, 0x80 (zero) where digit k is in another row (line_sse41()). */
struct line_form {
    unsigned char mask[48], want[48];
    unsigned char gather[48];
    size_t len;                     /* with the newline */
    size_t digits;                  /* offset of the first hex digit */
};
#define H 0x80                 /* mask at a hex digit: only bit 7 is checked here */
#define Z 0x80                 /* gather: a lane pshufb zeroes */
/* the fixed characters of each form, shared by the one-line and the three-line tables */
#define F42_DIGIT0 3          /* offset of each form's first hex digit */
#define F40_DIGIT0 2
#define F42_MASK                                                                            \
    0xff, 0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff,            \
    0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff,            \
    0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff
#define F42_WANT                                                                            \
    '[', '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',',                      \
    '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0',                      \
    'X', 0, 0, ',', '0', 'X', 0, 0, ']', '\n'
#define F40_MASK                                                                            \
    0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff,            \
    0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff, 0xdf, H, H, 0xff, 0xff, 0xdf,            \
    H, H, 0xff, 0xff, 0xdf, H, H, 0xff
#define F40_WANT                                                                            \
    '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0',                      \
    'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0', 'X', 0, 0, ',', '0', 'X',                      \
    0, 0, ',', '0', 'X', 0, 0, '\n'
static const struct line_form form42 = {
    { F42_MASK, 0, 0, 0, 0, 0, 0 },
    { F42_WANT, 0, 0, 0, 0, 0, 0 },
    /* digits at 3, 4, 8, 9, 13, 14 | 18, 19, 23, 24, 28, 29 | 33, 34, 38, 39 */
    { 3, 4, 8, 9, 13, 14, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z,
      Z, Z, Z, Z, Z, Z, 2, 3, 7, 8, 12, 13, Z, Z, Z, Z,
      Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, 1, 2, 6, 7 },
    42, F42_DIGIT0
};
static const struct line_form form40 = {
    { F40_MASK, 0, 0, 0, 0, 0, 0, 0, 0 },
    { F40_WANT, 0, 0, 0, 0, 0, 0, 0, 0 },
    /* digits at 2, 3, 7, 8, 12, 13 | 17, 18, 22, 23, 27, 28 | 32, 33, 37, 38 */
    { 2, 3, 7, 8, 12, 13, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z,
      Z, Z, Z, Z, Z, Z, 1, 2, 6, 7, 11, 12, Z, Z, Z, Z,
      Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, 0, 1, 5, 6 },
    40, F40_DIGIT0
};
#define FORM_READ 48                /* bytes line_shape() reads */

#if defined(__SSE2__)
/* three 16-byte loads, masked compares and one movemask */
static DIS_ALWAYS_INLINE int line_shape(const char *q, const struct line_form *f)
{
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ROW(i) _mm_xor_si128(_mm_and_si128(LD(q + (i)), LD(f->mask + (i))), LD(f->want + (i)))
    __m128i x = _mm_or_si128(_mm_or_si128(ROW(0), ROW(16)), ROW(32));
#undef ROW
#undef LD
    return _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) == 0xffff;
}
#else
/* the same with six 8-byte words (q and the tables are loaded alike, so any byte order) */
static DIS_ALWAYS_INLINE int line_shape(const char *q, const struct line_form *f)
{
    uint64_t acc = 0, x, m, w;
    int i;
    for (i = 0; i < FORM_READ; i += 8) {
        memcpy(&x, q + i, 8);
        memcpy(&m, f->mask + i, 8);
        memcpy(&w, f->want + i, 8);
        acc |= (x & m) ^ w;
    }
    return acc == 0;
}
#endif

/* The eight digit pairs of a line line_shape() accepted, at q + digits + 5t, looked up
 * in hexq and assembled into the two dwords of the word. 1 if all sixteen are hex digits.
 * The portable converter (line_scalar()); line_sse41() does the same with SSE4.1. */
static DIS_ALWAYS_INLINE int line_word(const char *q, const struct line_form *f, uint32_t *d0, uint32_t *d1)
{
#define HEXQ(t) hexq[(unsigned char)q[f->digits + 5 * (t)] | (unsigned)(unsigned char)q[f->digits + 1 + 5 * (t)] << 8]
    uint64_t w0 = HEXQ(0) | HEXQ(1) << 8 | HEXQ(2) << 16 | HEXQ(3) << 24;
    uint64_t w1 = HEXQ(4) | HEXQ(5) << 8 | HEXQ(6) << 16 | HEXQ(7) << 24;
#undef HEXQ
    *d0 = (uint32_t)w0;
    *d1 = (uint32_t)w1;
    return (w0 & w1 & HEXQ_ALL) == HEXQ_ALL;
}

/* One line of form f at q: 1 with its word in d0, d1 (bytes in input order, little-endian
 * dwords) if it has exactly that form, else 0. run_form() takes one of these: */
typedef int line_fn(const char *q, const struct line_form *f, uint32_t *d0, uint32_t *d1);

/* the portable one: line_shape(), then line_word() */
static DIS_ALWAYS_INLINE int line_scalar(const char *q, const struct line_form *f, uint32_t *d0, uint32_t *d1)
{
    return line_shape(q, f) && line_word(q, f, d0, d1);
}

#if DIS_SSE41
/* The SSE4.1 one: the three rows line_shape() checks also give the digits. Three pshufb
 * gather the 16 digit characters c in input order (bit 7 of each is clear, or the form's
 * mask reports it). With t = hi[c >> 4] and e = lo[c & 15] (two more pshufb), c is a hex
 * digit exactly when t & e == 0, and its value is then c + t: t is -'0' for a high nibble
 * of 3, -'A' + 10 for 4 and -'a' + 10 for 6 (0xd0, 0xc9, 0xa9), 0xff for the others;
 * e is 0x02 for the low nibbles 1..6 (clear of all three: 1-6, A-F, a-f), 0x08 for
 * 0, 7, 8, 9 (clear of 0xd0 only: 0, 7-9; rejects @, G-I, `, g-i) and 0x80 for 10..15
 * (in all three: rejects :-?, J-O, j-o); every e meets 0xff. The digit errors t & e join
 * the shape mismatches, so one ptest decides the line. pmaddubsw by (16, 1) makes the
 * eight bytes from the digit pairs, packuswb narrows them, and the low two dwords are d0
 * and d1. */
/* the two nibble tables (16 bytes each, N = 0xff), also lines3_avx512()'s: arguments of
 * _mm_setr_epi8 */
#define N (-1)
#define NIBBLE_HI N, N, N, -'0', 10 - 'A', N, 10 - 'a', N, N, N, N, N, N, N, N, N
#define NIBBLE_LO 8, 2, 2, 2, 2, 2, 2, 8, 8, 8, N, N, N, N, N, N
__attribute__((target("sse4.1")))
static inline __attribute__((always_inline))
int line_sse41(const char *q, const struct line_form *f, uint32_t *d0, uint32_t *d1)
{
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
    const __m128i r0 = LD(q), r1 = LD(q + 16), r2 = LD(q + 32);
    const __m128i hi = _mm_setr_epi8(NIBBLE_HI);
    const __m128i lo = _mm_setr_epi8(NIBBLE_LO);
    __m128i x, c, t;
    x = _mm_or_si128(_mm_or_si128(_mm_xor_si128(_mm_and_si128(r0, LD(f->mask)), LD(f->want)),
                                  _mm_xor_si128(_mm_and_si128(r1, LD(f->mask + 16)), LD(f->want + 16))),
                     _mm_xor_si128(_mm_and_si128(r2, LD(f->mask + 32)), LD(f->want + 32)));
    c = _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(r0, LD(f->gather)), _mm_shuffle_epi8(r1, LD(f->gather + 16))),
                     _mm_shuffle_epi8(r2, LD(f->gather + 32)));
#undef LD
    t = _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(c, 4), _mm_set1_epi8(0x0f)));
    x = _mm_or_si128(x, _mm_and_si128(t, _mm_shuffle_epi8(lo, c)));
    if (!_mm_testz_si128(x, x)) return 0;
    c = _mm_maddubs_epi16(_mm_add_epi8(c, t), _mm_set1_epi16(0x0110));    /* 16 * even + odd */
    c = _mm_packus_epi16(c, c);
    *d0 = (uint32_t)_mm_cvtsi128_si32(c);
    *d1 = (uint32_t)_mm_extract_epi32(c, 1);
    return 1;
}
#endif

#if DIS_AVX512
/* Three lines of one form, end to end: what lines3_avx512() checks and converts in one
 * step. mask and want are the one-line form's three times (then zeros); gather[16l + k]
 * is the byte offset of digit k of line l (lanes 48..63 repeat digit 0 of line 0, whose
 * check and value are then simply done twice). */
struct line_form3 {
    unsigned char mask[128], want[128];
    unsigned char gather[64];
};
#define G8(b, p) (b) + (p), (b) + (p) + 1, (b) + (p) + 5, (b) + (p) + 6, (b) + (p) + 10, (b) + (p) + 11, \
                 (b) + (p) + 15, (b) + (p) + 16
#define G16(b, p) G8(b, p), G8((b) + 20, p)     /* the 16 digits of a line at b, first at p */
#define G0x16(p) p, p, p, p, p, p, p, p, p, p, p, p, p, p, p, p
static const struct line_form3 form42x3 = {
    { F42_MASK, F42_MASK, F42_MASK, 0, 0 },
    { F42_WANT, F42_WANT, F42_WANT, 0, 0 },
    { G16(0, F42_DIGIT0), G16(42, F42_DIGIT0), G16(84, F42_DIGIT0), G0x16(F42_DIGIT0) }
};
static const struct line_form3 form40x3 = {
    { F40_MASK, F40_MASK, F40_MASK, 0, 0, 0, 0, 0, 0, 0, 0 },
    { F40_WANT, F40_WANT, F40_WANT, 0, 0, 0, 0, 0, 0, 0, 0 },
    { G16(0, F40_DIGIT0), G16(40, F40_DIGIT0), G16(80, F40_DIGIT0), G0x16(F40_DIGIT0) }
};
#undef G0x16
#undef G16
#undef G8

/* line_sse41() for the three lines at q[0, 3 * len) at once, reading exactly those bytes
 * (the second 64-byte load is masked to what is left of them): two ternary-logic ops
 * check the fixed characters, vpermi2b gathers the 48 digits from the two halves, the
 * nibble tables check and convert them as in line_sse41(), and vpmovwb narrows the 24
 * bytes. 1 with the words in w (qwords 0, 1, 2: d0 | d1 << 32 of each line) if all three
 * lines have the form, else 0. */
DIS_AVX512_TARGET
static inline __attribute__((always_inline))
int lines3_avx512(const char *q, size_t len, const struct line_form3 *f, __m256i *w)
{
    const __m512i hi = _mm512_broadcast_i32x4(_mm_setr_epi8(NIBBLE_HI));
    const __m512i lo = _mm512_broadcast_i32x4(_mm_setr_epi8(NIBBLE_LO));
    const __mmask64 rest = ~(__mmask64)0 >> (128 - 3 * len);
    const __m512i r0 = _mm512_loadu_si512((const void *)q);
    const __m512i r1 = _mm512_maskz_loadu_epi8(rest, (const void *)(q + 64));
    /* (r & mask) ^ want: ternary-logic table 0x6a */
    __m512i x0 = _mm512_ternarylogic_epi32(r0, _mm512_loadu_si512((const void *)f->mask),
                                           _mm512_loadu_si512((const void *)f->want), 0x6a);
    __m512i x1 = _mm512_ternarylogic_epi32(r1, _mm512_loadu_si512((const void *)(f->mask + 64)),
                                           _mm512_loadu_si512((const void *)(f->want + 64)), 0x6a);
    __m512i c = _mm512_permutex2var_epi8(r0, _mm512_loadu_si512((const void *)f->gather), r1);
    __m512i t = _mm512_shuffle_epi8(hi, _mm512_and_si512(_mm512_srli_epi16(c, 4), _mm512_set1_epi8(0x0f)));
    __m512i x = _mm512_ternarylogic_epi32(x0, x1, _mm512_and_si512(t, _mm512_shuffle_epi8(lo, c)), 0xfe);  /* a | b | c */
    if (_mm512_test_epi8_mask(x, x)) return 0;
    *w = _mm512_cvtepi16_epi8(_mm512_maddubs_epi16(_mm512_add_epi8(c, t), _mm512_set1_epi16(0x0110)));
    return 1;
}
#endif
#if DIS_SSE41
#undef NIBBLE_LO
#undef NIBBLE_HI
#undef N
#endif
#undef F40_WANT
#undef F40_MASK
#undef F42_WANT
#undef F42_MASK
#undef F40_DIGIT0
#undef F42_DIGIT0
#undef Z
#undef H

/* Prints the run of consecutive lines of form f at q (avail bytes of input; q[0 .. avail
 * + 8) readable: the input is padded) and returns the bytes consumed: 0
 * when the first line is not of that form or not a printable word (the caller's general
 * path takes it). Either form leaves the state as it found it, which the caller
 * guarantees is: nothing pending, no block open (hence block_failed == 0), cur_count == 0
 * (reset by every line), no --explain, not skipping a long line. (The general path
 * prints such a line the same way: canonical_line() -> fast_word().) Output and line
 * count stay in locals. Always inlined with a constant f and line: one loop per form and
 * line routine. */
static DIS_ALWAYS_INLINE size_t run_form(struct dis *d, const char *q, size_t avail, const struct line_form *f,
                                         line_fn *line)
{
    const struct wordctx x = wordctx_of(d);
    const char *const q0 = q, *qlast;
    char *o = d->io + d->olen;
    uint32_t d0, d1;
    if (avail < f->len) return 0;
    qlast = q + (avail - f->len);       /* the last place a whole line can start */
    if (!line(q, f, &d0, &d1)) return 0;
    /* Software-pipelined: the next line is converted before this one is printed. A
     * line's conversion and its printing form one long dependency chain (load, gather,
     * digit check, word, table offsets, entry loads, copies); in program order the
     * printing instructions wait in the schedulers for the conversion and fill them, so
     * the next line cannot start. Converted one line ahead, the word a line prints is
     * ready when its instructions issue: 21-24 -> 18-19 TSC ticks a line with SSE4.1,
     * 24-35 -> 20-31 with the portable converter (docs/performance.md). */
    for (;;) {
        const char *qn = q + f->len;    /* q holds a converted line: d0, d1 */
        uint32_t n0 = 0, n1 = 0;
        int more;
        char *e;
        more = qn <= qlast && line(qn, f, &n0, &n1);
        /* the copies stay below qn, which the general path reads again if it is not
         * this form (d->keep is q0: the lines before qn are printed or being printed) */
        if (o + DIS_WORD_MAX > qn) {
            d->olen = (size_t)(o - d->io);
            out_flush(d);
            o = d->io;
        }
        e = word_text(&x, o, d0, d1);
        if (!e) break;                  /* not a word this path prints: the general path's */
        o = e;
        q = qn;
        if (!more) break;
        d0 = n0;
        d1 = n1;
    }
    d->olen = (size_t)(o - d->io);
    d->lineno += (unsigned long)(q - q0) / f->len;
    return (size_t)(q - q0);
}

/* run_form() for the form the line at q starts like (q[0] is readable: padding). */
static size_t run_words(struct dis *d, const char *q, size_t avail)
{
    if (q[0] == '[') return run_form(d, q, avail, &form42, line_scalar);
    if (q[0] == '0') return run_form(d, q, avail, &form40, line_scalar);
    return 0;
}

#if DIS_SSE41
/* The same with line_sse41() (cmd_dis picks it once when mqsad_cpu_flags() has SSE4.1). */
__attribute__((target("sse4.1")))
static size_t run_words_sse41(struct dis *d, const char *q, size_t avail)
{
    if (q[0] == '[') return run_form(d, q, avail, &form42, line_sse41);
    if (q[0] == '0') return run_form(d, q, avail, &form40, line_sse41);
    return 0;
}
#endif

#if DIS_AVX512
/* run_form() three lines at a time while all three have the form (lines3_avx512()), also
 * software-pipelined (the next three are converted before these are printed). A line
 * word_text() does not print ends the run there, as in run_form(); the lines after the
 * last whole group of the form go through run_form() with line_sse41(), which stops at
 * the first line not of the form. The output stays below the first line not yet printed,
 * as in run_form(): three copies of at most DIS_WORD_MAX bytes end below the next group. */
DIS_AVX512_TARGET
static inline __attribute__((always_inline))
size_t run_form3(struct dis *d, const char *q, size_t avail, const struct line_form *f,
                 const struct line_form3 *f3)
{
    const struct wordctx x = wordctx_of(d);
    const size_t step = 3 * f->len;
    const char *const q0 = q, *const end = q + avail;
    char *o;
    __m256i w;
    if (avail < step || !lines3_avx512(q, f->len, f3, &w)) return run_form(d, q, avail, f, line_sse41);
    o = d->io + d->olen;
    for (;;) {
        const char *qn = q + step;
        __m256i wn = _mm256_setzero_si256();
        const uint64_t w0 = (uint64_t)_mm256_extract_epi64(w, 0), w1 = (uint64_t)_mm256_extract_epi64(w, 1),
                       w2 = (uint64_t)_mm256_extract_epi64(w, 2);
        const int more = (size_t)(end - qn) >= step && lines3_avx512(qn, f->len, f3, &wn);
        char *e;
        if (o + 3 * DIS_WORD_MAX > qn) {
            d->olen = (size_t)(o - d->io);
            out_flush(d);
            o = d->io;
        }
        /* the three lines written out: a loop over them measured slower (8.3 against 7.7
         * TSC ticks a line) */
        if (!(e = word_text(&x, o, (uint32_t)w0, (uint32_t)(w0 >> 32)))) goto stop;
        o = e;
        q += f->len;
        if (!(e = word_text(&x, o, (uint32_t)w1, (uint32_t)(w1 >> 32)))) goto stop;
        o = e;
        q += f->len;
        if (!(e = word_text(&x, o, (uint32_t)w2, (uint32_t)(w2 >> 32)))) goto stop;
        o = e;
        q = qn;
        if (!more) break;
        w = wn;
    }
    d->olen = (size_t)(o - d->io);
    d->lineno += (unsigned long)(q - q0) / f->len;
    return (size_t)(q - q0) + run_form(d, q, (size_t)(end - q), f, line_sse41);
stop:   /* a word the general path prints: it starts there */
    d->olen = (size_t)(o - d->io);
    d->lineno += (unsigned long)(q - q0) / f->len;
    return (size_t)(q - q0);
}

/* The same with run_form3() (cmd_dis picks it once when mqsad_cpu_flags() has AVX512 and
 * AVX512VBMI). */
DIS_AVX512_TARGET
static size_t run_words_avx512(struct dis *d, const char *q, size_t avail)
{
    if (q[0] == '[') return run_form3(d, q, avail, &form42, &form42x3);
    if (q[0] == '0') return run_form3(d, q, avail, &form40, &form40x3);
    return 0;
}
#endif

/* --words: a token is one 32-bit word in hex, "d63d0004" or "0xD63D0004" (what
 * `mqsad asm --hex` and shader dumps print), stored little-endian; its four bytes carry
 * the token's column. Comments, brackets and diagnostics as for byte tokens. */
static int parse_word(const char *s, size_t n, uint32_t *out)
{
    size_t i = n >= 2 && s[0] == '0' && (s[1] | 0x20) == 'x' ? 2 : 0;
    uint32_t v = 0;
    if (i >= n || n - i > 8) return -1;
    for (; i < n; i++) {
        unsigned dv = hexv[(unsigned char)s[i]];
        if (dv >= 16) return -1;
        v = v << 4 | dv;
    }
    *out = v;
    return 0;
}

static void do_words_line(struct dis *d, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len) {
        char c = text[i];
        size_t j = i;
        uint32_t v;
        uint8_t b[4];
        unsigned col[4];
        if (cclass[(unsigned char)c] == 2) { i++; continue; }
        if (c == '#') break;
        if (c == '[' || c == ']') { bracket(d, c, i); i++; continue; }
        while (j < len && !is_delim(text[j])) j++;
        if (parse_word(text + i, j - i, &v) != 0) {
            diag_cur(d, i, "error", "invalid input token");
            d->npend = 0;       /* as for byte tokens: the line's bytes are dropped */
            d->head = 0;
            break;
        }
        b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); b[2] = (uint8_t)(v >> 16); b[3] = (uint8_t)(v >> 24);
        col[0] = col[1] = col[2] = col[3] = (unsigned)i + 1;
        append(d, b, col, 4);
        i = j;
    }
    line_done(d);
}

/* text[len] must be readable and a separator (the line's '\n', or a sentinel). Bytes are
 * first collected in d->lb/d->lc (local, unaliased pointers keep the loop tight), then
 * appended to the queue at brackets and at the end of the line. */
static void do_line(struct dis *d, const char *restrict text, size_t len)
{
    uint8_t *restrict lb = d->lb;
    unsigned *restrict lc = d->lc;
    size_t i = 0, n = 0;
    d->cur = text;
    d->curlen = len;
    if (d->words) { do_words_line(d, text, len); return; }
    if (little_endian() && canonical_line(d, text, len)) return;
    while (i < len) {
        char c = text[i];
        unsigned k = cclass[(unsigned char)c];
        if (k == 2) { i++; continue; }
        /* fastest path (little-endian hosts): one 8-byte load checks "0x", decodes HH and
         * classifies the next character (the input has 8 bytes of padding after every line) */
        if (little_endian() && c == '0') {
            uint64_t w;
            unsigned v, nx, hh, hl;
            memcpy(&w, text + i, 8);
            hh = hexv[(w >> 16) & 0xffu];
            hl = hexv[(w >> 24) & 0xffu];
            if ((w & 0xdfffu) == 0x5830u && (hh | hl) < 16 &&   /* 0xff marks a non-digit */
                ((nx = cclass[(w >> 32) & 0xffu]) == 1 || nx == 2)) {
                v = hh << 4 | hl;
                lb[n] = (uint8_t)v;
                lc[n++] = (unsigned)i + 1;
                i += 4u + (nx == 2);
                continue;
            }
        }
        /* fast path: 0xHH followed by a delimiter (the sentinel makes text[i + 4] safe:
         * each test fails at the separator at text[len] before reading past it) */
        if (c == '0' && (text[i + 1] | 0x20) == 'x') {
            unsigned hi = hexv[(unsigned char)text[i + 2]], lo, nx;
            if (hi < 16 && (lo = hexv[(unsigned char)text[i + 3]]) < 16 &&
                ((nx = cclass[(unsigned char)text[i + 4]]) == 1 || nx == 2)) {
                lb[n] = (uint8_t)(hi * 16u + lo);
                lc[n++] = (unsigned)i + 1;
                i += 4u + (nx == 2);   /* a separator after the token is skipped too */
                continue;
            }
        }
        if (c == '#') break;
        if (c == '[' || c == ']') {
            append(d, lb, lc, n);
            n = 0;
            bracket(d, c, i);
            i++;
            continue;
        }
        {
            size_t j = i;
            unsigned v;
            while (j < len && !is_delim(text[j])) j++;
            if (parse_byte(text + i, j - i, &v) != 0) {
                diag_cur(d, i, "error", "invalid input token");
                d->npend = 0;   /* llvm-mc clears the bytes collected so far */
                d->head = 0;
                n = 0;
                break;          /* ... and skips the rest of the line */
            }
            lb[n] = (uint8_t)v;
            lc[n++] = (unsigned)i + 1;
            i = j;
        }
    }
    append(d, lb, lc, n);
    line_done(d);
}

/* The target's table in dis_optabs[] (generated in mqsad_target_at() order; the name
 * check guards against a table built from another library). A zero table, which sends
 * every word to the general path, if there is none. */
static const struct optab *optab_for(const mqsad_target *t)
{
    static struct optab none;   /* never written; not const, so in BSS, not in the file */
    size_t i, n = sizeof dis_optabs / sizeof dis_optabs[0];
    for (i = 0; i < n && i < mqsad_target_count(); i++)
        if (mqsad_target_at(i) == t) return strcmp(dis_optabs[i].target, t->name) ? &none : dis_optabs[i].op;
    return &none;
}

/* The target's control-bit test and operand table for word_text(). */
static void setup_target(struct dis *d)
{
    const mqsad_family *f = d->t->family;
    d->ctrl_mask = 0xffffff00u;   /* everything but VDST ... */
    if (f->clamp_bit >= 0) d->ctrl_mask &= ~(1u << f->clamp_bit);   /* ... CLAMP ... */
    if (!f->dis_strict)                                              /* ... ignored OPSEL */
        d->ctrl_mask &= ~((((uint32_t)1 << (f->ignored_hi - f->ignored_lo + 1)) - 1) << f->ignored_lo);
    d->ctrl_want = (uint32_t)f->opcode << f->op_lo | (uint32_t)f->marker << 26;
    d->clamp_mask = f->clamp_bit >= 0 ? 1u << f->clamp_bit : 0u;
    d->op = optab_for(d->t);
}

static void dis_usage(FILE *out)
{
    fprintf(out,
        "usage: mqsad dis -t TARGET [--explain] [--bin | --words] [FILE]\n"
        "\n"
        "Disassembles bytes the way `llvm-mc -triple=amdgcn -mcpu=TARGET -disassemble` does,\n"
        "for V_MQSAD_U32_U8. Input (FILE, or standard input when absent or \"-\"): byte\n"
        "tokens such as 0x04 (also decimal, 0b.., 0o.., leading-0 octal; at most 255)\n"
        "separated by spaces, tabs or commas; `#` starts a comment; [ ... ] is an atomic\n"
        "block (decoding stops at its first invalid instruction). Without brackets an\n"
        "invalid position is reported and decoding resumes 4 bytes later, like llvm-mc.\n"
        "Each instruction prints as a TAB, the llvm-mc 22 text and a newline; problems go to\n"
        "stderr as FILE:LINE:COL: warning: invalid instruction encoding (or error: ...),\n"
        "with the source line and a caret.\n"
        "\n"
        "  -t TARGET, --target=TARGET   gfx name (gfx1100) or generation (gcn2, gcn3, vega,\n"
        "                               cdna1..cdna5, rdna1..rdna4, rdna3.5); GFX7 decodes\n"
        "                               exactly what the GFX7 assembler produces\n"
        "  --explain                    after each word, a table of its bit fields\n"
        "                               (name, bits hi:lo, value, meaning), as `;` lines\n"
        "  --bin                        the input is raw bytes (e.g. `mqsad asm --bin`);\n"
        "                               problems are reported at their byte offset as\n"
        "                               FILE: byte N (0xN): warning: invalid instruction\n"
        "                               encoding: REASON, then the bytes there; decoding\n"
        "                               resumes 4 bytes later\n"
        "  --words                      tokens are 32-bit words in hex (d63d0004 or\n"
        "                               0xD63D0004, as `mqsad asm --hex` and shader dumps\n"
        "                               print them), little-endian in memory; otherwise\n"
        "                               as above (comments, blocks, line:column)\n"
        "  -h, --help                   this text\n"
        "\n"
        "Differences from llvm-mc: other instructions are reported as invalid encodings\n"
        "(llvm-mc would decode them; the 4-byte resync may then differ); bytes are decoded\n"
        "line by line (bounded memory), so a malformed token drops only undecoded bytes\n"
        "(llvm-mc also drops earlier unbracketed lines or earlier lines of a [ ] block);\n"
        "lines are limited to %d bytes; the exit status is 1 whenever anything was invalid.\n"
        "\n"
        "exit status: 0 all input decoded, 1 some input was invalid, 2 usage error.\n",
        DIS_MAXLINE - 1);
}

/* Moves the unread DIS_INPUT(d)[*start, *end) to the front and reads more after it; *eof at the
 * end of the input (a read error is reported). Returns how far the bytes moved. */
static size_t refill(struct dis *d, size_t *start, size_t *end, int *eof)
{
    size_t moved = *start;
    ssize_t got;
    /* the output must end below DIS_INPUT(d), where the unread bytes move */
    if (d->olen > DIS_OSLACK) out_flush(d);
    d->keep = DIS_INPUT(d);
    if (moved) {
        memmove(DIS_INPUT(d), DIS_INPUT(d) + moved, *end - moved);
        *end -= moved;
        *start = 0;
    }
    do got = read(d->fd, DIS_INPUT(d) + *end, DIS_RBUF - *end);
    while (got < 0 && errno == EINTR);
    if (got <= 0) {
        if (got < 0) {   /* a directory, EIO: not the end of the input */
            int err = errno;
            out_flush(d);
            cli_read_error("dis", d->fname, err);
            d->status = 1;
        }
        *eof = 1;
        got = 0;
    }
    *end += (size_t)got;
    return moved;
}

/* Reads and decodes the whole input, DIS_RBUF bytes at a time. (read(2) into this buffer,
 * which stays in the caches, measured faster than mapping the file in 1 MiB windows on a
 * VM where page faults are dear: 2.4 against 3.5 ms for the 100k-line bench corpus; on
 * another VM the mapping had been 0.26 ms faster cold: docs/performance.md.) */
static void dis_input(struct dis *d)
{
    size_t start = 0, end = 0;
    const char *const buf = DIS_INPUT(d);
    int eof = 0, skipping = 0;
    for (;;) {
        const char *nl;
        d->keep = buf + start;   /* what is before it has been decoded or saved */
        /* runs of the usual one-word lines: no newline search needed */
        if (d->run_words && !skipping && !d->npend && !d->in_block && !d->explain && !d->words) {
            size_t n = d->run_words(d, buf + start, end - start);
            if (n) { start += n; continue; }
        }
        nl = memchr(buf + start, '\n', end - start);
        if (nl) {
            size_t len = (size_t)(nl - (buf + start));
            if (skipping) {
                skipping = 0;   /* the end of the over-long line: counted when reported */
            } else {
                d->lineno++;
                if (len >= DIS_MAXLINE) goto toolong;
                do_line(d, buf + start, len);
            }
            start += len + 1;
            continue;
        }
        if (end - start >= DIS_MAXLINE && !skipping) {
            d->lineno++;
        toolong:
            out_flush(d);
            fflush(stdout);
            fprintf(stderr, "%s:%lu:1: error: line too long (more than %d bytes); line skipped\n",
                    d->fname, d->lineno, DIS_MAXLINE - 1);
            d->status = 1;
            d->npend = 0; d->head = 0;
            nl = memchr(buf + start, '\n', end - start);
            if (nl) { start = (size_t)(nl - buf) + 1; continue; }
            skipping = 1;
            start = end;   /* all consumed */
            continue;
        }
        if (eof) break;
        if (skipping) start = end;   /* the long line's bytes are dropped */
        refill(d, &start, &end, &eof);
    }
    /* the last line without a newline */
    if (end > start && !skipping) {
        d->lineno++;
        DIS_INPUT(d)[end] = '\n';   /* sentinel: end <= DIS_RBUF */
        d->keep = DIS_INPUT(d) + start;
        do_line(d, DIS_INPUT(d) + start, end - start);
    }
    process(d, 1);
    if (d->in_block) {
        /* llvm-mc reports the end of the buffer */
        if (end > start && !skipping)
            diag(d, d->lineno, (unsigned)(end - start) + 1, DIS_INPUT(d) + start, end - start, "error",
                 "unclosed atomic block");
        else
            diag(d, d->lineno + 1, 1, "", 0, "error", "unclosed atomic block");
    }
}

/* --bin: the input is raw bytes (`mqsad asm --bin`, objcopy -O binary, a memory dump).
 * Instructions print as in text mode; an undecodable position is reported at its byte
 * offset, with the reason and the bytes there, and decoding resumes 4 bytes later, as in
 * stream mode. Fewer than 8 bytes at the end are reported once. Reads DIS_RBUF bytes at a
 * time (bounded memory), so an instruction may straddle two reads. */
static void bin_diag(struct dis *d, uint64_t off, const uint8_t *p, size_t n, mqsad_status st)
{
    size_t i;
    out_flush(d);
    fflush(stdout);
    fprintf(stderr, "%s: byte %llu (0x%llx): warning: invalid instruction encoding: %s\n ",
            d->fname, (unsigned long long)off, (unsigned long long)off, mqsad_strerror(st));
    for (i = 0; i < n; i++) fprintf(stderr, " %02x", p[i]);
    fputc('\n', stderr);
    d->status = 1;
}

static void dis_binary(struct dis *d)
{
    uint8_t *b = (uint8_t *)DIS_INPUT(d);
    size_t start = 0, end = 0;
    uint64_t base = 0;               /* input offset of b[0] */
    int eof = 0;
    for (;;) {
        size_t avail;
        mqsad_inst in;
        mqsad_status st;
        if (!eof && end - start < DIS_INST_MAX) {
            base += refill(d, &start, &end, &eof);
            continue;
        }
        if (start == end) break;
        d->keep = (const char *)b + start;
        avail = end - start < DIS_INST_MAX ? end - start : DIS_INST_MAX;
        if (avail >= 8 && fast_word(d, b + start)) { start += 8; continue; }
        st = mqsad_decode(d->t, b + start, avail, &in);
        if (st == MQSAD_OK) {
            put_inst(d, &in);
            start += in.length;
            continue;
        }
        /* the bytes shown: the word, or all that is left of a cut-off literal */
        bin_diag(d, base + start, b + start, st == MQSAD_E_TRUNCATED_LITERAL || avail < 8 ? avail : 8, st);
        if (d->explain && st != MQSAD_E_TRUNCATED) explain(d, &in, st, avail);
        start += st == MQSAD_E_TRUNCATED ? avail : 4;   /* < 8 bytes left: nothing more decodes */
    }
}

/* Maps the pages [p, p + n) lies in with one madvise() instead of a page fault on each
 * first touch by a read() or an output copy: on the development VM a fault is a ~10 us
 * exit to the hypervisor, and the I/O buffer's ~21 pages measured 0.1-0.36 ms faster
 * populated at once (docs/performance.md, "Twelfth session"). The pages at either end
 * are included: populating changes no byte, and at worst maps two pages no one touches.
 * Best effort: MADV_POPULATE_WRITE is Linux 5.14 or later (EINVAL before, ignored) and
 * Linux only. getpagesize(), not sysconf(): musl's sysconf() reads a table whose page
 * would be one more fault. */
static void populate(void *p, size_t n)
{
#if defined(__linux__)
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23   /* linux/mman.h; C libraries' headers may lack it */
#endif
    long page = getpagesize();
    uintptr_t a = (uintptr_t)p, b = a + n;
    if (page <= 0 || (page & (page - 1)) || n == 0) return;
    a &= ~((uintptr_t)page - 1);
    b = (b + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
    (void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)n;
#endif
}

int cmd_dis(int argc, char **argv)
{
    struct dis *d;
    const mqsad_target *t;
    const char *tname = NULL, *path = NULL;
    int i, explain_flag = 0, bin_flag = 0, words_flag = 0, rc, fd = 0, own_fd = 0;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) { dis_usage(stdout); return 0; }
        if (!strcmp(a, "-t") || !strcmp(a, "--target") || !strcmp(a, "-mcpu") || !strcmp(a, "--mcpu")) {
            if (++i >= argc) { fprintf(stderr, "mqsad dis: %s needs a target\n", a); return 2; }
            tname = argv[i];
        } else if (!strncmp(a, "--target=", 9)) tname = a + 9;
        else if (!strncmp(a, "-mcpu=", 6)) tname = a + 6;
        else if (!strncmp(a, "--mcpu=", 7)) tname = a + 7;
        else if (!strcmp(a, "--explain")) explain_flag = 1;
        else if (!strcmp(a, "--bin")) bin_flag = 1;
        else if (!strcmp(a, "--words")) words_flag = 1;
        else if (a[0] == '-' && a[1]) { fprintf(stderr, "mqsad dis: unknown option '%s'\n", a); dis_usage(stderr); return 2; }
        else if (path) { fprintf(stderr, "mqsad dis: more than one input file\n"); return 2; }
        else path = a;
    }
    if (!tname) { fprintf(stderr, "mqsad dis: missing -t TARGET\n"); dis_usage(stderr); return 2; }
    if (bin_flag && words_flag) { fprintf(stderr, "mqsad dis: --bin and --words exclude each other\n"); return 2; }
    t = cli_target("dis", tname);
    if (!t) return 2;
    if (path && strcmp(path, "-")) {
        do fd = open(path, O_RDONLY);
        while (fd < 0 && errno == EINTR);
        if (fd < 0) {
            fprintf(stderr, "mqsad dis: cannot open '%s': %s\n", path, strerror(errno));
            return 2;
        }
        own_fd = 1;   /* (fd may be 0 when stdin was closed) */
    }
    /* The state lives in BSS, zero at start: a process runs one `mqsad dis`. calloc()
     * maps a fresh 490 KiB region (musl mmaps large blocks) and free() unmaps it; on the
     * development VM that cost 0.3-0.4 ms of a 3.5 ms run over BSS, the same pages
     * touched (docs/performance.md, "Twelfth session"). */
    static struct dis state;
    d = &state;
    populate(d, offsetof(struct dis, io) + sizeof d->io);   /* before the first write to them */
    d->t = t;
    d->keep = DIS_INPUT(d);
    d->fd = fd;
    d->fname = own_fd ? path : "<stdin>";
    d->explain = explain_flag;
    d->words = words_flag;
    setup_target(d);
    d->run_words = run_words;
#if DIS_SSE41
    {
        const unsigned cpu = mqsad_cpu_flags();   /* honours MQSAD_CPU_MASK */
        if (cpu & MQSAD_CPU_SSE41) d->run_words = run_words_sse41;
#if DIS_AVX512
        if ((cpu & (MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VBMI)) == (MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VBMI))
            d->run_words = run_words_avx512;
#endif
    }
#endif
    if (d->run_words == run_words && !init_hexq()) d->run_words = NULL;
    if (bin_flag) dis_binary(d);
    else dis_input(d);
    out_flush(d);
    if (own_fd) close(fd);
    rc = d->status;
    return rc;   /* main() checks that stdout was written */
}
