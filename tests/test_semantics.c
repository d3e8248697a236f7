/* test_semantics.c — the scalar reference against ../shared/semantics/mqsad_vectors.tsv
 * (an independent model + AMD's hardware test inputs), the family's vectors
 * tests/data/family_vectors.tsv (scripts/gen_family_semantics.py, written from AMD's
 * pseudocode) and hand-worked cases from the pseudocode (docs/semantics.md). */
#include "t.h"
#include "mqsad.h"

#include <inttypes.h>

/* Reads whitespace-separated 0x-hex numbers from *p into v[0..max); returns the count. */
static unsigned read_hex(char **p, unsigned long long *v, unsigned max, int *clamp)
{
    unsigned n = 0;
    char *s = *p, *end;
    for (;;) {
        while (*s == ' ') s++;
        if (!strncmp(s, "clamp", 5)) { *clamp = 1; s += 5; continue; }
        if (*s != '0') break;
        if (n == max) return max + 1;
        v[n++] = strtoull(s, &end, 16);
        if (end == s) break;
        s = end;
    }
    *p = s;
    return n;
}

/* One family row: "MNEMONIC\tS0 S1 S2 [clamp]\tD" (S2 and D four dwords for
 * v_mqsad_u32_u8). Checks mqsad_eval and the instruction's own scalar function. */
static void family_row(char *line, unsigned rowno, unsigned count[MQSAD_INSN_COUNT],
                       unsigned clamped[MQSAD_INSN_COUNT])
{
    char *in = strchr(line, '\t'), *out;
    const mqsad_insn_info *info;
    unsigned long long v[8], d[4];
    unsigned n, nd, k;
    int clamp = 0, dummy = 0;
    uint32_t s2[4] = { 0 }, want[4] = { 0 }, got[4];
    if (!in) { CHECK(0, "row %u: no TAB", rowno); return; }
    *in++ = 0;
    out = strchr(in, '\t');
    if (!out) { CHECK(0, "row %u: no second TAB", rowno); return; }
    *out++ = 0;
    info = mqsad_insn_lookup(line);
    if (!info) { CHECK(0, "row %u: unknown mnemonic %s", rowno, line); return; }
    n = read_hex(&in, v, 8, &clamp);
    nd = read_hex(&out, d, 4, &dummy);
    if (info->id == MQSAD_INSN_MQSAD_U32_U8) {
        CHECK(n == 6 && nd == 4, "row %u: %u inputs, %u results", rowno, n, nd);
        for (k = 0; k < 4; k++) { s2[k] = (uint32_t)v[2 + k]; want[k] = (uint32_t)d[k]; }
    } else {
        CHECK(n == 3 && nd == 1, "row %u: %u inputs, %u results", rowno, n, nd);
        s2[0] = (uint32_t)v[2]; s2[1] = (uint32_t)(v[2] >> 32);
        want[0] = (uint32_t)d[0]; want[1] = (uint32_t)(d[0] >> 32);
    }
    if (n < 3) return;
    CHECK(mqsad_eval(info->id, v[0], (uint32_t)v[1], s2, clamp, got) == MQSAD_OK, "row %u eval", rowno);
    CHECK(memcmp(got, want, sizeof got) == 0, "row %u %s %s: mqsad_eval gives "
          "%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32, rowno, line, in, got[0], got[1], got[2], got[3]);
    /* the instruction's own scalar function */
    switch (info->id) {
    case MQSAD_INSN_SAD_U8:    CHECK_EQ_U(mqsad_v_sad_u8((uint32_t)v[0], (uint32_t)v[1], s2[0], clamp), want[0]); break;
    case MQSAD_INSN_SAD_HI_U8: CHECK_EQ_U(mqsad_v_sad_hi_u8((uint32_t)v[0], (uint32_t)v[1], s2[0], clamp), want[0]); break;
    case MQSAD_INSN_SAD_U16:   CHECK_EQ_U(mqsad_v_sad_u16((uint32_t)v[0], (uint32_t)v[1], s2[0], clamp), want[0]); break;
    case MQSAD_INSN_SAD_U32:   CHECK_EQ_U(mqsad_v_sad_u32((uint32_t)v[0], (uint32_t)v[1], s2[0], clamp), want[0]); break;
    case MQSAD_INSN_MSAD_U8:   CHECK_EQ_U(mqsad_v_msad_u8((uint32_t)v[0], (uint32_t)v[1], s2[0], clamp), want[0]); break;
    case MQSAD_INSN_QSAD_PK_U16_U8:
        CHECK_EQ_U(mqsad_v_qsad_pk_u16_u8(v[0], (uint32_t)v[1], v[2], clamp), d[0]); break;
    case MQSAD_INSN_MQSAD_PK_U16_U8:
        CHECK_EQ_U(mqsad_v_mqsad_pk_u16_u8(v[0], (uint32_t)v[1], v[2], clamp), d[0]); break;
    case MQSAD_INSN_MQSAD_U32_U8:
        mqsad_v_mqsad_u32_u8(v[0], (uint32_t)v[1], s2, clamp, got);
        CHECK(memcmp(got, want, sizeof got) == 0, "row %u mqsad_v_mqsad_u32_u8", rowno); break;
    default: CHECK(0, "row %u: id %d", rowno, (int)info->id);
    }
    count[info->id]++;
    clamped[info->id] += clamp;
}

static void family_vectors(void)
{
    char path[512], line[512];
    unsigned count[MQSAD_INSN_COUNT] = { 0 }, clamped[MQSAD_INSN_COUNT] = { 0 }, rows = 0, k;
    FILE *f = fopen(t_data("family_vectors.tsv", path, sizeof path), "r");
    CHECK(f != NULL, "open %s", path);
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '#' || !line[0]) continue;
        family_row(line, ++rows, count, clamped);
    }
    if (f) fclose(f);
    for (k = 0; k < MQSAD_INSN_COUNT; k++) {
        CHECK(count[k] >= 400, "%s: only %u rows", mqsad_insn_get((mqsad_insn_id)k)->name, count[k]);
        CHECK(clamped[k] >= 100 && clamped[k] < count[k], "%s: %u clamp rows of %u",
              mqsad_insn_get((mqsad_insn_id)k)->name, clamped[k], count[k]);
    }
}

/* Cases worked by hand from AMD's pseudocode (docs/semantics.md, the family section). */
static void family_by_hand(void)
{
    uint32_t s2[4] = { 0 }, d[4];
    /* v_sad_u8: |1-2| + |2-4| + |3-6| + |4-8| = 1+2+3+4 = 10, plus S2 = 5 */
    CHECK_EQ_U(mqsad_v_sad_u8(0x04030201u, 0x08060402u, 5, 0), 15);
    /* no mask: a zero S1 byte still counts (|0xff - 0| = 255 four times) */
    CHECK_EQ_U(mqsad_v_sad_u8(0xffffffffu, 0, 0, 0), 1020);
    /* v_msad_u8: the same zero reference bytes are skipped */
    CHECK_EQ_U(mqsad_v_msad_u8(0xffffffffu, 0, 7, 0), 7);
    CHECK_EQ_U(mqsad_v_msad_u8(0xff00ff00u, 0x01000100u, 0, 0), 2 * 0xfe); /* bytes 1, 3 */
    /* v_sad_hi_u8: (sad << 16) + S2; wraps past 2^32, saturates with clamp */
    CHECK_EQ_U(mqsad_v_sad_hi_u8(0x04030201u, 0x08060402u, 3, 0), 0x000a0003u);
    CHECK_EQ_U(mqsad_v_sad_hi_u8(0xffffffffu, 0, 0xfc050000u, 0), 0x00010000u); /* 0x3fc0000 + 0xfc050000 */
    CHECK_EQ_U(mqsad_v_sad_hi_u8(0xffffffffu, 0, 0xfc050000u, 1), 0xffffffffu);
    /* v_sad_u16: |0x1234 - 0x0234| + |0x0001 - 0xffff| = 0x1000 + 0xfffe */
    CHECK_EQ_U(mqsad_v_sad_u16(0x00011234u, 0xffff0234u, 2, 0), 0x1000u + 0xfffeu + 2);
    /* v_sad_u32: unsigned |S0 - S1| + S2 */
    CHECK_EQ_U(mqsad_v_sad_u32(0, 0xffffffffu, 0, 0), 0xffffffffu);
    CHECK_EQ_U(mqsad_v_sad_u32(0, 0xffffffffu, 2, 0), 1);
    CHECK_EQ_U(mqsad_v_sad_u32(0, 0xffffffffu, 2, 1), 0xffffffffu);
    CHECK_EQ_U(mqsad_v_sad_u32(10, 3, 0xfffffff0u, 1), 0xfffffff7u);
    /* v_qsad_pk_u16_u8: windows S0[8k+31:8k] against S1, S2 elements 16 bits each.
     * S0 bytes 0..7 = 0,1,...,7, S1 = 0x03020100: window k differs by k in every byte,
     * so each SAD is 4k; element 3 = 0xfffe + 12 wraps to 0x000a, saturates to 0xffff. */
    CHECK_EQ_U(mqsad_v_qsad_pk_u16_u8(0x0706050403020100ull, 0x03020100u,
                                      0xfffe000200010000ull, 0), 0x000a000a00050000ull);
    CHECK_EQ_U(mqsad_v_qsad_pk_u16_u8(0x0706050403020100ull, 0x03020100u,
                                      0xfffe000200010000ull, 1), 0xffff000a00050000ull);
    /* v_mqsad_pk_u16_u8: S1 byte 0 is zero, so each window skips its byte 0: 3k */
    CHECK_EQ_U(mqsad_v_mqsad_pk_u16_u8(0x0706050403020100ull, 0x03020100u,
                                       0xfffe000200010000ull, 0), 0x0007000800040000ull);
    /* the generic evaluator zeroes the dwords past the result */
    s2[0] = 5;
    d[1] = d[2] = d[3] = 0xdeadbeefu;
    CHECK(mqsad_eval(MQSAD_INSN_SAD_U32, 7, 9, s2, 0, d) == MQSAD_OK && d[0] == 7 &&
          d[1] == 0 && d[2] == 0 && d[3] == 0, "eval 32-bit result");
    CHECK(mqsad_eval(MQSAD_INSN_COUNT, 0, 0, s2, 0, d) == MQSAD_E_INVALID_ARGUMENT, "bad id");
    CHECK(mqsad_eval(MQSAD_INSN_SAD_U8, 0, 0, NULL, 0, d) == MQSAD_E_INVALID_ARGUMENT, "NULL s2");
}

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
    family_vectors();
    family_by_hand();
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
