/* decode_word.c — decode V_MQSAD_U32_U8 words and print them the way llvm-mc does.
 *
 *   decode_word                      decode a few built-in examples
 *   decode_word TARGET BYTE...       decode the given bytes, e.g.
 *   decode_word gfx1100 0x04 0x00 0x3d 0xd6 0x02 0x03 0x22 0x04
 *
 * Build: cc decode_word.c $(pkg-config --cflags --libs mqsad)   (or see CMakeLists.txt)
 */
#include <mqsad.h>

#include <stdio.h>
#include <stdlib.h>

static const char *kind_name(mqsad_operand_kind k)
{
    switch (k) {
    case MQSAD_OPK_VGPR: return "vgpr";
    case MQSAD_OPK_SGPR: return "sgpr";
    case MQSAD_OPK_TTMP: return "ttmp";
    case MQSAD_OPK_SPECIAL: return "special";
    case MQSAD_OPK_INLINE_INT: return "inline-int";
    case MQSAD_OPK_INLINE_FLOAT: return "inline-float";
    case MQSAD_OPK_LITERAL32: return "literal32";
    case MQSAD_OPK_LITERAL64: return "literal64";
    default: return "other";
    }
}

static const char *status_name(mqsad_status st)
{
    switch (st) {
    case MQSAD_E_TRUNCATED: return "MQSAD_E_TRUNCATED";
    case MQSAD_E_TRUNCATED_LITERAL: return "MQSAD_E_TRUNCATED_LITERAL";
    case MQSAD_E_NOT_MQSAD: return "MQSAD_E_NOT_MQSAD";
    case MQSAD_E_MODIFIERS: return "MQSAD_E_MODIFIERS";
    case MQSAD_E_NO_LITERAL: return "MQSAD_E_NO_LITERAL";
    case MQSAD_E_OPERAND_CODE: return "MQSAD_E_OPERAND_CODE";
    default: return mqsad_strerror(st);
    }
}

/* Decodes bytes[0..len) for target and prints one line; returns 0 if it decoded. */
static int decode_print(const char *target_name, const unsigned char *bytes, size_t len)
{
    const mqsad_target *t = mqsad_target_lookup(target_name);
    mqsad_inst inst;
    char text[256];
    mqsad_status st;
    int i;

    if (!t) {
        printf("%s: unknown target\n", target_name);
        return 1;
    }
    st = mqsad_decode(t, bytes, len, &inst);
    if (st != MQSAD_OK) {
        printf("%s: invalid instruction encoding (%s)\n", t->name, status_name(st));
        return 1;
    }
    st = mqsad_format(&inst, text, sizeof text, NULL);
    if (st != MQSAD_OK) {
        printf("%s: cannot format: %s\n", t->name, mqsad_strerror(st));
        return 1;
    }
    printf("%s: %s\n", t->name, text);
    printf("  %u bytes, clamp %u, vdst v%u (%u regs)", (unsigned)inst.length,
           (unsigned)inst.clamp, (unsigned)inst.vdst.reg, (unsigned)inst.vdst.width);
    for (i = 0; i < 3; i++)
        printf(", src%d %s code %u", i, kind_name(inst.src[i].kind), (unsigned)inst.src[i].code);
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3) {
        unsigned char bytes[64];
        size_t n = 0;
        int i;
        for (i = 2; i < argc && n < sizeof bytes; i++)
            bytes[n++] = (unsigned char)strtoul(argv[i], NULL, 0);
        return decode_print(argv[1], bytes, n);
    } else {
        /* The spec's baseline word, the seed page's example, clamp, a literal, ABS set. */
        static const unsigned char base[] = { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 };
        static const unsigned char seed[] = { 0x05, 0x00, 0xe7, 0xd1, 0xc1, 0x82, 0xf1, 0x07 };
        static const unsigned char clmp[] = { 0x04, 0x80, 0x75, 0xd5, 0x02, 0x03, 0x22, 0x04 };
        static const unsigned char lit[] = { 0x04, 0x00, 0x3d, 0xd6, 0xff, 0x02, 0x22, 0x04,
                                             0x78, 0x56, 0x34, 0x12 };
        static const unsigned char abs[] = { 0x04, 0x01, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 };
        int bad = 0;
        bad |= decode_print("gfx1100", base, sizeof base);
        bad |= decode_print("gfx803", seed, sizeof seed);
        bad |= decode_print("rdna2", clmp, sizeof clmp);
        bad |= decode_print("gfx1100", lit, sizeof lit);
        bad |= !decode_print("gfx1100", abs, sizeof abs);   /* must be rejected */
        bad |= !decode_print("gfx1100", base, 7);           /* truncated: rejected */
        return bad ? 1 : 0;
    }
}
