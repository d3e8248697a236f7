#!/usr/bin/env python3
"""diff_fuzz.py — differential-testing corpora for v_mqsad_u32_u8 against llvm-mc 22
(how tests/data/diff_*.tsv.gz were made; Python 3 stdlib + llvm-mc-22, reuses gen_vectors.py).

  diff_fuzz.py fuzz OUTDIR SEED NASM NDIS TARGET...   random asm lines + random words
        -> OUTDIR/fuzz_asm.tsv, OUTDIR/fuzz_disasm.tsv (formats of asm_vectors.tsv /
           disasm_vectors.tsv). FUZZ_CLEAN=1: only plausible lines (no suffixes/junk).
  diff_fuzz.py combo OUT.tsv TARGET...                 exhaustive SRC0 x SRC1 cross product
  diff_fuzz.py targets OUTDIR                          gen_vectors.py's corpus on the targets
                                                       that are not in the main vector set
Lines with a tab are dropped (TSV); rows where llvm-mc printed nothing for a line (a lexer
error that swallowed the batch separator) are dropped.
Words that can crash llvm-mc (codes 254/255, short input) run in small batches with the
generator's automatic bisection, so a crash is recorded as CRASH(rc=-11) for that word only.
"""
import sys, os, random, importlib.util

spec = importlib.util.spec_from_file_location(
    "g", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_vectors.py"))
g = importlib.util.module_from_spec(spec)
spec.loader.exec_module(g)
MC = os.environ.get("LLVM_MC", "llvm-mc-22")

EXTRA_TARGETS = [
    ("gfx805", "GCN3", "VI"), ("tongapro", "GCN3", "VI"), ("carrizo", "GCN3", "VI"),
    ("stoney", "GCN3", "VI"), ("fiji", "GCN3", "VI"), ("iceland", "GCN3", "VI"),
    ("tonga", "GCN3", "VI"), ("polaris10", "GCN3", "VI"), ("polaris11", "GCN3", "VI"),
    ("gfx902", "GCN5", "VI"), ("gfx904", "GCN5", "VI"), ("gfx909", "GCN5", "VI"),
    ("gfx90c", "GCN5", "VI"), ("gfx9-generic", "GCN5", "VI"), ("gfx9-4-generic", "CDNA3", "VI"),
    ("gfx1011", "RDNA1", "GFX10"), ("gfx1012", "RDNA1", "GFX10"), ("gfx1013", "RDNA1", "GFX10"),
    ("gfx10-1-generic", "RDNA1", "GFX10"), ("gfx1031", "RDNA2", "GFX10"), ("gfx1032", "RDNA2", "GFX10"),
    ("gfx1033", "RDNA2", "GFX10"), ("gfx1034", "RDNA2", "GFX10"), ("gfx1035", "RDNA2", "GFX10"),
    ("gfx1036", "RDNA2", "GFX10"), ("gfx10-3-generic", "RDNA2", "GFX10"),
    ("gfx1101", "RDNA3", "GFX11"), ("gfx1102", "RDNA3", "GFX11"), ("gfx1103", "RDNA3", "GFX11"),
    ("gfx11-generic", "RDNA3", "GFX11"), ("gfx1151", "RDNA3.5", "GFX11"), ("gfx1152", "RDNA3.5", "GFX11"),
    ("gfx1153", "RDNA3.5", "GFX11"), ("gfx1201", "RDNA4", "GFX11"), ("gfx12-generic", "RDNA4", "GFX11"),
    ("gfx1251", "GFX12.5", "GFX11"), ("bonaire", "GCN2", "SICI"), ("hawaii", "GCN2", "SICI"),
    ("kaveri", "GCN2", "SICI"), ("kabini", "GCN2", "SICI"), ("mullins", "GCN2", "SICI"),
]

FAM = {t[1]: t[3] for t in g.TARGETS}
FAM.update({t[0]: t[2] for t in EXTRA_TARGETS})

R = None
CLEAN = bool(os.environ.get("FUZZ_CLEAN"))

SPECIALS = ["vcc", "exec", "flat_scratch", "xnack_mask", "tba", "tma", "m0", "null",
            "vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "flat_scratch_lo", "flat_scratch_hi",
            "xnack_mask_lo", "xnack_mask_hi", "tba_lo", "tba_hi", "tma_lo", "tma_hi",
            "src_shared_base", "src_shared_limit", "src_private_base", "src_private_limit",
            "shared_base", "shared_limit", "private_base", "private_limit",
            "src_pops_exiting_wave_id", "pops_exiting_wave_id", "src_vccz", "vccz",
            "src_execz", "execz", "src_scc", "scc", "src_lds_direct", "lds_direct",
            "src_flat_scratch_base_lo", "src_flat_scratch_base_hi", "off", "VCC", "Exec",
            "[vcc_lo,vcc_hi]", "[exec_lo, exec_hi]", "[vcc_hi,vcc_lo]", "[flat_scratch_lo,flat_scratch_hi]",
            "ttmp", "s", "v", "a0", "acc0", "sym", "undefined_sym", "inf", "nan", "1b", "1f", "."]

FLOATS = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "1.", "1e0", "1.0e+0",
          "0.15915494", "0.15915494309189532", "0.159154943", "1.5", "0.1", "-0.0", "0.0",
          "3.0", "100.0", "1e10", "1e-10", "0x1p0", "-1.e0", ".5", "5e-1", "0.25", "64.0",
          "-16.0", "1e400", "2e38", "1.0e", "1.0x", "0.5f", "1E0", "+1.0", "+-1.0"]


def num():
    r = R.random()
    if r < 0.35:
        v = R.randint(-20, 70)
    elif r < 0.55:
        v = R.choice([0x3f800000, 0x3f000000, 0xbf800000, 0x3e22f983, 0x3ff0000000000000,
                      0x3fe0000000000000, 0x3fc45f306dc9c882, 0xffffffff, 0xfffffff0, 0xffffffef,
                      0x80000000, 0x7fffffff, -0x80000000, -0x80000001, 0x100000000,
                      0xffffffffffffffff, 0xfffffffffffffff0, 0xffffffff80000000, 0x123456789,
                      0x8000000000000000, 0x7fffffffffffffff, 0x12345678, 0xdeadbeef, 65, -17,
                      0x40, 0x41, 1 << 63, 0xc0000000, 0x40400000, 0x4000000000000000, 0xbfe0000000000000])
    elif r < 0.8:
        v = R.getrandbits(R.choice([8, 16, 31, 32, 33, 48, 63, 64]))
        if R.random() < 0.2:
            v = -v
    else:
        v = R.randint(-1000, 100000)
    return spell(v)


def spell(v):
    r = R.random()
    neg = v < 0
    a = -v if neg else v
    if r < 0.45:
        s = str(a)
    elif r < 0.7:
        s = R.choice(["0x%x", "0X%X", "0x%08x", "0x%X"]) % a
    elif r < 0.78:
        s = "0b" + bin(a)[2:]
    elif r < 0.84:
        s = "0" + oct(a)[2:] if a else "0"
    elif r < 0.88:
        s = ("%xh" % a) if R.random() < 0.5 else ("0%Xh" % a)
    elif r < 0.92 and not CLEAN:
        s = ("%d" % a) + R.choice(["ULL", "u", "LL", "l", "U"])
    elif r < 0.96:
        s = bin(a)[2:] + "b" if a else "0b0"
    else:
        s = str(a)
    if neg:
        s = R.choice(["-", "-", "- ", "-(", "~"]) + s
        if s.startswith("-("):
            s += ")"
        elif s.startswith("~"):
            s = "-" + s[1:]
    return s


def expr():
    r = R.random()
    if r < 0.3:
        return num() + R.choice(["+", "-", "*", "/", "%", "|", "&", "^", "<<", ">>", "==", "!=",
                                 "<", ">", "<=", ">=", "&&", "||", " + ", " - "]) + num()
    if r < 0.45:
        return "(" + num() + ")"
    if r < 0.55:
        return R.choice(["~", "-", "!", "+", "--", "-~"]) + num()
    if r < 0.62:
        return "'" + R.choice(["a", "ab", "\\n", "\\0", "abcd", "abcde", "", "\\x41"]) + "'"
    if r < 0.72:
        return R.choice(["sym", "sym+1", "sym-4", "sym-sym", "1+sym", "-sym", "sym*2", "(sym)",
                         "x+y", "1/0", "1%0", "v1+1", "vcc+1", "s0"])
    if r < 0.85:
        return R.choice(FLOATS)
    return num() + R.choice(["+", "*", "<<"]) + "(" + num() + R.choice(["+", "-"]) + num() + ")"


def lit():
    w = R.choice(["lit", "lit", "lit64", "LIT", "lit ", "lit64 "])
    inner = R.choice([num(), num(), expr(), R.choice(FLOATS), "", "v1", "s0", num() + "," + num()])
    s = w + "(" + inner
    if R.random() < 0.95:
        s += ")"
    return s


def vreg(width, maxn=260):
    n = R.randint(0, maxn)
    if R.random() < 0.5:
        n &= ~1
    r = R.random()
    if width == 1 and r < 0.5:
        return R.choice(["v%d", "v%d", "v%02d", "v[%d]"]) % n if R.random() < 0.9 else "v[%d:%d]" % (n, n)
    if r < 0.75:
        return "v[%d:%d]" % (n, n + width - 1)
    if r < 0.82:
        return "[" + ",".join("v%d" % (n + i) for i in range(width)) + "]"
    if r < 0.86:
        return "v[0x%x:0x%x]" % (n, n + width - 1)
    if r < 0.9:
        return "v[%d:%d]" % (n, n + width - 1 + R.choice([-1, 1, 2, -2]))
    if r < 0.93:
        return "v[%d+%d:%d]" % (n - 1, 1, n + width - 1)
    if r < 0.96:
        return "v[%d : %d]" % (n, n + width - 1)
    return R.choice(["v[%d:]", "v[:%d]", "v[%d", "v%d]", "v[%d:%d:1]", "v[-1:2]", "v[%d:%d", "V[%d:%d]", "v [%d:%d]"]).replace("%d", str(n), 1).replace("%d", str(n + width - 1))


def sreg(width, maxn=110):
    kind = R.choice(["s", "s", "s", "ttmp"])
    n = R.randint(0, 20 if kind == "ttmp" else maxn)
    if R.random() < 0.6:
        n &= ~1
    r = R.random()
    if width == 1 and r < 0.6:
        return "%s%d" % (kind, n)
    if r < 0.8:
        return "%s[%d:%d]" % (kind, n, n + width - 1)
    if r < 0.9:
        return "[" + ",".join("%s%d" % (kind, n + i) for i in range(width)) + "]"
    return "%s[%d:%d]" % (kind, n, n + R.choice([0, 1, 2, 3, 4]))


def src(width):
    r = R.random()
    if r < 0.2:
        return vreg(width)
    if r < 0.28:
        return vreg(R.choice([1, 2, 3, 4]))
    if r < 0.43:
        return sreg(width)
    if r < 0.48:
        return sreg(R.choice([1, 2, 4]))
    if r < 0.6:
        return R.choice(SPECIALS)
    if r < 0.75:
        return num()
    if r < 0.85:
        return expr()
    if r < 0.93:
        return lit()
    return R.choice(["-v1", "|v1|", "abs(v1)", "neg(v1)", "sext(v1)", "-" + vreg(width), "|" + num() + "|",
                     "-s[2:3]", "v[2:3]v1", "", "(v1)", "v1 v2", "@", "$", "#", "v1,", "`", "\"str\"",
                     "v[2:3]:", "v1 + 1", "{v1}", "%v1", "s[2:3].l", "v2.h", "v1.l"])


def dst():
    r = R.random()
    if r < 0.75:
        return vreg(4)
    if r < 0.85:
        return vreg(R.choice([1, 2, 3, 5]))
    return R.choice([sreg(4), "null", "vcc", "a[4:7]", "ttmp[4:7]", num(), "-v[4:7]", "[v4,v5,v6,v7]",
                     "[v4,v6,v5,v7]", "v[4:7]!", "acc[4:7]", "s[4:7]"])


def sep():
    return R.choice([", ", ", ", ", ", ",", " , ", " ", "\t,", ",\t", ", ,", "  ,  "])


def mods():
    r = R.random()
    if r < 0.65:
        return ""
    return R.choice([" clamp", " clamp", "clamp", ", clamp", " clamp,", " clamp clamp", " CLAMP", " clamp:1",
                     " mul:2", " div:2", " op_sel:[0,0,0,0]", " op_sel:[1,0,0,0]", " neg_lo:[0,0,0]", " glc",
                     " high", " clamp " + num(), ", v1", " dpp8:[0,1,2,3,4,5,6,7]", " row_shl:1", " fi:1",
                     " clamp // c", " ; comment", " // comment", " byte_sel:1", " bound_ctrl:0", " clamp, clamp",
                     " omod:1", " " + src(1), " clamp)", " (", " ["])


MNEM = ["v_mqsad_u32_u8"] * 30 + ["V_MQSAD_U32_U8", "v_mqsad_u32_u8_e64", "v_mqsad_u32_u8_e32",
                                   "v_mqsad_u32_u8_vop3", "v_mqsad_u32_u8_dpp", "v_mqsad_u32_u8_sdwa",
                                   "v_Mqsad_U32_u8", "v_mqsad_u32_u8_e64_dpp", "v_mqsad_u8", "v_mqsad_u32"]


BASEOPS = ["v[4:7]", "v[2:3]", "v1", "v[8:11]"]


def good_src(slot):
    r = R.random()
    if slot == 0:
        pool = [lambda: "v[%d:%d]" % ((lambda n: (n, n + 1))(R.randrange(0, 255))),
                lambda: "s[%d:%d]" % ((lambda n: (n, n + 1))(2 * R.randrange(0, 54))),
                lambda: "ttmp[%d:%d]" % ((lambda n: (n, n + 1))(2 * R.randrange(0, 8))),
                lambda: R.choice(SPECIALS[:8] + SPECIALS[20:40]), num, lambda: R.choice(FLOATS), lit, expr]
    else:
        pool = [lambda: "v%d" % R.randrange(256), lambda: "s%d" % R.randrange(108),
                lambda: "ttmp%d" % R.randrange(17), lambda: R.choice(SPECIALS[6:40]), num,
                lambda: R.choice(FLOATS), lit, expr]
    return R.choice(pool)()


def asm_line():
    m = R.random()
    if CLEAN:
        m = m * 0.75
    if m < 0.45:
        ops = list(BASEOPS)
        k = R.randrange(4)
        ops[k] = [dst, lambda: good_src(0), lambda: good_src(1), lambda: vreg(4)][k]()
        if R.random() < 0.3:
            k2 = R.randrange(1, 3)
            ops[k2] = good_src(k2 - 1)
    elif m < 0.75:
        ops = [vreg(4, 256) if R.random() < 0.9 else dst(), good_src(0), good_src(1), vreg(4, 256)]
    else:
        ops = [dst(), src(2), src(1), vreg(4) if R.random() < 0.8 else src(4)]
    # drop or duplicate an operand sometimes
    r = R.random()
    if r < 0.02:
        del ops[R.randrange(4)]
    elif r < 0.03:
        ops.insert(R.randrange(5), src(1))
    s = (R.choice(MNEM) if m >= 0.75 else "v_mqsad_u32_u8") + (R.choice([" ", " ", " ", "  "]) if m >= 0.45 else " ")
    for i, o in enumerate(ops):
        s += o
        if i + 1 < len(ops):
            s += sep() if m >= 0.45 else ", "
    s += mods() if m >= 0.3 else R.choice(["", "", " clamp"])
    if R.random() < 0.02:
        s = s[:R.randrange(len(s) + 1)]
    # no ';' statement separators and no line breaks: one statement per line
    s = s.replace(";", "//").replace("\n", " ").replace("\t", " ")
    return s


def rand_code(slot):
    r = R.random()
    if r < 0.3:
        return R.randrange(512)
    if r < 0.55:
        return R.randrange(256, 512)
    if r < 0.8:
        return R.choice(list(range(100, 128)) + list(range(209, 256)))
    return R.randrange(128, 256)


def dis_word(family):
    vdst = R.randrange(256)
    s0, s1, s2 = rand_code(0), rand_code(1), rand_code(2)
    r = R.random()
    clamp = R.random() < 0.3
    abs_ = neg = omod = opsel = 0
    if r < 0.1:
        abs_ = R.randrange(8)
    elif r < 0.2:
        neg = R.randrange(8)
    elif r < 0.25:
        omod = R.randrange(4)
    if R.random() < 0.2:
        opsel = R.randrange(16)
    marker, op, opshift, clampbit = g.ENC[family]
    lo = (vdst & 0xFF) | ((abs_ & 7) << 8) | ((clamp & 1) << clampbit)
    if family != "SICI":
        lo |= (opsel & 0xF) << 11
    lo |= op << opshift
    lo |= marker << 26
    hi = s0 | (s1 << 9) | (s2 << 18) | (omod << 27) | (neg << 29)
    bs = list(lo.to_bytes(4, "little")) + list(hi.to_bytes(4, "little"))
    codes = (s0, s1, s2)
    need = 8 if 254 in codes else (4 if 255 in codes else 0)
    t = R.random()
    if t < 0.7:
        tail = need
    elif t < 0.8:
        tail = R.randrange(0, 9)
    else:
        tail = need + R.choice([4, 8])
    lit = R.choice([R.getrandbits(64), R.randrange(70), 0x3f800000, 0x3ff0000000000000, 0xffffffff,
                    0xfffffff0, 0x3e22f983, 0x3fc45f306dc9c882, 0xffffffffffffffff, 0x100000000,
                    0x00000001ffffffff, 0x3f000000, 0x4000000000000000])
    extra = list(lit.to_bytes(8, "little")) + [R.randrange(256) for _ in range(8)]
    bs += extra[:tail]
    if R.random() < 0.03:
        bs = bs[:R.randrange(8)]
    return bs


def crash_prone(bs, cpu, family):
    if len(bs) < 8:
        return True
    hi = int.from_bytes(bytes(bs[4:8]), "little")
    codes = ((hi & 0x1FF), (hi >> 9) & 0x1FF, (hi >> 18) & 0x1FF)
    if 255 in codes or 254 in codes:
        return True
    return False


def fuzz_main(argv):
    global R
    out, seed, nasm, ndis = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    targets = argv[4:]
    os.makedirs(out, exist_ok=True)
    fa = open(os.path.join(out, "fuzz_asm.tsv"), "w")
    fd = open(os.path.join(out, "fuzz_disasm.tsv"), "w")
    for cpu in targets:
        R = random.Random("%d/%s" % (seed, cpu))
        fam = FAM[cpu]
        if nasm:
            lines = [asm_line() for _ in range(nasm)]
            lines = list(dict.fromkeys(lines))
            res = g.assemble_batch(MC, cpu, None, lines)
            for l, (enc, text, diags, extra) in zip(lines, res):
                if "EXTRA" in extra:
                    continue
                c3, c4 = g.fmt_asm(enc, text, diags)
                if "\t" in l or c4 == "no output" or not l.strip():
                    continue
                fa.write(f"{cpu}\t{l}\t{c3}\t{c4}\n")
        if ndis and fam != "SICI":
            words = [dis_word(fam) for _ in range(ndis)]
            safe = [w for w in words if not crash_prone(w, cpu, fam)]
            risky = [w for w in words if crash_prone(w, cpu, fam)]
            rs = g.disassemble_batch(MC, cpu, None, safe) if safe else []
            # risky: batch with bisection (crashes isolate themselves)
            rr = []
            for k in range(0, len(risky), 64):
                rr += g.disassemble_batch(MC, cpu, None, risky[k:k + 64])
            for w, r in zip(safe + risky, rs + rr):
                fd.write(f"{cpu}\t{g.hexbytes(w)}\t{g.fmt_disasm(r)}\n")
        print(cpu, "done", flush=True)
    fa.close()
    fd.close()



def combo_main(argv):
    """exhaustive SRC0 x SRC1 operand pairs (constant bus, literal sharing, specials)"""
    lines=[f"v_mqsad_u32_u8 v[4:7], {a}, {b}, v[8:11]" for a in S0 for b in S1]
    lines+= [l+" clamp" for l in lines[::7]]
    out=open(argv[0],'w')
    for t in argv[1:]:
        for l,(enc,text,diags,extra) in zip(lines, g.assemble_batch(MC, t, None, lines)):
            c3,c4=g.fmt_asm(enc,text,diags); out.write(f"{t}\t{l}\t{c3}\t{c4}\n")
    out.close()


S0 = ["v[2:3]","v[3:4]","s[2:3]","s[3:4]","s[100:101]","s[102:103]","s[104:105]","ttmp[2:3]","ttmp[14:15]","vcc","exec","flat_scratch","xnack_mask","tba","tma","null","m0",
 "src_shared_base","src_private_limit","src_pops_exiting_wave_id","src_vccz","src_execz","src_scc","src_flat_scratch_base_lo","src_flat_scratch_base_hi","src_lds_direct",
 "0","64","-16","65","-17","0.5","-4.0","0.15915494309189532","0.15915494","1.5","0x3ff0000000000000","0x3f800000","0xffffffff","0xfffffff0","0xffffffef","-0x80000000","0x100000000","0x12345678",
 "lit(1)","lit(0x12345678)","lit64(1)","lit64(0x12345678)","lit(-1)","sym","1.0","0xffffffffffffffff"]
S1 = ["v1","v255","s1","s101","s103","s105","ttmp1","ttmp15","vcc_lo","vcc_hi","exec_lo","exec_hi","flat_scratch_lo","xnack_mask_hi","tba_lo","tma_hi","m0","null",
 "src_shared_base","src_private_limit","src_pops_exiting_wave_id","src_vccz","src_execz","src_scc","src_flat_scratch_base_lo","src_flat_scratch_base_hi","lds_direct",
 "0","64","-16","65","-17","0.5","-4.0","0.15915494","0.15915494309189532","1.5","0x3f800000","0x3ff0000000000000","0xffffffff","0xfffffff0","0xffffffef","0x12345678",
 "lit(1)","lit(0x12345678)","lit64(1)","lit64(0x12345678)","lit(1.0)","sym","sym+4","1.0","-0.0"]


def targets_main(argv):
    g.TARGETS = [(t, t, gen, fam) for t, gen, fam in EXTRA_TARGETS]
    sys.argv = ["gen_vectors.py", "--out", argv[0], "--no-wave-variants"]
    g.main()


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "fuzz":
        fuzz_main(sys.argv[2:])
    elif cmd == "combo":
        combo_main(sys.argv[2:])
    elif cmd == "targets":
        targets_main(sys.argv[2:])
    else:
        sys.exit(__doc__)
