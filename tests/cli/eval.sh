#!/bin/sh
# eval.sh — `mqsad eval` against ../shared/semantics/mqsad_vectors.tsv (our copy in
# $MQSAD_DATA) and the worked example of semantics.md §1; error handling per the CLI spec.
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
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
