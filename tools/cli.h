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

#endif
