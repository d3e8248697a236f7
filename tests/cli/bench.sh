#!/bin/sh
# bench.sh — smoke test of `mqsad bench` (a few seconds with llvm-mc-22 installed): the command runs, prints its
# tables, honours MQSAD_CPU_MASK and rejects bad options. The real benchmark is `make bench`
# (mk/bench.mk), which is not part of `make check`.
BIN=${MQSAD_BIN:-build/mqsad}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
has() { printf '%s\n' "$1" | grep -Eq "$2" && ok || bad "$3: no line matching '$2'"; }

out=$("$BIN" bench --quick --rounds 1 --no-stream --no-tools 2>&1); rc=$?
[ $rc -eq 0 ] && ok || bad "bench --quick: exit $rc"
has "$out" '^512 +reference +[0-9.]+ ' "reference row"
has "$out" '^512 +c +[0-9.]+ ' "portable C row"
has "$out" '^4096 +c +[0-9.]+ ' "4096-lane row"
has "$out" 'clamp=1' "clamp table"
has "$out" '^512 +copy floor( 256)? +[0-9.]+ .* 100%$' "copy floor row (the faster floor's share is 100%)"
if printf '%s\n' "$out" | grep -q 'best kernel: avx512'; then
    has "$out" '^4096 +copy floor 256 +[0-9.]+ .* [0-9]+%$' "the 256-bit copy floor on AVX-512"
else
    printf '%s\n' "$out" | grep -q 'copy floor 256' && bad "a 256-bit floor without AVX-512" || ok
fi
has "$out" '^4096 +c +[0-9.]+ .* [0-9]+%$' "of-floor column"
has "$out" '^4096ip +reference +[0-9.]+ ' "in-place reference row"
has "$out" '^4096ip +c +[0-9.]+ .* [0-9]+%$' "in-place kernel row"
has "$out" '^4096ip = 4096 lanes in place' "in-place footnote"
has "$out" '(ratio exec / bare kernel: [0-9.]+x|^skipped)' "wave64 section"

out=$(MQSAD_CPU_MASK=0 "$BIN" bench --quick --rounds 1 --no-stream --no-tools 2>&1)
has "$out" 'best kernel: c$' "MQSAD_CPU_MASK=0 selects the C kernel"
printf '%s\n' "$out" | grep -Eq '^512 +(sse41|avx)' && bad "MQSAD_CPU_MASK=0 still runs SIMD kernels" || ok
has "$out" 'in scalar words' "MQSAD_CPU_MASK=0: a scalar copy floor"
printf '%s\n' "$out" | grep -q 'copy floor 256' && bad "MQSAD_CPU_MASK=0: a 256-bit floor" || ok

# The tools section (20k-line mixed corpora with --quick): mqsad asm/dis rows; llvm-mc rows,
# ratios and the output comparison when llvm-mc-22 is installed; then the library figures.
out=$("$BIN" bench --quick --rounds 1 --no-kernels --no-stream 2>&1); rc=$?
[ $rc -eq 0 ] && ok || bad "bench --no-kernels --no-stream: exit $rc"
has "$out" '^== tools on the mixed corpora \(20000 lines each' "tools table"
[ "$(printf '%s\n' "$out" | grep -Ec '^mqsad dis +[0-9.]+ ')" -eq 1 ] && ok || bad "mqsad dis row"
[ "$(printf '%s\n' "$out" | grep -Ec '^mqsad asm \([0-9]+ thr\) +[0-9.]+ ')" -eq 1 ] && ok || bad "mqsad asm row"
[ "$(printf '%s\n' "$out" | grep -Ec '^mqsad asm -j 1 +[0-9.]+ ')" -eq 1 ] && ok || bad "mqsad asm -j 1 row"
has "$out" '^cli compiler: .*, C library: ' "compiler and C library line"
for f in 'mqsad_decode' 'mqsad_dis_decode \(context, no fields\[\]\)' 'mqsad_decode \+ mqsad_format' 'mqsad_dis_decode \+ mqsad_format' 'mqsad_dis_word' 'mqsad_dis_stream \(text in, text out\)' 'mqsad_assemble' 'mqsad_asm_stream \(text in, text out\)' 'mqsad_asm_stream_feed_parallel \([0-9]+ thr\)'; do
    has "$out" "^$f +[0-9.]+ ns per (word|line)" "library row $f"
done
has "$out" '^[0-9]+ words \([0-9.]+% decode\), 20000 lines' "corpus summary"
if command -v llvm-mc-22 > /dev/null 2>&1; then
    [ "$(printf '%s\n' "$out" | grep -Ec '^mqsad (asm|dis).* [0-9.]+x llvm-mc-22$')" -eq 3 ] && ok || bad "ratio rows"
    for r in 'mqsad dis' 'mqsad asm -j 1' 'mqsad asm \([0-9]+ thr\)'; do
        has "$out" "^$r: stdout (is byte-identical to|DIFFERS from) llvm-mc-22's, stderr (identical|DIFFERS)$" "$r output check"
    done
else
    has "$out" '^llvm-mc-22 dis +skipped' "llvm-mc missing: skipped"
    has "$out" '^llvm-mc-22 missing: no ratios' "llvm-mc missing: no ratios"
fi

"$BIN" bench --bogus > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "unknown option: exit $rc, want 2"
"$BIN" bench --rounds 0 > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "--rounds 0: exit $rc, want 2"
for a in "--rounds 32" "--rounds 5x" "--rounds" "--lines 0" "--lines 1e3" "--lines"; do
    err=$("$BIN" bench $a 2>&1 > /dev/null); rc=$?
    [ $rc -eq 2 ] && ok || bad "$a: exit $rc, want 2"
    printf '%s\n' "$err" | grep -Eq "^mqsad bench: --(rounds|lines) (needs a value|must be 1\.\.[0-9]+, not '.*')$" && ok || bad "$a: message '$err'"
done
"$BIN" bench --help | grep -q '^usage: mqsad bench' && ok || bad "--help"

echo "$pass passed, $fail failed"
