/* test_target.c — the target table against the seed page and conformance.md facts. */
#include "t.h"
#include "mqsad.h"

/* The word with every field zero but OP and the marker (the seed page's "identifier"). */
static unsigned long long identifier(const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    return ((unsigned long long)f->marker << 26) | ((unsigned long long)f->opcode << f->op_lo);
}

int main(void)
{
    static const struct { const char *name, *gen; unsigned opcode; unsigned long long id; } rows[] = {
        { "gfx600", "GCN1", 0x175, 0 }, { "gfx700", "GCN2", 0x175, 0 }, { "gfx801", "GCN3", 487, 0xD1E70000ull },
        { "gfx802", "GCN3", 487, 0xD1E70000ull }, { "gfx803", "GCN3", 487, 0xD1E70000ull },
        { "gfx810", "GCN3", 487, 0xD1E70000ull }, { "gfx900", "Vega", 487, 0xD1E70000ull },
        { "gfx906", "Vega", 487, 0xD1E70000ull }, { "gfx908", "CDNA1", 487, 0xD1E70000ull },
        { "gfx90a", "CDNA2", 487, 0xD1E70000ull }, { "gfx942", "CDNA3", 487, 0xD1E70000ull },
        { "gfx950", "CDNA4", 487, 0xD1E70000ull }, { "gfx1010", "RDNA1", 373, 0xD5750000ull },
        { "gfx1030", "RDNA2", 373, 0xD5750000ull }, { "gfx1100", "RDNA3", 573, 0xD63D0000ull },
        { "gfx1150", "RDNA3.5", 573, 0xD63D0000ull }, { "gfx1200", "RDNA4", 573, 0xD63D0000ull },
        { "gfx1250", "gfx1250", 573, 0xD63D0000ull },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const mqsad_target *t = mqsad_target_lookup(rows[i].name);
        CHECK(t != NULL, "lookup %s", rows[i].name);
        if (!t) continue;
        CHECK_EQ_S(t->name, rows[i].name);
        CHECK_EQ_S(t->family->generation, rows[i].gen);
        CHECK_EQ_U(t->family->opcode, rows[i].opcode);
        if (rows[i].id) CHECK_EQ_U(identifier(t), rows[i].id);
    }
    /* GFX7: OP 25:17 = 0x175, marker 0x34 -> dword0 0xd2ea0000 (v[0:3]) per §1 */
    CHECK_EQ_U(identifier(mqsad_target_lookup("gfx700")), 0xD2EA0000ull);
    /* generation names */
    CHECK_EQ_S(mqsad_target_lookup("cdna5")->name, "gfx1250");
    CHECK_EQ_S(mqsad_target_lookup("rdna3.5")->name, "gfx1150");
    CHECK_EQ_S(mqsad_target_lookup("RDNA4")->name, "gfx1200");
    CHECK_EQ_S(mqsad_target_lookup("gcn2")->name, "gfx700");
    CHECK_EQ_S(mqsad_target_lookup("vega")->name, "gfx900");
    CHECK_EQ_S(mqsad_target_lookup("cdna1")->name, "gfx908");
    /* GFX6 (llvm-mc 22: -mcpu=help, and the ELF machine of an object assembled for each
     * name): gfx600 = tahiti, gfx601 = pitcairn/verde, gfx602 = oland/hainan; SICI layout,
     * no flat_scratch, six of the eight instructions */
    {
        static const struct { const char *name, *canon; } gfx6[] = {
            { "gfx600", "gfx600" }, { "gfx601", "gfx601" }, { "gfx602", "gfx602" },
            { "tahiti", "gfx600" }, { "pitcairn", "gfx601" }, { "verde", "gfx601" },
            { "oland", "gfx602" }, { "hainan", "gfx602" }, { "Tahiti", "gfx600" },
            { "GFX601", "gfx601" }, { "gcn1", "gfx600" }, { "gfx6", "gfx600" },
        };
        size_t k;
        for (k = 0; k < sizeof gfx6 / sizeof gfx6[0]; k++) {
            const mqsad_target *t = mqsad_target_lookup(gfx6[k].name);
            const char *why = mqsad_target_without_instruction(gfx6[k].name);
            CHECK(t && !strcmp(t->name, gfx6[k].canon), "%s -> %s", gfx6[k].name, gfx6[k].canon);
            if (!t) continue;
            CHECK_EQ_S(t->family->generation, "GCN1");
            CHECK(t->family->gfx6 && t->family->encoding == MQSAD_ENC_SICI && t->family->clamp_bit < 0 &&
                  t->family->flat_scratch_code < 0 && t->family->dis_strict, "%s: GFX6 row", gfx6[k].name);
            CHECK(why && !strcmp(why, "GFX6"), "%s: no V_MQSAD_U32_U8", gfx6[k].name);
            CHECK(!mqsad_insn_on_target(MQSAD_INSN_MQSAD_U32_U8, t) &&
                  !mqsad_insn_on_target(MQSAD_INSN_QSAD_PK_U16_U8, t) &&
                  mqsad_insn_on_target(MQSAD_INSN_SAD_U8, t) &&
                  mqsad_insn_on_target(MQSAD_INSN_MQSAD_PK_U16_U8, t), "%s: six of eight", gfx6[k].name);
        }
        CHECK(mqsad_target_without_instruction("gfx700") == NULL, "gfx700 has it");
        CHECK(mqsad_target_without_instruction("gfx1300") == NULL, "gfx1300 unknown");
        CHECK(mqsad_target_without_instruction(NULL) == NULL, "NULL");
        CHECK_EQ_U(mqsad_target_lookup("gfx700")->family->flat_scratch_code, 104);
    }
    CHECK(mqsad_target_lookup("gfx940") == NULL, "gfx940 unknown to LLVM 22");
    CHECK(mqsad_target_lookup("") == NULL && mqsad_target_lookup(NULL) == NULL, "empty");
    CHECK_EQ_U(mqsad_generation_count(), 14);
    for (i = 0; i < mqsad_generation_count(); i++)
        CHECK(mqsad_generation_target(i) != NULL, "generation %zu rep", i);
    for (i = 0; i < mqsad_target_count(); i++) {
        const mqsad_target *t = mqsad_target_at(i);
        CHECK(mqsad_target_lookup(t->name) == t, "round trip name %s", t->name);
    }
    CHECK(mqsad_target_at(mqsad_target_count()) == NULL, "past end");
    /* facts named in the issue */
    CHECK_EQ_U(mqsad_target_lookup("gfx700")->family->clamp_bit_layout, 11);
    CHECK_EQ_U(mqsad_target_lookup("gfx700")->family->op_lo, 17);
    CHECK_EQ_U(mqsad_target_lookup("gfx1100")->family->m0_code, 125);
    CHECK_EQ_U(mqsad_target_lookup("gfx1030")->family->null_code_asm, 125);
    CHECK_EQ_U(mqsad_target_lookup("gfx942")->family->vgpr_align, 2);
    CHECK_EQ_U(mqsad_target_lookup("gfx1250")->family->literal, MQSAD_LIT_32_64);
    CHECK_EQ_U(mqsad_target_lookup("gfx1250")->family->wave_sizes, 32);
    CHECK_EQ_U(mqsad_target_lookup("gfx1010")->family->const_bus, 2);
    CHECK_EQ_U(mqsad_target_lookup("gfx900")->family->const_bus, 1);
    CHECK(mqsad_target_lookup("gfx801")->has_xnack && !mqsad_target_lookup("gfx802")->has_xnack, "xnack");
    CHECK_EQ_S(mqsad_strerror(MQSAD_E_TRUNCATED) != NULL ? "y" : "n", "y");
    CHECK_EQ_S(mqsad_version(), MQSAD_VERSION_STRING);
    return t_done();
}
