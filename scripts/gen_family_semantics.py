#!/usr/bin/env python3
"""Independent reference for the semantics of the eight SAD instructions.

Written from AMD's pseudocode (RDNA 3.5 ISA §16.12 "VOP3 & VOP3SD Instructions" and
CDNA 4 ISA §12.11 "VOP3A & VOP3B Instructions"; the text is quoted in docs/semantics.md),
not from the library's C code. Each instruction below transcribes its pseudocode line by
line with Python integers, then applies the project's result policy:

  * no clamp: the result wraps to its element (modulo 2^32; modulo 2^16 for each packed
    element of V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8, the pseudocode's 16'B truncation);
  * clamp: the exact (unbounded) sum saturates at the element's maximum, 0xFFFFFFFF or
    0xFFFF per packed element (project policy, docs/semantics.md).

Output (stdout or --out): one row per case, the input line of `mqsad eval -i MNEMONIC`
and its expected output line, separated by TABs:

  MNEMONIC <TAB> S0 S1 S2 [clamp] <TAB> D

with S2 and D written as four 32-bit numbers for v_mqsad_u32_u8 (its four-accumulator
form) and as one number otherwise: 0x%08x for 32-bit values, 0x%016x for 64-bit ones.
Regenerate: python3 scripts/gen_family_semantics.py --out tests/data/family_vectors.tsv
Python 3 standard library only; deterministic (fixed seed).
"""
import argparse
import random
import sys

M32 = 0xFFFFFFFF
M16 = 0xFFFF


def bits(v, hi, lo):
    """v[hi : lo] as in AMD's pseudocode."""
    return (v >> lo) & ((1 << (hi - lo + 1)) - 1)


def absdiff(x, y):
    # ABSDIFF = lambda(x, y) (x > y ? x - y : y - x);  // UNSIGNED comparison
    return x - y if x > y else y - x


# Each function returns the exact sum (no wrapping); finish() applies wrap or clamp.

def v_sad_u8(s0, s1, s2):
    tmp = s2
    tmp += absdiff(bits(s0, 7, 0), bits(s1, 7, 0))
    tmp += absdiff(bits(s0, 15, 8), bits(s1, 15, 8))
    tmp += absdiff(bits(s0, 23, 16), bits(s1, 23, 16))
    tmp += absdiff(bits(s0, 31, 24), bits(s1, 31, 24))
    return tmp


def v_msad_u8(s0, s1, s2):
    tmp = s2
    tmp += 0 if bits(s1, 7, 0) == 0 else absdiff(bits(s0, 7, 0), bits(s1, 7, 0))
    tmp += 0 if bits(s1, 15, 8) == 0 else absdiff(bits(s0, 15, 8), bits(s1, 15, 8))
    tmp += 0 if bits(s1, 23, 16) == 0 else absdiff(bits(s0, 23, 16), bits(s1, 23, 16))
    tmp += 0 if bits(s1, 31, 24) == 0 else absdiff(bits(s0, 31, 24), bits(s1, 31, 24))
    return tmp


def v_sad_hi_u8(s0, s1, s2):
    # D0.u32 = (32'U(v_sad_u8(S0, S1, 0U)) << 16U) + S2.u32
    return (v_sad_u8(s0, s1, 0) << 16) + s2


def v_sad_u16(s0, s1, s2):
    tmp = s2
    tmp += absdiff(bits(s0, 15, 0), bits(s1, 15, 0))
    tmp += absdiff(bits(s0, 31, 16), bits(s1, 31, 16))
    return tmp


def v_sad_u32(s0, s1, s2):
    # D0.u32 = ABSDIFF(S0.u32, S1.u32) + S2.u32
    return absdiff(s0, s1) + s2


def quad(fn, s0, s1, s2, elem_bits):
    """tmp[16k+15 : 16k] = 16'B(fn(S0[8k+31 : 8k], S1[31 : 0], S2[16k+15 : 16k].u32))
    (or the 32-bit elements of V_MQSAD_U32_U8); returns the four exact sums."""
    return [fn(bits(s0, 8 * k + 31, 8 * k), s1, bits(s2, elem_bits * k + elem_bits - 1,
                                                    elem_bits * k))
            for k in range(4)]


def finish(x, elem_max, clamp):
    return min(x, elem_max) if clamp else x & elem_max


def pack(elems, elem_bits):
    return sum(e << (elem_bits * k) for k, e in enumerate(elems))


# mnemonic -> (S0 bits, S2 bits, D bits, evaluator(s0, s1, s2, clamp) -> D)
def scalar(fn):
    return lambda s0, s1, s2, c: finish(fn(s0, s1, s2), M32, c)


def packed(fn):
    return lambda s0, s1, s2, c: pack([finish(x, M16, c) for x in quad(fn, s0, s1, s2, 16)], 16)


def mqsad_u32(s0, s1, s2, c):
    return pack([finish(x, M32, c) for x in quad(v_msad_u8, s0, s1, s2, 32)], 32)


INSNS = {
    "v_sad_u8": (32, 32, 32, scalar(v_sad_u8)),
    "v_sad_hi_u8": (32, 32, 32, scalar(v_sad_hi_u8)),
    "v_sad_u16": (32, 32, 32, scalar(v_sad_u16)),
    "v_sad_u32": (32, 32, 32, scalar(v_sad_u32)),
    "v_msad_u8": (32, 32, 32, scalar(v_msad_u8)),
    "v_qsad_pk_u16_u8": (64, 64, 64, packed(v_sad_u8)),
    "v_mqsad_pk_u16_u8": (64, 64, 64, packed(v_msad_u8)),
    "v_mqsad_u32_u8": (64, 128, 128, mqsad_u32),
}

EDGE_BYTES = [0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFE, 0xFF]


def rand_bytes(rng, n):
    """n bytes, mostly edge values, some zero bytes (the msad mask), some random."""
    out = 0
    mode = rng.randrange(5)
    for i in range(n):
        if mode == 0:
            b = rng.randrange(256)
        elif mode == 1:
            b = rng.choice(EDGE_BYTES)
        elif mode == 2:
            b = rng.choice((0x00, 0xFF))
        else:
            b = rng.choice(EDGE_BYTES) if rng.random() < 0.6 else rng.randrange(256)
        out |= b << (8 * i)
    return out


def rand_elem(rng, nbits):
    """An accumulator element: near 0, near the maximum (to wrap or saturate), or random."""
    m = (1 << nbits) - 1
    r = rng.randrange(6)
    if r == 0:
        return rng.randrange(16)
    if r in (1, 2):
        return m - rng.randrange(1100)   # a SAD adds at most 4 * 255 (u32: 2^32 - 1)
    if r == 3:
        return rng.choice((0, m, m >> 1, (m >> 1) + 1))
    return rng.randrange(1 << nbits)


def rand_u32_operand(rng):
    r = rng.randrange(4)
    if r == 0:
        return rng.randrange(1 << 32)
    if r == 1:
        return rng.choice((0, 1, M32, 0x80000000, 0x7FFFFFFF, 0xFFFF, 0x10000))
    return rand_bytes(rng, 4)


def hexw(v, nbits):
    return "0x%0*x" % (nbits // 4, v)


def fmt_value(v, nbits):
    """S2 / D as eval reads and prints them: four dwords for 128 bits, else one number."""
    if nbits == 128:
        return " ".join(hexw(bits(v, 32 * k + 31, 32 * k), 32) for k in range(4))
    return hexw(v, nbits)


def cases(rng, name, count):
    s0b, s2b, db, ev = INSNS[name]
    elem = 16 if name in ("v_qsad_pk_u16_u8", "v_mqsad_pk_u16_u8") else 32
    for i in range(count):
        if s0b == 64:
            s0 = rand_bytes(rng, 8)
        elif name in ("v_sad_u16", "v_sad_u32"):
            s0 = rand_u32_operand(rng)
        else:
            s0 = rand_bytes(rng, 4)
        s1 = rand_u32_operand(rng) if name in ("v_sad_u16", "v_sad_u32") else rand_bytes(rng, 4)
        s2 = pack([rand_elem(rng, elem) for _ in range(s2b // elem)], elem)
        clamp = i % 2 == 1
        d = ev(s0, s1, s2, clamp)
        line = "%s %s %s" % (hexw(s0, s0b), hexw(s1, 32), fmt_value(s2, s2b))
        if clamp:
            line += " clamp"
        yield "%s\t%s\t%s" % (name, line, fmt_value(d, db))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", help="output file (default stdout)")
    ap.add_argument("--count", type=int, default=400, help="cases per instruction")
    ap.add_argument("--seed", type=int, default=20251205)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    rows = [
        "# Semantic vectors of the SAD family: MNEMONIC <TAB> S0 S1 S2 [clamp] <TAB> D",
        "# (`mqsad eval -i MNEMONIC` input and output lines; clamp saturates each element at",
        "# its maximum, else results wrap: docs/semantics.md). Generated by the independent",
        "# reference scripts/gen_family_semantics.py (AMD's pseudocode, not the library):",
        "#   python3 scripts/gen_family_semantics.py --out tests/data/family_vectors.tsv"
        " --count %d --seed %d" % (a.count, a.seed),
    ]
    for name in INSNS:
        rows.extend(cases(rng, name, a.count))
    text = "\n".join(rows) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
