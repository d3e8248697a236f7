/* x86_family_sse41.c — the SAD family's SSE4.1 kernels (compiled with -msse4.1 only): the
 * operations of family_simd.h on 128-bit vectors, 4 lanes per block. */
#include <immintrin.h>

#define V __m128i
#define FAM_W 4
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define ADD32 _mm_add_epi32
#define SUB32 _mm_sub_epi32
#define ADD16 _mm_add_epi16
#define ADDS_U16 _mm_adds_epu16
#define SUB16 _mm_sub_epi16
#define SUB8 _mm_sub_epi8
#define MAXU8 _mm_max_epu8
#define MINU8 _mm_min_epu8
#define MAXU16 _mm_max_epu16
#define MINU16 _mm_min_epu16
#define MAXU32 _mm_max_epu32
#define MINU32 _mm_min_epu32
#define AND _mm_and_si128
#define OR _mm_or_si128
#define XOR _mm_xor_si128
#define SRLI32 _mm_srli_epi32
#define SLLI32 _mm_slli_epi32
#define SET1_8(x) _mm_set1_epi8((char)(x))
#define SET1_16(x) _mm_set1_epi16((short)(x))
#define SET1_32(x) _mm_set1_epi32((int)(x))
#define ZERO _mm_setzero_si128()
#define MADDUBS _mm_maddubs_epi16
#define MADD16 _mm_madd_epi16
#define FAM_END() ((void)0)
#define FAM_TABLE mqsad__fam_sse41
#define FAM_MQSAD_U32_U8 mqsad_batch_sse41

#include "family_simd.h"
