/* test_asm.c — the assembler against every row of the llvm-mc 22 vectors
 * (tests/data/asm_vectors.tsv: target, asm text, encoding or ERROR, canonical text or
 * "error@COL: message" joined by " || ").
 *
 *  - accepted rows: identical bytes (A = relocation placeholder) and identical canonical
 *    text (mqsad_format of the parsed instruction);
 *  - rejected rows: rejected; how many messages and columns match exactly is printed as a
 *    figure (not a failure);
 *  - the four documented deviations (docs/deviations.md) are recognised from the row
 *    itself (not from our output) and our behaviour there is asserted explicitly;
 *  - a few direct checks: the seed example, expression rules, bounds on hostile input.
 */
#include "t.h"
#include "mqsad.h"
#include "vec.h"
#include "asm/asm.h"

#include <stdint.h>

static void vectors(void)
{
    char path[512];
    t_asm_tally t;
    memset(&t, 0, sizeof t);
    t.show_msg = 1;
    t_tsv_each(t_data("asm_vectors.tsv", path, sizeof path), 4, t_asm_row, &t);
    printf("asm vectors: %lu rows (%lu accepted, %lu rejected by llvm-mc)\n", t.rows, t.accepted, t.rejected);
    printf("asm diagnostics: %lu of the %lu rows both reject match llvm-mc's message(s) and column(s) exactly (%.2f%%);"
           " %lu of %lu rows llvm-mc rejects\n", t.msg_match, t.both_reject,
           t.both_reject ? 100.0 * (double)t.msg_match / (double)t.both_reject : 0.0, t.msg_match, t.rejected);
    printf("asm deviations: D1 %lu, D2 %lu, D3 %lu, D4 %lu rows\n", t.dev[1], t.dev[2], t.dev[3], t.dev[4]);
    CHECK(t.dev[1] > 0 && t.dev[2] > 0 && t.dev[3] > 0 && t.dev[4] > 0, "every deviation is exercised");
    CHECK(t.rows == 54098, "rows: %lu", t.rows);
}

static void expect_ok(const char *target, const char *text, const char *bytes_hex, const char *canon)
{
    const mqsad_target *t = mqsad_target_lookup(target);
    mqsad_inst inst;
    mqsad_diag d;
    uint8_t b[32];
    size_t n = 0, i;
    char hex[128] = "", buf[256];
    mqsad_status st = mqsad_assemble(t, text, strlen(text), &inst, b, sizeof b, &n, &d);
    CHECK(st == MQSAD_OK, "%s: %s: %s", target, text, d.message);
    if (st != MQSAD_OK) return;
    for (i = 0; i < n; i++) snprintf(hex + strlen(hex), sizeof hex - strlen(hex), "%s%02x", i ? " " : "", b[i]);
    CHECK_EQ_S(hex, bytes_hex);
    if (canon) {
        mqsad_format(&inst, buf, sizeof buf, NULL);
        CHECK_EQ_S(buf, canon);
    }
}

static void expect_err(const char *target, const char *text, unsigned col, const char *msg)
{
    const mqsad_target *t = mqsad_target_lookup(target);
    mqsad_inst inst;
    mqsad_diag d;
    mqsad_status st = mqsad_parse(t, text, strlen(text), &inst, &d);
    CHECK(st != MQSAD_OK, "%s: %s: accepted", target, text);
    CHECK(d.column == col, "%s: %s: column %u, want %u", target, text, d.column, col);
    CHECK_EQ_S(d.message, msg);
}

/* mqsad_parse_ex over a file: numbers of llvm-mc-22's temporary labels (gfx1100,
 * tests/data/diffcli_asm_templabels: 1f .Ltmp0, 1 f again .Ltmp0, 2f .Ltmp1, 1b .Ltmp2
 * and undefined, '.' .Ltmp3, 1f+1f .Ltmp0+.Ltmp0, '. - .' two new ones) */
static void temp_labels(void)
{
    static const struct { const char *line; int ok; const char *symbol; unsigned labels, fwd, col; } steps[] = {
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 1f, v[8:11]", 1, ".Ltmp0", 1, 1, 32 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 1 f, v[8:11]", 1, ".Ltmp0", 1, 1, 32 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 2f, v[8:11]", 1, ".Ltmp1", 2, 1, 32 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 1b, v[8:11]", 0, NULL, 3, 0, 0 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 1b, v[8:11]", 0, NULL, 3, 0, 0 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], ., v[8:11]", 1, ".Ltmp3", 4, 0, 0 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 1f+1f, v[8:11]", 1, ".Ltmp0+.Ltmp0", 4, 2, 35 },
        { "v_mqsad_u32_u8 v[4:7], v[.:3], ., v[8:11]", 0, NULL, 5, 0, 0 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], .-., v[8:11]", 1, ".Ltmp5-.Ltmp6", 7, 0, 0 },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], 1f@abs32@lo, v[8:11]", 1, ".Ltmp0@abs32@lo", 7, 1, 32 },
    };
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    mqsad_asm_state st;
    mqsad_inst inst;
    mqsad_diag d;
    char line[64 * 8 + 64];
    size_t i, k;
    memset(&st, 0, sizeof st);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        mqsad_status r = mqsad_parse_ex(t, steps[i].line, strlen(steps[i].line), &st, &inst, &d);
        CHECK((r == MQSAD_OK) == steps[i].ok, "%s: status %d", steps[i].line, (int)r);
        if (steps[i].ok) CHECK_EQ_S(inst.symbol, steps[i].symbol);
        CHECK(st.temp_labels == steps[i].labels && st.fwd_refs == steps[i].fwd &&
              (!steps[i].col || st.fwd_column[st.fwd_refs - 1] == steps[i].col),
              "%s: %u labels, %u forward", steps[i].line, st.temp_labels, st.fwd_refs);
    }
    /* without a state every statement is the first of its file */
    CHECK(mqsad_parse(t, "v_mqsad_u32_u8 v[4:7], v[2:3], .+2f, v[8:11]", 44, &inst, &d) == MQSAD_OK,
          "stateless");
    CHECK_EQ_S(inst.symbol, ".Ltmp0+.Ltmp1");
    /* bounds: MQSAD_FWD_REFS references in a statement, MQSAD_DIR_LABELS labels in a file */
    k = (size_t)snprintf(line, sizeof line, "v_mqsad_u32_u8 v[4:7], v[2:3], 1f");
    for (i = 1; i < MQSAD_FWD_REFS + 1; i++) k += (size_t)snprintf(line + k, sizeof line - k, "+1f");
    CHECK(mqsad_parse_ex(t, line, k, &st, &inst, &d) != MQSAD_OK &&
          !strcmp(d.message, "too many directional labels") && d.column == 32 + 3 * MQSAD_FWD_REFS,
          "too many references: %u %s", d.column, d.message);
    memset(&st, 0, sizeof st);
    for (i = 0; i < MQSAD_DIR_LABELS; i++) {
        k = (size_t)snprintf(line, sizeof line, "v_mqsad_u32_u8 v[4:7], v[2:3], %uf, v[8:11]", (unsigned)i);
        CHECK(mqsad_parse_ex(t, line, k, &st, &inst, &d) == MQSAD_OK, "%s", line);
    }
    CHECK(st.temp_labels == MQSAD_DIR_LABELS, "%u labels", st.temp_labels);
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], 5f, v[8:11]", 42, &st, &inst, &d) == MQSAD_OK,
          "a label named before");
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], 5b, v[8:11]", 42, &st, &inst, &d) != MQSAD_OK &&
          !strcmp(d.message, "too many directional labels"), "one more: %s", d.message);
}

/* mqsad_parse_label over a file (llvm-mc-22: tests/data/diffcli_asm_labels): printed
 * names, the rest of the statement, redefinitions, directional definitions and what Nb /
 * Nf then name. */
static void labels(void)
{
    static const struct { const char *line; int ret; const char *name; size_t next; const char *msg; } steps[] = {
        { "foo:", 1, "foo", 4, NULL },
        { "foo: v_mqsad_u32_u8 v[4:7], v[2:3], foo, v[8:11]", 1, "foo", 4, "symbol 'foo' is already defined" },
        { "bar /**/ : zzzz", 1, "bar", 10, NULL },
        { "\"q x\":", 1, "\"q x\"", 6, NULL },
        { "\"plain\":", 1, "plain", 8, NULL },
        { "$y:", 1, "$y", 3, NULL },
        { "1:", 1, ".Ltmp0", 2, NULL },
        { "0x10 : z", 1, ".Ltmp1", 6, NULL },
        { ".: v1", -1, "", 2, "invalid use of pseudo-symbol '.' as a label" },
        { "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]", 0, "", 0, NULL },
        { "1f:", 0, "", 0, NULL },
        { "08:", 0, "", 0, NULL },
        { "0xffffffffffffffff:", 0, "", 0, NULL },
    };
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static mqsad_asm_state st;
    mqsad_label lab;
    mqsad_inst inst;
    mqsad_diag d;
    size_t i;
    memset(&st, 0, sizeof st);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        int r = mqsad_parse_label(steps[i].line, strlen(steps[i].line), &st, &lab, &d);
        CHECK(r == steps[i].ret, "%s: %d", steps[i].line, r);
        if (r > 0) CHECK_EQ_S(lab.name, steps[i].name);
        if (r != 0) CHECK(lab.next == steps[i].next, "%s: next %zu", steps[i].line, lab.next);
        if (steps[i].msg) CHECK_EQ_S(d.message, steps[i].msg);
        else CHECK(d.status == MQSAD_OK, "%s: %s", steps[i].line, d.message);
    }
    /* 1b names the label 1: defined (.Ltmp0); 1f the next instance, defined by a later 1: */
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], 1b, v[8:11]", 42, &st, &inst, &d) == MQSAD_OK,
          "1b after 1:");
    CHECK_EQ_S(inst.symbol, ".Ltmp0");
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], 1f, v[8:11]", 42, &st, &inst, &d) == MQSAD_OK &&
          st.fwd_refs == 1 && st.fwd_label[0] == 2, "1f: %s, label %u", inst.symbol, st.fwd_label[0]);
    CHECK(!mqsad_asm_label_defined(&st, 2), "1f not defined yet");
    CHECK(mqsad_parse_label("1:", 2, &st, &lab, &d) == 1 && !strcmp(lab.name, ".Ltmp2"), "1: %s", lab.name);
    CHECK(mqsad_asm_label_defined(&st, 2), "1f defined now");
    /* the fwd_* list is the last statement's: a label after an "Nf" statement, or a
     * failed one (fuzz finding: ".:" kept the list of the statement before), empties it */
    CHECK(st.fwd_refs == 0, "after 1: %u forward references", st.fwd_refs);
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], 2f, v[8:11]", 42, &st, &inst, &d) == MQSAD_OK &&
          st.fwd_refs == 1, "2f: %u", st.fwd_refs);
    CHECK(mqsad_parse_label(".:", 2, &st, &lab, &d) < 0 && st.fwd_refs == 0, ".: after 2f: %u", st.fwd_refs);
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], 2f, v[8:11]", 42, &st, &inst, &d) == MQSAD_OK &&
          st.fwd_refs == 1, "2f again: %u", st.fwd_refs);
    CHECK(mqsad_parse_label("v_nop", 5, &st, &lab, &d) == 0 && st.fwd_refs == 0, "no label after 2f: %u", st.fwd_refs);
    CHECK(mqsad_parse_label(NULL, 0, &st, &lab, &d) < 0, "NULL text");
}

/* mqsad_parse_assignment (llvm-mc-22: tests/data/diffcli_asm_assign): the printed line,
 * the value later references see, the errors. */
static void assignments(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static mqsad_asm_state st;
    mqsad_assignment a;
    mqsad_inst inst;
    mqsad_diag d;
    memset(&st, 0, sizeof st);
    CHECK(mqsad_parse_assignment(t, "x = 5", 5, &st, &a, &d) == 1, "x = 5");
    CHECK_EQ_S(a.line, ".set x, 5");
    CHECK(mqsad_parse_assignment(t, "y = x + 2", 9, &st, &a, &d) == 1 && !a.directive, "y");
    CHECK_EQ_S(a.line, ".set y, 7");
    CHECK(mqsad_parse_assignment(t, ".set z, w", 9, &st, &a, &d) == 1 && a.directive, ".set");
    CHECK_EQ_S(a.line, ".set z, w");
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], y*2, v[8:11]", 43, &st, &inst, &d) == MQSAD_OK &&
          inst.src[1].kind != MQSAD_OPK_SYMBOL && inst.src[1].value == 14, "y*2 is 14");
    CHECK(mqsad_parse_ex(t, "v_mqsad_u32_u8 v[4:7], v[2:3], z, v[8:11]", 41, &st, &inst, &d) == MQSAD_OK, "z");
    CHECK_EQ_S(inst.symbol, "z");
    CHECK(mqsad_parse_assignment(t, ". = 4", 5, &st, &a, &d) == 1, ". = 4");
    CHECK_EQ_S(a.line, ".org 4, 0");
    CHECK(mqsad_parse_assignment(t, "q = ", 4, &st, &a, &d) < 0 && d.column == 5 &&
          !strcmp(d.message, "unknown token in expression") && d.extra_column == 5 &&
          !strcmp(d.extra_message, "missing expression"), "q = : %s", d.message);
    CHECK(mqsad_parse_assignment(t, "x = 5 6", 7, &st, &a, &d) < 0 && d.column == 7 &&
          !strcmp(d.message, "expected newline"), "x = 5 6: %s", d.message);
    CHECK(mqsad_parse_assignment(t, ".set c 3", 8, &st, &a, &d) < 0 && d.column == 8 &&
          !strcmp(d.message, "expected comma"), ".set c 3: %s", d.message);
    CHECK(mqsad_parse_assignment(t, "r == 1", 6, &st, &a, &d) == 0, "r == 1 is no assignment");
    CHECK(mqsad_parse_assignment(t, "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]", 42, &st, &a, &d) == 0,
          "an instruction is no assignment");
    /* fwd_* are the statement's: "3f" in EXPR is listed at its column (5), and a statement
     * that is no assignment, or fails before EXPR, lists none */
    CHECK(mqsad_parse_assignment(t, "f = 3f", 6, &st, &a, &d) == 1 && st.fwd_refs == 1 && st.fwd_column[0] == 5,
          "f = 3f: %u at %u", st.fwd_refs, st.fwd_column[0]);
    CHECK(mqsad_parse_assignment(t, "r == 1", 6, &st, &a, &d) == 0 && st.fwd_refs == 0, "r == 1: %u", st.fwd_refs);
    CHECK(mqsad_parse_assignment(t, "g = 3f", 6, &st, &a, &d) == 1 && st.fwd_refs == 1, "g = 3f: %u", st.fwd_refs);
    CHECK(mqsad_parse_assignment(t, ".set c 3", 8, &st, &a, &d) < 0 && st.fwd_refs == 0, ".set c 3: %u", st.fwd_refs);
    /* "$x" / "@y" names (llvm-mc-22 prints ".set $x, 5" and ".set \"@y\", 7") */
    CHECK(mqsad_parse_assignment(t, "$x = 5", 6, &st, &a, &d) == 1, "$x = 5");
    CHECK_EQ_S(a.line, ".set $x, 5");
    CHECK(mqsad_parse_assignment(t, "@y = 7", 6, &st, &a, &d) == 1, "@y = 7");
    CHECK_EQ_S(a.line, ".set \"@y\", 7");
    CHECK(mqsad_parse_assignment(NULL, "x = 5", 5, &st, &a, &d) < 0 && d.status == MQSAD_E_INVALID_ARGUMENT,
          "no target");
}

/* The bounds mqsad.h documents for labels: a name of MQSAD_SYMBOL_MAX - 1 bytes fits, a
 * longer one is an error; MQSAD_NAMED_LABELS named labels, MQSAD_DIR_LABELS directional
 * label symbols; each error at the label's column. */
static void label_bounds(void)
{
    static mqsad_asm_state st;
    mqsad_label lab;
    mqsad_diag d;
    char text[128];
    int k, n;
    memset(&st, 0, sizeof st);
    n = snprintf(text, sizeof text, "  %0*d:", MQSAD_SYMBOL_MAX - 1, 0);
    text[2] = 'l';
    CHECK(mqsad_parse_label(text, (size_t)n, &st, &lab, &d) == 1 && strlen(lab.name) == MQSAD_SYMBOL_MAX - 1,
          "63-byte label: %s", d.message);
    n = snprintf(text, sizeof text, "  %0*d:", MQSAD_SYMBOL_MAX, 0);
    text[2] = 'l';
    CHECK(mqsad_parse_label(text, (size_t)n, &st, &lab, &d) < 0 && d.status == MQSAD_E_INPUT_TOO_LONG &&
          d.column == 3 && !strcmp(d.message, "label name too long"), "64-byte label: %s", d.message);
    memset(&st, 0, sizeof st);
    for (k = 0; k < MQSAD_NAMED_LABELS; k++) {
        n = snprintf(text, sizeof text, "l%d:", k);
        if (mqsad_parse_label(text, (size_t)n, &st, &lab, &d) != 1 || d.status != MQSAD_OK) break;
    }
    CHECK(k == MQSAD_NAMED_LABELS, "%d named labels", k);
    CHECK(mqsad_parse_label("more:", 5, &st, &lab, &d) < 0 && d.status == MQSAD_E_INPUT_TOO_LONG && d.column == 1 &&
          !strcmp(d.message, "too many labels"), "one more: %s", d.message);
    CHECK(mqsad_parse_label("l7:", 3, &st, &lab, &d) == 1 && !strcmp(d.message, "symbol 'l7' is already defined"),
          "a known one is still found: %s", d.message);
    memset(&st, 0, sizeof st);
    for (k = 0; k < MQSAD_DIR_LABELS; k++) {
        n = snprintf(text, sizeof text, "%d:", k);
        if (mqsad_parse_label(text, (size_t)n, &st, &lab, &d) != 1) break;
    }
    CHECK(k == MQSAD_DIR_LABELS, "%d directional labels", k);
    CHECK(mqsad_parse_label(" 5:", 3, &st, &lab, &d) < 0 && d.status == MQSAD_E_INPUT_TOO_LONG && d.column == 2 &&
          !strcmp(d.message, "too many labels"), "one more: %s", d.message);
}

/* The bounds mqsad.h documents for assignments (llvm-mc has none): a name that prints to
 * MQSAD_SYMBOL_MAX bytes or more, a printed line over line[], MQSAD_VARIABLES names; each
 * an error at the expression's column. */
static void assignment_bounds(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static mqsad_asm_state st;
    mqsad_assignment a;
    mqsad_diag d;
    char text[400];
    int k, n;
    memset(&st, 0, sizeof st);
    n = snprintf(text, sizeof text, "%0*d = 5", MQSAD_SYMBOL_MAX, 0);
    text[0] = 'a';
    CHECK(mqsad_parse_assignment(t, text, (size_t)n, &st, &a, &d) < 0 && d.status == MQSAD_E_INPUT_TOO_LONG &&
          d.column == MQSAD_SYMBOL_MAX + 4 && !strcmp(d.message, "symbol name too long"), "long name: %s", d.message);
    text[MQSAD_SYMBOL_MAX - 1] = ' ';   /* a name of MQSAD_SYMBOL_MAX - 1 bytes fits */
    CHECK(mqsad_parse_assignment(t, text, (size_t)n, &st, &a, &d) == 1 && strlen(a.name) == MQSAD_SYMBOL_MAX - 1,
          "63-byte name: %s", d.message);
    n = snprintf(text, sizeof text, "e = ");
    for (k = 0; k < 50; k++) n += snprintf(text + n, sizeof text - (size_t)n, "%ssym%02d", k ? "+" : "", k);
    CHECK(mqsad_parse_assignment(t, text, (size_t)n, &st, &a, &d) < 0 && d.status == MQSAD_E_INPUT_TOO_LONG &&
          d.column == 5 && !strcmp(d.message, "expression too long"), "long expression: %s", d.message);
    memset(&st, 0, sizeof st);
    for (k = 0; k < MQSAD_VARIABLES; k++) {
        n = snprintf(text, sizeof text, "n%d = %d", k, k);
        if (mqsad_parse_assignment(t, text, (size_t)n, &st, &a, &d) != 1) break;
    }
    CHECK(k == MQSAD_VARIABLES, "%d names assigned", k);
    n = snprintf(text, sizeof text, "n%d = 1", k);
    CHECK(mqsad_parse_assignment(t, text, (size_t)n, &st, &a, &d) < 0 && d.status == MQSAD_E_INPUT_TOO_LONG &&
          d.column == (unsigned)n && !strcmp(d.message, "too many symbols"), "one more: %s", d.message);
    n = snprintf(text, sizeof text, "n7 = 70");   /* an assigned name may be assigned again */
    CHECK(mqsad_parse_assignment(t, text, (size_t)n, &st, &a, &d) == 1, "n7 again: %s", d.message);
}

/* LLVM's AMDGPU expression functions. Values from llvm-mc-22 (gfx1100 unless named);
 * where llvm-mc 22 crashes (SIGSEGV reading an argument it was not given, SIGFPE dividing
 * by zero) mqsad rejects the line (docs/deviations.md). */
static void expr_functions(void)
{
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], max(1,2,7), v[8:11]", "04 00 3d d6 02 0f 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], alignto(5,4), v[8:11]", "04 00 3d d6 02 11 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], alignto(-1,3), v[8:11]", "04 00 3d d6 02 83 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1+max(1,2), v[8:11]", "04 00 3d d6 02 07 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], extrasgprs(0,1,0), v[8:11]", "04 00 3d d6 02 01 21 04",
              "v_mqsad_u32_u8 v[4:7], v[2:3], 0, v[8:11]");
    expect_ok("gfx900", "v_mqsad_u32_u8 v[4:7], v[2:3], extrasgprs(0,1,0), v[8:11]", "04 00 e7 d1 02 0d 21 04",
              "v_mqsad_u32_u8 v[4:7], v[2:3], 6, v[8:11]");
    expect_ok("gfx942", "v_mqsad_u32_u8 v[4:7], v[2:3], extrasgprs(0,0,0), v[8:11]", "04 00 e7 d1 02 0d 21 04",
              "v_mqsad_u32_u8 v[4:7], v[2:3], 6, v[8:11]");
    expect_ok("gfx90a", "v_mqsad_u32_u8 v[4:7], v[2:3], totalnumvgprs(1,5), v[8:11]", "04 00 e7 d1 02 13 21 04",
              "v_mqsad_u32_u8 v[4:7], v[2:3], 9, v[8:11]");
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], max(x,y)+1, v[8:11]",
              "04 00 3d d6 02 ff 21 04 00 00 00 00", "v_mqsad_u32_u8 v[4:7], v[2:3], max(x, y)+1, v[8:11]");
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], alignto(x), v[8:11]",
              "04 00 3d d6 02 ff 21 04 00 00 00 00", "v_mqsad_u32_u8 v[4:7], v[2:3], alignto(x), v[8:11]");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], max(), v[8:11]", 37, "empty max expression");
    /* directives: unknown ones as llvm-mc-22 reports them; known ones are not supported */
    expect_err("gfx1100", ".foo 08", 1, "unknown directive");
    expect_err("gfx1100", "  .amdhsa_kernel k", 3, "unknown directive");   /* HSA only */
    expect_err("gfx1100", ".byte 1", 1, "directives are not supported");
    expect_err("gfx1100", ".P2ALIGN 2", 1, "directives are not supported");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], max(1,), v[8:11]", 39, "mismatch of commas in max expression");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], max(1 2), v[8:11]", 38, "unexpected token in max expression");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], -max(1,2), v[8:11]", 38, "expected ')'");
    /* llvm-mc 22 crashes on these */
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], alignto(5), v[8:11]", 32, "alignto expression needs 2 arguments");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], x+alignto(5), v[8:11]", 34, "alignto expression needs 2 arguments");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], extrasgprs(x), v[8:11]", 32, "extrasgprs expression needs 3 arguments");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], alignto(5,0), v[8:11]", 32, "division by zero in alignto expression");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], occupancy(1,0,3,4,5,6,7), v[8:11]", 32,
               "division by zero in occupancy expression");
}

static void direct(void)
{
    static const char seed[] = "v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]";
    static const char *const rdna34[] = { "gfx1100", "gfx1150", "gfx1200" };
    static const char *const rdna12[] = { "gfx1010", "gfx1030" };
    static const char *const mis[] = { "gfx90a", "gfx942", "gfx950", "gfx1250" };
    size_t i;
    char big[4096];
    for (i = 0; i < 3; i++) expect_ok(rdna34[i], seed, "05 00 3d d6 c1 82 f1 07", seed);
    for (i = 0; i < 2; i++) expect_ok(rdna12[i], seed, "05 00 75 d5 c1 82 f1 07", seed);
    for (i = 0; i < 4; i++)
        expect_err(mis[i], seed, 16, "invalid operand for instruction");
    /* expressions (values checked with llvm-mc 22) */
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1|2^3&4, v[8:11]", "04 00 3d d6 02 01 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1+2*3, v[8:11]", "04 00 3d d6 02 0f 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1 == 1, v[8:11]", "04 00 3d d6 02 83 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], -5%3, v[8:11]", "04 00 3d d6 02 85 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1<<64, v[8:11]", "04 00 3d d6 02 03 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1ULL, v[8:11]", "04 00 3d d6 02 03 21 04", NULL);
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1.5e-1, v[8:11]",
              "04 00 3d d6 02 ff 21 04 9a 99 19 3e", "v_mqsad_u32_u8 v[4:7], v[2:3], 0x3e19999a, v[8:11]");
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], sym - 4, v[8:11]",
              "04 00 3d d6 02 ff 21 04 00 00 00 00", "v_mqsad_u32_u8 v[4:7], v[2:3], sym-4, v[8:11]");
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1+2+sym, v[8:11]",
              "04 00 3d d6 02 ff 21 04 00 00 00 00", "v_mqsad_u32_u8 v[4:7], v[2:3], 1+2+sym, v[8:11]");
    expect_ok("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], sym+(1+2), v[8:11]",
              "04 00 3d d6 02 ff 21 04 00 00 00 00", "v_mqsad_u32_u8 v[4:7], v[2:3], sym+3, v[8:11]");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 101b, v[8:11]", 32, "directional label undefined");
    /* llvm-mc-22 says "lit" for lit64 too (every target) */
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], lit64 x, v[8:11]", 38, "expected left paren after lit");
    expect_err("gfx1250", "v_mqsad_u32_u8 v[4:7], lit64, v1, v[8:11]", 29, "expected left paren after lit");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[1/0:7], v[2:3], v1, v[8:11]", 18, "expected absolute expression");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 18446744073709551616, v[8:11]", 32,
               "literal value out of range for directive");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], (1, v[8:11]", 34, "expected ')'");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], 1+, v[8:11]", 34, "unknown token in expression");
    expect_err("gfx1100", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, clamp", 36, "invalid operand for instruction");
    /* hostile input: deep nesting, huge numbers, long lines — bounded, no crash */
    memset(big, '(', 3000);
    memcpy(big, "v_mqsad_u32_u8 v[4:7], v[2:3], ", 31);
    big[3000] = '\0';
    {
        mqsad_inst inst;
        mqsad_diag d;
        mqsad_status st = mqsad_parse(mqsad_target_lookup("gfx1100"), big, strlen(big), &inst, &d);
        CHECK(st != MQSAD_OK, "deep nesting rejected");
        CHECK_EQ_S(d.message, "expression too deeply nested");
        memset(big, '-', 3000);
        memcpy(big, "v_mqsad_u32_u8 v[4:7], v[2:3], ", 31);
        big[2999] = '1';
        st = mqsad_parse(mqsad_target_lookup("gfx1100"), big, 3000, &inst, &d);
        CHECK(st != MQSAD_OK, "deep unary rejected");
        memset(big, '9', 3000);
        memcpy(big, "v_mqsad_u32_u8 v[4:7], v[2:3], ", 31);
        st = mqsad_parse(mqsad_target_lookup("gfx1100"), big, 2000, &inst, &d);
        CHECK(st != MQSAD_OK && d.column == 32, "1000+ digit number rejected at its column");
        CHECK_EQ_S(d.message, "literal value out of range for directive");
        st = mqsad_parse(mqsad_target_lookup("gfx1100"), big, 0, &inst, &d);
        CHECK(st != MQSAD_OK, "empty line rejected");
    }
}

/* An unknown mnemonic: llvm-mc-22's suggestions (edit distance 2, insertions and deletions,
 * mnemonics the target has in the default variant), measured per target. */
static void suggestions(void)
{
    static const char cmp[] = "invalid instruction, did you mean: v_cmp_f_f16, v_cmp_ge_f16, "
        "v_cmp_gt_f16, v_cmp_lg_f16, v_cmp_nge_f16, v_cmp_ngt_f16, v_cmp_nlg_f16, v_cmp_o_f16, "
        "%sv_cmp_u_f16, v_cmpx_ge_f16, v_cmpx_gt_f16, v_cmpx_lg_f16?";
    char msg[400];
    static const char *const generic[] = { "gfx9-generic", "gfx9-4-generic", "gfx10-1-generic",
                                           "gfx10-3-generic", "gfx11-generic", "gfx12-generic" };
    size_t i;
    /* llvm-mc-22 suggests these two on every target: each target has its group in the
     * measured data (a target added without regenerating src/asm/mnemonics.inc fails here) */
    for (i = 0; i < mqsad_target_count(); i++)
        expect_err(mqsad_target_at(i)->name, "nop", 1, "invalid instruction, did you mean: s_nop, v_nop?");
    for (i = 0; i < sizeof generic / sizeof generic[0]; i++)
        expect_err(generic[i], "nop", 1, "invalid instruction, did you mean: s_nop, v_nop?");
    expect_err("gfx700", "NOP v1", 1, "invalid instruction, did you mean: s_nop, v_nop?");
    expect_err("gfx950", "nop_e64 v1", 1, "invalid instruction, did you mean: s_nop, v_nop?");
    expect_err("gfx950", "\"nop\" v1", 1, "invalid instruction, did you mean: s_nop, v_nop?");
    expect_err("gfx1100", "x", 1, "invalid instruction, did you mean: exp?");
    expect_err("gfx950", "x", 1, "invalid instruction");            /* no exp on CDNA */
    expect_err("gfx1100", "v_nopz", 1, "invalid instruction, did you mean: v_nop?");
    expect_err("gfx1100", "$nop v1", 1, "invalid instruction");      /* "$nop" is 3 away */
    expect_err("gfx1100", "$xp", 1, "invalid instruction, did you mean: exp?");
    expect_err("gfx1100", "@xp v1, v2", 1, "invalid instruction, did you mean: exp?");
    snprintf(msg, sizeof msg, cmp, "");
    expect_err("gfx942", "v_cmp_g_f16_e32 v1", 1, msg);
    snprintf(msg, sizeof msg, cmp, "v_cmp_t_f16, ");
    expect_err("gfx1100", "v_cmp_g_f16_e32 v1", 1, msg);
    expect_err("gfx700", "v_cmp_g_f16_e32 v1", 1, "invalid instruction");
    /* gfx9-4-generic lacks v_cvt_pk_f32_bf8, which gfx942 has */
    expect_err("gfx942", "v_cxvt_pk_f32_bf8 v1", 1, "invalid instruction, did you mean: v_cvt_pk_f32_bf8?");
    expect_err("gfx9-4-generic", "v_cxvt_pk_f32_bf8 v1", 1, "invalid instruction");
    /* near v_mqsad_u32_u8, a VOP3-only instruction: not in the default variant */
    expect_err("gfx1100", "v_mqsad_u32_u v1", 1, "invalid instruction");
    /* another instruction's name: llvm-mc gives that instruction's diagnostic, mqsad (which
     * knows only the SAD family) plain "invalid instruction" (docs/deviations.md) */
    expect_err("gfx1100", "s_nop", 1, "invalid instruction");
    /* the family's names are instructions (llvm-mc-22): assembled, or not on this GPU */
    expect_ok("gfx1100", "V_SAD_U8_E64 v1, v2, v3, v4", "01 00 22 d6 02 07 12 04", "v_sad_u8 v1, v2, v3, v4");
    expect_ok("gfx600", "v_msad_u8 v1, v2, v3, v4", "01 00 e2 d2 02 07 12 04", "v_msad_u8 v1, v2, v3, v4");
    expect_err("gfx600", "v_qsad_pk_u16_u8 v[2:3], v[2:3], v3, v[4:5]", 1, "instruction not supported on this GPU");
    expect_err("tahiti", "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]", 1, "instruction not supported on this GPU");
    expect_err("gfx600", "v_qsad_pk_u16_u8_e64_e64 v1", 1, "invalid instruction");
    expect_err("gfx600", "v_sad_u", 1, "invalid instruction");
    expect_err("gfx1100", "v_sad_u8", 1, "too few operands for instruction");
    expect_err("gfx1100", "v_sad_u8 v1, v2, v3, v4 row_mirror", 25, "VOP3-DPP forms are not supported");
    /* ... except one this GPU lacks: that message depends on the mnemonic alone */
    expect_err("gfx900", "v_dot2_f32_f16 v1, v2, v3, v4", 1, "instruction not supported on this GPU");
    expect_err("gfx900", "V_DOT2_F32_F16_e64 v1", 1, "instruction not supported on this GPU");
    expect_err("gfx906", "v_dot2_f32_f16 v1, v2, v3, v4", 1, "invalid instruction");
    expect_err("gfx1100", "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31]", 1,
               "instruction not supported on this GPU");
}

/* Floating-point operand text: mqsad__asm_parse_real against the C library's strtod (the
 * reference) on random decimals "digits.digits", short and long, and a few edge spellings */
static void reals(void)
{
    static const char *const edge[] = { "0.0", "1.", ".5", "0.15915494309189532", "4.0",
                                        "123456789012345.", "1234567890123456.0",
                                        "0.000000000000001", "9007199254740993.0" };
    unsigned long long st = 0x9e3779b97f4a7c15ull;
    char b[40];
    unsigned i, k;
    for (i = 0; i < 200000 + MQSAD_ARRAY_LEN(edge); i++) {
        uint64_t got = 0;
        union { double d; uint64_t u; } want;
        size_t n = 0;
        if (i < MQSAD_ARRAY_LEN(edge)) {
            n = strlen(edge[i]);
            memcpy(b, edge[i], n + 1);
        } else {
            unsigned total = 1 + (unsigned)(t_xorshift64(&st) % 20), dot = (unsigned)(t_xorshift64(&st) % (total + 1));
            for (k = 0; k < total; k++) {
                if (k == dot) b[n++] = '.';
                b[n++] = (char)('0' + t_xorshift64(&st) % 10);
            }
            if (dot == total) b[n++] = '.';
            b[n] = '\0';
        }
        want.d = strtod(b, NULL);
        CHECK(mqsad__asm_parse_real(b, n, &got) == 0 && got == want.u, "%s: 0x%llx, strtod 0x%llx", b,
              (unsigned long long)got, (unsigned long long)want.u);
    }
}

int main(void)
{
    reals();
    suggestions();
    vectors();
    direct();
    temp_labels();
    expr_functions();
    labels();
    assignments();
    assignment_bounds();
    label_bounds();
    return t_done();
}
