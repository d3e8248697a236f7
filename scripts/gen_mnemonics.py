#!/usr/bin/env python3
"""gen_mnemonics.py — the AMDGPU mnemonics llvm-mc 22 knows, the ones it suggests per
target and the ones a target lacks, as C data for the assembler's "invalid instruction,
did you mean: ...?" and "instruction not supported on this GPU" (src/asm/mnemonics.inc, read
by src/asm/suggest.c).

  gen_mnemonics.py [LIBLLVM] > src/asm/mnemonics.inc      (about 6 minutes)

What llvm-mc 22 does (AMDGPUAsmParser::checkUnsupportedInstruction): a mnemonic (lower
case, its _e32/_e64/_dpp/_sdwa suffix taken off) that no GPU has in any encoding variant
is "invalid instruction", followed by ", did you mean: A, B?" when mnemonics of the
default variant that the target supports are within edit distance 2 (insertions and
deletions only), in table order (sorted). Measured here, nothing copied from LLVM's code:

1. The names: the AMDGPU matcher's mnemonic table, one length-prefixed sorted string
   blob in libLLVM (found by the entry for v_mqsad_u32_u8 and walked from its start).
   Names outside it that llvm-mc still knows (mnemonic aliases such as v_trunc_f16_t16)
   are found by giving every identifier-like string A in libLLVM to llvm-mc on gfx700,
   gfx900 and gfx1100, as "A_e64" (llvm-mc takes that suffix off before the lookup):
   whatever is not "invalid instruction" is known.
2. Per target (every named target of `mqsad info --list`, and LLVM's generic targets,
   which mqsad maps to a named target or, where the sets differ, to one of their own
   (gfx9-4-generic)): a name N is a suggestion candidate iff llvm-mc lists N for the
   unknown probe "Nz" (distance 1), or "zN" when "Nz" is itself known.
3. Per target, the known names N llvm-mc answers with "instruction not supported on this
   GPU" when given alone as "N_e64" (that message depends on the mnemonic only, not the
   operands or the suffix).
   Targets with the same sets (2 and 3) share a group.
"""
import os, re, subprocess, sys

LIB = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/llvm-22/lib/libLLVM.so.22.1"
MC = "llvm-mc-22"
MQ = os.environ.get("MQSAD", "build/mqsad")


def table(data):
    anchor = b"\x0ev_mqsad_u32_u8"
    i = data.find(anchor)
    assert i >= 0 and data.find(anchor, i + 1) < 0, "one mnemonic table"
    ok = lambda b: len(b) > 0 and all(33 <= c < 127 for c in b)
    start = None
    for back in range(1, 200000):        # the earliest start that walks onto the anchor
        p = i - back
        while p < i:
            n = data[p]
            if n == 0 or not ok(data[p + 1:p + 1 + n]):
                break
            p += 1 + n
        if p == i:
            start = i - back
    names, p = [], start
    while data[p] and ok(data[p + 1:p + 1 + data[p]]):
        names.append(data[p + 1:p + 1 + data[p]].decode())
        p += 1 + data[p]
    assert names == sorted(names) and len(names) > 2000
    return names


def errors(t, lines):
    p = subprocess.run([MC, "-triple=amdgcn", "-mcpu=" + t, "-show-encoding", "-o", "/dev/null"],
                       input="".join(l + "\n" for l in lines).encode(), capture_output=True,
                       timeout=1800)
    e = {}
    for m in re.finditer(r"^<stdin>:(\d+):(\d+): error: (.*)$", p.stderr.decode(), re.M):
        e.setdefault(int(m.group(1)) - 1, (int(m.group(2)), m.group(3)))
    return e


def aliases(data, names):
    known = set(names)
    ids = set(m.group(0).decode() for m in
              re.finditer(rb"(?<![A-Za-z0-9_.$])[a-z_][a-z0-9_]{1,60}(?=\x00)", data))
    # alias names need not be whole strings in libLLVM (its alias matcher compares
    # fragments); those that are a known name with an encoding suffix are tried too
    ids |= {n + sfx for n in names for sfx in ("_e32", "_e64", "_dpp", "_sdwa", "_e64_dpp")}
    ids = sorted(ids - known)
    extra = set()
    for t in ("gfx700", "gfx900", "gfx1100"):
        # llvm-mc takes one _e32/_e64/_dpp/_sdwa suffix off before it looks a name up, so
        # "A_e64" asks about A itself (a name may end in such a suffix: v_cmp_tru_f16_e32)
        e = errors(t, [a + "_e64" for a in ids])
        for i, n in enumerate(ids):
            c, msg = e.get(i, (0, ""))
            if not (c == 1 and msg.startswith("invalid instruction")):
                extra.add(n)
    return extra


def candidates(t, names, known):
    mem = set()
    for mk in (lambda n: n + "z", lambda n: "z" + n):
        probes = [n for n in names if mk(n) not in known]
        e = errors(t, [mk(n) for n in probes])
        for i, n in enumerate(probes):
            m = re.match(r"invalid instruction, did you mean: (.*)\?$", e.get(i, (0, ""))[1])
            if m and n in m.group(1).split(", "):
                mem.add(n)
        names = [n for n in names if n not in mem]
    return mem


def unsupported(t, known):
    """the known names llvm-mc answers with "instruction not supported on this GPU" on t
    (the message does not depend on the operands: it comes from the mnemonic alone)"""
    names = sorted(known)
    e = errors(t, [n + "_e64" for n in names])     # the name itself (see aliases)
    return {n for i, n in enumerate(names)
            if e.get(i, (0, ""))[1] == "instruction not supported on this GPU"}


def main():
    data = open(LIB, "rb").read()
    names = table(data)
    known = set(names) | aliases(data, names)
    targets = [l.split()[0] for l in subprocess.run([MQ, "info", "--list"], capture_output=True,
                                                    text=True, check=True).stdout.splitlines()[1:]]
    # LLVM's generic targets too: mqsad resolves each to a named target, or (gfx9-4-generic,
    # whose set differs from gfx942's) to one of its own, looked up by this name
    h = subprocess.run([MC, "-triple=amdgcn", "-mcpu=help"], capture_output=True, text=True)
    targets += sorted(set(re.findall(r"\b(gfx[0-9]+(?:-[0-9]+)?-generic)\b", h.stdout + h.stderr)))
    groups, tgroup = [], {}
    for t in targets:
        s = (frozenset(candidates(t, names, known)), frozenset(unsupported(t, known)))
        if s not in groups:
            groups.append(s)
        tgroup[t] = groups.index(s)
        print(t, len(s[0]), len(s[1]), file=sys.stderr)
    assert len(groups) <= 32
    allnames = sorted(known)
    assert max(map(len, allnames)) < 64
    out = ["/* mnemonics.inc — generated by scripts/gen_mnemonics.py from llvm-mc 22 (do not edit).",
           " * Every mnemonic llvm-mc 22 knows for amdgcn (%d), sorted, and its length; per name a" % len(allnames),
           " * mask of the target groups whose \"did you mean\" candidates it is, and one of those",
           " * that do not have it (\"instruction not supported on this GPU\"); each target's group. */",
           "#define MN_COUNT %d" % len(allnames),
           "#define MN_GROUPS %d" % len(groups),
           "#define MN_MAX_LEN %d" % max(map(len, allnames)),
           "/* one fixed-width row per name: C99 promises string literals of 4095 bytes only */",
           "static const char k_mn_names[MN_COUNT][MN_MAX_LEN + 1] = {"]
    line = ""
    for n in allnames:
        piece = '"%s", ' % n
        if len(line) + len(piece) > 88:
            out.append("    " + line.rstrip())
            line = ""
        line += piece
    out.append("    " + line.rstrip())
    out.append("};")
    def arr(decl, vals, per):
        out.append(decl)
        for i in range(0, len(vals), per):
            out.append("    " + " ".join("%s," % v for v in vals[i:i + per]))
        out.append("};")
    arr("static const uint8_t k_mn_len[MN_COUNT] = {", [str(len(n)) for n in allnames], 20)
    masks = ["0x%x" % sum(1 << g for g in range(len(groups)) if n in groups[g][0]) for n in allnames]
    arr("static const uint32_t k_mn_groups[MN_COUNT] = {", masks, 12)
    masks = ["0x%x" % sum(1 << g for g in range(len(groups)) if n in groups[g][1]) for n in allnames]
    arr("static const uint32_t k_mn_unsupported[MN_COUNT] = {", masks, 12)
    # which characters occur in each name (bit mn_char_bit(c) of src/asm/suggest.c): two names
    # within two insertions/deletions differ in at most two of them
    def bit(c):
        if "a" <= c <= "z": return ord(c) - ord("a")
        if "0" <= c <= "9": return 26 + ord(c) - ord("0")
        return {"_": 36, ".": 37, "$": 38, "@": 39}.get(c, 63)
    cmask = ["0x%xu" % sum(1 << b for b in set(bit(c) for c in n)) for n in allnames]
    arr("static const uint64_t k_mn_chars[MN_COUNT] = {", cmask, 6)
    # the names by length (then table order), and where each length starts in that order
    order = sorted(range(len(allnames)), key=lambda i: (len(allnames[i]), i))
    arr("static const uint16_t k_mn_by_len[MN_COUNT] = {", [str(i) for i in order], 14)
    maxlen = max(map(len, allnames))
    first = [sum(1 for n in allnames if len(n) < L) for L in range(maxlen + 2)]
    arr("static const uint16_t k_mn_len_first[MN_MAX_LEN + 2] = {", [str(v) for v in first], 14)
    # sorted bytewise (strcmp order): suggest.c finds a target by binary search
    out.append("static const struct { const char *target; unsigned char group; } k_mn_target_group[] = {")
    for t in sorted(targets, key=lambda t: t.encode()):
        out.append('    { "%s", %d },' % (t, tgroup[t]))
    out.append("};")
    print("\n".join(out))


if __name__ == "__main__":
    main()
