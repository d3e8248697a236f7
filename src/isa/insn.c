/*
 * insn.c — the instruction table: the single source of truth for per-instruction facts
 * of the SAD family (name, opcode per encoding family, operand widths, availability,
 * clamp element, scalar reference). Opcodes were read from llvm-mc 22 encodings
 * (scripts/gen_vectors.py); every layer reads them through mqsad_insn_get(), the decoder
 * through mqsad__insn_by_opcode() (an index by OP value built from the same macros).
 */
#include "mqsad.h"
#include "isa/isa.h"

#include <string.h>

/* OP field values per mqsad_encoding: SICI (OP 25:17), VI (OP 25:16), GFX10, GFX11 (both
 * OP 25:16). Written once here: the table below and the decoder's index insn_by_op are
 * both built from them. */
#define OP_MQSAD_U32_U8     373, 487, 373, 573
#define OP_SAD_U8           346, 473, 346, 546
#define OP_SAD_HI_U8        347, 474, 347, 547
#define OP_SAD_U16          348, 475, 348, 548
#define OP_SAD_U32          349, 476, 349, 549
#define OP_MSAD_U8          369, 484, 369, 569
#define OP_QSAD_PK_U16_U8   370, 485, 370, 570
#define OP_MQSAD_PK_U16_U8  371, 486, 371, 571

/* The mnemonics, NUL-padded to MQSAD__MNEMONIC_TEXT bytes, with their lengths: the rows
 * below point at them, the printer copies them with fixed-size moves. */
#define MNEMONIC(s) { s, sizeof(s) - 1 }
static const mqsad__mnemonic mnemonics[MQSAD_INSN_COUNT] = {
    [MQSAD_INSN_MQSAD_U32_U8] = MNEMONIC("v_mqsad_u32_u8"),
    [MQSAD_INSN_SAD_U8] = MNEMONIC("v_sad_u8"),
    [MQSAD_INSN_SAD_HI_U8] = MNEMONIC("v_sad_hi_u8"),
    [MQSAD_INSN_SAD_U16] = MNEMONIC("v_sad_u16"),
    [MQSAD_INSN_SAD_U32] = MNEMONIC("v_sad_u32"),
    [MQSAD_INSN_MSAD_U8] = MNEMONIC("v_msad_u8"),
    [MQSAD_INSN_QSAD_PK_U16_U8] = MNEMONIC("v_qsad_pk_u16_u8"),
    [MQSAD_INSN_MQSAD_PK_U16_U8] = MNEMONIC("v_mqsad_pk_u16_u8"),
};

/* Field order follows struct mqsad_insn_info; opcode[] is indexed by mqsad_encoding. */
static const mqsad_insn_info insns[MQSAD_INSN_COUNT] = {
    { MQSAD_INSN_MQSAD_U32_U8, mnemonics[MQSAD_INSN_MQSAD_U32_U8].text, "V_MQSAD_U32_U8",
      { OP_MQSAD_U32_U8 }, 1, { 2, 1, 4, 4 }, 1, 32, mqsad__eval_mqsad_u32_u8,
      "D.u32[k] = msad_u8(S0[8k+31:8k], S1, S2.u32[k]), k = 0..3" },
    { MQSAD_INSN_SAD_U8, mnemonics[MQSAD_INSN_SAD_U8].text, "V_SAD_U8",
      { OP_SAD_U8 }, 0, { 1, 1, 1, 1 }, 0, 32, mqsad__eval_sad_u8,
      "D = S2 + sum over bytes i of |S0.u8[i] - S1.u8[i]|" },
    { MQSAD_INSN_SAD_HI_U8, mnemonics[MQSAD_INSN_SAD_HI_U8].text, "V_SAD_HI_U8",
      { OP_SAD_HI_U8 }, 0, { 1, 1, 1, 1 }, 0, 32, mqsad__eval_sad_hi_u8,
      "D = (sad_u8(S0, S1, 0) << 16) + S2" },
    { MQSAD_INSN_SAD_U16, mnemonics[MQSAD_INSN_SAD_U16].text, "V_SAD_U16",
      { OP_SAD_U16 }, 0, { 1, 1, 1, 1 }, 0, 32, mqsad__eval_sad_u16,
      "D = S2 + |S0.u16[0] - S1.u16[0]| + |S0.u16[1] - S1.u16[1]|" },
    { MQSAD_INSN_SAD_U32, mnemonics[MQSAD_INSN_SAD_U32].text, "V_SAD_U32",
      { OP_SAD_U32 }, 0, { 1, 1, 1, 1 }, 0, 32, mqsad__eval_sad_u32,
      "D = S2 + |S0 - S1| (unsigned)" },
    { MQSAD_INSN_MSAD_U8, mnemonics[MQSAD_INSN_MSAD_U8].text, "V_MSAD_U8",
      { OP_MSAD_U8 }, 0, { 1, 1, 1, 1 }, 0, 32, mqsad__eval_msad_u8,
      "D = S2 + sum over bytes i with S1.u8[i] != 0 of |S0.u8[i] - S1.u8[i]|" },
    { MQSAD_INSN_QSAD_PK_U16_U8, mnemonics[MQSAD_INSN_QSAD_PK_U16_U8].text, "V_QSAD_PK_U16_U8",
      { OP_QSAD_PK_U16_U8 }, 1, { 2, 1, 2, 2 }, 0, 16, mqsad__eval_qsad_pk_u16_u8,
      "D.u16[k] = 16'B(sad_u8(S0[8k+31:8k], S1, S2.u16[k])), k = 0..3" },
    { MQSAD_INSN_MQSAD_PK_U16_U8, mnemonics[MQSAD_INSN_MQSAD_PK_U16_U8].text, "V_MQSAD_PK_U16_U8",
      { OP_MQSAD_PK_U16_U8 }, 0, { 2, 1, 2, 2 }, 0, 16, mqsad__eval_mqsad_pk_u16_u8,
      "D.u16[k] = 16'B(msad_u8(S0[8k+31:8k], S1, S2.u16[k])), k = 0..3" },
};

const mqsad_insn_info *mqsad_insn_get(mqsad_insn_id id)
{
    return (unsigned)id < MQSAD_INSN_COUNT ? &insns[id] : NULL;
}

const mqsad_insn_info *mqsad__insn_named(const char *mn, size_t len)
{
    unsigned i;
    for (i = 0; i < MQSAD_INSN_COUNT; i++)   /* the lengths tell most names apart */
        if (mnemonics[i].len == len && memcmp(mnemonics[i].text, mn, len) == 0) return &insns[i];
    return NULL;
}

const mqsad__mnemonic *mqsad__insn_mnemonic(mqsad_insn_id id)
{
    return (unsigned)id < MQSAD_INSN_COUNT ? &mnemonics[id] : NULL;
}

/* 1 + the instruction whose OP value in an encoding is the index, 0 for none: the decoder
 * finds a word's instruction with one load instead of a search. Two instructions with one
 * OP value would be a duplicate initializer (-Werror). */
#define OP_OF(enc, ...) OP_OF_(enc, __VA_ARGS__)
#define OP_OF_(enc, sici, vi, gfx10, gfx11) \
    ((enc) == MQSAD_ENC_SICI ? (sici) : (enc) == MQSAD_ENC_VI ? (vi) : (enc) == MQSAD_ENC_GFX10 ? (gfx10) : (gfx11))
#define EACH_INSN(X, enc) X(enc, MQSAD_U32_U8) X(enc, SAD_U8) X(enc, SAD_HI_U8) X(enc, SAD_U16) \
    X(enc, SAD_U32) X(enc, MSAD_U8) X(enc, QSAD_PK_U16_U8) X(enc, MQSAD_PK_U16_U8)
#define AT(enc, id) [OP_OF(enc, OP_##id)] = MQSAD_INSN_##id + 1,
#define BY_OP(enc) { EACH_INSN(AT, enc) }
#define ONE(enc, id) 1 +
/* every instruction once (a repeated one would be a duplicate initializer) */
_Static_assert(EACH_INSN(ONE, 0) 0 == MQSAD_INSN_COUNT, "EACH_INSN lists every instruction");
#define OP_VALUES 1024u   /* the widest OP field has 10 bits */
static const uint8_t insn_by_op[4][OP_VALUES] = {
    BY_OP(MQSAD_ENC_SICI), BY_OP(MQSAD_ENC_VI), BY_OP(MQSAD_ENC_GFX10), BY_OP(MQSAD_ENC_GFX11),
};

const mqsad_insn_info *mqsad__insn_by_opcode(const mqsad_target *t, unsigned op)
{
    unsigned id = op < OP_VALUES ? insn_by_op[t->family->encoding & 3u][op] : 0u;
    if (!id) return NULL;
    /* the target's test first: it is the same for every word of a stream, the row's is not */
    if (t->family->gfx6 && insns[id - 1u].since_gfx7) return NULL;
    return &insns[id - 1u];
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* 1 if s (NUL-terminated, any case) is name, optionally followed by "_e64". */
static int names(const char *s, const char *name)
{
    size_t i = 0;
    for (; name[i]; i++)
        if (lower((unsigned char)s[i]) != name[i]) return 0;
    if (!s[i]) return 1;
    return lower((unsigned char)s[i]) == '_' && lower((unsigned char)s[i + 1]) == 'e' &&
           s[i + 2] == '6' && s[i + 3] == '4' && !s[i + 4];
}

const mqsad_insn_info *mqsad_insn_lookup(const char *name)
{
    if (!name) return NULL;
    for (unsigned i = 0; i < MQSAD_INSN_COUNT; i++)
        if (names(name, insns[i].name)) return &insns[i];
    return NULL;
}

int mqsad_insn_on_target(mqsad_insn_id id, const mqsad_target *target)
{
    const mqsad_insn_info *in = mqsad_insn_get(id);
    if (!in || !target || !target->family) return 0;
    return !(in->since_gfx7 && target->family->gfx6);
}
