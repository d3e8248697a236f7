/* test_disasm.c — mqsad_decode + mqsad_format against every row of disasm_vectors.tsv
 * (llvm-mc 22 -disassemble output, encoding-llvm22.md §10).
 *
 * Per row (target, hex bytes of one [...] block, expected):
 *  - expected starts with "v_mqsad_u32_u8": the first instruction must decode to exactly
 *    that text; when llvm-mc printed a sequence (" ;; ") our decode must leave bytes for the
 *    rest, otherwise it must consume every byte;
 *  - INVALID, CRASH(rc=-11) (llvm-mc crashed: truncated literal, or a literal on a target
 *    without VOP3 literals, conformance.md) or another instruction first: the first word
 *    must not decode as v_mqsad_u32_u8.
 * The row rule is t_dis_row (tests/common_vec.c, shared with test_diff); every decode runs
 * on a heap copy of exactly the row's bytes, so an over-read is caught by ASan/valgrind. */
#include "t.h"
#include "mqsad.h"
#include "vec.h"

int main(void)
{
    char path[512];
    t_dis_tally t;
    memset(&t, 0, sizeof t);
    t_tsv_each(t_data("disasm_vectors.tsv", path, sizeof path), 3, t_dis_row, &t);
    CHECK(t.rows == 95308, "rows: %lu", t.rows);
    printf("disasm vectors: %lu rows (%lu decode, %lu invalid for us), %lu agree\n", t.rows,
           t.valid, t.invalid, t.agree);
    return t_done();
}
