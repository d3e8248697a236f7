/* suggest.c — llvm-mc's answer to a mnemonic other than v_mqsad_u32_u8 that it does not
 * assemble (AMDGPUAsmParser::checkUnsupportedInstruction, LLVM 22): one that no GPU has is
 * "invalid instruction", followed by ", did you mean: A, B?" when the target has
 * mnemonics (of LLVM's default encoding variant) within edit distance 2 of it, insertions
 * and deletions only, in sorted order; one that other GPUs have is "instruction not
 * supported on this GPU". The names, which targets suggest them and which lack them were
 * measured with llvm-mc 22 (scripts/gen_mnemonics.py -> mnemonics.inc). Read only on the
 * error path; nothing here allocates. */
#include "asm/asm.h"

#include <string.h>

#include "mnemonics.inc"

/* A query more than 2 longer than the longest name has no candidates. */
#define MN_QUERY_MAX (MN_MAX_LEN + 3)

static const char *mn_name(size_t i) { return k_mn_names[i]; }
static size_t mn_len(size_t i) { return k_mn_len[i]; }

/* The target's group of the measured tables, -1 if it has none (the table is sorted
 * bytewise: every unknown mnemonic of a file looks it up) */
static int mn_group(const mqsad_target *t)
{
    size_t lo = 0, hi = sizeof k_mn_target_group / sizeof k_mn_target_group[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(k_mn_target_group[mid].target, t->name);
        if (c == 0) return k_mn_target_group[mid].group;
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return -1;
}

/* Lower case copy of name[0..len) into q (MN_QUERY_MAX bytes); 0 when too long. */
static size_t lower(const char *name, size_t len, char *q)
{
    size_t k;
    if (len >= MN_QUERY_MAX) return 0;
    for (k = 0; k < len; k++) {
        char c = name[k];
        q[k] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    q[len] = '\0';
    return len;
}

int mqsad__mnemonic_class(const mqsad_target *t, const char *name, size_t len)
{
    char q[MN_QUERY_MAX];
    size_t lo = 0, hi = MN_COUNT;
    int g;
    if (!lower(name, len, q)) return MQSAD__MN_UNKNOWN;
    while (lo < hi) {            /* the names are sorted bytewise (strcmp order) */
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(mn_name(mid), q);
        if (c == 0) {
            g = t ? mn_group(t) : -1;
            return g >= 0 && (k_mn_unsupported[mid] >> g & 1u) ? MQSAD__MN_UNSUPPORTED
                                                                 : MQSAD__MN_SUPPORTED;
        }
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return MQSAD__MN_UNKNOWN;
}

/* The bit of k_mn_chars for character c (scripts/gen_mnemonics.py has the same map). */
static unsigned mn_char_bit(unsigned char c)
{
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= '0' && c <= '9') return 26u + (c - '0');
    switch (c) {
    case '_': return 36;
    case '.': return 37;
    case '$': return 38;
    case '@': return 39;
    default: return 63;
    }
}

/* 1 if s[0..ns) is a subsequence of t[0..nt) */
static int subsequence(const char *s, size_t ns, const char *t, size_t nt)
{
    size_t i = 0, j;
    for (j = 0; j < nt && i < ns; j++)
        if (s[i] == t[j]) i++;
    return i == ns;
}

/* 1 if a[0..m) and b[0..n) are within edit distance 2 with insertions and deletions only
 * (llvm::ComputeEditDistance without replacements, limit 2). That distance is
 * m + n - 2 * LCS, so it has the parity of m - n: for lengths 1 or 2 apart it is within 2
 * iff the shorter is a subsequence of the longer; for equal lengths iff removing one
 * character from each makes them equal, and then one of the two is the first position p
 * where they differ (removing any character of a run of equal ones is the same). */
static int within_2(const char *a, size_t m, const char *b, size_t n)
{
    size_t p = 0, i, j;
    int head = 0, tail = 0;
    if (m > n) { const char *t = a; size_t k = m; a = b; m = n; b = t; n = k; }
    if (n - m > 2) return 0;
    if (m + n <= 2) return 1;
    /* quick test: a common subsequence that long matches a character among the first three
     * (and the last three) of each, at most two edits in (i + j <= 2) */
    for (i = 0; i <= 2 && i < m; i++)
        for (j = 0; i + j <= 2 && j < n; j++) {
            head |= a[i] == b[j];
            tail |= a[m - 1 - i] == b[n - 1 - j];
        }
    if (!head || !tail) return 0;
    if (n != m) return subsequence(a, m, b, n);
    while (p < m && a[p] == b[p]) p++;
    if (p == m) return 1;
    return subsequence(a + p + 1, m - p - 1, b + p, m - p) ||
           subsequence(b + p + 1, m - p - 1, a + p, m - p);
}

size_t mqsad__mnemonic_suggest(const mqsad_target *t, const char *name, size_t len,
                               char *out, size_t size)
{
    static const char head[] = ", did you mean: ";
    char q[MN_QUERY_MAX];
    uint16_t found[MN_COUNT];
    size_t i, k, nfound = 0, used = 0, count = 0, lo, hi;
    uint64_t qchars = 0;
    int g;
    if (!out || size == 0) return 0;
    out[0] = '\0';
    if (!t || !lower(name, len, q) || (g = mn_group(t)) < 0) return 0;
    for (i = 0; i < len; i++) qchars |= (uint64_t)1 << mn_char_bit((unsigned char)q[i]);
    /* only names 2 shorter .. 2 longer can be within distance 2 */
    lo = len > 2 ? len - 2 : 0;
    hi = len + 2 < MN_MAX_LEN ? len + 2 : MN_MAX_LEN;
    for (k = k_mn_len_first[lo]; k < k_mn_len_first[hi + 1]; k++) {
        size_t n = k_mn_by_len[k];
        uint64_t differ;
        if (!(k_mn_groups[n] >> g & 1u)) continue;
        /* two insertions or deletions add or remove at most two kinds of character */
        differ = k_mn_chars[n] ^ qchars;
        differ &= differ - 1;
        differ &= differ - 1;
        if (differ) continue;
        if (within_2(q, len, mn_name(n), mn_len(n))) found[nfound++] = (uint16_t)n;
    }
    /* in table (sorted) order */
    for (i = 1; i < nfound; i++) {
        uint16_t v = found[i];
        for (k = i; k > 0 && found[k - 1] > v; k--) found[k] = found[k - 1];
        found[k] = v;
    }
    for (i = 0; i < nfound; i++) {
        const char *n = mn_name(found[i]);
        size_t nl = mn_len(found[i]), sep = count ? 2 : sizeof head - 1;
        if (used + sep + nl + 2 > size) break;   /* room for "?" and the NUL */
        memcpy(out + used, count ? ", " : head, sep);
        used += sep;
        memcpy(out + used, n, nl);
        used += nl;
        count++;
    }
    if (count) out[used++] = '?';
    out[used] = '\0';
    return used;
}
