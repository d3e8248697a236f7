/* stream.h — what the stream layer (src/stream/: whole files of llvm-mc input in, llvm-mc's
 * output and diagnostics out) shares between its files. Not installed.
 *
 * A sink is one output channel of a stream: a block of caller-owned memory (inside the
 * stream's context) that fills up and goes to the caller's mqsad_write_fn in one call when
 * full or flushed, so a caller writing to a file makes one write per block, not per line.
 * A sink without a write function is a bounded buffer: what does not fit sets .overflow
 * and is dropped. */
#ifndef MQSAD_STREAM_H
#define MQSAD_STREAM_H

#include "mqsad.h"

#include <string.h>

typedef struct mqsad__sink {
    char *buf;
    size_t cap, len;
    mqsad_write_fn write;        /* NULL: bounded buffer */
    void *user;
    int channel;                 /* MQSAD_STREAM_OUT or MQSAD_STREAM_DIAG */
    int overflow;                /* bounded buffer: something did not fit */
} mqsad__sink;

void mqsad__sink_init(mqsad__sink *o, char *buf, size_t cap, mqsad_write_fn write, void *user,
                      int channel);
/* hands what is buffered to the write function (nothing for a bounded buffer) */
void mqsad__sink_flush(mqsad__sink *o);
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
    if (o->cap - o->len < n) mqsad__sink_flush(o);
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
/* only the source line and caret of mqsad__sink_diag */
void mqsad__sink_source(mqsad__sink *o, const char *seg, size_t len, unsigned col);

#endif
