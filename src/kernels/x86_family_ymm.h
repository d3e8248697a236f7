/* x86_family_ymm.h — family_simd.h's element operations on 256-bit vectors, shared by the
 * AVX2 and AVX2 + AVX-VNNI family kernels (include only where AVX2 is enabled). */
#ifndef MQSAD_X86_FAMILY_YMM_H
#define MQSAD_X86_FAMILY_YMM_H
#define ADD32 _mm256_add_epi32
#define SUB32 _mm256_sub_epi32
#define ADD16 _mm256_add_epi16
#define ADDS_U16 _mm256_adds_epu16
#define SUB16 _mm256_sub_epi16
#define SUB8 _mm256_sub_epi8
#define MAXU8 _mm256_max_epu8
#define MINU8 _mm256_min_epu8
#define MAXU16 _mm256_max_epu16
#define MINU16 _mm256_min_epu16
#define MAXU32 _mm256_max_epu32
#define MINU32 _mm256_min_epu32
#define AND _mm256_and_si256
#define OR _mm256_or_si256
#define XOR _mm256_xor_si256
#define SRLI32 _mm256_srli_epi32
#define SLLI32 _mm256_slli_epi32
#define SET1_8(x) _mm256_set1_epi8((char)(x))
#define SET1_16(x) _mm256_set1_epi16((short)(x))
#define SET1_32(x) _mm256_set1_epi32((int)(x))
#define ZERO _mm256_setzero_si256()
#define MADDUBS _mm256_maddubs_epi16
#define MADD16 _mm256_madd_epi16
#endif
