/* vec.h — reading and checking the llvm-mc 22 vector files (the .tsv files in tests/data), shared by
 * test_asm, test_disasm, test_diff and test_decode_tables so that one row is judged by one
 * rule wherever it comes from.
 *
 * Row formats (scripts/gen_vectors.py):
 *   asm:    target <TAB> asm text <TAB> encoding|ERROR <TAB> canonical text|error@COL: msg
 *           (several diagnostics joined by " || ")
 *   disasm: target <TAB> hex bytes <TAB> text|INVALID|CRASH(rc=N)|other [" ;; " more] */
#ifndef MQSAD_TEST_VEC_H
#define MQSAD_TEST_VEC_H

#include "mqsad.h"

/* Splits line at tabs into at most max fields (the last keeps any further tabs); the line
 * ends at its first '\r' or '\n'. Returns the number of fields; modifies the line. */
int t_tsv_split(char *line, char **field, int max);

/* Calls fn(fields, ctx) for every row of the file at path that is not empty and does not
 * start with '#', after dropping the line end; a row without exactly ncols fields is a
 * failed check. Returns the number of rows passed to fn, or -1 (a failed check) when the
 * file cannot be opened. */
long t_tsv_each(const char *path, int ncols, void (*fn)(char **field, void *ctx), void *ctx);

/* Tallies of t_asm_row. dev[1..4] count the rows recognised as the documented deviations
 * D1-D4 (docs/deviations.md), where our behaviour is asserted instead of llvm-mc's. */
typedef struct t_asm_tally {
    unsigned long rows, accepted, rejected;  /* by llvm-mc */
    unsigned long both_reject;               /* llvm-mc and we reject */
    unsigned long msg_match, col_match;      /* of both_reject: every message+column / first column */
    unsigned long dev[5];
    int show_msg;                            /* print message mismatches to stderr */
} t_asm_tally;

/* Checks one asm row: llvm-mc accepts -> the same bytes (A = fixup placeholder) and the same
 * canonical text, and the instruction validates; llvm-mc rejects -> we reject (message and
 * columns, with the further lexer errors of mqsad_diag_next_lexer_error, are a figure). */
void t_asm_row(char **field, void *tally /* t_asm_tally: t_tsv_each's fn as it is */);

/* Our diagnostics for text in a row's form: "error@COL: msg" for the first, the second
 * (extra_*) and every further lexer error llvm-mc prints, joined by " || ". */
void t_asm_errors(const char *text, const mqsad_diag *d, char *buf, size_t size);

typedef struct t_dis_tally {
    unsigned long rows, valid, invalid;      /* llvm-mc: a family member / invalid, crash or another instruction */
    unsigned long agree;
} t_dis_tally;

/* Checks one disasm row: llvm-mc decodes one of the eight SAD-family instructions -> we
 * decode the same text (annotations included, and .invalid set exactly when llvm-mc prints
 * one) and use all bytes (fewer when llvm-mc printed more instructions after it); otherwise
 * (INVALID, a crash, any other instruction) the first word must not decode. The decoder reads a heap copy of exactly the row's bytes, so an
 * over-read shows under ASan/valgrind. */
void t_dis_row(char **field, void *tally /* t_dis_tally */);

#endif
