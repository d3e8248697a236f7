/*
 * gen_dis_optab.c — writes $(BUILD)/gen/dis_optab.inc, the constant operand text tables
 * of `mqsad dis`'s fast path (tools/dis_optab.h says what an entry holds), by formatting
 * every (target, slot, code) with the library: the texts come from the one target table
 * and formatter that mqsad_decode + mqsad_format use, never from a second description.
 * Identical tables are emitted once. Run by the Makefile at build time; stdout is the file.
 */
#include "mqsad.h"
#include "dis_optab.h"

#include <stdio.h>
#include <string.h>

#define MAX_TABLES 64
#define OPTEXT_MAX 100             /* room for formatting one operand (annotations included) */

static struct optab tables[MAX_TABLES];   /* distinct contents, in order of first use */

/* One entry: pre TEXT post if it fits in cap (text, len, ok), else OPT_SLOW. */
static void set_entry(char *text, size_t cap, uint8_t *len, uint8_t *ok, const char *pre,
                      const char *body, size_t n, const char *post)
{
    size_t lp = strlen(pre), ls = strlen(post);
    *ok = OPT_SLOW;
    if (!body || lp + n + ls > cap) return;
    memcpy(text, pre, lp);
    memcpy(text + lp, body, n);
    memcpy(text + lp + n, post, ls);
    *len = (uint8_t)(lp + n + ls);
    *ok = OPT_FAST;
}
#define SET_ENTRY(e, pre, body, n, post) \
    set_entry((e)->text, sizeof (e)->text, &(e)->len, &(e)->ok, pre, body, n, post)

/* The entries of (slot, code) on scratch's target. */
static void fill_op(struct optab *op, mqsad_inst *scratch, int slot, unsigned code)
{
    const mqsad_target *t = scratch->target;
    mqsad_operand *o = slot == MQSAD_SLOT_VDST ? &scratch->vdst : &scratch->src[slot];
    char text[OPTEXT_MAX];
    const char *body = text;
    size_t len = 0;
    if (slot != MQSAD_SLOT_VDST && (code == 254 || code == 255)) body = NULL;   /* literals */
    /* mqsad_operand_from_code rewrites the whole operand, and an operand's text depends
     * only on it and the target, so one scratch instruction serves every entry */
    else if (mqsad_operand_from_code(t, slot, code, 0, o) != MQSAD_OK) body = NULL;
    else if (mqsad_format_operand(scratch, slot, text, sizeof text, &len) != MQSAD_OK) body = NULL;
    /* GFX7 decodes only what its assembler emits, and that depends on the pair SRC0/SRC1
     * (one scalar value at most: mqsad_decode checks the constant bus), not on each code
     * alone; words with a scalar SRC1 take the general path there. */
    else if (slot == MQSAD_SLOT_SRC1 && t->family->dis_strict &&
             (o->kind == MQSAD_OPK_SGPR || o->kind == MQSAD_OPK_TTMP || o->kind == MQSAD_OPK_SPECIAL))
        body = NULL;
    switch (slot) {
    case MQSAD_SLOT_VDST: SET_ENTRY(&op->vdst[code], "\tv_mqsad_u32_u8 ", body, len, ", "); break;
    case MQSAD_SLOT_SRC0: SET_ENTRY(&op->src0[code], "", body, len, ", "); break;
    case MQSAD_SLOT_SRC1: SET_ENTRY(&op->src1[code], "", body, len, ", "); break;
    default:
        SET_ENTRY(&op->src2[0][code], "", body, len, "\n");
        SET_ENTRY(&op->src2[1][code], "", body, len, " clamp\n");
        break;
    }
}

static void fill_target(const mqsad_target *t, struct optab *op)
{
    mqsad_inst scratch;
    unsigned c;
    memset(op, 0, sizeof *op);   /* the bytes past each text stay 0: a deterministic file */
    memset(&scratch, 0, sizeof scratch);
    scratch.target = t;
    for (c = 0; c < 256; c++) fill_op(op, &scratch, MQSAD_SLOT_VDST, c);
    for (c = 0; c < 512; c++) {
        fill_op(op, &scratch, MQSAD_SLOT_SRC0, c);
        fill_op(op, &scratch, MQSAD_SLOT_SRC1, c);
        fill_op(op, &scratch, MQSAD_SLOT_SRC2, c);
    }
}

/* { "TEXT", len, ok }: the text as a C string, every byte that is not a printable
 * ASCII character other than '"', '\\' and '?' (trigraphs) as a 3-digit octal escape;
 * a text that fills its array as a list of byte values instead (a string would drop
 * its NUL, which gcc 15's -Wextra reports) */
static void put_entry(const char *text, size_t cap, unsigned len, unsigned ok)
{
    size_t i;
    if (ok != OPT_FAST) len = 0;
    if (len >= cap) {
        printf("{{");
        for (i = 0; i < cap; i++) printf("%u,", (unsigned char)text[i]);
        printf("},%u,%u},", len, ok);
        return;
    }
    printf("{\"");
    for (i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\' && ch != '?') putchar(ch);
        else printf("\\%03o", ch);
    }
    printf("\",%u,%u},", len, ok);
}

/* one entry, its capacity taken from its own text array */
#define PUT_ENTRY(e) put_entry((e).text, sizeof (e).text, (e).len, (e).ok)

static void put_table(size_t k, const struct optab *op)
{
    unsigned c, clamp;
    printf("static const struct optab dis_optab_%zu DIS_OPTAB_SECTION = {\n {", k);
    for (c = 0; c < 256; c++) PUT_ENTRY(op->vdst[c]);
    printf("},\n {");
    for (c = 0; c < 512; c++) PUT_ENTRY(op->src0[c]);
    printf("},\n {");
    for (c = 0; c < 512; c++) PUT_ENTRY(op->src1[c]);
    printf("},\n {");
    for (clamp = 0; clamp < 2; clamp++) {
        printf("{");
        for (c = 0; c < 512; c++) PUT_ENTRY(op->src2[clamp][c]);
        printf("},");
    }
    printf("}\n};\n");
}

int main(void)
{
    static struct optab cur;
    static size_t which[256];
    size_t n = mqsad_target_count(), ntab = 0, i, k;
    if (n > sizeof which / sizeof which[0]) { fprintf(stderr, "gen_dis_optab: too many targets\n"); return 1; }
    printf("/* dis_optab.inc: generated by tools/gen/gen_dis_optab.c from libmqsad; do not edit */\n");
    for (i = 0; i < n; i++) {
        fill_target(mqsad_target_at(i), &cur);
        for (k = 0; k < ntab && memcmp(&tables[k], &cur, sizeof cur); k++) continue;
        if (k == ntab) {
            if (ntab == MAX_TABLES) { fprintf(stderr, "gen_dis_optab: too many tables\n"); return 1; }
            tables[ntab++] = cur;
            put_table(k, &cur);
        }
        which[i] = k;
    }
    printf("static const struct dis_optab_ref dis_optabs[] = {\n");
    for (i = 0; i < n; i++) printf("    { \"%s\", &dis_optab_%zu },\n", mqsad_target_at(i)->name, which[i]);
    printf("};\n");
    return fflush(stdout) != 0 || ferror(stdout);
}
