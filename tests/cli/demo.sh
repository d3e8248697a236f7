#!/bin/sh
# demo.sh — `mqsad demo` shows, per generation, the bytes and text llvm-mc 22 prints for the
# seed example (expected lines below were produced with llvm-mc-22 -show-encoding), the
# rejection on even-aligned targets plus the aligned variant, GFX6's rejection, semantics.md's
# worked example, and the SAD family on gfx1100 (llvm-mc 22 lines, values by hand).
BIN=${MQSAD_BIN:-build/mqsad}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
out=$("$BIN" demo --strict 2>&1); rc=$?
[ $rc -eq 0 ] && ok || bad "demo --strict exit $rc"
has() { printf '%s\n' "$out" | grep -Fq -- "$1" && ok || bad "demo output lacks: $1"; }
lacks() { printf '%s\n' "$out" | grep -Fq -- "$1" && bad "demo output has: $1" || ok; }
# section of one generation: from its "== GEN " header to the next blank line
section() { printf '%s\n' "$out" | awk -v h="== $1 " 'index($0, h) == 1 { on = 1 } on && $0 == "" { exit } on { print }'; }

seed='v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]'
aligned='v_mqsad_u32_u8 v[4:7], -1, -1, v[252:255]'
# generation  expected llvm-mc 22 -show-encoding line (without its leading tab)
while read -r gen text enc; do
    [ -z "$gen" ] && continue
    case $text in seed) t=$seed ;; aligned) t=$aligned ;; esac
    s=$(section "$gen")
    [ -n "$s" ] && ok || bad "no section for $gen"
    printf '%s\n' "$s" | grep -Fxq -- "  asm   $t ; encoding: $enc" && ok || bad "$gen: no line '$t ; encoding: $enc'"
    printf '%s\n' "$s" | grep -Fxq -- "  dis   $t" && ok || bad "$gen: disassembly '$t' missing"
    printf '%s\n' "$s" | grep -Fq "round trip: same text, same bytes" && ok || bad "$gen: round trip"
    if [ "$text" = aligned ]; then
        printf '%s\n' "$s" | grep -Fq "rejected:" && ok || bad "$gen: seed not rejected"
        printf '%s\n' "$s" | grep -Fq "aligned variant: $aligned" && ok || bad "$gen: no aligned variant"
    else
        printf '%s\n' "$s" | grep -Fq "rejected" && bad "$gen: rejected" || ok
    fi
    # wave execution: -1/-1 add nothing, so D = S2 = {11,13,17,19} + 0x100*lane
    printf '%s\n' "$s" | grep -Eq '^ +2 +0x0000020b 0x0000020d 0x00000211 0x00000213$' && ok || bad "$gen: exec lane 2"
done <<'TABLE'
GCN2    seed    [0x05,0x00,0xea,0xd2,0xc1,0x82,0xf1,0x07]
GCN3    seed    [0x05,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07]
Vega    seed    [0x05,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07]
CDNA1   seed    [0x05,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07]
CDNA2   aligned [0x04,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07]
CDNA3   aligned [0x04,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07]
CDNA4   aligned [0x04,0x00,0xe7,0xd1,0xc1,0x82,0xf1,0x07]
RDNA1   seed    [0x05,0x00,0x75,0xd5,0xc1,0x82,0xf1,0x07]
RDNA2   seed    [0x05,0x00,0x75,0xd5,0xc1,0x82,0xf1,0x07]
RDNA3   seed    [0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]
RDNA3.5 seed    [0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]
RDNA4   seed    [0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]
gfx1250 aligned [0x04,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]
TABLE
# the worked example of semantics.md §1
has "S0 = 0x0706050403020100, S1 = 0x03020100, S2 = {11, 13, 17, 19}"
has "mqsad_u32_u8(): 0x0000000b 0x00000010 0x00000017 0x0000001c"
# GFX7: llvm-mc has no disassembler, ours decodes
section GCN2 | grep -q "cannot disassemble" && ok || bad "GCN2 note on the missing llvm-mc disassembler"
has "demo: every step ok"
lacks "FAILED"
# readable: at most about a screen (25 lines) per generation
n=$(printf '%s\n' "$out" | wc -l)
[ "$n" -le $((15 * 25)) ] && ok || bad "demo is $n lines"
# -t restricts; unknown target and bad options
n=$("$BIN" demo -t rdna3 | grep -c '^== ')
[ "$n" -eq 1 ] && ok || bad "demo -t rdna3 shows $n sections"
"$BIN" demo -t gfx1300 >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "demo -t gfx1300 exit $rc"
# GFX6: a generation row that rejects the seed example with llvm-mc 22's message
s=$(section GCN1)
printf '%s\n' "$s" | grep -Fq "rejected: <stdin>:1:1: error: instruction not supported on this GPU" && ok || bad "GCN1 rejection: $s"
printf '%s\n' "$s" | grep -Fq "has no v_mqsad_u32_u8" && ok || bad "GCN1 says why"
g6=$("$BIN" demo --strict -t gfx600); rc=$?
[ $rc -eq 0 ] && ok || bad "demo --strict -t gfx600 exit $rc"
printf '%s\n' "$g6" | grep -q '^== GCN1 ' && ok || bad "demo -t gfx600 section"
# the family on gfx1100: llvm-mc 22 -show-encoding lines, and values worked by hand from
# AMD's pseudocode (S0 = 0x0807060504030201, S1 = 0x03020100, S2 = 11 / {11,13,17,19}:
# window k differs from S1 by k+1 in every byte, so SAD = 4(k+1), masked SAD = 3(k+1))
fam=$(printf '%s\n' "$out" | sed -n '/^The SAD family on gfx1100/,$p')
while IFS='|' read -r line val; do
    [ -z "$line" ] && continue
    printf '%s\n' "$fam" | grep -Fxq -- "    asm   $line" && ok || bad "family: no line '$line'"
    printf '%s\n' "$fam" | grep -Eq -- "^    eval  $val " && ok || bad "family: no value '$val'"
done <<'FAM'
v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[7:10] ; encoding: [0x00,0x00,0x3d,0xd6,0x04,0x0d,0x1e,0x04]|0x0000000e 0x00000013 0x0000001a 0x0000001f
v_sad_u8 v0, v1, v2, v3                 ; encoding: [0x00,0x00,0x22,0xd6,0x01,0x05,0x0e,0x04]|0x0000000f
v_sad_hi_u8 v0, v1, v2, v3              ; encoding: [0x00,0x00,0x23,0xd6,0x01,0x05,0x0e,0x04]|0x0004000b
v_sad_u16 v0, v1, v2, v3                ; encoding: [0x00,0x00,0x24,0xd6,0x01,0x05,0x0e,0x04]|0x0000020d
v_sad_u32 v0, v1, v2, v3                ; encoding: [0x00,0x00,0x25,0xd6,0x01,0x05,0x0e,0x04]|0x0101010c
v_msad_u8 v0, v1, v2, v3                ; encoding: [0x00,0x00,0x39,0xd6,0x01,0x05,0x0e,0x04]|0x0000000e
v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[5:6] ; encoding: [0x00,0x00,0x3a,0xd6,0x02,0x09,0x16,0x04]|0x0023001d0015000f
v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[5:6] ; encoding: [0x00,0x00,0x3b,0xd6,0x02,0x09,0x16,0x04]|0x001f001a0013000e
FAM
n=$(printf '%s\n' "$fam" | grep -c '^    dis   '); [ "$n" -eq 8 ] && ok || bad "family: $n disassemblies"
n=$("$BIN" demo -t rdna3 | grep -c 'The SAD family'); [ "$n" -eq 0 ] && ok || bad "demo -t shows the family"
"$BIN" demo --bogus >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "demo --bogus exit $rc"
"$BIN" demo --help | grep -q '^usage: mqsad demo' && ok || bad "demo --help"
# top level: --help, --version, unknown command
"$BIN" --help | grep -q '^usage: mqsad COMMAND' && ok || bad "mqsad --help"
"$BIN" --version | grep -Eq '^mqsad [0-9]+\.[0-9]+\.[0-9]+$' && ok || bad "mqsad --version"
"$BIN" frobnicate >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "unknown command exit $rc"
"$BIN" >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "no command exit $rc"
for c in info eval demo; do
    "$BIN" help $c | grep -q "^usage: mqsad $c" && ok || bad "mqsad help $c"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
