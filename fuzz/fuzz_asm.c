/*
 * fuzz_asm.c — arbitrary text through the assembler (mqsad_parse, mqsad_assemble) on every
 * target. Properties: never a crash, an over-read or unbounded work; a rejected line has a
 * diagnostic with a column inside the line (1 .. len+1) and a printable, NUL-terminated
 * message; an accepted line is valid, formats, encodes, and its canonical text assembles
 * to the same bytes; mqsad_assemble respects its output buffer.
 *
 * Also: mqsad_next_statement walks the text with progress and in bounds (each statement
 * parsed with one mqsad_asm_state as mqsad asm does: labels, the instruction, else an
 * assignment; the state's counts stay in bounds and its forward references point into
 * the statement), and the lexer
 * errors of mqsad_diag_next_lexer_error come in order inside the line.
 *
 * Input: byte 0 = target selector (fuzz.h), bytes 1.. = the line (not NUL-terminated;
 * NUL bytes, newlines and invalid UTF-8 are part of the fuzzed text).
 */
#include "fuzz.h"

#define ASM_TEXT_MAX 512

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    const mqsad_target *t;
    char *text, canon[ASM_TEXT_MAX], ctx[ASM_TEXT_MAX + 300];
    size_t n, w = 0, clen = 0;
    mqsad_inst inst;
    mqsad_diag diag;
    mqsad_status st;
    uint8_t out[32];

    if (size < 1) return 0;
    t = fuzz_target(data[0]);
    n = size - 1;
    text = (char *)fuzz_dup(data + 1, n);
    snprintf(ctx, sizeof ctx, "%s: \"%.*s\"", t->name, n > 200 ? 200 : (int)n, text);

    memset(&diag, 0x5a, sizeof diag);
    st = mqsad_parse(t, text, n, &inst, &diag);
    FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, ctx);
    {   /* the text cut into statements: each makes progress and stays inside it; parsed
         * one after another with one file state, the label counts only grow, within their
         * bounds, and forward references point into their statement */
        size_t pos = 0, k = 0;
        mqsad_stmt stmt;
        static mqsad_asm_state fs;
        mqsad_inst fi;
        unsigned labels = 0, i;
        memset(&fs, 0, sizeof fs);
        while (mqsad_next_statement(text + pos, n - pos, 1, &stmt)) {
            FUZZ_ASSERT(stmt.next > 0 && stmt.next <= n - pos && stmt.len <= stmt.next, ctx);
            FUZZ_ASSERT(stmt.newlines <= stmt.next && stmt.kind <= MQSAD_STMT_LINE_MARKER, ctx);
            {   /* labels first, as mqsad asm does: each ends inside the statement */
                size_t off = 0;
                mqsad_label lab;
                int got;
                while ((got = mqsad_parse_label(text + pos + off, stmt.len - off, &fs, &lab, NULL)) > 0) {
                    FUZZ_ASSERT(lab.next > 0 && lab.next <= stmt.len - off && lab.name[0], ctx);
                    off += lab.next;
                }
                FUZZ_ASSERT(fs.named_labels <= MQSAD_NAMED_LABELS && fs.dir_values <= MQSAD_DIR_LABELS, ctx);
                if (got == 0 && mqsad_parse_ex(t, text + pos + off, stmt.len - off, &fs, &fi, NULL) == MQSAD_OK) {
                    FUZZ_ASSERT(mqsad_validate(&fi, NULL) == MQSAD_OK, ctx);
                } else if (got == 0) {   /* then an assignment, as mqsad asm tries it */
                    mqsad_assignment asg;
                    if (mqsad_parse_assignment(t, text + pos + off, stmt.len - off, &fs, &asg, NULL) > 0)
                        FUZZ_ASSERT(memchr(asg.line, 0, sizeof asg.line) && asg.name[0], ctx);
                }
            }
            FUZZ_ASSERT(fs.temp_labels >= labels && fs.temp_labels - labels <= stmt.len, ctx);
            FUZZ_ASSERT(fs.dir_labels <= MQSAD_DIR_LABELS && fs.fwd_refs <= MQSAD_FWD_REFS, ctx);
            for (i = 0; i < fs.fwd_refs; i++)
                FUZZ_ASSERT(fs.fwd_column[i] >= 1 && fs.fwd_column[i] <= stmt.len, ctx);
            labels = fs.temp_labels;
            pos += stmt.next;
            FUZZ_ASSERT(++k <= n, ctx);
        }
        FUZZ_ASSERT(pos == n, ctx);
    }
    if (st != MQSAD_OK) {
        fuzz_check_diag(&diag, st, n, ctx);
        {   /* the further lexer errors: in the line, in order, finitely many */
            size_t resume = 0, k = 0;
            unsigned col, last = diag.extra_column;
            char msg[96];
            while ((col = mqsad_diag_next_lexer_error(text, n, &diag, &resume, msg, sizeof msg, NULL))) {
                FUZZ_ASSERT(col > last && col <= n + 1 && msg[0] != '\0', ctx);
                last = col;
                FUZZ_ASSERT(++k <= n, ctx);
            }
        }
        /* diag may be NULL; same verdict */
        FUZZ_ASSERT(mqsad_parse(t, text, n, &inst, NULL) == st, ctx);
        /* assemble agrees */
        st = mqsad_assemble(t, text, n, &inst, out, sizeof out, &w, &diag);
        FUZZ_ASSERT(st != MQSAD_OK, ctx);
        free(text);
        return 0;
    }

    FUZZ_ASSERT(inst.target == t, ctx);
    FUZZ_ASSERT(mqsad_validate(&inst, NULL) == MQSAD_OK, ctx);
    st = mqsad_format(&inst, canon, sizeof canon, &clen);
    FUZZ_ASSERT(st == MQSAD_OK, ctx);
    if (inst.symbol[0] == '\0') {
        FUZZ_ASSERT(fuzz_printable(canon, clen), ctx);
    } else {
        /* a quoted symbol name may hold control bytes, which llvm-mc prints raw (and so do
         * we): every non-printable byte must come from the input, none may be invented */
        size_t i;
        for (i = 0; i < clen; i++)
            if (!fuzz_printable(canon + i, 1))
                FUZZ_ASSERT(n > 0 && memchr(text, canon[i], n) != NULL, ctx);
    }
    snprintf(ctx + strlen(ctx), sizeof ctx - strlen(ctx), " -> %s", canon);

    st = mqsad_encode(&inst, out, sizeof out, &w);
    FUZZ_ASSERT(st == MQSAD_OK, ctx);
    FUZZ_ASSERT(w == 8 || w == 12 || w == 16, ctx);

    /* mqsad_assemble: same bytes; every too-small buffer refused without writing past it */
    {
        uint8_t out2[32];
        size_t w2 = 0, sz;
        mqsad_inst inst2;
        st = mqsad_assemble(t, text, n, &inst2, out2, sizeof out2, &w2, &diag);
        FUZZ_ASSERT(st == MQSAD_OK && w2 == w && memcmp(out, out2, w) == 0, ctx);
        for (sz = 0; sz < w; sz += 4) {
            uint8_t *b = (uint8_t *)malloc(sz + 8);
            if (!b) abort();
            memset(b, 0x5a, sz + 8);
            st = mqsad_assemble(t, text, n, &inst2, b, sz, &w2, &diag);
            FUZZ_ASSERT(st == MQSAD_E_BUFFER_TOO_SMALL, ctx);
            FUZZ_ASSERT(b[sz] == 0x5a && b[sz + 7] == 0x5a, ctx);
            free(b);
        }
    }

    /* the canonical text is itself accepted, gives the same bytes and is its own canonical
     * form. For a symbolic SRC1 llvm-mc's printed form need not reparse to the same thing:
     * names that read as registers or numbers print bare ("(s17)" -> s17, "\"12\"" -> 12),
     * parenthesised constants fold on reparse ("s-(4/2)" -> s-2), INT64_MIN gains a '-' per
     * pass, and the text may outgrow the 63-character bound. mqsad follows llvm-mc step by
     * step (the tests/data vectors); here only: a reparse that is still symbolic gives the
     * same bytes, and the next pass is a fixed point (INT64_MIN aside). */
    {
        mqsad_inst inst3;
        uint8_t out3[32];
        size_t w3 = 0;
        char canon3[ASM_TEXT_MAX];
        st = mqsad_assemble(t, canon, clen, &inst3, out3, sizeof out3, &w3, &diag);
        if (inst.symbol[0] == '\0') {
            FUZZ_ASSERT(st == MQSAD_OK, ctx);
            FUZZ_ASSERT(w3 == w && memcmp(out3, out, w) == 0, ctx);
            FUZZ_ASSERT(mqsad_format(&inst3, canon3, sizeof canon3, NULL) == MQSAD_OK, ctx);
            FUZZ_ASSERT(strcmp(canon3, canon) == 0, ctx);
        } else if (st == MQSAD_OK && inst3.symbol[0] != '\0') {
            FUZZ_ASSERT(w3 == w && memcmp(out3, out, w) == 0, ctx);
            FUZZ_ASSERT(mqsad_format(&inst3, canon3, sizeof canon3, NULL) == MQSAD_OK, ctx);
            if (!strstr(canon3, "9223372036854775808")) {
                mqsad_inst inst4;
                char canon4[ASM_TEXT_MAX];
                st = mqsad_assemble(t, canon3, strlen(canon3), &inst4, out3, sizeof out3, &w3, &diag);
                if (st == MQSAD_OK && inst4.symbol[0] != '\0') {
                    FUZZ_ASSERT(w3 == w && memcmp(out3, out, w) == 0, ctx);
                    FUZZ_ASSERT(mqsad_format(&inst4, canon4, sizeof canon4, NULL) == MQSAD_OK, ctx);
                    FUZZ_ASSERT(strcmp(canon4, canon3) == 0, ctx);
                }
            }
        }
    }
    free(text);
    return 0;
}
