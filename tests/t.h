/* t.h — the tiny test harness every tests/test_*.c uses.
 * Each test program counts checks and ends with the line "N passed, N failed";
 * tests/run.sh adds the programs' lines into the suite's final line. */
#ifndef MQSAD_T_H
#define MQSAD_T_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern unsigned long t_pass, t_fail;
extern int t_verbose_limit;   /* failures printed in full before going quiet */

/* Records one check; prints the first failures with file:line and a message. */
void t_check(int ok, const char *file, int line, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;
#define CHECK(cond, ...) t_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_EQ_U(a, b) do { unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b); \
    t_check(a_ == b_, __FILE__, __LINE__, "%s == %s: got 0x%llx, want 0x%llx", #a, #b, a_, b_); } while (0)
#define CHECK_EQ_S(a, b) do { const char *a_ = (a), *b_ = (b); \
    t_check(a_ && b_ && strcmp(a_, b_) == 0, __FILE__, __LINE__, "%s: got \"%s\", want \"%s\"", #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); } while (0)

/* Path of a test-data file: $MQSAD_DATA/name (run.sh sets it to $BUILD/data). */
const char *t_data(const char *name, char *buf, size_t size);
/* Parses llvm-mc byte syntax ("0x04,0x00,..." with or without [..]) into out[0..cap);
 * returns the number of bytes seen (may exceed cap). An "A" (fixup placeholder) counts as
 * a zero byte and sets *has_fixup (may be NULL). */
size_t t_parse_hex(const char *s, unsigned char *out, size_t cap, int *has_fixup);
/* One step of the tests' xorshift64 generator (shifts 13, 7, 17) on *state (never 0);
 * returns the new state. Each test keeps its own state and takes the bits it wants. */
unsigned long long t_xorshift64(unsigned long long *state);
/* Prints "N passed, N failed" and returns the exit status for main. */
int t_done(void);

#endif
