/* test_stmt.c — statements as llvm-mc's lexer cuts them (mqsad_next_statement) and the
 * further lexer errors it prints on a failed statement (mqsad_diag_next_lexer_error).
 * Expected values are llvm-mc-22's behaviour, observed with
 *   printf 'TEXT' | llvm-mc-22 -triple=amdgcn -mcpu=gfx900 -show-encoding
 * (a lone '\r' ends a statement, "\r\n" is one end, block comments and strings span lines,
 * "'a" swallows the character after it, blanks alone at EOF print nothing); the whole-file
 * behaviour is also compared with llvm-mc goldens in tests/cli/diff_cli.sh. */
#include "t.h"
#include "mqsad.h"

#include <stdint.h>

typedef struct want { mqsad_stmt_kind kind; const char *text; } want;

/* Splits s (at_eof) and compares the statements with w[0..n). */
static void split_is(const char *s, size_t len, const want *w, size_t n)
{
    size_t pos = 0, k = 0;
    mqsad_stmt st;
    while (mqsad_next_statement(s + pos, len - pos, 1, &st)) {
        if (k < n) {
            CHECK(st.kind == w[k].kind, "\"%s\" #%zu: kind %d, want %d", s, k, (int)st.kind, (int)w[k].kind);
            CHECK(st.len == strlen(w[k].text) && !memcmp(s + pos, w[k].text, st.len),
                  "\"%s\" #%zu: text \"%.*s\", want \"%s\"", s, k, (int)st.len, s + pos, w[k].text);
        }
        CHECK(st.next > 0 && st.next <= len - pos && st.len <= st.next, "\"%s\" #%zu: next %zu", s, k, st.next);
        {
            size_t nl = 0, i;
            for (i = pos; i < pos + st.next && i < len; i++) nl += s[i] == '\n';
            CHECK(st.newlines == nl, "\"%s\" #%zu: %zu newlines, want %zu", s, k, st.newlines, nl);
        }
        if (st.next == 0) break;
        pos += st.next;
        k++;
    }
    CHECK(k == n, "\"%s\": %zu statements, want %zu", s, k, n);
    CHECK(pos == len, "\"%s\": stopped at %zu of %zu", s, pos, len);
}

#define SPLIT(s, ...) do { static const want w_[] = { __VA_ARGS__ }; \
    split_is(s, sizeof(s) - 1, w_, sizeof w_ / sizeof w_[0]); } while (0)
#define E MQSAD_STMT_EMPTY
#define S MQSAD_STMT_SILENT
#define T MQSAD_STMT_TEXT
#define M MQSAD_STMT_LINE_MARKER

/* a line marker's integer and name (llvm-mc-22: the file and line of later diagnostics,
 * tests/data/diffcli_asm_linemarker.*) */
static void marker_is(const char *s, int64_t line, const char *name)
{
    mqsad_stmt st;
    CHECK(mqsad_next_statement(s, strlen(s), 1, &st) && st.kind == M, "\"%s\": a line marker", s);
    CHECK(st.marker_line == line, "\"%s\": line %lld, want %lld", s, (long long)st.marker_line,
          (long long)line);
    CHECK(st.marker_name_len == strlen(name) && !memcmp(s + st.marker_name, name, st.marker_name_len),
          "\"%s\": name \"%.*s\", want \"%s\"", s, (int)st.marker_name_len, s + st.marker_name, name);
}

static void test_split(void)
{
    mqsad_stmt st;
    SPLIT("a\nb\n", { T, "a" }, { T, "b" });
    SPLIT("a\rb\n", { T, "a" }, { T, "b" });                 /* a lone CR ends a statement */
    SPLIT("a\r\nb", { T, "a" }, { T, "b" });                 /* CRLF is one end */
    SPLIT("\r\ra\r\n", { E, "" }, { E, "" }, { T, "a" });    /* llvm-mc: two empty lines */
    SPLIT("a\r\r\n", { T, "a" }, { E, "" });
    SPLIT("a ; c\rb\n", { T, "a " }, { T, "b" });            /* a comment ends at a CR */
    SPLIT("a // c\r\nb\n", { T, "a " }, { T, "b" });
    SPLIT("# c\ra\n  # d\n", { S, "" }, { T, "a" }, { S, "  " });
    SPLIT("# c\r  # d\r", { S, "" }, { S, "  " });
    SPLIT("; c\n\n", { S, "" }, { E, "" });
    SPLIT("a # c\n", { T, "a # c" });                       /* '#' is a comment only first */
    SPLIT("/**/ # c\n", { T, "/**/ # c" });                 /* ... not after a block comment */
    SPLIT("/* a\n b */ x\n", { T, "/* a\n b */ x" });       /* one statement over two lines */
    SPLIT("/* a\n b */\nx\n", { E, "/* a\n b */" }, { T, "x" });
    SPLIT("x /* a\r\n*/ y\n", { T, "x /* a\r\n*/ y" });
    SPLIT("\"a\nb\" x\n", { T, "\"a\nb\" x" });             /* strings span lines too */
    SPLIT("'a\nb\nc\n", { T, "'a\nb" }, { T, "c" });        /* "'a" swallows the '\n' */
    SPLIT("x ';' y\n", { T, "x ';' y" });                   /* ';' in a character literal */
    SPLIT("  ", { S, "  " });                               /* blanks at EOF: nothing */
    SPLIT("a\n\t", { T, "a" }, { S, "\t" });
    SPLIT("/* x */", { E, "/* x */" });                     /* ... a block comment: a line */
    SPLIT("x /* open", { T, "x /* open" });                 /* unterminated at EOF */
    CHECK(mqsad_next_statement("a\0b\n", 4, 1, &st) && st.kind == T && st.len == 3 && st.next == 4,
          "a NUL byte is a blank");
    /* line markers: '#' first on the line, blanks, an integer, a string; the rest of the
     * line is ignored, and the statement ends at the line's end whatever is open there */
    SPLIT("# 1 \"a.s\"\nx\n", { M, "# 1 \"a.s\"" }, { T, "x" });
    SPLIT("#1\"a\" 2 3\r\nx\n", { M, "#1\"a\" 2 3" }, { T, "x" });
    SPLIT("# 2 \"x\" /* a\n */ y\n", { M, "# 2 \"x\" /* a" }, { T, " */ y" });
    SPLIT("# 2 \"x\ny\"\nz\n", { M, "# 2 \"x" }, { T, "y\"\nz\n" });
    SPLIT("# 3 \"end\"", { M, "# 3 \"end\"" });
    SPLIT(" # 1 \"a\"\n# /**/ 1 \"a\"\n# 1f \"a\"\n# 1 a\n# 99999999999999999999 \"a\"\n",
          { S, " " }, { S, "" }, { S, "" }, { S, "" }, { S, "" });
    SPLIT("/**/# 1 \"a\"\n", { T, "/**/# 1 \"a\"" });
    SPLIT("# 1 \"open\n", { S, "" });                    /* a string open at EOF: a comment */
    marker_is("# 100 \"inc/bar.h\" 1 3\n", 100, "inc/bar.h");
    marker_is("#\t0x10\t\"\"", 16, "");
    marker_is("# 010 \"a\\\"b\"\n", 8, "a\\\"b");               /* escapes kept */
    marker_is("# 'a' \"c\"\n", 97, "c");
    marker_is("# 18446744073709551615 \"n\"\n", -1, "n");
    CHECK(mqsad_next_statement("x\n", 2, 1, &st) && st.marker_line == 0 && st.marker_name_len == 0,
          "no marker fields on other statements");
    CHECK(!mqsad_next_statement("# 1 \"a", 7, 0, &st), "a marker's string may close later");
    CHECK(!mqsad_next_statement("# 1 \"a\"", 8, 0, &st), "a marker's line end may come later");
    /* not at EOF: the end is not known yet */
    CHECK(!mqsad_next_statement("abc", 3, 0, &st), "no end yet");
    CHECK(!mqsad_next_statement("abc\r", 4, 0, &st), "a CR may be followed by LF");
    CHECK(!mqsad_next_statement("a /* b\n", 7, 0, &st), "open block comment");
    CHECK(!mqsad_next_statement("a \"b\n", 5, 0, &st), "open string");
    CHECK(!mqsad_next_statement("a ; c", 5, 0, &st), "comment without its line end");
    CHECK(mqsad_next_statement("abc\rd", 5, 0, &st) && st.len == 3 && st.next == 4, "CR then more");
    CHECK(!mqsad_next_statement("", 0, 1, &st), "empty text");
    CHECK(!mqsad_next_statement(NULL, 3, 1, &st), "NULL text");
    CHECK(!mqsad_next_statement("a\n", 2, 1, NULL), "NULL out");
}

/* Feeding the text in pieces (at_eof only at the end) cuts it exactly as the whole does. */
static void test_split_streaming(void)
{
    static const char alpha[] = "a a\n\r\"/*;#'\t0\"#1\"";
    unsigned long long rng = 0x9e3779b97f4a7c15ull;
    int round;
    for (round = 0; round < 20000; round++) {
        char buf[48];
        size_t len = (size_t)(t_xorshift64(&rng) % sizeof buf), i, p1 = 0, p2 = 0, avail = 0;
        mqsad_stmt a, b;
        int ok = 1;
        for (i = 0; i < len; i++) buf[i] = alpha[t_xorshift64(&rng) % (sizeof alpha - 1)];
        for (;;) {
            int got1 = mqsad_next_statement(buf + p1, len - p1, 1, &a), got2;
            /* the streamed side sees avail bytes and more only when it asks */
            for (;;) {
                got2 = mqsad_next_statement(buf + p2, avail - p2, avail == len, &b);
                if (got2 || avail == len) break;
                avail += 1 + (size_t)(t_xorshift64(&rng) % 5);
                if (avail > len) avail = len;
            }
            if (got1 != got2 || (got1 && (a.kind != b.kind || a.len != b.len || a.next != b.next ||
                                          a.newlines != b.newlines || a.marker_line != b.marker_line ||
                                          a.marker_name != b.marker_name ||
                                          a.marker_name_len != b.marker_name_len))) {
                ok = 0;
                break;
            }
            if (!got1) break;
            if (a.next == 0) { ok = 0; break; }
            p1 += a.next;
            p2 += b.next;
        }
        CHECK(ok, "round %d: streamed cut differs (\"%.*s\")", round, (int)len, buf);
        if (!ok) break;
    }
}

/* Every lexer error llvm-mc-22 prints for the line (gfx900), in order. */
static void errors_are(const char *line, const unsigned *cols, const char *const *msgs, size_t n)
{
    const mqsad_target *t = mqsad_target_lookup("gfx900");
    mqsad_inst inst;
    mqsad_diag d;
    size_t len = strlen(line), k = 0, resume = 0;
    unsigned col;
    char msg[160];
    CHECK(mqsad_parse(t, line, len, &inst, &d) != MQSAD_OK, "%s: rejected", line);
    if (n > 0) CHECK(d.column == cols[0] && !strcmp(d.message, msgs[0]), "%s: first %u %s", line, d.column, d.message);
    if (n > 1) CHECK(d.extra_column == cols[1] && !strcmp(d.extra_message, msgs[1]), "%s: second %u %s", line, d.extra_column, d.extra_message);
    else CHECK(d.extra_column == 0, "%s: no second error (%u %s)", line, d.extra_column, d.extra_message);
    for (k = 2; (col = mqsad_diag_next_lexer_error(line, len, &d, &resume, msg, sizeof msg, NULL)); k++) {
        CHECK(k < n && col == cols[k] && !strcmp(msg, msgs[k]), "%s: #%zu %u %s", line, k, col, msg);
        if (k > n) break;
    }
    CHECK(k == (n < 2 ? 2 : n), "%s: %zu errors, want %zu", line, k, n);
    CHECK(mqsad_diag_next_lexer_error(line, len, &d, &resume, msg, sizeof msg, NULL) == 0, "%s: stays at the end", line);
}

static void test_lexer_errors(void)
{
    static const char *const oct[] = { "failed parsing operand.", "invalid octal number",
                                       "invalid octal number" };
    static const unsigned oct_c[] = { 24, 28, 32 };
    static const char *const rng[] = { "register index is out of range", "invalid octal number",
                                       "invalid octal number", "invalid octal number", "invalid octal number" };
    static const unsigned rng_c[] = { 16, 23, 27, 31, 35 };
    static const char *const mix[] = { "failed parsing operand.", "invalid octal number",
                                       "invalid hexadecimal number" };
    static const unsigned mix_c[] = { 24, 29, 33 };
    static const char *const start[] = { "invalid octal number", "unexpected token at start of statement" };
    static const unsigned start_c[] = { 1, 1 };
    /* the token after each reported error is never looked at: 09 and the 08 after "', "
     * are not reported (llvm-mc-22 prints 44 46 52 and 24 27 34) */
    static const char *const skip[] = { "unknown token in expression", "invalid octal number",
                                        "invalid binary number" };
    static const unsigned skip_c[] = { 44, 46, 52 };
    static const char *const quote[] = { "failed parsing operand.", "single quote way too long",
                                         "invalid octal number" };
    static const unsigned quote_c[] = { 24, 27, 34 };
    /* a block comment after a reported error is the token not looked at (llvm-mc's raw
     * lexer returns it as a token): 09 is skipped, 0b2 reported */
    static const char *const cmt[] = { "failed parsing operand.", "invalid octal number",
                                       "invalid binary number" };
    static const unsigned cmt_c[] = { 24, 32, 40 };
    /* '@' with no name after it is not taken: the 08 after it is reported */
    static const char *const at[] = { "expected a symbol reference", "invalid octal number",
                                      "invalid binary number" };
    static const unsigned at_c[] = { 24, 26, 32 };
    /* an opening non-negative integer is lexed past twice (a directional label without
     * its ':'): the error after it comes first (llvm-mc-22: "1 08 x", "'\\q' 09 v") */
    static const char *const intstart[] = { "invalid octal number", "unexpected token at start of statement" };
    static const unsigned int_c[] = { 3, 1 }, chr_c[] = { 6, 1 };
    /* ... but not one token further, nor after a negative integer or a bignum */
    static const char *const only_start[] = { "unexpected token at start of statement" };
    static const unsigned one_c[] = { 1 };
    char msg[8];
    size_t resume = 0;
    mqsad_diag none;
    errors_are("1 08 x", int_c, intstart, 2);
    errors_are("'\\q' 09 v", chr_c, intstart, 2);
    errors_are("1 x 08", one_c, only_start, 1);
    errors_are("0x8000000000000000 08 y", one_c, only_start, 1);
    errors_are("0x10000000000000000 08", one_c, only_start, 1);
    errors_are("v_mqsad_u32_u8 v[4:7], 08, 08, 08 )", oct_c, oct, 3);
    errors_are("v_mqsad_u32_u8 v1000, 08, 08, 08, 08 )", rng_c, rng, 5);
    errors_are("v_mqsad_u32_u8 v[4:7], 0b2, 09, 0x )", mix_c, mix, 3);
    errors_are("v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ) 08 09 0b2 )", skip_c, skip, 3);
    errors_are("v_mqsad_u32_u8 v[4:7], 'ab', 08, 08 )", quote_c, quote, 3);
    errors_are("08 08 08 )", start_c, start, 2);
    errors_are("v_mqsad_u32_u8 v[4:7], 08 /**/ 09 /**/ 0b2 )", cmt_c, cmt, 3);
    errors_are("v_mqsad_u32_u8 v[4:7], @ 08 09 0b2 )", at_c, at, 3);   /* at the start: no more after these two */
    memset(&none, 0, sizeof none);
    CHECK(mqsad_diag_next_lexer_error("a 08 08", 7, &none, &resume, msg, sizeof msg, NULL) == 0,
          "no extra error: nothing more");
    CHECK(mqsad_diag_next_lexer_error("a 08 08", 7, NULL, NULL, msg, sizeof msg, NULL) == 0, "NULL resume");
}

/* llvm-mc's lookahead sees a block comment as a token (llvm-mc-22, gfx900): v followed by
 * a comment is a symbol, then [2:3] a register list with no register in it */
static void test_block_comment_lookahead(void)
{
    static const struct { const char *line; unsigned col; const char *msg; } cases[] = {
        { "v_mqsad_u32_u8 v[4:7], v/**/[2:3], v1, v[8:11]", 30, "expected a register or a list of registers" },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], abs/**/(v1), v[8:11]", 39, "invalid operand for instruction" },
    };
    const mqsad_target *t = mqsad_target_lookup("gfx900");
    mqsad_inst inst;
    mqsad_diag d;
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK(mqsad_parse(t, cases[i].line, strlen(cases[i].line), &inst, &d) != MQSAD_OK &&
              d.column == cases[i].col && !strcmp(d.message, cases[i].msg), "%s: %u %s",
              cases[i].line, d.column, d.message);
    CHECK(mqsad_parse(t, "v_mqsad_u32_u8 v[4:7], v[/**/2:3], /**/v1/**/, v[8:11]", 54, &inst, &d) == MQSAD_OK,
          "comments a token is consumed over are blanks");
}

/* mqsad_diag.in_operands: llvm-mc's recovery after these differs (diffcli_asm_recovery3):
 * errors while the operands are parsed vs. once the statement was read whole. */
static void test_in_operands(void)
{
    static const struct { const char *line; int in_operands; } cases[] = {
        { "v_mqsad_u32_u8 v1000", 1 },                          /* register range */
        { "v_mqsad_u32_u8 v[4:7], 08", 1 },                     /* lexer error */
        { "foo 08", 1 },                                        /* unknown, failed operand */
        { "v_mqsad_u32_u8 v[4:7], v1, v1, v[8:11]", 0 },        /* match */
        { "v_mqsad_u32_u8 v[4:7], v[2:3], v1", 0 },             /* too few operands */
        { "foo", 0 },                                           /* unknown mnemonic */
        { "08", 0 },                                            /* statement start */
    };
    const mqsad_target *t = mqsad_target_lookup("gfx900");
    mqsad_inst inst;
    mqsad_diag d;
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&d, 0x5a, sizeof d);
        CHECK(mqsad_parse(t, cases[i].line, strlen(cases[i].line), &inst, &d) != MQSAD_OK &&
              d.in_operands == cases[i].in_operands, "%s: in_operands %d", cases[i].line, d.in_operands);
    }
}

int main(void)
{
    test_in_operands();
    test_block_comment_lookahead();
    test_split();
    test_split_streaming();
    test_lexer_errors();
    return t_done();
}
