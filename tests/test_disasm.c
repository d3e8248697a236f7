/* test_disasm.c — mqsad_decode + mqsad_format against every row of disasm_vectors.tsv
 * (llvm-mc 22 -disassemble output, encoding-llvm22.md §10).
 *
 * Per row (target, hex bytes of one [...] block, expected):
 *  - expected starts with "v_mqsad_u32_u8": the first instruction must decode to exactly
 *    that text; when llvm-mc printed a sequence (" ;; ") our decode must leave bytes for the
 *    rest, otherwise it must consume every byte;
 *  - INVALID, CRASH(rc=-11) (llvm-mc crashed: truncated literal, or a literal on a target
 *    without VOP3 literals, conformance.md) or another instruction first: the first word
 *    must not decode as v_mqsad_u32_u8.
 * Every decode runs on a heap copy of exactly the row's bytes, so an over-read is caught by
 * ASan/valgrind. */
#include "t.h"
#include "mqsad.h"

#include <ctype.h>

int main(void)
{
    char path[512], line[4096];
    FILE *fp = fopen(t_data("disasm_vectors.tsv", path, sizeof path), "r");
    unsigned long rows = 0, ok_rows = 0, valid_rows = 0, invalid_rows = 0;
    if (!fp) {
        CHECK(0, "cannot open %s", path);
        return t_done();
    }
    while (fgets(line, sizeof line, fp)) {
        char *tgt, *hex, *exp, *nl, *seq;
        uint8_t bytes[64], *heap;
        size_t n;
        const mqsad_target *t;
        mqsad_inst in;
        mqsad_status st;
        char text[512];
        if (line[0] == '#' || line[0] == '\n') continue;
        nl = strchr(line, '\n');
        if (nl) *nl = '\0';
        tgt = line;
        hex = strchr(tgt, '\t');
        if (!hex) continue;
        *hex++ = '\0';
        exp = strchr(hex, '\t');
        if (!exp) continue;
        *exp++ = '\0';
        rows++;
        t = mqsad_target_lookup(tgt);
        if (!t) { CHECK(0, "unknown target %s", tgt); continue; }
        n = t_parse_hex(hex, bytes, sizeof bytes, NULL);
        if (n > sizeof bytes) { CHECK(0, "row too long"); continue; }
        heap = malloc(n ? n : 1);
        if (!heap) return 2;
        memcpy(heap, bytes, n);
        st = mqsad_decode(t, n ? heap : NULL, n, &in);
        seq = strstr(exp, " ;; ");
        if (seq) *seq = '\0';
        if (strncmp(exp, "v_mqsad_u32_u8", 14) == 0) {
            valid_rows++;
            if (st != MQSAD_OK) {
                CHECK(0, "%s [%s]: decode failed (%s), want \"%s\"", tgt, hex, mqsad_strerror(st), exp);
            } else {
                mqsad_status fs = mqsad_format(&in, text, sizeof text, NULL);
                int good = fs == MQSAD_OK && strcmp(text, exp) == 0;
                int len_ok = seq ? in.length < n : in.length == n;
                CHECK(good, "%s [%s]: got \"%s\", want \"%s\"", tgt, hex, text, exp);
                CHECK(len_ok, "%s [%s]: consumed %u of %zu bytes (llvm-mc: %s)", tgt, hex,
                      (unsigned)in.length, n, seq ? "more follow" : "all");
                if (good && len_ok) ok_rows++;
            }
        } else {
            invalid_rows++;
            CHECK(st != MQSAD_OK, "%s [%s]: decoded as \"%s\" but llvm-mc says %s", tgt, hex,
                  (mqsad_format(&in, text, sizeof text, NULL), text), exp);
            if (st != MQSAD_OK) ok_rows++;
        }
        free(heap);
    }
    fclose(fp);
    CHECK(rows == 95308, "rows: %lu", rows);
    printf("disasm vectors: %lu rows (%lu decode, %lu invalid for us), %lu agree\n", rows,
           valid_rows, invalid_rows, ok_rows);
    return t_done();
}
