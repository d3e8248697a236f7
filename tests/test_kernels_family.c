/* test_kernels_family.c — checkasm-style tests of the SAD family's batch kernels
 * (mqsad_insn_kernel / mqsad_insn_batch).
 *
 * Every kernel level this CPU runs is selected through mqsad_insn_kernel's cpu_mask (each
 * level's own flags) and compared lane by lane with the scalar reference mqsad_eval, for all
 * eight instructions: random data and edge data (0 and 0xff bytes, 0/0xffff halves,
 * accumulators whose sums overflow or saturate, S1 bytes of 0 for the masked forms), clamp
 * on and off, every length 0..4*16+3, misaligned arrays, guard words around every output,
 * in place (dst == S2) and dst exactly equal to each other source, and a batch large enough
 * for V_MQSAD_U32_U8's non-temporal path. A few results are also checked against values
 * worked out by hand from AMD's definitions. The first mismatch of a case fails the test and
 * prints the instruction, kernel, lane, operands, result and expected value. */
#include "t.h"
#include "kernels/kernels.h"

#include <stdint.h>

static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void)
{   /* xorshift64* */
    rng_state ^= rng_state >> 12; rng_state ^= rng_state << 25; rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

#define FLAVOURS 7
/* A source word by flavour: 0 random; 1 bytes 0/0xff/1/0xfe; 2 mostly zero bytes; 3 mostly
 * 0xff bytes; 4 halves 0/0xffff/1/0xfffe/0x8000; 5 all 0; 6 all ones. */
static uint32_t rnd_word(int flavour)
{
    static const uint8_t eb[4] = { 0, 0xff, 1, 0xfe };
    static const uint16_t eh[5] = { 0, 0xffff, 1, 0xfffe, 0x8000 };
    uint32_t w = 0, r = rnd();
    int b;
    switch (flavour) {
    case 0: return r;
    case 4: return (uint32_t)eh[r % 5] | (uint32_t)eh[(r >> 8) % 5] << 16;
    case 5: return 0;
    case 6: return 0xffffffffu;
    default: break;
    }
    for (b = 0; b < 32; b += 8) {
        uint32_t x = rnd(), v;
        if (flavour == 1) v = eb[x & 3];
        else if (flavour == 2) v = (x & 3) ? 0 : (x >> 8) & 0xff;
        else v = (x & 3) ? 0xff : (x >> 8) & 0xff;
        w |= v << b;
    }
    return w;
}

/* An accumulator word by flavour: 0 random; 1 32-bit near the top (sums wrap / saturate);
 * 2 each 16-bit half near the top (the packed forms); 3 small; 4 all ones; 5 zero;
 * 6 the top half near 0xffff, for V_SAD_HI_U8 (its SAD lands in bits 16 up). */
static uint32_t rnd_acc(int flavour)
{
    uint32_t r = rnd();
    switch (flavour) {
    case 1: return 0xffffffffu - (r % 1100);
    case 2: return (0xffffu - (r % 1100)) | (0xffffu - ((r >> 16) % 1100)) << 16;
    case 3: return r & 0x3ff;
    case 4: return 0xffffffffu;
    case 5: return 0;
    case 6: return 0xffffffffu - (r % 1100) * 0x10000u - (r >> 20);
    default: return r;
    }
}

#define MAXN 4096
#define PAD 96
#define GUARD 0xdeadbeefu

/* Operand arenas (64-byte aligned), indexed: s0 lo, s0 hi, s1, s2[0..3], dst[0..3]. */
enum { A_LO, A_HI, A_S1, A_S2, A_D = A_S2 + 4, A_COUNT = A_D + 4 };
static _Alignas(64) uint32_t arena[A_COUNT][MAXN + PAD];
static uint32_t want[4][MAXN];

static unsigned long lanes_checked;

typedef struct shape { unsigned w0, w2, wd; } shape;
static shape shape_of(mqsad_insn_id id)
{
    const mqsad_insn_info *in = mqsad_insn_get(id);
    shape s = { in->width[MQSAD_SLOT_SRC0], in->width[MQSAD_SLOT_SRC2], in->width[MQSAD_SLOT_VDST] };
    return s;
}

/* The reference for lane i of the given arrays. */
static void ref_lane(mqsad_insn_id id, shape sh, const uint32_t *const s0[2], const uint32_t *s1,
                     const uint32_t *const s2[4], size_t i, int clamp, uint32_t out[4])
{
    uint64_t a = s0[0][i];
    uint32_t c[4] = { 0, 0, 0, 0 };
    unsigned k;
    if (sh.w0 == 2) a |= (uint64_t)s0[1][i] << 32;
    for (k = 0; k < sh.w2; k++) c[k] = s2[k][i];
    mqsad_eval(id, a, s1[i], c, clamp, out);
}

/* The inputs of a case as they were before the call (outputs may overwrite them). */
static uint32_t snap_lo[MAXN], snap_hi[MAXN], snap_s1[MAXN], snap_s2[4][MAXN];

/* Fails on the first lane that differs from want (printing it) and returns 0; else 1. */
static int compare(mqsad_insn_id id, const char *kname, const char *what, shape sh,
                   uint32_t *const dst[4], size_t n, int clamp)
{
    size_t i;
    unsigned k;
    for (k = 0; k < sh.wd; k++)
        for (i = 0; i < n; i++)
            if (dst[k][i] != want[k][i]) {
                CHECK(0, "%s %s %s n=%zu clamp=%d lane %zu dst[%u]: got 0x%08x want 0x%08x "
                      "(S0 0x%08x%08x S1 0x%08x S2 0x%08x %08x %08x %08x)",
                      mqsad_insn_get(id)->name, kname, what, n, clamp, i, k, dst[k][i], want[k][i],
                      snap_hi[i], snap_lo[i], snap_s1[i], snap_s2[3][i], snap_s2[2][i],
                      snap_s2[1][i], snap_s2[0][i]);
                return 0;
            }
    return 1;
}

/* One case: n lanes at the given element offsets, flavours for S0, S1 and S2; in_place:
 * dst[k] = s2[k] (k < both widths), alias: dst[0] = the source array named (1 + A_LO..). */
static void run_case(mqsad_insn_id id, mqsad_insn_batch_fn fn, const char *kname, size_t n,
                     int clamp, int f0, int f1, int fa, const unsigned off[4], int in_place,
                     int alias, const char *what)
{
    shape sh = shape_of(id);
    const uint32_t *s0[2], *s2[4] = { NULL, NULL, NULL, NULL };
    uint32_t *dst[4] = { NULL, NULL, NULL, NULL }, *d0_base[4];
    size_t i;
    unsigned k;
    int ok = 1;
    s0[0] = arena[A_LO] + off[0];
    s0[1] = sh.w0 == 2 ? arena[A_HI] + off[1] : NULL;
    for (k = 0; k < sh.w2; k++) s2[k] = arena[A_S2 + k] + off[3] + k;
    for (i = 0; i < n; i++) {
        ((uint32_t *)s0[0])[i] = rnd_word(f0);
        if (s0[1]) ((uint32_t *)s0[1])[i] = rnd_word((f0 + 1) % FLAVOURS == 5 ? 0 : f0);
        arena[A_S1][off[2] + i] = rnd_word(f1);
        for (k = 0; k < sh.w2; k++) ((uint32_t *)s2[k])[i] = rnd_acc(fa);
    }
    for (k = 0; k < sh.wd; k++) {
        d0_base[k] = arena[A_D + k];
        dst[k] = in_place && k < sh.w2 ? (uint32_t *)s2[k] : arena[A_D + k] + 2 + off[(k + 1) & 3];
        if (!(in_place && k < sh.w2)) {
            dst[k][-1] = dst[k][-2] = GUARD;
            for (i = 0; i < n; i++) dst[k][i] = rnd();
        }
        for (i = n; i < n + 8; i++) dst[k][i] = GUARD;
    }
    if (alias) {   /* dst[0] exactly one of the sources (never another dst array) */
        const uint32_t *src = alias == 1 ? s0[0] : alias == 2 ? arena[A_S1] + off[2] :
                              alias == 3 && s0[1] ? s0[1] :
                              in_place && sh.w2 > 1 ? arena[A_S1] + off[2] : s2[sh.w2 - 1];
        dst[0] = (uint32_t *)src;
        for (i = n; i < n + 8; i++) dst[0][i] = GUARD;
    }
    {
        const uint32_t *s1 = arena[A_S1] + off[2];
        for (i = 0; i < n; i++) {
            uint32_t o[4];
            ref_lane(id, sh, s0, s1, s2, i, clamp, o);
            for (k = 0; k < sh.wd; k++) want[k][i] = o[k];
            snap_lo[i] = s0[0][i]; snap_hi[i] = s0[1] ? s0[1][i] : 0; snap_s1[i] = s1[i];
            for (k = 0; k < 4; k++) snap_s2[k][i] = k < sh.w2 ? s2[k][i] : 0;
        }
        fn(s0, s1, s2, dst, n, clamp);
        lanes_checked += n;
        ok = compare(id, kname, what, sh, dst, n, clamp);
    }
    for (k = 0; k < sh.wd && ok; k++) {
        for (i = n; i < n + 8 && ok; i++)
            if (dst[k][i] != GUARD) {
                CHECK(0, "%s %s %s n=%zu: wrote dst[%u][%zu] past the end",
                      mqsad_insn_get(id)->name, kname, what, n, k, i);
                ok = 0;
            }
        if (ok && dst[k] >= d0_base[k] + 2 && dst[k] < d0_base[k] + PAD &&
            (dst[k][-1] != GUARD || dst[k][-2] != GUARD)) {
            CHECK(0, "%s %s %s n=%zu: wrote before dst[%u]", mqsad_insn_get(id)->name, kname, what, n, k);
            ok = 0;
        }
    }
    /* sources that are not outputs stay as they were */
    for (k = 0; k < sh.w2 && ok; k++) {
        int is_out = (in_place && k < sh.wd) || (alias && dst[0] == s2[k]);
        if (!is_out && memcmp(snap_s2[k], s2[k], n * sizeof(uint32_t)) != 0) {
            CHECK(0, "%s %s %s n=%zu: changed s2[%u]", mqsad_insn_get(id)->name, kname, what, n, k);
            ok = 0;
        }
    }
    CHECK(ok, "%s %s %s n=%zu clamp=%d", mqsad_insn_get(id)->name, kname, what, n, clamp);
}

/* Large n (beyond V_MQSAD_U32_U8's non-temporal threshold), all dst arrays 64-byte aligned
 * (that path's condition), clamp on and off, then in place. */
static void test_large(mqsad_insn_id id, mqsad_insn_batch_fn fn, const char *kname)
{
    const size_t n = MQSAD_NT_THRESHOLD / 16 + 77, stride = (n + 64 + 15) & ~(size_t)15;
    shape sh = shape_of(id);
    uint32_t *buf = malloc((11 * stride + 16) * sizeof *buf), *base;
    const uint32_t *s0[2], *s2[4];
    uint32_t *dst[4];
    size_t i;
    unsigned k;
    int clamp;
    if (!buf) { CHECK(0, "malloc"); return; }
    base = (uint32_t *)(((uintptr_t)buf + 63) & ~(uintptr_t)63);
    s0[0] = base; s0[1] = base + stride;
    for (k = 0; k < 4; k++) { s2[k] = base + (3 + k) * stride; dst[k] = base + (7 + k) * stride; }
    for (i = 0; i < n; i++) {
        ((uint32_t *)s0[0])[i] = rnd_word((int)(i % 5)); ((uint32_t *)s0[1])[i] = rnd_word((int)(i % 3));
        base[2 * stride + i] = rnd_word(i % 3 ? 0 : 2);
        for (k = 0; k < 4; k++) ((uint32_t *)s2[k])[i] = rnd_acc((int)(i % 7));
    }
    {
        size_t head = 99;
        CHECK(mqsad__use_nt(dst, n, 64, &head) && head == 0, "large layout takes the non-temporal path");
    }
    for (clamp = 0; clamp < 2; clamp++) {
        const uint32_t *s1 = base + 2 * stride;
        for (k = 0; k < 4; k++) dst[k][n] = GUARD;
        fn(s0, s1, s2, dst, n, clamp);
        for (i = 0; i < n; i++) {
            uint32_t o[4];
            ref_lane(id, sh, s0, s1, s2, i, clamp, o);
            for (k = 0; k < sh.wd; k++)
                if (dst[k][i] != o[k]) {
                    CHECK(0, "%s %s large n=%zu clamp=%d lane %zu dst[%u]: got 0x%08x want 0x%08x",
                          mqsad_insn_get(id)->name, kname, n, clamp, i, k, dst[k][i], o[k]);
                    i = n;
                    break;
                }
        }
        for (k = 0; k < sh.wd; k++)
            CHECK(dst[k][n] == GUARD, "%s %s large: wrote past the end", mqsad_insn_get(id)->name, kname);
    }
    {   /* in place on the large path: s2 := f(s2), compared with the out-of-place result */
        uint32_t *ip[4] = { (uint32_t *)s2[0], (uint32_t *)s2[1], (uint32_t *)s2[2], (uint32_t *)s2[3] };
        const uint32_t *s1 = base + 2 * stride;
        int bad = 0;
        fn(s0, s1, s2, dst, n, 0);
        fn(s0, s1, s2, ip, n, 0);
        for (k = 0; k < sh.wd && k < sh.w2; k++) bad += memcmp(ip[k], dst[k], n * sizeof(uint32_t)) != 0;
        CHECK(bad == 0, "%s %s large in place", mqsad_insn_get(id)->name, kname);
    }
    free(buf);
}

/* Values worked out by hand from AMD's definitions (docs/semantics.md), not by the
 * reference: S0 bytes 0 against S1 bytes 0xff give the maximum byte SAD, 1020 (0x3fc). */
static void test_known(mqsad_insn_id id, mqsad_insn_batch_fn fn, const char *kname)
{
    static const struct {
        mqsad_insn_id id;
        uint32_t lo, hi, s1, c0, c1;
        int clamp;
        uint32_t d0, d1;
    } kv[] = {
        { MQSAD_INSN_SAD_U8, 0, 0, 0xffffffffu, 0xfffffc03u, 0, 0, 0xffffffffu, 0 },
        { MQSAD_INSN_SAD_U8, 0, 0, 0xffffffffu, 0xfffffc04u, 0, 0, 0, 0 },
        { MQSAD_INSN_SAD_U8, 0, 0, 0xffffffffu, 0xfffffc04u, 0, 1, 0xffffffffu, 0 },
        { MQSAD_INSN_SAD_U8, 0x01020304u, 0, 0x04030201u, 10, 0, 0, 10 + 3 + 1 + 1 + 3, 0 },
        { MQSAD_INSN_MSAD_U8, 0xffffffffu, 0, 0x00ff0001u, 5, 0, 0, 5 + 0xfe, 0 },
        { MQSAD_INSN_MSAD_U8, 0xffffffffu, 0, 0, 0xffffffffu, 0, 0, 0xffffffffu, 0 },
        { MQSAD_INSN_SAD_HI_U8, 0, 0, 0xffffffffu, 0x1234u, 0, 0, 0x03fc1234u, 0 },
        { MQSAD_INSN_SAD_HI_U8, 0, 0, 0xffffffffu, 0xfc040000u, 0, 0, 0, 0 },
        { MQSAD_INSN_SAD_HI_U8, 0, 0, 0xffffffffu, 0xfc040000u, 0, 1, 0xffffffffu, 0 },
        { MQSAD_INSN_SAD_U16, 0x0000ffffu, 0, 0xffff0000u, 2, 0, 0, 2 + 0xffff + 0xffff, 0 },
        { MQSAD_INSN_SAD_U16, 0x0000ffffu, 0, 0xffff0000u, 0xfffe0003u, 0, 0, 0x00000001u, 0 },
        { MQSAD_INSN_SAD_U16, 0x0000ffffu, 0, 0xffff0000u, 0xfffe0003u, 0, 1, 0xffffffffu, 0 },
        { MQSAD_INSN_SAD_U32, 0, 0, 0xffffffffu, 7, 0, 0, 6, 0 },
        { MQSAD_INSN_SAD_U32, 0, 0, 0xffffffffu, 7, 0, 1, 0xffffffffu, 0 },
        { MQSAD_INSN_SAD_U32, 5, 0, 3, 0, 0, 0, 2, 0 },
        /* all windows (S0 >> 8k, k = 0..3, see only bytes 0..6 of S0) are 0: each SAD is 1020;
         * S2.u16 = 0xfc03, 0xfc04, 0xffff, 1 */
        { MQSAD_INSN_QSAD_PK_U16_U8, 0, 0xff000000u, 0xffffffffu, 0xfc04fc03u, 0x0001ffffu, 0,
          0x0000ffffu, 0x03fd03fbu },
        { MQSAD_INSN_QSAD_PK_U16_U8, 0, 0xff000000u, 0xffffffffu, 0xfc04fc03u, 0x0001ffffu, 1,
          0xffffffffu, 0x03fdffffu },
        /* S0 byte 3 = 0xff: windows 0xff000000, 0x00ff0000, 0x0000ff00, 0x000000ff against
         * S1 = 0x000000ff: SADs 0x1fe, 0x1fe, 0x1fe, 0, or masked (S1 byte 0 only) 0xff x 3, 0;
         * S2.u16 = 2, 1, 4, 3 */
        { MQSAD_INSN_QSAD_PK_U16_U8, 0xff000000u, 0, 0x000000ffu, 0x00010002u, 0x00030004u, 0,
          0x01ff0200u, 0x00030202u },
        { MQSAD_INSN_MQSAD_PK_U16_U8, 0xff000000u, 0, 0x000000ffu, 0x00010002u, 0x00030004u, 0,
          0x01000101u, 0x00030103u },
        { MQSAD_INSN_MQSAD_PK_U16_U8, 0xff000000u, 0, 0x000000ffu, 0xff01ff02u, 0x00030004u, 0,
          0x00000001u, 0x00030103u },
        { MQSAD_INSN_MQSAD_PK_U16_U8, 0xff000000u, 0, 0x000000ffu, 0xff01ff02u, 0x00030004u, 1,
          0xffffffffu, 0x00030103u },
    };
    size_t j;
    for (j = 0; j < sizeof kv / sizeof kv[0]; j++) {
        uint32_t lo = kv[j].lo, hi = kv[j].hi, s1 = kv[j].s1, c[4] = { kv[j].c0, kv[j].c1, 0, 0 };
        uint32_t d[4] = { 0, 0, 0, 0 };
        const uint32_t *s0p[2] = { &lo, &hi }, *s2p[4] = { &c[0], &c[1], &c[2], &c[3] };
        uint32_t *dp[4] = { &d[0], &d[1], &d[2], &d[3] };
        if (kv[j].id != id) continue;
        fn(s0p, &s1, s2p, dp, 1, kv[j].clamp);
        CHECK(d[0] == kv[j].d0 && d[1] == kv[j].d1,
              "%s %s known value %zu: got 0x%08x 0x%08x want 0x%08x 0x%08x",
              mqsad_insn_get(id)->name, kname, j, d[0], d[1], kv[j].d0, kv[j].d1);
    }
}

static void test_kernel(mqsad_insn_id id, mqsad_insn_batch_fn fn, const char *kname)
{
    unsigned long before = t_fail;
    size_t n;
    int clamp, it;
    for (clamp = 0; clamp < 2; clamp++)
        for (n = 0; n <= 4 * 16 + 3; n++) {
            unsigned off[4] = { (unsigned)(n % 4), (unsigned)((n / 4) % 4), (unsigned)(n % 3), (unsigned)(n % 5) };
            run_case(id, fn, kname, n, clamp, (int)(n % FLAVOURS), (int)((n / 2) % FLAVOURS),
                     (int)(n % FLAVOURS), off, 0, 0, "tail");
            run_case(id, fn, kname, n, clamp, 1, 2, 1 + (int)(n % 2), off, 1, 0, "tail in place");
            run_case(id, fn, kname, n, clamp, (int)((n + 3) % FLAVOURS), 2, 6, off, 0,
                     1 + (int)(n % 4), "tail dst aliasing a source");
        }
    for (it = 0; it < 4 * FLAVOURS * FLAVOURS; it++) {
        unsigned off[4] = { (unsigned)it % 17, (unsigned)it % 16 + 1, (unsigned)it % 3, (unsigned)it % 16 };
        n = 200 + rnd() % (MAXN - 200);
        run_case(id, fn, kname, n, it & 1, it % FLAVOURS, (it / FLAVOURS) % FLAVOURS,
                 (it / 2) % FLAVOURS, off, (it & 4) != 0, (it & 8) ? 1 + (it / 16) % 4 : 0,
                 (it & 4) ? ((it & 8) ? "random in place + alias" : "random in place") : (it & 8) ? "random alias" : "random");
    }
    test_known(id, fn, kname);
    test_large(id, fn, kname);
    printf("  %-18s %-12s tested (%s)\n", mqsad_insn_get(id)->name, kname, t_fail == before ? "ok" : "FAILED");
}

/* The dispatch: each level's mask selects that level's kernel (or the one below it when
 * the level has none of its own for the instruction); mask 0 is the portable kernel; the
 * default is the last level the CPU has; a bad id gives NULL. */
static void test_dispatch(void)
{
    unsigned flags = mqsad_cpu_flags(), id;
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        const char *name = "?", *best_name = NULL;
        mqsad_insn_batch_fn best = NULL;
        size_t i;
        CHECK(mqsad_insn_kernel((mqsad_insn_id)id, 0, &name) == mqsad__fam_c[id] && !strcmp(name, "c"),
              "%s: mask 0 -> c", mqsad_insn_get((mqsad_insn_id)id)->name);
        for (i = 0; mqsad__kernel_at(i); i++) {
            const mqsad_kernel_desc *d = mqsad__kernel_at(i);
            if ((flags & d->required) != d->required || !d->family[id]) continue;
            best = d->family[id];
            best_name = d->k.name;
            CHECK(mqsad_insn_kernel((mqsad_insn_id)id, d->required, &name) == d->family[id] &&
                  !strcmp(name, d->k.name), "%s: mask 0x%x -> %s, got %s",
                  mqsad_insn_get((mqsad_insn_id)id)->name, d->required, d->k.name, name);
        }
        CHECK(best && mqsad_insn_kernel((mqsad_insn_id)id, MQSAD_CPU_ALL, &name) == best &&
              !strcmp(name, best_name), "%s: best kernel %s", mqsad_insn_get((mqsad_insn_id)id)->name,
              best_name ? best_name : "(none)");
    }
    {
        const char *name = "x";
        CHECK(mqsad_insn_kernel(MQSAD_INSN_COUNT, MQSAD_CPU_ALL, &name) == NULL && name == NULL,
              "bad id -> NULL");
        CHECK(mqsad_insn_kernel((mqsad_insn_id)-1, MQSAD_CPU_ALL, NULL) == NULL, "negative id -> NULL");
    }
}

/* The public convenience entry on every instruction (the best kernel), n = 0 included. */
static void test_insn_batch(void)
{
    static uint32_t lo[100], hi[100], s1[100], c[4][100], d[4][104];
    unsigned id, k;
    size_t i;
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        shape sh = shape_of((mqsad_insn_id)id);
        const uint32_t *s0p[2] = { lo, hi }, *s2p[4] = { c[0], c[1], c[2], c[3] };
        uint32_t *dp[4] = { d[0], d[1], d[2], d[3] };
        int bad = 0;
        for (i = 0; i < 100; i++) {
            lo[i] = rnd(); hi[i] = rnd(); s1[i] = rnd_word(2);
            for (k = 0; k < 4; k++) c[k][i] = rnd_acc((int)(i % 7));
        }
        for (k = 0; k < 4; k++) for (i = 0; i < 104; i++) d[k][i] = GUARD;
        mqsad_insn_batch((mqsad_insn_id)id, s0p, s1, s2p, dp, 0, 1);
        for (k = 0; k < 4; k++) bad += d[k][0] != GUARD;
        CHECK(bad == 0, "%s: mqsad_insn_batch n=0 wrote", mqsad_insn_get((mqsad_insn_id)id)->name);
        mqsad_insn_batch((mqsad_insn_id)id, s0p, s1, s2p, dp, 100, 1);
        for (i = 0; i < 100 && !bad; i++) {
            uint32_t o[4];
            ref_lane((mqsad_insn_id)id, sh, s0p, s1, s2p, i, 1, o);
            for (k = 0; k < sh.wd; k++)
                if (d[k][i] != o[k]) {
                    CHECK(0, "%s: mqsad_insn_batch lane %zu dst[%u]: got 0x%08x want 0x%08x",
                          mqsad_insn_get((mqsad_insn_id)id)->name, i, k, d[k][i], o[k]);
                    bad = 1;
                    break;
                }
        }
        for (k = sh.wd; k < 4; k++) bad += d[k][0] != GUARD;
        CHECK(bad == 0, "%s: mqsad_insn_batch", mqsad_insn_get((mqsad_insn_id)id)->name);
    }
}

int main(void)
{
    unsigned flags = mqsad_cpu_flags(), id;
    size_t i;
    t_verbose_limit = 1000;
    printf("cpu flags 0x%x\n", flags);
    test_dispatch();
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        mqsad_insn_batch_fn seen[16];
        size_t nseen = 0, j;
        for (i = 0; mqsad__kernel_at(i); i++) {
            const mqsad_kernel_desc *d = mqsad__kernel_at(i);
            const char *name = NULL;
            mqsad_insn_batch_fn fn;
            if ((flags & d->required) != d->required) {
                if (d->family[id]) printf("  %-18s %-12s skipped (CPU lacks flags 0x%x)\n",
                                          mqsad_insn_get((mqsad_insn_id)id)->name, d->k.name,
                                          d->required & ~flags);
                continue;
            }
            fn = mqsad_insn_kernel((mqsad_insn_id)id, d->required, &name);
            for (j = 0; j < nseen && seen[j] != fn; j++) continue;
            if (j < nseen || !fn) continue;
            seen[nseen++] = fn;
            test_kernel((mqsad_insn_id)id, fn, name);
        }
    }
    test_insn_batch();
    printf("%lu lanes checked\n", lanes_checked);
    return t_done();
}
