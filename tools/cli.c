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

/* The option's spellings; each but -t also as OPTION=NAME */
static const char *const k_target_opts[] = { "-t", "--target", "-mcpu", "--mcpu" };

/* the length of the target option that opens arg (then '\0' or, with *eq, '='); 0 if none */
static size_t target_opt(const char *arg, int *eq)
{
    size_t k, n;
    for (k = 0; k < sizeof k_target_opts / sizeof k_target_opts[0]; k++) {
        n = strlen(k_target_opts[k]);
        if (strncmp(arg, k_target_opts[k], n)) continue;
        *eq = k > 0 && arg[n] == '=';
        if (!arg[n] || *eq) return n;
    }
    return 0;
}

int cli_is_target_option(const char *arg)
{
    int eq;
    return target_opt(arg, &eq) != 0;
}

int cli_target_arg(const char *cmd, int argc, char **argv, int *i, const char **name)
{
    int eq;
    size_t n = target_opt(argv[*i], &eq);
    if (!n) return 0;
    if (eq) { *name = argv[*i] + n + 1; return 1; }
    if (*i + 1 >= argc) {
        fprintf(stderr, "mqsad %s: %s needs a target\n", cmd, argv[*i]);
        return -1;
    }
    *name = argv[++*i];
    return 1;
}

const mqsad_target *cli_target(const char *cmd, const char *name)
{
    const mqsad_target *t = mqsad_target_lookup(name);
    if (!t) fprintf(stderr, "mqsad %s: unknown target '%s' (see 'mqsad info --list')\n", cmd, name);
    return t;
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
