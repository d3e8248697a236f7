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
    const mqsad_target *t = mqsad_target_lookup(name);
    const char *gen;
    if (t) return t;
    if ((gen = mqsad_target_without_instruction(name)) != NULL)
        fprintf(stderr, "mqsad %s: unknown target '%s': %s has no v_mqsad_u32_u8 (it first"
                " appears in GFX7, gfx700; see 'mqsad info --list')\n", cmd, name, gen);
    else
        fprintf(stderr, "mqsad %s: unknown target '%s' (see 'mqsad info --list')\n", cmd, name);
    return NULL;
}

void cli_print_insn_names(FILE *out, size_t indent)
{
    unsigned k;
    for (k = 0; k < MQSAD_INSN_COUNT; k++) {
        if (k) fputs(k % 3 ? ", " : ",\n", out);
        if (k && k % 3 == 0) cli_spaces(out, indent);
        fputs(mqsad_insn_get((mqsad_insn_id)k)->name, out);
    }
}
