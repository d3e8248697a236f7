/*
 * mqsad.h — the one public header of libmqsad, the reference implementation of
 * AMD's V_MQSAD_U32_U8 ("masked quad sum of absolute differences").
 *
 * Conventions (all functions):
 *  - The library never allocates in decode/encode/format/parse/execute and never prints.
 *  - Every buffer is owned by the caller and passed with its size; nothing is read past
 *    the given length, nothing is written past the given size.
 *  - No mutable global state except the one-time CPU feature detection; every function
 *    is thread-safe as long as two threads do not write the same caller-owned object.
 *  - Functions that can fail return an mqsad_status; mqsad_strerror() names it.
 *
 * The header is organised in sections: version, status, targets, semantics, codec
 * (operands, instruction, decode, encode, validate), formatting, assembler, wave
 * execution, batch kernels. Each section documents its own ownership rules.
 */
#ifndef MQSAD_H
#define MQSAD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(MQSAD_SHARED_BUILD)
#define MQSAD_API __declspec(dllexport)
#elif defined(__GNUC__)
#define MQSAD_API __attribute__((visibility("default")))
#else
#define MQSAD_API
#endif

/* ===================================================================================
 * Version
 * =================================================================================== */

/** Library version. The single source is the VERSION file at the top of the tree (the
 *  build, the soname, mqsad.pc and the CMake package read it); these macros mirror it so
 *  that the installed header stays a plain file. `make check` fails (tests/test_version.c)
 *  unless MQSAD_VERSION_MAJOR/MINOR/PATCH, MQSAD_VERSION_STRING, mqsad_version() and
 *  `mqsad --version` all agree with VERSION: bump VERSION and these four lines together.
 *  Compare MQSAD_VERSION_STRING (compile time) with mqsad_version() (the linked library)
 *  to detect a header/library mismatch. */
#define MQSAD_VERSION_MAJOR 0
#define MQSAD_VERSION_MINOR 2
#define MQSAD_VERSION_PATCH 0
#define MQSAD_VERSION_STRING "0.2.0"

/** Returns the version string of the linked library, e.g. "0.2.0". Static storage. */
MQSAD_API const char *mqsad_version(void);

/* ===================================================================================
 * Status codes
 * =================================================================================== */

/** Status of every fallible call. 0 is success; every error is a specific reason. */
typedef enum mqsad_status {
    MQSAD_OK = 0,
    MQSAD_E_INVALID_ARGUMENT,   /**< NULL pointer or nonsensical argument */
    MQSAD_E_UNKNOWN_TARGET,     /**< no such target / generation name */
    MQSAD_E_TRUNCATED,          /**< fewer than 8 bytes for the instruction word */
    MQSAD_E_TRUNCATED_LITERAL,  /**< a literal code is used but its 4/8 bytes are missing */
    MQSAD_E_NOT_MQSAD,          /**< encoding marker or opcode is no SAD-family instruction the target has
                                     (the name predates the family; MQSAD_E_NOT_SAD_FAMILY is an alias) */
    MQSAD_E_MODIFIERS,          /**< ABS, NEG or OMOD bits set (invalid for this instruction) */
    MQSAD_E_NO_LITERAL,         /**< a literal on a target without VOP3 literals */
    MQSAD_E_LITERAL64,          /**< a 64-bit literal where the target or slot has none */
    MQSAD_E_MULTIPLE_LITERALS,  /**< two different literal values in one instruction */
    MQSAD_E_LITERAL_RANGE,      /**< literal value not representable in the operand */
    MQSAD_E_OPERAND_CODE,       /**< 9-bit operand code invalid for the slot on this target */
    MQSAD_E_OPERAND_KIND,       /**< operand kind not allowed in this slot */
    MQSAD_E_REGISTER_RANGE,     /**< register index out of the target's range */
    MQSAD_E_MISALIGNED,         /**< VGPR/SGPR tuple alignment violated */
    MQSAD_E_REG_UNAVAILABLE,    /**< special register not available on this target */
    MQSAD_E_CONSTANT_BUS,       /**< too many scalar values read (constant-bus limit) */
    MQSAD_E_CLAMP_UNSUPPORTED,  /**< clamp on a target without integer clamp (GFX7) */
    MQSAD_E_BUFFER_TOO_SMALL,   /**< caller buffer too small; nothing useful written */
    MQSAD_E_SYNTAX,             /**< assembler: malformed text (see the diagnostic) */
    MQSAD_E_UNSUPPORTED,        /**< well-formed but not supported (e.g. _e32 variant) */
    MQSAD_E_WAVE_SIZE,          /**< wave size not available on this target */
    MQSAD_E_LDS_DIRECT,         /**< lds_direct source: not executable */
    MQSAD_E_SRC2_NOT_VGPR,      /**< SRC2 is not a VGPR quad (decodable, not executable) */
    MQSAD_E_OVERLAP,            /**< warning-class: VDST overlaps a source (result computed from the snapshot) */
    MQSAD_E_INPUT_TOO_LONG,     /**< input exceeds a documented bound (line length, nesting, digits) */
    MQSAD_STATUS_COUNT
} mqsad_status;

/** Alias of MQSAD_E_NOT_MQSAD that says what it means since the decoder knows the family. */
#define MQSAD_E_NOT_SAD_FAMILY MQSAD_E_NOT_MQSAD

/** Short English description of a status ("truncated input", ...). Never NULL. */
MQSAD_API const char *mqsad_strerror(mqsad_status status);

/* ===================================================================================
 * Targets — the single source of truth for per-generation facts (src/isa/target.c)
 * =================================================================================== */

/** Encoding families (bit layouts). */
typedef enum mqsad_encoding {
    MQSAD_ENC_SICI = 0,  /**< GFX6, GFX7: CLAMP bit 11, OP 25:17 */
    MQSAD_ENC_VI,        /**< GFX8, GFX9, CDNA1-4: CLAMP 15, OP 25:16, marker 0x34 */
    MQSAD_ENC_GFX10,     /**< RDNA1-2: marker 0x35, opcode 0x175 */
    MQSAD_ENC_GFX11      /**< RDNA3/3.5/4, gfx1250: marker 0x35, opcode 0x23d */
} mqsad_encoding;

/** VOP3 literal support of a target. */
typedef enum mqsad_literal_support {
    MQSAD_LIT_NONE = 0,  /**< no VOP3 literal (GFX7-9, CDNA) */
    MQSAD_LIT_32,        /**< one 32-bit literal, code 255 (GFX10-12) */
    MQSAD_LIT_32_64      /**< 32-bit (255) and 64-bit (254) literals (gfx1250) */
} mqsad_literal_support;

/** Special (non-SGPR, non-VGPR) scalar operands. A *_PAIR id names the 64-bit pair. */
typedef enum mqsad_special {
    MQSAD_SPECIAL_NONE = 0,
    MQSAD_SPECIAL_VCC_LO, MQSAD_SPECIAL_VCC_HI, MQSAD_SPECIAL_VCC,
    MQSAD_SPECIAL_EXEC_LO, MQSAD_SPECIAL_EXEC_HI, MQSAD_SPECIAL_EXEC,
    MQSAD_SPECIAL_FLAT_SCRATCH_LO, MQSAD_SPECIAL_FLAT_SCRATCH_HI, MQSAD_SPECIAL_FLAT_SCRATCH,
    MQSAD_SPECIAL_XNACK_MASK_LO, MQSAD_SPECIAL_XNACK_MASK_HI, MQSAD_SPECIAL_XNACK_MASK,
    MQSAD_SPECIAL_TBA_LO, MQSAD_SPECIAL_TBA_HI, MQSAD_SPECIAL_TBA,
    MQSAD_SPECIAL_TMA_LO, MQSAD_SPECIAL_TMA_HI, MQSAD_SPECIAL_TMA,
    MQSAD_SPECIAL_M0,
    MQSAD_SPECIAL_NULL,
    MQSAD_SPECIAL_SRC_SHARED_BASE, MQSAD_SPECIAL_SRC_SHARED_LIMIT,
    MQSAD_SPECIAL_SRC_PRIVATE_BASE, MQSAD_SPECIAL_SRC_PRIVATE_LIMIT,
    MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID,
    MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO, MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_HI,
    MQSAD_SPECIAL_SRC_VCCZ, MQSAD_SPECIAL_SRC_EXECZ, MQSAD_SPECIAL_SRC_SCC,
    MQSAD_SPECIAL_SRC_LDS_DIRECT,
    MQSAD_SPECIAL_COUNT
} mqsad_special;

/** Per-family facts. One row per generation (GCN2, GCN3, ... gfx1250) in src/isa/target.c.
 *  Code fields hold the 9-bit operand code, or -1 when the target has no such register.
 *  Fields named asm_* say what the *assembler* accepts; dis_* what LLVM 22's
 *  *disassembler* prints (it is more permissive, encoding-llvm22.md §6). */
typedef struct mqsad_family {
    const char *generation;      /**< "GCN2", "GCN3", "Vega", "CDNA1".."CDNA4", "RDNA1".., "gfx1250" */
    const char *generation_alias;/**< lower-case CLI name: "gcn2", "rdna3.5", "cdna5", ... */
    const char *llvm_family;     /**< LLVM encoding family name: "SICI", "VI", "GFX10", "GFX11" */
    mqsad_encoding encoding;
    /* --- instruction word layout --- */
    uint16_t opcode;             /**< OP field value */
    uint8_t  op_lo, op_bits;     /**< OP position: bits op_lo .. op_lo+op_bits-1 */
    int8_t   clamp_bit;          /**< CLAMP bit, or -1 (GFX7's bit 11 cannot be assembled) */
    uint8_t  clamp_bit_layout;   /**< where CLAMP sits in the layout (11 on GFX7, 15 else) */
    uint8_t  ignored_lo, ignored_hi; /**< bits the decoder ignores (OPSEL 14:11; GFX7 16:12) */
    uint8_t  marker;             /**< bits 31:26 */
    /* --- literals and operand rules --- */
    mqsad_literal_support literal;  /**< what the assembler/encoder can emit */
    uint8_t  dis_literal32;      /**< 1: the disassembler consumes code 255 + 4 bytes */
    uint8_t  const_bus;          /**< scalar values allowed among SRC0/SRC1 */
    uint8_t  vgpr_align;         /**< 1, or 2: VGPR tuples must start at an even register */
    uint16_t vgpr_quad_max;      /**< highest first register of a VGPR quad (252; 254 on gfx1250) */
    uint8_t  sgpr_count;         /**< s0 .. s(sgpr_count-1) */
    uint8_t  ttmp_code, ttmp_count; /**< code of ttmp0 and number of ttmps */
    int16_t  m0_code, null_code_asm, null_code_dis;
    int16_t  flat_scratch_code, xnack_mask_code, tba_code, tma_code;
    uint8_t  has_src_shared;     /**< src_shared_base/limit, src_private_base/limit (asm) */
    uint8_t  has_pops;           /**< src_pops_exiting_wave_id (asm) */
    uint8_t  has_vccz_execz;     /**< src_vccz / src_execz (asm) */
    uint8_t  has_inv2pi;         /**< 1/(2*pi) inline constant (code 248) */
    uint8_t  has_flat_scratch_base; /**< src_flat_scratch_base_lo/hi (asm) */
    uint8_t  wave_sizes;         /**< bit mask: 32 and/or 64 */
    uint8_t  dis_strict;         /**< 1: LLVM 22 has no disassembler for this family (GFX7):
                                      mqsad_decode accepts exactly what the assembler produces */
    /* --- for LLVM's AMDGPU expression functions (assembler) --- */
    uint8_t  gfx90a_insts;       /**< totalnumvgprs(a, v): AGPRs after 4-aligned VGPRs (CDNA2+) */
    uint8_t  arch_flat_scratch;  /**< extrasgprs(): flat scratch always counted (CDNA3, CDNA4) */
    uint8_t  gfx6;               /**< 1: GFX6 (SI), which lacks V_QSAD_PK_U16_U8 and V_MQSAD_U32_U8 */
    uint8_t  dpp_src1_vgpr;      /**< 1: a VOP3-DPP form's SRC1 must be a VGPR (GFX11 without
                                      GFX11.5's DPPSrc1SGPR; assembler, D5) */
} mqsad_family;

/** One named target (gfx name). Several names share one family row. */
typedef struct mqsad_target {
    const char *name;            /**< canonical LLVM CPU name, e.g. "gfx1100" */
    const mqsad_family *family;
    uint8_t has_xnack;           /**< xnack_mask accepted by the assembler (gfx801/810, GFX9/CDNA) */
} mqsad_target;

/** Looks up a gfx name ("gfx1100") or generation name ("rdna3", "cdna5", "vega").
 *  Case-insensitive. Returns NULL if unknown. Static storage; never freed. */
MQSAD_API const mqsad_target *mqsad_target_lookup(const char *name);
/** Number of named targets, and the i-th (0-based) in table order; NULL past the end. */
MQSAD_API size_t mqsad_target_count(void);
MQSAD_API const mqsad_target *mqsad_target_at(size_t index);
/** Number of LLVM's generic targets (gfx9-generic, gfx9-4-generic, gfx10-1-generic,
 *  gfx10-3-generic, gfx11-generic, gfx12-generic), and the i-th; NULL past the end.
 *  mqsad_target_lookup finds them too; they are not in mqsad_target_at's list. */
MQSAD_API size_t mqsad_generic_target_count(void);
MQSAD_API const mqsad_target *mqsad_generic_target_at(size_t index);
/** Number of generation (family) rows, and the i-th; each has a representative target. */
MQSAD_API size_t mqsad_generation_count(void);
MQSAD_API const mqsad_target *mqsad_generation_target(size_t index);
/** "GFX6" for a target name (as mqsad_target_lookup takes it) whose generation has no
 *  V_MQSAD_U32_U8 (GFX6: gfx600-gfx602, tahiti, pitcairn, verde, oland, hainan; these are
 *  targets, with the six family members LLVM 22 has there); NULL for every other name,
 *  unknown ones included. Case-insensitive. For telling a user why the default instruction
 *  is missing; per instruction ask mqsad_insn_on_target. */
MQSAD_API const char *mqsad_target_without_instruction(const char *name);

/* ===================================================================================
 * Instructions — the SAD family (src/isa/insn.c, the instruction table: the single source
 * of truth for per-instruction facts, beside the target table)
 * =================================================================================== */

/** The eight VOP3 sum-of-absolute-differences instructions. V_MQSAD_U32_U8 is 0, so a
 *  zero-initialised mqsad_inst (and every call written before the family) means it. */
typedef enum mqsad_insn_id {
    MQSAD_INSN_MQSAD_U32_U8 = 0,   /**< v_mqsad_u32_u8:    D.b128 = 4 x msad(S0 >> 8k, S1, S2[k]) */
    MQSAD_INSN_SAD_U8,             /**< v_sad_u8:          D = S2 + sum |S0.u8[i] - S1.u8[i]| */
    MQSAD_INSN_SAD_HI_U8,          /**< v_sad_hi_u8:       D = (sad_u8(S0, S1, 0) << 16) + S2 */
    MQSAD_INSN_SAD_U16,            /**< v_sad_u16:         D = S2 + sum |S0.u16[i] - S1.u16[i]| */
    MQSAD_INSN_SAD_U32,            /**< v_sad_u32:         D = S2 + |S0 - S1| */
    MQSAD_INSN_MSAD_U8,            /**< v_msad_u8:         sad_u8 skipping bytes where S1's is 0 */
    MQSAD_INSN_QSAD_PK_U16_U8,     /**< v_qsad_pk_u16_u8:  D.u16[k] = sad_u8(S0 >> 8k, S1, S2.u16[k]) */
    MQSAD_INSN_MQSAD_PK_U16_U8,    /**< v_mqsad_pk_u16_u8: the same with msad */
    MQSAD_INSN_COUNT
} mqsad_insn_id;

/** An instruction's semantics in one shape for all eight (see mqsad_eval). */
typedef void (*mqsad_eval_fn)(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp,
                              uint32_t dst[4]);

/** Per-instruction facts: one row per instruction in src/isa/insn.c. Widths are in
 *  dwords (32-bit registers) per slot, indexed by MQSAD_SLOT_SRC0..MQSAD_SLOT_VDST. */
typedef struct mqsad_insn_info {
    mqsad_insn_id id;
    const char *name;            /**< lower-case mnemonic, "v_sad_u8" */
    const char *upper;           /**< AMD's name, "V_SAD_U8" */
    uint16_t opcode[4];          /**< OP field value per mqsad_encoding (SICI, VI, GFX10, GFX11) */
    uint8_t  since_gfx7;         /**< 1: not on GFX6 (LLVM 22: "instruction not supported on this GPU") */
    uint8_t  width[4];           /**< dwords per slot: SRC0, SRC1, SRC2, VDST (1, 2 or 4) */
    uint8_t  src2_vgpr_only;     /**< 1: SRC2 must be a VGPR tuple (V_MQSAD_U32_U8) */
    uint8_t  elem_bits;          /**< result element size the clamp saturates: 32 or 16 (packed) */
    mqsad_eval_fn eval;          /**< the scalar reference (src/exec/semantics.c) */
    const char *summary;         /**< the operation in one line, from AMD's pseudocode
                                      (docs/semantics.md); `mqsad info -i` prints it */
} mqsad_insn_info;

/** The row of an instruction; NULL for an id out of range. Static storage. */
MQSAD_API const mqsad_insn_info *mqsad_insn_get(mqsad_insn_id id);
/** Looks up a mnemonic ("v_sad_u8", any case, optional "_e64"); NULL if unknown. */
MQSAD_API const mqsad_insn_info *mqsad_insn_lookup(const char *name);
/** 1 if the instruction exists on the target's generation (all eight do from GFX7 on). */
MQSAD_API int mqsad_insn_on_target(mqsad_insn_id id, const mqsad_target *target);

/* ===================================================================================
 * Semantics (src/exec/semantics.c) — the scalar reference, the oracle for everything faster
 * =================================================================================== */

/** One masked SAD: acc + sum over bytes i with byte(b,i) != 0 of |byte(a,i) - byte(b,i)|,
 *  modulo 2^32. The mask is on the reference b (S1). */
MQSAD_API uint32_t mqsad_msad_u8(uint32_t a, uint32_t b, uint32_t acc);

/** V_MQSAD_U32_U8 as clang's __builtin_amdgcn_mqsad_u32_u8: dst[k] = msad(src0 >> 8k, src1,
 *  src2[k]) for k = 0..3, wrapping. dst may alias src2 (sources are read first). */
MQSAD_API void mqsad_u32_u8(uint64_t src0, uint32_t src1, const uint32_t src2[4], uint32_t dst[4]);

/** The same with the CLAMP bit: clamp != 0 saturates each result at 0xFFFFFFFF instead
 *  of wrapping (project policy, documented in docs/semantics.md). */
MQSAD_API void mqsad_u32_u8_clamp(uint64_t src0, uint32_t src1, const uint32_t src2[4],
                                  int clamp, uint32_t dst[4]);

/** One scalar function per family member, named after its mnemonic; clamp != 0 saturates
 *  each result element at its maximum (0xFFFFFFFF, or 0xFFFF per packed 16-bit element)
 *  instead of wrapping (project policy, docs/semantics.md). 64-bit operands (S0 of the
 *  quad forms, S2 and D of the packed forms) are uint64_t, low dword first. */
MQSAD_API uint32_t mqsad_v_sad_u8(uint32_t s0, uint32_t s1, uint32_t s2, int clamp);
MQSAD_API uint32_t mqsad_v_sad_hi_u8(uint32_t s0, uint32_t s1, uint32_t s2, int clamp);
MQSAD_API uint32_t mqsad_v_sad_u16(uint32_t s0, uint32_t s1, uint32_t s2, int clamp);
MQSAD_API uint32_t mqsad_v_sad_u32(uint32_t s0, uint32_t s1, uint32_t s2, int clamp);
MQSAD_API uint32_t mqsad_v_msad_u8(uint32_t s0, uint32_t s1, uint32_t s2, int clamp);
MQSAD_API uint64_t mqsad_v_qsad_pk_u16_u8(uint64_t s0, uint32_t s1, uint64_t s2, int clamp);
MQSAD_API uint64_t mqsad_v_mqsad_pk_u16_u8(uint64_t s0, uint32_t s1, uint64_t s2, int clamp);
MQSAD_API void mqsad_v_mqsad_u32_u8(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp,
                                    uint32_t dst[4]);

/** Generic evaluator: the instruction id's function on S0 (64 bits; 32-bit forms use the
 *  low half), S1, S2 (s2[0..width-1], low dword first) into dst[0..3] (dwords past the
 *  result's width are set to 0). dst may alias s2. MQSAD_E_INVALID_ARGUMENT for an
 *  unknown id or NULL pointers. */
MQSAD_API mqsad_status mqsad_eval(mqsad_insn_id id, uint64_t s0, uint32_t s1,
                                  const uint32_t s2[4], int clamp, uint32_t dst[4]);

/* ===================================================================================
 * Binary codec (src/isa/operand.c, src/isa/decode.c, src/isa/encode.c, src/isa/validate.c)
 * =================================================================================== */

/** What an operand is. */
typedef enum mqsad_operand_kind {
    MQSAD_OPK_NONE = 0,
    MQSAD_OPK_VGPR,          /**< v[reg .. reg+width-1] */
    MQSAD_OPK_SGPR,          /**< s[reg .. reg+width-1] */
    MQSAD_OPK_TTMP,          /**< ttmp[reg .. reg+width-1] */
    MQSAD_OPK_SPECIAL,       /**< see .special */
    MQSAD_OPK_INLINE_INT,    /**< inline integer -16..64, value in .value (sign-extended) */
    MQSAD_OPK_INLINE_FLOAT,  /**< inline float; .value holds the slot's bit pattern (f64 in a 64-bit source, f32 elsewhere) */
    MQSAD_OPK_LITERAL32,     /**< code 255 + 32-bit literal */
    MQSAD_OPK_LITERAL64,     /**< code 254 + 64-bit literal (gfx1250) */
    MQSAD_OPK_SYMBOL         /**< assembler only: relocatable 32-bit literal naming .symbol */
} mqsad_operand_kind;

/** Operand slots. */
enum { MQSAD_SLOT_SRC0 = 0, MQSAD_SLOT_SRC1 = 1, MQSAD_SLOT_SRC2 = 2, MQSAD_SLOT_VDST = 3 };

/** One operand, the way LLVM's MCOperand sees it.
 *  .value is the immediate as LLVM holds it: for inline ints the sign-extended value, for
 *  floats the slot's bit pattern, for literals the parsed/decoded value (which the printer
 *  uses; see encoding-llvm22.md §6.4), and .literal_bits what the trailing dword(s) hold. */
typedef struct mqsad_operand {
    mqsad_operand_kind kind;
    uint16_t code;           /**< 9-bit field value */
    uint16_t reg;            /**< first register index (VGPR/SGPR/TTMP) */
    uint8_t  width;          /**< registers in the tuple (1, 2 or 4) */
    mqsad_special special;   /**< for MQSAD_OPK_SPECIAL */
    uint64_t value;          /**< immediate value (see above) */
    uint64_t literal_bits;   /**< encoded literal (32 or 64 bits) for LITERAL32/64 */
    uint8_t  lit_wrapper;    /**< 0 none, 1 lit(), 2 lit64() written by the user / required by the printer */
    uint8_t  invalid;        /**< decoder: LLVM prints an "Invalid ..." annotation (see .annotation) */
    const char *annotation;  /**< e.g. "Invalid register, operand has 'VReg_128' register class"; static */
} mqsad_operand;

/** A raw bit field of the instruction word, for --explain. */
typedef struct mqsad_field {
    const char *name;        /**< "VDST", "ABS", "CLAMP", "OPSEL", "OP", "ENCODING", "SRC0", ... */
    uint8_t lo, hi;          /**< bit range in the 64-bit word (inclusive) */
    uint32_t value;
} mqsad_field;

#define MQSAD_MAX_FIELDS 12
#define MQSAD_SYMBOL_MAX 64

/** A decoded (or parsed) SAD-family instruction. Caller-owned, plain data, copyable. */
typedef struct mqsad_inst {
    const mqsad_target *target;
    mqsad_insn_id insn;          /**< which instruction (0 = V_MQSAD_U32_U8); the slots' widths
                                      come from mqsad_insn_get(insn)->width */
    uint8_t length;              /**< bytes: 8, 12 (32-bit literal) or 16 (64-bit literal) */
    uint8_t clamp;
    uint8_t ignored_bits;        /**< value of the ignored field (OPSEL 14:11 etc.), kept for strict checks */
    mqsad_operand vdst;          /**< VGPR tuple of the instruction's VDST width */
    mqsad_operand src[3];        /**< SRC0, SRC1, SRC2 (widths from the instruction table;
                                      V_MQSAD_U32_U8: 64-, 32-, 128-bit) */
    uint64_t literal;            /**< the trailing literal (valid when literal_size != 0) */
    uint8_t literal_size;        /**< 0, 4 or 8 */
    uint64_t word;               /**< the 64-bit instruction word (little-endian dwords) */
    uint8_t field_count;
    mqsad_field fields[MQSAD_MAX_FIELDS];
    char symbol[MQSAD_SYMBOL_MAX]; /**< assembler: name of a relocatable SRC1 literal, "" if none */
    uint8_t symbol_data4;        /**< assembler: 1 if llvm-mc's fixup kind for .symbol is FK_Data_4
                                      (the expression is a difference or has no symbol, e.g.
                                      "sym-4", "1/0"), 0 for FK_PCRel_4 */
} mqsad_inst;

/** Decodes one SAD-family instruction from bytes[0..len). Never reads past len. On success
 *  fills *out: .insn names the instruction (the OP field is matched against the instruction
 *  table's opcodes for the target's encoding, among the instructions the target has),
 *  every operand has its slot's width, .length says how many bytes were consumed (8, 12 or
 *  16). Errors: MQSAD_E_TRUNCATED, MQSAD_E_TRUNCATED_LITERAL, MQSAD_E_NOT_MQSAD (no family
 *  member: alias MQSAD_E_NOT_SAD_FAMILY), MQSAD_E_MODIFIERS, MQSAD_E_NO_LITERAL,
 *  MQSAD_E_OPERAND_CODE, MQSAD_E_CLAMP_UNSUPPORTED (GFX6/GFX7 bit 11), MQSAD_E_CONSTANT_BUS
 *  (GFX6/GFX7: more scalar sources than their assembler accepts). Operands LLVM prints
 *  with an "Invalid ..." comment decode with .invalid = 1 (this is not an error: llvm-mc
 *  prints them). Whenever len >= 8 (even on error) out->word, out->field_count and
 *  out->fields[] (in bit order) are filled, for --explain style tools; .insn is set as
 *  soon as the OP field is known.
 *  GFX6/GFX7 (family->dis_strict; LLVM 22 has no disassembler there) decode exactly the
 *  words their assembler produces and reject everything else. */
MQSAD_API mqsad_status mqsad_decode(const mqsad_target *target, const uint8_t *bytes,
                                    size_t len, mqsad_inst *out);

/** Fills inst->fields[] and inst->field_count from inst->word as mqsad_decode fills them
 *  (the raw layout of inst->target's encoding family). MQSAD_E_INVALID_ARGUMENT for a NULL
 *  inst or target. */
MQSAD_API mqsad_status mqsad_inst_fields(mqsad_inst *inst);

/** Encodes *inst (target and insn set; operands with kind/reg/width/special/value set —
 *  .code is recomputed; literal dwords come from .literal_bits, a symbol's are 0) into
 *  out[0..size). The opcode is the instruction table's for inst->insn on the target's
 *  encoding family, the slots' widths its widths. Validates first (mqsad_validate).
 *  *written receives the length (8, 12, 16). Ignored OPSEL bits and a clamp the
 *  generation cannot encode (GFX6/GFX7) are never emitted. */
MQSAD_API mqsad_status mqsad_encode(const mqsad_inst *inst, uint8_t *out, size_t size,
                                    size_t *written);

/** Checks every rule instruction inst->insn must satisfy on its target: the instruction
 *  exists there (MQSAD_E_UNSUPPORTED: GFX6 lacks V_QSAD_PK_U16_U8 and V_MQSAD_U32_U8),
 *  register ranges and alignment, operand kinds and widths per slot (the instruction
 *  table), special-register availability, literal count and kind, constant bus over the
 *  three sources, clamp support. If bad_slot is not NULL it receives the slot
 *  (MQSAD_SLOT_*) the error is attributed to, or -1. */
MQSAD_API mqsad_status mqsad_validate(const mqsad_inst *inst, int *bad_slot);

/** Builds an operand for a slot of V_MQSAD_U32_U8 from its 9-bit code (no literal bytes:
 *  for codes 254/255 pass the instruction's literal value, whose high half is non-zero only
 *  when the instruction carries a 64-bit literal — gfx1250 with a code-254 source — in
 *  which case a code-255 source prints it as LLVM does). Used by the decoder; public for
 *  tools and emulators. On GFX6/GFX7 (dis_strict) only the codes the assembler emits for
 *  the slot are accepted.
 *  For MQSAD_SLOT_VDST the "code" is the 8-bit VDST field (the register number), as
 *  mqsad_operand.code is for VDST everywhere; source codes are 9-bit (VGPR = 256 + n). */
MQSAD_API mqsad_status mqsad_operand_from_code(const mqsad_target *target, int slot,
                                               unsigned code, uint64_t literal,
                                               mqsad_operand *out);

/** mqsad_operand_from_code for a slot of any family member: the slot's width (and, for
 *  V_MQSAD_U32_U8's SRC2, its VGPR-only class) come from the instruction table, as the
 *  decoder reads them: 32-bit sources with f32 inline constants, 64-bit ones with f64
 *  constants and pair registers, VDST a VGPR tuple of the result's width.
 *  mqsad_operand_from_code(t, slot, ...) is this call with MQSAD_INSN_MQSAD_U32_U8. */
MQSAD_API mqsad_status mqsad_insn_operand_from_code(const mqsad_target *target,
                                                    mqsad_insn_id insn, int slot,
                                                    unsigned code, uint64_t literal,
                                                    mqsad_operand *out);

/* ===================================================================================
 * Formatting (src/isa/format.c) — llvm-mc 22 text, byte for byte
 * =================================================================================== */

/** Writes the canonical text of any family member ("v_mqsad_u32_u8 v[4:7], v[2:3], v1,
 *  v[8:11]", "v_sad_u8 v1, v2, v3, v4"; mnemonic and operand widths from the instruction
 *  table; no tab, no newline) NUL-terminated into buf[0..size). *len (may be NULL) gets strlen.
 *  MQSAD_E_BUFFER_TOO_SMALL if it does not fit (buf then holds a truncated string). */
MQSAD_API mqsad_status mqsad_format(const mqsad_inst *inst, char *buf, size_t size, size_t *len);

/** What field fl (one of inst->fields[], as mqsad_decode fills them even for a word it
 *  rejects with status st) means on target t, as `mqsad dis --explain` prints it: the
 *  operand's text or "invalid code", the instruction an OP value names, "clamp", "ignored",
 *  "must be 0 (invalid)", ... Writes a NUL-terminated text into buf[0..size) (truncated if
 *  it does not fit; "" for NULL arguments). */
MQSAD_API void mqsad_field_meaning(const mqsad_target *t, const mqsad_inst *inst, mqsad_status st,
                                   const mqsad_field *fl, char *buf, size_t size);

/** Formats one operand alone (same rules as in mqsad_format). */
MQSAD_API mqsad_status mqsad_format_operand(const mqsad_inst *inst, int slot, char *buf,
                                            size_t size, size_t *len);

/** Writes the line llvm-mc -show-encoding prints: TAB, text padded with spaces to column 40
 *  (after the tab, at least one space), "; encoding: [0x..,...]" for bytes[0..nbytes).
 *  No newline. Symbol literals print as A,A,A,A (the fixup line is separate, see
 *  mqsad_format_fixup). */
MQSAD_API mqsad_status mqsad_format_encoding_line(const mqsad_inst *inst, const uint8_t *bytes,
                                                  size_t nbytes, char *buf, size_t size,
                                                  size_t *len);

/** For an instruction with a symbol literal: llvm-mc's second line
 *  "                                        ;   fixup A - offset: 8, value: SYM, kind: FK_PCRel_4". */
MQSAD_API mqsad_status mqsad_format_fixup(const mqsad_inst *inst, char *buf, size_t size,
                                          size_t *len);

/* ===================================================================================
 * Assembler (src/asm/)
 * =================================================================================== */

/** A diagnostic with llvm-mc's column (1-based, in bytes) and message. */
typedef struct mqsad_diag {
    mqsad_status status;
    unsigned column;             /**< 1-based column of the error */
    /** llvm-mc's message text, e.g. "invalid operand for instruction"; long only for
     *  "invalid instruction, did you mean: ...?" (llvm-mc's suggestions for a mnemonic no
     *  GPU has; a list that would not fit ends after a whole name) */
    char message[1024];
    /** llvm-mc sometimes prints a second error for the same line (a lexer error met while
     *  it skips the rest of the statement, e.g. 'ab' -> "failed parsing operand." then
     *  "single quote way too long"; or "unexpected token at start of statement" after
     *  the lexer error that opened the statement or followed an opening integer, which
     *  llvm-mc prints first). extra_column is 0 when there is none. */
    unsigned extra_column;
    char extra_message[96];
    /** 1 when the error came up while the operands were parsed (llvm-mc then skips the
     *  rest of the statement token by token), 0 when the statement was read whole first
     *  (matching, validation) or could not start; llvm-mc's recovery differs. For
     *  mqsad_parse_assignment: 0 for the errors found once it was read whole
     *  ("redefinition of", "relocation specifier not permitted in symbol equating"). */
    unsigned char in_operands;
    /** 1 when llvm-mc's parser had lexed past the end of the statement when it failed: a
     *  statement that is a lone non-negative integer, which parseStatement takes for a
     *  directional label and steps over once more when no ':' follows. */
    unsigned char past_end;
} mqsad_diag;

/** Parses one statement of LLVM AMDGPU assembly (text[0..len), need not be NUL-terminated;
 *  a trailing comment is allowed; a '\n' or '\r' outside a block comment or string ends it,
 *  see mqsad_next_statement for cutting source text) into *out, validated and ready for
 *  mqsad_encode, out->insn naming the instruction. The eight SAD-family mnemonics (any
 *  case, optional _e64) are known where the target's generation has them (else
 *  "instruction not supported on this GPU", as llvm-mc says); VOP3-DPP forms are
 *  MQSAD_E_UNSUPPORTED "VOP3-DPP forms are not supported". On error fills
 *  *diag (may be NULL) with llvm-mc 22's first message and column (and, when llvm-mc prints
 *  one, a second lexer error in extra_*). Statuses: MQSAD_E_SYNTAX (parse errors),
 *  MQSAD_E_UNSUPPORTED (unknown mnemonic or variant, labels, directives),
 *  MQSAD_E_OPERAND_KIND (operand does not match), MQSAD_E_NO_LITERAL,
 *  MQSAD_E_MULTIPLE_LITERALS, MQSAD_E_LITERAL_RANGE, MQSAD_E_CONSTANT_BUS,
 *  MQSAD_E_CLAMP_UNSUPPORTED, MQSAD_E_MISALIGNED, MQSAD_E_INPUT_TOO_LONG (nesting > 256,
 *  symbolic expression too long). Deliberate differences from llvm-mc: docs/deviations.md.
 *  A relocatable expression in a 32-bit source gives kind MQSAD_OPK_SYMBOL with its printed form in
 *  out->symbol and out->symbol_data4 set for llvm-mc's FK_Data_4 fixups. out->field_count
 *  is 0 and fields[] is left as it was (only mqsad_decode fills it).
 *  Never allocates; bounded time and stack in len. Thread-safe. */
MQSAD_API mqsad_status mqsad_parse(const mqsad_target *target, const char *text, size_t len,
                                   mqsad_inst *out, mqsad_diag *diag);

/** What lasts from one statement to the next in a file (zero it before the first
 *  statement; it holds no pointers). llvm-mc numbers the temporary labels it makes
 *  (.Ltmp0, .Ltmp1, ...) over the whole input: one for each current-location symbol `.`,
 *  and one for each directional label symbol (`N:` defines the next instance of N, `Nb`
 *  names the last one, `Nf` the next one) the first time it is named or defined. An `Nb`
 *  with no `N:` before it is "directional label undefined" at once; an `Nf` whose label is
 *  never defined is reported at the end of the file (llvm-mc prints those after all other
 *  output): fwd_column / fwd_label list the last statement's references for that. Named
 *  labels (`foo:`) are remembered to report redefinitions. */
#define MQSAD_DIR_LABELS 128     /**< directional label symbols (N, instance) in one file */
#define MQSAD_FWD_REFS 16        /**< forward references one statement may make */
#define MQSAD_NAMED_LABELS 512   /**< named labels one file may define */
#define MQSAD_VARIABLES 256      /**< symbols one file may assign (`x = 5`, `.set x, 5`) */
typedef struct mqsad_asm_state {
    unsigned temp_labels;        /**< labels made so far: the next one is .Ltmp<temp_labels> */
    unsigned dir_labels;         /**< entries used in dir[] */
    struct {
        uint32_t value;          /**< N (LLVM keeps it in 32 bits) */
        uint32_t instance;       /**< 1 for the symbol the first `N:` defines, 0 before any */
        uint32_t temp;           /**< its label .Ltmp<temp> */
        uint32_t defined;        /**< 1 once `N:` defined it */
    } dir[MQSAD_DIR_LABELS];
    unsigned dir_values;         /**< entries used in dir_count[] */
    struct { uint32_t value, defined; } dir_count[MQSAD_DIR_LABELS]; /**< `N:` seen per N */
    unsigned fwd_refs;           /**< `Nf` references in the last statement parsed */
    unsigned fwd_column[MQSAD_FWD_REFS]; /**< their 1-based columns, in order */
    uint32_t fwd_label[MQSAD_FWD_REFS];  /**< the .Ltmp number each names */
    unsigned named_labels;       /**< entries used in named[] */
    uint64_t named[MQSAD_NAMED_LABELS];  /**< hashes of the named labels defined */
    unsigned variables;          /**< entries used in var[] */
    struct {
        uint64_t hash;           /**< of the name as printed */
        int64_t value;           /**< when absolute */
        uint32_t absolute;       /**< 1: value holds it; 0: relocatable ("z = w"); 2: a
                                      label of the name was defined since (no variable) */
    } var[MQSAD_VARIABLES];      /**< symbols given a value by an assignment */
    unsigned lookups;            /**< statements' uses of the above: each symbol name, `.`,
                                      `N:`/`Nb`/`Nf` and label or assignment name parsed
                                      counts one (a statement that adds none would come out
                                      the same with any other state) */
} mqsad_asm_state;

/** 1 if .Ltmp<temp> is a directional label that `N:` has defined (state's dir[]). */
MQSAD_API int mqsad_asm_label_defined(const mqsad_asm_state *state, unsigned temp);

/** An assignment statement as llvm-mc prints it. */
typedef struct mqsad_assignment {
    char line[256];              /**< ".set NAME, EXPR" (no newline; EXPR folded when absolute) */
    char name[MQSAD_SYMBOL_MAX]; /**< NAME as printed */
    uint8_t directive;           /**< 1 for .set / .equ: llvm-mc also prints "\t.no_dead_strip\tNAME" */
} mqsad_assignment;

/** If the statement text[0..len) is an assignment (`NAME = EXPR`, `.set NAME, EXPR`,
 *  `.equ NAME, EXPR`), records NAME's value in *state (later references to an absolute
 *  one evaluate to it; their text keeps the name) and returns 1; 0 when it is not one; -1
 *  on an error, as llvm-mc reports it (diag, with "missing expression" as extra_* after an
 *  expression error): "expected identifier", "expected comma", "missing expression",
 *  "expected newline", "redefinition of 'NAME'" (a label), "too many symbols" past
 *  MQSAD_VARIABLES, "expression too long" past line[]. After the call state->fwd_*
 *  list the `Nf` references of EXPR (none when 0 or -1 came before EXPR was read). */
MQSAD_API int mqsad_parse_assignment(const mqsad_target *target, const char *text, size_t len,
                                     mqsad_asm_state *state, mqsad_assignment *out,
                                     mqsad_diag *diag);

/** A label opening a statement, as llvm-mc's parseStatement reads it. */
typedef struct mqsad_label {
    char name[MQSAD_SYMBOL_MAX]; /**< as llvm-mc prints it before ':' ("foo", "\"a b\"",
                                      ".Ltmp3" for a directional `3:`) */
    size_t next;                 /**< offset of the rest of the statement, after the ':' */
} mqsad_label;

/** If the statement text[0..len) opens with a label (`foo:`, `"a b":`, `$x:`, `N:`;
 *  blanks and block comments may stand before the ':'), defines it in *state and returns
 *  1: llvm-mc prints "NAME:" on its own line and parses the rest (from out->next) as a
 *  statement of its own. A second definition of a named label also returns 1, with
 *  "symbol 'foo' is already defined" in *diag (llvm-mc reports it and still prints the
 *  label). Returns 0 when there is no label (diag->status MQSAD_OK) and -1 on an error
 *  (diag: "invalid use of pseudo-symbol '.' as a label", a lexer error in the name,
 *  "too many labels" past MQSAD_NAMED_LABELS / MQSAD_DIR_LABELS, a name longer than
 *  MQSAD_SYMBOL_MAX - 1). A label makes no forward reference: state->fwd_refs is 0 after
 *  the call, whatever it returns. mqsad_parse itself still rejects a label ("labels are
 *  not supported"): call this first. */
MQSAD_API int mqsad_parse_label(const char *text, size_t len, mqsad_asm_state *state,
                                mqsad_label *out, mqsad_diag *diag);

/** mqsad_parse within a file: each `.` parsed makes the label .Ltmp<state->temp_labels>
 *  and advances the count, also when the statement then fails (llvm-mc prints each such
 *  label, ".LtmpN:" on its own line, as it parses it: before the statement's own output).
 *  Directional labels take their numbers from the same count (see mqsad_asm_state); more
 *  than MQSAD_DIR_LABELS symbols of them in a file, or MQSAD_FWD_REFS forward references
 *  in a statement, is "too many directional labels". state NULL: as mqsad_parse, where
 *  the statement is the first of its file. */
MQSAD_API mqsad_status mqsad_parse_ex(const mqsad_target *target, const char *text, size_t len,
                                      mqsad_asm_state *state, mqsad_inst *out, mqsad_diag *diag);

/** Convenience: parse + encode. out[0..size), *written bytes. */
MQSAD_API mqsad_status mqsad_assemble(const mqsad_target *target, const char *text, size_t len,
                                      mqsad_inst *inst, uint8_t *out, size_t size,
                                      size_t *written, mqsad_diag *diag);
/** mqsad_assemble with file state (see mqsad_parse_ex). */
MQSAD_API mqsad_status mqsad_assemble_ex(const mqsad_target *target, const char *text,
                                         size_t len, mqsad_asm_state *state, mqsad_inst *inst,
                                         uint8_t *out, size_t size, size_t *written,
                                         mqsad_diag *diag);

/** llvm-mc prints every lexer error it meets while it skips the rest of a failed statement;
 *  *diag holds the first (extra_*). This gives the ones after it, in order: call with
 *  *resume = 0 first and the same text, len and diag each time; returns the next one's
 *  1-based column and copies its message to msg[0..size) (NUL-terminated), or returns 0
 *  when there are no more. llvm-mc never looks at the token after a reported error; when
 *  that token is the end of the statement its skipping goes on into the next statement,
 *  and *past_end (may be NULL; set, never cleared) becomes 1. Call with diag NULL to get
 *  the lexer errors of such a next statement, skipped from its first token (past_end may
 *  then chain on). A statement that opens with a lexer error has no further ones; there
 *  *past_end tells whether that error token was all there was (llvm-mc then goes on
 *  with the next statement as after a match error, else it goes on raw: `mqsad asm`).
 *  Never allocates; linear time over all calls. Thread-safe. */
MQSAD_API unsigned mqsad_diag_next_lexer_error(const char *text, size_t len, const mqsad_diag *diag,
                                               size_t *resume, char *msg, size_t size,
                                               int *past_end);

/** What a statement of assembly source holds (mqsad_next_statement). */
typedef enum mqsad_stmt_kind {
    MQSAD_STMT_EMPTY,       /**< blanks and block comments, then a line end: llvm-mc prints
                                 an empty line */
    MQSAD_STMT_SILENT,      /**< a line comment only (';', '//', or '#' first), or blanks at
                                 the very end of the text: llvm-mc prints nothing */
    MQSAD_STMT_TEXT,        /**< anything else: text[0..len) is for mqsad_parse */
    MQSAD_STMT_LINE_MARKER  /**< a C preprocessor line marker (`# 10 "file.s"`: '#' first on
                                 its line, then only blanks, an integer and a string; what
                                 follows on the line is ignored): llvm-mc prints an empty
                                 line and, when the integer is not 0, names the file and
                                 counts the lines from there in later diagnostics (marker_*) */
} mqsad_stmt_kind;

typedef struct mqsad_stmt {
    mqsad_stmt_kind kind;
    size_t len;             /**< the statement is text[0..len): up to its line comment or end */
    size_t next;            /**< the next statement starts at text[next] */
    size_t newlines;        /**< the '\n' bytes in text[0..next) (lines to count) */
    /** MQSAD_STMT_LINE_MARKER: the integer (as llvm-mc reads it: two's complement) and the
     *  file name, text[marker_name..marker_name + marker_name_len) between the quotes as
     *  written (escapes kept); a string may run over line ends, so the name may reach past
     *  text[next]. 0 for the other kinds. */
    int64_t marker_line;
    size_t marker_name, marker_name_len;
} mqsad_stmt;

/** Cuts assembly source into statements as llvm-mc's lexer does: a statement ends at '\n',
 *  at '\r' (a "\r\n" pair is one end) or at a line comment, which runs to the next '\n' or
 *  '\r'; block comments and strings may span lines, so a statement may too (a line
 *  marker ends at its line's end all the same; its string must close within the text, or
 *  within MQSAD_ASM_CARRY bytes when more is to come, else the line is a comment). Finds the
 *  statement that starts at text[0]: returns 1 and fills *out when its end is within
 *  text[0..len) (at len when at_eof is set); returns 0 when len is 0 or, without at_eof,
 *  when more text is needed to see the end. Diagnostic columns of a statement are byte
 *  offsets + 1 from text[0]; llvm-mc counts lines at '\n' and columns from the last '\n'
 *  or '\r' (SourceMgr). Never allocates; linear time. Thread-safe. */
MQSAD_API int mqsad_next_statement(const char *text, size_t len, int at_eof, mqsad_stmt *out);

/* ===================================================================================
 * Streams (src/stream/) — whole files of llvm-mc input in, llvm-mc's output and
 * diagnostics out, byte for byte
 * =================================================================================== */

/** The two channels of a stream: what llvm-mc writes to standard output, and its
 *  diagnostics (standard error). */
enum { MQSAD_STREAM_OUT = 1, MQSAD_STREAM_DIAG = 2 };

/** Receives a stream's text: data[0..len) for channel MQSAD_STREAM_OUT or
 *  MQSAD_STREAM_DIAG. A stream buffers each channel in its context and calls this with a
 *  whole buffer when it is full, and with the rest on flush or finish, so a caller that
 *  writes to a file makes one write per block, not one per line. The two channels are
 *  buffered independently: a caller that merges them gets blocks, not lines, in order.
 *  Called only from within the stream's own functions, never with len 0. */
typedef void (*mqsad_write_fn)(void *user, int channel, const char *data, size_t len);

/* -----------------------------------------------------------------------------------
 * Assembly stream (src/stream/asm_stream.c): `llvm-mc -triple=amdgcn -mcpu=TARGET
 * -show-encoding` over a whole file, without llvm-mc's leading "\t.text" line.
 *
 * The text is cut into statements as llvm-mc's lexer cuts them (mqsad_next_statement);
 * labels ("foo:", "1:" and the ".LtmpN:" lines of `.` and directional labels),
 * assignments (".set NAME, VALUE"), the first ".text" echo, empty lines for blank ones,
 * and one encoding line per instruction (with llvm-mc's fixup line for a symbol operand)
 * go to MQSAD_STREAM_OUT; diagnostics go to MQSAD_STREAM_DIAG exactly as llvm-mc prints
 * them: "NAME:LINE:COL: error: MESSAGE", the source line (tabs expanded), a caret line,
 * every further lexer error llvm-mc meets while skipping the failed statement, and
 * llvm-mc's recovery after an error (which can swallow the statement after it). After a C
 * preprocessor line marker (`# 10 "foo.s"`, MQSAD_STMT_LINE_MARKER) diagnostics name its
 * file and line, as llvm-mc's do (docs/deviations.md). Forward
 * directional references ("1f") whose label is never defined are reported after all other
 * diagnostics, at finish; the context holds 256 KiB of references still waiting for their
 * label (32 bytes, the source line and a line marker's name each, a few thousand), and one past that is
 * reported at once, whether its label comes later or not. A statement of MQSAD_ASM_LINE_MAX bytes or more is "line too
 * long" (and, when no statement end comes within MQSAD_ASM_CARRY bytes of its start, the
 * rest of its line is skipped). The output does not depend on how the input is cut into
 * chunks. The stream never allocates and never does I/O; its context is caller-owned.
 * ----------------------------------------------------------------------------------- */

/** What each instruction prints: llvm-mc's encoding line (and fixup line), the encoding
 *  as little-endian 32-bit hex words ("d5750005 07f182c1", one line an instruction; no
 *  labels, assignments or empty lines), or the raw bytes. Diagnostics are the same in
 *  all three. */
typedef enum mqsad_asm_output {
    MQSAD_ASM_SHOW_ENCODING = 0,
    MQSAD_ASM_HEX,
    MQSAD_ASM_BIN
} mqsad_asm_output;

#define MQSAD_ASM_LINE_MAX 8192     /**< bytes of a statement (without its comment) */
#define MQSAD_ASM_CARRY (1u << 18)  /**< bytes within which a statement must end */

/** Settings of an assembly stream. */
typedef struct mqsad_asm_stream_config {
    const mqsad_target *target;
    mqsad_asm_output output;
    const char *name;            /**< the input's name in diagnostics ("<stdin>", a path);
                                      must stay valid while the stream is used */
    mqsad_write_fn write;        /**< receives both channels; must not be NULL */
    void *user;                  /**< passed to write */
} mqsad_asm_stream_config;

/** An assembly stream's context (opaque; caller-owned memory, see mqsad_asm_stream_size). */
typedef struct mqsad_asm_stream mqsad_asm_stream;

/** Bytes a context needs (about 600 KiB: the file's label state, the two channel buffers,
 *  a statement that straddles two chunks, the pending forward-reference reports). */
MQSAD_API size_t mqsad_asm_stream_size(void);

/** Starts a stream in mem[0..size) (size >= mqsad_asm_stream_size(), aligned like
 *  malloc's memory) with *config (copied). Returns the context (at mem), or NULL for a
 *  NULL or too small mem, a misaligned one, no target or no write function. Nothing needs
 *  to be released: the caller frees mem after mqsad_asm_stream_finish (or whenever it
 *  gives up). One thread at a time per context; contexts are independent. */
MQSAD_API mqsad_asm_stream *mqsad_asm_stream_init(void *mem, size_t size,
                                                  const mqsad_asm_stream_config *config);

/** Assembles the next chunk of the input, text[0..len) (any length, 0 included; need not
 *  end at a statement end or be NUL-terminated; a statement cut by the chunk's end waits in
 *  the context for the next chunk). Output and diagnostics go to the write function when
 *  their buffers fill. MQSAD_E_INVALID_ARGUMENT for NULL pointers or a finished stream. */
MQSAD_API mqsad_status mqsad_asm_stream_feed(mqsad_asm_stream *s, const char *text, size_t len);

/** Hands the buffered output and diagnostics to the write function now. */
MQSAD_API mqsad_status mqsad_asm_stream_flush(mqsad_asm_stream *s);

/** The end of the input: assembles the last statement, reports the undefined forward
 *  references, and flushes both channels. The stream takes no more input afterwards. */
MQSAD_API mqsad_status mqsad_asm_stream_finish(mqsad_asm_stream *s);

/** The number of errors reported so far (`mqsad asm` exits 1 when it is not 0). */
MQSAD_API unsigned long mqsad_asm_stream_errors(const mqsad_asm_stream *s);

/** Threads mqsad_asm_stream_feed_parallel uses at most. */
#define MQSAD_ASM_THREADS_MAX 16

/** The number of threads mqsad_asm_stream_feed_parallel uses when asked for `threads`
 *  (0: one per online CPU), before the work memory limits it: at most
 *  MQSAD_ASM_THREADS_MAX, 1 in a build without threads (WebAssembly). */
MQSAD_API unsigned mqsad_asm_parallel_threads(unsigned threads);

/** Bytes of work memory mqsad_asm_stream_feed_parallel needs for `threads` threads (0: one
 *  per online CPU, at most MQSAD_ASM_THREADS_MAX): about 1.6 MiB for each thread and for
 *  two pieces waiting (6.4 MiB for two threads). 0 when it would use one thread (or the
 *  build has no threads). */
MQSAD_API size_t mqsad_asm_parallel_size(unsigned threads);

/** mqsad_asm_stream_feed on up to `threads` threads, the calling one included (0: one per
 *  online CPU): the same output and diagnostics, byte for byte, and the same end state.
 *  The text is cut at line ends into pieces of about 64 KiB; other threads assemble pieces
 *  ahead as if the file began there, and the stream takes such a piece's output only where
 *  that makes no difference (no error recovery or statement running into the piece; no
 *  labels or symbols so far, or none named in the piece), else assembles the piece itself
 *  and, when it was for a symbol, the rest of the text too. work[0..work_size) is
 *  caller-owned scratch memory (see mqsad_asm_parallel_size; with less, fewer threads);
 *  threads are made and joined within the call. Below 512 KiB of text, with one thread,
 *  or without work memory it is mqsad_asm_stream_feed. The write function is called from
 *  the calling thread only, with blocks of up to 512 KiB (a piece's output). Thread-safe
 *  as mqsad_asm_stream_feed is. */
MQSAD_API mqsad_status mqsad_asm_stream_feed_parallel(mqsad_asm_stream *s, const char *text,
                                                      size_t len, unsigned threads, void *work,
                                                      size_t work_size);

/* -----------------------------------------------------------------------------------
 * Fast decoding and disassembly of single words (src/stream/dis_word.c, dis_decode.c).
 *
 * A context holds, for one target, the text and the decoded operand of every operand code
 * of every slot of every instruction the decoder knows there, made once by the library
 * itself (mqsad_decode and mqsad_format on words built from the target and instruction
 * tables) when the context is initialised (one or two milliseconds). mqsad_dis_word then
 * prints most words by copying table entries, and mqsad_dis_decode decodes them by
 * copying operands; everything else (literals, long texts, invalid words) goes through
 * mqsad_decode (+ mqsad_format): the text, the status and the length are always exactly
 * theirs. The context is read-only after init: threads may share it.
 * ----------------------------------------------------------------------------------- */

/** A fast-disassembly context (opaque; caller-owned memory, see mqsad_dis_ctx_size). */
typedef struct mqsad_dis_ctx mqsad_dis_ctx;

/** Bytes a context needs (about 350 KiB: the operand texts and the decoded operands). */
MQSAD_API size_t mqsad_dis_ctx_size(void);

/** Builds a context for target in mem[0..size) (size >= mqsad_dis_ctx_size(), aligned like
 *  malloc's memory). Returns it (at mem), or NULL for a NULL, too small or misaligned mem
 *  or a NULL target. Nothing to release. */
MQSAD_API mqsad_dis_ctx *mqsad_dis_ctx_init(void *mem, size_t size, const mqsad_target *target);

/** Decodes the instruction at bytes[0..len) and writes its text as mqsad_format does
 *  (NUL-terminated into buf[0..size), *text_len = strlen, may be NULL). *inst_len (may be
 *  NULL) receives its length in bytes (8, 12 or 16). Returns what mqsad_decode returns for
 *  those bytes, or MQSAD_E_BUFFER_TOO_SMALL as mqsad_format does; on a decode error
 *  nothing is written and the lengths are 0. Never reads past len. */
MQSAD_API mqsad_status mqsad_dis_word(const mqsad_dis_ctx *ctx, const uint8_t *bytes, size_t len,
                                      char *buf, size_t size, size_t *text_len, size_t *inst_len);

/** mqsad_decode through the context's tables of decoded operands (the decoder-object
 *  form: most words are decoded by copying table entries). Returns what
 *  mqsad_decode(ctx's target, bytes, len, out) returns and sets every member of *out as it
 *  does, except that after MQSAD_OK fields[] is not filled and field_count is 0: the bit
 *  fields are for explaining a word, and mqsad_inst_fields fills them on request. */
MQSAD_API mqsad_status mqsad_dis_decode(const mqsad_dis_ctx *ctx, const uint8_t *bytes, size_t len,
                                        mqsad_inst *out);

/* -----------------------------------------------------------------------------------
 * Disassembly stream (src/stream/dis_stream.c): `llvm-mc -triple=amdgcn -mcpu=TARGET
 * -disassemble` over a whole input.
 *
 * Input: llvm-mc's byte text — byte tokens with LLVM's automatic radix (0x04, 4, 0b100,
 * 0o4, 04; at most 255) separated by blanks and commas, `#` comments to the end of the
 * line, `[` ... `]` atomic blocks. Bytes outside blocks form one stream: an undecodable
 * position is "warning: invalid instruction encoding" at its first byte and decoding
 * resumes 4 bytes later; inside a block decoding stops at the first undecodable
 * instruction. llvm-mc decodes the bytes between two brackets (or a bracket and an end of
 * the input) only when it reaches the second: a malformed token is "error: invalid input
 * token" (`;` and `//` are not comments for llvm-mc either) and drops every byte collected
 * since the last bracket — what earlier lines decoded to is not printed — and the rest of
 * its line; "nested atomic blocks make no sense", "attempt to close atomic block without
 * opening", "unclosed atomic block". Columns and the quoted source line follow
 * llvm::SourceMgr (a '\r' also starts a line for them; LINE counts '\n' only).
 * Output: each instruction as a TAB, llvm-mc 22's text and a newline on MQSAD_STREAM_OUT;
 * diagnostics on MQSAD_STREAM_DIAG as "NAME:LINE:COL: warning|error: MESSAGE", the source
 * line with tabs expanded and a caret line.
 * The stream decodes each line at its end and holds the output and diagnostics since the
 * last bracket until the next one, so that a malformed token can take them back; output
 * beyond 1 MiB (about 20,000 instructions; diagnostics: 512 KiB) is handed over and stays
 * (memory stays bounded). Other deliberate differences from llvm-mc: instructions the
 * decoder does not know are invalid encodings; a line of MQSAD_DIS_LINE_MAX bytes or more
 * is "error: line too long (more than 16383 bytes); line skipped". The output does not
 * depend on how the input is cut into chunks.
 * Other inputs (flags): MQSAD_DIS_WORDS — tokens are 32-bit hex words ("d63d0004",
 * "0xD63D0004"), little-endian in memory, otherwise as above; MQSAD_DIS_BINARY — raw
 * bytes, a problem reported as "NAME: byte N (0xN): warning: invalid instruction
 * encoding: REASON" and the bytes there. MQSAD_DIS_EXPLAIN adds after each word a table
 * of its bit fields as "\t; " lines. The stream never allocates and never does I/O.
 * ----------------------------------------------------------------------------------- */

#define MQSAD_DIS_LINE_MAX 16384    /**< input lines must be shorter */

enum {
    MQSAD_DIS_WORDS = 1u << 0,      /**< tokens are 32-bit hex words */
    MQSAD_DIS_BINARY = 1u << 1,     /**< the input is raw bytes */
    MQSAD_DIS_EXPLAIN = 1u << 2,    /**< a bit-field table after each word */
    MQSAD_DIS_INTERLEAVE = 1u << 3  /**< hand the output over before each diagnostic, so
                                         that a terminal shows them in order; nothing is
                                         held back for a later malformed token then */
};

/** Settings of a disassembly stream. */
typedef struct mqsad_dis_stream_config {
    const mqsad_target *target;
    unsigned flags;              /**< MQSAD_DIS_* */
    const char *name;            /**< the input's name in diagnostics ("<stdin>", a path);
                                      must stay valid while the stream is used */
    mqsad_write_fn write;        /**< receives both channels; must not be NULL */
    void *user;                  /**< passed to write */
} mqsad_dis_stream_config;

/** A disassembly stream's context (opaque; caller-owned memory, see mqsad_dis_stream_size). */
typedef struct mqsad_dis_stream mqsad_dis_stream;

/** Bytes a context needs (about 2 MiB: the operand tables, the two channel buffers, a
 *  line that straddles two chunks and the lines whose bytes still wait to be decoded). */
MQSAD_API size_t mqsad_dis_stream_size(void);

/** Starts a stream in mem[0..size) (size >= mqsad_dis_stream_size(), aligned like malloc's
 *  memory) with *config (copied). Returns the context (at mem), or NULL for a NULL, too
 *  small or misaligned mem, no target, no write function, or both WORDS and BINARY. */
MQSAD_API mqsad_dis_stream *mqsad_dis_stream_init(void *mem, size_t size,
                                                  const mqsad_dis_stream_config *config);

/** Disassembles the next chunk of the input, data[0..len) (any length; need not end at a
 *  line end). MQSAD_E_INVALID_ARGUMENT for NULL pointers or a finished stream. */
MQSAD_API mqsad_status mqsad_dis_stream_feed(mqsad_dis_stream *s, const void *data, size_t len);

/** Hands the buffered output and diagnostics to the write function now: all of it up to
 *  the last bracket (with MQSAD_DIS_INTERLEAVE or MQSAD_DIS_BINARY: all of it); what the
 *  bytes after the last bracket decoded to waits for the next bracket or the end. */
MQSAD_API mqsad_status mqsad_dis_stream_flush(mqsad_dis_stream *s);

/** The end of the input: decodes what is left, reports an unclosed block, flushes both
 *  channels. The stream takes no more input afterwards. */
MQSAD_API mqsad_status mqsad_dis_stream_finish(mqsad_dis_stream *s);

/** The number of diagnostics (warnings and errors) so far, held ones included; those a
 *  malformed token takes back no longer count (`mqsad dis` exits 1 when it is not 0 after
 *  mqsad_dis_stream_finish). */
MQSAD_API unsigned long mqsad_dis_stream_diagnostics(const mqsad_dis_stream *s);

/* ===================================================================================
 * Wave execution (src/exec/wave.c, src/exec/state.c) — docs/exec.md
 * =================================================================================== */

#define MQSAD_MAX_LANES 64
#define MQSAD_MAX_VGPRS 260   /* gfx1250 quads may run to v257 */
#define MQSAD_WAVE_ALIGN 64   /**< best alignment of a mqsad_wave_state (see below) */

/** Register state of one wave. Caller-owned (about 67 KiB: allocate it statically or on
 *  the heap, not on a small stack). For full speed allocate it on a MQSAD_WAVE_ALIGN-byte
 *  boundary (aligned_alloc / posix_memalign; see examples/exec_wave.c): malloc's 16-byte
 *  alignment works but makes every 64-byte vector load of a VGPR row straddle two cache
 *  lines (measured: a wave64 instruction ~25% slower). Scalar registers are stored by
 *  their 9-bit operand code, so the target table alone says which name lives where. Prefer the setters below
 *  (they validate the register against the target and keep the mirrors consistent).
 *
 *  Register ids (used by the setters, the report and mqsad_wave_reg_name): 0..255 is the
 *  scalar operand code (s*, vcc_lo 106, ttmp*, m0, exec_lo 126, src_shared_base 235,
 *  src_scc 253, ...), 256 + n is VGPR vn (n < MQSAD_MAX_VGPRS).
 *
 *  - EXEC: .exec is authoritative; scalar[126..127] mirror it.
 *  - SCC: .scc (0/1); its "set" flag is scalar_set[253] (the src_scc code).
 *  - Apertures (src_shared_base, src_shared_limit, src_private_base, src_private_limit,
 *    codes 235..238) are 64-bit: low half in scalar[code], high half in aperture_hi[].
 *  - src_vccz / src_execz are computed from vcc / exec (low 32 bits on wave32).
 *  - vgpr_set is per register (any lane): an unset-read is reported per register. */
typedef struct mqsad_wave_state {
    /** First, so that a state allocated on a 64-byte boundary has every VGPR row (256
     *  bytes) cache-line aligned: the vector kernels then never split a load. */
    uint32_t vgpr[MQSAD_MAX_VGPRS][MQSAD_MAX_LANES];
    const mqsad_target *target;
    unsigned wave_size;                 /**< 32 or 64 */
    uint64_t exec;                      /**< EXEC mask (mirrored in scalar[126..127]) */
    uint32_t scalar[256];               /**< indexed by operand code: s*, vcc, ttmp, m0, exec, apertures, ... */
    uint8_t  scc;                       /**< for src_scc */
    uint8_t  scalar_set[256];           /**< 1 if the caller set scalar[code] (253: scc) */
    uint8_t  vgpr_set[MQSAD_MAX_VGPRS]; /**< 1 if the caller set the register (any lane) */
    /* members added in 0.x after the ones above (the struct only grows) */
    uint32_t aperture_hi[4];            /**< high halves of the apertures at codes 235..238 */
    uint16_t vgpr_count;                /**< VGPRs of the target: 256 (258 on gfx1250) */
    uint8_t  wave_fixed;                /**< 1: a state-file wave32/wave64 line may not change wave_size */
    uint32_t assignments;               /**< number of setter calls so far (state-file rule) */
} mqsad_wave_state;

/** Result flags of an execution (bit mask). */
enum {
    MQSAD_EXEC_OVERLAP = 1u << 0,       /**< VDST overlaps a source: result from the snapshot, not guaranteed on hardware */
    MQSAD_EXEC_UNSET_READ = 1u << 1     /**< a source register was never set by the caller */
};

#define MQSAD_REG_VGPR0 256u            /**< register id of v0 (see mqsad_wave_state) */
#define MQSAD_WAVE_MAX_UNSET 8

/** What an execution noticed (all warnings; the result is written regardless). */
typedef struct mqsad_wave_report {
    unsigned flags;                     /**< MQSAD_EXEC_* */
    unsigned overlap_slots;             /**< bit s set: VDST overlaps source slot s (MQSAD_SLOT_SRC0..2) */
    unsigned unset_count;               /**< entries in unset[] */
    uint16_t unset[MQSAD_WAVE_MAX_UNSET]; /**< register ids read but never set (each once, slot order) */
} mqsad_wave_report;

/** Initialises a state for target with wave_size (0 = the target's default: 32 where the
 *  target has wave32, else 64). All registers 0 and unset, EXEC = all wave_size lanes on
 *  (and counted as set). MQSAD_E_WAVE_SIZE if the size is unavailable. */
MQSAD_API mqsad_status mqsad_wave_init(mqsad_wave_state *st, const mqsad_target *target,
                                       unsigned wave_size);

/** 1 if wave_size (32 or 64) is available on target. */
MQSAD_API int mqsad_wave_size_ok(const mqsad_target *target, unsigned wave_size);

/** Executes inst on st: reads every source as a snapshot, writes VDST for lanes with EXEC
 *  set. *flags (may be NULL) receives MQSAD_EXEC_* bits. Errors (nothing written):
 *  MQSAD_E_LDS_DIRECT, MQSAD_E_SRC2_NOT_VGPR, MQSAD_E_REGISTER_RANGE, MQSAD_E_MISALIGNED,
 *  MQSAD_E_REG_UNAVAILABLE (special register the target lacks), MQSAD_E_NO_LITERAL /
 *  MQSAD_E_LITERAL64 (literal the target cannot execute), MQSAD_E_CLAMP_UNSUPPORTED (GFX7),
 *  MQSAD_E_OPERAND_CODE (inline float the target lacks), MQSAD_E_OPERAND_KIND,
 *  MQSAD_E_UNSUPPORTED (symbol literal, or an instruction the target lacks: GFX6 has no
 *  V_QSAD_PK_U16_U8 / V_MQSAD_U32_U8), MQSAD_E_INVALID_ARGUMENT (NULL, family mismatch,
 *  unknown inst->insn). Every family member executes; slot widths come from the
 *  instruction table (only V_MQSAD_U32_U8 needs a VGPR SRC2).
 *  Cost: one batch-kernel call for all lanes (in place when every lane is enabled). */
MQSAD_API mqsad_status mqsad_wave_exec(mqsad_wave_state *st, const mqsad_inst *inst,
                                       unsigned *flags);

/** The same, filling *report (may be NULL) with the flags and which registers caused them. */
MQSAD_API mqsad_status mqsad_wave_exec_report(mqsad_wave_state *st, const mqsad_inst *inst,
                                              mqsad_wave_report *report);

/** Sets register id (see mqsad_wave_state) to value. lane < 0: every lane of a VGPR (must be
 *  < 0 for scalars); else that lane. Marks it set. Writing exec_lo/exec_hi updates .exec,
 *  src_scc (253) takes 0/1. Errors: MQSAD_E_REGISTER_RANGE (no such SGPR/TTMP/VGPR or lane),
 *  MQSAD_E_REG_UNAVAILABLE (the target lacks it, or it is not writable: null, src_vccz,
 *  src_execz, inline constants, literals), MQSAD_E_INVALID_ARGUMENT. */
MQSAD_API mqsad_status mqsad_wave_set(mqsad_wave_state *st, unsigned id, int lane, uint32_t value);

/** Sets a 64-bit value: ids id and id+1 (low half first); for an aperture (235..238) the
 *  whole aperture. Same errors as mqsad_wave_set; nothing is written on error. */
MQSAD_API mqsad_status mqsad_wave_set64(mqsad_wave_state *st, unsigned id, int lane, uint64_t value);

/** Reads register id (lane for VGPRs, ignored for scalars) into *value. */
MQSAD_API mqsad_status mqsad_wave_get(const mqsad_wave_state *st, unsigned id, unsigned lane,
                                      uint32_t *value);

/** 1 if register id exists on the state's target and may be set (see mqsad_wave_set). */
MQSAD_API int mqsad_wave_reg_writable(const mqsad_wave_state *st, unsigned id);

/** Writes the state-file name of register id on target ("s5", "vcc_lo", "ttmp3", "m0",
 *  "exec_hi", "src_shared_base", "src_scc", "v7", ...) NUL-terminated into buf[0..size).
 *  MQSAD_E_REG_UNAVAILABLE if the target has no such register, MQSAD_E_BUFFER_TOO_SMALL. */
MQSAD_API mqsad_status mqsad_wave_reg_name(const mqsad_target *target, unsigned id, char *buf,
                                           size_t size);

/** Formats VGPR vreg as one state-file line without newline: "v4 = 0x0000000b 0x00000010 ..."
 *  (all wave_size lanes, lane 0 first, 0x%08x, single spaces). Needs 13 + 11*64 bytes. */
MQSAD_API mqsad_status mqsad_wave_format_vgpr(const mqsad_wave_state *st, unsigned vreg,
                                              char *buf, size_t size, size_t *len);

/** A state-file diagnostic: 1-based line and byte column, and an English message. */
typedef struct mqsad_state_diag {
    mqsad_status status;
    unsigned line, column;
    char message[160];
} mqsad_state_diag;

/** Longest accepted state-file line (bytes, without the newline). */
#define MQSAD_STATE_LINE_MAX 8192

/** Applies one state-file line (text[0..len), no newline needed; NUL bytes are errors) to
 *  st: `REG = VALUE`, `REG = V0 V1 ... V(wave_size-1)`, `vN[LANE] = VALUE`, `wave32`,
 *  `wave64`, blank, `# comment` (syntax in docs/exec.md). Later assignments override
 *  earlier ones. A wave line re-initialises st (allowed only before any assignment, and
 *  not when st->wave_fixed is set and the size differs). On error nothing is changed and
 *  *diag (may be NULL) gets column and message (line = 1). Bounded time in len. */
MQSAD_API mqsad_status mqsad_state_parse_line(mqsad_wave_state *st, const char *text, size_t len,
                                              mqsad_state_diag *diag);

/** Applies a whole state file (lines separated by \n, \r\n accepted). Stops at the first
 *  error (earlier lines stay applied); *diag gets line, column and message. */
MQSAD_API mqsad_status mqsad_state_parse(mqsad_wave_state *st, const char *text, size_t len,
                                         mqsad_state_diag *diag);

/* ===================================================================================
 * Batch kernels (src/kernels/, src/kernels/cpu.c) — SoA evaluation at hardware speed
 * =================================================================================== */

/** CPU feature flags (x86; always 0 elsewhere). A flag is set only when the CPU has the
 *  instructions AND the OS saves the register state (cpuid OSXSAVE + XCR0 via xgetbv:
 *  YMM = XCR0 & 0x6, ZMM = XCR0 & 0xe6). MQSAD_CPU_AVX2 also requires BMI2; the AVX-VNNI and
 *  AVX-512 flags are only set together with MQSAD_CPU_AVX2. Bit 31 is never used. */
enum {
    MQSAD_CPU_SSE41    = 1u << 0,  /**< SSE4.1 */
    MQSAD_CPU_AVX2     = 1u << 1,  /**< AVX2 + BMI2, OS saves YMM */
    MQSAD_CPU_AVXVNNI  = 1u << 2,  /**< AVX-VNNI (VEX vpdpbusd: Alder Lake+, Zen 5) */
    MQSAD_CPU_AVX512   = 1u << 3,  /**< F + BW + VL (and the OS saves ZMM state) */
    MQSAD_CPU_AVX512VNNI = 1u << 4,/**< AVX512-VNNI */
    MQSAD_CPU_AVX512VBMI2 = 1u << 5,/**< AVX512-VBMI2 */
    MQSAD_CPU_AVX512VBMI = 1u << 6  /**< AVX512-VBMI (vpermb, vpermi2b); no kernel needs it,
                                         `mqsad dis` does (3 lines per step) */
};
/** Mask allowing every level (a macro: enumerators must fit in int). */
#define MQSAD_CPU_ALL 0xffffffffu

/** Features of this CPU, detected once (thread-safe: cached in a C11 atomic; the library's
 *  only mutable globals are this cache and the kernel chosen from it), also honouring the
 *  environment variable MQSAD_CPU_MASK, read at that first call: a number, decimal or
 *  0x-prefixed hex (e.g. MQSAD_CPU_MASK=0 forces the C kernel, =0x1 at most SSE4.1, =3 at
 *  most AVX2); flags not in it are treated as absent.
 *  A malformed value is ignored (the library never prints). */
MQSAD_API unsigned mqsad_cpu_flags(void);

/** Batch kernel: for i < n, dst[k][i] = mqsad(src0_hi[i]:src0_lo[i], src1[i], src2[k][i])
 *  for k = 0..3 (window k = S0 >> 8k), bit-identical to mqsad_u32_u8_clamp() per lane:
 *  wrapping when clamp == 0, saturating at 0xFFFFFFFF when clamp != 0 (project policy).
 *  Arrays need only uint32_t alignment. Each block's inputs are read before its outputs are
 *  written, so a dst[k] may be exactly the same array as any source (in place, e.g.
 *  dst[k] == src2[k]); partial overlap is not allowed, and the four dst arrays must be
 *  distinct. n = 0 does nothing. Outputs over 4 MiB (n * 16 bytes) whose four dst arrays
 *  share their alignment are written with non-temporal stores (then sfence). Never
 *  allocates; reentrant. */
typedef void (*mqsad_batch_fn)(const uint32_t *src0_lo, const uint32_t *src0_hi,
                               const uint32_t *src1, const uint32_t *const src2[4],
                               uint32_t *const dst[4], size_t n, int clamp);

/** A dispatch table (dav1d style): filled with the C version, upgraded per CPU feature.
 *  Kernels and the flags each needs (all of them):
 *    "c"            0                                    portable C (auto-vectorised)
 *    "sse41"        MQSAD_CPU_SSE41
 *    "avx2"         MQSAD_CPU_AVX2
 *    "avx2_vnni"    MQSAD_CPU_AVX2 | MQSAD_CPU_AVXVNNI    level MQSAD_CPU_AVXVNNI
 *    "avx512"       MQSAD_CPU_AVX512                     F/BW/VL only
 *    "avx512_vnni"  MQSAD_CPU_AVX512 | _AVX512VNNI | _AVX512VBMI2   level MQSAD_CPU_AVX512VNNI
 *  Every kernel is tested against the scalar reference on the machines that have its
 *  features (all six natively on Zen 5); the VNNI kernels are also run on SIMDe's portable
 *  intrinsics by the tests, so machines without them check them too (docs/performance.md). */
typedef struct mqsad_kernels {
    mqsad_batch_fn batch;        /**< the chosen kernel */
    const char *name;            /**< "c", "sse41", "avx2", "avx2_vnni", "avx512", "avx512_vnni" */
    unsigned level;              /**< MQSAD_CPU_* flag naming the chosen kernel, 0 for C */
} mqsad_kernels;

/** Fills *k with the best kernel allowed by (mqsad_cpu_flags() & cpu_mask): the last one in
 *  the list above whose flags are all present. cpu_mask = MQSAD_CPU_ALL for the best one;
 *  a kernel's own flag set selects exactly that kernel when the CPU has it. */
MQSAD_API void mqsad_kernels_init(mqsad_kernels *k, unsigned cpu_mask);

/** Convenience: runs the best kernel for this CPU (chosen once, cached). */
MQSAD_API void mqsad_batch(const uint32_t *src0_lo, const uint32_t *src0_hi, const uint32_t *src1,
                           const uint32_t *const src2[4], uint32_t *const dst[4], size_t n,
                           int clamp);

/** Batch kernel of any family member (SoA): for i < n, the instruction on S0 =
 *  s0[1][i]:s0[0][i] (s0[1] is read only when SRC0 is 64-bit), S1 = s1[i], S2 = s2[0..w-1][i]
 *  (w = SRC2's width) into dst[0..d-1][i] (d = VDST's width); bit-identical to mqsad_eval per
 *  lane. Same aliasing rules as mqsad_batch_fn (a dst array may be exactly a source array;
 *  no partial overlap; dst arrays distinct). n = 0 does nothing. Never allocates. */
typedef void (*mqsad_insn_batch_fn)(const uint32_t *const s0[2], const uint32_t *s1,
                                    const uint32_t *const s2[4], uint32_t *const dst[4],
                                    size_t n, int clamp);

/** The best kernel for instruction id allowed by (mqsad_cpu_flags() & cpu_mask), and its
 *  name in *name (may be NULL): "c", "sse41", "avx2", "avx512", ... NULL for a bad id. */
MQSAD_API mqsad_insn_batch_fn mqsad_insn_kernel(mqsad_insn_id id, unsigned cpu_mask,
                                                const char **name);

/** Convenience: runs the best kernel of instruction id for this CPU. */
MQSAD_API void mqsad_insn_batch(mqsad_insn_id id, const uint32_t *const s0[2], const uint32_t *s1,
                                const uint32_t *const s2[4], uint32_t *const dst[4], size_t n,
                                int clamp);

#ifdef __cplusplus
}
#endif
#endif /* MQSAD_H */
