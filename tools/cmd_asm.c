/* cmd_asm.c — `mqsad asm -t TARGET [--hex|--bin] [FILE]`: LLVM AMDGPU assembly in,
 * llvm-mc -show-encoding output out (without llvm-mc's leading "\t.text" line).
 *
 * One instruction per line; comment lines (//, ;, #) print nothing, blank lines an empty
 * line and ".text" the "\t.text" echo, as llvm-mc does; trailing comments are allowed. Errors go to stderr exactly like llvm-mc:
 * "FILE:LINE:COL: error: MESSAGE", the source line (tabs expanded to 8 columns) and a caret
 * line; assembly continues with the next line and the exit status is 1 if any line failed.
 * Streaming with a fixed line buffer: memory does not grow with the input; a line longer
 * than the buffer is reported as an error and skipped. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#define LINE_MAX_BYTES 8192

enum { OUT_TEXT, OUT_HEX, OUT_BIN };

static void usage(FILE *o)
{
    fprintf(o, "usage: mqsad asm -t TARGET [--hex|--bin] [FILE]\n"
               "  Assembles v_mqsad_u32_u8 lines (LLVM syntax) like\n"
               "  `llvm-mc -triple=amdgcn -mcpu=TARGET -show-encoding` (no leading .text line).\n"
               "  -t, --target NAME  gfx name (gfx1100) or generation (rdna3, cdna3, ...)\n"
               "  --hex              print each instruction as little-endian 32-bit hex words\n"
               "  --bin              write the raw bytes to stdout\n"
               "  FILE               input file (default: standard input, named <stdin>)\n");
}

/* llvm-mc's SourceMgr echo: tabs expand to the next multiple of 8 columns; the line ends
 * at the first '\r' (as for SourceMgr), and a line with a non-ASCII byte gets no caret. */
static void print_source(FILE *o, const char *line, size_t len, unsigned col)
{
    size_t i, vis = 0, caret = 0;
    int ascii = 1;
    const char *cr = memchr(line, '\r', len);
    if (cr) len = (size_t)(cr - line);
    for (i = 0; i < len; i++)
        if ((unsigned char)line[i] >= 0x80) ascii = 0;
    for (i = 0; i < len; i++) {
        if (i + 1 == col) caret = vis;
        if (line[i] == '\t') {
            do { fputc(' ', o); vis++; } while (vis % 8);
        } else {
            fputc(line[i], o);
            vis++;
        }
    }
    if (col > len) caret = vis + (col - 1 - len);
    fputc('\n', o);
    if (!ascii) return;
    for (i = 0; i < caret; i++) fputc(' ', o);
    fputs("^\n", o);
}

/* What llvm-mc prints for a line that holds no instruction: 0 = nothing (a comment
 * line), 1 = an empty line (blank or whitespace/block-comment only), 2 = "\t.text",
 * -1 = not such a line. */
static int non_instruction(const char *s, size_t n)
{
    size_t i = 0;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;  /* not \v \f (llvm-mc) */
        if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
            size_t j = i + 2;
            while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/')) j++;
            if (j + 1 >= n) return -1;
            i = j + 2;
            continue;
        }
        break;
    }
    if (i == n) return 1;
    if (s[i] == ';' || s[i] == '#') return 0;
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') return 0;
    if (n - i >= 5 && !memcmp(s + i, ".text", 5)) {
        size_t j = i + 5;
        while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r')) j++;
        if (j == n || s[j] == ';' || (s[j] == '/' && j + 1 < n && s[j + 1] == '/')) return 2;
    }
    return -1;
}

/* Memo of recently assembled lines: assembly files repeat instructions, and an exact
 * byte match of a line that assembled before reuses its output (fixed size, direct
 * mapped, word-wise multiplicative hash of the line; only successful lines of at most MEMO_LINE bytes). */
#define MEMO_SLOTS 512
#define MEMO_LINE 120
#define MEMO_OUT 280
typedef struct memo_slot {
    unsigned short len, olen;
    unsigned char nbytes, used;
    char line[MEMO_LINE];
    char out[MEMO_OUT];
    uint8_t bytes[16];
} memo_slot;

static uint32_t line_hash(const char *s, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
    }
    for (; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return (uint32_t)(h ^ (h >> 29));
}

/* Block reader: lines are found with memchr in a 64 KiB buffer. */
typedef struct reader {
    FILE *f;
    char buf[65536];
    size_t pos, end;
    int eof;
} reader;

static int fill(reader *r)
{
    if (r->eof) return 0;
    r->pos = 0;
    r->end = fread(r->buf, 1, sizeof r->buf, r->f);
    if (r->end == 0) { r->eof = 1; return 0; }
    return 1;
}

/* Returns '\n' after a complete line, EOF at the end of input. */
static int read_line(reader *r, char *line, size_t cap, size_t *len, int *overlong)
{
    *len = 0;
    *overlong = 0;
    for (;;) {
        const char *nl;
        size_t n;
        if (r->pos >= r->end && !fill(r)) return EOF;
        nl = memchr(r->buf + r->pos, '\n', r->end - r->pos);
        n = nl ? (size_t)(nl - (r->buf + r->pos)) : r->end - r->pos;
        if (*len + n > cap) {
            size_t room = cap - *len;
            memcpy(line + *len, r->buf + r->pos, room);
            *len = cap;
            *overlong = 1;
        } else {
            memcpy(line + *len, r->buf + r->pos, n);
            *len += n;
        }
        r->pos += n;
        if (nl) { r->pos++; return '\n'; }
    }
}

static void emit_hex(const uint8_t *bytes, size_t n)
{
    static const char dig[] = "0123456789abcdef";
    char buf[40];
    size_t k, o = 0;
    for (k = 0; k + 4 <= n; k += 4) {
        int j;
        if (k) buf[o++] = ' ';
        for (j = 3; j >= 0; j--) {
            buf[o++] = dig[bytes[k + (size_t)j] >> 4];
            buf[o++] = dig[bytes[k + (size_t)j] & 15];
        }
    }
    buf[o++] = '\n';
    fwrite(buf, 1, o, stdout);
}

int cmd_asm(int argc, char **argv)
{
    static reader rd;
    static memo_slot memo[MEMO_SLOTS];
    memo_slot *slot;
    const char *tname = NULL, *file = NULL, *name;
    const mqsad_target *t;
    int mode = OUT_TEXT, i, failed = 0;
    FILE *in;
    static char line[LINE_MAX_BYTES];
    char out[512];
    unsigned long lineno = 0;

    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { usage(stdout); return 0; }
        if ((!strcmp(argv[i], "-t") || !strcmp(argv[i], "--target")) && i + 1 < argc) tname = argv[++i];
        else if (!strncmp(argv[i], "--target=", 9)) tname = argv[i] + 9;
        else if (!strncmp(argv[i], "-mcpu=", 6)) tname = argv[i] + 6;
        else if (!strcmp(argv[i], "--hex")) mode = OUT_HEX;
        else if (!strcmp(argv[i], "--bin")) mode = OUT_BIN;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mqsad asm: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (!file) file = argv[i];
        else { fprintf(stderr, "mqsad asm: more than one input file\n"); return 2; }
    }
    if (!tname) { fprintf(stderr, "mqsad asm: a target is required (-t TARGET)\n"); usage(stderr); return 2; }
    t = mqsad_target_lookup(tname);
    if (!t) { fprintf(stderr, "mqsad asm: unknown target '%s'\n", tname); return 2; }
    if (file && strcmp(file, "-")) {
        in = fopen(file, "r");
        if (!in) { fprintf(stderr, "mqsad asm: cannot open '%s'\n", file); return 2; }
        name = file;
    } else {
        in = stdin;
        name = "<stdin>";
    }

    rd.f = in;
    rd.pos = rd.end = 0;
    rd.eof = 0;
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    for (;;) {
        size_t len = 0;
        mqsad_inst inst;
        mqsad_diag d;
        uint8_t bytes[16];
        size_t n = 0, olen = 0;
        mqsad_status st;
        int c = 0, overlong = 0;
        /* one line into the fixed buffer (NUL bytes included; the rest of an overlong
         * line is read and dropped) */
        c = read_line(&rd, line, sizeof line - 1, &len, &overlong);
        if (c == EOF && len == 0 && !overlong) break;
        line[len] = '\0';
        lineno++;
        if (overlong) {
            fprintf(stderr, "%s:%lu:1: error: line too long (more than %d bytes)\n", name, lineno,
                    LINE_MAX_BYTES - 1);
            failed = 1;
            if (c == EOF) break;
            continue;
        }
        {
            int k = non_instruction(line, len);
            if (k >= 0) {
                if (mode == OUT_TEXT && k == 1) putchar('\n');
                if (mode == OUT_TEXT && k == 2) fputs("\t.text\n", stdout);
                continue;
            }
        }
        slot = NULL;
        if (len <= MEMO_LINE) {
            slot = &memo[line_hash(line, len) & (MEMO_SLOTS - 1)];
            if (slot->used && slot->len == len && !memcmp(slot->line, line, len)) {
                if (mode == OUT_BIN) fwrite(slot->bytes, 1, slot->nbytes, stdout);
                else if (mode == OUT_HEX) emit_hex(slot->bytes, slot->nbytes);
                else fwrite(slot->out, 1, slot->olen, stdout);
                continue;
            }
        }
        st = mqsad_assemble(t, line, len, &inst, bytes, sizeof bytes, &n, &d);
        if (st != MQSAD_OK) {
            fprintf(stderr, "%s:%lu:%u: error: %s\n", name, lineno, d.column, d.message);
            print_source(stderr, line, len, d.column);
            if (d.extra_column) {
                fprintf(stderr, "%s:%lu:%u: error: %s\n", name, lineno, d.extra_column, d.extra_message);
                print_source(stderr, line, len, d.extra_column);
            }
            failed = 1;
            continue;
        }
        if (mode == OUT_BIN) {
            fwrite(bytes, 1, n, stdout);
            continue;
        }
        if (mode == OUT_HEX) {
            emit_hex(bytes, n);
            continue;
        }
        {
            char text[MEMO_OUT + 512];
            size_t tl = 0;
            if (mqsad_format_encoding_line(&inst, bytes, n, out, sizeof out, &olen) == MQSAD_OK) {
                memcpy(text, out, olen);
                text[olen] = '\n';
                tl = olen + 1;
            }
            if (inst.src[1].kind == MQSAD_OPK_SYMBOL &&
                mqsad_format_fixup(&inst, out, sizeof out, &olen) == MQSAD_OK) {
                /* llvm-mc: FK_Data_4 for differences and symbol-free expressions */
                char *k = strstr(out, "FK_PCRel_4");
                if (inst.symbol_data4 && k) { memcpy(k, "FK_Data_4", 10); olen--; }
                memcpy(text + tl, out, olen);
                text[tl + olen] = '\n';
                tl += olen + 1;
            }
            fwrite(text, 1, tl, stdout);
            if (slot && tl <= MEMO_OUT) {
                slot->used = 1;
                slot->len = (unsigned short)len;
                memcpy(slot->line, line, len);
                slot->olen = (unsigned short)tl;
                memcpy(slot->out, text, tl);
                slot->nbytes = (unsigned char)n;
                memcpy(slot->bytes, bytes, n);
            }
        }
    }
    if (in != stdin) fclose(in);
    fflush(stdout);
    return failed ? 1 : 0;
}
