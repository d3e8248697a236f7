#!/usr/bin/env python3
"""gen_seeds.py — seed corpora for the fuzz harnesses, from the project's vectors.

    gen_seeds.py --data tests/data --work fuzz/corpus-work --seeds fuzz/corpus [--max 400]
        writes every vector as a corpus file into WORK/NAME/ (not committed) and a
        deterministic sample of at most MAX files per harness into SEEDS/NAME/ (committed).
    gen_seeds.py --family --seeds fuzz/corpus
        adds the SAD-family seeds (every member on eight targets, as text and as words)
        to the committed corpora; `--data` runs include them too.
    gen_seeds.py --stream --data tests/data --seeds fuzz/corpus
        writes the stream harness's seeds: the whole-file inputs of tests/data (*.in,
        asm_golden_input.s), each for the assembler or the disassembler on a few targets and
        modes, into SEEDS/stream/; `--data` runs include them too.
    gen_seeds.py --cap N --from DIR --seeds DIR2
        replaces DIR2 with at most N files of DIR (used after `libFuzzer -merge=1`).

Every file is byte 0 = target selector (the index into fuzz_target_names in fuzz/fuzz.h),
then the harness's payload; fuzz_state has a wave-size byte after the selector, fuzz_stream
a mode byte and two bytes seeding its piece lengths. File
names are the SHA-1 of the contents (as libFuzzer names them). Python 3 stdlib only.
"""
import argparse, gzip, hashlib, os, random, shutil, sys

# Must match fuzz_target_names in fuzz/fuzz.h (same order).
TARGETS = ["gfx700", "gfx701", "gfx702", "gfx703", "gfx704", "gfx705",
           "gfx801", "gfx802", "gfx803", "gfx810",
           "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950",
           "gfx1010", "gfx1030", "gfx1100", "gfx1150", "gfx1200", "gfx1250",
           "gfx600", "gfx601", "gfx602"]
TIDX = {t: i for i, t in enumerate(TARGETS)}
HARNESSES = ["decode", "asm", "state", "rt_dis", "rt_asm", "stream"]


def rows(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt", encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yield line.rstrip("\n").split("\t")


def find(data, name):
    for cand in (os.path.join(data, name), os.path.join(data, name + ".gz")):
        if os.path.exists(cand):
            return cand
    sys.exit("gen_seeds: missing %s in %s" % (name, data))


def hexbytes(s):
    """'0x04,0x00,...' possibly with [..] blocks and A placeholders -> bytes, or None."""
    out = []
    for tok in s.replace("[", ",").replace("]", ",").replace(" ", ",").split(","):
        if not tok:
            continue
        if tok == "A":
            out.append(0)
            continue
        try:
            out.append(int(tok, 16))
        except ValueError:
            return None
    return bytes(out)


def state_seeds():
    """Hand-made state files (docs/exec.md syntax) for a few targets and both wave sizes."""
    files = []
    for t, ws in (("gfx700", 64), ("gfx803", 64), ("gfx900", 64), ("gfx90a", 64),
                  ("gfx1030", 32), ("gfx1030", 64), ("gfx1100", 32), ("gfx1100", 64),
                  ("gfx1250", 32)):
        lanes = " ".join("0x%x" % (i * 0x01010101) for i in range(ws))
        base = [
            "wave%d" % ws,
            "exec = 0x%x      # default: all lanes on" % ((1 << ws) - 1),
            "s2 = 0x12345678",
            "s[2:3] = 0x0123456789abcdef",
            "vcc = 0x5",
            "vcc_lo = 1", "vcc_hi = 2", "exec_lo = 0xffff", "exec_hi = 0",
            "m0 = 7",
            "scc = 1", "src_scc = 0",
            "ttmp4 = 3", "ttmp[2:3] = 0x100000002",
            "v1 = 0x01020304                # every lane",
            "v1 = " + lanes,
            "v1[3] = 0x9",
            "v[2:3] = 0x0123456789abcdef",
            "v[4] = -1", "v255 = 0b1010", "s0 = -0x80000000",
            "src_shared_base = 0x1000000000000", "shared_limit = 5",
            "flat_scratch = 0x55", "flat_scratch_lo = 1", "xnack_mask = 3", "tba = 1", "tma_hi = 2",
            "# a comment", "", "   ", "v7 = 1 # trailing comment\r",
        ]
        files.append((t, ws, "\n".join(base) + "\n"))
        files.append((t, ws, "\n".join(base)))                      # no trailing newline
        for bad in ("v1 = 1 2 3", "v1[%d] = 1" % ws, "s999 = 1", "v[1:4] = 0",
                    "null = 1", "src_vccz = 1", "vcc = 0x10000000000000000",
                    "s1 = 99999999999999999999999", "v1 =", "= 1", "v1 = 0xg",
                    "wave32\nv1 = 1\nwave64", "v1 = " + lanes + " 0x1", "lds_direct = 1",
                    "s1 = 1 2", "v1[1] = 1 2", "exec = -1", "s[3:2] = 1", "v[0:1] = -1"):
            files.append((t, ws, "v0 = 1\n" + bad + "\nv2 = 2\n"))
    out = []
    for t, ws, text in files:
        sel = 1 if ws == 32 else 2
        out.append(bytes([TIDX[t], sel]) + text.encode())
        out.append(bytes([TIDX[t], 0]) + text.encode())
    return out


# The SAD family: one line per member in the operand shapes its slots allow, plus clamp and
# constants; and the words llvm-mc 22 (-show-encoding) gives for "MNEMONIC v0, v1, v2, v3"
# (the packed forms: v[0:1], v[2:3], v4, v[6:7]; v_mqsad_u32_u8: v[0:3], v[4:5], v6, v[8:11])
# with VDST/SRC fields as written, per encoding family (OP field values from
# src/isa/insn.c: SICI 346.., VI 473.., GFX10 346.., GFX11 546..).
FAMILY_LINES = [
    "v_sad_u8 v0, v1, v2, v3", "v_sad_hi_u8 v0, s1, 5, v3 clamp", "v_sad_u16 v0, -1, v2, s3",
    "v_sad_u32 v0, v1, 0x12345678, v3", "v_msad_u8 v0, ttmp1, v2, 1.0",
    "v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]", "v_qsad_pk_u16_u8 v[0:1], s[2:3], v4, s[6:7] clamp",
    "v_mqsad_pk_u16_u8 v[0:1], 1.0, v4, -1", "v_mqsad_pk_u16_u8 v[0:1], vcc, exec_lo, v[6:7]",
    "v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]", "V_SAD_U8_E64 v255, v254, v253, v252",
    "v_sad_u8_e32 v0, v1, v2, v3", "v_msad_u8_e64_dpp v0, v1, v2, v3 row_mirror",
]
FAMILY_OPS = {   # name: (SICI, VI, GFX10, GFX11, packed)
    "v_sad_u8": (346, 473, 346, 546, 0), "v_sad_hi_u8": (347, 474, 347, 547, 0),
    "v_sad_u16": (348, 475, 348, 548, 0), "v_sad_u32": (349, 476, 349, 549, 0),
    "v_msad_u8": (369, 484, 369, 569, 0), "v_qsad_pk_u16_u8": (370, 485, 370, 570, 1),
    "v_mqsad_pk_u16_u8": (371, 486, 371, 571, 1), "v_mqsad_u32_u8": (373, 487, 373, 573, 2),
}
FAMILY_TARGETS = {"gfx600": 0, "gfx700": 0, "gfx803": 1, "gfx900": 1, "gfx90a": 1,
                  "gfx1030": 2, "gfx1100": 3, "gfx1250": 3}


def family_word(enc, op, packed):
    """The 64-bit VOP3 word of the operand shape above (fields per encoding-llvm22.md §2)."""
    marker, op_lo = ((0x34, 17) if enc == 0 else (0x34, 16) if enc == 1 else (0x35, 16))
    src = [(257, 258, 259), (258, 260, 262), (260, 262, 264)][packed]
    lo = (marker << 26) | (op << op_lo)
    hi = src[0] | src[1] << 9 | src[2] << 18
    return (lo | hi << 32).to_bytes(8, "little")


def family_seeds():
    seeds = {h: [] for h in HARNESSES}
    for t, enc in FAMILY_TARGETS.items():
        for line in FAMILY_LINES:
            seeds["asm"].append(bytes([TIDX[t]]) + line.encode())
            seeds["rt_asm"].append(bytes([TIDX[t]]) + line.encode())
        for name, ops in FAMILY_OPS.items():
            w = family_word(enc, ops[enc], ops[4])
            seeds["decode"].append(bytes([TIDX[t]]) + w)
            seeds["rt_dis"].append(bytes([TIDX[t]]) + w)
            seeds["decode"].append(bytes([TIDX[t]]) + w + b"\xff\xff\xff\xff")
    return seeds


def stream_seeds(data):
    """fuzz_stream inputs: byte 1 = mode (bit 0 the disassembler, then its MQSAD_DIS_* flags
    WORDS 1, BINARY 2, EXPLAIN 4, INTERLEAVE 8, or the assembler's output 0..2), bytes 2-3 =
    the piece-length seed, then the file."""
    out = []
    names = sorted(n for n in os.listdir(data) if n.endswith(".in") or n == "asm_golden_input.s")
    for k, n in enumerate(names):
        with open(os.path.join(data, n), "rb") as f:
            text = f.read()[:8000]
        dis = "dis" in n
        modes = [1, 1 | 4 << 1, 1 | 8 << 1] if dis else [0, 1 << 1, 2 << 1]
        for j, t in enumerate(("gfx1100", "gfx900", "gfx1250")):
            out.append(bytes([TIDX[t], modes[j], k & 255, j]) + text)
    words = b"d63d0004 07f182c1\n0xD63D0004,0x07F182C1\nzz d63d\n"
    raw = bytes([0x04, 0x00, 0x3d, 0xd6, 0x02, 0x03, 0x22, 0x04, 0xff, 0x00, 0x3d, 0xd6, 0xff, 0x03])
    for t in ("gfx1100", "gfx1250"):
        out.append(bytes([TIDX[t], 1 | 1 << 1, 7, 1]) + words)
        out.append(bytes([TIDX[t], 1 | 2 << 1, 9, 2]) + raw)
    return out


def generate(data):
    seeds = {h: [] for h in HARNESSES}
    for r in rows(find(data, "disasm_vectors.tsv")):
        if len(r) < 2 or r[0] not in TIDX:
            continue
        b = hexbytes(r[1])
        if b is not None:
            seeds["decode"].append(bytes([TIDX[r[0]]]) + b)
    for r in rows(find(data, "roundtrip.tsv")):
        if len(r) < 2 or r[0] not in TIDX:
            continue
        b = hexbytes(r[1])
        if b is not None:
            seeds["rt_dis"].append(bytes([TIDX[r[0]]]) + b)
    for r in rows(find(data, "asm_vectors.tsv")):
        if len(r) < 3 or r[0] not in TIDX:
            continue
        t = TIDX[r[0]]
        text = r[1].encode("utf-8", "surrogateescape")
        seeds["asm"].append(bytes([t]) + text)
        if r[2] != "ERROR":
            seeds["rt_asm"].append(bytes([t]) + text)
            b = hexbytes(r[2])
            if b is not None and "A" not in r[2]:
                seeds["decode"].append(bytes([t]) + b)     # includes GFX7 words
                seeds["rt_dis"].append(bytes([t]) + b)
    seeds["state"] = state_seeds()
    seeds["stream"] = stream_seeds(data)
    for h, blobs in family_seeds().items():
        seeds[h].extend(blobs)
    for h in seeds:
        seeds[h] = sorted(set(seeds[h]))
    return seeds


def write_dir(path, blobs, clear):
    if clear and os.path.isdir(path):
        shutil.rmtree(path)
    os.makedirs(path, exist_ok=True)
    for b in blobs:
        with open(os.path.join(path, hashlib.sha1(b).hexdigest()), "wb") as f:
            f.write(b)


def sample(blobs, n, seed=20240601):
    if len(blobs) <= n:
        return list(blobs)
    rnd = random.Random(seed)
    return rnd.sample(list(blobs), n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data")
    ap.add_argument("--work")
    ap.add_argument("--seeds")
    ap.add_argument("--max", type=int, default=400)
    ap.add_argument("--cap", type=int)
    ap.add_argument("--from", dest="src")
    ap.add_argument("--stream", action="store_true",
                    help="only write the stream harness's seeds (from --data) to --seeds")
    ap.add_argument("--family", action="store_true",
                    help="only add the SAD-family seeds to --seeds (kept beside the sample)")
    a = ap.parse_args()
    if a.stream:
        write_dir(os.path.join(a.seeds, "stream"), sorted(set(stream_seeds(a.data))), True)
        return
    if a.family:
        for h, blobs in family_seeds().items():
            write_dir(os.path.join(a.seeds, h), blobs, False)
        return
    if a.cap is not None:
        names = sorted(os.listdir(a.src))
        blobs = []
        for n in names:
            with open(os.path.join(a.src, n), "rb") as f:
                blobs.append(f.read())
        # keep the smallest inputs first when capping: cheaper to replay, same meaning
        blobs.sort(key=lambda b: (len(b), b))
        write_dir(a.seeds, blobs[:a.cap] if len(blobs) > a.cap else blobs, True)
        return
    seeds = generate(a.data)
    for h, blobs in seeds.items():
        if a.work:
            write_dir(os.path.join(a.work, h), blobs, False)
        if a.seeds:
            write_dir(os.path.join(a.seeds, h), sample(blobs, a.max), True)
        print("%-7s %6d vectors, %4d seeds" % (h, len(blobs), min(len(blobs), a.max)))


if __name__ == "__main__":
    main()
