/*
 * fuzz_rt_asm.c — round trip text -> assemble -> decode -> print.
 *
 * For every line the assembler accepts (canonical text C, bytes B):
 *  - B decodes, consuming exactly its length, with no "Invalid" annotation;
 *  - the decoded text D is a fixed point (its canonical text is D) and re-assembles to B
 *    (gfx1250 literals and symbols aside, see below);
 *  - D == C, except where LLVM 22 itself prints the two differently (encoding-llvm22.md
 *    §3.5, §6.4): a user-written lit()/lit64() wrapper (echoed as written), gfx1250
 *    literals (the assembler echoes the parsed 64-bit value, lit() becomes a 64-bit
 *    literal), and relocatable symbols (the bytes hold a placeholder).
 *
 * Input: byte 0 = target selector (fuzz.h), bytes 1.. = the line.
 */
#include "fuzz.h"

#define RTA_TEXT_MAX 512

static int rta_loose(const mqsad_target *t, const mqsad_inst *in)
{
    int i;
    if (in->symbol[0]) return 1;
    for (i = 0; i < 3; i++) {   /* SRC2 too: 64-bit on the pk instructions, a literal there */
        const mqsad_operand *o = &in->src[i];
        if (o->kind == MQSAD_OPK_SYMBOL) return 1;
        if (o->lit_wrapper) return 1;
        if ((o->kind == MQSAD_OPK_LITERAL32 || o->kind == MQSAD_OPK_LITERAL64)
            && t->family->literal == MQSAD_LIT_32_64)
            return 1;
    }
    return 0;
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    const mqsad_target *t;
    char *text, canon[RTA_TEXT_MAX], dtext[RTA_TEXT_MAX], ftext[RTA_TEXT_MAX];
    char hex[200], ctx[RTA_TEXT_MAX * 2 + 500];
    size_t n, w = 0, w2 = 0, dlen = 0;
    uint8_t out[32], out2[32], *b;
    mqsad_inst in, dec, re;
    mqsad_diag diag;
    mqsad_status st;

    if (size < 1) return 0;
    t = fuzz_target(data[0]);
    n = size - 1;
    text = (char *)fuzz_dup(data + 1, n);
    st = mqsad_assemble(t, text, n, &in, out, sizeof out, &w, &diag);
    if (st != MQSAD_OK) { free(text); return 0; }
    FUZZ_ASSERT(mqsad_format(&in, canon, sizeof canon, NULL) == MQSAD_OK, "format");
    fuzz_hex(out, w, hex, sizeof hex);
    snprintf(ctx, sizeof ctx, "%s \"%.*s\" -> \"%s\" [%s]", t->name, n > 200 ? 200 : (int)n,
             text, canon, hex);

    b = fuzz_dup(out, w);
    st = mqsad_decode(t, b, w, &dec);
    /* encoding-llvm22.md §9.23: gfx1250 assembles src_flat_scratch_base_hi in SRC0 (code
     * 231) but its disassembler rejects that code */
    if (st != MQSAD_OK && in.src[0].kind == MQSAD_OPK_SPECIAL
        && in.src[0].special == MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI) {
        free(b);
        free(text);
        return 0;
    }
    FUZZ_ASSERT(st == MQSAD_OK, ctx);
    FUZZ_ASSERT(dec.length == w, ctx);
    FUZZ_ASSERT(!dec.vdst.invalid && !dec.src[0].invalid && !dec.src[1].invalid
                && !dec.src[2].invalid, ctx);
    FUZZ_ASSERT(mqsad_format(&dec, dtext, sizeof dtext, &dlen) == MQSAD_OK, ctx);
    snprintf(ctx + strlen(ctx), sizeof ctx - strlen(ctx), " -> \"%s\"", dtext);
    if (!rta_loose(t, &in)) FUZZ_ASSERT(strcmp(dtext, canon) == 0, ctx);

    /* the decoded text is a fixed point */
    st = mqsad_assemble(t, dtext, dlen, &re, out2, sizeof out2, &w2, &diag);
    FUZZ_ASSERT(st == MQSAD_OK, ctx);
    FUZZ_ASSERT(mqsad_format(&re, ftext, sizeof ftext, NULL) == MQSAD_OK, ctx);
    FUZZ_ASSERT(strcmp(ftext, dtext) == 0, ctx);
    /* the same bytes, except for gfx1250 literals (a 64-bit literal whose value fits 32 bits
     * prints as a plain value, which assembles to a 32-bit literal: §6.4) and symbols */
    if (!in.symbol[0] && !(t->family->literal == MQSAD_LIT_32_64 && in.literal_size)) {
        FUZZ_ASSERT(w2 == w, ctx);
        FUZZ_ASSERT(memcmp(out2, out, w) == 0, ctx);
    }
    free(b);
    free(text);
    return 0;
}
