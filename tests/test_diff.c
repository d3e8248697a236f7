/* test_diff.c — differential-testing regression vectors (made with llvm-mc 22 by the
 * "diff" helper: targets not in the main vector set, random operand mixes, hostile lines
 * and random words).
 *
 * Files (in $MQSAD_DATA, decompressed from tests/data/diff_*.tsv.gz):
 *   diff_asm.tsv     target <TAB> asm text <TAB> encoding|ERROR <TAB> canonical|error@COL: msg
 *   diff_disasm.tsv  target <TAB> hex bytes <TAB> text|INVALID|CRASH(rc=N) [" ;; " more]
 *   diff_asm_known.tsv  asm rows where we still differ from llvm-mc (open items in
 *                    notes/bugs-asm.md: lower-case integer suffixes `7u`, `7l`; symbol variants
 *                    `sym@abs32@lo`; string operands `"str"`; `.`). Checked the same way, but a
 *                    mismatch there is only counted and printed as a figure, not a failure;
 *                    move a row to diff_asm.tsv once it is fixed.
 * The same formats as asm_vectors.tsv / disasm_vectors.tsv (scripts/gen_vectors.py).
 * MQSAD_DIFF_ASM / MQSAD_DIFF_DIS override the paths (used to run other vector sets),
 * MQSAD_DIFF_VERBOSE=N prints up to N failures and every message mismatch.
 *
 * Per asm row: accepted by llvm-mc -> same bytes (A = fixup placeholder) and the same
 * canonical text; rejected -> rejected (message + column agreement is printed as a
 * figure). The documented deviations (conformance.md: D1 lit() without VOP3 literals,
 * D2 lit() merging two literals, D3 unique literal compared on the encoded bits, D4
 * gfx1250 lit() truncation) are recognised from the row and asserted.
 * Per disasm row: llvm-mc decodes -> same text and the same length (all bytes consumed
 * unless llvm-mc printed more instructions after it); INVALID / CRASH / another
 * instruction -> our decoder rejects the first word. Every decode reads a heap copy of
 * exactly the row's bytes (over-reads show under ASan/valgrind). */
#include "t.h"
#include "mqsad.h"

#include <stdint.h>

#define MAXF 4

static int verbose;

static int split(char *line, char **f)
{
    int n = 0;
    char *p = line;
    f[n++] = p;
    while (*p && n < MAXF) {
        if (*p == '\t') { *p = '\0'; f[n++] = p + 1; }
        p++;
    }
    return n;
}

static int parse_bytes(const char *s, int *out, int max)
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

static void our_error(const mqsad_diag *d, char *buf, size_t size)
{
    if (d->extra_column)
        snprintf(buf, size, "error@%u: %s || error@%u: %s", d->column, d->message,
                 d->extra_column, d->extra_message);
    else
        snprintf(buf, size, "error@%u: %s", d->column, d->message);
}

static int operand_text(const char *canon, int i, char *buf, size_t size)
{
    const char *p = strchr(canon, ' ');
    int k = 0;
    size_t n = 0;
    if (!p) return 0;
    p++;
    for (; *p; p++) {
        if (p[0] == ',' && p[1] == ' ') { if (k == i) break; k++; p++; continue; }
        if (k == i && n + 1 < size) buf[n++] = *p;
    }
    buf[n] = '\0';
    return k == i;
}

static int literal_of(const char *op, uint64_t *v)
{
    const char *h = strstr(op, "0x");
    if (!h || (op[0] != '0' && strncmp(op, "lit", 3) != 0)) return 0;
    *v = strtoull(h, NULL, 16);
    return 1;
}

static unsigned long a_rows, a_acc, a_rej, a_msg, a_col, dev[5];

static void asm_row(char **f)
{
    const mqsad_target *t = mqsad_target_lookup(f[0]);
    const char *asmtext = f[1];
    int llvm_ok = strcmp(f[2], "ERROR") != 0;
    /* lit()/lit64() as written (also "lit (1)"), or as llvm-mc echoed it */
    int has_lit = strstr(asmtext, "lit") != NULL &&
                  (!llvm_ok || strstr(f[3], "lit(") || strstr(f[3], "lit64("));
    mqsad_inst inst;
    mqsad_diag d;
    uint8_t bytes[32];
    size_t n = 0;
    mqsad_status st;
    char text[512], err[1200];

    a_rows++;
    CHECK(t != NULL, "unknown target %s", f[0]);
    if (!t) return;
    memset(&d, 0, sizeof d);
    st = mqsad_assemble(t, asmtext, strlen(asmtext), &inst, bytes, sizeof bytes, &n, &d);

    if (!llvm_ok) {
        a_rej++;
        if (st == MQSAD_OK) {
            int d3 = strstr(f[3], "only one unique literal operand is allowed") &&
                     inst.src[0].kind == MQSAD_OPK_LITERAL32 && inst.src[1].kind == MQSAD_OPK_LITERAL32 &&
                     inst.src[0].literal_bits == inst.src[1].literal_bits && n == 12;
            CHECK(d3, "%s: %s: llvm-mc rejects (%s), we accept", f[0], asmtext, f[3]);
            if (d3) dev[3]++;
            return;
        }
        our_error(&d, err, sizeof err);
        if (!strcmp(err, f[3])) a_msg++;
        else if (verbose)
            fprintf(stderr, "msg %s: %s\n   llvm: %s\n   ours: %s\n", f[0], asmtext, f[3], err);
        {
            unsigned col = (unsigned)strtoul(f[3] + 6, NULL, 10);
            if (!strncmp(f[3], "error@", 6) && col == d.column) a_col++;
        }
        return;
    }

    a_acc++;
    if (st != MQSAD_OK) {
        char o1[160] = "", o2[160] = "";
        uint64_t v1 = 0, v2 = 0;
        int l1, l2;
        operand_text(f[3], 1, o1, sizeof o1);
        operand_text(f[3], 2, o2, sizeof o2);
        l1 = literal_of(o1, &v1);
        l2 = literal_of(o2, &v2);
        if (t->family->literal == MQSAD_LIT_NONE && has_lit) {
            dev[1]++;
            CHECK(st == MQSAD_E_NO_LITERAL && !strcmp(d.message, "literal operands are not supported"),
                  "%s: %s: D1 expects 'literal operands are not supported', got '%s'", f[0], asmtext, d.message);
            return;
        }
        /* D2 also covers lit(X) merged with a symbol: llvm-mc writes X and the fixup into
         * the same dword (its encoding shows A placeholders, e.g. 0x2a'A',A,A,A) */
        if (has_lit && ((l1 && l2 && (uint32_t)v1 != (uint32_t)v2) || strchr(f[2], 'A') != NULL)) {
            dev[2]++;
            CHECK(st == MQSAD_E_MULTIPLE_LITERALS &&
                  !strcmp(d.message, "only one unique literal operand is allowed"),
                  "%s: %s: D2 expects 'only one unique literal', got '%s'", f[0], asmtext, d.message);
            return;
        }
        if (t->family->literal == MQSAD_LIT_32_64 && strncmp(o1, "lit(", 4) == 0) {
            dev[4]++;
            CHECK(!strcmp(d.message, "invalid operand for instruction"),
                  "%s: %s: D4 expects 'invalid operand for instruction', got '%s'", f[0], asmtext, d.message);
            return;
        }
        CHECK(0, "%s: %s: llvm-mc accepts (%s), we reject: %s (col %u)", f[0], asmtext, f[3],
              d.message, d.column);
        return;
    }
    {
        int want[32], nw = parse_bytes(f[2], want, 32), same = nw == (int)n, i;
        for (i = 0; same && i < nw; i++)
            if (want[i] >= 0 && want[i] != bytes[i]) same = 0;
        mqsad_format(&inst, text, sizeof text, NULL);
        if (!same || strcmp(text, f[3])) {
            char o1[160] = "";
            operand_text(f[3], 1, o1, sizeof o1);
            if (t->family->literal == MQSAD_LIT_32_64 && strncmp(o1, "lit(", 4) == 0 &&
                inst.src[0].kind == MQSAD_OPK_LITERAL64 && inst.src[0].lit_wrapper == 1 && n == 16 &&
                nw == 16 && (int)bytes[8] == want[8] && (int)bytes[9] == want[9] &&
                (int)bytes[10] == want[10] && (int)bytes[11] == want[11]) {
                dev[4]++;
                CHECK(inst.literal == inst.src[0].value, "%s: %s: D4 literal", f[0], asmtext);
                return;
            }
            if (!same) {
                char got[128] = "";
                size_t k;
                for (k = 0; k < n; k++)
                    snprintf(got + strlen(got), sizeof got - strlen(got), "%s0x%02x", k ? "," : "", bytes[k]);
                CHECK(0, "%s: %s: bytes %s, want %s", f[0], asmtext, got, f[2]);
            }
            CHECK(!strcmp(text, f[3]), "%s: %s: text \"%s\", want \"%s\"", f[0], asmtext, text, f[3]);
            return;
        }
        CHECK(1, "ok");
    }
}

static unsigned long k_rows, k_differ;

static void known_row(char **f)
{
    unsigned long f0 = t_fail;
    k_rows++;
    asm_row(f);
    if (t_fail != f0) k_differ++;
}

static size_t parse_hex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    while (*s) {
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            char *end;
            unsigned long v = strtoul(s + 2, &end, 16);
            if (n < cap) out[n] = (uint8_t)v;
            n++;
            s = end;
        } else {
            s++;
        }
    }
    return n;
}

static unsigned long d_rows, d_valid, d_invalid;

static void dis_row(char **f)
{
    const mqsad_target *t = mqsad_target_lookup(f[0]);
    uint8_t bytes[64], *heap;
    size_t n;
    mqsad_inst in;
    mqsad_status st;
    char text[512], *seq, *exp = f[2];

    d_rows++;
    CHECK(t != NULL, "unknown target %s", f[0]);
    if (!t) return;
    n = parse_hex(f[1], bytes, sizeof bytes);
    if (n > sizeof bytes) { CHECK(0, "row too long"); return; }
    heap = malloc(n ? n : 1);
    if (!heap) { CHECK(0, "out of memory"); return; }
    memcpy(heap, bytes, n);
    st = mqsad_decode(t, n ? heap : NULL, n, &in);
    seq = strstr(exp, " ;; ");
    if (seq) *seq = '\0';
    if (strncmp(exp, "v_mqsad_u32_u8", 14) == 0) {
        d_valid++;
        if (st != MQSAD_OK) {
            CHECK(0, "%s [%s]: decode failed (%s), want \"%s\"", f[0], f[1], mqsad_strerror(st), exp);
        } else {
            mqsad_status fs = mqsad_format(&in, text, sizeof text, NULL);
            CHECK(fs == MQSAD_OK && strcmp(text, exp) == 0, "%s [%s]: got \"%s\", want \"%s\"",
                  f[0], f[1], text, exp);
            CHECK(seq ? in.length < n : in.length == n, "%s [%s]: consumed %u of %zu bytes (llvm-mc: %s)",
                  f[0], f[1], (unsigned)in.length, n, seq ? "more follow" : "all");
        }
    } else {
        d_invalid++;
        CHECK(st != MQSAD_OK, "%s [%s]: decoded as \"%s\" but llvm-mc says %s", f[0], f[1],
              (mqsad_format(&in, text, sizeof text, NULL), text), exp);
    }
    free(heap);
}

static void run_file(const char *env, const char *name, int ncols, void (*fn)(char **))
{
    char path[512], line[8192];
    char *f[MAXF];
    const char *p = getenv(env);
    FILE *fp;
    if (p && *p) snprintf(path, sizeof path, "%s", p);
    else t_data(name, path, sizeof path);
    fp = fopen(path, "r");
    CHECK(fp != NULL, "cannot open %s", path);
    if (!fp) return;
    while (fgets(line, sizeof line, fp)) {
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r')) line[--l] = '\0';
        if (!l || line[0] == '#') continue;
        if (split(line, f) != ncols) { CHECK(0, "bad row in %s: %s", name, line); continue; }
        fn(f);
    }
    fclose(fp);
}

int main(void)
{
    const char *v = getenv("MQSAD_DIFF_VERBOSE");
    if (v && *v) { verbose = atoi(v); t_verbose_limit = verbose; }
    run_file("MQSAD_DIFF_ASM", "diff_asm.tsv", 4, asm_row);
    printf("diff asm: %lu rows (%lu accepted, %lu rejected by llvm-mc)\n", a_rows, a_acc, a_rej);
    printf("diff asm diagnostics: %lu of %lu rejected rows match message and column exactly (%.2f%%), "
           "column alone %lu (%.2f%%)\n", a_msg, a_rej, a_rej ? 100.0 * (double)a_msg / (double)a_rej : 0.0,
           a_col, a_rej ? 100.0 * (double)a_col / (double)a_rej : 0.0);
    printf("diff asm deviations: D1 %lu, D2 %lu, D3 %lu, D4 %lu rows\n", dev[1], dev[2], dev[3], dev[4]);
    {
        /* known open mismatches: counted, not failures */
        unsigned long p0 = t_pass, f0 = t_fail;
        int lim = t_verbose_limit;
        t_verbose_limit = verbose ? verbose : 0;
        run_file("MQSAD_DIFF_KNOWN", "diff_asm_known.tsv", 4, known_row);
        printf("diff asm known-open rows: %lu rows, %lu still differ from llvm-mc, %lu agree now\n",
               k_rows, k_differ, k_rows - k_differ);
        t_pass = p0;
        t_fail = f0;
        t_verbose_limit = lim;
    }
    run_file("MQSAD_DIFF_DIS", "diff_disasm.tsv", 3, dis_row);
    printf("diff disasm: %lu rows (%lu decoded by llvm-mc, %lu invalid/crash)\n", d_rows, d_valid, d_invalid);
    return t_done();
}
