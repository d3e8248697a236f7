/* x86_family_avx512.c — the SAD family's AVX-512 kernels for F + BW + VL (compiled with
 * -mavx512f -mavx512bw -mavx512vl -mbmi2, no VNNI or VBMI2: they run on Skylake-X): the
 * operations of family_simd.h on 512-bit vectors (x86_family_zmm.h). */
#include "x86_family_zmm.h"

#define FAM_TABLE mqsad__fam_avx512
#define FAM_MQSAD_U32_U8 mqsad_batch_avx512

#include "family_simd.h"
