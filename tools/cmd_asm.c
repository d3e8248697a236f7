/* cmd_asm.c — `mqsad asm -t TARGET [--hex|--bin] [FILE]`: LLVM AMDGPU assembly in,
 * llvm-mc -show-encoding output out (without llvm-mc's leading "\t.text" line).
 *
 * Statements are cut as llvm-mc's lexer cuts them (mqsad_next_statement): one per line, a
 * lone '\r' ends one too, block comments and strings may span lines. Comment-only
 * statements print nothing, blank ones an empty line, the first ".text" the "\t.text"
 * echo (later ones nothing: the section does not change), as llvm-mc does. Errors go to
 * stderr exactly like llvm-mc: "FILE:LINE:COL: error: MESSAGE", the source line (tabs
 * expanded to 8 columns) and a caret line, every lexer error llvm-mc meets while skipping
 * the statement, and llvm-mc's recovery (see the loop); assembly continues with the next
 * statement and the exit status is 1 if any failed. Streaming with a fixed buffer: memory
 * does not grow with the input; a statement longer than LINE_MAX_BYTES is an error. */
#include "cli.h"

#include <errno.h>
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

/* 1 if the statement is the ".text" directive (blanks and block comments around it) */
static int is_text_directive(const char *s, size_t n)
{
    size_t i = 0;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\0')) i++;
        if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
            size_t j = i + 2;
            while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/')) j++;
            if (j + 1 >= n) return 0;
            i = j + 2;
            continue;
        }
        /* parseIdentifier takes a string as the name too: ".text" or "\".text\"" */
        if (n - i >= 7 && !memcmp(s + i, "\".text\"", 7)) i += 2;
        else if (n - i < 5 || memcmp(s + i, ".text", 5)) return 0;
        for (i += 5; i < n; i++)
            if (s[i] != ' ' && s[i] != '\t' && s[i] != '\0') return 0;
        return 1;
    }
}

/* 1 if s[0..n) holds the end of a block comment ("*\/"); an unterminated one is a lexer
 * error token to llvm-mc, not a comment */
static int closed_comment(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i + 1 < n; i++)
        if (s[i] == '*' && s[i + 1] == '/') return 1;
    return 0;
}

/* llvm-mc's message for a token that cannot start a statement; it also follows a lexer
 * error that opens one (mqsad_diag.extra_message). Its error recovery depends on it. */
static const char k_start_msg[] = "unexpected token at start of statement";

/* Block reader: statements are cut (mqsad_next_statement) in a large buffer and handed out
 * in place; only a statement that straddles the end of the buffer is moved to its front. */
#define READ_BUF (1 << 18)
typedef struct reader {
    FILE *f;
    size_t pos, end;
    int eof;
    int err;                     /* errno of a failed read */
    char buf[READ_BUF];
} reader;

/* Moves the unread rest to the front and reads more; 0 when the buffer is full already. */
static int refill(reader *r)
{
    size_t avail = r->end - r->pos, got;
    if (r->pos == 0 && r->end == sizeof r->buf) return 0;
    memmove(r->buf, r->buf + r->pos, avail);
    r->pos = 0;
    r->end = avail;
    got = fread(r->buf + avail, 1, sizeof r->buf - avail, r->f);
    if (got == 0) {
        if (ferror(r->f)) r->err = errno;
        r->eof = 1;
    }
    r->end += got;
    return 1;
}

/* Drops the rest of the current line (up to and with its '\n'), reading as needed. */
static void skip_line(reader *r)
{
    for (;;) {
        char *nl = memchr(r->buf + r->pos, '\n', r->end - r->pos);
        if (nl) { r->pos = (size_t)(nl - r->buf) + 1; return; }
        r->pos = r->end;
        if (r->eof || !refill(r)) return;
    }
}

/* One diagnostic of the statement text[0..len) (len reaches at least to its line end)
 * at 1-based byte column col: llvm-mc's SourceMgr counts lines at '\n' and columns from
 * the last '\n' or '\r', and shows the segment between them. */
static void report_to(FILE *out, const char *name, unsigned long lineno, const char *text,
                      size_t len, unsigned col, const char *msg)
{
    size_t o = col ? col - 1 : 0, i, seg = 0, end;
    unsigned long line = lineno;
    if (o > len) o = len;
    for (i = 0; i < o; i++) {
        if (text[i] == '\n') line++;
        if (text[i] == '\n' || text[i] == '\r') seg = i + 1;
    }
    for (end = seg; end < len && text[end] != '\n' && text[end] != '\r'; end++) continue;
    fprintf(out, "%s:%lu:%u: error: %s\n", name, line, (unsigned)(col - seg), msg);
    cli_print_source(out, text + seg, end - seg, (unsigned)(col - seg));
}

static void report(const char *name, unsigned long lineno, const char *text, size_t len,
                   unsigned col, const char *msg)
{
    report_to(stderr, name, lineno, text, len, col, msg);
}

/* llvm-mc reports each forward directional label reference ("1f") whose label is never
 * defined after all other output. They wait in a temporary file (records: the label's
 * .Ltmp number, the text's length, the text), so memory stays fixed; if none can be made
 * they are reported at once, defined later or not. */
static FILE *deferred;
static unsigned long undefined_refs;

static void defer_forward_refs(const char *name, unsigned long lineno, const char *text,
                               size_t len, size_t off, const mqsad_asm_state *st)
{
    unsigned i;
    if (st->fwd_refs && !deferred) deferred = tmpfile();
    for (i = 0; i < st->fwd_refs; i++) {
        uint32_t head[2];
        long at, end;
        if (!deferred) {
            report(name, lineno, text, len, st->fwd_column[i] + (unsigned)off, "directional label undefined");
            undefined_refs++;
            continue;
        }
        head[0] = st->fwd_label[i];
        head[1] = 0;
        at = ftell(deferred);
        fwrite(head, sizeof head, 1, deferred);
        report_to(deferred, name, lineno, text, len, st->fwd_column[i] + (unsigned)off,
                  "directional label undefined");
        end = ftell(deferred);
        head[1] = (uint32_t)(end - at - (long)sizeof head);
        fseek(deferred, at, SEEK_SET);
        fwrite(head, sizeof head, 1, deferred);
        fseek(deferred, end, SEEK_SET);
    }
}

/* at the end of the input: the references whose label is still undefined */
static void flush_deferred(const mqsad_asm_state *st)
{
    char buf[4096];
    uint32_t head[2];
    if (!deferred) return;
    rewind(deferred);
    while (fread(head, sizeof head, 1, deferred) == 1) {
        int show = !mqsad_asm_label_defined(st, head[0]);
        size_t left = head[1], n;
        undefined_refs += (unsigned long)show;
        while (left && (n = fread(buf, 1, left < sizeof buf ? left : sizeof buf, deferred)) > 0) {
            if (show) fwrite(buf, 1, n, stderr);
            left -= n;
        }
    }
    fclose(deferred);
    deferred = NULL;
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

/* One run of `mqsad asm`: what lasts from statement to statement. */
typedef struct asm_run {
    const mqsad_target *t;
    const char *name;            /* the input's name in diagnostics */
    int mode;                    /* OUT_TEXT, OUT_HEX, OUT_BIN */
    int failed;                  /* exit status 1 */
    int in_text;                 /* a ".text" line has been echoed */
    int recovery;                /* llvm-mc's state after a statement with an error */
    mqsad_asm_state state;       /* labels of the file */
} asm_run;

enum { REC_NONE, REC_AFTER_ERROR, REC_AFTER_MATCH, REC_RAW, REC_SKIPPING };

/* The ".LtmpN:" lines of the '.' symbols parsed since the state had `first` labels and
 * `dirs` directional ones (numbers that went to directional labels are not printed). */
static void temp_labels_made(asm_run *r, unsigned first, unsigned dirs)
{
    const mqsad_asm_state *state = &r->state;
    unsigned i;
    if (first == state->temp_labels) return;    /* the usual statement */
    for (; r->mode == OUT_TEXT && first != state->temp_labels; first++) {
        char *o;
        for (i = dirs; i < state->dir_labels && state->dir[i].temp != first; i++) continue;
        if (i < state->dir_labels) continue;
        o = out_room(32);
        olen += (size_t)snprintf(o, 32, ".Ltmp%u:\n", first);
    }
}

/* 1 if s[0..n) holds nothing llvm-mc parses after a label: blanks and block comments, then
 * the end or a '#' comment (after a label '#' starts a comment) */
static int rest_is_empty(const char *s, size_t n)
{
    size_t k = 0;
    for (;;) {
        while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\0')) k++;
        if (k + 1 < n && s[k] == '/' && s[k + 1] == '*' && closed_comment(s + k + 2, n - k - 2)) {
            const char *e = s + k + 2;
            while (!(e[0] == '*' && e[1] == '/')) e++;
            k = (size_t)(e - s) + 2;
            continue;
        }
        return k >= n || s[k] == '#';
    }
}

/* A statement that is not skipped by llvm-mc's recovery: labels, ".text", the
 * instruction; its output and diagnostics (columns from the start of text). */
static void statement(asm_run *r, unsigned long lineno, const char *text, const mqsad_stmt *stmt)
{
    mqsad_inst inst;
    mqsad_diag d;
    mqsad_label lab;
    uint8_t bytes[16];
    size_t n = 0, olen1 = 0, off = 0;
    int got;
    r->recovery = REC_NONE;
    if (stmt->kind == MQSAD_STMT_EMPTY) {
        if (r->mode == OUT_TEXT) out_put("\n", 1);
        return;
    }
    if (stmt->kind == MQSAD_STMT_SILENT) return;   /* llvm-mc prints nothing for a comment */
    if (stmt->len >= LINE_MAX_BYTES) {
        fprintf(stderr, "%s:%lu:1: error: line too long (more than %d bytes)\n", r->name, lineno,
                LINE_MAX_BYTES - 1);
        r->failed = 1;
        r->recovery = REC_AFTER_ERROR;
        return;
    }
    for (;;) {
        unsigned first = r->state.temp_labels, dirs = r->state.dir_labels;
        unsigned after_temps, after_dirs, after_fwd;
        mqsad_diag d2;
        mqsad_status st;
        if (text[off] != 'v' && text[off] != 'V' && is_text_directive(text + off, stmt->len - off)) {
            /* llvm-mc's streamer prints a section switch only when the section changes:
             * the first ".text" echoes, later ones (already in .text) do not */
            if (r->mode == OUT_TEXT && !r->in_text) out_put("\t.text\n", 7);
            r->in_text = 1;
            return;
        }
        /* the instruction first, the usual statement: a label or an assignment makes it
         * fail at its second token, before a '.' or an "Nf" could have changed the state
         * (restored below all the same) */
        if ((st = mqsad_assemble_ex(r->t, text + off, stmt->len - off, &r->state, &inst, bytes,
                                    sizeof bytes, &n, &d)) == MQSAD_OK) {
            temp_labels_made(r, first, dirs);
            defer_forward_refs(r->name, lineno, text, stmt->next, off, &r->state);
            break;
        }
        /* undone while a label or an assignment is tried (neither changes the state when it
         * finds none; their diagnostics go to d2) */
        after_temps = r->state.temp_labels;
        after_dirs = r->state.dir_labels;
        after_fwd = r->state.fwd_refs;
        r->state.temp_labels = first;
        r->state.dir_labels = dirs;
        r->state.fwd_refs = 0;
        /* a label: printed on its own line, the rest is a statement of its own */
        if ((got = mqsad_parse_label(text + off, stmt->len - off, &r->state, &lab, &d2)) != 0) {
            if (d2.status != MQSAD_OK) {
                report(r->name, lineno, text, stmt->next, d2.column + (unsigned)off, d2.message);
                r->failed = 1;
            }
            /* parseStatement fails after the ':' and llvm-mc skips the rest raw (comments
             * are tokens), as after "unexpected token at start of statement" */
            if (got < 0) { r->recovery = REC_RAW; return; }
            if (r->mode == OUT_TEXT) {
                out_put(lab.name, strlen(lab.name));
                out_put(":\n", 2);
            }
            off += lab.next;
            if (rest_is_empty(text + off, stmt->len - off)) return;
            continue;
        }
        {   /* an assignment: llvm-mc prints it as ".set NAME, VALUE" */
            mqsad_assignment asg;
            got = mqsad_parse_assignment(r->t, text + off, stmt->len - off, &r->state, &asg, &d2);
            temp_labels_made(r, first, dirs);
            if (got < 0) {
                report(r->name, lineno, text, stmt->next, d2.column + (unsigned)off, d2.message);
                if (d2.extra_column)
                    report(r->name, lineno, text, stmt->next, d2.extra_column + (unsigned)off, d2.extra_message);
                r->failed = 1;
                r->recovery = REC_RAW;   /* parseStatement failed: the rest is skipped raw */
                return;
            }
            if (got > 0) {
                defer_forward_refs(r->name, lineno, text, stmt->next, off, &r->state);
                if (r->mode == OUT_TEXT) {
                    out_put(asg.line, strlen(asg.line));
                    out_put("\n", 1);
                    if (asg.directive) {
                        out_put("\t.no_dead_strip\t", 16);
                        out_put(asg.name, strlen(asg.name));
                        out_put("\n", 1);
                    }
                }
                return;
            }
        }
        /* neither: the instruction's error, with its state changes back */
        r->state.temp_labels = after_temps;
        r->state.dir_labels = after_dirs;
        r->state.fwd_refs = after_fwd;
        temp_labels_made(r, first, dirs);
        defer_forward_refs(r->name, lineno, text, stmt->next, off, &r->state);
        {
            char msg[160];
            size_t resume = 0;
            unsigned col, o = (unsigned)off;
            int past = 0;
            /* the diagnostics may point past the statement, into its comment and line end */
            report(r->name, lineno, text, stmt->next, d.column + o, d.message);
            if (d.extra_column) report(r->name, lineno, text, stmt->next, d.extra_column + o, d.extra_message);
            while ((col = mqsad_diag_next_lexer_error(text + off, stmt->len - off, &d, &resume, msg,
                                                      sizeof msg, &past)))
                report(r->name, lineno, text, stmt->next, col + o, msg);
            r->failed = 1;
            /* llvm-mc's parseStatement rejects a stray first token and goes on lexing raw
             * (comments are tokens); every other error leaves it in its skipping state,
             * which may have stepped over the end of this statement (only while the
             * operands were parsed: that is where it skips token by token) */
            if (d.extra_column && d.extra_column <= d.column && !strcmp(d.extra_message, k_start_msg))
                /* a lexer error opened it (or followed an opening integer): llvm-mc goes on
                 * raw, unless the error was all there was (measured with llvm-mc 22:
                 * diffcli_asm_starterr) */
                r->recovery = past ? REC_AFTER_MATCH : REC_RAW;
            else
                r->recovery = !strcmp(d.message, k_start_msg) || !strcmp(d.message, "unknown directive") ? REC_RAW :
                              !d.in_operands ? REC_AFTER_MATCH : past ? REC_SKIPPING : REC_AFTER_ERROR;
        }
        return;
    }
    if (r->mode == OUT_BIN) {
        out_put(bytes, n);
    } else if (r->mode == OUT_HEX) {
        emit_hex(bytes, n);
    } else {
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
                char *kp = strstr(o, "FK_PCRel_4");
                if (inst.symbol_data4 && kp) { memcpy(kp, "FK_Data_4", 10); olen1--; }
                o[olen1++] = '\n';
                olen += olen1;
            }
        }
    }
}

int cmd_asm(int argc, char **argv)
{
    static reader rd;
    static asm_run run;          /* static: the label state is several KiB */
    asm_run *r = &run;
    const char *tname = NULL, *file = NULL;
    int i;
    FILE *in;
    unsigned long lineno = 1;   /* the line the current statement starts on */

    memset(r, 0, sizeof *r);
    r->mode = OUT_TEXT;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { usage(stdout); return 0; }
        if (!strcmp(argv[i], "-t") || !strcmp(argv[i], "--target")) {
            if (++i >= argc) { fprintf(stderr, "mqsad asm: %s needs a target\n", argv[i - 1]); return 2; }
            tname = argv[i];
        } else if (!strncmp(argv[i], "--target=", 9)) tname = argv[i] + 9;
        else if (!strncmp(argv[i], "-mcpu=", 6)) tname = argv[i] + 6;
        else if (!strcmp(argv[i], "--hex") || !strcmp(argv[i], "--bin")) {
            int mode = !strcmp(argv[i], "--hex") ? OUT_HEX : OUT_BIN;
            if (r->mode != OUT_TEXT && r->mode != mode) {
                fprintf(stderr, "mqsad asm: --hex and --bin exclude each other\n");
                return 2;
            }
            r->mode = mode;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mqsad asm: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (!file) file = argv[i];
        else { fprintf(stderr, "mqsad asm: more than one input file\n"); return 2; }
    }
    if (!tname) { fprintf(stderr, "mqsad asm: a target is required (-t TARGET)\n"); usage(stderr); return 2; }
    r->t = cli_target("asm", tname);
    if (!r->t) return 2;
    if (file && strcmp(file, "-")) {
        in = fopen(file, "r");
        if (!in) { fprintf(stderr, "mqsad asm: cannot open '%s': %s\n", file, strerror(errno)); return 2; }
        r->name = file;
    } else {
        in = stdin;
        r->name = "<stdin>";
    }

    rd.f = in;
    rd.pos = rd.end = 0;
    rd.eof = 0;
    rd.err = 0;
    for (;;) {
        const char *text = rd.buf + rd.pos;
        size_t avail = rd.end - rd.pos, k;
        mqsad_stmt stmt;
        mqsad_inst inst;
        mqsad_diag d;
        unsigned long nls = 0;
        if (!mqsad_next_statement(text, avail, rd.eof, &stmt)) {
            if (rd.eof && avail == 0) break;
            if (!rd.eof && refill(&rd)) continue;
            /* no end within the whole buffer: a line too long to hold */
            fprintf(stderr, "%s:%lu:1: error: line too long (more than %d bytes)\n", r->name, lineno,
                    LINE_MAX_BYTES - 1);
            r->failed = 1;
            skip_line(&rd);
            lineno++;
            continue;
        }
        nls = stmt.newlines;
        rd.pos += stmt.next;
        if (r->recovery == REC_SKIPPING) {
            /* llvm-mc's skipping stepped over the end of the failed statement before this
             * one: this one is skipped too, its lexer errors reported the same way */
            char msg[160];
            size_t resume = 0;
            unsigned col;
            int past = 0;
            while ((col = mqsad_diag_next_lexer_error(text, stmt.len, NULL, &resume, msg, sizeof msg, &past)))
                report(r->name, lineno, text, stmt.next, col, msg);
            r->recovery = past ? REC_SKIPPING : REC_AFTER_ERROR;
            lineno += nls;
            continue;
        }
        k = 0;
        if (r->recovery != REC_NONE)
            while (k < stmt.len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\0')) k++;
        if (r->recovery != REC_NONE && k + 1 < stmt.len && text[k] == '/' && text[k + 1] == '*' &&
            closed_comment(text + k + 2, stmt.len - k - 2)) {
            /* llvm-mc's recovery after an error: the block comment that opens the next
             * statement is lexed as a token, so that statement is skipped unseen and each
             * further one that opens with a block comment is "unexpected token" */
            if (r->recovery == REC_RAW) {
                report(r->name, lineno, text, stmt.next, (unsigned)k + 1, "unexpected token at start of statement");
                r->failed = 1;
            }
            r->recovery = REC_RAW;
            lineno += nls;
            continue;
        }
        if (r->recovery == REC_AFTER_MATCH && stmt.kind == MQSAD_STMT_TEXT &&
            mqsad_parse(r->t, text, stmt.len, &inst, &d) != MQSAD_OK && d.extra_column == d.column &&
            !strcmp(d.extra_message, k_start_msg)) {
            /* ... and after an error found once the statement was read whole, so is one
             * that opens with a lexer error: llvm-mc had lexed that token already, and its
             * Error() steps over an error token (mqsad_parse reports that error and
             * "unexpected token at start of statement" at the same column) */
            r->recovery = REC_RAW;
            lineno += nls;
            continue;
        }
        statement(r, lineno, text, &stmt);
        lineno += nls;
    }
    out_flush();
    flush_deferred(&r->state);
    if (undefined_refs) r->failed = 1;
    if (ferror(in)) {
        cli_read_error("asm", r->name, rd.err);
        r->failed = 1;
    }
    if (in != stdin) fclose(in);
    fflush(stdout);
    return r->failed ? 1 : 0;
}
