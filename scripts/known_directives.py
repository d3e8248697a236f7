#!/usr/bin/env python3
"""known_directives.py — the directive names llvm-mc 22 knows for amdgcn (src/asm/directives.c).

  known_directives.py [LIBLLVM]     (default /usr/lib/x86_64-linux-gnu/libLLVM.so.22.1)

Every ".name" string in libLLVM is given to `llvm-mc-22 -triple=amdgcn -mcpu=gfx1100` on
its own (one process each: a .macro or .if would swallow the lines after it); the names
it does not answer with "unknown directive" are printed, lower case, sorted, in two lists:
those it also knows in upper case (k_any_case) and those it does not (k_exact_case: the
ELF and AMDGPU parsers' directives). Names not stored as separate strings are added by
hand (.amdgpu_hsa_kernel).
"""
import re, subprocess, sys
lib = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/x86_64-linux-gnu/libLLVM.so.22.1"
data = open(lib, "rb").read()
cands = set(m.group(0).decode() for m in
            re.finditer(rb'(?<=[\x00"\' ])\.[a-z_][a-z0-9_.]{0,40}(?=\x00)', data))
def unknown(name):
    r = subprocess.run(["llvm-mc-22", "-triple=amdgcn", "-mcpu=gfx1100", "-show-encoding"],
                       input=(name + "\n").encode(), capture_output=True, timeout=20)
    return b"unknown directive" in r.stderr
known = {".amdgpu_hsa_kernel"}
known |= {c for c in sorted(x for x in cands if not x.endswith(".")) if not unknown(c)}
known = sorted(k.lower() for k in known)
exact = [k for k in known if unknown(k.upper())]
print("# k_any_case\n" + "\n".join(k for k in known if k not in exact))
print("# k_exact_case\n" + "\n".join(exact))
