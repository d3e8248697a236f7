#!/bin/sh
# eval.sh — `mqsad eval` against ../shared/semantics/mqsad_vectors.tsv (our copy in
# $MQSAD_DATA), the family's vectors family_vectors.tsv (scripts/gen_family_semantics.py,
# from AMD's pseudocode), the worked examples of docs/semantics.md; error handling.
BIN=${MQSAD_BIN:-build/mqsad}
DATA=${MQSAD_DATA:-build/data}
TMP=${TMPDIR:-/tmp}/mqsad-eval.$$
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
eq() { [ "$1" = "$2" ] && ok || bad "$3: got '$1', want '$2'"; }

# worked example (semantics.md §1), as arguments and on stdin, hex and decimal
eq "$("$BIN" eval 0x0706050403020100 0x03020100 11 13 17 19)" \
   "0x0000000b 0x00000010 0x00000017 0x0000001c" "worked example (args)"
eq "$(echo '506097522914230528 50462976 0xb 0xd 0x11 0x13' | "$BIN" eval)" \
   "0x0000000b 0x00000010 0x00000017 0x0000001c" "worked example (stdin, decimal)"
eq "$("$BIN" eval '0x0706050403020100 0x03020100 11 13 17 19')" \
   "0x0000000b 0x00000010 0x00000017 0x0000001c" "worked example (one quoted argument)"

# every vector of the semantic reference file (inputs before the TAB, results after)
vec="$DATA/mqsad_vectors.tsv"
if [ -f "$vec" ]; then
    grep -v '^#' "$vec" | cut -f1 > "$TMP/in"
    grep -v '^#' "$vec" | cut -f2 > "$TMP/want"
    "$BIN" eval < "$TMP/in" > "$TMP/got"; rc=$?
    [ $rc -eq 0 ] && ok || bad "vectors: exit $rc"
    rows=$(wc -l < "$TMP/want")
    [ "$rows" -ge 1500 ] && ok || bad "vectors: only $rows rows"
    if cmp -s "$TMP/got" "$TMP/want"; then ok; else
        bad "vectors differ: $(diff "$TMP/got" "$TMP/want" | head -4 | tr '\n' ' ')"; fi
    # clamp given as 1 instead of the word clamp gives the same results
    sed 's/ clamp$/ 1/' "$TMP/in" | "$BIN" eval > "$TMP/got1"
    cmp -s "$TMP/got1" "$TMP/want" && ok || bad "clamp as 1 differs"
    grep -c ' clamp$' "$TMP/in" | { read c; [ "$c" -gt 0 ]; } && ok || bad "vectors have no clamp rows"
else
    bad "missing $vec"
fi

# clamp policy (semantics.md §2): saturate per dword; without clamp wrap modulo 2^32.
# S0 bytes 0xff, S1 bytes 0x01: each window adds 4*0xfe = 0x3f8.
eq "$("$BIN" eval 0xffffffffffffffff 0x01010101 0xfffffff0 0 0xffffffff 1)" \
   "0x000003e8 0x000003f8 0x000003f7 0x000003f9" "wrap without clamp"
eq "$("$BIN" eval 0xffffffffffffffff 0x01010101 0xfffffff0 0 0xffffffff 1 clamp)" \
   "0xffffffff 0x000003f8 0xffffffff 0x000003f9" "saturate with clamp"
eq "$("$BIN" eval 0xffffffffffffffff 0x01010101 0xfffffff0 0 0xffffffff 1 0)" \
   "0x000003e8 0x000003f8 0x000003f7 0x000003f9" "clamp field 0"
# mask is on S1: reference all zero -> accumulators unchanged
eq "$("$BIN" eval 0x1234567890abcdef 0 1 2 3 4)" \
   "0x00000001 0x00000002 0x00000003 0x00000004" "S1 = 0 masks everything"

# streaming: blank and comment lines ignored, errors name their line, the rest continue
cat > "$TMP/mixed" <<'IN'
# a comment

0x0706050403020100 0x03020100 11 13 17 19
1 2 3
0x10000000000000000 0 0 0 0 0
0 0x100000000 0 0 0 0
0 0 0 0 0 0 2
0 0 0 0 0 0 clamp extra
0xZZ 0 0 0 0 0
   # indented comment
0 0 1 2 3 4   # trailing comment
0 0 0 0 0 4294967296
IN
"$BIN" eval < "$TMP/mixed" > "$TMP/out" 2> "$TMP/err"; rc=$?
eq "$rc" 1 "exit status with bad lines"
eq "$(cat "$TMP/out")" "0x0000000b 0x00000010 0x00000017 0x0000001c
0x00000001 0x00000002 0x00000003 0x00000004" "good lines still computed"
for n in 4 5 6 7 8 9 12; do
    grep -q "^mqsad eval: line $n: " "$TMP/err" && ok || bad "no error for line $n: $(cat "$TMP/err")"
done
eq "$(wc -l < "$TMP/err" | tr -d ' ')" 7 "one error per bad line"
grep -q 'line 5: .*too large for S0' "$TMP/err" && ok || bad "S0 too large message"
grep -q 'line 6: .*too large for S1' "$TMP/err" && ok || bad "S1 too large message"
grep -q 'line 12: .*too large for S2.3' "$TMP/err" && ok || bad "S2.3 too large message"
# 2^64-1 and 2^32-1 are the largest accepted values
"$BIN" eval 18446744073709551615 4294967295 0 0 0 0 >/dev/null 2>&1 && ok || bad "max values rejected"
# overlong line -> error, next line still processed; no line-length overflow
awk 'BEGIN { s = "0x0706050403020100 0x03020100 11 13 17 19"; for (i = 0; i < 400; i++) s = s " "; print s "x"; for (i = 0; i < 300; i++) printf "0000000000"; print ""; print "0 0 1 2 3 4" }' > "$TMP/long"
"$BIN" eval < "$TMP/long" > "$TMP/out" 2> "$TMP/err"; rc=$?
eq "$rc" 1 "overlong line exit"
grep -q '^mqsad eval: line 2: line too long' "$TMP/err" && ok || bad "overlong message: $(cat "$TMP/err")"
eq "$(tail -1 "$TMP/out")" "0x00000001 0x00000002 0x00000003 0x00000004" "line after overlong one"
# last line without newline, CRLF line endings
eq "$(printf '0 0 1 2 3 4\r\n0 0 5 6 7 8' | "$BIN" eval)" "0x00000001 0x00000002 0x00000003 0x00000004
0x00000005 0x00000006 0x00000007 0x00000008" "CRLF and no final newline"
# empty input -> no output, exit 0
eq "$("$BIN" eval < /dev/null; echo "rc=$?")" "rc=0" "empty input"
# usage
"$BIN" eval --help | grep -q '^usage: mqsad eval' && ok || bad "eval --help"
"$BIN" eval --frobnicate >/dev/null 2>&1; eq "$?" 2 "unknown option exit"
"$BIN" eval 1 2 >/dev/null 2>&1; eq "$?" 1 "wrong field count (args) exit"
# ---- the SAD family: eval -i MNEMONIC ------------------------------------------------
# every row of the independent reference's vectors (scripts/gen_family_semantics.py,
# written from AMD's pseudocode): MNEMONIC <TAB> input line <TAB> expected output line
fam="$DATA/family_vectors.tsv"
if [ -f "$fam" ]; then
    for m in v_sad_u8 v_sad_hi_u8 v_sad_u16 v_sad_u32 v_msad_u8 v_qsad_pk_u16_u8 \
             v_mqsad_pk_u16_u8 v_mqsad_u32_u8; do
        grep -v '^#' "$fam" | awk -F'\t' -v m="$m" '$1 == m { print $2 > "'"$TMP"'/fin"; print $3 > "'"$TMP"'/fwant" }'
        rows=$(wc -l < "$TMP/fwant" | tr -d ' ')
        [ "$rows" -ge 400 ] && ok || bad "$m: only $rows family rows"
        grep -q ' clamp$' "$TMP/fin" && ok || bad "$m: no clamp rows"
        "$BIN" eval -i "$m" < "$TMP/fin" > "$TMP/fgot"; rc=$?
        eq "$rc" 0 "$m vectors exit"
        if cmp -s "$TMP/fgot" "$TMP/fwant"; then ok; else
            bad "$m vectors differ: $(diff "$TMP/fgot" "$TMP/fwant" | head -4 | tr '\n' ' ')"; fi
        # any case and the _e64 suffix name the same instruction
        "$BIN" eval --instruction="$(echo "$m" | tr a-z A-Z)_e64" < "$TMP/fin" > "$TMP/fgot2"
        cmp -s "$TMP/fgot2" "$TMP/fwant" && ok || bad "$m: upper case _e64 name differs"
    done
else
    bad "missing $fam"
fi
# -i v_mqsad_u32_u8 is the default, byte for byte
"$BIN" eval < "$TMP/in" > "$TMP/d1"; "$BIN" eval -i v_mqsad_u32_u8 < "$TMP/in" > "$TMP/d2"
cmp -s "$TMP/d1" "$TMP/d2" && ok || bad "-i v_mqsad_u32_u8 differs from the default"
# hand-worked from the pseudocode (docs/semantics.md): output widths 0x%08x / 0x%016x
eq "$("$BIN" eval -i v_sad_u8 0x04030201 0x08060402 5)" "0x0000000f" "v_sad_u8 by hand"
eq "$("$BIN" eval -i v_msad_u8 0xffffffff 0 7)" "0x00000007" "v_msad_u8 masks every byte"
eq "$("$BIN" eval -i v_sad_hi_u8 0x04030201 0x08060402 3)" "0x000a0003" "v_sad_hi_u8 by hand"
eq "$("$BIN" eval -i v_sad_u16 0x00011234 0xffff0234 2)" "0x00011000" "v_sad_u16 by hand"
eq "$("$BIN" eval -i v_sad_u32 0 4294967295 2)" "0x00000001" "v_sad_u32 wraps"
eq "$("$BIN" eval -i v_sad_u32 0 4294967295 2 clamp)" "0xffffffff" "v_sad_u32 clamps"
eq "$("$BIN" eval -i v_qsad_pk_u16_u8 0x0706050403020100 0x03020100 0xfffe000200010000)" \
   "0x000a000a00050000" "v_qsad_pk_u16_u8 wraps per u16"
eq "$("$BIN" eval -i v_qsad_pk_u16_u8 0x0706050403020100 0x03020100 0xfffe000200010000 1)" \
   "0xffff000a00050000" "v_qsad_pk_u16_u8 saturates per u16"
eq "$("$BIN" eval -i v_mqsad_pk_u16_u8 0x0706050403020100 0x03020100 0xfffe000200010000)" \
   "0x0007000800040000" "v_mqsad_pk_u16_u8 by hand"
# widths: 64-bit S0/S2 only where the instruction has them; errors name field and column
"$BIN" eval -i v_sad_u8 0x100000000 0 0 > /dev/null 2> "$TMP/e1"; eq "$?" 1 "32-bit S0 too large exit"
grep -q "^mqsad eval: line 1: value '0x100000000' too large for S0 (32 bits) at column 1$" "$TMP/e1" && ok || bad "S0 width message: $(cat "$TMP/e1")"
"$BIN" eval -i v_sad_u16 1 2 0x1ffffffff > /dev/null 2> "$TMP/e1"
grep -q "too large for S2 (32 bits) at column 5$" "$TMP/e1" && ok || bad "S2 width message: $(cat "$TMP/e1")"
"$BIN" eval -i v_qsad_pk_u16_u8 0 0x100000000 0 > /dev/null 2> "$TMP/e1"
grep -q "too large for S1 (32 bits) at column 3$" "$TMP/e1" && ok || bad "S1 width message: $(cat "$TMP/e1")"
eq "$("$BIN" eval -i v_qsad_pk_u16_u8 18446744073709551615 0 18446744073709551615)" \
   "0x03fb03fb03fb03fb" "64-bit S0 and S2 accepted (each u16: 0xffff + 4*0xff = 0x103fb wraps)"
"$BIN" eval -i v_mqsad_pk_u16_u8 0 0 0x10000000000000000 > /dev/null 2> "$TMP/e1"
grep -q "too large for S2 (64 bits)" "$TMP/e1" && ok || bad "64-bit S2 message: $(cat "$TMP/e1")"
# field count, clamp field, bad numbers; the other lines still run
printf 'v 1 2\n1 2 3 4 5\n1 2 3 maybe\n1 2 0xZ\n# c\n\n1 2 3\n' | "$BIN" eval -i v_sad_u32 > "$TMP/o" 2> "$TMP/e"; rc=$?
eq "$rc" 1 "family bad lines exit"
eq "$(cat "$TMP/o")" "0x00000004" "family good line computed"
grep -q "^mqsad eval: line 1: bad number 'v' for S0 at column 1" "$TMP/e" && ok || bad "line 1: $(cat "$TMP/e")"
grep -q "^mqsad eval: line 2: expected 3 or 4 fields (S0 S1 S2 \[clamp\]) for v_sad_u32, got 5$" "$TMP/e" && ok || bad "line 2: $(cat "$TMP/e")"
grep -q "^mqsad eval: line 3: bad clamp field 'maybe'" "$TMP/e" && ok || bad "line 3: $(cat "$TMP/e")"
grep -q "^mqsad eval: line 4: bad number '0xZ' for S2 at column 5" "$TMP/e" && ok || bad "line 4: $(cat "$TMP/e")"
eq "$(wc -l < "$TMP/e" | tr -d ' ')" 4 "one error per bad family line"
# options
"$BIN" eval -i v_nope 1 2 3 > /dev/null 2> "$TMP/e"; eq "$?" 2 "unknown mnemonic exit"
grep -q "unknown instruction 'v_nope'" "$TMP/e" && ok || bad "unknown mnemonic message"
"$BIN" eval -i > /dev/null 2>&1; eq "$?" 2 "-i without mnemonic exit"
"$BIN" eval -i v_sad_u8 1 2 -x > /dev/null 2>&1; eq "$?" 2 "option after operands exit"
"$BIN" eval --help | grep -q 'v_mqsad_pk_u16_u8' && ok || bad "help lists the family"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
