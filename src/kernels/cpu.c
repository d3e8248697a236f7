/* cpu.c — CPU feature detection and kernel dispatch (dav1d style).
 *
 * mqsad_cpu_flags() detects once: cpuid leaves 1 and 7 for the instruction sets, plus
 * OSXSAVE and XCR0 (xgetbv) to check that the OS saves YMM (XCR0 & 0x6) and ZMM/opmask
 * (XCR0 & 0xe6) state. The environment variable MQSAD_CPU_MASK (decimal or 0x hex), read at
 * detection time, removes flags. The result is cached in a C11 atomic, and the best kernel
 * chosen from it in another (mqsad__default_desc) — the library's only mutable globals;
 * concurrent first calls may both detect, and store the same value.
 *
 * mqsad_kernels_init() fills the table with the portable C kernel and upgrades it in order
 * sse41 -> avx2 -> avx2_vnni -> avx512 -> avx512_vnni whenever all the flags a kernel needs
 * are present (and allowed by the caller's mask); mqsad_insn_kernel() does the same per
 * instruction of the SAD family, over the same levels. */
#include "kernels/kernels.h"

#include <stdatomic.h>
#include <stdlib.h>

#if MQSAD_X86
#include <cpuid.h>
#endif

static const mqsad_kernel_desc kernel_table[] = {
    { { mqsad_batch_c, "c", 0 }, 0, mqsad_batch_masked_c, mqsad__fam_c },
#if MQSAD_X86
    { { mqsad_batch_sse41, "sse41", MQSAD_CPU_SSE41 }, MQSAD_CPU_SSE41, mqsad_batch_masked_sse41,
      mqsad__fam_sse41 },
    { { mqsad_batch_avx2, "avx2", MQSAD_CPU_AVX2 }, MQSAD_CPU_AVX2, mqsad_batch_masked_avx2,
      mqsad__fam_avx2 },
    { { mqsad_batch_avx2_vnni, "avx2_vnni", MQSAD_CPU_AVXVNNI }, MQSAD_CPU_AVX2 | MQSAD_CPU_AVXVNNI,
      mqsad_batch_masked_avx2_vnni, mqsad__fam_avx2_vnni },
    { { mqsad_batch_avx512, "avx512", MQSAD_CPU_AVX512 }, MQSAD_CPU_AVX512, mqsad_batch_masked_avx512,
      mqsad__fam_avx512 },
    { { mqsad_batch_avx512_vnni, "avx512_vnni", MQSAD_CPU_AVX512VNNI },
      MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VNNI | MQSAD_CPU_AVX512VBMI2, mqsad_batch_masked_avx512_vnni,
      mqsad__fam_avx512_vnni },
#endif
};

const mqsad_kernel_desc *mqsad__kernel_at(size_t index)
{
    return index < MQSAD_ARRAY_LEN(kernel_table) ? &kernel_table[index] : NULL;
}

#if MQSAD_X86
static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" /* xgetbv */ : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}
#endif

unsigned mqsad__cpu_detect(void)
{
    unsigned flags = 0;
#if MQSAD_X86
    unsigned a, b, c, d, max_leaf, b7 = 0, c7 = 0, a71 = 0;
    int ymm = 0, zmm = 0;
    max_leaf = __get_cpuid_max(0, NULL);
    if (max_leaf < 1) return 0;
    __cpuid(1, a, b, c, d);
    if (c & (1u << 19)) flags |= MQSAD_CPU_SSE41;
    if ((c & (1u << 27)) && (c & (1u << 28))) {          /* OSXSAVE and AVX */
        uint64_t xcr0 = read_xcr0();
        ymm = (xcr0 & 0x6) == 0x6;                         /* XMM + YMM state */
        zmm = (xcr0 & 0xe6) == 0xe6;                       /* + opmask, ZMM_Hi256, Hi16_ZMM */
    }
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b7, c7, d);
        if (a >= 1) {
            unsigned b71, c71, d71;
            __cpuid_count(7, 1, a71, b71, c71, d71);
            (void)b71; (void)c71; (void)d71;
        }
    }
    (void)d;
    if (ymm && (b7 & (1u << 5)) && (b7 & (1u << 8))) {   /* AVX2 + BMI2 */
        flags |= MQSAD_CPU_AVX2;
        if (a71 & (1u << 4)) flags |= MQSAD_CPU_AVXVNNI;   /* AVX-VNNI (VEX) */
        if (zmm && (b7 & (1u << 16)) && (b7 & (1u << 30)) && (b7 & (1u << 31))) { /* F BW VL */
            flags |= MQSAD_CPU_AVX512;
            if (c7 & (1u << 11)) flags |= MQSAD_CPU_AVX512VNNI;
            if (c7 & (1u << 6)) flags |= MQSAD_CPU_AVX512VBMI2;
            if (c7 & (1u << 1)) flags |= MQSAD_CPU_AVX512VBMI;
        }
    }
#endif
    return flags;
}

int mqsad__parse_cpu_mask(const char *s, unsigned *mask)
{
    uint64_t v = 0;
    unsigned base = 10, digits = 0;
    if (!s || !mask) return 0;
    while (*s == ' ' || *s == '\t') s++;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
    for (;; s++) {
        unsigned dv;
        if (*s >= '0' && *s <= '9') dv = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f') dv = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F') dv = (unsigned)(*s - 'A' + 10);
        else break;
        v = v * base + dv;
        if (v > 0xffffffffu) return 0;
        digits++;
    }
    while (*s == ' ' || *s == '\t' || *s == '\n') s++;
    if (!digits || *s) return 0;
    *mask = (unsigned)v;
    return 1;
}

#define FLAGS_VALID (1u << 31)   /* the cache holds a result (no flag uses bit 31) */
static _Atomic unsigned cpu_flags_cache;

unsigned mqsad_cpu_flags(void)
{
    unsigned f = atomic_load_explicit(&cpu_flags_cache, memory_order_acquire);
    if (!(f & FLAGS_VALID)) {
        const char *env = getenv("MQSAD_CPU_MASK");
        unsigned mask;
        f = mqsad__cpu_detect();
        /* A malformed value is ignored (the library never prints; see docs/performance.md). */
        if (env && mqsad__parse_cpu_mask(env, &mask)) f &= mask;
        f = (f & ~FLAGS_VALID) | FLAGS_VALID;
        atomic_store_explicit(&cpu_flags_cache, f, memory_order_release);
    }
    return f & ~FLAGS_VALID;
}

void mqsad_kernels_init(mqsad_kernels *k, unsigned cpu_mask)
{
    unsigned flags = mqsad_cpu_flags() & cpu_mask;
    size_t i;
    if (!k) return;
    *k = kernel_table[0].k;
    for (i = 1; i < MQSAD_ARRAY_LEN(kernel_table); i++)
        if ((flags & kernel_table[i].required) == kernel_table[i].required) *k = kernel_table[i].k;
}

int mqsad_kernel_for_level(unsigned level, mqsad_kernels *out)
{
    unsigned flags = mqsad_cpu_flags();
    size_t i;
    if (out) *out = kernel_table[0].k;
    for (i = 0; i < MQSAD_ARRAY_LEN(kernel_table); i++) {
        if (kernel_table[i].k.level != level) continue;
        if ((flags & kernel_table[i].required) != kernel_table[i].required) return 0;
        if (out) *out = kernel_table[i].k;
        return 1;
    }
    return 0;
}

/* The once-chosen best kernel, for mqsad_batch() and the wave executor (kernels.h reads it
 * inline: one load on the wave executor's per-instruction path). NULL until chosen. */
_Atomic(const mqsad_kernel_desc *) mqsad__default_desc;

const mqsad_kernel_desc *mqsad__kernel_desc_choose(void)
{
    unsigned flags = mqsad_cpu_flags();
    size_t i, idx = 0;
    for (i = 1; i < MQSAD_ARRAY_LEN(kernel_table); i++)
        if ((flags & kernel_table[i].required) == kernel_table[i].required) idx = i;
    /* concurrent first calls store the same pointer */
    atomic_store_explicit(&mqsad__default_desc, &kernel_table[idx], memory_order_release);
    return &kernel_table[idx];
}

const mqsad_kernels *mqsad__kernels_default(void)
{
    return &mqsad__kernel_desc_default()->k;
}

void mqsad_batch(const uint32_t *src0_lo, const uint32_t *src0_hi, const uint32_t *src1,
                 const uint32_t *const src2[4], uint32_t *const dst[4], size_t n, int clamp)
{
    if (!n) return;
    mqsad__kernels_default()->batch(src0_lo, src0_hi, src1, src2, dst, n, clamp);
}

/* The SAD family (dav1d style): each instruction's entry starts at the portable kernel and
 * is upgraded by every level, in the order of kernel_table, whose flags are all in
 * (mqsad_cpu_flags() & cpu_mask) and that has a kernel of its own for the instruction.
 * Nothing is cached beyond the CPU flags: the walk is a few loads and compares. */
mqsad_insn_batch_fn mqsad_insn_kernel(mqsad_insn_id id, unsigned cpu_mask, const char **name)
{
    unsigned flags = mqsad_cpu_flags() & cpu_mask;
    size_t i, best = 0;
    if ((unsigned)id >= MQSAD_INSN_COUNT) {
        if (name) *name = NULL;
        return NULL;
    }
    for (i = 1; i < MQSAD_ARRAY_LEN(kernel_table); i++)
        if ((flags & kernel_table[i].required) == kernel_table[i].required && kernel_table[i].family[id])
            best = i;
    if (name) *name = kernel_table[best].k.name;
    return kernel_table[best].family[id];
}

void mqsad_insn_batch(mqsad_insn_id id, const uint32_t *const s0[2], const uint32_t *s1,
                      const uint32_t *const s2[4], uint32_t *const dst[4], size_t n, int clamp)
{
    mqsad_insn_batch_fn fn = mqsad_insn_kernel(id, MQSAD_CPU_ALL, NULL);
    if (fn && n) fn(s0, s1, s2, dst, n, clamp);
}
