#!/bin/sh
# run.sh — runs every test program (and tests/cli/*.sh), sums their
# "N passed, N failed" lines and prints the suite total as its last line.
BUILD=${BUILD:-build}
export MQSAD_DATA="${MQSAD_DATA:-$BUILD/data}"
export MQSAD_BIN="${MQSAD_BIN:-$BUILD/mqsad}"
total_p=0; total_f=0; bad=""
run_one() {
    name=$1; shift
    out=$("$@" 2>"$BUILD/last_stderr"); rc=$?
    line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
    if [ -z "$line" ]; then
        p=0; f=1; echo "== $name: no result line (exit $rc)"; tail -20 "$BUILD/last_stderr"
    else
        p=${line%% passed*}; f=${line#*, }; f=${f%% failed}
        [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
        printf '== %-28s %s\n' "$name" "$line"
        [ "$f" -ne 0 ] && head -40 "$BUILD/last_stderr"
    fi
    total_p=$((total_p + p)); total_f=$((total_f + f))
    [ "$f" -ne 0 ] && bad="$bad $name"
}
for t in "$@"; do run_one "$(basename "$t")" "$t"; done
[ "${MQSAD_SKIP_CLI:-0}" = 1 ] || for s in tests/cli/*.sh; do [ -f "$s" ] && run_one "$(basename "$s")" sh "$s"; done
[ -n "$bad" ] && echo "failing:$bad"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
