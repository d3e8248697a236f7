/* batch_kernel.c — run the batch kernel over arrays (structure of arrays) and check it
 * against the scalar reference.
 *
 * Build: cc batch_kernel.c $(pkg-config --cflags --libs mqsad)   (or see CMakeLists.txt)
 */
#include <mqsad.h>

#include <stdio.h>
#include <stdlib.h>

#define N 1000   /* not a multiple of any vector width: exercises the tail */

int main(void)
{
    static uint32_t s0_lo[N], s0_hi[N], s1[N], acc[4][N], out[4][N];
    const uint32_t *src2[4] = { acc[0], acc[1], acc[2], acc[3] };
    uint32_t *dst[4] = { out[0], out[1], out[2], out[3] };
    uint32_t x = 12345u;   /* xorshift32: the same data on every run */
    mqsad_kernels k;
    size_t i, mismatches = 0;
    int clamp;

    for (i = 0; i < N; i++) {
        int j;
#define NEXT (x ^= x << 13, x ^= x >> 17, x ^= x << 5, x)
        s0_lo[i] = NEXT; s0_hi[i] = NEXT; s1[i] = NEXT;
        for (j = 0; j < 4; j++) acc[j][i] = NEXT;
#undef NEXT
    }
    /* element 0: the worked example of the semantics (D = 0x0b 0x10 0x17 0x1c) */
    s0_lo[0] = 0x03020100u; s0_hi[0] = 0x07060504u; s1[0] = 0x03020100u;
    acc[0][0] = 11; acc[1][0] = 13; acc[2][0] = 17; acc[3][0] = 19;
    /* element 1: saturates with clamp (0xfffffff0 + 4 * 0xfe) */
    s0_lo[1] = s0_hi[1] = 0xffffffffu; s1[1] = 0x01010101u;
    acc[0][1] = 0xfffffff0u; acc[1][1] = 0; acc[2][1] = 0xffffffffu; acc[3][1] = 1;

    mqsad_kernels_init(&k, MQSAD_CPU_ALL);
    fprintf(stderr, "batch kernel: %s\n", k.name);   /* CPU-dependent: not on stdout */
    for (clamp = 0; clamp <= 1; clamp++) {
        k.batch(s0_lo, s0_hi, s1, src2, dst, N, clamp);
        for (i = 0; i < N; i++) {
            uint32_t s2[4] = { acc[0][i], acc[1][i], acc[2][i], acc[3][i] }, ref[4];
            int j;
            mqsad_u32_u8_clamp((uint64_t)s0_hi[i] << 32 | s0_lo[i], s1[i], s2, clamp, ref);
            for (j = 0; j < 4; j++) mismatches += ref[j] != out[j][i];
        }
        printf("clamp %d: element 0 = 0x%08x 0x%08x 0x%08x 0x%08x\n", clamp,
               out[0][0], out[1][0], out[2][0], out[3][0]);
        printf("clamp %d: element 1 = 0x%08x 0x%08x 0x%08x 0x%08x\n", clamp,
               out[0][1], out[1][1], out[2][1], out[3][1]);
    }
    /* the convenience entry point gives the same results */
    mqsad_batch(s0_lo, s0_hi, s1, src2, dst, N, 0);
    printf("mqsad_batch element 0 = 0x%08x 0x%08x 0x%08x 0x%08x\n", out[0][0], out[1][0],
           out[2][0], out[3][0]);
    printf("%d elements x 2 clamp modes checked against the scalar reference: %lu mismatches\n",
           N, (unsigned long)mismatches);
    return mismatches ? 1 : 0;
}
