/* kernels.h — internal interface of the batch kernels (src/kernels/, src/kernels/cpu.c).
 *
 * Every kernel has the mqsad_batch_fn signature and computes, for i < n and k = 0..3,
 *   dst[k][i] = msad((src0_hi[i]:src0_lo[i]) >> 8k, src1[i], src2[k][i])  (saturating if clamp)
 * bit-exactly like mqsad_u32_u8_clamp(). All of a block's inputs are loaded before any of its
 * outputs is stored, so dst[k] may be exactly equal to any source array (in place); partial
 * overlap is not allowed. Pointers need only the natural alignment of uint32_t.
 *
 * Each x86 ISA lives in its own translation unit compiled with its own -m flags (see the
 * Makefile); only src/kernels/cpu.c decides, from cpuid + xgetbv, which one may run. */
#ifndef MQSAD_KERNELS_H
#define MQSAD_KERNELS_H

#include "isa/isa.h"

/* ---- batch kernels (src/kernels/cpu.c, src/kernels/) -----------------------------------------
 * The best kernel table for this CPU (mqsad_cpu_flags(), incl. MQSAD_CPU_MASK), chosen once
 * and cached: cheap to call per instruction (one atomic load). Never NULL; static storage.
 * Call ->batch(lo, hi, s1, src2, dst, n, clamp) with n >= 1 (see kernels/kernels.h). */
const mqsad_kernels *mqsad__kernels_default(void);


#include <stdatomic.h>

#if defined(__x86_64__) || defined(__i386__)
#define MQSAD_X86 1
#else
#define MQSAD_X86 0
#endif

/* Outputs larger than this (n * 16 bytes) are written with non-temporal stores when the
 * four dst arrays share their alignment (the head is written normally), then sfence. */
#define MQSAD_NT_THRESHOLD ((size_t)4 << 20)

/* From this many lanes on, mqsad_batch_avx512_vnni runs 256-bit vectors instead of 512-bit
 * ones (not on the non-temporal path, nor in place: x86_avx512.c). 1024 lanes are 44 KiB
 * of data, more than Zen 4's 32 KiB L1. From L2, the 512-bit loop ran at 1.0 or 1.6-1.8
 * TSC ticks a lane from one sample to the next (bench layout, rows 64 bytes apart modulo
 * 4 KiB), the 256-bit one steadily at 1.0-1.15, clamp on (with the per-block wrap test)
 * or off. In L1 (512-768 lanes) the 512-bit loop is 15-20 % faster. docs/performance.md. */
#define MQSAD_AVX512_NARROW_MIN ((size_t)1024)

#define MQSAD_KERNEL_ARGS const uint32_t *src0_lo, const uint32_t *src0_hi, \
    const uint32_t *src1, const uint32_t *const src2[4], uint32_t *const dst[4], size_t n, int clamp

void mqsad_batch_c(MQSAD_KERNEL_ARGS);
#if MQSAD_X86
void mqsad_batch_sse41(MQSAD_KERNEL_ARGS);
void mqsad_batch_avx2(MQSAD_KERNEL_ARGS);
void mqsad_batch_avx2_vnni(MQSAD_KERNEL_ARGS);
void mqsad_batch_avx512(MQSAD_KERNEL_ARGS);
void mqsad_batch_avx512_vnni(MQSAD_KERNEL_ARGS);
#endif

/* Masked entries (the wave executor's partial EXEC): the same computation for n <= 64 lanes,
 * but dst[k][i] is written only when bit i of mask is set (the other lanes of dst are not
 * touched at all). Inputs of every lane i < n may be read. Same aliasing rules as above. */
#define MQSAD_MASKED_ARGS MQSAD_KERNEL_ARGS, uint64_t mask
typedef void (*mqsad_masked_fn)(MQSAD_MASKED_ARGS);
void mqsad_batch_masked_c(MQSAD_MASKED_ARGS);
#if MQSAD_X86
void mqsad_batch_masked_sse41(MQSAD_MASKED_ARGS);
void mqsad_batch_masked_avx2(MQSAD_MASKED_ARGS);
void mqsad_batch_masked_avx2_vnni(MQSAD_MASKED_ARGS);
void mqsad_batch_masked_avx512(MQSAD_MASKED_ARGS);
void mqsad_batch_masked_avx512_vnni(MQSAD_MASKED_ARGS);
#endif

/* ---- SAD family kernels (mqsad_insn_batch_fn; src/kernels/family_c.c, x86_family_*.c) ----
 * One table per level, indexed by mqsad_insn_id: the level's kernel of each instruction, or
 * NULL where the level has none of its own (the level below then serves: dav1d style). The
 * V_MQSAD_U32_U8 entry of each level is a thin wrapper around that level's mqsad_batch_fn.
 * Same contract as mqsad_insn_batch_fn in mqsad.h: bit-identical to mqsad_eval per lane; a
 * block's inputs are all loaded before its outputs are stored, so a dst array may be exactly
 * a source array; pointers need only uint32_t alignment; s0[1], s2[k] and dst[k] are read
 * only as far as the instruction's operand widths go. */
#define MQSAD_FAM_ARGS const uint32_t *const s0[2], const uint32_t *s1, \
    const uint32_t *const s2[4], uint32_t *const dst[4], size_t n, int clamp
extern const mqsad_insn_batch_fn mqsad__fam_c[MQSAD_INSN_COUNT];
#if MQSAD_X86
extern const mqsad_insn_batch_fn mqsad__fam_sse41[MQSAD_INSN_COUNT];
extern const mqsad_insn_batch_fn mqsad__fam_avx2[MQSAD_INSN_COUNT];
extern const mqsad_insn_batch_fn mqsad__fam_avx2_vnni[MQSAD_INSN_COUNT];
extern const mqsad_insn_batch_fn mqsad__fam_avx512[MQSAD_INSN_COUNT];
extern const mqsad_insn_batch_fn mqsad__fam_avx512_vnni[MQSAD_INSN_COUNT];
#endif

/* One kernel level the library knows, with the CPU flags it needs (all of them). */
typedef struct mqsad_kernel_desc {
    mqsad_kernels k;      /* batch, name, level (the MQSAD_CPU_* flag naming the kernel) */
    unsigned required;    /* every MQSAD_CPU_* flag the level's code uses */
    mqsad_masked_fn masked; /* the masked entry of the same level (n <= 64) */
    const mqsad_insn_batch_fn *family; /* the level's SAD family kernels (see above) */
} mqsad_kernel_desc;

/* The once-chosen best kernel's descriptor (src/kernels/cpu.c; mqsad__kernels_default() is &->k):
 * the cached pointer, or the choice made (and cached) now. */
extern _Atomic(const mqsad_kernel_desc *) mqsad__default_desc;
const mqsad_kernel_desc *mqsad__kernel_desc_choose(void);
static inline const mqsad_kernel_desc *mqsad__kernel_desc_default(void)
{
    const mqsad_kernel_desc *k = atomic_load_explicit(&mqsad__default_desc, memory_order_acquire);
    return k ? k : mqsad__kernel_desc_choose();
}

/* All kernels in upgrade order (index 0 is the portable C one); NULL past the end.
 * Lists the x86 kernels only on x86 builds. */
const mqsad_kernel_desc *mqsad__kernel_at(size_t index);

/* Fills *out with the kernel named by level (0 = C, MQSAD_CPU_SSE41, MQSAD_CPU_AVX2,
 * MQSAD_CPU_AVXVNNI = avx2_vnni, MQSAD_CPU_AVX512, MQSAD_CPU_AVX512VNNI = avx512_vnni).
 * Returns 1 if this CPU (mqsad_cpu_flags()) can run it, 0 otherwise (*out then holds C). */
int mqsad_kernel_for_level(unsigned level, mqsad_kernels *out);

/* Parses an MQSAD_CPU_MASK value: decimal, or hexadecimal with a 0x/0X prefix, optional
 * surrounding blanks, at most 32 bits. Returns 1 and sets *mask on success, 0 if malformed. */
int mqsad__parse_cpu_mask(const char *s, unsigned *mask);

/* Raw detection (cpuid + xgetbv), ignoring MQSAD_CPU_MASK; not cached. */
unsigned mqsad__cpu_detect(void);

/* Portable per-lane helper for tails: one masked SAD with optional saturation. */
static inline uint32_t mqsad__msad_lane(uint32_t w, uint32_t r, uint32_t acc, int clamp)
{
    uint32_t s = 0, t;
    int b;
    for (b = 0; b < 32; b += 8) {
        uint32_t x = (w >> b) & 0xffu, y = (r >> b) & 0xffu;
        uint32_t d = x > y ? x - y : y - x;
        s += y ? d : 0;
    }
    t = acc + s;
    if (clamp && t < acc) t = 0xffffffffu;
    return t;
}

/* Lanes [i, n) one at a time (inputs loaded before outputs are stored). */
static inline void mqsad__tail(const uint32_t *src0_lo, const uint32_t *src0_hi,
                               const uint32_t *src1, const uint32_t *const src2[4],
                               uint32_t *const dst[4], size_t i, size_t n, int clamp)
{
    for (; i < n; i++) {
        uint32_t lo = src0_lo[i], hi = src0_hi[i], r = src1[i];
        uint32_t a0 = src2[0][i], a1 = src2[1][i], a2 = src2[2][i], a3 = src2[3][i];
        uint32_t w1 = (lo >> 8) | (hi << 24), w2 = (lo >> 16) | (hi << 16), w3 = (lo >> 24) | (hi << 8);
        uint32_t r0 = mqsad__msad_lane(lo, r, a0, clamp), r1 = mqsad__msad_lane(w1, r, a1, clamp);
        uint32_t r2 = mqsad__msad_lane(w2, r, a2, clamp), r3 = mqsad__msad_lane(w3, r, a3, clamp);
        dst[0][i] = r0; dst[1][i] = r1; dst[2][i] = r2; dst[3][i] = r3;
    }
}

/* Index of the lowest set bit of x (x != 0). */
static inline unsigned mqsad__ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned i = 0;
    while (!(x & 1u)) { x >>= 1; i++; }
    return i;
#endif
}

/* Masked entry built on a level's batch kernel: all n (<= 64) lanes into a stack temporary,
 * then the enabled lanes are copied (scalar copies: wide reloads of what the kernel just
 * stored would stall on store forwarding). Used by the levels without mask stores. */
static inline void mqsad__masked_via(mqsad_batch_fn batch, MQSAD_MASKED_ARGS)
{
    uint32_t t[4][64];
    uint32_t *const tp[4] = { t[0], t[1], t[2], t[3] };
    uint64_t on = n >= 64 ? mask : mask & ((1ull << n) - 1u);
    if (!on) return;
    batch(src0_lo, src0_hi, src1, src2, tp, n, clamp);
    while (on) {
        unsigned lane = mqsad__ctz64(on);
        on &= on - 1;
        dst[0][lane] = t[0][lane];
        dst[1][lane] = t[1][lane];
        dst[2][lane] = t[2][lane];
        dst[3][lane] = t[3][lane];
    }
}

/* 1 if the four dst arrays have the same address modulo align (a power of two) and the
 * output is large enough for non-temporal stores; *head gets the lanes before alignment. */
static inline int mqsad__use_nt(uint32_t *const dst[4], size_t n, size_t align, size_t *head)
{
    size_t m = (size_t)(uintptr_t)dst[0] & (align - 1), h;
    int k;
    if (n <= MQSAD_NT_THRESHOLD / 16 || (m & 3)) return 0;
    for (k = 1; k < 4; k++)
        if (((size_t)(uintptr_t)dst[k] & (align - 1)) != m) return 0;
    h = m ? (align - m) / 4 : 0;
    if (h > n) return 0;
    *head = h;
    return 1;
}

#endif
