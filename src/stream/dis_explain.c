/*
 * dis_explain.c — MQSAD_DIS_EXPLAIN: after a word, a table of its bit fields as "\t; "
 * lines (name, bits hi:lo, value, meaning), from the fields mqsad_decode fills even for
 * an invalid word; operand meanings are the library's operand texts, the OP field is named
 * from the instruction table.
 */
#include "stream/stream.h"

#include <stdio.h>
#include <string.h>

/* The meaning of an operand field: its text, or "invalid code". */
static void operand_meaning(const mqsad_target *t, const mqsad_inst *in, mqsad_status st, int slot,
                            unsigned code, char *buf, size_t size)
{
    mqsad_inst tmp;
    if (st == MQSAD_OK) {
        mqsad_format_operand(in, slot, buf, size, NULL);
        return;
    }
    memset(&tmp, 0, sizeof tmp);
    tmp.target = t;
    tmp.insn = in->insn;
    if (mqsad_operand_from_code(t, slot, code, in->literal,
                                slot == MQSAD_SLOT_VDST ? &tmp.vdst : &tmp.src[slot]) == MQSAD_OK)
        mqsad_format_operand(&tmp, slot, buf, size, NULL);
    else
        snprintf(buf, size, "invalid code");
}

/* The meaning of the OP field: the family instruction with that opcode on the target. */
static void op_meaning(const mqsad_target *t, unsigned value, char *buf, size_t size)
{
    unsigned id;
    for (id = 0; id < MQSAD_INSN_COUNT; id++) {
        const mqsad_insn_info *info = mqsad_insn_get((mqsad_insn_id)id);
        if (info && info->opcode[t->family->encoding] == value && mqsad_insn_on_target(info->id, t)) {
            snprintf(buf, size, "%s (%u)", info->upper, value);
            return;
        }
    }
    snprintf(buf, size, "not a SAD-family instruction on this target");
}

void mqsad_field_meaning(const mqsad_target *t, const mqsad_inst *in, mqsad_status st,
                         const mqsad_field *fl, char *buf, size_t size)
{
    const mqsad_family *f;
    const char *meaning;
    if (!buf || !size) return;
    buf[0] = '\0';
    if (!t || !t->family || !in || !fl) return;
    f = t->family;
    if (!strcmp(fl->name, "VDST") || !strcmp(fl->name, "SRC0") || !strcmp(fl->name, "SRC1") ||
        !strcmp(fl->name, "SRC2")) {
        int slot = fl->name[0] == 'V' ? MQSAD_SLOT_VDST : fl->name[3] - '0';
        operand_meaning(t, in, st, slot, fl->value, buf, size);
        return;
    }
    if (!strcmp(fl->name, "OP")) {
        op_meaning(t, fl->value, buf, size);
        return;
    }
    if (!strcmp(fl->name, "ENCODING")) {
        if (fl->value == f->marker) snprintf(buf, size, "VOP3 (%s layout)", f->llvm_family);
        else snprintf(buf, size, "not VOP3 (want 0x%x)", f->marker);
        return;
    }
    if (!strcmp(fl->name, "CLAMP")) {
        if (f->clamp_bit < 0)
            meaning = fl->value ? "set: invalid (the assembler cannot produce it)" : "no clamp (no clamp on this target)";
        else
            meaning = fl->value ? "clamp" : "no clamp";
    } else if (!strcmp(fl->name, "OPSEL")) {
        meaning = fl->value ? "ignored by the decoder (lost on re-encode)" : "ignored";
    } else if (!strcmp(fl->name, "RESERVED")) {
        meaning = fl->value ? "must be 0 (invalid)" : "reserved";
    } else {
        meaning = fl->value ? "must be 0 (invalid)" : "none";
    }
    snprintf(buf, size, "%s", meaning);
}

void mqsad__dis_explain(mqsad__sink *o, const mqsad_target *t, const mqsad_inst *in, mqsad_status st)
{
    char line[320], opnd[200];
    unsigned i;
    int n;
    n = snprintf(line, sizeof line, "\t; %-9s %-6s %-7s %s\n", "field", "bits", "value", "meaning");
    mqsad__sink_write(o, line, (size_t)n);
    for (i = 0; i < in->field_count; i++) {
        const mqsad_field *fl = &in->fields[i];
        char bits[16];
        const char *meaning = opnd;
        if (fl->lo == fl->hi) snprintf(bits, sizeof bits, "%u", fl->lo);
        else snprintf(bits, sizeof bits, "%u:%u", fl->hi, fl->lo);
        mqsad_field_meaning(t, in, st, fl, opnd, sizeof opnd);
        n = snprintf(line, sizeof line, "\t; %-9s %-6s 0x%-5x %s\n", fl->name, bits, fl->value, meaning);
        mqsad__sink_write(o, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
    }
    if (st == MQSAD_OK && in->literal_size) {
        n = snprintf(line, sizeof line, "\t; %-9s %-6s 0x%llx\n", "LITERAL",
                     in->literal_size == 8 ? "127:64" : "95:64", (unsigned long long)in->literal);
        mqsad__sink_write(o, line, (size_t)n);
    }
    if (st != MQSAD_OK) {
        n = snprintf(line, sizeof line, "\t; invalid: %s\n", mqsad_strerror(st));
        mqsad__sink_write(o, line, (size_t)n);
    }
}
