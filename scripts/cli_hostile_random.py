#!/usr/bin/env python3
"""cli_hostile_random.py — random hostile input for the CLI, meant for a sanitizer build.

  cli_hostile_random.py MQSAD N SEED

N runs of MQSAD (e.g. a CLI built with CC=clang OPT='-O1 -g -fsanitize=address,undefined
-fno-sanitize-recover=all' LDFLAGS=-fsanitize=address,undefined CLI_CC=) on mutated
inputs: `eval` lines on stdin and as arguments, `exec` with a state file on stdin and a
mutated instruction text, `exec` with mutated --set assignments and --bytes, `dis` (text,
--words, --bin) and `asm` (text, --hex, --bin) on several targets. A run is BAD when it is
killed by a signal, exits with a status other than 0/1/2, prints a sanitizer report, or
takes more than 20 s. Prints each BAD run and a final "runs N bad N" line."""
import random, subprocess, sys, os
MQ = sys.argv[1]; N = int(sys.argv[2]); R = random.Random(int(sys.argv[3]))
TARGETS = "gfx700 gfx803 gfx900 gfx90a gfx942 gfx950 gfx1010 gfx1030 gfx1100 gfx1151 gfx1201 gfx1250 rdna3 cdna3".split()
TOK = ["0x", "0X", "-", "--", "0b", "#", "=", "[", "]", ":", ",", " ", "\t", "\0", "\xff", "18446744073709551616",
       "0xffffffffffffffffff", "99999999999999999999999", "v", "s", "v[", "v[1:", "exec", "vcc", "m0", "ttmp", "lit(",
       "clamp", "\n", "\r", "wave64", "wave32", "v255", "v256", "s[104:105]", "src_shared_base", "1e400", "nan", "inf"]
def mutate(s):
    s = list(s)
    for _ in range(R.randint(1, 6)):
        r = R.random(); i = R.randint(0, len(s))
        if r < 0.3 and s: del s[R.randrange(len(s))]
        elif r < 0.6: s[i:i] = list(R.choice(TOK))
        elif r < 0.8 and s: s[R.randrange(len(s))] = chr(R.randint(0, 255))
        elif s: j = R.randrange(len(s)); s[i:i] = s[j:j + R.randint(1, 30)]
    return "".join(s)
EVAL = ["0x0706050403020100 0x03020100 11 13 17 19", "1 2 3 4 5 6 clamp", "0 0 0 0 0 0 1", "# c\n\n0xffffffffffffffff 0xffffffff 0xffffffff 1 2 3 0"]
STATE = ["wave64\nexec = 0xffffffffffffffff\nv[2:3] = 0x0706050403020100\nv1 = 0x03020100\nv8 = 11\nv9 = 1 2\n",
         "s2 = 5\ns[2:3] = 0x0123456789abcdef\nvcc = 0x5\nm0 = 7\nscc = 1\nttmp4 = 3\nv1[3] = 0x9\n",
         "exec_lo = 3\nflat_scratch = 1\nsrc_shared_base = 2\nv[8:11] = 7\n"]
INSTR = ["v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]", "v_mqsad_u32_u8 v[4:7], s[2:3], s2, v[8:11] clamp",
         "v_mqsad_u32_u8 v[4:7], 0x12345678, v1, v[8:11]", "v_mqsad_u32_u8 v[4:7], exec, vcc_lo, v[8:11]",
         "v_mqsad_u32_u8 v[4:7], lit64(0x123456789), m0, v[8:11]"]
BYTES = ["0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04", "04 00 3d d6 ff 02 22 04 78 56 34 12", "04003dd6020322040"]
DIS = ["[0x04,0x00,0x3d,0xd6,0x02,0x03,0x22,0x04]\n", "0x04 0x00 0x3d 0xd6 0xff 0x02 0x22 0x04 0x78 0x56\n", "# c\n[0x04,0x00,0xe7,0xd1,0x02,0x03,0x22,0x04,\n0x01]\n"]
bad = 0
def run(args, inp):
    global bad
    try:
        p = subprocess.run([MQ] + args, input=inp.encode("latin-1"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20,
                           env=dict(os.environ, ASAN_OPTIONS="detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1"))
    except subprocess.TimeoutExpired:
        print("TIMEOUT", repr(args), repr(inp[:300])); bad += 1; return
    e = p.stderr.decode("latin-1")
    if p.returncode not in (0, 1, 2) or "Sanitizer" in e or "runtime error" in e:
        print("BAD rc", p.returncode, repr(args), repr(inp[:300]), e[-600:]); bad += 1
for k in range(N):
    c = R.randrange(6); t = R.choice(TARGETS)
    if c == 0:
        run(["eval"], mutate(R.choice(EVAL)) + "\n")
    elif c == 1:
        run(["eval"] + mutate(R.choice(EVAL)).replace("\0", "").split(" "), "")
    elif c == 2:
        w = R.choice([[], ["--wave64"], ["--wave32"]])
        run(["exec", "-t", t] + w + ["--state", "-"] + R.choice([[], ["--json"]]) + [mutate(R.choice(INSTR)).replace("\0", "")], mutate(R.choice(STATE)))
    elif c == 3:
        sets = [x for x in mutate(R.choice(STATE)).replace("\0", "").split("\n") if x]
        args = ["exec", "-t", t] + sum([["--set", x] for x in sets[:8]], []) + ["--bytes"] + mutate(R.choice(BYTES)).replace("\0", "").split(" ")
        run(args, "")
    elif c == 4:
        run(["dis", "-t", t] + R.choice([[], ["--words"], ["--bin"]]), "".join(mutate(R.choice(DIS)) for _ in range(R.randint(1, 5))))
    else:
        run(["asm", "-t", t] + R.choice([[], ["--hex"], ["--bin"]]), "\n".join(mutate(R.choice(INSTR)) for _ in range(R.randint(1, 5))))
print("runs", N, "bad", bad)
