/* bench_family.c — `mqsad bench`'s section on the SAD family's batch kernels.
 *
 * For each of the eight instructions, cache-resident (FAM_LANES lanes; separate dst arrays,
 * then in place: dst[k] is S2[k], the accumulate form v_sad_u8 v0, v1, v2, v0):
 * the scalar reference (a plain loop calling its mqsad_v_* function per lane, as a caller
 * without the kernels would), then every kernel level this CPU runs, each selected through
 * mqsad_insn_kernel's cpu_mask (a level without a kernel of its own for the instruction is
 * the level below it, shown as "="). All contenders are timed in the same rounds, interleaved;
 * figures are medians of the rounds in ns per lane, and "x scalar" the median and min..max
 * of the per-round ratios of the scalar reference to the best kernel. Public API only. */
#include "bench.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FAM_LANES 1024
/* Arrays start on cache lines, 64 bytes apart modulo 4 KiB: loads and stores of the same
 * lane index then never alias in the address bits the load/store unit compares first. */
#define FAM_STRIDE (FAM_LANES + 16)
#define FAM_LEVELS 6

/* ---- the scalar references, one per instruction, in the kernels' shape ---------------- */

#define REF32(name)                                                                           \
    static void ref_##name(const uint32_t *const s0[2], const uint32_t *s1,                   \
                           const uint32_t *const s2[4], uint32_t *const dst[4], size_t n,     \
                           int clamp)                                                         \
    {                                                                                         \
        const uint32_t *a = s0[0], *c = s2[0];                                                \
        uint32_t *d = dst[0];                                                                 \
        size_t i;                                                                             \
        for (i = 0; i < n; i++) d[i] = mqsad_v_##name(a[i], s1[i], c[i], clamp);              \
    }
REF32(sad_u8)
REF32(sad_hi_u8)
REF32(sad_u16)
REF32(sad_u32)
REF32(msad_u8)

#define REF_PK(name)                                                                          \
    static void ref_##name(const uint32_t *const s0[2], const uint32_t *s1,                   \
                           const uint32_t *const s2[4], uint32_t *const dst[4], size_t n,     \
                           int clamp)                                                         \
    {                                                                                         \
        size_t i;                                                                             \
        for (i = 0; i < n; i++) {                                                             \
            uint64_t r = mqsad_v_##name((uint64_t)s0[1][i] << 32 | s0[0][i], s1[i],          \
                                        (uint64_t)s2[1][i] << 32 | s2[0][i], clamp);          \
            dst[0][i] = (uint32_t)r;                                                          \
            dst[1][i] = (uint32_t)(r >> 32);                                                  \
        }                                                                                     \
    }
REF_PK(qsad_pk_u16_u8)
REF_PK(mqsad_pk_u16_u8)

static void ref_mqsad_u32_u8(const uint32_t *const s0[2], const uint32_t *s1,
                             const uint32_t *const s2[4], uint32_t *const dst[4], size_t n,
                             int clamp)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t c[4] = { s2[0][i], s2[1][i], s2[2][i], s2[3][i] }, d[4];
        mqsad_v_mqsad_u32_u8((uint64_t)s0[1][i] << 32 | s0[0][i], s1[i], c, clamp, d);
        dst[0][i] = d[0]; dst[1][i] = d[1]; dst[2][i] = d[2]; dst[3][i] = d[3];
    }
}

static mqsad_insn_batch_fn ref_of(mqsad_insn_id id)
{
    switch (id) {
    case MQSAD_INSN_MQSAD_U32_U8: return ref_mqsad_u32_u8;
    case MQSAD_INSN_SAD_U8: return ref_sad_u8;
    case MQSAD_INSN_SAD_HI_U8: return ref_sad_hi_u8;
    case MQSAD_INSN_SAD_U16: return ref_sad_u16;
    case MQSAD_INSN_SAD_U32: return ref_sad_u32;
    case MQSAD_INSN_MSAD_U8: return ref_msad_u8;
    case MQSAD_INSN_QSAD_PK_U16_U8: return ref_qsad_pk_u16_u8;
    case MQSAD_INSN_MQSAD_PK_U16_U8: return ref_mqsad_pk_u16_u8;
    default: return NULL;
    }
}

/* ---- timing --------------------------------------------------------------------------- */

typedef struct fam_io {
    const uint32_t *s0[2], *s2[4];
    const uint32_t *s1;
    uint32_t *dst[4];
} fam_io;

static double time_reps(mqsad_insn_batch_fn fn, const fam_io *io, long reps, int clamp)
{
    double t0 = bench_now_ns();
    long r;
    for (r = 0; r < reps; r++) fn(io->s0, io->s1, io->s2, io->dst, FAM_LANES, clamp);
    return bench_now_ns() - t0;
}

/* Repetitions so that one sample takes about target_ns. */
static long fam_calibrate(mqsad_insn_batch_fn fn, const fam_io *io, double target_ns)
{
    long reps = 1;
    for (;;) {
        double dt = time_reps(fn, io, reps, 0);
        if (dt >= target_ns / 4 || reps > (1L << 26)) {
            double want = (double)reps * target_ns / (dt > 1 ? dt : 1);
            return want < 1 ? 1 : (long)want;
        }
        reps *= 4;
    }
}

/* ---- the section ---------------------------------------------------------------------- */

/* The levels in upgrade order, each allowed with the flags of every level up to it. */
static const struct { const char *name; unsigned mask; } fam_levels[FAM_LEVELS] = {
    { "c", 0 },
    { "sse41", MQSAD_CPU_SSE41 },
    { "avx2", MQSAD_CPU_SSE41 | MQSAD_CPU_AVX2 },
    { "avx2_vnni", MQSAD_CPU_SSE41 | MQSAD_CPU_AVX2 | MQSAD_CPU_AVXVNNI },
    { "avx512", MQSAD_CPU_SSE41 | MQSAD_CPU_AVX2 | MQSAD_CPU_AVXVNNI | MQSAD_CPU_AVX512 },
    { "avx512_vnni", MQSAD_CPU_ALL },
};

static void bench_family_table(int rounds, double sample_ns, int clamp, int in_place, uint32_t *mem)
{
    int id, r, l;
    printf("\n== SAD family kernels (mqsad_insn_kernel), %d lanes cache-resident%s, clamp=%d:"
           " ns/lane, median of %d\n   interleaved rounds; \"=\" the level below (no kernel of"
           " its own), \"-\" not on this CPU;\n   best = the kernel with the fastest round;"
           " x scalar = per-round ratio of the scalar\n   reference to the best kernel, median (min..max);\n   best/best = fastest scalar round"
           " over the best kernel's fastest round) ==\n",
           FAM_LANES, in_place ? " in place (dst = S2)" : "", clamp, rounds);
    printf("%-18s %7s", "instruction", "scalar");
    for (l = 0; l < FAM_LEVELS; l++) printf(" %*s", l == 5 ? 11 : 9, fam_levels[l].name);
    printf("  %-11s %-22s %s\n", "best", "x scalar", "best/best");
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        mqsad_insn_batch_fn fn[1 + FAM_LEVELS];
        const char *kname[1 + FAM_LEVELS];
        int has[FAM_LEVELS], nc = 1, best = 1, k;
        long reps[1 + FAM_LEVELS];
        double v[1 + FAM_LEVELS][BENCH_MAX_ROUNDS], med[1 + FAM_LEVELS], fast[1 + FAM_LEVELS], ratio[BENCH_MAX_ROUNDS], bb;
        stat3 rst;
        fam_io io;
        fn[0] = ref_of((mqsad_insn_id)id);
        kname[0] = "scalar";
        for (l = 0; l < FAM_LEVELS; l++) {
            const char *name = NULL, *any = NULL;
            mqsad_insn_batch_fn f = mqsad_insn_kernel((mqsad_insn_id)id, fam_levels[l].mask, &name);
            /* V_MQSAD_U32_U8 has a kernel at every level: the level is on this CPU iff that
             * one is named after it */
            mqsad_insn_kernel(MQSAD_INSN_MQSAD_U32_U8, fam_levels[l].mask, &any);
            has[l] = !any || strcmp(any, fam_levels[l].name) ? 0 : -1;
            if (!has[l] || !f || !name || strcmp(name, fam_levels[l].name)) continue;
            has[l] = nc;
            fn[nc] = f;
            kname[nc++] = name;
        }
        io.s0[0] = mem; io.s0[1] = mem + FAM_STRIDE; io.s1 = mem + 2 * FAM_STRIDE;
        for (k = 0; k < 4; k++) {
            io.s2[k] = mem + (size_t)(3 + k) * FAM_STRIDE;
            io.dst[k] = in_place ? mem + (size_t)(3 + k) * FAM_STRIDE : mem + (size_t)(7 + k) * FAM_STRIDE;
        }
        for (k = 0; k < nc; k++) reps[k] = fam_calibrate(fn[k], &io, sample_ns);
        for (r = 0; r < rounds; r++)
            for (k = 0; k < nc; k++)
                v[k][r] = time_reps(fn[k], &io, reps[k], clamp) / ((double)reps[k] * FAM_LANES);
        for (k = 0; k < nc; k++) {   /* best: the fastest round (the least disturbed) */
            stat3 st = bench_stats(v[k], rounds);
            med[k] = st.med;
            fast[k] = st.min;
            if (k > 1 && fast[k] < fast[best]) best = k;
        }
        for (r = 0; r < rounds; r++) ratio[r] = v[0][r] / v[best][r];
        rst = bench_stats(ratio, rounds);
        bb = fast[0] / fast[best];   /* the fastest rounds of each */
        printf("%-18s %7.3f", mqsad_insn_get((mqsad_insn_id)id)->name, med[0]);
        for (l = 0; l < FAM_LEVELS; l++) {
            int w = l == 5 ? 11 : 9;
            if (has[l] > 0) printf(" %*.3f", w, med[has[l]]);
            else printf(" %*s", w, has[l] == 0 ? "-" : "=");
        }
        {
            char rs[64];
            snprintf(rs, sizeof rs, "%.1fx (%.1f..%.1fx)", rst.med, rst.min, rst.max);
            printf("  %-11s %-22s %.1fx\n", kname[best], rs, bb);
        }
    }
}

/* Samples are shorter and rounds more than in the other sections (sample_ns / 5, 2 x rounds
 * + 1, at most 31): on a shared machine a short sample more often runs undisturbed, and the
 * best kernel is the one with the fastest round. */
void bench_family(int rounds, double sample_ns)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    void *raw = malloc(11 * FAM_STRIDE * sizeof(uint32_t) + 64);
    uint32_t *mem = raw ? (uint32_t *)(((uintptr_t)raw + 63) & ~(uintptr_t)63) : NULL;
    size_t i;
    rounds = 2 * rounds + 1;
    sample_ns /= 5;
    if (rounds > BENCH_MAX_ROUNDS) rounds = BENCH_MAX_ROUNDS;
    if (rounds < 1) rounds = 1;
    if (!mem) { fprintf(stderr, "mqsad bench: out of memory\n"); return; }
    for (i = 0; i < 11 * FAM_STRIDE; i++) mem[i] = bench_rnd(&x);   /* random operands */
    for (i = 0; i < FAM_LANES; i++)           /* S1 with some zero bytes (the masked forms) */
        if (i % 3 == 0) mem[2 * FAM_STRIDE + i] &= 0xff00ff00u;
    bench_family_table(rounds, sample_ns, 0, 0, mem);
    bench_family_table(rounds, sample_ns, 1, 0, mem);
    bench_family_table(rounds, sample_ns, 0, 1, mem);
    bench_family_table(rounds, sample_ns, 1, 1, mem);
    free(raw);
}
