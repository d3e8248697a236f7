#!/bin/sh
# hostile.sh — hostile inputs through the CLI (docs/security.md): 10 MB lines, NUL bytes,
# invalid UTF-8, 100 000 nested parentheses / unary minus signs, 1000-digit numbers,
# overflowing register indices, truncated words, random binary, files without a trailing
# newline, huge lane lists and repeated assignments in a state file. Every case must end
# with a clear error (FILE:LINE:COL or "line N") and exit status 1 (or succeed where the
# input is valid), in bounded time (timeout) and memory (ulimit -v), never a crash.
# C API counterparts: tests/test_hostile.c. Bounds: docs/security.md.
#
# Environment: MQSAD_BIN (the CLI, may be a valgrind wrapper), MQSAD_HOSTILE_TIMEOUT
# (seconds per command, default 10), MQSAD_HOSTILE_VMEM (KiB of address space, default
# 262144; skipped automatically when the binary cannot run under it, e.g. ASan or valgrind).
BIN=${MQSAD_BIN:-build/mqsad}
T=${MQSAD_HOSTILE_TIMEOUT:-10}
VMEM=${MQSAD_HOSTILE_VMEM:-262144}
TMP=${TMPDIR:-/tmp}/mqsad-hostile.$$
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
export LC_ALL=C

if ( ulimit -v "$VMEM" && "$BIN" --version ) >/dev/null 2>&1; then
    LIMIT=1
else
    LIMIT=0
    echo "note: $BIN does not run under ulimit -v $VMEM (sanitizer/valgrind build?): no memory limit" >&2
fi

# run STDIN ARGS...: runs the CLI with a time and memory limit; rc, $TMP/out, $TMP/err.
run() {
    in=$1; shift
    if [ "$LIMIT" = 1 ]; then
        ( ulimit -v "$VMEM"; exec timeout "$T" "$BIN" "$@" ) < "$in" > "$TMP/out" 2> "$TMP/err"
    else
        ( exec timeout "$T" "$BIN" "$@" ) < "$in" > "$TMP/out" 2> "$TMP/err"
    fi
    rc=$?
}

# expect NAME RC_WANTED [STDERR_REGEX]: checks the last run (rc "01" = 0 or 1).
expect() {
    name=$1; want=$2; re=$3
    if [ "$rc" -eq 124 ]; then bad "$name: timed out after $T s"; return; fi
    if [ "$rc" -ge 128 ]; then bad "$name: killed by signal $((rc - 128))"; head -c 600 "$TMP/err" >&2; return; fi
    case $want in
        01) [ "$rc" -le 1 ] || { bad "$name: exit $rc, want 0 or 1"; head -c 400 "$TMP/err" >&2; return; } ;;
        *)  [ "$rc" -eq "$want" ] || { bad "$name: exit $rc, want $want"; head -c 400 "$TMP/err" >&2; return; } ;;
    esac
    if [ -n "$re" ]; then
        if head -c 4096 "$TMP/err" | grep -Eq -- "$re"; then ok
        else bad "$name: stderr does not match /$re/: $(head -c 300 "$TMP/err")"; fi
    else
        ok
    fi
}

# rep N STRING: N copies of STRING (no newline)
rep() { S=$2 awk -v n="$1" 'BEGIN { s = ENVIRON["S"]; for (i = 0; i < n; i++) printf "%s", s }'; }
# fill N CHAR: N copies of one character, fast
fill() { head -c "$1" /dev/zero | tr '\0' "$2"; }

MB10=10485760
NULLF=/dev/null
G='v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'
GENC='[0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04]'
E='^[^:]+:1:[0-9]+: error: '

# ---------------------------------------------------------------- asm
f=$TMP/a.s
fill $MB10 x > "$f"; echo >> "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 10 MB line" 1 "^$f:1:1: error: "
{ printf '%s // ' "$G"; fill $MB10 c; printf '\n%s\n' "$G"; } > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 10 MB comment" 01 ""
grep -qF "encoding: $GENC" "$TMP/out" && ok || bad "asm: line after a 10 MB line not assembled"
fill $MB10 x > "$f"
run "$f" asm -t gfx1100; expect "asm: 10 MB line on stdin" 1 "^<stdin>:1:1: error: "
printf 'v_mqsad_u32_u8 v[4:7],\000v[2:3], v1, v[8:11]\n%s\n' "$G" > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: NUL byte (whitespace, as in llvm-mc)" 0 ""
[ "$(grep -cF "encoding: $GENC" "$TMP/out")" -eq 2 ] && ok || bad "asm: NUL line and the next one not both assembled"
printf 'v_mqsad\000_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n' > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: NUL inside the mnemonic" 1 "^$f:1:1: error: "
printf 'v_mqsad_u32_u8 v[4:7], v[2:3], v\3771, v[8:11]\n' > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: invalid UTF-8 (0xff)" 1 "^$f:1:33: error: "
printf 'v_mqsad_u32_u8\303\251 v[4:7], v[2:3], v1, v[8:11]\n' > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: UTF-8 in the mnemonic" 1 "^$f:1:15: error: "
printf '%s\342\200\n' "$G" > "$f"          # llvm-mc 22 hangs on this line
run $NULLF asm -t gfx1100 "$f"; expect "asm: truncated UTF-8 at the end of a line" 1 "^$f:1:[0-9]+: error: "
{ printf 'v_mqsad_u32_u8 v[4:7], v[2:3], '; fill 100000 '('; printf 1; fill 100000 ')'; printf ', v[8:11]\n'; } > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 100000 nested parentheses" 1 "$E"
{ printf 'v_mqsad_u32_u8 v[4:7], v[2:3], '; fill 100000 '-'; printf '1, v[8:11]\n'; } > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 100000 unary minus" 1 "$E"
{ printf 'v_mqsad_u32_u8 v[4:7], v[2:3], '; fill 1000 9; printf ', v[8:11]\n'; } > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 1000-digit number" 1 "^$f:1:32: error: "
{ printf 'v_mqsad_u32_u8 v[4:7], v[2:3], 0x'; fill 1000 f; printf ', v[8:11]\n'; } > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 1000-digit hex number" 1 "^$f:1:32: error: "
printf 'v_mqsad_u32_u8 v[4:7], v[99999999999999999999:3], v1, v[8:11]\n' > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: v[99999999999999999999:3]" 1 "^$f:1:26: error: "
printf 'v_mqsad_u32_u8 v[4294967300:4294967303], v[2:3], v1, v[8:11]\n' > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: v[2^32+4:...] (no wrap-around)" 1 "^$f:1:[0-9]+: error: "
printf '%s' "$G" > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: no trailing newline" 0 ""
grep -qF "encoding: $GENC" "$TMP/out" && ok || bad "asm: last line without newline not assembled"
head -c 65536 /dev/urandom > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: random binary" 1 "^$f:[0-9]+:[0-9]+: error: "
[ "$rc" -eq 1 ] || cp "$f" "${TMPDIR:-/tmp}/hostile-asm-random.bin"
rep 100000 'x
' > "$f"
run $NULLF asm -t gfx1100 "$f"; expect "asm: 100000 bad lines" 1 "^$f:1:1: error: "

# ---------------------------------------------------------------- dis
f=$TMP/d.txt
{ printf '0x04 '; fill $MB10 z; echo; } > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 10 MB line" 1 "^$f:1:[0-9]+: error: "
rep 250000 '0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04,' > "$f"; echo >> "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 10 MB line of valid bytes" 01 ""
[ "$rc" -eq 0 ] || head -c 300 "$TMP/err" | grep -Eq "^$f:1:[0-9]+: error: " && ok || bad "dis: 10 MB valid line: unclear error"
# The input file shrinks while it is read: read(2) sees an early end, so the lines before
# it decode and a line cut short is reported where it stops; no signal. The output pipe is
# read slowly, so mqsad is blocked a few hundred KB into the 8 MB file when it is emptied.
rep 200000 "$GENC
" > "$f"
( timeout "$T" "$BIN" dis -t gfx1100 "$f" 2> "$TMP/err"; echo $? > "$TMP/rc" ) |
    { head -c 100000 > /dev/null; : > "$f"; cat > /dev/null; }
rc=$(cat "$TMP/rc")
expect "dis: the input file shrinks while it is read" 01 ""
[ "$rc" -eq 0 ] || grep -Eq "^$f:[0-9]+:[0-9]+: (warning|error): " "$TMP/err" && ok || bad "dis: shrinking file: unclear error"
for k in 1 2 3 4 5 6 7; do
    bytes=$(echo '0x04,0x00,0x3d,0xd6,0x02,0x03,0x22' | cut -d, -f1-$k)
    printf '[%s]\n' "$bytes" > "$f"
    run $NULLF dis -t gfx1100 "$f"; expect "dis: truncated word, $k bytes in a block" 1 "^$f:1:[0-9]+: warning: invalid instruction encoding"
    printf '%s\n' "$bytes" > "$f"
    run $NULLF dis -t gfx1100 "$f"; expect "dis: truncated word, $k bytes" 1 "^$f:1:[0-9]+: warning: invalid instruction encoding"
done
printf '[0x04,0x00,0x3d,0xd6,0xff,0x02,0x22,0x04,0x78,0x56]\n' > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 32-bit literal cut short" 1 "^$f:1:[0-9]+: warning: invalid instruction encoding"
printf '[0x04,0x00,0x3d,0xd6,0xfe,0x02,0x22,0x04,0x78,0x56,0x34,0x12,0x00]\n' > "$f"
run $NULLF dis -t gfx1250 "$f"; expect "dis: 64-bit literal cut short (gfx1250)" 1 "^$f:1:[0-9]+: warning: invalid instruction encoding"
printf '0x04,0x00,0xe7,0xd1,0xff,0x02,0x22,0x04,0x78,0x56,0x34,0x12\n' > "$f"
run $NULLF dis -t gfx900 "$f"; expect "dis: literal code on gfx900 (llvm-mc crashes)" 1 "^$f:1:[0-9]+: warning: invalid instruction encoding"
printf '%s' "$GENC" > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: no trailing newline" 0 ""
grep -qF "$(printf '\t%s' "$G")" "$TMP/out" && ok || bad "dis: no trailing newline: wrong output: $(head -c 200 "$TMP/out")"
printf '0x04,0x00,0x3d,0xd6' > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 4 bytes, no trailing newline" 1 "^$f:1:1: warning: invalid instruction encoding"
head -c 65536 /dev/urandom > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: random binary" 1 "^$f:[0-9]+:[0-9]+: (error|warning): "
[ "$rc" -eq 1 ] || cp "$f" "${TMPDIR:-/tmp}/hostile-dis-random.bin"
head -c 8192 /dev/urandom | od -An -v -tx1 | sed 's/ \([0-9a-f][0-9a-f]\)/0x\1 /g' > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: random bytes as hex" 01 ""
printf '0x04,0x00,\0000x3d,0xd6,0x02,0x03,0x22,0x04\n' > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: NUL byte" 1 "^$f:1:11: error: "
printf '0x04,0x00,0x3d,0xd6,\3770x02,0x03,0x22,0x04\n' > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: invalid UTF-8" 1 "^$f:1:21: error: "
{ printf '0x'; fill 1000 f; echo; } > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 1000-digit number" 1 "^$f:1:1: error: "
{ fill 100000 '['; echo; } > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 100000 nested brackets" 1 "^$f:1:[0-9]+: error: "
rep 100000 '0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04
' > "$f"
run $NULLF dis -t gfx1100 "$f"; expect "dis: 100000 words" 0 ""
[ "$(grep -c 'v_mqsad_u32_u8' "$TMP/out")" -eq 100000 ] && ok || bad "dis: 100000 words: $(grep -c v_mqsad "$TMP/out") decoded"
# --bin: random bytes, 8 MiB of one valid word, a word cut after 5 bytes; --words: random
# hex words, a 10 MB line of words, a 1000-digit word.
head -c 1000000 /dev/urandom > "$f"
run $NULLF dis -t gfx1250 --bin "$f"; expect "dis --bin: random binary" 01 ""
[ "$rc" -eq 0 ] || head -c 4096 "$TMP/err" | grep -Eq "^$f: byte [0-9]+ \(0x[0-9a-f]+\): warning: invalid instruction encoding: " && ok ||
    bad "dis --bin: random binary: unclear error: $(head -c 300 "$TMP/err")"
printf '\004\000\075\326\002\003\042\004' > "$f"
i=0; while [ $i -lt 20 ]; do cat "$f" "$f" > "$f.2"; mv "$f.2" "$f"; i=$((i + 1)); done
run $NULLF dis -t gfx1100 --bin "$f"; expect "dis --bin: 8 MiB of valid words" 0 ""
[ "$(grep -c 'v_mqsad_u32_u8' "$TMP/out")" -eq 1048576 ] && ok || bad "dis --bin: 8 MiB: $(grep -c v_mqsad "$TMP/out") decoded"
printf '\004\000\075\326\002' > "$f"
run $NULLF dis -t gfx1100 --bin "$f"; expect "dis --bin: 5 bytes" 1 "^$f: byte 0 \(0x0\): warning: invalid instruction encoding: truncated input"
head -c 8192 /dev/urandom | od -An -v -tx4 > "$f"
run $NULLF dis -t gfx1100 --words "$f"; expect "dis --words: random words" 01 ""
{ rep 1200000 'd63d0004 '; echo; } > "$f"
run $NULLF dis -t gfx1100 --words "$f"; expect "dis --words: 10 MB line" 1 "^$f:1:[0-9]+: error: "
{ fill 1000 f; echo; } > "$f"
run $NULLF dis -t gfx1100 --words "$f"; expect "dis --words: 1000-digit word" 1 "^$f:1:1: error: invalid input token"
# a file truncated while it is read: the output goes to a FIFO read only after the
# truncation, so dis is blocked mid-file then; it ends normally (an early end of input).
if command -v mkfifo >/dev/null 2>&1 && command -v truncate >/dev/null 2>&1; then
    awk 'BEGIN { for (i = 0; i < 100000; i++) print "[0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04]" }' > "$f"
    mkfifo "$TMP/fifo"
    $BIN dis -t gfx1100 "$f" > "$TMP/fifo" 2> "$TMP/err" & pid=$!
    { head -c 100000 > /dev/null; truncate -s 0 "$f"; cat > /dev/null; } < "$TMP/fifo"
    wait $pid; rc=$?
    { [ "$rc" -eq 0 ] || { [ "$rc" -eq 1 ] && grep -Eq "^$f:[0-9]+:[0-9]+: (warning|error): " "$TMP/err"; }; } && ok \
        || bad "dis: file truncated while read: rc=$rc $(head -c 200 "$TMP/err")"
    rm -f "$TMP/fifo"
fi

# ---------------------------------------------------------------- streaming
# asm and dis stream: 64 MB of input under a 32 MiB address-space limit, so any
# buffer that grew with the input (or a mapping of the whole file) would fail. Skipped
# where the binary cannot start under the limit (sanitizer or valgrind builds).
SVMEM=32768
if [ "$LIMIT" = 1 ] && ( ulimit -v "$SVMEM" && "$BIN" --version ) >/dev/null 2>&1; then
    f=$TMP/s.txt
    VMEM_ALL=$VMEM; VMEM=$SVMEM                            # run() under the small limit
    rep 1600000 "$GENC
" > "$f"                                                   # 67 MB
    run $NULLF dis -t gfx1100 "$f"; expect "dis: 64 MB file under ulimit -v $SVMEM" 0 ""
    [ "$(wc -l < "$TMP/out")" -eq 1600000 ] && ok || bad "dis: 64 MB file: $(wc -l < "$TMP/out") lines out"
    run "$f" dis -t gfx1100; expect "dis: 64 MB on stdin under ulimit -v $SVMEM" 0 ""
    rep 1600000 "$G
" > "$f"                                                   # 70 MB
    run $NULLF asm -t gfx1100 "$f"; expect "asm: 70 MB file under ulimit -v $SVMEM" 0 ""
    [ "$(wc -l < "$TMP/out")" -eq 1600000 ] && ok || bad "asm: 70 MB file: $(wc -l < "$TMP/out") lines out"
    VMEM=$VMEM_ALL
    rm -f "$f" "$TMP/out"
else
    echo "note: $BIN does not start under ulimit -v $SVMEM: streaming checks skipped" >&2
fi

# ---------------------------------------------------------------- eval
f=$TMP/e.txt
{ fill $MB10 1; printf '\n0x0706050403020100 0x03020100 11 13 17 19\n'; } > "$f"
run "$f" eval; expect "eval: 10 MB line" 1 "line 1: "
grep -q '^0x0000000b 0x00000010 0x00000017 0x0000001c$' "$TMP/out" && ok || bad "eval: line after 10 MB line not evaluated"
printf '0x0706050403020100 0x03020100 11\000 13 17 19\n' > "$f"
run "$f" eval; expect "eval: NUL byte" 1 "line 1: "
printf '0x0706050403020100 0x03020100 11 13 17 19\377\n' > "$f"
run "$f" eval; expect "eval: invalid UTF-8" 1 "line 1: "
{ printf '0x0706050403020100 0x03020100 '; fill 1000 9; printf ' 13 17 19\n'; } > "$f"
run "$f" eval; expect "eval: 1000-digit number" 1 "line 1: "
printf '0x0706050403020100 0x03020100 11 13 17 19' > "$f"
run "$f" eval; expect "eval: no trailing newline" 0 ""
grep -q '^0x0000000b 0x00000010 0x00000017 0x0000001c$' "$TMP/out" && ok || bad "eval: no trailing newline: wrong output"
head -c 65536 /dev/urandom > "$f"
run "$f" eval; expect "eval: random binary" 1 "line [0-9]+: "
# the family forms: the same bounds for every -i
for m in v_sad_u8 v_qsad_pk_u16_u8 v_mqsad_pk_u16_u8; do
    { fill $MB10 1; printf '\n1 2 3\n'; } > "$f"
    run "$f" eval -i $m; expect "eval -i $m: 10 MB line" 1 "line 1: "
    printf '1 2\0003\n' > "$f"
    run "$f" eval -i $m; expect "eval -i $m: NUL byte" 1 "line 1: "
    { printf '1 2 '; fill 1000 9; printf '\n'; } > "$f"
    run "$f" eval -i $m; expect "eval -i $m: 1000-digit S2" 1 "line 1: .*too large for S2"
    head -c 65536 /dev/urandom > "$f"
    run "$f" eval -i $m; expect "eval -i $m: random binary" 1 "line [0-9]+: "
done
printf '1 2 3\n' > "$f"
run "$f" eval -i "$(fill 100000 v)"; expect "eval -i: 100 kB mnemonic" 2 "unknown instruction"
run "$f" info -i "$(fill 100000 v)"; expect "info -i: 100 kB mnemonic" 2 "unknown instruction"
run "$f" info -i "v_sad_u8$(printf '\377')"; expect "info -i: invalid UTF-8 mnemonic" 2 "unknown instruction"

# ---------------------------------------------------------------- exec (state files)
f=$TMP/state
X='v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'
base='v[2:3] = 0x0706050403020100
v1 = 0x03020100
v8 = 11
v9 = 13
v10 = 17
v11 = 19'
{ printf 'v1 = '; fill $MB10 1; echo; } > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: 10 MB state line" 1 "^$f:1:[0-9]+: error: "
{ printf 'v1 = '; rep 100000 '0x1 '; echo; } > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: 100000-value lane list" 1 "^$f:1:[0-9]+: error: "
{ printf 'v1 = '; rep 65 '0x1 '; echo; } > "$f"
run $NULLF exec -t gfx1100 --wave64 --state "$f" "$X"; expect "exec: 65 lanes on wave64" 1 "^$f:1:[0-9]+: error: "
{ rep 100000 'v1 = 0x1
'; printf '%s\n' "$base"; } > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: 100000 repeated assignments" 0 ""
grep -q '^v4 = 0x0000000b 0x0000000b' "$TMP/out" && ok || bad "exec: repeated assignments: last one must win: $(head -c 100 "$TMP/out")"
printf 's1 = 1\ns2 =\000 2\n' > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: NUL byte in the state" 1 "^$f:2:5: error: "
printf 's1 = 1\ns2 = 2\303\251\n' > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: UTF-8 in the state" 1 "^$f:2:7: error: "
{ printf 's1 = '; fill 1000 9; echo; } > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: 1000-digit value" 1 "^$f:1:6: error: "
printf 'v99999999999999999999 = 1\n' > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: v99999999999999999999" 1 "^$f:1:[0-9]+: error: "
printf 'v1[99999999999999999999] = 1\n' > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: lane 99999999999999999999" 1 "^$f:1:[0-9]+: error: "
printf '%s' "$base" > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: state without trailing newline" 0 ""
grep -q '^v4 = 0x0000000b 0x0000000b' "$TMP/out" && ok || bad "exec: no trailing newline: wrong output"
head -c 65536 /dev/urandom > "$f"
run $NULLF exec -t gfx1100 --state "$f" "$X"; expect "exec: random binary state" 1 "^$f:[0-9]+:[0-9]+: error: "
run $NULLF exec -t gfx1100 "v_mqsad_u32_u8 v[4:7], v[2:3], $(fill 100000 '('), v[8:11]"
expect "exec: 100 KB instruction argument" 1 ""
run $NULLF exec -t gfx1100 --set "v1 = $(fill 100000 1)" "$X"
expect "exec: 100 KB --set" 1 ""
run $NULLF exec -t gfx1100 --bytes 0x04,0x00,0x3d,0xd6,0x02,0x03,0x22
expect "exec: 7 bytes" 1 ""
run $NULLF exec -t gfx1100 --bytes 0x04,0x00,0x3d,0xd6,0xff,0x02,0x22,0x04,0x78
expect "exec: literal cut short" 1 ""

# ---------------------------------------------------------------- a directory as input
# fopen() succeeds on a directory and the first read fails (EISDIR): a read error naming
# the input, exit status 1, never an empty but successful run.
D=$TMP/dir; mkdir -p "$D"
run $NULLF asm -t gfx1100 "$D"; expect "asm: a directory" 1 "^mqsad asm: read error on $D: "
run "$D" asm -t gfx1100; expect "asm: a directory on stdin" 1 "^mqsad asm: read error on <stdin>: "
run $NULLF dis -t gfx1100 "$D"; expect "dis: a directory" 1 "^mqsad dis: read error on $D: "
run $NULLF dis -t gfx1100 --bin "$D"; expect "dis --bin: a directory" 1 "^mqsad dis: read error on $D: "
run $NULLF dis -t gfx1100 --words "$D"; expect "dis --words: a directory" 1 "^mqsad dis: read error on $D: "
run "$D" eval; expect "eval: a directory on stdin" 1 "^mqsad eval: read error on <stdin>: "
run $NULLF exec -t gfx1100 --state "$D" "$X"; expect "exec: a directory as the state file" 1 "^mqsad exec: read error on $D: "

# ---------------------------------------------------------------- output that cannot be written
# stdout on /dev/full (every write fails with ENOSPC): "mqsad CMD: error writing standard
# output" and exit status 1 from every command, never a silent success with lost output.
if [ -w /dev/full ]; then
    printf '%s\n' "$G" > "$TMP/ok.s"
    printf '%s\n' "$GENC" > "$TMP/ok.txt"
    printf '\004\000\075\326\002\003\042\004' > "$TMP/ok.bin"
    for c in "asm -t gfx1100 $TMP/ok.s" "asm -t gfx1100 --bin $TMP/ok.s" "dis -t gfx1100 $TMP/ok.txt" \
             "dis -t gfx1100 --bin $TMP/ok.bin" "info -t gfx1100" "eval 1 2 3 4 5 6" "demo -t gfx900" \
             "exec -t gfx1100 --set v1=1 v_mqsad_u32_u8_e64 v[4:7],v[2:3],v1,v[8:11]" "--version" "dis --help"; do
        # shellcheck disable=SC2086
        ( exec timeout "$T" "$BIN" $c ) > /dev/full 2> "$TMP/err"; rc=$?
        cmd=${c%% *}; case $cmd in --*) pre="mqsad" ;; *) pre="mqsad $cmd" ;; esac
        expect "$c > /dev/full" 1 "^$pre: error writing standard output$"
    done
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
