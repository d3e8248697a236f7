/* test_semantics.c — the scalar reference against ../shared/semantics/mqsad_vectors.tsv
 * (an independent model + AMD's hardware test inputs) and hand-worked cases. */
#include "t.h"
#include "mqsad.h"

int main(void)
{
    char path[512], line[512];
    FILE *f = fopen(t_data("mqsad_vectors.tsv", path, sizeof path), "r");
    unsigned rows = 0;
    CHECK(f != NULL, "open %s", path);
    while (f && fgets(line, sizeof line, f)) {
        unsigned long long s0; unsigned s1, s2[4], d[4], got[4], clamp = 0;
        char *tab;
        int n;
        if (line[0] == '#') continue;
        tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        n = sscanf(line, "%llx %x %x %x %x %x", &s0, &s1, &s2[0], &s2[1], &s2[2], &s2[3]);
        clamp = strstr(line, "clamp") != NULL;
        CHECK(n == 6, "row parse: %s", line);
        CHECK(sscanf(tab + 1, "%x %x %x %x", &d[0], &d[1], &d[2], &d[3]) == 4, "row result");
        mqsad_u32_u8_clamp(s0, s1, s2, (int)clamp, got);
        CHECK(memcmp(got, d, sizeof d) == 0, "row %u: %s clamp=%u", rows, line, clamp);
        if (!clamp) {
            mqsad_u32_u8(s0, s1, s2, got);
            CHECK(memcmp(got, d, sizeof d) == 0, "row %u unclamped entry", rows);
        }
        rows++;
    }
    if (f) fclose(f);
    CHECK(rows >= 1500, "rows read: %u", rows);
    {   /* semantics.md §1 worked example */
        const unsigned acc[4] = { 11, 13, 17, 19 };
        unsigned d[4];
        mqsad_u32_u8(0x0706050403020100ull, 0x03020100u, acc, d);
        CHECK(d[0] == 0x0b && d[1] == 0x10 && d[2] == 0x17 && d[3] == 0x1c, "worked example");
        /* mask on S1: a zero reference byte contributes nothing whatever S0 holds */
        CHECK_EQ_U(mqsad_msad_u8(0xffffffffu, 0, 5), 5);
        CHECK_EQ_U(mqsad_msad_u8(0, 0x01010101u, 0xfffffffeu), 2); /* wraps: 0xfffffffe + 4 */
        {
            const unsigned big[4] = { 0xfffffffeu, 0xfffffffeu, 0, 0xffffffffu };
            mqsad_u32_u8_clamp(0, 0x01010101u, big, 1, d);
            CHECK(d[0] == 0xffffffffu && d[1] == 0xffffffffu && d[2] == 4 && d[3] == 0xffffffffu, "clamp saturates");
            mqsad_u32_u8_clamp(0, 0x01010101u, big, 0, d);
            CHECK(d[0] == 2 && d[3] == 3, "no clamp wraps");
        }
        {   /* dst aliasing src2 reads all sources first */
            unsigned a[4] = { 1, 2, 3, 4 };
            mqsad_u32_u8(0x0102030405060708ull, 0x01010101u, a, a);
            unsigned e[4] = { 1 + mqsad_msad_u8(0x05060708u, 0x01010101u, 0),
                              2 + mqsad_msad_u8(0x04050607u, 0x01010101u, 0),
                              3 + mqsad_msad_u8(0x03040506u, 0x01010101u, 0),
                              4 + mqsad_msad_u8(0x02030405u, 0x01010101u, 0) };
            CHECK(memcmp(a, e, sizeof a) == 0, "aliasing");
        }
    }
    return t_done();
}
