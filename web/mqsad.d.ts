// mqsad.d.ts — types of mqsad.mjs, libmqsad (the SAD family of AMD GPU instructions:
// V_MQSAD_U32_U8 and its seven relatives) built as WebAssembly. Same module in Node >= 18
// and in browsers.

/** Where the wasm comes from: nothing (mqsad.wasm next to mqsad.mjs), a path or URL,
 *  its bytes, a compiled module, or a fetch Response. */
export type WasmSource =
  | undefined | string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module
  | Response | Promise<Response>;

/** Loads the wasm and resolves to the API. */
export function load(source?: WasmSource): Promise<Mqsad>;

/** Parses bytes written as llvm-mc's disassembler reads them ("0x05,0x00,..." or
 *  "[5, 0, ...]"), as two-digit hex pairs ("05 00 3d d6") or one hex run ("05003dd6"). */
export function parseBytes(text: string): { ok: true; bytes: Uint8Array } | { ok: false; column: number; message: string };

/** Something bytes can be given as. A string is read by parseBytes. */
export type Bytes = Uint8Array | ArrayBuffer | ArrayBufferView | ArrayLike<number> | string;

/** A raw bit field of the instruction word, as `mqsad dis --explain` prints it. */
export interface Field {
  /** "VDST", "ABS", "OPSEL", "CLAMP", "OP", "ENCODING", "SRC0", "SRC1", "SRC2", "OMOD",
   *  "NEG" (and "RESERVED" on GFX6/7), then "LITERAL" when the instruction has one. */
  name: string;
  /** The bit range as printed: "7:0", "15", "95:64". */
  bits: string;
  /** Lowest and highest bit (inclusive) in the instruction (bit 0 = bit 0 of byte 0). */
  lo: number;
  hi: number;
  /** The field's value; a 64-bit literal is a bigint. */
  value: number | bigint;
  /** What the value means ("v[4:7]", "V_MQSAD_U32_U8 (573)", "VOP3 (GFX11 layout)", ...). */
  meaning: string;
}

export type AssembleResult =
  | {
      ok: true;
      /** The encoding, llvm-mc 22's bytes (a relocatable literal's bytes are 0). */
      bytes: Uint8Array;
      /** llvm-mc 22's canonical text of the instruction, as `mqsad asm` prints it. */
      text: string;
      /** The instruction's mnemonic ("v_mqsad_u32_u8"). */
      insn: string;
      /** The encoded word's fields (as explain()). */
      fields: Field[];
      /** The symbol of a relocatable literal, when there is one. */
      symbol?: string;
    }
  | {
      ok: false;
      /** 1-based byte column of the error in the UTF-8 line, as llvm-mc / `mqsad asm` report it. */
      column: number;
      /** llvm-mc 22's message ("invalid operand for instruction"). */
      message: string;
      /** The library's status name ("operand kind not allowed in this slot", ...). */
      status?: string;
    };

export type DisassembleResult =
  | { ok: true; text: string; length: number; insn: string }
  | { ok: false; message: string; status?: string };

/** Per-target facts from the library's target table. */
export interface TargetInfo {
  name: string;             // "gfx1100"
  generation: string;       // "RDNA3"
  alias: string;            // "rdna3"
  family: string;           // LLVM encoding family: "SICI", "VI", "GFX10", "GFX11"
  encoding: number;         // index into InstructionInfo.opcode
  marker: number;           // ENCODING field value (bits 31:26)
  op_lo: number;            // OP field position and width
  op_bits: number;
  clamp_bit: number;        // -1: no integer clamp
  literal: number;          // 0 none, 1 32-bit, 2 32- and 64-bit VOP3 literals
  wave_sizes: number;       // bit mask: 32 and/or 64
  insns: number[];          // per instruction id: 1 if the target has it
}

/** Per-instruction facts from the library's instruction table. */
export interface InstructionInfo {
  name: string;             // "v_sad_u8"
  upper: string;            // "V_SAD_U8"
  /** Dwords per slot: SRC0, SRC1, SRC2, VDST. */
  width: [number, number, number, number];
  /** OP value per encoding family (SICI, VI, GFX10, GFX11). */
  opcode: [number, number, number, number];
  /** Element size the clamp saturates: 32, or 16 for the packed forms. */
  elem_bits: number;
}

export interface Mqsad {
  readonly version: string;
  /** Target names in table order, as `mqsad info --list` lists them. Every function that
   *  takes a target also takes a generation name ("rdna3"), LLVM's processor aliases
   *  ("tahiti") and its generic targets ("gfx9-generic" ... "gfx12-generic"). */
  targets(): string[];
  /** The facts of any name a target parameter takes; null for an unknown one. */
  targetInfo(target: string): TargetInfo | null;
  /** One representative target per generation, oldest first. */
  generations(): TargetInfo[];
  /** The eight instructions, V_MQSAD_U32_U8 first. */
  instructions(): InstructionInfo[];

  /** Assembles one line of LLVM AMDGPU assembly (a trailing comment is allowed; text
   *  after the first newline is not read). A line of more than 65536 UTF-8 bytes is
   *  { ok: false, column: 1, message: "line too long (more than 65536 bytes)" }.
   *  target: a gfx, generation, alias or generic name ("gfx1100", "rdna3",
   *  "gfx11-generic"); an unknown one throws a RangeError. */
  assemble(target: string, line: string): AssembleResult;
  /** Decodes the instruction at the start of bytes (length = bytes it takes: 8, 12, 16). */
  disassemble(target: string, bytes: Bytes): DisassembleResult;
  /** The bit fields of the word at the start of bytes (empty for fewer than 8 bytes),
   *  also for an invalid word, as `mqsad dis --explain`. */
  explain(target: string, bytes: Bytes): Field[];
  /** disassemble() and explain() in one call. */
  inspect(target: string, bytes: Bytes): {
    ok: boolean; text?: string; length?: number; insn?: string; message?: string;
    status?: string; word?: string; fields: Field[];
  };

  /**
   * The instruction's result (the library's scalar reference, mqsad_eval).
   * Operands are bigint (numbers are accepted), unsigned, as wide as the instruction's
   * slot (S0 64-bit for v_mqsad_u32_u8 and the _pk forms, else 32; S1 32; S2 64-bit for
   * the _pk forms). clamp saturates each result element (project policy).
   *  - v_mqsad_u32_u8: s2 is an array of four dwords (or one 128-bit bigint, low dword
   *    first); the result is an array of four numbers (dwords).
   *  - the _pk forms: s2 and the result are 64-bit bigints (four packed u16).
   *  - the others: 32-bit bigints.
   * An unknown mnemonic or an operand out of range throws a RangeError.
   */
  evaluate(mnemonic: 'v_mqsad_u32_u8', s0: bigint | number, s1: bigint | number,
           s2: ArrayLike<number | bigint> | bigint, clamp?: boolean | number): number[];
  evaluate(mnemonic: string, s0: bigint | number, s1: bigint | number,
           s2: bigint | number | ArrayLike<number | bigint>, clamp?: boolean | number): bigint | number[];

  /** One masked byte SAD (mqsad_msad_u8): acc + sum of |a.u8[i] - b.u8[i]| over the bytes
   *  where b's is not 0, modulo 2^32. */
  msad(a: number, b: number, acc: number): number;

  parseBytes(text: string): ReturnType<typeof parseBytes>;
}
