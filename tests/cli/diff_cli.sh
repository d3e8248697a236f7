#!/bin/sh
# diff_cli.sh — whole-file CLI behaviour of `mqsad asm` / `mqsad dis` against llvm-mc 22
# (cases found by differential testing): diagnostics format (<stdin>:L:C + source line +
# caret), files without a trailing newline, CRLF line endings, tabs, empty input, comments,
# `;` statement separators, symbols/fixup lines, [..] blocks and their errors, several
# instructions in one block. Inputs: tests/data/diffcli_{asm,dis}_NAME.in; goldens
# tests/data/diffcli_*_NAME.TARGET.{out,err} are llvm-mc-22's stdout/stderr on standard input
# (asm: without llvm-mc's leading "\t.text" line, a documented difference). An asm input
# whose first line is "; targets: T1 T2 ..." is checked on those targets instead.
# Exit status is not compared (documented: `mqsad dis` returns 1 whenever it printed a
# diagnostic; llvm-mc returns 0 for stream-mode warnings).
# Rebase (regenerate goldens with llvm-mc-22): DIFFCLI_REBASE=1 sh tests/cli/diff_cli.sh
BIN=${MQSAD_BIN:-build/mqsad}
DATA=tests/data
pass=0; fail=0
tmp=${TMPDIR:-/tmp}/mqsad_diffcli_$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

ASM_TARGETS="gfx1100 gfx900 gfx1250"
DIS_TARGETS="gfx1100"

for f in "$DATA"/diffcli_asm_*.in "$DATA"/diffcli_dis_*.in; do
    [ -f "$f" ] || continue
    n=$(basename "$f" .in)
    case $n in diffcli_asm_*) mode=asm; targets=$ASM_TARGETS ;; *) mode=dis; targets=$DIS_TARGETS ;; esac
    # an asm input may name its own targets on its first line: "; targets: gfx700 gfx900"
    first=$(head -1 "$f")
    case $first in "; targets: "*) [ $mode = asm ] && targets=${first#; targets: } ;; esac
    for t in $targets; do
        g="$DATA/$n.$t"
        if [ -n "$DIFFCLI_REBASE" ]; then
            if [ $mode = asm ]; then
                llvm-mc-22 -triple=amdgcn -mcpu="$t" -show-encoding < "$f" 2> "$g.err" | grep -a -v '^	\.text$' > "$g.out"
            else
                llvm-mc-22 -triple=amdgcn -mcpu="$t" -disassemble < "$f" > "$g.out" 2> "$g.err"
            fi
        fi
        if [ ! -f "$g.out" ]; then bad "$n.$t: no golden"; continue; fi
        "$BIN" $mode -t "$t" < "$f" > "$tmp/out" 2> "$tmp/err"
        if cmp -s "$tmp/out" "$g.out"; then ok; else bad "$n $t stdout"; diff "$tmp/out" "$g.out" | head -8 >&2; fi
        if cmp -s "$tmp/err" "$g.err"; then ok; else bad "$n $t stderr"; diff "$tmp/err" "$g.err" | head -8 >&2; fi
    done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
