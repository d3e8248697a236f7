#!/usr/bin/env python3
"""suggest_diff.py — differential test of llvm-mc's "invalid instruction, did you mean:
...?" and "instruction not supported on this GPU" against `mqsad asm`: AMDGPU mnemonics
and random near-misses of them (1-3 characters inserted, deleted or replaced, case
changed, _e32/_e64/_dpp/_sdwa suffixes), short random words and single letters, one per
line, with or without operands, on each target given.

  suggest_diff.py SEED N TARGET...      (names: scripts/gen_mnemonics.py's table, read
                                         from src/asm/mnemonics.inc)

Lines llvm-mc answers with something else name instructions of the target (mqsad knows
only the SAD family: documented) and are not compared; every other line must give the
same diagnostics, byte for byte.
Environment: MQ (default build/mqsad).
"""
import os, random, re, subprocess, sys
MQ = os.environ.get("MQ", "build/mqsad")
inc = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../src/asm/mnemonics.inc")).read()
body = inc[inc.index("k_mn_names["):inc.index("};", inc.index("k_mn_names["))]
NAMES = re.findall(r'"([^"]*)"', body)
AL = "abcdefghijklmnopqrstuvwxyz0123456789_"


def mutate(R, s):
    for _ in range(R.choice([1, 1, 2, 2, 3])):
        k = R.random()
        i = R.randint(0, len(s))
        if k < 0.35:
            s = s[:i] + R.choice(AL) + s[i:]
        elif k < 0.7 and len(s) > 1:
            i = min(i, len(s) - 1)
            s = s[:i] + s[i + 1:]
        elif len(s) > 1:
            i = min(i, len(s) - 1)
            s = s[:i] + R.choice(AL) + s[i + 1:]
    return s


def word(R):
    r = R.random()
    if r < 0.3:
        w = R.choice(NAMES)           # real: on targets that lack it, "not supported"
    elif r < 0.6:
        w = mutate(R, R.choice(NAMES))
    elif r < 0.8:
        w = "".join(R.choice(AL[:26]) for _ in range(R.randint(1, 5)))
    else:
        w = R.choice(["s_", "v_", "ds_", "exp", "nop", "x", "e", "p", "ex", "xp"]) + \
            "".join(R.choice(AL) for _ in range(R.randint(0, 3)))
    if R.random() < 0.15:
        w = w.upper() if R.random() < 0.5 else w.capitalize()
    if R.random() < 0.15:
        w += R.choice(["_e32", "_e64", "_dpp", "_sdwa", "_e64_dpp"])
    if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", w):
        w = "q" + w
    if R.random() < 0.06:           # "$name" / "@name": one name for llvm-mc's parseIdentifier
        w = R.choice("$@") + w[1:]
    return w + R.choice(["", " v1", " v[0:3], v[2:3], v4, v[4:7]"])


def diags(t, cmd, lines):
    p = subprocess.run(cmd, input="".join(l + "\n" for l in lines).encode(), capture_output=True, timeout=600)
    d = {}
    for m in re.finditer(r"^<stdin>:(\d+):(\d+): error: (.*)$", p.stderr.decode(), re.M):
        d.setdefault(int(m.group(1)), []).append((int(m.group(2)), m.group(3)))
    return d


def main():
    seed, n, targets = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    R = random.Random(seed)
    lines = [word(R) for _ in range(n)]
    total = bad = compared = 0
    for t in targets:
        L = diags(t, ["llvm-mc-22", "-triple=amdgcn", "-mcpu=" + t, "-show-encoding", "-o", "/dev/null"], lines)
        M = diags(t, [MQ, "asm", "-t", t], lines)
        for i, l in enumerate(lines, 1):
            ld = L.get(i, [])
            if not ld or not (ld[0][1].startswith("invalid instruction") or
                              ld[0][1] == "instruction not supported on this GPU"):
                continue
            compared += 1
            if ld != M.get(i, []):
                bad += 1
                if bad <= 20:
                    print("%s: %r\n  llvm %r\n  mq   %r" % (t, l, ld, M.get(i)))
        total += len(lines)
    print("lines %d compared %d mismatches %d" % (total, compared, bad))


if __name__ == "__main__":
    main()
