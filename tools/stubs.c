/* stubs.c — placeholder commands; each is replaced by its own file (cmd_X.c) as it lands.
 * Remove a stub here when you add the real command. */
#include "cli.h"
#include <string.h>

int cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

#define STUB(fn, nm) int fn(int argc, char **argv) { (void)argc; (void)argv; \
    fprintf(stderr, "mqsad %s: not implemented yet\n", nm); return 2; }
