"""gen.py — random whole assembler files for drive.py: valid and broken v_mqsad_u32_u8
statements, lexer errors, block comments and strings spanning lines, CR / CRLF / LF line
ends, ';' separators. gen(random.Random(seed), target) -> str."""
import random
VALID_TMPL = [
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]",
 "v_mqsad_u32_u8 v[{d}:{d3}], v[{a}:{a1}], v{b}, v[{c}:{c3}]",
 "v_mqsad_u32_u8 v[{d}:{d3}], s[2:3], v{b}, v[{c}:{c3}]",
 "v_mqsad_u32_u8 v[{d}:{d3}], {k}, {k2}, v[{c}:{c3}]",
 "v_mqsad_u32_u8 v[{d}:{d3}], v[{a}:{a1}], s{s}, v[{c}:{c3}]",
 "v_mqsad_u32_u8 v[{d}:{d3}], {lit}, v{b}, v[{c}:{c3}]",
 "v_mqsad_u32_u8 v[{d}:{d3}], v[{a}:{a1}], {lit}, v[{c}:{c3}]",
 "v_mqsad_u32_u8_e64 v[{d}:{d3}], v[{a}:{a1}], v{b}, v[{c}:{c3}]",
 "V_MQSAD_U32_U8 v[{d}:{d3}], v[{a}:{a1}], v{b}, v[{c}:{c3}]",
 "v_mqsad_u32_u8 v[{d}:{d3}], s[{s}:{s1}], {k}, s[{t}:{t3}]",
 "\"v_mqsad_u32_u8\" v[4:7], v[2:3], v1, v[8:11]",
]
INVALID = [
 "v_mqsad_u32_u8 v1000, v[2:3], v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v1, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1",
 "v_mqsad_u32_u8 v[4:7]",
 "v_mqsad_u32_u8",
 "v_foo v1, v2",

 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] garbage",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11], 08",
 "v_mqsad_u32_u8 v[4:7], 08, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], 0b2, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], 0x, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], 'ab, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, 'ab",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] 'ab'",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] clamp clamp",
 "v_mqsad_u32_u8 v[5:8], v[3:4], v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], 0x12345678, 0x87654321, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], s[2:3], s5, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ) 08 09 0b2",
 "v_mqsad_u32_u8 v[4:7] @ v[2:3]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] $",
 "v_mqsad_u32_u8 v[4:7], , v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3] v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] mul:2",
 "v_mqsad_u32_u8 v[4:7], -v[2:3], v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], |v[2:3]|, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], 1.5, v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], 0.5, 2.0, v[8:11]",
 "v_mqsad_u32_u8 s[4:7], v[2:3], v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] 08 08",
 "v_mqsad_u32_u8 v[4:7], 099, 0b, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] \"unterminated",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] 'a'",
 "v_mqsad_u32_u8 v[4:7], 'a', v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] 0x 0b2",
 "\"v_foo\" v1",
 "\"v_mqsad_u32_u8\"",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] \"str\"",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] 1e",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] .5e",
 "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ''",
 "v_mqsad_u32_u8 v[4:7], v[2:3], ., v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], .-., v[8:11]",
 "v_mqsad_u32_u8 v[4:7], ., v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], 1f, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], 2 f+., v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], 1b, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[.:3], v1, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], v[2:3], 3f, v[8:11] 08",
 "foo:",
 "foo: v_mqsad_u32_u8 v[4:7], v[2:3], foo, v[8:11]",
 "1: v_mqsad_u32_u8 v[4:7], v[2:3], 1b, v[8:11]",
 "2: 2:",
 "$x: \"a b\":",
 ".: v1",
 "lbl: # v_mqsad_u32_u8",
 "3 : v_mqsad_u32_u8 v[4:7], v[2:3], 3f+., v[8:11]",
 "x = 5",
 "y = x*2+1",
 ".set z, w",
 ".equ k, y-x",
 "v_mqsad_u32_u8 v[4:7], v[2:3], x+y, v[8:11]",
 "v_mqsad_u32_u8 v[4:7], k, z, v[8:11]",
 "q = ",
 "r = 1 2",
 "x = x + 1",
]
LEXERR = ["08", "0b2", "0x", "'ab", "09", "0b", "'a", "1e+", "''", "\"x"]
TOK = [",", "v1", "v[2:3]", "s[2:3]", "clamp", "(", ")", "-", "+", "1", "0x12345678", "v_mqsad_u32_u8", "%", "!", "~", "@", "[", "]", ":", "|", "x", "\\"]

def valid(rng, target):
    t = rng.choice(VALID_TMPL)
    d = rng.choice([0,4,8,12,100,250]) if True else 0
    a = rng.choice([0,2,4,6,20,254]); c = rng.choice([0,8,12,16,200,252])
    s = rng.choice([0,2,4,10,100]); tt = rng.choice([0,4,8])
    ks = [str(x) for x in range(-16,65)] + ["0.5","-0.5","1.0","-1.0","2.0","-2.0","4.0","-4.0"]
    k = rng.choice(ks); k2 = rng.choice(ks)
    lit = rng.choice(["0x12345678","-17","65","0xffffffff","1000","0x3e22f983","0.15915494"])
    line = t.format(d=d,d3=d+3,a=a,a1=a+1,b=rng.randrange(0,256),c=c,c3=c+3,k=k,k2=k2,lit=lit,s=s,s1=s+1,t=tt,t3=tt+3)
    if rng.random()<0.3: line += " clamp"
    return line

def invalid(rng):
    r = rng.random()
    if r<0.6: return rng.choice(INVALID)
    # mutate a valid line by inserting tokens
    base = "v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]"
    toks = base.replace(",", " , ").split()
    for _ in range(rng.randint(1,3)):
        i = rng.randrange(1,len(toks)+1)
        toks.insert(i, rng.choice(LEXERR+TOK))
    if rng.random()<0.3 and len(toks)>1:
        del toks[rng.randrange(1,len(toks))]
    sep = rng.choice([" ", "", "\t"])
    return toks[0] + " " + sep.join(toks[1:]) if sep else toks[0]+" "+" ".join(toks[1:])

def blockc(rng):
    n = rng.choice([0,0,1,1,2,3])
    parts = [rng.choice(["x","c","","  ","v1,","*","/"]) for _ in range(n+1)]
    nl = lambda: rng.choice(["\n","\n","\r","\r\n"])
    return "/*" + "".join(p + (nl() if i<n else "") for i,p in enumerate(parts)) + "*/"

def stringsp(rng):
    n = rng.choice([0,1,1,2])
    nl = lambda: rng.choice(["\n","\r","\r\n"])
    return "\"" + "".join(rng.choice(["a","b c",""]) + (nl() if i<n else "") for i in range(n+1)) + "\""

def decorate(rng, line):
    # insert block comments / strings at random whitespace-ish positions
    s = line
    for _ in range(rng.choice([0,0,0,1,1,2])):
        pos = rng.randrange(len(s)+1)
        ins = blockc(rng) if rng.random()<0.75 else stringsp(rng)
        if rng.random()<0.5: ins = " "+ins+" "
        s = s[:pos]+ins+s[pos:]
    if rng.random()<0.15:
        s = s.replace(" ", "\t", rng.randint(1,3))
    if rng.random()<0.15: s = "\t"+s
    if rng.random()<0.1: s = s + rng.choice([" ", "\t", "  "])
    return s

def comment(rng):
    return rng.choice(["; c", "// c", "# c", ";", "//x /* y", "# v_mqsad", "; \"str"])

def gen(rng, target):
    out = []
    n = rng.randint(5,30)
    for i in range(n):
        r = rng.random()
        if r < 0.35: st = valid(rng, target)
        elif r < 0.7: st = invalid(rng)
        elif r < 0.78: st = ""
        elif r < 0.86: st = comment(rng)
        elif r < 0.93: st = blockc(rng) + (" " + (valid(rng,target) if rng.random()<0.5 else invalid(rng)) if rng.random()<0.5 else "")
        else: st = stringsp(rng) + rng.choice([""," v1"," v[4:7], v[2:3], v1, v[8:11]"])
        st = decorate(rng, st)
        if rng.random()<0.15: st += " " + comment(rng)
        if rng.random()<0.05: st += rng.choice(["", " "]) + "\t.text" if False else ""
        out.append(st)
        if rng.random()<0.05: out.append(rng.choice(["\t.text", ".text"]))
    ends = []
    res = ""
    for st in out:
        res += st + rng.choices(["\n","\r\n","\r"], [0.75,0.15,0.1])[0]
    # EOF handling
    e = rng.random()
    if e < 0.2: res = res.rstrip("\r\n")
    if rng.random() < 0.2: res += rng.choice([" ", "\t", "  \t", " \n", "\t\r"])
    # random lone CRs inside
    for _ in range(rng.choice([0,0,0,1])):
        p = rng.randrange(len(res)+1); res = res[:p]+"\r"+res[p:]
    return res
