# mqsad — build. `make` builds the library and CLI, `make demo` runs the main job,
# `make check` builds and runs every test. BUILD=dir selects the build directory.
CC      ?= cc
BUILD   ?= build
PREFIX  ?= /usr/local
DESTDIR ?=
OPT     ?= -O2
STD     ?= -std=c11
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?=
CPPFLAGS += -Iinclude -Isrc
# POSIX threads: mqsad_asm_stream_feed_parallel (src/stream/asm_parallel.c)
THREADS := -pthread
BASEFLAGS := $(STD) $(OPT) $(WARN) -fPIC -fvisibility=hidden -D_POSIX_C_SOURCE=200809L $(THREADS) $(CFLAGS)
LDLIBS  ?=

VERSION := $(shell cat VERSION)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
ARCH    := $(shell $(CC) -dumpmachine 2>/dev/null)

LIB_SRC  := $(sort $(wildcard src/*.c src/isa/*.c src/asm/*.c src/exec/*.c src/stream/*.c))
KERN_SRC := $(sort $(wildcard src/kernels/*.c))
# Non-x86 machines build only the portable kernels.
ifeq ($(findstring x86_64,$(ARCH))$(findstring i686,$(ARCH)),)
KERN_SRC := $(filter-out src/kernels/x86_%.c,$(KERN_SRC))
endif
CLI_SRC  := $(sort $(wildcard tools/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TEST_COMMON := $(sort $(wildcard tests/common_*.c))
BENCH_SRC := $(sort $(wildcard bench/*.c))

LIB_OBJ  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(LIB_SRC) $(KERN_SRC))
CLI_OBJ  := $(patsubst tools/%.c,$(BUILD)/obj/tools/%.o,$(CLI_SRC))
TEST_BIN := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
TEST_COMMON_OBJ := $(patsubst tests/%.c,$(BUILD)/obj/tests/%.o,$(TEST_COMMON))

# Each x86 ISA's kernels get their own flags (xxHash style); nothing else does.
$(BUILD)/obj/kernels/x86_sse41.o:     ISAFLAGS := -msse4.1
$(BUILD)/obj/kernels/x86_avx2.o:      ISAFLAGS := -mavx2 -mbmi2
$(BUILD)/obj/kernels/x86_avx2_vnni.o: ISAFLAGS := -mavx2 -mbmi2 -mavxvnni
$(BUILD)/obj/kernels/x86_avx512.o:    ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2
$(BUILD)/obj/kernels/x86_avx512_wave.o: ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2
$(BUILD)/obj/kernels/x86_family_sse41.o:       ISAFLAGS := -msse4.1
$(BUILD)/obj/kernels/x86_family_avx2.o:        ISAFLAGS := -mavx2 -mbmi2
$(BUILD)/obj/kernels/x86_family_avx2_vnni.o:   ISAFLAGS := -mavx2 -mbmi2 -mavxvnni
$(BUILD)/obj/kernels/x86_family_avx512.o:      ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mbmi2
$(BUILD)/obj/kernels/x86_family_avx512_vnni.o: ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2

.PHONY: all lib cli demo check test bench fuzz install uninstall clean
all: lib cli

lib: $(BUILD)/libmqsad.a $(BUILD)/libmqsad.so
cli: $(BUILD)/mqsad

$(BUILD)/obj/%.o: src/%.c include/mqsad.h $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(BASEFLAGS) $(ISAFLAGS) -c $< -o $@

$(BUILD)/obj/tools/%.o: tools/%.c include/mqsad.h $(wildcard tools/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itools $(BASEFLAGS) -c $< -o $@

# generated data (scripts/gen_mnemonics.py), included by src/asm/suggest.c only
$(BUILD)/obj/asm/suggest.o: src/asm/mnemonics.inc

$(BUILD)/obj/tests/%.o: tests/%.c include/mqsad.h $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests $(BASEFLAGS) -c $< -o $@

$(BUILD)/libmqsad.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libmqsad.so: $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libmqsad.so.$(SOMAJOR) -Wl,-Bsymbolic-functions -o $@ $^ $(THREADS) $(LDFLAGS) $(LDLIBS)

# The CLI links dynamically against the project's shared library and the system C library.
# The shared object, not the static archive: the installed `mqsad` then runs on the
# installed libmqsad (one copy of the code, updated with it, what a distribution ships),
# and valgrind and the sanitizers see an ordinary dynamic program. The CLI finds the
# library next to itself in the build tree (run path $ORIGIN, through the soname link
# libmqsad.so.MAJOR), so $(BUILD)/mqsad runs without LD_LIBRARY_PATH; `make install` links
# a second copy with the run path from BINDIR to LIBDIR (mk/install.mk). The library binds
# its own exported functions to themselves (-Bsymbolic-functions): the assembler's and
# formatter's calls between public entry points stay direct calls, not PLT jumps.
$(BUILD)/libmqsad.so.$(SOMAJOR): $(BUILD)/libmqsad.so
	ln -sf libmqsad.so $@

$(BUILD)/mqsad: $(CLI_OBJ) $(BUILD)/libmqsad.so $(BUILD)/libmqsad.so.$(SOMAJOR)
	$(CC) -o $@ $(CLI_OBJ) -L$(BUILD) -lmqsad -Wl,-rpath,'$$ORIGIN' $(THREADS) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_COMMON_OBJ) $(BUILD)/libmqsad.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(TEST_COMMON_OBJ) $(BUILD)/libmqsad.a $(THREADS) $(LDFLAGS) $(LDLIBS)

# Test data: the project's own compressed copy of the llvm-mc 22 and semantic vectors.
$(BUILD)/data/.stamp: $(wildcard tests/data/*)
	@mkdir -p $(BUILD)/data
	@for f in tests/data/*; do b=$$(basename $$f); case $$b in \
	  *.tsv.gz) gzip -dc $$f > $(BUILD)/data/$${b%.gz} ;; *) cp $$f $(BUILD)/data/ ;; esac; done
	@touch $@

demo: all
	$(BUILD)/mqsad demo

check test: all $(TEST_BIN) $(BUILD)/data/.stamp
	@BUILD=$(BUILD) sh tests/run.sh $(TEST_BIN)

clean:
	rm -rf $(BUILD)

-include mk/*.mk
.SECONDARY:
