/* bench.h — what the files of `mqsad bench` share: the sections other files time
 * (bench_family.c, bench_tools.c) and timing and statistics over rounds (bench_time.c). */
#ifndef MQSAD_BENCH_H
#define MQSAD_BENCH_H

#include "cli.h"

#define BENCH_MAX_ROUNDS 31

/* Median, min and max of a sample of rounds. */
typedef struct stat3 { double med, min, max; } stat3;

/* CLOCK_MONOTONIC in ns */
double bench_now_ns(void);
/* the median, min and max of v[0..n), n <= BENCH_MAX_ROUNDS */
stat3 bench_stats(const double *v, int n);
/* "min..max" with a unit, in a static buffer (one use per printf) */
const char *bench_range(stat3 s, const char *unit);
/* xorshift64: the next pseudo-random 32 bits of *state (not 0) */
uint32_t bench_rnd(uint64_t *state);

/* the SAD family's batch kernels against their scalar references (bench_family.c) */
void bench_family(int rounds, double sample_ns);
/* `mqsad asm` / `mqsad dis` against llvm-mc-22 on the mixed corpora, then (with_library)
 * the library in process on the same corpora (bench_tools.c); self is this program */
void bench_tools(const char *self, int rounds, long lines, int with_library, int keep);

#endif
