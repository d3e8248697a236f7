/* main.c — the mqsad command-line tool: dispatches to one file per command. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const struct cli_command commands[] = {
    { "info", "show an instruction's layout and operands per target (-i MNEMONIC)", cmd_info },
    { "eval", "compute results from operand lines (-i MNEMONIC; S0 S1 S2 [clamp])", cmd_eval },
    { "dis", "disassemble bytes (llvm-mc -disassemble syntax)", cmd_dis },
    { "asm", "assemble LLVM AMDGPU text (llvm-mc -show-encoding output)", cmd_asm },
    { "exec", "execute one SAD instruction on a wave's register state", cmd_exec },
    { "bench", "benchmark the kernels and tools", cmd_bench },
    { "demo", "v_mqsad_u32_u8 on every generation, then the SAD family", cmd_demo },
};

static char help_flag[] = "--help";

static void usage(FILE *out)
{
    size_t i;
    fprintf(out, "usage: mqsad COMMAND [OPTIONS] [ARGS]\n"
                 "       mqsad --help | --version\n\ncommands:\n");
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-6s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'mqsad COMMAND --help' (or 'mqsad help COMMAND') describes a command;\n"
                 "'man mqsad' has all of them with examples.\n"
                 "\ninstructions (see 'mqsad info -i NAME'):");
    for (i = 0; i < MQSAD_INSN_COUNT; i++)
        fprintf(out, "%s%s", i % 4 ? ", " : (i ? ",\n  " : "\n  "),
                mqsad_insn_get((mqsad_insn_id)i)->name);
    fprintf(out, "\n"
                 "\ntargets: gfx names (gfx600 .. gfx1251) or generation names (gcn1, gcn2,\n"
                 "gcn3, vega, cdna1 .. cdna5, rdna1, rdna2, rdna3, rdna3.5, rdna4); see\n"
                 "'mqsad info --list'.\n"
                 "\nexit status: 0 success, 1 some input was invalid, 2 usage error.\n");
}

/* Output that could not be written (a full disk, an I/O error) fails the run, whatever
 * the command: stdout is checked once, here, after the command has written everything. */
static int finish(const char *cmd, int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "mqsad%s%s: error writing standard output\n", cmd ? " " : "", cmd ? cmd : "");
        return rc ? rc : 1;
    }
    return rc;
}

int main(int argc, char **argv)
{
    size_t i;
    if (argc < 2) { usage(stderr); return 2; }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        if (argc > 2 && !strcmp(argv[1], "help")) {   /* mqsad help COMMAND */
            for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
                if (!strcmp(argv[2], commands[i].name)) {
                    char *hargv[3];
                    hargv[0] = argv[2];
                    hargv[1] = help_flag;
                    hargv[2] = NULL;
                    return finish(argv[2], commands[i].run(2, hargv));
                }
            fprintf(stderr, "mqsad: unknown command '%s' (try 'mqsad --help')\n", argv[2]);
            return 2;
        }
        usage(stdout);
        return finish(NULL, 0);
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("mqsad %s\n", mqsad_version());
        return finish(NULL, 0);
    }
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return finish(argv[1], commands[i].run(argc - 1, argv + 1));
    fprintf(stderr, "mqsad: unknown command '%s' (try 'mqsad --help')\n", argv[1]);
    return 2;
}
