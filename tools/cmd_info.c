/* cmd_info.c — `mqsad info`: the ISA-manual page of V_MQSAD_U32_U8 for a target.
 *
 * Every per-target fact printed here is read from the target table (mqsad_family /
 * mqsad_target, src/isa/target.c). The only constants in this file are the ones that are the
 * same on every target (VOP3 field positions other than OP/CLAMP/OPSEL, VGPR count,
 * inline-constant ranges), and the instruction's operand sizes. */
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
        "usage: mqsad info [-t TARGET | --all | --list]\n"
        "\n"
        "Prints what an ISA manual page shows for V_MQSAD_U32_U8 on a target: encoding\n"
        "family, opcode, identifier word, bit layout, operands and their allowed kinds,\n"
        "register ranges, constant-bus limit, wave sizes, literal and clamp support.\n"
        "\n"
        "  (no option)    one block per generation (its representative target)\n"
        "  -t TARGET      one target: a gfx name (gfx1100) or a generation name\n"
        "                 (gcn2, gcn3, vega, cdna1..cdna5, rdna1, rdna2, rdna3, rdna3.5,\n"
        "                 rdna4; cdna5 = gfx1250); may be repeated\n"
        "  --target=TARGET  the same\n"
        "  --all          one block for every named target\n"
        "  --list         one line per named target: name, generation, family, opcode,\n"
        "                 identifier\n"
        "\n"
        "exit status: 0 ok, 2 usage error (including an unknown target).\n"
        "\n"
        "examples:\n"
        "  mqsad info -t rdna3\n"
        "  mqsad info --list\n");
}

static unsigned long long identifier(const mqsad_family *f)
{
    return ((unsigned long long)f->marker << VOP3_MARKER_LO) |
           ((unsigned long long)f->opcode << f->op_lo);
}

/* The bit layout of a family, sorted by position. Returns the number of fields. */
static size_t family_layout(const mqsad_family *f, struct layout_field *out, size_t max)
{
    struct layout_field tmp[12];
    size_t n = 0, i, j;
    unsigned ign_bits = (unsigned)f->ignored_hi - f->ignored_lo + 1u;
    tmp[n++] = (struct layout_field){ "VDST", 0, VOP3_VDST_BITS,
                                      "destination VGPR quad: VGPR number (code - 256)" };
    tmp[n++] = (struct layout_field){ "ABS", VOP3_ABS_LO, VOP3_ABS_BITS, "must be 0" };
    tmp[n++] = (struct layout_field){ "CLAMP", f->clamp_bit_layout, 1,
        f->clamp_bit >= 0 ? "1 = saturate each result at 0xFFFFFFFF"
                          : "reserved (the assembler rejects clamp)" };
    tmp[n++] = (struct layout_field){ f->encoding == MQSAD_ENC_SICI ? "reserved" : "OPSEL",
        f->ignored_lo, ign_bits, f->encoding == MQSAD_ENC_SICI ? "reserved; 0 when encoded"
                                 : "ignored by the decoder; 0 when encoded" };
    tmp[n++] = (struct layout_field){ "OP", f->op_lo, f->op_bits, "opcode" };
    tmp[n++] = (struct layout_field){ "ENCODING", VOP3_MARKER_LO, VOP3_MARKER_BITS,
                                      "VOP3 encoding marker" };
    tmp[n++] = (struct layout_field){ "SRC0", VOP3_SRC0_LO, VOP3_SRC_BITS,
                                      "9-bit operand code, 64-bit source" };
    tmp[n++] = (struct layout_field){ "SRC1", VOP3_SRC1_LO, VOP3_SRC_BITS,
                                      "9-bit operand code, 32-bit source" };
    tmp[n++] = (struct layout_field){ "SRC2", VOP3_SRC2_LO, VOP3_SRC_BITS,
                                      "9-bit operand code, 128-bit source (VGPR quad)" };
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

static const char *literal_text(const mqsad_family *f)
{
    switch (f->literal) {
    case MQSAD_LIT_NONE: return "none (no VOP3 literal on this target)";
    case MQSAD_LIT_32: return "one 32-bit literal dword (code 255), SRC0 and/or SRC1";
    case MQSAD_LIT_32_64:
        return "32-bit (code 255, +1 dword), or 64-bit in SRC0 (254, +2 dwords)";
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

static void print_target(const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    struct layout_field lay[12];
    size_t n = family_layout(f, lay, 12), i, others = 0;
    char buf[1024], waves[32];
    unsigned long long id = identifier(f);
    const char *align = f->vgpr_align > 1 ? "n even" : "any n";

    printf("V_MQSAD_U32_U8 on %s - generation %s, LLVM encoding family %s\n",
           t->name, f->generation, f->llvm_family);
    printf("  targets:     ");
    for (i = 0; i < mqsad_target_count(); i++) {
        const mqsad_target *o = mqsad_target_at(i);
        if (o->family == f) { printf("%s%s", others ? " " : "", o->name); others++; }
    }
    printf("\n  -t name:     %s\n", f->generation_alias);
    printf("  format:      VOP3\n");
    printf("  width:       %s\n", width_text(f));
    printf("  opcode:      %u (0x%X), OP bits %u:%u\n", (unsigned)f->opcode, (unsigned)f->opcode,
           (unsigned)(f->op_lo + f->op_bits - 1u), (unsigned)f->op_lo);
    printf("  identifier:  0x%016llX  (all fields 0 but OP, ENCODING=0x%02X)\n",
           id, (unsigned)f->marker);
    printf("  operation:   D[k] = S2[k] + sum over bytes i with S1.byte[i] != 0 of\n"
           "               |S0.byte[k+i] - S1.byte[i]|, k = 0..3 (mod 2^32, or saturated)\n");
    printf("\n  bit layout:\n    %-9s %-6s %-5s %s\n", "field", "bits", "width", "meaning");
    for (i = n; i-- > 0;) {
        char bits[16];
        if (lay[i].bits == 1) snprintf(bits, sizeof bits, "%u", lay[i].lo);
        else snprintf(bits, sizeof bits, "%u:%u", lay[i].lo + lay[i].bits - 1u, lay[i].lo);
        if (!strcmp(lay[i].name, "OP") || !strcmp(lay[i].name, "ENCODING"))
            printf("    %-9s %-6s %-5u %s = 0x%X\n", lay[i].name, bits, lay[i].bits, lay[i].meaning,
                   !strcmp(lay[i].name, "OP") ? (unsigned)f->opcode : (unsigned)f->marker);
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
    printf("    VDST  128-bit  VGPR quad v[n:n+3], n <= %u, %s\n", (unsigned)f->vgpr_quad_max,
           align);
    printf("    SRC0   64-bit  VGPR pair v[n:n+1], n <= %u, %s\n", VGPR_COUNT - 2u, align);
    scalar_kinds(t, 1, buf, sizeof buf);
    print_wrapped("                   scalar: ", buf);
    printf("                   inline: -16..64, +-0.5 +-1.0 +-2.0 +-4.0%s (f64 bits)\n",
           f->has_inv2pi ? " 1/(2*pi)" : "");
    printf("                   literal: %s\n",
           f->literal == MQSAD_LIT_NONE ? "no"
           : f->literal == MQSAD_LIT_32 ? "32-bit (zero-extended to 64)"
                                        : "32-bit (zero-extended) or 64-bit");
    printf("    SRC1   32-bit  VGPR v0..v%u\n", VGPR_COUNT - 1u);
    scalar_kinds(t, 0, buf, sizeof buf);
    print_wrapped("                   scalar: ", buf);
    printf("                   inline: -16..64, +-0.5 +-1.0 +-2.0 +-4.0%s (f32 bits)\n",
           f->has_inv2pi ? " 1/(2*pi)" : "");
    printf("                   literal: %s\n", f->literal == MQSAD_LIT_NONE ? "no" : "32-bit");
    printf("    SRC2  128-bit  VGPR quad v[n:n+3], n <= %u, %s (VGPR only)\n",
           (unsigned)f->vgpr_quad_max, align);

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
    printf("    constant bus:     %u scalar value%s among SRC0/SRC1 (SGPR, special, literal)\n",
           (unsigned)f->const_bus, f->const_bus == 1 ? "" : "s");
    printf("    wave sizes:       %s\n", waves);
    printf("    literal:          %s\n", literal_text(f));
    if (f->clamp_bit >= 0)
        printf("    clamp:            yes, bit %d: saturates each dword (project policy)\n",
               (int)f->clamp_bit);
    else
        printf("    clamp:            no (\"integer clamping is not supported on this GPU\")\n");
    printf("    modifiers:        none (ABS, NEG, OMOD, OPSEL, DPP/SDWA are rejected)\n");
}

int cmd_info(int argc, char **argv)
{
    const mqsad_target *sel[64];
    size_t nsel = 0, i;
    int all = 0, list = 0, a;

    for (a = 1; a < argc; a++) {
        const char *name = NULL;
        if (cli_is_help(argv[a])) { info_usage(stdout); return 0; }
        if (!strcmp(argv[a], "--all")) { all = 1; continue; }
        if (!strcmp(argv[a], "--list")) { list = 1; continue; }
        if (!strcmp(argv[a], "-t") || !strcmp(argv[a], "--target")) {
            if (a + 1 >= argc) {
                fprintf(stderr, "mqsad info: %s needs a target name\n", argv[a]);
                return 2;
            }
            name = argv[++a];
        } else if (!strncmp(argv[a], "--target=", 9)) {
            name = argv[a] + 9;
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
            printf("%-9s %-9s %-7s 0x%-4X 0x%016llX %s\n", t->name, t->family->generation,
                   t->family->llvm_family, (unsigned)t->family->opcode, identifier(t->family),
                   t->family->generation_alias);
        }
    } else if (all) {
        for (i = 0; i < mqsad_target_count(); i++) {
            if (i) putchar('\n');
            print_target(mqsad_target_at(i));
        }
    } else if (nsel) {
        for (i = 0; i < nsel; i++) {
            if (i) putchar('\n');
            print_target(sel[i]);
        }
    } else {
        for (i = 0; i < mqsad_generation_count(); i++) {
            if (i) putchar('\n');
            print_target(mqsad_generation_target(i));
        }
    }
    return 0;   /* main() checks that stdout was written */
}
