/* test_dis_line.c — the one-word line converters of `mqsad dis` (tools/cmd_dis.c, included
 * here): line_scalar() and, when mqsad_cpu_flags() has SSE4.1 (MQSAD_CPU_MASK=0 skips it),
 * line_sse41(), each against a reference written from the two line forms alone, on both
 * forms ("[0xHH,...,0xHH]\n" and "0xHH,...,0xHH\n"):
 *  - every byte value in each of the 16 digit positions: accepted exactly for 0-9, a-f,
 *    A-F, with the word those digits spell (bytes in input order, little-endian dwords);
 *  - every byte value in each fixed position ("x" also "X"; nothing else);
 *  - random words with every digit in random letter case, 0x or 0X, and random bytes after
 *    the newline (read, never looked at);
 *  - lines3_avx512(), when the CPU has AVX-512 VBMI (three lines at once), against the
 *    reference on each of its lines: every byte value at every position of a group, and
 *    random groups, ending at an inaccessible page (it must not read past the group);
 *  - the character class and hex digit tables, byte by byte;
 *  - the operand text tables generated at build time (dis_optab.h), for every target:
 *    every OPT_FAST entry against the library's text of that operand, and random words
 *    printed by word_text() against mqsad_decode + mqsad_format (the general path).
 * The CLI falls back to the general path whenever a converter rejects a line, which hides a
 * converter that rejects too much (or mangles the control bits of a word) from
 * tests/cli/dis.sh; here the converters' own results are compared. */
#include "../tools/cmd_dis.c"
#include "../tools/cli.c"

#if DIS_AVX512 && (defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__))
#include <sys/mman.h>
#endif

#include "t.h"

static int ref_digit(unsigned c)
{
    if (c >= '0' && c <= '9') return (int)(c - '0');
    if (c >= 'a' && c <= 'f') return (int)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return (int)(c - 'A' + 10);
    return -1;
}

/* 1 and the word if q holds exactly one line of the form ([ ] when bracket). */
static int ref_line(const unsigned char *q, int bracket, uint32_t *d0, uint32_t *d1)
{
    size_t i = 0;
    unsigned t, b[8];
    if (bracket && q[i++] != '[') return 0;
    for (t = 0; t < 8; t++) {
        int h, l;
        if (q[i] != '0' || (q[i + 1] != 'x' && q[i + 1] != 'X')) return 0;
        h = ref_digit(q[i + 2]);
        l = ref_digit(q[i + 3]);
        if (h < 0 || l < 0) return 0;
        b[t] = (unsigned)(h * 16 + l);
        i += 4;
        if (t < 7 && q[i++] != ',') return 0;
    }
    if (bracket && q[i++] != ']') return 0;
    if (q[i] != '\n') return 0;
    *d0 = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
    *d1 = b[4] | b[5] << 8 | b[6] << 16 | (uint32_t)b[7] << 24;
    return 1;
}

static int scalar(const char *q, const struct line_form *f, uint32_t *d0, uint32_t *d1)
{
    return line_scalar(q, f, d0, d1);
}

#if DIS_SSE41
__attribute__((target("sse4.1")))
static int sse41(const char *q, const struct line_form *f, uint32_t *d0, uint32_t *d1)
{
    return line_sse41(q, f, d0, d1);
}
#endif

static struct { const char *name; line_fn *fn; } impls[2];
static unsigned nimpls;
static unsigned long nbad[2], nlines;

static unsigned long long rng = 0x9e3779b97f4a7c15u;
static unsigned rnd(void) { return (unsigned)(t_xorshift64(&rng) >> 32); }

/* Checks every converter on the line at buf (64 bytes) against the reference. */
static void check(const unsigned char *buf, const struct line_form *f, const char *what, unsigned pos, unsigned c)
{
    uint32_t r0 = 0, r1 = 0;
    int want = ref_line(buf, f == &form42, &r0, &r1);
    unsigned i;
    nlines++;
    for (i = 0; i < nimpls; i++) {
        uint32_t a0 = 0x5a5a5a5au, a1 = 0xa5a5a5a5u;
        int got = impls[i].fn((const char *)buf, f, &a0, &a1) != 0;
        if (got != want || (want && (a0 != r0 || a1 != r1))) {
            if (nbad[i]++ < 10)
                fprintf(stderr, "%s, form%u, %s %u = 0x%02x: got %d %08x %08x, want %d %08x %08x\n",
                        impls[i].name, (unsigned)f->len, what, pos, c, got, (unsigned)a0, (unsigned)a1,
                        want, (unsigned)r0, (unsigned)r1);
        }
    }
}

/* A line of form f for the word w, digits in the case of bit k of up, x (or X when xup) */
static void make_line(unsigned char *buf, const struct line_form *f, const uint8_t w[8], unsigned up, int xup)
{
    static const char lo[] = "0123456789abcdef", hi[] = "0123456789ABCDEF";
    size_t i = 0;
    unsigned t, k;
    for (k = 0; k < 64; k++) buf[k] = (unsigned char)rnd();
    if (f == &form42) buf[i++] = '[';
    for (t = 0; t < 8; t++) {
        buf[i++] = '0';
        buf[i++] = xup ? 'X' : 'x';
        k = 2 * t;
        buf[i++] = (unsigned char)((up >> k & 1) ? hi : lo)[w[t] >> 4];
        buf[i++] = (unsigned char)((up >> (k + 1) & 1) ? hi : lo)[w[t] & 15];
        if (t < 7) buf[i++] = ',';
    }
    if (f == &form42) buf[i++] = ']';
    buf[i] = '\n';
}

#if DIS_AVX512
/* lines3_avx512() on the three lines at g[0, 3 * f->len) against ref_line() on each: 1
 * exactly when all three are lines of the form, with their words. g is placed so that the
 * group ends at the end of a readable page when end_page is given (the next page is
 * inaccessible: the converter must read no byte past the group). */
static unsigned long nbad3, ngroups;
DIS_AVX512_TARGET
static void check3(const unsigned char *grp, const struct line_form *f, unsigned char *end_page,
                   const char *what, unsigned pos, unsigned c)
{
    const struct line_form3 *f3 = f == &form42 ? &form42x3 : &form40x3;
    unsigned char *g = end_page ? end_page - 3 * f->len : (unsigned char *)grp;
    uint32_t r[6] = { 0, 0, 0, 0, 0, 0 };
    uint64_t w[4];
    __m256i v = _mm256_set1_epi32(0x5a5a5a5a);
    int want, got, l;
    if (g != grp) memcpy(g, grp, 3 * f->len);
    want = 1;
    for (l = 0; l < 3; l++) want &= ref_line(g + l * f->len, f == &form42, &r[2 * l], &r[2 * l + 1]);
    got = lines3_avx512((const char *)g, f->len, f3, &v) != 0;
    _mm256_storeu_si256((__m256i *)(void *)w, v);
    ngroups++;
    for (l = 0; l < 3 && want && got; l++)
        if (w[l] != (r[2 * l] | (uint64_t)r[2 * l + 1] << 32)) got = -1;
    if (got != want && nbad3++ < 10)
        fprintf(stderr, "lines3_avx512, form%u, %s %u = 0x%02x: got %d, want %d\n", (unsigned)f->len, what, pos, c,
                got, want);
}

/* Three lines of form f (make_line(), random words and case) at grp. */
static void make_group(unsigned char *grp, const struct line_form *f)
{
    unsigned char buf[64];
    unsigned l, k;
    for (l = 0; l < 3; l++) {
        uint8_t w[8];
        for (k = 0; k < 8; k++) w[k] = (uint8_t)rnd();
        make_line(buf, f, w, rnd() & 0xffffu, (int)(rnd() & 1));
        memcpy(grp + l * f->len, buf, f->len);
    }
}

/* Every byte value at every position of a three-line group of each form, and random
 * groups, at the end of a page whose successor is inaccessible when the system lets the
 * test map one (Linux, BSDs, macOS), else in an ordinary buffer. */
static void lines3(void)
{
    static const struct line_form *const forms[2] = { &form42, &form40 };
    unsigned char grp[128], *end_page = NULL;
    unsigned fi, k, c, n;
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__)
    {
        long pg = getpagesize();
        unsigned char *m = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED && mprotect(m + pg, (size_t)pg, PROT_NONE) == 0) end_page = m + pg;
    }
#endif
    if (!end_page) printf("lines3_avx512: no guard page; groups checked in an ordinary buffer\n");
    for (fi = 0; fi < 2; fi++) {
        const struct line_form *f = forms[fi];
        for (k = 0; k < 3 * f->len; k++)
            for (c = 0; c < 256; c++) {
                make_group(grp, f);
                grp[k] = (unsigned char)c;
                check3(grp, f, end_page, "byte at", k, c);
            }
        for (n = 0; n < 100000; n++) {
            make_group(grp, f);
            check3(grp, f, n & 1 ? end_page : NULL, "random group", n, 0);
        }
    }
    CHECK(nbad3 == 0, "lines3_avx512: %lu of %lu groups differ from the reference", nbad3, ngroups);
    CHECK(ngroups > 250000, "groups checked: %lu", ngroups);
}
#endif

/* pre + the library's text of (slot, code) + post, or "" if it has none */
static void lib_entry(const mqsad_target *t, int slot, unsigned code, const char *pre, const char *post,
                      char *out, size_t cap)
{
    mqsad_inst in;
    char text[128];
    size_t len = 0;
    memset(&in, 0, sizeof in);
    in.target = t;
    out[0] = 0;
    if (mqsad_operand_from_code(t, slot, code, 0, slot == MQSAD_SLOT_VDST ? &in.vdst : &in.src[slot]) != MQSAD_OK ||
        mqsad_format_operand(&in, slot, text, sizeof text, &len) != MQSAD_OK)
        return;
    snprintf(out, cap, "%s%.*s%s", pre, (int)len, text, post);
}

static void check_entry(const mqsad_target *t, int slot, unsigned code, const char *pre, const char *post,
                        const char *text, unsigned len, unsigned ok, unsigned long *nfast)
{
    char want[160];
    CHECK(ok == OPT_FAST || ok == OPT_SLOW, "%s slot %d code %u: ok = %u", t->name, slot, code, ok);
    if (ok != OPT_FAST) return;
    ++*nfast;
    lib_entry(t, slot, code, pre, post, want, sizeof want);
    CHECK(strlen(want) == len && memcmp(text, want, len) == 0, "%s slot %d code %u: table \"%.*s\", library \"%s\"",
          t->name, slot, code, (int)len, text, want);
}

/* Every target's generated table: its row in dis_optabs[], each OPT_FAST entry against the
 * library, and word_text() on random words with this family's control bits against the
 * general path's text. A table of OPT_SLOW entries only would print nothing wrong, so
 * the fast entries must also be numerous (a quad-aligned-only target has 128 VDSTs), and
 * the fast path must print at least a tenth of the random words (12-13 % on the targets
 * that require even-aligned register tuples). */
static void optabs(void)
{
    size_t i, n = mqsad_target_count();
    static struct dis dd;
    CHECK(sizeof dis_optabs / sizeof dis_optabs[0] == n, "dis_optabs has %zu rows for %zu targets",
          sizeof dis_optabs / sizeof dis_optabs[0], n);
    for (i = 0; i < n; i++) {
        const mqsad_target *t = mqsad_target_at(i);
        const struct optab *op;
        unsigned long nf[4] = { 0, 0, 0, 0 }, tried = 0, fast = 0, k;
        unsigned c, cl;
        struct wordctx x;
        memset(&dd, 0, sizeof dd);
        dd.t = t;
        setup_target(&dd);
        op = dd.op;
        CHECK(i < sizeof dis_optabs / sizeof dis_optabs[0] && !strcmp(dis_optabs[i].target, t->name) &&
              op == dis_optabs[i].op, "%s: dis_optabs row %zu", t->name, i);
        for (c = 0; c < 256; c++)
            check_entry(t, MQSAD_SLOT_VDST, c, "\tv_mqsad_u32_u8 ", ", ", op->vdst[c].text, op->vdst[c].len,
                        op->vdst[c].ok, &nf[0]);
        for (c = 0; c < 512; c++) {
            check_entry(t, MQSAD_SLOT_SRC0, c, "", ", ", op->src0[c].text, op->src0[c].len, op->src0[c].ok, &nf[1]);
            check_entry(t, MQSAD_SLOT_SRC1, c, "", ", ", op->src1[c].text, op->src1[c].len, op->src1[c].ok, &nf[2]);
            for (cl = 0; cl < 2; cl++)
                check_entry(t, MQSAD_SLOT_SRC2, c, "", cl ? " clamp\n" : "\n", op->src2[cl][c].text,
                            op->src2[cl][c].len, op->src2[cl][c].ok, &nf[3]);
        }
        CHECK(nf[0] >= 128 && nf[1] >= 300 && nf[2] >= 300 && nf[3] >= 2 * 200,
              "%s: fast entries VDST %lu SRC0 %lu SRC1 %lu SRC2 %lu", t->name, nf[0], nf[1], nf[2], nf[3]);
        /* random words: free bits random, control bits those of this target's V_MQSAD */
        x = wordctx_of(&dd);
        for (k = 0; k < 20000; k++) {
            uint32_t d0 = dd.ctrl_want | (rnd() & ~dd.ctrl_mask), d1 = rnd() & 0x07ffffffu;
            uint8_t b[8];
            char got[DIS_WORD_MAX + 16], want[DIS_TEXT_MAX + 2];
            char *e;
            mqsad_inst in;
            size_t len = 0;
            if (k & 1) d1 |= 0x04020100u;   /* half the words: VGPR sources (codes >= 256) */
            for (c = 0; c < 4; c++) { b[c] = (uint8_t)(d0 >> 8 * c); b[4 + c] = (uint8_t)(d1 >> 8 * c); }
            e = word_text(&x, got, d0, d1);
            tried++;
            if (!e) continue;
            fast++;
            CHECK(mqsad_decode(t, b, 8, &in) == MQSAD_OK && mqsad_format(&in, want + 1, DIS_TEXT_MAX, &len) == MQSAD_OK,
                  "%s: word 0x%08x%08x printed by the fast path, not decoded by the library", t->name, d1, d0);
            want[0] = '\t';
            want[len + 1] = '\n';
            CHECK((size_t)(e - got) == len + 2 && memcmp(got, want, len + 2) == 0,
                  "%s: word 0x%08x%08x: fast \"%.*s\", library \"%.*s\"", t->name, d1, d0,
                  (int)(e - got), got, (int)len + 2, want);
        }
        CHECK(fast * 10 > tried, "%s: the fast path printed %lu of %lu random words", t->name, fast, tried);
    }
}

int main(void)
{
    static const struct line_form *const forms[2] = { &form42, &form40 };
    unsigned char buf[64];
    unsigned fi, k, c, n;
    CHECK(init_hexq(), "init_hexq: out of memory");
    /* the constant character tables, against the sets the dis grammar names */
    for (c = 0; c < 256; c++) {
        int dg = ref_digit(c);
        unsigned want = c && strchr("#[]", (int)c) ? 1u : c && strchr(" \t\n\r,", (int)c) ? 2u : dg >= 0 ? 16u + (unsigned)dg : 0u;
        CHECK(cclass[c] == want, "cclass[0x%02x] = %u, want %u", c, cclass[c], want);
        CHECK(hexv[c] == (dg >= 0 ? (unsigned)dg : 0xffu), "hexv[0x%02x] = %u", c, hexv[c]);
    }
    CHECK(little_endian() == (*(const unsigned char *)&(const unsigned){ 1 } == 1), "little_endian()");
    impls[nimpls].name = "line_scalar";
    impls[nimpls++].fn = scalar;
#if DIS_SSE41
    if (mqsad_cpu_flags() & MQSAD_CPU_SSE41) {
        impls[nimpls].name = "line_sse41";
        impls[nimpls++].fn = sse41;
    }
#endif
    if (nimpls < 2) printf("line_sse41: skipped (not built, no SSE4.1, or MQSAD_CPU_MASK)\n");
    for (fi = 0; fi < 2; fi++) {
        const struct line_form *f = forms[fi];
        uint8_t w[8];
        for (k = 0; k < 8; k++) w[k] = (uint8_t)(0x5c + 0x21 * k);
        /* every byte in each digit position, and in each fixed position */
        for (k = 0; k < f->len; k++) {
            int digit = k >= f->digits && k < f->digits + 40 && (k - f->digits) % 5 < 2;
            for (c = 0; c < 256; c++) {
                make_line(buf, f, w, 0x5a5au, 0);
                buf[k] = (unsigned char)c;
                check(buf, f, digit ? "digit at" : "fixed byte at", k, c);
                if (digit && ref_digit(c) < 0) {
                    /* the same in a line of upper-case digits and 0X */
                    make_line(buf, f, w, 0xffffu, 1);
                    buf[k] = (unsigned char)c;
                    check(buf, f, "digit at (upper case line)", k, c);
                }
            }
        }
        /* random words, random case */
        for (n = 0; n < 200000; n++) {
            for (k = 0; k < 8; k++) w[k] = (uint8_t)rnd();
            make_line(buf, f, w, rnd() & 0xffffu, (int)(rnd() & 1));
            check(buf, f, "random word", n, 0);
        }
    }
    for (k = 0; k < nimpls; k++)
        CHECK(nbad[k] == 0, "%s: %lu of %lu lines differ from the reference", impls[k].name, nbad[k], nlines);
    CHECK(nlines > 400000, "lines checked: %lu", nlines);
#if DIS_AVX512
    if ((mqsad_cpu_flags() & (MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VBMI)) == (MQSAD_CPU_AVX512 | MQSAD_CPU_AVX512VBMI))
        lines3();
    else
#endif
        printf("lines3_avx512: skipped (not built, no AVX-512 VBMI, or MQSAD_CPU_MASK)\n");
    optabs();
    return t_done();
}
