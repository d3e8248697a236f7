/*
 * wave.c — executes one instruction of the SAD family on a wave's register state
 * (../shared/spec/semantics.md §3 operand values, §4 overlap policy; docs/exec.md).
 *
 * Model: every source is read into a per-lane SoA view first (VGPRs are used in place —
 * st->vgpr[n] already is one u32 per lane — scalars and constants are broadcast into small
 * stack arrays), the batch kernel computes all wave_size lanes, and the results are
 * written into VDST for the lanes whose EXEC bit is set. Each slot's width (1, 2 or 4
 * dwords) and whether SRC2 must be a VGPR come from the instruction table
 * (mqsad_insn_get(inst->insn)); V_MQSAD_U32_U8 keeps its own fast path and kernels. Because nothing is
 * written before every lane is computed, a VDST that overlaps a source sees the snapshot
 * (the pseudocode's meaning); the overlap is reported as a warning (MQSAD_EXEC_OVERLAP).
 *
 * Register ids: 0..255 scalar operand code, 256+n VGPR vn (see mqsad.h). Which code names
 * which register comes from the target table (src/isa/target.c) through the codec's
 * mqsad_special_code(); nothing per-target is hard-coded here.
 */
#include "mqsad.h"
#include "exec/exec.h"
#include "kernels/kernels.h"

#include <stdio.h>
#include <string.h>

/* ---- register ids ------------------------------------------------------------------ */

int mqsad_wave_size_ok(const mqsad_target *t, unsigned wave_size)
{
    if (!t || !t->family) return 0;
    if (wave_size != 32 && wave_size != 64) return 0;
    return (t->family->wave_sizes & wave_size) != 0;
}

unsigned mqsad_wave_vgpr_count(const mqsad_target *t)
{
    unsigned n = (unsigned)t->family->vgpr_quad_max + 4u;
    return n > MQSAD_MAX_VGPRS ? MQSAD_MAX_VGPRS : n;
}

/* The special register (32-bit id: the _lo/_hi halves, m0, null, src_*) at scalar code c on
 * target t, or MQSAD_SPECIAL_NONE. */
mqsad_special mqsad_wave_special_at(const mqsad_target *t, unsigned c)
{
    int s;
    for (s = MQSAD_SPECIAL_NONE + 1; s < MQSAD_SPECIAL_COUNT; s++) {
        if (mqsad_special_width((mqsad_special)s) != 1) continue;
        if (mqsad_special_code(t, (mqsad_special)s, 1) == (int)c) return (mqsad_special)s;
    }
    return MQSAD_SPECIAL_NONE;
}

int mqsad_wave_id_class(const mqsad_target *t, unsigned id)
{
    const mqsad_family *f;
    if (!t || !t->family) return MQSAD_WREG_NONE;
    f = t->family;
    if (id >= MQSAD_REG_VGPR0)
        return id - MQSAD_REG_VGPR0 < mqsad_wave_vgpr_count(t) ? MQSAD_WREG_VGPR : MQSAD_WREG_NONE;
    if (id < f->sgpr_count) return MQSAD_WREG_SGPR;
    if (id >= f->ttmp_code && id < (unsigned)f->ttmp_code + f->ttmp_count) return MQSAD_WREG_TTMP;
    return mqsad_wave_special_at(t, id) != MQSAD_SPECIAL_NONE ? MQSAD_WREG_SPECIAL : MQSAD_WREG_NONE;
}

static int special_writable(mqsad_special s)
{
    return s != MQSAD_SPECIAL_NONE && s != MQSAD_SPECIAL_NULL && s != MQSAD_SPECIAL_SRC_VCCZ &&
           s != MQSAD_SPECIAL_SRC_EXECZ && s != MQSAD_SPECIAL_SRC_LDS_DIRECT;
}

/* 0..3 for the aperture codes (src_shared_base .. src_private_limit), else -1. */
static int aperture_index(const mqsad_target *t, unsigned c)
{
    static const mqsad_special ap[4] = {
        MQSAD_SPECIAL_SRC_SHARED_BASE, MQSAD_SPECIAL_SRC_SHARED_LIMIT,
        MQSAD_SPECIAL_SRC_PRIVATE_BASE, MQSAD_SPECIAL_SRC_PRIVATE_LIMIT };
    int i;
    for (i = 0; i < 4; i++)
        if (mqsad_special_code(t, ap[i], 1) == (int)c) return i;
    return -1;
}

static int exec_code(const mqsad_target *t) { return mqsad_special_code(t, MQSAD_SPECIAL_EXEC_LO, 1); }
static int scc_code(const mqsad_target *t) { return mqsad_special_code(t, MQSAD_SPECIAL_SRC_SCC, 1); }
static int vcc_code(const mqsad_target *t) { return mqsad_special_code(t, MQSAD_SPECIAL_VCC_LO, 1); }

int mqsad_wave_reg_writable(const mqsad_wave_state *st, unsigned id)
{
    int cls;
    if (!st || !st->target) return 0;
    cls = mqsad_wave_id_class(st->target, id);
    if (cls == MQSAD_WREG_NONE) return 0;
    if (cls != MQSAD_WREG_SPECIAL) return 1;
    return special_writable(mqsad_wave_special_at(st->target, id));
}

mqsad_status mqsad_wave_reg_name(const mqsad_target *t, unsigned id, char *buf, size_t size)
{
    char tmp[48];
    size_t n;
    if (!t || !buf || !size) return MQSAD_E_INVALID_ARGUMENT;
    buf[0] = 0;
    switch (mqsad_wave_id_class(t, id)) {
    case MQSAD_WREG_VGPR: snprintf(tmp, sizeof tmp, "v%u", id - MQSAD_REG_VGPR0); break;
    case MQSAD_WREG_SGPR: snprintf(tmp, sizeof tmp, "s%u", id); break;
    case MQSAD_WREG_TTMP: snprintf(tmp, sizeof tmp, "ttmp%u", id - t->family->ttmp_code); break;
    case MQSAD_WREG_SPECIAL:
        snprintf(tmp, sizeof tmp, "%s", mqsad_special_name(mqsad_wave_special_at(t, id)));
        break;
    default: return MQSAD_E_REG_UNAVAILABLE;
    }
    n = strlen(tmp);
    if (n + 1 > size) return MQSAD_E_BUFFER_TOO_SMALL;
    memcpy(buf, tmp, n + 1);
    return MQSAD_OK;
}

/* ---- state setup ------------------------------------------------------------------- */

static void set_exec(mqsad_wave_state *st, uint64_t exec)
{
    int ec = exec_code(st->target);
    st->exec = exec;
    if (ec >= 0 && ec + 1 < 256) {
        st->scalar[ec] = (uint32_t)exec;
        st->scalar[ec + 1] = (uint32_t)(exec >> 32);
        st->scalar_set[ec] = st->scalar_set[ec + 1] = 1;
    }
}

mqsad_status mqsad_wave_init(mqsad_wave_state *st, const mqsad_target *target, unsigned wave_size)
{
    if (!st || !target || !target->family) return MQSAD_E_INVALID_ARGUMENT;
    if (wave_size == 0) wave_size = (target->family->wave_sizes & 32u) ? 32u : 64u;
    if (!mqsad_wave_size_ok(target, wave_size)) return MQSAD_E_WAVE_SIZE;
    memset(st, 0, sizeof *st);
    st->target = target;
    st->wave_size = wave_size;
    st->vgpr_count = (uint16_t)mqsad_wave_vgpr_count(target);
    set_exec(st, wave_size == 64 ? ~0ull : 0xffffffffull);
    return MQSAD_OK;
}

static mqsad_status check_set(const mqsad_wave_state *st, unsigned id, int lane)
{
    int cls;
    if (!st || !st->target || !st->target->family) return MQSAD_E_INVALID_ARGUMENT;
    cls = mqsad_wave_id_class(st->target, id);
    if (cls == MQSAD_WREG_NONE)
        return id >= MQSAD_REG_VGPR0 ? MQSAD_E_REGISTER_RANGE : MQSAD_E_REG_UNAVAILABLE;
    if (cls == MQSAD_WREG_VGPR) {
        if (lane >= (int)st->wave_size) return MQSAD_E_REGISTER_RANGE;
        return MQSAD_OK;
    }
    if (lane >= 0) return MQSAD_E_INVALID_ARGUMENT;
    if (cls == MQSAD_WREG_SPECIAL && !special_writable(mqsad_wave_special_at(st->target, id)))
        return MQSAD_E_REG_UNAVAILABLE;
    return MQSAD_OK;
}

static void store(mqsad_wave_state *st, unsigned id, int lane, uint32_t value)
{
    if (id >= MQSAD_REG_VGPR0) {
        unsigned n = id - MQSAD_REG_VGPR0, i;
        if (lane < 0)
            for (i = 0; i < MQSAD_MAX_LANES; i++) st->vgpr[n][i] = value;
        else
            st->vgpr[n][lane] = value;
        st->vgpr_set[n] = 1;
        return;
    }
    if ((int)id == exec_code(st->target)) {
        set_exec(st, (st->exec & 0xffffffff00000000ull) | value);
    } else if ((int)id == exec_code(st->target) + 1) {
        set_exec(st, (st->exec & 0xffffffffull) | (uint64_t)value << 32);
    } else if ((int)id == scc_code(st->target)) {
        st->scc = (uint8_t)(value & 1u);
        st->scalar[id] = value & 1u;
    } else {
        st->scalar[id] = value;
    }
    st->scalar_set[id] = 1;
}

mqsad_status mqsad_wave_set(mqsad_wave_state *st, unsigned id, int lane, uint32_t value)
{
    mqsad_status s = check_set(st, id, lane);
    if (s != MQSAD_OK) return s;
    if ((int)id == scc_code(st->target) && value > 1) return MQSAD_E_LITERAL_RANGE;
    store(st, id, lane, value);
    st->assignments++;
    return MQSAD_OK;
}

mqsad_status mqsad_wave_set64(mqsad_wave_state *st, unsigned id, int lane, uint64_t value)
{
    mqsad_status s;
    int ap;
    if (!st || !st->target) return MQSAD_E_INVALID_ARGUMENT;
    ap = id < 256 ? aperture_index(st->target, id) : -1;
    if (ap >= 0) {
        if ((s = check_set(st, id, lane)) != MQSAD_OK) return s;
        st->scalar[id] = (uint32_t)value;
        st->aperture_hi[ap] = (uint32_t)(value >> 32);
        st->scalar_set[id] = 1;
        st->assignments++;
        return MQSAD_OK;
    }
    if ((s = check_set(st, id, lane)) != MQSAD_OK) return s;
    if ((s = check_set(st, id + 1, lane)) != MQSAD_OK) return s;
    if ((int)id == scc_code(st->target) || (int)id + 1 == scc_code(st->target))
        return MQSAD_E_REG_UNAVAILABLE;
    /* A pair must stay within one register file (s101:s102 on gfx8 would be s + flat_scratch). */
    if (mqsad_wave_id_class(st->target, id) != mqsad_wave_id_class(st->target, id + 1))
        return MQSAD_E_REGISTER_RANGE;
    store(st, id, lane, (uint32_t)value);
    store(st, id + 1, lane, (uint32_t)(value >> 32));
    st->assignments++;
    return MQSAD_OK;
}

mqsad_status mqsad_wave_get(const mqsad_wave_state *st, unsigned id, unsigned lane, uint32_t *value)
{
    int cls;
    if (!st || !st->target || !value) return MQSAD_E_INVALID_ARGUMENT;
    cls = mqsad_wave_id_class(st->target, id);
    if (cls == MQSAD_WREG_NONE) return MQSAD_E_REG_UNAVAILABLE;
    if (cls == MQSAD_WREG_VGPR) {
        if (lane >= st->wave_size) return MQSAD_E_REGISTER_RANGE;
        *value = st->vgpr[id - MQSAD_REG_VGPR0][lane];
        return MQSAD_OK;
    }
    if ((int)id == exec_code(st->target)) *value = (uint32_t)st->exec;
    else if ((int)id == exec_code(st->target) + 1) *value = (uint32_t)(st->exec >> 32);
    else if ((int)id == scc_code(st->target)) *value = st->scc;
    else *value = st->scalar[id];
    return MQSAD_OK;
}

mqsad_status mqsad_wave_format_vgpr(const mqsad_wave_state *st, unsigned vreg, char *buf,
                                    size_t size, size_t *len)
{
    size_t pos = 0;
    unsigned i;
    int n;
    if (!st || !buf || !size) return MQSAD_E_INVALID_ARGUMENT;
    buf[0] = 0;
    if (len) *len = 0;
    if (vreg >= st->vgpr_count || vreg >= MQSAD_MAX_VGPRS) return MQSAD_E_REGISTER_RANGE;
    n = snprintf(buf, size, "v%u =", vreg);
    if (n < 0 || (size_t)n >= size) return MQSAD_E_BUFFER_TOO_SMALL;
    pos = (size_t)n;
    for (i = 0; i < st->wave_size && i < MQSAD_MAX_LANES; i++) {
        n = snprintf(buf + pos, size - pos, " 0x%08x", (unsigned)st->vgpr[vreg][i]);
        if (n < 0 || (size_t)n >= size - pos) { buf[pos] = 0; return MQSAD_E_BUFFER_TOO_SMALL; }
        pos += (size_t)n;
    }
    if (len) *len = pos;
    return MQSAD_OK;
}

/* ---- execution --------------------------------------------------------------------- */

static void note_unset(mqsad_wave_report *r, unsigned id)
{
    unsigned i;
    r->flags |= MQSAD_EXEC_UNSET_READ;
    for (i = 0; i < r->unset_count; i++)
        if (r->unset[i] == id) return;
    if (r->unset_count < MQSAD_WAVE_MAX_UNSET) r->unset[r->unset_count++] = (uint16_t)id;
}

static uint32_t read_scalar(const mqsad_wave_state *st, unsigned c, mqsad_wave_report *r)
{
    uint32_t v = 0;
    if (c >= 256) return 0;
    if (!st->scalar_set[c]) note_unset(r, c);
    (void)mqsad_wave_get(st, c, 0, &v);
    return v;
}

/* A VGPR tuple v[reg .. reg+width-1] used by slot: range, alignment. */
static inline mqsad_status check_vgpr(const mqsad_wave_state *st, const mqsad_operand *op, unsigned width)
{
    const mqsad_family *f = st->target->family;
    if (op->width && op->width != width) return MQSAD_E_OPERAND_KIND;
    if (width == 4 && op->reg > f->vgpr_quad_max) return MQSAD_E_REGISTER_RANGE;
    if ((unsigned)op->reg + width > st->vgpr_count) return MQSAD_E_REGISTER_RANGE;
    if (width > 1 && f->vgpr_align > 1 && (op->reg & (f->vgpr_align - 1u)) != 0) return MQSAD_E_MISALIGNED;
    return MQSAD_OK;
}

/* Is the special id a 64-bit pair or the low half of one (reads 64 bits in SRC0)? */
static int special_pair_in_src0(mqsad_special s)
{
    switch (s) {
    case MQSAD_SPECIAL_VCC: case MQSAD_SPECIAL_EXEC: case MQSAD_SPECIAL_FLAT_SCRATCH:
    case MQSAD_SPECIAL_XNACK_MASK: case MQSAD_SPECIAL_TBA: case MQSAD_SPECIAL_TMA:
    case MQSAD_SPECIAL_VCC_LO: case MQSAD_SPECIAL_EXEC_LO: case MQSAD_SPECIAL_FLAT_SCRATCH_LO:
    case MQSAD_SPECIAL_XNACK_MASK_LO: case MQSAD_SPECIAL_TBA_LO: case MQSAD_SPECIAL_TMA_LO:
    case MQSAD_SPECIAL_SRC_FLAT_SCRATCH_BASE_LO:
        return 1;
    default:
        return 0;
    }
}

/* The value of a special register source. src0: the 64-bit view. */
static mqsad_status read_special(const mqsad_wave_state *st, mqsad_special s, int src0,
                                 uint64_t *out, mqsad_wave_report *r)
{
    const mqsad_target *t = st->target;
    int code, ap;
    uint64_t mask = st->wave_size == 64 ? ~0ull : 0xffffffffull;
    if (s == MQSAD_SPECIAL_SRC_LDS_DIRECT) return MQSAD_E_LDS_DIRECT;
    code = mqsad_special_code(t, s, 1);
    if (code < 0 || code > 255) return MQSAD_E_REG_UNAVAILABLE;
    switch (s) {
    case MQSAD_SPECIAL_NULL:
        *out = 0;
        return MQSAD_OK;
    case MQSAD_SPECIAL_SRC_VCCZ: {
        int vc = vcc_code(t);
        uint64_t vcc;
        if (vc < 0) return MQSAD_E_REG_UNAVAILABLE;
        vcc = read_scalar(st, (unsigned)vc, r);
        if (st->wave_size == 64) vcc |= (uint64_t)read_scalar(st, (unsigned)vc + 1, r) << 32;
        *out = (vcc & mask) == 0;
        return MQSAD_OK;
    }
    case MQSAD_SPECIAL_SRC_EXECZ:
        *out = (st->exec & mask) == 0;
        return MQSAD_OK;
    case MQSAD_SPECIAL_SRC_SCC:
        if (!st->scalar_set[code]) note_unset(r, (unsigned)code);
        *out = st->scc & 1u;
        return MQSAD_OK;
    default:
        break;
    }
    ap = aperture_index(t, (unsigned)code);
    if (ap >= 0) {
        *out = read_scalar(st, (unsigned)code, r);
        if (src0) *out |= (uint64_t)st->aperture_hi[ap] << 32;
        return MQSAD_OK;
    }
    *out = read_scalar(st, (unsigned)code, r);
    if (src0 && special_pair_in_src0(s) && code + 1 < 256)
        *out |= (uint64_t)read_scalar(st, (unsigned)code + 1, r) << 32;
    return MQSAD_OK;
}

/* A resolved source: a VGPR tuple (vreg >= 0) or a broadcast scalar value. */
typedef struct src_view {
    int vreg;
    uint64_t value;
} src_view;

/* Resolves source slot of inst, whose row in the instruction table is in: a VGPR tuple of
 * in->width[slot] registers, or a value (64 bits for a 2-dword slot, else 32). */
static inline mqsad_status resolve_src(const mqsad_wave_state *st, const mqsad_inst *inst,
                                       const mqsad_insn_info *in, int slot, src_view *v,
                                       mqsad_wave_report *r)
{
    const mqsad_operand *op = &inst->src[slot];
    const mqsad_family *f = st->target->family;
    unsigned width = in->width[slot], i;
    int wide = width == 2;   /* a 64-bit scalar view (S0 of the quad forms, S2 of the packed) */
    mqsad_status s;
    uint64_t lit;

    v->vreg = -1;
    v->value = 0;
    if (slot == MQSAD_SLOT_SRC2 && in->src2_vgpr_only) {
        if (op->kind == MQSAD_OPK_SPECIAL && op->special == MQSAD_SPECIAL_SRC_LDS_DIRECT)
            return MQSAD_E_LDS_DIRECT;
        if (op->kind != MQSAD_OPK_VGPR || (op->width && op->width != width)) return MQSAD_E_SRC2_NOT_VGPR;
        if ((s = check_vgpr(st, op, width)) != MQSAD_OK) return s;
        v->vreg = op->reg;
        for (i = 0; i < width; i++)
            if (!st->vgpr_set[op->reg + i]) note_unset(r, MQSAD_REG_VGPR0 + op->reg + i);
        return MQSAD_OK;
    }
    switch (op->kind) {
    case MQSAD_OPK_VGPR:
        if ((s = check_vgpr(st, op, width)) != MQSAD_OK) return s;
        v->vreg = op->reg;
        for (i = 0; i < width; i++)
            if (!st->vgpr_set[op->reg + i]) note_unset(r, MQSAD_REG_VGPR0 + op->reg + i);
        return MQSAD_OK;
    case MQSAD_OPK_SGPR:
    case MQSAD_OPK_TTMP: {
        unsigned base = op->kind == MQSAD_OPK_SGPR ? 0u : f->ttmp_code;
        unsigned count = op->kind == MQSAD_OPK_SGPR ? f->sgpr_count : f->ttmp_count;
        if (op->width && op->width != width) return MQSAD_E_OPERAND_KIND;
        if ((unsigned)op->reg + width > count) return MQSAD_E_REGISTER_RANGE;
        if (width == 2 && (op->reg & 1u)) return MQSAD_E_MISALIGNED;
        v->value = read_scalar(st, base + op->reg, r);
        if (width == 2) v->value |= (uint64_t)read_scalar(st, base + op->reg + 1, r) << 32;
        return MQSAD_OK;
    }
    case MQSAD_OPK_SPECIAL:
        return read_special(st, op->special, wide, &v->value, r);
    case MQSAD_OPK_INLINE_FLOAT:
        /* 1/(2*pi) does not exist on gfx7; any other pattern is not an inline constant
         * (the codec's SRC0 rule is the 64-bit one, its SRC1 rule the 32-bit one) */
        if (mqsad_inline_float_code(st->target, wide ? MQSAD_SLOT_SRC0 : MQSAD_SLOT_SRC1,
                                    wide ? op->value : (uint32_t)op->value) < 0)
            return MQSAD_E_OPERAND_CODE;
        /* fall through */
    case MQSAD_OPK_INLINE_INT:
        /* .value: sign-extended integer / the slot's float bit pattern (f64 in a 64-bit
         * slot, f32 in a 32-bit one). */
        v->value = wide ? op->value : (uint32_t)op->value;
        return MQSAD_OK;
    case MQSAD_OPK_LITERAL32:
        if (f->literal == MQSAD_LIT_NONE) return MQSAD_E_NO_LITERAL;
        lit = inst->literal_size ? inst->literal : op->literal_bits;
        v->value = (uint32_t)lit;   /* zero-extended into a 64-bit slot */
        return MQSAD_OK;
    case MQSAD_OPK_LITERAL64:
        if (f->literal != MQSAD_LIT_32_64) return MQSAD_E_LITERAL64;
        lit = inst->literal_size ? inst->literal : op->literal_bits;
        v->value = wide ? lit : (uint32_t)lit;
        return MQSAD_OK;
    case MQSAD_OPK_SYMBOL:
        return MQSAD_E_UNSUPPORTED;
    default:
        return MQSAD_E_OPERAND_KIND;
    }
}

static int ranges_overlap(unsigned a, unsigned an, unsigned b, unsigned bn)
{
    return a < b + bn && b < a + an;
}

/* The lanes of a wave of n (32 or 64) lanes. */
static inline uint64_t wave_lanes(unsigned n) { return n == 64 ? ~0ull : 0xffffffffull; }

/* Computes all n lanes with the CPU's best kernel (chosen once, src/kernels/cpu.c) and writes the
 * rows v[d..d+3] for the lanes enabled in EXEC, marking them set: in place when every lane
 * is on, else through the level's masked entry (AVX-512: mask stores). Register rows never
 * overlap partially, and the kernels load a block's inputs before storing it, so an
 * overlapping VDST (exactly equal rows) still sees the snapshot. */
static inline void write_vdst(mqsad_wave_state *st, size_t d, const uint32_t *s0lo,
                              const uint32_t *s0hi, const uint32_t *s1, size_t r2, int clamp)
{
    unsigned n = st->wave_size;
    uint64_t exec = st->exec & wave_lanes(n);
    const mqsad_kernel_desc *k;
    const uint32_t *const s2[4] = { st->vgpr[r2], st->vgpr[r2 + 1], st->vgpr[r2 + 2], st->vgpr[r2 + 3] };
    uint32_t *const out[4] = { st->vgpr[d], st->vgpr[d + 1], st->vgpr[d + 2], st->vgpr[d + 3] };
    if (!exec) return;
    k = mqsad__kernel_desc_default();
    if (exec == wave_lanes(n)) k->k.batch(s0lo, s0hi, s1, s2, out, n, clamp);
    else k->masked(s0lo, s0hi, s1, s2, out, n, clamp, exec);
    memset(st->vgpr_set + d, 1, 4);
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    /* Defensive: the code below is SSE; an AVX kernel that returned with dirty upper
     * YMM/ZMM state would make it pay the AVX-SSE transition on every call (measured:
     * several times the kernel's cost). The kernels clear it too; this costs ~1 cycle. */
    if (k->k.level >= MQSAD_CPU_AVX2) __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

#if defined(__GNUC__)
#define MQSAD_WAVE_INLINE __attribute__((always_inline))
#define MQSAD_WAVE_NOINLINE __attribute__((noinline))
#else
#define MQSAD_WAVE_INLINE
#define MQSAD_WAVE_NOINLINE
#endif

/* 1 if the four vgpr_set bytes at p hold an odd value each (1 = set; any other value takes
 * the general path): one 4-byte load, whatever the byte order. */
static inline int quad_set(const uint8_t *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return (x & 0x01010101u) == 0x01010101u;
}

/* The common case of V_MQSAD_U32_U8, with the least work: VDST and every source are valid VGPR tuples, every
 * source register is set, VDST overlaps no source. Then the result is exactly the general
 * path's (status OK, an all-zero report). Returns 0 when it does not apply (nothing done).
 * These are check_vgpr()'s and ranges_overlap()'s tests for the four tuples at once, written
 * for few instructions: this runs once per instruction of an emulator, and its instructions
 * cost about a third of the kernel on 64 lanes.
 *   widths: 0 or the slot's (1, 2, 4): no bit outside the slot's;
 *   range:  quads start at <= min(vgpr_quad_max, vgpr_count - 4), SRC0 + 2 and SRC1 + 1
 *           within vgpr_count;
 *   align:  VDST, SRC0 and SRC2 on vgpr_align (1 or 2);
 *   overlap of [d, d+4) with [r, r+w): 0 < r + w - d < w + 4, one unsigned compare. */
static inline MQSAD_WAVE_INLINE int exec_fast(mqsad_wave_state *st, const mqsad_inst *inst,
                                                           mqsad_wave_report *r)
{
    const mqsad_operand *vd = &inst->vdst, *o0 = &inst->src[MQSAD_SLOT_SRC0];
    const mqsad_operand *o1 = &inst->src[MQSAD_SLOT_SRC1], *o2 = &inst->src[MQSAD_SLOT_SRC2];
    const mqsad_family *f;
    unsigned n = st->wave_size, vc = st->vgpr_count, quad_last, am;
    size_t d, r0, r1, r2;   /* size_t: row addresses fold into one base + constant offsets */
    if ((vd->kind ^ MQSAD_OPK_VGPR) | (o0->kind ^ MQSAD_OPK_VGPR) | (o1->kind ^ MQSAD_OPK_VGPR) |
        (o2->kind ^ MQSAD_OPK_VGPR) | (inst->insn != MQSAD_INSN_MQSAD_U32_U8))
        return 0;
    if (!st->target || !(f = st->target->family) || (n != 64 && n != 32) || vc < 4 ||
        vc > MQSAD_MAX_VGPRS || (inst->target && inst->target->family != f))
        return 0;
    d = vd->reg; r0 = o0->reg; r1 = o1->reg; r2 = o2->reg;
    quad_last = vc - 4 < f->vgpr_quad_max ? vc - 4 : f->vgpr_quad_max;
    am = f->vgpr_align > 1 ? f->vgpr_align - 1u : 0u;
    if (((vd->width | o2->width) & ~4u) | (o0->width & ~2u) | (o1->width & ~1u) |
        ((d | r0 | r2) & am))
        return 0;
    if ((d > quad_last) | (r2 > quad_last) | (r0 + 2 > vc) | (r1 >= vc) |
        (inst->clamp && f->clamp_bit < 0))
        return 0;
    if (!quad_set(st->vgpr_set + r2) || !(st->vgpr_set[r0] & st->vgpr_set[r0 + 1] & st->vgpr_set[r1] & 1u))
        return 0;
    if ((r0 + 2 - d - 1 < 5) | (r1 + 1 - d - 1 < 4) | (r2 + 4 - d - 1 < 7)) return 0;
    if (r) memset(r, 0, sizeof *r);
    write_vdst(st, d, st->vgpr[r0], st->vgpr[r0 + 1], st->vgpr[r1], r2, inst->clamp != 0);
    return 1;
}

/* Computes the family member in (not V_MQSAD_U32_U8, which write_vdst() serves) on all n
 * lanes with the instruction's best batch kernel (src/kernels/) into a temporary, then writes
 * VDST's rows for the lanes enabled in EXEC, marking them set. The temporary keeps the
 * snapshot rule whatever rows VDST shares with the sources. */
static void write_vdst_family(mqsad_wave_state *st, const mqsad_insn_info *in, size_t d,
                              const uint32_t *const s0[2], const uint32_t *s1,
                              const uint32_t *const s2[4], int clamp)
{
    uint32_t tmp[4][MQSAD_MAX_LANES];
    uint32_t *const out[4] = { tmp[0], tmp[1], tmp[2], tmp[3] };
    unsigned n = st->wave_size, dw = in->width[MQSAD_SLOT_VDST], k, i;
    uint64_t exec = st->exec & wave_lanes(n);
    if (!exec) return;
    mqsad_insn_batch(in->id, s0, s1, s2, out, n, clamp);
    for (k = 0; k < dw; k++) {
        uint32_t *row = st->vgpr[d + k];
        if (exec == wave_lanes(n)) {
            memcpy(row, tmp[k], n * sizeof *row);
        } else {
            for (i = 0; i < n; i++)
                if (exec >> i & 1u) row[i] = tmp[k][i];
        }
        st->vgpr_set[d + k] = 1;
    }
}

/* A source's per-lane rows: the VGPR tuple's rows in place, or the value broadcast into
 * buf (width rows of n lanes). */
static void source_rows(mqsad_wave_state *st, const src_view *v, unsigned width, unsigned n,
                        uint32_t buf[][MQSAD_MAX_LANES], const uint32_t *rows[])
{
    unsigned k, i;
    for (k = 0; k < width; k++) {
        if (v->vreg >= 0) {
            rows[k] = st->vgpr[v->vreg + (int)k];
        } else {
            uint32_t x = k < 2 ? (uint32_t)(v->value >> (32 * k)) : 0;
            for (i = 0; i < n; i++) buf[k][i] = x;
            rows[k] = buf[k];
        }
    }
}

/* The general path: every operand kind, every family member, the unset-read and overlap
 * warnings. Kept out of line so that the fast path's callers do not pay its large stack
 * frame. */
static MQSAD_WAVE_NOINLINE mqsad_status exec_general(mqsad_wave_state *st, const mqsad_inst *inst,
                                                           mqsad_wave_report *report)
{
    mqsad_wave_report local;
    mqsad_wave_report *r = report ? report : &local;
    src_view v[3];
    mqsad_status s;
    uint32_t buf0[2][MQSAD_MAX_LANES], buf1[1][MQSAD_MAX_LANES], buf2[2][MQSAD_MAX_LANES];
    const uint32_t *s0[2] = { NULL, NULL }, *s1[1] = { NULL }, *s2[4] = { NULL, NULL, NULL, NULL };
    const mqsad_operand *vd;
    const mqsad_insn_info *in;
    unsigned n, d, slot;

    memset(r, 0, sizeof *r);
    if (!st || !inst || !st->target || !st->target->family) return MQSAD_E_INVALID_ARGUMENT;
    if (inst->target && inst->target->family != st->target->family) return MQSAD_E_INVALID_ARGUMENT;
    if (st->wave_size != 32 && st->wave_size != 64) return MQSAD_E_INVALID_ARGUMENT;
    if (st->vgpr_count == 0 || st->vgpr_count > MQSAD_MAX_VGPRS) return MQSAD_E_INVALID_ARGUMENT;
    if (!(in = mqsad_insn_get(inst->insn))) return MQSAD_E_INVALID_ARGUMENT;
    if (!mqsad_insn_on_target(in->id, st->target)) return MQSAD_E_UNSUPPORTED;
    n = st->wave_size;

    vd = &inst->vdst;
    if (vd->kind != MQSAD_OPK_VGPR) return MQSAD_E_OPERAND_KIND;
    if ((s = check_vgpr(st, vd, in->width[MQSAD_SLOT_VDST])) != MQSAD_OK) return s;
    if (inst->clamp && st->target->family->clamp_bit < 0) return MQSAD_E_CLAMP_UNSUPPORTED;

    /* Read all sources (validation first: nothing is written on error). */
    for (slot = MQSAD_SLOT_SRC0; slot <= MQSAD_SLOT_SRC2; slot++)
        if ((s = resolve_src(st, inst, in, (int)slot, &v[slot], r)) != MQSAD_OK) goto fail;

    d = vd->reg;
    for (slot = MQSAD_SLOT_SRC0; slot <= MQSAD_SLOT_SRC2; slot++)
        if (v[slot].vreg >= 0 && ranges_overlap(d, in->width[MQSAD_SLOT_VDST],
                                                (unsigned)v[slot].vreg, in->width[slot]))
            r->overlap_slots |= 1u << slot;
    if (r->overlap_slots) r->flags |= MQSAD_EXEC_OVERLAP;

    source_rows(st, &v[MQSAD_SLOT_SRC0], in->width[MQSAD_SLOT_SRC0], n, buf0, s0);
    if (in->width[MQSAD_SLOT_SRC0] == 1) s0[1] = s0[0];   /* not read by 32-bit S0 kernels */
    source_rows(st, &v[MQSAD_SLOT_SRC1], 1, n, buf1, s1);
    if (in->id == MQSAD_INSN_MQSAD_U32_U8) {
        write_vdst(st, d, s0[0], s0[1], s1[0], (unsigned)v[MQSAD_SLOT_SRC2].vreg, inst->clamp != 0);
        return MQSAD_OK;
    }
    source_rows(st, &v[MQSAD_SLOT_SRC2], in->width[MQSAD_SLOT_SRC2], n, buf2, s2);
    write_vdst_family(st, in, d, s0, s1[0], s2, inst->clamp != 0);
    return MQSAD_OK;
fail:
    r->flags = 0;
    r->overlap_slots = 0;
    r->unset_count = 0;
    return s;
}

mqsad_status mqsad_wave_exec_report(mqsad_wave_state *st, const mqsad_inst *inst,
                                    mqsad_wave_report *report)
{
    if (st && inst && exec_fast(st, inst, report)) return MQSAD_OK;
    return exec_general(st, inst, report);
}

mqsad_status mqsad_wave_exec(mqsad_wave_state *st, const mqsad_inst *inst, unsigned *flags)
{
    mqsad_wave_report r;
    mqsad_status s;
    if (st && inst && exec_fast(st, inst, NULL)) {
        if (flags) *flags = 0;
        return MQSAD_OK;
    }
    s = exec_general(st, inst, &r);
    if (flags) *flags = s == MQSAD_OK ? r.flags : 0;
    return s;
}
