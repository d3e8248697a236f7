#!/bin/sh
# valgrind-mqsad.sh — runs $MQSAD_VG_REAL (the mqsad CLI, or a replay program) under
# valgrind memcheck; used as MQSAD_BIN by `make check-valgrind` (mk/sanitize.mk).
# Any memcheck error or definite leak makes the exit status 99 and leaves a non-empty
# log in $MQSAD_VG_LOGDIR (one file per process; the make target fails if any is non-empty).
: "${MQSAD_VG_REAL:?set MQSAD_VG_REAL to the program to run}"
exec "${VALGRIND:-valgrind}" -q --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite --show-leak-kinds=definite \
    --log-file="${MQSAD_VG_LOGDIR:-${TMPDIR:-/tmp}}/vg.%p.log" "$MQSAD_VG_REAL" "$@"
