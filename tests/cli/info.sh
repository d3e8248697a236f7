#!/bin/sh
# info.sh — `mqsad info` against the seed page's identifiers/opcodes and the layout of
# ../shared/spec/encoding-llvm22.md §1-§3 (values typed in from the spec, not the code).
BIN=${MQSAD_BIN:-build/mqsad}
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
# default: one block per generation (13 generations, conformance.md)
n=$("$BIN" info | grep -c '^V_MQSAD_U32_U8 on ')
[ "$n" -eq 13 ] && ok || bad "default blocks: $n, want 13"
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
out=$("$BIN" info -t gfx600 2>/dev/null); rc=$?
[ $rc -eq 2 ] && [ -z "$out" ] && ok || bad "unknown target: exit $rc, stdout '$out'"
err=$("$BIN" info -t gfx600 2>&1 >/dev/null)
printf '%s' "$err" | grep -q "unknown target 'gfx600'" && ok || bad "unknown target message: $err"
# every command words an unknown target alike; LLVM's GFX6 GPUs (no V_MQSAD_U32_U8) say why
for c in asm dis exec info demo; do
    for t in tahiti gfx602 gfx1300; do
        err=$("$BIN" $c -t $t </dev/null 2>&1 >/dev/null); rc=$?
        case $t in
            gfx1300) want="mqsad $c: unknown target '$t' (see 'mqsad info --list')" ;;
            *) want="mqsad $c: unknown target '$t': GFX6 has no v_mqsad_u32_u8 (it first appears in GFX7, gfx700; see 'mqsad info --list')" ;;
        esac
        [ $rc -eq 2 ] && [ "$err" = "$want" ] && ok || bad "$c -t $t: exit $rc, stderr '$err'"
    done
done
"$BIN" info --bogus >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "--bogus exit $rc"
"$BIN" info -t >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "-t without name exit $rc"
"$BIN" info --help | grep -q '^usage: mqsad info' && ok || bad "info --help"
"$BIN" info -t rdna3 --all >/dev/null 2>&1; rc=$?; [ $rc -eq 2 ] && ok || bad "-t with --all exit $rc"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
