/* cmd_bench.c — `mqsad bench`: throughput of the batch kernels and of the tools.
 *
 * Everything is measured in the same run, interleaved round by round (each round times every
 * contender once), and reported as the median with the min..max spread of the rounds:
 *  1. cache-resident batches (512 .. 4096 lanes): lanes/s, TSC ticks per lane, x scalar
 *     reference (mqsad_u32_u8_clamp called per lane, as a plain caller would), then the SAD
 *     family's kernels (bench_family.c);
 *  2. streaming (>= 64 MiB of traffic): each kernel against memcpy of the same total bytes
 *     read + written (the kernel reads 28 and writes 16 bytes per lane);
 *  3. one wave64 instruction through mqsad_wave_exec against the bare kernel on 64 lanes;
 *  4. `mqsad asm` / `mqsad dis` against llvm-mc-22 on mixed corpora, and the library in
 *     process on the same corpora (bench_tools.c).
 * Uses the public API only. The TSC runs at a fixed rate that is not the core clock. */
#include "bench.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#define HAVE_TSC 1
static uint64_t tsc(void) { return __builtin_ia32_rdtsc(); }
#else
#define HAVE_TSC 0
static uint64_t tsc(void) { return 0; }
#endif

#define MAX_CONT 10

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
static uint32_t rnd(void) { return bench_rnd(&rng); }

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
        double t0 = bench_now_ns(), dt;
        long r;
        for (r = 0; r < reps; r++) run(c, s, n, 0);
        dt = bench_now_ns() - t0;
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
        double v[MAX_CONT][BENCH_MAX_ROUNDS], tk[MAX_CONT][BENCH_MAX_ROUNDS], ratio[BENCH_MAX_ROUNDS], ref_best = 1;
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
                double t0 = bench_now_ns();
                uint64_t k0 = tsc();
                for (k = 0; k < reps[i]; k++) run(&c[i], &s, n, clamp);
                {
                    uint64_t k1 = tsc();
                    double dt = bench_now_ns() - t0;
                    note_tsc(dt, k1 - k0);
                    v[i][r] = dt / ((double)reps[i] * (double)n);               /* ns per lane */
                    tk[i][r] = (double)(k1 - k0) / ((double)reps[i] * (double)n);
                }
            }
        for (i = 0; i < nc; i++) {
            stat3 st = bench_stats(v[i], rounds), sk = bench_stats(tk[i], rounds), sr, sf;
            char spread[64];
            for (r = 0; r < rounds; r++) ratio[r] = v[0][r] / v[i][r];   /* same round */
            sr = bench_stats(ratio, rounds);
            for (r = 0; r < rounds; r++) {
                double f = v[fl][r];
                if (fl2 >= 0 && v[fl2][r] < f) f = v[fl2][r];
                ratio[r] = 100.0 * f / v[i][r];
            }
            sf = bench_stats(ratio, rounds);
            snprintf(spread, sizeof spread, "%.1f..%.1f", 1e3 / st.max, 1e3 / st.min);
            if (i == 0) ref_best = st.min;
            printf("%-7s %-14s %10.1f %18s %10.2f %8.1fx %14s %8.1fx %8.0f%%\n", sizes[si].label, c[i].name,
                   1e3 / st.med, spread, HAVE_TSC ? sk.med : 0.0, sr.med,
                   i ? bench_range(sr, "x") : "", ref_best / st.min, sf.med);
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
    double v[MAX_CONT + 1][BENCH_MAX_ROUNDS];
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
        double t0 = bench_now_ns();
        copy_fn(cdst, csrc, half);
        v[nc][r] = bench_now_ns() - t0;
        for (i = 0; i < nc; i++) {
            t0 = bench_now_ns();
            run(&c[i], &s, n, 0);
            v[i][r] = bench_now_ns() - t0;
        }
    }
    {
        stat3 cp = bench_stats(v[nc], rounds);
        printf("%-12s %10.2f %9.2f..%-9.2f %12s %13s\n", "memcpy", (double)bytes / cp.med,
               (double)bytes / cp.max, (double)bytes / cp.min, "-", "100%");
        for (i = 0; i < nc; i++) {
            stat3 st = bench_stats(v[i], rounds), sp;
            double pct[BENCH_MAX_ROUNDS];
            for (r = 0; r < rounds; r++) pct[r] = 100.0 * v[nc][r] / v[i][r];   /* same round */
            sp = bench_stats(pct, rounds);
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
    double v[3][BENCH_MAX_ROUNDS];
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
        double t0 = bench_now_ns(), dt;
        long n = 0;
        do { for (k = 0; k < 64; k++) mqsad_wave_exec(st, &inst, NULL); n += 64; }
        while ((dt = bench_now_ns() - t0) < sample_ns / 4);
        reps_exec = (long)((double)n * sample_ns / dt) + 1;
    }
    for (r = 0; r < rounds; r++) {
        double t0 = bench_now_ns();
        for (k = 0; k < reps_exec; k++) mqsad_wave_exec(st, &inst, NULL);
        v[0][r] = (bench_now_ns() - t0) / (double)reps_exec;
        t0 = bench_now_ns();
        for (k = 0; k < reps_bare; k++) run(&bare, &s, 64, 0);
        v[1][r] = (bench_now_ns() - t0) / (double)reps_bare;
        /* a partial EXEC (half the lanes, scattered): the masked-store path */
        set_exec(st, "exec = 0x0ff0f00f5a5a3c3c");
        t0 = bench_now_ns();
        for (k = 0; k < reps_exec; k++) mqsad_wave_exec(st, &inst, NULL);
        v[2][r] = (bench_now_ns() - t0) / (double)reps_exec;
        set_exec(st, "exec = 0xffffffffffffffff");
    }
    {
        stat3 e = bench_stats(v[0], rounds), b = bench_stats(v[1], rounds), pe = bench_stats(v[2], rounds), q, qp;
        double ratio[BENCH_MAX_ROUNDS], pratio[BENCH_MAX_ROUNDS];
        for (r = 0; r < rounds; r++) { ratio[r] = v[0][r] / v[1][r]; pratio[r] = v[2][r] / v[1][r]; }
        q = bench_stats(ratio, rounds);
        qp = bench_stats(pratio, rounds);
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
            if (!num_option(argc, argv, &i, BENCH_MAX_ROUNDS, &v)) return 2;
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
