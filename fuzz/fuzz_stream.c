/*
 * fuzz_stream.c — the assembly and disassembly streams on any input, cut anywhere.
 *
 * Both streams promise (include/mqsad.h) that their output does not depend on how the
 * input is cut into chunks, and call the write function only with channel
 * MQSAD_STREAM_OUT or MQSAD_STREAM_DIAG and len > 0. The input is run twice: fed whole,
 * then fed in pieces of 1 to 64 bytes (lengths from a small generator seeded by the input)
 * with a flush now and then. Each channel's text, the error or diagnostic count and the
 * feed/finish statuses must be the same both times.
 *
 * Input: byte 0 = target selector (fuzz.h); byte 1 = mode: bit 0 the disassembler, then
 * for it bits 1-4 = MQSAD_DIS_* flags (WORDS and BINARY together: BINARY only), for the
 * assembler bits 1-2 = the output (0..2); bytes 2-3 = the seed of the piece lengths;
 * bytes 4.. = the text or bytes.
 */
#include "fuzz.h"

#define FST_FAIL(what) fuzz_fail_at(__FILE__, __LINE__, (what), NULL)

typedef struct fst_text {
    char *data;
    size_t len, cap;
} fst_text;

typedef struct fst_run {
    fst_text ch[2];           /* MQSAD_STREAM_OUT, MQSAD_STREAM_DIAG */
    unsigned long count;      /* errors (asm) or diagnostics (dis) */
    int status;               /* the first feed/flush/finish status that was not MQSAD_OK */
} fst_run;

static void fst_write(void *user, int channel, const char *data, size_t len)
{
    fst_run *r = user;
    fst_text *t;
    if (channel != MQSAD_STREAM_OUT && channel != MQSAD_STREAM_DIAG) FST_FAIL("write: unknown channel");
    if (len == 0) FST_FAIL("write: called with len 0");
    t = &r->ch[channel - 1];
    if (t->len + len > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + len) cap *= 2;
        t->data = realloc(t->data, cap);
        if (!t->data) abort();
        t->cap = cap;
    }
    memcpy(t->data + t->len, data, len);
    t->len += len;
}

/* xorshift for the piece lengths: 1..64 bytes, a flush after about one piece in eight */
static unsigned fst_next(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static void fst_note(fst_run *r, mqsad_status st)
{
    if (st != MQSAD_OK && !r->status) r->status = (int)st;
}

/* The two streams behind one set of calls (s is the context), so one loop drives either */
typedef struct fst_stream_fns {
    mqsad_status (*feed)(void *s, const uint8_t *p, size_t n);
    mqsad_status (*flush)(void *s);
    mqsad_status (*finish)(void *s);
    unsigned long (*count)(const void *s);
} fst_stream_fns;

static mqsad_status fst_dis_feed(void *s, const uint8_t *p, size_t n) { return mqsad_dis_stream_feed(s, p, n); }
static mqsad_status fst_dis_flush(void *s) { return mqsad_dis_stream_flush(s); }
static mqsad_status fst_dis_finish(void *s) { return mqsad_dis_stream_finish(s); }
static unsigned long fst_dis_count(const void *s) { return mqsad_dis_stream_diagnostics(s); }
static mqsad_status fst_asm_feed(void *s, const uint8_t *p, size_t n) { return mqsad_asm_stream_feed(s, (const char *)p, n); }
static mqsad_status fst_asm_flush(void *s) { return mqsad_asm_stream_flush(s); }
static mqsad_status fst_asm_finish(void *s) { return mqsad_asm_stream_finish(s); }
static unsigned long fst_asm_count(const void *s) { return mqsad_asm_stream_errors(s); }

static const fst_stream_fns fst_dis = { fst_dis_feed, fst_dis_flush, fst_dis_finish, fst_dis_count };
static const fst_stream_fns fst_asm = { fst_asm_feed, fst_asm_flush, fst_asm_finish, fst_asm_count };

/* One run over text[0..len): whole (seed 0) or in pieces. mem holds either context. */
static void fst_run_once(void *mem, size_t size, const mqsad_target *t, int dis, unsigned mode,
                         const uint8_t *text, size_t len, uint32_t seed, fst_run *r)
{
    const fst_stream_fns *fn = dis ? &fst_dis : &fst_asm;
    size_t at = 0, n;
    uint32_t x = seed | 1u;
    void *s;
    if (dis) {
        mqsad_dis_stream_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.target = t;
        cfg.flags = mode;
        cfg.name = "<fuzz>";
        cfg.write = fst_write;
        cfg.user = r;
        s = mqsad_dis_stream_init(mem, size, &cfg);
    } else {
        mqsad_asm_stream_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.target = t;
        cfg.output = (mqsad_asm_output)mode;
        cfg.name = "<fuzz>";
        cfg.write = fst_write;
        cfg.user = r;
        s = mqsad_asm_stream_init(mem, size, &cfg);
    }
    if (!s) FST_FAIL("a stream refused a valid configuration");
    while (at < len) {
        n = seed ? 1 + fst_next(&x) % 64 : len;
        if (n > len - at) n = len - at;
        fst_note(r, fn->feed(s, text + at, n));
        at += n;
        if (seed && fst_next(&x) % 8 == 0) fst_note(r, fn->flush(s));
    }
    fst_note(r, fn->finish(s));
    r->count = fn->count(s);
}

static void fst_same(const fst_run *a, const fst_run *b, int channel, const char *what)
{
    const fst_text *x = &a->ch[channel - 1], *y = &b->ch[channel - 1];
    if (x->len != y->len || (x->len && memcmp(x->data, y->data, x->len)))
        FST_FAIL(what);
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    static void *fst_mem;       /* one context's memory for every run (the larger one) */
    static size_t fst_size;
    const mqsad_target *t;
    fst_run whole, cut;
    unsigned mode;
    uint32_t seed;
    int dis, k;
    if (size < 4) return 0;
    t = fuzz_target(data[0]);
    if (!t) FST_FAIL("fuzz_target_names has a name the library does not know");
    if (!fst_mem) {
        size_t a = mqsad_asm_stream_size(), d = mqsad_dis_stream_size();
        fst_size = a > d ? a : d;
        fst_mem = malloc(fst_size);
        if (!fst_mem) abort();
    }
    dis = data[1] & 1;
    if (dis) {
        mode = (data[1] >> 1) & 15u;
        if ((mode & MQSAD_DIS_WORDS) && (mode & MQSAD_DIS_BINARY)) mode &= ~(unsigned)MQSAD_DIS_WORDS;
    } else {
        mode = ((data[1] >> 1) & 3u) % 3u;
    }
    seed = (uint32_t)data[2] | (uint32_t)data[3] << 8 | 0x10000u;   /* never 0: 0 is "whole" */
    memset(&whole, 0, sizeof whole);
    memset(&cut, 0, sizeof cut);
    fst_run_once(fst_mem, fst_size, t, dis, mode, data + 4, size - 4, 0, &whole);
    fst_run_once(fst_mem, fst_size, t, dis, mode, data + 4, size - 4, seed, &cut);
    fst_same(&whole, &cut, MQSAD_STREAM_OUT, "output differs when the input is cut into pieces");
    fst_same(&whole, &cut, MQSAD_STREAM_DIAG, "diagnostics differ when the input is cut into pieces");
    if (whole.count != cut.count) FST_FAIL("error count differs when the input is cut into pieces");
    if (whole.status != cut.status) FST_FAIL("a status differs when the input is cut into pieces");
    for (k = 0; k < 2; k++) {
        free(whole.ch[k].data);
        free(cut.ch[k].data);
    }
    return 0;
}
