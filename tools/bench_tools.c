/* bench_tools.c — `mqsad bench`'s section on the tools and the library's text paths:
 * `mqsad asm` / `mqsad dis` against llvm-mc-22 on generated mixed corpora (whole processes
 * started with posix_spawn, output to /dev/null; skipped when llvm-mc-22 is missing), then
 * the library in process on the same corpora: decode, decode + format, mqsad_dis_word, the
 * disassembly stream and assemble, in ns per word or line. Public API only. */
#include "bench.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The corpora's own generator, seeded by write_corpus: the same corpora whatever else runs */
static uint64_t rng;
static uint32_t rnd(void) { return bench_rnd(&rng); }

/* The corpora (both generated from the target and instruction tables, one seed):
 *  dis, for gfx1250 (8-, 12- and 16-byte words): every family member; operands of every
 *  kind (VGPR tuples, SGPRs, TTMPs, special registers, inline integers and floats, 32- and
 *  64-bit literals), CLAMP now and then; half the lines "[0x..,...]" blocks, half bare
 *  "0x..,..." lists, some with two words; about 5% undecodable words (an ABS bit set,
 *  which LLVM rejects), always in a block of their own so that llvm-mc's 4-byte resync
 *  cannot run into the next line;
 *  asm, for gfx1100: every mnemonic; registers, special names, inline and literal
 *  integers, floats, expressions, lit(), clamp, comments; about 5% lines with errors
 *  (unknown mnemonic, a register out of range, a missing operand, a bad token).
 * The files go out in 1 MiB writes (how a tool's input file usually is written). */
#define CORPUS_WRITE (1 << 20)
#define WORD_MAX 16

typedef struct corpus {
    uint8_t *words;              /* every word of the dis corpus, WORD_MAX bytes each */
    uint8_t *wlen;               /* its length */
    size_t nwords;
    char **asm_lines;            /* the asm corpus, one string a line (no newline) */
    size_t nlines;
    char *dis_text;              /* the dis corpus as written */
    size_t dis_len;
} corpus;

static void corpus_free(corpus *c)
{
    size_t i;
    for (i = 0; i < c->nlines; i++) free(c->asm_lines[i]);
    free(c->asm_lines);
    free(c->words);
    free(c->wlen);
    free(c->dis_text);
    memset(c, 0, sizeof *c);
}

/* An operand code of slot for instruction info (width w dwords) on target t, of a random
 * kind; *lit gets 4 or 8 when it is a literal code. */
static unsigned dis_code(const mqsad_target *t, int slot, unsigned w, int may_lit, unsigned *lit)
{
    const mqsad_family *f = t->family;
    unsigned r = rnd() % 100, a = f->vgpr_align > 1 && w > 1 ? 2 : 1;
    if (slot == MQSAD_SLOT_VDST || r < 55) {
        unsigned reg = (rnd() % (257 - w)) / a * a;
        return slot == MQSAD_SLOT_VDST ? reg : 256 + reg;
    }
    if (r < 67) return (rnd() % (f->sgpr_count - 2)) / 2 * 2;                  /* SGPRs */
    if (r < 70) return f->ttmp_code + (rnd() % f->ttmp_count) / 4 * 4;       /* TTMPs */
    if (r < 75) {                                                             /* specials */
        static const unsigned pick[] = { 106, 126 };
        if (w == 1 && (rnd() & 1)) return f->m0_code >= 0 ? (unsigned)f->m0_code : 106;
        if (rnd() & 1 && f->null_code_dis >= 0) return (unsigned)f->null_code_dis;
        return pick[rnd() & 1];
    }
    if (r < 86) return 128 + rnd() % 81;                                      /* inline ints */
    if (r < 91) return 240 + rnd() % (f->has_inv2pi ? 9 : 8);                 /* inline floats */
    if (may_lit) {
        if (f->literal == MQSAD_LIT_32_64 && r < 94) { *lit = 8; return 254; }
        *lit = *lit ? *lit : 4;
        return 255;
    }
    return 256 + rnd() % 200;
}

/* One dis word of a random instruction: its bytes in b, returns the length. */
static size_t dis_word_bytes(const mqsad_target *t, uint8_t *b, int invalid)
{
    const mqsad_family *f = t->family;
    const mqsad_insn_info *info = mqsad_insn_get((mqsad_insn_id)(rnd() % MQSAD_INSN_COUNT));
    unsigned lit = 0, s, code[3], vd;
    int may_lit = rnd() % 100 < 14;   /* words with a literal */
    uint32_t d0, d1;
    uint64_t litv = (uint64_t)rnd() << 32 | rnd();
    size_t i, n = 8;
    vd = dis_code(t, MQSAD_SLOT_VDST, info->width[MQSAD_SLOT_VDST], 0, &lit);
    for (s = 0; s < 3; s++) {
        code[s] = info->src2_vgpr_only && s == 2 ? 256 + (rnd() % 250) / 2 * 2
                                                 : dis_code(t, (int)s, info->width[s], may_lit && !lit, &lit);
    }
    d0 = (uint32_t)f->marker << 26 | (uint32_t)info->opcode[f->encoding] << f->op_lo | vd;
    if (f->clamp_bit >= 0 && rnd() % 8 == 0) d0 |= 1u << f->clamp_bit;
    if (invalid) d0 |= 1u << 8;       /* ABS: LLVM rejects the word */
    d1 = code[0] | code[1] << 9 | code[2] << 18;
    for (i = 0; i < 4; i++) { b[i] = (uint8_t)(d0 >> 8 * i); b[4 + i] = (uint8_t)(d1 >> 8 * i); }
    if (lit) {
        if (lit == 4 && (rnd() & 1)) litv &= 0xffffffffu;
        for (i = 0; i < lit; i++) b[8 + i] = (uint8_t)(litv >> 8 * i);
        n += lit;
    }
    return n;
}

/* An asm operand of width w for slot (VDST: VGPRs only); at most one literal a line
 * (*used_lit says one was written). */
static void asm_operand(char *o, size_t size, int slot, unsigned w, int *used_lit)
{
    unsigned r = rnd() % 100, reg;
    static const char *const specials1[] = { "vcc_lo", "exec_lo", "m0", "null", "vcc_hi" };
    static const char *const specials2[] = { "vcc", "exec", "null" };
    static const char *const floats[] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0" };
    if (slot == MQSAD_SLOT_VDST || r < 55) {
        reg = rnd() % (256 - w);
        if (w == 1) snprintf(o, size, "v%u", reg);
        else snprintf(o, size, "v[%u:%u]", reg, reg + w - 1);
    } else if (r < 67) {
        reg = (rnd() % 100) / 2 * 2;
        if (w == 1) snprintf(o, size, "s%u", reg);
        else snprintf(o, size, "s[%u:%u]", reg, reg + w - 1);
    } else if (r < 70) {
        reg = (rnd() % 16) / 4 * 4;
        if (w == 1) snprintf(o, size, "ttmp%u", reg);
        else snprintf(o, size, "ttmp[%u:%u]", reg, reg + w - 1);
    } else if (r < 75) {
        snprintf(o, size, "%s", w == 1 ? specials1[rnd() % 5] : specials2[rnd() % 3]);
    } else if (r < 83) {
        snprintf(o, size, "%d", (int)(rnd() % 81) - 16);
    } else if (r < 88) {
        snprintf(o, size, "%s", floats[rnd() % 8]);
    } else if (r < 92) {
        snprintf(o, size, "%s", (rnd() & 1) ? "(1+2)*3" : "-(4<<2)");
    } else if (!*used_lit) {
        *used_lit = 1;
        switch (rnd() % 3) {
        case 0: snprintf(o, size, "0x%x", (unsigned)rnd() | 0x1000u); break;
        case 1: snprintf(o, size, "lit(0x%x)", (unsigned)rnd() % 60000u + 100u); break;
        default: snprintf(o, size, "%u", (unsigned)rnd() % 100000u + 1000u); break;
        }
    } else {
        snprintf(o, size, "%d", (int)(rnd() % 64));
    }
}

static char *asm_line(void)
{
    const mqsad_insn_info *info = mqsad_insn_get((mqsad_insn_id)(rnd() % MQSAD_INSN_COUNT));
    static const int order[4] = { MQSAD_SLOT_VDST, MQSAD_SLOT_SRC0, MQSAD_SLOT_SRC1, MQSAD_SLOT_SRC2 };
    char line[256], opnd[4][48];
    unsigned r = rnd() % 100, i;
    int used_lit = 0;
    for (i = 0; i < 4; i++) {
        int s = order[i];
        if (s == MQSAD_SLOT_SRC2 && info->src2_vgpr_only) {
            unsigned reg = rnd() % 250;
            snprintf(opnd[i], sizeof opnd[i], "v[%u:%u]", reg, reg + 3);
        } else {
            asm_operand(opnd[i], sizeof opnd[i], s, info->width[s], &used_lit);
        }
    }
    snprintf(line, sizeof line, "%s %s, %s, %s, %s%s%s", (rnd() & 3) ? info->name : info->upper,
             opnd[0], opnd[1], opnd[2], opnd[3], rnd() % 8 == 0 ? " clamp" : "",
             rnd() % 10 == 0 ? (rnd() & 1 ? " ; a comment" : " // a comment") : "");
    if (r < 5) {   /* about 5% errors */
        switch (r) {
        case 0: line[0] = 'w'; break;                                         /* mnemonic */
        case 1: snprintf(line, sizeof line, "%s v[300:303], v[2:3], v1, v[8:11]", info->name); break;
        case 2: snprintf(line, sizeof line, "%s %s, %s", info->name, opnd[0], opnd[1]); break;
        case 3: snprintf(line, sizeof line, "%s %s, %s, %s, %s $", info->name, opnd[0], opnd[1], opnd[2], opnd[3]); break;
        default: snprintf(line, sizeof line, "%s %s, v[1:2:3], %s, %s", info->name, opnd[0], opnd[2], opnd[3]); break;
        }
    }
    return strdup(line);
}

static int write_corpus(corpus *c, const char *asm_path, const char *dis_path, long lines)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1250");
    FILE *a = fopen(asm_path, "w");
    char *abuf = malloc(CORPUS_WRITE);
    size_t cap = (size_t)lines * 100 + 64, i;
    long l;
    int ok;
    rng = 0x243f6a8885a308d3ull;
    memset(c, 0, sizeof *c);
    c->words = malloc((size_t)lines * 2 * WORD_MAX);
    c->wlen = malloc((size_t)lines * 2);
    c->asm_lines = calloc((size_t)lines, sizeof *c->asm_lines);
    c->dis_text = malloc(cap);
    if (!t || !a || !abuf || !c->words || !c->wlen || !c->asm_lines || !c->dis_text) {
        if (a) fclose(a);
        free(abuf);
        corpus_free(c);
        return 0;
    }
    setvbuf(a, abuf, _IOFBF, CORPUS_WRITE);
    for (l = 0; l < lines; l++) {
        int invalid = rnd() % 100 < 5, block = invalid || (rnd() & 1), nw = invalid ? 1 : 1 + (rnd() % 8 == 0);
        char *o = c->dis_text + c->dis_len;
        int w;
        if (block) *o++ = '[';
        for (w = 0; w < nw; w++) {
            uint8_t *b = c->words + c->nwords * WORD_MAX;
            size_t n = dis_word_bytes(t, b, invalid);
            c->wlen[c->nwords++] = (uint8_t)n;
            for (i = 0; i < n; i++) {
                static const char hx[] = "0123456789abcdef";
                if (w || i) *o++ = ',';
                o[0] = '0'; o[1] = 'x'; o[2] = hx[b[i] >> 4]; o[3] = hx[b[i] & 15];
                o += 4;
            }
        }
        if (block) *o++ = ']';
        *o++ = '\n';
        c->dis_len = (size_t)(o - c->dis_text);
        c->asm_lines[c->nlines] = asm_line();
        if (!c->asm_lines[c->nlines]) { fclose(a); free(abuf); corpus_free(c); return 0; }
        fputs(c->asm_lines[c->nlines++], a);
        fputc('\n', a);
    }
    ok = fclose(a) == 0;
    free(abuf);
    a = fopen(dis_path, "w");
    ok &= a && fwrite(c->dis_text, 1, c->dis_len, a) == c->dis_len;
    if (a) ok &= fclose(a) == 0;
    if (!ok) corpus_free(c);
    return ok;
}

/* One timed run: argv[0] started directly (posix_spawn, no shell), stdin from in_path
 * when stdin_in, stdout to out_path (/dev/null when NULL), stderr to err_path (/dev/null
 * when NULL). *wall is the time from spawn to reaped. Returns the exit status, or -1 if the
 * process could not be run. */
static int spawn_timed(char *const argv[], const char *in_path, int stdin_in, const char *out_path,
                       const char *err_path, double *wall)
{
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st = 0, rc;
    double t0;
    if (posix_spawn_file_actions_init(&fa)) return -1;
    if (stdin_in) posix_spawn_file_actions_addopen(&fa, 0, in_path, O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_path ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err_path ? err_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    t0 = bench_now_ns();
    rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc) return -1;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    *wall = bench_now_ns() - t0;
    if (!WIFEXITED(st)) return -1;
    return WEXITSTATUS(st);
}

/* 1 if the files hold the same lines, not counting llvm-mc's "\t.text" lines in b. */
static int same_output(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    char la[4096], lb[4096];
    int same = fa && fb;
    while (same) {
        char *ra = fgets(la, sizeof la, fa), *rb = fgets(lb, sizeof lb, fb);
        while (rb && !strcmp(lb, "\t.text\n")) rb = fgets(lb, sizeof lb, fb);
        if (!ra || !rb) { same = !ra && !rb; break; }
        same = !strcmp(la, lb);
    }
    if (fa) fclose(fa);
    if (fb) fclose(fb);
    return same;
}

static void null_write(void *user, int channel, const char *data, size_t len)
{
    (void)channel;
    (void)data;
    *(size_t *)user += len;
}

/* The library in process on the corpora: ns per word / line, median of interleaved rounds. */
enum { L_DECODE, L_DIS_DECODE, L_DECODE_FORMAT, L_DIS_DECODE_FORMAT, L_DIS_WORD, L_DIS_STREAM, L_ASSEMBLE,
       L_ASM_STREAM, L_ASM_PARALLEL, L_COUNT };

/* the asm corpus as one text (lines and their '\n'), as a file holds it */
static char *asm_text(const corpus *c, size_t *len)
{
    size_t n = 0, i;
    char *t;
    for (i = 0; i < c->nlines; i++) n += strlen(c->asm_lines[i]) + 1;
    t = malloc(n ? n : 1);
    if (!t) return NULL;
    for (n = 0, i = 0; i < c->nlines; i++) {
        size_t k = strlen(c->asm_lines[i]);
        memcpy(t + n, c->asm_lines[i], k);
        t[n + k] = '\n';
        n += k + 1;
    }
    *len = n;
    return t;
}

/* the asm corpus through an assembly stream, output discarded: on one thread, or with
 * mqsad_asm_stream_feed_parallel on `threads` */
static void asm_stream_run(const mqsad_target *t, const char *text, size_t len, void *mem, unsigned threads,
                           void *work, size_t work_size, size_t *sink)
{
    mqsad_asm_stream_config cfg;
    mqsad_asm_stream *s;
    memset(&cfg, 0, sizeof cfg);
    cfg.target = t;
    cfg.write = null_write;
    cfg.user = sink;
    s = mqsad_asm_stream_init(mem, mqsad_asm_stream_size(), &cfg);
    if (!s) return;
    if (threads > 1) mqsad_asm_stream_feed_parallel(s, text, len, threads, work, work_size);
    else mqsad_asm_stream_feed(s, text, len);
    mqsad_asm_stream_finish(s);
}

static void bench_library(const corpus *c, int rounds, unsigned threads)
{
    char par_name[64];
    const char *const names[L_COUNT] = {
        "mqsad_decode", "mqsad_dis_decode (context, no fields[])", "mqsad_decode + mqsad_format",
        "mqsad_dis_decode + mqsad_format", "mqsad_dis_word", "mqsad_dis_stream (text in, text out)",
        "mqsad_assemble", "mqsad_asm_stream (text in, text out)", par_name };
    const mqsad_target *t = mqsad_target_lookup("gfx1250"), *ta = mqsad_target_lookup("gfx1100");
    size_t csize = mqsad_dis_ctx_size(), ssize = mqsad_dis_stream_size(), sink = 0;
    void *cmem = malloc(csize), *smem = malloc(ssize);
    const mqsad_dis_ctx *ctx = cmem ? mqsad_dis_ctx_init(cmem, csize, t) : NULL;
    size_t work_size = mqsad_asm_parallel_size(threads), text_len = 0;
    void *amem = malloc(mqsad_asm_stream_size() + work_size);
    char *atext = asm_text(c, &text_len);
    double v[L_COUNT][BENCH_MAX_ROUNDS];
    size_t ok_words = 0, ok_lines = 0, i;
    int r, k;
    snprintf(par_name, sizeof par_name, "mqsad_asm_stream_feed_parallel (%u thr)", threads);
    printf("\n== the library in process on the same corpora (median of %d interleaved rounds;"
           " per word or line) ==\n", rounds);
    if (!ctx || !smem || !amem || !atext) {
        printf("skipped: out of memory\n");
        free(cmem); free(smem); free(amem); free(atext);
        return;
    }
    for (r = 0; r < rounds; r++) {
        for (k = 0; k < L_COUNT; k++) {
            double t0 = bench_now_ns();
            size_t good = 0;
            if (k == L_DECODE || k == L_DIS_DECODE) {
                for (i = 0; i < c->nwords; i++) {
                    mqsad_inst in;
                    const uint8_t *w = c->words + i * WORD_MAX;
                    good += (k == L_DECODE ? mqsad_decode(t, w, c->wlen[i], &in)
                                           : mqsad_dis_decode(ctx, w, c->wlen[i], &in)) == MQSAD_OK;
                }
                ok_words = good;
            } else if (k == L_DECODE_FORMAT || k == L_DIS_DECODE_FORMAT) {
                for (i = 0; i < c->nwords; i++) {
                    mqsad_inst in;
                    char text[512];
                    const uint8_t *w = c->words + i * WORD_MAX;
                    if ((k == L_DECODE_FORMAT ? mqsad_decode(t, w, c->wlen[i], &in)
                                              : mqsad_dis_decode(ctx, w, c->wlen[i], &in)) == MQSAD_OK)
                        good += mqsad_format(&in, text, sizeof text, NULL) == MQSAD_OK;
                }
            } else if (k == L_DIS_WORD) {
                for (i = 0; i < c->nwords; i++) {
                    char text[512];
                    good += mqsad_dis_word(ctx, c->words + i * WORD_MAX, c->wlen[i], text, sizeof text, NULL, NULL) == MQSAD_OK;
                }
            } else if (k == L_DIS_STREAM) {
                mqsad_dis_stream_config cfg;
                mqsad_dis_stream *s;
                memset(&cfg, 0, sizeof cfg);
                cfg.target = t;
                cfg.write = null_write;
                cfg.user = &sink;
                s = mqsad_dis_stream_init(smem, ssize, &cfg);
                if (s) {
                    mqsad_dis_stream_feed(s, c->dis_text, c->dis_len);
                    mqsad_dis_stream_finish(s);
                }
            } else if (k == L_ASM_STREAM || k == L_ASM_PARALLEL) {
                asm_stream_run(ta, atext, text_len, amem, k == L_ASM_STREAM ? 1 : threads,
                               (char *)amem + mqsad_asm_stream_size(), work_size, &sink);
            } else {
                for (i = 0; i < c->nlines; i++) {
                    mqsad_inst in;
                    mqsad_diag dg;
                    uint8_t out[16];
                    size_t wr;
                    good += mqsad_assemble(ta, c->asm_lines[i], strlen(c->asm_lines[i]), &in, out, sizeof out, &wr, &dg) == MQSAD_OK;
                }
                ok_lines = good;
            }
            v[k][r] = (bench_now_ns() - t0) / (double)(k >= L_DIS_STREAM ? c->nlines : c->nwords);
        }
    }
    for (k = 0; k < L_COUNT; k++) {
        stat3 s = bench_stats(v[k], rounds);
        printf("%-44s %8.1f ns per %s  (spread %.1f..%.1f)\n", names[k], s.med, k >= L_DIS_STREAM ? "line" : "word", s.min, s.max);
    }
    printf("%zu words (%.1f%% decode), %zu lines (%.1f%% assemble); the streams: the corpus from"
           " memory, output discarded\n", c->nwords, 100.0 * (double)ok_words / (double)c->nwords,
           c->nlines, 100.0 * (double)ok_lines / (double)c->nlines);
    free(cmem);
    free(smem);
    free(amem);
    free(atext);
}

void bench_tools(const char *self, int rounds, long lines, int with_library, int keep)
{
    /* each mqsad row is compared with its llvm-mc row (ref); `mqsad asm` runs on one thread
     * per CPU (its default), and on one thread for the single-thread figure */
    enum { N = 5 };
    static const int ref[N] = { 2, 2, -1, 4, -1 };
    char dir[] = "/tmp/mqsad-bench-XXXXXX", asm_path[256], dis_path[256], out[N][256], jobs[64];
    const char *names[N] = { jobs, "mqsad asm -j 1", "llvm-mc-22 asm", "mqsad dis", "llvm-mc-22 dis" };
    const char *in[N];
    char *argvs[N][8];
    int have[N] = { 0, 0, 0, 0, 0 }, stdin_in[N] = { 1, 1, 1, 1, 1 }, r, i;
    double wall[N][BENCH_MAX_ROUNDS], w;
    unsigned threads = mqsad_asm_parallel_threads(0);
    corpus c;
    snprintf(jobs, sizeof jobs, "mqsad asm (%u thr)", threads);
    printf("\n== tools on the mixed corpora (%ld lines each: dis for gfx1250, asm for gfx1100), whole\n"
           "   processes spawned directly, output to /dev/null; median of %d interleaved rounds ==\n",
           lines, rounds);
    if (!mkdtemp(dir)) { printf("skipped: no temporary directory\n"); return; }
    snprintf(asm_path, sizeof asm_path, "%s/corpus.s", dir);
    snprintf(dis_path, sizeof dis_path, "%s/corpus.txt", dir);
    for (i = 0; i < N; i++) snprintf(out[i], sizeof out[i], "%s/out%d", dir, i);
    in[0] = in[1] = in[2] = asm_path;
    in[3] = in[4] = dis_path;
    if (!write_corpus(&c, asm_path, dis_path, lines)) { printf("skipped: cannot write the corpora\n"); goto done; }
    {
        char *a0[] = { (char *)self, "asm", "-t", "gfx1100", NULL };
        char *a1[] = { (char *)self, "asm", "-t", "gfx1100", "-j", "1", NULL };
        char *a2[] = { "llvm-mc-22", "-triple=amdgcn", "-mcpu=gfx1100", "-show-encoding", NULL };
        char *a3[] = { (char *)self, "dis", "-t", "gfx1250", NULL };
        char *a4[] = { "llvm-mc-22", "-triple=amdgcn", "-mcpu=gfx1250", "-disassemble", NULL };
        memcpy(argvs[0], a0, sizeof a0); memcpy(argvs[1], a1, sizeof a1); memcpy(argvs[2], a2, sizeof a2);
        memcpy(argvs[3], a3, sizeof a3); memcpy(argvs[4], a4, sizeof a4);
    }
    /* all read standard input, so that diagnostics name the same file; a first, untimed
     * run of each keeps its output, and mqsad's and llvm-mc's are compared */
    for (i = N - 1; i >= 0; i--) {
        char err[sizeof out + 8];
        snprintf(err, sizeof err, "%s.err", out[i]);
        have[i] = spawn_timed(argvs[i], in[i], stdin_in[i], out[i], err, &w) >= 0;
        if (!have[i]) printf("%-18s skipped (%s)\n", names[i], ref[i] < 0 ? "llvm-mc-22 not installed" : "command failed");
        if (ref[i] >= 0 && have[i] && have[ref[i]]) {
            char e0[sizeof out + 8];
            snprintf(e0, sizeof e0, "%s.err", out[ref[i]]);
            printf("%s: stdout %s llvm-mc-22's, stderr %s\n", names[i],
                   same_output(out[ref[i]], out[i]) ? "is byte-identical to" : "DIFFERS from",
                   same_output(e0, err) ? "identical" : "DIFFERS");
        }
    }
    for (r = 0; r < rounds; r++)
        for (i = 0; i < N; i++)
            if (have[i] && spawn_timed(argvs[i], in[i], stdin_in[i], NULL, NULL, &wall[i][r]) < 0) have[i] = 0;
    printf("%-18s %10s %18s %10s\n", "", "wall ms", "(spread)", "klines/s");
    for (i = 0; i < N; i++) {
        stat3 s;
        if (!have[i]) continue;
        s = bench_stats(wall[i], rounds);
        printf("%-18s %10.1f %18s %10.0f", names[i], s.med / 1e6, bench_range((stat3){ s.med, s.min / 1e6, s.max / 1e6 }, ""),
               (double)lines / s.med * 1e6);
        if (ref[i] >= 0 && have[ref[i]]) {
            double ratio[BENCH_MAX_ROUNDS];
            for (r = 0; r < rounds; r++) ratio[r] = wall[ref[i]][r] / wall[i][r];   /* same round */
            printf("   %.1fx llvm-mc-22", bench_stats(ratio, rounds).med);
        }
        printf("\n");
    }
    if (!have[2] || !have[4]) printf("llvm-mc-22 missing: no ratios\n");
    if (with_library) bench_library(&c, rounds < 3 ? 3 : rounds, threads);
    corpus_free(&c);
done:
    if (keep) { printf("corpora and outputs kept in %s\n", dir); return; }
    remove(asm_path);
    remove(dis_path);
    for (i = 0; i < N; i++) {
        char err[sizeof out + 8];
        snprintf(err, sizeof err, "%s.err", out[i]);
        remove(out[i]);
        remove(err);
    }
    rmdir(dir);
}
