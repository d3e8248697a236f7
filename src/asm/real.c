/*
 * real.c — floating-point tokens (decimal or hexadecimal, LLVM APFloat rules) to IEEE
 * double bit patterns.
 */
#include "asm/asm.h"

#include <errno.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

/* "digits.digits" (a '.' and at most 15 digits, no exponent): the mantissa m and 10^k are
 * exact doubles, so m / 10^k is one correctly rounded division, strtod's result (Clinger's
 * fast path; FLT_EVAL_METHOD 0: no wider intermediate). 0 when it does not apply. */
static int short_decimal(const char *s, size_t n, uint64_t *bits)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    static const double p10[16] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
                                     1e11, 1e12, 1e13, 1e14, 1e15 };
    union { double d; uint64_t u; } cv;
    uint64_t m = 0;
    size_t i, digits = 0, frac = 0;
    int dot = 0;
    if (n > 16) return 0;
    for (i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (s[i] == '.' && !dot) { dot = 1; continue; }
        if (d >= 10u) return 0;
        m = m * 10u + d;
        digits++;
        frac += (size_t)dot;
    }
    if (!dot || !digits) return 0;
    cv.d = (double)m / p10[frac];
    *bits = cv.u;
    return 1;
#else
    (void)s; (void)n; (void)bits;
    return 0;
#endif
}

int mqsad__asm_parse_real(const char *s, size_t n, uint64_t *bits)
{
    char buf[1100];
    size_t i = 0, o = 0;
    double d;
    union { double d; uint64_t u; } cv;
    char *end;
    if (n == 0 || n > 1000) return 1;
    if (short_decimal(s, n, bits)) return 0;
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        memcpy(buf, s, n);
        buf[n] = '\0';
    } else {
        /* mantissa digits and '.', then e[+-]digits; an empty exponent means 0 (APFloat) */
        while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.')) buf[o++] = s[i++];
        if (o == 0 || (o == 1 && buf[0] == '.')) return 1;
        if (i < n && (s[i] == 'e' || s[i] == 'E')) {
            buf[o++] = 'e';
            i++;
            if (i < n && (s[i] == '+' || s[i] == '-')) buf[o++] = s[i++];
            if (i == n || s[i] < '0' || s[i] > '9') buf[o++] = '0';
            while (i < n && s[i] >= '0' && s[i] <= '9') buf[o++] = s[i++];
        }
        if (i != n) return 1;
        buf[o] = '\0';
    }
    errno = 0;
    d = strtod(buf, &end);
    if (*end != '\0') return 1;
    cv.d = d;
    *bits = cv.u;
    return 0;
}
