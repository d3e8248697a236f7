/*
 * dis_optab.h — the operand text tables of `mqsad dis`'s fast path (tools/cmd_dis.c).
 *
 * The text of an instruction is its operands' texts joined by mqsad_format's fixed
 * punctuation, and each operand's text (and validity) depends only on (target, slot,
 * code) unless the code is a literal. So every (slot, code) of every target is formatted
 * once, at build time, by tools/gen/gen_dis_optab.c with the library itself
 * (mqsad_operand_from_code + mqsad_format_operand), into $(BUILD)/gen/dis_optab.inc:
 * constant tables, one per distinct content (7 for the 44 targets). A run reads only the
 * pages of its target's table, from the binary's page cache, where formatting them at run
 * time wrote ~10 fresh pages (docs/performance.md, "Twelfth session").
 *
 * One (slot, code): its text with everything that always surrounds that slot in a line,
 * so that a line is exactly four entries end to end:
 *   VDST  "\tv_mqsad_u32_u8 " TEXT ", "      SRC0, SRC1  TEXT ", "
 *   SRC2  TEXT "\n", or TEXT " clamp\n" (two entries per code: CLAMP picks one by index,
 *         where a branch on it would mispredict, CLAMP being random in real code).
 * Printing one is a fixed-size copy of the whole entry and an advance by len: the bytes
 * past len are overwritten by the next entry (or lie past the line end). 32 bytes (half
 * a cache line, ok and len in the same line as the text), or 16 for SRC0 and SRC1, whose
 * texts with ", " fit in 14 (v[254:255], s[100:101], 0.15915494, ttmp[14:15]; longer
 * ones, with annotations, take the general path). OPT_SLOW marks an invalid code, a
 * literal code (254, 255), a text too long for its entry, or a scalar SRC1 on GFX7:
 * words using one take the general path (mqsad_decode + mqsad_format).
 */
#ifndef MQSAD_DIS_OPTAB_H
#define MQSAD_DIS_OPTAB_H

#include <stdint.h>

#define OPT_TEXT 30                /* longest entry text kept, prefix and separator included */
#define OPT16_TEXT 14              /* the same for SRC0/SRC1 (16-byte entries) */
/* ANDing four ok bytes gives OPT_FAST only if all four are; OPT_UNSET (0) never is, so a
 * zero table sends every word to the general path */
enum { OPT_UNSET = 0, OPT_FAST = 1, OPT_SLOW = 2 };

struct optext {
    char text[OPT_TEXT];
    uint8_t len;
    uint8_t ok;                    /* OPT_* */
};
struct optext16 {
    char text[OPT16_TEXT];
    uint8_t len;
    uint8_t ok;
};
struct optab {                     /* 56 KiB; a run touches the pages of the codes it sees */
    struct optext vdst[256];
    struct optext16 src0[512], src1[512];
    struct optext src2[2][512];    /* [CLAMP][code] */
};

/* Where the tables go, for the page faults of a run (layout only: without it, other
 * compilers and object formats, nothing changes but that). Linux maps the pages of a
 * file around a faulting address in aligned 64 KiB windows, one fault per window, ~10 us
 * each on the development VM (docs/performance.md, "Thirteenth session"). In ELF section
 * .rodata1, which linkers place after .rodata, the 392 KiB of tables no longer lie
 * between the small constants a run reads (strings, character tables, line forms), and
 * aligned to 64 KiB each table is one window, not two. */
#if defined(__GNUC__) && defined(__ELF__)
#define DIS_OPTAB_SECTION __attribute__((section(".rodata1"), aligned(65536)))
#else
#define DIS_OPTAB_SECTION
#endif

/* What $(BUILD)/gen/dis_optab.inc defines: dis_optabs[], one row per target in
 * mqsad_target_at() order, with its name (checked at run time) and its table. */
struct dis_optab_ref {
    const char *target;
    const struct optab *op;
};

#endif
