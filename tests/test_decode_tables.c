/* test_decode_tables.c — every operand code of every field on every target.
 *
 * 1. decode_tables.tsv (llvm-mc 22): for each (field, code, target) a word is built from
 *    the baseline v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] with that field replaced (8
 *    bytes, no literal, as the generator did); the decoded operand must print as the table
 *    says, INVALID / CRASH(rc=-11) rows must not decode. The same is checked through
 *    mqsad_operand_from_code for the non-literal codes.
 * 2. GFX7 (table column "n/a": no LLVM disassembler): the decoder must accept exactly the
 *    (slot, code) pairs that the GFX7 *assembler* produced somewhere in asm_vectors.tsv
 *    (which covers every code class), except code 255 (the lit() bug, §9 item 3). */
#include "t.h"
#include "mqsad.h"
#include "vec.h"

#define MAXCOLS 40

static uint64_t baseline(const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    uint64_t d0 = 4u | (uint64_t)f->opcode << f->op_lo | (uint64_t)f->marker << 26;
    uint64_t d1 = 258u | 257u << 9 | 264u << 18;
    return d0 | d1 << 32;
}

static void to_bytes(uint64_t w, uint8_t *b)
{
    int i;
    for (i = 0; i < 8; i++) b[i] = (uint8_t)(w >> (8 * i));
}

static int field_slot(const char *name)
{
    if (!strcmp(name, "VDST")) return MQSAD_SLOT_VDST;
    if (!strcmp(name, "SRC0")) return MQSAD_SLOT_SRC0;
    if (!strcmp(name, "SRC1")) return MQSAD_SLOT_SRC1;
    if (!strcmp(name, "SRC2")) return MQSAD_SLOT_SRC2;
    return -1;
}

static uint64_t with_field(uint64_t w, int slot, unsigned code)
{
    if (slot == MQSAD_SLOT_VDST) return (w & ~0xffull) | (code & 0xff);
    {
        unsigned sh = 32u + 9u * (unsigned)slot;
        return (w & ~(511ull << sh)) | (uint64_t)code << sh;
    }
}

static void tables(void)
{
    char path[512], line[16384], hdr[4096];
    char *cols[MAXCOLS], *names[MAXCOLS];
    const mqsad_target *tg[MAXCOLS];
    int ncol = 0, i;
    unsigned long cells = 0;
    FILE *fp = fopen(t_data("decode_tables.tsv", path, sizeof path), "r");
    if (!fp) { CHECK(0, "cannot open %s", path); return; }
    if (!fgets(hdr, sizeof hdr, fp)) { fclose(fp); CHECK(0, "empty table"); return; }
    ncol = t_tsv_split(hdr, names, MAXCOLS);
    for (i = 3; i < ncol; i++) {
        tg[i] = mqsad_target_lookup(names[i]);
        CHECK(tg[i] != NULL, "target %s", names[i]);
    }
    while (fgets(line, sizeof line, fp)) {
        int n = t_tsv_split(line, cols, MAXCOLS), slot = field_slot(cols[0]);
        unsigned code = (unsigned)strtoul(cols[1], NULL, 10);
        if (n != ncol || slot < 0) { CHECK(0, "bad row %s", cols[0]); continue; }
        for (i = 3; i < ncol; i++) {
            const mqsad_target *t = tg[i];
            const char *want = cols[i];
            uint8_t b[8];
            mqsad_inst in;
            mqsad_status st;
            char text[256];
            if (!t || !strcmp(want, "n/a")) continue;
            cells++;
            to_bytes(with_field(baseline(t), slot, code), b);
            st = mqsad_decode(t, b, 8, &in);
            if (!strcmp(want, "INVALID") || !strncmp(want, "CRASH", 5)) {
                CHECK(st != MQSAD_OK, "%s %s code %u: decoded, want %s", t->name, cols[0], code, want);
                continue;
            }
            CHECK(st == MQSAD_OK, "%s %s code %u: %s, want %s", t->name, cols[0], code, mqsad_strerror(st), want);
            if (st != MQSAD_OK) continue;
            mqsad_format_operand(&in, slot, text, sizeof text, NULL);
            CHECK(!strcmp(text, want), "%s %s code %u: got %s, want %s", t->name, cols[0], code, text, want);
            /* the operand codec alone gives the same operand */
            if (code < 254) {
                mqsad_inst in2 = in;
                mqsad_operand *op = slot == MQSAD_SLOT_VDST ? &in2.vdst : &in2.src[slot];
                st = mqsad_operand_from_code(t, slot, code, 0, op);
                mqsad_format_operand(&in2, slot, text, sizeof text, NULL);
                CHECK(st == MQSAD_OK && !strcmp(text, want), "from_code %s %s %u: %s", t->name, cols[0], code, text);
            }
        }
    }
    fclose(fp);
    printf("decode tables: %lu cells\n", cells);
    CHECK(cells > 25000, "cells: %lu", cells);
}

/* GFX7: decoder acceptance == the assembler's output set. */
static void gfx7_acceptance(void)
{
    static unsigned char seen[4][512];
    char path[512], line[4096];
    const mqsad_target *t = mqsad_target_lookup("gfx700");
    FILE *fp = fopen(t_data("asm_vectors.tsv", path, sizeof path), "r");
    unsigned long rows = 0, accepted = 0;
    int slot;
    unsigned code;
    if (!fp || !t) { CHECK(0, "cannot open %s", path); if (fp) fclose(fp); return; }
    while (fgets(line, sizeof line, fp)) {
        char *cols[5];
        uint8_t b[16];
        uint32_t d1;
        if (t_tsv_split(line, cols, 5) < 4 || strcmp(cols[0], "gfx700") || !strcmp(cols[2], "ERROR")) continue;
        if (t_parse_hex(cols[2], b, sizeof b, NULL) < 8) continue;
        rows++;
        d1 = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
        seen[MQSAD_SLOT_VDST][b[0]] = 1;
        seen[MQSAD_SLOT_SRC0][d1 & 511] = 1;
        seen[MQSAD_SLOT_SRC1][(d1 >> 9) & 511] = 1;
        seen[MQSAD_SLOT_SRC2][(d1 >> 18) & 511] = 1;
    }
    fclose(fp);
    CHECK(rows > 1000, "gfx700 assembled rows: %lu", rows);
    for (slot = 0; slot < 4; slot++) {
        for (code = 0; code < (slot == MQSAD_SLOT_VDST ? 256u : 512u); code++) {
            uint8_t b[8];
            mqsad_inst in;
            mqsad_status st;
            int want = seen[slot][code] && code != 255;
            to_bytes(with_field(baseline(t), slot, code), b);
            st = mqsad_decode(t, b, 8, &in);
            CHECK((st == MQSAD_OK) == want, "gfx700 slot %d code %u: decode %s, assembler %s", slot,
                  code, mqsad_strerror(st), want ? "produces it" : "never produces it");
            accepted += st == MQSAD_OK;
        }
    }
    printf("gfx7 acceptance: %lu codes decode, all produced by the GFX7 assembler\n", accepted);
}

int main(void)
{
    tables();
    gfx7_acceptance();
    return t_done();
}
