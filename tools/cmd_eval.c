/* cmd_eval.c — `mqsad eval`: computes a SAD-family instruction's results from operand
 * values with the library's scalar reference (mqsad_eval).
 *
 * Input: lines of operand values from stdin, or the arguments taken as one line.
 * `-i v_mqsad_u32_u8` (the default): "S0 S1 S2.0 S2.1 S2.2 S2.3 [clamp]" -> "D0 D1 D2 D3";
 * any other member: "S0 S1 S2 [clamp]" -> "D", each number as wide as its operand in the
 * instruction table (64-bit S0 of the quad forms, 64-bit S2/D of the packed forms).
 * Streaming with a fixed line buffer; a bad line is reported on stderr with its number
 * and skipped. */
#include "cli.h"

#include <errno.h>
#include <string.h>

#define EVAL_LINE_MAX 1024   /* bytes per line including the newline */
#define EVAL_FIELDS_MAX 8    /* we need at most 7; one more to detect "too many" */

static const char *const quad_field_name[7] = { "S0", "S1", "S2.0", "S2.1", "S2.2", "S2.3", "clamp" };
static const char *const field_name[4] = { "S0", "S1", "S2", "clamp" };

static void eval_usage(FILE *out)
{
    unsigned k;
    fprintf(out,
        "usage: mqsad eval [-i MNEMONIC] [OPERANDS...]\n"
        "\n"
        "Computes D = MNEMONIC(S0, S1, S2) with the library's scalar reference.\n"
        "With operands as arguments, they form one input line; without, lines are read\n"
        "from stdin.\n"
        "\n"
        "  -i, --instruction MNEMONIC   the instruction (default v_mqsad_u32_u8); one of\n"
        "                               ");
    cli_print_insn_names(out, 31);
    fprintf(out,
        "\n"
        "\n"
        "input line (v_mqsad_u32_u8):  S0 S1 S2.0 S2.1 S2.2 S2.3 [CLAMP]\n"
        "  S0         64-bit search window (8 unsigned bytes)\n"
        "  S1         32-bit reference (4 unsigned bytes; zero bytes are masked)\n"
        "  S2.0..S2.3 four 32-bit accumulators\n"
        "input line (the other seven):  S0 S1 S2 [CLAMP]\n"
        "  one number per operand, as wide as the operand (bits: S0 S1 S2 -> D):\n");
    for (k = 1; k < MQSAD_INSN_COUNT; k++) {
        const mqsad_insn_info *in = mqsad_insn_get((mqsad_insn_id)k);
        fprintf(out, "    %-18s %2u %2u %2u -> %2u%s\n", in->name, 32u * in->width[0],
                32u * in->width[1], 32u * in->width[2], 32u * in->width[3],
                in->elem_bits == 16 ? " (four packed u16)" : "");
    }
    fprintf(out,
        "  CLAMP      optional: 'clamp' or 1 saturates each result element at its\n"
        "             maximum (0xffffffff, or 0xffff per packed u16), 0 (or absent)\n"
        "             wraps (clamp policy: docs/semantics.md)\n"
        "  Numbers are hexadecimal with 0x/0X or unsigned decimal; fields are separated\n"
        "  by spaces or tabs. Blank lines and lines starting with '#' are ignored; '#'\n"
        "  at the start of a field begins a comment to the end of the line.\n"
        "  At most %d bytes per line.\n"
        "\n"
        "output line: v_mqsad_u32_u8: D0 D1 D2 D3 as 0x%%08x separated by single spaces;\n"
        "  the others: D as 0x%%08x (32-bit result) or 0x%%016x (64-bit result).\n"
        "\n"
        "errors: 'mqsad eval: line N: MESSAGE' on stderr; the other lines are still\n"
        "processed. exit status: 0 all lines ok, 1 some line invalid, 2 usage error.\n"
        "\n"
        "examples:\n"
        "  $ mqsad eval 0x0706050403020100 0x03020100 11 13 17 19\n"
        "  0x0000000b 0x00000010 0x00000017 0x0000001c\n"
        "  $ mqsad eval -i v_sad_u8 0x04030201 0x08060402 5\n"
        "  0x0000000f\n",
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

/* Reports a bad clamp field. */
static int bad_clamp(const char *tok, size_t len, unsigned long lineno)
{
    int shown = len > 40 ? 40 : (int)len;
    fprintf(stderr, "mqsad eval: line %lu: bad clamp field '%.*s%s' "
            "(want 'clamp', 0 or 1)\n", lineno, shown, tok, shown < (int)len ? "..." : "");
    return 1;
}

/* Parses a clamp field into *clamp; 0 ok, 1 bad. */
static int parse_clamp(const char *tok, size_t len, int *clamp)
{
    if (len == 5 && !memcmp(tok, "clamp", 5)) { *clamp = 1; return 0; }
    if (len == 1 && (tok[0] == '0' || tok[0] == '1')) { *clamp = tok[0] == '1'; return 0; }
    return 1;
}

/* Parses a field (named name, bits wide, starting at column col) into *v, reporting
 * errors with line and column. 0 ok, 1 error. */
static int parse_field(const char *tok, size_t len, unsigned bits, const char *name,
                       unsigned long lineno, size_t col, unsigned long long *v)
{
    int r = parse_number(tok, len, bits, v);
    int shown = len > 40 ? 40 : (int)len;
    if (r == 1) {
        fprintf(stderr, "mqsad eval: line %lu: bad number '%.*s%s' for %s at column %lu "
                "(want 0x-hex or unsigned decimal)\n", lineno, shown, tok,
                shown < (int)len ? "..." : "", name, (unsigned long)col);
        return 1;
    }
    if (r == 2) {
        fprintf(stderr, "mqsad eval: line %lu: value '%.*s%s' too large for %s (%u bits) "
                "at column %lu\n", lineno, shown, tok, shown < (int)len ? "..." : "", name,
                bits, (unsigned long)col);
        return 1;
    }
    return 0;
}

/* One line of a family member other than V_MQSAD_U32_U8: S0 S1 S2 [clamp] -> D. */
static int eval_family(const mqsad_insn_info *in, const char *line, const char *const *tok,
                       const size_t *tlen, size_t n, unsigned long lineno)
{
    unsigned long long val[3];
    uint32_t s2[4] = { 0 }, d[4];
    int clamp = 0;
    size_t k;
    if (n != 3 && n != 4) {
        fprintf(stderr, "mqsad eval: line %lu: expected 3 or 4 fields "
                "(S0 S1 S2 [clamp]) for %s, got %lu\n", lineno, in->name, (unsigned long)n);
        return 1;
    }
    for (k = 0; k < 3; k++)
        if (parse_field(tok[k], tlen[k], 32u * in->width[k], field_name[k], lineno,
                        (size_t)(tok[k] - line) + 1, &val[k]))
            return 1;
    if (n == 4 && parse_clamp(tok[3], tlen[3], &clamp)) return bad_clamp(tok[3], tlen[3], lineno);
    s2[0] = (uint32_t)val[2];
    s2[1] = (uint32_t)(val[2] >> 32);
    if (mqsad_eval(in->id, (uint64_t)val[0], (uint32_t)val[1], s2, clamp, d) != MQSAD_OK) {
        fprintf(stderr, "mqsad eval: line %lu: cannot evaluate %s\n", lineno, in->name);
        return 1;
    }
    if (in->width[MQSAD_SLOT_VDST] == 2)
        printf("0x%016llx\n", (unsigned long long)d[1] << 32 | d[0]);
    else
        printf("0x%08lx\n", (unsigned long)d[0]);
    return 0;
}

/* Evaluates one line (len bytes, no newline). Returns 0 ok/ignored, 1 error. */
static int eval_line(const mqsad_insn_info *in, const char *line, size_t len,
                     unsigned long lineno)
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
    if (in->id != MQSAD_INSN_MQSAD_U32_U8)
        return eval_family(in, line, tok, tlen, n, lineno);
    if (n != 6 && n != 7) {
        fprintf(stderr, "mqsad eval: line %lu: expected 6 or 7 fields "
                "(S0 S1 S2.0 S2.1 S2.2 S2.3 [clamp]), got %lu\n", lineno, (unsigned long)n);
        return 1;
    }
    for (k = 0; k < 6; k++)
        if (parse_field(tok[k], tlen[k], k == 0 ? 64 : 32, quad_field_name[k], lineno,
                        (size_t)(tok[k] - line) + 1, &val[k]))
            return 1;
    if (n == 7 && parse_clamp(tok[6], tlen[6], &clamp)) return bad_clamp(tok[6], tlen[6], lineno);
    {
        uint32_t s2[4], d[4];
        for (k = 0; k < 4; k++) s2[k] = (uint32_t)val[2 + k];
        mqsad_eval(in->id, (uint64_t)val[0], (uint32_t)val[1], s2, clamp, d);
        printf("0x%08lx 0x%08lx 0x%08lx 0x%08lx\n", (unsigned long)d[0], (unsigned long)d[1],
               (unsigned long)d[2], (unsigned long)d[3]);
    }
    return 0;
}

int cmd_eval(int argc, char **argv)
{
    static char buf[EVAL_LINE_MAX];
    unsigned long lineno = 0;
    int bad = 0, i, first = 1;
    const mqsad_insn_info *in = mqsad_insn_get(MQSAD_INSN_MQSAD_U32_U8);
    const char *name = NULL;

    for (i = 1; i < argc; i++)
        if (cli_is_help(argv[i])) { eval_usage(stdout); return 0; }
    /* options come first; the rest is the input line */
    while (first < argc && argv[first][0] == '-' && argv[first][1] != '\0') {
        const char *a = argv[first];
        if (!strcmp(a, "-i") || !strcmp(a, "--instruction")) {
            if (first + 1 >= argc) {
                fprintf(stderr, "mqsad eval: %s needs a mnemonic (try 'mqsad eval --help')\n", a);
                return 2;
            }
            name = argv[first + 1];
            first += 2;
        } else if (!strncmp(a, "--instruction=", 14)) {
            name = a + 14;
            first++;
        } else {
            fprintf(stderr, "mqsad eval: unknown option '%s' (try 'mqsad eval --help')\n", a);
            return 2;
        }
        if (name) {
            in = mqsad_insn_lookup(name);
            if (!in) {
                fprintf(stderr, "mqsad eval: unknown instruction '%s' (one of the SAD family: "
                        "try 'mqsad eval --help')\n", name);
                return 2;
            }
        }
    }
    for (i = first; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "mqsad eval: unknown option '%s' (try 'mqsad eval --help')\n",
                    argv[i]);
            return 2;
        }
    if (argc > first) {   /* the arguments are one line */
        size_t len = 0;
        for (i = first; i < argc; i++) {
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
        bad = eval_line(in, buf, len, 1);
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
                } else if (eval_line(in, buf, len, lineno)) {
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
