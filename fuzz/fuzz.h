/*
 * fuzz.h — what every fuzz harness in fuzz/ shares.
 *
 * Each harness is one file fuzz/fuzz_NAME.c that defines
 *     int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
 * and uses only the public API (include/mqsad.h). It builds three ways:
 *   - with libFuzzer (clang -fsanitize=fuzzer,address,undefined; mk/fuzz.mk, `make fuzz`);
 *   - as a plain program with fuzz/replay_main.c, which replays every file of the corpus
 *     directories given on the command line (`make fuzz-replay`, no libFuzzer needed);
 *   - inside tests/test_fuzz_replay.c, which #includes every harness with the entry point
 *     renamed (FUZZ_ENTRY) and replays fuzz/corpus/NAME and fuzz/regress/NAME in `make check`.
 *
 * Input layout common to all harnesses: byte 0 selects the target from fuzz_target_names
 * (modulo its length; the list is fixed here so that corpus files keep their meaning when
 * the library's table changes order), the rest is the harness's payload.
 *
 * Harness-local static names carry a per-harness prefix (they share one file in the test).
 *
 * A property violation prints a message (with the replayed file's name, if any) and calls
 * abort(), which libFuzzer reports as a crash and saves as a reproducer.
 */
/* No include guard around the entry-point prototype: tests/test_fuzz_replay.c includes
 * several harnesses into one file, each with its own FUZZ_ENTRY name. */
#include "mqsad.h"

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif
int FUZZ_ENTRY(const uint8_t *data, size_t size);

#ifndef MQSAD_FUZZ_H_SHARED
#define MQSAD_FUZZ_H_SHARED

/* Name of the input being replayed (set by the replay drivers), for failure messages. */
static const char *fuzz_current_input;

/* The targets a harness can pick with byte 0: every name in conformance.md. */
static const char *const fuzz_target_names[] = {
    "gfx700", "gfx701", "gfx702", "gfx703", "gfx704", "gfx705",
    "gfx801", "gfx802", "gfx803", "gfx810",
    "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950",
    "gfx1010", "gfx1030", "gfx1100", "gfx1150", "gfx1200", "gfx1250",
    "gfx600", "gfx601", "gfx602",   /* GFX6 (appended: earlier selectors keep their target) */
};
#define FUZZ_TARGET_COUNT (sizeof fuzz_target_names / sizeof fuzz_target_names[0])

static inline const mqsad_target *fuzz_target(uint8_t selector)
{
    return mqsad_target_lookup(fuzz_target_names[selector % FUZZ_TARGET_COUNT]);
}

static inline void fuzz_fail_at(const char *file, int line, const char *what, const char *detail)
{
    fprintf(stderr, "FUZZ PROPERTY VIOLATED at %s:%d: %s\n", file, line, what);
    if (detail && *detail) fprintf(stderr, "  detail: %s\n", detail);
    if (fuzz_current_input) fprintf(stderr, "  input: %s\n", fuzz_current_input);
    fflush(stderr);
    abort();
}
#define FUZZ_ASSERT(cond, detail) \
    do { if (!(cond)) fuzz_fail_at(__FILE__, __LINE__, #cond, (detail)); } while (0)

/* An exact-size heap copy, so that AddressSanitizer (or valgrind) sees any read past len.
 * Returns a non-NULL pointer even for len 0. */
static inline uint8_t *fuzz_dup(const uint8_t *p, size_t len)
{
    uint8_t *q = (uint8_t *)malloc(len ? len : 1);
    if (!q) abort();
    if (len) memcpy(q, p, len);
    return q;
}

/* 1 if s[0..n) is printable ASCII (what every message and printed text must be). */
static inline int fuzz_printable(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e) return 0;
    return 1;
}

/* Checks a diagnostic a failed parse returned for input of length len. */
static inline void fuzz_check_diag(const mqsad_diag *d, mqsad_status st, size_t len, const char *ctx)
{
    size_t mlen = strnlen(d->message, sizeof d->message);
    FUZZ_ASSERT(d->status == st, ctx);
    FUZZ_ASSERT(mlen < sizeof d->message, ctx);           /* NUL-terminated */
    FUZZ_ASSERT(mlen > 0, ctx);                           /* says something */
    FUZZ_ASSERT(fuzz_printable(d->message, mlen), ctx);
    FUZZ_ASSERT(d->column >= 1 && d->column <= len + 1, ctx);
}

/* Hex dump of bytes into buf (for failure messages). */
static inline const char *fuzz_hex(const uint8_t *p, size_t n, char *buf, size_t size)
{
    size_t i, o = 0;
    if (size) buf[0] = 0;
    for (i = 0; i < n && o + 6 < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "%s0x%02x", i ? "," : "", p[i]);
    return buf;
}

#endif /* MQSAD_FUZZ_H_SHARED */
