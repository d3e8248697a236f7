/* sad_family.c — every instruction of the SAD family: assemble one line on a target, print
 * it the way llvm-mc -show-encoding does, decode the bytes back, and evaluate the
 * instruction with the library's scalar reference (with and without clamp).
 *
 *   sad_family            the eight instructions on gfx1100
 *   sad_family TARGET     the same on another target (e.g. gfx900, gfx600)
 *
 * Build: cc sad_family.c $(pkg-config --cflags --libs mqsad)   (or see CMakeLists.txt)
 */
#include <mqsad.h>

#include <stdio.h>
#include <string.h>

/* "v0", "v[0:1]" or "v[0:3]" for a tuple of w registers starting at *next (advanced). */
static void reg(char *buf, size_t size, unsigned w, unsigned *next)
{
    if (w == 1) snprintf(buf, size, "v%u", *next);
    else snprintf(buf, size, "v[%u:%u]", *next, *next + w - 1);
    *next += w;
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "gfx1100";
    const mqsad_target *t = mqsad_target_lookup(name);
    /* S0 = bytes 1..8, S1 = bytes 0..3: window k differs by k+1 in every byte */
    const uint64_t s0 = 0x0807060504030201ull;
    const uint32_t s1 = 0x03020100u;
    int bad = 0;
    unsigned id;
    if (!t) { fprintf(stderr, "unknown target %s\n", name); return 2; }
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        const mqsad_insn_info *in = mqsad_insn_get((mqsad_insn_id)id);
        char text[128], ops[4][16], line[256], dis[128];
        unsigned next = 0, k, c;
        uint32_t s2[4] = { 0, 0, 0, 0 }, d[2][4];
        uint8_t bytes[16];
        size_t n = 0;
        mqsad_inst inst, dec;
        mqsad_diag diag;
        mqsad_status st;

        /* the instruction text, registers as wide as the instruction table says */
        reg(ops[3], sizeof ops[3], in->width[MQSAD_SLOT_VDST], &next);
        for (k = 0; k < 3; k++) reg(ops[k], sizeof ops[k], in->width[k], &next);
        snprintf(text, sizeof text, "%s %s, %s, %s, %s", in->name, ops[3], ops[0], ops[1], ops[2]);

        st = mqsad_parse(t, text, strlen(text), &inst, &diag);
        if (st == MQSAD_OK) st = mqsad_encode(&inst, bytes, sizeof bytes, &n);
        if (st != MQSAD_OK) {
            printf("%s: %s: %s\n", t->name, text, diag.message[0] ? diag.message : mqsad_strerror(st));
            continue;   /* e.g. GFX6 has no v_qsad_pk_u16_u8 */
        }
        if (mqsad_format_encoding_line(&inst, bytes, n, line, sizeof line, NULL) != MQSAD_OK) return 1;
        printf("%s:%s\n", t->name, line);
        if (mqsad_decode(t, bytes, n, &dec) != MQSAD_OK ||
            mqsad_format(&dec, dis, sizeof dis, NULL) != MQSAD_OK || dec.insn != in->id) {
            printf("  decode: FAILED\n");
            bad = 1;
        }

        /* accumulators near the element's maximum, so that clamp matters */
        if (in->width[MQSAD_SLOT_SRC2] == 4) {
            s2[0] = 0xfffffffeu; s2[1] = 13; s2[2] = 17; s2[3] = 19;
        } else if (in->width[MQSAD_SLOT_SRC2] == 2) {
            s2[0] = 0x00020001u; s2[1] = 0xfffe0003u;     /* u16 elements 1, 2, 3, 0xfffe */
        } else {
            s2[0] = 0xfffffffeu;
        }
        for (c = 0; c < 2; c++)
            if (mqsad_eval(in->id, in->width[MQSAD_SLOT_SRC0] == 2 ? s0 : (uint32_t)s0, s1, s2,
                           (int)c, d[c]) != MQSAD_OK)
                return 1;
        printf("  D =");
        for (c = 0; c < 2; c++) {
            if (c) printf("  clamp:");
            if (in->width[MQSAD_SLOT_VDST] == 2)
                printf(" 0x%016llx", (unsigned long long)d[c][1] << 32 | d[c][0]);
            else
                for (k = 0; k < in->width[MQSAD_SLOT_VDST]; k++) printf(" 0x%08x", (unsigned)d[c][k]);
        }
        printf("\n");
    }
    return bad;
}
