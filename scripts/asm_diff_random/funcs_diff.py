"""funcs_diff.py — random differential test of LLVM's AMDGPU expression functions
(max, or, extrasgprs, totalnumvgprs, alignto, occupancy) in v_mqsad_u32_u8 operands:
`mqsad asm` against llvm-mc-22, one line at a time, stdout and stderr byte for byte.

  funcs_diff.py TARGET SEED [N]

Lines on which llvm-mc crashes (too few arguments, division by zero: docs/deviations.md)
must be rejected by mqsad; lines where mqsad says "expression too long" (its documented
63-character bound on a printed symbolic operand) are skipped. Environment: MQ.
"""
import os, random, subprocess, sys
MQ = os.environ.get("MQ", "build/mqsad")
R = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
F = [("max",1),("or",1),("extrasgprs",3),("totalnumvgprs",2),("alignto",2),("occupancy",7)]
def atom(d):
    r = R.random()
    if d > 1 or r < 0.45: return R.choice(["0","1","2","3","4","5","7","8","-1","-2","64","100","0x10","0xffffffff","0x7fffffffffffffff","-0x8000000000000000","24","25","300","x","y","1.0","9","10","6","256"])
    if r < 0.75:
        name, n = R.choice(F)
        k = n + R.choice([0,0,0,0,1,2]) if n > 1 else R.choice([1,2,3])
        if R.random() < 0.05: k = max(0, k - 1)
        sep = R.choice([",",", "," ,"])
        return name + R.choice(["(","(", " ("]) + sep.join(expr(d+1) for _ in range(k)) + ")"
    if r < 0.85: return "(" + expr(d+1) + ")"
    return R.choice(["-","~","!","+"]) + atom(d+1)
def expr(d=0):
    e = atom(d)
    for _ in range(R.choice([0,0,0,0,1])):
        e += R.choice(["+","-","*","|","&","<<",">>","==","<","/","%"]) + atom(d+1)
    return e
def line():
    e = expr()
    slot = R.random()
    if slot < 0.7: return "v_mqsad_u32_u8 v[4:7], v[2:3], %s, v[8:11]" % e
    if slot < 0.85: return "v_mqsad_u32_u8 v[4:7], %s, v1, v[8:11]" % e
    return "v_mqsad_u32_u8 v[4:7], v[%s:3], v1, v[8:11]" % e
t = sys.argv[1]; n = int(sys.argv[3]) if len(sys.argv) > 3 else 300
bad = 0; crash = 0; same = 0
for i in range(n):
    l = line() + "\n"
    a = subprocess.run(["llvm-mc-22","-triple=amdgcn","-mcpu="+t,"-show-encoding"], input=l.encode(), capture_output=True)
    b = subprocess.run([MQ,"asm","-t",t], input=l.encode(), capture_output=True)
    if a.returncode >= 128 or a.returncode < 0:
        crash += 1
        if b.returncode != 1 or b"error" not in b.stderr: print("CRASHCASE", repr(l), b.stdout, b.stderr); bad += 1
        continue
    lo = b"".join(x for x in a.stdout.splitlines(True) if x != b"\t.text\n")
    if b"expression too long" in b.stderr: continue
    if lo != b.stdout or a.stderr != b.stderr:
        bad += 1
        if bad <= 6: print("DIFF", repr(l)); print(" llvm:", lo, a.stderr); print(" mq:  ", b.stdout, b.stderr)
    else: same += 1
print(t, "same", same, "diff", bad, "llvm-crash", crash)
