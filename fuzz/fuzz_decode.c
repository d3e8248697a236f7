/*
 * fuzz_decode.c — arbitrary bytes through the binary side of the library, on every target:
 * mqsad_decode (every prefix length, each in an exact-size buffer), mqsad_format and friends
 * (with exact and too-small buffers), mqsad_validate, mqsad_encode (re-encoding must decode
 * to the same text), mqsad_operand_from_code and mqsad_wave_exec.
 *
 * Input: byte 0 = target selector (fuzz.h), byte 1 = extra selector (operand_from_code slot),
 * bytes 1.. = the instruction bytes.
 */
#include "fuzz.h"

#define DEC_TEXT_MAX 512

/* Formats *in with mqsad_format into an exact-size heap buffer of every interesting size
 * and checks the buffer contract; returns the text in out (DEC_TEXT_MAX bytes). */
static void dec_check_format(const mqsad_inst *in, char *out, const char *ctx)
{
    size_t len = 0, len2 = 0, sizes[4], i;
    mqsad_status st = mqsad_format(in, out, DEC_TEXT_MAX, &len);
    FUZZ_ASSERT(st == MQSAD_OK, ctx);
    FUZZ_ASSERT(len == strlen(out), ctx);
    FUZZ_ASSERT(len > 0 && len < DEC_TEXT_MAX, ctx);
    FUZZ_ASSERT(fuzz_printable(out, len), out);
    {   /* the text starts with the decoded instruction's mnemonic (instruction table) */
        const mqsad_insn_info *info = mqsad_insn_get(in->insn);
        size_t nl;
        FUZZ_ASSERT(info != NULL, out);
        nl = strlen(info->name);
        FUZZ_ASSERT(strncmp(out, info->name, nl) == 0 && out[nl] == ' ', out);
        FUZZ_ASSERT(mqsad_insn_on_target(in->insn, in->target), out);
    }
    /* len may be NULL */
    {
        char tmp[DEC_TEXT_MAX];
        FUZZ_ASSERT(mqsad_format(in, tmp, sizeof tmp, NULL) == MQSAD_OK, out);
        FUZZ_ASSERT(strcmp(tmp, out) == 0, out);
    }
    /* Exactly enough room, and too little: nothing written past size, NUL-terminated. */
    sizes[0] = len + 1; sizes[1] = len; sizes[2] = len / 2 + 1; sizes[3] = 1;
    for (i = 0; i < 4; i++) {
        size_t sz = sizes[i];
        char *b = (char *)malloc(sz + 8);
        if (!b) abort();
        memset(b, 0x5a, sz + 8);
        st = mqsad_format(in, b, sz, &len2);
        if (sz > len) {
            FUZZ_ASSERT(st == MQSAD_OK, out);
            FUZZ_ASSERT(strcmp(b, out) == 0, out);
        } else {
            FUZZ_ASSERT(st == MQSAD_E_BUFFER_TOO_SMALL, out);
            FUZZ_ASSERT(memchr(b, 0, sz) != NULL, out);       /* truncated but terminated */
            FUZZ_ASSERT(strncmp(b, out, strlen(b)) == 0, out);  /* a prefix of the text */
        }
        FUZZ_ASSERT(b[sz] == 0x5a && b[sz + 7] == 0x5a, out);  /* canary (non-ASan builds) */
        free(b);
    }
    /* size 0 must not write at all */
    {
        char c = 0x5a;
        st = mqsad_format(in, &c, 0, NULL);
        FUZZ_ASSERT(st == MQSAD_E_BUFFER_TOO_SMALL, out);
        FUZZ_ASSERT(c == 0x5a, out);
    }
}

static int dec_any_invalid(const mqsad_inst *in)
{
    return in->vdst.invalid || in->src[0].invalid || in->src[1].invalid || in->src[2].invalid;
}

static void dec_check_decoded(const mqsad_target *t, const uint8_t *bytes, size_t n,
                              const mqsad_inst *in, char *text)
{
    char hex[200], ctx[800];
    size_t len, w = 0;
    int slot, bad = -2;
    uint8_t enc[32];
    mqsad_status st;

    fuzz_hex(bytes, n, hex, sizeof hex);
    FUZZ_ASSERT(in->target == t, hex);
    FUZZ_ASSERT(in->length == 8 || in->length == 12 || in->length == 16, hex);
    FUZZ_ASSERT(in->length <= n, hex);
    FUZZ_ASSERT(in->literal_size == in->length - 8, hex);
    FUZZ_ASSERT(in->field_count <= MQSAD_MAX_FIELDS, hex);

    dec_check_format(in, text, hex);
    snprintf(ctx, sizeof ctx, "%s -> %s", hex, text);
    len = strlen(text);
    /* annotations exactly when an operand is flagged invalid */
    FUZZ_ASSERT((strstr(text, "/*Invalid") != NULL) == (dec_any_invalid(in) != 0), ctx);
    FUZZ_ASSERT(!in->clamp || (len > 6 && strcmp(text + len - 6, " clamp") == 0), ctx);

    /* each operand formats alone, and appears in the line */
    for (slot = 0; slot <= 3; slot++) {
        char op[DEC_TEXT_MAX];
        size_t ol = 0;
        st = mqsad_format_operand(in, slot, op, sizeof op, &ol);
        FUZZ_ASSERT(st == MQSAD_OK, ctx);
        FUZZ_ASSERT(ol == strlen(op) && ol > 0, ctx);
        FUZZ_ASSERT(strstr(text, op) != NULL, ctx);
        st = mqsad_format_operand(in, slot, op, ol, NULL);
        FUZZ_ASSERT(st == MQSAD_E_BUFFER_TOO_SMALL, ctx);
    }
    {
        char op[16];
        FUZZ_ASSERT(mqsad_format_operand(in, 4, op, sizeof op, NULL) != MQSAD_OK, ctx);
        FUZZ_ASSERT(mqsad_format_operand(in, -1, op, sizeof op, NULL) != MQSAD_OK, ctx);
    }

    /* the -show-encoding line */
    {
        char line[DEC_TEXT_MAX + 200];
        size_t ll = 0;
        st = mqsad_format_encoding_line(in, bytes, in->length, line, sizeof line, &ll);
        FUZZ_ASSERT(st == MQSAD_OK, ctx);
        FUZZ_ASSERT(ll == strlen(line), ctx);
        FUZZ_ASSERT(line[0] == '\t', ctx);
        FUZZ_ASSERT(strncmp(line + 1, text, len) == 0, ctx);
        FUZZ_ASSERT(strstr(line, "; encoding: [0x") != NULL, ctx);
        FUZZ_ASSERT(mqsad_format_encoding_line(in, bytes, in->length, line, ll, NULL)
                    == MQSAD_E_BUFFER_TOO_SMALL, ctx);
    }

    /* validate: any status, a sensible slot */
    st = mqsad_validate(in, &bad);
    FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, ctx);
    FUZZ_ASSERT(st == MQSAD_OK || (bad >= -1 && bad <= 3), ctx);
    FUZZ_ASSERT(mqsad_validate(in, NULL) == st, ctx);

    /* re-encoding: if the encoder takes it, the result decodes to the same text */
    st = mqsad_encode(in, enc, sizeof enc, &w);
    FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, ctx);
    if (st == MQSAD_OK) {
        mqsad_inst in2;
        char text2[DEC_TEXT_MAX];
        uint8_t *e;
        FUZZ_ASSERT(w == 8 || w == 12 || w == 16, ctx);
        e = fuzz_dup(enc, w);
        st = mqsad_decode(t, e, w, &in2);
        FUZZ_ASSERT(st == MQSAD_OK, ctx);
        FUZZ_ASSERT(in2.length == w, ctx);
        FUZZ_ASSERT(mqsad_format(&in2, text2, sizeof text2, NULL) == MQSAD_OK, ctx);
        FUZZ_ASSERT(strcmp(text, text2) == 0, ctx);
        /* too small a buffer */
        {
            size_t w2 = 99;
            FUZZ_ASSERT(mqsad_encode(in, e, w - 1, &w2) == MQSAD_E_BUFFER_TOO_SMALL, ctx);
        }
        free(e);
    }
}

static mqsad_wave_state *dec_state;

static void dec_exec(const mqsad_target *t, const mqsad_inst *in, const char *ctx)
{
    unsigned flags = 0xdead;
    mqsad_status st;
    if (!dec_state) {
        dec_state = (mqsad_wave_state *)calloc(1, sizeof *dec_state);
        if (!dec_state) abort();
    }
    FUZZ_ASSERT(mqsad_wave_init(dec_state, t, 0) == MQSAD_OK, ctx);
    st = mqsad_wave_exec(dec_state, in, &flags);
    FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, ctx);
    if (st == MQSAD_OK)
        FUZZ_ASSERT((flags & ~(unsigned)(MQSAD_EXEC_OVERLAP | MQSAD_EXEC_UNSET_READ)) == 0, ctx);
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    const mqsad_target *t;
    const uint8_t *p;
    size_t n, L, maxL;
    mqsad_inst full;
    mqsad_status fst;
    char text[DEC_TEXT_MAX], hex[200];

    if (size < 1) return 0;
    t = fuzz_target(data[0]);
    FUZZ_ASSERT(t != NULL, fuzz_target_names[data[0] % FUZZ_TARGET_COUNT]);
    p = data + 1;
    n = size - 1;
    fuzz_hex(p, n, hex, sizeof hex);

    /* operand_from_code with a fuzzed slot and code, never a crash */
    if (n >= 3) {
        mqsad_operand op;
        int slot = (int)(p[0] & 7) - 1;                        /* -1 .. 6 */
        unsigned code = (unsigned)(p[1] | (p[2] << 8)) & 0x3ff; /* 0 .. 1023 */
        mqsad_status st = mqsad_operand_from_code(t, slot, code, 0x123456789abcdef0ull, &op);
        FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, hex);
        if (slot > 3 || slot < 0 || code > 511) FUZZ_ASSERT(st != MQSAD_OK, hex);
    }

    {
        uint8_t *b = fuzz_dup(p, n);
        fst = mqsad_decode(t, b, n, &full);
        FUZZ_ASSERT(fst < MQSAD_STATUS_COUNT, hex);
        FUZZ_ASSERT(mqsad_strerror(fst) != NULL, hex);
        if (n < 8) FUZZ_ASSERT(fst == MQSAD_E_TRUNCATED, hex);
        if (fst == MQSAD_OK) {
            dec_check_decoded(t, b, n, &full, text);
            dec_exec(t, &full, hex);
        }
        free(b);
    }

    /* every prefix, each in its own exact-size buffer: a prefix that decodes is the whole
     * instruction; shorter ones are truncated */
    maxL = n < 17 ? n : 17;
    for (L = 0; L < maxL; L++) {
        mqsad_inst in;
        uint8_t *b = fuzz_dup(p, L);
        mqsad_status st = mqsad_decode(t, b, L, &in);
        FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, hex);
        if (L < 8) FUZZ_ASSERT(st == MQSAD_E_TRUNCATED, hex);
        if (st == MQSAD_OK) {
            char t2[DEC_TEXT_MAX];
            FUZZ_ASSERT(fst == MQSAD_OK, hex);
            FUZZ_ASSERT(in.length == full.length, hex);
            FUZZ_ASSERT(mqsad_format(&in, t2, sizeof t2, NULL) == MQSAD_OK, hex);
            FUZZ_ASSERT(strcmp(t2, text) == 0, hex);
        } else if (fst == MQSAD_OK) {
            FUZZ_ASSERT(L < full.length, hex);
            FUZZ_ASSERT(st == (L < 8 ? MQSAD_E_TRUNCATED : MQSAD_E_TRUNCATED_LITERAL), hex);
        }
        free(b);
    }

    /* NULL arguments are refused, not dereferenced */
    {
        mqsad_inst in;
        uint8_t one = 0;
        FUZZ_ASSERT(mqsad_decode(NULL, p, n, &in) != MQSAD_OK, hex);
        FUZZ_ASSERT(mqsad_decode(t, NULL, n, &in) != MQSAD_OK || n == 0, hex);
        FUZZ_ASSERT(mqsad_decode(t, &one, 1, NULL) != MQSAD_OK, hex);
    }
    return 0;
}
