/* test_codec.c — encode/decode/validate/format of the binary codec.
 *
 * 1. Round trips over every assembled row of asm_vectors.tsv (llvm-mc 22 output, GFX7
 *    included): decode(encoding) must succeed, re-encode to the same bytes, and print the
 *    canonical text llvm-mc's assembler printed. On GFX7 this is the only oracle for the
 *    decoder (no LLVM disassembler). Known, documented exceptions (listed in
 *    expected_exception()) are counted separately and asserted to be exactly those.
 * 2. Status codes: truncation at every length, literals cut short, wrong opcode/marker,
 *    modifiers, literals on targets without them, misalignment, ranges, constant bus,
 *    clamp on GFX7, literal uniqueness, buffer sizes — values from encoding-llvm22.md.
 * 3. The decoder never reads past len: every decode runs on a heap block of exactly len
 *    bytes (ASan builds catch over-reads). */
#include "t.h"
#include "mqsad.h"

/* Decode from a heap copy of exactly len bytes. */
static mqsad_status decode_exact(const mqsad_target *t, const uint8_t *b, size_t len, mqsad_inst *in)
{
    uint8_t *h = malloc(len ? len : 1);
    mqsad_status st;
    if (!h) exit(2);
    if (len) memcpy(h, b, len);
    st = mqsad_decode(t, len ? h : NULL, len, in);
    free(h);
    return st;
}

static uint32_t src_code(const uint8_t *b, int slot)
{
    uint32_t d1 = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
    return (d1 >> (9 * slot)) & 511u;
}

/* Rows where decode(llvm-mc's bytes) legitimately differs from llvm-mc's assembler text. */
enum { EXC_NONE, EXC_LIT_NO_LITERAL, EXC_PRINT_DIFF, EXC_DIS_REJECTS };

static int expected_exception(const mqsad_target *t, const char *asm_text, const uint8_t *b)
{
    int s;
    /* §9 item 3: lit() on a target without VOP3 literals emits code 255 and no literal;
     * conformance.md: our decoder (like our assembler) rejects it. */
    if (t->family->literal == MQSAD_LIT_NONE)
        for (s = 0; s < 3; s++)
            if (src_code(b, s) == 255) return EXC_LIT_NO_LITERAL;
    /* §9 item 23: gfx1250 assembles src_flat_scratch_base_hi (231) in SRC0, LLVM's decoder
     * (and so ours) rejects it. */
    if (!t->family->dis_strict && src_code(b, 0) == 231) return EXC_DIS_REJECTS;
    /* The assembler echoes a written lit()/lit64() or the parsed value; the decoder prints
     * the encoded bits (§3.5, §6.4, §7): text differs, bytes must still round-trip. */
    if (strstr(asm_text, "lit") || src_code(b, 0) == 255 || src_code(b, 0) == 254 ||
        src_code(b, 1) == 255 || src_code(b, 1) == 254)
        return EXC_PRINT_DIFF;
    return EXC_NONE;
}

static void roundtrip_vectors(void)
{
    char path[512], line[4096];
    FILE *fp = fopen(t_data("asm_vectors.tsv", path, sizeof path), "r");
    unsigned long rows = 0, exact = 0, gfx7 = 0, nolit = 0, printdiff = 0, fixups = 0;
    if (!fp) { CHECK(0, "cannot open %s", path); return; }
    while (fgets(line, sizeof line, fp)) {
        char *tgt, *txt, *enc, *canon, *nl;
        uint8_t b[32], out[32];
        size_t n, wr;
        int fix, exc;
        const mqsad_target *t;
        mqsad_inst in;
        mqsad_status st;
        char text[512];
        if (line[0] == '#') continue;
        if ((nl = strchr(line, '\n'))) *nl = '\0';
        tgt = line;
        if (!(txt = strchr(tgt, '\t'))) continue;
        *txt++ = '\0';
        if (!(enc = strchr(txt, '\t'))) continue;
        *enc++ = '\0';
        if (!(canon = strchr(enc, '\t'))) continue;
        *canon++ = '\0';
        if (!strcmp(enc, "ERROR")) continue;
        rows++;
        t = mqsad_target_lookup(tgt);
        if (!t) { CHECK(0, "unknown target %s", tgt); continue; }
        n = t_parse_hex(enc, b, sizeof b, &fix);
        if (fix) { fixups++; continue; }  /* symbol literal: covered in format_status() */
        exc = expected_exception(t, txt, b);
        st = decode_exact(t, b, n, &in);
        if (exc == EXC_LIT_NO_LITERAL) {
            nolit++;
            CHECK(st == MQSAD_E_NO_LITERAL || st == MQSAD_E_TRUNCATED_LITERAL,
                  "%s '%s': LLVM's literal-less code 255 must not decode (%s)",
                  tgt, txt, mqsad_strerror(st));
            continue;
        }
        if (exc == EXC_DIS_REJECTS) {
            CHECK(st == MQSAD_E_OPERAND_CODE, "%s '%s': LLVM's decoder rejects this (%s)", tgt, txt,
                  mqsad_strerror(st));
            continue;
        }
        if (st != MQSAD_OK) {
            CHECK(0, "%s '%s' [%s]: decode failed: %s", tgt, txt, enc, mqsad_strerror(st));
            continue;
        }
        CHECK(in.length == n, "%s '%s': length %u, want %zu", tgt, txt, (unsigned)in.length, n);
        st = mqsad_encode(&in, out, sizeof out, &wr);
        CHECK(st == MQSAD_OK && wr == n && memcmp(out, b, n) == 0, "%s '%s': re-encode %s (%zu bytes)",
              tgt, txt, mqsad_strerror(st), wr);
        mqsad_format(&in, text, sizeof text, NULL);
        if (exc == EXC_PRINT_DIFF && strcmp(text, canon)) { printdiff++; continue; }
        CHECK_EQ_S(text, canon);
        if (!strcmp(text, canon)) exact++;
        if (t->family->dis_strict) gfx7++;
    }
    fclose(fp);
    printf("asm round trip: %lu assembled rows, %lu text-exact (%lu GFX7), %lu lit-without-literal "
           "(LLVM bug, rejected), %lu printed differently (lit echo), %lu with fixups\n",
           rows, exact, gfx7, nolit, printdiff, fixups);
    CHECK(gfx7 > 1000, "GFX7 rows checked: %lu", gfx7);
}

/* ---- operand builders ---- */
static mqsad_operand opv(unsigned kind, unsigned reg, unsigned width)
{
    mqsad_operand o;
    memset(&o, 0, sizeof o);
    o.kind = (mqsad_operand_kind)kind;
    o.reg = (uint16_t)reg;
    o.width = (uint8_t)width;
    return o;
}
static mqsad_operand V(unsigned r, unsigned w) { return opv(MQSAD_OPK_VGPR, r, w); }
static mqsad_operand S(unsigned r, unsigned w) { return opv(MQSAD_OPK_SGPR, r, w); }
static mqsad_operand SP(mqsad_special id)
{
    mqsad_operand o = opv(MQSAD_OPK_SPECIAL, 0, id == MQSAD_SPECIAL_VCC || id == MQSAD_SPECIAL_EXEC ? 2 : 1);
    o.special = id;
    return o;
}
static mqsad_operand I(int64_t v) { mqsad_operand o = opv(MQSAD_OPK_INLINE_INT, 0, 0); o.value = (uint64_t)v; return o; }
static mqsad_operand F(uint64_t bits) { mqsad_operand o = opv(MQSAD_OPK_INLINE_FLOAT, 0, 0); o.value = bits; return o; }
static mqsad_operand L32(uint32_t v) { mqsad_operand o = opv(MQSAD_OPK_LITERAL32, 0, 0); o.value = v; o.literal_bits = v; return o; }
static mqsad_operand L64(uint64_t v) { mqsad_operand o = opv(MQSAD_OPK_LITERAL64, 0, 0); o.value = v; o.literal_bits = v; return o; }

static mqsad_inst mk(const char *target, mqsad_operand vdst, mqsad_operand s0, mqsad_operand s1,
                     mqsad_operand s2, int clamp)
{
    mqsad_inst in;
    memset(&in, 0, sizeof in);
    in.target = mqsad_target_lookup(target);
    in.vdst = vdst;
    in.src[0] = s0;
    in.src[1] = s1;
    in.src[2] = s2;
    in.clamp = (uint8_t)clamp;
    return in;
}

/* validate status and slot */
static void want_invalid(const char *what, mqsad_inst in, mqsad_status want, int want_slot)
{
    int slot = -2;
    uint8_t buf[16];
    size_t wr = 99;
    mqsad_status st = mqsad_validate(&in, &slot);
    CHECK(st == want && slot == want_slot, "%s: validate %s slot %d, want %s slot %d", what,
          mqsad_strerror(st), slot, mqsad_strerror(want), want_slot);
    st = mqsad_encode(&in, buf, sizeof buf, &wr);
    CHECK(st == want && wr == 0, "%s: encode %s", what, mqsad_strerror(st));
}

static void want_bytes(const char *what, mqsad_inst in, const uint8_t *bytes, size_t n)
{
    uint8_t buf[16];
    size_t wr = 0;
    mqsad_status st = mqsad_encode(&in, buf, sizeof buf, &wr);
    CHECK(st == MQSAD_OK && wr == n && memcmp(buf, bytes, n) == 0, "%s: encode %s, %zu bytes", what,
          mqsad_strerror(st), wr);
}

static const uint8_t base_gfx11[8] = { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 };

static void decode_status(void)
{
    /* baseline words per family (encoding-llvm22.md §1: dword0 for v[4:7]) */
    static const struct { const char *t; uint8_t b[8]; } base[] = {
        { "gfx700", { 0x04, 0x00, 0xea, 0xd2, 0x02, 0x03, 0x22, 0x04 } },
        { "gfx803", { 0x04, 0x00, 0xe7, 0xd1, 0x02, 0x03, 0x22, 0x04 } },
        { "gfx90a", { 0x04, 0x00, 0xe7, 0xd1, 0x02, 0x03, 0x22, 0x04 } },
        { "gfx1030", { 0x04, 0x00, 0x75, 0xd5, 0x02, 0x03, 0x22, 0x04 } },
        { "gfx1100", { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 } },
        { "gfx1250", { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 } },
    };
    size_t i, n;
    mqsad_inst in;
    mqsad_status st;
    uint8_t b[16];
    char text[128];
    for (i = 0; i < sizeof base / sizeof base[0]; i++) {
        const mqsad_target *t = mqsad_target_lookup(base[i].t);
        for (n = 0; n < 8; n++)
            CHECK(decode_exact(t, base[i].b, n, &in) == MQSAD_E_TRUNCATED, "%s len %zu", base[i].t, n);
        st = decode_exact(t, base[i].b, 8, &in);
        CHECK(st == MQSAD_OK && in.length == 8, "%s baseline: %s", base[i].t, mqsad_strerror(st));
        mqsad_format(&in, text, sizeof text, NULL);
        CHECK_EQ_S(text, "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]");
        /* a baseline of another family is not this instruction */
        st = decode_exact(t, base[(i + 2) % 6].b, 8, &in);
        if (memcmp(base[(i + 2) % 6].b, base[i].b, 8))
            CHECK(st == MQSAD_E_NOT_MQSAD, "%s: foreign word %s", base[i].t, mqsad_strerror(st));
        /* ABS (8), OMOD (59), NEG (61..63) */
        memcpy(b, base[i].b, 8); b[1] |= 0x01;
        CHECK(decode_exact(t, b, 8, &in) == MQSAD_E_MODIFIERS, "%s ABS", base[i].t);
        memcpy(b, base[i].b, 8); b[7] |= 0x08;
        CHECK(decode_exact(t, b, 8, &in) == MQSAD_E_MODIFIERS, "%s OMOD", base[i].t);
        memcpy(b, base[i].b, 8); b[7] |= 0x80;
        CHECK(decode_exact(t, b, 8, &in) == MQSAD_E_MODIFIERS, "%s NEG", base[i].t);
        /* marker bits 31:26 */
        memcpy(b, base[i].b, 8); b[3] ^= 0x04;
        CHECK(decode_exact(t, b, 8, &in) == MQSAD_E_NOT_MQSAD, "%s marker", base[i].t);
    }
    /* bit 18 flips the opcode to another family member: llvm-mc-22 -mcpu=gfx1100
     * -disassemble prints [0x04,0x00,0x39,0xd6,0x02,0x03,0x22,0x04] as this (§2) */
    memcpy(b, base_gfx11, 8); b[2] ^= 0x04;
    st = decode_exact(mqsad_target_lookup("gfx1100"), b, 8, &in);
    CHECK(st == MQSAD_OK && in.insn == MQSAD_INSN_MSAD_U8, "gfx1100 bit 18: %s", mqsad_strerror(st));
    mqsad_format(&in, text, sizeof text, NULL);
    CHECK_EQ_S(text, "v_msad_u8 v4, v2, v1, v8");
    /* an opcode outside the family: OP bit 25 (llvm-mc: v_cmp_ne_u16_e64 s4, v2.l, v1.l) */
    memcpy(b, base_gfx11, 8); b[3] ^= 0x02;
    CHECK(decode_exact(mqsad_target_lookup("gfx1100"), b, 8, &in) == MQSAD_E_NOT_SAD_FAMILY, "gfx1100 bit 25");
    /* OPSEL 14:11 ignored, kept in ignored_bits, dropped on re-encode */
    memcpy(b, base_gfx11, 8); b[1] = 0x08;
    st = decode_exact(mqsad_target_lookup("gfx1100"), b, 8, &in);
    CHECK(st == MQSAD_OK && in.ignored_bits == 1 && !in.clamp, "OPSEL: %s", mqsad_strerror(st));
    {
        uint8_t out[16]; size_t wr;
        CHECK(mqsad_encode(&in, out, sizeof out, &wr) == MQSAD_OK && wr == 8 && !memcmp(out, base_gfx11, 8),
              "OPSEL dropped on re-encode");
    }
    b[1] = 0x80;
    st = decode_exact(mqsad_target_lookup("gfx1100"), b, 8, &in);
    CHECK(st == MQSAD_OK && in.clamp == 1, "clamp bit 15");
    /* GFX7: clamp bit 11 cannot be assembled; reserved 16:12 must be 0 */
    memcpy(b, base[0].b, 8); b[1] = 0x08;
    CHECK(decode_exact(mqsad_target_lookup("gfx700"), b, 8, &in) == MQSAD_E_CLAMP_UNSUPPORTED, "gfx7 bit 11");
    memcpy(b, base[0].b, 8); b[1] = 0x10;
    CHECK(decode_exact(mqsad_target_lookup("gfx700"), b, 8, &in) == MQSAD_E_NOT_MQSAD, "gfx7 bit 12");
    memcpy(b, base[0].b, 8); b[4] = 0x03; b[5] = 0x02;   /* SRC0 odd SGPR: the GFX7 assembler cannot emit it */
    CHECK(decode_exact(mqsad_target_lookup("gfx700"), b, 8, &in) == MQSAD_E_OPERAND_CODE, "gfx7 odd sgpr");
    /* GFX7 constant bus (one scalar value): llvm-mc-22 -mcpu=gfx700 rejects
     * `v_mqsad_u32_u8 v[4:7], s[2:3], s1, v[0:3]` and `..., vcc, vcc_hi, ...` ("invalid operand
     * (violates constant bus restrictions)") and assembles `..., src_scc, src_scc, v[0:3]` to
     * 04 00 ea d2 fd fa 01 04 and `..., s[2:3], 1, v[0:3]` to 04 00 ea d2 02 02 01 04. */
    {
        static const uint8_t g7bus[4][8] = {
            { 0x04, 0x00, 0xea, 0xd2, 0x02, 0x02, 0x00, 0x04 },   /* s[2:3], s1 */
            { 0x04, 0x00, 0xea, 0xd2, 0x6a, 0xd6, 0x00, 0x04 },   /* vcc, vcc_hi */
            { 0x04, 0x00, 0xea, 0xd2, 0xfd, 0xfa, 0x01, 0x04 },   /* src_scc, src_scc */
            { 0x04, 0x00, 0xea, 0xd2, 0x02, 0x02, 0x01, 0x04 },   /* s[2:3], 1 */
        };
        CHECK(decode_exact(mqsad_target_lookup("gfx700"), g7bus[0], 8, &in) == MQSAD_E_CONSTANT_BUS, "gfx7 s[2:3], s1");
        CHECK(decode_exact(mqsad_target_lookup("gfx700"), g7bus[1], 8, &in) == MQSAD_E_CONSTANT_BUS, "gfx7 vcc, vcc_hi");
        CHECK(decode_exact(mqsad_target_lookup("gfx700"), g7bus[2], 8, &in) == MQSAD_OK, "gfx7 src_scc, src_scc");
        CHECK(decode_exact(mqsad_target_lookup("gfx700"), g7bus[3], 8, &in) == MQSAD_OK, "gfx7 s[2:3], 1");
        /* the other targets decode what LLVM's disassembler decodes (no bus check) */
        memcpy(b, g7bus[0], 8); b[2] = 0xe7; b[3] = 0xd1;
        CHECK(decode_exact(mqsad_target_lookup("gfx900"), b, 8, &in) == MQSAD_OK, "gfx9 s[2:3], s1");
    }
    memcpy(b, base[4].b, 8); b[4] = 0x03; b[5] = 0x02;   /* LLVM rounds it down (§9 item 8) */
    st = decode_exact(mqsad_target_lookup("gfx1100"), b, 8, &in);
    CHECK(st == MQSAD_OK && in.src[0].kind == MQSAD_OPK_SGPR && in.src[0].reg == 2, "gfx11 odd sgpr");

    /* literals: SRC1 = 255 (bytes 02 ff 21 04) */
    {
        static const uint8_t lit[12] = { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0xff, 0x21, 0x04, 0x78, 0x56, 0x34, 0x12 };
        static const uint8_t lit_vi[12] = { 0x04, 0x00, 0xe7, 0xd1, 0x02, 0xff, 0x21, 0x04, 0x78, 0x56, 0x34, 0x12 };
        static const uint8_t lit64[16] = { 0x04, 0x00, 0x3d, 0xd6, 0xfe, 0x02, 0x22, 0x04,
                                           0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x00, 0x00 };
        const mqsad_target *g11 = mqsad_target_lookup("gfx1100"), *g125 = mqsad_target_lookup("gfx1250");
        for (n = 8; n < 12; n++)
            CHECK(decode_exact(g11, lit, n, &in) == MQSAD_E_TRUNCATED_LITERAL, "lit32 len %zu", n);
        st = decode_exact(g11, lit, 12, &in);
        CHECK(st == MQSAD_OK && in.length == 12 && in.literal == 0x12345678 && in.literal_size == 4, "lit32");
        mqsad_format(&in, text, sizeof text, NULL);
        CHECK_EQ_S(text, "v_mqsad_u32_u8 v[4:7], v[2:3], 0x12345678, v[8:11]");
        for (n = 8; n <= 12; n += 4) {
            CHECK(decode_exact(mqsad_target_lookup("gfx900"), lit_vi, n, &in) == MQSAD_E_NO_LITERAL, "gfx900 lit %zu", n);
            CHECK(decode_exact(mqsad_target_lookup("gfx942"), lit_vi, n, &in) == MQSAD_E_NO_LITERAL, "gfx942 lit %zu", n);
        }
        st = decode_exact(mqsad_target_lookup("gfx950"), lit_vi, 12, &in);
        CHECK(st == MQSAD_OK && in.length == 12, "gfx950 decodes the literal (§6.3)");
        for (n = 8; n < 16; n++)
            CHECK(decode_exact(g125, lit64, n, &in) == MQSAD_E_TRUNCATED_LITERAL, "lit64 len %zu", n);
        st = decode_exact(g125, lit64, 16, &in);
        CHECK(st == MQSAD_OK && in.length == 16 && in.literal_size == 8, "lit64");
        mqsad_format(&in, text, sizeof text, NULL);
        CHECK_EQ_S(text, "v_mqsad_u32_u8 v[4:7], lit64(0x12345678), v1, v[8:11]");
        /* on gfx1100 code 254 in SRC0 is INVALID (§6.2) */
        CHECK(decode_exact(g11, lit64, 16, &in) == MQSAD_E_OPERAND_CODE, "gfx1100 254 in SRC0");
    }
    /* bad arguments */
    CHECK(mqsad_decode(NULL, base_gfx11, 8, &in) == MQSAD_E_INVALID_ARGUMENT, "NULL target");
    CHECK(mqsad_decode(mqsad_target_lookup("gfx1100"), NULL, 8, &in) == MQSAD_E_INVALID_ARGUMENT, "NULL bytes");
    CHECK(mqsad_decode(mqsad_target_lookup("gfx1100"), base_gfx11, 8, NULL) == MQSAD_E_INVALID_ARGUMENT, "NULL out");
}

static void encode_status(void)
{
    const mqsad_operand v47 = V(4, 4), v23 = V(2, 2), v1 = V(1, 1), v811 = V(8, 4);
    /* v_mqsad_u32_u8 v[254:257], v[0:1], -4.0, v[2:5] on gfx1250 (out-of-range-registers.s) */
    static const uint8_t b1250[8] = { 0xfe, 0x00, 0x3d, 0xd6, 0x00, 0xef, 0x09, 0x04 };
    /* 0x12345678, 0x12345678 shares one literal (§3.5) */
    static const uint8_t shared[12] = { 0x04, 0x00, 0x3d, 0xd6, 0xff, 0xfe, 0x21, 0x04, 0x78, 0x56, 0x34, 0x12 };
    /* src_scc, src_scc on gfx900 (llvm-mc 22): 04 00 e7 d1 fd fa 21 04 */
    static const uint8_t scc2[8] = { 0x04, 0x00, 0xe7, 0xd1, 0xfd, 0xfa, 0x21, 0x04 };
    /* gfx700 baseline with v[252:255] (§1) */
    static const uint8_t g7[8] = { 0x04, 0x00, 0xea, 0xd2, 0x02, 0x03, 0xf2, 0x07 };
    uint8_t small[16];
    size_t wr;
    mqsad_inst in;

    want_bytes("baseline gfx1100", mk("gfx1100", v47, v23, v1, v811, 0), base_gfx11, 8);
    want_bytes("gfx700", mk("gfx700", v47, v23, v1, V(252, 4), 0), g7, 8);
    want_bytes("gfx1250 v[254:257]", mk("gfx1250", V(254, 4), V(0, 2), F(0xc0800000u), V(2, 4), 0), b1250, 8);
    want_bytes("shared literal", mk("gfx1100", v47, L32(0x12345678), L32(0x12345678), v811, 0), shared, 12);
    want_bytes("src_scc twice on gfx900", mk("gfx900", v47, SP(MQSAD_SPECIAL_SRC_SCC), SP(MQSAD_SPECIAL_SRC_SCC), v811, 0), scc2, 8);

    want_invalid("v[253:256] gfx1100", mk("gfx1100", V(253, 4), v23, v1, v811, 0), MQSAD_E_REGISTER_RANGE, MQSAD_SLOT_VDST);
    want_invalid("v[5:8] gfx90a", mk("gfx90a", V(5, 4), v23, v1, v811, 0), MQSAD_E_MISALIGNED, MQSAD_SLOT_VDST);
    want_invalid("v[3:4] gfx90a", mk("gfx90a", v47, V(3, 2), v1, v811, 0), MQSAD_E_MISALIGNED, MQSAD_SLOT_SRC0);
    want_invalid("SRC2 v[9:12] gfx1250", mk("gfx1250", v47, v23, v1, V(9, 4), 0), MQSAD_E_MISALIGNED, MQSAD_SLOT_SRC2);
    want_invalid("s[3:4]", mk("gfx1100", v47, S(3, 2), v1, v811, 0), MQSAD_E_MISALIGNED, MQSAD_SLOT_SRC0);
    want_invalid("s102 gfx900", mk("gfx900", v47, v23, S(102, 1), v811, 0), MQSAD_E_REGISTER_RANGE, MQSAD_SLOT_SRC1);
    want_invalid("SRC2 s[8:11]", mk("gfx1100", v47, v23, v1, S(8, 4), 0), MQSAD_E_OPERAND_KIND, MQSAD_SLOT_SRC2);
    want_invalid("VDST inline", mk("gfx1100", I(1), v23, v1, v811, 0), MQSAD_E_OPERAND_KIND, MQSAD_SLOT_VDST);
    want_invalid("SRC0 m0", mk("gfx1100", v47, SP(MQSAD_SPECIAL_M0), v1, v811, 0), MQSAD_E_OPERAND_KIND, MQSAD_SLOT_SRC0);
    want_invalid("SRC1 vcc pair", mk("gfx1100", v47, v23, SP(MQSAD_SPECIAL_VCC), v811, 0), MQSAD_E_OPERAND_KIND, MQSAD_SLOT_SRC1);
    want_invalid("null gfx900", mk("gfx900", v47, v23, SP(MQSAD_SPECIAL_NULL), v811, 0), MQSAD_E_REG_UNAVAILABLE, MQSAD_SLOT_SRC1);
    want_invalid("xnack_mask gfx803", mk("gfx803", v47, v23, SP(MQSAD_SPECIAL_XNACK_MASK_LO), v811, 0), MQSAD_E_REG_UNAVAILABLE, MQSAD_SLOT_SRC1);
    CHECK(mqsad_validate(&(mqsad_inst){0}, NULL) == MQSAD_E_INVALID_ARGUMENT, "validate empty inst");
    in = mk("gfx801", v47, v23, SP(MQSAD_SPECIAL_XNACK_MASK_LO), v811, 0);
    CHECK(mqsad_validate(&in, NULL) == MQSAD_OK, "xnack_mask_lo gfx801");
    want_invalid("pops gfx1100", mk("gfx1100", v47, SP(MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID), v1, v811, 0), MQSAD_E_REG_UNAVAILABLE, MQSAD_SLOT_SRC0);
    want_invalid("inline 65", mk("gfx1100", v47, I(65), v1, v811, 0), MQSAD_E_OPERAND_CODE, MQSAD_SLOT_SRC0);
    want_invalid("1/(2pi) gfx700", mk("gfx700", v47, v23, F(0x3e22f983u), v811, 0), MQSAD_E_OPERAND_CODE, MQSAD_SLOT_SRC1);
    want_invalid("f32 1.0 in SRC0", mk("gfx1100", v47, F(0x3f800000u), v1, v811, 0), MQSAD_E_OPERAND_CODE, MQSAD_SLOT_SRC0);
    want_invalid("literal gfx900", mk("gfx900", v47, L32(0x12345678), v1, v811, 0), MQSAD_E_NO_LITERAL, MQSAD_SLOT_SRC0);
    want_invalid("two literals", mk("gfx1100", v47, L32(0x12345678), L32(0x12345679), v811, 0), MQSAD_E_MULTIPLE_LITERALS, MQSAD_SLOT_SRC1);
    want_invalid("lit64 gfx1100", mk("gfx1100", v47, L64(0x123456789ull), v1, v811, 0), MQSAD_E_LITERAL64, MQSAD_SLOT_SRC0);
    want_invalid("lit64 SRC1 gfx1250", mk("gfx1250", v47, v23, L64(1), v811, 0), MQSAD_E_LITERAL64, MQSAD_SLOT_SRC1);
    want_invalid("constant bus gfx900", mk("gfx900", v47, S(2, 2), S(1, 1), v811, 0), MQSAD_E_CONSTANT_BUS, MQSAD_SLOT_SRC1);
    want_invalid("vcc, vcc_lo gfx900", mk("gfx900", v47, SP(MQSAD_SPECIAL_VCC), SP(MQSAD_SPECIAL_VCC_LO), v811, 0), MQSAD_E_CONSTANT_BUS, MQSAD_SLOT_SRC1);
    want_invalid("src_scc, src_vccz gfx900", mk("gfx900", v47, SP(MQSAD_SPECIAL_SRC_SCC), SP(MQSAD_SPECIAL_SRC_VCCZ), v811, 0), MQSAD_E_CONSTANT_BUS, MQSAD_SLOT_SRC1);
    want_invalid("clamp gfx700", mk("gfx700", v47, v23, v1, v811, 1), MQSAD_E_CLAMP_UNSUPPORTED, -1);
    in = mk("gfx1030", v47, S(2, 2), S(1, 1), v811, 0);
    CHECK(mqsad_validate(&in, NULL) == MQSAD_OK, "two scalars on gfx10");
    /* the literal as the last source takes the bus past 2 (llvm-mc-22 -mcpu=gfx1100:
     * "v_sad_u32 v1, s1, s2, 0x1234" is "invalid operand (violates constant bus
     * restrictions)" at the literal) */
    in = mk("gfx1100", V(1, 1), S(1, 1), S(2, 1), L32(0x1234), 0);
    in.insn = MQSAD_INSN_SAD_U32;
    want_invalid("s1, s2, literal gfx1100", in, MQSAD_E_CONSTANT_BUS, MQSAD_SLOT_SRC2);
    in = mk("gfx1100", v47, L32(0x12345678), S(1, 1), v811, 0);
    CHECK(mqsad_validate(&in, NULL) == MQSAD_OK, "literal + sgpr on gfx11");

    /* output buffer sizes */
    in = mk("gfx1100", v47, v23, v1, v811, 0);
    CHECK(mqsad_encode(&in, small, 7, &wr) == MQSAD_E_BUFFER_TOO_SMALL, "encode into 7 bytes");
    in = mk("gfx1100", v47, L32(0x12345678), v1, v811, 0);
    CHECK(mqsad_encode(&in, small, 8, &wr) == MQSAD_E_BUFFER_TOO_SMALL, "12-byte inst into 8");
    CHECK(mqsad_encode(NULL, small, 8, &wr) == MQSAD_E_INVALID_ARGUMENT, "encode NULL");
}

static void format_status(void)
{
    mqsad_inst in;
    char buf[200];
    size_t len = 0;
    uint8_t b[16];
    size_t wr;
    /* -show-encoding lines as llvm-mc 22 prints them (gfx1100) */
    in = mk("gfx1100", V(0, 4), I(0), I(0), V(0, 4), 0);
    mqsad_encode(&in, b, sizeof b, &wr);
    mqsad_format_encoding_line(&in, b, wr, buf, sizeof buf, &len);
    CHECK_EQ_S(buf, "\tv_mqsad_u32_u8 v[0:3], 0, 0, v[0:3]     ; encoding: [0x00,0x00,0x3d,0xd6,0x80,0x00,0x01,0x04]");
    CHECK(len == strlen(buf), "length");
    in = mk("gfx1100", V(0, 4), S(0, 2), S(1, 1), V(0, 4), 0);
    mqsad_encode(&in, b, sizeof b, &wr);
    mqsad_format_encoding_line(&in, b, wr, buf, sizeof buf, NULL);
    CHECK_EQ_S(buf, "\tv_mqsad_u32_u8 v[0:3], s[0:1], s1, v[0:3] ; encoding: [0x00,0x00,0x3d,0xd6,0x00,0x02,0x00,0x04]");
    /* symbol literal: llvm-mc prints A,A,A,A and a fixup line */
    in = mk("gfx1100", V(4, 4), V(2, 2), opv(MQSAD_OPK_SYMBOL, 0, 1), V(8, 4), 0);
    strcpy(in.symbol, "sym");
    CHECK(mqsad_encode(&in, b, sizeof b, &wr) == MQSAD_OK && wr == 12, "symbol encodes to 12 bytes");
    mqsad_format_encoding_line(&in, b, wr, buf, sizeof buf, NULL);
    CHECK_EQ_S(buf, "\tv_mqsad_u32_u8 v[4:7], v[2:3], sym, v[8:11] ; encoding: [0x04,0x00,0x3d,0xd6,0x02,0xff,0x21,0x04,A,A,A,A]");
    mqsad_format_fixup(&in, buf, sizeof buf, NULL);
    CHECK_EQ_S(buf, "                                        ;   fixup A - offset: 8, value: sym, kind: FK_PCRel_4");
    in = mk("gfx900", V(4, 4), V(2, 2), opv(MQSAD_OPK_SYMBOL, 0, 1), V(8, 4), 0);
    CHECK(mqsad_validate(&in, NULL) == MQSAD_E_NO_LITERAL, "symbol on gfx900");
    /* truncation of the text */
    in = mk("gfx1100", V(4, 4), V(2, 2), V(1, 1), V(8, 4), 1);
    CHECK(mqsad_format(&in, buf, 10, &len) == MQSAD_E_BUFFER_TOO_SMALL && strlen(buf) == 9 &&
          len == strlen("v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp"), "format into 10 bytes");
    CHECK(mqsad_format(&in, buf, sizeof buf, &len) == MQSAD_OK, "format");
    CHECK_EQ_S(buf, "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp");
    CHECK(mqsad_format_operand(&in, MQSAD_SLOT_SRC0, buf, sizeof buf, NULL) == MQSAD_OK, "operand");
    CHECK_EQ_S(buf, "v[2:3]");
    /* 1/(2pi): double in SRC0, float in SRC1 (§7) */
    in = mk("gfx1100", V(4, 4), F(0x3fc45f306dc9c882ull), F(0x3e22f983u), V(8, 4), 0);
    mqsad_format(&in, buf, sizeof buf, NULL);
    CHECK_EQ_S(buf, "v_mqsad_u32_u8 v[4:7], 0.15915494309189532, 0.15915494, v[8:11]");
}

/* mqsad_decode's fields[] (the --explain layout) on every target, for any word, valid or
 * not: in bit order, at the positions the target table's row gives (OP, CLAMP and the
 * ignored field move between layouts) and the fixed VOP3 ones elsewhere, with the word's
 * bits as values. */
static void decode_fields(void)
{
    unsigned long long rs = 0x2545f4914f6cdd1dull;
    size_t ti;
    for (ti = 0; ti < mqsad_target_count(); ti++) {
        const mqsad_target *t = mqsad_target_at(ti);
        const mqsad_family *f = t->family;
        int clamp_first = f->clamp_bit_layout < f->ignored_lo, r, k;
        struct { const char *name; unsigned lo, hi; } want[11] = {
            { "VDST", 0, 7 }, { "ABS", 8, 10 }, { NULL, 0, 0 }, { NULL, 0, 0 },
            { "OP", f->op_lo, f->op_lo + f->op_bits - 1u }, { "ENCODING", 26, 31 },
            { "SRC0", 32, 40 }, { "SRC1", 41, 49 }, { "SRC2", 50, 58 }, { "OMOD", 59, 60 },
            { "NEG", 61, 63 },
        };
        want[clamp_first ? 2 : 3].name = "CLAMP";
        want[clamp_first ? 2 : 3].lo = want[clamp_first ? 2 : 3].hi = f->clamp_bit_layout;
        want[clamp_first ? 3 : 2].name = f->encoding == MQSAD_ENC_SICI ? "RESERVED" : "OPSEL";
        want[clamp_first ? 3 : 2].lo = f->ignored_lo;
        want[clamp_first ? 3 : 2].hi = f->ignored_hi;
        for (r = 0; r < 64; r++) {
            unsigned long long w = t_xorshift64(&rs);
            uint8_t b[16];
            mqsad_inst in;
            if (r & 1) w = (w & ~(0x3full << 26)) | (unsigned long long)f->marker << 26;
            for (k = 0; k < 8; k++) b[k] = (uint8_t)(w >> (8 * k));
            memset(b + 8, 0, 8);
            mqsad_decode(t, b, sizeof b, &in);
            CHECK(in.field_count == 11, "%s: %u fields", t->name, in.field_count);
            for (k = 0; k < 11; k++) {
                const mqsad_field *fl = &in.fields[k];
                CHECK(fl->name && !strcmp(fl->name, want[k].name) && fl->lo == want[k].lo &&
                      fl->hi == want[k].hi &&
                      fl->value == ((w >> want[k].lo) & ((1ull << (want[k].hi - want[k].lo + 1)) - 1)),
                      "%s word 0x%016llx field %d: %s %u..%u = 0x%x, want %s %u..%u", t->name, w, k,
                      fl->name ? fl->name : "(null)", fl->lo, fl->hi, fl->value, want[k].name,
                      want[k].lo, want[k].hi);
            }
        }
    }
}

int main(void)
{
    roundtrip_vectors();
    decode_status();
    decode_fields();
    encode_status();
    format_status();
    return t_done();
}
