/*
 * mqsad_web.c — the WebAssembly exports of libmqsad, used by web/mqsad.mjs.
 *
 * Only the public API (include/mqsad.h). JavaScript writes a UTF-8 line or the bytes of
 * an instruction into the input buffer (web_in, WEB_IN_MAX bytes), calls one export, and
 * reads a JSON document from the output buffer (web_out, NUL-terminated): structures with
 * strings cross the boundary as JSON, which keeps the JavaScript side free of C struct
 * offsets. The two buffers are this module's only state; a WebAssembly instance runs one
 * call at a time.
 */
#include "mqsad.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define WEB_EXPORT(name) __attribute__((export_name(name)))

/* The exports (names as JavaScript sees them in the attribute at each definition). */
unsigned char *web_in_ptr(void);
unsigned web_in_size(void);
const char *web_out_ptr(void);
void web_tables(void);
int web_target_index(void);
void web_assemble(int target, unsigned len);
void web_disassemble(int target, unsigned len);
uint32_t *web_dst_ptr(void);
int web_insn_index(void);
int web_eval(int id, uint64_t s0, uint32_t s1, uint32_t s2_0, uint32_t s2_1, uint32_t s2_2,
             uint32_t s2_3, int clamp);
uint32_t web_msad(uint32_t a, uint32_t b, uint32_t acc);

enum { WEB_IN_MAX = 65536, WEB_OUT_MAX = 65536 };

static unsigned char web_in[WEB_IN_MAX];
static char web_out[WEB_OUT_MAX];

/* ---- JSON output into web_out. Truncation would cut a document; the largest one written
 *      here (web_tables, about 10 KiB for 47 targets) stays far below WEB_OUT_MAX. ------- */

struct out { size_t len; };

static void put_raw(struct out *o, const char *s, size_t n)
{
    if (o->len + n >= WEB_OUT_MAX) n = WEB_OUT_MAX - 1 - o->len;
    memcpy(web_out + o->len, s, n);
    o->len += n;
    web_out[o->len] = '\0';
}

static void put_lit(struct out *o, const char *s)
{
    put_raw(o, s, strlen(s));
}

static void put_fmt(struct out *o, const char *fmt, ...)
{
    char tmp[96];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) put_raw(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* A JSON string: quotes, backslashes and control bytes escaped; other bytes as they are
 * (UTF-8 passes through; TextDecoder replaces invalid sequences). */
static void put_str(struct out *o, const char *s)
{
    put_lit(o, "\"");
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { char e[2] = { '\\', (char)c }; put_raw(o, e, 2); }
        else if (c < 0x20 || c == 0x7f) put_fmt(o, "\\u%04x", c);
        else put_raw(o, (const char *)&c, 1);
    }
    put_lit(o, "\"");
}

static void put_key(struct out *o, const char *key)
{
    put_str(o, key);
    put_lit(o, ":");
}

/* ---- buffers ---------------------------------------------------------------------- */

WEB_EXPORT("web_in") unsigned char *web_in_ptr(void) { return web_in; }
WEB_EXPORT("web_in_max") unsigned web_in_size(void) { return WEB_IN_MAX; }
WEB_EXPORT("web_out") const char *web_out_ptr(void) { return web_out; }

/* ---- tables ----------------------------------------------------------------------- */

/* The targets the module addresses by index: the named ones (mqsad_target_at), then LLVM's
 * generic ones (mqsad_generic_target_at). */
static const mqsad_target *target_of(int index)
{
    size_t n = mqsad_target_count();
    if (index < 0) return NULL;
    return (size_t)index < n ? mqsad_target_at((size_t)index) : mqsad_generic_target_at((size_t)index - n);
}

/* {name, generation, alias, family, clamp_bit, ...} of t */
static void put_target(struct out *o, const mqsad_target *t)
{
    const mqsad_family *f = t->family;
    unsigned k;
    put_lit(o, "{");
    put_key(o, "name"); put_str(o, t->name);
    put_lit(o, ","); put_key(o, "generation"); put_str(o, f->generation);
    put_lit(o, ","); put_key(o, "alias"); put_str(o, f->generation_alias);
    put_lit(o, ","); put_key(o, "family"); put_str(o, f->llvm_family);
    put_fmt(o, ",\"encoding\":%u,\"marker\":%u,\"op_lo\":%u,\"op_bits\":%u,\"clamp_bit\":%d",
            (unsigned)f->encoding, (unsigned)f->marker, (unsigned)f->op_lo,
            (unsigned)f->op_bits, (int)f->clamp_bit);
    put_fmt(o, ",\"literal\":%u,\"wave_sizes\":%u,\"insns\":[", (unsigned)f->literal,
            (unsigned)f->wave_sizes);
    for (k = 0; k < MQSAD_INSN_COUNT; k++)
        put_fmt(o, "%s%d", k ? "," : "", mqsad_insn_on_target((mqsad_insn_id)k, t));
    put_lit(o, "]}");
}

/* {"version":..., "targets":[{name, generation, alias, family, clamp_bit, ...}],
 *  "generic":[the same for LLVM's generic targets], "generations":[...],
 *  "insns":[{name, upper, width:[4], elem_bits, opcode:[4]}]} */
WEB_EXPORT("web_tables") void web_tables(void)
{
    struct out o = { 0 };
    size_t i, n = mqsad_target_count();
    unsigned k;
    put_lit(&o, "{");
    put_key(&o, "version"); put_str(&o, mqsad_version());
    put_lit(&o, ","); put_key(&o, "targets"); put_lit(&o, "[");
    for (i = 0; i < n; i++) {
        if (i) put_lit(&o, ",");
        put_target(&o, mqsad_target_at(i));
    }
    put_lit(&o, "],"); put_key(&o, "generic"); put_lit(&o, "[");
    for (i = 0; i < mqsad_generic_target_count(); i++) {
        if (i) put_lit(&o, ",");
        put_target(&o, mqsad_generic_target_at(i));
    }
    put_lit(&o, "],"); put_key(&o, "generations"); put_lit(&o, "[");
    n = mqsad_generation_count();
    for (i = 0; i < n; i++) {
        if (i) put_lit(&o, ",");
        put_str(&o, mqsad_generation_target(i)->name);
    }
    put_lit(&o, "],"); put_key(&o, "insns"); put_lit(&o, "[");
    for (k = 0; k < MQSAD_INSN_COUNT; k++) {
        const mqsad_insn_info *in = mqsad_insn_get((mqsad_insn_id)k);
        put_lit(&o, k ? ",{" : "{");
        put_key(&o, "name"); put_str(&o, in->name);
        put_lit(&o, ","); put_key(&o, "upper"); put_str(&o, in->upper);
        put_fmt(&o, ",\"width\":[%u,%u,%u,%u]", in->width[0], in->width[1], in->width[2], in->width[3]);
        put_fmt(&o, ",\"opcode\":[%u,%u,%u,%u]", in->opcode[0], in->opcode[1], in->opcode[2], in->opcode[3]);
        put_fmt(&o, ",\"elem_bits\":%u}", in->elem_bits);
    }
    put_lit(&o, "]}");
}

/* Looks up the NUL-terminated name in web_in (gfx, generation or generic name): its index
 * (target_of), or -1. */
WEB_EXPORT("web_target_index") int web_target_index(void)
{
    const mqsad_target *t = mqsad_target_lookup((const char *)web_in);
    const mqsad_target *u;
    int i;
    for (i = 0; t && (u = target_of(i)) != NULL; i++)
        if (u == t) return i;
    return -1;
}

/* ---- the instruction's fields (explain) -------------------------------------------- */

/* ,"fields":[{name,lo,hi,value,meaning}...] and the literal, for a decoded word. */
static void put_fields(struct out *o, const mqsad_inst *in, mqsad_status st)
{
    char meaning[256];
    unsigned i;
    put_lit(o, ",\"fields\":[");
    for (i = 0; i < in->field_count && i < MQSAD_MAX_FIELDS; i++) {
        const mqsad_field *fl = &in->fields[i];
        mqsad_field_meaning(in->target, in, st, fl, meaning, sizeof meaning);
        put_lit(o, i ? ",{" : "{");
        put_key(o, "name"); put_str(o, fl->name);
        put_fmt(o, ",\"lo\":%u,\"hi\":%u,\"value\":%lu,", fl->lo, fl->hi, (unsigned long)fl->value);
        put_key(o, "meaning"); put_str(o, meaning);
        put_lit(o, "}");
    }
    put_lit(o, "]");
    if (st == MQSAD_OK && in->literal_size)
        put_fmt(o, ",\"literal\":{\"lo\":64,\"hi\":%u,\"value\":\"0x%llx\"}",
                in->literal_size == 8 ? 127u : 95u, (unsigned long long)in->literal);
    put_fmt(o, ",\"word\":\"0x%016llx\"", (unsigned long long)in->word);
}

/* ---- assemble / disassemble ------------------------------------------------------- */

/* Assembles the line web_in[0..len) for target: {"ok":true,"bytes":[..],"text":..,
 * "insn":..,"fields":[..]} or {"ok":false,"column":N,"message":..,"status":..}. */
WEB_EXPORT("web_assemble") void web_assemble(int target, unsigned len)
{
    const mqsad_target *t = target_of(target);
    struct out o = { 0 };
    mqsad_inst inst, dec;
    mqsad_diag diag;
    uint8_t bytes[16];
    char text[1024];
    size_t n = 0, i;
    mqsad_status st;
    memset(&diag, 0, sizeof diag);
    if (!t || len > WEB_IN_MAX) {
        put_lit(&o, "{\"ok\":false,\"column\":1,\"message\":\"unknown target\"}");
        return;
    }
    st = mqsad_assemble(t, (const char *)web_in, len, &inst, bytes, sizeof bytes, &n, &diag);
    if (st != MQSAD_OK) {
        put_fmt(&o, "{\"ok\":false,\"column\":%u,", diag.column);
        put_key(&o, "message"); put_str(&o, diag.message);
        put_lit(&o, ","); put_key(&o, "status"); put_str(&o, mqsad_strerror(st));
        put_lit(&o, "}");
        return;
    }
    mqsad_format(&inst, text, sizeof text, NULL);
    put_lit(&o, "{\"ok\":true,\"bytes\":[");
    for (i = 0; i < n; i++) put_fmt(&o, "%s%u", i ? "," : "", bytes[i]);
    put_lit(&o, "],"); put_key(&o, "text"); put_str(&o, text);
    put_lit(&o, ","); put_key(&o, "insn"); put_str(&o, mqsad_insn_get(inst.insn)->name);
    if (inst.symbol[0]) { put_lit(&o, ","); put_key(&o, "symbol"); put_str(&o, inst.symbol); }
    /* the parser leaves the raw fields empty: they come from decoding the bytes */
    memset(&dec, 0, sizeof dec);
    st = mqsad_decode(t, bytes, n, &dec);
    dec.target = t;
    put_fields(&o, &dec, st);
    put_lit(&o, "}");
}

/* Decodes the instruction at web_in[0..len) for target: {"ok":true,"text":..,"length":N,
 * "insn":..,"fields":[..]} or {"ok":false,"message":..,"status":..[,"fields":[..]]}
 * (the raw fields whenever there are 8 bytes, as `mqsad dis --explain` prints them). */
WEB_EXPORT("web_disassemble") void web_disassemble(int target, unsigned len)
{
    const mqsad_target *t = target_of(target);
    struct out o = { 0 };
    mqsad_inst inst;
    char text[1024];
    mqsad_status st;
    if (!t || len > WEB_IN_MAX) {
        put_lit(&o, "{\"ok\":false,\"message\":\"unknown target\"}");
        return;
    }
    memset(&inst, 0, sizeof inst);
    st = mqsad_decode(t, len ? web_in : NULL, len, &inst);
    if (st == MQSAD_OK) {
        mqsad_format(&inst, text, sizeof text, NULL);
        put_lit(&o, "{\"ok\":true,");
        put_key(&o, "text"); put_str(&o, text);
        put_fmt(&o, ",\"length\":%u,", (unsigned)inst.length);
        put_key(&o, "insn"); put_str(&o, mqsad_insn_get(inst.insn)->name);
        put_fields(&o, &inst, st);
    } else {
        put_lit(&o, "{\"ok\":false,");
        put_key(&o, "message"); put_str(&o, "invalid instruction encoding");
        put_lit(&o, ","); put_key(&o, "status"); put_str(&o, mqsad_strerror(st));
        if (len >= 8 && inst.field_count) { inst.target = t; put_fields(&o, &inst, st); }
    }
    put_lit(&o, "}");
}

/* ---- evaluate --------------------------------------------------------------------- */

static uint32_t web_dst[4];

WEB_EXPORT("web_dst") uint32_t *web_dst_ptr(void) { return web_dst; }

/* The instruction named in web_in (NUL-terminated mnemonic): its id, or -1. */
WEB_EXPORT("web_insn_index") int web_insn_index(void)
{
    const mqsad_insn_info *in = mqsad_insn_lookup((const char *)web_in);
    return in ? (int)in->id : -1;
}

/* mqsad_eval of instruction id into web_dst[0..3]; returns the mqsad_status. */
WEB_EXPORT("web_eval") int web_eval(int id, uint64_t s0, uint32_t s1, uint32_t s2_0, uint32_t s2_1,
                                    uint32_t s2_2, uint32_t s2_3, int clamp)
{
    const uint32_t s2[4] = { s2_0, s2_1, s2_2, s2_3 };
    if (id < 0) return MQSAD_E_INVALID_ARGUMENT;
    return mqsad_eval((mqsad_insn_id)id, s0, s1, s2, clamp, web_dst);
}

/* mqsad_msad_u8, for the page's per-window view. */
WEB_EXPORT("web_msad") uint32_t web_msad(uint32_t a, uint32_t b, uint32_t acc)
{
    return mqsad_msad_u8(a, b, acc);
}
