# sanitize.mk — the whole suite under sanitizers, valgrind and a pedantic build.
# ci/sanitize.sh runs all of these; each builds in its own directory derived from BUILD.
#
#   make check-asan       clang, ASan + UBSan (no recovery: any report fails), whole `make check`
#                         (includes tests/test_fuzz_replay and tests/test_hostile)   -> $(BUILD)-asan
#   make check-valgrind   valgrind memcheck (--error-exitcode=99, definite leaks count) on every
#                         CLI test (tests/cli/*.sh through ci/valgrind-mqsad.sh) and on the
#                         fuzz corpora through the replay programs; zero reports. The default
#                         build, as installed (no debug or special flags)   -> $(BUILD)
#   make check-tsan       clang, ThreadSanitizer (any report fails): the assembly stream tests
#                         (parallel against sequential) and `mqsad asm` on every -j   -> $(BUILD)-tsan
#   make check-pedantic   -std=c11 -pedantic -Werror with gcc and clang (all + tests), and the
#                         public header alone with -std=c99 -pedantic -Werror   -> $(BUILD)-ped*
#   make check-sanitize   all four
#
# Variables: SAN_CC (clang), VG_TIMEOUT_SCALE (timeouts of hostile.sh under valgrind, s).

SAN_CC    ?= clang
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
VALGRIND  ?= valgrind
VG_HOSTILE_TIMEOUT ?= 300

.PHONY: check-asan check-tsan check-valgrind check-pedantic check-sanitize tests-build

# Builds the library, the CLI and every test program without running them.
tests-build: all $(TEST_BIN) $(BUILD)/data/.stamp

check-asan:
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(MAKE) --no-print-directory BUILD=$(BUILD)-asan CC=$(SAN_CC) \
	  OPT='-O1 -g $(SAN_FLAGS)' LDFLAGS='$(SAN_FLAGS)' check

TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
check-tsan:
	$(MAKE) --no-print-directory BUILD=$(BUILD)-tsan CC=$(SAN_CC) OPT='-O1 -g $(TSAN_FLAGS)' \
	  LDFLAGS='$(TSAN_FLAGS)' all $(BUILD)-tsan/tests/test_asm_stream $(BUILD)-tsan/data/.stamp
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 MQSAD_DATA=$(BUILD)-tsan/data $(BUILD)-tsan/tests/test_asm_stream
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 MQSAD_BIN=$(BUILD)-tsan/mqsad sh tests/cli/asm.sh

check-valgrind:
	@command -v $(VALGRIND) >/dev/null || { echo "check-valgrind: valgrind not installed"; exit 1; }
	$(MAKE) --no-print-directory tests-build $(FUZZ_REPLAY_BIN)
	@set -e; vg=$(BUILD); logs=$$vg/vglogs; rm -rf $$logs; mkdir -p $$logs; \
	export MQSAD_VG_REAL=$$PWD/$$vg/mqsad MQSAD_VG_LOGDIR=$$PWD/$$logs VALGRIND=$(VALGRIND); \
	export MQSAD_HOSTILE_TIMEOUT=$(VG_HOSTILE_TIMEOUT) MQSAD_DATA=$$vg/data; \
	fails=0; \
	for s in tests/cli/*.sh; do \
	  rc=0; out=$$(MQSAD_BIN=$$PWD/ci/valgrind-mqsad.sh sh $$s 2>$$vg/last_stderr) || rc=$$?; \
	  line=$$(printf '%s\n' "$$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$$' | tail -1); \
	  printf '== valgrind %-20s %s (exit %s)\n' $$(basename $$s) "$$line" $$rc; \
	  case "$$line" in *" 0 failed") [ $$rc -eq 0 ] || fails=1;; *) fails=1; tail -20 $$vg/last_stderr;; esac; \
	done; \
	for h in $(FUZZ_HARNESSES); do \
	  MQSAD_VG_REAL=$$PWD/$$vg/fuzz/replay_$$h $$PWD/ci/valgrind-mqsad.sh fuzz/corpus/$$h fuzz/regress/$$h \
	    >/dev/null 2>$$vg/last_stderr || { fails=1; echo "== valgrind replay_$$h: exit $$?"; tail -20 $$vg/last_stderr; }; \
	  echo "== valgrind replay_$$h done"; \
	done; \
	reports=$$(find $$logs -type f -size +0 | wc -l); \
	echo "valgrind: $$(ls $$logs | wc -l) processes, $$reports with reports"; \
	if [ $$reports -ne 0 ]; then for f in $$(find $$logs -type f -size +0 | head -5); do echo "--- $$f"; head -60 $$f; done; exit 1; fi; \
	[ $$fails -eq 0 ]

check-pedantic:
	$(MAKE) --no-print-directory BUILD=$(BUILD)-ped STD='-std=c11 -pedantic' tests-build
	$(MAKE) --no-print-directory BUILD=$(BUILD)-pedclang CC=clang STD='-std=c11 -pedantic' tests-build
	@mkdir -p $(BUILD)-ped
	printf '#include "mqsad.h"\nint main(void) { return mqsad_version() == 0; }\n' > $(BUILD)-ped/c99.c
	$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -Iinclude -c $(BUILD)-ped/c99.c -o $(BUILD)-ped/c99.o
	clang -std=c99 -pedantic -Wall -Wextra -Werror -Iinclude -c $(BUILD)-ped/c99.c -o $(BUILD)-ped/c99c.o
	@if command -v c++ >/dev/null; then \
	  printf '#include "mqsad.h"\nint main() { return mqsad_version() == 0; }\n' > $(BUILD)-ped/cxx.cc; \
	  echo "c++ -std=c++11 -pedantic -Werror (header)"; \
	  c++ -std=c++11 -pedantic -Wall -Wextra -Werror -Iinclude -c $(BUILD)-ped/cxx.cc -o $(BUILD)-ped/cxx.o; fi

check-sanitize: check-pedantic check-asan check-tsan check-valgrind
