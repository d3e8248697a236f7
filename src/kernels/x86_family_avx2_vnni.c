/* x86_family_avx2_vnni.c — the SAD family's AVX2 + AVX-VNNI kernels (-mavx2 -mbmi2
 * -mavxvnni): the AVX2 operations with the VEX vpdpbusd for the byte SADs, so this level
 * has kernels for the five byte-SAD forms only (V_SAD_U16 and V_SAD_U32 stay at AVX2). */
#include <immintrin.h>

#define V __m256i
#define FAM_W 8
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#include "x86_family_ymm.h"
#define DPBUSD _mm256_dpbusd_avx_epi32
#define FAM_END() _mm256_zeroupper()
#define FAM_TABLE mqsad__fam_avx2_vnni
#define FAM_MQSAD_U32_U8 mqsad_batch_avx2_vnni

#include "family_simd.h"
