/* cmd_exec.c — `mqsad exec`: executes one instruction of the SAD family on a wave's
 * register state (docs/exec.md). State from --state FILE and --set lines (state-file
 * syntax, parsed by the library's mqsad_state_parse_line), the instruction as assembly text
 * (mqsad_parse) or --bytes (mqsad_decode). Prints the destination VGPRs (as many as the
 * instruction table gives VDST: 1, 2 or 4) in state-file syntax. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define EXEC_MAX_SETS 256
#define EXEC_MAX_BYTES 64
#define EXEC_TEXT_MAX 4096

static void exec_usage(FILE *out)
{
    fprintf(out,
        "usage: mqsad exec -t TARGET [--wave32|--wave64] [--state FILE] [--set 'REG = VALUE']...\n"
        "                  [--json] INSTRUCTION...\n"
        "       mqsad exec -t TARGET [options] --bytes HEX...\n"
        "\n"
        "Executes one instruction of the SAD family (v_sad_u8, v_sad_hi_u8, v_sad_u16,\n"
        "v_sad_u32, v_msad_u8, v_qsad_pk_u16_u8, v_mqsad_pk_u16_u8, v_mqsad_u32_u8) on a\n"
        "wave's registers and prints the destination VGPRs (1, 2 or 4) as state-file lines\n"
        "(all lanes, lane 0 first), which are valid state input.\n"
        "\n"
        "  -t, --target T   gfx name or generation (gfx1100, rdna3, cdna3, ...)\n"
        "  --wave32/--wave64  wave size (default: wave32 where the target has it, else 64)\n"
        "  --state FILE     register state, one assignment per line ('-' = stdin)\n"
        "  --set 'R = V'    one more assignment (after the file; later assignments win)\n"
        "  --bytes HEX...   the instruction as bytes: 0x04,0x00,... or 04 00 3d d6 or 04003dd6\n"
        "  --json           print JSON instead (see docs/exec.md for the schema)\n"
        "\n"
        "state file (unset registers read 0 and are reported):\n"
        "  wave64                          # optional, before any assignment\n"
        "  exec = 0xffffffffffffffff       # default: all lanes on\n"
        "  s2 = 0x12345678\n"
        "  s[2:3] = 0x0123456789abcdef     # a 64-bit pair\n"
        "  vcc = 0x5      m0 = 7      scc = 1      ttmp4 = 3\n"
        "  v1 = 0x01020304                 # every lane\n"
        "  v1 = 0x1 0x2 0x3 ...            # one value per lane (exactly wave-size values)\n"
        "  v1[3] = 0x9                     # one lane\n"
        "  v[2:3] = 0x0123456789abcdef     # a 64-bit value in a VGPR pair, every lane\n"
        "  Any special register the target has: vcc_lo, exec_hi, flat_scratch, tba,\n"
        "  xnack_mask, src_shared_base (64-bit), src_pops_exiting_wave_id, ...\n"
        "  Values: decimal, 0x hex, 0b binary, negative decimal. '#' starts a comment.\n"
        "\n"
        "Warnings (stderr): destination overlapping a source (the result is computed from the\n"
        "sources as they were before the write; hardware may differ), registers read but never\n"
        "set. exit status: 0 ok, 1 invalid input (state, instruction, not executable),\n"
        "2 usage error.\n"
        "\n"
        "example:\n"
        "  $ mqsad exec -t gfx900 --set 'v[2:3] = 0x0706050403020100' --set 'v1 = 0x03020100' \\\n"
        "      --set 'v8 = 11' --set 'v9 = 13' --set 'v10 = 17' --set 'v11 = 19' \\\n"
        "      'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'\n"
        "  v4 = 0x0000000b 0x0000000b ...\n"
        "  $ mqsad exec -t gfx1100 --set 'v1 = 0x04030201' --set 'v2 = 0x08060402' \\\n"
        "      'v_sad_u8 v0, v1, v2, 5'\n"
        "  v0 = 0x0000000f 0x0000000f ...\n");
}

static _Alignas(MQSAD_WAVE_ALIGN) mqsad_wave_state g_state;   /* ~67 KiB: not on the stack */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Parses --bytes arguments: tokens separated by blanks, commas and brackets; "0xHH" is one
 * byte, a bare run of hex digits is read two digits per byte. Returns 0 ok, else prints. */
static int parse_bytes(int argc, char **argv, uint8_t *out, size_t *n)
{
    int a;
    *n = 0;
    for (a = 0; a < argc; a++) {
        const char *s = argv[a];
        size_t i = 0, len = strlen(s);
        while (i < len) {
            size_t j;
            if (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '[' || s[i] == ']' || s[i] == '\n') {
                i++;
                continue;
            }
            j = i;
            while (j < len && !(s[j] == ' ' || s[j] == '\t' || s[j] == ',' || s[j] == '[' || s[j] == ']' || s[j] == '\n'))
                j++;
            if (j - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
                size_t k;
                unsigned v = 0;
                if (j - i > 4) goto bad;
                for (k = i + 2; k < j; k++) {
                    if (hexval(s[k]) < 0) goto bad;
                    v = v * 16 + (unsigned)hexval(s[k]);
                }
                if (*n >= EXEC_MAX_BYTES) goto toomany;
                out[(*n)++] = (uint8_t)v;
            } else {
                size_t k;
                if ((j - i) % 2) goto bad;
                for (k = i; k < j; k += 2) {
                    if (hexval(s[k]) < 0 || hexval(s[k + 1]) < 0) goto bad;
                    if (*n >= EXEC_MAX_BYTES) goto toomany;
                    out[(*n)++] = (uint8_t)(hexval(s[k]) * 16 + hexval(s[k + 1]));
                }
            }
            i = j;
            continue;
        bad:
            fprintf(stderr, "mqsad exec: --bytes: invalid byte '%.*s' (use 0xHH or pairs of hex digits)\n",
                    (int)(j - i > 40 ? 40 : j - i), s + i);
            return 1;
        toomany:
            fprintf(stderr, "mqsad exec: --bytes: more than %d bytes\n", EXEC_MAX_BYTES);
            return 1;
        }
    }
    if (*n == 0) {
        fprintf(stderr, "mqsad exec: --bytes: no bytes given\n");
        return 2;
    }
    return 0;
}

/* Reads the state file line by line into g_state. Returns 0 ok, 1 invalid, 2 cannot open. */
static int load_state_file(const char *path)
{
    static char line[MQSAD_STATE_LINE_MAX + 2];
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    unsigned lineno = 0;
    int rc = 0;
    if (!f) {
        fprintf(stderr, "mqsad exec: cannot open state file '%s': %s\n", path, strerror(errno));
        return 2;
    }
    for (;;) {
        size_t n = 0;
        int ch, toolong = 0;
        mqsad_state_diag d;
        /* read one line by hand: NUL bytes stay visible to the parser */
        while ((ch = getc(f)) != EOF && ch != '\n') {
            if (n < sizeof line - 1) line[n++] = (char)ch;
            else toolong = 1;
        }
        if (ch == EOF && n == 0 && !toolong) break;
        lineno++;
        if (n && line[n - 1] == '\r') n--;
        if (toolong || n > MQSAD_STATE_LINE_MAX) {
            fprintf(stderr, "%s:%u:%u: error: line longer than %d bytes\n", path, lineno,
                    (unsigned)MQSAD_STATE_LINE_MAX + 1, MQSAD_STATE_LINE_MAX);
            rc = 1;
            break;
        }
        if (mqsad_state_parse_line(&g_state, line, n, &d) != MQSAD_OK) {
            fprintf(stderr, "%s:%u:%u: error: %s\n", path, lineno, d.column, d.message);
            rc = 1;
            break;
        }
        if (ch == EOF) break;
    }
    if (rc == 0 && ferror(f)) {
        cli_read_error("exec", path, errno);
        rc = 1;
    }
    if (f != stdin) fclose(f);
    return rc;
}

/* Appends s to a JSON string (quoted, escaped). */
static void json_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

static const char *const slot_name[3] = { "SRC0", "SRC1", "SRC2" };

int cmd_exec(int argc, char **argv)
{
    const char *target_name = NULL, *state_path = NULL;
    const char *sets[EXEC_MAX_SETS];
    char *pos[EXEC_MAX_SETS];
    int nsets = 0, npos = 0, json = 0, bytes_mode = 0, i, rc, topt;
    unsigned wave = 0;
    const mqsad_target *t;
    mqsad_inst inst;
    mqsad_wave_report rep;
    mqsad_status s;
    char text[EXEC_TEXT_MAX], canon[256], warn[MQSAD_WAVE_MAX_UNSET + 2][200];
    unsigned nwarn = 0, k, dwords = 4;
    uint64_t lanes;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (npos > 0 && a[0] == '-' && strcmp(a, "--json") && strcmp(a, "--wave32") && strcmp(a, "--wave64") &&
            strcmp(a, "--set") && strcmp(a, "--state") && strcmp(a, "--bytes") && !cli_is_target_option(a) &&
            !cli_is_help(a)) {
            /* after the instruction started, "-1," etc. are operands */
            if (npos >= EXEC_MAX_SETS) goto too_many;
            pos[npos++] = argv[i];
            continue;
        }
        if (cli_is_help(a)) { exec_usage(stdout); return 0; }
        if ((topt = cli_target_arg("exec", argc, argv, &i, &target_name)) != 0) {
            if (topt < 0) return 2;
        } else if (!strcmp(a, "--wave32") || !strcmp(a, "--wave64")) {
            unsigned w = a[6] == '3' ? 32u : 64u;
            if (wave && wave != w) { fprintf(stderr, "mqsad exec: --wave32 and --wave64 conflict\n"); return 2; }
            wave = w;
        } else if (!strcmp(a, "--state")) {
            if (++i >= argc) { fprintf(stderr, "mqsad exec: --state needs a file\n"); return 2; }
            if (state_path) { fprintf(stderr, "mqsad exec: only one --state file\n"); return 2; }
            state_path = argv[i];
        } else if (!strcmp(a, "--set")) {
            if (++i >= argc) { fprintf(stderr, "mqsad exec: --set needs 'REG = VALUE'\n"); return 2; }
            if (nsets >= EXEC_MAX_SETS) { fprintf(stderr, "mqsad exec: more than %d --set\n", EXEC_MAX_SETS); return 2; }
            sets[nsets++] = argv[i];
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--bytes")) {
            bytes_mode = 1;
        } else if (!strcmp(a, "--")) {
            for (i++; i < argc; i++) {
                if (npos >= EXEC_MAX_SETS) goto too_many;
                pos[npos++] = argv[i];
            }
        } else if (a[0] == '-' && a[1] && !(bytes_mode && hexval((unsigned char)a[1]) >= 0)) {
            fprintf(stderr, "mqsad exec: unknown option '%s' (try 'mqsad exec --help')\n", a);
            return 2;
        } else {
            if (npos >= EXEC_MAX_SETS) goto too_many;
            pos[npos++] = argv[i];
        }
    }
    if (!target_name) { fprintf(stderr, "mqsad exec: -t TARGET is required (try 'mqsad exec --help')\n"); return 2; }
    if (!(t = cli_target("exec", target_name))) return 2;
    if (npos == 0) {
        fprintf(stderr, "mqsad exec: no instruction given (text, or --bytes HEX...)\n");
        return 2;
    }
    if (wave && !mqsad_wave_size_ok(t, wave)) {
        fprintf(stderr, "mqsad exec: %s has no wave%u\n", t->name, wave);
        return 2;
    }
    if (mqsad_wave_init(&g_state, t, wave) != MQSAD_OK) {
        fprintf(stderr, "mqsad exec: cannot initialise a wave for %s\n", t->name);
        return 2;
    }
    g_state.wave_fixed = wave != 0;

    /* The instruction first: its errors are independent of the state. */
    if (bytes_mode) {
        uint8_t bytes[EXEC_MAX_BYTES];
        size_t nb;
        if ((rc = parse_bytes(npos, pos, bytes, &nb)) != 0) return rc;
        s = mqsad_decode(t, bytes, nb, &inst);
        if (s != MQSAD_OK) {
            fprintf(stderr, "mqsad exec: --bytes: cannot decode v_mqsad_u32_u8 for %s: %s\n", t->name,
                    mqsad_strerror(s));
            return 1;
        }
        if (inst.length < nb) {
            fprintf(stderr, "mqsad exec: --bytes: %zu bytes after the %u-byte instruction\n",
                    nb - inst.length, (unsigned)inst.length);
            return 1;
        }
    } else {
        size_t len = 0;
        mqsad_diag d;
        for (i = 0; i < npos; i++) {
            size_t l = strlen(pos[i]);
            if (len + l + 2 > sizeof text) {
                fprintf(stderr, "mqsad exec: instruction text longer than %d bytes\n", EXEC_TEXT_MAX - 1);
                return 1;
            }
            if (i) text[len++] = ' ';
            memcpy(text + len, pos[i], l);
            len += l;
        }
        text[len] = 0;
        memset(&d, 0, sizeof d);
        s = mqsad_parse(t, text, len, &inst, &d);
        if (s != MQSAD_OK) {
            unsigned col = d.column ? d.column : 1, c;
            fprintf(stderr, "<instruction>:1:%u: error: %s\n%s\n", col,
                    d.message[0] ? d.message : mqsad_strerror(s), text);
            for (c = 1; c < col && c <= len; c++) fputc(text[c - 1] == '\t' ? '\t' : ' ', stderr);
            fputs("^\n", stderr);
            return 1;
        }
    }

    if (state_path && (rc = load_state_file(state_path)) != 0) return rc;
    for (i = 0; i < nsets; i++) {
        mqsad_state_diag d;
        if (mqsad_state_parse_line(&g_state, sets[i], strlen(sets[i]), &d) != MQSAD_OK) {
            fprintf(stderr, "--set '%s':1:%u: error: %s\n", sets[i], d.column, d.message);
            return 1;
        }
    }

    {
        const mqsad_insn_info *info = mqsad_insn_get(inst.insn);
        dwords = info ? info->width[MQSAD_SLOT_VDST] : 4u;
    }
    s = mqsad_wave_exec_report(&g_state, &inst, &rep);
    if (s != MQSAD_OK) {
        fprintf(stderr, "mqsad exec: error: cannot execute on %s: %s\n", t->name, mqsad_strerror(s));
        return 1;
    }

    /* Warnings */
    if (rep.flags & MQSAD_EXEC_OVERLAP) {
        char list[32] = "";
        for (k = 0; k < 3; k++)
            if (rep.overlap_slots & (1u << k)) {
                if (list[0]) strcat(list, ", ");
                strcat(list, slot_name[k]);
            }
        char dst[24];
        if (dwords == 1) snprintf(dst, sizeof dst, "v%u", (unsigned)inst.vdst.reg);
        else snprintf(dst, sizeof dst, "v[%u:%u]", (unsigned)inst.vdst.reg,
                      (unsigned)inst.vdst.reg + dwords - 1);
        snprintf(warn[nwarn++], sizeof warn[0],
                 "destination %s overlaps %s: result computed from the sources before the write; not guaranteed on hardware",
                 dst, list);
    }
    for (k = 0; k < rep.unset_count && nwarn < MQSAD_WAVE_MAX_UNSET + 2; k++) {
        char name[48];
        if (mqsad_wave_reg_name(t, rep.unset[k], name, sizeof name) != MQSAD_OK)
            snprintf(name, sizeof name, "register %u", (unsigned)rep.unset[k]);
        snprintf(warn[nwarn++], sizeof warn[0], "%s is read but was never set (reads 0)", name);
    }
    for (k = 0; k < nwarn; k++) fprintf(stderr, "mqsad exec: warning: %s\n", warn[k]);

    lanes = g_state.wave_size == 64 ? g_state.exec : (g_state.exec & 0xffffffffull);
    if (json) {
        unsigned r, l;
        printf("{\n  \"target\": ");
        json_str(stdout, t->name);
        printf(",\n  \"wave_size\": %u,\n", g_state.wave_size);
        if (mqsad_format(&inst, canon, sizeof canon, NULL) == MQSAD_OK) {
            printf("  \"instruction\": ");
            json_str(stdout, canon);
            printf(",\n");
        }
        if (g_state.wave_size == 64) printf("  \"exec\": \"0x%016llx\",\n", (unsigned long long)lanes);
        else printf("  \"exec\": \"0x%08llx\",\n", (unsigned long long)lanes);
        printf("  \"registers\": {\n");
        for (r = 0; r < dwords; r++) {
            unsigned v = inst.vdst.reg + r;
            printf("    \"v%u\": [", v);
            for (l = 0; l < g_state.wave_size; l++)
                printf("%s\"0x%08x\"", l ? ", " : "", (unsigned)g_state.vgpr[v][l]);
            printf("]%s\n", r + 1 < dwords ? "," : "");
        }
        printf("  },\n  \"warnings\": [");
        for (k = 0; k < nwarn; k++) {
            printf("%s\n    ", k ? "," : "");
            json_str(stdout, warn[k]);
        }
        printf("%s]\n}\n", nwarn ? "\n  " : "");
    } else {
        char line[16 + 11 * MQSAD_MAX_LANES];
        unsigned r;
        for (r = 0; r < dwords; r++) {
            if (mqsad_wave_format_vgpr(&g_state, inst.vdst.reg + r, line, sizeof line, NULL) != MQSAD_OK) {
                fprintf(stderr, "mqsad exec: internal error formatting v%u\n", inst.vdst.reg + r);
                return 1;
            }
            printf("%s\n", line);
        }
    }
    return 0;
too_many:
    fprintf(stderr, "mqsad exec: too many arguments\n");
    return 2;
}
