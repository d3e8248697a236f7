/* test_kernels.c — checkasm-style tests of every batch kernel this machine can run.
 *
 * Each kernel (portable C, SSE4.1, AVX2, AVX2+VNNI, AVX-512, AVX-512 VNNI) is checked against
 * the scalar reference mqsad_u32_u8_clamp() and against ../shared/semantics/mqsad_vectors.tsv
 * (an independent model plus AMD's hardware test inputs): random and pathological data,
 * every tail length 0..67, misaligned arrays, in-place use, wrap-around and saturation near
 * 2^32, the non-temporal path for large n, guard words after every output, and the
 * MQSAD_CPU_MASK environment variable (parser, and a child process). Kernels the CPU cannot
 * run are reported as skipped. */
#include "t.h"
#include "kernels/kernels.h"

#include <stdint.h>
#include <sys/wait.h>

/* ---- Kernels this CPU lacks, run on SIMDe (libsimde-dev) -----------------------------
 * When SIMDe's headers are installed, the very same sources of the AVX2+VNNI and AVX-512
 * kernels are compiled a second time here on SIMDe's portable implementations of the
 * intrinsics (renamed emu_*), so their algorithms are executed and checked even on a machine
 * without those instruction sets. Intrinsics SIMDe 0.7 lacks are written below from Intel's
 * documented definitions (not from the kernels' own assumptions). This checks the algorithm,
 * not the compiler's real AVX-512 code generation. Define MQSAD_TEST_NO_SIMDE to skip. */
#if !defined(MQSAD_TEST_NO_SIMDE) && defined(__has_include)
#if __has_include(<simde/x86/avx512.h>)
#define MQSAD_HAVE_SIMDE 1
#endif
#endif
#ifdef MQSAD_HAVE_SIMDE
#if defined(__GNUC__)
/* SIMDe's 256/512-bit structs passed by value without -mavx: an ABI note, not a problem
 * inside one translation unit. */
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
/* VPSHRDD: dst[i] = low 32 bits of ((b[i] << 32) | a[i]) >> imm (Intel SDM, VPSHRD). */
static simde__m512i emu_shrdi_epi32(simde__m512i a, simde__m512i b, int imm)
{
    uint32_t x[16], y[16], r[16];
    int i;
    simde_mm512_storeu_si512(x, a);
    simde_mm512_storeu_si512(y, b);
    for (i = 0; i < 16; i++) r[i] = (uint32_t)((((uint64_t)y[i] << 32) | x[i]) >> (imm & 31));
    return simde_mm512_loadu_si512(r);
}
/* VPCMPUD with LT: bit i set when a[i] < b[i] as unsigned. */
static simde__mmask16 emu_cmplt_epu32_mask(simde__m512i a, simde__m512i b)
{
    uint32_t x[16], y[16];
    simde__mmask16 m = 0;
    int i;
    simde_mm512_storeu_si512(x, a);
    simde_mm512_storeu_si512(y, b);
    for (i = 0; i < 16; i++) if (x[i] < y[i]) m = (simde__mmask16)(m | (1u << i));
    return m;
}
/* The same two on 256-bit vectors (AVX-512VL forms). */
static simde__m256i emu_shrdi256_epi32(simde__m256i a, simde__m256i b, int imm)
{
    uint32_t x[8], y[8], r[8];
    int i;
    simde_mm256_storeu_si256((simde__m256i *)(void *)x, a);
    simde_mm256_storeu_si256((simde__m256i *)(void *)y, b);
    for (i = 0; i < 8; i++) r[i] = (uint32_t)((((uint64_t)y[i] << 32) | x[i]) >> (imm & 31));
    return simde_mm256_loadu_si256((const simde__m256i *)(const void *)r);
}
static simde__mmask8 emu_cmplt256_epu32_mask(simde__m256i a, simde__m256i b)
{
    uint32_t x[8], y[8];
    simde__mmask8 m = 0;
    int i;
    simde_mm256_storeu_si256((simde__m256i *)(void *)x, a);
    simde_mm256_storeu_si256((simde__m256i *)(void *)y, b);
    for (i = 0; i < 8; i++) if (x[i] < y[i]) m = (simde__mmask8)(m | (1u << i));
    return m;
}
/* Masked dword load (lanes not in m read as 0, never accessed) and store (lanes not in m
 * not written): VMOVDQU32 with a mask (Intel SDM). */
static simde__m512i emu_maskz_loadu_epi32(simde__mmask16 m, const void *p)
{
    uint32_t r[16];
    int i;
    for (i = 0; i < 16; i++) r[i] = (m >> i) & 1 ? ((const uint32_t *)p)[i] : 0;
    return simde_mm512_loadu_si512(r);
}
static void emu_mask_storeu_epi32(void *p, simde__mmask16 m, simde__m512i a)
{
    uint32_t x[16];
    int i;
    simde_mm512_storeu_si512(x, a);
    for (i = 0; i < 16; i++) if ((m >> i) & 1) ((uint32_t *)p)[i] = x[i];
}
#define _mm512_maskz_loadu_epi32(m, p) emu_maskz_loadu_epi32((m), (p))
#define _mm512_mask_storeu_epi32(p, m, a) emu_mask_storeu_epi32((p), (m), (a))
#define _mm512_shrdi_epi32(a, b, imm) emu_shrdi_epi32((a), (b), (imm))
#define _mm512_cmplt_epu32_mask(a, b) emu_cmplt_epu32_mask((a), (b))
#define _mm256_shrdi_epi32(a, b, imm) emu_shrdi256_epi32((a), (b), (imm))
#define _mm256_cmplt_epu32_mask(a, b) emu_cmplt256_epu32_mask((a), (b))
#define _mm512_stream_si512(p, a) simde_mm512_storeu_si512((p), (a))
#define _mm256_dpbusd_avx_epi32(s, a, b) simde_mm256_dpbusd_epi32((s), (a), (b))
#undef _mm256_zeroupper
#undef _mm512_madd_epi16   /* SIMDe 0.7.4's alias has a wrong argument count */
#define _mm512_madd_epi16(a, b) simde_mm512_madd_epi16((a), (b))
#define _mm256_zeroupper() ((void)0)
#define MQSAD_KERNEL_EMULATION 1
#define __mmask16 simde__mmask16
#define mqsad_batch_avx2_vnni emu_batch_avx2_vnni
#define mqsad_batch_avx512 emu_batch_avx512
#define mqsad_batch_avx512_vnni emu_batch_avx512_vnni
#define mqsad_batch_masked_avx512 emu_batch_masked_avx512
#define mqsad_batch_masked_avx2_vnni emu_batch_masked_avx2_vnni
void emu_batch_masked_avx2_vnni(MQSAD_MASKED_ARGS);
#define mqsad_batch_masked_avx512_vnni emu_batch_masked_avx512_vnni
void emu_batch_masked_avx512(MQSAD_MASKED_ARGS);
void emu_batch_masked_avx512_vnni(MQSAD_MASKED_ARGS);
void emu_batch_avx2_vnni(MQSAD_KERNEL_ARGS);
void emu_batch_avx512(MQSAD_KERNEL_ARGS);
void emu_batch_avx512_vnni(MQSAD_KERNEL_ARGS);
#include "../src/kernels/x86_avx2_vnni.c"
#undef V
#include "../src/kernels/x86_avx512.c"
#include "../src/kernels/x86_avx512_wave.c"
#undef V
#undef mqsad_batch_masked_avx512
#undef mqsad_batch_masked_avx2_vnni
#undef mqsad_batch_masked_avx512_vnni
#undef mqsad_batch_avx2_vnni
#undef mqsad_batch_avx512
#undef mqsad_batch_avx512_vnni
#endif

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{   /* xorshift64* */
    rng_state ^= rng_state >> 12; rng_state ^= rng_state << 25; rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

/* A byte generator by "flavour": 0 random, 1 mostly zero, 2 mostly 0xff, 3 0/0xff/1/0xfe. */
static uint32_t rnd_word(int flavour)
{
    uint32_t w = 0;
    int b;
    if (flavour == 0) return rnd();
    for (b = 0; b < 32; b += 8) {
        uint32_t r = rnd(), v;
        switch (flavour) {
        case 1: v = (r & 3) ? 0 : (r >> 8) & 0xff; break;
        case 2: v = (r & 3) ? 0xff : (r >> 8) & 0xff; break;
        default: { static const uint8_t e[4] = { 0, 0xff, 1, 0xfe }; v = e[r & 3]; } break;
        }
        w |= v << b;
    }
    return w;
}

static uint32_t rnd_acc(int flavour)
{
    uint32_t r = rnd();
    switch (flavour) {
    case 1: return 0xffffffffu - (r % 1100);   /* wraps / saturates */
    case 2: return r & 0x3ff;
    case 3: return 0xffffffffu;
    default: return r;
    }
}

#define MAXN 4096
#define PAD 80           /* room for misalignment and guard words */
#define GUARD 0xdeadbeefu

/* Separate arenas so misaligned arrays do not overlap. 64-byte aligned. */
static _Alignas(64) uint32_t in_lo[MAXN + PAD], in_hi[MAXN + PAD], in_s1[MAXN + PAD];
static _Alignas(64) uint32_t in_acc[4][MAXN + PAD], out[4][MAXN + PAD], want[4][MAXN];

static unsigned long lanes_checked;

static void reference(const uint32_t *lo, const uint32_t *hi, const uint32_t *s1,
                      const uint32_t *const acc[4], size_t n, int clamp, uint32_t (*w)[MAXN])
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t a[4] = { acc[0][i], acc[1][i], acc[2][i], acc[3][i] }, d[4];
        int k;
        mqsad_u32_u8_clamp(((uint64_t)hi[i] << 32) | lo[i], s1[i], a, clamp, d);
        for (k = 0; k < 4; k++) w[k][i] = d[k];
    }
}

/* Runs kernel k on n lanes with the given element offsets; checks results and guards. */
static int run_case(const mqsad_kernels *k, size_t n, int clamp, int flav_s0, int flav_s1,
                    int flav_acc, const unsigned off[4], int in_place, const char *what)
{
    const uint32_t *lo = in_lo + off[0], *hi = in_hi + off[1], *s1 = in_s1 + off[2];
    const uint32_t *acc[4];
    uint32_t *dst[4];
    size_t i;
    int kk, ok = 1;
    for (kk = 0; kk < 4; kk++) {
        acc[kk] = in_acc[kk] + off[3] + (unsigned)kk;
        dst[kk] = in_place ? in_acc[kk] + off[3] + (unsigned)kk : out[kk] + off[(kk + 1) & 3];
    }
    for (i = 0; i < n; i++) {
        ((uint32_t *)lo)[i] = rnd_word(flav_s0);
        ((uint32_t *)hi)[i] = rnd_word(flav_s0);
        ((uint32_t *)s1)[i] = rnd_word(flav_s1);
        for (kk = 0; kk < 4; kk++) ((uint32_t *)acc[kk])[i] = rnd_acc(flav_acc);
    }
    for (kk = 0; kk < 4; kk++) {
        if (!in_place) for (i = 0; i < n + 8; i++) dst[kk][i] = GUARD;
        else for (i = n; i < n + 8; i++) dst[kk][i] = GUARD;
        if (!in_place) for (i = 1; i <= 2 && dst[kk] - i >= out[kk]; i++) dst[kk][-(long)i] = GUARD;
    }
    reference(lo, hi, s1, acc, n, clamp, want);
    k->batch(lo, hi, s1, acc, dst, n, clamp);
    lanes_checked += n;
    for (kk = 0; kk < 4 && ok; kk++) {
        for (i = 0; i < n; i++)
            if (dst[kk][i] != want[kk][i]) {
                CHECK(0, "%s %s n=%zu clamp=%d lane %zu window %d: got 0x%08x want 0x%08x",
                      k->name, what, n, clamp, i, kk, dst[kk][i], want[kk][i]);
                ok = 0;
                break;
            }
        for (i = n; i < n + 8 && ok; i++)
            if (dst[kk][i] != GUARD) { CHECK(0, "%s %s n=%zu: wrote past the end", k->name, what, n); ok = 0; }
        if (!in_place)
            for (i = 1; i <= 2 && dst[kk] - i >= out[kk] && ok; i++)
                if (dst[kk][-(long)i] != GUARD) { CHECK(0, "%s %s: wrote before dst", k->name, what); ok = 0; }
    }
    CHECK(ok, "%s %s n=%zu clamp=%d", k->name, what, n, clamp);
    return ok;
}

/* The independent vectors, as one batch per clamp value. */
static void test_vectors(const mqsad_kernels *k)
{
    static uint32_t lo[2][2048], hi[2][2048], s1[2][2048], acc[2][4][2048], exp_[2][4][2048], got[4][2048];
    size_t cnt[2] = { 0, 0 };
    char path[512], line[512];
    FILE *f = fopen(t_data("mqsad_vectors.tsv", path, sizeof path), "r");
    int c, kk;
    CHECK(f != NULL, "open %s", path);
    while (f && fgets(line, sizeof line, f)) {
        unsigned long long s0; unsigned r, a[4], d[4];
        char *tab = strchr(line, '\t');
        size_t j;
        if (line[0] == '#' || !tab) continue;
        *tab = 0;
        c = strstr(line, "clamp") != NULL;
        if (sscanf(line, "%llx %x %x %x %x %x", &s0, &r, &a[0], &a[1], &a[2], &a[3]) != 6 ||
            sscanf(tab + 1, "%x %x %x %x", &d[0], &d[1], &d[2], &d[3]) != 4 || cnt[c] >= 2048) {
            CHECK(0, "bad vector row");
            continue;
        }
        j = cnt[c]++;
        lo[c][j] = (uint32_t)s0; hi[c][j] = (uint32_t)(s0 >> 32); s1[c][j] = r;
        for (kk = 0; kk < 4; kk++) { acc[c][kk][j] = a[kk]; exp_[c][kk][j] = d[kk]; }
    }
    if (f) fclose(f);
    CHECK(cnt[0] + cnt[1] >= 1500, "vector rows: %zu", cnt[0] + cnt[1]);
    for (c = 0; c < 2; c++) {
        const uint32_t *a[4] = { acc[c][0], acc[c][1], acc[c][2], acc[c][3] };
        uint32_t *d[4] = { got[0], got[1], got[2], got[3] };
        size_t j, bad = 0;
        k->batch(lo[c], hi[c], s1[c], a, d, cnt[c], c);
        for (kk = 0; kk < 4; kk++)
            for (j = 0; j < cnt[c]; j++) bad += got[kk][j] != exp_[c][kk][j];
        CHECK(bad == 0, "%s: %zu of %zu mqsad_vectors.tsv results differ (clamp=%d)", k->name, bad, 4 * cnt[c], c);
    }
}

/* Large n: the non-temporal store path (n * 16 bytes > MQSAD_NT_THRESHOLD), heads of 0..15
 * lanes before the alignment point, and a layout where the dst arrays do not share alignment. */
static void test_large(const mqsad_kernels *k)
{
    const size_t n = MQSAD_NT_THRESHOLD / 16 + 77, cap = n + 64;
    const size_t stride = (cap + 15) & ~(size_t)15;   /* a multiple of 64 bytes */
    uint32_t *buf = malloc((7 * cap + 4 * stride + 64) * sizeof *buf);
    int variant;
    if (!buf) { CHECK(0, "malloc"); return; }
    for (variant = 0; variant < 3; variant++) {
        /* 0: all dst 64-byte aligned, 1: all offset by 3 lanes (head), 2: mutually misaligned. */
        uint32_t *lo = buf, *hi = buf + cap, *s1 = buf + 2 * cap, *acc[4], *dst[4];
        const uint32_t *cacc[4];
        size_t i, bad = 0;
        int kk;
        uintptr_t base = ((uintptr_t)(buf + 7 * cap) + 63) & ~(uintptr_t)63;
        for (kk = 0; kk < 4; kk++) {
            acc[kk] = buf + (3 + (size_t)kk) * cap + (size_t)kk;
            cacc[kk] = acc[kk];
            dst[kk] = (uint32_t *)base + (size_t)kk * stride
                      + (variant == 1 ? 3 : variant == 2 ? (size_t)kk : 0);
        }
        {   /* the layout really takes (variants 0, 1) or avoids (2) the non-temporal path */
            size_t head = 99;
            int nt = mqsad__use_nt(dst, n, 64, &head);
            CHECK(nt == (variant != 2) && (variant == 2 || head == (variant ? 13u : 0u)),
                  "large layout %d: nt=%d head=%zu", variant, nt, head);
        }
        for (i = 0; i < n; i++) {
            lo[i] = rnd_word(i & 1 ? 0 : 3); hi[i] = rnd_word(0); s1[i] = rnd_word(i % 3 ? 0 : 1);
            for (kk = 0; kk < 4; kk++) acc[kk][i] = rnd_acc((int)(i % 4));
        }
        for (kk = 0; kk < 4; kk++) dst[kk][n] = GUARD;
        k->batch(lo, hi, s1, cacc, dst, n, variant == 1);
        for (i = 0; i < n; i++) {
            uint32_t a[4] = { acc[0][i], acc[1][i], acc[2][i], acc[3][i] }, d[4];
            mqsad_u32_u8_clamp(((uint64_t)hi[i] << 32) | lo[i], s1[i], a, variant == 1, d);
            for (kk = 0; kk < 4; kk++) bad += dst[kk][i] != d[kk];
        }
        for (kk = 0; kk < 4; kk++) bad += dst[kk][n] != GUARD;
        CHECK(bad == 0, "%s large n=%zu variant %d: %zu mismatches", k->name, n, variant, bad);
        /* in place on the large path */
        if (variant == 0) {
            uint32_t *ip[4] = { acc[0], acc[1], acc[2], acc[3] };
            for (kk = 0; kk < 4; kk++) memcpy(acc[kk], dst[kk], n * sizeof *acc[kk]);   /* new accumulators */
            for (kk = 0; kk < 4; kk++) memcpy(dst[kk], acc[kk], n * sizeof *acc[kk]);
            k->batch(lo, hi, s1, cacc, ip, n, 0);      /* acc := f(acc) */
            k->batch(lo, hi, s1, (const uint32_t *const *)dst, dst, n, 0);
            bad = 0;
            for (kk = 0; kk < 4; kk++) bad += memcmp(acc[kk], dst[kk], n * sizeof *acc[kk]) != 0;
            CHECK(bad == 0, "%s large in-place", k->name);
        }
    }
    free(buf);
}

/* The masked entry (wave executor, n <= 64): enabled lanes equal the reference, disabled
 * lanes and the guards are untouched; masks 0, all, single bits, random; misaligned and in
 * place. */
static void test_masked(const char *name, mqsad_masked_fn fn)
{
    static _Alignas(64) uint32_t lo[64 + 8], hi[64 + 8], s1[64 + 8], acc[4][64 + 8], d[4][64 + 16];
    uint32_t want_[4][64], old[4][64 + 16];
    size_t n, i;
    int it, kk, bad = 0;
    for (it = 0; it < 2000; it++) {
        unsigned o = (unsigned)(it % 5), od = (unsigned)((it / 5) % 4);
        int clamp = it & 1, in_place = (it % 7) == 3;
        uint64_t mask;
        const uint32_t *a[4];
        uint32_t *dst[4];
        n = it < 130 ? (size_t)(it % 65) : (it & 2) ? 64 : (it & 4) ? 32 : (size_t)(rnd() % 65);
        switch ((it / 2) % 6) {
        case 0: mask = 0; break;
        case 1: mask = ~0ull; break;
        case 2: mask = 1ull << (rnd() % 64); break;
        case 3: mask = 0x5555555555555555ull << (it & 1); break;
        default: mask = ((uint64_t)rnd() << 32) | rnd(); break;
        }
        for (i = 0; i < n; i++) {
            lo[o + i] = rnd_word(it % 4); hi[o + i] = rnd_word((it / 4) % 4); s1[o + i] = rnd_word((it / 3) % 4);
            for (kk = 0; kk < 4; kk++) acc[kk][o + i] = rnd_acc(it % 4);
        }
        for (kk = 0; kk < 4; kk++) {
            a[kk] = acc[kk] + o;
            dst[kk] = in_place ? acc[kk] + o : d[kk] + 2 + od;
            if (!in_place) for (i = 0; i < 64 + 16; i++) d[kk][i] = rnd();
            memcpy(old[kk], in_place ? acc[kk] : d[kk], sizeof old[kk]);
        }
        for (i = 0; i < n; i++) {
            uint32_t x[4] = { a[0][i], a[1][i], a[2][i], a[3][i] };
            mqsad_u32_u8_clamp(((uint64_t)hi[o + i] << 32) | lo[o + i], s1[o + i], x, clamp, x);
            for (kk = 0; kk < 4; kk++) want_[kk][i] = x[kk];
        }
        fn(lo + o, hi + o, s1 + o, a, dst, n, clamp, mask);
        lanes_checked += n;
        for (kk = 0; kk < 4; kk++) {
            const uint32_t *base = in_place ? acc[kk] : d[kk];
            size_t start = (size_t)(dst[kk] - base), lim = in_place ? 64 + 8 : 64 + 16;
            for (i = 0; i < lim; i++) {
                uint32_t w = old[kk][i];
                if (i >= start && i < start + n && ((mask >> (i - start)) & 1)) w = want_[kk][i - start];
                if (base[i] != w) bad++;
            }
        }
    }
    CHECK(bad == 0, "%s masked entry: %d wrong words", name, bad);
    printf("  %-12s masked entry tested (%s)\n", name, bad ? "FAILED" : "ok");
}

/* The wrap boundary, one risky lane among safe ones: every SAD is the maximum 1020 (window
 * bytes 0, reference bytes 255), so an accumulator of 0xfffffc03 reaches 0xffffffff exactly
 * and 0xfffffc04 wraps to 0 (saturates to 0xffffffff with clamp); all other lanes start at
 * their index and end at index + 1020. Expected values are arithmetic, not the reference's.
 * Sizes on both sides of MQSAD_AVX512_NARROW_MIN (the 512- and 256-bit wrap tests). */
static void test_wrap_boundary(const mqsad_kernels *k)
{
    static const size_t sizes[] = { 16, 37, 900, MQSAD_AVX512_NARROW_MIN + 29 };
    static uint32_t zero[MQSAD_AVX512_NARROW_MIN + 29], ref[MQSAD_AVX512_NARROW_MIN + 29];
    static uint32_t acc[4][MQSAD_AVX512_NARROW_MIN + 29], d[4][MQSAD_AVX512_NARROW_MIN + 29];
    size_t si, p, i;
    int kk, w, v, clamp, bad = 0;
    for (i = 0; i < MQSAD_AVX512_NARROW_MIN + 29; i++) { zero[i] = 0; ref[i] = 0xffffffffu; }
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        for (p = 0; p < n; p += n > 64 ? 89 : 1)
            for (w = 0; w < 4; w++)
                for (v = 0; v < 2; v++)
                    for (clamp = 0; clamp < 2; clamp++) {
                        const uint32_t *a[4] = { acc[0], acc[1], acc[2], acc[3] };
                        uint32_t *dp[4] = { d[0], d[1], d[2], d[3] };
                        uint32_t risky = v ? 0xfffffc04u : 0xfffffc03u;
                        for (kk = 0; kk < 4; kk++)
                            for (i = 0; i < n; i++) acc[kk][i] = (uint32_t)i;
                        acc[w][p] = risky;
                        k->batch(zero, zero, ref, a, dp, n, clamp);
                        for (kk = 0; kk < 4; kk++)
                            for (i = 0; i < n; i++) {
                                uint32_t want_ = (uint32_t)i + 1020u;
                                if (kk == w && i == p) want_ = v && !clamp ? 0u : 0xffffffffu;
                                bad += d[kk][i] != want_;
                            }
                    }
    }
    CHECK(bad == 0, "%s: %d wrong words at the wrap boundary", k->name, bad);
}

static void test_kernel(const mqsad_kernels *k)
{
    unsigned long before = t_fail;
    size_t n;
    int clamp, fl;
    unsigned off[4] = { 0, 0, 0, 0 };
    for (clamp = 0; clamp < 2; clamp++)
        for (n = 0; n <= 67; n++) {
            off[0] = (unsigned)(n % 4); off[1] = (unsigned)((n / 4) % 4); off[2] = (unsigned)(n % 3); off[3] = (unsigned)(n % 5);
            run_case(k, n, clamp, (int)(n % 4), (int)((n / 2) % 4), (int)(n % 4), off, 0, "tail");
            run_case(k, n, clamp, 3, 1, 1, off, 1, "tail in-place");
        }
    /* Both sides of MQSAD_AVX512_NARROW_MIN (the VNNI kernel's 256-bit loop), every tail of
     * its 16-lane iterations, clamp on and off, pathological data flavours, misaligned and
     * in place. */
    for (fl = 0; fl < 72; fl++) {
        unsigned o3[4] = { (unsigned)fl % 5, (unsigned)fl % 3, (unsigned)fl % 7 + 1, (unsigned)fl % 16 };
        n = MQSAD_AVX512_NARROW_MIN - 2 + (size_t)fl / 2;
        run_case(k, n, fl & 1, (fl / 2) % 4, (fl / 3) % 4, (fl / 4) % 4, o3, fl % 5 == 2, "narrow");
    }
    for (fl = 0; fl < 64; fl++) {
        unsigned o2[4] = { (unsigned)fl % 17, (unsigned)fl % 16 + 1, (unsigned)fl % 3, (unsigned)fl % 16 };
        n = 1000 + rnd() % (MAXN - 1000);
        run_case(k, n, fl & 1, fl % 4, (fl / 4) % 4, (fl / 16) % 4, o2, (fl & 8) != 0, "random");
    }
    {   /* every dst exactly equal to a different kind of source array (allowed: exact aliasing) */
        static uint32_t a[8][256];
        uint32_t *d[4] = { a[0], a[1], a[2], a[3] }, w[4][256];
        const uint32_t *acc[4] = { a[3], a[4], a[5], a[6] };
        size_t i;
        int kk, bad = 0;
        for (i = 0; i < 256; i++) for (kk = 0; kk < 8; kk++) a[kk][i] = rnd();
        for (i = 0; i < 256; i++) {
            uint32_t x[4] = { a[3][i], a[4][i], a[5][i], a[6][i] };
            mqsad_u32_u8_clamp(((uint64_t)a[1][i] << 32) | a[0][i], a[2][i], x, 1, x);
            for (kk = 0; kk < 4; kk++) w[kk][i] = x[kk];
        }
        k->batch(a[0], a[1], a[2], acc, d, 250, 1);      /* dst0=lo dst1=hi dst2=src1 dst3=acc0 */
        for (i = 0; i < 250; i++) for (kk = 0; kk < 4; kk++) bad += d[kk][i] != w[kk][i];
        CHECK(bad == 0, "%s: dst aliasing sources exactly", k->name);
    }
    test_vectors(k);
    test_wrap_boundary(k);
    test_large(k);
    printf("  %-12s tested (%s)\n", k->name, t_fail == before ? "ok" : "FAILED");
}

static void test_mask_parse(void)
{
    unsigned m = 12345;
    CHECK(mqsad__parse_cpu_mask("0", &m) && m == 0, "parse 0");
    CHECK(mqsad__parse_cpu_mask("3", &m) && m == 3, "parse 3");
    CHECK(mqsad__parse_cpu_mask("0x1f", &m) && m == 0x1f, "parse 0x1f");
    CHECK(mqsad__parse_cpu_mask("0XFF", &m) && m == 0xff, "parse 0XFF");
    CHECK(mqsad__parse_cpu_mask(" 10 ", &m) && m == 10, "parse blanks");
    CHECK(mqsad__parse_cpu_mask("010", &m) && m == 10, "decimal with leading zero");
    CHECK(mqsad__parse_cpu_mask("4294967295", &m) && m == 0xffffffffu, "parse max");
    m = 7;
    CHECK(!mqsad__parse_cpu_mask("4294967296", &m) && m == 7, "reject > 32 bits");
    CHECK(!mqsad__parse_cpu_mask("", &m), "reject empty");
    CHECK(!mqsad__parse_cpu_mask("0x", &m), "reject 0x");
    CHECK(!mqsad__parse_cpu_mask("avx2", &m), "reject name");
    CHECK(!mqsad__parse_cpu_mask("12z", &m), "reject junk");
    CHECK(!mqsad__parse_cpu_mask("-1", &m), "reject negative");
    CHECK(!mqsad__parse_cpu_mask(NULL, &m), "reject NULL");
}

/* Runs this program as a child with MQSAD_CPU_MASK set; it prints its flags, its raw
 * detection (the child may run on a different CPU model than the parent under an emulator)
 * and its best kernel's name. */
static int child_flags(const char *self, const char *mask, unsigned *flags, unsigned *raw,
                       char *name)
{
    char cmd[1024], line[128];
    FILE *p;
    int rc;
    snprintf(cmd, sizeof cmd, "MQSAD_CPU_MASK='%s' '%s' --child", mask, self);
    p = popen(cmd, "r");
    if (!p) return 0;
    rc = fgets(line, sizeof line, p) != NULL && sscanf(line, "%x %x %63s", flags, raw, name) == 3;
    return pclose(p) == 0 && rc;
}

int main(int argc, char **argv)
{
    unsigned flags = mqsad_cpu_flags(), raw = mqsad__cpu_detect();
    size_t i;
    mqsad_kernels best;
    if (argc > 1 && !strcmp(argv[1], "--child")) {
        mqsad_kernels k;
        mqsad_kernels_init(&k, MQSAD_CPU_ALL);
        printf("%x %x %s\n", mqsad_cpu_flags(), mqsad__cpu_detect(), k.name);
        return 0;
    }
    printf("cpu flags 0x%x (detected 0x%x)\n", flags, raw);
    CHECK((flags & ~raw) == 0, "MQSAD_CPU_MASK only removes flags");
    for (i = 0; mqsad__kernel_at(i); i++) {
        const mqsad_kernel_desc *d = mqsad__kernel_at(i);
        mqsad_kernels k, via_init;
        int ok = mqsad_kernel_for_level(d->k.level, &k);
        if (!ok) {
            printf("  %-12s skipped (CPU lacks flags 0x%x)\n", d->k.name, d->required & ~flags);
            CHECK(k.batch == mqsad_batch_c, "unsupported level falls back to C");
            continue;
        }
        CHECK(k.batch == d->k.batch && k.level == d->k.level, "kernel for level %s", d->k.name);
        /* the single-level mask selects exactly that kernel */
        mqsad_kernels_init(&via_init, d->required);
        CHECK(via_init.batch == d->k.batch, "mqsad_kernels_init(mask 0x%x) -> %s, want %s",
              d->required, via_init.name, d->k.name);
        test_kernel(&k);
        test_masked(d->k.name, d->masked);
    }
#ifdef MQSAD_HAVE_SIMDE
    {
        static const mqsad_kernels emu[] = {
            { emu_batch_avx2_vnni, "avx2_vnni/SIMDe", MQSAD_CPU_AVXVNNI },
            { emu_batch_avx512, "avx512/SIMDe", MQSAD_CPU_AVX512 },
            { emu_batch_avx512_vnni, "avx512_vnni/SIMDe", MQSAD_CPU_AVX512VNNI },
        };
        printf("emulated on SIMDe (same kernel sources, portable intrinsics):\n");
        for (i = 0; i < sizeof emu / sizeof emu[0]; i++) test_kernel(&emu[i]);
        test_masked("avx2_vnni/SIMDe", emu_batch_masked_avx2_vnni);
        test_masked("avx512/SIMDe", emu_batch_masked_avx512);
        test_masked("avx512_vnni/SIMDe", emu_batch_masked_avx512_vnni);
    }
#else
    printf("SIMDe not installed: no emulated runs of kernels this CPU lacks\n");
#endif
    mqsad_kernels_init(&best, MQSAD_CPU_ALL);
    CHECK(mqsad__kernels_default()->batch == best.batch, "default table = best kernel");
    CHECK(mqsad__kernels_default() == mqsad__kernels_default(), "default table cached");
    mqsad_kernels_init(&best, 0);
    CHECK_EQ_S(best.name, "c");
    CHECK(best.level == 0, "mask 0 -> C");
    {   /* the public convenience entry */
        static uint32_t lo[100], hi[100], s1[100], a[4][100], d[4][100], w[4][100];
        const uint32_t *acc[4] = { a[0], a[1], a[2], a[3] };
        uint32_t *dst[4] = { d[0], d[1], d[2], d[3] };
        int kk, bad = 0;
        for (i = 0; i < 100; i++) { lo[i] = rnd(); hi[i] = rnd(); s1[i] = rnd_word(1); for (kk = 0; kk < 4; kk++) a[kk][i] = rnd_acc(1); }
        for (i = 0; i < 100; i++) {
            uint32_t x[4] = { a[0][i], a[1][i], a[2][i], a[3][i] };
            mqsad_u32_u8_clamp(((uint64_t)hi[i] << 32) | lo[i], s1[i], x, 0, x);
            for (kk = 0; kk < 4; kk++) w[kk][i] = x[kk];
        }
        mqsad_batch(lo, hi, s1, acc, dst, 100, 0);
        for (i = 0; i < 100; i++) for (kk = 0; kk < 4; kk++) bad += d[kk][i] != w[kk][i];
        CHECK(bad == 0, "mqsad_batch");
        mqsad_batch(lo, hi, s1, acc, dst, 0, 0);   /* n = 0: nothing */
    }
    test_mask_parse();
    {
        unsigned f = 0, r = 0;
        char name[64] = "";
        CHECK(child_flags(argv[0], "0", &f, &r, name) && f == 0 && !strcmp(name, "c"),
              "MQSAD_CPU_MASK=0 -> flags 0 and kernel c (got 0x%x %s)", f, name);
        CHECK(child_flags(argv[0], "0x1", &f, &r, name) && f == (r & MQSAD_CPU_SSE41) &&
              !strcmp(name, r & MQSAD_CPU_SSE41 ? "sse41" : "c"),
              "MQSAD_CPU_MASK=0x1 -> sse41 (got 0x%x %s)", f, name);
        CHECK(child_flags(argv[0], "3", &f, &r, name) && f == (r & 3) &&
              !strcmp(name, r & MQSAD_CPU_AVX2 ? "avx2" : r & MQSAD_CPU_SSE41 ? "sse41" : "c"),
              "MQSAD_CPU_MASK=3 -> avx2 (got 0x%x %s)", f, name);
        CHECK(child_flags(argv[0], "0x2", &f, &r, name) && f == (r & MQSAD_CPU_AVX2) &&
              !strcmp(name, r & MQSAD_CPU_AVX2 ? "avx2" : "c"),
              "MQSAD_CPU_MASK=0x2 (avx2 without sse41 flag) -> avx2 (got 0x%x %s)", f, name);
        CHECK(child_flags(argv[0], "junk", &f, &r, name) && f == r,
              "malformed MQSAD_CPU_MASK is ignored (got 0x%x, raw 0x%x)", f, r);
        CHECK(child_flags(argv[0], "0xffffffff", &f, &r, name) && f == r, "MQSAD_CPU_MASK=all");
    }
    printf("%lu lanes checked\n", lanes_checked);
    return t_done();
}
