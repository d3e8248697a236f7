/* isa.h — what the ISA layer (src/isa/: target table, operand codec, decode, encode,
 * validate, format) offers the other layers. Not installed. */
#ifndef MQSAD_ISA_H
#define MQSAD_ISA_H

#include "mqsad.h"

#define MQSAD_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ---- operand codec (src/isa/operand.c) ---------------------------------------------------
 * Generic 9-bit codes that are the same on every target. Everything that differs per
 * target is read from mqsad_family (src/isa/target.c). */
#define MQSAD_CODE_INT0      128u   /* inline 0; 128+v for 0..64 */
#define MQSAD_CODE_INT_NEG1  193u   /* inline -1; 192-v for v = -1..-16 */
#define MQSAD_CODE_INT_MAX   208u
#define MQSAD_CODE_FLOAT0    240u   /* 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0 */
#define MQSAD_CODE_INV2PI    248u   /* 1/(2*pi), only when family->has_inv2pi */
#define MQSAD_CODE_LIT64     254u   /* 64-bit literal (MQSAD_LIT_32_64 targets) */
#define MQSAD_CODE_LIT32     255u
#define MQSAD_CODE_VGPR0     256u

/* Canonical name of a special register ("vcc_lo", "vcc", "src_scc", ...); "" for NONE. */
const char *mqsad_special_name(mqsad_special id);
/* The same name at the start of MQSAD__SPECIAL_TEXT readable bytes (NUL-padded), *len its
 * length: for fixed-size copies. */
#define MQSAD__SPECIAL_TEXT 32
const char *mqsad__special_text(mqsad_special id, size_t *len);
/* 2 for a 64-bit pair (vcc, exec, flat_scratch, xnack_mask, tba, tma), else 1. */
unsigned mqsad_special_width(mqsad_special id);
/* Which slots a special can appear in by its shape: bit 0 = SRC0 (64-bit), bit 1 = SRC1
 * (32-bit). Pairs: SRC0 only; *_lo/_hi halves and m0: SRC1 only; null and the src_*
 * constants: both; src_lds_direct: none (never assembles for this instruction). */
unsigned mqsad_special_slots(mqsad_special id);
/* 9-bit code of a special on target t (for a pair: the code of its low half), or -1 when
 * the assembler (for_asm = 1) / LLVM's decoder (for_asm = 0) of that target lacks it.
 * src_lds_direct: -1 for the assembler (never accepted by this instruction), 254 for the
 * decoder except on MQSAD_LIT_32_64 targets (where 254 is the 64-bit literal). */
int mqsad_special_code(const mqsad_target *t, mqsad_special id, int for_asm);

/* Inline-constant helpers. Return the code, or -1 if the value is not inline.
 * Integer: v in -16..64. Float: the bit pattern in the slot's type (f64 for SRC0, f32 for
 * every other slot); 1/(2pi) only when the target has it. */
int mqsad_inline_int_code(int64_t v);
int mqsad_inline_float_code(const mqsad_target *t, int slot, uint64_t bits);
/* The same rules by the slot's width in dwords (2: a 64-bit slot, f64 constants; 1: a
 * 32-bit slot, f32 constants), for every instruction of the family; the slot forms are
 * V_MQSAD_U32_U8's (SRC0 64-bit, every other slot 32-bit). */
int mqsad_inline_float_code_w(const mqsad_target *t, unsigned dwords, uint64_t bits);
/* Bit pattern of inline float code 240..248 in a slot of that width (0 for another code). */
uint64_t mqsad_inline_float_bits_w(unsigned dwords, unsigned code);
/* 1 if value (a literal value as LLVM's printer holds it) equals an inline constant of a
 * slot of that width, *code (may be NULL) gets that constant's code. A 64-bit slot
 * compares all 64 bits (ints -16..64 as int64, f64 patterns); a 32-bit slot needs a value
 * < 2^32 that matches an int32 -16..64 or an f32 pattern. */
int mqsad_value_is_inline_w(const mqsad_target *t, unsigned dwords, uint64_t value, unsigned *code);
/* 1 if the assembler of family f accepts lds_direct (a 32-bit SRC0 only): not on CDNA2+
 * (aligned VGPRs) nor GFX11+. */
int mqsad_lds_direct_asm(const mqsad_family *f);

/* Computes op->code from kind/reg/width/special/value for the *assembler/encoder* of t.
 * The widths and kinds a slot allows come from the instruction table: VDST a VGPR tuple, a
 * 4-dword SRC2 a VGPR tuple, 1- and 2-dword sources what LLVM's VS_32 / VS_64 take
 * (lds_direct: a 32-bit SRC0 only). Errors: MQSAD_E_OPERAND_KIND (kind/width not allowed in the slot), MQSAD_E_REGISTER_RANGE,
 * MQSAD_E_MISALIGNED, MQSAD_E_REG_UNAVAILABLE (special not on this target),
 * MQSAD_E_OPERAND_CODE (value not an inline constant), MQSAD_E_NO_LITERAL,
 * MQSAD_E_LITERAL64, MQSAD_E_INVALID_ARGUMENT. Does not check cross-operand rules
 * (literal count, constant bus: mqsad_validate). */
mqsad_status mqsad_operand_resolve_insn(const mqsad_target *t, mqsad_insn_id id, int slot,
                                        mqsad_operand *op);
/* mqsad_operand_resolve_insn without its argument checks, for the assembler: t has a
 * family, in is a row of the instruction table, slot is MQSAD_SLOT_*. */
mqsad_status mqsad__operand_resolve(const mqsad_target *t, const mqsad_insn_info *in, int slot,
                                    mqsad_operand *op);
/* mqsad_insn_operand_from_code without its argument checks, for the decoder: target has a
 * family, in is a row of the instruction table, slot is MQSAD_SLOT_*. Writes every member
 * of *out, on error too. */
mqsad_status mqsad__operand_from_code(const mqsad_target *target, const mqsad_insn_info *in, int slot,
                                      unsigned code, uint64_t literal, mqsad_operand *out);
/* The four operands of a word for mqsad_decode (VDST, then SRC0..SRC2, as
 * mqsad__operand_from_code reads them); at the first error the operands after it are
 * zeroed and its status returned. */
mqsad_status mqsad__operands_from_codes(const mqsad_target *target, const mqsad_insn_info *in,
                                        unsigned vdst_code, const unsigned code[3], uint64_t literal,
                                        mqsad_inst *out);
/* bits lo..hi (inclusive, at most 32 of them) of the instruction word w */
static inline uint32_t mqsad__bits(uint64_t w, unsigned lo, unsigned hi)
{
    return (uint32_t)((w >> lo) & ((1ull << (hi - lo + 1)) - 1));
}
/* inst->fields[] and ->field_count of the word w on family f, as mqsad_decode fills them
 * (src/isa/decode.c). */
void mqsad__decode_fields(mqsad_inst *inst, const mqsad_family *f, uint64_t w);
/* The instruction target t has (t->family set) whose OP field value in t's encoding is op,
 * or NULL (src/isa/insn.c). */
const mqsad_insn_info *mqsad__insn_by_opcode(const mqsad_target *t, unsigned op);
/* An instruction's mnemonic (mqsad_insn_get(id)->name points at .text), NUL-padded to
 * MQSAD__MNEMONIC_TEXT bytes, and its length: for fixed-size copies. NULL for an id out of
 * range. */
#define MQSAD__MNEMONIC_TEXT 24
typedef struct mqsad__mnemonic {
    char text[MQSAD__MNEMONIC_TEXT];
    unsigned char len;
} mqsad__mnemonic;
const mqsad__mnemonic *mqsad__insn_mnemonic(mqsad_insn_id id);
/* The instruction whose lower-case mnemonic is exactly mn[0..len), or NULL. */
const mqsad_insn_info *mqsad__insn_named(const char *mn, size_t len);

/* mqsad_encode without re-validation, for an instruction mqsad_parse just returned OK for
 * (codes resolved, literal/literal_size set): used by mqsad_assemble (src/isa/encode.c). */
mqsad_status mqsad__encode_parsed(const mqsad_inst *inst, uint8_t *out, size_t size, size_t *written);

/* 1 if the operand reads the constant bus (SGPR, TTMP, special other than lds_direct,
 * literal, symbol). */
int mqsad_operand_is_scalar(const mqsad_operand *op);


/* ---- scalar references named by the instruction table (src/isa/insn.c) ---------------
 * Each instruction's scalar reference in the table's shape (mqsad_eval_fn), defined by the
 * execution layer (src/exec/semantics.c). Declared here so that the table, the lowest
 * layer, needs no header of a layer above it. */
void mqsad__eval_mqsad_u32_u8(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_sad_u8(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_sad_hi_u8(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_sad_u16(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_sad_u32(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_msad_u8(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_qsad_pk_u16_u8(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);
void mqsad__eval_mqsad_pk_u16_u8(uint64_t, uint32_t, const uint32_t[4], int, uint32_t[4]);

#endif
