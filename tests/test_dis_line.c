/* test_dis_line.c — the disassembly stream (mqsad_dis_stream_*) through its API:
 *  - llvm-mc 22's own output for the stored inputs (tests/data/dis_*.in/.out/.err, made
 *    by llvm-mc-22 -disassemble, see tests/cli/dis.sh), fed whole;
 *  - the same inputs, and a mixed input (valid and invalid words of several lengths,
 *    bad tokens, blocks, comments, CR line ends, a line too long), fed in chunks of every
 *    size 1..67 and of random sizes: stdout and stderr identical to feeding it whole;
 *  - buffering: a run with thousands of diagnostics makes a handful of write calls;
 *  - the init checks and MQSAD_DIS_INTERLEAVE's order. */
#include "mqsad.h"
#include "t.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct capture {
    char *buf[3];
    size_t len[3], cap[3];
    unsigned long calls;
    char order[64];              /* the channel of the first calls, '1' / '2' */
} capture;

static void cap_write(void *user, int ch, const char *data, size_t len)
{
    capture *c = user;
    if (ch < 1 || ch > 2) { CHECK(0, "channel %d", ch); return; }
    CHECK(len > 0, "a write of 0 bytes");
    if (c->len[ch] + len > c->cap[ch]) {
        size_t n = (c->len[ch] + len) * 2;
        char *p = realloc(c->buf[ch], n);
        if (!p) abort();
        c->buf[ch] = p;
        c->cap[ch] = n;
    }
    memcpy(c->buf[ch] + c->len[ch], data, len);
    c->len[ch] += len;
    if (c->calls < sizeof c->order - 1) c->order[c->calls] = (char)('0' + ch);
    c->calls++;
}

static void cap_free(capture *c)
{
    free(c->buf[1]);
    free(c->buf[2]);
    memset(c, 0, sizeof *c);
}

static void *mem;
static unsigned long long rng = 0x9e3779b97f4a7c15ull;

/* Runs text[0..len) through a stream in chunks (chunk 0: whole; ~0: random sizes). */
static unsigned long run(const char *target, unsigned flags, const char *text, size_t len, size_t chunk,
                         capture *c)
{
    mqsad_dis_stream_config cfg;
    mqsad_dis_stream *s;
    size_t off = 0;
    memset(c, 0, sizeof *c);
    memset(&cfg, 0, sizeof cfg);
    cfg.target = mqsad_target_lookup(target);
    cfg.flags = flags;
    cfg.name = "<stdin>";
    cfg.write = cap_write;
    cfg.user = c;
    s = mqsad_dis_stream_init(mem, mqsad_dis_stream_size(), &cfg);
    CHECK(s != NULL, "init %s", target);
    if (!s) return 0;
    while (off < len) {
        size_t n = chunk == 0 ? len : chunk == (size_t)-1 ? 1 + (size_t)(t_xorshift64(&rng) % 300) : chunk;
        if (n > len - off) n = len - off;
        CHECK(mqsad_dis_stream_feed(s, text + off, n) == MQSAD_OK, "feed");
        off += n;
    }
    CHECK(mqsad_dis_stream_finish(s) == MQSAD_OK, "finish");
    CHECK(mqsad_dis_stream_feed(s, "0", 1) == MQSAD_E_INVALID_ARGUMENT, "feed after finish");
    return mqsad_dis_stream_diagnostics(s);
}

static char *slurp(const char *name, size_t *len)
{
    char path[512];
    FILE *f = fopen(t_data(name, path, sizeof path), "rb");
    char *p = NULL;
    long n;
    *len = 0;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    p = malloc((size_t)n + 1);
    if (p && fread(p, 1, (size_t)n, f) != (size_t)n) { free(p); p = NULL; }
    fclose(f);
    if (p) { p[n] = 0; *len = (size_t)n; }
    return p;
}

static int same(const capture *c, int ch, const char *want, size_t wlen)
{
    return c->len[ch] == wlen && (wlen == 0 || !memcmp(c->buf[ch], want, wlen));
}

/* Whole and in every chunking, the same output as `ref`. */
static void chunkings(const char *what, const char *target, unsigned flags, const char *text, size_t len,
                      const capture *ref, unsigned long ref_diags)
{
    size_t chunk;
    for (chunk = 1; chunk <= 68; chunk++) {
        capture c;
        size_t ch = chunk == 68 ? (size_t)-1 : chunk;
        unsigned long nd = run(target, flags, text, len, ch, &c);
        CHECK(same(&c, 1, ref->buf[1], ref->len[1]) && same(&c, 2, ref->buf[2], ref->len[2]) && nd == ref_diags,
              "%s in chunks of %zu: output differs from one chunk", what, chunk);
        cap_free(&c);
    }
}

/* The stored llvm-mc goldens (their .err, when there is one, names "<stdin>"). */
static void golden(const char *name, const char *target)
{
    char f[64];
    size_t il, ol, el = 0;
    char *in, *out, *err;
    capture c;
    unsigned long nd;
    snprintf(f, sizeof f, "dis_%s.in", name);
    in = slurp(f, &il);
    snprintf(f, sizeof f, "dis_%s.out", name);
    out = slurp(f, &ol);
    snprintf(f, sizeof f, "dis_%s.err", name);
    err = slurp(f, &el);
    CHECK(in && out, "missing dis_%s data", name);
    if (in && out) {
        nd = run(target, 0, in, il, 0, &c);
        CHECK(same(&c, 1, out, ol), "dis_%s: stdout differs from llvm-mc's", name);
        CHECK(same(&c, 2, err ? err : "", err ? el : 0), "dis_%s: stderr differs from llvm-mc's", name);
        CHECK((nd != 0) == (el != 0), "dis_%s: %lu diagnostics", name, nd);
        chunkings(name, target, 0, in, il, &c, nd);
        cap_free(&c);
    }
    free(in);
    free(out);
    free(err);
}

int main(void)
{
    static const char *const words[] = {
        "0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04",                  /* v_mqsad_u32_u8 */
        "[0x04,0x80,0x3d,0xd6,0x02,0x03,0x22,0x04]",                /* clamp */
        "[0x04,0x00,0x3d,0xd6,0x02,0xff,0x21,0x04,0x78,0x56,0x34,0x12]",   /* literal */
        "0x04 0x00 0x3d 0xd6 0x02 0x03 0x22",                       /* split across lines */
        "4,0,61,214,2,3,34,4",                                      /* decimal */
        "[0x04,0x01,0x3d,0xd6,0x02,0x03,0x22,0x04]",                /* ABS: invalid */
        "0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff",                  /* invalid, stream */
        "0x04,0x00,0x3d,0xd6,0xzz",                                 /* bad token */
        "[0x04 [ 0x00 ] ]",                                         /* nested, unopened */
        "# a comment 0x04",
        "\t0x04,\t0x00,0x3d,0xd6,0x02,0x03,0x22,0x04\r",            /* tabs, CR */
        "0x04,0x00\r0x3d,0xd6,0x02,0x03,0x22,0x04 ; no comment",
        "",
    };
    size_t cap = 2 << 20, len = 0, i, n;
    char *text = malloc(cap);
    capture c, c2;
    unsigned long nd;
    mqsad_dis_stream_config cfg;
    mem = malloc(mqsad_dis_stream_size());
    if (!text || !mem) return 1;

    golden("basic", "gfx1100");
    golden("invalid", "gfx1100");
    golden("crlf", "gfx1100");
    golden("gfx900", "gfx900");
    golden("gfx1250", "gfx1250");

    /* the mixed input: 3000 random lines from words[], one line too long, an open block */
    for (i = 0; i < 3000; i++) {
        const char *w = words[t_xorshift64(&rng) % (sizeof words / sizeof words[0])];
        n = strlen(w);
        memcpy(text + len, w, n);
        len += n;
        text[len++] = '\n';
        if (i == 1500) {
            memset(text + len, '0', MQSAD_DIS_LINE_MAX + 10);
            len += MQSAD_DIS_LINE_MAX + 10;
            text[len++] = '\n';
        }
    }
    memcpy(text + len, "[0x04", 5);
    len += 5;
    nd = run("gfx1100", 0, text, len, 0, &c);
    CHECK(nd > 1000, "mixed input: %lu diagnostics", nd);
    CHECK(c.len[1] > 1000 && c.len[2] > 10000, "mixed input: little output");
    CHECK(c.calls < 20, "mixed input: %lu write calls (diagnostics must be buffered)", c.calls);
    {   /* llvm-mc reports the open block at the end of the last line */
        static const char tail[] = "error: unclosed atomic block\n[0x04\n     ^\n";
        CHECK(c.len[2] > sizeof tail && !memcmp(c.buf[2] + c.len[2] - (sizeof tail - 1), tail, sizeof tail - 1),
              "unclosed block reported at the end");
    }
    chunkings("mixed input", "gfx1100", 0, text, len, &c, nd);
    /* --words and --bin inputs chunk alike */
    run("gfx1100", MQSAD_DIS_WORDS, "d63d0004 04220302\n[0xD63D8004 0x04220302]\nzz\n", 45, 0, &c2);
    {
        static const char want[] = "\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n"
                                   "\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp\n";
        CHECK(same(&c2, 1, want, sizeof want - 1), "--words text");
    }
    chunkings("--words", "gfx1100", MQSAD_DIS_WORDS, "d63d0004 04220302\n[0xD63D8004 0x04220302]\nzz\n", 45, &c2,
              mqsad_dis_stream_diagnostics(mem));
    cap_free(&c2);
    for (i = 0; i < 4000; i++) text[i] = (char)(i % 7 == 0 ? 0xff : "\x04\x00\x3d\xd6\x02\x03\x22\x04"[i % 8]);
    nd = run("gfx1100", MQSAD_DIS_BINARY, text, 4000, 0, &c2);
    CHECK(c2.len[1] > 0 && c2.len[2] > 0, "--bin output");
    chunkings("--bin", "gfx1100", MQSAD_DIS_BINARY, text, 4000, &c2, nd);
    cap_free(&c2);
    cap_free(&c);

    /* MQSAD_DIS_INTERLEAVE: the line before a diagnostic is handed over before it */
    run("gfx1100", MQSAD_DIS_INTERLEAVE, "0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04\nzz\n", 43, 0, &c);
    CHECK(!strncmp(c.order, "12", 2), "interleave order '%s'", c.order);
    cap_free(&c);

    /* A malformed token drops every byte since the last bracket, earlier lines' too: llvm-mc
     * 22 decodes them only at the next bracket or the end (tests/data/diffcli_dis_region.*
     * has its output). Here the library's side: what was dropped never reaches the write
     * function, in any chunking, and is not counted as a diagnostic. */
    {
        static const char v[] = "0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04\n";
        static const char inst[] = "\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n";
        static const char in2[] = "0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04\n"
                                  "0x04,0x01,0x3d,0xd6,0x02,0x03,0x22,0x04,0x04\n"   /* a warning, dropped */
                                  "zz\n0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04\n";
        static const char err2[] = "<stdin>:3:1: error: invalid input token\nzz\n^\n";
        mqsad_dis_stream *s;
        size_t k, vl = sizeof v - 1, il = sizeof inst - 1;
        nd = run("gfx1100", 0, in2, sizeof in2 - 1, 0, &c);
        CHECK(same(&c, 1, inst, il) && same(&c, 2, err2, sizeof err2 - 1) && nd == 1,
              "bad token drops the region (%lu diagnostics)", nd);
        chunkings("region dropped", "gfx1100", 0, in2, sizeof in2 - 1, &c, nd);
        cap_free(&c);
        /* mqsad_dis_stream_flush hands over what the brackets closed, not the open region */
        memset(&cfg, 0, sizeof cfg);
        cfg.target = mqsad_target_lookup("gfx1100");
        cfg.write = cap_write;
        cfg.user = &c;
        memset(&c, 0, sizeof c);
        s = mqsad_dis_stream_init(mem, mqsad_dis_stream_size(), &cfg);
        mqsad_dis_stream_feed(s, v, vl);
        mqsad_dis_stream_flush(s);
        CHECK(c.len[1] == 0, "flush: the open region is held (%zu bytes out)", c.len[1]);
        mqsad_dis_stream_feed(s, "[\n", 2);
        mqsad_dis_stream_flush(s);
        CHECK(same(&c, 1, inst, il), "flush after a bracket");
        mqsad_dis_stream_finish(s);
        cap_free(&c);
        cfg.flags = MQSAD_DIS_INTERLEAVE;   /* a terminal sees each line as it is decoded */
        s = mqsad_dis_stream_init(mem, mqsad_dis_stream_size(), &cfg);
        mqsad_dis_stream_feed(s, v, vl);
        mqsad_dis_stream_flush(s);
        CHECK(same(&c, 1, inst, il), "flush with MQSAD_DIS_INTERLEAVE");
        mqsad_dis_stream_finish(s);
        cap_free(&c);
        /* the bound: a region's output is held while it fits the channel buffer (1 MiB),
         * and handed over, to stay, once it outgrows it (docs/deviations.md) */
        for (k = 0; k < 2; k++) {
            size_t lines = k ? 30000 : 20000, j;
            for (len = 0, j = 0; j < lines; j++, len += vl) memcpy(text + len, v, vl);
            memcpy(text + len, "zz\n", 3);
            nd = run("gfx1100", 0, text, len + 3, 4096, &c);
            CHECK(c.len[1] == (k ? lines * il : 0), "%zu lines then a bad token: %zu bytes out", lines, c.len[1]);
            CHECK(nd == 1, "%zu lines then a bad token: %lu diagnostics", lines, nd);
            cap_free(&c);
        }
    }

    memset(&cfg, 0, sizeof cfg);
    cfg.target = mqsad_target_lookup("gfx1100");
    cfg.write = cap_write;
    CHECK(mqsad_dis_stream_init(mem, mqsad_dis_stream_size() - 1, &cfg) == NULL, "small mem");
    CHECK(mqsad_dis_stream_init(NULL, mqsad_dis_stream_size(), &cfg) == NULL, "NULL mem");
    cfg.flags = MQSAD_DIS_WORDS | MQSAD_DIS_BINARY;
    CHECK(mqsad_dis_stream_init(mem, mqsad_dis_stream_size(), &cfg) == NULL, "words and binary");
    cfg.flags = 0;
    cfg.write = NULL;
    CHECK(mqsad_dis_stream_init(mem, mqsad_dis_stream_size(), &cfg) == NULL, "no write function");
    CHECK(mqsad_dis_stream_feed(NULL, "", 0) == MQSAD_E_INVALID_ARGUMENT, "feed NULL");
    free(mem);
    free(text);
    return t_done();
}
