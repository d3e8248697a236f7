/* cmd_bench.c — `mqsad bench`: throughput of the batch kernels and of the tools.
 *
 * Everything is measured in the same run, interleaved round by round (each round times every
 * contender once), and reported as the median with the min..max spread of the rounds:
 *  1. cache-resident batches (512 .. 4096 lanes): lanes/s, TSC ticks per lane, x scalar
 *     reference (mqsad_u32_u8_clamp called per lane, as a plain caller would);
 *  2. streaming (>= 64 MiB of traffic): each kernel against memcpy of the same total bytes
 *     read + written (the kernel reads 28 and writes 16 bytes per lane);
 *  3. one wave64 instruction through mqsad_wave_exec against the bare kernel on 64 lanes;
 *  4. `mqsad asm` / `mqsad dis` on generated mixed corpora (1M lines each by default)
 *     against llvm-mc-22 (whole processes started with posix_spawn, output to /dev/null;
 *     skipped gracefully when llvm-mc-22 is missing), then the library in process on the
 *     same corpora: decode, decode + format, mqsad_dis_word, the disassembly stream and
 *     assemble, in ns per word or line.
 * Uses the public API only. The TSC runs at a fixed rate that is not the core clock. */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#if defined(__x86_64__) || defined(__i386__)
#define HAVE_TSC 1
static uint64_t tsc(void) { return __builtin_ia32_rdtsc(); }
#else
#define HAVE_TSC 0
static uint64_t tsc(void) { return 0; }
#endif

#define MAX_ROUNDS 31
#define MAX_CONT 10

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median, min and max of v[0..n). */
typedef struct stat3 { double med, min, max; } stat3;
static stat3 stats(const double *v, int n)
{
    double s[MAX_ROUNDS];
    stat3 r = { 0, 0, 0 };
    if (n <= 0) return r;
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    r.med = n & 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    r.min = s[0];
    r.max = s[n - 1];
    return r;
}

/* "min..max" with a unit, in a static buffer (one use per printf). */
static const char *fmt_range(stat3 s, const char *unit)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "%.1f%s..%.1f%s", s.min, unit, s.max, unit);
    return buf;
}

/* ---- the contenders --------------------------------------------------------------- */

/* The scalar reference, used the way a caller without the kernels would. */
static void ref_batch(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
                      const uint32_t *const s2[4], uint32_t *const dst[4], size_t n, int clamp)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t acc[4], out[4];
        acc[0] = s2[0][i]; acc[1] = s2[1][i]; acc[2] = s2[2][i]; acc[3] = s2[3][i];
        mqsad_u32_u8_clamp(((uint64_t)hi[i] << 32) | lo[i], s1[i], acc, clamp, out);
        dst[0][i] = out[0]; dst[1][i] = out[1]; dst[2][i] = out[2]; dst[3][i] = out[3];
    }
}

/* The floor of the cache-resident table: the kernels' exact loads (7 words a lane) and stores
 * (4 words) with one XOR in between and no SAD arithmetic, in the widest vectors the best
 * kernel uses. A kernel as fast as this is limited by the memory it must touch, not by its
 * arithmetic. x86 with GCC/clang only (target attributes); elsewhere a plain C loop. */
#define FLOOR_BODY(T, W, LOAD, STORE, XOR)                                                   \
    size_t i;                                                                                \
    (void)clamp;                                                                             \
    for (i = 0; i + (W) <= n; i += (W)) {                                                    \
        T x = XOR(XOR(LOAD(lo + i), LOAD(hi + i)), LOAD(s1 + i));                            \
        T c0 = LOAD(s2[0] + i), c1 = LOAD(s2[1] + i), c2 = LOAD(s2[2] + i), c3 = LOAD(s2[3] + i); \
        STORE(dst[0] + i, XOR(c0, x)); STORE(dst[1] + i, XOR(c1, x));                       \
        STORE(dst[2] + i, XOR(c2, x)); STORE(dst[3] + i, XOR(c3, x));                       \
    }                                                                                        \
    for (; i < n; i++) {                                                                     \
        uint32_t y = lo[i] ^ hi[i] ^ s1[i];                                                  \
        dst[0][i] = s2[0][i] ^ y; dst[1][i] = s2[1][i] ^ y;                                  \
        dst[2][i] = s2[2][i] ^ y; dst[3][i] = s2[3][i] ^ y;                                  \
    }

#define FLOOR_ARGS const uint32_t *lo, const uint32_t *hi, const uint32_t *s1, \
    const uint32_t *const s2[4], uint32_t *const dst[4], size_t n, int clamp

#define C_LOAD(p) (*(p))
#define C_STORE(p, v) (*(p) = (v))
#define C_XOR(a, b) ((a) ^ (b))
static void floor_c(FLOOR_ARGS) { FLOOR_BODY(uint32_t, 1, C_LOAD, C_STORE, C_XOR) }

#if defined(__x86_64__) && defined(__GNUC__)
/* The compiler's generic vectors (no intrinsics), in functions compiled for each width;
 * aligned(4): the arrays need only uint32_t alignment. */
typedef uint32_t vec512 __attribute__((vector_size(64), aligned(4)));
typedef uint32_t vec256 __attribute__((vector_size(32), aligned(4)));
typedef uint32_t vec128 __attribute__((vector_size(16), aligned(4)));
#define vec512_load(p) (*(const vec512 *)(const void *)(p))
#define vec256_load(p) (*(const vec256 *)(const void *)(p))
#define vec128_load(p) (*(const vec128 *)(const void *)(p))
#define vec512_store(p, v) (*(vec512 *)(void *)(p) = (v))
#define vec256_store(p, v) (*(vec256 *)(void *)(p) = (v))
#define vec128_store(p, v) (*(vec128 *)(void *)(p) = (v))
#define V_XOR(a, b) ((a) ^ (b))
__attribute__((target("avx512f")))
static void floor_avx512(FLOOR_ARGS) { FLOOR_BODY(vec512, 16, vec512_load, vec512_store, V_XOR) }
__attribute__((target("avx2")))
static void floor_avx2(FLOOR_ARGS) { FLOOR_BODY(vec256, 8, vec256_load, vec256_store, V_XOR) }
static void floor_sse2(FLOOR_ARGS) { FLOOR_BODY(vec128, 4, vec128_load, vec128_store, V_XOR) }
#endif

/* The floor loop in the vector width of the kernel at level (a MQSAD_CPU_* flag, 0 = C),
 * and what it moves, for the table's header. */
static mqsad_batch_fn floor_for(unsigned level, const char **what)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (level & (MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VNNI)) { *what = "AVX-512 vectors"; return floor_avx512; }
    if (level & (MQSAD_CPU_AVX2 | MQSAD_CPU_AVXVNNI)) { *what = "AVX2 vectors"; return floor_avx2; }
    if (level) { *what = "SSE2 vectors"; return floor_sse2; }
#endif
    (void)level;
    *what = "scalar words";
    return floor_c;
}

/* The second floor, in 256-bit vectors, for the AVX-512 levels (NULL otherwise): from L2,
 * Zen 4 streams these rows faster with 256-bit accesses than with 512-bit ones, which is why
 * mqsad_batch_avx512_vnni switches to them (src/kernels/kernels.h). */
static mqsad_batch_fn floor_narrow_for(unsigned level)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (level & (MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VNNI)) return floor_avx2;
#endif
    (void)level;
    return NULL;
}

typedef struct contender {
    const char *name;
    mqsad_batch_fn fn;
    unsigned level;   /* MQSAD_CPU_* flag naming the kernel (0: C or not a kernel) */
} contender;

/* "reference" then every kernel this CPU runs (each selected with its own mask). */
static int list_kernels(contender *c, int with_ref)
{
    static const unsigned masks[] = {
        0, MQSAD_CPU_SSE41, MQSAD_CPU_AVX2, MQSAD_CPU_AVX2 | MQSAD_CPU_AVXVNNI, MQSAD_CPU_AVX512,
        MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VNNI | MQSAD_CPU_AVX512VBMI2
    };
    static const unsigned levels[] = { 0, MQSAD_CPU_SSE41, MQSAD_CPU_AVX2, MQSAD_CPU_AVXVNNI,
                                       MQSAD_CPU_AVX512, MQSAD_CPU_AVX512VNNI };
    int n = 0;
    size_t i;
    if (with_ref) { c[n].name = "reference"; c[n].fn = ref_batch; c[n].level = 0; n++; }
    for (i = 0; i < sizeof masks / sizeof masks[0]; i++) {
        mqsad_kernels k;
        mqsad_kernels_init(&k, masks[i]);
        if (k.level == levels[i]) { c[n].name = k.name; c[n].fn = k.batch; c[n].level = k.level; n++; }
    }
    return n;
}

/* SoA buffers for n lanes. */
typedef struct soa {
    uint32_t *mem, *lo, *hi, *s1, *s2[4], *dst[4];
    size_t n;
} soa;

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static int soa_alloc(soa *s, size_t n)
{
    /* The 11 arrays back to back, each 64-byte aligned and padded by 64 bytes, as an
     * emulator's contiguous register file lays them out: 512 lanes (22 KiB) then fit in L1.
     * Arrays a power of two apart would put lane i of all of them at one address modulo
     * 4 KiB (one L1 set of 8 ways, and false store-to-load aliasing), and arrays sized for
     * more lanes than are run spread a small batch over conflicting sets: both measure the
     * allocator, not the kernel. */
    size_t stride = ((n + 31) & ~(size_t)31) + 16, i;
    int k;
    void *p = NULL;
    if (posix_memalign(&p, 4096, 11 * stride * sizeof(uint32_t))) return 0;
    s->mem = p;
    s->n = n;
    s->lo = s->mem; s->hi = s->mem + stride; s->s1 = s->mem + 2 * stride;
    for (k = 0; k < 4; k++) {
        s->s2[k] = s->mem + (3 + (size_t)k) * stride;
        s->dst[k] = s->mem + (7 + (size_t)k) * stride;
    }
    for (i = 0; i < 11 * stride; i++) s->mem[i] = rnd();
    for (i = 0; i < n; i++) if (!(rnd() & 15)) s->s1[i] &= 0xffff00ffu;   /* some masked bytes */
    return 1;
}

static void run(const contender *c, const soa *s, size_t n, int clamp)
{
    c->fn(s->lo, s->hi, s->s1, (const uint32_t *const *)s->s2, s->dst, n, clamp);
}

/* Repetitions so that one sample of c on n lanes takes about target_ns. */
static long calibrate(const contender *c, const soa *s, size_t n, double target_ns)
{
    long reps = 1;
    for (;;) {
        double t0 = now_ns(), dt;
        long r;
        for (r = 0; r < reps; r++) run(c, s, n, 0);
        dt = now_ns() - t0;
        if (dt >= target_ns / 4 || reps > (1L << 28)) {
            double want = (double)reps * target_ns / (dt > 1 ? dt : 1);
            return want < 1 ? 1 : (long)want;
        }
        reps *= 4;
    }
}

static double tsc_per_ns = 0;   /* measured alongside the samples */

static void note_tsc(double ns, uint64_t ticks)
{
    if (ns > 1e6 && HAVE_TSC) tsc_per_ns = (double)ticks / ns;
}

/* ---- 1. cache-resident kernels ------------------------------------------------------ */

static void bench_resident(int rounds, double sample_ns, int clamp)
{
    /* in_place: dst[k] is src2[k], the accumulate form (v_mqsad_u32_u8 v[0:3], .., v[0:3]):
     * 7 arrays, so the outputs' lines are already in L1 when written (no separate reads for
     * ownership). */
    static const struct { size_t n; int in_place; const char *label; } sizes[] = {
        { 512, 0, "512" }, { 4096, 0, "4096" }, { 4096, 1, "4096ip" }
    };
    contender c[MAX_CONT];
    int nc = list_kernels(c, 1), si, i, r, fl, fl2 = -1;
    const char *floor_what;
    fl = nc++;                                   /* the copy floor, widest vectors listed */
    c[fl].name = "copy floor";
    c[fl].level = c[fl - 1].level;
    c[fl].fn = floor_for(c[fl].level, &floor_what);
    if (floor_narrow_for(c[fl].level)) {         /* and in 256-bit vectors on AVX-512 */
        fl2 = nc++;
        c[fl2].name = "copy floor 256";
        c[fl2].level = c[fl].level;
        c[fl2].fn = floor_narrow_for(c[fl].level);
    }
    printf("\n== batch kernels, cache-resident, clamp=%d (median of %d interleaved rounds;"
           " spread = min..max;\n   x ref = median of the per-round ratios to the scalar reference; best/best = ratio of the\n   fastest rounds, the least disturbed by other load; of floor = speed as a share of the\n   \"copy floor\": the same loads and stores with no arithmetic, in %s%s) ==\n",
           clamp, rounds, floor_what,
           fl2 >= 0 ? ";\n   \"copy floor 256\": the same in 256-bit vectors; of floor is then against the faster\n   of the two floors in each round" : "");
    printf("%-7s %-14s %10s %18s %10s %9s %14s %9s %9s\n", "lanes", "kernel", "Mlanes/s", "spread",
           "ticks/lane", "x ref", "ratio spread", "best/best", "of floor");
    for (si = 0; si < (int)(sizeof sizes / sizeof sizes[0]); si++) {
        size_t n = sizes[si].n;
        long reps[MAX_CONT];
        double v[MAX_CONT][MAX_ROUNDS], tk[MAX_CONT][MAX_ROUNDS], ratio[MAX_ROUNDS], ref_best = 1;
        soa s;
        if (!soa_alloc(&s, n)) { fprintf(stderr, "mqsad bench: out of memory\n"); return; }
        if (sizes[si].in_place) {
            int k;
            size_t j;
            for (k = 0; k < 4; k++) {
                s.dst[k] = s.s2[k];
                /* every timed call adds up to 1020: start low, so that no accumulator comes
                 * near the wrap (clamp's slow path) in the run */
                for (j = 0; j < n; j++) s.s2[k][j] &= 0xffffu;
            }
        }
        for (i = 0; i < nc; i++) reps[i] = calibrate(&c[i], &s, n, sample_ns);
        for (r = 0; r < rounds; r++)
            for (i = 0; i < nc; i++) {
                long k;
                double t0 = now_ns();
                uint64_t k0 = tsc();
                for (k = 0; k < reps[i]; k++) run(&c[i], &s, n, clamp);
                {
                    uint64_t k1 = tsc();
                    double dt = now_ns() - t0;
                    note_tsc(dt, k1 - k0);
                    v[i][r] = dt / ((double)reps[i] * (double)n);               /* ns per lane */
                    tk[i][r] = (double)(k1 - k0) / ((double)reps[i] * (double)n);
                }
            }
        for (i = 0; i < nc; i++) {
            stat3 st = stats(v[i], rounds), sk = stats(tk[i], rounds), sr, sf;
            char spread[64];
            for (r = 0; r < rounds; r++) ratio[r] = v[0][r] / v[i][r];   /* same round */
            sr = stats(ratio, rounds);
            for (r = 0; r < rounds; r++) {
                double f = v[fl][r];
                if (fl2 >= 0 && v[fl2][r] < f) f = v[fl2][r];
                ratio[r] = 100.0 * f / v[i][r];
            }
            sf = stats(ratio, rounds);
            snprintf(spread, sizeof spread, "%.1f..%.1f", 1e3 / st.max, 1e3 / st.min);
            if (i == 0) ref_best = st.min;
            printf("%-7s %-14s %10.1f %18s %10.2f %8.1fx %14s %8.1fx %8.0f%%\n", sizes[si].label, c[i].name,
                   1e3 / st.med, spread, HAVE_TSC ? sk.med : 0.0, sr.med,
                   i ? fmt_range(sr, "x") : "", ref_best / st.min, sf.med);
        }
        free(s.mem);
    }
    printf("4096ip = 4096 lanes in place: dst[k] is src2[k] (the accumulate form), 7 arrays = 112 KiB\n");
}

/* ---- 2. streaming ------------------------------------------------------------------- */

/* Called through a volatile pointer so the compiler cannot drop the copy as a dead store. */
static void *(*volatile copy_fn)(void *, const void *, size_t) = memcpy;

static void bench_stream(int rounds, size_t n)
{
    contender c[MAX_CONT];
    int nc = list_kernels(c, 0), i, r;
    const size_t bytes = n * 44;                 /* 28 read + 16 written per lane */
    const size_t half = bytes / 2;               /* memcpy(half) also moves `bytes` */
    double v[MAX_CONT + 1][MAX_ROUNDS];
    unsigned char *csrc, *cdst;
    soa s;
    if (!soa_alloc(&s, n) || !(csrc = malloc(half)) || !(cdst = malloc(half))) {
        fprintf(stderr, "mqsad bench: out of memory for streaming\n");
        return;
    }
    memset(csrc, 0x5a, half);
    memset(cdst, 0xa5, half);
    printf("\n== streaming: %zu lanes = %.0f MiB of traffic per pass (memcpy of %.0f MiB moves"
           " the same bytes) ==\n", n, (double)bytes / 1048576.0, (double)half / 1048576.0);
    printf("%-12s %10s %20s %12s %14s\n", "kernel", "GB/s", "spread GB/s", "Mlanes/s",
           "of memcpy (median of per-round ratios, spread)");
    for (i = 0; i < nc; i++) run(&c[i], &s, n, 0);   /* fault the pages in */
    copy_fn(cdst, csrc, half);
    for (r = 0; r < rounds; r++) {
        double t0 = now_ns();
        copy_fn(cdst, csrc, half);
        v[nc][r] = now_ns() - t0;
        for (i = 0; i < nc; i++) {
            t0 = now_ns();
            run(&c[i], &s, n, 0);
            v[i][r] = now_ns() - t0;
        }
    }
    {
        stat3 cp = stats(v[nc], rounds);
        printf("%-12s %10.2f %9.2f..%-9.2f %12s %13s\n", "memcpy", (double)bytes / cp.med,
               (double)bytes / cp.max, (double)bytes / cp.min, "-", "100%");
        for (i = 0; i < nc; i++) {
            stat3 st = stats(v[i], rounds), sp;
            double pct[MAX_ROUNDS];
            for (r = 0; r < rounds; r++) pct[r] = 100.0 * v[nc][r] / v[i][r];   /* same round */
            sp = stats(pct, rounds);
            printf("%-12s %10.2f %9.2f..%-9.2f %12.1f %12.0f%%  (%.0f%%..%.0f%%)\n", c[i].name,
                   (double)bytes / st.med, (double)bytes / st.max, (double)bytes / st.min,
                   (double)n * 1e3 / st.med, sp.med, sp.min, sp.max);
        }
    }
    free(csrc);
    free(cdst);
    free(s.mem);
}

/* ---- 3. one wave64 instruction through the exec API ---------------------------------- */

/* EXEC by name, through the state-file parser (the target table knows its code). */
static void set_exec(mqsad_wave_state *st, const char *line)
{
    if (mqsad_state_parse_line(st, line, strlen(line), NULL) != MQSAD_OK) abort();
}

static void bench_wave(int rounds, double sample_ns)
{
    /* v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] (encoding-llvm22.md, gfx1100) */
    static const uint8_t code[8] = { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 };
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    void *mem = NULL;   /* MQSAD_WAVE_ALIGN: VGPR rows on cache-line boundaries (mqsad.h) */
    mqsad_wave_state *st = posix_memalign(&mem, MQSAD_WAVE_ALIGN, sizeof *st) ? NULL : mem;
    mqsad_inst inst;
    mqsad_kernels best;
    contender bare;
    soa s;
    double v[3][MAX_ROUNDS];
    long reps_exec, reps_bare, k;
    int r;
    unsigned reg, lane;
    mqsad_status rc;
    printf("\n== one wave64 instruction: mqsad_wave_exec vs the bare kernel on 64 lanes ==\n");
    if (!t || !st || !soa_alloc(&s, 64)) { printf("skipped: setup failed\n"); free(st); return; }
    if ((rc = mqsad_decode(t, code, sizeof code, &inst)) != MQSAD_OK ||
        (rc = mqsad_wave_init(st, t, 64)) != MQSAD_OK) {
        printf("skipped: %s\n", mqsad_strerror(rc));
        free(st); free(s.mem);
        return;
    }
    for (reg = 0; reg < 12; reg++) {
        for (lane = 0; lane < 64; lane++) st->vgpr[reg][lane] = rnd();
        st->vgpr_set[reg] = 1;
    }
    if ((rc = mqsad_wave_exec(st, &inst, NULL)) != MQSAD_OK) {
        printf("skipped: mqsad_wave_exec: %s\n", mqsad_strerror(rc));
        free(st); free(s.mem);
        return;
    }
    mqsad_kernels_init(&best, MQSAD_CPU_ALL);
    bare.name = best.name;
    bare.fn = best.batch;
    reps_bare = calibrate(&bare, &s, 64, sample_ns);
    {
        double t0 = now_ns(), dt;
        long n = 0;
        do { for (k = 0; k < 64; k++) mqsad_wave_exec(st, &inst, NULL); n += 64; }
        while ((dt = now_ns() - t0) < sample_ns / 4);
        reps_exec = (long)((double)n * sample_ns / dt) + 1;
    }
    for (r = 0; r < rounds; r++) {
        double t0 = now_ns();
        for (k = 0; k < reps_exec; k++) mqsad_wave_exec(st, &inst, NULL);
        v[0][r] = (now_ns() - t0) / (double)reps_exec;
        t0 = now_ns();
        for (k = 0; k < reps_bare; k++) run(&bare, &s, 64, 0);
        v[1][r] = (now_ns() - t0) / (double)reps_bare;
        /* a partial EXEC (half the lanes, scattered): the masked-store path */
        set_exec(st, "exec = 0x0ff0f00f5a5a3c3c");
        t0 = now_ns();
        for (k = 0; k < reps_exec; k++) mqsad_wave_exec(st, &inst, NULL);
        v[2][r] = (now_ns() - t0) / (double)reps_exec;
        set_exec(st, "exec = 0xffffffffffffffff");
    }
    {
        stat3 e = stats(v[0], rounds), b = stats(v[1], rounds), pe = stats(v[2], rounds), q, qp;
        double ratio[MAX_ROUNDS], pratio[MAX_ROUNDS];
        for (r = 0; r < rounds; r++) { ratio[r] = v[0][r] / v[1][r]; pratio[r] = v[2][r] / v[1][r]; }
        q = stats(ratio, rounds);
        qp = stats(pratio, rounds);
        printf("%-26s %10.1f ns  (spread %.1f..%.1f)\n", "mqsad_wave_exec (wave64)", e.med, e.min, e.max);
        printf("%-26s %10.1f ns  (spread %.1f..%.1f)\n", "  same, EXEC half on", pe.med, pe.min, pe.max);
        printf("%-26s %10.1f ns  (spread %.1f..%.1f)  kernel %s\n", "bare kernel, 64 lanes", b.med,
               b.min, b.max, best.name);
        printf("ratio exec / bare kernel: %.2fx (median of per-round ratios; spread %.2f..%.2f);"
               " EXEC half on: %.2fx (%.2f..%.2f)\n", q.med, q.min, q.max, qp.med, qp.min, qp.max);
    }
    free(st);
    free(s.mem);
}

/* ---- 4. the mixed corpora: the tools against llvm-mc-22, and the library in process ---- */

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

/* An asm operand of width w for slot (VDST: VGPRs only); *bad set when it is out of range. */
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
    int used_lit = 0, n;
    for (i = 0; i < 4; i++) {
        int s = order[i];
        if (s == MQSAD_SLOT_SRC2 && info->src2_vgpr_only) {
            unsigned reg = rnd() % 250;
            snprintf(opnd[i], sizeof opnd[i], "v[%u:%u]", reg, reg + 3);
        } else {
            asm_operand(opnd[i], sizeof opnd[i], s, info->width[s], &used_lit);
        }
    }
    n = snprintf(line, sizeof line, "%s %s, %s, %s, %s%s%s", (rnd() & 3) ? info->name : info->upper,
                 opnd[0], opnd[1], opnd[2], opnd[3], rnd() % 8 == 0 ? " clamp" : "",
                 rnd() % 10 == 0 ? (rnd() & 1 ? " ; a comment" : " // a comment") : "");
    if (r < 5) {   /* about 5% errors */
        switch (r) {
        case 0: line[0] = 'w'; break;                                         /* mnemonic */
        case 1: n = snprintf(line, sizeof line, "%s v[300:303], v[2:3], v1, v[8:11]", info->name); break;
        case 2: n = snprintf(line, sizeof line, "%s %s, %s", info->name, opnd[0], opnd[1]); break;
        case 3: n = snprintf(line, sizeof line, "%s %s, %s, %s, %s $", info->name, opnd[0], opnd[1], opnd[2], opnd[3]); break;
        default: n = snprintf(line, sizeof line, "%s %s, v[1:2:3], %s, %s", info->name, opnd[0], opnd[2], opnd[3]); break;
        }
    }
    (void)n;
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
    t0 = now_ns();
    rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc) return -1;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    *wall = now_ns() - t0;
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
static void bench_library(const corpus *c, int rounds)
{
    static const char *const names[6] = { "mqsad_decode", "mqsad_decode + mqsad_format", "mqsad_dis_word",
                                          "mqsad_dis_stream (text in, text out)", "mqsad_assemble" };
    const mqsad_target *t = mqsad_target_lookup("gfx1250"), *ta = mqsad_target_lookup("gfx1100");
    size_t csize = mqsad_dis_ctx_size(), ssize = mqsad_dis_stream_size(), sink = 0;
    void *cmem = malloc(csize), *smem = malloc(ssize);
    const mqsad_dis_ctx *ctx = cmem ? mqsad_dis_ctx_init(cmem, csize, t) : NULL;
    double v[5][MAX_ROUNDS];
    size_t ok_words = 0, ok_lines = 0, i;
    int r, k;
    printf("\n== the library in process on the same corpora (median of %d interleaved rounds;"
           " per word or line) ==\n", rounds);
    if (!ctx || !smem) { printf("skipped: out of memory\n"); free(cmem); free(smem); return; }
    for (r = 0; r < rounds; r++) {
        for (k = 0; k < 5; k++) {
            double t0 = now_ns();
            size_t good = 0;
            if (k == 0) {
                for (i = 0; i < c->nwords; i++) {
                    mqsad_inst in;
                    good += mqsad_decode(t, c->words + i * WORD_MAX, c->wlen[i], &in) == MQSAD_OK;
                }
                ok_words = good;
            } else if (k == 1) {
                for (i = 0; i < c->nwords; i++) {
                    mqsad_inst in;
                    char text[512];
                    if (mqsad_decode(t, c->words + i * WORD_MAX, c->wlen[i], &in) == MQSAD_OK)
                        good += mqsad_format(&in, text, sizeof text, NULL) == MQSAD_OK;
                }
            } else if (k == 2) {
                for (i = 0; i < c->nwords; i++) {
                    char text[512];
                    good += mqsad_dis_word(ctx, c->words + i * WORD_MAX, c->wlen[i], text, sizeof text, NULL, NULL) == MQSAD_OK;
                }
            } else if (k == 3) {
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
            v[k][r] = (now_ns() - t0) / (double)(k == 3 || k == 4 ? c->nlines : c->nwords);
        }
    }
    for (k = 0; k < 5; k++) {
        stat3 s = stats(v[k], rounds);
        printf("%-40s %8.1f ns per %s  (spread %.1f..%.1f)\n", names[k], s.med, k >= 3 ? "line" : "word", s.min, s.max);
    }
    printf("%zu words (%.1f%% decode), %zu lines (%.1f%% assemble); mqsad_dis_stream: the dis corpus"
           " from memory, output discarded\n", c->nwords, 100.0 * (double)ok_words / (double)c->nwords,
           c->nlines, 100.0 * (double)ok_lines / (double)c->nlines);
    free(cmem);
    free(smem);
}

static void bench_tools(const char *self, int rounds, long lines, int with_library, int keep)
{
    char dir[] = "/tmp/mqsad-bench-XXXXXX", asm_path[256], dis_path[256], out[4][256];
    const char *const names[4] = { "mqsad asm", "llvm-mc-22 asm", "mqsad dis", "llvm-mc-22 dis" };
    const char *in[4];
    char *argvs[4][8];
    int have[4] = { 0, 0, 0, 0 }, stdin_in[4] = { 1, 1, 1, 1 }, r, i;
    double wall[4][MAX_ROUNDS], w;
    corpus c;
    printf("\n== tools on the mixed corpora (%ld lines each: dis for gfx1250, asm for gfx1100), whole\n"
           "   processes spawned directly, output to /dev/null; median of %d interleaved rounds ==\n",
           lines, rounds);
    if (!mkdtemp(dir)) { printf("skipped: no temporary directory\n"); return; }
    snprintf(asm_path, sizeof asm_path, "%s/corpus.s", dir);
    snprintf(dis_path, sizeof dis_path, "%s/corpus.txt", dir);
    for (i = 0; i < 4; i++) snprintf(out[i], sizeof out[i], "%s/out%d", dir, i);
    in[0] = in[1] = asm_path;
    in[2] = in[3] = dis_path;
    if (!write_corpus(&c, asm_path, dis_path, lines)) { printf("skipped: cannot write the corpora\n"); goto done; }
    {
        char *a0[] = { (char *)self, "asm", "-t", "gfx1100", NULL };
        char *a1[] = { "llvm-mc-22", "-triple=amdgcn", "-mcpu=gfx1100", "-show-encoding", NULL };
        char *a2[] = { (char *)self, "dis", "-t", "gfx1250", NULL };
        char *a3[] = { "llvm-mc-22", "-triple=amdgcn", "-mcpu=gfx1250", "-disassemble", NULL };
        memcpy(argvs[0], a0, sizeof a0); memcpy(argvs[1], a1, sizeof a1);
        memcpy(argvs[2], a2, sizeof a2); memcpy(argvs[3], a3, sizeof a3);
    }
    /* all four read standard input, so that diagnostics name the same file; a first,
     * untimed run of each keeps its output: mqsad's and llvm-mc's are compared
     * (informative: instructions the library does not know yet make them differ) */
    for (i = 0; i < 4; i++) {
        char err[1100];
        snprintf(err, sizeof err, "%s.err", out[i]);
        have[i] = spawn_timed(argvs[i], in[i], stdin_in[i], out[i], err, &w) >= 0;
        if (!have[i]) printf("%-16s skipped (%s)\n", names[i], i & 1 ? "llvm-mc-22 not installed" : "command failed");
        if ((i & 1) && have[i] && have[i - 1]) {
            char e0[1100];
            snprintf(e0, sizeof e0, "%s.err", out[i - 1]);
            printf("%s: stdout %s llvm-mc-22's, stderr %s\n", i == 1 ? "asm" : "dis",
                   same_output(out[i - 1], out[i]) ? "is byte-identical to" : "DIFFERS from",
                   same_output(e0, err) ? "identical" : "DIFFERS");
        }
    }
    for (r = 0; r < rounds; r++)
        for (i = 0; i < 4; i++)
            if (have[i] && spawn_timed(argvs[i], in[i], stdin_in[i], NULL, NULL, &wall[i][r]) < 0) have[i] = 0;
    printf("%-16s %10s %18s %10s\n", "", "wall ms", "(spread)", "klines/s");
    for (i = 0; i < 4; i++) {
        stat3 s;
        if (!have[i]) continue;
        s = stats(wall[i], rounds);
        printf("%-16s %10.1f %18s %10.0f", names[i], s.med / 1e6, fmt_range((stat3){ s.med, s.min / 1e6, s.max / 1e6 }, ""),
               (double)lines / s.med * 1e6);
        if ((i & 1) && have[i - 1]) {
            double ratio[MAX_ROUNDS];
            for (r = 0; r < rounds; r++) ratio[r] = wall[i][r] / wall[i - 1][r];   /* same round */
            printf("   mqsad is %.1fx faster", stats(ratio, rounds).med);
        }
        printf("\n");
    }
    if (!have[1] || !have[3]) printf("llvm-mc-22 missing: no ratios\n");
    if (with_library) bench_library(&c, rounds < 3 ? 3 : rounds);
    corpus_free(&c);
done:
    if (keep) { printf("corpora and outputs kept in %s\n", dir); return; }
    remove(asm_path);
    remove(dis_path);
    for (i = 0; i < 4; i++) {
        char err[1100];
        snprintf(err, sizeof err, "%s.err", out[i]);
        remove(out[i]);
        remove(err);
    }
    rmdir(dir);
}

/* ---- command ------------------------------------------------------------------------ */

static void machine(void)
{
    char line[256], model[256] = "unknown";
    FILE *f = fopen("/proc/cpuinfo", "r");
    unsigned flags = mqsad_cpu_flags();
    mqsad_kernels best;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10)) {
            char *p = strchr(line, ':');
            if (p) { snprintf(model, sizeof model, "%s", p + 2); model[strcspn(model, "\n")] = 0; }
            break;
        }
    if (f) fclose(f);
    mqsad_kernels_init(&best, MQSAD_CPU_ALL);
    printf("mqsad %s bench\ncpu: %s, %ld online\n", mqsad_version(), model, sysconf(_SC_NPROCESSORS_ONLN));
    printf("flags: 0x%x%s%s%s%s%s%s%s; best kernel: %s\n", flags,
           flags & MQSAD_CPU_SSE41 ? " sse4.1" : "", flags & MQSAD_CPU_AVX2 ? " avx2" : "",
           flags & MQSAD_CPU_AVXVNNI ? " avx-vnni" : "", flags & MQSAD_CPU_AVX512 ? " avx512" : "",
           flags & MQSAD_CPU_AVX512VNNI ? " avx512vnni" : "",
           flags & MQSAD_CPU_AVX512VBMI2 ? " avx512vbmi2" : "", flags & MQSAD_CPU_AVX512VBMI ? " avx512vbmi" : "",
           best.name);
#ifdef __VERSION__
    printf("cli compiler: %s", __VERSION__);
#else
    printf("cli compiler: ?");
#endif
    /* the C library matters to the tools' whole-process times (start-up) */
#if defined(__GLIBC__)
    printf(", C library: glibc %d.%d\n", __GLIBC__, __GLIBC_MINOR__);
#else
    printf("\n");
#endif
}

/* The value of the option at argv[*i]: a decimal 1..max in the next argument (consumed).
 * 0 with a message when it is missing or malformed. */
static int num_option(int argc, char **argv, int *i, long max, long *out)
{
    const char *name = argv[*i];
    char *end;
    if (*i + 1 >= argc) {
        fprintf(stderr, "mqsad bench: %s needs a value\n", name);
        return 0;
    }
    errno = 0;
    *out = strtol(argv[++*i], &end, 10);
    if (errno || end == argv[*i] || *end || *out < 1 || *out > max) {
        fprintf(stderr, "mqsad bench: %s must be 1..%ld, not '%s'\n", name, max, argv[*i]);
        return 0;
    }
    return 1;
}

int cmd_bench(int argc, char **argv)
{
    int rounds = 11, i, stream = 1, tools = 1, kern = 1, keep = 0;
    long lines = 1000000;
    size_t stream_lanes = (size_t)1 << 21;   /* 2 Mi lanes = 88 MiB of traffic */
    double sample_ns = 10e6;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            printf("usage: mqsad bench [--quick] [--rounds N] [--lines N] [--no-kernels]"
                   " [--no-stream] [--no-tools] [--keep]\n"
                   "Times the batch kernels (cache-resident and streaming), one wave64 instruction\n"
                   "through mqsad_wave_exec, `mqsad asm`/`mqsad dis` against llvm-mc-22 on mixed\n"
                   "corpora of N lines (--lines, default 1000000), and the library's decode, format\n"
                   "and assemble on the same corpora. Medians of N interleaved rounds (default 11;\n"
                   "at most 3 for the tools) with the min..max spread.\n"
                   "  --quick    3 rounds, short samples, 8 MiB streaming, 20k-line corpora\n"
                   "  --keep     keep the corpora and the tools' outputs (the directory is printed)\n"
                   "Environment: MQSAD_CPU_MASK limits the kernels (see docs/performance.md).\n");
            return 0;
        } else if (!strcmp(argv[i], "--quick")) {
            rounds = 3; sample_ns = 2e6; stream_lanes = (size_t)1 << 18; lines = 20000;
        } else if (!strcmp(argv[i], "--rounds")) {
            long v;
            if (!num_option(argc, argv, &i, MAX_ROUNDS, &v)) return 2;
            rounds = (int)v;
        } else if (!strcmp(argv[i], "--lines")) {
            if (!num_option(argc, argv, &i, 10000000, &lines)) return 2;
        } else if (!strcmp(argv[i], "--keep")) {
            keep = 1;
        } else if (!strcmp(argv[i], "--no-stream")) {
            stream = 0;
        } else if (!strcmp(argv[i], "--no-tools")) {
            tools = 0;
        } else if (!strcmp(argv[i], "--no-kernels")) {
            kern = 0;
        } else {
            fprintf(stderr, "mqsad bench: unknown option '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    machine();
    if (kern) {
        bench_resident(rounds, sample_ns, 0);
        bench_resident(rounds, sample_ns, 1);
        bench_family(rounds, sample_ns / 4);
        if (stream) bench_stream(rounds, stream_lanes);
        bench_wave(rounds, sample_ns);
    }
    if (HAVE_TSC && tsc_per_ns > 0)
        printf("\nticks/lane count the TSC (%.2f GHz here), a fixed-rate clock, not core cycles.\n",
               tsc_per_ns);
    if (tools) {
        char self[1024];
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        if (len <= 0) snprintf(self, sizeof self, "%s", argv[0]);
        else self[len] = 0;
        bench_tools(self, rounds > 3 ? 3 : rounds, lines, 1, keep);
    }
    return 0;
}
