/* cmd_asm.c — `mqsad asm -t TARGET [--hex|--bin] [FILE]`: LLVM AMDGPU assembly in,
 * llvm-mc -show-encoding output out (without llvm-mc's leading "\t.text" line).
 *
 * Argument handling and I/O only: the input is read in blocks and fed to the library's
 * assembly stream (mqsad_asm_stream_feed_parallel, which cuts statements, prints what
 * llvm-mc prints, diagnostics included, and spreads the work over threads); its blocks go
 * to standard output and standard error. Memory does not grow with the input. The exit
 * status is 1 if any error was reported. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READ_BUF (1 << 21)   /* large: each block is shared out among the threads */

static void usage(FILE *o)
{
    fprintf(o, "usage: mqsad asm -t TARGET [--hex|--bin] [-j N] [FILE]\n"
               "  Assembles SAD-family lines (v_mqsad_u32_u8 and its seven siblings; LLVM syntax) like\n"
               "  `llvm-mc -triple=amdgcn -mcpu=TARGET -show-encoding` (no leading .text line).\n"
               "  -t, --target NAME  gfx name (gfx1100) or generation (rdna3, cdna3, ...); also -mcpu=NAME\n"
               "  --hex              print each instruction as little-endian 32-bit hex words\n"
               "  --bin              write the raw bytes to stdout\n"
               "  -j, --jobs N       threads (default: one per CPU; the output is the same)\n"
               "  FILE               input file (default: standard input, named <stdin>)\n");
}

static void write_block(void *user, int channel, const char *data, size_t len)
{
    (void)user;
    fwrite(data, 1, len, channel == MQSAD_STREAM_DIAG ? stderr : stdout);
}

int cmd_asm(int argc, char **argv)
{
    mqsad_asm_stream_config cfg;
    mqsad_asm_stream *s;
    const char *tname = NULL, *file = NULL;
    void *mem;
    char *buf;
    FILE *in;
    int i, err = 0, status;
    unsigned jobs = 0;
    size_t got, work_size;

    memset(&cfg, 0, sizeof cfg);
    cfg.output = MQSAD_ASM_SHOW_ENCODING;
    for (i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) { usage(stdout); return 0; }
        int t = cli_target_arg("asm", argc, argv, &i, &tname);
        if (t < 0) return 2;
        if (t) continue;
        if (!strcmp(argv[i], "--hex") || !strcmp(argv[i], "--bin")) {
            mqsad_asm_output mode = !strcmp(argv[i], "--hex") ? MQSAD_ASM_HEX : MQSAD_ASM_BIN;
            if (cfg.output != MQSAD_ASM_SHOW_ENCODING && cfg.output != mode) {
                fprintf(stderr, "mqsad asm: --hex and --bin exclude each other\n");
                return 2;
            }
            cfg.output = mode;
        } else if (!strcmp(argv[i], "-j") || !strcmp(argv[i], "--jobs") || !strncmp(argv[i], "--jobs=", 7)) {
            const char *v = !strncmp(argv[i], "--jobs=", 7) ? argv[i] + 7 : ++i < argc ? argv[i] : NULL;
            char *end;
            unsigned long n = v ? strtoul(v, &end, 10) : 0;
            if (!v || !*v || *end || n < 1 || n > MQSAD_ASM_THREADS_MAX) {
                fprintf(stderr, "mqsad asm: -j needs a number of threads from 1 to %d\n", MQSAD_ASM_THREADS_MAX);
                return 2;
            }
            jobs = (unsigned)n;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mqsad asm: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (!file) file = argv[i];
        else { fprintf(stderr, "mqsad asm: more than one input file\n"); return 2; }
    }
    if (!tname) { fprintf(stderr, "mqsad asm: a target is required (-t TARGET)\n"); usage(stderr); return 2; }
    cfg.target = cli_target("asm", tname);
    if (!cfg.target) return 2;
    if (file && strcmp(file, "-")) {
        in = fopen(file, "r");
        if (!in) { fprintf(stderr, "mqsad asm: cannot open '%s': %s\n", file, strerror(errno)); return 2; }
        cfg.name = file;
    } else {
        in = stdin;
        cfg.name = "<stdin>";
    }
    cfg.write = write_block;

    work_size = mqsad_asm_parallel_size(jobs);
    mem = malloc(mqsad_asm_stream_size() + READ_BUF + work_size);
    s = mem ? mqsad_asm_stream_init(mem, mqsad_asm_stream_size(), &cfg) : NULL;
    if (!s) {
        fprintf(stderr, "mqsad asm: out of memory\n");
        free(mem);
        if (in != stdin) fclose(in);
        return 2;
    }
    buf = (char *)mem + mqsad_asm_stream_size();
    while ((got = fread(buf, 1, READ_BUF, in)) > 0)
        mqsad_asm_stream_feed_parallel(s, buf, got, jobs, buf + READ_BUF, work_size);
    if (ferror(in)) err = errno;
    mqsad_asm_stream_finish(s);
    status = mqsad_asm_stream_errors(s) ? 1 : 0;
    free(mem);
    if (ferror(in)) {
        cli_read_error("asm", cfg.name, err);
        status = 1;
    }
    if (in != stdin) fclose(in);
    fflush(stdout);
    return status;
}
