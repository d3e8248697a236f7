/*
 * state.c — the state-file parser of `mqsad exec` (docs/exec.md), in the library so it can
 * be fuzzed. One assignment per line:
 *
 *   wave32 | wave64
 *   REG = VALUE                  scalar, or a VGPR on every lane
 *   vN = V0 V1 ... V(w-1)        one value per lane (exactly wave_size values)
 *   vN[LANE] = VALUE             one lane
 *   s[2:3] = VALUE64, v[2:3] = VALUE64 ...   a 64-bit value in a pair (lane lists too)
 *   # comment (anywhere on a line)
 *
 * REG is sN, ttmpN, vN, a tuple form x[a:b] with b = a or a+1, or any special register name
 * the target has (vcc, vcc_lo, exec_hi, m0, flat_scratch_lo, xnack_mask, tba, tma_hi,
 * src_shared_base, src_pops_exiting_wave_id, src_flat_scratch_base_lo, scc/src_scc, ...).
 * VALUE: decimal, 0x hex, 0b binary, or '-' decimal/hex (two's complement in the width).
 * A line is parsed completely before anything is applied (an error changes nothing).
 * Bounded: at most wave_size values are examined before "too many values"; numbers are
 * accumulated with overflow checks, so any digit count is fine.
 */
#include "mqsad.h"
#include "exec/exec.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct cursor {
    const char *s;
    size_t len, pos;
} cursor;

static int at_end(const cursor *c) { return c->pos >= c->len; }
static char peek(const cursor *c) { return c->pos < c->len ? c->s[c->pos] : 0; }
static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; }
static int is_ident(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.';
}
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static void skip_space(cursor *c) { while (!at_end(c) && is_space(peek(c))) c->pos++; }

static mqsad_status fail(mqsad_state_diag *d, mqsad_status st, size_t pos, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static mqsad_status fail(mqsad_state_diag *d, mqsad_status st, size_t pos, const char *fmt, ...)
{
    va_list ap;
    if (d) {
        d->status = st;
        d->line = 1;
        d->column = (unsigned)(pos + 1);
        va_start(ap, fmt);
        vsnprintf(d->message, sizeof d->message, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* A token echoed in a message: at most 40 bytes, printable ASCII only. */
static void echo(char out[48], const char *s, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < n && k < 40; i++) {
        unsigned char ch = (unsigned char)s[i];
        out[k++] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    if (i < n) { out[k++] = '.'; out[k++] = '.'; out[k++] = '.'; }
    out[k] = 0;
}

/* Parses an unsigned decimal register index (no sign). Returns 0 on overflow/none. */
static int parse_index(cursor *c, unsigned *out)
{
    unsigned long v = 0;
    size_t start = c->pos;
    while (!at_end(c) && is_digit(peek(c))) {
        v = v * 10 + (unsigned long)(peek(c) - '0');
        if (v > 100000) return 0;
        c->pos++;
    }
    *out = (unsigned)v;
    return c->pos > start;
}

/* ---- the left-hand side ------------------------------------------------------------- */

enum { LHS_SCALAR, LHS_VGPR };

typedef struct lhs {
    int file;           /* LHS_SCALAR / LHS_VGPR */
    unsigned id;        /* register id of the first register */
    unsigned width;     /* 1 or 2 (2: 64-bit value; apertures are 64-bit with width 2) */
    int lane;           /* -1: every lane */
    int aperture;       /* 1: a 64-bit aperture (one id) */
    int is_scc;
} lhs;

static const struct { const char *alias; mqsad_special id; } name_aliases[] = {
    { "scc", MQSAD_SPECIAL_SRC_SCC },
    { "vccz", MQSAD_SPECIAL_SRC_VCCZ },
    { "execz", MQSAD_SPECIAL_SRC_EXECZ },
    { "shared_base", MQSAD_SPECIAL_SRC_SHARED_BASE },
    { "shared_limit", MQSAD_SPECIAL_SRC_SHARED_LIMIT },
    { "private_base", MQSAD_SPECIAL_SRC_PRIVATE_BASE },
    { "private_limit", MQSAD_SPECIAL_SRC_PRIVATE_LIMIT },
    { "pops_exiting_wave_id", MQSAD_SPECIAL_SRC_POPS_EXITING_WAVE_ID },
    { "lds_direct", MQSAD_SPECIAL_SRC_LDS_DIRECT },
};

static int name_is(const char *s, size_t n, const char *name)
{
    return strlen(name) == n && memcmp(s, name, n) == 0;
}

static mqsad_special special_by_name(const char *s, size_t n)
{
    int i;
    size_t k;
    for (i = MQSAD_SPECIAL_NONE + 1; i < MQSAD_SPECIAL_COUNT; i++) {
        const char *nm = mqsad_special_name((mqsad_special)i);
        if (nm && *nm && name_is(s, n, nm)) return (mqsad_special)i;
    }
    for (k = 0; k < MQSAD_ARRAY_LEN(name_aliases); k++)
        if (name_is(s, n, name_aliases[k].alias)) return name_aliases[k].id;
    return MQSAD_SPECIAL_NONE;
}

static int is_aperture(mqsad_special s)
{
    return s == MQSAD_SPECIAL_SRC_SHARED_BASE || s == MQSAD_SPECIAL_SRC_SHARED_LIMIT ||
           s == MQSAD_SPECIAL_SRC_PRIVATE_BASE || s == MQSAD_SPECIAL_SRC_PRIVATE_LIMIT;
}

/* Parses "sN", "ttmpN", "vN", "x[a:b]" / "x[a]" forms after the prefix. */
static mqsad_status parse_file_reg(const mqsad_wave_state *st, cursor *c, size_t start, int kind,
                                   const char *prefix, lhs *out, mqsad_state_diag *d)
{
    const mqsad_family *f = st->target->family;
    unsigned a, b, count, base;
    size_t p = c->pos;
    if (peek(c) == '[') {
        c->pos++;
        skip_space(c);
        p = c->pos;
        if (!parse_index(c, &a)) return fail(d, MQSAD_E_SYNTAX, p, "expected a register index");
        skip_space(c);
        b = a;
        if (peek(c) == ':') {
            c->pos++;
            skip_space(c);
            p = c->pos;
            if (!parse_index(c, &b)) return fail(d, MQSAD_E_SYNTAX, p, "expected a register index");
            skip_space(c);
        }
        if (peek(c) != ']') return fail(d, MQSAD_E_SYNTAX, c->pos, "expected ']'");
        c->pos++;
        if (b < a) return fail(d, MQSAD_E_SYNTAX, start, "register range %s[%u:%u] is reversed", prefix, a, b);
        if (b - a > 1)
            return fail(d, MQSAD_E_UNSUPPORTED, start,
                        "%s[%u:%u]: only single registers and pairs can be assigned; assign each register",
                        prefix, a, b);
    } else {
        if (!parse_index(c, &a)) return fail(d, MQSAD_E_SYNTAX, p, "expected a register index after '%s'", prefix);
        b = a;
    }
    out->width = b - a + 1;
    if (kind == LHS_VGPR) {
        count = st->vgpr_count;
        base = MQSAD_REG_VGPR0;
        out->file = LHS_VGPR;
    } else if (prefix[0] == 's') {
        count = f->sgpr_count;
        base = 0;
        out->file = LHS_SCALAR;
    } else {
        count = f->ttmp_count;
        base = f->ttmp_code;
        out->file = LHS_SCALAR;
    }
    if (b >= count)
        return fail(d, MQSAD_E_REGISTER_RANGE, start, "register %s%u is out of range on %s (%s0-%s%u)",
                    prefix, b, st->target->name, prefix, prefix, count - 1);
    out->id = base + a;
    return MQSAD_OK;
}

static mqsad_status parse_lhs(const mqsad_wave_state *st, cursor *c, lhs *out, mqsad_state_diag *d)
{
    size_t start = c->pos, n;
    const char *s = c->s + c->pos;
    char tok[48];
    mqsad_status r;

    memset(out, 0, sizeof *out);
    out->lane = -1;
    while (!at_end(c) && is_ident(peek(c))) c->pos++;
    n = c->pos - start;
    if (n == 0) return fail(d, MQSAD_E_SYNTAX, start, "expected a register name");

    /* sN / vN / ttmpN and their tuple forms */
    if ((s[0] == 'v' || s[0] == 's') && (n == 1 || (n > 1 && is_digit(s[1])))) {
        c->pos = start + 1;
        r = parse_file_reg(st, c, start, s[0] == 'v' ? LHS_VGPR : LHS_SCALAR, s[0] == 'v' ? "v" : "s", out, d);
        if (r != MQSAD_OK) return r;
        if (!at_end(c) && is_ident(peek(c))) goto unknown;
    } else if (n >= 4 && memcmp(s, "ttmp", 4) == 0 && (n == 4 || is_digit(s[4]))) {
        c->pos = start + 4;
        r = parse_file_reg(st, c, start, LHS_SCALAR, "ttmp", out, d);
        if (r != MQSAD_OK) return r;
        if (!at_end(c) && is_ident(peek(c))) goto unknown;
    } else {
        mqsad_special sp = special_by_name(s, n);
        int code;
        if (sp == MQSAD_SPECIAL_NONE) goto unknown;
        echo(tok, s, n);
        if (sp == MQSAD_SPECIAL_NULL)
            return fail(d, MQSAD_E_REG_UNAVAILABLE, start, "'null' always reads 0 and cannot be set");
        if (sp == MQSAD_SPECIAL_SRC_VCCZ)
            return fail(d, MQSAD_E_REG_UNAVAILABLE, start, "'%s' is computed from vcc; set vcc instead", tok);
        if (sp == MQSAD_SPECIAL_SRC_EXECZ)
            return fail(d, MQSAD_E_REG_UNAVAILABLE, start, "'%s' is computed from exec; set exec instead", tok);
        if (sp == MQSAD_SPECIAL_SRC_LDS_DIRECT)
            return fail(d, MQSAD_E_LDS_DIRECT, start, "'%s' is not a register state can hold", tok);
        code = mqsad_special_code(st->target, sp, 1);
        if (code < 0 || code > 255)
            return fail(d, MQSAD_E_REG_UNAVAILABLE, start, "register '%s' is not available on %s", tok,
                        st->target->name);
        out->file = LHS_SCALAR;
        out->id = (unsigned)code;
        out->width = mqsad_special_width(sp) == 2 ? 2u : 1u;
        out->is_scc = sp == MQSAD_SPECIAL_SRC_SCC;
        if (is_aperture(sp)) { out->aperture = 1; out->width = 2; }
    }
    if (peek(c) == '[') {
        size_t p = c->pos;
        unsigned lane;
        if (out->file != LHS_VGPR)
            return fail(d, MQSAD_E_SYNTAX, p, "a lane index is only allowed on VGPRs");
        c->pos++;
        skip_space(c);
        if (!parse_index(c, &lane)) return fail(d, MQSAD_E_SYNTAX, c->pos, "expected a lane number");
        skip_space(c);
        if (peek(c) != ']') return fail(d, MQSAD_E_SYNTAX, c->pos, "expected ']'");
        c->pos++;
        if (lane >= st->wave_size)
            return fail(d, MQSAD_E_REGISTER_RANGE, p + 1, "lane %u is out of range (wave%u has lanes 0-%u)",
                        lane, st->wave_size, st->wave_size - 1);
        out->lane = (int)lane;
    }
    return MQSAD_OK;
unknown:
    echo(tok, s, n);
    return fail(d, MQSAD_E_SYNTAX, start, "unknown register '%s'", tok);
}

/* ---- values ------------------------------------------------------------------------- */

/* Parses one value token [c->pos, end) of 'bits' width. */
static mqsad_status parse_value(const char *s, size_t n, size_t col, unsigned bits, uint64_t *out,
                                mqsad_state_diag *d)
{
    size_t i = 0;
    int neg = 0, base = 10, any = 0;
    uint64_t v = 0, max = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
    char tok[48];
    echo(tok, s, n);
    if (i < n && (s[i] == '-' || s[i] == '+')) { neg = s[i] == '-'; i++; }
    if (i + 1 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) { base = 16; i += 2; }
    else if (i + 1 < n && s[i] == '0' && (s[i + 1] == 'b' || s[i + 1] == 'B')) { base = 2; i += 2; }
    for (; i < n; i++) {
        unsigned dg;
        char ch = s[i];
        if (ch >= '0' && ch <= '9') dg = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') dg = (unsigned)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F') dg = (unsigned)(ch - 'A' + 10);
        else if (ch == '_' && any) continue;
        else dg = 99;
        if (dg >= (unsigned)base) return fail(d, MQSAD_E_SYNTAX, col, "invalid number '%s'", tok);
        if (v > (~0ull - dg) / (unsigned)base)
            return fail(d, MQSAD_E_LITERAL_RANGE, col, "value '%s' does not fit in %u bits", tok, bits);
        v = v * (unsigned)base + dg;
        any = 1;
    }
    if (!any) return fail(d, MQSAD_E_SYNTAX, col, "invalid number '%s'", tok);
    if (neg) {
        uint64_t lim = 1ull << (bits - 1);   /* -2^(bits-1) is the most negative */
        if (v > lim) return fail(d, MQSAD_E_LITERAL_RANGE, col, "value '%s' does not fit in %u bits", tok, bits);
        v = (0 - v) & max;
    } else if (v > max) {
        return fail(d, MQSAD_E_LITERAL_RANGE, col, "value '%s' does not fit in %u bits", tok, bits);
    }
    *out = v;
    return MQSAD_OK;
}

/* ---- one line ----------------------------------------------------------------------- */

static mqsad_status wave_line(mqsad_wave_state *st, unsigned size, size_t col, mqsad_state_diag *d)
{
    const mqsad_target *t = st->target;
    if (size == st->wave_size) return MQSAD_OK;
    if (!mqsad_wave_size_ok(t, size))
        return fail(d, MQSAD_E_WAVE_SIZE, col, "%s has no wave%u", t->name, size);
    if (st->wave_fixed)
        return fail(d, MQSAD_E_WAVE_SIZE, col, "wave%u conflicts with the wave size already chosen (wave%u)",
                    size, st->wave_size);
    if (st->assignments)
        return fail(d, MQSAD_E_SYNTAX, col, "wave%u must come before any register assignment", size);
    return mqsad_wave_init(st, t, size);
}

mqsad_status mqsad_state_parse_line(mqsad_wave_state *st, const char *text, size_t len,
                                    mqsad_state_diag *diag)
{
    cursor c;
    lhs l;
    mqsad_status r;
    uint64_t vals[MQSAD_MAX_LANES];
    unsigned nvals = 0, bits, i, maxvals;
    size_t vcol = 0, eq;

    if (diag) { memset(diag, 0, sizeof *diag); diag->line = 1; }
    if (!st || !st->target || !st->target->family || (!text && len))
        return fail(diag, MQSAD_E_INVALID_ARGUMENT, 0, "invalid argument");
    if (st->wave_size != 32 && st->wave_size != 64)
        return fail(diag, MQSAD_E_INVALID_ARGUMENT, 0, "state not initialised (mqsad_wave_init)");
    c.s = text;
    c.len = len;
    c.pos = 0;
    /* Strip the comment; reject control bytes and non-ASCII anywhere before it. */
    for (i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '#') { c.len = i; break; }
        if (ch == 0) return fail(diag, MQSAD_E_SYNTAX, i, "NUL byte in the line");
        if (ch == '\n') return fail(diag, MQSAD_E_SYNTAX, i, "newline inside a line");
        if ((ch < 0x20 && !is_space((char)ch)) || ch >= 0x7f)
            return fail(diag, MQSAD_E_SYNTAX, i, "unexpected character 0x%02x", ch);
    }
    skip_space(&c);
    if (at_end(&c)) return MQSAD_OK;

    {   /* wave32 / wave64 */
        size_t p = c.pos, q = c.pos;
        while (q < c.len && is_ident(c.s[q])) q++;
        if (name_is(c.s + p, q - p, "wave32") || name_is(c.s + p, q - p, "wave64")) {
            unsigned size = c.s[p + 4] == '3' ? 32u : 64u;
            c.pos = q;
            skip_space(&c);
            if (!at_end(&c)) return fail(diag, MQSAD_E_SYNTAX, c.pos, "unexpected text after 'wave%u'", size);
            return wave_line(st, size, p, diag);
        }
    }

    if ((r = parse_lhs(st, &c, &l, diag)) != MQSAD_OK) return r;
    skip_space(&c);
    if (peek(&c) != '=') return fail(diag, MQSAD_E_SYNTAX, c.pos, "expected '='");
    eq = c.pos;
    c.pos++;
    bits = l.width == 2 ? 64u : (l.is_scc ? 1u : 32u);
    maxvals = (l.file == LHS_VGPR && l.lane < 0) ? st->wave_size : 1u;
    for (;;) {
        size_t p;
        skip_space(&c);
        if (at_end(&c)) break;
        p = c.pos;
        while (!at_end(&c) && !is_space(peek(&c))) c.pos++;
        if (nvals >= maxvals) {
            if (maxvals == 1 && l.file == LHS_VGPR)
                return fail(diag, MQSAD_E_SYNTAX, p, "a single lane takes one value");
            if (maxvals == 1)
                return fail(diag, MQSAD_E_SYNTAX, p, "a scalar register takes one value");
            return fail(diag, MQSAD_E_INPUT_TOO_LONG, p,
                        "too many values: a VGPR takes 1 value or %u (one per lane)", st->wave_size);
        }
        if (nvals == 0) vcol = p;
        if ((r = parse_value(c.s + p, c.pos - p, p, bits, &vals[nvals], diag)) != MQSAD_OK) return r;
        nvals++;
    }
    if (nvals == 0) return fail(diag, MQSAD_E_SYNTAX, c.pos, "expected a value after '='");
    if (nvals != 1 && nvals != maxvals)
        return fail(diag, MQSAD_E_SYNTAX, vcol, "expected 1 value or %u (one per lane), got %u",
                    st->wave_size, nvals);
    (void)eq;

    /* Apply (all checks passed). */
    if (nvals == 1) {
        r = l.width == 2 ? mqsad_wave_set64(st, l.id, l.lane, vals[0])
                         : mqsad_wave_set(st, l.id, l.lane, (uint32_t)vals[0]);
    } else {
        r = MQSAD_OK;
        for (i = 0; i < nvals && r == MQSAD_OK; i++)
            r = l.width == 2 ? mqsad_wave_set64(st, l.id, (int)i, vals[i])
                             : mqsad_wave_set(st, l.id, (int)i, (uint32_t)vals[i]);
    }
    if (r != MQSAD_OK) return fail(diag, r, 0, "cannot set the register: %s", mqsad_strerror(r));
    return MQSAD_OK;
}

mqsad_status mqsad_state_parse(mqsad_wave_state *st, const char *text, size_t len,
                               mqsad_state_diag *diag)
{
    size_t pos = 0;
    unsigned line = 0;
    if (diag) memset(diag, 0, sizeof *diag);
    if (!st || (!text && len)) return fail(diag, MQSAD_E_INVALID_ARGUMENT, 0, "invalid argument");
    while (pos < len) {
        size_t end = pos, n;
        mqsad_status r;
        while (end < len && text[end] != '\n') end++;
        n = end - pos;
        line++;
        if (n > 0 && text[pos + n - 1] == '\r') n--;
        if (n > MQSAD_STATE_LINE_MAX) {
            r = fail(diag, MQSAD_E_INPUT_TOO_LONG, MQSAD_STATE_LINE_MAX, "line longer than %u bytes",
                     (unsigned)MQSAD_STATE_LINE_MAX);
        } else {
            r = mqsad_state_parse_line(st, text + pos, n, diag);
        }
        if (r != MQSAD_OK) {
            if (diag) diag->line = line;
            return r;
        }
        pos = end + 1;
    }
    return MQSAD_OK;
}
