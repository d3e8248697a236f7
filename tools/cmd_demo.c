/* cmd_demo.c — `mqsad demo`: the seed page's example on every generation, then the SAD
 * family on one generation.
 *
 * For each generation: assemble "v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]" (or show why
 * the generation rejects it, and an aligned variant), disassemble the bytes, check the round
 * trip, and execute it on a small wave. Before that, the worked example of the semantics.
 * After it, every instruction of the family on FAMILY_TARGET: assembled, its bytes, its
 * disassembly and round trip, and an evaluation with the scalar reference.
 * Every step reports its own failure and the demo goes on: it must run to the end even if
 * a piece of the library is missing or broken. Everything per-target comes from the table. */
#include "cli.h"

#include <string.h>

#define SEED_TEXT "v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]"
#define FAMILY_TARGET "gfx1100"
#define LINE_MAX_DEMO 256

static _Alignas(MQSAD_WAVE_ALIGN) mqsad_wave_state demo_wave;   /* ~67 KiB: not on the stack */
static unsigned demo_failures;

static void demo_usage(FILE *out)
{
    fprintf(out,
        "usage: mqsad demo [-t TARGET]... [--strict]\n"
        "\n"
        "Shows V_MQSAD_U32_U8 on every generation: the worked example of the semantics,\n"
        "then for each generation the seed page's example\n"
        "  " SEED_TEXT "\n"
        "assembled (llvm-mc 22 bytes and text), or the reason the generation rejects it\n"
        "(CDNA 2-4 and gfx1250 need even-aligned VGPR tuples) plus an aligned variant;\n"
        "its disassembly and round trip; and a wave execution showing four lanes.\n"
        "Then the whole SAD family on " FAMILY_TARGET ": each instruction assembled, its bytes,\n"
        "disassembly and an evaluation.\n"
        "\n"
        "  -t TARGET   only this target or generation (repeatable)\n"
        "  --strict    exit 1 if any step failed (default: report it and exit 0)\n"
        "\n"
        "exit status: 0 ok (or failures reported without --strict), 1 a step failed with\n"
        "--strict, 2 usage error (including an unknown target).\n");
}

static void fail(const char *what, mqsad_status st)
{
    demo_failures++;
    printf("        FAILED: %s: %s\n", what, mqsad_strerror(st));
}

static void hex_bytes(const uint8_t *b, size_t n, char *buf, size_t size)
{
    size_t i, len = 0;
    buf[0] = 0;
    for (i = 0; i < n && len + 6 < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s0x%02x", i ? "," : "", b[i]);
}

/* ---- the semantics: worked example of semantics.md §1 ---- */
static void worked_example(void)
{
    static const uint64_t s0 = 0x0706050403020100ull;
    static const uint32_t s1 = 0x03020100u, s2[4] = { 11, 13, 17, 19 };
    static const uint32_t want[4] = { 0x0b, 0x10, 0x17, 0x1c };
    uint32_t d[4];
    unsigned k, i;

    printf("The operation: for k = 0..3, D[k] = S2[k] + the sum of |S0.byte[k+i] - S1.byte[i]|\n"
           "over the bytes i = 0..3 where S1.byte[i] != 0 (the reference mask); modulo 2^32,\n"
           "or saturated at 0xffffffff with clamp (project policy, docs/semantics.md).\n\n");
    printf("Worked example: S0 = 0x%016llx, S1 = 0x%08x, S2 = {%u, %u, %u, %u}\n",
           (unsigned long long)s0, (unsigned)s1, (unsigned)s2[0], (unsigned)s2[1],
           (unsigned)s2[2], (unsigned)s2[3]);
    printf("  k  S0 bytes k..k+3    S1 bytes      |diff|       D[k]  (S1 byte 0 is 0: masked)\n");
    for (k = 0; k < 4; k++) {
        uint32_t sum = 0;
        char diff[32];
        size_t len = 0;
        printf("  %u  ", k);
        for (i = 0; i < 4; i++) printf("%02x ", (unsigned)(s0 >> (8 * (k + i)) & 0xff));
        printf("       ");
        for (i = 0; i < 4; i++) printf("%02x ", (unsigned)(s1 >> (8 * i) & 0xff));
        for (i = 0; i < 4; i++) {
            unsigned a = (unsigned)(s0 >> (8 * (k + i)) & 0xff), b = (unsigned)(s1 >> (8 * i) & 0xff);
            if (!b) { len += (size_t)snprintf(diff + len, sizeof diff - len, " -"); continue; }
            sum += a > b ? a - b : b - a;
            len += (size_t)snprintf(diff + len, sizeof diff - len, " %u", a > b ? a - b : b - a);
        }
        printf(" %-13s %2u + %u = 0x%08x\n", diff, (unsigned)s2[k], (unsigned)sum,
               (unsigned)(s2[k] + sum));
    }
    mqsad_u32_u8(s0, s1, s2, d);
    printf("  mqsad_u32_u8(): 0x%08x 0x%08x 0x%08x 0x%08x  %s\n\n", (unsigned)d[0],
           (unsigned)d[1], (unsigned)d[2], (unsigned)d[3],
           memcmp(d, want, sizeof d) ? "DIFFERS from semantics.md {0x0b, 0x10, 0x17, 0x1c}"
                                     : "(= semantics.md: 0x0b 0x10 0x17 0x1c)");
    if (memcmp(d, want, sizeof d)) demo_failures++;
}

/* ---- assembling: text -> instruction + bytes ---- */

/* The instruction built from its operand codes (no assembler involved): the fallback
 * when the assembler fails, so that the later steps still run. The codes are the same on
 * every target: 193 = inline -1, 256 + n = VGPR n. */
static mqsad_status build_by_hand(const mqsad_target *t, unsigned vdst, mqsad_inst *inst)
{
    mqsad_status st;
    memset(inst, 0, sizeof *inst);
    inst->target = t;
    st = mqsad_operand_from_code(t, MQSAD_SLOT_VDST, vdst, 0, &inst->vdst);
    if (st == MQSAD_OK) st = mqsad_operand_from_code(t, MQSAD_SLOT_SRC0, 193, 0, &inst->src[0]);
    if (st == MQSAD_OK) st = mqsad_operand_from_code(t, MQSAD_SLOT_SRC1, 193, 0, &inst->src[1]);
    if (st == MQSAD_OK) st = mqsad_operand_from_code(t, MQSAD_SLOT_SRC2, 256 + 252, 0, &inst->src[2]);
    if (st == MQSAD_OK) st = mqsad_validate(inst, NULL);
    return st;
}

/* Assembles "v_mqsad_u32_u8 v[V:V+3], -1, -1, v[252:255]" with mqsad_parse + mqsad_encode.
 * Returns MQSAD_OK, or the status with llvm-mc's diagnostic in why. */
static mqsad_status demo_assemble(const mqsad_target *t, unsigned vdst, mqsad_inst *inst,
                                  uint8_t *bytes, size_t size, size_t *n, char *why,
                                  size_t whysize)
{
    char text[LINE_MAX_DEMO];
    mqsad_diag diag;
    mqsad_status st;
    snprintf(text, sizeof text, "v_mqsad_u32_u8 v[%u:%u], -1, -1, v[252:255]", vdst, vdst + 3);
    memset(&diag, 0, sizeof diag);
    why[0] = 0;
    st = mqsad_parse(t, text, strlen(text), inst, &diag);
    if (st != MQSAD_OK) {
        mqsad_inst hand;
        if (diag.message[0])
            snprintf(why, whysize, "<stdin>:1:%u: error: %.120s", diag.column, diag.message);
        else
            snprintf(why, whysize, "%s", mqsad_strerror(st));
        if (build_by_hand(t, vdst, &hand) == MQSAD_OK) {
            /* the table says this is valid: the assembler is wrong or missing */
            fail("mqsad_parse rejected a valid line", st);
            printf("        (%s; continuing with the instruction built from its codes)\n", why);
            *inst = hand;
        } else {
            return st;
        }
    } else {
        mqsad_inst hand;
        mqsad_status hs = build_by_hand(t, vdst, &hand);
        if (hs != MQSAD_OK) {
            fail("mqsad_parse accepted what mqsad_validate rejects", hs);
        }
    }
    st = mqsad_encode(inst, bytes, size, n);
    if (st != MQSAD_OK) snprintf(why, whysize, "mqsad_encode: %s", mqsad_strerror(st));
    return st;
}

/* ---- one generation ---- */
static void show_target(const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    mqsad_inst inst, dec;
    uint8_t bytes[16], again[16];
    size_t n = 0, n2 = 0, i, others = 0;
    char text[LINE_MAX_DEMO], line[LINE_MAX_DEMO], why[200], hex[100];
    unsigned vdst = 5;
    mqsad_status st;

    {   /* the generation, and its -t name where that is not just the lower-case spelling */
        const char *g = f->generation, *al = f->generation_alias;
        size_t j;
        int same = strlen(g) == strlen(al);
        for (j = 0; same && g[j]; j++)
            same = (g[j] >= 'A' && g[j] <= 'Z' ? g[j] - 'A' + 'a' : g[j]) == al[j];
        printf("== %s%s%s  %s", g, same ? "" : " / ", same ? "" : al, t->name);
    }
    for (i = 0; i < mqsad_target_count(); i++) {
        const mqsad_target *o = mqsad_target_at(i);
        if (o->family == f && o != t) printf("%s%s", others++ ? " " : " (also ", o->name);
    }
    if (!mqsad_insn_on_target(MQSAD_INSN_MQSAD_U32_U8, t)) {
        mqsad_diag diag;
        memset(&diag, 0, sizeof diag);
        printf("%s\n   LLVM family %s; %s has no v_mqsad_u32_u8 (it has the other SAD instructions\n"
               "   but v_qsad_pk_u16_u8: mqsad info -i MNEMONIC -t %s)\n", others ? ")" : "",
               f->llvm_family, f->generation, f->generation_alias);
        st = mqsad_parse(t, SEED_TEXT, strlen(SEED_TEXT), &inst, &diag);
        if (st == MQSAD_OK) {
            demo_failures++;
            printf("  asm   %s\n        FAILED: assembled on a generation without it\n", SEED_TEXT);
        } else {
            printf("  asm   %s\n        rejected: <stdin>:1:%u: error: %.120s\n", SEED_TEXT,
                   diag.column, diag.message[0] ? diag.message : mqsad_strerror(st));
        }
        return;
    }
    printf("%s\n   LLVM family %s, VOP3 opcode %u (0x%X), %s%s%s\n", others ? ")" : "",
           f->llvm_family, (unsigned)mqsad_insn_get(MQSAD_INSN_MQSAD_U32_U8)->opcode[f->encoding],
           (unsigned)mqsad_insn_get(MQSAD_INSN_MQSAD_U32_U8)->opcode[f->encoding],
           (f->wave_sizes & 32u) ? ((f->wave_sizes & 64u) ? "wave32/wave64" : "wave32")
                                 : "wave64",
           f->vgpr_align > 1 ? ", VGPR tuples even-aligned" : "",
           f->literal == MQSAD_LIT_NONE ? "" : ", VOP3 literals");

    /* 1. assemble the seed example */
    st = demo_assemble(t, vdst, &inst, bytes, sizeof bytes, &n, why, sizeof why);
    if (st != MQSAD_OK) {
        printf("  asm   %s\n        rejected: %s\n", SEED_TEXT, why);
        if (f->vgpr_align > 1 && vdst % f->vgpr_align) {
            unsigned a = vdst - vdst % f->vgpr_align;
            printf("        (on %s VGPR tuples must start at a multiple of %u; v[5:8] does not)\n",
                   f->generation, (unsigned)f->vgpr_align);
            vdst = a;
            printf("        aligned variant: v_mqsad_u32_u8 v[%u:%u], -1, -1, v[252:255]\n", a,
                   a + 3);
            st = demo_assemble(t, vdst, &inst, bytes, sizeof bytes, &n, why, sizeof why);
            if (st != MQSAD_OK) { fail("aligned variant", st); return; }
        } else {
            demo_failures++;
            printf("        FAILED: the seed example should assemble here\n");
            return;
        }
    }
    st = mqsad_format_encoding_line(&inst, bytes, n, line, sizeof line, NULL);
    if (st == MQSAD_OK) {
        printf("  asm   %s\n", line[0] == '\t' ? line + 1 : line);
    } else {
        hex_bytes(bytes, n, hex, sizeof hex);
        printf("        encoding: [%s]\n", hex);
        fail("mqsad_format_encoding_line", st);
    }

    /* 2. disassemble the bytes and check the round trip */
    st = mqsad_decode(t, bytes, n, &dec);
    if (st != MQSAD_OK) {
        fail("mqsad_decode", st);
    } else if ((st = mqsad_format(&dec, text, sizeof text, NULL)) != MQSAD_OK) {
        fail("mqsad_format", st);
    } else {
        char canon[LINE_MAX_DEMO] = "";
        int same_text, same_bytes;
        mqsad_format(&inst, canon, sizeof canon, NULL);
        st = mqsad_encode(&dec, again, sizeof again, &n2);
        same_text = !strcmp(canon, text);
        same_bytes = st == MQSAD_OK && n2 == n && !memcmp(again, bytes, n);
        printf("  dis   %s\n        round trip: %s text, %s bytes%s\n", text,
               same_text ? "same" : "DIFFERENT", same_bytes ? "same" : "DIFFERENT",
               f->dis_strict ? " (llvm-mc 22 cannot disassemble this target; mqsad can)" : "");
        if (!same_text || !same_bytes) demo_failures++;
    }

    /* 3. execute on a wave: four lanes, S2 = the worked example's accumulators + lane */
    {
        unsigned lane, k, flags = 0;
        unsigned d_reg = inst.vdst.reg, s2_reg = inst.src[2].reg;
        st = mqsad_wave_init(&demo_wave, t, 0);   /* the target's default wave size */
        for (lane = 0; lane < 4 && st == MQSAD_OK; lane++)
            for (k = 0; k < 4 && st == MQSAD_OK; k++) {
                static const uint32_t acc[4] = { 11, 13, 17, 19 };
                st = mqsad_wave_set(&demo_wave, MQSAD_REG_VGPR0 + s2_reg + k, (int)lane,
                                    acc[k] + 0x100u * lane);
            }
        if (st == MQSAD_OK) st = mqsad_wave_exec(&demo_wave, &inst, &flags);
        if (st != MQSAD_OK) {
            fail("wave execution", st);
        } else {
            printf("  exec  wave%u, v[%u:%u] = {11, 13, 17, 19} + 0x100*lane; S0 = S1 = -1 "
                   "(|0xff-0xff| = 0): D = S2\n        lane  v%-9u v%-9u v%-9u v%u\n",
                   demo_wave.wave_size, s2_reg, s2_reg + 3, d_reg, d_reg + 1, d_reg + 2,
                   d_reg + 3);
            for (lane = 0; lane < 4; lane++) {
                uint32_t v[4] = { 0, 0, 0, 0 };
                for (k = 0; k < 4; k++)
                    mqsad_wave_get(&demo_wave, MQSAD_REG_VGPR0 + d_reg + k, lane, &v[k]);
                printf("        %-5u 0x%08x 0x%08x 0x%08x 0x%08x\n", lane, (unsigned)v[0],
                       (unsigned)v[1], (unsigned)v[2], (unsigned)v[3]);
                for (k = 0; k < 4; k++)
                    if (v[k] != (k == 0 ? 11u : k == 1 ? 13u : k == 2 ? 17u : 19u) + 0x100u * lane)
                        { demo_failures++; printf("        FAILED: lane %u D[%u]\n", lane, k); }
            }
        }
    }
}

/* ---- the family on one generation ---- */

/* Operand text of a register tuple of w dwords starting at *next (advanced). */
static void reg_text(char *buf, size_t size, unsigned w, unsigned *next)
{
    if (w == 1) snprintf(buf, size, "v%u", *next);
    else snprintf(buf, size, "v[%u:%u]", *next, *next + w - 1);
    *next += w;
}

static void show_family(const mqsad_target *t)
{
    static const uint64_t s0 = 0x0807060504030201ull;
    static const uint32_t s1 = 0x03020100u, acc[4] = { 11, 13, 17, 19 };
    unsigned id;
    printf("The SAD family on %s (generation %s): each instruction assembled, disassembled and\n"
           "evaluated on S0 = 0x%016llx (32-bit forms: its low half), S1 = 0x%08x,\n"
           "S2 = 11 (packed: 0x0013 0x0011 0x000d 0x000b; quad: {11, 13, 17, 19}):\n\n",
           t->name, t->family->generation, (unsigned long long)s0, (unsigned)s1);
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        const mqsad_insn_info *in = mqsad_insn_get((mqsad_insn_id)id);
        char text[LINE_MAX_DEMO], ops[4][16], line[LINE_MAX_DEMO], dis[LINE_MAX_DEMO];
        unsigned next = 0, k;
        uint32_t s2[4] = { 0, 0, 0, 0 }, d[4];
        uint8_t bytes[16];
        size_t n = 0;
        mqsad_inst inst, dec;
        mqsad_diag diag;
        mqsad_status st;
        reg_text(ops[3], sizeof ops[3], in->width[MQSAD_SLOT_VDST], &next);
        for (k = 0; k < 3; k++) reg_text(ops[k], sizeof ops[k], in->width[k], &next);
        snprintf(text, sizeof text, "%s %s, %s, %s, %s", in->name, ops[3], ops[0], ops[1], ops[2]);
        printf("  %s\n", in->upper);
        memset(&diag, 0, sizeof diag);
        st = mqsad_parse(t, text, strlen(text), &inst, &diag);
        if (st == MQSAD_OK) st = mqsad_encode(&inst, bytes, sizeof bytes, &n);
        if (st != MQSAD_OK) {
            printf("    asm   %s\n", text);
            fail(diag.message[0] ? diag.message : "assembling", st);
        } else if (mqsad_format_encoding_line(&inst, bytes, n, line, sizeof line, NULL) == MQSAD_OK) {
            printf("    asm   %s\n", line[0] == '\t' ? line + 1 : line);
            st = mqsad_decode(t, bytes, n, &dec);
            if (st == MQSAD_OK) st = mqsad_format(&dec, dis, sizeof dis, NULL);
            if (st != MQSAD_OK) {
                fail("disassembling its bytes", st);
            } else {
                char canon[LINE_MAX_DEMO] = "";
                mqsad_format(&inst, canon, sizeof canon, NULL);
                printf("    dis   %s%s\n", dis, strcmp(dis, canon) ? "  (DIFFERENT text)" : "");
                if (strcmp(dis, canon) || dec.insn != in->id) demo_failures++;
            }
        } else {
            fail("mqsad_format_encoding_line", MQSAD_E_BUFFER_TOO_SMALL);
        }
        if (in->width[MQSAD_SLOT_SRC2] == 4)
            memcpy(s2, acc, sizeof s2);
        else if (in->width[MQSAD_SLOT_SRC2] == 2)
            for (k = 0; k < 4; k++) s2[k / 2] |= acc[k] << (16 * (k % 2));
        else
            s2[0] = acc[0];
        st = mqsad_eval(in->id, in->width[MQSAD_SLOT_SRC0] == 2 ? s0 : (uint32_t)s0, s1, s2, 0, d);
        if (st != MQSAD_OK) { fail("mqsad_eval", st); continue; }
        printf("    eval  ");
        if (in->width[MQSAD_SLOT_VDST] == 4)
            printf("0x%08x 0x%08x 0x%08x 0x%08x", (unsigned)d[0], (unsigned)d[1],
                   (unsigned)d[2], (unsigned)d[3]);
        else if (in->width[MQSAD_SLOT_VDST] == 2)
            printf("0x%016llx", (unsigned long long)d[1] << 32 | d[0]);
        else
            printf("0x%08x", (unsigned)d[0]);
        printf("   %s\n", in->summary);
    }
    printf("\n  (mqsad eval -i MNEMONIC S0 S1 S2 [clamp] computes the same; mqsad info -i MNEMONIC\n"
           "  shows each instruction's page)\n\n");
}

int cmd_demo(int argc, char **argv)
{
    const mqsad_target *sel[32];
    size_t nsel = 0, i;
    int strict = 0, a, topt;

    for (a = 1; a < argc; a++) {
        const char *name;
        if (cli_is_help(argv[a])) { demo_usage(stdout); return 0; }
        if (!strcmp(argv[a], "--strict")) { strict = 1; continue; }
        if ((topt = cli_target_arg("demo", argc, argv, &a, &name)) != 0) {
            if (topt < 0) return 2;
        } else {
            fprintf(stderr, "mqsad demo: unexpected argument '%s' (try 'mqsad demo --help')\n",
                    argv[a]);
            return 2;
        }
        if (nsel >= sizeof sel / sizeof sel[0]) {
            fprintf(stderr, "mqsad demo: too many -t options\n");
            return 2;
        }
        if (!(sel[nsel++] = cli_target("demo", name))) return 2;
    }

    demo_failures = 0;
    printf("mqsad %s - V_MQSAD_U32_U8 (masked quad SAD) on every AMD generation\n\n",
           mqsad_version());
    worked_example();
    printf("The seed page's example, %s, per generation\n"
           "(bytes and text are what llvm-mc 22 prints):\n\n", SEED_TEXT);
    if (nsel) {
        for (i = 0; i < nsel; i++) { show_target(sel[i]); putchar('\n'); }
    } else {
        for (i = 0; i < mqsad_generation_count(); i++) {
            const mqsad_target *t = mqsad_generation_target(i);
            if (t) show_target(t);
            putchar('\n');
        }
    }
    if (!nsel) {
        const mqsad_target *ft = mqsad_target_lookup(FAMILY_TARGET);
        if (ft) show_family(ft);
        else { demo_failures++; printf("FAILED: no target %s\n\n", FAMILY_TARGET); }
    }
    if (demo_failures)
        printf("demo: %u step(s) FAILED (see above)\n", demo_failures);
    else
        printf("demo: every step ok. More: mqsad info, mqsad asm, mqsad dis, mqsad exec, "
               "mqsad eval (--help each).\n");
    return strict && demo_failures ? 1 : 0;   /* main() checks that stdout was written */
}
