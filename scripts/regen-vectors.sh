#!/bin/sh
# regen-vectors.sh — rebase mode: regenerate the project's stored llvm-mc vectors
# (tests/data/*.tsv.gz) from the installed llvm-mc-22 (apt-get install llvm-22), then
# run `make check` to see what changed. Usage: scripts/regen-vectors.sh [LLVM_MC]
set -eu
cd "$(dirname "$0")/.."
mc=${1:-llvm-mc-22}
command -v "$mc" >/dev/null 2>&1 || { echo "regen-vectors: $mc not found (apt-get install llvm-22)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 scripts/gen_vectors.py --llvm-mc "$mc" --out "$out"
for f in asm_vectors disasm_vectors decode_tables; do
    gzip -9c "$out/$f.tsv" > "tests/data/$f.tsv.gz"
done
cp "$out/asm_vectors_detail.tsv.gz" "$out/roundtrip.tsv.gz" tests/data/
python3 scripts/gen_family_vectors.py --llvm-mc "$mc" --out tests/data/family_dis_vectors.tsv.gz
echo "regen-vectors: tests/data updated from $("$mc" --version | grep -i 'llvm version' | head -1)"
echo "regen-vectors: now run 'make check' and review 'git diff --stat tests/data'"
