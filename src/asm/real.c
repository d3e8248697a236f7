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

static int hex_value(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c |= 0x20;
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* "0x" hex digits, an optional '.' and hex digits (one digit at least), an optional
 * p[+-]digits: the double nearest to it, ties to even (APFloat, as strtod reads it; not
 * strtod itself: WASI libc's keeps 14 hex digits and misrounds longer ones). 1 if it is
 * no such number. */
static int hex_real(const char *s, size_t n, uint64_t *bits)
{
    uint64_t m = 0, keep, rem, half;
    int64_t exp = 0, pexp = 0;      /* m * 2^exp, before the 'p' exponent */
    size_t i = 2;
    int digits = 0, stored = 0, sticky = 0, dot = 0, top, shift, d;
    for (; i < n; i++) {
        if (s[i] == '.' && !dot) { dot = 1; continue; }
        if ((d = hex_value((unsigned char)s[i])) < 0) break;
        digits++;
        if (stored < 16 && (stored || d)) {          /* 16 hex digits fill 64 bits */
            m = m << 4 | (uint64_t)d;
            stored++;
            exp -= dot ? 4 : 0;
        } else if (stored) {
            sticky |= d != 0;
            exp += dot ? 0 : 4;
        } else if (dot) {
            exp -= 4;                                /* a leading zero after the '.' */
        }
    }
    if (!digits) return 1;
    if (i < n) {
        int neg = 0;
        if ((s[i] | 0x20) != 'p') return 1;
        if (++i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
        if (i == n) return 1;
        for (; i < n; i++) {
            if (s[i] < '0' || s[i] > '9') return 1;
            if (pexp < 100000) pexp = pexp * 10 + (s[i] - '0');
        }
        exp += neg ? -pexp : pexp;
    }
    if (m == 0) { *bits = 0; return 0; }
    for (top = 63; !(m >> top & 1u); top--) {}
    /* the leading bit's weight 2^(top+exp): normal from 2^-1022, else the step is 2^-1074 */
    shift = top + exp >= -1022 ? top - 52 : (int)(exp < -1074 - 70 ? 70 : -1074 - exp);
    if (shift <= 0) {
        keep = m << -shift;
    } else if (shift > 64) {
        keep = 0;                                    /* below half the least step */
    } else {
        keep = shift == 64 ? 0 : m >> shift;
        rem = shift == 64 ? m : m & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
        if (rem > half || (rem == half && (sticky || (keep & 1u)))) keep++;
    }
    if (top + exp < -1022) { *bits = keep; return 0; }   /* subnormal (or the least normal) */
    if (keep >> 53) { keep >>= 1; exp++; }
    if (top + exp > 1023) { *bits = 0x7ff0000000000000ull; return 0; }
    *bits = (uint64_t)(top + exp + 1023) << 52 | (keep & ((1ull << 52) - 1));
    return 0;
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
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return hex_real(s, n, bits);
    {
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
