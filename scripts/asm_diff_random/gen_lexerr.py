"""gen_lexerr.py — gen.py's lines with lexer-error tokens ("08", "0x", "0b2", "'ab",
"1e", "0x1p") put at random byte positions: which of them llvm-mc reports depends on
where its parser stands when the statement fails (an Error() raised while the current
token is a lexer error replaces that error; skipping with Lex() reports the others).
Use: GEN=gen_lexerr drive.py ..."""
import gen
R = gen.R
BAD = ["08", "0x", "0b2", "'ab", "09", "0x1p", "0b", "'\\q'", "1e+", "0o8"]

def line():
    l = gen.line()
    for _ in range(R.choice([1, 1, 1, 2])):
        i = R.randint(0, len(l))
        tok = R.choice(BAD)
        l = l[:i] + R.choice(["", " "]) + tok + R.choice(["", " ", ", "]) + l[i:]
    return l
