"""gen_cmt.py — gen.py's lines with block comments put at random byte positions (inside
operands, between the characters of a token, next to modifiers): llvm-mc's lookahead sees
a comment as a token, consuming a token skips it. Use: GEN=gen_cmt drive.py ..."""
import gen
R = gen.R

def line():
    l = gen.line()
    for _ in range(R.choice([1, 1, 2, 3])):
        i = R.randint(0, len(l))
        l = l[:i] + R.choice(["/**/", "/* x */", "/**//**/", " /**/ "]) + l[i:]
    return l
