/* cmd_eval.c — `mqsad eval`: computes V_MQSAD_U32_U8 results from operand values.
 *
 * Input: lines "S0 S1 S2.0 S2.1 S2.2 S2.3 [clamp]" from stdin, or the arguments taken as
 * one line. Output: "D0 D1 D2 D3" as 0x%08x, one line per input line. Streaming with a
 * fixed line buffer; a bad line is reported on stderr with its number and skipped. */
#include "cli.h"

#include <errno.h>
#include <string.h>

#define EVAL_LINE_MAX 1024   /* bytes per line including the newline */
#define EVAL_FIELDS_MAX 8    /* we only need 7; one more to detect "too many" */

static const char *const field_name[7] = { "S0", "S1", "S2.0", "S2.1", "S2.2", "S2.3", "clamp" };

static void eval_usage(FILE *out)
{
    fprintf(out,
        "usage: mqsad eval [S0 S1 S2.0 S2.1 S2.2 S2.3 [clamp]]\n"
        "\n"
        "Computes D = V_MQSAD_U32_U8(S0, S1, S2) with the library's scalar reference.\n"
        "With arguments, they form one input line; without, lines are read from stdin.\n"
        "\n"
        "input line:  S0 S1 S2.0 S2.1 S2.2 S2.3 [CLAMP]\n"
        "  S0         64-bit search window (8 unsigned bytes)\n"
        "  S1         32-bit reference (4 unsigned bytes; zero bytes are masked)\n"
        "  S2.0..S2.3 four 32-bit accumulators\n"
        "  CLAMP      optional: 'clamp' or 1 saturates each result at 0xffffffff,\n"
        "             0 (or absent) wraps modulo 2^32 (clamp policy: docs/semantics.md)\n"
        "  Numbers are hexadecimal with 0x/0X or unsigned decimal; fields are separated\n"
        "  by spaces or tabs. Blank lines and lines starting with '#' are ignored; '#'\n"
        "  at the start of a field begins a comment to the end of the line.\n"
        "  At most %d bytes per line.\n"
        "\n"
        "output line: D0 D1 D2 D3 as 0x%%08x separated by single spaces.\n"
        "\n"
        "errors: 'mqsad eval: line N: MESSAGE' on stderr; the other lines are still\n"
        "processed. exit status: 0 all lines ok, 1 some line invalid, 2 usage error.\n"
        "\n"
        "example:\n"
        "  $ mqsad eval 0x0706050403020100 0x03020100 11 13 17 19\n"
        "  0x0000000b 0x00000010 0x00000017 0x0000001c\n",
        EVAL_LINE_MAX - 1);
}

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Parses tok[0..len) as 0x-hex or decimal into *out, at most `bits` bits wide.
 * Returns 0 ok, 1 not a number, 2 too large. */
static int parse_number(const char *tok, size_t len, unsigned bits, unsigned long long *out)
{
    unsigned long long v = 0, max = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    size_t i = 0;
    int base = 10, big = 0;
    if (len >= 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) { base = 16; i = 2; }
    if (i == len) return 1;
    for (; i < len; i++) {
        int d = base == 16 ? hex_digit((unsigned char)tok[i])
                           : (tok[i] >= '0' && tok[i] <= '9' ? tok[i] - '0' : -1);
        if (d < 0) return 1;
        if (big) continue;   /* keep checking the syntax of the rest */
        if (v > (max - (unsigned)d) / (unsigned)base) { big = 1; continue; }
        v = v * (unsigned)base + (unsigned)d;
    }
    if (big) return 2;
    *out = v;
    return 0;
}

/* Evaluates one line (len bytes, no newline). Returns 0 ok/ignored, 1 error. */
static int eval_line(const char *line, size_t len, unsigned long lineno)
{
    const char *tok[EVAL_FIELDS_MAX];
    size_t tlen[EVAL_FIELDS_MAX];
    unsigned long long val[7] = { 0 };
    size_t i = 0, n = 0, k;
    int clamp = 0;

    while (i < len) {
        size_t start;
        while (i < len && is_space((unsigned char)line[i])) i++;
        if (i == len) break;
        if (line[i] == '#') break;   /* comment to end of line */
        start = i;
        while (i < len && !is_space((unsigned char)line[i])) i++;
        if (n < EVAL_FIELDS_MAX) { tok[n] = line + start; tlen[n] = i - start; }
        n++;
    }
    if (n == 0) return 0;
    if (n != 6 && n != 7) {
        fprintf(stderr, "mqsad eval: line %lu: expected 6 or 7 fields "
                "(S0 S1 S2.0 S2.1 S2.2 S2.3 [clamp]), got %lu\n", lineno, (unsigned long)n);
        return 1;
    }
    for (k = 0; k < 6; k++) {
        unsigned bits = k == 0 ? 64 : 32;
        int r = parse_number(tok[k], tlen[k], bits, &val[k]);
        int shown = tlen[k] > 40 ? 40 : (int)tlen[k];
        if (r == 1) {
            fprintf(stderr, "mqsad eval: line %lu: bad number '%.*s%s' for %s "
                    "(want 0x-hex or unsigned decimal)\n", lineno, shown, tok[k],
                    shown < (int)tlen[k] ? "..." : "", field_name[k]);
            return 1;
        }
        if (r == 2) {
            fprintf(stderr, "mqsad eval: line %lu: value '%.*s%s' too large for %s (%u bits)\n",
                    lineno, shown, tok[k], shown < (int)tlen[k] ? "..." : "", field_name[k], bits);
            return 1;
        }
    }
    if (n == 7) {
        if (tlen[6] == 5 && !memcmp(tok[6], "clamp", 5)) clamp = 1;
        else if (tlen[6] == 1 && (tok[6][0] == '0' || tok[6][0] == '1')) clamp = tok[6][0] == '1';
        else {
            int shown = tlen[6] > 40 ? 40 : (int)tlen[6];
            fprintf(stderr, "mqsad eval: line %lu: bad clamp field '%.*s%s' "
                    "(want 'clamp', 0 or 1)\n", lineno, shown, tok[6],
                    shown < (int)tlen[6] ? "..." : "");
            return 1;
        }
    }
    {
        uint32_t s2[4], d[4];
        for (k = 0; k < 4; k++) s2[k] = (uint32_t)val[2 + k];
        mqsad_u32_u8_clamp((uint64_t)val[0], (uint32_t)val[1], s2, clamp, d);
        printf("0x%08lx 0x%08lx 0x%08lx 0x%08lx\n", (unsigned long)d[0], (unsigned long)d[1],
               (unsigned long)d[2], (unsigned long)d[3]);
    }
    return 0;
}

int cmd_eval(int argc, char **argv)
{
    static char buf[EVAL_LINE_MAX];
    unsigned long lineno = 0;
    int bad = 0, i;

    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { eval_usage(stdout); return 0; }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "mqsad eval: unknown option '%s' (try 'mqsad eval --help')\n",
                    argv[i]);
            return 2;
        }
    }
    if (argc > 1) {   /* the arguments are one line */
        size_t len = 0;
        for (i = 1; i < argc; i++) {
            size_t l = strlen(argv[i]);
            if (len + l + 1 >= sizeof buf) {
                fprintf(stderr, "mqsad eval: line 1: line too long (more than %d bytes)\n",
                        EVAL_LINE_MAX - 1);
                return 1;
            }
            if (len) buf[len++] = ' ';
            memcpy(buf + len, argv[i], l);
            len += l;
        }
        bad = eval_line(buf, len, 1);
    } else {
        int c;
        size_t len = 0;
        int overlong = 0;
        do {
            c = getchar();
            if (c == EOF || c == '\n') {
                if (c == EOF && len == 0 && !overlong) break;
                lineno++;
                if (overlong) {
                    fprintf(stderr, "mqsad eval: line %lu: line too long (more than %d bytes)\n",
                            lineno, EVAL_LINE_MAX - 1);
                    bad = 1;
                } else if (eval_line(buf, len, lineno)) {
                    bad = 1;
                }
                len = 0;
                overlong = 0;
                continue;
            }
            if (overlong) continue;
            if (len + 1 >= sizeof buf) { overlong = 1; continue; }
            buf[len++] = c == '\0' ? '?' : (char)c;
        } while (c != EOF);
        if (ferror(stdin)) {
            cli_read_error("eval", "<stdin>", errno);
            bad = 1;
        }
    }
    return bad ? 1 : 0;   /* main() checks that stdout was written */
}
