#!/usr/bin/env python3
"""gen_family_asm.py — assembly vectors for the eight SAD-family instructions, from llvm-mc 22.

  scripts/gen_family_asm.py | gzip -9n > tests/data/family_asm_vectors.tsv.gz

Python 3 standard library + llvm-mc-22 (Debian's llvm-22). For every generation (one target
each, GFX6 included) and a few processor aliases, for each of v_sad_u8, v_sad_hi_u8,
v_sad_u16, v_sad_u32, v_msad_u8, v_qsad_pk_u16_u8, v_mqsad_pk_u16_u8, v_mqsad_u32_u8 (the
instruction table's widths: VDST/SRC0/SRC1/SRC2 in dwords), lines that vary one operand
at a time over every operand kind (VGPR/SGPR/TTMP tuples of each width, special registers,
inline integers, f32/f64 inline floats, literals, hexadecimal floats (long mantissas
round once, ties to even), lit()/lit64(), expressions, symbols,
comments), combinations of scalar/literal sources (constant bus, unique literal), clamp,
the modifiers llvm-mc rejects (op_sel, neg, abs, omod, sext), mnemonic spellings and
variants (_e64, _e32, _dpp, _sdwa, _e64_dpp and the DPP modifiers), operand counts.

Rows (the format of tests/data/asm_vectors.tsv, scripts/gen_vectors.py):
  target <TAB> asm text <TAB> encoding|ERROR <TAB> canonical text|error@COL: msg [" || " ...]
Each line is assembled after a label of its own ("__vecN__:"), as gen_vectors.py does, so
that llvm-mc's recovery after an error never reaches the next line. lit() on targets
without VOP3 literals and the lit()-merging cases are left out: they are the documented
deviations D1-D4 (docs/deviations.md), covered by asm_vectors.tsv.
"""
import os
import re
import subprocess
import sys

MC = os.environ.get("LLVM_MC", "llvm-mc-22")
# one target per generation, then aliases
TARGETS = ["gfx600", "gfx700", "gfx803", "gfx900", "gfx908", "gfx90a", "gfx942", "gfx950",
           "gfx1010", "gfx1030", "gfx1100", "gfx1150", "gfx1200", "gfx1250"]
ALIASES = ["tahiti", "hainan", "bonaire", "gfx801", "gfx1201"]
LIT_TARGETS = {"gfx1010", "gfx1030", "gfx1100", "gfx1150", "gfx1200", "gfx1250", "gfx1201"}
# name: widths of VDST, SRC0, SRC1, SRC2 in dwords (the instruction table, src/isa/insn.c)
INSNS = [("v_sad_u8", 1, 1, 1, 1), ("v_sad_hi_u8", 1, 1, 1, 1), ("v_sad_u16", 1, 1, 1, 1),
         ("v_sad_u32", 1, 1, 1, 1), ("v_msad_u8", 1, 1, 1, 1),
         ("v_qsad_pk_u16_u8", 2, 2, 1, 2), ("v_mqsad_pk_u16_u8", 2, 2, 1, 2),
         ("v_mqsad_u32_u8", 4, 2, 1, 4)]
DIAG_RE = re.compile(r"^<stdin>:(\d+):(\d+): (error|warning): (.*)$")


def vreg(n, w):
    return "v%d" % n if w == 1 else "v[%d:%d]" % (n, n + w - 1)


def sreg(p, n, w):
    return "%s%d" % (p, n) if w == 1 else "%s[%d:%d]" % (p, n, n + w - 1)


def pool(w, lit):
    """operand spellings for a source of w dwords"""
    ops = [vreg(n, w) for n in (0, 1, 2, 7, 255 - w + 1, 255)]
    ops += [vreg(3, 3 - w) if w != 2 else vreg(3, 1)]            # a wrong width
    for p, ns in (("s", (0, 1, 2, 100, 104, 105)), ("ttmp", (0, 1, 14, 15))):
        ops += [sreg(p, n, w) for n in ns]
    ops += [sreg("s", 4, 4), "s106", "ttmp16", "v256", "v[1:0]", "a1", "v1.l",
            "vcc", "vcc_lo", "vcc_hi", "exec", "exec_lo", "exec_hi", "m0", "null",
            "flat_scratch", "flat_scratch_lo", "xnack_mask", "xnack_mask_hi", "tba", "tma_lo",
            "src_scc", "scc", "src_vccz", "src_execz", "src_shared_base", "src_private_limit",
            "src_pops_exiting_wave_id", "lds_direct", "src_lds_direct", "src_flat_scratch_base_lo",
            "[s4, s5]", "[vcc_lo, vcc_hi]", "pc",
            "0", "1", "64", "65", "-1", "-16", "-17", "0x7fffffff", "0xffffffff",
            "-2147483648", "0x100000000", "0x123456789", "0xfffffffff0000000",
            "0.5", "-0.5", "1.0", "-1.0", "2.0", "-4.0", "4.0", "0.15915494",
            "0.15915494309189532", "1.5", "3.0", "-3.5", "1e40", "0x3ff0000000000000",
            "0x3f800000", "0x1p-1", "0x1.8p1", "0x1.00000100000009p0", "0x1.000002fffffff1p0",
            "0x1.000001000000081p0", "0x1.45f306dc9c8829p-3", "0x1.fffffe00000000001p0",
            "1+2", "(3*4)-1", "-(5)", "~0", "sym", "sym+4", "sym-sym2",
            "/* c */ v1", "-v1", "|v1|", "abs(v1)", "neg(v1)", "sext(v1)"]
    if lit:
        ops += ["lit(1)", "lit(0x12345678)", "lit(1.0)", "lit64(0x12345678)",
                "lit64(0x123456789)"]
        if w == 1 or lit != "gfx1250":
            ops += ["lit(-1)"]      # gfx1250's 64-bit slots: D4 (asm_vectors.tsv)
    return ops


def lines_for(name, wd, w0, w1, w2, lit):
    base = [vreg(4, wd), vreg(2, w0), vreg(6, w1), vreg(8, w2)]
    out = ["%s %s" % (name, ", ".join(base))]
    add = out.append
    for i, w in ((1, w0), (2, w1), (3, w2)):
        for op in pool(w, lit):
            b = list(base)
            b[i] = op
            add("%s %s" % (name, ", ".join(b)))
    for op in [vreg(n, wd) for n in (0, 1, 3, 254, 255)] + [sreg("s", 0, wd), "v[0:7]", "1", "vcc_lo"]:
        b = list(base)
        b[0] = op
        add("%s %s" % (name, ", ".join(b)))
    tail = ", ".join(base)
    for mod in ("clamp", "noclamp", "clamp clamp", "op_sel:[0,0,0,0]", "op_sel:[1,0,0,0]",
                "neg_lo:[1,0,0]", "neg_hi:[0,0,0]", "mul:2", "div:2", "byte_sel:1",
                "row_mirror", "quad_perm:[0,1,2,3]", "dpp8:[0,1,2,3,4,5,6,7]", "row_shl:1",
                "fi:1", "clamp row_mirror", ", v1", "// comment", "; comment", "/* x */"):
        add("%s %s %s" % (name, tail, mod))
    for spelling in (name.upper(), name + "_e64", name.upper() + "_E64", name + "_e32",
                     name + "_dpp", name + "_sdwa", name + "_e64_dpp", name + "_e64_e64",
                     name + "x", "  " + name, '"%s"' % name):
        add("%s %s" % (spelling, tail))
    add("%s_e64_dpp %s row_mirror" % (name, tail))
    add("%s_e64_dpp %s dpp8:[0,1,2,3,4,5,6,7]" % (name, tail))
    add("%s %s" % (name, ", ".join(base[:3])))
    add(name)
    add("%s %s %s" % (name, " ".join(base), "clamp"))
    # scalar / literal sources together: constant bus, unique literal
    small = {1: ["s1", "s1", "0x1234", "0x1235", "1", "v3", "sym", "vcc_lo"],
             2: ["s[2:3]", "s[2:3]", "0x1234", "0x1235", "1", "v[4:5]", "vcc"]}
    for a in small[w0]:
        for b_ in small[w1]:
            for c in small[w2] if w2 < 4 else ["v[8:11]"]:
                add("%s %s, %s, %s, %s" % (name, base[0], a, b_, c))
    return list(dict.fromkeys(out))


def assemble(target, lines):
    src = []
    for i, l in enumerate(lines):
        src.append("__vec%d__:" % i)
        src.append(l)
    env = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")
    p = subprocess.run([MC, "-triple=amdgcn", "-mcpu=" + target, "-show-encoding"],
                       input="\n".join(src) + "\n", capture_output=True, text=True, env=env)
    if p.returncode < 0 or "LLVM ERROR" in p.stderr:
        if len(lines) == 1:
            return [None]
        h = len(lines) // 2
        return assemble(target, lines[:h]) + assemble(target, lines[h:])
    res = [[None, None, []] for _ in lines]
    cur = None
    for l in p.stdout.splitlines():
        m = re.match(r"^__vec(\d+)__:", l)
        if m:
            cur = int(m.group(1))
            continue
        st = l.strip()
        if cur is None or not st or st.startswith("."):
            continue
        if st.startswith(";"):
            continue
        s = l.strip("\t")
        m = re.search(r"\s*; encoding: \[(.*)\]\s*$", s)
        if m and res[cur][1] is None:
            res[cur][0], res[cur][1] = m.group(1), s[:m.start()].rstrip()
    for l in p.stderr.splitlines():
        m = DIAG_RE.match(l)
        if m and m.group(3) == "error":
            ln, col = int(m.group(1)), int(m.group(2))
            if ln % 2 == 0 and 0 <= (ln - 2) // 2 < len(lines):
                res[(ln - 2) // 2][2].append("error@%d: %s" % (col, m.group(4)))
    return res


def main():
    ver = subprocess.run([MC, "--version"], capture_output=True, text=True).stdout
    ver = " ".join(l.strip() for l in ver.splitlines() if "version" in l.lower())[:80]
    print("#target\tasm_text\tencoding_or_ERROR\tcanonical_text_or_error")
    print("# SAD-family assembly vectors from %s (%s); regenerate: "
          "scripts/gen_family_asm.py | gzip -9n > tests/data/family_asm_vectors.tsv.gz" % (MC, ver))
    for t in TARGETS + ALIASES:
        lines = []
        for name, wd, w0, w1, w2 in INSNS:
            ls = lines_for(name, wd, w0, w1, w2, t if t in LIT_TARGETS else None)
            if t in ALIASES:
                ls = ls[::7]        # aliases: a sample, they share their generation's rules
            lines += ls
        for l, r in zip(lines, assemble(t, lines)):
            if r is None:
                continue        # llvm-mc crashed on the line alone: no oracle
            enc, text, errs = r
            if errs:
                print("%s\t%s\tERROR\t%s" % (t, l, " || ".join(errs)))
            elif enc is not None:
                print("%s\t%s\t%s\t%s" % (t, l, enc, text))
        print(t, len(lines), file=sys.stderr)


if __name__ == "__main__":
    main()
