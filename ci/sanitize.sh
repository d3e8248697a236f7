#!/bin/sh
# sanitize.sh — the hardening part of CI, called by .ci/run after `make check`.
# Fresh Debian machine as root: installs clang, valgrind and libFuzzer's runtime if missing.
# Steps (each must pass; zero sanitizer/valgrind reports are allowed):
#   1. -std=c11 -pedantic -Werror build with gcc and clang; the public header with -std=c99 -pedantic
#   2. the whole `make check` under ASan + UBSan (clang), which replays the fuzz corpora;
#      the parallel assembler's tests under ThreadSanitizer (clang)
#   3. the CLI tests and the fuzz corpora under valgrind memcheck, on the default build ($P-gcc)
#   4. every libFuzzer harness for a short, seeded smoke run (-seed=1, FUZZ_SMOKE_RUNS
#      executions each, default 200000; FUZZ_SMOKE seconds at most, default 300)
# Usage: ci/sanitize.sh [STEP...]   (steps: pedantic asan tsan valgrind fuzz; default all)
# Build directories: build-ci-* (BUILD_PREFIX overrides); valgrind uses build-ci-gcc, the
# default gcc build of .ci/run's first step.
set -eu
cd "$(dirname "$0")/.."
P=${BUILD_PREFIX:-build-ci}
J=${JOBS:-2}
steps=${*:-pedantic asan tsan valgrind fuzz}

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    need=""
    for p in clang valgrind make gzip python3; do command -v $p >/dev/null 2>&1 || need="$need $p"; done
    command -v c++ >/dev/null 2>&1 || need="$need g++"
    if [ -n "$need" ]; then apt-get update -q && apt-get install -y -q $need; fi
    # libFuzzer + sanitizer runtimes (Debian: libclang-rt-NN-dev, with clang since 15; older: in clang)
    if ! printf 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}\n' \
            | clang -x c -fsanitize=fuzzer,address,undefined -o /tmp/mqsad-fz-probe - >/dev/null 2>&1; then
        v=$(clang -dumpversion | cut -d. -f1)
        apt-get install -y -q "libclang-rt-$v-dev" || true
    fi
fi

for s in $steps; do
    echo "=== sanitize: $s"
    case $s in
        pedantic) make --no-print-directory BUILD=$P -j"$J" check-pedantic ;;
        asan)     make --no-print-directory BUILD=$P -j"$J" check-asan ;;
        tsan)     make --no-print-directory BUILD=$P -j"$J" check-tsan ;;
        # the default build .ci/run's first step made (built here when missing)
        valgrind) make --no-print-directory BUILD=$P-gcc CC=gcc -j"$J" check-valgrind ;;
        # seeded smoke: a fixed seed and a fixed number of runs per harness (the time is
        # only a cap). Not repeatable run to run (docs/security.md); a finding's artifact
        # file (also printed in the log as Base64) reproduces it
        fuzz)     make --no-print-directory BUILD=$P FUZZ_BUILD=$P-fuzz FUZZ_NICE= \
                       FUZZ_TIME="${FUZZ_SMOKE:-300}" \
                       FUZZ_FLAGS="-seed=${FUZZ_SMOKE_SEED:-1} -runs=${FUZZ_SMOKE_RUNS:-200000}" fuzz ;;
        *) echo "sanitize.sh: unknown step '$s'" >&2; exit 2 ;;
    esac
done
echo "=== sanitize: all passed ($steps)"
