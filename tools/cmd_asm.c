/* cmd_asm.c — `mqsad asm -t TARGET [--hex|--bin] [FILE]`: LLVM AMDGPU assembly in,
 * llvm-mc -show-encoding output out (without llvm-mc's leading "\t.text" line).
 *
 * One instruction per line; comment lines (//, ;, #) print nothing, blank lines an empty
 * line and the first ".text" the "\t.text" echo (later ones nothing: the section does not
 * change), as llvm-mc does; trailing comments are allowed. Errors go to stderr exactly like llvm-mc:
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

/* Block reader: lines are found with memchr in a large buffer and handed out in place
 * (no copy); only a line that straddles the end of the buffer is moved to its front. */
#define READ_BUF (1 << 18)
typedef struct reader {
    FILE *f;
    size_t pos, end;
    int eof;
    char buf[READ_BUF];
} reader;

/* Next line (without the newline) in line and len; 0 at the end of input. *overlong: the line had
 * LINE_MAX_BYTES or more bytes (it is skipped up to its newline; *len is then 0). */
static int next_line(reader *r, const char **line, size_t *len, int *overlong)
{
    *overlong = 0;
    for (;;) {
        char *nl = memchr(r->buf + r->pos, '\n', r->end - r->pos);
        size_t avail = r->end - r->pos;
        if (nl || (r->eof && avail)) {
            size_t n = nl ? (size_t)(nl - (r->buf + r->pos)) : avail;
            *line = r->buf + r->pos;
            *len = n;
            r->pos += n + (nl != NULL);
            if (n >= LINE_MAX_BYTES) { *overlong = 1; *len = 0; }
            return 1;
        }
        if (r->eof) return 0;
        if (avail >= LINE_MAX_BYTES) {
            /* no newline within the limit: drop what we have and the rest of the line */
            *overlong = 1;
            *len = 0;
            for (;;) {
                r->pos = 0;
                r->end = fread(r->buf, 1, sizeof r->buf, r->f);
                if (r->end == 0) { r->eof = 1; return 1; }
                nl = memchr(r->buf, '\n', r->end);
                if (nl) { r->pos = (size_t)(nl - r->buf) + 1; return 1; }
            }
        }
        memmove(r->buf, r->buf + r->pos, avail);
        r->pos = 0;
        r->end = avail;
        {
            size_t got = fread(r->buf + avail, 1, sizeof r->buf - avail, r->f);
            if (got == 0) r->eof = 1;
            r->end += got;
        }
    }
}

/* Output buffer: whole blocks go to stdout with one fwrite. */
#define OUT_BUF (1 << 16)
static char obuf[OUT_BUF];
static size_t olen;

static void out_flush(void)
{
    if (olen) fwrite(obuf, 1, olen, stdout);
    olen = 0;
}

/* room for n more bytes (n <= OUT_BUF) */
static char *out_room(size_t n)
{
    if (OUT_BUF - olen < n) out_flush();
    return obuf + olen;
}

static void out_put(const void *s, size_t n)
{
    memcpy(out_room(n), s, n);
    olen += n;
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
    out_put(buf, o);
}

int cmd_asm(int argc, char **argv)
{
    static reader rd;
    const char *tname = NULL, *file = NULL, *name;
    const mqsad_target *t;
    int mode = OUT_TEXT, i, failed = 0;
    FILE *in;
    unsigned long lineno = 0;
    int in_text = 0;         /* a ".text" line has been echoed */

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
    for (;;) {
        const char *line;
        size_t len = 0;
        mqsad_inst inst;
        mqsad_diag d;
        uint8_t bytes[16];
        size_t n = 0, olen1 = 0;
        mqsad_status st;
        int overlong = 0;
        /* one line, in place in the read buffer (NUL bytes included; an overlong line is
         * read and dropped) */
        if (!next_line(&rd, &line, &len, &overlong)) break;
        lineno++;
        if (overlong) {
            fprintf(stderr, "%s:%lu:1: error: line too long (more than %d bytes)\n", name, lineno,
                    LINE_MAX_BYTES - 1);
            failed = 1;
            continue;
        }
        /* the usual line starts with the mnemonic: skip the comment/blank-line check */
        if (len == 0 || (line[0] != 'v' && line[0] != 'V')) {
            int k = non_instruction(line, len);
            if (k >= 0) {
                if (mode == OUT_TEXT && k == 1) out_put("\n", 1);
                /* llvm-mc's streamer prints a section switch only when the section
                 * changes: the first ".text" echoes, later ones (already in .text) do not */
                if (mode == OUT_TEXT && k == 2 && !in_text) out_put("\t.text\n", 7);
                if (k == 2) in_text = 1;
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
            out_put(bytes, n);
            continue;
        }
        if (mode == OUT_HEX) {
            emit_hex(bytes, n);
            continue;
        }
        {
            /* formatted straight into the output buffer (512 bytes of room each) */
            char *o = out_room(1024);
            if (mqsad_format_encoding_line(&inst, bytes, n, o, 511, &olen1) == MQSAD_OK) {
                o[olen1++] = '\n';
                olen += olen1;
            }
            if (inst.src[1].kind == MQSAD_OPK_SYMBOL) {
                o = obuf + olen;
                if (mqsad_format_fixup(&inst, o, 511, &olen1) == MQSAD_OK) {
                    /* llvm-mc: FK_Data_4 for differences and symbol-free expressions */
                    char *k = strstr(o, "FK_PCRel_4");
                    if (inst.symbol_data4 && k) { memcpy(k, "FK_Data_4", 10); olen1--; }
                    o[olen1++] = '\n';
                    olen += olen1;
                }
            }
        }
    }
    out_flush();
    if (in != stdin) fclose(in);
    fflush(stdout);
    return failed ? 1 : 0;
}
