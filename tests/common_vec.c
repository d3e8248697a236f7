/* common_vec.c — the vector-file reader and row checkers declared in vec.h. */
#include "t.h"
#include "vec.h"

#include <stdint.h>

int t_tsv_split(char *line, char **field, int max)
{
    int n = 0;
    char *p = line;
    if (max <= 0) return 0;
    p[strcspn(p, "\r\n")] = '\0';
    field[n++] = p;
    for (; *p && n < max; p++)
        if (*p == '\t') { *p = '\0'; field[n++] = p + 1; }
    return n;
}

long t_tsv_each(const char *path, int ncols, void (*fn)(char **field, void *ctx), void *ctx)
{
    char line[8192], *field[8];
    long rows = 0;
    FILE *fp = fopen(path, "r");
    CHECK(fp != NULL, "cannot open %s", path);
    if (!fp) return -1;
    if (ncols > 8) ncols = 8;
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';   /* as t_tsv_split ends it, so that it can show */
        if (!line[0] || line[0] == '#') continue;
        if (t_tsv_split(line, field, ncols) != ncols) { CHECK(0, "bad row in %s: %s", path, line); continue; }
        fn(field, ctx);
        rows++;
    }
    fclose(fp);
    return rows;
}

/* "0x04,0x00,...,A,A" -> bytes; a fixup placeholder A gives -1. Returns the count, or -1
 * on anything else. */
static int expected_bytes(const char *s, int *out, int max)
{
    int n = 0;
    while (*s && n < max) {
        if (*s == 'A') { out[n++] = -1; s++; }
        else if (s[0] == '0' && s[1] == 'x') { out[n++] = (int)strtol(s, (char **)&s, 16); }
        else return -1;
        if (*s == ',') s++;
    }
    return n;
}

/* Our diagnostics in the row's form: "error@COL: msg" for the first, the second (extra_*)
 * and every further lexer error llvm-mc prints, joined by " || ". */
void t_asm_errors(const char *text, const mqsad_diag *d, char *buf, size_t size)
{
    char msg[512];
    size_t resume = 0, l;
    unsigned col;
    snprintf(buf, size, "error@%u: %s", d->column, d->message);
    if (!d->extra_column) return;
    l = strlen(buf);
    snprintf(buf + l, size - l, " || error@%u: %s", d->extra_column, d->extra_message);
    while ((col = mqsad_diag_next_lexer_error(text, strlen(text), d, &resume, msg, sizeof msg, NULL))) {
        l = strlen(buf);
        snprintf(buf + l, size - l, " || error@%u: %s", col, msg);
    }
}

/* The i-th operand (0 = VDST) of a canonical line, into buf; 0 if there is none. */
static int operand_text(const char *canon, int i, char *buf, size_t size)
{
    const char *p = strchr(canon, ' ');
    int k = 0;
    size_t n = 0;
    buf[0] = '\0';
    if (!p) return 0;
    p++;
    for (; *p; p++) {
        if (p[0] == ',' && p[1] == ' ') { if (k == i) break; k++; p++; continue; }
        if (k == i && n + 1 < size) buf[n++] = *p;
    }
    buf[n] = '\0';
    return k == i;
}

/* The literal value an operand prints ("0x..", "lit(0x..)", "lit64(0x..)"); 0 if none. */
static int literal_of(const char *op, uint64_t *v)
{
    const char *h = strstr(op, "0x");
    if (!h || (op[0] != '0' && strncmp(op, "lit", 3) != 0)) return 0;
    *v = strtoull(h, NULL, 16);
    return 1;
}

/* llvm-mc rejects, we reject too: compare the diagnostics (a figure, not a check). */
static void both_reject(char **f, const mqsad_diag *d, t_asm_tally *t)
{
    char err[4096];
    t_asm_errors(f[1], d, err, sizeof err);
    t->both_reject++;
    if (!strcmp(err, f[3])) t->msg_match++;
    else if (t->show_msg)
        fprintf(stderr, "msg %s: %s\n   llvm: %s\n   ours: %s\n", f[0], f[1], f[3], err);
    if (!strncmp(f[3], "error@", 6) && (unsigned)strtoul(f[3] + 6, NULL, 10) == d->column) t->col_match++;
}

/* llvm-mc accepts, we reject: only the deviations D1, D2 and D4 (rejecting form) may. */
static void we_reject(char **f, const mqsad_target *tg, int has_lit, mqsad_status st,
                      const mqsad_diag *d, t_asm_tally *t)
{
    char o1[160], o2[160];
    uint64_t v1 = 0, v2 = 0;
    int l1, l2;
    operand_text(f[3], 1, o1, sizeof o1);
    operand_text(f[3], 2, o2, sizeof o2);
    l1 = literal_of(o1, &v1);
    l2 = literal_of(o2, &v2);
    if (tg->family->literal == MQSAD_LIT_NONE && has_lit) {
        /* D1: lit() on a target without VOP3 literals */
        t->dev[1]++;
        CHECK(st == MQSAD_E_NO_LITERAL && !strcmp(d->message, "literal operands are not supported"),
              "%s: %s: D1 expects 'literal operands are not supported', got '%s'", f[0], f[1], d->message);
        return;
    }
    /* D2: lit() merged with a different literal, or with a symbol (llvm-mc writes X and the
     * fixup into the same dword: its encoding shows A placeholders, e.g. 0x2a'A',A,A,A) */
    if (has_lit && ((l1 && l2 && (uint32_t)v1 != (uint32_t)v2) || strchr(f[2], 'A') != NULL)) {
        t->dev[2]++;
        CHECK(st == MQSAD_E_MULTIPLE_LITERALS && !strcmp(d->message, "only one unique literal operand is allowed"),
              "%s: %s: D2 expects 'only one unique literal', got '%s'", f[0], f[1], d->message);
        return;
    }
    if (tg->family->literal == MQSAD_LIT_32_64 && strncmp(o1, "lit(", 4) == 0) {
        /* D4: gfx1250 lit(X) that LLVM truncated to 32 bits and lit64() rejects */
        t->dev[4]++;
        CHECK(!strcmp(d->message, "invalid operand for instruction"),
              "%s: %s: D4 expects 'invalid operand for instruction', got '%s'", f[0], f[1], d->message);
        return;
    }
    CHECK(0, "%s: %s: llvm-mc accepts (%s), we reject: %s (col %u)", f[0], f[1], f[3], d->message, d->column);
}

/* Both accept: the same bytes and text, but for D4's accepting form. */
static void both_accept(char **f, const mqsad_target *tg, const mqsad_inst *inst,
                        const uint8_t *bytes, size_t n, t_asm_tally *t)
{
    int want[32], nw = expected_bytes(f[2], want, 32), same = nw == (int)n, i;
    char text[512], o1[160];
    for (i = 0; same && i < nw; i++)
        if (want[i] >= 0 && want[i] != bytes[i]) same = 0;
    mqsad_format(inst, text, sizeof text, NULL);
    CHECK(mqsad_validate(inst, NULL) == MQSAD_OK, "%s: %s: parsed instruction does not validate", f[0], f[1]);
    if (same && !strcmp(text, f[3])) { CHECK(1, "ok"); return; }
    operand_text(f[3], 1, o1, sizeof o1);
    if (tg->family->literal == MQSAD_LIT_32_64 && strncmp(o1, "lit(", 4) == 0 &&
        inst->src[0].kind == MQSAD_OPK_LITERAL64 && inst->src[0].lit_wrapper == 1 && n == 16 &&
        nw == 16 && (int)bytes[8] == want[8] && (int)bytes[9] == want[9] &&
        (int)bytes[10] == want[10] && (int)bytes[11] == want[11]) {
        /* D4: we keep the high half LLVM dropped */
        t->dev[4]++;
        CHECK(inst->literal == inst->src[0].value, "%s: %s: D4 literal", f[0], f[1]);
        return;
    }
    if (!same) {
        char got[128] = "";
        size_t k;
        for (k = 0; k < n; k++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s0x%02x", k ? "," : "", bytes[k]);
        CHECK(0, "%s: %s: bytes %s, want %s", f[0], f[1], got, f[2]);
    }
    CHECK(!strcmp(text, f[3]), "%s: %s: text \"%s\", want \"%s\"", f[0], f[1], text, f[3]);
}

void t_asm_row(char **f, void *tally)
{
    t_asm_tally *t = tally;
    const mqsad_target *tg = mqsad_target_lookup(f[0]);
    int llvm_ok = strcmp(f[2], "ERROR") != 0;
    /* lit()/lit64() as written (also "lit (1)"), or as llvm-mc echoed it */
    int has_lit = strstr(f[1], "lit") != NULL &&
                  (!llvm_ok || strstr(f[3], "lit(") || strstr(f[3], "lit64("));
    mqsad_inst inst;
    mqsad_diag d;
    uint8_t bytes[32];
    size_t n = 0;
    mqsad_status st;

    t->rows++;
    if (!tg) { CHECK(0, "unknown target %s", f[0]); return; }
    memset(&d, 0, sizeof d);
    st = mqsad_assemble(tg, f[1], strlen(f[1]), &inst, bytes, sizeof bytes, &n, &d);
    if (llvm_ok) t->accepted++;
    else t->rejected++;
    if (!llvm_ok && st == MQSAD_OK) {
        /* D3: LLVM compares the parsed values of two literals, we the encoded 32 bits */
        int d3 = strstr(f[3], "only one unique literal operand is allowed") &&
                 inst.src[0].kind == MQSAD_OPK_LITERAL32 && inst.src[1].kind == MQSAD_OPK_LITERAL32 &&
                 inst.src[0].literal_bits == inst.src[1].literal_bits && n == 12;
        CHECK(d3, "%s: %s: llvm-mc rejects (%s), we accept", f[0], f[1], f[3]);
        if (d3) t->dev[3]++;
    } else if (!llvm_ok) {
        both_reject(f, &d, t);
    } else if (st != MQSAD_OK) {
        we_reject(f, tg, has_lit, st, &d, t);
    } else {
        both_accept(f, tg, &inst, bytes, n, t);
    }
}

/* 1 if text starts with the mnemonic of one of the eight SAD-family instructions (the
 * issue's list, not the library's table) followed by a space. */
static int family_text(const char *text)
{
    static const char *const names[] = { "v_sad_u8", "v_sad_hi_u8", "v_sad_u16", "v_sad_u32",
                                         "v_msad_u8", "v_qsad_pk_u16_u8", "v_mqsad_pk_u16_u8",
                                         "v_mqsad_u32_u8" };
    size_t i, n;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        n = strlen(names[i]);
        if (!strncmp(text, names[i], n) && text[n] == ' ') return 1;
    }
    return 0;
}

void t_dis_row(char **f, void *tally)
{
    t_dis_tally *t = tally;
    const mqsad_target *tg = mqsad_target_lookup(f[0]);
    uint8_t bytes[64], *heap;
    size_t n;
    mqsad_inst in;
    mqsad_status st;
    char text[512], *seq, *exp = f[2];

    t->rows++;
    if (!tg) { CHECK(0, "unknown target %s", f[0]); return; }
    n = t_parse_hex(f[1], bytes, sizeof bytes, NULL);
    if (n > sizeof bytes) { CHECK(0, "%s [%s]: row too long", f[0], f[1]); return; }
    heap = malloc(n ? n : 1);
    if (!heap) { CHECK(0, "out of memory"); return; }
    memcpy(heap, bytes, n);
    st = mqsad_decode(tg, n ? heap : NULL, n, &in);
    seq = strstr(exp, " ;; ");
    if (seq) *seq = '\0';
    if (family_text(exp)) {
        t->valid++;
        if (st != MQSAD_OK) {
            CHECK(0, "%s [%s]: decode failed (%s), want \"%s\"", f[0], f[1], mqsad_strerror(st), exp);
        } else {
            mqsad_status fs = mqsad_format(&in, text, sizeof text, NULL);
            int good = fs == MQSAD_OK && strcmp(text, exp) == 0;
            int len_ok = seq ? in.length < n : in.length == n;
            int inv = strstr(exp, "/*Invalid") != NULL;
            int ours = in.vdst.invalid || in.src[0].invalid || in.src[1].invalid || in.src[2].invalid;
            CHECK(good, "%s [%s]: got \"%s\", want \"%s\"", f[0], f[1], text, exp);
            CHECK(len_ok, "%s [%s]: consumed %u of %zu bytes (llvm-mc: %s)", f[0], f[1],
                  (unsigned)in.length, n, seq ? "more follow" : "all");
            CHECK(inv == ours, "%s [%s]: .invalid %d, llvm-mc annotates: %d", f[0], f[1], ours, inv);
            if (good && len_ok && inv == ours) t->agree++;
        }
    } else {
        t->invalid++;
        CHECK(st != MQSAD_OK, "%s [%s]: decoded as \"%s\" but llvm-mc says %s", f[0], f[1],
              (mqsad_format(&in, text, sizeof text, NULL), text), exp);
        if (st != MQSAD_OK) t->agree++;
    }
    free(heap);
}
