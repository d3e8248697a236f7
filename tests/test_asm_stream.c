/* test_asm_stream.c — the library's assembly stream (mqsad_asm_stream_*): whole files
 * against llvm-mc-22's recorded output, and the same output whatever the chunks.
 *
 * Expected values: tests/data/asm_golden_input.s -> asm_golden_TARGET.{txt,err.txt} and
 * tests/data/diffcli_asm_NAME.in -> diffcli_asm_NAME.TARGET.{out,err} are llvm-mc-22's
 * stdout (without its leading "\t.text" line) and stderr (tests/cli/asm.sh and
 * tests/cli/diff_cli.sh say how they were made). Every file is then fed in chunks of every
 * size from 1 to 1024 bytes and in random chunkings, and the output must be the same byte
 * for byte. Generated inputs check the bounds: a statement with a long comment, one with
 * no end within MQSAD_ASM_CARRY bytes ("line too long", then the next line assembles),
 * thousands of forward references waiting for their label (no error), and undefined ones
 * reported last in order. mqsad_asm_stream_feed_parallel must give mqsad_asm_stream_feed's
 * output (checked above against llvm-mc-22) on large mixes of the golden inputs' lines,
 * with and without labels, in whole and random blocks, on 2 to 16 threads, with less work
 * memory than asked for, and with diagnostics too long for its trial buffers. */
#include "t.h"
#include "mqsad.h"

#include <dirent.h>
#include <stdint.h>

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

static void buf_add(buf *b, const char *s, size_t n)
{
    if (b->cap - b->len < n) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap - b->len < n) cap *= 2;
        b->p = realloc(b->p, cap);
        if (!b->p) { fprintf(stderr, "out of memory\n"); exit(2); }
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

typedef struct result {
    buf out, err;
    unsigned long errors;
    unsigned long calls, empty_calls, bad_channel;
} result;

static void collect(void *user, int channel, const char *data, size_t len)
{
    result *r = user;
    r->calls++;
    if (!len) r->empty_calls++;
    if (channel == MQSAD_STREAM_OUT) buf_add(&r->out, data, len);
    else if (channel == MQSAD_STREAM_DIAG) buf_add(&r->err, data, len);
    else r->bad_channel++;
}

static void result_free(result *r)
{
    free(r->out.p);
    free(r->err.p);
    memset(r, 0, sizeof *r);
}

static void *g_mem;   /* one context, reused */

/* chunking: 0 = whole; > 0 = that size each; < 0 = random sizes from seed -chunk (up to 96
 * bytes, or up to 1 MiB when fed in parallel). threads 0: mqsad_asm_stream_feed, else
 * mqsad_asm_stream_feed_parallel with that many threads and work[0..work_size). */
static void run_ex(const mqsad_target *t, mqsad_asm_output mode, const char *name, const char *text,
                   size_t len, long chunk, unsigned threads, void *work, size_t work_size, result *r)
{
    mqsad_asm_stream_config cfg;
    mqsad_asm_stream *s;
    size_t pos = 0;
    unsigned long long seed = chunk < 0 ? (unsigned long long)-chunk : 1;
    memset(r, 0, sizeof *r);
    memset(&cfg, 0, sizeof cfg);
    cfg.target = t;
    cfg.output = mode;
    cfg.name = name;
    cfg.write = collect;
    cfg.user = r;
    s = mqsad_asm_stream_init(g_mem, mqsad_asm_stream_size(), &cfg);
    if (!s) { CHECK(0, "init failed"); return; }
    while (pos < len) {
        size_t n = chunk == 0 ? len - pos : chunk > 0 ? (size_t)chunk
                   : (size_t)(t_xorshift64(&seed) % (threads ? 1u << 20 : 97));
        mqsad_status st;
        if (n > len - pos) n = len - pos;
        st = threads ? mqsad_asm_stream_feed_parallel(s, text + pos, n, threads, work, work_size)
                     : mqsad_asm_stream_feed(s, text + pos, n);
        if (st != MQSAD_OK) { CHECK(0, "feed failed"); return; }
        pos += n;
    }
    CHECK(mqsad_asm_stream_finish(s) == MQSAD_OK, "finish");
    r->errors = mqsad_asm_stream_errors(s);
}

static void run(const mqsad_target *t, mqsad_asm_output mode, const char *name, const char *text,
                size_t len, long chunk, result *r)
{
    run_ex(t, mode, name, text, len, chunk, 0, NULL, 0, r);
}

static int read_file(const char *path, buf *b)
{
    FILE *f = fopen(path, "rb");
    char tmp[4096];
    size_t n;
    memset(b, 0, sizeof *b);
    if (!f) return 0;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) buf_add(b, tmp, n);
    fclose(f);
    buf_add(b, "", 1);   /* a NUL after the text, not counted */
    b->len--;
    return 1;
}

static int same(const buf *a, const buf *b) { return a->len == b->len && (!a->len || !memcmp(a->p, b->p, a->len)); }

/* the text of the first differing line of got against want, for messages */
static const char *first_diff(const buf *got, const buf *want, char *msg, size_t size)
{
    size_t i = 0, ls = 0;
    while (i < got->len && i < want->len && got->p[i] == want->p[i]) {
        if (got->p[i] == '\n') ls = i + 1;
        i++;
    }
    snprintf(msg, size, "at byte %zu: got \"%.60s\", want \"%.60s\"", i, got->p ? got->p + ls : "",
             want->p ? want->p + ls : "");
    return msg;
}

/* One input against its golden files, then against itself in every chunking. */
static void check_file(const char *label, const mqsad_target *t, const char *name, const buf *in,
                       const char *out_path, const char *err_path, int chunkings)
{
    buf want_out, want_err;
    result whole, r;
    char msg[256];
    long c;
    if (!read_file(out_path, &want_out) || !read_file(err_path, &want_err)) {
        CHECK(0, "%s: golden %s / %s missing", label, out_path, err_path);
        return;
    }
    run(t, MQSAD_ASM_SHOW_ENCODING, name, in->p, in->len, 0, &whole);
    CHECK(same(&whole.out, &want_out), "%s %s: output differs %s", label, t->name,
          first_diff(&whole.out, &want_out, msg, sizeof msg));
    CHECK(same(&whole.err, &want_err), "%s %s: diagnostics differ %s", label, t->name,
          first_diff(&whole.err, &want_err, msg, sizeof msg));
    CHECK((whole.errors != 0) == (want_err.len != 0), "%s %s: %lu errors", label, t->name, whole.errors);
    CHECK(whole.empty_calls == 0 && whole.bad_channel == 0, "%s: write called badly", label);
    if (chunkings) {
        unsigned long bad = 0;
        long worst = 0;
        for (c = 1; c <= 1024 && (size_t)c <= in->len + 1; c++) {
            run(t, MQSAD_ASM_SHOW_ENCODING, name, in->p, in->len, c, &r);
            if (!same(&r.out, &whole.out) || !same(&r.err, &whole.err) || r.errors != whole.errors) {
                if (!bad) worst = c;
                bad++;
            }
            result_free(&r);
        }
        for (c = 1; c <= 20; c++) {
            run(t, MQSAD_ASM_SHOW_ENCODING, name, in->p, in->len, -c, &r);
            if (!same(&r.out, &whole.out) || !same(&r.err, &whole.err) || r.errors != whole.errors) {
                if (!bad) worst = -c;
                bad++;
            }
            result_free(&r);
        }
        CHECK(bad == 0, "%s %s: %lu chunkings differ from the whole input (first: %ld)", label, t->name,
              bad, worst);
    }
    result_free(&whole);
    free(want_out.p);
    free(want_err.p);
}

static void test_goldens(void)
{
    static const char *const targets[] = { "gfx900", "gfx1100", "gfx1250" };
    char path[512], p2[512], p3[512];
    buf in;
    size_t i;
    DIR *d;
    struct dirent *e;
    unsigned files = 0;
    /* tests/cli/asm.sh's file: diagnostics carry the path it was given */
    if (!read_file(t_data("asm_golden_input.s", path, sizeof path), &in)) {
        CHECK(0, "no %s", path);
        return;
    }
    for (i = 0; i < 3; i++) {
        char o[64], er[64];
        snprintf(o, sizeof o, "asm_golden_%s.txt", targets[i]);
        snprintf(er, sizeof er, "asm_golden_%s.err.txt", targets[i]);
        check_file("asm_golden_input.s", mqsad_target_lookup(targets[i]), "tests/data/asm_golden_input.s", &in,
                   t_data(o, p2, sizeof p2), t_data(er, p3, sizeof p3), i == 1);
    }
    free(in.p);
    /* tests/cli/diff_cli.sh's files, read from standard input: "<stdin>" */
    t_data("", path, sizeof path);
    d = opendir(path);
    if (!d) { CHECK(0, "cannot list %s", path); return; }
    while ((e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        size_t l = strlen(n);
        char dir_targets[256] = "gfx1100 gfx900 gfx1250", *tok, *save = NULL;
        int first = 1;
        if (strncmp(n, "diffcli_asm_", 12) || l < 4 || strcmp(n + l - 3, ".in")) continue;
        if (!read_file(t_data(n, path, sizeof path), &in)) { CHECK(0, "cannot read %s", n); continue; }
        files++;
        if (in.len > 11 && !memcmp(in.p, "; targets: ", 11)) {
            size_t k = 11, o = 0;
            while (k < in.len && in.p[k] != '\n' && o + 1 < sizeof dir_targets) dir_targets[o++] = in.p[k++];
            dir_targets[o] = '\0';
        }
        for (tok = strtok_r(dir_targets, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
            char base[256];
            const mqsad_target *t = mqsad_target_lookup(tok);
            if (!t) { CHECK(0, "%s: unknown target %s", n, tok); continue; }
            snprintf(base, sizeof base, "%.*s.%s.out", (int)(l - 3), n, tok);
            t_data(base, p2, sizeof p2);
            snprintf(base, sizeof base, "%.*s.%s.err", (int)(l - 3), n, tok);
            t_data(base, p3, sizeof p3);
            check_file(n, t, "<stdin>", &in, p2, p3, first);
            first = 0;
        }
        free(in.p);
    }
    closedir(d);
    CHECK(files >= 30, "only %u diffcli_asm_*.in files found", files);
}

/* n copies of line (with its '\n') */
static void repeat(buf *b, const char *line, unsigned long n)
{
    while (n--) buf_add(b, line, strlen(line));
}

static unsigned long count_lines(const buf *b, const char *needle)
{
    unsigned long c = 0;
    size_t nl = strlen(needle), i;
    for (i = 0; i + nl <= b->len; i++)
        if (!memcmp(b->p + i, needle, nl)) c++;
    return c;
}

static void test_bounds(void)
{
    static const char good[] = "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]";
    static const char enc[] = "\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ; encoding: [0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04]\n";
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static const long chunks[] = { 0, 1, 7, 4096, 65536, 262143, 262144, 262145, -3 };
    buf in;
    result whole, r;
    size_t i;

    /* a 200,000-byte comment after an instruction: it assembles (the statement ends within
     * MQSAD_ASM_CARRY bytes); the same for every chunking, byte by byte included */
    memset(&in, 0, sizeof in);
    buf_add(&in, good, strlen(good));
    buf_add(&in, " ;", 2);
    for (i = 0; i < 200000; i++) buf_add(&in, "c", 1);
    buf_add(&in, "\n", 1);
    buf_add(&in, good, strlen(good));
    buf_add(&in, "\n", 1);
    run(t, MQSAD_ASM_SHOW_ENCODING, "<stdin>", in.p, in.len, 0, &whole);
    CHECK(whole.errors == 0 && whole.err.len == 0, "long comment: %lu errors", whole.errors);
    CHECK(whole.out.len == 2 * strlen(enc) && count_lines(&whole.out, enc) == 2, "long comment: output %.*s",
          (int)(whole.out.len < 200 ? whole.out.len : 200), whole.out.p);
    for (i = 1; i < sizeof chunks / sizeof chunks[0]; i++) {
        run(t, MQSAD_ASM_SHOW_ENCODING, "<stdin>", in.p, in.len, chunks[i], &r);
        CHECK(same(&r.out, &whole.out) && same(&r.err, &whole.err), "long comment, chunks of %ld", chunks[i]);
        result_free(&r);
    }
    result_free(&whole);
    free(in.p);

    /* a statement of MQSAD_ASM_LINE_MAX bytes is "line too long"; one with no end within
     * MQSAD_ASM_CARRY bytes too, and the rest of its line is skipped; the next line
     * assembles. The line numbers count on. */
    memset(&in, 0, sizeof in);
    buf_add(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], ", 31);
    for (i = 0; i < MQSAD_ASM_LINE_MAX; i++) buf_add(&in, "1+", 2);
    buf_add(&in, "1, v[8:11]\n", 11);
    buf_add(&in, "\"", 1);                          /* a string with no end on its line ... */
    for (i = 0; i < MQSAD_ASM_CARRY + 10; i++) buf_add(&in, "x", 1);
    buf_add(&in, "\nv_mqsad_u32_u8 v[4:7], v1, v1, v[8:11]\n", 40);
    buf_add(&in, good, strlen(good));
    buf_add(&in, "\n", 1);
    run(t, MQSAD_ASM_SHOW_ENCODING, "f.s", in.p, in.len, 0, &whole);
    CHECK(whole.errors == 3, "too long: %lu errors, want 3: %.*s", whole.errors, (int)whole.err.len, whole.err.p);
    CHECK(whole.err.len > 0 && !strncmp(whole.err.p, "f.s:1:1: error: line too long (more than 8191 bytes)\n"
                                         "f.s:2:1: error: line too long (more than 8191 bytes)\n"
                                         "f.s:3:24: error: invalid operand for instruction\n", 150),
          "too long: diagnostics %.*s", (int)(whole.err.len < 300 ? whole.err.len : 300), whole.err.p);
    CHECK(same(&whole.out, &(buf){ (char *)enc, strlen(enc), 0 }), "too long: output %.*s", (int)whole.out.len,
          whole.out.p);
    for (i = 1; i < sizeof chunks / sizeof chunks[0]; i++) {
        run(t, MQSAD_ASM_SHOW_ENCODING, "f.s", in.p, in.len, chunks[i], &r);
        CHECK(same(&r.out, &whole.out) && same(&r.err, &whole.err), "too long, chunks of %ld", chunks[i]);
        result_free(&r);
    }
    result_free(&whole);
    free(in.p);

    /* 20,000 forward references to labels defined 400 lines later (about 2 MB of pending
     * reports in all, 40 KB at a time), then 3,000 waiting at once (200 KB, within the
     * context's 256 KiB): no error. Then 3 references that stay undefined: reported after
     * the other diagnostics, in order. (The symbol operand needs GFX10+: gfx1100.) */
    memset(&in, 0, sizeof in);
    for (i = 0; i < 50; i++) {
        repeat(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], 1f, v[8:11] ; a comment to make the line longer\n", 400);
        buf_add(&in, "1:\n", 3);
    }
    repeat(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], 2f, v[8:11]\n", 3000);
    buf_add(&in, "2:\n", 3);
    buf_add(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], 7f, v[8:11]\n", 43);
    buf_add(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], 8f, v[8:11]\n", 43);
    buf_add(&in, "v_mqsad_u32_u8 v[4:7], v1, v1, v[8:11]\n", 39);
    buf_add(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], 7f, v[8:11]\n", 43);
    run(t, MQSAD_ASM_SHOW_ENCODING, "<stdin>", in.p, in.len, 0, &whole);
    {
        static const char want_err[] =
            "<stdin>:23054:24: error: invalid operand for instruction\n"
            "v_mqsad_u32_u8 v[4:7], v1, v1, v[8:11]\n"
            "                       ^\n"
            "<stdin>:23052:32: error: directional label undefined\n"
            "v_mqsad_u32_u8 v[4:7], v[2:3], 7f, v[8:11]\n"
            "                               ^\n"
            "<stdin>:23053:32: error: directional label undefined\n"
            "v_mqsad_u32_u8 v[4:7], v[2:3], 8f, v[8:11]\n"
            "                               ^\n"
            "<stdin>:23055:32: error: directional label undefined\n"
            "v_mqsad_u32_u8 v[4:7], v[2:3], 7f, v[8:11]\n"
            "                               ^\n";
        CHECK(whole.errors == 4, "forward references: %lu errors, want 4", whole.errors);
        CHECK(whole.err.len == sizeof want_err - 1 && !memcmp(whole.err.p, want_err, whole.err.len),
              "forward references: diagnostics %.*s", (int)(whole.err.len < 600 ? whole.err.len : 600), whole.err.p);
        CHECK(count_lines(&whole.out, "; encoding:") == 23003, "forward references: %lu instructions",
              count_lines(&whole.out, "; encoding:"));
    }
    run(t, MQSAD_ASM_SHOW_ENCODING, "<stdin>", in.p, in.len, 333, &r);
    CHECK(same(&r.out, &whole.out) && same(&r.err, &whole.err), "forward references, chunks of 333");
    result_free(&r);
    result_free(&whole);
    free(in.p);
}

/* --hex and --bin: the instruction bytes only (llvm-mc-22's encodings of these lines) */
static void test_modes(void)
{
    static const char text[] = "x:\nv_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]\n\n.set y, 1\n"
                               "v_mqsad_u32_u8 v[4:7], v[2:3], 0x12345678, v[8:11]\n";
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    result r;
    run(t, MQSAD_ASM_HEX, "<stdin>", text, sizeof text - 1, 0, &r);
    CHECK(r.out.len == 18 + 27 && !memcmp(r.out.p, "d63d0005 07f182c1\nd63d0004 0421ff02 12345678\n", r.out.len),
          "hex: %.*s", (int)r.out.len, r.out.p);
    result_free(&r);
    run(t, MQSAD_ASM_BIN, "<stdin>", text, sizeof text - 1, 5, &r);
    CHECK(r.out.len == 20 && !memcmp(r.out.p, "\x05\x00\x3d\xd6\xc1\x82\xf1\x07\x04\x00\x3d\xd6\x02\xff\x21\x04"
                                              "\x78\x56\x34\x12", 20), "bin: %zu bytes", r.out.len);
    result_free(&r);
}

/* the output leaves in blocks: 100,000 lines in a few calls */
static void test_buffering(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx900");
    buf in;
    result r;
    memset(&in, 0, sizeof in);
    repeat(&in, "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n", 100000);
    run(t, MQSAD_ASM_SHOW_ENCODING, "<stdin>", in.p, in.len, 0, &r);
    CHECK(r.errors == 0 && count_lines(&r.out, "; encoding:") == 100000, "buffering: %lu errors", r.errors);
    CHECK(r.calls <= r.out.len / 32768 + 2, "buffering: %lu write calls for %zu bytes", r.calls, r.out.len);
    result_free(&r);
    free(in.p);
}

static void test_api(void)
{
    mqsad_asm_stream_config cfg;
    result r;
    char small[64];
    mqsad_asm_stream *s;
    memset(&r, 0, sizeof r);
    memset(&cfg, 0, sizeof cfg);
    cfg.target = mqsad_target_lookup("gfx1100");
    cfg.write = collect;
    cfg.user = &r;
    CHECK(mqsad_asm_stream_size() >= MQSAD_ASM_CARRY, "size %zu", mqsad_asm_stream_size());
    CHECK(!mqsad_asm_stream_init(NULL, mqsad_asm_stream_size(), &cfg), "NULL memory");
    CHECK(!mqsad_asm_stream_init(small, sizeof small, &cfg), "small memory");
    CHECK(!mqsad_asm_stream_init((char *)g_mem + 1, mqsad_asm_stream_size(), &cfg), "misaligned memory");
    CHECK(!mqsad_asm_stream_init(g_mem, mqsad_asm_stream_size(), NULL), "no config");
    cfg.write = NULL;
    CHECK(!mqsad_asm_stream_init(g_mem, mqsad_asm_stream_size(), &cfg), "no write function");
    cfg.write = collect;
    cfg.target = NULL;
    CHECK(!mqsad_asm_stream_init(g_mem, mqsad_asm_stream_size(), &cfg), "no target");
    cfg.target = mqsad_target_lookup("gfx1100");
    s = mqsad_asm_stream_init(g_mem, mqsad_asm_stream_size(), &cfg);
    CHECK(s != NULL, "init");
    if (!s) return;
    CHECK(mqsad_asm_stream_feed(s, NULL, 1) == MQSAD_E_INVALID_ARGUMENT, "feed NULL");
    CHECK(mqsad_asm_stream_feed(s, NULL, 0) == MQSAD_OK, "feed NULL, 0");
    CHECK(mqsad_asm_stream_feed(s, "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:", 39) == MQSAD_OK, "feed");
    CHECK(mqsad_asm_stream_feed(s, "11]\n", 4) == MQSAD_OK, "feed");
    CHECK(mqsad_asm_stream_flush(s) == MQSAD_OK && r.out.len > 0, "flush hands the line out");
    CHECK(mqsad_asm_stream_finish(s) == MQSAD_OK, "finish");
    CHECK(mqsad_asm_stream_feed(s, "x", 1) == MQSAD_E_INVALID_ARGUMENT, "feed after finish");
    {
        size_t ws = mqsad_asm_parallel_size(2), big = 1u << 20;
        char *text = malloc(big), *work = malloc(ws ? ws : 1);
        if (text && work) {
            memset(text, '\n', big);
            CHECK(mqsad_asm_stream_feed_parallel(s, text, big, 2, work, ws) == MQSAD_E_INVALID_ARGUMENT,
                  "parallel feed after finish");
            CHECK(mqsad_asm_stream_feed_parallel(NULL, text, big, 2, work, ws) == MQSAD_E_INVALID_ARGUMENT,
                  "parallel feed without a stream");
        }
        free(text);
        free(work);
    }
    CHECK(mqsad_asm_stream_finish(s) == MQSAD_E_INVALID_ARGUMENT, "finish twice");
    CHECK(mqsad_asm_stream_errors(s) == 0, "no errors");
    result_free(&r);
}

/* ---- mqsad_asm_stream_feed_parallel: the output of mqsad_asm_stream_feed ----------- */

/* the lines of the golden inputs (every kind of statement, error and recovery the goldens
 * hold), each with its '\n' */
static unsigned pool_lines(buf *pool, size_t *at, unsigned max)
{
    char path[512];
    DIR *d = opendir(t_data("", path, sizeof path));
    struct dirent *e;
    unsigned n = 0;
    memset(pool, 0, sizeof *pool);
    if (!d) return 0;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name), i = 0;
        buf in;
        if (!(l > 3 && !strcmp(e->d_name + l - 3, ".in") && !strncmp(e->d_name, "diffcli_asm_", 12)) &&
            strcmp(e->d_name, "asm_golden_input.s"))
            continue;
        if (!read_file(t_data(e->d_name, path, sizeof path), &in)) continue;
        while (i < in.len && n < max) {
            const char *nl = memchr(in.p + i, '\n', in.len - i);
            size_t k = nl ? (size_t)(nl - in.p) + 1 : in.len;
            at[n++] = pool->len;
            buf_add(pool, in.p + i, k - i);
            if (!nl) buf_add(pool, "\n", 1);
            i = k;
        }
        free(in.p);
    }
    closedir(d);
    at[n] = pool->len;
    return n;
}

/* A statement that may make a label, a symbol or a temporary label: left out of the
 * symbol-free inputs. */
static int may_define(const char *p, size_t n)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    mqsad_asm_state st;
    mqsad_inst inst;
    mqsad_label lab;
    mqsad_assignment asg;
    mqsad_diag d;
    uint8_t bytes[16];
    size_t w;
    memset(&st, 0, sizeof st);
    if (mqsad_parse_label(p, n, &st, &lab, &d) || mqsad_parse_assignment(t, p, n, &st, &asg, &d)) return 1;
    mqsad_assemble_ex(t, p, n, &st, &inst, bytes, sizeof bytes, &w, &d);
    return st.temp_labels || st.dir_labels || st.dir_values || st.named_labels || st.variables || st.fwd_refs;
}

/* Random lines: of the pool's lines that assemble (ok[k]) nine in ten, any of them else
 * (symbol-free ones only when `plain`), and now and then a statement opening with a block
 * comment (which an error's recovery skips), a statement across lines, a line too long, a
 * ".text", a CRLF line; when `label`, a label and a symbol after the first quarter and a
 * use of the symbol after the third; about `size` bytes. */
static void make_input(buf *b, const buf *pool, const size_t *at, const unsigned char *ok, unsigned n,
                       size_t size, unsigned long long seed, int plain, int label)
{
    memset(b, 0, sizeof *b);
    while (b->len < size) {
        unsigned long long r = t_xorshift64(&seed);
        unsigned k = (unsigned)(r % n);
        const char *line = pool->p + at[k];
        size_t len = at[k + 1] - at[k];
        if (label == 1 && b->len >= size / 4) {
            buf_add(b, "lab:\nx = 5\n", 11);
            label = 2;
        }
        if (label == 2 && b->len >= size / 4 * 3) {
            buf_add(b, "v_sad_u32 v1, x, v2, v3\n", 24);
            label = 0;
        }
        switch ((r >> 32) % 128) {
        case 0: buf_add(b, "/* a comment\n over lines */ v_sad_u32 v1, v2, v3, v4\n", 54); break;
        case 1: buf_add(b, "v_sad_u8 v1, v2, v3, v4 /* open\n", 33); break;
        case 2: if (((r >> 40) & 63) == 0) buf_add(b, "\t.text\n", 7); break;
        case 3: buf_add(b, "v_msad_u8 v1, v2, v3, v4\r\n", 27); break;
        case 4: if (((r >> 40) & 15) == 0) {
                    size_t j;
                    for (j = 0; j < 9000; j++) buf_add(b, "x", 1);
                    buf_add(b, "\n", 1);
                }
                break;
        case 5: case 6: case 7: case 8: buf_add(b, "/**/ v_sad_u16 v1, v2, v3, v4\n", 31); break;
        default:
            if (((r >> 48) % 10 == 0 || ok[k]) && (!plain || !may_define(line, len))) buf_add(b, line, len);
        }
    }
}

static void test_parallel(void)
{
    static const char *const targets[] = { "gfx1100", "gfx900", "gfx1250" };
    static const unsigned threads[] = { 2, 3, 4, MQSAD_ASM_THREADS_MAX };
    unsigned char *ok = malloc(100000);
    size_t *at = malloc(100001 * sizeof *at), work_size = mqsad_asm_parallel_size(MQSAD_ASM_THREADS_MAX);
    void *work = malloc(work_size ? work_size : 1);
    unsigned n, i, j, case_no = 0;
    buf pool;
    CHECK(mqsad_asm_parallel_size(1) == 0, "one thread needs no work memory");
    CHECK(work_size >= mqsad_asm_parallel_size(2) && mqsad_asm_parallel_size(2) > 0, "work sizes");
    if (!at || !work || !ok) { CHECK(0, "out of memory"); return; }
    n = pool_lines(&pool, at, 100000);
    CHECK(n > 1000, "only %u golden lines", n);
    for (i = 0; i < n; i++) {
        mqsad_inst inst;
        mqsad_diag d;
        uint8_t bytes[16];
        size_t w;
        ok[i] = mqsad_assemble(mqsad_target_lookup("gfx1100"), pool.p + at[i], at[i + 1] - at[i] - 1, &inst,
                               bytes, sizeof bytes, &w, &d) == MQSAD_OK;
    }
    for (i = 0; i < 12 && n; i++) {
        const mqsad_target *t = mqsad_target_lookup(targets[i % 3]);
        mqsad_asm_output mode = i == 9 ? MQSAD_ASM_HEX : i == 10 ? MQSAD_ASM_BIN : MQSAD_ASM_SHOW_ENCODING;
        buf in;
        result want, got;
        make_input(&in, &pool, at, ok, n, 600000 + 100000 * i, 1000 + i, i < 8, i >= 4 && i < 8);
        run(t, mode, "in.s", in.p, in.len, 0, &want);
        for (j = 0; j < 6; j++) {
            unsigned th = threads[(i + j) % 4];
            /* the whole text, random blocks, and less work memory than the threads want */
            long chunk = j == 0 ? 0 : j == 1 ? 200000 : -(long)(i * 10 + j);
            size_t ws = j == 5 ? mqsad_asm_parallel_size(2) + 100 : work_size;
            char msg[256];
            run_ex(t, mode, "in.s", in.p, in.len, chunk, th, work, ws, &got);
            CHECK(same(&got.out, &want.out), "parallel case %u/%u (%s, %u threads): output differs %s", i, j,
                  t->name, th, first_diff(&got.out, &want.out, msg, sizeof msg));
            CHECK(same(&got.err, &want.err), "parallel case %u/%u (%s, %u threads): diagnostics differ %s", i,
                  j, t->name, th, first_diff(&got.err, &want.err, msg, sizeof msg));
            CHECK(got.errors == want.errors, "parallel case %u/%u: %lu errors, want %lu", i, j, got.errors,
                  want.errors);
            CHECK(got.empty_calls == 0 && got.bad_channel == 0, "parallel case %u/%u: write called badly", i, j);
            result_free(&got);
            case_no++;
        }
        /* NULL work memory: the plain feed */
        run_ex(t, mode, "in.s", in.p, in.len, 0, 4, NULL, 0, &got);
        CHECK(same(&got.out, &want.out) && same(&got.err, &want.err), "parallel case %u: no work memory", i);
        result_free(&got);
        result_free(&want);
        free(in.p);
    }
    CHECK(case_no == 72, "%u parallel cases", case_no);
    /* diagnostics many times longer than their lines: more than a trial's buffers hold */
    {
        const mqsad_target *t = mqsad_target_lookup("gfx1100");
        buf in;
        result want, got;
        memset(&in, 0, sizeof in);
        repeat(&in, "v_sad_u32 v1, v2, v3, v4\nq\nq\nq\nq\nq\nq\n", 20000);
        run(t, MQSAD_ASM_SHOW_ENCODING, "a-long-file-name-for-long-diagnostics.s", in.p, in.len, 0, &want);
        run_ex(t, MQSAD_ASM_SHOW_ENCODING, "a-long-file-name-for-long-diagnostics.s", in.p, in.len, 0, 2, work,
               work_size, &got);
        CHECK(want.err.len > 9 * in.len, "long diagnostics: %zu bytes", want.err.len);
        CHECK(same(&got.out, &want.out) && same(&got.err, &want.err) && got.errors == want.errors,
              "long diagnostics: parallel output differs");
        result_free(&got);
        result_free(&want);
        free(in.p);
    }
    free(pool.p);
    free(at);
    free(ok);
    free(work);
}

int main(void)
{
    g_mem = malloc(mqsad_asm_stream_size());
    if (!g_mem) return 2;
    test_api();
    test_modes();
    test_buffering();
    test_bounds();
    test_goldens();
    test_parallel();
    free(g_mem);
    return t_done();
}
