#!/bin/sh
# dis.sh — golden runs of `mqsad dis`. Expected stdout/stderr in tests/data/dis_NAME.out/.err
# were produced by llvm-mc-22 -disassemble (stdin input, so FILE is "<stdin>"), except:
#   dis_gfx700.*  — llvm-mc has no GFX7 disassembler: bytes and texts are the GFX7 assembler's
#                   (rows of asm_vectors.tsv); the clamp-bit-11 warning is our documented rule;
#                   the constant-bus rows are words whose text llvm-mc-22 -mcpu=gfx700 rejects;
#   dis_explain.out — our own --explain format (field values checked by hand against
#                   encoding-llvm22.md §2).
# Exit status: ours is 1 whenever stderr has a diagnostic (documented difference: llvm-mc
# returns 0 for stream-mode warnings and malformed tokens).
# Rebase (regenerate the llvm-mc goldens): DIS_REBASE=1 sh tests/cli/dis.sh
BIN=${MQSAD_BIN:-build/mqsad}
DATA=tests/data
pass=0; fail=0
tmp=${TMPDIR:-/tmp}/mqsad_dis_$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# name:target pairs with an llvm-mc oracle
CASES="basic:gfx1100 invalid:gfx1100 crlf:gfx1100 gfx900:gfx900 gfx1250:gfx1250 gfx950:gfx950"

if [ -n "$DIS_REBASE" ]; then
    for c in $CASES; do
        n=${c%%:*}; t=${c#*:}
        llvm-mc-22 -triple=amdgcn -mcpu="$t" -disassemble < "$DATA/dis_$n.in" \
            > "$DATA/dis_$n.out" 2> "$DATA/dis_$n.err"
        echo "rebased dis_$n (llvm-mc rc=$?)"
    done
fi

golden() {  # name target [extra args]
    n=$1; t=$2; shift 2
    "$BIN" dis -t "$t" "$@" < "$DATA/dis_$n.in" > "$tmp/out" 2> "$tmp/err"; rc=$?
    want_rc=0; [ -s "$DATA/dis_$n.err" ] && want_rc=1
    if cmp -s "$tmp/out" "$DATA/dis_$n.out"; then ok; else bad "dis_$n stdout"; diff "$tmp/out" "$DATA/dis_$n.out" | head -10 >&2; fi
    if [ -f "$DATA/dis_$n.err" ]; then
        if cmp -s "$tmp/err" "$DATA/dis_$n.err"; then ok; else bad "dis_$n stderr"; diff "$tmp/err" "$DATA/dis_$n.err" | head -10 >&2; fi
    fi
    if [ "$rc" -eq "$want_rc" ]; then ok; else bad "dis_$n exit $rc, want $want_rc"; fi
}

for c in $CASES; do golden "${c%%:*}" "${c#*:}"; done
golden gfx700 gfx700
golden explain gfx1100 --explain

# A file argument: same output, FILE names the file in diagnostics.
"$BIN" dis -t gfx1100 "$DATA/dis_invalid.in" > "$tmp/out" 2> "$tmp/err"
cmp -s "$tmp/out" "$DATA/dis_invalid.out" && ok || bad "file argument stdout"
sed "s|^<stdin>:|$DATA/dis_invalid.in:|" "$DATA/dis_invalid.err" > "$tmp/want_err"
cmp -s "$tmp/err" "$tmp/want_err" && ok || bad "file argument stderr"

# Generation names select the representative target.
"$BIN" dis -t rdna3 < "$DATA/dis_basic.in" > "$tmp/out" 2>/dev/null
cmp -s "$tmp/out" "$DATA/dis_basic.out" && ok || bad "-t rdna3"
"$BIN" dis --target=cdna5 < "$DATA/dis_gfx1250.in" > "$tmp/out" 2>/dev/null
cmp -s "$tmp/out" "$DATA/dis_gfx1250.out" && ok || bad "--target=cdna5"

# Usage errors: exit 2.
"$BIN" dis --help > "$tmp/out" 2>&1 && grep -q 'usage: mqsad dis' "$tmp/out" && ok || bad "--help"
"$BIN" dis < /dev/null > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "missing -t"
"$BIN" dis -t gfx9999 < /dev/null > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "unknown target"
"$BIN" dis -t gfx1100 "$tmp/does-not-exist" > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "missing file"

# Empty input: nothing, exit 0.
"$BIN" dis -t gfx1100 < /dev/null > "$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/out" ] && ok || bad "empty input"

# An overlong line is an error, not a crash; the next line still decodes.
{ i=0; while [ $i -lt 2200 ]; do printf '0x04,0x00,0x3d,0xd6,'; i=$((i + 1)); done; echo
  echo '0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04'; } > "$tmp/long"
"$BIN" dis -t gfx1100 "$tmp/long" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q ':1:1: error: line too long' "$tmp/err" && ok || bad "overlong line diagnostic (rc=$rc)"
[ "$(cat "$tmp/out")" = "$(printf '\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]')" ] && ok || bad "line after overlong line"

# An overlong line longer than the read buffer is counted once: the bad token after it is
# on line 2 (it was reported on line 3), from a file and from a pipe.
awk 'BEGIN { s = "0x"; for (i = 0; i < 100000; i++) s = s "0"; print s; print "zz" }' > "$tmp/long2"
"$BIN" dis -t gfx1100 "$tmp/long2" > /dev/null 2> "$tmp/err"
grep -q ':2:1: error: invalid input token' "$tmp/err" && ok || bad "line number after a long line (file): $(grep -a token "$tmp/err")"
cat "$tmp/long2" | "$BIN" dis -t gfx1100 > /dev/null 2> "$tmp/err"
grep -q '^<stdin>:2:1: error: invalid input token' "$tmp/err" && ok || bad "line number after a long line (pipe)"

# Streaming: a large input decodes completely (memory does not grow with input size).
awk 'BEGIN { for (i = 0; i < 200000; i++) print "0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04" }' > "$tmp/big"
"$BIN" dis -t gfx1100 "$tmp/big" > "$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && [ "$(wc -l < "$tmp/out")" -eq 200000 ] && ok || bad "large input (rc=$rc)"

# Every llvm-mc vector through the CLI (checks the CLI's table fast path against llvm-mc):
# one [..] block per row; rows llvm-mc decodes to one v_mqsad_u32_u8 must print exactly
# that, INVALID / CRASH rows must print nothing on stdout (a warning on stderr).
VEC="${MQSAD_DATA:-build/data}/disasm_vectors.tsv"
if [ -f "$VEC" ]; then
    for t in $(awk -F'\t' '!/^#/ { print $1 }' "$VEC" | sort -u); do
        awk -F'\t' -v t="$t" -v inp="$tmp/vin" -v want="$tmp/vexp" '
            $1 == t && $3 !~ / ;; / && ($3 ~ /^v_mqsad_u32_u8/ || $3 == "INVALID" || $3 ~ /^CRASH/) {
                print "[" $2 "]" > inp
                if ($3 ~ /^v_mqsad/) print "\t" $3 > want
                n++
            }
            END { if (!n) print "" > inp; close(inp); close(want) }' "$VEC"
        [ -f "$tmp/vexp" ] || : > "$tmp/vexp"
        "$BIN" dis -t "$t" "$tmp/vin" > "$tmp/vout" 2>/dev/null
        nrows=$(wc -l < "$tmp/vin")
        if [ "$nrows" -gt 1000 ] && cmp -s "$tmp/vout" "$tmp/vexp"; then ok; else
            bad "vectors $t ($nrows rows)"; diff "$tmp/vout" "$tmp/vexp" | head -5 >&2; fi
        rm -f "$tmp/vin" "$tmp/vexp"
    done
else
    bad "missing $VEC"
fi

# --bin (raw bytes): every vector llvm-mc decodes as one v_mqsad_u32_u8, per target, as
# one binary stream three times over (about 100 KiB with 8-, 12- and 16-byte instructions,
# so instructions straddle the 64 KiB reads), from a file and from a pipe: stdout must be
# llvm-mc's texts in order. The bytes are packed by perl (perl-base is essential in Debian).
if [ -f "$VEC" ] && command -v perl > /dev/null 2>&1; then
    for t in $(awk -F'\t' '!/^#/ { print $1 }' "$VEC" | sort -u); do
        awk -F'\t' -v t="$t" -v want="$tmp/bexp" '
            $1 == t && $3 !~ / ;; / && $3 ~ /^v_mqsad_u32_u8/ { print $2; print "\t" $3 > want }
            END { close(want) }' "$VEC" > "$tmp/bhex"
        perl -ne 'chomp; print pack("C*", map { hex } split /,/)' "$tmp/bhex" "$tmp/bhex" "$tmp/bhex" > "$tmp/bin"
        cat "$tmp/bexp" "$tmp/bexp" "$tmp/bexp" > "$tmp/bexp3"
        "$BIN" dis -t "$t" --bin "$tmp/bin" > "$tmp/bout" 2> "$tmp/berr"; rc=$?
        if [ $rc -eq 0 ] && [ ! -s "$tmp/berr" ] && [ "$(wc -l < "$tmp/bexp")" -gt 3000 ] &&
           cmp -s "$tmp/bout" "$tmp/bexp3"; then ok; else bad "--bin vectors $t (rc=$rc)"; diff "$tmp/bout" "$tmp/bexp3" | head -5 >&2; fi
        cat "$tmp/bin" | "$BIN" dis -t "$t" --bin > "$tmp/bout" 2>&1
        cmp -s "$tmp/bout" "$tmp/bexp3" && ok || bad "--bin vectors $t from a pipe"
    done
    rm -f "$tmp/bhex" "$tmp/bin" "$tmp/bexp" "$tmp/bexp3"
fi

# Output much longer than its input: the vectors llvm-mc decodes as one v_mqsad_u32_u8, as
# decimal byte tokens on lines of about 16,000 characters (each prints ~28 KiB, more than
# the 24 KiB of output room below the read buffer, so output must flush in mid-line without
# touching the line), from a file and from a pipe: stdout is llvm-mc's texts in order.
if [ -f "$VEC" ]; then
    for t in gfx1100 gfx90a gfx1250; do
        awk -F'\t' -v t="$t" -v want="$tmp/dexp" '
            function hex(h,   i, v) { v = 0; h = tolower(substr(h, 3))
                for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
                return v }
            $1 == t && $3 !~ / ;; / && $3 ~ /^v_mqsad_u32_u8/ {
                n = split($2, b, ","); s = ""
                for (i = 1; i <= n; i++) s = s hex(b[i]) " "
                if (length(line) + length(s) > 16000) { print line; line = "" }
                line = line s; print "\t" $3 > want
            }
            END { if (line != "") print line; close(want) }' "$VEC" > "$tmp/din"
        "$BIN" dis -t "$t" "$tmp/din" > "$tmp/dout" 2> "$tmp/derr"; rc=$?
        if [ $rc -eq 0 ] && [ ! -s "$tmp/derr" ] && [ "$(wc -l < "$tmp/dexp")" -gt 3000 ] &&
           [ "$(wc -c < "$tmp/dout")" -gt $((3 * $(wc -c < "$tmp/din") / 2)) ] &&
           cmp -s "$tmp/dout" "$tmp/dexp"; then ok; else
            bad "long decimal lines $t (rc=$rc)"; diff "$tmp/dout" "$tmp/dexp" | head -5 >&2; fi
        cat "$tmp/din" | "$BIN" dis -t "$t" > "$tmp/dout" 2>&1
        cmp -s "$tmp/dout" "$tmp/dexp" && ok || bad "long decimal lines $t from a pipe"
    done
    rm -f "$tmp/din" "$tmp/dexp" "$tmp/dout" "$tmp/derr"
fi

# --bin problems, at their byte offsets (the format in --help and the man page): a word
# with the wrong ENCODING at byte 8 (resync 4 bytes later, where a valid word starts), a
# 32-bit literal cut off at byte 20 (the word and the 2 literal bytes there are shown),
# then, 4 bytes later, fewer than 8 bytes: reported once. Empty input: nothing, exit 0.
W='04 00 3d d6 02 03 22 04'
printf '\004\000\075\326\002\003\042\004\377\377\377\377\004\000\075\326\002\003\042\004\004\000\075\326\377\002\042\004\170\126' \
    | "$BIN" dis -t gfx1100 --bin > "$tmp/out" 2> "$tmp/err"; rc=$?
printf '\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && ok || bad "--bin: valid words around problems"
cat > "$tmp/want_err" <<EOF
<stdin>: byte 8 (0x8): warning: invalid instruction encoding: not a SAD-family instruction on this target (encoding or opcode differs)
  ff ff ff ff 04 00 3d d6
<stdin>: byte 20 (0x14): warning: invalid instruction encoding: truncated input: literal bytes missing
  04 00 3d d6 ff 02 22 04 78 56
<stdin>: byte 24 (0x18): warning: invalid instruction encoding: truncated input: fewer than 8 bytes for the instruction word
  ff 02 22 04 78 56
EOF
[ $rc -eq 1 ] && cmp -s "$tmp/err" "$tmp/want_err" && ok || { bad "--bin diagnostics (rc=$rc)"; diff "$tmp/err" "$tmp/want_err" >&2; }
printf '\004\000\075\326\002\003\042\004' > "$tmp/w.bin"
"$BIN" dis -t gfx900 --bin "$tmp/w.bin" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "^$tmp/w.bin: byte 0 (0x0): warning: invalid instruction encoding: not a SAD-family instruction" "$tmp/err" &&
    grep -qx "  $W" "$tmp/err" && [ ! -s "$tmp/out" ] && ok || bad "--bin: another target's word, file name (rc=$rc)"
"$BIN" dis -t gfx1100 --bin < /dev/null > "$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/out" ] && ok || bad "--bin: empty input"
"$BIN" dis -t gfx1100 --bin --explain "$tmp/w.bin" > "$tmp/out" 2>&1
grep -q '^	; OP        25:16  0x23d   V_MQSAD_U32_U8 (573)$' "$tmp/out" && ok || bad "--bin --explain"

# --words: every vector row as 32-bit hex words in a [ ] block (bytes 0-3 of a row are the
# first word, little-endian), bare lower-case on even rows and 0X-prefixed upper-case on
# odd rows: rows llvm-mc decodes to one v_mqsad_u32_u8 print exactly that, INVALID and
# CRASH rows nothing. A token that is not 1-8 hex digits is llvm-mc's "invalid input token".
if [ -f "$VEC" ]; then
    for t in gfx801 gfx90a gfx1030 gfx1150 gfx1250; do
        awk -F'\t' -v t="$t" -v inp="$tmp/win" -v want="$tmp/wexp" '
            $1 == t && $3 !~ / ;; / && ($3 ~ /^v_mqsad_u32_u8/ || $3 == "INVALID" || $3 ~ /^CRASH/) {
                m = split($2, b, ","); if (m % 4) next
                o = ""
                for (j = 1; j <= m; j += 4) {
                    w = substr(b[j + 3], 3) substr(b[j + 2], 3) substr(b[j + 1], 3) substr(b[j], 3)
                    o = o (j > 1 ? " " : "") (n % 2 ? "0X" toupper(w) : w)
                }
                print "[" o "]" > inp
                if ($3 ~ /^v_mqsad/) print "\t" $3 > want
                n++
            }
            END { close(inp); close(want) }' "$VEC"
        "$BIN" dis -t "$t" --words "$tmp/win" > "$tmp/wout" 2>/dev/null
        nrows=$(wc -l < "$tmp/win")
        if [ "$nrows" -gt 4000 ] && cmp -s "$tmp/wout" "$tmp/wexp"; then ok; else
            bad "--words vectors $t ($nrows rows)"; diff "$tmp/wout" "$tmp/wexp" | head -5 >&2; fi
    done
    rm -f "$tmp/win" "$tmp/wexp" "$tmp/wout"
fi
printf '[d63d0004 4220302] # a comment\nd63d0004 123456789\n0x 04220302\n' | "$BIN" dis -t gfx1100 --words > "$tmp/out" 2> "$tmp/err"; rc=$?
printf '\tv_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n' > "$tmp/want"
cat > "$tmp/want_err" <<EOF
<stdin>:2:10: error: invalid input token
d63d0004 123456789
         ^
<stdin>:3:1: error: invalid input token
0x 04220302
^
EOF
[ $rc -eq 1 ] && cmp -s "$tmp/out" "$tmp/want" && cmp -s "$tmp/err" "$tmp/want_err" && ok ||
    { bad "--words tokens (rc=$rc)"; diff "$tmp/err" "$tmp/want_err" >&2; }
"$BIN" dis -t gfx1100 --words --bin < /dev/null > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "--words with --bin: usage error"

# The token and whole-line paths of the disassembly stream against independent
# expectations, with the CPU's own level, MQSAD_CPU_MASK=1 (SSE4.1 at most) and
# MQSAD_CPU_MASK=0 (no SIMD): disassembly has no CPU-specific code, so the forced levels
# must change nothing (the kernels' dispatch is set up all the same):
#  - every vector again with its hex digits in other cases: each row as "[..]" with bytes
#    0-3 in lower case and bytes 4-7 in upper case (0X on even rows), and each 8-byte row
#    llvm-mc decodes also as "0x..,..,0x.." (stream form) with bytes 0-3 in upper case and
#    digit k of bytes 4-7 in upper case when k + row is odd; stdout must be the vectors'
#    texts in order.
#  - every byte but NUL, a hex digit or a token delimiter (" \t\r\n,#[]") in each of the 16
#    digit positions of either form, between valid lines: llvm-mc's "invalid input token" at
#    the token (no caret line when the byte is not ASCII, as LLVM's SMDiagnostic), the rest
#    of the line dropped (a "]" line closes the block the "[" opened), and with it every
#    byte collected since the last bracket: llvm-mc decodes them only at the next bracket or
#    the end, so the valid bare lines just before a bad one print nothing, bracketed ones
#    print; from a file and from a pipe; also after runs of 0-8 valid lines of the same
#    form (a bad line at every place in a group of three).
dis_mask() {  # runs $BIN with MQSAD_CPU_MASK=$mask when $mask is set
    if [ -n "$mask" ]; then MQSAD_CPU_MASK=$mask "$BIN" "$@"; else "$BIN" "$@"; fi
}
if [ -f "$VEC" ]; then
    W=$(awk -F'\t' '$1 == "gfx1100" && $3 ~ /^v_mqsad_u32_u8/ && split($2, b, ",") == 8 { print $2; exit }' "$VEC")
    T=$(awk -F'\t' '$1 == "gfx1100" && $3 ~ /^v_mqsad_u32_u8/ && split($2, b, ",") == 8 { print $3; exit }' "$VEC")
    LC_ALL=C awk -v w="$W" -v t="$T" -v inp="$tmp/ein" -v want="$tmp/eexp" -v werr="$tmp/eerr" '
        function bad(pre, post, k, ch, col,   l) {   # the word w with digit k = ch, at line n + 1
            l = pre substr(w, 1, 5 * int(k / 2) + 2 + k % 2) ch substr(w, 5 * int(k / 2) + 4 + k % 2) post
            print l > inp; n++
            printf "<stdin>:%d:%d: error: invalid input token\n%s\n", n, col, l > werr
            if (c < 128) printf "%" col "s\n", "^" > werr   # no caret under a non-ASCII line
        }
        function good(l) { print l > inp; n++; print "\t" t > want }
        function held(l) { print l > inp; n++ }   # a bad line follows before any bracket
        BEGIN {
            for (c = 1; c < 256; c++) {
                ch = sprintf("%c", c)
                if (index("0123456789abcdefABCDEF \t\r\n,#[]", ch)) continue
                for (k = 0; k < 16; k++) {
                    good("[" w "]")
                    bad("[", "]", k, ch, 2 + 5 * int(k / 2))
                    print "]" > inp; n++
                    held(w)
                    bad("", "", k, ch, 1 + 5 * int(k / 2))
                }
            }
            for (r = 0; r <= 8; r++)
                for (k = r % 4; k < 16; k += 4) {
                    for (i = 0; i < r; i++) good("[" w "]")
                    c = 103; bad("[", "]", k, "g", 2 + 5 * int(k / 2))
                    print "]" > inp; n++
                    for (i = 0; i < r; i++) held(w)
                    c = 59; bad("", "", k, ";", 1 + 5 * int(k / 2))
                }
            good(w)
        }' /dev/null
    for mask in "" 1 0; do
        for t in $(awk -F'\t' '!/^#/ { print $1 }' "$VEC" | sort -u); do
            awk -F'\t' -v t="$t" -v inp="$tmp/cin" -v want="$tmp/cexp" '
                # the bytes "0xhh,..." with the digits of byte j < 4 in case c0, the others in
                # case c1: 0 lower, 1 upper, 2 digit k upper when k + ph is odd; x: "x" or "X"
                function cased(s, c0, c1, ph, x,   m, b, j, o, i, d, c) {
                    m = split(s, b, ","); o = ""
                    for (j = 1; j <= m; j++) {
                        o = o (j > 1 ? "," : "") "0" x
                        for (i = 1; i <= 2; i++) {
                            d = substr(b[j], 2 + i, 1); c = j <= 4 ? c0 : c1
                            o = o (c == 1 || (c == 2 && (2 * (j - 1) + i - 1 + ph) % 2) ? toupper(d) : d)
                        }
                    }
                    return o
                }
                $1 == t && $3 !~ / ;; / && ($3 ~ /^v_mqsad_u32_u8/ || $3 == "INVALID" || $3 ~ /^CRASH/) {
                    print "[" cased($2, 0, 1, 0, n % 2 ? "x" : "X") "]" > inp
                    if ($3 ~ /^v_mqsad/) {
                        print "\t" $3 > want
                        if (split($2, b, ",") == 8) { print cased($2, 1, 2, n % 2, "x") > inp; print "\t" $3 > want }
                    }
                    n++
                }
                END { if (!n) print "" > inp; close(inp); close(want) }' "$VEC"
            [ -f "$tmp/cexp" ] || : > "$tmp/cexp"
            dis_mask dis -t "$t" "$tmp/cin" > "$tmp/cout" 2>/dev/null
            nrows=$(wc -l < "$tmp/cin")
            if [ "$nrows" -gt 2000 ] && cmp -s "$tmp/cout" "$tmp/cexp"; then ok; else
                bad "vectors $t in upper and mixed case, MQSAD_CPU_MASK=${mask:-unset} ($nrows lines)"
                diff "$tmp/cout" "$tmp/cexp" | head -5 >&2; fi
            rm -f "$tmp/cin" "$tmp/cexp"
        done
        dis_mask dis -t gfx1100 < "$tmp/ein" > "$tmp/eout" 2> "$tmp/eerr2"; rc=$?
        [ $rc -eq 1 ] && cmp -s "$tmp/eout" "$tmp/eexp" && ok || bad "non-hex digits, MQSAD_CPU_MASK=${mask:-unset}: stdout (rc=$rc)"
        cmp -s "$tmp/eerr2" "$tmp/eerr" && ok || { bad "non-hex digits, MQSAD_CPU_MASK=${mask:-unset}: stderr"; cmp "$tmp/eerr2" "$tmp/eerr" >&2; }
        cat "$tmp/ein" | dis_mask dis -t gfx1100 > "$tmp/eout" 2> "$tmp/eerr2"
        cmp -s "$tmp/eout" "$tmp/eexp" && cmp -s "$tmp/eerr2" "$tmp/eerr" && ok || bad "non-hex digits from a pipe, MQSAD_CPU_MASK=${mask:-unset}"
    done
    [ "$(wc -l < "$tmp/eexp")" -gt 3500 ] && ok || bad "non-hex digit lines: too few"

    # Every MQSAD_CPU_MASK against the others on 30,000 lines: runs of 1-9 rows of one form, valid and invalid words of four
    # targets' vectors in random case, now and then a line with a bad token, a comment, an
    # empty line or a long decimal line; stdout, stderr (line numbers) and status must be
    # the same with every MQSAD_CPU_MASK.
    for t in gfx1100 gfx90a gfx1250 gfx803; do
        awk -F'\t' -v t="$t" -v inp="$tmp/xin" '
            function cased(s,   o, i, c) {
                o = ""
                for (i = 1; i <= length(s); i++) { c = substr(s, i, 1); o = o (rand() < 0.3 ? toupper(c) : c) }
                return o
            }
            $1 == t && $3 !~ / ;; / && ($3 ~ /^v_mqsad_u32_u8/ || $3 == "INVALID") && split($2, b, ",") == 8 { row[m++] = $2 }
            END {
                srand(7)
                while (n < 30000) {
                    form = rand() < 0.5; len = 1 + int(rand() * 9)
                    for (i = 0; i < len; i++) {
                        r = row[int(rand() * m)]
                        print (form ? "[" cased(r) "]" : cased(r)) > inp; n++
                    }
                    x = rand()
                    if (x < 0.02) { print "[" cased(r) ",0xzz]" > inp; n++ }
                    else if (x < 0.04) { print "# " r > inp; n++ }
                    else if (x < 0.06) { print "" > inp; n++ }
                    else if (x < 0.07) { print "[0x00,0x00,0x3d,0xd6,256,1,2,3]" > inp; n++ }
                }
                close(inp)
            }' "$VEC"
        for mask in "" 1 0; do
            dis_mask dis -t "$t" "$tmp/xin" > "$tmp/xout$mask" 2> "$tmp/xerr$mask"; echo $? > "$tmp/xrc$mask"
        done
        if cmp -s "$tmp/xout" "$tmp/xout0" && cmp -s "$tmp/xerr" "$tmp/xerr0" && cmp -s "$tmp/xrc" "$tmp/xrc0" &&
           cmp -s "$tmp/xout1" "$tmp/xout0" && cmp -s "$tmp/xerr1" "$tmp/xerr0" && cmp -s "$tmp/xrc1" "$tmp/xrc0" &&
           [ "$(grep -c . "$tmp/xout0")" -gt 10000 ] && [ "$(grep -c 'error: ' "$tmp/xerr0")" -gt 300 ]; then ok; else
            bad "$t: the runs disagree on a mixed input (MQSAD_CPU_MASK unset / 1 / 0)"
            diff "$tmp/xout" "$tmp/xout0" | head -3 >&2; diff "$tmp/xerr1" "$tmp/xerr0" | head -3 >&2; fi
    done
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
