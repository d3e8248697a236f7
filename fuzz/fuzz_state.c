/*
 * fuzz_state.c — arbitrary text through the `mqsad exec` state-file parser
 * (mqsad_state_parse, mqsad_state_parse_line) on every target and wave size.
 * Properties: never a crash or an over-read; an error names a line and column inside the
 * input with a printable message; a failing line changes nothing; parsing the whole file
 * equals parsing it line by line (a line's trailing CR dropped, as for CRLF files); the state stays consistent (EXEC mirrored in
 * exec_lo/exec_hi); every VGPR the file set prints (mqsad_wave_format_vgpr) as a line that
 * parses back to the same lanes.
 *
 * Input: byte 0 = target selector (fuzz.h), byte 1 = wave size (0: default, 1: wave32,
 * 2: wave64, other: default), bytes 2.. = the state file.
 */
#include "fuzz.h"

static mqsad_wave_state *sta_a, *sta_b, *sta_c;

static void sta_check_diag(const mqsad_state_diag *d, mqsad_status st, const char *text,
                           size_t len, const char *ctx)
{
    size_t mlen = strnlen(d->message, sizeof d->message), i = 0, lines = 1, linelen = 0;
    unsigned skip;
    for (i = 0; i < len; i++) if (text[i] == '\n') lines++;
    FUZZ_ASSERT(d->status == st, ctx);
    FUZZ_ASSERT(mlen > 0 && mlen < sizeof d->message, ctx);
    FUZZ_ASSERT(fuzz_printable(d->message, mlen), d->message);
    FUZZ_ASSERT(d->line >= 1 && d->line <= lines, ctx);
    /* length of line d->line */
    for (i = 0, skip = d->line - 1; skip && i < len; i++) if (text[i] == '\n') skip--;
    while (i + linelen < len && text[i + linelen] != '\n') linelen++;
    FUZZ_ASSERT(d->column >= 1 && d->column <= linelen + 1, ctx);
}

static void sta_init(mqsad_wave_state *s, const mqsad_target *t, unsigned ws)
{
    if (mqsad_wave_init(s, t, ws) != MQSAD_OK) FUZZ_ASSERT(mqsad_wave_init(s, t, 0) == MQSAD_OK, t->name);
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
    const mqsad_target *t;
    const char *text;
    char *buf;
    size_t n, i, start, longest = 0, cur = 0;
    unsigned ws, line_no = 0;
    mqsad_state_diag d, dl;
    mqsad_status st, stl = MQSAD_OK;
    char ctx[300];

    if (size < 2) return 0;
    if (!sta_a) {
        sta_a = (mqsad_wave_state *)calloc(1, sizeof *sta_a);
        sta_b = (mqsad_wave_state *)calloc(1, sizeof *sta_b);
        sta_c = (mqsad_wave_state *)calloc(1, sizeof *sta_c);
        if (!sta_a || !sta_b || !sta_c) abort();
    }
    t = fuzz_target(data[0]);
    ws = data[1] == 1 ? 32u : data[1] == 2 ? 64u : 0u;
    n = size - 2;
    buf = (char *)fuzz_dup(data + 2, n);
    text = buf;
    for (i = 0; i < n; i++) {
        if (text[i] == '\n') { if (cur > longest) longest = cur; cur = 0; }
        else cur++;
    }
    if (cur > longest) longest = cur;

    /* whole file */
    sta_init(sta_a, t, ws);
    memset(&d, 0x5a, sizeof d);
    st = mqsad_state_parse(sta_a, text, n, &d);
    FUZZ_ASSERT(st < MQSAD_STATUS_COUNT, t->name);
    snprintf(ctx, sizeof ctx, "%s wave%u: %s at %u:%u: %.150s", t->name, ws, mqsad_strerror(st),
             st ? d.line : 0, st ? d.column : 0, st ? d.message : "");
    if (st != MQSAD_OK) sta_check_diag(&d, st, text, n, ctx);
    FUZZ_ASSERT(sta_a->wave_size == 32 || sta_a->wave_size == 64, ctx);
    FUZZ_ASSERT(mqsad_wave_size_ok(t, sta_a->wave_size), ctx);
    FUZZ_ASSERT(sta_a->scalar[126] == (uint32_t)sta_a->exec, ctx);
    FUZZ_ASSERT(sta_a->scalar[127] == (uint32_t)(sta_a->exec >> 32), ctx);

    /* line by line: same verdict at the same line, and a failing line changes nothing */
    sta_init(sta_b, t, ws);
    for (start = 0, i = 0; i <= n; i++) {
        if (i < n && text[i] != '\n') continue;
        size_t ll = i - start;
        line_no++;
        if (ll > 0 && text[start + ll - 1] == '\r') ll--;   /* CRLF, as mqsad_state_parse does */
        memcpy(sta_c, sta_b, sizeof *sta_c);
        stl = mqsad_state_parse_line(sta_b, text + start, ll, &dl);
        FUZZ_ASSERT(stl < MQSAD_STATUS_COUNT, ctx);
        if (stl != MQSAD_OK) {
            FUZZ_ASSERT(memcmp(sta_c, sta_b, sizeof *sta_c) == 0, ctx);   /* unchanged */
            FUZZ_ASSERT(dl.column >= 1 && dl.column <= ll + 1, ctx);
            break;
        }
        start = i + 1;
    }
    if (longest <= MQSAD_STATE_LINE_MAX) {
        FUZZ_ASSERT((st == MQSAD_OK) == (stl == MQSAD_OK), ctx);
        if (st != MQSAD_OK) {
            FUZZ_ASSERT(d.line == line_no, ctx);
            FUZZ_ASSERT(d.column == dl.column, ctx);
            FUZZ_ASSERT(strcmp(d.message, dl.message) == 0, ctx);
        }
        FUZZ_ASSERT(memcmp(sta_a, sta_b, sizeof *sta_a) == 0, ctx);
    }

    /* every VGPR that was set prints as a line that parses back to the same lanes */
    {
        unsigned v, lane;
        char line[16 + 11 * MQSAD_MAX_LANES];
        for (v = 0; v < MQSAD_MAX_VGPRS; v++) {
            size_t ll = 0;
            if (!sta_a->vgpr_set[v]) continue;
            st = mqsad_wave_format_vgpr(sta_a, v, line, sizeof line, &ll);
            FUZZ_ASSERT(st == MQSAD_OK, ctx);
            FUZZ_ASSERT(ll == strlen(line), ctx);
            memcpy(sta_c, sta_a, sizeof *sta_c);
            memset(sta_c->vgpr[v], 0, sizeof sta_c->vgpr[v]);
            st = mqsad_state_parse_line(sta_c, line, ll, &dl);
            FUZZ_ASSERT(st == MQSAD_OK, line);
            for (lane = 0; lane < sta_a->wave_size; lane++)
                FUZZ_ASSERT(sta_c->vgpr[v][lane] == sta_a->vgpr[v][lane], line);
        }
    }
    free(buf);
    return 0;
}
