/* x86_family_zmm.h — family_simd.h's operations on 512-bit vectors (AVX-512 F + BW), shared
 * by the AVX-512 and AVX-512 VNNI family kernels: 16 lanes per block, the last 1..15 lanes
 * with masked loads and stores (no scalar tail). Include only where AVX-512 is enabled. */
#ifndef MQSAD_X86_FAMILY_ZMM_H
#define MQSAD_X86_FAMILY_ZMM_H
#include <immintrin.h>

#define V __m512i
#define FAM_W 16
#define LD(p) _mm512_loadu_si512((const void *)(p))
#define ST(p, v) _mm512_storeu_si512((void *)(p), (v))
#define FAM_MASK __mmask16
#define LDM(m, p) _mm512_maskz_loadu_epi32((m), (const void *)(p))
#define STM(p, m, v) _mm512_mask_storeu_epi32((void *)(p), (m), (v))
#define ADD32 _mm512_add_epi32
#define SUB32 _mm512_sub_epi32
#define ADD16 _mm512_add_epi16
#define ADDS_U16 _mm512_adds_epu16
#define SUB16 _mm512_sub_epi16
#define SUB8 _mm512_sub_epi8
#define MAXU8 _mm512_max_epu8
#define MINU8 _mm512_min_epu8
#define MAXU16 _mm512_max_epu16
#define MINU16 _mm512_min_epu16
#define MAXU32 _mm512_max_epu32
#define MINU32 _mm512_min_epu32
#define AND _mm512_and_si512
#define OR _mm512_or_si512
#define XOR _mm512_xor_si512
#define SRLI32 _mm512_srli_epi32
#define SLLI32 _mm512_slli_epi32
#define SET1_8(x) _mm512_set1_epi8((char)(x))
#define SET1_16(x) _mm512_set1_epi16((short)(x))
#define SET1_32(x) _mm512_set1_epi32((int)(x))
#define ZERO _mm512_setzero_si512()
#define MADDUBS _mm512_maddubs_epi16
#define MADD16 _mm512_madd_epi16
#define FAM_END() _mm256_zeroupper()
#define KEEP(x) __asm__("" : "+v"(x))
#endif
