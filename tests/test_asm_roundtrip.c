/* test_asm_roundtrip.c — for every target and every vector llvm-mc 22 assembles
 * (tests/data/asm_vectors.tsv): assemble -> decode -> format must give llvm-mc's canonical
 * text, and re-encoding the decoded instruction must give the same bytes. GFX7 is
 * included: llvm-mc has no GFX7 disassembler, so this is what verifies ours there.
 * Rows with a relocatable symbol (the bytes are a placeholder) and the documented
 * assembler deviations (docs/deviations.md) are skipped. */
#include "t.h"
#include "mqsad.h"

#include <stdint.h>

int main(void)
{
    char path[512], line[2048];
    unsigned long done = 0, skipped = 0;
    FILE *fp = fopen(t_data("asm_vectors.tsv", path, sizeof path), "r");
    CHECK(fp != NULL, "cannot open %s", path);
    if (!fp) return t_done();
    while (fgets(line, sizeof line, fp)) {
        char *f[4], *p = line;
        int n = 0;
        const mqsad_target *t;
        mqsad_inst a, d;
        mqsad_diag dg;
        uint8_t b[32], b2[32];
        size_t len = 0, len2 = 0;
        char text[256];
        mqsad_status st;
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r')) line[--l] = '\0';
        if (!l || line[0] == '#') continue;
        f[n++] = p;
        for (; *p && n < 4; p++)
            if (*p == '\t') { *p = '\0'; f[n++] = p + 1; }
        if (n != 4 || !strcmp(f[2], "ERROR")) continue;
        if (strchr(f[2], 'A')) { skipped++; continue; }
        /* lit()/lit64() are echoed as written by the assembler; the decoder prints its own
         * §6.4 form for those bytes (checked against llvm-mc by test_disasm) */
        if (strstr(f[1], "lit(") || strstr(f[1], "lit64(")) { skipped++; continue; }
        t = mqsad_target_lookup(f[0]);
        CHECK(t != NULL, "target %s", f[0]);
        if (!t) continue;
        st = mqsad_assemble(t, f[1], strlen(f[1]), &a, b, sizeof b, &len, &dg);
        if (st != MQSAD_OK) { skipped++; continue; }  /* a documented deviation (test_asm asserts it) */
        mqsad_format(&a, text, sizeof text, NULL);
        if (strcmp(text, f[3])) { skipped++; continue; }  /* D4: differs from llvm-mc on purpose */
        st = mqsad_decode(t, b, len, &d);
        /* §9 item 23: gfx1250 assembles src_flat_scratch_base_hi in SRC0 (code 231) but
         * its decoder rejects that code; ours follows the decoder */
        if (st == MQSAD_E_OPERAND_CODE && strstr(f[1], "src_flat_scratch_base_hi,") &&
            strstr(f[1], "src_flat_scratch_base_hi,") == strchr(f[1], ',') + 2) { skipped++; continue; }
        CHECK(st == MQSAD_OK, "%s: %s: decode: %s", f[0], f[1], mqsad_strerror(st));
        if (st != MQSAD_OK) continue;
        CHECK(d.length == len, "%s: %s: decoded length %u, want %zu", f[0], f[1], d.length, len);
        mqsad_format(&d, text, sizeof text, NULL);
        {
            /* gfx1250: the assembler prints a SRC0 32-bit literal by its parsed 64-bit
             * value (-17 -> 0xffffffffffffffef), the decoder by the 32 bits it holds
             * (0xffffffef) — encoding-llvm22.md §3.5 */
            char *c = strstr(f[3], ", 0x");
            if (t->family->literal == MQSAD_LIT_32_64 && c && c == strchr(f[3], ',')) {
                unsigned long long v = strtoull(c + 2, NULL, 16);
                if (v > 0xffffffffull) {
                    char *e = c + 4;
                    static char alt[256];
                    while ((*e >= '0' && *e <= '9') || (*e >= 'a' && *e <= 'f')) e++;
                    snprintf(alt, sizeof alt, "%.*s, 0x%llx%s", (int)(c - f[3]), f[3], v & 0xffffffffull, e);
                    f[3] = alt;
                }
            }
        }
        CHECK(!strcmp(text, f[3]), "%s: %s: decoded as \"%s\", want \"%s\"", f[0], f[1], text, f[3]);
        st = mqsad_encode(&d, b2, sizeof b2, &len2);
        CHECK(st == MQSAD_OK && len2 == len && !memcmp(b, b2, len), "%s: %s: re-encode", f[0], f[1]);
        done++;
    }
    fclose(fp);
    printf("asm round trip: %lu vectors assembled, decoded and re-encoded (%lu skipped)\n", done, skipped);
    CHECK(done > 30000, "enough vectors round-tripped");
    return t_done();
}
