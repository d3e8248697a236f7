#!/usr/bin/env python3
"""gen_family_vectors.py — disassembly vectors of the eight SAD-family VOP3 instructions
(v_sad_u8, v_sad_hi_u8, v_sad_u16, v_sad_u32, v_msad_u8, v_qsad_pk_u16_u8,
v_mqsad_pk_u16_u8, v_mqsad_u32_u8) on every target family, from llvm-mc 22.

  scripts/gen_family_vectors.py [--llvm-mc llvm-mc-22] [--seed N] [--random N]
                                [--out tests/data/family_dis_vectors.tsv.gz]

Python 3 stdlib + llvm-mc-22 (Debian's llvm-22). The approach is that of
scripts/gen_vectors.py: every word is an llvm-mc byte block `[0x..,...]`, each followed by a
marker block (`s_nop 0`, the same text on every disassembling target) so that one llvm-mc
run decodes thousands of words and its output can be split per word; words llvm-mc may
crash on (a literal code on a target without VOP3 literals, truncated literal bytes) run
one by one.

Per target and instruction (the opcode and marker come from assembling a baseline line with
llvm-mc, not from a table): the baseline, every VDST value, every SRC0/SRC1/SRC2 code (with
literal bytes after 254/255), 32- and 64-bit literal values per source, shared literals,
truncated literals, ABS/NEG/OMOD/OPSEL/clamp bits, the 64 single-bit flips of the baseline
(other opcodes: often another family member), trailing bytes, and random words (correct
opcode, random fields, some with modifier bits).

GFX6 and GFX7 have no LLVM disassembler. There the expected result of a word is what the
assembler says: every spelling of every operand kind is assembled per slot (which codes can
each slot hold, and as what text), and a word decodes iff it is made of such codes, has no
ABS/NEG/OMOD/clamp/reserved bit, and llvm-mc assembles its text back to the same bytes
(the constant-bus limit is the assembler's); then the expected text is llvm-mc's.

Output rows: target <TAB> bytes (0x..,0x..) <TAB> result, the result being llvm-mc's text,
INVALID, CRASH(rc=N) (llvm-mc crashed: a word that must not decode), or several items
joined by " ;; " (further instructions in the same block, INVALID for undecodable bytes).
"""
import argparse
import gzip
import io
import os
import random
import re
import subprocess
import sys

INSNS = [  # mnemonic, VDST/SRC0/SRC1/SRC2 widths in dwords
    ("v_sad_u8", 1, 1, 1, 1), ("v_sad_hi_u8", 1, 1, 1, 1), ("v_sad_u16", 1, 1, 1, 1),
    ("v_sad_u32", 1, 1, 1, 1), ("v_msad_u8", 1, 1, 1, 1),
    ("v_qsad_pk_u16_u8", 2, 2, 1, 2), ("v_mqsad_pk_u16_u8", 2, 2, 1, 2),
    ("v_mqsad_u32_u8", 4, 2, 1, 4),
]

# disassembling targets: (name, literal rule) one or two names per family plus aliases
DIS_TARGETS = [
    ("gfx803", "crash"), ("tonga", "crash"), ("gfx900", "crash"), ("gfx906", "crash"),
    ("gfx908", "crash"), ("gfx90a", "crash"), ("gfx942", "crash"), ("gfx950", "lit32"),
    ("gfx1010", "lit32"), ("gfx1030", "lit32"), ("gfx1100", "lit32"), ("gfx1150", "lit32"),
    ("gfx1200", "lit32"), ("gfx1250", "lit64"),
]
ASM_TARGETS = ["tahiti", "gfx602", "gfx700", "hawaii"]   # GFX6, GFX7: no disassembler

MARKER = [0x00, 0x00, 0x80, 0xbf]
MARKER_TEXT = "s_nop 0"

LIT32 = [0x0, 0x1, 0x40, 0x41, 0xffff, 0x12345678, 0x3f800000, 0x3f000000, 0x3e22f983,
         0x3ff00000, 0x40000000, 0x7fffffff, 0x80000000, 0xbf800000, 0xffffffef, 0xfffffff0,
         0xffffffff, 0x3118, 0x3c00, 0x4400]
LIT64 = [0x0, 0x1, 0x40, 0x41, 0x12345678, 0xffffffff, 0x100000000, 0x3ff0000000000000,
         0x3fe0000000000000, 0xffffffffffffffef, 0xffffffffffffffff, 0x8000000000000000,
         0x123456789abcdef0, 0xffffffff80000000, 0x3fc45f306dc9c882, 0x000000003f800000,
         0x3f80000000000000, 0x00000001fffffff0]
SPECIAL_CODES = ([255] * 8 + [254] * 5 + [253, 252, 251, 250, 249, 248, 247, 240, 239, 238, 235,
                 234, 231, 230, 229, 209, 208, 193, 192, 128, 127, 126, 125, 124, 123, 122,
                 112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 1, 0, 256,
                 257, 508, 509, 510, 511])

DIAG_RE = re.compile(r"^<stdin>:(\d+):(\d+): (warning|error): (.*)$")


def hexbytes(bs):
    return ",".join("0x%02x" % b for b in bs)


def run_mc(mc, cpu, text, disasm):
    args = [mc, "-triple=amdgcn", "-mcpu=" + cpu, "-show-encoding"]
    if disasm:
        args.append("-disassemble")
    env = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")
    p = subprocess.run(args, input=text, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def strip_inst(line):
    s = line.strip("\t")
    enc = None
    m = re.search(r"\s*; encoding: \[(.*)\]\s*$", s)
    if m:
        enc = m.group(1)
        s = s[:m.start()]
    return s.rstrip(), enc


# ---- disassembling targets -------------------------------------------------------------

def disassemble(mc, cpu, vecs):
    """vecs: byte lists -> list of result strings (bisecting a crashing batch)."""
    src = "".join("[%s]\n[%s]\n" % (hexbytes(bs), hexbytes(MARKER)) for bs in vecs)
    rc, out, err = run_mc(mc, cpu, src, True)
    if rc < 0 or "LLVM ERROR" in err or "Stack dump" in err:
        if len(vecs) == 1:
            return ["CRASH(rc=%d)" % rc]
        h = len(vecs) // 2
        return disassemble(mc, cpu, vecs[:h]) + disassemble(mc, cpu, vecs[h:])
    groups = [[]]
    for ln in out.splitlines():
        if not ln.strip() or ln.strip().startswith("."):
            continue
        text, enc = strip_inst(ln)
        if text == MARKER_TEXT and enc == hexbytes(MARKER):
            groups.append([])
            continue
        groups[-1].append(text)
    if len(groups) != len(vecs) + 1 or groups[-1]:
        raise RuntimeError("%s: marker count %d for %d words" % (cpu, len(groups) - 1, len(vecs)))
    for ln in err.splitlines():
        m = DIAG_RE.match(ln)
        if not m:
            continue
        lno, msg = int(m.group(1)), m.group(4)
        if lno % 2 == 0:
            raise RuntimeError("diagnostic on a marker line: " + ln)
        if msg == "invalid instruction encoding":
            groups[(lno - 1) // 2].append("INVALID")
        else:
            raise RuntimeError("unexpected diagnostic: " + ln)
    return [" ;; ".join(g) if g else "EMPTY" for g in groups[:-1]]


def baseline_line(insn, vdst=4, src0=2, src1=1, src2=8):
    name, wd, w0, w1, w2 = insn

    def v(n, w):
        return "v%d" % n if w == 1 else "v[%d:%d]" % (n, n + w - 1)
    return "%s %s, %s, %s, %s" % (name, v(vdst, wd), v(src0, w0), v(src1, w1), v(src2, w2))


def assemble(mc, cpu, lines):
    """-> list of (bytes or None, text or error)"""
    src = "".join("__v%d__:\n%s\n" % (i, l) for i, l in enumerate(lines))
    rc, out, err = run_mc(mc, cpu, src, False)
    if rc < 0:
        raise RuntimeError("llvm-mc crashed assembling for " + cpu)
    res = [[None, None] for _ in lines]
    cur = None
    for ln in out.splitlines():
        m = re.match(r"^__v(\d+)__:", ln)
        if m:
            cur = int(m.group(1))
            continue
        if cur is None or not ln.strip() or ln.strip().startswith("."):
            continue
        text, enc = strip_inst(ln)
        if enc is None:
            continue
        res[cur] = [[int(x, 16) for x in enc.split(",")], text]
    for ln in err.splitlines():
        m = DIAG_RE.match(ln)
        if m and m.group(3) == "error":
            i = (int(m.group(1)) - 2) // 2
            if 0 <= i < len(lines) and res[i][0] is None and res[i][1] is None:
                res[i][1] = "error: " + m.group(4)
    return [tuple(r) for r in res]


def word(base, vdst=None, codes=None, d0_or=0, d1_or=0):
    d0 = int.from_bytes(bytes(base[0:4]), "little")
    d1 = int.from_bytes(bytes(base[4:8]), "little")
    if vdst is not None:
        d0 = (d0 & ~0xff) | vdst
    if codes is not None:
        d1 = (d1 & ~0x7ffffff) | codes[0] | codes[1] << 9 | codes[2] << 18
    d0 |= d0_or
    d1 |= d1_or
    return list(d0.to_bytes(4, "little") + d1.to_bytes(4, "little"))


def codes_of(bs):
    d1 = int.from_bytes(bytes(bs[4:8]), "little")
    return [d1 & 0x1ff, (d1 >> 9) & 0x1ff, (d1 >> 18) & 0x1ff]


def lit_bytes(v, n):
    return list((v & ((1 << (8 * n)) - 1)).to_bytes(n, "little"))


def dis_corpus(base, rule, R, n_random, clamp_bit):
    """words for one disassembling target and instruction"""
    out = []
    add = out.append
    c0 = codes_of(base)

    def with_code(s, c):
        cs = list(c0)
        cs[s] = c
        return cs

    def lits(cs):
        if rule == "lit64" and 254 in cs:
            return lit_bytes(0x123456789abcdef0, 8)
        if 255 in cs:
            return lit_bytes(0x12345678, 4)
        return []
    add(base)
    for v in range(256):
        add(word(base, vdst=v))
    for s in range(3):
        for c in range(512):
            cs = with_code(s, c)
            add(word(base, codes=cs) + lits(cs))
    for s in range(3):
        if rule == "crash":
            add(word(base, codes=with_code(s, 255)))
            continue
        for v in LIT32:
            add(word(base, codes=with_code(s, 255)) + lit_bytes(v, 4))
        if rule == "lit64":
            for v in LIT64:
                add(word(base, codes=with_code(s, 254)) + lit_bytes(v, 8))
                add(word(base, codes=with_code(s, 255)) + lit_bytes(v, 8))
            add(word(base, codes=with_code(s, 254)) + lit_bytes(0x12345678, 4))   # truncated
        add(word(base, codes=with_code(s, 255)) + [0x78, 0x56])                   # truncated
    if rule != "crash":
        for a, b in ((0, 1), (0, 2), (1, 2)):
            cs = list(c0)
            cs[a] = cs[b] = 255
            add(word(base, codes=cs) + lit_bytes(0xdeadbeef, 4))
            if rule == "lit64":
                cs[a] = 254
                add(word(base, codes=cs) + lit_bytes(0x3ff0000000000000, 8))
                add(word(base, codes=cs) + lit_bytes(0x0000000100000041, 8))
    for m in range(1, 8):
        add(word(base, d0_or=m << 8))        # ABS
        add(word(base, d1_or=m << 29))       # NEG
    for m in range(1, 4):
        add(word(base, d1_or=m << 27))       # OMOD
    for m in range(1, 16):
        add(word(base, d0_or=m << 11))       # OPSEL (clamp is bit 15)
    add(word(base, d0_or=1 << clamp_bit))
    add(word(base, d0_or=(1 << clamp_bit) | (5 << 11)))
    for b in range(64):
        bs = list(base)
        bs[b // 8] ^= 1 << (b % 8)
        add(bs)
    add(base + [0, 0, 0, 0])
    add(base + list(base))
    for k in range(8):
        add(base[:k])
    for _ in range(n_random):
        d0 = R.getrandbits(32)
        d1 = R.getrandbits(32)
        b0 = int.from_bytes(bytes(base[0:4]), "little")
        opmask = 0xffff0000 if clamp_bit == 15 else 0xfffe0000
        d0 = (d0 & ~opmask) | (b0 & opmask)
        if R.random() < 0.65:
            d0 &= ~0x700
            d1 &= 0x07ffffff
        for sh in (0, 9, 18):
            if R.random() < 0.3:
                d1 = (d1 & ~(0x1ff << sh)) | (R.choice(SPECIAL_CODES) << sh)
        bs = list(d0.to_bytes(4, "little") + d1.to_bytes(4, "little"))
        cs = codes_of(bs)
        if rule == "lit64" and 254 in cs:
            bs += lit_bytes(R.choice(LIT64 + [R.getrandbits(64)]), 8)
        elif 255 in cs and rule != "crash":
            bs += lit_bytes(R.choice(LIT32 + [R.getrandbits(32)]), 4)
        elif 255 in cs:
            continue
        add(bs)
    return out


def may_crash(bs, rule):
    if len(bs) < 8:
        return False
    cs = codes_of(bs)
    if rule == "crash":
        return 255 in cs
    need = 8 if rule == "lit64" and 254 in cs else 4 if 255 in cs else 0
    return len(bs) - 8 < need


def run_dis_target(mc, cpu, rule, R, n_random):
    rows = []
    bases = assemble(mc, cpu, [baseline_line(i) for i in INSNS])
    for insn, (base, text) in zip(INSNS, bases):
        assert base and len(base) == 8, (cpu, insn, text)
        vecs = dis_corpus(base, rule, R, n_random, 15)
        seen = set()
        uniq = []
        for bs in vecs:
            if tuple(bs) not in seen:
                seen.add(tuple(bs))
                uniq.append(bs)
        safe = [bs for bs in uniq if not may_crash(bs, rule)]
        risky = [bs for bs in uniq if may_crash(bs, rule)]
        res = {}
        for k in range(0, len(safe), 6000):
            part = safe[k:k + 6000]
            for bs, r in zip(part, disassemble(mc, cpu, part)):
                res[tuple(bs)] = r
        for bs in risky:
            res[tuple(bs)] = disassemble(mc, cpu, [bs])[0]
        for bs in uniq:
            rows.append((cpu, hexbytes(bs), res[tuple(bs)]))
        print("%s %s: %d words" % (cpu, insn[0], len(uniq)), file=sys.stderr, flush=True)
    return rows


# ---- GFX6/GFX7: from the assembler --------------------------------------------------------

SPECIALS32 = ["vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "flat_scratch_lo", "flat_scratch_hi",
              "xnack_mask_lo", "xnack_mask_hi", "tba_lo", "tba_hi", "tma_lo", "tma_hi", "m0",
              "null", "src_shared_base", "src_shared_limit", "src_private_base",
              "src_private_limit", "src_pops_exiting_wave_id", "src_vccz", "src_execz",
              "src_scc", "src_lds_direct", "lds_direct", "src_flat_scratch_base_lo",
              "src_flat_scratch_base_hi"]
SPECIALS64 = ["vcc", "exec", "flat_scratch", "xnack_mask", "tba", "tma"]
FLOATS = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494",
          "0.15915494309189532"]


def operand_spellings(w):
    """every spelling of every operand kind for a slot of w dwords (plus some other widths)"""
    ops = []
    for ww in sorted({1, 2, 4, w}):
        def tup(p, n):
            return "%s%d" % (p, n) if ww == 1 else "%s[%d:%d]" % (p, n, n + ww - 1)
        ops += [tup("v", n) for n in range(0, 256)]
        ops += [tup("s", n) for n in range(0, 106)]
        ops += [tup("ttmp", n) for n in range(0, 16)]
    ops += SPECIALS32 + SPECIALS64
    ops += [str(i) for i in range(-16, 65)] + FLOATS
    # (not lit(): on targets without VOP3 literals LLVM 22 mis-encodes lit(1) into an 8-byte
    # word with code 255, encoding-llvm22.md §9 item 3, a deviation mqsad does not copy)
    ops += ["0x12345678", "-17", "65"]
    return ops


def asm_target(mc, cpu, R, n_random):
    rows = []
    known = {}               # bytes -> text, over all instructions (bit flips reach others)
    all_words = []
    for insn in INSNS:
        name, wd, w0, w1, w2 = insn
        (base, btext), = assemble(mc, cpu, [baseline_line(insn)])
        if base is None:
            print("%s %s: %s" % (cpu, name, btext), file=sys.stderr)
            # not on this GPU: no word with its opcode decodes (the GFX7 opcode)
            ref, _ = assemble(mc, "gfx700", [baseline_line(insn)])[0]
            for bs in [ref] + [word(ref, vdst=v) for v in (0, 8, 255)]:
                rows.append((cpu, hexbytes(bs), "INVALID"))
            continue
        parts = baseline_line(insn).split(" ", 1)[1].split(", ")
        lines, where = [], []
        for slot, w in ((3, wd), (0, w0), (1, w1), (2, w2)):
            for op in operand_spellings(w):
                p = list(parts)
                p[0 if slot == 3 else slot + 1] = op
                lines.append("%s %s" % (name, ", ".join(p)))
                where.append(slot)
        # modifiers and clamp: expected to be rejected (then no word with those bits decodes)
        for extra in (" clamp", " mul:2", " div:2"):
            lines.append(baseline_line(insn) + extra)
            where.append(-1)
        for k in (1, 2, 3):
            p = list(parts)
            p[k] = "-" + p[k]
            lines.append("%s %s" % (name, ", ".join(p)))
            where.append(-1)
            p[k] = "|" + p[k][1:] + "|"
            lines.append("%s %s" % (name, ", ".join(p)))
            where.append(-1)
        res = assemble(mc, cpu, lines)
        slot_codes = [dict() for _ in range(4)]   # slot -> code -> operand text
        for (bs, text), slot in zip(res, where):
            if bs is None:
                continue
            assert slot >= 0, (cpu, "modifier accepted", text)
            if len(bs) != 8:
                continue          # literals are not supported: nothing longer is produced
            t = tuple(bs)
            if t in known and known[t] != text:
                raise RuntimeError("%s: two texts for %s: %s / %s" % (cpu, bs, known[t], text))
            known[t] = text
            if slot == 3:
                slot_codes[3][bs[0]] = text.split(" ", 1)[1].split(", ")[0]
            else:
                slot_codes[slot][codes_of(bs)[slot]] = text.split(" ", 1)[1].split(", ")[slot + 1]
        words = [base]
        words += [word(base, vdst=v) for v in range(256)]
        for s in range(3):
            for c in range(512):
                cs = codes_of(base)
                cs[s] = c
                words.append(word(base, codes=cs))
            cs = codes_of(base)
            cs[s] = 255
            words.append(word(base, codes=cs) + lit_bytes(0x12345678, 4))
        for m in range(1, 8):
            words.append(word(base, d0_or=m << 8))
            words.append(word(base, d1_or=m << 29))
        for m in range(1, 4):
            words.append(word(base, d1_or=m << 27))
        for m in range(0, 6):
            words.append(word(base, d0_or=1 << (11 + m)))   # clamp 11, reserved 16:12
        for b in range(64):
            bs = list(base)
            bs[b // 8] ^= 1 << (b % 8)
            words.append(bs)
        for k in range(8):
            words.append(base[:k])
        # random words: from the codes each slot can hold, sometimes any code, sometimes bits
        cand = []
        for _ in range(n_random):
            vd = R.choice(list(slot_codes[3])) if R.random() < 0.9 else R.getrandbits(8)
            cs = []
            for s in range(3):
                keys = list(slot_codes[s])
                cs.append(R.choice(keys) if R.random() < 0.92 else R.getrandbits(9))
            bs = word(base, vdst=vd, codes=cs)
            if R.random() < 0.08:
                bs = word(bs, d0_or=1 << R.randint(8, 16))
            if R.random() < 0.04:
                bs = word(bs, d1_or=1 << R.randint(27, 31))
            cand.append(bs)
        # every candidate made only of known codes and no other bits: assemble its text
        todo = []
        for bs in cand:
            if tuple(bs) in known:
                continue
            d0 = int.from_bytes(bytes(bs[0:4]), "little")
            d1 = int.from_bytes(bytes(bs[4:8]), "little")
            b0 = int.from_bytes(bytes(base[0:4]), "little")
            cs = codes_of(bs)
            if (d0 & ~0xff) != (b0 & ~0xff) or d1 >> 27 or bs[0] not in slot_codes[3] or \
                    any(cs[s] not in slot_codes[s] for s in range(3)):
                continue
            todo.append(bs)
        texts = ["%s %s, %s, %s, %s" % (name, slot_codes[3][bs[0]], slot_codes[0][codes_of(bs)[0]],
                                         slot_codes[1][codes_of(bs)[1]], slot_codes[2][codes_of(bs)[2]])
                 for bs in todo]
        for bs, (got, text) in zip(todo, assemble(mc, cpu, texts) if texts else []):
            if got is not None and list(got) == bs:
                known[tuple(bs)] = text
        words += cand
        all_words += words
        print("%s %s: %d words" % (cpu, name, len(words)), file=sys.stderr, flush=True)
    seen = set()
    for bs in all_words:
        if tuple(bs) in seen:
            continue
        seen.add(tuple(bs))
        # shorter: truncated; longer: code 255, and GFX6/GFX7 have no literals
        rows.append((cpu, hexbytes(bs), known.get(tuple(bs), "INVALID") if len(bs) == 8 else "INVALID"))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llvm-mc", default="llvm-mc-22")
    ap.add_argument("--seed", type=int, default=20261205)
    ap.add_argument("--random", type=int, default=400)
    ap.add_argument("--out", default="tests/data/family_dis_vectors.tsv.gz")
    ap.add_argument("--targets", default="")
    a = ap.parse_args()
    ver = subprocess.run([a.llvm_mc, "--version"], capture_output=True, text=True).stdout
    ver = re.search(r"LLVM version ([^\s]+)", ver).group(1)
    only = set(a.targets.split(",")) if a.targets else None
    rows = []
    for cpu in ASM_TARGETS:
        if only and cpu not in only:
            continue
        rows += asm_target(a.llvm_mc, cpu, random.Random("%d:%s" % (a.seed, cpu)), a.random * 2)
    for cpu, rule in DIS_TARGETS:
        if only and cpu not in only:
            continue
        rows += run_dis_target(a.llvm_mc, cpu, rule, random.Random("%d:%s" % (a.seed, cpu)), a.random)
    # mtime 0: the same vectors give the same file
    with io.TextIOWrapper(gzip.GzipFile(a.out, "wb", compresslevel=9, mtime=0), encoding="utf-8") as f:
        f.write("# SAD-family disassembly vectors from llvm-mc %s (-triple=amdgcn -mcpu=T "
                "-disassemble; GFX6/GFX7 from its assembler, see the script)\n" % ver)
        f.write("# regenerate: scripts/gen_family_vectors.py --seed %d --random %d "
                "(writes tests/data/family_dis_vectors.tsv.gz)\n" % (a.seed, a.random))
        f.write("#target\thex_bytes\tdisassembly_or_INVALID\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("%d rows -> %s" % (len(rows), a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
