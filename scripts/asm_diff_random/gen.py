#!/usr/bin/env python3
"""gen.py — random assembler lines of the SAD family for drive.py (`gen.py SEED N` prints N).

Environment: GOODP (share of well-formed operands, default 0.35); INSN (one mnemonic, or
"all" for a random family member per line, the default)."""
import random, sys
R = random.Random()
import os
GOODP = float(os.environ.get("GOODP", "0.35"))
# widths in dwords of VDST, SRC0, SRC1, SRC2 per instruction (llvm-mc 22's operand classes)
FAMILY = {"v_sad_u8": (1, 1, 1, 1), "v_sad_hi_u8": (1, 1, 1, 1), "v_sad_u16": (1, 1, 1, 1),
          "v_sad_u32": (1, 1, 1, 1), "v_msad_u8": (1, 1, 1, 1), "v_qsad_pk_u16_u8": (2, 2, 1, 2),
          "v_mqsad_pk_u16_u8": (2, 2, 1, 2), "v_mqsad_u32_u8": (4, 2, 1, 4)}
INSN = os.environ.get("INSN", "all")
CUR = ["v_mqsad_u32_u8", FAMILY["v_mqsad_u32_u8"]]

def rr(a, b): return R.randint(a, b)
def ch(*xs): return R.choice(xs)

def ws():
    r = R.random()
    if r < 0.85: return ""
    return ch(" ", "\t", "  ", " \t")

def vreg(n):
    r = R.random()
    pre = "v" if R.random() < 0.93 else ch("V", "a", "acc", "A")
    if r < 0.55:
        a = ch(*([rr(0, 255)] * 3 + [rr(0, 8) * n, 252, 253, 254, 255, 256, 300]))
        if R.random() < 0.7:
            a = min(a, 256 - n) if R.random() < 0.8 else a
            a = a - a % (n if n > 1 and R.random() < 0.6 else 1)
        k = n if R.random() < 0.85 else ch(1, 2, 3, 4, 5, 8)
        b = a + k - 1
        if R.random() < 0.05: return "%s[%d]" % (pre, a)
        return "%s[%s%d%s:%s%d%s]" % (pre, ws(), a, ws(), ws(), b, ws())
    elif r < 0.85:
        return "%s%d" % (pre, ch(rr(0, 255), rr(0, 8), 255, 256, 1000, 0))
    else:
        a = rr(0, 255)
        k = n if R.random() < 0.8 else ch(1, 2, 3, 4, 5)
        return "[" + ", ".join("%s%d" % (pre, a + i + (1 if R.random() < 0.05 else 0)) for i in range(k)) + "]"

def sreg(n):
    r = R.random()
    pre = ch("s", "s", "s", "ttmp", "S", "TTMP")
    hi = 110 if pre.lower() == "s" else 17
    if r < 0.5:
        a = rr(0, hi)
        if R.random() < 0.6: a -= a % max(1, n)
        k = n if R.random() < 0.85 else ch(1, 2, 3, 4, 8)
        return "%s[%d:%d]" % (pre, a, a + k - 1)
    elif r < 0.8:
        return "%s%d" % (pre, rr(0, hi))
    else:
        a = rr(0, hi)
        k = n if R.random() < 0.8 else ch(1, 2, 3)
        return "[" + ",".join("%s%d" % (pre, a + i) for i in range(k)) + "]"

SPECIALS = ["vcc", "vcc_lo", "vcc_hi", "exec", "exec_lo", "exec_hi", "m0", "null", "scc", "src_scc",
            "src_vccz", "vccz", "src_execz", "execz", "flat_scratch", "flat_scratch_lo", "flat_scratch_hi",
            "xnack_mask", "xnack_mask_lo", "xnack_mask_hi", "src_shared_base", "src_shared_limit",
            "src_private_base", "src_private_limit", "shared_base", "private_limit",
            "src_pops_exiting_wave_id", "pops_exiting_wave_id", "lds_direct", "src_lds_direct",
            "tba", "tma", "tba_lo", "tma_hi", "ttmp", "VCC", "EXEC", "M0", "NULL", "Vcc_Lo",
            "[vcc_lo,vcc_hi]", "[exec_lo,exec_hi]", "[vcc_hi,vcc_lo]", "[flat_scratch_lo,flat_scratch_hi]",
            "src_flat_scratch_base_lo", "src_flat_scratch_base_hi", "off", "sym", "x", "_a.b$c",
            "src_vgpr", "v", "s", "a", "inf", "nan", "pi"]

FLOATS = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494", "0.15915494309189532",
          "0.1591549", "0.0", "-0.0", "1.5", "3.14", "1e0", "1.", ".5", "5e-1", "0x3f800000", "0x3f000000",
          "0xbf800000", "0x40800000", "0xc0800000", "0x3e22f983", "0x3ff0000000000000", "0x3fe0000000000000",
          "0xbfe0000000000000", "0x401000000000000", "0x4010000000000000", "0xc010000000000000",
          "0x3fc45f306dc9c882", "0x3fc45f306dc9c883", "0x3118", "0x3c00", "0xbc00", "1e10", "1e-40", "1e400",
          "2.5e-3", "-1e0", "1.0e+00", "0.5e1", "4.", "-4.", "0x1p0", "1.0f", "1.0h", "100.0", "65.0", "64.0", "-16.0", "-17.0"]

def intlit():
    r = R.random()
    if r < 0.4: v = rr(-18, 66)
    elif r < 0.6: v = ch(0xffffffff, 0xfffffff0, 0xffffffef, 0x80000000, 0x7fffffff, -0x80000000, -0x80000001,
                         0x100000000, 0xffffffffffffffff, 0xfffffffffffffff0, 0xffffffff80000000, 0x123456789,
                         0x8000000000000000, 0x7fffffffffffffff, 0x12345678, 65, -17, 0x40, 0x41, 0xc1,
                         0xffffffffffffffef, 0xffffffc0, 0x1ffffffff, -0x100000000, 2**64, 2**64 + 5, -(2**63), -(2**63) - 1)
    elif r < 0.85:
        v = R.getrandbits(ch(4, 8, 16, 31, 32, 33, 48, 63, 64))
        if R.random() < 0.2: v = -v
    else: v = rr(-1000, 100000)
    f = R.random()
    if v < 0:
        s = "-" + fmtnum(-v, f)
    else:
        s = fmtnum(v, f)
    return s

def fmtnum(v, f):
    if f < 0.5: return str(v)
    if f < 0.85: return hex(v) if R.random() < 0.8 else "0X%X" % v
    if f < 0.9: return bin(v)
    if f < 0.93: return "0%o" % v if v else "0"
    if f < 0.96: return "%xh" % v if R.random() < 0.5 else "0%Xh" % v
    return str(v)

def expr():
    a = intlit(); b = intlit()
    op = ch("+", "-", "*", "/", "%", "|", "&", "^", "<<", ">>", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "!", "~")
    r = R.random()
    if op in ("!", "~"): return op + a
    if r < 0.3: return "%s%s%s" % (a, op, b)
    if r < 0.5: return "(%s %s %s)" % (a, op, b)
    if r < 0.6: return "-(%s)" % a
    if r < 0.7: return "%s %s (%s)" % (a, op, b)
    if r < 0.8: return ch("sym", "sym+1", "1+sym", "sym-sym", "x*2", "(sym)", "-sym", "sym+2") 
    if r < 0.9: return "~%s" % a
    return "%s%s%s%s%s" % (a, op, b, ch("+", "*", "-"), intlit())

def operand(slot):
    """slot: 0 vdst, 1 src0, 2 src1, 3 src2 (widths of the current instruction)"""
    n = CUR[1][slot]
    r = R.random()
    if slot == 0:
        w = [0.75, 0.1, 0.04, 0.03, 0.03, 0.02, 0.03]
    else:
        w = [0.35, 0.15, 0.08, 0.14, 0.08, 0.07, 0.08, 0.05]
    # kinds: vgpr sgpr special int float lit expr junk
    c = 0
    kinds = ["v", "s", "sp", "i", "f", "lit", "e", "j"]
    acc = 0
    k = "j"
    for i, x in enumerate(w):
        acc += x
        if r < acc: k = kinds[i]; break
    if k == "v": s = vreg(n) if R.random() < 0.9 else regexpr(n)
    elif k == "s": s = sreg(n)
    elif k == "sp": s = R.choice(SPECIALS)
    elif k == "i": s = intlit()
    elif k == "f": s = R.choice(FLOATS)
    elif k == "lit":
        inner = ch(intlit, intlit, lambda: R.choice(FLOATS), expr)()
        s = "%s(%s%s%s)" % (ch("lit", "lit", "lit64", "LIT", "lit ", "lit64 "), ws(), inner, ws())
        if R.random() < 0.03: s = s[:-1]
    elif k == "e": s = expr()
    else:
        s = ch("", " ", "neg(%s)" % vreg(n), "abs(%s)" % vreg(n), "|%s|" % vreg(n), "-%s" % vreg(n),
               "-|%s|" % vreg(n), "sext(%s)" % vreg(n), "-%s" % sreg(n), "|%s|" % intlit(), "'a'", '"s"',
               "%s:" % vreg(n), "@", "$", "v[4:7]]", "[v4,v5", "v[4:", "v[:7]", "v[4:7", "-(%s)" % R.choice(FLOATS),
               "--1", "- 1", "+1", "~0", "!0", "1.0e", "0x", "0b", "08", "1a", "0x1g", "1b", "1..0",
               "%s %s" % (vreg(n), vreg(n)), "%s, %s" % (intlit(), intlit()), "v4 v5", "*", "\\", "1//c")
    if R.random() < 0.03 and slot > 0:
        s = ch("-", "|", "neg(", "abs(") + s + ch("", "|", ")")
    return s

MODS = ["clamp", "clamp", "op_sel:[0,0,0,0]", "op_sel:[1,0,0,0]", "op_sel:[0,0]", "op_sel_hi:[0,0,0]",
        "omod", "mul:2", "mul:4", "div:2", "div:3", "mul:1", "neg_lo:[0,0,0]", "neg_hi:[1,0,0]", "abs:[0,0,0]",
        "clamp clamp", "CLAMP", "clamp:1", "byte_sel:1", "dpp8:[0,1,2,3,4,5,6,7]", "row_mirror", "bound_ctrl:0",
        "sext", "offset:4", "glc", "off", "nv", "op_sel:[0,0,0,1]", "op_sel:[0,0,0,0,0]", "clamp, clamp", ", clamp",
        "mul:2 clamp", "clamp mul:2", "clamp div:2", "cbsz:1"]
TAILS = ["", "", "", "", " ; comment", " // c", " # hash", ";", " ;; x", " junk", ", v1", ",", " , ", " v[4:7]",
         " 1", " )", " ]", "\\", " ;v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]", " // v[4:7]", "  ", "\t"]
def mnem():
    m = CUR[0]
    if R.random() < 0.7: return m
    return ch(m.upper(), m + "_e64", m[:2].upper() + m[2:], m + "_e32", m + "_sdwa", m + "_dpp", m + "_e64_dpp",
              m + "_vop3", m[:-1], m + "_e64 ", m + " ", "\t" + m, "  " + m, m + "_e64_e64", m[:-2] + "16")

def regexpr(n):
    a = rr(0, 250)
    b = a + n - 1
    fa = ch(str(a), "%d+%d" % (a - 1, 1) if a else "0", "(%d)" % a, "0x%x" % a, "%d*1" % a, "-(-%d)" % a, "x", "%d-" % a)
    fb = ch(str(b), "%d+%d" % (a, n - 1), "(%d)" % b, "0x%x" % b, str(b + ch(0, 1, -1)))
    return "%s[%s%s:%s%s]" % (ch("v", "v", "s", "ttmp", "a"), ws(), fa, fb, ws())

def good(slot):
    n = CUR[1][slot]
    a = [4, 2, 1, 8][slot]
    return "v%d" % a if n == 1 else "v[%d:%d]" % (a, a + n - 1)

def line():
    CUR[0] = INSN if INSN != "all" else R.choice(sorted(FAMILY))
    CUR[1] = FAMILY[CUR[0]]
    ops = []
    for slot in range(4):
        if R.random() < GOODP: ops.append(good(slot))
        else: ops.append(operand(slot))
    r = R.random()
    if r < 0.04: ops = ops[:rr(0, 3)]
    elif r < 0.06: ops.append(operand(rr(1, 3)))
    seps = []
    for i in range(len(ops) - 1):
        seps.append(ch(", ", ", ", ", ", ",", " ,", ",\t", " , ", ",  ") if R.random() > 0.01 else ch(" ", ",,", ";"))
    s = mnem() + ch(" ", " ", " ", "\t", "  ")
    for i, o in enumerate(ops):
        s += o
        if i < len(seps): s += seps[i]
    if R.random() < 0.25:
        for _ in range(rr(1, 2)):
            s += ch(" ", " ", "  ", "\t", ",") + R.choice(MODS)
    s += R.choice(TAILS)
    if R.random() < 0.04:
        i = s.find(",")
        if i > 0: s = s[:i] + ch("/* c */", " /**/ ", "/*x*/,", "/* , */") + s[i:]
    if R.random() < 0.03: s = ch("/* a */ ", "  ", "\t", "/**/") + s
    if R.random() < 0.1: s = s.replace(" ", ch("\t", "  ", " "), 1)
    if R.random() < 0.02: s = s.upper()
    return s

if __name__ == "__main__":
    R.seed(int(sys.argv[1]))
    n = int(sys.argv[2])
    for _ in range(n):
        l = line()
        if "\n" in l: continue
        print(l)
