#!/usr/bin/env python3
"""dis_diff_random.py — random differential test of `mqsad dis` against
`llvm-mc-22 -triple=amdgcn -mcpu=T -disassemble` (stdout text and stderr diagnostics),
over the eight SAD-family instructions.

  dis_diff_random.py OUTDIR SEED N TARGET...

GFX6/GFX7 targets (gfx600-gfx602, gfx700-gfx705 and their names; llvm-mc has no disassembler
there) are checked the other way round: N random words through `mqsad dis`, and every one
it decodes must assemble with llvm-mc to exactly its bytes (what must not decode is checked
by tests/test_family_dis.c, whose GFX6/GFX7 vectors come from llvm-mc's assembler).

For each target: N random lines (mostly a word of one of the eight family members, chosen
at random, with every other bit random; each member's opcode and encoding marker are read
from llvm-mc's encoding of a baseline line of it on that target, literal codes with 0/4/8 trailing literal bytes, truncated words, opcode bits
flipped, several words per line, block and stream syntax). Every test line is followed by a
bracketed separator word, so both tools' stdout can be split per test line; stderr
diagnostics are assigned by line number. llvm-mc runs in batches (one process at a time),
crash-prone lines in small batches; a crashing batch is bisected down to single lines
(recorded as CRASH, not a mismatch: conformance.md says mqsad must then report invalid,
which is checked).

Comparison per test line: identical stdout lines and identical diagnostics (header, source
line, caret). When llvm-mc decoded some instruction outside the family on the line (mqsad
reports those as invalid, a documented difference) only the instructions before it are
compared: the same family texts, and invalid in both at the foreign one.
Results: OUTDIR/mismatch_TARGET.txt, OUTDIR/summary.txt.
Environment: LLVM_MC (default llvm-mc-22), MQSAD (default build/mqsad).
"""
import os
import random
import re
import subprocess
import sys

MC = os.environ.get("LLVM_MC", "llvm-mc-22")
MQ = os.environ.get("MQSAD", "build/mqsad")

# literal rule per target: "crash" (llvm-mc crashes on a VOP3 literal), lit32, lit32_64
FAM = {}
for t in ("gfx801 gfx802 gfx803 gfx805 gfx810 gfx900 gfx902 gfx904 gfx906 gfx909 gfx90c gfx908 gfx90a gfx942 "
          "gfx9-generic gfx9-4-generic").split():
    FAM[t] = "crash"
FAM["gfx950"] = "lit32"
for t in ("gfx1010 gfx1011 gfx1012 gfx1013 gfx1030 gfx1031 gfx1032 gfx1033 gfx1034 gfx1035 gfx1036 "
          "gfx10-1-generic gfx10-3-generic gfx1100 gfx1101 gfx1102 gfx1103 gfx1150 gfx1151 gfx1152 "
          "gfx1153 gfx1200 gfx1201 gfx11-generic gfx12-generic").split():
    FAM[t] = "lit32"
for t in "gfx1250 gfx1251".split():
    FAM[t] = "lit32_64"

# the eight instructions: baseline lines (VDST, SRC0, SRC1, SRC2 of each one's widths)
BASELINES = [
    "v_sad_u8 v4, v2, v1, v8", "v_sad_hi_u8 v4, v2, v1, v8", "v_sad_u16 v4, v2, v1, v8",
    "v_sad_u32 v4, v2, v1, v8", "v_msad_u8 v4, v2, v1, v8",
    "v_qsad_pk_u16_u8 v[4:5], v[2:3], v1, v[8:9]", "v_mqsad_pk_u16_u8 v[4:5], v[2:3], v1, v[8:9]",
    "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]",
]
FAMILY_NAMES = tuple(b.split(" ")[0] + " " for b in BASELINES)
DWORD0 = {}   # target -> list of the eight baseline dword0 values (opcode, marker, VDST 4)


def baselines(t):
    """dword0 of each family member's baseline on t that llvm-mc assembles there (GFX6 has
    six), from llvm-mc's encoding"""
    if t not in DWORD0:
        _, out, err = run([MC, "-triple=amdgcn", "-mcpu=" + t, "-show-encoding"],
                          "\n".join(BASELINES) + "\n")
        encs = re.findall(r"; encoding: \[([^\]]*)\]", out)
        assert len(encs) >= 6, (t, err)
        DWORD0[t] = [int.from_bytes(bytes(int(x, 16) for x in e.split(",")[:4]), "little") for e in encs]
    return DWORD0[t]


def roundtrip(t, seed, n, outdir):
    """GFX6/GFX7 (no llvm-mc disassembler): n random words of the family (mostly codes the
    assembler can emit, some any code or a stray bit) through `mqsad dis`; every word it
    decodes must assemble with llvm-mc back to exactly its bytes."""
    R = random.Random("%d:%s" % (seed, t))
    good = list(range(0, 209)) + list(range(240, 254)) + list(range(256, 512))
    words = []
    for _ in range(n):
        d0 = (R.choice(baselines(t)) & 0xffffff00) | R.getrandbits(8)
        if R.random() < 0.05:
            d0 |= 1 << R.randint(8, 16)
        cs = [R.choice(good) if R.random() < 0.9 else R.getrandbits(9) for _ in range(3)]
        d1 = cs[0] | cs[1] << 9 | cs[2] << 18
        if R.random() < 0.03:
            d1 |= 1 << R.randint(27, 31)
        words.append(list(d0.to_bytes(4, "little") + d1.to_bytes(4, "little")))
    src = "".join("[" + ",".join("0x%02x" % b for b in w) + "]\n" for w in words)
    _, out, err = run([MQ, "dis", "-t", t], src)
    bad = set(int(m) for m in re.findall(r"^<stdin>:(\d+):", err, re.M))
    dec = [w for i, w in enumerate(words) if i + 1 not in bad]
    texts = [ln.strip() for ln in out.splitlines()]
    assert len(dec) == len(texts), (len(dec), len(texts))
    _, aout, aerr = run([MC, "-triple=amdgcn", "-mcpu=" + t, "-show-encoding"], "\n".join(texts) + "\n")
    encs = re.findall(r"; encoding: \[([^\]]*)\]", aout)
    errs = re.findall(r"^<stdin>:(\d+):\d+: error: (.*)$", aerr, re.M)
    mism = len(errs)
    with open(os.path.join(outdir, "mismatch_%s.txt" % t), "w") as mf:
        for ln, msg in errs:
            mf.write("REJECTED\t%s\t%s\n" % (texts[int(ln) - 1], msg))
        if not errs:
            for w, e, tx in zip(dec, encs, texts):
                if [int(x, 16) for x in e.split(",")] != w:
                    mism += 1
                    mf.write("BYTES\t%s\t%s\t%s\n" % (",".join("0x%02x" % b for b in w), tx, e))
    return "%s seed=%d words=%d decoded=%d roundtrip-mismatch=%d" % (t, seed, n, len(dec), mism)


SPECIAL = ([255] * 12 + [254] * 6 + [253, 252, 251, 250, 249, 248, 247, 240, 239, 238, 235,
           234, 231, 230, 229, 209, 208, 193, 192, 128, 127, 126, 125, 124, 123, 122, 112,
           111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 1, 0, 256, 257,
           508, 509, 510, 511])
LITVALS = [0, 1, 64, 65, 0x40, 0xffffffff, 0xfffffff0, 0xffffffef, 0x3f800000, 0x3f000000,
           0xbf800000, 0x3e22f983, 0x40800000, 0xc0800000, 0x3ff00000, 0x3fe00000, 0x3fc45f30,
           0x6dc9c882, 0x80000000, 0x7fffffff, 0x12345678, 0x3118, 0x3c00, 0x4400]


def lit_dword(R):
    r = R.random()
    if r < 0.4:
        return R.choice(LITVALS)
    if r < 0.55:
        return R.randint(0, 70)
    if r < 0.65:
        return (-R.randint(1, 20)) & 0xffffffff
    return R.getrandbits(32)


def gen_word(R, t):
    """-> (bytes, risky); risky 2 = llvm-mc certainly crashes (a literal code on a target
    without VOP3 literals, modifiers clear)"""
    lrule = FAM[t]
    w0 = R.getrandbits(32)
    w1 = R.getrandbits(32)
    w0 = (w0 & 0xffff) | (R.choice(baselines(t)) & 0xffff0000)
    if R.random() < 0.6:               # ABS, OMOD, NEG clear: decodable
        w0 &= ~0x700
        w1 &= 0x07ffffff
    for sh in (0, 9, 18):
        if R.random() < 0.3:
            c = R.choice(SPECIAL)
            w1 = (w1 & ~(0x1ff << sh)) | (c << sh)
    flipped = False
    if R.random() < 0.18:              # opcode / encoding bits flipped
        for _ in range(R.choice([1, 1, 1, 2, 3])):
            w0 ^= 1 << R.randint(16, 31)
        flipped = True
    b = list(w0.to_bytes(4, "little") + w1.to_bytes(4, "little"))
    codes = [(w1 >> sh) & 0x1ff for sh in (0, 9, 18)]
    need = 0
    if lrule == "lit32_64" and 254 in codes:
        need = 8
    elif 255 in codes and lrule != "crash":
        need = 4
    risky = False
    if 255 in codes and lrule == "crash":
        risky = True
        need = 4 if R.random() < 0.7 else R.choice([0, 8])
    n = need
    if R.random() < 0.08:
        n = R.randint(0, 9)
    if n < need or (255 in codes and lrule == "crash"):
        risky = True
    if flipped and (255 in codes or 254 in codes):
        risky = True
    if risky and lrule == "crash" and not flipped and 255 in codes and not (w0 & 0x700) \
            and not (w1 >> 27):
        risky = 2
    if n >= 4:
        b += list(lit_dword(R).to_bytes(4, "little"))
        if n >= 8:
            hi = R.choice([0, 0, 0xffffffff, 1, lit_dword(R), 0x3ff00000, 0x3fe00000])
            b += list(hi.to_bytes(4, "little"))
            b += [R.getrandbits(8) for _ in range(n - 8)]
        else:
            b += [R.getrandbits(8) for _ in range(n - 4)]
    else:
        b += [R.getrandbits(8) for _ in range(n)]
    return b, risky


def fmt_tokens(R, bs, style):
    if style == "dec":
        return [str(x) for x in bs]
    if style == "upper":
        return ["0X%02X" % x for x in bs]
    if style == "short":
        return ["0x%x" % x for x in bs]
    return ["0x%02x" % x for x in bs]


def gen_line(R, t):
    """-> (line text, number of words, risky)"""
    r = R.random()
    nw = 1 if r < 0.7 else R.randint(2, 4)
    bs = []
    risky = False
    for k in range(nw):
        b, rk = gen_word(R, t)
        if k == 0 and rk == 2:
            risky = 2
        elif rk and not risky:
            risky = True
        bs += b
    if R.random() < 0.06:              # truncated
        cut = R.randint(1, max(1, len(bs) - 1))
        bs = bs[:cut]
        risky = risky or True
    s = R.random()
    style = "hex" if s < 0.85 else R.choice(["dec", "upper", "short"])
    toks = fmt_tokens(R, bs, style)
    f = R.random()
    if f < 0.6:
        line = "[" + ",".join(toks) + "]"
    elif f < 0.85:
        line = " ".join(toks)
    elif f < 0.95:
        line = ",".join(toks)
    else:
        line = R.choice(["  ", "\t", ""]) + R.choice([" ", ", ", ",\t"]).join(toks)
        if R.random() < 0.5:
            line = "[ " + line + " ]"
    return line, nw, risky


def sep_bytes(t):
    w0 = (baselines(t)[-1] & 0xffff0000) | 0x8000
    w1 = 256 | (256 << 9) | (256 << 18)
    b = w0.to_bytes(4, "little") + w1.to_bytes(4, "little")
    return "[" + ",".join("0x%02x" % x for x in b) + "]"


DIAG = re.compile(r"^<stdin>:(\d+):(\d+): (warning|error): (.*)$")


def parse_err(err, nlines):
    """-> {lineno: [diag text (3 lines)]}, unparsed-lines"""
    out = {}
    lines = err.split("\n")
    i = 0
    junk = []
    while i < len(lines):
        m = DIAG.match(lines[i])
        if m:
            ln = int(m.group(1))
            out.setdefault(ln, []).append("\n".join(lines[i:i + 3]))
            i += 3
        else:
            if lines[i]:
                junk.append(lines[i])
            i += 1
    return out, junk


def run(cmd, text):
    p = subprocess.run(cmd, input=text.encode("latin-1"), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")


def split_out(out, septext, n):
    """stdout -> list of n lists of lines, or None if the separator count is wrong"""
    groups = [[]]
    for ln in out.split("\n"):
        if ln == "":
            continue
        if ln == septext:
            groups.append([])
        else:
            groups[-1].append(ln)
    if len(groups) != n + 1 or groups[-1]:
        return None
    return groups[:n]


def run_tool(cmd, lines, sep, septext):
    text = "".join(l + "\n" + sep + "\n" for l in lines)
    rc, out, err = run(cmd, text)
    g = split_out(out, septext, len(lines))
    e, junk = parse_err(err, 2 * len(lines))
    return rc, g, e, junk


def llvm_results(t, lines, sep, septext, res, stats):
    """fills res[i] = (outlines, diags) or 'CRASH' for the given (index, line) list"""
    if not lines:
        return
    cmd = ["nice", "-n", "19", MC, "-triple=amdgcn", "-mcpu=" + t, "-disassemble"]
    rc, g, e, junk = run_tool(cmd, [l for _, l in lines], sep, septext)
    stats["llvm_runs"] += 1
    if rc in (0, 1) and g is not None and not junk:
        for k, (i, _) in enumerate(lines):
            res[i] = (g[k], e.get(2 * k + 1, []))
            if e.get(2 * k + 2):
                res[i] = "SEPDIAG"
        return
    if len(lines) == 1:
        res[lines[0][0]] = "CRASH(rc=%d)" % rc
        return
    h = len(lines) // 2
    llvm_results(t, lines[:h], sep, septext, res, stats)
    llvm_results(t, lines[h:], sep, septext, res, stats)


def first_col(line):
    m = re.search(r"[^\s,\[]", line)
    return m.start() + 1 if m else 0


def dcol(d):
    return int(d.split(":")[2])


def compare(line, L, M):
    """-> 'ok' | 'foreign-ok' | 'mismatch' """
    lo, le = L
    mo, me = M
    if lo == mo and le == me:
        return "ok"
    fi = [k for k, x in enumerate(lo) if not x[1:].startswith(FAMILY_NAMES)]
    if not fi:
        return "mismatch"
    j = fi[0]
    # everything llvm-mc decoded before the first foreign instruction is ours too
    if mo[:j] != lo[:j]:
        return "mismatch"
    if line.lstrip().startswith("["):
        # a block stops at its first undecodable instruction: ours is the foreign one
        return "foreign-ok" if len(mo) == j and len(me) == 1 else "mismatch"
    extra = [dcol(d) for d in me if d not in le]
    if not extra:
        return "mismatch"
    cx = min(extra)
    if any(dcol(d) < cx and d not in me for d in le):
        return "mismatch"
    return "foreign-ok"


def main():
    outdir, seed, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    targets = sys.argv[4:]
    os.makedirs(outdir, exist_ok=True)
    summ = open(os.path.join(outdir, "summary.txt"), "a")
    for t in targets:
        if t not in FAM:   # GFX6/GFX7: decode, then assemble back
            msg = roundtrip(t, seed, n, outdir)
            print(msg, flush=True)
            summ.write(msg + "\n")
            continue
        R = random.Random("%d:%s" % (seed, t))
        tests = [gen_line(R, t) for _ in range(n)]
        sep = sep_bytes(t)
        _, so, _ = run([MC, "-triple=amdgcn", "-mcpu=" + t, "-disassemble"], sep + "\n")
        septext = so.rstrip("\n")
        _, so2, _ = run([MQ, "dis", "-t", t], sep + "\n")
        assert septext.startswith("\tv_mqsad") and so2.rstrip("\n") == septext, (septext, so2)
        stats = {"llvm_runs": 0}
        res = [None] * n
        safe = [(i, x[0]) for i, x in enumerate(tests) if not x[2]]
        risky = [(i, x[0]) for i, x in enumerate(tests) if x[2] is True]
        certain = [(i, x[0]) for i, x in enumerate(tests) if x[2] == 2 and x[2] is not True]
        for i, _ in certain[8:]:   # predicted crashes: a sample is run, singly
            res[i] = "CRASH(predicted)"
        for k in range(min(8, len(certain))):
            llvm_results(t, certain[k:k + 1], sep, septext, res, stats)
        B = 2000
        for k in range(0, len(safe), B):
            llvm_results(t, safe[k:k + B], sep, septext, res, stats)
        for k in range(0, len(risky), 8):
            llvm_results(t, risky[k:k + 8], sep, septext, res, stats)
        # mqsad: all lines in one run
        rc, g, e, junk = run_tool([MQ, "dis", "-t", t], [x[0] for x in tests], sep, septext)
        assert g is not None, "mqsad separator count"
        words = sum(x[1] for x in tests)
        cnt = {"ok": 0, "foreign-ok": 0, "mismatch": 0, "crash": 0, "crash-bad": 0, "sepdiag": 0}
        mf = open(os.path.join(outdir, "mismatch_%s.txt" % t), "w")
        for i, (line, nw, rk) in enumerate(tests):
            M = (g[i], e.get(2 * i + 1, []))
            L = res[i]
            if L == "SEPDIAG":
                cnt["sepdiag"] += 1
                continue
            if isinstance(L, str):
                cnt["crash"] += 1
                if L == "CRASH(predicted)":
                    cnt["predicted"] = cnt.get("predicted", 0) + 1
                elif L != "CRASH(rc=-11)":
                    cnt["crash-other"] = cnt.get("crash-other", 0) + 1
                    mf.write("CRASH-OTHER\t%s\t%s\n----\n" % (line, L))
                if not M[1]:
                    cnt["crash-bad"] += 1
                    mf.write("CRASH-NO-WARNING\t%s\t%s\n%s\n----\n" % (line, L, "\n".join(M[0])))
                continue
            # llvm's line numbers were per batch: renumber to ours for comparison
            Ld = [re.sub(r"^<stdin>:\d+:", "<stdin>:%d:" % (2 * i + 1), d) for d in L[1]]
            c = compare(line, (L[0], Ld), M)
            cnt[c] += 1
            if c == "mismatch":
                mf.write("LINE\t%s\nLLVM-OUT\n%s\nLLVM-ERR\n%s\nMQ-OUT\n%s\nMQ-ERR\n%s\n----\n" % (
                    line, "\n".join(L[0]), "\n".join(Ld), "\n".join(M[0]), "\n".join(M[1])))
        mf.close()
        msg = "%s seed=%d lines=%d words=%d llvm_runs=%d %s" % (
            t, seed, n, words, stats["llvm_runs"], " ".join("%s=%d" % kv for kv in cnt.items()))
        print(msg, flush=True)
        summ.write(msg + "\n")
        summ.flush()


if __name__ == "__main__":
    main()
