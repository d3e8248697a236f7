/*
 * test_fuzz_replay.c — `make check` replays the committed fuzz corpora: every file of
 * fuzz/corpus/NAME (minimized seeds) and fuzz/regress/NAME (reproducers of past findings)
 * through the harness fuzz/fuzz_NAME.c, compiled here without libFuzzer. A property
 * violation aborts with the file name (fuzz.h); a clean run counts one check per file.
 * Runs from the repository root (tests/run.sh); FUZZ_DIR overrides the fuzz/ location.
 */
#define FUZZ_ENTRY fuzz_decode_entry
#include "../fuzz/fuzz_decode.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_asm_entry
#include "../fuzz/fuzz_asm.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_state_entry
#include "../fuzz/fuzz_state.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_rt_dis_entry
#include "../fuzz/fuzz_rt_dis.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_rt_asm_entry
#include "../fuzz/fuzz_rt_asm.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_stream_entry
#include "../fuzz/fuzz_stream.c"
#undef FUZZ_ENTRY
#include "../fuzz/replay.h"

#include "t.h"

static const struct { const char *name; fuzz_entry_fn fn; unsigned long min_seeds; } harnesses[] = {
    { "decode", fuzz_decode_entry, 100 },
    { "asm", fuzz_asm_entry, 100 },
    { "state", fuzz_state_entry, 50 },
    { "rt_dis", fuzz_rt_dis_entry, 100 },
    { "rt_asm", fuzz_rt_asm_entry, 100 },
    { "stream", fuzz_stream_entry, 100 },
};

int main(void)
{
    const char *root = getenv("FUZZ_DIR");
    size_t i;
    char path[1024];
    if (!root || !*root) root = "fuzz";
    for (i = 0; i < sizeof harnesses / sizeof harnesses[0]; i++) {
        unsigned long seeds = 0, regress = 0;
        int rc;
        snprintf(path, sizeof path, "%s/corpus/%s", root, harnesses[i].name);
        rc = fuzz_replay_path(path, harnesses[i].fn, 0, &seeds);
        CHECK(rc == 0, "%s: corpus readable (rc %d)", path, rc);
        CHECK(seeds >= harnesses[i].min_seeds, "%s: %lu seeds, want >= %lu", path, seeds,
              harnesses[i].min_seeds);
        snprintf(path, sizeof path, "%s/regress/%s", root, harnesses[i].name);
        rc = fuzz_replay_path(path, harnesses[i].fn, 0, &regress);
        CHECK(rc >= 0, "%s: readable (rc %d)", path, rc);
        /* every input that ran without aborting is one passed check */
        t_pass += seeds + regress;
        fprintf(stderr, "fuzz replay %-7s %4lu seeds, %3lu regressions\n", harnesses[i].name,
                seeds, regress);
    }
    return t_done();
}
