#!/usr/bin/env python3
"""dis_ab_random.py — two `mqsad` binaries against each other on random `mqsad dis` input.

    python3 scripts/dis_ab_random.py OLD_MQSAD NEW_MQSAD SEED COUNT

For a change to `mqsad dis` that must not change what it prints (speed work): COUNT random
inputs, each run through both binaries with the same arguments, from a file or from a pipe;
stdout, stderr and the exit status must be identical. The inputs mix the bench corpus's
one-word lines (both forms) with lines of many byte tokens (hex, upper case, decimal,
0b.., malformed), comments, blank lines, brackets and lone brackets, lines of 16383,
16384 and 20000 bytes, CR and trailing junk, over ten targets; words are mostly this
target's V_MQSAD_U32_U8 (the identifier from `mqsad info --list`) with random operands,
some with a flipped bit, literal codes or trailing literal bytes, some random. 15 % of the
inputs are `--bin` streams, 7 % use `--explain`. Inputs that differ are kept in
/tmp/dis_ab-XXXX/badN.in (a new directory per run). Prints one line per difference and
a summary.
"""
import os
import random
import subprocess
import sys
import tempfile

if len(sys.argv) != 5:
    sys.exit(__doc__)
OLD, NEW = sys.argv[1], sys.argv[2]
seed = int(sys.argv[3]); n = int(sys.argv[4])
rng = random.Random(seed)
ident = {}
for l in subprocess.run([NEW, 'info', '--list'], capture_output=True, text=True).stdout.splitlines()[1:]:
    f = l.split(); ident[f[0]] = int(f[4], 16) & 0xffffffff
targets = ['gfx1100','gfx700','gfx803','gfx900','gfx90a','gfx950','gfx1030','gfx1200','gfx1250','gfx1151']
def word(t):
    # mostly valid v_mqsad words for the family, sometimes junk
    r = rng.random()
    if r < 0.1: return [rng.randrange(256) for _ in range(8)]
    d0 = (ident[t] if rng.random() < 0.85 else rng.choice(list(ident.values()))) | rng.randrange(256) | (rng.random()<0.3)<<15
    if rng.random() < 0.05: d0 ^= 1 << rng.randrange(32)
    d1 = rng.randrange(1<<27) | (0x04020100 if rng.random()<0.7 else 0)
    if rng.random() < 0.05: d1 = (d1 & ~0x1ff) | rng.choice([254,255])
    b = [(d0>>(8*i))&255 for i in range(4)] + [(d1>>(8*i))&255 for i in range(4)]
    if rng.random() < 0.05: b += [rng.randrange(256) for _ in range(rng.choice([4,8]))]
    return b
def tok(v):
    k = rng.random()
    if k < 0.7: return '0x%02x' % v
    if k < 0.8: return '0X%02X' % v
    if k < 0.9: return str(v)
    if k < 0.95: return '0b' + bin(v)[2:]
    return rng.choice(['0x%03x' % v, 'zz', '0x', '256', '0x1g'])
def line(t):
    k = rng.random()
    if k < 0.6:
        b = word(t); return '[' + ','.join('0x%02x' % x for x in b) + ']' if rng.random()<0.8 else ','.join('0x%02x' % x for x in b)
    if k < 0.7:
        m = rng.choice([1,2,50,400,2000])
        return rng.choice([' ', ',', ', ']).join(tok(x) for _ in range(m) for x in word(t))
    if k < 0.75: return '# comment ' + 'x' * rng.randrange(100)
    if k < 0.8: return ''
    if k < 0.85: return rng.choice(['[', ']', '[ 0x04 0x00', '0x3d 0xd6 ]', '[[', '0x04 ] ['])
    if k < 0.87: return 'a' * rng.choice([16383, 16384, 20000, 100])
    if k < 0.9: return ' '.join(str(x) for _ in range(rng.choice([100, 700])) for x in word(t))
    return ','.join('0x%02x' % x for x in word(t)) + rng.choice(['\r', ' # c', ' ;x', '\t'])
def run(binp, args, data, pipe):
    if pipe:
        p = subprocess.run([binp] + args, input=data, capture_output=True)
    else:
        fn = os.path.join(TMP, 'in.bin'); open(fn,'wb').write(data)
        p = subprocess.run([binp] + args + [fn], capture_output=True)
    return p.returncode, p.stdout, p.stderr
TMP = tempfile.mkdtemp(prefix='dis_ab-')   # per run: two runs at once must not share files
bad = 0; tot_out = 0; tot_err = 0
for i in range(n):
    t = rng.choice(targets)
    mode = rng.random()
    if mode < 0.15:
        data = bytes(x for _ in range(rng.choice([1, 100, 20000])) for x in word(t))
        if rng.random() < 0.3: data += bytes(rng.randrange(256) for _ in range(rng.randrange(12)))
        args = ['dis', '-t', t, '--bin']
    else:
        nl = rng.choice([1, 10, 1000, 5000, 30000])
        txt = '\n'.join(line(t) for _ in range(nl))
        if rng.random() < 0.8: txt += '\n'
        data = txt.encode()
        args = ['dis', '-t', t]
        if mode > 0.93: args.append('--explain')
    pipe = rng.random() < 0.4
    a = run(OLD, args, data, pipe); b = run(NEW, args, data, pipe)
    tot_out += a[1].count(b"\n"); tot_err += a[2].count(b"\n")
    if a != b:
        bad += 1
        open(os.path.join(TMP, 'bad%d.in' % i), 'wb').write(data)
        print('DIFF', i, args, 'pipe' if pipe else 'file', a[0], b[0], len(a[1]), len(b[1]), len(a[2]), len(b[2]))
print("done", n, "inputs,", bad, "differ; stdout lines", tot_out, "stderr lines", tot_err)
