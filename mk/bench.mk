# bench.mk — `make bench` runs the benchmarks (not part of `make check`).
#   make bench                      full run: kernels, streaming, wave64, asm/dis vs llvm-mc-22
#   make bench BENCH_ARGS=--quick   a short smoke run
#   make kernels-isa-check          disassembles the kernel objects and checks each ISA file
#                                   uses only its own instructions (needs objdump)
BENCH_ARGS ?=

.PHONY: bench kernels-isa-check
bench: all
	$(BUILD)/mqsad bench $(BENCH_ARGS)

# The AVX-512 base kernel must not contain VNNI/VBMI2 instructions (it runs on Skylake-X);
# the SSE4.1 object must not contain VEX code, the AVX2 object no EVEX (zmm / k registers).
kernels-isa-check: lib
	@set -e; d=$(BUILD)/obj/kernels; \
	bad=$$(objdump -d --no-show-raw-insn $$d/x86_avx512.o | awk '/^[0-9a-f]+ </{f=$$2} \
	  f!="<mqsad_batch_avx512_vnni>:" && /vpdpb|vpdpw|vpshld|vpshrd|vpexpand[bw]|vpcompress[bw]/' | wc -l); \
	test "$$bad" -eq 0 || { echo "x86_avx512.o: VNNI/VBMI2 outside mqsad_batch_avx512_vnni"; exit 1; }; \
	test "$$(objdump -d $$d/x86_avx512.o | awk '/^[0-9a-f]+ </{f=$$2} f=="<mqsad_batch_avx512_vnni>:" && /vpdpbusd/' | wc -l)" -gt 0 \
	  || { echo "x86_avx512.o: no vpdpbusd in the VNNI kernel"; exit 1; }; \
	bad=$$(objdump -d --no-show-raw-insn $$d/x86_sse41.o | grep -cE '\s(v[a-z0-9]+)\s|ymm|zmm' || true); \
	test "$$bad" -eq 0 || { echo "x86_sse41.o: VEX/EVEX instructions"; exit 1; }; \
	for o in x86_avx2.o x86_avx2_vnni.o kernels_c.o; do \
	  bad=$$(objdump -d --no-show-raw-insn $$d/$$o | grep -cE 'zmm|%k[0-7]' || true); \
	  test "$$bad" -eq 0 || { echo "$$o: EVEX instructions"; exit 1; }; done; \
	bad=$$(objdump -d --no-show-raw-insn $$d/kernels_c.o | grep -cE 'ymm|\sv[a-z]' || true); \
	test "$$bad" -eq 0 || { echo "kernels_c.o: VEX code in the portable kernel"; exit 1; }; \
	for o in x86_avx2.o x86_avx2_vnni.o x86_avx512.o x86_avx512_wave.o; do \
	  test "$$(objdump -d $$d/$$o | grep -c vzeroupper)" -gt 0 || { echo "$$o: no vzeroupper"; exit 1; }; done; \
	test "$$(objdump -d $$d/x86_avx512_wave.o | grep -c vpdpbusd)" -gt 0 \
	  || { echo "x86_avx512_wave.o: no vpdpbusd in the masked VNNI kernel"; exit 1; }; \
	echo "kernels-isa-check: ok"

# tests/test_kernels.c also compiles the AVX2-VNNI and AVX-512 kernel sources on SIMDe (when
# libsimde-dev is installed), so it must be rebuilt when they change.
$(BUILD)/obj/tests/test_kernels.o: $(wildcard src/kernels/*.c src/kernels/*.h)
