/* test_dis_word.c — mqsad_dis_word against mqsad_decode + mqsad_format (the general path,
 * whose texts tests/cli/dis.sh and test_disasm check against llvm-mc 22), and
 * mqsad_dis_decode against mqsad_decode member by member, checkasm style,
 * on every target: for every instruction of the family (its base word from the target and
 * instruction tables), every code in every slot with random other fields; random words
 * with the instruction's control bits and random codes; every single control bit flipped;
 * words with literals (12 and 16 bytes) and cut-off ones; fully random bytes. Status,
 * text and length must be exactly the general path's, also into a buffer too small. */
#include "mqsad.h"
#include "t.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void) { return (uint32_t)(t_xorshift64(&rng) >> 32); }

static unsigned long nfast;   /* words the general path decodes (informative) */

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static int same_operand(const mqsad_operand *a, const mqsad_operand *b)
{
    return a->kind == b->kind && a->code == b->code && a->reg == b->reg && a->width == b->width &&
           a->special == b->special && a->value == b->value && a->literal_bits == b->literal_bits &&
           a->lit_wrapper == b->lit_wrapper && a->invalid == b->invalid && a->annotation == b->annotation;
}

/* mqsad_dis_decode against mqsad_decode: the status and every member (fields[] after
 * mqsad_inst_fields when the word decodes) */
static void check_decode(const mqsad_dis_ctx *ctx, const mqsad_target *t, const uint8_t *b, size_t len)
{
    mqsad_inst want, got;
    mqsad_status ws = mqsad_decode(t, b, len, &want), gs;
    int same, i;
    memset(&got, 0xa5, sizeof got);   /* members it leaves unset show up */
    gs = mqsad_dis_decode(ctx, b, len, &got);
    CHECK(gs == ws, "%s: mqsad_dis_decode status %d, want %d (%02x %02x %02x %02x %02x %02x %02x %02x, len %zu)",
          t->name, (int)gs, (int)ws, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], len);
    if (gs != ws) return;
    if (gs == MQSAD_OK) {
        CHECK(got.field_count == 0, "%s: fields after MQSAD_OK", t->name);
        CHECK(mqsad_inst_fields(&got) == MQSAD_OK, "%s: mqsad_inst_fields", t->name);
    }
    same = got.target == want.target && got.insn == want.insn && got.length == want.length &&
           got.clamp == want.clamp && got.ignored_bits == want.ignored_bits &&
           same_operand(&got.vdst, &want.vdst) && got.literal == want.literal &&
           got.literal_size == want.literal_size && got.word == want.word &&
           got.field_count == want.field_count && !memcmp(got.symbol, want.symbol, sizeof got.symbol) &&
           got.symbol_data4 == want.symbol_data4;
    for (i = 0; i < 3; i++) same = same && same_operand(&got.src[i], &want.src[i]);
    for (i = 0; i < want.field_count && same; i++)
        same = !strcmp(got.fields[i].name, want.fields[i].name) && got.fields[i].lo == want.fields[i].lo &&
               got.fields[i].hi == want.fields[i].hi && got.fields[i].value == want.fields[i].value;
    CHECK(same, "%s: mqsad_dis_decode differs from mqsad_decode (status %d; %02x %02x %02x %02x %02x %02x %02x %02x, len %zu)",
          t->name, (int)ws, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], len);
}

/* bytes[0..len) through both paths */
static void check(const mqsad_dis_ctx *ctx, const mqsad_target *t, const uint8_t *b, size_t len)
{
    mqsad_inst in;
    char want[600], got[600], small[24];
    size_t wl = 0, gl = 99, il = 99, sl = 0;
    mqsad_status ws = mqsad_decode(t, b, len, &in), gs, ss;
    if (ws == MQSAD_OK) ws = mqsad_format(&in, want, sizeof want, &wl);
    gs = mqsad_dis_word(ctx, b, len, got, sizeof got, &gl, &il);
    if (ws == MQSAD_OK) nfast++;
    check_decode(ctx, t, b, len);
    CHECK(gs == ws, "%s: status %d, want %d (%02x %02x %02x %02x %02x %02x %02x %02x, len %zu)",
          t->name, (int)gs, (int)ws, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], len);
    if (gs != ws || ws != MQSAD_OK) {
        CHECK(gs == MQSAD_OK || (gl == 0 && il == 0), "%s: lengths after an error", t->name);
        return;
    }
    CHECK(gl == wl && !strcmp(got, want), "%s: text '%s', want '%s'", t->name, got, want);
    CHECK(il == in.length, "%s: length %zu, want %u", t->name, il, (unsigned)in.length);
    /* a buffer too small: mqsad_format's status, length and truncated text */
    ss = mqsad_dis_word(ctx, b, len, small, sizeof small, &sl, NULL);
    CHECK(ss == (wl < sizeof small ? MQSAD_OK : MQSAD_E_BUFFER_TOO_SMALL) && sl == wl &&
          !strncmp(small, want, sizeof small - 1) && strlen(small) == (wl < sizeof small ? wl : sizeof small - 1),
          "%s: small buffer for '%s': status %d, '%s'", t->name, want, (int)ss, small);
}

static void check_word(const mqsad_dis_ctx *ctx, const mqsad_target *t, uint32_t d0, uint32_t d1)
{
    uint8_t b[16];
    wr32(b, d0);
    wr32(b + 4, d1);
    wr32(b + 8, rnd());
    wr32(b + 12, rnd());
    check(ctx, t, b, 8);
    check(ctx, t, b, 16);   /* literal words read their 4 or 8 bytes */
}

/* A random word of instruction info on t (every operand code possible), CLAMP and the
 * ignored field random. */
static void fam_words(const mqsad_dis_ctx *ctx, const mqsad_target *t, const mqsad_insn_info *info)
{
    const mqsad_family *f = t->family;
    const uint32_t base = (uint32_t)f->marker << 26 | (uint32_t)info->opcode[f->encoding] << f->op_lo;
    uint32_t free_bits = (((1u << (f->ignored_hi - f->ignored_lo + 1)) - 1) << f->ignored_lo) |
                         1u << f->clamp_bit_layout;
    unsigned slot, code, i;
    for (slot = 0; slot < 4; slot++)
        for (code = 0; code < (slot == 3 ? 256u : 512u); code++)
            for (i = 0; i < 2; i++) {
                uint32_t d0 = base | (rnd() & free_bits) | (rnd() & 0xff);
                uint32_t d1 = (256u + (rnd() & 255)) | (256u + (rnd() & 255)) << 9 | (256u + (rnd() & 255)) << 18;
                if (slot == 3) d0 = (d0 & ~0xffu) | code;
                else d1 = (d1 & ~(0x1ffu << (9 * slot))) | code << (9 * slot);
                check_word(ctx, t, d0, d1);
            }
    for (i = 0; i < 20000; i++)
        check_word(ctx, t, base | (rnd() & free_bits) | (rnd() & 0xff), rnd() & 0x07ffffffu);
    for (i = 8; i < 64; i++) {   /* every bit flipped from a valid-looking word */
        uint32_t d0 = base | 4, d1 = 258u | 257u << 9 | 264u << 18;
        if (i < 32) d0 ^= 1u << i;
        else d1 ^= 1u << (i - 32);
        check_word(ctx, t, d0, d1);
    }
}

int main(void)
{
    size_t ti, size = mqsad_dis_ctx_size();
    void *mem = malloc(size);
    unsigned char misaligned[64];
    CHECK(mem != NULL, "malloc");
    if (!mem) return t_done();
    CHECK(mqsad_dis_ctx_init(NULL, size, mqsad_target_lookup("gfx1100")) == NULL, "NULL mem");
    CHECK(mqsad_dis_ctx_init(mem, size - 1, mqsad_target_lookup("gfx1100")) == NULL, "small mem");
    CHECK(mqsad_dis_ctx_init(mem, size, NULL) == NULL, "NULL target");
    CHECK(mqsad_dis_ctx_init(misaligned + 1, size, mqsad_target_lookup("gfx1100")) == NULL ||
          ((uintptr_t)(misaligned + 1) % 8) == 0, "misaligned mem");
    for (ti = 0; ti < mqsad_target_count(); ti++) {
        const mqsad_target *t = mqsad_target_at(ti);
        const mqsad_dis_ctx *ctx = mqsad_dis_ctx_init(mem, size, t);
        unsigned id, i;
        CHECK(ctx != NULL, "%s: init", t->name);
        if (!ctx) continue;
        for (id = 0; id < MQSAD_INSN_COUNT; id++) fam_words(ctx, t, mqsad_insn_get((mqsad_insn_id)id));
        for (i = 0; i < 20000; i++) {   /* random bytes, every length 0..16 */
            uint8_t b[16];
            unsigned k;
            for (k = 0; k < 16; k++) b[k] = (uint8_t)rnd();
            check(ctx, t, b, i % 17);
        }
    }
    {
        char buf[8];
        size_t tl = 1, il = 1;
        mqsad_inst in;
        const mqsad_dis_ctx *ctx = mqsad_dis_ctx_init(mem, size, mqsad_target_lookup("gfx1100"));
        CHECK(mqsad_dis_word(NULL, (const uint8_t *)"", 0, buf, sizeof buf, &tl, &il) == MQSAD_E_INVALID_ARGUMENT,
              "NULL context");
        CHECK(mqsad_dis_word(ctx, NULL, 8, buf, sizeof buf, &tl, &il) == MQSAD_E_INVALID_ARGUMENT, "NULL bytes");
        CHECK(mqsad_dis_word(ctx, (const uint8_t *)"", 0, buf, sizeof buf, &tl, &il) == MQSAD_E_TRUNCATED &&
              tl == 0 && il == 0, "no bytes");
        CHECK(mqsad_dis_decode(NULL, (const uint8_t *)"", 0, &in) == MQSAD_E_INVALID_ARGUMENT, "decode: NULL context");
        CHECK(mqsad_dis_decode(ctx, NULL, 8, &in) == MQSAD_E_INVALID_ARGUMENT, "decode: NULL bytes");
        CHECK(mqsad_dis_decode(ctx, (const uint8_t *)"", 0, NULL) == MQSAD_E_INVALID_ARGUMENT, "decode: NULL out");
        CHECK(mqsad_inst_fields(NULL) == MQSAD_E_INVALID_ARGUMENT, "fields: NULL inst");
        memset(&in, 0, sizeof in);
        CHECK(mqsad_inst_fields(&in) == MQSAD_E_INVALID_ARGUMENT, "fields: no target");
    }
    CHECK(nfast > 100000, "too few decodable words (%lu)", nfast);
    free(mem);
    return t_done();
}
