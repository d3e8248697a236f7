/*
 * replay_main.c — a plain main() for a fuzz harness: runs LLVMFuzzerTestOneInput on every
 * file named on the command line, or on every regular file of a named directory (not
 * recursive). Each file is read into an exact-size heap buffer. Built as
 * $(BUILD)/fuzz/replay_NAME by mk/fuzz.mk; no libFuzzer needed, so a crash found by the
 * fuzzer is a regression test everywhere (also under valgrind).
 *
 * The harness is compiled into the same translation unit (-DFUZZ_HARNESS_SRC='"fuzz_NAME.c"')
 * so that it sees the name of the input being replayed (fuzz_current_input).
 *
 * Usage: replay_NAME [-v] PATH...     exit 0 if every input ran, 2 on an unreadable path.
 */
#ifndef FUZZ_HARNESS_SRC
#error "compile with -DFUZZ_HARNESS_SRC='\"fuzz_NAME.c\"'"
#endif
#include FUZZ_HARNESS_SRC
#include "replay.h"

int main(int argc, char **argv)
{
    int i, verbose = 0, bad = 0;
    unsigned long files = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v")) { verbose = 1; continue; }
        if (fuzz_replay_path(argv[i], LLVMFuzzerTestOneInput, verbose, &files) < 0) bad = 1;
    }
    printf("replayed %lu inputs\n", files);
    return bad ? 2 : 0;
}
