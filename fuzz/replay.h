/*
 * replay.h — reads corpus files and feeds them to a harness entry point. Shared by
 * fuzz/replay_main.c and tests/test_fuzz_replay.c (header-only: static functions).
 */
#ifndef MQSAD_FUZZ_REPLAY_H
#define MQSAD_FUZZ_REPLAY_H

#include "fuzz.h"

#include <dirent.h>
#include <sys/stat.h>

typedef int (*fuzz_entry_fn)(const uint8_t *data, size_t size);

/* Runs fn on one file's bytes (exact-size heap copy). -1 if the file cannot be read. */
static int fuzz_replay_file(const char *path, fuzz_entry_fn fn, int verbose)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL, *exact;
    size_t len = 0, cap = 0, got;
    if (!f) { fprintf(stderr, "replay: cannot open %s\n", path); return -1; }
    for (;;) {
        if (len == cap) {
            uint8_t *nb;
            cap = cap ? cap * 2 : 4096;
            nb = (uint8_t *)realloc(buf, cap);
            if (!nb) { free(buf); fclose(f); return -1; }
            buf = nb;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    fclose(f);
    exact = fuzz_dup(buf, len);
    free(buf);
    if (verbose) fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
    fuzz_current_input = path;
    fn(exact, len);
    fuzz_current_input = NULL;
    free(exact);
    return 0;
}

static int fuzz_replay_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A file, or every regular file of a directory (sorted, so runs are reproducible).
 * *count is incremented per input. A missing directory counts as empty (returns 1). */
static int fuzz_replay_path(const char *path, fuzz_entry_fn fn, int verbose,
                            unsigned long *count)
{
    struct stat sb;
    DIR *d;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    int rc = 0;
    if (stat(path, &sb) != 0) return 1;
    if (!S_ISDIR(sb.st_mode)) {
        if (fuzz_replay_file(path, fn, verbose) != 0) return -1;
        (*count)++;
        return 0;
    }
    d = opendir(path);
    if (!d) return -1;
    while ((e = readdir(d)) != NULL) {
        size_t pl = strlen(path) + strlen(e->d_name) + 2;
        char *full;
        if (e->d_name[0] == '.') continue;
        full = (char *)malloc(pl);
        if (!full) { rc = -1; break; }
        snprintf(full, pl, "%s/%s", path, e->d_name);
        if (stat(full, &sb) != 0 || !S_ISREG(sb.st_mode)) { free(full); continue; }
        if (n == cap) {
            char **nn;
            cap = cap ? cap * 2 : 256;
            nn = (char **)realloc(names, cap * sizeof *names);
            if (!nn) { free(full); rc = -1; break; }
            names = nn;
        }
        names[n++] = full;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, fuzz_replay_cmp);
    for (i = 0; i < n; i++) {
        if (rc == 0 && fuzz_replay_file(names[i], fn, verbose) != 0) rc = -1;
        else if (rc == 0) (*count)++;
        free(names[i]);
    }
    free(names);
    return rc;
}

#endif
