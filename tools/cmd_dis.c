/*
 * cmd_dis.c — `mqsad dis`: llvm-mc -disassemble for the SAD family. Argument handling and
 * I/O around the library's disassembly stream (mqsad_dis_stream_*, include/mqsad.h), which
 * reads llvm-mc's input syntax and prints llvm-mc's text and diagnostics.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DIS_READ (256 * 1024)   /* bytes read at a time */

static void dis_usage(FILE *out)
{
    fprintf(out,
        "usage: mqsad dis -t TARGET [--explain] [--bin | --words] [FILE]\n"
        "\n"
        "Disassembles bytes the way `llvm-mc -triple=amdgcn -mcpu=TARGET -disassemble` does,\n"
        "for the SAD family (v_mqsad_u32_u8 and the other VOP3 sum-of-absolute-differences\n"
        "instructions the decoder knows). Input (FILE, or standard input when absent or \"-\"):\n"
        "byte tokens such as 0x04 (also decimal, 0b.., 0o.., leading-0 octal; at most 255)\n"
        "separated by spaces, tabs or commas; `#` starts a comment; [ ... ] is an atomic\n"
        "block (decoding stops at its first invalid instruction). Without brackets an\n"
        "invalid position is reported and decoding resumes 4 bytes later, like llvm-mc.\n"
        "Each instruction prints as a TAB, the llvm-mc 22 text and a newline; problems go to\n"
        "stderr as FILE:LINE:COL: warning: invalid instruction encoding (or error: ...),\n"
        "with the source line and a caret.\n"
        "\n"
        "  -t TARGET, --target=TARGET   gfx name (gfx1100) or generation (gcn2, gcn3, vega,\n"
        "                               cdna1..cdna5, rdna1..rdna4, rdna3.5); GFX7 decodes\n"
        "                               exactly what the GFX7 assembler produces; also\n"
        "                               -mcpu=TARGET, as llvm-mc\n"
        "  --explain                    after each word, a table of its bit fields\n"
        "                               (name, bits hi:lo, value, meaning), as `;` lines\n"
        "  --bin                        the input is raw bytes (e.g. `mqsad asm --bin`);\n"
        "                               problems are reported at their byte offset as\n"
        "                               FILE: byte N (0xN): warning: invalid instruction\n"
        "                               encoding: REASON, then the bytes there; decoding\n"
        "                               resumes 4 bytes later\n"
        "  --words                      tokens are 32-bit words in hex (d63d0004 or\n"
        "                               0xD63D0004, as `mqsad asm --hex` and shader dumps\n"
        "                               print them), little-endian in memory; otherwise\n"
        "                               as above (comments, blocks, line:column)\n"
        "  -h, --help                   this text\n"
        "\n"
        "Differences from llvm-mc: instructions the decoder does not know are reported as\n"
        "invalid encodings (llvm-mc would decode them; the 4-byte resync may then differ);\n"
        "a malformed token drops what was collected since the last bracket, as in llvm-mc,\n"
        "up to 1 MiB of output (beyond that it stays printed; on a terminal every line is\n"
        "shown at once); lines are limited to %d bytes; the exit status is 1 whenever\n"
        "anything was invalid.\n"
        "\n"
        "exit status: 0 all input decoded, 1 some input was invalid, 2 usage error.\n",
        MQSAD_DIS_LINE_MAX - 1);
}

/* The stream's write function: each channel to its standard stream. */
static void dis_write(void *user, int channel, const char *data, size_t len)
{
    (void)user;
    fwrite(data, 1, len, channel == MQSAD_STREAM_OUT ? stdout : stderr);
}

/* Feeds the whole input to s; 0, or 1 after a read error (reported). */
static int dis_read(mqsad_dis_stream *s, int fd, const char *name, char *buf)
{
    for (;;) {
        ssize_t got = read(fd, buf, DIS_READ);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {   /* a directory, EIO: not the end of the input */
            int err = errno;
            mqsad_dis_stream_flush(s);
            cli_read_error("dis", name, err);
            return 1;
        }
        if (got == 0) return 0;
        mqsad_dis_stream_feed(s, buf, (size_t)got);
    }
}

int cmd_dis(int argc, char **argv)
{
    mqsad_dis_stream_config cfg;
    mqsad_dis_stream *s;
    const char *tname = NULL, *path = NULL;
    int i, rc, fd = 0, own_fd = 0;
    void *mem;
    char *buf;
    memset(&cfg, 0, sizeof cfg);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) { dis_usage(stdout); return 0; }
        int t = cli_target_arg("dis", argc, argv, &i, &tname);
        if (t < 0) return 2;
        if (t) continue;
        if (!strcmp(a, "--explain")) cfg.flags |= MQSAD_DIS_EXPLAIN;
        else if (!strcmp(a, "--bin")) cfg.flags |= MQSAD_DIS_BINARY;
        else if (!strcmp(a, "--words")) cfg.flags |= MQSAD_DIS_WORDS;
        else if (a[0] == '-' && a[1]) { fprintf(stderr, "mqsad dis: unknown option '%s'\n", a); dis_usage(stderr); return 2; }
        else if (path) { fprintf(stderr, "mqsad dis: more than one input file\n"); return 2; }
        else path = a;
    }
    if (!tname) { fprintf(stderr, "mqsad dis: missing -t TARGET\n"); dis_usage(stderr); return 2; }
    if ((cfg.flags & MQSAD_DIS_BINARY) && (cfg.flags & MQSAD_DIS_WORDS)) {
        fprintf(stderr, "mqsad dis: --bin and --words exclude each other\n");
        return 2;
    }
    if (!(cfg.target = cli_target("dis", tname))) return 2;
    if (path && strcmp(path, "-")) {
        do fd = open(path, O_RDONLY);
        while (fd < 0 && errno == EINTR);
        if (fd < 0) {
            fprintf(stderr, "mqsad dis: cannot open '%s': %s\n", path, strerror(errno));
            return 2;
        }
        own_fd = 1;   /* (fd may be 0 when stdin was closed) */
    }
    /* a terminal shows the text and the diagnostics in order, as llvm-mc's unbuffered
     * output to a terminal does */
    if (isatty(1)) cfg.flags |= MQSAD_DIS_INTERLEAVE;
    cfg.name = own_fd ? path : "<stdin>";
    cfg.write = dis_write;
    mem = malloc(mqsad_dis_stream_size());
    buf = malloc(DIS_READ);
    if (!mem || !buf || !(s = mqsad_dis_stream_init(mem, mqsad_dis_stream_size(), &cfg))) {
        fprintf(stderr, "mqsad dis: out of memory\n");
        free(mem);
        free(buf);
        if (own_fd) close(fd);
        return 2;
    }
    rc = dis_read(s, fd, cfg.name, buf);
    mqsad_dis_stream_finish(s);
    if (mqsad_dis_stream_diagnostics(s)) rc = 1;
    free(mem);
    free(buf);
    if (own_fd) close(fd);
    return rc;   /* main() checks that stdout was written */
}
