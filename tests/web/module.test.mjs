// module.test.mjs — mqsad.mjs (libmqsad as WebAssembly) against the project's own
// vectors: the llvm-mc 22 assembly and disassembly vectors (tests/data/*asm_vectors*),
// the semantic vectors written from AMD's pseudocode (mqsad_vectors.tsv,
// family_vectors.tsv), and, where llvm-mc and the library deliberately differ
// (docs/deviations.md) or for diagnostics and --explain tables, the native CLI.
// Run by `make web-check` (MQSAD_WEB = the web build, MQSAD_CLI = the native mqsad).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadModule, tsv, dataFiles, sample, cli, cliAssemble, hexBytes, WEB } from './common.mjs';

const { mod, m } = await loadModule();

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

test('targets() lists the targets of `mqsad info --list`, in order', () => {
  const r = cli(['info', '--list']);
  assert.equal(r.status, 0);
  const want = r.stdout.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]);
  assert.ok(want.includes('gfx1100') && want.length > 40);
  assert.deepEqual(m.targets(), want);
});

test('load() accepts the wasm as a path, a URL, bytes and a module', async () => {
  const file = path.join(WEB, 'mqsad.wasm');
  const bytes = readFileSync(file);
  const seed = 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]';
  for (const src of [file, pathToFileURL(file), pathToFileURL(file).href, bytes,
    new Uint8Array(bytes).buffer, new WebAssembly.Module(bytes)]) {
    const x = await mod.load(src);
    assert.equal(hex(x.assemble('gfx1100', seed).bytes), '05 00 3d d6 c1 82 f1 07');
  }
  await assert.rejects(mod.load(42), TypeError);
});

test('the seed example and a bad line (llvm-mc 22 on gfx1100)', () => {
  // llvm-mc-22 -arch=amdgcn -mcpu=gfx1100 -show-encoding:
  //   v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255] ; encoding: [0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]
  //   v[253:255]: <stdin>:1:32: error: invalid operand for instruction
  const r = m.assemble('gfx1100', 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]');
  assert.equal(r.ok, true);
  assert.ok(r.bytes instanceof Uint8Array);
  assert.equal(hex(r.bytes), '05 00 3d d6 c1 82 f1 07');
  assert.equal(r.text, 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]');
  const f = Object.fromEntries(r.fields.map((x) => [x.name, x.value]));
  assert.deepEqual([f.VDST, f.CLAMP, f.OP, f.ENCODING, f.SRC0, f.SRC1, f.SRC2], [5, 0, 0x23d, 0x35, 0xc1, 0xc1, 0x1fc]);
  assert.deepEqual(m.assemble('rdna3', 'v_mqsad_u32_u8 v[5:8], -1, -1, v[253:255]'),
    { ok: false, column: 32, message: 'invalid operand for instruction', status: m.assemble('gfx1100', 'v_mqsad_u32_u8 v[5:8], -1, -1, v[253:255]').status });
  assert.throws(() => m.assemble('gfx9999', 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]'), RangeError);
  // columns count UTF-8 bytes, as llvm-mc's do
  const u = m.assemble('gfx1100', 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11] ; é\u00e9 ok');
  assert.equal(u.ok, true);
  const bad = m.assemble('gfx1100', '/*é*/ v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:13]');
  const want = cliAssemble('gfx1100', '/*é*/ v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:13]');
  assert.deepEqual({ ok: bad.ok, column: bad.column, message: bad.message }, want);
  // one line: what follows the first newline is not read, however long
  const two = m.assemble('gfx1100', 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]\n' + 'x'.repeat(100000));
  assert.equal(two.ok && hex(two.bytes), '05 00 3d d6 c1 82 f1 07');
  // the module's bound (mqsad.d.ts): a longer line is an error at column 1
  assert.deepEqual(m.assemble('gfx1100', 'v_sad_u32 v1, v2, v3, ' + '1+'.repeat(40000) + '1'),
    { ok: false, column: 1, message: 'line too long (more than 65536 bytes)' });
});

const asmFiles = dataFiles(/^(.*_)?asm_vectors(?!_detail).*\.tsv(\.gz)?$/);
const disFiles = dataFiles(/^(.*_)?disasm_vectors.*\.tsv(\.gz)?$/);

test("LLVM's generic targets are targets of the module as of `mqsad asm` / `mqsad info`", () => {
  const generic = ['gfx9-generic', 'gfx9-4-generic', 'gfx10-1-generic', 'gfx10-3-generic', 'gfx11-generic', 'gfx12-generic'];
  const lines = ['v_sad_u32 v1, v2, v3, v4', 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, v[8:11]',
    'v_sad_u8 v1, s1, 0x1234, v3', 'v_sad_u16 v1, v2, v3, v4 clamp', 'v_mad_mixlo_f16 v1, v2, v3, v4',
    'v_mqsad_pk_u16_u8 v[2:3], v[4:5], v1, v[6:7]', 'v_dot2_f32_f16 v1, v2, v3, v4'];
  for (const t of generic) {
    assert.equal(m.targetInfo(t).name, t);
    assert.equal(m.targetInfo(t.toUpperCase()).name, t);
    const info = cli(['info', '-t', t]).stdout;
    assert.ok(info.includes(`on ${t} - generation ${m.targetInfo(t).generation},`), `${t}: ${info.split('\n')[0]}`);
    for (const line of lines) {
      const r = m.assemble(t, line), c = cliAssemble(t, line);
      if (c.ok) {
        assert.equal(r.ok, true, `${t}: ${line}: ${r.message}`);
        assert.equal(r.text, c.text, `${t}: ${line}`);
        assert.deepEqual(Array.from(r.bytes), c.bytes, `${t}: ${line}`);
        const d = m.disassemble(t, r.bytes);
        const nd = cli(['dis', '-t', t], hex(r.bytes).replace(/(\w\w)/g, '0x$1') + '\n').stdout.trim();
        assert.equal(d.text, nd, `${t}: ${line}: disassembly`);
      } else {
        assert.deepEqual({ ok: r.ok, column: r.column, message: r.message }, c, `${t}: ${line}`);
      }
    }
  }
  assert.ok(!m.targets().includes('gfx9-generic'), 'targets() lists the named targets only');
});

test('assemble() reads every hexadecimal float of the family vectors as llvm-mc 22 does', () => {
  // the library reads them itself: WASI libc's strtod misrounds mantissas of 15 or more
  // hex digits (0x1.00000100000009p0 came out 1.0, an inline constant)
  const rows = tsv('family_asm_vectors.tsv.gz').filter((r) => r.length >= 4 && /0x[0-9a-f]*\.[0-9a-f]*p/i.test(r[1]));
  let long = 0;
  for (const [target, line, encoding, expected] of rows) {
    const r = m.assemble(target, line);
    const where = `${target}: ${line}`;
    if (encoding === 'ERROR') {
      const [, col, msg] = /^error@(\d+): (.*?)( \|\| |$)/.exec(expected);
      assert.deepEqual({ ok: r.ok, column: r.column, message: r.message }, { ok: false, column: Number(col), message: msg }, where);
    } else {
      assert.equal(r.ok, true, `${where}: ${r.message}`);
      encoding.split(',').forEach((b, i) => { if (!b.includes('A')) assert.equal(r.bytes[i], Number(b), `${where}: byte ${i}`); });
      assert.equal(r.text, expected, where);
    }
    long += /[0-9a-f]{15}p/i.test(line.replace('.', ''));
  }
  assert.ok(rows.length > 1000 && long > 500, `rows: ${rows.length}, long mantissas: ${long}`);
});

test('assemble() agrees with llvm-mc 22 (and with `mqsad asm` where the library deviates or rejects)', () => {
  assert.ok(asmFiles.includes('asm_vectors.tsv.gz'), `asm vector files: ${asmFiles}`);
  let llvm = 0, native = 0;
  for (const file of asmFiles) {
    const toNative = [];
    for (const row of sample(tsv(file).filter((r) => r.length >= 4), 2000)) {
      const [target, line, encoding, expected] = row;
      const r = m.assemble(target, line);
      const where = `${file}: ${target}: ${line}`;
      if (encoding === 'ERROR' || !r.ok || /lit/.test(line)) {
        // rejected by llvm-mc or the library, or a documented deviation (all involve lit()):
        // the module must say exactly what the native `mqsad asm` says
        toNative.push([row, r]);
        continue;
      }
      const want = encoding.split(',');
      assert.equal(r.bytes.length, want.length, where);
      want.forEach((b, i) => { if (!b.includes('A')) assert.equal(r.bytes[i], Number(b), `${where}: byte ${i}`); });
      assert.equal(r.text, expected, where);
      llvm++;
    }
    for (const [[target, line], r] of sample(toNative, 250, 5)) {
      const where = `${file}: ${target}: ${line}`;
      const c = cliAssemble(target, line);
      if (c.ok) {
        assert.equal(r.ok, true, `${where}: ${r.message}`);
        assert.equal(r.text, c.text, where);
        assert.deepEqual(Array.from(r.bytes), c.bytes, where);
      } else {
        assert.deepEqual({ ok: r.ok, column: r.column, message: r.message }, c, where);
      }
      native++;
    }
  }
  assert.ok(llvm > 500 && native > 100, `rows checked: ${llvm} against llvm-mc, ${native} against mqsad asm`);
});

test('disassemble() agrees with llvm-mc 22', () => {
  assert.ok(disFiles.includes('disasm_vectors.tsv.gz'), `disasm vector files: ${disFiles}`);
  let valid = 0, invalid = 0, deviating = 0;
  const family = new Set(m.instructions().map((i) => i.name));
  for (const file of disFiles) {
    for (const [target, bytesText, expectedAll] of sample(tsv(file).filter((r) => r.length >= 3), 3000)) {
      const bytes = hexBytes(bytesText);
      const r = m.disassemble(target, bytes);
      const where = `${file}: ${target} [${bytesText}]`;
      const [expected, ...more] = expectedAll.split(' ;; ');
      const llvmValid = family.has(expected.split(' ')[0]);
      if (llvmValid !== r.ok || (r.ok && r.text !== expected)) {
        // the library and llvm-mc differ here (docs/deviations.md): the module must say
        // what the native `mqsad dis` says about the first instruction
        const c = cli(['dis', '-t', target], bytesText + '\n');
        const first = c.stdout.split('\n')[0];
        const bad = /^<stdin>:1:1: warning: invalid instruction encoding/.test(c.stderr);
        if (r.ok) assert.equal('\t' + r.text, first, `${where}: mqsad dis`);
        else assert.ok(bad, `${where}: mqsad dis decodes it: ${first}`);
        deviating++;
        continue;
      }
      if (llvmValid) {
        assert.equal(r.ok, true, `${where}: ${r.message}, want ${expected}`);
        assert.equal(r.text, expected, where);
        if (more.length) assert.ok(r.length < bytes.length, `${where}: consumed ${r.length}`);
        else assert.equal(r.length, bytes.length, where);
        valid++;
      } else {
        // INVALID, CRASH(rc=-11) (llvm-mc itself crashed) or another instruction: not one
        // of the SAD family
        assert.equal(r.ok, false, `${where}: decoded as "${r.text}" but llvm-mc says ${expected}`);
        assert.equal(r.message, 'invalid instruction encoding');
        invalid++;
      }
    }
  }
  assert.ok(valid > 1000 && invalid > 300 && deviating < valid / 10,
    `rows: ${valid} valid, ${invalid} invalid, ${deviating} where the library deviates`);
});

test('explain() gives the fields of `mqsad dis --explain`', () => {
  const rows = sample(tsv('disasm_vectors.tsv.gz').filter((r) => hexBytes(r[1]).length >= 8), 120, 7);
  for (const [target, bytesText] of rows) {
    const r = cli(['dis', '-t', target, '--explain'], bytesText + '\n');
    // the table of the first word: the lines after the first "; field" header, up to
    // the next header, the "invalid:" line or the next instruction
    const lines = r.stdout.split('\n');
    const start = lines.findIndex((l) => /^\t; field /.test(l));
    assert.ok(start >= 0, `${target} [${bytesText}]: no --explain table:\n${r.stdout}${r.stderr}`);
    const want = [];
    for (const l of lines.slice(start + 1)) {
      const f = /^\t; (\S+)\s+(\S+)\s+0x([0-9a-f]+)\s*(.*)$/.exec(l);
      if (!f || f[1] === 'invalid:' || f[1] === 'field') break;
      want.push({ name: f[1], bits: f[2], value: BigInt('0x' + f[3]), meaning: f[4] });
    }
    const got = m.explain(target, hexBytes(bytesText));
    const where = `${target} [${bytesText}]`;
    assert.deepEqual(got.map((f) => [f.name, f.bits, BigInt(f.value)]), want.map((f) => [f.name, f.bits, f.value]), where);
    // operand meanings are the library's own operand text
    got.forEach((f, i) => { if (/^(VDST|SRC\d)$/.test(f.name)) assert.equal(f.meaning, want[i].meaning, `${where}: ${f.name}`); });
  }
  assert.deepEqual(m.explain('gfx1100', [5, 0, 0x3d]), []);
});

test('evaluate() on the semantic vectors (AMD pseudocode, independent generators)', () => {
  // mqsad_vectors.tsv: S0 S1 S2.0..S2.3 [clamp] <TAB> D0..D3 of V_MQSAD_U32_U8
  let n = 0;
  for (const [ins, outs] of tsv('mqsad_vectors.tsv')) {
    const a = ins.trim().split(/\s+/);
    const clamp = a.length > 6;
    const d = m.evaluate('v_mqsad_u32_u8', BigInt(a[0]), BigInt(a[1]), a.slice(2, 6).map(Number), clamp);
    assert.deepEqual(d, outs.trim().split(/\s+/).map(Number), ins);
    n++;
  }
  // family_vectors.tsv: MNEMONIC <TAB> S0 S1 S2 [clamp] <TAB> D (S2, D: per the instruction's widths)
  const insns = Object.fromEntries(m.instructions().map((i) => [i.name, i]));
  const seen = new Set();
  for (const [name, ins, outs] of tsv('family_vectors.tsv')) {
    const a = ins.trim().split(/\s+/);
    const clamp = a[a.length - 1] === 'clamp';
    if (clamp) a.pop();
    const w = insns[name].width;
    const s2 = w[2] === 4 ? a.slice(2, 6).map(Number) : BigInt(a[2]);
    const got = m.evaluate(name, BigInt(a[0]), BigInt(a[1]), s2, clamp);
    const o = outs.trim().split(/\s+/);
    if (w[3] === 4) assert.deepEqual(got, o.map(Number), `${name} ${ins}`);
    else assert.equal(got, BigInt(o[0]), `${name} ${ins}`);
    seen.add(name);
    n++;
  }
  assert.equal(seen.size, 8, [...seen].join(' '));
  assert.ok(n > 4000, `${n} rows`);
});

test('evaluate(): the README worked example, operand forms and errors', () => {
  // docs/semantics.md: S0 = 0x0706050403020100, S1 = 0x03020100, S2 = {11, 13, 17, 19} -> {0x0b, 0x10, 0x17, 0x1c}
  assert.deepEqual(m.evaluate('v_mqsad_u32_u8', 0x0706050403020100n, 0x03020100n, [11, 13, 17, 19]), [0x0b, 0x10, 0x17, 0x1c]);
  assert.deepEqual(m.evaluate('V_MQSAD_U32_U8_e64', 0x0706050403020100n, 0x03020100n, [11n, 13n, 17n, 19n], false), [0x0b, 0x10, 0x17, 0x1c]);
  assert.deepEqual(m.evaluate('v_mqsad_u32_u8', 0x0706050403020100n, 0x03020100n, (19n << 96n) | (17n << 64n) | (13n << 32n) | 11n), [0x0b, 0x10, 0x17, 0x1c]);
  // docs/semantics.md, clamp: S0 = ~0, S1 = 0x01010101, S2 = {0xfffffff0, 0, 0xffffffff, 1}
  assert.deepEqual(m.evaluate('v_mqsad_u32_u8', 0xffffffffffffffffn, 0x01010101n, [0xfffffff0, 0, 0xffffffff, 1], true),
    [0xffffffff, 0x3f8, 0xffffffff, 0x3f9]);
  assert.deepEqual(m.evaluate('v_mqsad_u32_u8', 0xffffffffffffffffn, 0x01010101n, [0xfffffff0, 0, 0xffffffff, 1], false),
    [0x3e8, 0x3f8, 0x3f7, 0x3f9]);
  assert.equal(typeof m.evaluate('v_sad_u32', 5n, 7n, 1n), 'bigint');
  assert.equal(m.evaluate('v_sad_u32', 5n, 7n, 1n), 3n);
  assert.throws(() => m.evaluate('v_add_u32', 0n, 0n, 0n), RangeError);
  assert.throws(() => m.evaluate('v_sad_u8', 1n << 32n, 0n, 0n), RangeError);
  assert.throws(() => m.evaluate('v_sad_u8', -1n, 0n, 0n), RangeError);
  assert.throws(() => m.evaluate('v_mqsad_u32_u8', 0n, 0n, [1, 2, 3]), RangeError);
});

test('parseBytes() reads llvm-mc and objdump byte lists', () => {
  const seed = [5, 0, 0x3d, 0xd6, 0xc1, 0x82, 0xf1, 7];
  for (const s of ['0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07', '[0x05, 0x00, 0x3d, 0xd6, 0xc1, 0x82, 0xf1, 0x07]',
    '05 00 3d d6 c1 82 f1 07', '05003dd6c182f107', '5 0 61 214 193 130 241 7']) {
    const r = mod.parseBytes(s);
    assert.equal(r.ok, true, s);
    assert.deepEqual(Array.from(r.bytes), seed, s);
  }
  assert.deepEqual(mod.parseBytes('0x05,0x100'), { ok: false, column: 6, message: "invalid byte '0x100'" });
  assert.equal(m.disassemble('gfx1100', '05 00 3d d6 c1 82 f1 07').text, 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]');
});
