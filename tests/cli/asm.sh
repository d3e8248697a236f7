#!/bin/sh
# asm.sh — `mqsad asm` against llvm-mc-22 -show-encoding output recorded in tests/data
# (asm_golden_input.s -> asm_golden_<target>.txt on stdout, .err.txt on stderr), byte for
# byte, plus the other output modes and bounds. Run from the repository root.
BIN=${MQSAD_BIN:-build/mqsad}
IN=tests/data/asm_golden_input.s
TMP=${TMPDIR:-/tmp}/mqsad_asm_$$
mkdir -p "$TMP"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

for t in gfx900 gfx1100 gfx1250; do
    "$BIN" asm -t $t "$IN" >"$TMP/out" 2>"$TMP/err"; rc=$?
    if cmp -s "$TMP/out" tests/data/asm_golden_$t.txt; then ok; else bad "$t stdout differs"; diff tests/data/asm_golden_$t.txt "$TMP/out" | head -10 >&2; fi
    if cmp -s "$TMP/err" tests/data/asm_golden_$t.err.txt; then ok; else bad "$t stderr differs"; diff tests/data/asm_golden_$t.err.txt "$TMP/err" | head -10 >&2; fi
    [ $rc -eq 1 ] && ok || bad "$t exit status $rc, want 1"
done

# standard input is named <stdin>; a good file exits 0
printf 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]\n' | "$BIN" asm -t gfx1100 >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "stdin exit status $rc"
printf '\tv_mqsad_u32_u8 v[5:8], -1, -1, v[252:255] ; encoding: [0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]\n' | cmp -s - "$TMP/out" && ok || bad "seed line"
printf 'v_mqsad_u32_u8 v[4:7], v1, v1, v[8:11]\n' | "$BIN" asm -t gfx1100 >/dev/null 2>"$TMP/err"
head -1 "$TMP/err" | grep -q '^<stdin>:1:24: error: invalid operand for instruction$' && ok || bad "stdin diagnostic name"

# a missing input file: a usage error (2) naming the file and the reason
"$BIN" asm -t gfx1100 "$TMP/does-not-exist.s" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 2 ] && ok || bad "missing file exit status $rc"
[ "$(cat "$TMP/err")" = "mqsad asm: cannot open '$TMP/does-not-exist.s': No such file or directory" ] && ok || bad "missing file: $(cat "$TMP/err")"

# ".text": llvm-mc-22 echoes only the first one (a later .text does not change the section)
printf '.text\n  .text ; again\nv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n.text\n' | "$BIN" asm -t gfx900 >"$TMP/out" 2>"$TMP/err"
printf '\t.text\n\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ; encoding: [0x04,0x00,0xe7,0xd1,0x02,0x03,0x22,0x04]\n' | cmp -s - "$TMP/out" && ok || bad ".text echo: $(cat "$TMP/out")"

# --hex and --bin
printf 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]\n' | "$BIN" asm -t rdna2 --hex >"$TMP/out"
[ "$(cat "$TMP/out")" = "d5750005 07f182c1" ] && ok || bad "--hex: $(cat "$TMP/out")"
printf 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]\n' | "$BIN" asm -t gfx1100 --bin | od -An -tx1 | tr -d ' \n' >"$TMP/out"
[ "$(cat "$TMP/out")" = "05003dd6c182f107" ] && ok || bad "--bin: $(cat "$TMP/out")"

# bounds: an overlong line is an error, the next line still assembles
awk 'BEGIN { s = "v_mqsad_u32_u8 v[4:7], v[2:3], "; for (i = 0; i < 20000; i++) s = s "1+"; print s "1, v[8:11]"; print "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]" }' \
    | "$BIN" asm -t gfx1100 >"$TMP/out" 2>"$TMP/err"; rc=$?
[ $rc -eq 1 ] && ok || bad "overlong line exit status $rc"
grep -q '^<stdin>:1:1: error: line too long' "$TMP/err" && ok || bad "overlong line message"
grep -q 'encoding: \[0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04\]' "$TMP/out" && ok || bad "line after the overlong one"
# usage errors
"$BIN" asm >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "missing target exit status"
"$BIN" asm -t gfx9999 </dev/null >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "unknown target exit status"
"$BIN" asm -t </dev/null >/dev/null 2>"$TMP/e"; [ $? -eq 2 ] && grep -qx 'mqsad asm: -t needs a target' "$TMP/e" && ok || bad "-t without a value"
# llvm-mc's -mcpu spellings name the target as -t does (llvm-mc-22 -mcpu=gfx1100's bytes)
for o in -mcpu=gfx1100 --mcpu=gfx1100 "-mcpu gfx1100" "--mcpu gfx1100" --target=gfx1100; do
    echo 'v_sad_u32 v1, v2, v3, v4' | "$BIN" asm $o >"$TMP/out" 2>&1
    grep -q 'encoding: \[0x01,0x00,0x25,0xd6,0x02,0x07,0x12,0x04\]' "$TMP/out" && ok || bad "asm $o: $(cat "$TMP/out")"
    echo '0x01,0x00,0x25,0xd6,0x02,0x07,0x12,0x04' | "$BIN" dis $o >"$TMP/out" 2>&1
    [ "$(cat "$TMP/out")" = "$(printf '\tv_sad_u32 v1, v2, v3, v4')" ] && ok || bad "dis $o: $(cat "$TMP/out")"
done
"$BIN" asm --mcpu </dev/null >/dev/null 2>"$TMP/e"; [ $? -eq 2 ] && grep -qx 'mqsad asm: --mcpu needs a target' "$TMP/e" && ok || bad "--mcpu without a value"
"$BIN" asm -t gfx1100 --bin --hex </dev/null >/dev/null 2>"$TMP/e"; [ $? -eq 2 ] && grep -qx 'mqsad asm: --hex and --bin exclude each other' "$TMP/e" && ok || bad "--bin with --hex"

# -j: the same output on any number of threads. The golden file (no labels) repeated to
# 2 MB, from a file and from standard input, then with a label 2/3 of the way in (the
# pieces after it assembled on one thread).
i=0; : >"$TMP/big.s"
while [ $i -lt 1200 ]; do
    cat tests/data/asm_golden_input.s >>"$TMP/big.s"; i=$((i + 1))
    [ $i -eq 800 ] && cat "$TMP/big.s" >"$TMP/label.s" && echo 'lab:' >>"$TMP/label.s"
done
for f in big label; do
    [ $f = label ] && tail -n 16800 "$TMP/big.s" >>"$TMP/label.s"
    for t in gfx1100 gfx900; do
        "$BIN" asm -t $t -j 1 "$TMP/$f.s" >"$TMP/o1" 2>"$TMP/e1"; rc1=$?
        for j in 2 5 16; do
            "$BIN" asm -t $t --jobs $j "$TMP/$f.s" >"$TMP/oj" 2>"$TMP/ej"; rcj=$?
            cmp -s "$TMP/o1" "$TMP/oj" && cmp -s "$TMP/e1" "$TMP/ej" && [ $rc1 -eq $rcj ] && ok || bad "$f.s $t -j $j differs from -j 1"
        done
    done
done
"$BIN" asm -t gfx1100 -j 1 <"$TMP/big.s" >"$TMP/o1" 2>"$TMP/e1"
"$BIN" asm -t gfx1100 --jobs=3 <"$TMP/big.s" >"$TMP/oj" 2>"$TMP/ej"
cmp -s "$TMP/o1" "$TMP/oj" && cmp -s "$TMP/e1" "$TMP/ej" && ok || bad "standard input: --jobs=3 differs from -j 1"
for v in 0 17 x ''; do
    "$BIN" asm -t gfx1100 -j "$v" </dev/null >/dev/null 2>"$TMP/e"; [ $? -eq 2 ] && grep -q 'mqsad asm: -j needs a number of threads from 1 to 16' "$TMP/e" && ok || bad "-j '$v'"
done

rm -rf "$TMP"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
