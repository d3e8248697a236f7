#!/bin/sh
# regen.sh — rewrites decode_word.txt and assemble_line.txt from llvm-mc-22 (the oracle),
# and sad_family.txt from llvm-mc-22 and scripts/gen_family_semantics.py (the independent
# reference written from AMD's pseudocode), never from the examples themselves. exec_wave.txt and batch_kernel.txt are hand-written
# from ../shared/spec/semantics.md (worked example, clamp policy) and the first rows of
# tests/data/mqsad_vectors.tsv; this script only checks that those rows still match.
#   sh examples/expected/regen.sh          (cwd = repo root; needs llvm-mc-22)
set -eu
cd "$(dirname "$0")"
MC=${LLVM_MC:-llvm-mc-22}
dis() { echo "$2" | $MC -triple=amdgcn -mcpu=$1 -disassemble 2>/dev/null | grep -v '\.text' | sed 's/^\t//'; }
asm() {
    r=$(echo "$2" | $MC -triple=amdgcn -mcpu=$1 -show-encoding 2>&1 | grep -v '\.text' | head -1)
    case "$r" in
    "<stdin>:1:"*) col=${r#<stdin>:1:}; col=${col%%:*}; echo "$1: $col: error: ${r#*error: }" ;;
    *) echo "$1:$r" ;;
    esac
}
{
echo "gfx1100: $(dis gfx1100 '0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04')"
echo "  8 bytes, clamp 0, vdst v4 (4 regs), src0 vgpr code 258, src1 vgpr code 257, src2 vgpr code 264"
echo "gfx803: $(dis gfx803 '0x05,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07')"
echo "  8 bytes, clamp 0, vdst v5 (4 regs), src0 inline-int code 193, src1 inline-int code 193, src2 vgpr code 508"
echo "gfx1030: $(dis gfx1030 '0x04,0x80,0x75,0xd5,0x02,0x03,0x22,0x04')"
echo "  8 bytes, clamp 1, vdst v4 (4 regs), src0 vgpr code 258, src1 vgpr code 257, src2 vgpr code 264"
echo "gfx1100: $(dis gfx1100 '0x04,0x00,0x3d,0xd6,0xff,0x02,0x22,0x04,0x78,0x56,0x34,0x12')"
echo "  12 bytes, clamp 0, vdst v4 (4 regs), src0 literal32 code 255, src1 vgpr code 257, src2 vgpr code 264"
# llvm-mc: "warning: invalid instruction encoding" for both (ABS bit set; 7 bytes)
echo "gfx1100: invalid instruction encoding (MQSAD_E_MODIFIERS)"
echo "gfx1100: invalid instruction encoding (MQSAD_E_TRUNCATED)"
} > decode_word.txt
{
asm gfx1100 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]'
asm gfx803 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]'
asm gfx1100 'v_mqsad_u32_u8 v[4:7], 0x12345678, v1, v[8:11]'
asm gfx1030 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp'
asm gfx1100 'v_mqsad_u32_u8 v[4:7], s[2:3], s1, v[8:11]'
asm gfx90a 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]'
asm gfx900 'v_mqsad_u32_u8 v[4:7], s[2:3], s1, v[8:11]'
asm gfx700 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp'
} > assemble_line.txt
# sad_family.c: each instruction on gfx1100 (llvm-mc line) and its results without and with
# clamp on sad_family.c's inputs, from the Python reference
fam() {   # MNEMONIC OPERANDS
    asm gfx1100 "$1 $2"
    python3 - "$1" <<'PY'
import sys
sys.path.insert(0, "../../scripts")
import gen_family_semantics as g
name = sys.argv[1]
s0b, s2b, db, ev = g.INSNS[name]
s0 = 0x0807060504030201 if s0b == 64 else 0x04030201
s2 = {32: 0xfffffffe, 64: 0xfffe000300020001,
      128: 0xfffffffe | 13 << 32 | 17 << 64 | 19 << 96}[s2b]
print("  D =" + "  clamp:".join(" " + g.fmt_value(ev(s0, 0x03020100, s2, c), db) for c in (0, 1)))
PY
}
{
fam v_mqsad_u32_u8 'v[0:3], v[4:5], v6, v[7:10]'
for m in v_sad_u8 v_sad_hi_u8 v_sad_u16 v_sad_u32 v_msad_u8; do fam $m 'v0, v1, v2, v3'; done
for m in v_qsad_pk_u16_u8 v_mqsad_pk_u16_u8; do fam $m 'v[0:1], v[2:3], v4, v[5:6]'; done
} > sad_family.txt
# the semantic rows used by exec_wave.c (lanes 0-2)
vec=../../tests/data/mqsad_vectors.tsv
for n in 2 3 4; do
    d=$(sed -n "${n}p" "$vec" | cut -f2)
    grep -q "v\[4:7\] = $d\$" exec_wave.txt || { echo "exec_wave.txt lacks row $n: $d" >&2; exit 1; }
done
echo "regenerated decode_word.txt, assemble_line.txt, sad_family.txt; exec_wave.txt rows ok"
