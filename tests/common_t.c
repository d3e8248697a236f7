/* common_t.c — implementation of the test harness in t.h. */
#include "t.h"
#include <stdarg.h>

unsigned long t_pass, t_fail;
int t_verbose_limit = 30;

void t_check(int ok, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (ok) { t_pass++; return; }
    t_fail++;
    if (t_fail > (unsigned long)t_verbose_limit) return;
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

const char *t_data(const char *name, char *buf, size_t size)
{
    const char *dir = getenv("MQSAD_DATA");
    snprintf(buf, size, "%s/%s", dir && *dir ? dir : "build/data", name);
    return buf;
}

unsigned long long t_xorshift64(unsigned long long *state)
{
    unsigned long long x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x & 0xffffffffffffffffull;
}

int t_done(void)
{
    if (t_fail > (unsigned long)t_verbose_limit)
        fprintf(stderr, "(%lu more failures not shown)\n", t_fail - (unsigned long)t_verbose_limit);
    printf("%lu passed, %lu failed\n", t_pass, t_fail);
    return t_fail ? 1 : 0;
}

size_t t_parse_hex(const char *s, unsigned char *out, size_t cap, int *has_fixup)
{
    size_t n = 0;
    if (has_fixup) *has_fixup = 0;
    while (*s) {
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            char *end;
            unsigned long v = strtoul(s + 2, &end, 16);
            if (n < cap) out[n] = (unsigned char)v;
            n++;
            s = end;
        } else if (s[0] == 'A' && (s[1] == ',' || s[1] == '\0' || s[1] == ']')) {
            if (has_fixup) *has_fixup = 1;
            if (n < cap) out[n] = 0;
            n++;
            s++;
        } else {
            s++;
        }
    }
    return n;
}
