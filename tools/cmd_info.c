/* cmd_info.c — `mqsad info`: the ISA-manual page of a SAD-family instruction (default
 * V_MQSAD_U32_U8) for a target.
 *
 * Every per-target fact printed here is read from the target table (mqsad_family /
 * mqsad_target, src/isa/target.c), every per-instruction fact (opcode per encoding family,
 * operand widths, SRC2's VGPR rule, clamp element, availability, operation) from the
 * instruction table (mqsad_insn_info, src/isa/insn.c). The only constants in this file are
 * the ones that are the same on every target and instruction (VOP3 field positions other
 * than OP/CLAMP/OPSEL, VGPR count, inline-constant ranges). */
#include "cli.h"

#include <string.h>

/* Fields whose position is the same in every encoding family (encoding-llvm22.md §2). */
#define VOP3_MARKER_LO 26
#define VOP3_MARKER_BITS 6
#define VOP3_SRC0_LO 32
#define VOP3_SRC1_LO 41
#define VOP3_SRC2_LO 50
#define VOP3_SRC_BITS 9
#define VOP3_VDST_BITS 8
#define VOP3_ABS_LO 8
#define VOP3_ABS_BITS 3
#define VOP3_OMOD_LO 59
#define VOP3_OMOD_BITS 2
#define VOP3_NEG_LO 61
#define VOP3_NEG_BITS 3
#define VGPR_COUNT 256

struct layout_field {
    const char *name;
    unsigned lo, bits;
    const char *meaning;
};

static void info_usage(FILE *out)
{
    fprintf(out,
        "usage: mqsad info [-i MNEMONIC] [-t TARGET | --all | --list]\n"
        "\n"
        "Prints what an ISA manual page shows for an instruction of the SAD family on a\n"
        "target: availability, encoding family, opcode, identifier word, bit layout,\n"
        "operands with their widths and allowed kinds, the operation, register ranges,\n"
        "constant-bus limit, wave sizes, literal and clamp support.\n"
        "\n"
        "  -i MNEMONIC    the instruction (default v_mqsad_u32_u8); one of\n"
        "                 ");
    cli_print_insn_names(out, 17);
    fprintf(out,
        "\n"
        "  --instruction=MNEMONIC  the same\n"
        "  (no -t/--all/--list)  one block per generation (its representative target)\n"
        "  -t TARGET      one target: a gfx name (gfx1100) or a generation name\n"
        "                 (gcn2, gcn3, vega, cdna1..cdna5, rdna1, rdna2, rdna3, rdna3.5,\n"
        "                 rdna4; cdna5 = gfx1250); may be repeated\n"
        "  --target=TARGET  the same\n"
        "  --all          one block for every named target\n"
        "  --list         one line per named target: name, generation, family, opcode,\n"
        "                 identifier ('-' where the generation lacks the instruction)\n"
        "\n"
        "exit status: 0 ok, 2 usage error (including an unknown target or instruction).\n"
        "\n"
        "examples:\n"
        "  mqsad info -t rdna3\n"
        "  mqsad info -i v_sad_u8 -t gfx900\n"
        "  mqsad info -i v_qsad_pk_u16_u8 --list\n");
}

/* The instruction's opcode on a generation (the OP field value). */
static unsigned opcode_of(const mqsad_insn_info *in, const mqsad_family *f)
{
    return in->opcode[f->encoding];
}

static unsigned long long identifier(const mqsad_insn_info *in, const mqsad_family *f)
{
    return ((unsigned long long)f->marker << VOP3_MARKER_LO) |
           ((unsigned long long)opcode_of(in, f) << f->op_lo);
}

/* "128-bit VGPR quad v[n:n+3]" etc. for a VGPR tuple of w dwords. */
static const char *tuple_name(unsigned w)
{
    return w == 4 ? "VGPR quad" : w == 2 ? "VGPR pair" : "VGPR";
}

/* The bit layout of a family, sorted by position. Returns the number of fields. */
static size_t family_layout(const mqsad_insn_info *in, const mqsad_family *f,
                            struct layout_field *out, size_t max, char text[4][80])
{
    struct layout_field tmp[12];
    size_t n = 0, i, j;
    unsigned ign_bits = (unsigned)f->ignored_hi - f->ignored_lo + 1u, k;
    static const char *const slot_name[3] = { "SRC0", "SRC1", "SRC2" };
    snprintf(text[3], 80, "destination %s: VGPR number (code - 256)",
             tuple_name(in->width[MQSAD_SLOT_VDST]));
    for (k = 0; k < 3; k++)
        snprintf(text[k], 80, "9-bit operand code, %u-bit source%s", 32u * in->width[k],
                 k == MQSAD_SLOT_SRC2 && in->src2_vgpr_only ? " (VGPR quad)" : "");
    tmp[n++] = (struct layout_field){ "VDST", 0, VOP3_VDST_BITS, text[3] };
    tmp[n++] = (struct layout_field){ "ABS", VOP3_ABS_LO, VOP3_ABS_BITS, "must be 0" };
    tmp[n++] = (struct layout_field){ "CLAMP", f->clamp_bit_layout, 1,
        f->clamp_bit < 0 ? "reserved (the assembler rejects clamp)"
        : in->elem_bits == 16 ? "1 = saturate each u16 result at 0xFFFF"
                              : "1 = saturate each result at 0xFFFFFFFF" };
    tmp[n++] = (struct layout_field){ f->encoding == MQSAD_ENC_SICI ? "reserved" : "OPSEL",
        f->ignored_lo, ign_bits, f->encoding == MQSAD_ENC_SICI ? "reserved; 0 when encoded"
                                 : "ignored by the decoder; 0 when encoded" };
    tmp[n++] = (struct layout_field){ "OP", f->op_lo, f->op_bits, "opcode" };
    tmp[n++] = (struct layout_field){ "ENCODING", VOP3_MARKER_LO, VOP3_MARKER_BITS,
                                      "VOP3 encoding marker" };
    tmp[n++] = (struct layout_field){ slot_name[0], VOP3_SRC0_LO, VOP3_SRC_BITS, text[0] };
    tmp[n++] = (struct layout_field){ slot_name[1], VOP3_SRC1_LO, VOP3_SRC_BITS, text[1] };
    tmp[n++] = (struct layout_field){ slot_name[2], VOP3_SRC2_LO, VOP3_SRC_BITS, text[2] };
    tmp[n++] = (struct layout_field){ "OMOD", VOP3_OMOD_LO, VOP3_OMOD_BITS, "must be 0" };
    tmp[n++] = (struct layout_field){ "NEG", VOP3_NEG_LO, VOP3_NEG_BITS, "must be 0" };
    for (i = 1; i < n; i++)   /* insertion sort by lo */
        for (j = i; j > 0 && tmp[j - 1].lo > tmp[j].lo; j--) {
            struct layout_field t = tmp[j]; tmp[j] = tmp[j - 1]; tmp[j - 1] = t;
        }
    if (n > max) n = max;
    memcpy(out, tmp, n * sizeof *out);
    return n;
}

/* 1 if the fields cover bits 0..63 exactly once (a consistency check of the table). */
static int layout_complete(const struct layout_field *l, size_t n)
{
    unsigned long long seen = 0;
    size_t i;
    unsigned b;
    for (i = 0; i < n; i++)
        for (b = l[i].lo; b < l[i].lo + l[i].bits; b++) {
            if (b > 63 || (seen >> b & 1)) return 0;
            seen |= 1ull << b;
        }
    return seen == ~0ull;
}

static const char *literal_text(const mqsad_insn_info *in, const mqsad_family *f)
{
    switch (f->literal) {
    case MQSAD_LIT_NONE: return "none (no VOP3 literal on this target)";
    case MQSAD_LIT_32:
        return in->src2_vgpr_only ? "one 32-bit literal dword (code 255), SRC0 and/or SRC1"
                                  : "one 32-bit literal dword (code 255), in any sources";
    case MQSAD_LIT_32_64:
        return "32-bit (code 255, +1 dword), or 64-bit in a 64-bit source (254, +2 dwords)";
    }
    return "?";
}

static const char *width_text(const mqsad_family *f)
{
    switch (f->literal) {
    case MQSAD_LIT_NONE: return "64 bits (8 bytes)";
    case MQSAD_LIT_32: return "64 bits (8 bytes) + 1 literal dword when a source is a literal";
    case MQSAD_LIT_32_64:
        return "64 bits (8 bytes) + 1 literal dword, or 2 for a 64-bit literal";
    }
    return "?";
}

static void wave_text(const mqsad_family *f, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s", (f->wave_sizes & 32u) ? "wave32" : "",
             (f->wave_sizes & 32u) && (f->wave_sizes & 64u) ? ", " : "",
             (f->wave_sizes & 64u) ? "wave64" : "");
}

/* The scalar names a slot accepts. pair = 1 for the 64-bit SRC0. */
static void scalar_kinds(const mqsad_target *t, int pair, char *buf, size_t size)
{
    const mqsad_family *f = t->family;
    size_t len = 0;
#define ADD(...) do { if (len < size) { int r_ = snprintf(buf + len, size - len, __VA_ARGS__); \
        if (r_ > 0) len += (size_t)r_; } } while (0)
    if (pair) {
        ADD("s[0:1]..s[%u:%u] (even pairs), vcc, exec, ttmp[0:1]..ttmp[%u:%u]",
            f->sgpr_count - 2u, f->sgpr_count - 1u, f->ttmp_count - 2u, f->ttmp_count - 1u);
        if (f->flat_scratch_code >= 0) ADD(", flat_scratch");
        if (f->xnack_mask_code >= 0 && t->has_xnack) ADD(", xnack_mask");
        if (f->tba_code >= 0) ADD(", tba");
        if (f->tma_code >= 0) ADD(", tma");
    } else {
        ADD("s0..s%u, vcc_lo, vcc_hi, exec_lo, exec_hi, m0, ttmp0..ttmp%u",
            f->sgpr_count - 1u, f->ttmp_count - 1u);
        if (f->flat_scratch_code >= 0) ADD(", flat_scratch_lo/hi");
        if (f->xnack_mask_code >= 0 && t->has_xnack) ADD(", xnack_mask_lo/hi");
        if (f->tba_code >= 0) ADD(", tba_lo/hi");
        if (f->tma_code >= 0) ADD(", tma_lo/hi");
    }
    if (f->null_code_asm >= 0) ADD(", null");
    if (f->has_src_shared)
        ADD(", src_shared_base, src_shared_limit, src_private_base, src_private_limit");
    if (f->has_pops) ADD(", src_pops_exiting_wave_id");
    if (f->has_vccz_execz) ADD(", src_vccz, src_execz");
    ADD(", src_scc");
    if (f->has_flat_scratch_base) ADD(", src_flat_scratch_base_lo/hi");
#undef ADD
}

/* Prints prefix + a ", "-separated list, wrapped at 78 columns under the list's start. */
static void print_wrapped(const char *prefix, const char *list)
{
    size_t indent = strlen(prefix), col = indent;
    const char *p = list;
    fputs(prefix, stdout);
    while (*p) {
        const char *e = strstr(p, ", ");
        size_t len = e ? (size_t)(e - p) : strlen(p), need = len + (e ? 1u : 0u);
        if (col > indent) {
            if (col + 1 + need > 78) { printf("\n%*s", (int)indent, ""); col = indent; }
            else { putchar(' '); col++; }
        }
        printf("%.*s%s", (int)len, p, e ? "," : "");
        col += need;
        if (!e) break;
        p = e + 2;
    }
    putchar('\n');
}

/* The kinds a source slot of w dwords accepts (VGPR tuple, scalars, constants). */
static void print_source(const mqsad_target *t, const char *slot, unsigned w, int vgpr_only)
{
    const mqsad_family *f = t->family;
    const char *align = f->vgpr_align > 1 ? "n even" : "any n";
    char buf[1024];
    if (w == 4) {
        printf("    %-4s %4u-bit  VGPR quad v[n:n+3], n <= %u, %s%s\n", slot, 32u * w,
               (unsigned)f->vgpr_quad_max, align, vgpr_only ? " (VGPR only)" : "");
        if (vgpr_only) return;
    } else if (w == 2) {
        printf("    %-4s %4u-bit  VGPR pair v[n:n+1], n <= %u, %s\n", slot, 32u * w,
               VGPR_COUNT - 2u, align);
    } else {
        printf("    %-4s %4u-bit  VGPR v0..v%u\n", slot, 32u * w, VGPR_COUNT - 1u);
    }
    scalar_kinds(t, w == 2, buf, sizeof buf);
    print_wrapped("                   scalar: ", buf);
    printf("                   inline: -16..64, +-0.5 +-1.0 +-2.0 +-4.0%s (%s bits)\n",
           f->has_inv2pi ? " 1/(2*pi)" : "", w == 2 ? "f64" : "f32");
    if (w == 2)
        printf("                   literal: %s\n",
               f->literal == MQSAD_LIT_NONE ? "no"
               : f->literal == MQSAD_LIT_32 ? "32-bit (zero-extended to 64)"
                                            : "32-bit (zero-extended) or 64-bit");
    else
        printf("                   literal: %s\n", f->literal == MQSAD_LIT_NONE ? "no" : "32-bit");
}

static void print_target(const mqsad_insn_info *in, const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    struct layout_field lay[12];
    char text[4][80];
    size_t n = family_layout(in, f, lay, 12, text), i, others = 0;
    char buf[1024], waves[32];
    unsigned long long id = identifier(in, f);
    unsigned op = opcode_of(in, f), dw = in->width[MQSAD_SLOT_VDST];
    const char *align = f->vgpr_align > 1 ? "n even" : "any n";

    printf("%s on %s - generation %s, LLVM encoding family %s\n",
           in->upper, t->name, f->generation, f->llvm_family);
    printf("  targets:     ");
    for (i = 0; i < mqsad_target_count(); i++) {
        const mqsad_target *o = mqsad_target_at(i);
        if (o->family == f) { printf("%s%s", others ? " " : "", o->name); others++; }
    }
    printf("\n  -t name:     %s\n", f->generation_alias);
    if (!mqsad_insn_on_target(in->id, t)) {
        unsigned k;
        printf("  available:   no (LLVM 22: \"instruction not supported on this GPU\")\n");
        snprintf(buf, sizeof buf, "on %s:", f->generation);
        printf("  %-13s", buf);
        for (k = 0, others = 0; k < MQSAD_INSN_COUNT; k++)
            if (mqsad_insn_on_target((mqsad_insn_id)k, t))
                printf("%s%s", others++ ? ", " : "", mqsad_insn_get((mqsad_insn_id)k)->name);
        printf("\n");
        return;
    }
    printf("  available:   yes\n");
    printf("  format:      VOP3\n");
    printf("  width:       %s\n", width_text(f));
    printf("  opcode:      %u (0x%X), OP bits %u:%u\n", op, op,
           (unsigned)(f->op_lo + f->op_bits - 1u), (unsigned)f->op_lo);
    printf("  identifier:  0x%016llX  (all fields 0 but OP, ENCODING=0x%02X)\n",
           id, (unsigned)f->marker);
    printf("  operation:   %s\n", in->summary);
    printf("               (%s)\n", in->elem_bits == 16
           ? "each u16 element mod 2^16, or saturated at 0xFFFF with clamp"
           : "each result mod 2^32, or saturated at 0xFFFFFFFF with clamp");
    printf("\n  bit layout:\n    %-9s %-6s %-5s %s\n", "field", "bits", "width", "meaning");
    for (i = n; i-- > 0;) {
        char bits[16];
        if (lay[i].bits == 1) snprintf(bits, sizeof bits, "%u", lay[i].lo);
        else snprintf(bits, sizeof bits, "%u:%u", lay[i].lo + lay[i].bits - 1u, lay[i].lo);
        if (!strcmp(lay[i].name, "OP") || !strcmp(lay[i].name, "ENCODING"))
            printf("    %-9s %-6s %-5u %s = 0x%X\n", lay[i].name, bits, lay[i].bits, lay[i].meaning,
                   !strcmp(lay[i].name, "OP") ? op : (unsigned)f->marker);
        else
            printf("    %-9s %-6s %-5u %s\n", lay[i].name, bits, lay[i].bits, lay[i].meaning);
    }
    if (!layout_complete(lay, n))
        printf("    (warning: the target table's fields do not cover the 64 bits exactly)\n");
    if (f->literal != MQSAD_LIT_NONE)
        printf("    %-9s %-6s %-5s %s\n", "LITERAL", "95:64", "32",
               f->literal == MQSAD_LIT_32_64 ? "optional; 127:64 for a 64-bit literal"
                                             : "optional trailing literal dword");

    printf("\n  operands:\n");
    if (dw == 4)
        printf("    VDST %4u-bit  VGPR quad v[n:n+3], n <= %u, %s\n", 32u * dw,
               (unsigned)f->vgpr_quad_max, align);
    else if (dw == 2)
        printf("    VDST %4u-bit  VGPR pair v[n:n+1], n <= %u, %s\n", 32u * dw, VGPR_COUNT - 2u, align);
    else
        printf("    VDST %4u-bit  VGPR v0..v%u\n", 32u * dw, VGPR_COUNT - 1u);
    print_source(t, "SRC0", in->width[MQSAD_SLOT_SRC0], 0);
    print_source(t, "SRC1", in->width[MQSAD_SLOT_SRC1], 0);
    print_source(t, "SRC2", in->width[MQSAD_SLOT_SRC2], in->src2_vgpr_only);

    wave_text(f, waves, sizeof waves);
    printf("\n  rules:\n");
    printf("    VGPR alignment:   %s\n", f->vgpr_align > 1
           ? "tuples must start at an even register (v[2k:...])"
           : "none");
    printf("    SGPR range:       s0..s%u (codes 0..%u)\n", f->sgpr_count - 1u,
           f->sgpr_count - 1u);
    printf("    ttmp:             ttmp0..ttmp%u (codes %u..%u)\n", f->ttmp_count - 1u,
           (unsigned)f->ttmp_code, (unsigned)f->ttmp_code + f->ttmp_count - 1u);
    printf("    m0 / null codes:  m0 = %d, null = %s\n", (int)f->m0_code,
           f->null_code_asm >= 0 ? (snprintf(buf, sizeof buf, "%d", (int)f->null_code_asm), buf)
                                 : "not available");
    printf("    constant bus:     %u scalar value%s among the sources (SGPR, special, literal)\n",
           (unsigned)f->const_bus, f->const_bus == 1 ? "" : "s");
    printf("    wave sizes:       %s\n", waves);
    printf("    literal:          %s\n", literal_text(in, f));
    if (f->clamp_bit >= 0)
        printf("    clamp:            yes, bit %d: saturates each %s (project policy)\n",
               (int)f->clamp_bit, in->elem_bits == 16 ? "u16 element" : "dword");
    else
        printf("    clamp:            no (\"integer clamping is not supported on this GPU\")\n");
    printf("    modifiers:        none (ABS, NEG, OMOD, OPSEL, DPP/SDWA are rejected)\n");
}

int cmd_info(int argc, char **argv)
{
    const mqsad_target *sel[64];
    const mqsad_insn_info *in = mqsad_insn_get(MQSAD_INSN_MQSAD_U32_U8);
    size_t nsel = 0, i;
    int all = 0, list = 0, a, topt;

    for (a = 1; a < argc; a++)
        if (cli_is_help(argv[a])) { info_usage(stdout); return 0; }
    for (a = 1; a < argc; a++) {
        const char *name = NULL, *mnem = NULL;
        if (!strcmp(argv[a], "--all")) { all = 1; continue; }
        if (!strcmp(argv[a], "--list")) { list = 1; continue; }
        if (!strcmp(argv[a], "-i") || !strcmp(argv[a], "--instruction")) {
            if (a + 1 >= argc) {
                fprintf(stderr, "mqsad info: %s needs a mnemonic\n", argv[a]);
                return 2;
            }
            mnem = argv[++a];
        } else if (!strncmp(argv[a], "--instruction=", 14)) {
            mnem = argv[a] + 14;
        }
        if (mnem) {
            if (!(in = mqsad_insn_lookup(mnem))) {
                fprintf(stderr, "mqsad info: unknown instruction '%s' (one of the SAD family: "
                        "try 'mqsad info --help')\n", mnem);
                return 2;
            }
            continue;
        }
        if ((topt = cli_target_arg("info", argc, argv, &a, &name)) != 0) {
            if (topt < 0) return 2;
        } else if (!strncmp(argv[a], "-t", 2)) {
            name = argv[a] + 2;
        } else {
            fprintf(stderr, "mqsad info: unexpected argument '%s' (try 'mqsad info --help')\n",
                    argv[a]);
            return 2;
        }
        if (nsel >= sizeof sel / sizeof sel[0]) {
            fprintf(stderr, "mqsad info: too many -t options\n");
            return 2;
        }
        sel[nsel] = cli_target("info", name);
        if (!sel[nsel]) return 2;
        nsel++;
    }
    if ((all || list) && nsel) {
        fprintf(stderr, "mqsad info: -t cannot be combined with --all or --list\n");
        return 2;
    }
    if (all && list) {
        fprintf(stderr, "mqsad info: choose one of --all and --list\n");
        return 2;
    }
    if (list) {
        printf("%-9s %-9s %-7s %-6s %-18s %s\n", "target", "gen", "family", "opcode", "identifier",
               "name");
        for (i = 0; i < mqsad_target_count(); i++) {
            const mqsad_target *t = mqsad_target_at(i);
            if (mqsad_insn_on_target(in->id, t))
                printf("%-9s %-9s %-7s 0x%-4X 0x%016llX %s\n", t->name, t->family->generation,
                       t->family->llvm_family, opcode_of(in, t->family),
                       identifier(in, t->family), t->family->generation_alias);
            else
                printf("%-9s %-9s %-7s %-6s %-18s %s\n", t->name, t->family->generation,
                       t->family->llvm_family, "-", "-", t->family->generation_alias);
        }
    } else if (all) {
        for (i = 0; i < mqsad_target_count(); i++) {
            if (i) putchar('\n');
            print_target(in, mqsad_target_at(i));
        }
    } else if (nsel) {
        for (i = 0; i < nsel; i++) {
            if (i) putchar('\n');
            print_target(in, sel[i]);
        }
    } else {
        for (i = 0; i < mqsad_generation_count(); i++) {
            if (i) putchar('\n');
            print_target(in, mqsad_generation_target(i));
        }
    }
    return 0;   /* main() checks that stdout was written */
}
