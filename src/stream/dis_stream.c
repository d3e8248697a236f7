/*
 * dis_stream.c — the disassembly stream (mqsad.h: "Disassembly stream"): llvm-mc's
 * -disassemble input syntax in, its text and diagnostics out, as llvm/tools/llvm-mc/
 * Disassembler.cpp reads and prints it.
 *
 * Input is cut into lines; a line is decoded where it lies in the caller's chunk when the
 * 7 bytes after its newline are in the chunk too (the token loop reads 8 bytes at a time),
 * else from a copy (a line cut by the chunk's end waits there for the next chunk). Tokens
 * become bytes with their columns; at the end of each line (and at each bracket) the
 * pending bytes are decoded: 8-byte words the operand tables cover print as table copies
 * (mqsad__dis_fast), everything else through mqsad_decode + mqsad_format. Up to 15 bytes
 * of an incomplete instruction wait for the next line; the lines they came from are kept
 * (saved[]) so that a diagnostic at one of them can quote its line. Both channels are
 * buffered sinks (stream.h): a run writes in blocks, diagnostics included; they hold what
 * the bytes since the last bracket gave until the next one (see "regions" below).
 */
#include "stream/stream.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define DIS_SLOTS 16                /* saved lines holding not-yet-decoded bytes */
#define DIS_PEND 64                 /* pending bytes (at most 15 stay between lines) */
#define DIS_INST_MAX 16             /* longest instruction (gfx1250 64-bit literal) */
#define DIS_TEXT_MAX 512            /* longest instruction text (about 300 with annotations) */
/* The channels hold what a region (the bytes between brackets) decoded to until the region
 * ends: the output of about 20,000 instructions, the diagnostics of about 3,000 */
#define DIS_OUT_BUF (1024 * 1024)
#define DIS_DIAG_BUF (512 * 1024)
#define DIS_HANDOVER (64 * 1024)    /* what a region leaves is handed over from this size on,
                                       so that the buffers in use stay in the cache */
#define DIS_PAD 8                   /* readable bytes after a line's end (token loads) */

struct saved_line {
    unsigned long no;
    size_t len;
    char text[MQSAD_DIS_LINE_MAX];
};

struct mqsad_dis_stream {
    struct mqsad__dis_tables ctx;   /* the operand tables (first: the alignment they want) */
    const mqsad_target *t;
    const char *name;
    unsigned flags;
    int finished;
    unsigned long diags;
    unsigned long region_diags;     /* diags when the current region began */
    mqsad__sink out, err;
    /* lines */
    unsigned long lineno;
    size_t part_len;                /* a line cut by a chunk's end: part[0, part_len) */
    int skipping;                   /* inside a line too long to keep: drop to its newline */
    const char *cur;                /* the line being decoded */
    size_t curlen;
    /* bytes collected but not decoded */
    size_t head, npend;             /* pending bytes: pv[head .. head + npend) */
    size_t cur_count;               /* pending bytes pushed by the current line (the newest) */
    int in_block, block_failed;
    uint8_t pv[DIS_PEND];
    unsigned pcol[DIS_PEND];        /* their 1-based columns */
    int pslot[DIS_PEND];            /* saved-line slot of older lines' bytes */
    unsigned next_slot;
    /* MQSAD_DIS_BINARY */
    uint64_t bin_off;               /* input offset of bin[0] (or of the chunk's next byte) */
    size_t bin_len;
    uint8_t bin[2 * DIS_INST_MAX];
    /* the bytes of the line being read (a token and its separator take at least 2
     * characters) and their columns */
    uint8_t lb[MQSAD_DIS_LINE_MAX / 2 + 2];
    unsigned lc[MQSAD_DIS_LINE_MAX / 2 + 2];
    char part[MQSAD_DIS_LINE_MAX + DIS_PAD];
    char obuf[DIS_OUT_BUF], ebuf[DIS_DIAG_BUF];
    struct saved_line saved[DIS_SLOTS];
};

/* character classes: 2 = separator (" \t\n\r,"), 1 = other token delimiter ("#[]"), 0
 * otherwise; and hex digit values, 0xff for other bytes (constant tables, ASCII) */
#define HEXD(c) ((c) >= '0' && (c) <= '9' ? (c) - '0' : (c) >= 'a' && (c) <= 'f' ? (c) - 'a' + 10 : \
                 (c) >= 'A' && (c) <= 'F' ? (c) - 'A' + 10 : 0xff)
#define CCLASS(c) ((c) == '#' || (c) == '[' || (c) == ']' ? 1 : \
                   (c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r' || (c) == ',' ? 2 : 0)
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

static int is_delim(char c) { return cclass[(unsigned char)c] != 0; }

/* 1 on a little-endian host (folded to a constant by the compiler) */
static int little_endian(void)
{
    const uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    return first == 1;
}

/* ---- diagnostics ---------------------------------------------------------------------- */

static void diag_begin(mqsad_dis_stream *d)
{
    if (d->flags & MQSAD_DIS_INTERLEAVE) mqsad__sink_flush(&d->out);
    d->diags++;
}

/* A diagnostic at 1-based column col of line `line` whose text is text[0..len). llvm::
 * SourceMgr: a '\r' also starts a "line" for the column and the quoted text (its
 * getLineAndColumn uses find_last_of("\n\r")), while LINE counts only '\n'. */
static void diag(mqsad_dis_stream *d, unsigned long line, unsigned col, const char *text, size_t len,
                 const char *kind, const char *msg)
{
    size_t pos = col ? col - 1 : 0, seg = pos;
    diag_begin(d);
    if (seg > len) seg = len;
    while (seg > 0 && text[seg - 1] != '\r') seg--;
    mqsad__sink_diag(&d->err, d->name, line, (unsigned)(pos - seg + 1), kind, msg, text + seg, len - seg);
}

static void diag_cur(mqsad_dis_stream *d, size_t pos, const char *kind, const char *msg)
{
    diag(d, d->lineno, (unsigned)pos + 1, d->cur, d->curlen, kind, msg);
}

/* A diagnostic at pending byte j: on the current line, or on the saved line it came from. */
static void diag_byte(mqsad_dis_stream *d, size_t j, const char *kind, const char *msg)
{
    size_t cur = d->cur_count < d->npend ? d->cur_count : d->npend;
    if (j >= d->head + d->npend - cur) {
        diag(d, d->lineno, d->pcol[j], d->cur, d->curlen, kind, msg);
    } else {
        const struct saved_line *s = &d->saved[d->pslot[j]];
        diag(d, s->no, d->pcol[j], s->text, s->len, kind, msg);
    }
}

/* ---- regions ------------------------------------------------------------------------- */

/* llvm-mc collects the bytes up to the next bracket (or the end of the input) before it
 * decodes them, and a malformed token on the way drops all it collected. The stream
 * decodes each line's bytes at once, so both channels hold what a region gave (unless the
 * caller wants them interleaved for a terminal) until it ends (region_end) or a malformed
 * token takes it back (bad_token). A region whose output outgrew the channel buffers
 * has been handed over and stays. */
static void region_end(mqsad_dis_stream *d)
{
    /* also after each error: no later token takes an error back */
    if (!d->out.holding) return;
    mqsad__sink_commit(&d->out);
    mqsad__sink_commit(&d->err);
    d->region_diags = d->diags;
    if (d->out.len >= DIS_HANDOVER) mqsad__sink_flush(&d->out);
    if (d->err.len >= DIS_HANDOVER) mqsad__sink_flush(&d->err);
}

/* a malformed token at column i + 1 of the current line */
static void bad_token(mqsad_dis_stream *d, size_t i)
{
    if (d->out.holding && !d->out.spilled && !d->err.spilled) {
        mqsad__sink_retract(&d->out);
        mqsad__sink_retract(&d->err);
        d->diags = d->region_diags;
    }
    d->npend = 0;
    d->head = 0;
    d->block_failed = 0;   /* the block's bytes after the token are decoded afresh */
    diag_cur(d, i, "error", "invalid input token");
    region_end(d);
}

/* ---- decoding ------------------------------------------------------------------------- */

/* One decoded instruction: TAB, text, newline (and the --explain table). */
static void put_inst(mqsad_dis_stream *d, const mqsad_inst *in)
{
    size_t len = 0;
    char *o = mqsad__sink_room(&d->out, DIS_TEXT_MAX + 2);
    o[0] = '\t';
    mqsad_format(in, o + 1, DIS_TEXT_MAX, &len);
    if (len > DIS_TEXT_MAX - 1) len = DIS_TEXT_MAX - 1;
    o[1 + len] = '\n';
    d->out.len += len + 2;
    if (d->flags & MQSAD_DIS_EXPLAIN) mqsad__dis_explain(&d->out, d->t, in, MQSAD_OK);
}

/* The operand tables' line for the word at p[0..avail) (avail >= 8): its length if
 * printed, 0 if they do not cover it. */
static size_t fast_word(mqsad_dis_stream *d, const uint8_t *p, size_t avail)
{
    char *o, *e;
    size_t used = 8;
    if (d->flags & MQSAD_DIS_EXPLAIN) return 0;
    o = mqsad__sink_room(&d->out, MQSAD__DIS_LIT_MAX + 2);
    o[0] = '\t';
    e = mqsad__dis_fast(&d->ctx, mqsad__rd32(p), mqsad__rd32(p + 4), o + 1);
    if (!e && !(e = mqsad__dis_lit(&d->ctx, p, avail, o + 1, &used))) return 0;
    *e++ = '\n';
    d->out.len += (size_t)(e - o);
    return used;
}

static void consume(mqsad_dis_stream *d, size_t n)
{
    if (n >= d->npend) { d->npend = 0; d->head = 0; return; }
    d->head += n;
    d->npend -= n;
}

/* Decodes pending bytes. final: no more bytes will join them (bracket, end of input). */
static void process(mqsad_dis_stream *d, int final)
{
    while (d->npend > 0) {
        size_t avail = d->npend < DIS_INST_MAX ? d->npend : DIS_INST_MAX, used;
        mqsad_inst in;
        mqsad_status st;
        const uint8_t *p = d->pv + d->head;
        if (d->block_failed) { d->npend = 0; d->head = 0; return; }
        if (avail >= 8 && (used = fast_word(d, p, avail)) != 0) {
            consume(d, used);
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
        if ((d->flags & MQSAD_DIS_EXPLAIN) && st != MQSAD_E_TRUNCATED) mqsad__dis_explain(&d->out, d->t, &in, st);
        if (d->in_block) {   /* llvm-mc does not resynchronise inside a block */
            d->block_failed = 1;
            d->npend = 0;
            d->head = 0;
            return;
        }
        consume(d, 4);
    }
}

/* Room for one more pending byte at head + npend. */
static void make_room(mqsad_dis_stream *d)
{
    if (d->head + d->npend < DIS_PEND) return;
    memmove(d->pv, d->pv + d->head, d->npend);
    memmove(d->pcol, d->pcol + d->head, d->npend * sizeof d->pcol[0]);
    memmove(d->pslot, d->pslot + d->head, d->npend * sizeof d->pslot[0]);
    d->head = 0;
}

/* Moves the bytes a line collected into the pending queue, decoding when it fills. */
static void append(mqsad_dis_stream *d, const uint8_t *lb, const unsigned *lc, size_t n)
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

/* The end of a line: decodes, then saves the line if some of its bytes still wait. */
static void line_done(mqsad_dis_stream *d)
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

/* A bracket at column i + 1: decodes what was collected (llvm-mc decodes it), then opens or
 * closes the atomic block. */
static void bracket(mqsad_dis_stream *d, char c, size_t i)
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
    region_end(d);
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

/* MQSAD_DIS_WORDS: a token is one 32-bit word in hex, "d63d0004" or "0xD63D0004", stored
 * little-endian; its four bytes carry the token's column. */
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

static void words_line(mqsad_dis_stream *d, const char *text, size_t len)
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
        if (parse_word(text + i, j - i, &v) != 0) {   /* as a malformed byte token */
            bad_token(d, i);
            break;
        }
        b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); b[2] = (uint8_t)(v >> 16); b[3] = (uint8_t)(v >> 24);
        col[0] = col[1] = col[2] = col[3] = (unsigned)i + 1;
        append(d, b, col, 4);
        i = j;
    }
    line_done(d);
}

/* The byte of the token "0xHH" in w's first four bytes into *out: 0 if HH is no hex pair. */
static inline int hex_token(uint64_t w, uint8_t *out)
{
    unsigned hh = hexv[(w >> 16) & 0xffu], hl = hexv[(w >> 24) & 0xffu];
    *out = (uint8_t)(hh << 4 | hl);
    return (hh | hl) < 16;    /* 0xff marks a non-digit */
}

/* The usual line, whole instructions as "0xHH" tokens joined by single commas, with or
 * without brackets ("[0x04,0x00,...,0x04]"), met with nothing pending and no block open:
 * printed at once when its bytes decode to whole instructions, which leaves the stream as
 * the general path would (the block, if any, opened and closed, nothing pending). Returns
 * 0, having changed nothing (what it printed is taken back), for any other line.
 * text[len + 7] must be readable. */
#define WHOLE_MAX (2 * DIS_INST_MAX)
static int whole_line(mqsad_dis_stream *d, const char *text, size_t len)
{
    uint8_t b[WHOLE_MAX];
    size_t p, n, k = 0, end, save, count;
    uint64_t w;
    if (len < 4) return 0;
    p = text[0] == '[';
    end = len - (text[len - 1] == ']');
    if ((text[len - 1] == ']') != (p == 1)) return 0;
    /* tokens 5 characters apart, the last one ending the line: their count is known */
    if ((end - p + 1) % 5 || (count = (end - p + 1) / 5) > WHOLE_MAX) return 0;
    for (n = 0; n + 1 < count; n++, p += 5) {
        memcpy(&w, text + p, 8);
        if ((w & 0xff0000dfffull) != 0x2c00005830ull || !hex_token(w, &b[n])) return 0;   /* "0xHH," */
    }
    memcpy(&w, text + p, 8);
    if ((w & 0xdfffu) != 0x5830u || !hex_token(w, &b[n++])) return 0;                    /* "0xHH" */
    /* room for every instruction the bytes can hold, so that nothing is flushed before
     * the line is known to decode whole */
    mqsad__sink_room(&d->out, (WHOLE_MAX / 8) * (DIS_TEXT_MAX + 2));
    save = d->out.len;
    while (k < n) {
        mqsad_inst in;
        size_t used;
        if (n - k >= 8 && (used = fast_word(d, b + k, n - k)) != 0) { k += used; continue; }
        if (n - k < 8 || mqsad_decode(d->t, b + k, n - k, &in) != MQSAD_OK) {
            d->out.len = save;
            return 0;
        }
        put_inst(d, &in);
        k += in.length;
    }
    return 1;
}

/* One line text[0..len); text[len] is its '\n' (or a sentinel '\n') and DIS_PAD - 1 more
 * bytes after it are readable. Bytes are collected in d->lb/d->lc, then appended to the
 * queue at brackets and at the end of the line. */
static void do_line(mqsad_dis_stream *d, const char *restrict text, size_t len)
{
    uint8_t *restrict lb = d->lb;
    unsigned *restrict lc = d->lc;
    size_t i = 0, n = 0;
    d->cur = text;
    d->curlen = len;
    if (d->flags & MQSAD_DIS_WORDS) { words_line(d, text, len); return; }
    if (!d->npend && !d->in_block && !(d->flags & MQSAD_DIS_EXPLAIN) && little_endian() &&
        whole_line(d, text, len)) {
        if (text[0] == '[') region_end(d);   /* the line was a region of its own */
        return;
    }
    while (i < len) {
        char c = text[i];
        unsigned k = cclass[(unsigned char)c];
        if (k == 2) { i++; continue; }
        /* "0xHH" and a delimiter, the usual token, from one 8-byte load (little-endian
         * hosts; the bytes it reads past the line's newline are never looked at) */
        if (c == '0' && little_endian()) {
            uint64_t w;
            unsigned nx, hh, hl;
            memcpy(&w, text + i, 8);
            hh = hexv[(w >> 16) & 0xffu];
            hl = hexv[(w >> 24) & 0xffu];
            if ((w & 0xdfffu) == 0x5830u && (hh | hl) < 16 &&   /* 0xff marks a non-digit */
                (nx = cclass[(w >> 32) & 0xffu]) != 0) {
                lb[n] = (uint8_t)(hh << 4 | hl);
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
                bad_token(d, i);   /* llvm-mc clears the bytes collected so far */
                n = 0;
                break;            /* ... and skips the rest of the line */
            }
            lb[n] = (uint8_t)v;
            lc[n++] = (unsigned)i + 1;
            i = j;
        }
    }
    append(d, lb, lc, n);
    line_done(d);
}

/* A line too long to keep (its number is d->lineno): reported; its bytes are dropped. */
static void too_long(mqsad_dis_stream *d)
{
    char msg[80];
    diag_begin(d);
    snprintf(msg, sizeof msg, "line too long (more than %d bytes); line skipped", MQSAD_DIS_LINE_MAX - 1);
    mqsad__sink_write(&d->err, d->name, strlen(d->name));
    mqsad__sink_write(&d->err, ":", 1);
    mqsad__sink_ulong(&d->err, d->lineno);
    mqsad__sink_write(&d->err, ":1: error: ", 11);
    mqsad__sink_write(&d->err, msg, strlen(msg));
    mqsad__sink_write(&d->err, "\n", 1);
    d->npend = 0;
    d->head = 0;
    region_end(d);
}

/* The line in part[0, part_len), with a sentinel newline and padding. */
static void part_line(mqsad_dis_stream *d)
{
    memset(d->part + d->part_len, '\n', DIS_PAD);
    do_line(d, d->part, d->part_len);
}

static void feed_text(mqsad_dis_stream *d, const char *p, size_t n)
{
    const char *const end = p + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        if (d->skipping) {             /* the rest of a line too long to keep */
            if (!nl) return;
            d->skipping = 0;
            p = nl + 1;
            continue;
        }
        if (d->part_len || !nl || nl + DIS_PAD > end) {   /* via part[] */
            if (d->part_len + len >= MQSAD_DIS_LINE_MAX) {
                d->lineno++;
                too_long(d);
                d->part_len = 0;
                if (!nl) { d->skipping = 1; return; }
                p = nl + 1;
                continue;
            }
            memcpy(d->part + d->part_len, p, len);
            d->part_len += len;
            if (!nl) return;
            d->lineno++;
            part_line(d);
            d->part_len = 0;
            p = nl + 1;
            continue;
        }
        d->lineno++;
        if (len >= MQSAD_DIS_LINE_MAX) too_long(d);
        else do_line(d, p, len);
        p = nl + 1;
    }
}

/* ---- MQSAD_DIS_BINARY ------------------------------------------------------------------ */

static void bin_diag(mqsad_dis_stream *d, const uint8_t *p, size_t n, mqsad_status st)
{
    static const char hx[] = "0123456789abcdef";
    char head[96];
    size_t i;
    int k;
    diag_begin(d);
    mqsad__sink_write(&d->err, d->name, strlen(d->name));
    k = snprintf(head, sizeof head, ": byte %llu (0x%llx): warning: invalid instruction encoding: ",
                 (unsigned long long)d->bin_off, (unsigned long long)d->bin_off);
    mqsad__sink_write(&d->err, head, (size_t)k);
    mqsad__sink_write(&d->err, mqsad_strerror(st), strlen(mqsad_strerror(st)));
    mqsad__sink_write(&d->err, "\n ", 2);
    for (i = 0; i < n; i++) {
        char b[3] = { ' ', hx[p[i] >> 4], hx[p[i] & 15] };
        mqsad__sink_write(&d->err, b, 3);
    }
    mqsad__sink_write(&d->err, "\n", 1);
}

/* Decodes at p[0..avail) (avail = DIS_INST_MAX, or what is left at the end); returns the
 * bytes consumed. An undecodable position is reported and skipped by 4 bytes. */
static size_t bin_one(mqsad_dis_stream *d, const uint8_t *p, size_t avail)
{
    mqsad_inst in;
    mqsad_status st;
    size_t used;
    if (avail >= 8 && (used = fast_word(d, p, avail)) != 0) {
        /* printed by the tables */
    } else if ((st = mqsad_decode(d->t, p, avail, &in)) == MQSAD_OK) {
        put_inst(d, &in);
        used = in.length;
    } else {
        /* the bytes shown: the word, or all that is left of a cut-off literal */
        bin_diag(d, p, st == MQSAD_E_TRUNCATED_LITERAL || avail < 8 ? avail : 8, st);
        if ((d->flags & MQSAD_DIS_EXPLAIN) && st != MQSAD_E_TRUNCATED) mqsad__dis_explain(&d->out, d->t, &in, st);
        used = st == MQSAD_E_TRUNCATED ? avail : 4;   /* < 8 bytes left: nothing more decodes */
    }
    d->bin_off += used;
    return used;
}

static void feed_binary(mqsad_dis_stream *d, const uint8_t *p, size_t n)
{
    while (n > 0 && d->bin_len > 0) {   /* the bytes left from the last chunk first */
        size_t k = sizeof d->bin - d->bin_len;
        if (k > n) k = n;
        memcpy(d->bin + d->bin_len, p, k);
        d->bin_len += k;
        p += k;
        n -= k;
        while (d->bin_len >= DIS_INST_MAX) {
            size_t used = bin_one(d, d->bin, DIS_INST_MAX);
            memmove(d->bin, d->bin + used, d->bin_len - used);
            d->bin_len -= used;
        }
    }
    if (d->bin_len) return;
    while (n >= DIS_INST_MAX) {
        size_t used = bin_one(d, p, DIS_INST_MAX);
        p += used;
        n -= used;
    }
    memcpy(d->bin, p, n);
    d->bin_len = n;
}

/* ---- the API ---------------------------------------------------------------------------- */

size_t mqsad_dis_stream_size(void) { return sizeof(struct mqsad_dis_stream); }

mqsad_dis_stream *mqsad_dis_stream_init(void *mem, size_t size, const mqsad_dis_stream_config *config)
{
    mqsad_dis_stream *d = mem;
    if (!mem || size < sizeof *d || (uintptr_t)mem % alignof(struct mqsad_dis_stream) || !config ||
        !config->target || !config->target->family || !config->write ||
        (config->flags & (MQSAD_DIS_WORDS | MQSAD_DIS_BINARY)) == (MQSAD_DIS_WORDS | MQSAD_DIS_BINARY))
        return NULL;
    /* everything but the big buffers, which are written before they are read */
    memset(d, 0, offsetof(struct mqsad_dis_stream, lb));
    mqsad__dis_tables_build(&d->ctx, config->target);
    d->t = config->target;
    d->name = config->name ? config->name : "<stdin>";
    d->flags = config->flags;
    mqsad__sink_init(&d->out, d->obuf, sizeof d->obuf, config->write, config->user, MQSAD_STREAM_OUT);
    mqsad__sink_init(&d->err, d->ebuf, sizeof d->ebuf, config->write, config->user, MQSAD_STREAM_DIAG);
    d->out.holding = d->err.holding = !(d->flags & (MQSAD_DIS_INTERLEAVE | MQSAD_DIS_BINARY));
    return d;
}

mqsad_status mqsad_dis_stream_feed(mqsad_dis_stream *s, const void *data, size_t len)
{
    if (!s || (!data && len) || s->finished) return MQSAD_E_INVALID_ARGUMENT;
    if (!len) return MQSAD_OK;
    if (s->flags & MQSAD_DIS_BINARY) feed_binary(s, data, len);
    else feed_text(s, data, len);
    return MQSAD_OK;
}

mqsad_status mqsad_dis_stream_flush(mqsad_dis_stream *s)
{
    if (!s) return MQSAD_E_INVALID_ARGUMENT;
    mqsad__sink_flush(&s->out);
    mqsad__sink_flush(&s->err);
    return MQSAD_OK;
}

mqsad_status mqsad_dis_stream_finish(mqsad_dis_stream *s)
{
    int last = 0;
    if (!s || s->finished) return MQSAD_E_INVALID_ARGUMENT;
    s->finished = 1;
    if (s->flags & MQSAD_DIS_BINARY) {
        size_t off = 0;
        while (off < s->bin_len) off += bin_one(s, s->bin + off, s->bin_len - off);
        s->bin_len = 0;
        return mqsad_dis_stream_flush(s);
    }
    if (s->part_len && !s->skipping) {   /* the last line, without a newline */
        s->lineno++;
        part_line(s);
        last = 1;
    }
    process(s, 1);
    if (s->in_block) {   /* llvm-mc reports it at the end of the buffer */
        if (last) diag(s, s->lineno, (unsigned)s->part_len + 1, s->part, s->part_len, "error", "unclosed atomic block");
        else diag(s, s->lineno + 1, 1, "", 0, "error", "unclosed atomic block");
    }
    region_end(s);
    return mqsad_dis_stream_flush(s);
}

unsigned long mqsad_dis_stream_diagnostics(const mqsad_dis_stream *s) { return s ? s->diags : 0; }
