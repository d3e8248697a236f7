/* x86_family_avx2.c — the SAD family's AVX2 kernels (compiled with -mavx2 -mbmi2): the
 * operations of family_simd.h on 256-bit vectors, 8 lanes per block. vzeroupper is issued
 * explicitly after the vector loop, before the portable tail runs (see x86_avx2.c). */
#include <immintrin.h>

#define V __m256i
#define FAM_W 8
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#include "x86_family_ymm.h"
#define FAM_END() _mm256_zeroupper()
#define FAM_TABLE mqsad__fam_avx2
#define FAM_MQSAD_U32_U8 mqsad_batch_avx2

#include "family_simd.h"
