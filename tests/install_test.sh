#!/bin/sh
# install_test.sh — `make install` into a temporary DESTDIR, then build every example
# against the staged package with pkg-config and with CMake (shared and static), run them
# and compare their output with examples/expected/*.txt; finally `make uninstall`.
#
#   sh tests/install_test.sh            (cwd = repo root; BUILD=dir selects the build dir)
#
# Missing cmake/pkg-config: the part is skipped, unless MQSAD_STRICT=1 (CI), then it fails.
# Prints "N passed, N failed" last; exit status 0 iff nothing failed.
BUILD=${BUILD:-build}
CC=${CC:-cc}
PREFIX=${PREFIX:-/usr/local}
MAKE=${MAKE:-make}
STRICT=${MQSAD_STRICT:-0}
ROOT=$(pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mqsad-install.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
STAGE=$TMP/stage
P=$STAGE$PREFIX
VERSION=$(cat VERSION)
MAJOR=${VERSION%%.*}
EXAMPLES="decode_word assemble_line exec_wave batch_kernel sad_family"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
skip() { if [ "$STRICT" = 1 ]; then bad "$* (MQSAD_STRICT=1)"; else echo "SKIP: $*" >&2; fi; }
have() { command -v "$1" >/dev/null 2>&1; }

# run_examples DIR LABEL [env assignments...]: runs each example, compares with expected/
run_examples() {
    dir=$1; label=$2; shift 2
    for ex in $EXAMPLES; do
        if [ ! -x "$dir/$ex" ]; then bad "$label: $ex was not built"; continue; fi
        env "$@" "$dir/$ex" > "$TMP/out.txt" 2> "$TMP/err.txt"; rc=$?
        if [ $rc -ne 0 ]; then
            bad "$label: $ex exited $rc: $(head -3 "$TMP/err.txt" | tr '\n' ' ')"
        fi
        if cmp -s "$TMP/out.txt" "examples/expected/$ex.txt"; then ok; else
            bad "$label: $ex output differs:"
            diff "examples/expected/$ex.txt" "$TMP/out.txt" | head -10 >&2
        fi
    done
}

echo "== make install DESTDIR=$STAGE PREFIX=$PREFIX" >&2
if $MAKE -s BUILD="$BUILD" CC="$CC" PREFIX="$PREFIX" DESTDIR="$STAGE" install > "$TMP/install.log" 2>&1; then
    ok
else
    bad "make install failed:"; tail -20 "$TMP/install.log" >&2
    echo "$pass passed, $fail failed"
    exit 1
fi
for f in include/mqsad.h lib/libmqsad.a "lib/libmqsad.so.$VERSION" bin/mqsad \
         lib/pkgconfig/mqsad.pc lib/cmake/mqsad/mqsadConfig.cmake \
         lib/cmake/mqsad/mqsadConfigVersion.cmake share/man/man1/mqsad.1; do
    [ -f "$P/$f" ] && ok || bad "not installed: $PREFIX/$f"
done
[ "$(readlink "$P/lib/libmqsad.so.$MAJOR")" = "libmqsad.so.$VERSION" ] && ok || bad "libmqsad.so.$MAJOR symlink"
[ "$(readlink "$P/lib/libmqsad.so")" = "libmqsad.so.$MAJOR" ] && ok || bad "libmqsad.so symlink"
cmp -s include/mqsad.h "$P/include/mqsad.h" && ok || bad "installed header differs"
if have readelf; then
    readelf -d "$P/lib/libmqsad.so.$VERSION" | grep -q "SONAME.*\[libmqsad.so.$MAJOR\]" && ok || bad "soname is not libmqsad.so.$MAJOR"
    # the shared library exports the API and nothing but mqsad_* names
    extra=$(readelf --dyn-syms -W "$P/lib/libmqsad.so.$VERSION" | awk '$7 != "UND" && ($5 == "GLOBAL" || $5 == "WEAK") && $4 != "NOTYPE" { print $8 }' | grep -v '^mqsad_' | head -5)
    [ -z "$extra" ] && ok || bad "non-mqsad_ symbols exported: $extra"
else
    skip "readelf not found: soname not checked"
fi
# the static library defines no global names outside the mqsad_ namespace (they could
# clash with the user's own; internal ones are mqsad__*)
if have nm; then
    leak=$(nm -g --defined-only "$P/lib/libmqsad.a" 2>/dev/null | awk 'NF == 3 { print $3 }' | grep -v '^mqsad_' | sort -u | head -8 | tr '\n' ' ')
    [ -z "$leak" ] && ok || bad "libmqsad.a defines global symbols outside mqsad_*: $leak"
fi
[ "$("$P/bin/mqsad" --version)" = "mqsad $VERSION" ] && ok || bad "installed mqsad --version"
# the installed CLI runs on the installed shared library, found through its run path
if have readelf; then
    readelf -d "$P/bin/mqsad" | grep -q "NEEDED.*\[libmqsad.so.$MAJOR\]" && ok || bad "installed mqsad does not need libmqsad.so.$MAJOR"
    readelf -d "$P/bin/mqsad" | grep -q 'R[UNPATH]*.*\[\$ORIGIN/\.\./lib\]' && ok || bad "installed mqsad's run path is not \$ORIGIN/../lib"
fi
# the installed header is self-contained C99 (pedantic) and C11
printf '#include <mqsad.h>\nint main(void) { return mqsad_version() == 0; }\n' > "$TMP/hdr.c"
for std in c99 c11; do
    $CC -std=$std -pedantic -Wall -Wextra -Werror -I"$P/include" -c "$TMP/hdr.c" -o "$TMP/hdr.o" 2> "$TMP/err.txt" \
        && ok || bad "installed header fails with -std=$std -pedantic: $(head -3 "$TMP/err.txt")"
done
# man page renders without warnings
if have groff; then
    w=$(groff -t -man -Tutf8 -ww -z "$P/share/man/man1/mqsad.1" 2>&1)
    [ -z "$w" ] && ok || bad "groff warnings in mqsad.1: $(printf '%s' "$w" | head -3)"
fi
grep -q "^\.TH MQSAD 1 .* \"mqsad $VERSION\"" "$P/share/man/man1/mqsad.1" && ok || bad "man page lacks version $VERSION"
# every command has a section in the man page
for c in info eval dis asm exec bench demo; do
    grep -q "^\.SS \"mqsad $c" "$P/share/man/man1/mqsad.1" && ok || bad "man page lacks mqsad $c"
done
if false; then :
fi

# --- pkg-config build ---
if have pkg-config; then
    export PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$STAGE"
    [ "$(pkg-config --modversion mqsad)" = "$VERSION" ] && ok || bad "pkg-config --modversion"
    pkg-config --cflags mqsad | grep -q -- "-I$P/include" && ok || bad "pkg-config --cflags: $(pkg-config --cflags mqsad)"
    mkdir -p "$TMP/pc" "$TMP/pc-static"
    if $MAKE -s -C examples CC="$CC" OUT="$TMP/pc" > "$TMP/pc.log" 2>&1; then ok; else
        bad "pkg-config build failed:"; tail -15 "$TMP/pc.log" >&2; fi
    run_examples "$TMP/pc" "pkg-config shared" LD_LIBRARY_PATH="$P/lib"
    if $MAKE -s -C examples CC="$CC" OUT="$TMP/pc-static" STATIC=1 > "$TMP/pcs.log" 2>&1; then ok; else
        bad "pkg-config static build failed:"; tail -15 "$TMP/pcs.log" >&2; fi
    run_examples "$TMP/pc-static" "pkg-config static"
    unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
else
    skip "pkg-config not found"
fi

# --- CMake build ---
if have cmake; then
    for mode in OFF ON; do
        bdir=$TMP/cmake-$mode
        if cmake -S examples -B "$bdir" -DCMAKE_C_COMPILER="$CC" -DCMAKE_PREFIX_PATH="$P" \
                 -DMQSAD_STATIC=$mode > "$TMP/cm.log" 2>&1 \
           && cmake --build "$bdir" >> "$TMP/cm.log" 2>&1; then ok; else
            bad "cmake build (MQSAD_STATIC=$mode) failed:"; tail -15 "$TMP/cm.log" >&2
        fi
        run_examples "$bdir" "cmake static=$mode" LD_LIBRARY_PATH="$P/lib"
    done
    # version file: 0.1 found, a newer minor/major is not
    mkdir -p "$TMP/cmver"
    printf 'cmake_minimum_required(VERSION 3.13)\nproject(v C)\nfind_package(mqsad %s REQUIRED)\n' 99.0 > "$TMP/cmver/CMakeLists.txt"
    if cmake -S "$TMP/cmver" -B "$TMP/cmver/b" -DCMAKE_PREFIX_PATH="$P" > /dev/null 2>&1; then
        bad "find_package(mqsad 99.0) succeeded"; else ok; fi
else
    skip "cmake not found"
fi

# --- a second layout: PREFIX=/opt/mqsad, LIBDIR=$PREFIX/lib64 (the CMake package and the
#     .pc must follow LIBDIR; Debian's CMake does not search lib64, so mqsad_DIR is given);
#     one example each way is enough here ---
ST2=$TMP/stage2; P2=$ST2/opt/mqsad
if $MAKE -s BUILD="$BUILD" CC="$CC" PREFIX=/opt/mqsad LIBDIR=/opt/mqsad/lib64 DESTDIR="$ST2" install > "$TMP/i2.log" 2>&1; then
    ok
    [ -f "$P2/lib64/libmqsad.so.$VERSION" ] && [ -f "$P2/lib64/cmake/mqsad/mqsadConfig.cmake" ] \
        && [ -f "$P2/lib64/pkgconfig/mqsad.pc" ] && ok || bad "lib64 layout: files missing"
    if have pkg-config; then
        PKG_CONFIG_PATH="$P2/lib64/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$ST2" pkg-config --libs mqsad | grep -q -- "-L$P2/lib64" \
            && ok || bad "lib64 layout: pkg-config --libs"
    fi
    if have cmake; then
        if cmake -S examples -B "$TMP/cm2" -DCMAKE_C_COMPILER="$CC" -Dmqsad_DIR="$P2/lib64/cmake/mqsad" > "$TMP/cm2.log" 2>&1 \
           && cmake --build "$TMP/cm2" --target decode_word >> "$TMP/cm2.log" 2>&1 \
           && "$TMP/cm2/decode_word" | cmp -s - examples/expected/decode_word.txt; then ok; else
            bad "lib64 layout: cmake build/run of decode_word failed"; tail -8 "$TMP/cm2.log" >&2; fi
    fi
    $MAKE -s BUILD="$BUILD" CC="$CC" PREFIX=/opt/mqsad LIBDIR=/opt/mqsad/lib64 DESTDIR="$ST2" uninstall > /dev/null 2>&1
    left=$(find "$ST2" \( -type f -o -type l \) | head -3)
    [ -z "$left" ] && ok || bad "lib64 layout: left after uninstall: $left"
else
    bad "make install PREFIX=/opt/mqsad LIBDIR=.../lib64 failed"; tail -5 "$TMP/i2.log" >&2
fi

# --- uninstall leaves nothing behind ---
if $MAKE -s BUILD="$BUILD" CC="$CC" PREFIX="$PREFIX" DESTDIR="$STAGE" uninstall > "$TMP/un.log" 2>&1; then ok; else
    bad "make uninstall failed"; tail -5 "$TMP/un.log" >&2; fi
left=$(find "$STAGE" \( -type f -o -type l \) | head -5)
[ -z "$left" ] && ok || bad "left after uninstall: $left"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
