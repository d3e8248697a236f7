/*
 * target.c — the single source of truth for per-generation facts of the SAD family's
 * encodings (layout, operand codes, literal rules; the OP field value is V_MQSAD_U32_U8's,
 * the other members' opcodes are in the instruction table, src/isa/insn.c).
 *
 * Every opcode, bit position, operand code, register range, literal rule and wave size
 * lives in the two tables below; every other file reads them through mqsad_family /
 * mqsad_target. Facts come from ../shared/spec/encoding-llvm22.md (measured with
 * llvm-mc 22); the section numbers in the comments point there.
 */
#include "mqsad.h"
#include "isa/isa.h"

#include <string.h>

#define W32 32u
#define W64 64u

/* Rows: one per generation. Field order follows struct mqsad_family. */
static const mqsad_family families[] = {
    /* GCN1 / GFX6 (SI): the SICI layout of GFX7; measured with llvm-mc 22, its assembler
     * differs from GFX7's for these instructions only in lacking flat_scratch (codes
     * 104/105 name nothing) and V_QSAD_PK_U16_U8 / V_MQSAD_U32_U8 (the instruction table's
     * since_gfx7). No LLVM disassembler either: decoding is strict as on GFX7. */
    { "GCN1", "gcn1", "SICI", MQSAD_ENC_SICI,
      0x175, 17, 9, -1, 11, 12, 16, 0x34,
      MQSAD_LIT_NONE, 0, 1, 1, 252, 104, 112, 12,
      124, -1, -1, -1, -1, 108, 110,
      0, 0, 1, 0, 0, W64, 1, 0, 0, 1, 0 },
    /* GCN2 / GFX7 (SICI): OP 25:17, CLAMP bit 11 cannot be assembled (§4),
     * bits 16:12 reserved, flat_scratch at 104 (§3.1), no 1/(2pi) (§3.2). */
    { "GCN2", "gcn2", "SICI", MQSAD_ENC_SICI,
      0x175, 17, 9, -1, 11, 12, 16, 0x34,
      MQSAD_LIT_NONE, 0, 1, 1, 252, 104, 112, 12,
      124, -1, -1, 104, -1, 108, 110,
      0, 0, 1, 0, 0, W64, 1, 0, 0, 0, 0 },
    /* GCN3 / GFX8 (VI layout): flat_scratch 102, xnack_mask 104 (gfx801/810 only),
     * tba/tma, ttmp0 at 112; the decoder prints null for 125 (§6.2). */
    { "GCN3", "gcn3", "VI", MQSAD_ENC_VI,
      0x1e7, 16, 10, 15, 15, 11, 14, 0x34,
      MQSAD_LIT_NONE, 0, 1, 1, 252, 102, 112, 12,
      124, -1, 125, 102, 104, 108, 110,
      0, 0, 1, 1, 0, W64, 0, 0, 0, 0, 0 },
    /* Vega / GFX9: ttmp0 at 108, 16 ttmps, no tba/tma, apertures and pops. */
    { "Vega", "vega", "VI", MQSAD_ENC_VI,
      0x1e7, 16, 10, 15, 15, 11, 14, 0x34,
      MQSAD_LIT_NONE, 0, 1, 1, 252, 102, 108, 16,
      124, -1, 125, 102, 104, -1, -1,
      1, 1, 1, 1, 0, W64, 0, 0, 0, 0, 0 },
    /* CDNA1 (gfx908): GFX9 rules. */
    { "CDNA1", "cdna1", "VI", MQSAD_ENC_VI,
      0x1e7, 16, 10, 15, 15, 11, 14, 0x34,
      MQSAD_LIT_NONE, 0, 1, 1, 252, 102, 108, 16,
      124, -1, 125, 102, 104, -1, -1,
      1, 1, 1, 1, 0, W64, 0, 0, 0, 0, 0 },
    /* CDNA2 (gfx90a): GFX9 + even-aligned VGPR tuples (§5). */
    { "CDNA2", "cdna2", "VI", MQSAD_ENC_VI,
      0x1e7, 16, 10, 15, 15, 11, 14, 0x34,
      MQSAD_LIT_NONE, 0, 1, 2, 252, 102, 108, 16,
      124, -1, 125, 102, 104, -1, -1,
      1, 1, 1, 1, 0, W64, 0, 1, 0, 0, 0 },
    /* CDNA3 (gfx942). */
    { "CDNA3", "cdna3", "VI", MQSAD_ENC_VI,
      0x1e7, 16, 10, 15, 15, 11, 14, 0x34,
      MQSAD_LIT_NONE, 0, 1, 2, 252, 102, 108, 16,
      124, -1, 125, 102, 104, -1, -1,
      1, 1, 1, 1, 0, W64, 0, 1, 1, 0, 0 },
    /* CDNA4 (gfx950): like CDNA3, but the disassembler consumes a code-255 literal (§6.3). */
    { "CDNA4", "cdna4", "VI", MQSAD_ENC_VI,
      0x1e7, 16, 10, 15, 15, 11, 14, 0x34,
      MQSAD_LIT_NONE, 1, 1, 2, 252, 102, 108, 16,
      124, -1, 125, 102, 104, -1, -1,
      1, 1, 1, 1, 0, W64, 0, 1, 1, 0, 0 },
    /* RDNA1 / GFX10: marker 0x35, opcode 0x175, 32-bit literal, constant bus 2,
     * s0-s105, null 125 (§3.1). */
    { "RDNA1", "rdna1", "GFX10", MQSAD_ENC_GFX10,
      0x175, 16, 10, 15, 15, 11, 14, 0x35,
      MQSAD_LIT_32, 1, 2, 1, 252, 106, 108, 16,
      124, 125, 125, -1, -1, -1, -1,
      1, 1, 1, 1, 0, W32 | W64, 0, 0, 0, 0, 0 },
    /* RDNA2 / GFX10.3. */
    { "RDNA2", "rdna2", "GFX10", MQSAD_ENC_GFX10,
      0x175, 16, 10, 15, 15, 11, 14, 0x35,
      MQSAD_LIT_32, 1, 2, 1, 252, 106, 108, 16,
      124, 125, 125, -1, -1, -1, -1,
      1, 1, 1, 1, 0, W32 | W64, 0, 0, 0, 0, 0 },
    /* RDNA3 / GFX11: opcode 0x23d, m0/null swap (null 124, m0 125), no pops/vccz/execz. */
    { "RDNA3", "rdna3", "GFX11", MQSAD_ENC_GFX11,
      0x23d, 16, 10, 15, 15, 11, 14, 0x35,
      MQSAD_LIT_32, 1, 2, 1, 252, 106, 108, 16,
      125, 124, 124, -1, -1, -1, -1,
      1, 0, 0, 1, 0, W32 | W64, 0, 0, 0, 0, 1 },
    /* RDNA3.5 / GFX11.5. */
    { "RDNA3.5", "rdna3.5", "GFX11", MQSAD_ENC_GFX11,
      0x23d, 16, 10, 15, 15, 11, 14, 0x35,
      MQSAD_LIT_32, 1, 2, 1, 252, 106, 108, 16,
      125, 124, 124, -1, -1, -1, -1,
      1, 0, 0, 1, 0, W32 | W64, 0, 0, 0, 0, 0 },
    /* RDNA4 / GFX12: identical to GFX11 for this instruction (§1). */
    { "RDNA4", "rdna4", "GFX11", MQSAD_ENC_GFX11,
      0x23d, 16, 10, 15, 15, 11, 14, 0x35,
      MQSAD_LIT_32, 1, 2, 1, 252, 106, 108, 16,
      125, 124, 124, -1, -1, -1, -1,
      1, 0, 0, 1, 0, W32 | W64, 0, 0, 0, 0, 0 },
    /* gfx1250 (GFX12.5; the seed page's "CDNA 5" layout — AMD has not published that
     * mapping): GFX11 + aligned tuples, quads up to v[254:257], 64-bit literals (code 254),
     * src_flat_scratch_base_lo/hi, wave32 only. */
    { "gfx1250", "cdna5", "GFX11", MQSAD_ENC_GFX11,
      0x23d, 16, 10, 15, 15, 11, 14, 0x35,
      MQSAD_LIT_32_64, 1, 2, 2, 254, 106, 108, 16,
      125, 124, 124, -1, -1, -1, -1,
      1, 0, 0, 1, 1, W32, 0, 0, 0, 0, 0 },
};

enum { F_GCN1, F_GCN2, F_GCN3, F_VEGA, F_CDNA1, F_CDNA2, F_CDNA3, F_CDNA4,
       F_RDNA1, F_RDNA2, F_RDNA3, F_RDNA35, F_RDNA4, F_GFX1250, F_COUNT };

_Static_assert(sizeof families / sizeof families[0] == F_COUNT, "family rows");

/* Named targets: every gfx name LLVM 22 maps to one of the families. */
static const mqsad_target targets[] = {
    { "gfx600", &families[F_GCN1], 0 },   { "gfx601", &families[F_GCN1], 0 },
    { "gfx602", &families[F_GCN1], 0 },
    { "gfx700", &families[F_GCN2], 0 },   { "gfx701", &families[F_GCN2], 0 },
    { "gfx702", &families[F_GCN2], 0 },   { "gfx703", &families[F_GCN2], 0 },
    { "gfx704", &families[F_GCN2], 0 },   { "gfx705", &families[F_GCN2], 0 },
    /* xnack_mask is accepted by the assembler only on gfx801/gfx810 (§1). */
    { "gfx801", &families[F_GCN3], 1 },   { "gfx802", &families[F_GCN3], 0 },
    { "gfx803", &families[F_GCN3], 0 },   { "gfx805", &families[F_GCN3], 0 },
    { "gfx810", &families[F_GCN3], 1 },
    { "gfx900", &families[F_VEGA], 1 },   { "gfx902", &families[F_VEGA], 1 },
    { "gfx904", &families[F_VEGA], 1 },   { "gfx906", &families[F_VEGA], 1 },
    { "gfx909", &families[F_VEGA], 1 },   { "gfx90c", &families[F_VEGA], 1 },
    { "gfx908", &families[F_CDNA1], 1 },
    { "gfx90a", &families[F_CDNA2], 1 },
    { "gfx942", &families[F_CDNA3], 1 },
    { "gfx950", &families[F_CDNA4], 1 },
    { "gfx1010", &families[F_RDNA1], 0 }, { "gfx1011", &families[F_RDNA1], 0 },
    { "gfx1012", &families[F_RDNA1], 0 }, { "gfx1013", &families[F_RDNA1], 0 },
    { "gfx1030", &families[F_RDNA2], 0 }, { "gfx1031", &families[F_RDNA2], 0 },
    { "gfx1032", &families[F_RDNA2], 0 }, { "gfx1033", &families[F_RDNA2], 0 },
    { "gfx1034", &families[F_RDNA2], 0 }, { "gfx1035", &families[F_RDNA2], 0 },
    { "gfx1036", &families[F_RDNA2], 0 },
    { "gfx1100", &families[F_RDNA3], 0 }, { "gfx1101", &families[F_RDNA3], 0 },
    { "gfx1102", &families[F_RDNA3], 0 }, { "gfx1103", &families[F_RDNA3], 0 },
    { "gfx1150", &families[F_RDNA35], 0 }, { "gfx1151", &families[F_RDNA35], 0 },
    { "gfx1152", &families[F_RDNA35], 0 }, { "gfx1153", &families[F_RDNA35], 0 },
    { "gfx1200", &families[F_RDNA4], 0 }, { "gfx1201", &families[F_RDNA4], 0 },
    { "gfx1250", &families[F_GFX1250], 0 }, { "gfx1251", &families[F_GFX1250], 0 },
};

/* LLVM's generic targets: for v_mqsad_u32_u8 each is the target in its comment, but the
 * other instructions they have differ (gfx9-generic lacks gfx900's v_mad_mix*,
 * gfx9-4-generic six of gfx942's), which shows in llvm-mc's "did you mean" and "not
 * supported on this GPU" (src/asm/mnemonics.inc). Not in mqsad_target_at's list
 * (mqsad_generic_target_at). */
static const mqsad_target generic_targets[] = {
    { "gfx9-generic", &families[F_VEGA], 1 },         /* gfx900 */
    { "gfx9-4-generic", &families[F_CDNA3], 1 },      /* gfx942 */
    { "gfx10-1-generic", &families[F_RDNA1], 0 },     /* gfx1010 */
    { "gfx10-3-generic", &families[F_RDNA2], 0 },     /* gfx1030 */
    { "gfx11-generic", &families[F_RDNA3], 0 },       /* gfx1100 */
    { "gfx12-generic", &families[F_RDNA4], 0 },       /* gfx1200 */
};

/* The representative target of each generation (what "rdna3" means). */
static const char *const generation_rep[F_COUNT] = {
    "gfx600", "gfx700", "gfx803", "gfx900", "gfx908", "gfx90a", "gfx942", "gfx950",
    "gfx1010", "gfx1030", "gfx1100", "gfx1150", "gfx1200", "gfx1250",
};

static const mqsad_target *target_by_name(const char *name);

/* Extra names: LLVM's processor aliases and generation spellings. */
static const struct { const char *alias; const char *target; } aliases[] = {
    { "gfx6", "gfx600" }, { "gfx7", "gfx700" }, { "gfx8", "gfx803" }, { "gfx9", "gfx900" },
    { "gcn5", "gfx900" }, { "rdna35", "gfx1150" }, { "rdna3_5", "gfx1150" },
    { "gfx12.5", "gfx1250" },
    { "tahiti", "gfx600" }, { "pitcairn", "gfx601" }, { "verde", "gfx601" },
    { "oland", "gfx602" }, { "hainan", "gfx602" },
    { "kaveri", "gfx700" }, { "hawaii", "gfx701" }, { "kabini", "gfx703" },
    { "mullins", "gfx703" }, { "bonaire", "gfx704" },
    { "carrizo", "gfx801" }, { "iceland", "gfx802" }, { "tonga", "gfx802" },
    { "fiji", "gfx803" }, { "polaris10", "gfx803" }, { "polaris11", "gfx803" },
    { "tongapro", "gfx805" }, { "stoney", "gfx810" },
};

static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
        if (x != y) return 0;
        if (!x) return 1;
    }
}

static const mqsad_target *target_by_name(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (name_eq(name, targets[i].name)) return &targets[i];
    return NULL;
}

const mqsad_target *mqsad_target_lookup(const char *name)
{
    const mqsad_target *t;
    size_t i;
    if (!name) return NULL;
    if ((t = target_by_name(name)) != NULL) return t;
    for (i = 0; i < sizeof generic_targets / sizeof generic_targets[0]; i++)
        if (name_eq(name, generic_targets[i].name)) return &generic_targets[i];
    for (i = 0; i < F_COUNT; i++)
        if (name_eq(name, families[i].generation_alias)) return target_by_name(generation_rep[i]);
    for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (name_eq(name, aliases[i].alias)) return target_by_name(aliases[i].target);
    return NULL;
}

/* The generation of a target whose generation lacks V_MQSAD_U32_U8 (GFX6, read from the
 * instruction table's since_gfx7 through mqsad_insn_on_target). */
const char *mqsad_target_without_instruction(const char *name)
{
    const mqsad_target *t = mqsad_target_lookup(name);
    if (!t || mqsad_insn_on_target(MQSAD_INSN_MQSAD_U32_U8, t)) return NULL;
    return "GFX6";
}

size_t mqsad_target_count(void) { return sizeof targets / sizeof targets[0]; }

const mqsad_target *mqsad_target_at(size_t index)
{
    return index < mqsad_target_count() ? &targets[index] : NULL;
}

size_t mqsad_generic_target_count(void) { return sizeof generic_targets / sizeof generic_targets[0]; }

const mqsad_target *mqsad_generic_target_at(size_t index)
{
    return index < mqsad_generic_target_count() ? &generic_targets[index] : NULL;
}

size_t mqsad_generation_count(void) { return F_COUNT; }

const mqsad_target *mqsad_generation_target(size_t index)
{
    return index < F_COUNT ? target_by_name(generation_rep[index]) : NULL;
}
