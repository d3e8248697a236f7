// common.mjs — what the module tests share: where the build is, the project's vector
// files (read with zlib), a seeded sample of their rows, and the native CLI.
import { readFileSync, existsSync, readdirSync as readdir } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB = path.resolve(ROOT, process.env.MQSAD_WEB || 'build/web');
export const CLI = path.resolve(ROOT, process.env.MQSAD_CLI || 'build/mqsad');
export const DATA = path.join(ROOT, 'tests/data');

/** The module under test, imported from the build directory, loaded with no argument
 *  (it finds mqsad.wasm next to itself). */
export async function loadModule() {
  const mod = await import(pathToFileURL(path.join(WEB, 'mqsad.mjs')).href);
  return { mod, m: await mod.load() };
}

/** Rows of a tab-separated vector file (.tsv or .tsv.gz), comment lines (#) skipped. */
export function tsv(name) {
  const file = path.join(DATA, name);
  let buf = readFileSync(file);
  if (name.endsWith('.gz')) buf = gunzipSync(buf);
  return buf.toString('utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
}

export function dataFiles(re) {
  return existsSync(DATA) ? readdir(DATA).filter((f) => re.test(f)).sort() : [];
}

/** A deterministic sample of n rows (mulberry32, fixed seed): the same rows every run. */
export function sample(rows, n, seed = 24) {
  if (rows.length <= n) return rows.slice();
  let s = seed >>> 0;
  const rnd = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const idx = new Set();
  while (idx.size < n) idx.add(Math.floor(rnd() * rows.length));
  return [...idx].sort((a, b) => a - b).map((i) => rows[i]);
}

/** Runs the native CLI: { status, stdout, stderr }. */
export function cli(args, input) {
  const r = spawnSync(CLI, args, { input, encoding: 'utf8' });
  if (r.error) throw r.error;
  return r;
}

/** `mqsad asm -t TARGET` on one line: {ok, bytes, text} or {ok:false, column, message}
 *  (the first error it reports). */
export function cliAssemble(target, line) {
  const r = cli(['asm', '-t', target], line + '\n');
  const err = /^<stdin>:1:(\d+): error: (.*)$/m.exec(r.stderr);
  if (err) return { ok: false, column: Number(err[1]), message: err[2] };
  const m = /^\t(.*?) +; encoding: \[([^\]]*)\]$/m.exec(r.stdout);
  if (!m) throw new Error(`mqsad asm printed neither an encoding nor an error for ${JSON.stringify(line)}:\n${r.stdout}${r.stderr}`);
  return { ok: true, text: m[1], bytes: m[2].split(',').map((b) => (b === 'A' ? 0 : Number(b.replace(/'.*$/, '')))) };
}

/** Bytes of an "0x04,0x00,..." vector field. */
export function hexBytes(s) {
  return s.split(',').filter(Boolean).map((b) => Number(b));
}
