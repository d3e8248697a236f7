/* test_wave.c — the wave executor and the state-file parser.
 *
 * Expected values come from ../shared/spec/semantics.md §3 and encoding-llvm22.md §3.1,
 * written out here by hand per generation (spec_src below), and results from this file's
 * own msad (ref_mqsad), never from the library's executor or semantics code. */
#include "t.h"
#include "mqsad.h"

#include <stdint.h>

/* ---- independent reference (semantics.md §1-2) ------------------------------------- */

static uint32_t ref_msad(uint32_t a, uint32_t b, uint32_t acc, int clamp)
{
    uint64_t t = acc;
    int i;
    for (i = 0; i < 4; i++) {
        int x = (int)((a >> (8 * i)) & 0xff), y = (int)((b >> (8 * i)) & 0xff);
        if (y) t += (uint64_t)(x > y ? x - y : y - x);
    }
    if (clamp) return t > 0xffffffffull ? 0xffffffffu : (uint32_t)t;
    return (uint32_t)t;
}

static void ref_mqsad(uint64_t s0, uint32_t s1, const uint32_t s2[4], int clamp, uint32_t d[4])
{
    int k;
    for (k = 0; k < 4; k++) d[k] = ref_msad((uint32_t)(s0 >> (8 * k)), s1, s2[k], clamp);
}

static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) { return (uint32_t)(t_xorshift64(&rng_state) >> 11); }

/* ---- per-generation facts, written from encoding-llvm22.md §3.1 / semantics.md §3 ---- */

enum { G7, G8, G9, G9A, G10, G11, G125 };

static int gen_of(const mqsad_target *t)
{
    const char *g = t->family->generation;
    if (!strcmp(g, "GCN2")) return G7;
    if (!strcmp(g, "GCN3")) return G8;
    if (!strcmp(g, "Vega") || !strcmp(g, "CDNA1")) return G9;
    if (!strncmp(g, "CDNA", 4)) return G9A;
    if (!strcmp(g, "RDNA1") || !strcmp(g, "RDNA2")) return G10;
    if (!strcmp(g, "gfx1250")) return G125;
    return G11;
}

static int has_xnack_name(const char *n)
{
    /* §1: gfx801/gfx810 and every GFX9/CDNA target */
    return !strcmp(n, "gfx801") || !strcmp(n, "gfx810") || !strncmp(n, "gfx9", 4);
}

/* The shadow state the test keeps itself (what it told the library). */
typedef struct shadow {
    uint32_t sc[256];
    uint64_t ap[4];
    uint32_t v[MQSAD_MAX_VGPRS][64];
    uint64_t exec;
    unsigned scc;
    unsigned wave;
} shadow;

static shadow sh;
static mqsad_wave_state st;

enum { SV_OK, SV_SKIP, SV_ERR };

/* Expected value of source slot (0 or 1) with code c in lane, per the spec tables.
 * SV_SKIP: the code is not a single defined operand (decoder-only rounding, INVALID);
 * SV_ERR: executing must fail with *err. */
static int spec_src(const mqsad_target *t, int slot, unsigned c, unsigned lane, uint64_t lit,
                    uint64_t *val, mqsad_status *err)
{
    int g = gen_of(t);
    unsigned sgprs = g == G7 ? 104 : (g <= G9A ? 102 : 106);
    unsigned ttmp0 = g <= G8 ? 112 : 108, nttmp = g <= G8 ? 12 : 16;
    int m0 = g >= G11 ? 125 : 124, null = g >= G11 ? 124 : (g == G10 ? 125 : -1);
    int fs = g == G7 ? 104 : (g <= G9A ? 102 : -1);
    int xn = (g == G8 || g == G9 || g == G9A) ? 104 : -1;
    int tba = g <= G8 ? 108 : -1;
    uint64_t wmask = sh.wave == 64 ? ~0ull : 0xffffffffull;
    static const uint32_t f32[9] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                     0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983 };
    static const uint64_t f64[9] = { 0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
                                     0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
                                     0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull };
    int pair = slot == 0;
#define PAIR(lo) (pair ? ((uint64_t)sh.sc[(lo) + 1] << 32 | sh.sc[lo]) : sh.sc[lo])
    *err = MQSAD_OK;
    if (c >= 256) {
        unsigned n = c - 256;
        if (pair) {
            if (n == 255 && g != G125) { *err = MQSAD_E_REGISTER_RANGE; return SV_ERR; }
            if ((g == G9A || g == G125) && (n & 1)) { *err = MQSAD_E_MISALIGNED; return SV_ERR; }
            *val = (uint64_t)sh.v[n + 1][lane] << 32 | sh.v[n][lane];
        } else {
            *val = sh.v[n][lane];
        }
        return SV_OK;
    }
    if (c < sgprs) {
        if (pair && (c & 1)) return SV_SKIP;  /* odd pair codes: decoder rounding */
        *val = PAIR(c);
        return SV_OK;
    }
    if (c >= ttmp0 && c < ttmp0 + nttmp) {
        if (pair && (c & 1)) return SV_SKIP;
        *val = PAIR(c);
        return SV_OK;
    }
    if ((int)c == fs || (int)c == fs + 1) {
        if (pair && (int)c != fs) return SV_SKIP;
        *val = PAIR(c);
        return SV_OK;
    }
    if (xn >= 0 && ((int)c == xn || (int)c == xn + 1)) {
        if (pair && (int)c != xn) return SV_SKIP;
        if (!has_xnack_name(t->name)) { *err = MQSAD_E_REG_UNAVAILABLE; return SV_ERR; }
        *val = PAIR(c);
        return SV_OK;
    }
    if (c == 106 || c == 107 || c == 126 || c == 127 || (tba >= 0 && c >= 108 && c <= 111)) {
        if (pair && (c & 1)) return SV_SKIP;
        if (c == 126 || c == 127) {
            uint64_t e = sh.exec;
            *val = pair ? e : (uint32_t)(c == 126 ? e : e >> 32);
            return SV_OK;
        }
        *val = PAIR(c);
        return SV_OK;
    }
    if ((int)c == m0) {
        if (pair) return SV_SKIP;  /* m0 is not a SRC0 operand */
        *val = sh.sc[c];
        return SV_OK;
    }
    if ((int)c == null) { *val = 0; return SV_OK; }
    if (c == 124 || c == 125) {      /* null on a target without it (gfx8/9 decoder prints it) */
        *err = MQSAD_E_REG_UNAVAILABLE;
        return SV_ERR;
    }
    if (c >= 128 && c <= 192) { *val = c - 128; return SV_OK; }
    if (c >= 193 && c <= 208) {
        int64_t v = -(int64_t)(c - 192);
        *val = pair ? (uint64_t)v : (uint32_t)v;
        return SV_OK;
    }
    if (c >= 240 && c <= 248) {
        if (c == 248 && g == G7) return SV_SKIP;   /* no 1/(2pi) on gfx7 */
        *val = pair ? f64[c - 240] : f32[c - 240];
        return SV_OK;
    }
    if (c == 230 || c == 231) {
        if (g != G125) { *err = MQSAD_E_REG_UNAVAILABLE; return SV_ERR; }
        if (pair && c == 231) return SV_SKIP;
        *val = pair ? ((uint64_t)sh.sc[231] << 32 | sh.sc[230]) : sh.sc[c];
        return SV_OK;
    }
    if (c >= 235 && c <= 238) {
        if (g == G7 || g == G8) { *err = MQSAD_E_REG_UNAVAILABLE; return SV_ERR; }
        *val = pair ? sh.ap[c - 235] : (uint32_t)sh.ap[c - 235];
        return SV_OK;
    }
    if (c == 239) {
        if (!(g == G9 || g == G9A || g == G10)) { *err = MQSAD_E_REG_UNAVAILABLE; return SV_ERR; }
        *val = sh.sc[239];
        return SV_OK;
    }
    if (c == 251 || c == 252) {
        if (g >= G11) { *err = MQSAD_E_REG_UNAVAILABLE; return SV_ERR; }
        if (c == 251) *val = ((((uint64_t)sh.sc[107] << 32) | sh.sc[106]) & wmask) == 0;
        else *val = (sh.exec & wmask) == 0;
        return SV_OK;
    }
    if (c == 253) { *val = sh.scc; return SV_OK; }
    if (c == 254) {
        if (g == G125) { *val = pair ? lit : (uint32_t)lit; return SV_OK; }
        if (pair) return SV_SKIP;
        *err = MQSAD_E_LDS_DIRECT;
        return SV_ERR;
    }
    if (c == 255) {
        if (g < G10) { *err = MQSAD_E_NO_LITERAL; return SV_ERR; }
        *val = (uint32_t)lit;   /* zero-extended into SRC0 */
        return SV_OK;
    }
    return SV_SKIP;
#undef PAIR
}

/* Fills state and shadow with random values on every register the spec gives the target. */
static void fill_state(const mqsad_target *t, unsigned wave)
{
    int g = gen_of(t);
    unsigned c, n, l;
    mqsad_status s;
    s = mqsad_wave_init(&st, t, wave);
    CHECK(s == MQSAD_OK, "%s wave%u init: %d", t->name, wave, s);
    memset(&sh, 0, sizeof sh);
    sh.wave = wave;
    for (c = 0; c < 128; c++) {
        uint32_t v = rnd();
        if (c == 126 || c == 127) continue;
        if (mqsad_wave_set(&st, c, -1, v) == MQSAD_OK) sh.sc[c] = v;
    }
    for (c = 230; c <= 239; c++) {
        uint64_t v = (uint64_t)rnd() << 32 | rnd();
        if (c >= 235 && c <= 238) {
            if (mqsad_wave_set64(&st, c, -1, v) == MQSAD_OK) sh.ap[c - 235] = v;
        } else if (mqsad_wave_set(&st, c, -1, (uint32_t)v) == MQSAD_OK) {
            sh.sc[c] = (uint32_t)v;
        }
    }
    CHECK(mqsad_wave_set(&st, 253, -1, 1) == MQSAD_OK, "set scc");
    sh.scc = 1;
    for (n = 0; n < (g == G125 ? 258u : 256u); n++)
        for (l = 0; l < wave; l++) {
            uint32_t v = rnd();
            if (n < 4 && (rnd() & 3) == 0) v = 0;   /* zero reference bytes now and then */
            CHECK(mqsad_wave_set(&st, 256 + n, (int)l, v) == MQSAD_OK, "set v%u[%u]", n, l);
            sh.v[n][l] = v;
        }
    /* exec: a random pattern (the sweep checks unwritten lanes keep their value) */
    {
        uint64_t e = (uint64_t)rnd() << 32 | rnd();
        if (wave == 32) e = (e & 0xffffffffull) | 0x5a5a000000000000ull;  /* exec_hi is not a lane mask on wave32 */
        CHECK(mqsad_wave_set64(&st, 126, -1, e) == MQSAD_OK, "set exec");
        sh.exec = e;
    }
}

static void mk_inst(mqsad_inst *in, const mqsad_target *t)
{
    memset(in, 0, sizeof *in);
    in->target = t;
    in->length = 8;
    in->vdst.kind = MQSAD_OPK_VGPR; in->vdst.reg = 12; in->vdst.width = 4; in->vdst.code = 12;
    in->src[0].kind = MQSAD_OPK_VGPR; in->src[0].reg = 2; in->src[0].width = 2; in->src[0].code = 258;
    in->src[1].kind = MQSAD_OPK_VGPR; in->src[1].reg = 1; in->src[1].width = 1; in->src[1].code = 257;
    in->src[2].kind = MQSAD_OPK_VGPR; in->src[2].reg = 8; in->src[2].width = 4; in->src[2].code = 264;
}

/* Runs in on st and compares every lane with the reference; s0/s1 per lane from the shadow. */
static void check_lanes(const mqsad_inst *in, int slot, unsigned code, uint64_t lit, const char *what)
{
    unsigned l, k, bad = 0;
    uint32_t before[4][64];
    mqsad_status s;
    unsigned flags = 0;
    for (k = 0; k < 4; k++) memcpy(before[k], st.vgpr[in->vdst.reg + k], sizeof before[k]);
    s = mqsad_wave_exec(&st, in, &flags);
    CHECK(s == MQSAD_OK, "%s %s slot %d code %u: exec status %d (%s)", in->target->name, what, slot,
          code, s, mqsad_strerror(s));
    if (s != MQSAD_OK) return;
    for (l = 0; l < sh.wave; l++) {
        uint64_t s0 = 0, v = 0;
        uint32_t s1 = 0, s2[4], d[4];
        mqsad_status e;
        if (slot == 0) { spec_src(in->target, 0, code, l, lit, &v, &e); s0 = v; }
        else s0 = (uint64_t)sh.v[3][l] << 32 | sh.v[2][l];
        if (slot == 1) { spec_src(in->target, 1, code, l, lit, &v, &e); s1 = (uint32_t)v; }
        else s1 = sh.v[1][l];
        for (k = 0; k < 4; k++) s2[k] = sh.v[8 + k][l];
        ref_mqsad(s0, s1, s2, in->clamp, d);
        for (k = 0; k < 4; k++) {
            uint32_t want = ((sh.exec >> l) & 1) ? d[k] : before[k][l];
            if (st.vgpr[in->vdst.reg + k][l] != want) bad++;
            sh.v[in->vdst.reg + k][l] = st.vgpr[in->vdst.reg + k][l];
        }
    }
    CHECK(bad == 0, "%s wave%u %s slot %d code %u: %u wrong lane values", in->target->name, sh.wave,
          what, slot, code, bad);
}

/* Every code in SRC0 and SRC1 on every generation, both wave sizes. */
static void test_operand_sweep(void)
{
    size_t gi;
    for (gi = 0; gi < mqsad_generation_count(); gi++) {
        const mqsad_target *t = mqsad_generation_target(gi);
        unsigned w;
        if (!mqsad_insn_on_target(MQSAD_INSN_MQSAD_U32_U8, t)) {
            /* GFX6 lacks the instruction (test_family covers its other five) */
            mqsad_inst in;
            CHECK(mqsad_wave_init(&st, t, 64) == MQSAD_OK, "%s init", t->name);
            mk_inst(&in, t);
            CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_UNSUPPORTED,
                  "%s: v_mqsad_u32_u8 must be unsupported", t->name);
            continue;
        }
        for (w = 32; w <= 64; w += 32) {
            int slot;
            if (!(t->family->wave_sizes & w)) {
                mqsad_status s = mqsad_wave_init(&st, t, w);
                CHECK(s == MQSAD_E_WAVE_SIZE, "%s: wave%u must be rejected, got %d", t->name, w, s);
                continue;
            }
            fill_state(t, w);
            for (slot = 0; slot < 2; slot++) {
                unsigned c;
                unsigned ok = 0;
                for (c = 0; c < 512; c++) {
                    uint64_t lit = slot == 0 && c == 254 ? 0x9234567889abcdefull
                                                         : (c == 254 ? 0xfedcba9876543210ull : 0x9abcdef0u);
                    uint64_t v;
                    mqsad_status want, s;
                    mqsad_inst in;
                    int r = spec_src(t, slot, c, 0, lit, &v, &want);
                    mk_inst(&in, t);
                    s = mqsad_operand_from_code(t, slot, c, lit, &in.src[slot]);
                    if (r == SV_SKIP) continue;
                    if (r == SV_OK) {
                        CHECK(s == MQSAD_OK, "%s slot %d code %u: from_code %d", t->name, slot, c, s);
                        if (s != MQSAD_OK) continue;
                        check_lanes(&in, slot, c, lit, "sweep");
                        ok++;
                    } else {
                        unsigned flags = 7;
                        if (s != MQSAD_OK) continue;  /* not even decodable: fine */
                        s = mqsad_wave_exec(&st, &in, &flags);
                        CHECK(s == want, "%s slot %d code %u: want status %d (%s), got %d (%s)", t->name,
                              slot, c, want, mqsad_strerror(want), s, mqsad_strerror(s));
                        CHECK(flags == 0, "flags cleared on error");
                    }
                }
                CHECK(ok > 250, "%s slot %d: %u codes executed", t->name, slot, ok);
            }
        }
    }
}

/* Hand-derived single values (semantics.md §3 table), with the §1 worked example shape. */
static void test_hand_values(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    const mqsad_target *t7 = mqsad_target_lookup("gfx700");
    const mqsad_target *t9 = mqsad_target_lookup("gfx900");
    const mqsad_target *t125 = mqsad_target_lookup("gfx1250");
    mqsad_inst in;
    unsigned l, k;
    uint32_t d[4];
    static const uint32_t acc[4] = { 11, 13, 17, 19 };
    mqsad_status s;

    /* worked example: S0 = 0x0706050403020100, S1 = 0x03020100 -> 0x0b 0x10 0x17 0x1c */
    CHECK(mqsad_wave_init(&st, t, 64) == MQSAD_OK, "init");
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 256 + 8 + k, -1, acc[k]);
    mqsad_wave_set64(&st, 2, -1, 0x0706050403020100ull);       /* s[2:3] */
    mqsad_wave_set(&st, 106, -1, 0x03020100u);                 /* vcc_lo */
    mk_inst(&in, t);
    in.src[0].kind = MQSAD_OPK_SGPR; in.src[0].reg = 2; in.src[0].code = 2;
    in.src[1].kind = MQSAD_OPK_SPECIAL; in.src[1].special = MQSAD_SPECIAL_VCC_LO; in.src[1].code = 106;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK, "worked example: %d", s);
    for (l = 0; l < 64; l++) {
        if (st.vgpr[12][l] != 0x0b || st.vgpr[13][l] != 0x10 || st.vgpr[14][l] != 0x17 || st.vgpr[15][l] != 0x1c) {
            CHECK(0, "worked example lane %u", l);
            break;
        }
    }

    /* SRC0 = inline 1.0 -> 0x3ff0000000000000, SRC1 = 1.0 -> 0x3f800000 */
    mqsad_operand_from_code(t, 0, 242, 0, &in.src[0]);
    mqsad_operand_from_code(t, 1, 242, 0, &in.src[1]);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "1.0, 1.0");
    ref_mqsad(0x3ff0000000000000ull, 0x3f800000u, acc, 0, d);
    CHECK_EQ_U(st.vgpr[12][5], d[0]);
    CHECK_EQ_U(st.vgpr[13][5], d[1]);
    CHECK_EQ_U(st.vgpr[14][5], d[2]);
    CHECK_EQ_U(st.vgpr[15][5], d[3]);
    /* -1 in SRC0 = all ones (sign-extended to 64), -16 in SRC1 = 0xfffffff0 */
    mqsad_operand_from_code(t, 0, 193, 0, &in.src[0]);
    mqsad_operand_from_code(t, 1, 208, 0, &in.src[1]);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "-1, -16");
    ref_mqsad(~0ull, 0xfffffff0u, acc, 0, d);
    CHECK_EQ_U(st.vgpr[12][63], d[0]);
    CHECK_EQ_U(st.vgpr[15][63], d[3]);
    /* 32-bit literal 0xfffffff0 in SRC0 is zero-extended: S0 = 0x00000000fffffff0 */
    mqsad_operand_from_code(t, 0, 255, 0xfffffff0u, &in.src[0]);
    in.src[1] = in.src[0];
    mqsad_operand_from_code(t, 1, 255, 0xfffffff0u, &in.src[1]);
    in.literal = 0xfffffff0u; in.literal_size = 4; in.length = 12;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "literal");
    ref_mqsad(0xfffffff0ull, 0xfffffff0u, acc, 0, d);
    CHECK_EQ_U(st.vgpr[13][0], d[1]);
    CHECK_EQ_U(st.vgpr[14][0], d[2]);
    CHECK_EQ_U(st.vgpr[15][0], d[3]);
    /* m0 = 125 on GFX11 (124 is null) */
    mk_inst(&in, t);
    mqsad_wave_set(&st, 125, -1, 0x01010101u);
    mqsad_operand_from_code(t, 1, 125, 0, &in.src[1]);
    CHECK(in.src[1].kind == MQSAD_OPK_SPECIAL && in.src[1].special == MQSAD_SPECIAL_M0, "125 is m0 on gfx11");
    mqsad_operand_from_code(t, 0, 124, 0, &in.src[0]);   /* null in SRC0: 0 */
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "null, m0");
    ref_mqsad(0, 0x01010101u, acc, 0, d);
    CHECK_EQ_U(st.vgpr[12][9], d[0]);
    CHECK_EQ_U(d[0], 11 + 4);   /* |0-1| four times */

    /* gfx7: flat_scratch at 104, no clamp */
    CHECK(mqsad_wave_init(&st, t7, 0) == MQSAD_OK && st.wave_size == 64, "gfx7 default wave64");
    CHECK(mqsad_wave_init(&st, t7, 32) == MQSAD_E_WAVE_SIZE, "gfx7 has no wave32");
    mqsad_wave_init(&st, t7, 64);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 256 + 8 + k, -1, acc[k]);
    CHECK(mqsad_wave_set64(&st, 104, -1, 0x0706050403020100ull) == MQSAD_OK, "gfx7 flat_scratch");
    mqsad_wave_set(&st, 257, -1, 0x03020100u);
    mk_inst(&in, t7);
    CHECK(mqsad_operand_from_code(t7, 0, 104, 0, &in.src[0]) == MQSAD_OK, "from_code 104");
    CHECK(in.src[0].special == MQSAD_SPECIAL_FLAT_SCRATCH, "104 = flat_scratch on gfx7");
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "gfx7 exec");
    CHECK_EQ_U(st.vgpr[13][7], 0x10);
    in.clamp = 1;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_CLAMP_UNSUPPORTED, "gfx7 clamp");

    /* gfx9: flat_scratch at 102 */
    mqsad_wave_init(&st, t9, 0);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 256 + 8 + k, -1, acc[k]);
    CHECK(mqsad_wave_set64(&st, 102, -1, 0x0706050403020100ull) == MQSAD_OK, "gfx9 flat_scratch");
    mqsad_wave_set(&st, 257, -1, 0x03020100u);
    mk_inst(&in, t9);
    mqsad_operand_from_code(t9, 0, 102, 0, &in.src[0]);
    CHECK(in.src[0].special == MQSAD_SPECIAL_FLAT_SCRATCH, "102 = flat_scratch on gfx9");
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "gfx9 exec");
    CHECK_EQ_U(st.vgpr[14][3], 0x17);
    /* 64-bit aperture: SRC0 reads all 64 bits */
    CHECK(mqsad_wave_set64(&st, 235, -1, 0x0706050403020100ull) == MQSAD_OK, "aperture");
    mqsad_operand_from_code(t9, 0, 235, 0, &in.src[0]);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "aperture exec");
    CHECK_EQ_U(st.vgpr[15][3], 0x1c);

    /* gfx1250: wave32 only, 64-bit literal in SRC0 */
    CHECK(mqsad_wave_init(&st, t125, 64) == MQSAD_E_WAVE_SIZE, "gfx1250 has no wave64");
    CHECK(mqsad_wave_init(&st, t125, 0) == MQSAD_OK && st.wave_size == 32, "gfx1250 wave32");
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 256 + 8 + k, -1, acc[k]);
    mqsad_wave_set(&st, 257, -1, 0x03020100u);
    mk_inst(&in, t125);
    CHECK(mqsad_operand_from_code(t125, 0, 254, 0x0706050403020100ull, &in.src[0]) == MQSAD_OK, "lit64");
    in.literal = 0x0706050403020100ull; in.literal_size = 8; in.length = 16;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "lit64 exec");
    CHECK_EQ_U(st.vgpr[12][31], 0x0b);
    CHECK_EQ_U(st.vgpr[15][31], 0x1c);
    CHECK_EQ_U(st.vgpr[15][32], 0);   /* lane 32 does not exist on wave32: untouched */
    /* v[254:257] is a valid quad on gfx1250 */
    in.vdst.reg = 254;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "v[254:257] on gfx1250");
    CHECK_EQ_U(st.vgpr[257][0], 0x1c);
}

static void test_exec_masks(void)
{
    const mqsad_target *targets[2] = { mqsad_target_lookup("gfx1030"), mqsad_target_lookup("gfx942") };
    static const uint64_t pats[] = { ~0ull, 0, 0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull,
                                     0x8000000000000001ull, 0x00000000ffffffffull, 0xffffffff00000000ull };
    unsigned ti, w, p, l, k, r;
    for (ti = 0; ti < 2; ti++)
        for (w = 32; w <= 64; w += 32) {
            const mqsad_target *t = targets[ti];
            if (!(t->family->wave_sizes & w)) continue;
            fill_state(t, w);
            for (p = 0; p < sizeof pats / sizeof pats[0] + 8; p++) {
                uint64_t e = p < sizeof pats / sizeof pats[0] ? pats[p] : ((uint64_t)rnd() << 32 | rnd());
                mqsad_inst in;
                unsigned bad = 0;
                uint32_t before[4][64];
                mqsad_wave_set64(&st, 126, -1, e);
                sh.exec = e;
                mk_inst(&in, t);
                for (k = 0; k < 4; k++) {
                    for (l = 0; l < 64; l++) st.vgpr[12 + k][l] = 0xdead0000u + l;
                    memcpy(before[k], st.vgpr[12 + k], sizeof before[k]);
                }
                CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "exec mask run");
                for (l = 0; l < 64; l++) {
                    uint32_t d[4], s2[4];
                    for (k = 0; k < 4; k++) s2[k] = sh.v[8 + k][l];
                    ref_mqsad((uint64_t)sh.v[3][l] << 32 | sh.v[2][l], sh.v[1][l], s2, 0, d);
                    for (k = 0; k < 4; k++) {
                        int on = l < w && ((e >> l) & 1);
                        if (st.vgpr[12 + k][l] != (on ? d[k] : before[k][l])) bad++;
                    }
                }
                CHECK(bad == 0, "%s wave%u exec 0x%016llx: %u bad", t->name, w, (unsigned long long)e, bad);
                /* execz follows exec (low half on wave32) */
                if (t->family->has_vccz_execz) {
                    mqsad_operand_from_code(t, 1, 252, 0, &in.src[1]);
                    mqsad_wave_set64(&st, 126, -1, ~0ull);
                    for (r = 0; r < 1; r++) {
                        uint32_t d[4], s2[4];
                        uint64_t mask = w == 64 ? ~0ull : 0xffffffffull;
                        mqsad_wave_set64(&st, 126, -1, e | 1);  /* run lane 0 at least */
                        /* execz is computed from exec itself: e|1 is never zero */
                        CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "execz run");
                        for (k = 0; k < 4; k++) s2[k] = sh.v[8 + k][0];
                        ref_mqsad((uint64_t)sh.v[3][0] << 32 | sh.v[2][0], ((e | 1) & mask) == 0, s2, 0, d);
                        CHECK_EQ_U(st.vgpr[12][0], d[0]);
                    }
                }
            }
        }
}

static void test_vccz_wave32(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1010");
    mqsad_inst in;
    uint32_t d[4];
    static const uint32_t acc[4] = { 1, 2, 3, 4 };
    unsigned k;
    mqsad_wave_init(&st, t, 32);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 264 + k, -1, acc[k]);
    mqsad_wave_set64(&st, 258, -1, 0x00000000000000ffull);
    mqsad_wave_set(&st, 106, -1, 0);          /* vcc_lo = 0 */
    mqsad_wave_set(&st, 107, -1, 0x12345678u); /* vcc_hi != 0: ignored on wave32 */
    mk_inst(&in, t);
    mqsad_operand_from_code(t, 1, 251, 0, &in.src[1]);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "vccz wave32");
    ref_mqsad(0xff, 1, acc, 0, d);
    CHECK_EQ_U(st.vgpr[12][0], d[0]);
    CHECK_EQ_U(st.vgpr[12][0], 1 + 0xfe);
    mqsad_wave_init(&st, t, 64);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 264 + k, -1, acc[k]);
    mqsad_wave_set64(&st, 258, -1, 0xff);
    mqsad_wave_set(&st, 106, -1, 0);
    mqsad_wave_set(&st, 107, -1, 0x12345678u); /* wave64: vcc != 0 -> vccz = 0 */
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "vccz wave64");
    CHECK_EQ_U(st.vgpr[12][0], 1);            /* S1 = 0: everything masked */
}

static void test_overlap_clamp_unset(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    mqsad_inst in;
    mqsad_wave_report rep;
    unsigned flags, l, k;
    mqsad_status s;

    /* overlap: v[8:11] = f(v[2:3], v1, v[8:11]) computed from the snapshot */
    fill_state(t, 64);
    mqsad_wave_set64(&st, 126, -1, ~0ull);
    mk_inst(&in, t);
    in.vdst.reg = 8;
    s = mqsad_wave_exec_report(&st, &in, &rep);
    CHECK(s == MQSAD_OK && (rep.flags & MQSAD_EXEC_OVERLAP), "overlap flagged");
    CHECK(rep.overlap_slots == (1u << MQSAD_SLOT_SRC2), "overlap slot: %u", rep.overlap_slots);
    for (l = 0; l < 64; l++) {
        uint32_t d[4], s2[4];
        for (k = 0; k < 4; k++) s2[k] = sh.v[8 + k][l];
        ref_mqsad((uint64_t)sh.v[3][l] << 32 | sh.v[2][l], sh.v[1][l], s2, 0, d);
        for (k = 0; k < 4; k++)
            if (st.vgpr[8 + k][l] != d[k]) { CHECK(0, "overlap lane %u k %u", l, k); l = 64; break; }
    }
    /* v[4:7] <- v[4:5], v5, v[4:7]: all three slots overlap */
    fill_state(t, 64);
    mqsad_wave_set64(&st, 126, -1, ~0ull);
    mk_inst(&in, t);
    in.vdst.reg = 4; in.src[0].reg = 4; in.src[1].reg = 5; in.src[2].reg = 4;
    s = mqsad_wave_exec_report(&st, &in, &rep);
    CHECK(s == MQSAD_OK && rep.overlap_slots == 7u, "3-way overlap %u", rep.overlap_slots);
    {
        uint32_t d[4], s2[4];
        for (k = 0; k < 4; k++) s2[k] = sh.v[4 + k][17];
        ref_mqsad((uint64_t)sh.v[5][17] << 32 | sh.v[4][17], sh.v[5][17], s2, 0, d);
        for (k = 0; k < 4; k++) CHECK_EQ_U(st.vgpr[4 + k][17], d[k]);
    }
    /* no overlap: adjacent registers */
    mk_inst(&in, t);
    in.vdst.reg = 12; in.src[2].reg = 16; in.src[0].reg = 10; in.src[1].reg = 20;
    CHECK(mqsad_wave_exec(&st, &in, &flags) == MQSAD_OK && flags == 0, "adjacent: no overlap (%u)", flags);

    /* clamp saturation */
    mqsad_wave_init(&st, t, 32);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 264 + k, -1, 0xfffffff0u + k);
    mqsad_wave_set64(&st, 258, -1, 0);
    mqsad_wave_set(&st, 257, -1, 0xffffffffu);   /* 4 * 255 = 1020 added */
    mk_inst(&in, t);
    in.clamp = 1;
    CHECK(mqsad_wave_exec(&st, &in, &flags) == MQSAD_OK && flags == 0, "clamp run");
    for (k = 0; k < 4; k++) CHECK_EQ_U(st.vgpr[12 + k][3], 0xffffffffu);
    in.clamp = 0;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "wrap run");
    for (k = 0; k < 4; k++) CHECK_EQ_U(st.vgpr[12 + k][3], (uint32_t)(0xfffffff0u + k + 1020u));

    /* unset reads */
    mqsad_wave_init(&st, t, 32);
    mk_inst(&in, t);
    mqsad_wave_set(&st, 264, -1, 1);
    s = mqsad_wave_exec_report(&st, &in, &rep);
    CHECK(s == MQSAD_OK && (rep.flags & MQSAD_EXEC_UNSET_READ), "unset flagged");
    CHECK(rep.unset_count == 6, "unset count %u", rep.unset_count);   /* v2 v3 v1 v9 v10 v11 */
    CHECK(rep.unset[0] == 258 && rep.unset[1] == 259 && rep.unset[2] == 257 && rep.unset[3] == 265,
          "unset order");
    {
        char name[32];
        CHECK(mqsad_wave_reg_name(t, rep.unset[2], name, sizeof name) == MQSAD_OK, "name");
        CHECK_EQ_S(name, "v1");
        CHECK(mqsad_wave_reg_name(t, 125, name, sizeof name) == MQSAD_OK, "m0 name");
        CHECK_EQ_S(name, "m0");
        CHECK(mqsad_wave_reg_name(t, 115, name, sizeof name) == MQSAD_OK, "ttmp name");
        CHECK_EQ_S(name, "ttmp7");
        CHECK(mqsad_wave_reg_name(mqsad_target_lookup("gfx803"), 115, name, sizeof name) == MQSAD_OK, "ttmp name 8");
        CHECK_EQ_S(name, "ttmp3");
        CHECK(mqsad_wave_reg_name(t, 102, name, sizeof name) == MQSAD_OK, "s102 name");
        CHECK_EQ_S(name, "s102");
        CHECK(mqsad_wave_reg_name(mqsad_target_lookup("gfx900"), 102, name, sizeof name) == MQSAD_OK, "fs name");
        CHECK_EQ_S(name, "flat_scratch_lo");
        CHECK(mqsad_wave_reg_name(t, 230, name, sizeof name) == MQSAD_E_REG_UNAVAILABLE, "no fsb on gfx1100");
    }
    /* scalar unset: s[4:5], m0; exec is set by init */
    mk_inst(&in, t);
    in.src[0].kind = MQSAD_OPK_SGPR; in.src[0].reg = 4;
    mqsad_operand_from_code(t, 1, 125, 0, &in.src[1]);
    s = mqsad_wave_exec_report(&st, &in, &rep);
    CHECK(s == MQSAD_OK && rep.unset_count == 6 && rep.unset[0] == 4 && rep.unset[1] == 5 && rep.unset[2] == 125,
          "scalar unset %u", rep.unset_count);
    mqsad_operand_from_code(t, 1, 127, 0, &in.src[1]);   /* exec_hi: set by init */
    mqsad_wave_set64(&st, 4, -1, 5);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 264 + k, -1, 0);
    s = mqsad_wave_exec_report(&st, &in, &rep);
    CHECK(s == MQSAD_OK && rep.flags == 0, "all set: flags %u", rep.flags);
    mqsad_operand_from_code(t, 1, 253, 0, &in.src[1]);   /* scc never set */
    s = mqsad_wave_exec_report(&st, &in, &rep);
    CHECK(s == MQSAD_OK && rep.unset_count == 1 && rep.unset[0] == 253, "scc unset");
}

/* Expected status of an all-VGPR instruction (encoding-llvm22.md §3.1: quads start at
 * <= 252, 254 on gfx1250; a tuple must lie inside the file of qmax + 4 registers; tuples
 * of 2 and 4 start even on gfx90a/942/950 and gfx1250). A width of 0 means unspecified; any
 * other width than the slot's is the wrong operand kind (SRC2: not a VGPR quad). The first
 * failing slot in VDST, SRC0, SRC1, SRC2 order decides. */
static mqsad_status sweep_expect(unsigned qmax, unsigned nv, unsigned align, const unsigned reg[4],
                                 const unsigned width[4])
{
    static const unsigned want[4] = { 4, 2, 1, 4 };
    unsigned i;
    for (i = 0; i < 4; i++) {
        if (width[i] && width[i] != want[i]) return i == 3 ? MQSAD_E_SRC2_NOT_VGPR : MQSAD_E_OPERAND_KIND;
        if ((want[i] == 4 && reg[i] > qmax) || reg[i] + want[i] > nv) return MQSAD_E_REGISTER_RANGE;
        if (want[i] > 1 && (reg[i] % align)) return MQSAD_E_MISALIGNED;
    }
    return MQSAD_OK;
}

/* Every placement of four VGPR operands near each other and near the top of the register
 * file (the target's, and one a caller cut to 40 registers), through the executor's fast path (every source set) and its general path (one
 * source unset): the status, the overlap slots (interval arithmetic), the values (the
 * reference on the snapshot, EXEC lanes only) and, on error, an untouched VDST. */
static void test_vgpr_sweep(void)
{
    static const char *const names[] = { "gfx1100", "gfx90a", "gfx1250", "gfx803" };
    static const unsigned want[4] = { 4, 2, 1, 4 };
    unsigned ti, bad = 0, runs = 0;
    for (ti = 0; ti < sizeof names / sizeof names[0]; ti++) {
        const mqsad_target *t = mqsad_target_lookup(names[ti]);
        int g = gen_of(t);
        unsigned qmax = g == G125 ? 254 : 252, align = (g == G9A || g == G125) ? 2 : 1;
        unsigned wave = mqsad_wave_size_ok(t, 32) && ((ti & 1) || !mqsad_wave_size_ok(t, 64)) ? 32 : 64, pass;
        fill_state(t, wave);
        for (pass = 0; pass < 3; pass++) {
            unsigned nv = pass == 2 ? 40 : qmax + 4, base = pass == 0 ? 6 : nv - 8, d, r0, r1i, r2;
            st.vgpr_count = (uint16_t)nv;
            for (d = base - 6; d <= base + 6; d++)
                for (r0 = base - 6; r0 <= base + 7; r0++)
                    for (r1i = 0; r1i < 6; r1i++)
                        for (r2 = base - 6; r2 <= base + 7; r2 += 1 + (rnd() & 1)) {
                            static const int r1off[6] = { -1, 0, 3, 4, 9, 1000 };
                            unsigned reg[4], width[4], path, i, l, k, slots = 0;
                            mqsad_inst in;
                            mqsad_status want_s;
                            if ((int)d + r1off[r1i] < 0) continue;
                            mk_inst(&in, t);
                            reg[0] = d; reg[1] = r0; reg[3] = r2;
                            reg[2] = r1off[r1i] == 1000 ? nv - (rnd() & 1) : (unsigned)((int)d + r1off[r1i]);
                            for (i = 0; i < 4; i++) {
                                unsigned x = rnd() % 40;
                                width[i] = x == 0 ? 0 : x == 1 ? want[i] ^ 3u : want[i];
                            }
                            in.vdst.reg = (uint16_t)reg[0]; in.vdst.width = (uint8_t)width[0];
                            for (i = 0; i < 3; i++) {
                                in.src[i].reg = (uint16_t)reg[i + 1];
                                in.src[i].width = (uint8_t)width[i + 1];
                            }
                            want_s = sweep_expect(qmax, nv, align, reg, width);
                            for (i = 0; i < 3; i++) {
                                unsigned a = reg[i + 1], n = want[i + 1];
                                if (d < a + n && a < d + 4) slots |= 1u << i;
                            }
                            for (path = 0; path < 2; path++) {
                                mqsad_wave_report rep;
                                mqsad_status s;
                                /* general path: SRC1's register unset (it is read, so reported) */
                                if (path && reg[2] < MQSAD_MAX_VGPRS) st.vgpr_set[reg[2]] = 0;
                                s = mqsad_wave_exec_report(&st, &in, &rep);
                                if (path && reg[2] < MQSAD_MAX_VGPRS) st.vgpr_set[reg[2]] = 1;
                                runs++;
                                if (s != want_s) {
                                    if (bad++ < 5)
                                        CHECK(0, "%s v%u v%u v%u v%u widths %u%u%u%u path %u: status %d, want %d",
                                              names[ti], d, r0, reg[2], r2, width[0], width[1], width[2],
                                              width[3], path, s, want_s);
                                    continue;
                                }
                                if (s != MQSAD_OK) {
                                    for (k = 0; k < 4 && d + k < MQSAD_MAX_VGPRS; k++)
                                        if (memcmp(st.vgpr[d + k], sh.v[d + k], sizeof sh.v[0])) bad++;
                                    continue;
                                }
                                if (rep.overlap_slots != slots ||
                                    !(rep.flags & MQSAD_EXEC_OVERLAP) != !slots ||
                                    !(rep.flags & MQSAD_EXEC_UNSET_READ) != !path) {
                                    if (bad++ < 5)
                                        CHECK(0, "%s v%u v%u v%u v%u path %u: overlap %u flags %u, want %u",
                                              names[ti], d, r0, reg[2], r2, path, rep.overlap_slots,
                                              rep.flags, slots);
                                }
                                for (l = 0; l < wave; l++) {
                                    uint32_t out[4], s2[4];
                                    for (k = 0; k < 4; k++) s2[k] = sh.v[r2 + k][l];
                                    ref_mqsad((uint64_t)sh.v[r0 + 1][l] << 32 | sh.v[r0][l], sh.v[reg[2]][l], s2, 0, out);
                                    for (k = 0; k < 4; k++) {
                                        uint32_t exp = sh.exec >> l & 1 ? out[k] : sh.v[d + k][l];
                                        if (st.vgpr[d + k][l] != exp) bad++;
                                    }
                                }
                                for (k = 0; k < 4; k++)   /* back to the snapshot for the next run */
                                    memcpy(st.vgpr[d + k], sh.v[d + k], sizeof sh.v[0]);
                            }
                        }
        }
        st.vgpr_count = (uint16_t)(qmax + 4);
    }
    CHECK(bad == 0, "vgpr sweep: %u mismatches in %u runs", bad, runs);
    CHECK(runs > 20000, "vgpr sweep ran %u", runs);
}

static void test_rejections(void)
{
    const mqsad_target *t9 = mqsad_target_lookup("gfx900");
    const mqsad_target *t11 = mqsad_target_lookup("gfx1100");
    const mqsad_target *ta = mqsad_target_lookup("gfx90a");
    mqsad_inst in;
    unsigned flags;
    uint32_t before;

    mqsad_wave_init(&st, t9, 64);
    before = st.vgpr[12][0] = 0x77777777u;
    /* lds_direct in SRC1 (code 254 on gfx9) */
    mk_inst(&in, t9);
    CHECK(mqsad_operand_from_code(t9, 1, 254, 0, &in.src[1]) == MQSAD_OK &&
          in.src[1].special == MQSAD_SPECIAL_SRC_LDS_DIRECT, "254 = lds_direct");
    CHECK(mqsad_wave_exec(&st, &in, &flags) == MQSAD_E_LDS_DIRECT, "lds_direct rejected");
    CHECK_EQ_U(st.vgpr[12][0], before);
    /* lds_direct hand-built in SRC0 and SRC2 */
    mk_inst(&in, t9);
    in.src[0].kind = MQSAD_OPK_SPECIAL; in.src[0].special = MQSAD_SPECIAL_SRC_LDS_DIRECT;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_LDS_DIRECT, "lds_direct SRC0");
    mk_inst(&in, t9);
    in.src[2].kind = MQSAD_OPK_SPECIAL; in.src[2].special = MQSAD_SPECIAL_SRC_LDS_DIRECT;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_LDS_DIRECT, "lds_direct SRC2");
    /* SRC2 not a VGPR quad: SGPR quad, ttmp quad, inline, null (every decodable form) */
    {
        static const unsigned codes[] = { 0, 8, 100, 112, 120, 125, 128, 193, 240, 242 };
        unsigned i;
        for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
            mk_inst(&in, t9);
            if (mqsad_operand_from_code(t9, 2, codes[i], 0, &in.src[2]) != MQSAD_OK) continue;
            CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_SRC2_NOT_VGPR, "SRC2 code %u", codes[i]);
        }
        mk_inst(&in, t11);
        mqsad_wave_init(&st, t11, 32);
        CHECK(mqsad_operand_from_code(t11, 2, 124, 0, &in.src[2]) == MQSAD_OK, "null SRC2 decodes");
        CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_SRC2_NOT_VGPR, "null SRC2");
        mk_inst(&in, t11);
        in.src[2].kind = MQSAD_OPK_LITERAL32; in.src[2].literal_bits = 5;
        CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_SRC2_NOT_VGPR, "literal SRC2");
    }
    /* register ranges */
    mqsad_wave_init(&st, t11, 32);
    mk_inst(&in, t11);
    in.vdst.reg = 253;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "VDST v[253:256]");
    mk_inst(&in, t11);
    in.src[2].reg = 255;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "SRC2 v[255:258]");
    mk_inst(&in, t11);
    in.src[0].reg = 255;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "SRC0 v[255:256]");
    mk_inst(&in, t11);
    in.src[0].kind = MQSAD_OPK_SGPR; in.src[0].reg = 106;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "s[106:107]");
    mk_inst(&in, t11);
    in.src[1].kind = MQSAD_OPK_SGPR; in.src[1].reg = 106;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "s106");
    mk_inst(&in, t11);
    in.src[1].kind = MQSAD_OPK_TTMP; in.src[1].reg = 16;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "ttmp16");
    mk_inst(&in, t11);
    in.src[1].reg = 256;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REGISTER_RANGE, "v256");
    /* alignment on gfx90a */
    mqsad_wave_init(&st, ta, 64);
    mk_inst(&in, ta);
    in.vdst.reg = 13;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_MISALIGNED, "odd VDST gfx90a");
    mk_inst(&in, ta);
    in.src[0].reg = 3;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_MISALIGNED, "odd SRC0 gfx90a");
    /* literals the target cannot execute */
    mk_inst(&in, ta);
    in.src[1].kind = MQSAD_OPK_LITERAL32; in.src[1].literal_bits = 7;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_NO_LITERAL, "literal on gfx90a");
    mqsad_wave_init(&st, t11, 32);
    mk_inst(&in, t11);
    in.src[0].kind = MQSAD_OPK_LITERAL64; in.src[0].literal_bits = 7;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_LITERAL64, "lit64 on gfx1100");
    /* a special register the target lacks */
    mk_inst(&in, t11);
    in.src[1].kind = MQSAD_OPK_SPECIAL; in.src[1].special = MQSAD_SPECIAL_TBA_LO;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_REG_UNAVAILABLE, "tba on gfx1100");
    /* family mismatch, NULLs */
    mk_inst(&in, t9);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_INVALID_ARGUMENT, "family mismatch");
    CHECK(mqsad_wave_exec(NULL, &in, NULL) == MQSAD_E_INVALID_ARGUMENT, "NULL state");
    CHECK(mqsad_wave_exec(&st, NULL, NULL) == MQSAD_E_INVALID_ARGUMENT, "NULL inst");
    /* setters */
    CHECK(mqsad_wave_set(&st, 124, -1, 1) == MQSAD_E_REG_UNAVAILABLE, "null not settable");
    CHECK(mqsad_wave_set(&st, 251, -1, 1) == MQSAD_E_REG_UNAVAILABLE, "vccz not settable");
    CHECK(mqsad_wave_set(&st, 253, -1, 2) != MQSAD_OK, "scc 2");
    CHECK(mqsad_wave_set(&st, 256 + 258, -1, 1) == MQSAD_E_REGISTER_RANGE, "v258");
    CHECK(mqsad_wave_set(&st, 256, 32, 1) == MQSAD_E_REGISTER_RANGE, "lane 32 on wave32");
    CHECK(mqsad_wave_set(&st, 5, 3, 1) == MQSAD_E_INVALID_ARGUMENT, "lane on a scalar");
    CHECK(mqsad_wave_set64(&st, 105, -1, 1) != MQSAD_OK, "s[105:106] crosses into vcc");
}

/* mqsad_wave_reg_writable: the registers mqsad_wave_set's documentation names, and on
 * every target it agrees with what mqsad_wave_set does for every id. */
static void test_reg_writable(void)
{
    const mqsad_target *t11 = mqsad_target_lookup("gfx1100");
    size_t k;
    unsigned id;
    mqsad_wave_init(&st, t11, 32);
    CHECK(mqsad_wave_reg_writable(&st, 5) && mqsad_wave_reg_writable(&st, 106) &&
          mqsad_wave_reg_writable(&st, 126) && mqsad_wave_reg_writable(&st, 253) &&
          mqsad_wave_reg_writable(&st, 256) && mqsad_wave_reg_writable(&st, 256 + 255),
          "s5, vcc_lo, exec_lo, src_scc, v0, v255 are writable");
    CHECK(!mqsad_wave_reg_writable(&st, 124) && !mqsad_wave_reg_writable(&st, 251) &&
          !mqsad_wave_reg_writable(&st, 252) && !mqsad_wave_reg_writable(&st, 128) &&
          !mqsad_wave_reg_writable(&st, 255) && !mqsad_wave_reg_writable(&st, 256 + 256) &&
          !mqsad_wave_reg_writable(NULL, 5), "null, vccz, execz, inline 0, a literal, v256, NULL are not");
    for (k = 0; k < mqsad_target_count(); k++) {
        const mqsad_target *t = mqsad_target_at(k);
        CHECK(mqsad_wave_init(&st, t, 64) == MQSAD_OK || mqsad_wave_init(&st, t, 32) == MQSAD_OK, "%s", t->name);
        CHECK(st.target == t, "%s: the state's target", t->name);
        for (id = 0; id < 1024; id++) {
            int w = mqsad_wave_reg_writable(&st, id);
            mqsad_status s = mqsad_wave_set(&st, id, id >= 256 ? 0 : -1, 0);
            CHECK(w == (s == MQSAD_OK), "%s id %u: writable %d, set %s", t->name, id, w, mqsad_strerror(s));
        }
    }
}

/* mqsad_vectors.tsv through the executor: row i in lane i % 64. */
static void test_vectors(void)
{
    char path[512], line[512];
    FILE *f = fopen(t_data("mqsad_vectors.tsv", path, sizeof path), "r");
    const mqsad_target *t = mqsad_target_lookup("gfx942");
    static struct { uint64_t s0; uint32_t s1, s2[4], d[4]; } rows[2][64];
    unsigned cnt[2] = { 0, 0 }, total = 0, bad = 0;
    int c;
    CHECK(f != NULL, "open %s", path);
    if (!f) return;
    for (;;) {
        int more = fgets(line, sizeof line, f) != NULL;
        int flush = -1;
        if (more) {
            unsigned long long s0;
            unsigned s1, s2[4], d[4];
            char *tab;
            if (line[0] == '#' || !(tab = strchr(line, '\t'))) continue;
            *tab = 0;
            if (sscanf(line, "%llx %x %x %x %x %x", &s0, &s1, &s2[0], &s2[1], &s2[2], &s2[3]) != 6 ||
                sscanf(tab + 1, "%x %x %x %x", &d[0], &d[1], &d[2], &d[3]) != 4) {
                CHECK(0, "bad row %s", line);
                continue;
            }
            c = strstr(line, "clamp") != NULL;
            rows[c][cnt[c]].s0 = s0;
            rows[c][cnt[c]].s1 = s1;
            memcpy(rows[c][cnt[c]].s2, s2, sizeof s2);
            memcpy(rows[c][cnt[c]].d, d, sizeof d);
            if (++cnt[c] == 64) flush = c;
        }
        for (c = 0; c < 2; c++) {
            unsigned i, k, n = cnt[c];
            mqsad_inst in;
            if (!(flush == c || (!more && n))) continue;
            mqsad_wave_init(&st, t, 64);
            mqsad_wave_set64(&st, 126, -1, n == 64 ? ~0ull : ((1ull << n) - 1));
            for (i = 0; i < n; i++) {
                mqsad_wave_set64(&st, 256 + 2, (int)i, rows[c][i].s0);
                mqsad_wave_set(&st, 256 + 1, (int)i, rows[c][i].s1);
                for (k = 0; k < 4; k++) mqsad_wave_set(&st, 256 + 8 + k, (int)i, rows[c][i].s2[k]);
            }
            mk_inst(&in, t);
            in.clamp = (uint8_t)c;
            CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "vectors exec");
            for (i = 0; i < n; i++)
                for (k = 0; k < 4; k++)
                    if (st.vgpr[12 + k][i] != rows[c][i].d[k]) bad++;
            total += n;
            cnt[c] = 0;
        }
        if (!more) break;
    }
    fclose(f);
    CHECK(total >= 1500, "vector rows: %u", total);
    CHECK(bad == 0, "vector mismatches: %u", bad);
}

/* The decoder path: bytes -> mqsad_decode -> exec (worked example on gfx1100). */
static void test_decoded(void)
{
    /* v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] on gfx1100 (encoding-llvm22.md §2) */
    static const uint8_t bytes[] = { 0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04 };
    /* v[252:255], 0xaf123456, 0xaf123456, v[3:6] clamp (§8 llvm test) */
    static const uint8_t lit[] = { 0xfc, 0x80, 0x3d, 0xd6, 0xff, 0xfe, 0x0d, 0x04, 0x56, 0x34, 0x12, 0xaf };
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    static const uint32_t acc[4] = { 11, 13, 17, 19 };
    mqsad_inst in;
    uint32_t d[4];
    unsigned k;
    CHECK(mqsad_decode(t, bytes, sizeof bytes, &in) == MQSAD_OK, "decode");
    mqsad_wave_init(&st, t, 64);
    mqsad_wave_set64(&st, 258, -1, 0x0706050403020100ull);
    mqsad_wave_set(&st, 257, -1, 0x03020100u);
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 264 + k, -1, acc[k]);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "exec decoded");
    CHECK_EQ_U(st.vgpr[4][0], 0x0b);
    CHECK_EQ_U(st.vgpr[5][63], 0x10);
    CHECK_EQ_U(st.vgpr[6][31], 0x17);
    CHECK_EQ_U(st.vgpr[7][32], 0x1c);
    CHECK(mqsad_decode(t, lit, sizeof lit, &in) == MQSAD_OK, "decode literal");
    for (k = 0; k < 4; k++) mqsad_wave_set(&st, 256 + 3 + k, -1, 0xffffff00u);
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_OK, "exec literal");
    {
        uint32_t s2[4] = { 0xffffff00u, 0xffffff00u, 0xffffff00u, 0xffffff00u };
        ref_mqsad(0xaf123456ull, 0xaf123456u, s2, 1, d);
        for (k = 0; k < 4; k++) CHECK_EQ_U(st.vgpr[252 + k][9], d[k]);
    }
}

/* ---- state-file parser -------------------------------------------------------------- */

static mqsad_status pl(const char *text, mqsad_state_diag *d)
{
    return mqsad_state_parse_line(&st, text, strlen(text), d);
}

static void test_state_parser(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    const mqsad_target *t8 = mqsad_target_lookup("gfx803");
    mqsad_state_diag d;
    uint32_t v;
    unsigned l;
    char buf[1024];
    const char *file;

    mqsad_wave_init(&st, t, 0);
    CHECK(st.wave_size == 32, "gfx1100 default wave32");
    CHECK(pl("wave64   # comment", &d) == MQSAD_OK && st.wave_size == 64, "wave64 line");
    CHECK(st.exec == ~0ull, "wave64 exec default");
    CHECK(pl("s2 = 0x12345678", &d) == MQSAD_OK && st.scalar[2] == 0x12345678u && st.scalar_set[2], "s2");
    CHECK(pl("wave32", &d) == MQSAD_E_SYNTAX && d.column == 1, "wave after assignment");
    CHECK(pl("  s[2:3] = 0x0123456789abcdef", &d) == MQSAD_OK && st.scalar[2] == 0x89abcdefu &&
          st.scalar[3] == 0x01234567u, "s[2:3]");
    CHECK(pl("vcc = 0x5", &d) == MQSAD_OK && st.scalar[106] == 5 && st.scalar[107] == 0, "vcc");
    CHECK(pl("m0 = 7", &d) == MQSAD_OK && st.scalar[125] == 7, "m0 at 125 on gfx11");
    CHECK(pl("scc = 1", &d) == MQSAD_OK && st.scc == 1, "scc");
    CHECK(pl("scc = 2", &d) == MQSAD_E_LITERAL_RANGE && d.column == 7, "scc 2: col %u", d.column);
    CHECK(pl("ttmp4 = 3", &d) == MQSAD_OK && st.scalar[112] == 3, "ttmp4");
    CHECK(pl("exec_hi = 0", &d) == MQSAD_OK && st.exec == 0xffffffffull, "exec_hi");
    CHECK(pl("exec = 0xffffffffffffffff", &d) == MQSAD_OK && st.exec == ~0ull, "exec");
    CHECK(pl("v1 = 0x01020304", &d) == MQSAD_OK && st.vgpr[1][0] == 0x01020304u && st.vgpr[1][63] == 0x01020304u,
          "v1 broadcast");
    {
        size_t pos = (size_t)snprintf(buf, sizeof buf, "v1 =");
        for (l = 0; l < 64; l++) pos += (size_t)snprintf(buf + pos, sizeof buf - pos, " %u", l * 3);
        CHECK(pl(buf, &d) == MQSAD_OK && st.vgpr[1][0] == 0 && st.vgpr[1][63] == 189, "v1 lane list");
        pos += (size_t)snprintf(buf + pos, sizeof buf - pos, " 5");
        CHECK(pl(buf, &d) == MQSAD_E_INPUT_TOO_LONG && d.column == pos - 0, "65 values col %u", d.column);
    }
    CHECK(pl("v1 = 1 2 3", &d) == MQSAD_E_SYNTAX && d.column == 6, "3 values: col %u %s", d.column, d.message);
    CHECK(pl("v1[3] = 0x9", &d) == MQSAD_OK && st.vgpr[1][3] == 9 && st.vgpr[1][2] == 6, "v1[3]");
    CHECK(pl("v1[64] = 0x9", &d) == MQSAD_E_REGISTER_RANGE && d.column == 4, "lane 64: col %u", d.column);
    CHECK(pl("v[2:3] = 0x0123456789abcdef", &d) == MQSAD_OK && st.vgpr[2][7] == 0x89abcdefu &&
          st.vgpr[3][7] == 0x01234567u, "v[2:3]");
    CHECK(pl("v[2:3][1] = -1", &d) == MQSAD_OK && st.vgpr[2][1] == ~0u && st.vgpr[3][1] == ~0u, "v[2:3][1]");
    CHECK(pl("v255 = -2147483648", &d) == MQSAD_OK && st.vgpr[255][0] == 0x80000000u, "v255 min");
    CHECK(pl("v255 = -2147483649", &d) == MQSAD_E_LITERAL_RANGE && d.column == 8, "v255 too negative");
    CHECK(pl("v256 = 1", &d) == MQSAD_E_REGISTER_RANGE && d.column == 1, "v256");
    CHECK(pl("s2 = 0x100000000", &d) == MQSAD_E_LITERAL_RANGE && d.column == 6, "s2 33 bits");
    CHECK(pl("s2 = 99999999999999999999999999", &d) == MQSAD_E_LITERAL_RANGE, "huge");
    CHECK(pl("s2 = 0xg", &d) == MQSAD_E_SYNTAX && d.column == 6, "bad hex");
    CHECK(pl("s2 = 1 2", &d) == MQSAD_E_SYNTAX && d.column == 8, "scalar two values");
    CHECK(pl("s2 =", &d) == MQSAD_E_SYNTAX && d.column == 5, "no value");
    CHECK(pl("s2 0", &d) == MQSAD_E_SYNTAX && d.column == 4, "no '='");
    CHECK(pl("s106 = 0", &d) == MQSAD_E_REGISTER_RANGE && d.column == 1, "s106");
    CHECK(pl("   foo = 0", &d) == MQSAD_E_SYNTAX && d.column == 4 && strstr(d.message, "foo"), "unknown %s", d.message);
    CHECK(pl("tba_lo = 1", &d) == MQSAD_E_REG_UNAVAILABLE && strstr(d.message, "gfx1100"), "tba on gfx11");
    CHECK(pl("null = 1", &d) == MQSAD_E_REG_UNAVAILABLE, "null");
    CHECK(pl("src_vccz = 1", &d) == MQSAD_E_REG_UNAVAILABLE, "vccz");
    CHECK(pl("v[4:7] = 1", &d) == MQSAD_E_UNSUPPORTED, "quad");
    CHECK(pl("s2[1] = 1", &d) == MQSAD_E_SYNTAX && d.column == 3, "lane on scalar");
    CHECK(pl("src_shared_base = 0x1122334455667788", &d) == MQSAD_OK && st.scalar[235] == 0x55667788u &&
          st.aperture_hi[0] == 0x11223344u, "aperture");
    CHECK(pl("v2 = 1\0 2", &d) == MQSAD_OK, "strlen stops at NUL");
    CHECK(mqsad_state_parse_line(&st, "v2 = 1\0 2", 9, &d) == MQSAD_E_SYNTAX && d.column == 7, "NUL byte");
    CHECK(pl("v2 = \xc3\xa9", &d) == MQSAD_E_SYNTAX && d.column == 6, "non-ASCII");
    CHECK(pl("", &d) == MQSAD_OK && pl("   # only a comment", &d) == MQSAD_OK, "blank");
    /* error changes nothing */
    v = st.vgpr[1][0];
    CHECK(pl("v1 = 5 6", &d) != MQSAD_OK && st.vgpr[1][0] == v, "atomic");

    /* gfx8 names and ranges */
    mqsad_wave_init(&st, t8, 0);
    CHECK(pl("flat_scratch = 0x0000000200000001", &d) == MQSAD_OK && st.scalar[102] == 1 && st.scalar[103] == 2,
          "flat_scratch gfx8");
    CHECK(pl("tba = 5", &d) == MQSAD_OK && st.scalar[108] == 5, "tba gfx8");
    CHECK(pl("ttmp11 = 5", &d) == MQSAD_OK && st.scalar[123] == 5, "ttmp11 gfx8");
    CHECK(pl("ttmp12 = 5", &d) == MQSAD_E_REGISTER_RANGE, "ttmp12 gfx8");
    CHECK(pl("xnack_mask_lo = 5", &d) == MQSAD_E_REG_UNAVAILABLE, "no xnack on gfx803");
    CHECK(pl("s102 = 5", &d) == MQSAD_E_REGISTER_RANGE, "s102 gfx8");
    CHECK(pl("wave32", &d) == MQSAD_E_WAVE_SIZE, "gfx8 wave32");
    CHECK(pl("src_shared_base = 1", &d) == MQSAD_E_REG_UNAVAILABLE, "no apertures on gfx8");

    /* whole files: line numbers */
    mqsad_wave_init(&st, t, 0);
    file = "# state\nwave64\r\ns0 = 1\n\nv1 = 2\nv2 = zz\n";
    CHECK(mqsad_state_parse(&st, file, strlen(file), &d) == MQSAD_E_SYNTAX && d.line == 6 && d.column == 6,
          "file error at 6:6, got %u:%u", d.line, d.column);
    CHECK(st.wave_size == 64 && st.scalar[0] == 1 && st.vgpr[1][5] == 2, "earlier lines applied");
    mqsad_wave_init(&st, t, 32);
    st.wave_fixed = 1;
    CHECK(mqsad_state_parse(&st, "wave64\n", 7, &d) == MQSAD_E_WAVE_SIZE && d.line == 1, "fixed wave");
    CHECK(mqsad_state_parse(&st, "wave32\n", 7, &d) == MQSAD_OK, "same wave ok");
    {
        static char longline[MQSAD_STATE_LINE_MAX + 10];
        memset(longline, ' ', sizeof longline);
        CHECK(mqsad_state_parse(&st, longline, sizeof longline, &d) == MQSAD_E_INPUT_TOO_LONG, "long line");
    }
    /* format */
    mqsad_wave_init(&st, t, 32);
    mqsad_wave_set(&st, 256 + 4, -1, 0xb);
    mqsad_wave_set(&st, 256 + 4, 1, 0x10);
    {
        size_t n;
        CHECK(mqsad_wave_format_vgpr(&st, 4, buf, sizeof buf, &n) == MQSAD_OK, "format");
        CHECK(!strncmp(buf, "v4 = 0x0000000b 0x00000010 0x0000000b", 37) && n == 5 + 32 * 11 - 1 + 0, "format text %zu", n);
        CHECK(mqsad_wave_format_vgpr(&st, 4, buf, 20, &n) == MQSAD_E_BUFFER_TOO_SMALL, "small buffer");
        /* round trip: the formatted line is valid input */
        mqsad_wave_format_vgpr(&st, 4, buf, sizeof buf, &n);
        buf[1] = '9';
        CHECK(pl(buf, &d) == MQSAD_OK && st.vgpr[9][1] == 0x10 && st.vgpr[9][2] == 0xb, "round trip");
    }
}


/* Robustness: random token soup and random bytes never crash, report a column inside the
 * line and leave the state unchanged on error. */
static mqsad_wave_state st_copy;
static void test_state_fuzz(void)
{
    static const char *const toks[] = {
        "v1", "v[2:3]", "s2", "s[2:3]", "ttmp4", "vcc", "exec_hi", "m0", "scc", "null",
        "src_shared_base", "v1[3]", "v[4:7]", "=", "=", " ", " ", "  ", "0x", "0x1", "-1", "-",
        "0xffffffffffffffff", "0x100000000", "99999999999999999999", "#", "[", "]", ":", "wave32",
        "wave64", "\t", "v", "s", "ttmp", "v256", "v1[", "v1[64]", "0b101", "1_000", "zz", "\x01" };
    const mqsad_target *t = mqsad_target_lookup("gfx90a");
    unsigned it, bad = 0, changed = 0;
    char line[600];
    mqsad_wave_init(&st, t, 0);
    for (it = 0; it < 20000; it++) {
        size_t len = 0;
        unsigned n = rnd() % 12, j;
        mqsad_state_diag d;
        mqsad_status s;
        int check_copy = it % 16 == 0;
        if (it % 4 == 3) {
            n = rnd() % 40;
            for (j = 0; j < n; j++) line[len++] = (char)(rnd() & 0xff);
        } else {
            for (j = 0; j < n; j++) {
                const char *tk = toks[rnd() % (sizeof toks / sizeof toks[0])];
                size_t l = strlen(tk);
                if (len + l + 1 >= sizeof line) break;
                memcpy(line + len, tk, l);
                len += l;
                if (rnd() & 1) line[len++] = ' ';
            }
        }
        if (check_copy) memcpy(&st_copy, &st, sizeof st);
        s = mqsad_state_parse_line(&st, line, len, &d);
        if (s != MQSAD_OK) {
            if (d.column < 1 || d.column > len + 1 || !d.message[0] || d.status != s) bad++;
            if (check_copy && memcmp(&st_copy, &st, sizeof st)) changed++;
        }
        if (st.wave_size != 32 && st.wave_size != 64) bad++;
        if (it % 1000 == 999) mqsad_wave_init(&st, t, 0);
    }
    CHECK(bad == 0, "fuzz: %u bad diagnostics", bad);
    CHECK(changed == 0, "fuzz: %u failed lines changed the state", changed);
}


/* ---- the other seven family members (instruction table widths, every operand kind) ----
 * Expected values: the sources as this test set them (or as semantics.md §3 defines the
 * constants), combined per lane by mqsad_eval (the scalar reference is checked against
 * AMD's pseudocode by test_semantics); a few results are worked out by hand. */

typedef struct fam_src {
    mqsad_operand op;
    uint64_t value;   /* for non-VGPR sources: the value every lane reads */
    const char *what;
} fam_src;

static fam_src fsrc(mqsad_operand_kind kind, unsigned reg, unsigned width, uint64_t value,
                    const char *what)
{
    fam_src f;
    memset(&f, 0, sizeof f);
    f.op.kind = kind;
    f.op.reg = (uint16_t)reg;
    f.op.width = (uint8_t)width;
    f.op.value = value;
    f.value = value;
    f.what = what;
    return f;
}

static fam_src fspecial(mqsad_special sp, uint64_t value, const char *what)
{
    fam_src f = fsrc(MQSAD_OPK_SPECIAL, 0, 0, value, what);
    f.op.special = sp;
    return f;
}

/* The value of source f in lane l (64 bits for a 2-dword slot). */
static uint64_t fam_value(const fam_src *f, unsigned width, unsigned l)
{
    if (f->op.kind == MQSAD_OPK_VGPR)
        return width == 2 ? (uint64_t)sh.v[f->op.reg + 1][l] << 32 | sh.v[f->op.reg][l]
                          : sh.v[f->op.reg][l];
    return f->value;
}

/* Executes insn with the three sources on st and checks every lane (EXEC-masked lanes keep
 * their value). Returns the status. */
static mqsad_status fam_run(const mqsad_target *t, mqsad_insn_id id, unsigned vdst,
                            const fam_src src[3], int clamp, unsigned want_flags)
{
    const mqsad_insn_info *in = mqsad_insn_get(id);
    mqsad_inst inst;
    uint32_t before[4][64];
    unsigned l, k, bad = 0, flags = 99, dw = in->width[MQSAD_SLOT_VDST];
    mqsad_status s;
    memset(&inst, 0, sizeof inst);
    inst.target = t;
    inst.insn = id;
    inst.length = 8;
    inst.clamp = (uint8_t)clamp;
    inst.vdst.kind = MQSAD_OPK_VGPR; inst.vdst.reg = (uint16_t)vdst; inst.vdst.width = (uint8_t)dw;
    for (k = 0; k < 3; k++) {
        inst.src[k] = src[k].op;
        if (src[k].op.kind == MQSAD_OPK_LITERAL32) {
            inst.literal = src[k].op.literal_bits;
            inst.literal_size = 4;
            inst.length = 12;
        }
    }
    for (k = 0; k < dw; k++) memcpy(before[k], st.vgpr[vdst + k], sizeof before[k]);
    s = mqsad_wave_exec(&st, &inst, &flags);
    if (s != MQSAD_OK) return s;
    CHECK(flags == want_flags, "%s %s (%s, %s, %s): flags %u, want %u", t->name, in->name,
          src[0].what, src[1].what, src[2].what, flags, want_flags);
    for (l = 0; l < sh.wave; l++) {
        uint32_t s2[4] = { 0 }, d[4];
        uint64_t v2 = fam_value(&src[2], in->width[2], l);
        s2[0] = (uint32_t)v2; s2[1] = (uint32_t)(v2 >> 32);
        mqsad_eval(id, fam_value(&src[0], in->width[0], l), (uint32_t)fam_value(&src[1], 1, l),
                   s2, clamp, d);
        for (k = 0; k < dw; k++) {
            uint32_t want = ((sh.exec >> l) & 1) ? d[k] : before[k][l];
            if (st.vgpr[vdst + k][l] != want) bad++;
        }
    }
    for (k = 0; k < dw; k++)
        for (l = 0; l < sh.wave; l++) sh.v[vdst + k][l] = st.vgpr[vdst + k][l];
    CHECK(bad == 0, "%s wave%u %s (%s, %s, %s) clamp %d: %u wrong lane values", t->name,
          sh.wave, in->name, src[0].what, src[1].what, src[2].what, clamp, bad);
    return s;
}

/* A small state: v0..v39 and s0..s15 random per lane, vcc, ttmp0..3, m0, a random EXEC. */
static void fam_state(const mqsad_target *t, unsigned wave)
{
    unsigned n, l, c;
    int ttmp = t->family->ttmp_code;
    CHECK(mqsad_wave_init(&st, t, wave) == MQSAD_OK, "%s wave%u", t->name, wave);
    memset(&sh, 0, sizeof sh);
    sh.wave = wave;
    for (n = 0; n < 40; n++)
        for (l = 0; l < wave; l++) {
            uint32_t v = rnd();
            if ((rnd() & 3) == 0) v &= 0xff00ff00u;        /* zero bytes: the msad mask */
            if ((rnd() & 7) == 0) v |= 0xffff0000u;        /* large accumulators: wrap/clamp */
            CHECK(mqsad_wave_set(&st, 256 + n, (int)l, v) == MQSAD_OK, "set v%u", n);
            sh.v[n][l] = v;
        }
    for (c = 0; c < 16; c++) {
        sh.sc[c] = rnd();
        CHECK(mqsad_wave_set(&st, c, -1, sh.sc[c]) == MQSAD_OK, "set s%u", c);
    }
    for (c = 0; c < 4; c++) {
        sh.sc[ttmp + c] = rnd();
        CHECK(mqsad_wave_set(&st, (unsigned)ttmp + c, -1, sh.sc[ttmp + c]) == MQSAD_OK, "set ttmp%u", c);
    }
    sh.sc[106] = rnd(); sh.sc[107] = rnd();
    CHECK(mqsad_wave_set64(&st, 106, -1, (uint64_t)sh.sc[107] << 32 | sh.sc[106]) == MQSAD_OK, "vcc");
    {
        uint64_t e = (uint64_t)rnd() << 32 | rnd();
        if (wave == 32) e &= 0xffffffffull;
        CHECK(mqsad_wave_set64(&st, 126, -1, e) == MQSAD_OK, "exec");
        sh.exec = e;
    }
}

/* The sources every slot of width w accepts on target t (w = 1 or 2). */
static unsigned fam_sources(const mqsad_target *t, unsigned w, unsigned vbase, fam_src out[12])
{
    unsigned n = 0;
    int ttmp = t->family->ttmp_code;
    uint64_t vcc = (uint64_t)sh.sc[107] << 32 | sh.sc[106];
    if (w == 2) {
        out[n++] = fsrc(MQSAD_OPK_VGPR, vbase, 2, 0, "v[pair]");
        out[n] = fsrc(MQSAD_OPK_SGPR, 4, 2, (uint64_t)sh.sc[5] << 32 | sh.sc[4], "s[4:5]"); n++;
        out[n] = fsrc(MQSAD_OPK_TTMP, 2, 2, (uint64_t)sh.sc[ttmp + 3] << 32 | sh.sc[ttmp + 2], "ttmp[2:3]"); n++;
        out[n++] = fspecial(MQSAD_SPECIAL_VCC, vcc, "vcc");
        out[n++] = fspecial(MQSAD_SPECIAL_EXEC, sh.exec, "exec");
        out[n++] = fsrc(MQSAD_OPK_INLINE_INT, 0, 0, ~0ull, "-1");          /* sign-extended to 64 */
        out[n++] = fsrc(MQSAD_OPK_INLINE_INT, 0, 0, 64, "64");
        out[n++] = fsrc(MQSAD_OPK_INLINE_FLOAT, 0, 0, 0x3ff0000000000000ull, "1.0 (f64)");
        if (t->family->literal != MQSAD_LIT_NONE) {
            out[n] = fsrc(MQSAD_OPK_LITERAL32, 0, 0, 0x9abcdef0u, "lit 0x9abcdef0");
            out[n].op.literal_bits = 0x9abcdef0u;   /* zero-extended into a 64-bit slot */
            n++;
        }
    } else {
        out[n++] = fsrc(MQSAD_OPK_VGPR, vbase, 1, 0, "v");
        out[n] = fsrc(MQSAD_OPK_SGPR, 7, 1, sh.sc[7], "s7"); n++;
        out[n] = fsrc(MQSAD_OPK_TTMP, 1, 1, sh.sc[ttmp + 1], "ttmp1"); n++;
        out[n++] = fspecial(MQSAD_SPECIAL_VCC_LO, sh.sc[106], "vcc_lo");
        out[n++] = fspecial(MQSAD_SPECIAL_EXEC_HI, (uint32_t)(sh.exec >> 32), "exec_hi");
        out[n++] = fsrc(MQSAD_OPK_INLINE_INT, 0, 0, 0xfffffffdu, "-3");
        out[n++] = fsrc(MQSAD_OPK_INLINE_INT, 0, 0, 17, "17");
        out[n++] = fsrc(MQSAD_OPK_INLINE_FLOAT, 0, 0, 0x3f800000u, "1.0 (f32)");
        if (t->family->literal != MQSAD_LIT_NONE) {
            out[n] = fsrc(MQSAD_OPK_LITERAL32, 0, 0, 0x80ff0102u, "lit 0x80ff0102");
            out[n].op.literal_bits = 0x80ff0102u;
            n++;
        }
    }
    return n;
}

static void test_family(void)
{
    static const char *const targets[] = { "gfx600", "gfx700", "gfx803", "gfx900", "gfx90a",
                                           "gfx1030", "gfx1100", "gfx1250" };
    size_t ti;
    unsigned runs = 0;
    for (ti = 0; ti < sizeof targets / sizeof *targets; ti++) {
        const mqsad_target *t = mqsad_target_lookup(targets[ti]);
        unsigned w;
        if (!t) { CHECK(ti == 0, "target %s", targets[ti]); continue; }  /* gfx600: GFX6 row */
        for (w = 32; w <= 64; w += 32) {
            unsigned id;
            if (!(t->family->wave_sizes & w)) continue;
            fam_state(t, w);
            for (id = 1; id < MQSAD_INSN_COUNT; id++) {
                const mqsad_insn_info *in = mqsad_insn_get((mqsad_insn_id)id);
                fam_src c0[12], c1[12], c2[12], src[3];
                unsigned n0, n1, n2, i, vd = 30;   /* VDST v30 (and v31): no overlap */
                int clamp;
                if (!mqsad_insn_on_target(in->id, t)) {
                    src[0] = fsrc(MQSAD_OPK_VGPR, 0, in->width[0], 0, "v");
                    src[1] = fsrc(MQSAD_OPK_VGPR, 2, 1, 0, "v");
                    src[2] = fsrc(MQSAD_OPK_VGPR, 4, in->width[2], 0, "v");
                    CHECK(fam_run(t, in->id, vd, src, 0, 0) == MQSAD_E_UNSUPPORTED,
                          "%s: %s must be unsupported", t->name, in->name);
                    continue;
                }
                n0 = fam_sources(t, in->width[0], 2, c0);
                n1 = fam_sources(t, 1, 5, c1);
                n2 = fam_sources(t, in->width[2], 8, c2);
                /* every kind in each slot, the other two VGPRs; clamp both ways where it exists */
                for (clamp = 0; clamp <= (t->family->clamp_bit >= 0); clamp++) {
                    for (i = 0; i < n0; i++) {
                        src[0] = c0[i]; src[1] = c1[0]; src[2] = c2[0];
                        CHECK(fam_run(t, in->id, vd, src, clamp, 0) == MQSAD_OK, "%s %s S0 %s", t->name, in->name, c0[i].what);
                        runs++;
                    }
                    for (i = 0; i < n1; i++) {
                        src[0] = c0[0]; src[1] = c1[i]; src[2] = c2[0];
                        CHECK(fam_run(t, in->id, vd, src, clamp, 0) == MQSAD_OK, "%s %s S1 %s", t->name, in->name, c1[i].what);
                        runs++;
                    }
                    for (i = 0; i < n2; i++) {
                        src[0] = c0[0]; src[1] = c1[0]; src[2] = c2[i];
                        CHECK(fam_run(t, in->id, vd, src, clamp, 0) == MQSAD_OK, "%s %s S2 %s", t->name, in->name, c2[i].what);
                        runs++;
                    }
                }
                /* overlap: VDST = SRC2's registers; the snapshot rule and the warning */
                src[0] = c0[0]; src[1] = c1[0]; src[2] = c2[0];
                CHECK(fam_run(t, in->id, 8, src, 0, MQSAD_EXEC_OVERLAP) == MQSAD_OK,
                      "%s %s overlap", t->name, in->name);
                /* clamp where the target has none */
                if (t->family->clamp_bit < 0)
                    CHECK(fam_run(t, in->id, vd, src, 1, 0) == MQSAD_E_CLAMP_UNSUPPORTED,
                          "%s %s clamp", t->name, in->name);
                /* 64-bit slots: odd SGPR pairs, VGPR pairs past the end, misaligned VGPRs */
                if (in->width[0] == 2) {
                    src[0] = fsrc(MQSAD_OPK_SGPR, 5, 2, 0, "s[5:6]");
                    CHECK(fam_run(t, in->id, vd, src, 0, 0) == MQSAD_E_MISALIGNED, "%s %s odd SGPR pair", t->name, in->name);
                    src[0] = fsrc(MQSAD_OPK_VGPR, st.vgpr_count - 1, 2, 0, "v[last:last+1]");
                    CHECK(fam_run(t, in->id, vd, src, 0, 0) == MQSAD_E_REGISTER_RANGE, "%s %s VGPR pair range", t->name, in->name);
                    src[0] = fsrc(MQSAD_OPK_VGPR, 3, 2, 0, "v[3:4]");
                    CHECK(fam_run(t, in->id, vd, src, 0, 0) ==
                              (t->family->vgpr_align > 1 ? MQSAD_E_MISALIGNED : MQSAD_OK),
                          "%s %s odd VGPR pair", t->name, in->name);
                    src[0] = c0[0];
                }
                /* a literal where the target has none; VDST that is not a VGPR */
                if (t->family->literal == MQSAD_LIT_NONE) {
                    src[1] = fsrc(MQSAD_OPK_LITERAL32, 0, 0, 5, "lit");
                    src[1].op.literal_bits = 5;
                    CHECK(fam_run(t, in->id, vd, src, 0, 0) == MQSAD_E_NO_LITERAL, "%s %s literal", t->name, in->name);
                }
            }
        }
    }
    CHECK(runs > 1500, "family executions: %u", runs);
}

/* Results worked out by hand from AMD's pseudocode on one lane pattern (gfx1100, wave32). */
static void test_family_hand(void)
{
    const mqsad_target *t = mqsad_target_lookup("gfx1100");
    mqsad_inst in;
    unsigned l;
    mqsad_status s;
    CHECK(mqsad_wave_init(&st, t, 32) == MQSAD_OK, "init");
    for (l = 0; l < 32; l++) {
        mqsad_wave_set(&st, 256 + 0, (int)l, 0x03020100u);   /* v[0:1] = 0x0706050403020100 */
        mqsad_wave_set(&st, 256 + 1, (int)l, 0x07060504u);
        mqsad_wave_set(&st, 256 + 2, (int)l, 0x03020100u);   /* v2 = S1 */
        mqsad_wave_set(&st, 256 + 4, (int)l, 0x00010000u);   /* v[4:5] = 0xfffe000200010000 */
        mqsad_wave_set(&st, 256 + 5, (int)l, 0xfffe0002u);
    }
    mqsad_wave_set(&st, 126, -1, 0x0000000fu);               /* lanes 0..3 */
    memset(&in, 0, sizeof in);
    in.target = t;
    in.insn = MQSAD_INSN_QSAD_PK_U16_U8;
    in.vdst.kind = MQSAD_OPK_VGPR; in.vdst.reg = 10; in.vdst.width = 2;
    in.src[0].kind = MQSAD_OPK_VGPR; in.src[0].reg = 0; in.src[0].width = 2;
    in.src[1].kind = MQSAD_OPK_VGPR; in.src[1].reg = 2; in.src[1].width = 1;
    in.src[2].kind = MQSAD_OPK_VGPR; in.src[2].reg = 4; in.src[2].width = 2;
    /* window k differs from S1 by k in every byte: SAD 4k; element 3: 0xfffe + 12 wraps */
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[10][0] == 0x00050000u && st.vgpr[11][0] == 0x000a000au &&
          st.vgpr[10][3] == 0x00050000u && st.vgpr[10][4] == 0 && st.vgpr[11][31] == 0,
          "qsad_pk by hand: %08x %08x", st.vgpr[10][0], st.vgpr[11][0]);
    in.clamp = 1;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[11][0] == 0xffff000au, "qsad_pk clamp: %08x", st.vgpr[11][0]);
    /* v_mqsad_pk_u16_u8: S1 byte 0 is zero, so each window skips its byte 0: 3k */
    in.insn = MQSAD_INSN_MQSAD_PK_U16_U8;
    in.clamp = 0;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[10][1] == 0x00040000u && st.vgpr[11][1] == 0x00070008u,
          "mqsad_pk by hand: %08x %08x", st.vgpr[10][1], st.vgpr[11][1]);
    /* v_sad_u32 v12, 10, 3, s0 (s0 = 0xfffffff0): 0xfffffff7; clamp irrelevant */
    mqsad_wave_set(&st, 0, -1, 0xfffffff0u);
    memset(&in.src, 0, sizeof in.src);
    in.insn = MQSAD_INSN_SAD_U32;
    in.vdst.reg = 12; in.vdst.width = 1;
    in.src[0].kind = MQSAD_OPK_INLINE_INT; in.src[0].value = 10;
    in.src[1].kind = MQSAD_OPK_INLINE_INT; in.src[1].value = 3;
    in.src[2].kind = MQSAD_OPK_SGPR; in.src[2].reg = 0; in.src[2].width = 1;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[12][2] == 0xfffffff7u, "sad_u32 by hand: %08x", st.vgpr[12][2]);
    /* v_sad_u32 v12, 0, -1, 2: |0 - 0xffffffff| + 2 wraps to 1, clamps to 0xffffffff */
    in.src[0].value = 0;
    in.src[1].value = 0xffffffffu;
    in.src[2].kind = MQSAD_OPK_INLINE_INT; in.src[2].value = 2;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[12][0] == 1, "sad_u32 wraps: %08x", st.vgpr[12][0]);
    in.clamp = 1;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[12][0] == 0xffffffffu, "sad_u32 clamps: %08x", st.vgpr[12][0]);
    /* v_sad_hi_u8 v13, 0x04030201 (literal), 0x08060402 (literal... one literal: use v regs) */
    for (l = 0; l < 32; l++) {
        mqsad_wave_set(&st, 256 + 6, (int)l, 0x04030201u);
        mqsad_wave_set(&st, 256 + 7, (int)l, 0x08060402u);
    }
    memset(&in.src, 0, sizeof in.src);
    in.insn = MQSAD_INSN_SAD_HI_U8;
    in.clamp = 0;
    in.vdst.reg = 13;
    in.src[0].kind = MQSAD_OPK_VGPR; in.src[0].reg = 6; in.src[0].width = 1;
    in.src[1].kind = MQSAD_OPK_VGPR; in.src[1].reg = 7; in.src[1].width = 1;
    in.src[2].kind = MQSAD_OPK_INLINE_INT; in.src[2].value = 3;
    s = mqsad_wave_exec(&st, &in, NULL);   /* (1+2+3+4) << 16 + 3 */
    CHECK(s == MQSAD_OK && st.vgpr[13][0] == 0x000a0003u, "sad_hi_u8 by hand: %08x", st.vgpr[13][0]);
    /* v_msad_u8 with S1 = 0x08000402: byte 2 is masked: 1 + 2 + 4 */
    for (l = 0; l < 32; l++) mqsad_wave_set(&st, 256 + 7, (int)l, 0x08000402u);
    in.insn = MQSAD_INSN_MSAD_U8;
    in.src[2].value = 0;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[13][0] == 7, "msad_u8 by hand: %08x", st.vgpr[13][0]);
    /* v_sad_u16: |0x0201 - 0x0402| + |0x0403 - 0x0800| = 0x201 + 0x3fd */
    in.insn = MQSAD_INSN_SAD_U16;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[13][0] == 0x201u + 0x3fdu, "sad_u16 by hand: %08x", st.vgpr[13][0]);
    /* v_sad_u8 sees the zero byte: 1 + 2 + 3 + 4 */
    in.insn = MQSAD_INSN_SAD_U8;
    s = mqsad_wave_exec(&st, &in, NULL);
    CHECK(s == MQSAD_OK && st.vgpr[13][0] == 1 + 2 + 3 + 4, "sad_u8 by hand: %08x", st.vgpr[13][0]);
    /* v_mqsad_u32_u8 needs a VGPR SRC2; the others take any kind there (above) */
    in.insn = MQSAD_INSN_MQSAD_U32_U8;
    in.vdst.reg = 16; in.vdst.width = 4;
    in.src[0].width = 2;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_SRC2_NOT_VGPR, "mqsad_u32_u8 SRC2 constant");
    in.insn = (mqsad_insn_id)MQSAD_INSN_COUNT;
    CHECK(mqsad_wave_exec(&st, &in, NULL) == MQSAD_E_INVALID_ARGUMENT, "unknown instruction id");
}

int main(void)
{
    test_family();
    test_family_hand();
    test_operand_sweep();
    test_hand_values();
    test_exec_masks();
    test_vccz_wave32();
    test_overlap_clamp_unset();
    test_vgpr_sweep();
    test_rejections();
    test_reg_writable();
    test_vectors();
    test_decoded();
    test_state_parser();
    test_state_fuzz();
    return t_done();
}
