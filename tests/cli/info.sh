#!/bin/sh
# info.sh — `mqsad info` against the seed page's identifiers/opcodes and the layout of
# ../shared/spec/encoding-llvm22.md §1-§3 (values typed in from the spec, not the code);
# `info -i` against identifiers read from llvm-mc 22's encodings of the family.
BIN=${MQSAD_BIN:-build/mqsad}
TMP_INFO=${TMPDIR:-/tmp}/mqsad-info.$$
trap 'rm -f "$TMP_INFO"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# has TARGET REGEX — the info block of TARGET contains a line matching REGEX
has() {
    if "$BIN" info -t "$1" 2>/dev/null | grep -Eq -- "$2"; then ok; else bad "info -t $1: no line /$2/"; fi
}

# identifiers (seed page) and opcodes
for t in gfx1100 gfx1101 gfx1150 gfx1200 gfx1201 gfx1250 rdna3 rdna3.5 rdna4 cdna5; do
    has $t 'identifier: +0x00000000D63D0000'; has $t 'opcode: +573 \(0x23D\)'
done
for t in gfx801 gfx802 gfx803 gfx810 gfx900 gfx906 gfx908 gfx90a gfx942 gfx950 cdna1 cdna2 cdna3 cdna4 vega gcn3; do
    has $t 'identifier: +0x00000000D1E70000'; has $t 'opcode: +487 \(0x1E7\)'
done
for t in gfx1010 gfx1030 rdna1 rdna2; do
    has $t 'identifier: +0x00000000D5750000'; has $t 'opcode: +373 \(0x175\)'
done
for t in gfx700 gfx701 gfx702 gfx703 gfx704 gfx705 gcn2; do
    has $t 'identifier: +0x00000000D2EA0000'; has $t 'opcode: +373 \(0x175\)'
done
# generation and LLVM family per target (spec §1)
has gfx700 'generation GCN2, LLVM encoding family SICI'
has gfx803 'generation GCN3, LLVM encoding family VI'
has gfx942 'generation CDNA3, LLVM encoding family VI'
has gfx1030 'generation RDNA2, LLVM encoding family GFX10'
has gfx1200 'generation RDNA4, LLVM encoding family GFX11'
has cdna5 'on gfx1250 '
has gfx1100 'format: +VOP3'
has gfx1100 'width: +64 bits'
# bit layout (spec §2)
for t in gfx803 gfx942 gfx1030 gfx1100 gfx1250; do
    has $t '^ +VDST +7:0 +8 '; has $t '^ +ABS +10:8 +3 '; has $t '^ +CLAMP +15 +1 '
    has $t '^ +OPSEL +14:11 +4 '; has $t '^ +OP +25:16 +10 '; has $t '^ +ENCODING +31:26 +6 '
    has $t '^ +SRC0 +40:32 +9 '; has $t '^ +SRC1 +49:41 +9 '; has $t '^ +SRC2 +58:50 +9 '
    has $t '^ +OMOD +60:59 +2 '; has $t '^ +NEG +63:61 +3 '
done
has gfx700 '^ +OP +25:17 +9 '; has gfx700 '^ +CLAMP +11 +1 '; has gfx700 '^ +reserved +16:12 +5 '
has gfx803 'ENCODING.*= 0x34'; has gfx700 'ENCODING.*= 0x34'; has gfx1030 'ENCODING.*= 0x35'
has gfx1100 'ENCODING.*= 0x35'
# operands and rules (spec §3, §5, semantics.md §3)
has gfx1100 'VDST +128-bit +VGPR quad'; has gfx1100 'SRC0 +64-bit'; has gfx1100 'SRC1 +32-bit'
has gfx1100 'SRC2 +128-bit +VGPR quad'
for t in gfx90a gfx942 gfx950 gfx1250; do has $t 'VGPR alignment: +tuples must start at an even'; done
for t in gfx908 gfx900 gfx1100 gfx700; do has $t 'VGPR alignment: +none'; done
has gfx1250 'VDST +128-bit +VGPR quad v\[n:n\+3\], n <= 254'
has gfx1100 'VDST +128-bit +VGPR quad v\[n:n\+3\], n <= 252'
has gfx700 'SGPR range: +s0\.\.s103'; has gfx803 'SGPR range: +s0\.\.s101'
has gfx900 'SGPR range: +s0\.\.s101'; has gfx1010 'SGPR range: +s0\.\.s105'
has gfx1100 'SGPR range: +s0\.\.s105'
for t in gfx700 gfx803 gfx900 gfx950; do has $t 'constant bus: +1 scalar value '; done
for t in gfx1010 gfx1100 gfx1250; do has $t 'constant bus: +2 scalar values'; done
for t in gfx700 gfx803 gfx900 gfx908 gfx942; do has $t 'wave sizes: +wave64$'; done
for t in gfx1010 gfx1030 gfx1100 gfx1200; do has $t 'wave sizes: +wave32, wave64$'; done
has gfx1250 'wave sizes: +wave32$'
for t in gfx700 gfx803 gfx900 gfx942 gfx950; do has $t 'literal: +none'; done
for t in gfx1010 gfx1100 gfx1200; do has $t 'literal: +one 32-bit literal'; done
has gfx1250 'literal: +32-bit .*64-bit'
has gfx700 'clamp: +no'; has gfx803 'clamp: +yes, bit 15'; has gfx1250 'clamp: +yes, bit 15'
has gfx1100 'm0 / null codes: +m0 = 125, null = 124'
has gfx1030 'm0 / null codes: +m0 = 124, null = 125'
has gfx900 'm0 / null codes: +m0 = 124, null = not available'
has gfx801 'xnack_mask'
if "$BIN" info -t gfx803 | grep -q xnack_mask; then bad "gfx803 lists xnack_mask"; else ok; fi
if "$BIN" info -t gfx1100 | grep -q src_pops_exiting_wave_id; then bad "gfx1100 lists pops"; else ok; fi
has gfx1030 'src_pops_exiting_wave_id'
has gfx1250 'src_flat_scratch_base'
has gfx700 'flat_scratch'; has gfx700 'tba'
# default: one block per generation (13 generations of conformance.md and GFX6)
n=$("$BIN" info | grep -c '^V_MQSAD_U32_U8 on ')
[ "$n" -eq 14 ] && ok || bad "default blocks: $n, want 14"
# --all: every named target, including every conformance.md target
all=$("$BIN" info --all); rc=$?
[ $rc -eq 0 ] && ok || bad "info --all exit $rc"
list=$("$BIN" info --list)
for t in gfx700 gfx701 gfx702 gfx703 gfx704 gfx705 gfx801 gfx802 gfx803 gfx810 gfx900 gfx906 \
         gfx908 gfx90a gfx942 gfx950 gfx1010 gfx1030 gfx1100 gfx1150 gfx1200 gfx1250; do
    printf '%s\n' "$all" | grep -q "^V_MQSAD_U32_U8 on $t " && ok || bad "--all lacks $t"
    printf '%s\n' "$list" | grep -q "^$t " && ok || bad "--list lacks $t"
done
printf '%s\n' "$list" | grep -Eq '^gfx1100 +RDNA3 +GFX11 +0x23D +0x00000000D63D0000' && ok || bad "--list gfx1100 row"
# errors: unknown target and bad usage -> 2 (like dis/asm/exec), messages on stderr only
out=$("$BIN" info -t gfx1300 2>/dev/null); rc=$?
[ $rc -eq 2 ] && [ -z "$out" ] && ok || bad "unknown target: exit $rc, stdout '$out'"
err=$("$BIN" info -t gfx1300 2>&1 >/dev/null)
printf '%s' "$err" | grep -q "unknown target 'gfx1300'" && ok || bad "unknown target message: $err"
# every command words an unknown target alike; LLVM's GFX6 GPUs are targets now
for c in asm dis exec info demo; do
    err=$("$BIN" $c -t gfx1300 </dev/null 2>&1 >/dev/null); rc=$?
    want="mqsad $c: unknown target 'gfx1300' (see 'mqsad info --list')"
    [ $rc -eq 2 ] && [ "$err" = "$want" ] && ok || bad "$c -t gfx1300: exit $rc, stderr '$err'"
    for t in tahiti gfx602; do
        err=$("$BIN" $c -t $t </dev/null 2>&1 >/dev/null)
        case $err in *"unknown target"*) bad "$c -t $t: $err" ;; *) ok ;; esac
    done
done

# ---- the SAD family: info -i MNEMONIC --------------------------------------------------
# identifiers: the first dword llvm-mc 22 encodes for "MNEMONIC v0, v1, v2, v3" (the packed
# forms: v[0:1], v[2:3], v4, v[6:7]): marker and opcode, every other field 0
while read m t id op; do
    "$BIN" info -i $m -t $t > "$TMP_INFO" 2>&1
    grep -Eq "identifier: +0x00000000$id " "$TMP_INFO" && ok || bad "info -i $m -t $t: identifier $id"
    grep -Eq "opcode: +$op " "$TMP_INFO" && ok || bad "info -i $m -t $t: opcode $op"
done <<'IDS'
v_sad_u8 gfx600 D2B40000 346
v_sad_u8 gfx700 D2B40000 346
v_sad_u8 gfx900 D1D90000 473
v_sad_u8 gfx1030 D55A0000 346
v_sad_u8 gfx1100 D6220000 546
v_sad_hi_u8 gfx700 D2B60000 347
v_sad_hi_u8 gfx900 D1DA0000 474
v_sad_hi_u8 gfx1100 D6230000 547
v_sad_u16 gfx700 D2B80000 348
v_sad_u16 gfx942 D1DB0000 475
v_sad_u16 gfx1100 D6240000 548
v_sad_u32 gfx700 D2BA0000 349
v_sad_u32 gfx1030 D55D0000 349
v_sad_u32 gfx1200 D6250000 549
v_msad_u8 gfx600 D2E20000 369
v_msad_u8 gfx900 D1E40000 484
v_msad_u8 gfx1100 D6390000 569
v_qsad_pk_u16_u8 gfx700 D2E40000 370
v_qsad_pk_u16_u8 gfx900 D1E50000 485
v_qsad_pk_u16_u8 gfx1030 D5720000 370
v_qsad_pk_u16_u8 gfx1100 D63A0000 570
v_mqsad_pk_u16_u8 gfx600 D2E60000 371
v_mqsad_pk_u16_u8 gfx900 D1E60000 486
v_mqsad_pk_u16_u8 gfx1250 D63B0000 571
IDS
# page contents: operand widths, SRC2's kinds, clamp element, the operation, availability
hasi() {
    if "$BIN" info -i "$1" -t "$2" 2>/dev/null | grep -Eq -- "$3"; then ok; else bad "info -i $1 -t $2: no line /$3/"; fi
}
hasi v_sad_u8 gfx1100 '^V_SAD_U8 on gfx1100 - generation RDNA3'
hasi v_sad_u8 gfx1100 'VDST +32-bit +VGPR v0\.\.v255'
hasi v_sad_u8 gfx1100 'SRC2 +32-bit +VGPR v0\.\.v255'
hasi v_sad_u8 gfx1100 '^ +VDST +7:0 +8 +destination VGPR: '
hasi v_sad_u8 gfx1100 'operation: +D = S2 \+ sum over bytes i of \|S0.u8\[i\] - S1.u8\[i\]\|'
hasi v_msad_u8 gfx900 'S1.u8\[i\] != 0'
hasi v_sad_hi_u8 gfx900 '<< 16'
hasi v_sad_u32 gfx1100 'clamp: +yes, bit 15: saturates each dword'
hasi v_qsad_pk_u16_u8 gfx1100 'VDST +64-bit +VGPR pair'
hasi v_qsad_pk_u16_u8 gfx1100 'SRC0 +64-bit +VGPR pair'
hasi v_qsad_pk_u16_u8 gfx1100 'SRC1 +32-bit +VGPR v0'
hasi v_qsad_pk_u16_u8 gfx1100 'SRC2 +64-bit +VGPR pair'
hasi v_qsad_pk_u16_u8 gfx1100 'clamp: +yes, bit 15: saturates each u16 element'
hasi v_qsad_pk_u16_u8 gfx1100 '16.B\(sad_u8'
hasi v_mqsad_pk_u16_u8 gfx1100 '16.B\(msad_u8'
hasi v_qsad_pk_u16_u8 gfx90a 'SRC2 +64-bit +VGPR pair v\[n:n\+1\], n <= 254, n even'
hasi v_sad_u8 gfx700 'clamp: +no'
hasi v_sad_u8 gfx600 'available: +yes'
hasi v_qsad_pk_u16_u8 gfx600 'available: +no'
hasi v_mqsad_u32_u8 tahiti 'available: +no'
hasi v_mqsad_u32_u8 gfx600 'on GCN1: +v_sad_u8, v_sad_hi_u8, v_sad_u16, v_sad_u32, v_msad_u8, v_mqsad_pk_u16_u8$'
hasi v_mqsad_u32_u8 gfx1100 'SRC2 +128-bit +VGPR quad .*\(VGPR only\)'
hasi V_SAD_U16_E64 gfx1100 '^V_SAD_U16 on gfx1100'
# the 32-bit SRC2 takes scalars and constants, V_MQSAD_U32_U8's does not
n=$("$BIN" info -i v_sad_u8 -t gfx1100 | grep -c 'scalar:'); [ "$n" -eq 3 ] && ok || bad "v_sad_u8: $n scalar lines, want 3"
n=$("$BIN" info -i v_mqsad_u32_u8 -t gfx1100 | grep -c 'scalar:'); [ "$n" -eq 2 ] && ok || bad "v_mqsad_u32_u8: $n scalar lines, want 2"
# -i with the default, --all, --list
for m in v_sad_u8 v_sad_hi_u8 v_sad_u16 v_sad_u32 v_msad_u8 v_qsad_pk_u16_u8 v_mqsad_pk_u16_u8 v_mqsad_u32_u8; do
    up=$(echo $m | tr a-z A-Z)
    n=$("$BIN" info -i $m | grep -c "^$up on "); [ "$n" -eq 14 ] && ok || bad "info -i $m: $n blocks"
    n=$("$BIN" info -i $m --all | grep -c "^$up on "); [ "$n" -ge 40 ] && ok || bad "info -i $m --all: $n blocks"
done
"$BIN" info -i v_mqsad_u32_u8 -t gfx1100 > "$TMP_INFO"; "$BIN" info -t gfx1100 | cmp -s - "$TMP_INFO" && ok || bad "-i v_mqsad_u32_u8 is not the default page"
l=$("$BIN" info -i v_qsad_pk_u16_u8 --list)
printf '%s\n' "$l" | grep -Eq '^gfx600 +GCN1 +SICI +- +- +gcn1$' && ok || bad "--list: gfx600 lacks v_qsad_pk_u16_u8: $(printf '%s' "$l" | grep gfx600)"
printf '%s\n' "$l" | grep -Eq '^gfx700 +GCN2 +SICI +0x172 +0x00000000D2E40000 gcn2$' && ok || bad "--list gfx700 v_qsad_pk_u16_u8"
printf '%s\n' "$list" | grep -Eq '^gfx600 +GCN1 +SICI +- +- +gcn1$' && ok || bad "--list: gfx600 without v_mqsad_u32_u8"
printf '%s\n' "$("$BIN" info -i v_sad_u8 --list)" | grep -Eq '^gfx601 +GCN1 +SICI +0x15A +0x00000000D2B40000 gcn1$' && ok || bad "--list gfx601 v_sad_u8"
"$BIN" info -i v_nope -t gfx1100 >/dev/null 2>"$TMP_INFO"; rc=$?
[ $rc -eq 2 ] && grep -q "unknown instruction 'v_nope'" "$TMP_INFO" && ok || bad "unknown -i: exit $rc"
"$BIN" info -i >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "-i without mnemonic exit $rc"
"$BIN" info --help | grep -q 'v_mqsad_pk_u16_u8' && ok || bad "help lists the family"
"$BIN" info --bogus >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "--bogus exit $rc"
"$BIN" info -t >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "-t without name exit $rc"
"$BIN" info --help | grep -q '^usage: mqsad info' && ok || bad "info --help"
"$BIN" info -t rdna3 --all >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "-t with --all exit $rc"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
