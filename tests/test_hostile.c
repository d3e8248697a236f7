/*
 * test_hostile.c — hostile inputs through the C API (docs/security.md). Every case must end
 * with a clear error (a status, a diagnostic column inside the input) in bounded time,
 * never a crash, a hang, a read past the caller's buffer or a silently wrong result.
 * Inputs live in exact-size heap buffers (not NUL-terminated) so that AddressSanitizer and
 * valgrind see any over-read. Expected behaviour comes from the API contract in
 * include/mqsad.h, encoding-llvm22.md and docs/security.md, not from the code.
 *
 * CLI counterparts: tests/cli/hostile.sh.
 */
#include "mqsad.h"
#include "t.h"

#include <stdint.h>
#include <time.h>

#define MB (1024u * 1024u)

/* CPU seconds a single hostile call may take (generous: sanitizer builds are 3-10x slower). */
#define TIME_LIMIT 3.0

static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static char *xdup(const char *s, size_t n)
{
    char *p = malloc(n ? n : 1);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(1); }
    memcpy(p, s, n);
    return p;
}

/* prefix + count * unit + suffix in an exact-size heap buffer; *len gets its length. */
static char *build(const char *prefix, const char *unit, size_t count, const char *suffix,
                   size_t *len)
{
    size_t pl = strlen(prefix), ul = strlen(unit), sl = strlen(suffix), i;
    size_t n = pl + ul * count + sl;
    char *p = malloc(n ? n : 1);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(1); }
    memcpy(p, prefix, pl);
    for (i = 0; i < count; i++) memcpy(p + pl + i * ul, unit, ul);
    memcpy(p + pl + ul * count, suffix, sl);
    *len = n;
    return p;
}

static const char *const targets[] = { "gfx700", "gfx900", "gfx90a", "gfx1030", "gfx1100", "gfx1250" };
#define NTARGETS (sizeof targets / sizeof targets[0])
/* targets a case runs on: all of targets[] for small inputs, the first few for 10 MB ones */
static size_t ntargets = NTARGETS;

/* ---- assembler ---------------------------------------------------------------------- */

/* MUST_FAIL: an error. MAY_PASS: an error or a valid instruction. MAY_SYMBOL: an error, or
 * (gfx10+, like llvm-mc) a relocatable symbol literal named by the text, never a register. */
enum { MUST_FAIL, MAY_PASS, MAY_SYMBOL };

/* Parses text[0..len) on every target in targets[]; checks the verdict and diagnostic. */
static void asm_case(const char *what, const char *text, size_t len, int mode, unsigned want_col)
{
    size_t i;
    for (i = 0; i < ntargets; i++) {
        const mqsad_target *t = mqsad_target_lookup(targets[i]);
        mqsad_inst inst;
        mqsad_diag d;
        uint8_t out[16];
        size_t w = 0, ml;
        double t0 = now(), dt;
        mqsad_status st;
        memset(&d, 0x5a, sizeof d);
        st = mqsad_parse(t, text, len, &inst, &d);
        dt = now() - t0;
        CHECK(dt < TIME_LIMIT, "%s on %s: %.2f s", what, targets[i], dt);
        CHECK(st < MQSAD_STATUS_COUNT, "%s on %s: status %d", what, targets[i], (int)st);
        if (mode == MUST_FAIL) CHECK(st != MQSAD_OK, "%s on %s: accepted", what, targets[i]);
        if (st == MQSAD_OK && mode == MAY_SYMBOL)
            CHECK(inst.symbol[0] != 0 && inst.src[1].kind == MQSAD_OPK_SYMBOL,
                  "%s on %s: accepted, but not as a symbol", what, targets[i]);
        if (st == MQSAD_OK) {
            /* accepted: must be a real, encodable instruction */
            CHECK(mqsad_encode(&inst, out, sizeof out, &w) == MQSAD_OK, "%s on %s: accepted but not encodable",
                  what, targets[i]);
            continue;
        }
        ml = strnlen(d.message, sizeof d.message);
        CHECK(d.status == st, "%s on %s: diag.status %d != %d", what, targets[i], (int)d.status, (int)st);
        CHECK(ml > 0 && ml < sizeof d.message, "%s on %s: message not terminated/empty", what, targets[i]);
        CHECK(d.column >= 1 && d.column <= len + 1, "%s on %s: column %u outside 1..%zu", what,
              targets[i], d.column, len + 1);
        if (want_col)
            CHECK(d.column == want_col, "%s on %s: column %u, want %u (%s)", what, targets[i],
                  d.column, want_col, d.message);
        /* the same through mqsad_assemble, and with diag == NULL */
        CHECK(mqsad_assemble(t, text, len, &inst, out, sizeof out, &w, NULL) == st,
              "%s on %s: assemble disagrees", what, targets[i]);
    }
}

/* text with NUL bytes: the verdict, column and bytes of the same text with spaces */
static void nul_case(const char *what, const char *text, size_t len)
{
    size_t i, k;
    char *a = xdup(text, len), *b = xdup(text, len);
    for (k = 0; k < len; k++) if (!b[k]) b[k] = ' ';
    for (i = 0; i < NTARGETS; i++) {
        const mqsad_target *t = mqsad_target_lookup(targets[i]);
        mqsad_inst ia, ib;
        mqsad_diag da, db;
        uint8_t oa[16], ob[16];
        size_t wa = 0, wb = 0;
        mqsad_status sa = mqsad_assemble(t, a, len, &ia, oa, sizeof oa, &wa, &da);
        mqsad_status sb = mqsad_assemble(t, b, len, &ib, ob, sizeof ob, &wb, &db);
        CHECK(sa == sb, "%s on %s: status %d, with spaces %d", what, targets[i], (int)sa, (int)sb);
        if (sa == MQSAD_OK && sb == MQSAD_OK)
            CHECK(wa == wb && memcmp(oa, ob, wa) == 0, "%s on %s: other bytes", what, targets[i]);
        else if (sa == sb)
            CHECK(da.column == db.column, "%s on %s: column %u, with spaces %u", what, targets[i],
                  da.column, db.column);
    }
    free(a);
    free(b);
}

static void asm_case_str(const char *what, const char *s, int mode, unsigned want_col)
{
    size_t n = strlen(s);
    char *p = xdup(s, n);
    asm_case(what, p, n, mode, want_col);
    free(p);
}

static void test_asm(void)
{
    char *p;
    size_t n;

    /* sanity: the harness itself sees a valid line as valid (gfx1100) */
    {
        const mqsad_target *t = mqsad_target_lookup("gfx1100");
        mqsad_inst inst;
        const char *ok = "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]";
        CHECK(mqsad_parse(t, ok, strlen(ok), &inst, NULL) == MQSAD_OK, "baseline line rejected");
        /* a length past 4 GiB (32-bit columns): only the line up to its '\n' is read; the
         * buffer is 44 bytes, so reading past the newline would be caught by ASan/valgrind */
        if (sizeof(size_t) > 4) {
            static const char nl[] = "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\n";
            mqsad_diag dg;
            CHECK(mqsad_parse(t, nl, (size_t)1 << 33, &inst, &dg) == MQSAD_OK && inst.src[1].reg == 1,
                  "a > 4 GiB length with the line's newline inside the buffer: status %d", (int)dg.status);
        }
    }

    /* 10 MB lines (on gfx700 and gfx900 only: each case scans 10 MB per target) */
    ntargets = 2;
    p = build("", "x", 10 * MB, "", &n);
    asm_case("10 MB identifier", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "9", 10 * MB, ", v[8:11]", &n);
    asm_case("10 MB number", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ", " ", 10 * MB, "clamp", &n);
    asm_case("10 MB of spaces", p, n, MAY_PASS, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] // ", "c", 10 * MB, "", &n);
    asm_case("10 MB comment", p, n, MAY_PASS, 0);
    free(p);
    p = build("v_mqsad_u32_u8 ", "v1, ", 2 * MB, "", &n);
    asm_case("2M operands", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "a", 10000, ", v[8:11]", &n);
    /* llvm-mc takes it as a symbol; ours cannot hold it (MQSAD_SYMBOL_MAX): a clear error */
    asm_case("10000-byte symbol", p, n, MUST_FAIL, 0);
    free(p);

    ntargets = NTARGETS;

    /* NUL bytes: whitespace, exactly as llvm-mc 22's AsmLexer treats them (conformance:
     * same verdict, bytes and column as the line with the NUL replaced by a space); a NUL
     * inside a token splits it. Invalid UTF-8: an error at the offending byte, with
     * llvm-mc's column (llvm-mc 22 hangs on a line ending in a truncated UTF-8 sequence). */
    {
        static const char nul[] = "v_mqsad_u32_u8 v[4:7],\0v[2:3], v1, v[8:11]";
        static const char nul2[] = "v_mqsad_u32_u8\0 v[4:7], v[2:3], v1, v[8:11]";
        static const char nul3[] = "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\0";
        static const char nul4[] = "v_mqsad_u32_u8 v[4:7], v[2\0:3], v1, v[8:11]";
        nul_case("NUL between operands", nul, sizeof nul - 1);
        nul_case("NUL after the mnemonic", nul2, sizeof nul2 - 1);
        nul_case("trailing NUL", nul3, sizeof nul3 - 1);
        nul_case("NUL in a register", nul4, sizeof nul4 - 1);
        p = xdup("v_mqsad\0_u32_u8 v[4:7], v[2:3], v1, v[8:11]", 43);
        asm_case("NUL inside the mnemonic", p, 43, MUST_FAIL, 1);
        free(p);
        p = build("", "\0", 1000, "", &n);
        asm_case("1000 NUL bytes", p, n, MUST_FAIL, 0);
        free(p);
    }
    asm_case_str("0xff byte", "v_mqsad_u32_u8 v[4:7], v[2:3], v\xff" "1, v[8:11]", MUST_FAIL, 33);
    asm_case_str("lone continuation byte", "v_mqsad_u32_u8 v[4:7], \x80v[2:3], v1, v[8:11]", MUST_FAIL, 24);
    asm_case_str("UTF-8 e-acute in the mnemonic", "v_mqsad_u32_u8\xc3\xa9 v[4:7], v[2:3], v1, v[8:11]", MUST_FAIL, 15);
    asm_case_str("overlong NUL", "v_mqsad_u32_u8 v[4:7], v[2:3], \xc0\x80, v[8:11]", MUST_FAIL, 0);
    asm_case_str("zero-width space", "v_mqsad_u32_u8 v[4:7],\xe2\x80\x8bv[2:3], v1, v[8:11]", MUST_FAIL, 23);
    asm_case_str("truncated UTF-8 at the end", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]\xe2\x80", MUST_FAIL, 0);

    /* deep expressions: an error (depth bound), no stack overflow */
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "(", 100000, "", &n);
    {
        size_t n2;
        char *q = build("", ")", 100000, ", v[8:11]", &n2);
        char *r = malloc(n + 1 + n2);
        memcpy(r, p, n);
        r[n] = '1';
        memcpy(r + n + 1, q, n2);
        asm_case("100000 nested parentheses", r, n + 1 + n2, MUST_FAIL, 0);
        free(r);
        free(q);
    }
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "(", 100000, "", &n);
    asm_case("100000 unclosed parentheses", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "-", 100000, "1, v[8:11]", &n);
    asm_case("100000 unary minus", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "~", 100001, "0, v[8:11]", &n);
    asm_case("100001 bitwise not", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "-(", 50000, "1", &n);
    asm_case("50000 -( unclosed", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[", "(", 100000, "2:3], v1, v[8:11]", &n);
    asm_case("100000 parentheses in a register index", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], lit(", "lit(", 100000, "1", &n);
    asm_case("100000 nested lit(", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], 1", "+1", 100000, ", v[8:11]", &n);
    asm_case("100000-term sum", p, n, MAY_PASS, 0);
    free(p);

    /* numbers with 1000 digits */
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "9", 1000, ", v[8:11]", &n);
    asm_case("1000-digit decimal", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], 0x", "f", 1000, ", v[8:11]", &n);
    asm_case("1000-digit hex", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], 0b", "1", 1000, ", v[8:11]", &n);
    asm_case("1000-digit binary", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], 1", "0", 1000, ".0, v1, v[8:11]", &n);
    asm_case("1e1000 as a float", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], 0x1", "0", 1000, ", v[8:11]", &n);
    asm_case("1000-digit hex, value 2^4000", p, n, MUST_FAIL, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], ", "0", 1000, "1, v[8:11]", &n);
    asm_case("1000 leading zeros", p, n, MAY_PASS, 0);
    free(p);
    p = build("v_mqsad_u32_u8 v[4:7], v[2:3], 0.", "0", 1000, "1, v[8:11]", &n);
    asm_case("1000-digit fraction", p, n, MAY_PASS, 0);
    free(p);

    /* register indices that overflow (a truncating parser would silently wrap them) */
    asm_case_str("v[99999999999999999999:3]",
                 "v_mqsad_u32_u8 v[4:7], v[99999999999999999999:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v99999999999999999999",
                 "v_mqsad_u32_u8 v[4:7], v[2:3], v99999999999999999999, v[8:11]", MAY_SYMBOL, 0);
    asm_case_str("v[4294967300:4294967303] (2^32+4)",
                 "v_mqsad_u32_u8 v[4294967300:4294967303], v[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[65540:65543] (2^16+4)",
                 "v_mqsad_u32_u8 v[65540:65543], v[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[260:263] (256+4)",
                 "v_mqsad_u32_u8 v[260:263], v[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[18446744073709551620:3] (2^64+4)",
                 "v_mqsad_u32_u8 v[4:7], v[18446744073709551618:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("s4294967297", "v_mqsad_u32_u8 v[4:7], v[2:3], s4294967297, v[8:11]", MAY_SYMBOL, 0);
    asm_case_str("ttmp4294967297", "v_mqsad_u32_u8 v[4:7], v[2:3], ttmp4294967297, v[8:11]", MAY_SYMBOL, 0);
    asm_case_str("s[4294967298:4294967299]", "v_mqsad_u32_u8 v[4:7], s[4294967298:4294967299], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[-4:-1]", "v_mqsad_u32_u8 v[-4:-1], v[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[0x100000004:0x100000007]",
                 "v_mqsad_u32_u8 v[0x100000004:0x100000007], v[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[4:4294967303]", "v_mqsad_u32_u8 v[4:4294967303], v[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("v[2:4294967299] (width wraps to 2)",
                 "v_mqsad_u32_u8 v[4:7], v[2:4294967299], v1, v[8:11]", MUST_FAIL, 0);

    /* register widths near 2^32 (fuzz finding: a shift loop over the width never ended).
     * Expected: llvm-mc 22 on gfx900 and gfx1100, whose 32-bit RegWidth = 32 * width wraps */
    {
        static const struct { const char *line, *want; unsigned col; } wrap[] = {
            { "v_mqsad_u32_u8 v[4:7], s[2:0xffffffff], v1, v[8:11]", "invalid register alignment", 24 },
            { "v_mqsad_u32_u8 v[4:7], s[2:0x80000001], v1, v[8:11]", "invalid or unsupported register size", 24 },
            { "v_mqsad_u32_u8 v[4:7], s[3:0x08000003], v1, v[8:11]", "invalid operand for instruction", 24 },
            { "v_mqsad_u32_u8 v[4:7], ttmp[1:0x80000000], v1, v[8:11]", "invalid or unsupported register size", 24 },
            { "v_mqsad_u32_u8 v[4:7], v[2:3], s[3:0x08000003], v[8:11]", "v_mqsad_u32_u8 v[4:7], v[2:3], s3, v[8:11]", 0 },
            { "v_mqsad_u32_u8 v[4:7], v[2:0x08000003], v[3], v[8:11]", "v_mqsad_u32_u8 v[4:7], v[2:3], v3, v[8:11]", 0 },
        };
        static const char *const tg[] = { "gfx900", "gfx1100" };
        size_t k, j;
        for (j = 0; j < 2; j++)
            for (k = 0; k < sizeof wrap / sizeof wrap[0]; k++) {
                const mqsad_target *t = mqsad_target_lookup(tg[j]);
                mqsad_inst inst;
                mqsad_diag d;
                char txt[128];
                double t0 = now();
                mqsad_status st = mqsad_parse(t, wrap[k].line, strlen(wrap[k].line), &inst, &d);
                CHECK(now() - t0 < TIME_LIMIT, "%s: slow", wrap[k].line);
                if (wrap[k].col) {
                    CHECK(st != MQSAD_OK && d.column == wrap[k].col && !strcmp(d.message, wrap[k].want),
                          "%s on %s: got %u: %s", wrap[k].line, tg[j], d.column, st ? d.message : "accepted");
                } else {
                    CHECK(st == MQSAD_OK && mqsad_format(&inst, txt, sizeof txt, NULL) == MQSAD_OK &&
                          !strcmp(txt, wrap[k].want), "%s on %s: status %d", wrap[k].line, tg[j], (int)st);
                }
            }
    }

    /* a quoted symbol name with NUL bytes (fuzz finding: it was cut at the first NUL) */
    {
        static const char q[] = "v_mqsad_u32_u8 v[4:7], v[2:3], \"ab\0\0cd\", v[8:11]";
        const mqsad_target *t = mqsad_target_lookup("gfx1100");
        mqsad_inst inst;
        mqsad_diag d;
        mqsad_status st = mqsad_parse(t, q, sizeof q - 1, &inst, &d);
        CHECK(st == MQSAD_E_UNSUPPORTED && d.column == 32 && !strcmp(d.message, "symbol name contains a NUL byte"),
              "quoted symbol with NUL: status %d col %u", (int)st, d.column);
        st = mqsad_parse(t, q, 38, &inst, &d);   /* up to "ab" only: still an unterminated quote */
        CHECK(st != MQSAD_OK, "truncated quoted symbol accepted");
    }

    /* degenerate lines */
    asm_case("empty line", "", 0, MUST_FAIL, 0);
    asm_case_str("only spaces", "        ", MUST_FAIL, 0);
    asm_case_str("only a comment", "// nothing", MUST_FAIL, 0);
    asm_case_str("clamp clamp", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp clamp", MUST_FAIL, 0);
    asm_case_str("mnemonic only", "v_mqsad_u32_u8", MUST_FAIL, 0);
    asm_case_str("newline inside", "v_mqsad_u32_u8 v[4:7],\nv[2:3], v1, v[8:11]", MUST_FAIL, 0);
    asm_case_str("unterminated char literal", "v_mqsad_u32_u8 v[4:7], v[2:3], 'a, v[8:11]", MUST_FAIL, 0);
    asm_case_str("unterminated block comment", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] /* x", MUST_FAIL, 44);
}

/* ---- decoder, formatter, encoder ---------------------------------------------------- */

static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) { return t_xorshift64(&rng_state); }

static void test_decode(void)
{
    size_t ti, len, i;
    /* truncated words: 0..7 bytes -> TRUNCATED on every target (exact-size buffers) */
    static const uint8_t word1100[16] = { 0x04, 0x00, 0x3d, 0xd6, 0xff, 0x02, 0x22, 0x04,
                                          0x78, 0x56, 0x34, 0x12, 0, 0, 0, 0 };
    static const uint8_t word1250_64[16] = { 0x04, 0x00, 0x3d, 0xd6, 0xfe, 0x02, 0x22, 0x04,
                                             0x78, 0x56, 0x34, 0x12, 0x11, 0x22, 0x33, 0x44 };
    static const uint8_t word900_lit[12] = { 0x04, 0x00, 0xe7, 0xd1, 0xff, 0x02, 0x22, 0x04,
                                             0x78, 0x56, 0x34, 0x12 };
    for (ti = 0; ti < mqsad_target_count(); ti++) {
        const mqsad_target *t = mqsad_target_at(ti);
        for (len = 0; len < 8; len++) {
            uint8_t *b = malloc(len ? len : 1);
            mqsad_inst in;
            memcpy(b, word1100, len);
            CHECK(mqsad_decode(t, b, len, &in) == MQSAD_E_TRUNCATED, "%s: %zu bytes not TRUNCATED",
                  t->name, len);
            free(b);
        }
        CHECK(mqsad_decode(t, NULL, 0, NULL) != MQSAD_OK, "%s: NULL accepted", t->name);
    }
    /* a 32-bit literal cut short (gfx1100, gfx1030, gfx950): TRUNCATED_LITERAL at 8..11 bytes */
    {
        static const char *const lt[] = { "gfx1030", "gfx1100", "gfx1200", "gfx1250" };
        for (ti = 0; ti < 4; ti++) {
            const mqsad_target *t = mqsad_target_lookup(lt[ti]);
            uint8_t w[16];
            memcpy(w, word1100, 16);
            if (t->family->encoding == MQSAD_ENC_GFX10) { w[2] = 0x75; w[3] = 0xd5; }
            for (len = 8; len < 12; len++) {
                uint8_t *b = malloc(len);
                mqsad_inst in;
                memcpy(b, w, len);
                CHECK(mqsad_decode(t, b, len, &in) == MQSAD_E_TRUNCATED_LITERAL,
                      "%s: literal cut at %zu bytes", lt[ti], len);
                free(b);
            }
            {
                uint8_t *b = malloc(12);
                mqsad_inst in;
                memcpy(b, w, 12);
                CHECK(mqsad_decode(t, b, 12, &in) == MQSAD_OK && in.length == 12,
                      "%s: complete literal word", lt[ti]);
                free(b);
            }
        }
    }
    /* gfx1250 64-bit literal cut short: 8..15 bytes */
    {
        const mqsad_target *t = mqsad_target_lookup("gfx1250");
        for (len = 8; len < 16; len++) {
            uint8_t *b = malloc(len);
            mqsad_inst in;
            memcpy(b, word1250_64, len);
            CHECK(mqsad_decode(t, b, len, &in) == MQSAD_E_TRUNCATED_LITERAL,
                  "gfx1250: 64-bit literal cut at %zu bytes", len);
            free(b);
        }
    }
    /* GFX9: code 255 is not a literal there (llvm-mc crashes): an error, whatever follows */
    {
        const mqsad_target *t = mqsad_target_lookup("gfx900");
        for (len = 8; len <= 12; len++) {
            uint8_t *b = malloc(len);
            mqsad_inst in;
            memcpy(b, word900_lit, len);
            CHECK(mqsad_decode(t, b, len, &in) == MQSAD_E_NO_LITERAL, "gfx900: code 255, %zu bytes", len);
            free(b);
        }
    }
    /* random binary: 100 000 words over every target, each in an exact-size buffer */
    {
        unsigned long ok = 0;
        double t0 = now();
        for (i = 0; i < 100000; i++) {
            const mqsad_target *t = mqsad_target_at((size_t)(rnd() % mqsad_target_count()));
            uint8_t raw[16], *b;
            uint64_t r0 = rnd(), r1 = rnd();
            mqsad_inst in;
            mqsad_status st;
            char text[512];
            len = (size_t)(rnd() % 17);
            memcpy(raw, &r0, 8);
            memcpy(raw + 8, &r1, 8);
            if (i & 1) {   /* half with the right opcode and no modifiers, to get past the first check */
                uint64_t w = (uint64_t)t->family->marker << 26 |
                             (uint64_t)t->family->opcode << t->family->op_lo;
                uint64_t keep = ~((0x3full << 26) | (((1ull << t->family->op_bits) - 1) << t->family->op_lo)
                                  | (7ull << 8) | (0x1full << 59));
                uint64_t x;
                memcpy(&x, raw, 8);
                x = (x & keep) | w;
                memcpy(raw, &x, 8);
            }
            b = malloc(len ? len : 1);
            memcpy(b, raw, len);
            st = mqsad_decode(t, b, len, &in);
            CHECK(st < MQSAD_STATUS_COUNT, "random decode: status %d", (int)st);
            if (st == MQSAD_OK) {
                ok++;
                CHECK(in.length <= len, "random decode: length %u > %zu", in.length, len);
                CHECK(mqsad_format(&in, text, sizeof text, NULL) == MQSAD_OK, "random decode: format");
            }
            free(b);
        }
        CHECK(ok > 1000, "random decode: only %lu words decoded", ok);
        CHECK(now() - t0 < 20 * TIME_LIMIT, "random decode too slow");
    }
}

static void test_format_buffers(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static const uint8_t w[12] = { 0x04, 0x80, 0x3d, 0xd6, 0xff, 0xfe, 0x21, 0x04, 0x78, 0x56, 0x34, 0x12 };
    mqsad_inst in;
    char full[256];
    size_t len = 0, sz;
    CHECK(mqsad_decode(t, w, sizeof w, &in) == MQSAD_OK, "format: decode");
    CHECK(mqsad_format(&in, full, sizeof full, &len) == MQSAD_OK, "format: full");
    for (sz = 0; sz <= len + 1; sz++) {
        char *b = malloc(sz + 4);
        mqsad_status st;
        memset(b, 0x5a, sz + 4);
        st = mqsad_format(&in, b, sz, NULL);
        if (sz > len) {
            CHECK(st == MQSAD_OK && strcmp(b, full) == 0, "format: size %zu", sz);
        } else {
            CHECK(st == MQSAD_E_BUFFER_TOO_SMALL, "format: size %zu not refused", sz);
            if (sz) CHECK(memchr(b, 0, sz) != NULL, "format: size %zu not terminated", sz);
        }
        CHECK(b[sz] == 0x5a, "format: wrote past size %zu", sz);
        free(b);
    }
    CHECK(mqsad_format(NULL, full, sizeof full, NULL) != MQSAD_OK, "format(NULL)");
    CHECK(mqsad_format(&in, NULL, 10, NULL) != MQSAD_OK, "format(buf NULL)");
}

/* Hand-made instructions no decoder or parser would produce: errors, never a crash. */
static void test_hostile_structs(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static mqsad_wave_state st;
    static const uint8_t w[8] = { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 };
    mqsad_inst base, in;
    uint8_t out[32];
    size_t wr, k;
    char text[512];
    CHECK(mqsad_decode(t, w, sizeof w, &base) == MQSAD_OK, "structs: decode");
    CHECK(mqsad_wave_init(&st, t, 0) == MQSAD_OK, "structs: wave_init");

    for (k = 0; k < 12; k++) {
        unsigned flags = 0;
        mqsad_status es, ee;
        in = base;
        switch (k) {
        case 0: in.vdst.reg = 300; break;
        case 1: in.vdst.reg = 65535; break;
        case 2: in.src[2].reg = 65535; break;
        case 3: in.src[0].reg = 65535; break;
        case 4: in.src[1].kind = (mqsad_operand_kind)99; break;
        case 5: in.src[0].kind = MQSAD_OPK_SGPR; in.src[0].reg = 60000; break;
        case 6: in.src[1].kind = MQSAD_OPK_SPECIAL; in.src[1].special = (mqsad_special)9999; break;
        case 7: in.src[2].width = 200; break;
        case 8: in.src[0].width = 4; break;   /* a quad in the 64-bit slot */
        case 9: in.src[1].kind = MQSAD_OPK_TTMP; in.src[1].reg = 4000; break;
        case 10: in.vdst.kind = MQSAD_OPK_SGPR; break;
        case 11: in.src[2].kind = MQSAD_OPK_LITERAL64; break;
        }
        ee = mqsad_encode(&in, out, sizeof out, &wr);
        CHECK(ee != MQSAD_OK, "structs case %zu: encode accepted", k);
        CHECK(mqsad_validate(&in, NULL) != MQSAD_OK, "structs case %zu: validate accepted", k);
        es = mqsad_wave_exec(&st, &in, &flags);
        CHECK(es != MQSAD_OK, "structs case %zu: exec accepted", k);
        CHECK(es < MQSAD_STATUS_COUNT && ee < MQSAD_STATUS_COUNT, "structs case %zu: status", k);
        (void)mqsad_format(&in, text, sizeof text, NULL);   /* any status; no crash */
    }
    /* target / family mismatch, NULLs */
    in = base;
    in.target = mqsad_target_lookup("gfx900");
    CHECK(mqsad_wave_exec(&st, &in, NULL) != MQSAD_OK, "exec: family mismatch accepted");
    in.target = NULL;   /* mqsad_wave_exec then uses the state's target (wave.c); encode cannot */
    CHECK(mqsad_encode(&in, out, sizeof out, &wr) != MQSAD_OK, "encode: NULL target accepted");
    CHECK(mqsad_wave_exec(NULL, &base, NULL) != MQSAD_OK, "exec: NULL state");
    CHECK(mqsad_wave_exec(&st, NULL, NULL) != MQSAD_OK, "exec: NULL inst");
    CHECK(mqsad_wave_init(&st, t, 48) == MQSAD_E_WAVE_SIZE, "wave_init(48)");
    CHECK(mqsad_wave_init(&st, mqsad_target_lookup("gfx1250"), 64) == MQSAD_E_WAVE_SIZE, "gfx1250 wave64");
}

/* ---- state files -------------------------------------------------------------------- */

static mqsad_status state_case(const char *what, const char *text, size_t len, unsigned ws,
                               mqsad_state_diag *d)
{
    static mqsad_wave_state st;
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    double t0;
    mqsad_status r;
    CHECK(mqsad_wave_init(&st, t, ws) == MQSAD_OK, "%s: init", what);
    memset(d, 0x5a, sizeof *d);
    t0 = now();
    r = mqsad_state_parse(&st, text, len, d);
    CHECK(now() - t0 < TIME_LIMIT, "%s: %.2f s", what, now() - t0);
    if (r != MQSAD_OK) {
        size_t ml = strnlen(d->message, sizeof d->message);
        CHECK(d->status == r, "%s: diag status", what);
        CHECK(ml > 0 && ml < sizeof d->message, "%s: message", what);
        CHECK(d->line >= 1 && d->column >= 1, "%s: line %u column %u", what, d->line, d->column);
    }
    return r;
}

static void test_state(void)
{
    mqsad_state_diag d;
    char *p;
    size_t n;
    mqsad_status r;

    p = build("v1 = ", "1", 10 * MB, "", &n);
    r = state_case("10 MB line", p, n, 64, &d);
    CHECK(r != MQSAD_OK && d.line == 1, "10 MB state line: status %d line %u", (int)r, d.line);
    free(p);
    p = build("", " ", 10 * MB, "v1 = 1", &n);
    r = state_case("10 MB of blanks", p, n, 64, &d);
    CHECK(r == MQSAD_E_INPUT_TOO_LONG, "10 MB blank state line: status %d", (int)r);
    free(p);
    p = build("v1 = ", "0x1 ", 100000, "", &n);
    r = state_case("100000-value lane list", p, n, 64, &d);
    CHECK(r != MQSAD_OK, "huge lane list accepted");
    free(p);
    p = build("v1 = ", "0x1 ", 65, "", &n);
    r = state_case("65 values on wave64", p, n, 64, &d);
    CHECK(r != MQSAD_OK && d.line == 1, "65 lanes accepted");
    free(p);
    p = build("v1 = ", "0x1 ", 33, "", &n);
    r = state_case("33 values on wave32", p, n, 32, &d);
    CHECK(r != MQSAD_OK, "33 lanes on wave32 accepted");
    free(p);
    p = build("", "v1 = 0x1\n", 200000, "v1 = 2\n", &n);
    {
        static mqsad_wave_state st;
        double t0 = now();
        CHECK(mqsad_wave_init(&st, mqsad_target_lookup("gfx1100"), 64) == MQSAD_OK, "init");
        r = mqsad_state_parse(&st, p, n, &d);
        CHECK(r == MQSAD_OK, "200000 repeated assignments: %d %s", (int)r, d.message);
        CHECK(st.vgpr[1][0] == 2 && st.vgpr[1][63] == 2, "repeated assignments: last one wins");
        CHECK(now() - t0 < TIME_LIMIT, "repeated assignments: %.2f s", now() - t0);
    }
    free(p);
    p = build("", "\n", 1000000, "v1 = zz", &n);
    r = state_case("error on line 1000001", p, n, 64, &d);
    CHECK(r != MQSAD_OK && d.line == 1000001 && d.column == 6, "line %u column %u", d.line, d.column);
    free(p);
    p = build("s1 = ", "9", 1000, "", &n);
    r = state_case("1000-digit value", p, n, 64, &d);
    CHECK(r != MQSAD_OK && d.column == 6, "1000 digits: status %d column %u", (int)r, d.column);
    free(p);
    p = build("s1 = 0x", "0", 1000, "1", &n);
    r = state_case("1000 leading zeros", p, n, 64, &d);
    CHECK(r == MQSAD_OK || r == MQSAD_E_INPUT_TOO_LONG, "leading zeros: status %d", (int)r);
    free(p);
    {
        static const char *const bad[] = {
            "v99999999999999999999 = 1", "v[99999999999999999999:3] = 1", "s4294967297 = 1",
            "v[4294967297] = 1", "v1[99999999999999999999] = 1", "v1[4294967297] = 1",
            "ttmp4294967297 = 1", "v300 = 1", "v1[-1] = 1", "s[0:4294967297] = 1",
        };
        size_t i;
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            p = xdup(bad[i], strlen(bad[i]));
            r = state_case(bad[i], p, strlen(bad[i]), 64, &d);
            CHECK(r != MQSAD_OK && d.line == 1, "%s accepted", bad[i]);
            free(p);
        }
    }
    {
        static const char nul[] = "s1 = 1\ns2 =\0 2\n";
        p = xdup(nul, sizeof nul - 1);
        r = state_case("NUL byte", p, sizeof nul - 1, 64, &d);
        CHECK(r != MQSAD_OK && d.line == 2 && d.column == 5, "NUL: status %d at %u:%u", (int)r, d.line, d.column);
        free(p);
    }
    {
        static const char u[] = "s1 = 1\ns2 = 2\xc3\xa9\n";
        p = xdup(u, sizeof u - 1);
        r = state_case("UTF-8", p, sizeof u - 1, 64, &d);
        CHECK(r != MQSAD_OK && d.line == 2 && d.column == 7, "UTF-8: status %d at %u:%u", (int)r, d.line, d.column);
        free(p);
    }
    {
        static const char ff[] = "s1 = 1\n\xff\xfe = 2";
        p = xdup(ff, sizeof ff - 1);
        r = state_case("0xff bytes, no trailing newline", p, sizeof ff - 1, 64, &d);
        CHECK(r != MQSAD_OK && d.line == 2 && d.column == 1, "0xff: status %d at %u:%u", (int)r, d.line, d.column);
        free(p);
    }
}

static void test_lookup(void)
{
    char *p;
    size_t n;
    p = build("gfx", "1", 10 * MB, "", &n);
    p[n - 1] = 0;
    CHECK(mqsad_target_lookup(p) == NULL, "10 MB target name");
    free(p);
    CHECK(mqsad_target_lookup(NULL) == NULL, "NULL target name");
    CHECK(mqsad_target_lookup("") == NULL, "empty target name");
    CHECK(mqsad_target_lookup("gfx1100\xff") == NULL, "target name with 0xff");
    CHECK(mqsad_strerror((mqsad_status)-1) != NULL && mqsad_strerror((mqsad_status)99999) != NULL,
          "strerror out of range");
}

/* Hostile instruction structs of the other family members: exec, encode, validate and
 * format must reject them with a status (never crash or read past the register file). */
static void test_family_structs(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static mqsad_wave_state st;
    unsigned id, k;
    uint8_t out[32];
    size_t wr;
    char text[512];
    CHECK(mqsad_wave_init(&st, t, 64) == MQSAD_OK, "family structs: wave_init");
    for (id = 0; id <= MQSAD_INSN_COUNT; id++) {
        const mqsad_insn_info *info = mqsad_insn_get((mqsad_insn_id)id);
        for (k = 0; k < 14; k++) {
            mqsad_inst in;
            mqsad_status es;
            unsigned flags = 0;
            memset(&in, 0, sizeof in);
            in.target = t;
            in.insn = (mqsad_insn_id)id;
            in.length = 8;
            in.vdst.kind = MQSAD_OPK_VGPR; in.vdst.reg = 10;
            in.vdst.width = info ? info->width[MQSAD_SLOT_VDST] : 4;
            for (unsigned sl = 0; sl < 3; sl++) {
                in.src[sl].kind = MQSAD_OPK_VGPR;
                in.src[sl].reg = (uint16_t)(20 + 8 * sl);
                in.src[sl].width = info ? info->width[sl] : 1;
            }
            switch (k) {
            case 0: in.vdst.reg = 255; in.vdst.width = info && info->width[3] == 1 ? 200 : in.vdst.width; break;
            case 1: in.vdst.reg = 65535; break;
            case 2: in.src[2].reg = 65535; break;
            case 3: in.src[0].reg = 255; in.src[0].width = 2; break;   /* a pair past v255, or a width lie */
            case 4: in.src[1].kind = (mqsad_operand_kind)99; break;
            case 5: in.src[2].kind = MQSAD_OPK_SGPR; in.src[2].reg = 60000; break;
            case 6: in.src[2].kind = MQSAD_OPK_SPECIAL; in.src[2].special = (mqsad_special)9999; break;
            case 7: in.src[2].width = 200; break;
            case 8: in.src[0].width = 4; break;
            case 9: in.src[2].kind = MQSAD_OPK_TTMP; in.src[2].reg = 4000; break;
            case 10: in.vdst.kind = MQSAD_OPK_SGPR; break;
            case 11: in.src[2].kind = MQSAD_OPK_SPECIAL; in.src[2].special = MQSAD_SPECIAL_SRC_LDS_DIRECT; break;
            case 12: in.src[2].kind = MQSAD_OPK_SYMBOL; break;
            case 13: in.vdst.width = 3; break;
            }
            if (!info) k = 4;   /* an unknown id: one case is enough */
            es = mqsad_wave_exec(&st, &in, &flags);
            CHECK(es != MQSAD_OK && es < MQSAD_STATUS_COUNT, "family struct id %u case %u: exec %d", id, k, es);
            CHECK(flags == 0, "family struct id %u case %u: flags on error", id, k);
            es = mqsad_encode(&in, out, sizeof out, &wr);
            /* a symbol literal encodes (a relocation) but cannot execute */
            CHECK((k == 12 || es != MQSAD_OK) && es < MQSAD_STATUS_COUNT,
                  "family struct id %u case %u: encode %d", id, k, es);
            (void)mqsad_validate(&in, NULL);
            (void)mqsad_format(&in, text, sizeof text, NULL);   /* any status; no crash */
            if (!info) break;
        }
    }
}

int main(void)
{
    t_verbose_limit = 100;
    test_lookup();
    test_asm();
    test_decode();
    test_format_buffers();
    test_hostile_structs();
    test_family_structs();
    test_state();
    return t_done();
}
