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
 * reported last in order. */
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

/* chunking: 0 = whole; > 0 = that size each; < 0 = random sizes from seed -chunk */
static void run(const mqsad_target *t, mqsad_asm_output mode, const char *name, const char *text,
                size_t len, long chunk, result *r)
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
        size_t n = chunk == 0 ? len - pos : chunk > 0 ? (size_t)chunk : (size_t)(t_xorshift64(&seed) % 97);
        if (n > len - pos) n = len - pos;
        if (mqsad_asm_stream_feed(s, text + pos, n) != MQSAD_OK) { CHECK(0, "feed failed"); return; }
        pos += n;
    }
    CHECK(mqsad_asm_stream_finish(s) == MQSAD_OK, "finish");
    r->errors = mqsad_asm_stream_errors(s);
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
    CHECK(mqsad_asm_stream_finish(s) == MQSAD_E_INVALID_ARGUMENT, "finish twice");
    CHECK(mqsad_asm_stream_errors(s) == 0, "no errors");
    result_free(&r);
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
    free(g_mem);
    return t_done();
}
