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

const mqsad_target *cli_target(const char *cmd, const char *name)
{
    /* LLVM's GFX6 processors: known GPUs without V_MQSAD_U32_U8 (it came with GFX7), so
     * the target table has no row for them and the user gets told why */
    static const char *const gfx6[] = { "gfx600", "gfx601", "gfx602", "tahiti", "pitcairn",
                                        "verde", "oland", "hainan" };
    const mqsad_target *t = mqsad_target_lookup(name);
    size_t i;
    if (t) return t;
    for (i = 0; i < sizeof gfx6 / sizeof gfx6[0]; i++)
        if (!strcmp(name, gfx6[i])) {
            fprintf(stderr, "mqsad %s: unknown target '%s': GFX6 has no v_mqsad_u32_u8 (it first"
                    " appears in GFX7, gfx700; see 'mqsad info --list')\n", cmd, name);
            return NULL;
        }
    fprintf(stderr, "mqsad %s: unknown target '%s' (see 'mqsad info --list')\n", cmd, name);
    return NULL;
}
