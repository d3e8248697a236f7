/* cli.h — what the CLI's command files share. Commands use the public API only. */
#ifndef MQSAD_CLI_H
#define MQSAD_CLI_H

#include "mqsad.h"
#include <stdio.h>

struct cli_command {
    const char *name, *summary;
    int (*run)(int argc, char **argv);   /* argv[0] is the command name */
};

/* Each returns the process exit status: 0 ok, 1 invalid input, 2 usage error. */
int cmd_info(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_dis(int argc, char **argv);
int cmd_asm(int argc, char **argv);
int cmd_exec(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_demo(int argc, char **argv);

/* 1 if argv[i] is --help or -h. */
int cli_is_help(const char *arg);

/* "mqsad CMD: read error on NAME: strerror(err)" (EIO's if err is 0) on stderr, after
 * flushing stdout: for a read that failed (a directory, EIO) rather than reached the end
 * of the input. The caller flushes its own output buffer first and exits 1. */
void cli_read_error(const char *cmd, const char *name, int err);

/* The target option at argv[*i]: -t NAME, --target NAME, --target=NAME, or llvm-mc's
 * -mcpu NAME, --mcpu NAME, -mcpu=NAME, --mcpu=NAME. Returns 1 with *name set (and *i on a
 * separate NAME), -1 after "mqsad CMD: OPT needs a target" on stderr when NAME is missing
 * (the caller exits 2), 0 if argv[*i] is no target option. */
int cli_target_arg(const char *cmd, int argc, char **argv, int *i, const char **name);
/* 1 if arg is one of the spellings of the target option cli_target_arg reads */
int cli_is_target_option(const char *arg);

/* mqsad_target_lookup(name), or NULL after "mqsad CMD: unknown target 'NAME' ..." on stderr;
 * the caller exits 2. (A target without an instruction is known: commands report that per
 * instruction.) */
const mqsad_target *cli_target(const char *cmd, const char *name);
/* The family's mnemonics from the instruction table, three a line, lines after the first
 * indented by indent spaces (for --help texts). */
void cli_print_insn_names(FILE *out, size_t indent);

/* n spaces to o, in blocks */
static inline void cli_spaces(FILE *o, size_t n)
{
    static const char sp[64] = "                                                                ";
    while (n) {
        size_t k = n < sizeof sp ? n : sizeof sp;
        fwrite(sp, 1, k, o);
        n -= k;
    }
}

#endif
