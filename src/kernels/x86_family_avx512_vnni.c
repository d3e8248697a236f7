/* x86_family_avx512_vnni.c — the SAD family's AVX-512 VNNI kernels (-mavx512f -mavx512bw
 * -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2): vpdpbusd for the byte SADs (accumulating
 * straight into S2 without clamp; with clamp a result below S2 wrapped and is saturated by
 * a compare into a mask and a masked move) and vpshrdd for the S0 windows. Kernels for the
 * five byte-SAD forms only (V_SAD_U16 and V_SAD_U32 stay at the AVX-512 level). The level
 * needs VBMI2 like its V_MQSAD_U32_U8 kernel (src/kernels/cpu.c). */
#include "x86_family_zmm.h"

#define DPBUSD _mm512_dpbusd_epi32
#define SAT_BELOW(r, c) _mm512_mask_mov_epi32((r), _mm512_cmplt_epu32_mask((r), (c)), _mm512_set1_epi32(-1))
#define SHRD32(lo, hi, B) _mm512_shrdi_epi32((lo), (hi), (B))
#define FAM_TABLE mqsad__fam_avx512_vnni
#define FAM_MQSAD_U32_U8 mqsad_batch_avx512_vnni

#include "family_simd.h"
