/* test_family_dis.c — mqsad_decode + mqsad_format against every row of
 * family_dis_vectors.tsv (scripts/gen_family_vectors.py: the eight SAD-family instructions on
 * every target family, from llvm-mc 22's disassembler, and for GFX6/GFX7 from its assembler).
 *
 * Per row the rule of t_dis_row (tests/common_vec.c): a family member decoded by llvm-mc ->
 * the same text, annotation and byte count; anything else (INVALID, a crash, another
 * instruction) -> the first word must not decode. Also: the instruction decoded is the one
 * the text names, and mqsad_format_operand / mqsad_format_encoding_line agree with
 * mqsad_format on it. */
#include "t.h"
#include "mqsad.h"
#include "vec.h"

typedef struct fam_tally {
    t_dis_tally dis;
    unsigned long per_insn[MQSAD_INSN_COUNT];
} fam_tally;

/* the row's own checks, then the instruction identity and the other formatters */
static void row(char **f, void *ctx)
{
    fam_tally *t = ctx;
    unsigned long agree = t->dis.agree;
    const mqsad_target *tg = mqsad_target_lookup(f[0]);
    unsigned char bytes[64];
    size_t n, len = 0;
    mqsad_inst in;
    char exp[512], text[512], line[600], op[256], *sp;
    const mqsad_insn_info *ii;

    snprintf(exp, sizeof exp, "%s", f[2]);
    t_dis_row(f, &t->dis);
    if (t->dis.agree == agree || !tg) return;
    n = t_parse_hex(f[1], bytes, sizeof bytes, NULL);
    if (n > sizeof bytes || mqsad_decode(tg, bytes, n, &in) != MQSAD_OK) return;
    ii = mqsad_insn_get(in.insn);
    sp = strchr(exp, ' ');
    if (!ii || !sp) { CHECK(0, "%s [%s]: instruction id %d", f[0], f[1], (int)in.insn); return; }
    *sp = '\0';
    CHECK(!strcmp(ii->name, exp), "%s [%s]: insn %s, text names %s", f[0], f[1], ii->name, exp);
    t->per_insn[in.insn]++;
    /* the operands one by one make up the text */
    {
        char joined[512];
        int s, ok = 1;
        static const int order[4] = { MQSAD_SLOT_VDST, MQSAD_SLOT_SRC0, MQSAD_SLOT_SRC1, MQSAD_SLOT_SRC2 };
        snprintf(joined, sizeof joined, "%s", ii->name);
        for (s = 0; s < 4; s++) {
            ok &= mqsad_format_operand(&in, order[s], op, sizeof op, NULL) == MQSAD_OK;
            snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", s ? ", " : " ", op);
        }
        if (in.clamp) snprintf(joined + strlen(joined), sizeof joined - strlen(joined), " clamp");
        mqsad_format(&in, text, sizeof text, NULL);
        CHECK(ok && !strcmp(joined, text), "%s [%s]: operands \"%s\" vs \"%s\"", f[0], f[1], joined, text);
    }
    /* the -show-encoding line of the consumed bytes: TAB, text, spaces to column 40 */
    if (mqsad_format_encoding_line(&in, bytes, in.length, line, sizeof line, &len) == MQSAD_OK) {
        size_t tl = strlen(text), pad = tl < 39 ? 40 - tl : 1, k;
        int ok = line[0] == '\t' && !strncmp(line + 1, text, tl);
        for (k = 0; ok && k < pad; k++) ok = line[1 + tl + k] == ' ';
        ok = ok && !strncmp(line + 1 + tl + pad, "; encoding: [", 13);
        CHECK(ok && len == strlen(line), "%s [%s]: encoding line \"%s\"", f[0], f[1], line);
    } else {
        CHECK(0, "%s [%s]: encoding line failed", f[0], f[1]);
    }
}

int main(void)
{
    char path[512];
    fam_tally t;
    unsigned i;
    memset(&t, 0, sizeof t);
    t_tsv_each(t_data("family_dis_vectors.tsv", path, sizeof path), 3, row, &t);
    CHECK(t.dis.rows > 300000, "rows: %lu", t.dis.rows);
    for (i = 0; i < MQSAD_INSN_COUNT; i++)
        CHECK(t.per_insn[i] > 10000, "%s: %lu decoded rows", mqsad_insn_get((mqsad_insn_id)i)->name,
              t.per_insn[i]);
    printf("family disasm vectors: %lu rows (%lu decode, %lu invalid for us), %lu agree\n",
           t.dis.rows, t.dis.valid, t.dis.invalid, t.dis.agree);
    return t_done();
}
