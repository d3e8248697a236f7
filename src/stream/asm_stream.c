/* asm_stream.c — the assembly stream (mqsad.h, "Assembly stream"): a whole file of LLVM
 * AMDGPU assembly in, `llvm-mc -show-encoding`'s output and diagnostics out.
 *
 * Statements are cut as llvm-mc's lexer cuts them (mqsad_next_statement) straight from the
 * caller's chunk; only a statement that the chunk's end cuts is copied into the context
 * (carry[]) and completed from the next chunk. Whether a statement ends is decided on at
 * most MQSAD_ASM_CARRY bytes from its start, wherever the chunks end, so the output does
 * not depend on the chunking. Per statement: labels, ".text", the instruction, else an
 * assignment (the assembler's own functions decide which), and llvm-mc's recovery after an
 * error, which decides how the next statement is read (see `recovery`). */
#include "stream/stream.h"

#include <stdalign.h>
#include <stdint.h>
#include <string.h>

#define OUT_BUF (1u << 16)
#define DIAG_BUF (1u << 14)
#define DEFER_BUF (1u << 18)

/* llvm-mc's message for a token that cannot start a statement; it also follows a lexer
 * error that opens one (mqsad_diag.extra_message). Its error recovery depends on it. */
static const char k_start_msg[] = "unexpected token at start of statement";

/* llvm-mc's state after a statement: nothing special; after an error (it skips to the
 * statement's end); after an error found once the statement was read whole (a next
 * statement that opens with a lexer error is swallowed); raw (comments are tokens: a next
 * statement that opens with a block comment is "unexpected token"); skipping (its skipping
 * went past the end of the failed statement: the next one is skipped too). */
enum { REC_NONE, REC_AFTER_ERROR, REC_AFTER_MATCH, REC_RAW, REC_SKIPPING };

struct mqsad_asm_stream {
    mqsad_asm_stream_config cfg;
    mqsad__sink out, diag;
    unsigned long lineno;        /* the line the next statement starts on */
    unsigned long errors;
    int in_text;                 /* a ".text" line has been echoed */
    int recovery;                /* REC_* */
    int skip_line;               /* dropping input up to the next '\n' ("line too long") */
    int finished;
    int text_seen;               /* a ".text" statement was read (echoed or not) */
    int spilled;                 /* a trial context's output did not fit its buffers */
    int marker_seen;             /* a line marker was read */
    /* the last line marker, `# N "name"` (llvm-mc's CppHashInfo): when N (marker_line) is
     * not 0, diagnostics count lines from N at the line after marker_at, in marker_name */
    int64_t marker_line;
    unsigned long marker_at;
    size_t marker_name_len;
    size_t carry_len;            /* bytes in carry[]: the start of an unfinished statement */
    size_t scanned;              /* carry_len when carry[] was last looked at for an end */
    size_t defer_len;            /* bytes in defer[] */
    mqsad_asm_state state;       /* labels and symbols of the file */
    char outbuf[OUT_BUF];
    char diagbuf[DIAG_BUF];
    /* forward references ("1f") not yet known to be defined (defer_head records) */
    char defer[DEFER_BUF];
    char carry[MQSAD_ASM_CARRY];
    char marker_name[MQSAD_ASM_LINE_MAX];
};

size_t mqsad_asm_stream_size(void) { return sizeof(mqsad_asm_stream); }

mqsad_asm_stream *mqsad_asm_stream_init(void *mem, size_t size, const mqsad_asm_stream_config *config)
{
    mqsad_asm_stream *s = mem;
    if (!mem || size < sizeof *s || (uintptr_t)mem % alignof(mqsad_asm_stream) || !config ||
        !config->target || !config->write || (unsigned)config->output > MQSAD_ASM_BIN)
        return NULL;
    s->cfg = *config;
    if (!s->cfg.name) s->cfg.name = "<stdin>";
    mqsad__sink_init(&s->out, s->outbuf, sizeof s->outbuf, config->write, config->user, MQSAD_STREAM_OUT);
    mqsad__sink_init(&s->diag, s->diagbuf, sizeof s->diagbuf, config->write, config->user, MQSAD_STREAM_DIAG);
    s->lineno = 1;
    s->errors = 0;
    s->in_text = 0;
    s->recovery = REC_NONE;
    s->skip_line = 0;
    s->finished = 0;
    s->text_seen = 0;
    s->spilled = 0;
    s->marker_seen = 0;
    s->marker_line = 0;
    s->marker_at = 0;
    s->marker_name_len = 0;
    s->carry_len = 0;
    s->scanned = 0;
    s->defer_len = 0;
    memset(&s->state, 0, sizeof s->state);
    return s;
}

/* ---- diagnostics ------------------------------------------------------------------- */

/* Where 1-based byte column col of the statement text[0..len) (len reaches at least to its
 * line end; the statement starts on line `lineno`) is as llvm-mc's SourceMgr shows it:
 * lines counted at '\n', columns from the last '\n' or '\r', the segment between them. */
typedef struct where {
    unsigned long line;
    unsigned col;
    size_t seg, seg_len;
} where;

static where locate(unsigned long lineno, const char *text, size_t len, unsigned col)
{
    where w;
    size_t at = col ? col - 1 : 0, i, e;
    w.line = lineno;
    w.seg = 0;
    if (at > len) at = len;
    e = mqsad__line_end(text, len);
    /* a statement is mostly one line: the lines before col are counted when there are */
    if (e < at) {
        for (i = 0; i < at; i++) {
            if (text[i] == '\n') w.line++;
            if (text[i] == '\n' || text[i] == '\r') w.seg = i + 1;
        }
        e = w.seg + mqsad__line_end(text + w.seg, len - w.seg);
    }
    w.seg_len = e - w.seg;
    w.col = (unsigned)(col - w.seg);
    return w;
}

/* The line llvm-mc's AsmParser::DiagHandler gives a diagnostic on line `line` after the
 * line marker: N - 1 + (line - marker_at), as a 32-bit int. */
static long long marked_line(const mqsad_asm_stream *s, unsigned long line)
{
    uint32_t v = (uint32_t)((uint64_t)s->marker_line - 1u + (uint64_t)(line - s->marker_at));
    return v < 0x80000000u ? (long long)v : (long long)v - 0x100000000LL;
}

/* "NAME:LINE:COL: " as SMDiagnostic::print writes it for a marker's name and line: "-" is
 * "<stdin>", an empty name prints nothing, line -1 neither line nor column. */
static void put_marked_place(mqsad__sink *o, const char *name, size_t name_len, long long line,
                             unsigned col)
{
    if (!name_len) return;
    if (name_len == 1 && name[0] == '-') mqsad__sink_put(o, "<stdin>", 7);
    else mqsad__sink_write(o, name, name_len);
    if (line != -1) {
        mqsad__sink_put(o, line < 0 ? ":-" : ":", line < 0 ? 2 : 1);
        mqsad__sink_ulong(o, (unsigned long)(line < 0 ? -line : line));
        mqsad__sink_put(o, ":", 1);
        mqsad__sink_ulong(o, col);
    }
    mqsad__sink_put(o, ": ", 2);
}

/* a diagnostic at a marker's name and line; llvm-mc shows no source line for line -1 */
static void diag_marked(mqsad__sink *o, const char *name, size_t name_len, long long line,
                        unsigned col, const char *msg, const char *seg, size_t seg_len)
{
    put_marked_place(o, name, name_len, line, col);
    mqsad__sink_put(o, "error: ", 7);
    mqsad__sink_put(o, msg, strlen(msg));
    mqsad__sink_put(o, "\n", 1);
    if (line != -1) mqsad__sink_source(o, seg, seg_len, col);
}

/* A diagnostic; marked: through the line marker, as llvm-mc's parser reports (its
 * MCContext reports past the marker: "symbol 'x' is already defined"). */
static void report_as(mqsad_asm_stream *s, const char *text, size_t len, unsigned col,
                      const char *msg, int marked)
{
    where w = locate(s->lineno, text, len, col);
    if (s->marker_line && marked)
        diag_marked(&s->diag, s->marker_name, s->marker_name_len, marked_line(s, w.line), w.col,
                    msg, text + w.seg, w.seg_len);
    else
        mqsad__sink_diag(&s->diag, s->cfg.name, w.line, w.col, "error", msg, text + w.seg, w.seg_len);
    s->errors++;
}

static void report(mqsad_asm_stream *s, const char *text, size_t len, unsigned col, const char *msg)
{
    report_as(s, text, len, col, msg, 1);
}

/* "line too long": no source line (there may be too much of it) */
static void too_long(mqsad_asm_stream *s)
{
    static const char k_msg[] = "error: line too long (more than ";
    if (s->marker_line) {
        put_marked_place(&s->diag, s->marker_name, s->marker_name_len, marked_line(s, s->lineno), 1);
    } else {
        mqsad__sink_write(&s->diag, s->cfg.name, strlen(s->cfg.name));
        mqsad__sink_write(&s->diag, ":", 1);
        mqsad__sink_ulong(&s->diag, s->lineno);
        mqsad__sink_write(&s->diag, ":1: ", 4);
    }
    mqsad__sink_write(&s->diag, k_msg, sizeof k_msg - 1);
    mqsad__sink_ulong(&s->diag, MQSAD_ASM_LINE_MAX - 1);
    mqsad__sink_write(&s->diag, " bytes)\n", 8);
    s->errors++;
}

/* A forward reference kept in defer[]: this head, the source line's seg_len bytes, then
 * the line marker's name_len bytes of name. llvm-mc reports it at the end as the line
 * marker before the reference would have: marked, line is that marker's count. */
typedef struct defer_head {
    int64_t line;
    uint32_t temp;               /* the label's .Ltmp number */
    uint32_t col, seg_len, name_len;
    uint32_t marked, pad;
} defer_head;

static const char k_undefined[] = "directional label undefined";

/* Drops the records of defer[] whose label has been defined since (it stays defined). */
static void defer_compact(mqsad_asm_stream *s)
{
    size_t r = 0, w = 0;
    while (r < s->defer_len) {
        defer_head h;
        size_t n;
        memcpy(&h, s->defer + r, sizeof h);
        n = sizeof h + h.seg_len + h.name_len;
        if (!mqsad_asm_label_defined(&s->state, h.temp)) {
            memmove(s->defer + w, s->defer + r, n);
            w += n;
        }
        r += n;
    }
    s->defer_len = w;
}

/* llvm-mc reports each forward directional label reference whose label is never defined
 * after all other output: the statement's references (state->fwd_*) wait in defer[] until
 * finish. One that does not fit even after dropping the records of labels defined since
 * is reported at once, defined later or not (mqsad.h). */
static void defer_forward_refs(mqsad_asm_stream *s, const char *text, size_t len, size_t off)
{
    unsigned i;
    for (i = 0; i < s->state.fwd_refs; i++) {
        unsigned col = s->state.fwd_column[i] + (unsigned)off;
        where w = locate(s->lineno, text, len, col);
        defer_head h;
        size_t name_len = s->marker_line ? s->marker_name_len : 0;
        size_t need = sizeof h + w.seg_len + name_len;
        if (DEFER_BUF - s->defer_len < need) defer_compact(s);
        if (DEFER_BUF - s->defer_len < need) {
            report(s, text, len, col, k_undefined);
            continue;
        }
        memset(&h, 0, sizeof h);
        h.marked = s->marker_line != 0;
        h.line = h.marked ? marked_line(s, w.line) : (int64_t)w.line;
        h.temp = s->state.fwd_label[i];
        h.col = w.col;
        h.seg_len = (uint32_t)w.seg_len;
        h.name_len = (uint32_t)name_len;
        memcpy(s->defer + s->defer_len, &h, sizeof h);
        memcpy(s->defer + s->defer_len + sizeof h, text + w.seg, w.seg_len);
        memcpy(s->defer + s->defer_len + sizeof h + w.seg_len, s->marker_name, name_len);
        s->defer_len += need;
    }
}

/* at finish: the references whose label is still undefined */
static void report_deferred(mqsad_asm_stream *s)
{
    size_t r = 0;
    while (r < s->defer_len) {
        defer_head h;
        memcpy(&h, s->defer + r, sizeof h);
        if (!mqsad_asm_label_defined(&s->state, h.temp)) {
            const char *seg = s->defer + r + sizeof h;
            if (h.marked)
                diag_marked(&s->diag, seg + h.seg_len, h.name_len, h.line, h.col, k_undefined, seg,
                            h.seg_len);
            else
                mqsad__sink_diag(&s->diag, s->cfg.name, (unsigned long)h.line, h.col, "error",
                                 k_undefined, seg, h.seg_len);
            s->errors++;
        }
        r += sizeof h + h.seg_len + h.name_len;
    }
    s->defer_len = 0;
}

/* ---- statements -------------------------------------------------------------------- */

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\0'; }

/* 1 if the statement is the ".text" directive (blanks and block comments around it) */
static int is_text_directive(const char *t, size_t n)
{
    size_t i = 0;
    for (;;) {
        while (i < n && is_blank(t[i])) i++;
        if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
            size_t j = i + 2;
            while (j + 1 < n && !(t[j] == '*' && t[j + 1] == '/')) j++;
            if (j + 1 >= n) return 0;
            i = j + 2;
            continue;
        }
        /* parseIdentifier takes a string as the name too: ".text" or "\".text\"" */
        if (n - i >= 7 && !memcmp(t + i, "\".text\"", 7)) i += 2;
        else if (n - i < 5 || memcmp(t + i, ".text", 5)) return 0;
        for (i += 5; i < n; i++)
            if (!is_blank(t[i])) return 0;
        return 1;
    }
}

/* 1 if t[0..n) holds the end of a block comment; an unterminated one is a lexer error
 * token to llvm-mc, not a comment */
static int closed_comment(const char *t, size_t n)
{
    size_t i;
    for (i = 0; i + 1 < n; i++)
        if (t[i] == '*' && t[i + 1] == '/') return 1;
    return 0;
}

/* 1 if t[0..n) holds nothing llvm-mc parses after a label: blanks and block comments, then
 * the end or a '#' comment (after a label '#' starts a comment) */
static int rest_is_empty(const char *t, size_t n)
{
    size_t k = 0;
    for (;;) {
        while (k < n && is_blank(t[k])) k++;
        if (k + 1 < n && t[k] == '/' && t[k + 1] == '*' && closed_comment(t + k + 2, n - k - 2)) {
            const char *e = t + k + 2;
            while (!(e[0] == '*' && e[1] == '/')) e++;
            k = (size_t)(e - t) + 2;
            continue;
        }
        return k >= n || t[k] == '#';
    }
}

/* The ".LtmpN:" lines of the '.' symbols parsed since the state had `first` labels and
 * `dirs` directional ones (numbers that went to directional labels are not printed). */
static void temp_labels_made(mqsad_asm_stream *s, unsigned first, unsigned dirs)
{
    const mqsad_asm_state *st = &s->state;
    for (; s->cfg.output == MQSAD_ASM_SHOW_ENCODING && first != st->temp_labels; first++) {
        unsigned i;
        for (i = dirs; i < st->dir_labels && st->dir[i].temp != first; i++) continue;
        if (i < st->dir_labels) continue;
        mqsad__sink_write(&s->out, ".Ltmp", 5);
        mqsad__sink_ulong(&s->out, first);
        mqsad__sink_write(&s->out, ":\n", 2);
    }
}

static void emit_hex(mqsad__sink *o, const uint8_t *bytes, size_t n)
{
    static const char dig[] = "0123456789abcdef";
    char *b = mqsad__sink_room(o, 40);
    size_t k, at = 0;
    for (k = 0; k + 4 <= n; k += 4) {
        int j;
        if (k) b[at++] = ' ';
        for (j = 3; j >= 0; j--) {
            b[at++] = dig[bytes[k + (size_t)j] >> 4];
            b[at++] = dig[bytes[k + (size_t)j] & 15];
        }
    }
    b[at++] = '\n';
    o->len += at;
}

/* An instruction's output: its encoding line, and llvm-mc's fixup line for a symbol. */
static void emit_instruction(mqsad_asm_stream *s, const mqsad_inst *inst, const uint8_t *bytes, size_t n)
{
    mqsad__sink *o = &s->out;
    size_t len;
    char *b;
    if (s->cfg.output == MQSAD_ASM_BIN) {
        mqsad__sink_put(o, bytes, n);
        return;
    }
    if (s->cfg.output == MQSAD_ASM_HEX) {
        emit_hex(o, bytes, n);
        return;
    }
    /* formatted straight into the buffer (511 bytes and a newline each) */
    b = mqsad__sink_room(o, 1024);
    if (mqsad_format_encoding_line(inst, bytes, n, b, 511, &len) == MQSAD_OK) {
        b[len++] = '\n';
        o->len += len;
        b += len;
    }
    if (inst->symbol[0] && mqsad_format_fixup(inst, b, 511, &len) == MQSAD_OK) {
        /* llvm-mc: FK_Data_4 for differences and symbol-free expressions */
        char *kp = strstr(b, "FK_PCRel_4");
        if (inst->symbol_data4 && kp) {
            memcpy(kp, "FK_Data_4", 10);
            len--;
        }
        b[len++] = '\n';
        o->len += len;
    }
}

/* The recovery after an instruction's error d: llvm-mc's parseStatement rejects a stray
 * first token and goes on lexing raw (comments are tokens); every other error leaves it in
 * its skipping state, which may have stepped over the end of the statement (only while the
 * operands were parsed: that is where it skips token by token). */
static int recovery_after(const mqsad_diag *d, int past)
{
    /* llvm-mc already stepped past the statement's end: as after a statement read whole */
    if (d->past_end) return REC_AFTER_MATCH;
    if (d->extra_column && d->extra_column <= d->column && !strcmp(d->extra_message, k_start_msg))
        /* a lexer error opened it (or followed an opening integer): llvm-mc goes on raw,
         * unless the error was all there was (measured with llvm-mc 22:
         * diffcli_asm_starterr) */
        return past ? REC_AFTER_MATCH : REC_RAW;
    if (!strcmp(d->message, k_start_msg) || !strcmp(d->message, "unknown directive")) return REC_RAW;
    return !d->in_operands ? REC_AFTER_MATCH : past ? REC_SKIPPING : REC_AFTER_ERROR;
}

/* A statement that llvm-mc's recovery does not skip: labels, ".text", the instruction, an
 * assignment; st->len bytes of text, st->next with its comment and line end (diagnostics
 * may point there). Columns count from text[0]. */
static void statement(mqsad_asm_stream *s, const char *text, const mqsad_stmt *st)
{
    const mqsad_target *t = s->cfg.target;
    const int show = s->cfg.output == MQSAD_ASM_SHOW_ENCODING;
    mqsad_inst inst;
    mqsad_diag d;
    uint8_t bytes[16];
    size_t n = 0, off = 0, resume = 0;
    unsigned first, dirs, after_temps, after_dirs, after_fwd, col, o;
    char msg[160];
    int past = 0;
    s->recovery = REC_NONE;
    if (st->kind == MQSAD_STMT_EMPTY) {
        if (show) mqsad__sink_put(&s->out, "\n", 1);
        return;
    }
    if (st->kind == MQSAD_STMT_SILENT) return;   /* llvm-mc prints nothing for a comment */
    if (st->kind == MQSAD_STMT_LINE_MARKER) {
        /* llvm-mc's parseCppHashLineFilenameComment, then the empty statement after it.
         * The name is within the text: mqsad_next_statement saw the string close. */
        size_t name_len = st->marker_name_len < sizeof s->marker_name ? st->marker_name_len
                                                                       : sizeof s->marker_name;
        if (st->len >= MQSAD_ASM_LINE_MAX) {
            too_long(s);
            s->recovery = REC_AFTER_ERROR;
            return;
        }
        memcpy(s->marker_name, text + st->marker_name, name_len);
        s->marker_name_len = name_len;
        s->marker_line = st->marker_line;
        s->marker_at = s->lineno;
        s->marker_seen = 1;
        /* the empty line is the statement end's: at the end of the input, without a line
         * end, the lexer gives none */
        if (show && st->next > st->len) mqsad__sink_put(&s->out, "\n", 1);
        return;
    }
    if (st->len >= MQSAD_ASM_LINE_MAX) {
        too_long(s);
        s->recovery = REC_AFTER_ERROR;
        return;
    }
    for (;;) {
        mqsad_label lab;
        mqsad_assignment asg;
        mqsad_diag d2;
        int got;
        first = s->state.temp_labels;
        dirs = s->state.dir_labels;
        if (text[off] != 'v' && text[off] != 'V' && is_text_directive(text + off, st->len - off)) {
            /* llvm-mc's streamer prints a section switch only when the section changes:
             * the first ".text" echoes, later ones (already in .text) do not */
            if (show && !s->in_text) mqsad__sink_put(&s->out, "\t.text\n", 7);
            s->in_text = 1;
            s->text_seen = 1;
            return;
        }
        /* the instruction first, the usual statement: a label or an assignment makes it
         * fail at its second token, before a '.' or an "Nf" could have changed the state
         * (restored below all the same) */
        if (mqsad_assemble_ex(t, text + off, st->len - off, &s->state, &inst, bytes, sizeof bytes,
                              &n, &d) == MQSAD_OK) {
            temp_labels_made(s, first, dirs);
            defer_forward_refs(s, text, st->next, off);
            emit_instruction(s, &inst, bytes, n);
            return;
        }
        /* undone while a label or an assignment is tried (neither changes the state when it
         * finds none; their diagnostics go to d2) */
        after_temps = s->state.temp_labels;
        after_dirs = s->state.dir_labels;
        after_fwd = s->state.fwd_refs;
        s->state.temp_labels = first;
        s->state.dir_labels = dirs;
        s->state.fwd_refs = 0;
        /* a label: printed on its own line, the rest is a statement of its own */
        if ((got = mqsad_parse_label(text + off, st->len - off, &s->state, &lab, &d2)) != 0) {
            /* a label defined twice: the streamer's error, which llvm-mc's MCContext reports
             * without the line marker */
            if (d2.status != MQSAD_OK) report_as(s, text, st->next, d2.column + (unsigned)off, d2.message, got < 0);
            /* parseStatement fails after the ':' and llvm-mc skips the rest raw (comments
             * are tokens), as after "unexpected token at start of statement" */
            if (got < 0) {
                s->recovery = REC_RAW;
                return;
            }
            if (show) {
                mqsad__sink_write(&s->out, lab.name, strlen(lab.name));
                mqsad__sink_write(&s->out, ":\n", 2);
            }
            off += lab.next;
            if (rest_is_empty(text + off, st->len - off)) return;
            continue;
        }
        /* an assignment: llvm-mc prints it as ".set NAME, VALUE" */
        got = mqsad_parse_assignment(t, text + off, st->len - off, &s->state, &asg, &d2);
        temp_labels_made(s, first, dirs);
        if (got < 0) {
            report(s, text, st->next, d2.column + (unsigned)off, d2.message);
            if (d2.extra_column) report(s, text, st->next, d2.extra_column + (unsigned)off, d2.extra_message);
            defer_forward_refs(s, text, st->next, off);   /* "Nf" named before the error stays */
            /* parseStatement failed: the rest is skipped raw, or, after an error found
             * once the statement was read whole (a redefinition), as after a matching one */
            s->recovery = d2.in_operands ? REC_RAW : REC_AFTER_MATCH;
            return;
        }
        if (got > 0) {
            defer_forward_refs(s, text, st->next, off);
            if (show) {
                mqsad__sink_write(&s->out, asg.line, strlen(asg.line));
                mqsad__sink_write(&s->out, "\n", 1);
                if (asg.directive) {
                    mqsad__sink_write(&s->out, "\t.no_dead_strip\t", 16);
                    mqsad__sink_write(&s->out, asg.name, strlen(asg.name));
                    mqsad__sink_write(&s->out, "\n", 1);
                }
            }
            return;
        }
        break;
    }
    /* neither: the instruction's error, with its state changes back */
    s->state.temp_labels = after_temps;
    s->state.dir_labels = after_dirs;
    s->state.fwd_refs = after_fwd;
    temp_labels_made(s, first, dirs);
    defer_forward_refs(s, text, st->next, off);
    /* the diagnostics may point past the statement, into its comment and line end */
    o = (unsigned)off;
    report(s, text, st->next, d.column + o, d.message);
    if (d.extra_column) report(s, text, st->next, d.extra_column + o, d.extra_message);
    while ((col = mqsad_diag_next_lexer_error(text + off, st->len - off, &d, &resume, msg, sizeof msg, &past)))
        report(s, text, st->next, col + o, msg);
    s->recovery = recovery_after(&d, past);
}

/* 1 if the statement's first token is a name (a letter or '_' after blanks), which is
 * never a lexer error: the parse that asks whether one opens it is not needed */
static int opens_with_name(const char *t, size_t n)
{
    size_t i = 0;
    char c;
    while (i < n && (t[i] == ' ' || t[i] == '\t')) i++;
    if (i == n) return 0;
    c = t[i];
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* One statement as cut from the input (text[0..st->next)), through llvm-mc's recovery from
 * the statement before it. */
static void next_statement(mqsad_asm_stream *s, const char *text, const mqsad_stmt *st)
{
    size_t k = 0;
    if (s->recovery == REC_SKIPPING && st->kind == MQSAD_STMT_LINE_MARKER) {
        /* skipped too, unread: the lexer returns a marker's line as one token */
        s->recovery = REC_AFTER_ERROR;
    } else if (s->recovery == REC_SKIPPING) {
        /* llvm-mc's skipping stepped over the end of the failed statement before this
         * one: this one is skipped too, its lexer errors reported the same way */
        char msg[160];
        size_t resume = 0;
        unsigned col;
        int past = 0;
        while ((col = mqsad_diag_next_lexer_error(text, st->len, NULL, &resume, msg, sizeof msg, &past)))
            report(s, text, st->next, col, msg);
        s->recovery = past ? REC_SKIPPING : REC_AFTER_ERROR;
    } else if (s->recovery != REC_NONE) {
        mqsad_inst inst;
        mqsad_diag d;
        while (k < st->len && is_blank(text[k])) k++;
        if (k + 1 < st->len && text[k] == '/' && text[k + 1] == '*' &&
            closed_comment(text + k + 2, st->len - k - 2)) {
            /* llvm-mc's recovery after an error: the block comment that opens the next
             * statement is lexed as a token, so that statement is skipped unseen and each
             * further one that opens with a block comment is "unexpected token" */
            if (s->recovery == REC_RAW) report(s, text, st->next, (unsigned)k + 1, k_start_msg);
            s->recovery = REC_RAW;
        } else if (s->recovery == REC_AFTER_MATCH && st->kind == MQSAD_STMT_TEXT &&
                   !opens_with_name(text, st->len) &&
                   mqsad_parse(s->cfg.target, text, st->len, &inst, &d) != MQSAD_OK &&
                   d.extra_column == d.column && !strcmp(d.extra_message, k_start_msg)) {
            /* ... and after an error found once the statement was read whole, so is one
             * that opens with a lexer error: llvm-mc had lexed that token already, and its
             * Error() steps over an error token (mqsad_parse reports that error and
             * "unexpected token at start of statement" at the same column) */
            s->recovery = REC_RAW;
        } else {
            statement(s, text, st);
        }
    } else {
        statement(s, text, st);
    }
    s->lineno += st->newlines;
}

/* ---- input ------------------------------------------------------------------------- */

/* After "line too long" for a statement with no end within MQSAD_ASM_CARRY bytes: the
 * rest of its line is dropped, up to and with its '\n' (that may be inside a block
 * comment: the text after it is read afresh). Returns the bytes of text[0..len) dropped. */
static size_t skip_rest_of_line(mqsad_asm_stream *s, const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    if (!nl) {
        s->skip_line = 1;
        return len;
    }
    s->skip_line = 0;
    s->lineno++;
    return (size_t)(nl - text) + 1;
}

/* carry[0..used) is done; of the rest, the last `fresh` bytes came from the current chunk.
 * When the rest is all fresh it goes back to the chunk (returns how many bytes), else it
 * stays carried. */
static size_t uncarry(mqsad_asm_stream *s, size_t used, size_t fresh)
{
    size_t rest = s->carry_len - used;
    s->scanned = 0;
    if (rest <= fresh) {
        s->carry_len = 0;
        return rest;
    }
    memmove(s->carry, s->carry + used, rest);
    s->carry_len = rest;
    return 0;
}

/* Looks for the end of the carried statement (its window is all of carry[], at most
 * MQSAD_ASM_CARRY bytes from its start, so the result does not depend on the chunks).
 * `fresh`: the last bytes of carry[] that came from the current chunk (see uncarry).
 * Returns those of them that go back to the chunk. */
static size_t carry_step(mqsad_asm_stream *s, size_t fresh)
{
    mqsad_stmt st;
    s->scanned = s->carry_len;
    if (mqsad_next_statement(s->carry, s->carry_len, 0, &st)) {
        next_statement(s, s->carry, &st);
        return uncarry(s, st.next, fresh);
    }
    if (s->carry_len == MQSAD_ASM_CARRY) {
        size_t done;
        too_long(s);
        done = skip_rest_of_line(s, s->carry, s->carry_len);
        if (s->skip_line) s->carry_len = 0;   /* the line goes on past carry[] */
        else return uncarry(s, done, fresh);
    }
    return 0;
}

mqsad_status mqsad_asm_stream_feed(mqsad_asm_stream *s, const char *text, size_t len)
{
    size_t pos = 0;
    if (!s || (!text && len) || s->finished) return MQSAD_E_INVALID_ARGUMENT;
    while (pos < len) {
        mqsad_stmt st;
        size_t avail = len - pos;
        if (s->skip_line) {
            pos += skip_rest_of_line(s, text + pos, avail);
        } else if (s->carry_len) {
            /* a statement cut by the end of an earlier chunk, completed from this one; it
             * is looked at again only when it has doubled (or is full): tiny chunks cost
             * linear time, not quadratic */
            size_t take = MQSAD_ASM_CARRY - s->carry_len;
            if (take > avail) take = avail;
            memcpy(s->carry + s->carry_len, text + pos, take);
            s->carry_len += take;
            pos += take;
            if (s->carry_len >= 2 * s->scanned || s->carry_len == MQSAD_ASM_CARRY) pos -= carry_step(s, take);
        } else if (mqsad_next_statement(text + pos, avail < MQSAD_ASM_CARRY ? avail : MQSAD_ASM_CARRY, 0, &st)) {
            /* the usual case: statements cut in place */
            next_statement(s, text + pos, &st);
            pos += st.next;
        } else if (avail < MQSAD_ASM_CARRY) {
            memcpy(s->carry, text + pos, avail);
            s->carry_len = s->scanned = avail;
            pos = len;
        } else {
            too_long(s);
            pos += skip_rest_of_line(s, text + pos, avail);
        }
    }
    return MQSAD_OK;
}

/* the statements that end within carry[] (before the end of the input) */
static void carry_drain(mqsad_asm_stream *s)
{
    size_t before;
    do {
        before = s->carry_len;
        if (before && s->scanned != before) carry_step(s, 0);
    } while (s->carry_len && s->carry_len != before);
}

mqsad_status mqsad_asm_stream_flush(mqsad_asm_stream *s)
{
    if (!s || s->finished) return MQSAD_E_INVALID_ARGUMENT;
    carry_drain(s);
    mqsad__sink_flush(&s->out);
    mqsad__sink_flush(&s->diag);
    return MQSAD_OK;
}

mqsad_status mqsad_asm_stream_finish(mqsad_asm_stream *s)
{
    size_t off = 0;
    mqsad_stmt st;
    if (!s || s->finished) return MQSAD_E_INVALID_ARGUMENT;
    carry_drain(s);
    /* the statements carried over, the last one ending at the end of the input */
    while (!s->skip_line && off < s->carry_len &&
           mqsad_next_statement(s->carry + off, s->carry_len - off, 1, &st)) {
        next_statement(s, s->carry + off, &st);
        off += st.next;
    }
    s->carry_len = 0;
    s->skip_line = 0;
    mqsad__sink_flush(&s->out);
    report_deferred(s);
    mqsad__sink_flush(&s->diag);
    s->finished = 1;
    return MQSAD_OK;
}

unsigned long mqsad_asm_stream_errors(const mqsad_asm_stream *s) { return s ? s->errors : 0; }

/* ---- trial contexts (asm_parallel.c) ----------------------------------------------- */

unsigned long mqsad__asm_stream_next_line(const mqsad_asm_stream *s)
{
    return s->lineno + mqsad__count_newlines(s->carry, s->carry_len);
}

/* 1 once s holds labels, symbols or pending forward references */
static int has_symbols(const mqsad_asm_stream *s)
{
    const mqsad_asm_state *st = &s->state;
    return st->temp_labels || st->dir_labels || st->dir_values || st->named_labels ||
           st->variables || s->defer_len;
}

static void spill(void *user, int channel, const char *data, size_t len)
{
    (void)channel, (void)data, (void)len;
    ((mqsad_asm_stream *)user)->spilled = 1;
}

void mqsad__asm_stream_trial(mqsad_asm_stream *trial, const mqsad_asm_stream *s, unsigned long line,
                             char *out, size_t out_cap, char *diag, size_t diag_cap)
{
    mqsad_asm_stream_init(trial, sizeof *trial, &s->cfg);
    trial->lineno = line;
    mqsad__sink_init(&trial->out, out, out_cap, spill, trial, MQSAD_STREAM_OUT);
    mqsad__sink_init(&trial->diag, diag, diag_cap, spill, trial, MQSAD_STREAM_DIAG);
}

/* The trial began as a fresh file would at `line`: its output is s's own when s, there,
 * is in that state, apart from what the trial never looked at: the labels and symbols of
 * s if the trial named none (state.lookups), a ".text" already echoed if it read none, a
 * line marker if it reported nothing. */
int mqsad__asm_stream_take(mqsad_asm_stream *s, const mqsad_asm_stream *trial, unsigned long line)
{
    int s_symbols = has_symbols(s);
    if (s_symbols && (trial->state.lookups || has_symbols(trial))) return -1;
    if (trial->spilled || s->lineno != line || s->carry_len || s->skip_line ||
        s->recovery != REC_NONE || (s->in_text && trial->text_seen) ||
        (s->marker_line && (trial->errors || trial->defer_len)))
        return 0;
    mqsad__sink_flush(&s->out);
    mqsad__sink_flush(&s->diag);
    if (trial->out.len) s->cfg.write(s->cfg.user, MQSAD_STREAM_OUT, trial->out.buf, trial->out.len);
    if (trial->diag.len) s->cfg.write(s->cfg.user, MQSAD_STREAM_DIAG, trial->diag.buf, trial->diag.len);
    s->lineno = trial->lineno;
    s->errors += trial->errors;
    s->in_text |= trial->in_text;
    s->text_seen |= trial->text_seen;
    s->recovery = trial->recovery;
    s->skip_line = trial->skip_line;
    if (trial->marker_seen) {
        s->marker_seen = 1;
        s->marker_line = trial->marker_line;
        s->marker_at = trial->marker_at;
        s->marker_name_len = trial->marker_name_len;
        memcpy(s->marker_name, trial->marker_name, trial->marker_name_len);
    }
    s->carry_len = trial->carry_len;
    s->scanned = trial->scanned;
    memcpy(s->carry, trial->carry, trial->carry_len);
    if (!s_symbols && has_symbols(trial)) {
        s->state = trial->state;
        s->defer_len = trial->defer_len;
        memcpy(s->defer, trial->defer, trial->defer_len);
    }
    return 1;
}
