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
BASEFLAGS := $(STD) $(OPT) $(WARN) -fPIC -fvisibility=hidden -D_POSIX_C_SOURCE=200809L $(CFLAGS)
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

# Each x86 ISA's kernels get their own flags (xxHash style); nothing else does. ($(BUILD)/musl:
# the CLI's own copy of the library, see CLI_CC below.)
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_sse41.o):     ISAFLAGS := -msse4.1
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_avx2.o):      ISAFLAGS := -mavx2 -mbmi2
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_avx2_vnni.o): ISAFLAGS := -mavx2 -mbmi2 -mavxvnni
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_avx512.o):    ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_avx512_wave.o): ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_family_sse41.o):       ISAFLAGS := -msse4.1
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_family_avx2.o):        ISAFLAGS := -mavx2 -mbmi2
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_family_avx2_vnni.o):   ISAFLAGS := -mavx2 -mbmi2 -mavxvnni
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_family_avx512.o):      ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mbmi2
$(foreach d,obj musl,$(BUILD)/$(d)/kernels/x86_family_avx512_vnni.o): ISAFLAGS := -mavx512f -mavx512bw -mavx512vl -mavx512vnni -mavx512vbmi2 -mbmi2

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
$(foreach d,obj musl,$(BUILD)/$(d)/asm/suggest.o): src/asm/mnemonics.inc

$(BUILD)/obj/tests/%.o: tests/%.c include/mqsad.h $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests $(BASEFLAGS) -c $< -o $@

$(BUILD)/libmqsad.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/libmqsad.so: $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libmqsad.so.$(SOMAJOR) -o $@ $^ $(LDFLAGS) $(LDLIBS)

# The CLI links statically where the C library allows: a static program starts without
# the dynamic loader, about 0.15 ms of the ~2 ms `mqsad dis` takes for 100k lines (#5).
# Debug and sanitizer builds (-g, -fsanitize in OPT, CFLAGS or LDFLAGS) stay dynamic:
# valgrind checks heap accesses only by replacing malloc through the dynamic loader, and
# sanitizer runtimes are shared libraries. `make CLI_STATIC=` links dynamically.
DEBUG_BUILD := $(filter -g% -fsanitize%,$(OPT) $(CFLAGS) $(LDFLAGS))
CLI_STATIC ?= $(if $(DEBUG_BUILD),,$(shell printf 'int main(void){return 0;}\n' | $(CC) -static -x c -o /dev/null - 2>/dev/null && echo -static))
# A gcc build with musl-gcc installed (Debian: musl-tools; not a debug or sanitizer build)
# compiles the CLI, and its own copy of the library, against musl and links it statically:
# glibc's start-up executes dozens of CPUID instructions (CPU features, cache sizes), each
# a hypervisor exit on a virtual machine. Measured on the development VM: `mqsad dis` on
# an empty file 0.73 -> 0.43 ms, on 100k lines 2.03 -> 1.71 ms (docs/performance.md). The
# libraries that are installed and the tests keep $(CC) and its C library.
# `make CLI_CC=` builds the CLI with $(CC) too.
ifeq ($(origin CLI_CC),undefined)
CLI_CC := $(if $(DEBUG_BUILD),,$(if $(shell $(CC) -v 2>&1 | grep '^gcc version'),$(shell command -v musl-gcc 2>/dev/null)))
endif
# The choice is recorded so that changing it (installing musl-tools, CLI_CC=...) relinks.
$(BUILD)/cli-cc: mqsad-cli-cc-force
	@mkdir -p $(BUILD)
	@echo '$(CLI_CC)' | cmp -s - $@ || echo '$(CLI_CC)' > $@
.PHONY: mqsad-cli-cc-force
ifneq ($(CLI_CC),)
CLI_OBJ := $(patsubst tools/%.c,$(BUILD)/musl/tools/%.o,$(CLI_SRC))
CLI_LIB_OBJ := $(patsubst $(BUILD)/obj/%,$(BUILD)/musl/%,$(LIB_OBJ))
$(BUILD)/musl/%.o: src/%.c include/mqsad.h $(wildcard src/*/*.h)
	@mkdir -p $(dir $@)
	$(CLI_CC) $(CPPFLAGS) $(BASEFLAGS) $(ISAFLAGS) -c $< -o $@
$(BUILD)/musl/tools/%.o: tools/%.c include/mqsad.h $(wildcard tools/*.h)
	@mkdir -p $(dir $@)
	$(CLI_CC) $(CPPFLAGS) -Itools $(BASEFLAGS) -DMQSAD_CLI_LIBC='"musl"' -c $< -o $@
$(BUILD)/mqsad: $(CLI_OBJ) $(CLI_LIB_OBJ) $(BUILD)/cli-cc
	$(CLI_CC) -static -o $@ $(CLI_OBJ) $(CLI_LIB_OBJ) $(LDFLAGS) $(LDLIBS)
else
$(BUILD)/mqsad: $(CLI_OBJ) $(BUILD)/libmqsad.a $(BUILD)/cli-cc
	$(CC) $(CLI_STATIC) -o $@ $(CLI_OBJ) $(BUILD)/libmqsad.a $(LDFLAGS) $(LDLIBS)
endif

$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_COMMON_OBJ) $(BUILD)/libmqsad.a
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(TEST_COMMON_OBJ) $(BUILD)/libmqsad.a $(LDFLAGS) $(LDLIBS)

# Test data: the project's own compressed copy of the llvm-mc 22 and semantic vectors.
$(BUILD)/data/.stamp: $(wildcard tests/data/*)
	@mkdir -p $(BUILD)/data
	@for f in tests/data/*; do b=$$(basename $$f); case $$b in \
	  *.tsv.gz) gzip -dc $$f > $(BUILD)/data/$${b%.gz} ;; *) cp $$f $(BUILD)/data/ ;; esac; done
	@touch $@

demo: all
	./$(BUILD)/mqsad demo

check test: all $(TEST_BIN) $(BUILD)/data/.stamp
	@BUILD=$(BUILD) sh tests/run.sh $(TEST_BIN)

clean:
	rm -rf $(BUILD)

-include mk/*.mk
.SECONDARY:
