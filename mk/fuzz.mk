# fuzz.mk — fuzz harnesses (fuzz/fuzz_NAME.c), their replay programs, seed corpora.
#
#   make fuzz [FUZZ_TIME=60] [FUZZ_ONLY='decode asm'] [FUZZ_FLAGS=...]
#        builds every harness with clang -fsanitize=fuzzer,address,undefined into
#        $(FUZZ_BUILD) (default $(BUILD)-fuzz) and runs each for FUZZ_TIME seconds, one
#        after the other, one process (-jobs=1 equivalent), under `nice -n 10`. New inputs
#        go to fuzz/corpus-work/NAME (not committed); crashes to $(FUZZ_BUILD)/fuzz/crash/NAME/.
#        The committed seeds fuzz/corpus/NAME and the reproducers fuzz/regress/NAME are
#        read as extra corpora. Fails if any harness finds something.
#   make fuzz-smoke      the same with FUZZ_TIME=20 (CI)
#   make fuzz-build      only build the libFuzzer binaries
#   make fuzz-replay     build the plain replay programs ($(BUILD)/fuzz/replay_NAME, any CC)
#                        and replay fuzz/corpus/NAME + fuzz/regress/NAME
#                        (FUZZ_REPLAY_WORK=1: also fuzz/corpus-work/NAME)
#   make fuzz-seeds      regenerate fuzz/corpus-work/NAME and fuzz/corpus/NAME from the
#                        shared vectors (tests/data) with fuzz/gen_seeds.py
#   make fuzz-merge      minimize fuzz/corpus-work/NAME + fuzz/corpus/NAME into fuzz/corpus/NAME
#                        (libFuzzer -merge=1; capped at FUZZ_SEED_MAX files)
#
# `make check` replays the committed corpora through tests/test_fuzz_replay.c (same
# harness code, no libFuzzer). A crash found by `make fuzz`: copy the file from
# $(FUZZ_BUILD)/fuzz/crash/NAME/ into fuzz/regress/NAME/ and it is a regression test.

FUZZ_HARNESSES ?= decode asm state rt_dis rt_asm stream
FUZZ_ONLY      ?= $(FUZZ_HARNESSES)
FUZZ_CC        ?= clang
FUZZ_BUILD     ?= $(BUILD)-fuzz
FUZZ_TIME      ?= 60
FUZZ_FLAGS     ?=
FUZZ_NICE      ?= nice -n 10
FUZZ_SEED_MAX  ?= 400
FUZZ_SANFLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LIBOPT    := -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANFLAGS)

# per-harness libFuzzer options
FUZZ_OPTS_decode := -max_len=40
FUZZ_OPTS_rt_dis := -max_len=40
FUZZ_OPTS_asm    := -max_len=1024 -dict=fuzz/asm.dict
FUZZ_OPTS_rt_asm := -max_len=512 -dict=fuzz/asm.dict
FUZZ_OPTS_state  := -max_len=1024 -dict=fuzz/state.dict
FUZZ_OPTS_stream := -max_len=8192 -dict=fuzz/asm.dict

FUZZ_SRC_COMMON := fuzz/fuzz.h fuzz/replay.h include/mqsad.h

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-lib fuzz-replay fuzz-seeds fuzz-merge

# --- plain replay programs (this BUILD, this CC) ------------------------------------
FUZZ_REPLAY_BIN := $(patsubst %,$(BUILD)/fuzz/replay_%,$(FUZZ_HARNESSES))

$(BUILD)/fuzz/replay_%: fuzz/fuzz_%.c fuzz/replay_main.c $(FUZZ_SRC_COMMON) $(BUILD)/libmqsad.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Ifuzz $(BASEFLAGS) -DFUZZ_HARNESS_SRC='"fuzz_$*.c"' \
	  -o $@ fuzz/replay_main.c $(BUILD)/libmqsad.a $(LDFLAGS) $(LDLIBS)

fuzz-replay: $(FUZZ_REPLAY_BIN)
	@set -e; for h in $(FUZZ_ONLY); do \
	  dirs="fuzz/corpus/$$h fuzz/regress/$$h"; \
	  [ "$(FUZZ_REPLAY_WORK)" = 1 ] && dirs="$$dirs fuzz/corpus-work/$$h"; \
	  printf '%-8s ' $$h; $(FUZZ_REPLAY_WRAP) $(BUILD)/fuzz/replay_$$h $$dirs; done

# --- libFuzzer builds (clang, ASan + UBSan, coverage on the library) -----------------
fuzz-lib:
	@$(MAKE) --no-print-directory BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) OPT='$(FUZZ_LIBOPT)' \
	  LDFLAGS='$(FUZZ_SANFLAGS)' $(FUZZ_BUILD)/libmqsad.a

FUZZ_BIN := $(patsubst %,$(FUZZ_BUILD)/fuzz/fuzz_%,$(FUZZ_HARNESSES))

$(FUZZ_BUILD)/fuzz/fuzz_%: fuzz/fuzz_%.c $(FUZZ_SRC_COMMON) fuzz-lib
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) -Ifuzz $(STD) $(WARN) -D_POSIX_C_SOURCE=200809L -O1 -g \
	  -fsanitize=fuzzer $(FUZZ_SANFLAGS) -o $@ $< $(FUZZ_BUILD)/libmqsad.a $(THREADS)

fuzz-build: $(FUZZ_BIN)

# One harness after the other; a finding stops the run (exit status != 0).
fuzz: fuzz-build
	@set -e; for h in $(FUZZ_ONLY); do \
	  mkdir -p fuzz/corpus-work/$$h fuzz/regress/$$h $(FUZZ_BUILD)/fuzz/crash/$$h; \
	  case $$h in decode) o='$(FUZZ_OPTS_decode)';; rt_dis) o='$(FUZZ_OPTS_rt_dis)';; \
	    asm) o='$(FUZZ_OPTS_asm)';; rt_asm) o='$(FUZZ_OPTS_rt_asm)';; \
	    state) o='$(FUZZ_OPTS_state)';; stream) o='$(FUZZ_OPTS_stream)';; *) o='';; esac; \
	  echo "== fuzz_$$h for $(FUZZ_TIME) s"; \
	  $(FUZZ_NICE) $(FUZZ_BUILD)/fuzz/fuzz_$$h $$o -max_total_time=$(FUZZ_TIME) \
	    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/fuzz/crash/$$h/ $(FUZZ_FLAGS) \
	    fuzz/corpus-work/$$h fuzz/corpus/$$h fuzz/regress/$$h \
	    2> $(FUZZ_BUILD)/fuzz/log_$$h.txt \
	  || { tail -60 $(FUZZ_BUILD)/fuzz/log_$$h.txt; echo "fuzz_$$h: FINDING (see $(FUZZ_BUILD)/fuzz/crash/$$h/)"; exit 1; }; \
	  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done ' $(FUZZ_BUILD)/fuzz/log_$$h.txt || true; \
	done

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_TIME=20

# --- corpora -----------------------------------------------------------------------
fuzz-seeds:
	python3 fuzz/gen_seeds.py --data tests/data --work fuzz/corpus-work --seeds fuzz/corpus \
	  --max $(FUZZ_SEED_MAX)

# Minimize (coverage-preserving) into a fresh fuzz/corpus/NAME, then cap its size.
fuzz-merge: fuzz-build
	@set -e; for h in $(FUZZ_ONLY); do \
	  rm -rf $(FUZZ_BUILD)/fuzz/merge_$$h; mkdir -p $(FUZZ_BUILD)/fuzz/merge_$$h fuzz/corpus/$$h fuzz/corpus-work/$$h; \
	  $(FUZZ_NICE) $(FUZZ_BUILD)/fuzz/fuzz_$$h -merge=1 $(FUZZ_BUILD)/fuzz/merge_$$h \
	    fuzz/corpus/$$h fuzz/corpus-work/$$h 2> $(FUZZ_BUILD)/fuzz/merge_$$h.log; \
	  python3 fuzz/gen_seeds.py --cap $(FUZZ_SEED_MAX) --from $(FUZZ_BUILD)/fuzz/merge_$$h --seeds fuzz/corpus/$$h; \
	  echo "$$h: $$(ls fuzz/corpus/$$h | wc -l) seeds"; \
	done

# tests/test_fuzz_replay.c #includes the harnesses: rebuild it when they change.
$(BUILD)/obj/tests/test_fuzz_replay.o: $(wildcard fuzz/*.c fuzz/*.h)
