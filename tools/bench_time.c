/* bench_time.c — timing and statistics over rounds for `mqsad bench` (bench.h). */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

stat3 bench_stats(const double *v, int n)
{
    double s[BENCH_MAX_ROUNDS];
    stat3 r = { 0, 0, 0 };
    if (n <= 0) return r;
    if (n > BENCH_MAX_ROUNDS) n = BENCH_MAX_ROUNDS;
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    r.med = n & 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    r.min = s[0];
    r.max = s[n - 1];
    return r;
}

uint32_t bench_rnd(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    *state = x;
    return (uint32_t)(x >> 16);
}

const char *bench_range(stat3 s, const char *unit)
{
    static char buf[64];
    snprintf(buf, sizeof buf, "%.1f%s..%.1f%s", s.min, unit, s.max, unit);
    return buf;
}
