/* sink.c — a stream's buffered output channels and llvm-mc's diagnostic layout (stream.h). */
#include "stream/stream.h"

void mqsad__sink_init(mqsad__sink *o, char *buf, size_t cap, mqsad_write_fn write, void *user,
                      int channel)
{
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    o->write = write;
    o->user = user;
    o->channel = channel;
    o->overflow = 0;
    o->holding = 0;
    o->spilled = 0;
    o->held = 0;
}

void mqsad__sink_flush(mqsad__sink *o)
{
    size_t n = o->holding ? o->held : o->len;
    if (!o->write || !n) return;
    o->write(o->user, o->channel, o->buf, n);
    memmove(o->buf, o->buf + n, o->len - n);   /* the held bytes, usually a few lines */
    o->len -= n;
    o->held = 0;
}

void mqsad__sink_make_room(mqsad__sink *o, size_t n)
{
    mqsad__sink_flush(o);
    if (o->cap - o->len >= n || !o->write || !o->len) return;
    o->write(o->user, o->channel, o->buf, o->len);
    o->len = 0;
    o->spilled = 1;
}

void mqsad__sink_write(mqsad__sink *o, const void *s, size_t n)
{
    const char *p = s;
    while (n) {
        size_t k = o->cap - o->len;
        if (k == 0) {
            if (!o->write) { o->overflow = 1; return; }
            mqsad__sink_make_room(o, 1);
            k = o->cap - o->len;
        }
        if (k > n) k = n;
        memcpy(o->buf + o->len, p, k);
        o->len += k;
        p += k;
        n -= k;
    }
}

void mqsad__sink_spaces(mqsad__sink *o, size_t n)
{
    static const char sp[64] = "                                                                ";
    if (o->cap - o->len >= n) {   /* the usual case: straight into the buffer */
        memset(o->buf + o->len, ' ', n);
        o->len += n;
        return;
    }
    while (n) {
        size_t k = n < sizeof sp ? n : sizeof sp;
        mqsad__sink_write(o, sp, k);
        n -= k;
    }
}

void mqsad__sink_ulong(mqsad__sink *o, unsigned long v)
{
    char d[24];
    size_t i = sizeof d;
    do {
        d[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    mqsad__sink_put(o, d + i, sizeof d - i);
}

/* Eight bytes at a time (SWAR): a word holds byte c when (x - ONES) & ~x & HIGHS is not 0
 * for x = word ^ (c * ONES). */
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

static inline uint64_t has_byte(uint64_t w, unsigned char c)
{
    uint64_t x = w ^ (ONES * c);
    return (x - ONES) & ~x & HIGHS;
}

unsigned long mqsad__count_newlines(const char *s, size_t n)
{
    unsigned long c = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w, t;
        memcpy(&w, s + i, 8);
        w ^= ONES * '\n';                                   /* '\n' bytes become 0 */
        t = ((w & ~HIGHS) + ~HIGHS) | w;                     /* high bit clear: a 0 byte */
        c += (unsigned long)((((~t & HIGHS) >> 7) * ONES) >> 56);
    }
    for (; i < n; i++) c += s[i] == '\n';
    return c;
}

/* the whole 8-byte blocks at the start of s[0..n) without '\n' or '\r' (and, when
 * plain, without '\t' or a non-ASCII byte): where a byte loop has to look */
static size_t skip_blocks(const char *s, size_t n, int plain)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (has_byte(w, '\n') | has_byte(w, '\r') | (plain ? (w & HIGHS) | has_byte(w, '\t') : 0))
            break;
    }
    return i;
}

size_t mqsad__line_end(const char *s, size_t n)
{
    size_t i = skip_blocks(s, n, 0);
    while (i < n && s[i] != '\n' && s[i] != '\r') i++;
    return i;
}

void mqsad__sink_source(mqsad__sink *o, const char *seg, size_t len, unsigned col)
{
    size_t i = 0, run, vis = 0, caret = 0;
    int ascii = 1, tabs = 0;
    /* one pass: the line's end, a non-ASCII byte, a tab */
    for (run = skip_blocks(seg, len, 1); run < len; run++) {
        unsigned char c = (unsigned char)seg[run];
        if (c <= '\r') {
            if (c == '\n' || c == '\r') break;
            if (c == '\t') tabs = 1;
        } else if (c >= 0x80) {
            ascii = 0;
        }
    }
    len = run;
    if (!tabs) {
        mqsad__sink_put(o, seg, len);
        vis = len;
        if (col && col <= len) caret = col - 1;
    } else {
        while (i < len) {
            for (run = i; run < len && seg[run] != '\t'; run++) continue;
            if (col > i && col <= run) caret = vis + (col - 1 - i);
            mqsad__sink_put(o, seg + i, run - i);
            vis += run - i;
            if (run == len) break;
            if (col == run + 1) caret = vis;
            mqsad__sink_spaces(o, 8 - vis % 8);
            vis += 8 - vis % 8;
            i = run + 1;
        }
    }
    if (col > len) caret = vis + (col - 1 - len);
    mqsad__sink_put(o, "\n", 1);
    if (!ascii) return;
    mqsad__sink_spaces(o, caret);
    mqsad__sink_put(o, "^\n", 2);
}

void mqsad__sink_diag(mqsad__sink *o, const char *name, unsigned long line, unsigned col,
                      const char *kind, const char *msg, const char *seg, size_t len)
{
    mqsad__sink_put(o, name, strlen(name));
    mqsad__sink_put(o, ":", 1);
    mqsad__sink_ulong(o, line);
    mqsad__sink_put(o, ":", 1);
    mqsad__sink_ulong(o, col);
    mqsad__sink_put(o, ": ", 2);
    mqsad__sink_put(o, kind, strlen(kind));
    mqsad__sink_put(o, ": ", 2);
    mqsad__sink_put(o, msg, strlen(msg));
    mqsad__sink_put(o, "\n", 1);
    mqsad__sink_source(o, seg, len, col);
}
