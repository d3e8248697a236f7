#!/usr/bin/env python3
"""drive.py — whole-file differential test of `mqsad asm` against
`llvm-mc-22 -triple=amdgcn -mcpu=T -show-encoding` (stdout and stderr, byte for byte).

  drive.py TARGET N SEED [OUTDIR]

N random files from gen.py (valid and broken v_mqsad_u32_u8 statements, lexer errors,
block comments and strings over lines, CR / CRLF / LF ends, ';' separators), one file per
seed SEED..SEED+N-1. A file that differs is saved as OUTDIR/TARGET_SEED.s (the first two of
each kind) and counted by its first differing diagnostic or output line. Skipped, as
documented differences (docs/deviations.md): files on which llvm-mc loops (10 s timeout)
or crashes, and files with s_nop.
Environment: MQ (default build/mqsad).
"""
import os, re, subprocess, sys, random, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen import gen

MQ = os.environ.get("MQ", "build/mqsad")
ERR = re.compile(rb"^<stdin>:(\d+):(\d+): error: (.*)$", re.M)

def run_llvm(data, t):
    try:
        p = subprocess.run(["nice", "timeout", "10", "llvm-mc-22", "-triple=amdgcn", "-mcpu=" + t,
                            "-show-encoding"], input=data, capture_output=True, timeout=15)
    except subprocess.TimeoutExpired:
        return None
    if p.returncode == 124 or p.returncode < 0 or p.returncode > 1:
        return None
    return p

def drop_text(b):   # llvm-mc's leading "\t.text" echo (a documented difference)
    return b"".join(l for l in b.splitlines(keepends=True) if l.rstrip(b"\n") != b"\t.text")

def errs(b):
    return [(int(m[1]), int(m[2]), m[3].decode(errors="replace")) for m in ERR.finditer(b)]

def classify(d, t):
    """None: skipped; False: same; else a short signature of the first difference"""
    a = run_llvm(d, t)
    if a is None or b"s_nop" in d:
        return None
    b = subprocess.run(["nice", MQ, "asm", "-t", t], input=d, capture_output=True, timeout=15)
    le, lo, mo = a.stderr, drop_text(a.stdout), drop_text(b.stdout)
    if le == b.stderr and lo == mo:
        return False
    if le != b.stderr:
        L, M = errs(le), errs(b.stderr)
        for i in range(max(len(L), len(M))):
            x = L[i] if i < len(L) else None
            y = M[i] if i < len(M) else None
            if x != y:
                return ("pos", x[2]) if x and y and x[2] == y[2] else ("err", x and x[2], y and y[2])
        return ("errtext",)
    return ("out",)

def main():
    t, n, s0 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    out = sys.argv[4] if len(sys.argv) > 4 else "."
    os.makedirs(out, exist_ok=True)
    st = {"files": 0, "diff": 0, "skip": 0}
    sigs = {}
    for seed in range(s0, s0 + n):
        d = gen(random.Random(seed), t).encode()
        st["files"] += 1
        c = classify(d, t)
        if c is None:
            st["skip"] += 1
        elif c:
            st["diff"] += 1
            sigs.setdefault(repr(c), []).append(seed)
            if len(sigs[repr(c)]) <= 2:
                open(os.path.join(out, f"{t}_{seed}.s"), "wb").write(d)
    print(t, json.dumps(st), flush=True)
    for k, v in sorted(sigs.items(), key=lambda x: -len(x[1])):
        print(len(v), k, v[:3])

if __name__ == "__main__":
    main()
