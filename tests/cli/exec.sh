#!/bin/sh
# exec.sh — `mqsad exec`: state files, --set, --bytes, --json, error positions, exit codes;
# the other SAD-family instructions at the end.
# Expected values are the worked example of ../shared/spec/semantics.md §1
# (S0 = 0x0706050403020100, S1 = 0x03020100, S2 = 11 13 17 19 -> 0x0b 0x10 0x17 0x1c).
BIN=${MQSAD_BIN:-build/mqsad}
T=$(mktemp -d "${TMPDIR:-/tmp}/mqsad_exec.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# run EXPECTED_RC ARGS... : runs the CLI, stdout in $T/out, stderr in $T/err
run() {
    want=$1; shift
    "$BIN" exec "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ "$rc" -eq "$want" ]; then ok; else bad "exit $rc (want $want): exec $* :: $(head -3 "$T/err")"; fi
}
has_out() { if grep -q -- "$1" "$T/out"; then ok; else bad "stdout lacks '$1': $(head -c 300 "$T/out")"; fi; }
has_err() { if grep -q -- "$1" "$T/err"; then ok; else bad "stderr lacks '$1': $(head -3 "$T/err")"; fi; }
no_err() { if [ ! -s "$T/err" ]; then ok; else bad "unexpected stderr: $(head -3 "$T/err")"; fi; }
lanes() { # lanes N VALUE -> "VALUE VALUE ..." (N times)
    i=0; s=""; while [ $i -lt "$1" ]; do s="$s${s:+ }$2"; i=$((i + 1)); done; printf '%s' "$s"
}

BASE1100="04 00 3d d6 02 03 22 04"      # v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] (gfx11)
BASE900="04 00 e7 d1 02 03 22 04"       # the same on gfx9 (VI encoding)

cat >"$T/ex.state" <<'EOF'
# the worked example on every lane
wave64
exec = 0xffffffffffffffff      # all lanes on
v[2:3] = 0x0706050403020100
v1 = 0x03020100
v8 = 11
v9 = 13
v10 = 0x11
v11 = 19                       # comment after a value
EOF

# 1. state file + --bytes: every lane, exact output lines
run 0 -t gfx1100 --state "$T/ex.state" --bytes $BASE1100
want4="v4 = $(lanes 64 0x0000000b)"
want7="v7 = $(lanes 64 0x0000001c)"
if [ "$(sed -n 1p "$T/out")" = "$want4" ]; then ok; else bad "v4 line: $(sed -n 1p "$T/out" | head -c 120)"; fi
if [ "$(sed -n 4p "$T/out")" = "$want7" ]; then ok; else bad "v7 line"; fi
if [ "$(wc -l <"$T/out")" -eq 4 ]; then ok; else bad "4 output lines"; fi
no_err

# 2. bytes in llvm-mc syntax and as one hex run; the same result
run 0 -t gfx1100 --state "$T/ex.state" --bytes '[0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04]'
has_out "^v5 = 0x00000010 0x00000010"
run 0 -t gfx1100 --state "$T/ex.state" --bytes 04003dd602032204
has_out "^v6 = 0x00000017 0x00000017"

# 3. --set only, wave32, a per-lane list and a single lane; EXEC pattern
run 0 -t gfx1030 --wave32 --set 'v[2:3] = 0x0706050403020100' --set "v1 = $(lanes 32 0x03020100)" \
    --set 'v8 = 11' --set 'v9 = 13' --set 'v10 = 17' --set 'v11 = 19' --set 'v4 = 0xdead' \
    --set 'v5 = 0xdead' --set 'exec = 0x5' --set 'v1[2] = 0' --bytes 04 00 75 d5 02 03 22 04
# lanes 0 and 2 on; lane 2 has S1 = 0 -> everything masked -> S2; other lanes keep 0xdead
has_out "^v4 = 0x0000000b 0x0000dead 0x0000000b 0x0000dead 0x0000dead"
has_out "^v5 = 0x00000010 0x0000dead 0x0000000d 0x0000dead"
if [ "$(sed -n 1p "$T/out" | wc -w)" -eq 34 ]; then ok; else bad "wave32 lane count"; fi
# later --set wins over the file
run 0 -t gfx1100 --state "$T/ex.state" --set 'v8 = 0x100' --bytes $BASE1100
has_out "^v4 = 0x00000100 0x00000100"          # window 0 has SAD 0

# 4. the output is valid state input (round trip)
run 0 -t gfx1100 --state "$T/ex.state" --bytes $BASE1100
{ echo wave64; cat "$T/out"; echo 'v[2:3] = 0'; echo 'v1 = 0x01010101'; } >"$T/rt.state"
cp "$T/out" "$T/first"
run 0 -t gfx1100 --state "$T/rt.state" --bytes 08 00 3d d6 02 03 12 04    # v[8:11] <- v[2:3], v1, v[4:7]
has_out "^v8 = 0x0000000f 0x0000000f"           # 0x0b + 4*|0-1|
has_out "^v11 = 0x00000020"                     # 0x1c + 4

# 5. --json
run 0 -t gfx1100 --state "$T/ex.state" --json --bytes $BASE1100
has_out '"target": "gfx1100"'
has_out '"wave_size": 64'
has_out '"exec": "0xffffffffffffffff"'
has_out '"instruction": "v_mqsad_u32_u8 v\[4:7\], v\[2:3\], v1, v\[8:11\]"'
has_out '"v4": \["0x0000000b", "0x0000000b"'
has_out '"v7": \["0x0000001c"'
has_out '"warnings": \[\]'
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["registers"]["v5"])==64 and d["registers"]["v5"][0]=="0x00000010"' "$T/out"; then ok; else bad "json does not parse"; fi
fi
run 0 -t gfx1100 --json --bytes $BASE1100
has_out '"v1 is read but was never set (reads 0)"'

# 6. warnings: unset registers and overlap (stderr), still exit 0
run 0 -t gfx900 --set 'v1 = 1' --bytes $BASE900
has_err "warning: v2 is read but was never set"
has_err "warning: v8 is read but was never set"
if grep -q "warning: v1 " "$T/err"; then bad "v1 was set"; else ok; fi
run 0 -t gfx1100 --state "$T/ex.state" --bytes 08 00 3d d6 02 03 22 04   # v[8:11] <- v[2:3], v1, v[8:11]
has_err "warning: destination v\[8:11\] overlaps SRC2"
has_out "^v8 = 0x0000000b"                      # from the snapshot
run 0 -t gfx1100 --state "$T/ex.state" --set 'scc = 1' --bytes 04 00 3d d6 02 fb 21 04  # SRC1 = src_scc
has_out "^v4 = 0x0000000c"                      # S1 = 1: only byte 0 counts, |0-1| + 11
has_out "^v7 = 0x00000015"                      # |3-1| + 19
run 0 -t gfx1100 --state "$T/ex.state" --bytes 04 00 3d d6 02 fb 21 04
has_err "warning: src_scc is read but was never set"

# 7. rejections: not executable -> exit 1 with a clear message
run 1 -t gfx900 --state "$T/ex.state" --bytes 04 00 e7 d1 02 fd 21 04     # SRC1 = lds_direct
has_err "lds_direct"
run 1 -t gfx900 --state "$T/ex.state" --bytes 04 00 e7 d1 02 03 22 00     # SRC2 = s[8:11]
has_err "SRC2 is not a VGPR quad"
run 1 -t gfx1100 --wave32 --bytes fd 00 3d d6 02 03 22 04                 # VDST v[253:256]
has_err "out of range"
run 1 -t gfx1100 --bytes 04 00 3d d6 02 03                                # truncated
has_err "cannot decode"
run 1 -t gfx1100 --bytes 04 00 3d d6 02 03 22 04 00 00 00 00              # trailing bytes
has_err "bytes after"
run 1 -t gfx1100 --bytes 0xzz
has_err "invalid byte"

# 8. gfx1250: wave32 only, 64-bit literal in SRC0
run 2 -t gfx1250 --wave64 --bytes 04 00 3d d6 fe 02 22 04 00 01 02 03 04 05 06 07
has_err "no wave64"
run 0 -t gfx1250 --set 'v1 = 0x03020100' --set 'v8 = 11' --set 'v9 = 13' --set 'v10 = 17' --set 'v11 = 19' \
    --bytes 04 00 3d d6 fe 02 22 04 00 01 02 03 04 05 06 07
has_out "^v7 = $(lanes 32 0x0000001c)\$"
printf 'wave64\n' >"$T/w64.state"
run 1 -t gfx1250 --state "$T/w64.state" --bytes $BASE1100
has_err "w64.state:1:1: error: gfx1250 has no wave64"

# 9. state-file errors: FILE:LINE:COL
printf 'wave64\ns2 = 1\nv1 = 1 2 3\n' >"$T/e1.state"
run 1 -t gfx1100 --state "$T/e1.state" --bytes $BASE1100
has_err "e1.state:3:6: error: expected 1 value or 64"
printf 's2 = 0x100000000\n' >"$T/e2.state"
run 1 -t gfx900 --state "$T/e2.state" --bytes $BASE900
has_err "e2.state:1:6: error: value '0x100000000' does not fit in 32 bits"
printf '# x\n  bogus = 1\n' >"$T/e3.state"
run 1 -t gfx900 --state "$T/e3.state" --bytes $BASE900
has_err "e3.state:2:3: error: unknown register 'bogus'"
printf 'tba = 1\n' >"$T/e4.state"
run 1 -t gfx900 --state "$T/e4.state" --bytes $BASE900
has_err "e4.state:1:1: error: register 'tba' is not available on gfx900"
printf 'v1[64] = 1\n' >"$T/e5.state"
run 1 -t gfx900 --state "$T/e5.state" --bytes $BASE900
has_err "e5.state:1:4: error: lane 64 is out of range"
printf 's1 = 1\nwave64\n' >"$T/e6.state"
run 1 -t gfx1100 --state "$T/e6.state" --bytes $BASE1100
has_err "e6.state:2:1: error: wave64 must come before"
printf 'wave64\n' >"$T/e7.state"
run 1 -t gfx1100 --wave32 --state "$T/e7.state" --bytes $BASE1100
has_err "e7.state:1:1: error: wave64 conflicts"
# a huge lane list: error at the 65th value, no crash
{ printf 'v1 ='; i=0; while [ $i -lt 300 ]; do printf ' 0x%x' $i; i=$((i + 1)); done; echo; } >"$T/e8.state"
run 1 -t gfx900 --state "$T/e8.state" --bytes $BASE900
has_err "e8.state:1:[0-9]*: error: too many values"
# a line longer than the limit
{ printf 'v1 = 1 #'; head -c 9000 /dev/zero | tr '\0' 'x'; echo; } >"$T/e9.state"
run 1 -t gfx900 --state "$T/e9.state" --bytes $BASE900
has_err "e9.state:1:8193: error: line longer than 8192 bytes"
# NUL byte
printf 'v1 = 1\0\n' >"$T/e10.state"
run 1 -t gfx900 --state "$T/e10.state" --bytes $BASE900
has_err "e10.state:1:7: error: NUL byte"
run 1 -t gfx900 --set 's2 = zz' --bytes $BASE900
has_err "1:6: error: invalid number 'zz'"

# 10. usage errors: exit 2
run 2 --bytes $BASE900
has_err "TARGET is required"
run 2 -t gfx999 --bytes $BASE900
has_err "unknown target"
run 2 -t gfx900 --wave32 --bytes $BASE900
has_err "gfx900 has no wave32"
run 2 -t gfx1100 --wave32 --wave64 --bytes $BASE1100
run 2 -t gfx900
has_err "no instruction"
run 2 -t gfx900 --state "$T/does-not-exist" --bytes $BASE900
has_err "cannot open state file '$T/does-not-exist': No such file or directory"
run 2 -t gfx900 --frobnicate --bytes $BASE900
run 0 --help
has_out "usage: mqsad exec"

# 11. assembly text (mqsad_parse)
run 0 -t gfx1100 --state "$T/ex.state" 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'
if [ "$(sed -n 1p "$T/out")" = "$want4" ]; then ok; else bad "text: v4 line"; fi
run 0 -t gfx1100 --state "$T/ex.state" v_mqsad_u32_u8 'v[4:7],' 'v[2:3],' 'v1,' 'v[8:11]'
has_out "^v7 = 0x0000001c"
# SRC0 inline 1.0 is the f64 pattern 0x3ff0000000000000: windows 0x00000000, 0xf0000000 ...
run 0 -t gfx1100 --wave32 --set 'v1 = 0x01010101' --set 'v8 = 0' --set 'v9 = 0' --set 'v10 = 0' --set 'v11 = 0' \
    'v_mqsad_u32_u8 v[4:7], 1.0, v1, v[8:11]'
has_out "^v4 = 0x00000004"                      # bytes 00 00 00 00 vs 01: 4
has_out "^v6 = 0x00000004"                      # (an f32 0x3f800000 would give 0xbf in v4)
has_out "^v7 = 0x000000f2"                      # window 3 = 00 00 00 f0: 1+1+1+0xef
run 0 -t gfx1100 --wave32 --set 'v[2:3] = 0x0706050403020100' --set 'v8 = 11' --set 'v9 = 13' \
    --set 'v10 = 17' --set 'v11 = 19' 'v_mqsad_u32_u8 v[4:7], v[2:3], 0x03020100, v[8:11]'
has_out "^v6 = 0x00000017"
run 0 -t gfx1100 --wave32 --set 'v1 = 0xffffffff' --set 'v8 = 0xfffffff0' --set 'v9 = 0' --set 'v10 = 0' \
    --set 'v11 = 0' 'v_mqsad_u32_u8 v[4:7], 0, v1, v[8:11] clamp'
has_out "^v4 = 0xffffffff"                      # 0xfffffff0 + 4*255 saturates
has_out "^v5 = 0x000003fc"
run 1 -t gfx1100 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, s[8:11]'
has_err "<instruction>:1:[0-9]*: error:"
run 1 -t gfx1100 'v_mqsad_u32_u8 v[4:7], v[2:3]'
has_err "error:"

# every generation: the worked example from text, default wave size, --json wave size
for t in gcn2 gcn3 vega cdna1 cdna2 cdna3 cdna4 rdna1 rdna2 rdna3 rdna3.5 rdna4 gfx1250; do
    run 0 -t $t --set 'v[2:3] = 0x0706050403020100' --set 'v1 = 0x03020100' --set 'v8 = 11' \
        --set 'v9 = 13' --set 'v10 = 17' --set 'v11 = 19' --json 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'
    case $t in gcn*|vega|cdna[1-4]) w=64 ;; *) w=32 ;; esac
    has_out "\"wave_size\": $w"
    has_out '"v7": \["0x0000001c", "0x0000001c"'
done

# ---- the SAD family (values worked by hand from AMD's pseudocode, docs/semantics.md;
# --bytes from llvm-mc 22 -show-encoding) ---------------------------------------------
# v_sad_u8: |1-2| + |2-4| + |3-6| + |4-8| + 5 = 15, one VDST line, every lane
run 0 -t gfx1100 --set 'v1 = 0x04030201' --set 'v2 = 0x08060402' 'v_sad_u8 v0, v1, v2, 5'
has_out "^v0 = $(lanes 32 0x0000000f)\$"
[ "$(wc -l < "$T/out")" -eq 1 ] && ok || bad "v_sad_u8: $(wc -l < "$T/out") output lines"
no_err
# the same from bytes on gfx900 (wave64): v_sad_u8 v0, v1, v2, 5
run 0 -t gfx900 --set 'v1 = 0x04030201' --set 'v2 = 0x08060402' --bytes 0x00,0x00,0xd9,0xd1,0x01,0x05,0x16,0x02
has_out "^v0 = $(lanes 64 0x0000000f)\$"
# v_qsad_pk_u16_u8 with an SGPR pair in SRC2 and clamp: window k differs by k in every
# byte (SAD 4k); element 3 = 0xfffe + 12 saturates at 0xffff
run 0 -t gfx900 --set 'v[2:3] = 0x0706050403020100' --set 'v1 = 0x03020100' \
    --set 's[4:5] = 0xfffe000200010000' --bytes 0x06,0x80,0xe5,0xd1,0x02,0x03,0x12,0x00
has_out "^v6 = $(lanes 64 0x00050000)\$"
has_out "^v7 = $(lanes 64 0xffff000a)\$"
[ "$(wc -l < "$T/out")" -eq 2 ] && ok || bad "v_qsad_pk_u16_u8: $(wc -l < "$T/out") output lines"
run 0 -t gfx900 --set 'v[2:3] = 0x0706050403020100' --set 'v1 = 0x03020100' \
    --set 's[4:5] = 0xfffe000200010000' 'v_qsad_pk_u16_u8 v[6:7], v[2:3], v1, s[4:5]'
has_out "^v7 = $(lanes 64 0x000a000a)\$"
# v_msad_u8 with an SGPR SRC0 and a literal SRC1 on gfx1100: S1 byte 2 is zero (masked):
# |0x01-0x02| + |0x02-0x04| + |0x04-0x08| + v2 (= 100) = 1 + 2 + 4 + 100
run 0 -t gfx1100 --set 's1 = 0x04030201' --set 'v2 = 100' 'v_msad_u8 v3, s1, 0x08000402, v2'
has_out "^v3 = $(lanes 32 0x0000006b)\$"
run 0 -t gfx1100 --set 's1 = 0x04030201' --set 'v2 = 100' --bytes 0x03,0x00,0x39,0xd6,0x01,0xfe,0x09,0x04,0x02,0x04,0x00,0x08
has_out "^v3 = $(lanes 32 0x0000006b)\$"
# EXEC masks lanes; JSON lists only VDST's registers
run 0 -t gfx1100 --set 'exec = 0x5' --set 'v0 = 7' --set 'v1 = 0' --set 'v2 = 10' --json 'v_sad_u32 v0, v1, v2, 1'
has_out '"v0": \["0x0000000b", "0x00000007", "0x0000000b", "0x00000007"'
if grep -q '"v1"' "$T/out"; then bad "JSON lists v1"; else ok; fi
# v_sad_u32 clamps: |0 - 0xffffffff| + 2
run 0 -t gfx1100 --set 'v1 = 0xffffffff' 'v_sad_u32 v0, 0, v1, 2 clamp'
has_out "^v0 = $(lanes 32 0xffffffff)\$"
# overlap warning names a 64-bit destination as a pair
run 0 -t gfx1100 --set 'v[2:3] = 0' --set 'v1 = 0' --set 'v[4:5] = 0' 'v_mqsad_pk_u16_u8 v[4:5], v[2:3], v1, v[4:5]'
has_err 'warning: destination v\[4:5\] overlaps SRC2'
# GFX6 lacks v_qsad_pk_u16_u8 (llvm-mc's message) but runs v_sad_hi_u8: (10 << 16) + 3
run 1 -t gfx600 'v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]'
has_err 'instruction not supported on this GPU'
run 0 -t gfx600 --set 'v1 = 0x04030201' --set 'v2 = 0x08060402' 'v_sad_hi_u8 v0, v1, v2, 3'
has_out "^v0 = $(lanes 64 0x000a0003)\$"
# clamp on GFX7 is rejected by the assembler
run 1 -t gfx700 'v_sad_u8 v0, v1, v2, v3 clamp'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
