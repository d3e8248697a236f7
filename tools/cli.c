/* cli.c — helpers the command files share (declared in cli.h). */
#define _DEFAULT_SOURCE 1   /* madvise, MADV_HUGEPAGE, MAP_ANONYMOUS (glibc and musl) */
#include "cli.h"
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
#define CLI_HUGE ((size_t)2 << 20)   /* x86-64's PMD page; elsewhere a harmless alignment */
#endif

void *cli_hot_alloc(size_t size, int big_input, size_t *mapped)
{
    *mapped = 0;
#ifdef CLI_HUGE
    if (big_input && size && size <= SIZE_MAX - 2 * CLI_HUGE) {
        size_t len = (size + CLI_HUGE - 1) & ~(CLI_HUGE - 1);
        char *raw = mmap(NULL, len + CLI_HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw != MAP_FAILED) {
            /* keep the aligned len bytes: a huge page needs a 2 MiB-aligned range */
            char *p = (char *)(((uintptr_t)raw + CLI_HUGE - 1) & ~(uintptr_t)(CLI_HUGE - 1));
            if (p > raw) munmap(raw, (size_t)(p - raw));
            if (p + len < raw + len + CLI_HUGE) munmap(p + len, (size_t)(raw + len + CLI_HUGE - (p + len)));
            madvise(p, len, MADV_HUGEPAGE);   /* advice: 4 KiB pages if refused */
            *mapped = len;
            return p;
        }
    }
#else
    (void)big_input;
#endif
    return calloc(1, size);
}

void cli_hot_free(void *p, size_t mapped)
{
#ifdef CLI_HUGE
    if (mapped) { munmap(p, mapped); return; }
#else
    (void)mapped;
#endif
    free(p);
}

int cli_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

void cli_read_error(const char *cmd, const char *name, int err)
{
    fflush(stdout);   /* the output so far comes first */
    fprintf(stderr, "mqsad %s: read error on %s: %s\n", cmd, name, strerror(err ? err : EIO));
}
