/* cli.c — helpers the command files share (declared in cli.h). */
#include "cli.h"
#include <errno.h>
#include <string.h>

int cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

void cli_read_error(const char *cmd, const char *name, int err)
{
    fflush(stdout);   /* the output so far comes first */
    fprintf(stderr, "mqsad %s: read error on %s: %s\n", cmd, name, strerror(err ? err : EIO));
}
