/*
 * mqsad_api.js — the JavaScript face of libmqsad's WebAssembly build (web/mqsad_web.c).
 *
 * Plain script code with no import/export, so that it serves two builds: `make web`
 * prepends it to web/mqsad_load.mjs to make the ES module mqsad.mjs (Node >= 18 and
 * browsers), and the page loads it as a classic script, which also works from file://
 * (browsers refuse module scripts there). Its one entry point is mqsadInstantiate().
 */

/* WASI error code ENOSYS: the library never does I/O, but the C library's stdio links
 * a few WASI imports (fd_write, ...); each is given a stub that fails. */
const MQSAD_WASI_ENOSYS = 52;

/** Compiles and instantiates the wasm from bytes (ArrayBuffer, a typed array), a
 *  WebAssembly.Module, or a fetch Response (or a promise of one); resolves to the API. */
async function mqsadInstantiate(source) {
  source = await source;
  let module;
  if (source instanceof WebAssembly.Module) {
    module = source;
  } else if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) throw new Error(`mqsad: cannot load the wasm (HTTP ${source.status})`);
    module = await WebAssembly.compile(await source.arrayBuffer());
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    module = await WebAssembly.compile(source);
  } else {
    throw new TypeError('mqsad: load() takes wasm bytes, a WebAssembly.Module, a Response, a URL or a path');
  }
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') continue;
    (imports[imp.module] ||= {})[imp.name] = () => MQSAD_WASI_ENOSYS;
  }
  const instance = await WebAssembly.instantiate(module, imports);
  if (instance.exports._initialize) instance.exports._initialize();
  return mqsadApi(instance.exports);
}

/** The API over an instance's exports (see mqsad.d.ts for the documentation). */
function mqsadApi(x) {
  const enc = new TextEncoder();
  const dec = new TextDecoder('utf-8');
  const inPtr = x.web_in() >>> 0;
  const inMax = x.web_in_max() >>> 0;
  const outPtr = x.web_out() >>> 0;

  const mem = () => new Uint8Array(x.memory.buffer);
  /* Copies bytes into the input buffer; returns the length, or -1 if they do not fit. */
  const put = (bytes, nul) => {
    if (bytes.length + (nul ? 1 : 0) > inMax) return -1;
    const m = mem();
    m.set(bytes, inPtr);
    if (nul) m[inPtr + bytes.length] = 0;
    return bytes.length;
  };
  const out = () => {
    const m = mem();
    let end = outPtr;
    while (m[end] !== 0) end++;
    return JSON.parse(dec.decode(m.subarray(outPtr, end)));
  };
  const putName = (name) => {
    const b = enc.encode(String(name));
    return b.indexOf(0) < 0 && put(b, true) >= 0;
  };

  x.web_tables();
  const tables = out();
  // the module's target indexes: the named targets, then LLVM's generic ones
  const allTargets = tables.targets.concat(tables.generic);
  const targetIndex = (name) => {
    if (!putName(name)) return -1;
    return x.web_target_index();
  };
  const needTarget = (name) => {
    const i = targetIndex(name);
    if (i < 0) throw new RangeError(`mqsad: unknown target '${name}' (see targets())`);
    return i;
  };
  const insnByName = (name) => {
    const id = putName(name) ? x.web_insn_index() : -1;
    if (id < 0) throw new RangeError(`mqsad: unknown instruction '${name}' (see instructions())`);
    return id;
  };
  const toBytes = (bytes) => {
    if (bytes instanceof Uint8Array) return bytes;
    if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
    if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (typeof bytes === 'string') {
      const p = parseBytes(bytes);
      if (!p.ok) throw new TypeError(`mqsad: ${p.message} (column ${p.column})`);
      return p.bytes;
    }
    const a = Array.from(bytes, Number);
    if (a.some((v) => !Number.isInteger(v) || v < 0 || v > 255)) throw new RangeError('mqsad: bytes must be 0..255');
    return Uint8Array.from(a);
  };
  const fieldList = (r) => {
    const f = (r.fields || []).map((d) => ({
      name: d.name, bits: d.lo === d.hi ? `${d.lo}` : `${d.hi}:${d.lo}`, lo: d.lo, hi: d.hi,
      value: d.value, meaning: d.meaning,
    }));
    if (r.literal) {
      const v = BigInt(r.literal.value);
      f.push({ name: 'LITERAL', bits: `${r.literal.hi}:64`, lo: 64, hi: r.literal.hi,
        value: r.literal.hi === 95 ? Number(v) : v, meaning: r.literal.value });
    }
    return f;
  };
  /* Decodes bytes: the raw JSON record of web_disassemble (fields included). */
  const decode = (target, bytes) => {
    const t = needTarget(target);
    const b = toBytes(bytes);
    const n = put(b.length > 64 ? b.subarray(0, 64) : b, false);
    x.web_disassemble(t, n);
    return out();
  };
  const u32 = (v, what) => {
    const b = BigInt(v);
    if (b < 0n || b > 0xffffffffn) throw new RangeError(`mqsad: ${what} must be 0 .. 2^32-1`);
    return Number(b);
  };
  const uN = (v, bits, what) => {
    const b = BigInt(v);
    if (b < 0n || b >> BigInt(bits) !== 0n) throw new RangeError(`mqsad: ${what} must be 0 .. 2^${bits}-1`);
    return b;
  };

  const api = {
    /** Library version, e.g. "0.1.0". */
    version: tables.version,
    /** Target names in table order, as `mqsad info --list` lists them. */
    targets: () => tables.targets.map((t) => t.name),
    /** Per-target facts: name, generation, alias, family (LLVM encoding family), ... */
    targetInfo: (name) => {
      const i = targetIndex(name);
      return i < 0 ? null : structuredCloneish(allTargets[i]);
    },
    /** One representative target per generation. */
    generations: () => tables.generations.map((n) => structuredCloneish(tables.targets[targetIndex(n)])),
    /** The SAD family: name, upper, width (dwords of SRC0, SRC1, SRC2, VDST), opcode per
     *  encoding family, elem_bits. */
    instructions: () => tables.insns.map(structuredCloneish),

    assemble(target, line) {
      const t = needTarget(target);
      const s = String(line), nl = s.indexOf('\n');
      const b = enc.encode(nl < 0 ? s : s.slice(0, nl));   /* the first line only */
      const n = put(b, false);
      if (n < 0) return { ok: false, column: 1, message: `line too long (more than ${inMax} bytes)` };
      x.web_assemble(t, n);
      const r = out();
      if (!r.ok) return { ok: false, column: r.column, message: r.message, status: r.status };
      const res = { ok: true, bytes: Uint8Array.from(r.bytes), text: r.text, insn: r.insn, fields: fieldList(r) };
      if (r.symbol) res.symbol = r.symbol;
      return res;
    },

    disassemble(target, bytes) {
      const r = decode(target, bytes);
      if (!r.ok) return { ok: false, message: r.message, status: r.status };
      return { ok: true, text: r.text, length: r.length, insn: r.insn };
    },

    explain(target, bytes) {
      return fieldList(decode(target, bytes));
    },

    /** Decode with everything the page shows: ok, text, length, insn, fields, status. */
    inspect(target, bytes) {
      const r = decode(target, bytes);
      return { ok: r.ok, text: r.text, length: r.length, insn: r.insn, message: r.message,
        status: r.status, word: r.word, fields: fieldList(r) };
    },

    evaluate(mnemonic, s0, s1, s2, clamp) {
      const id = insnByName(mnemonic);
      const w = tables.insns[id].width;
      const S0 = uN(s0, 32 * w[0], 'S0');
      const S1 = u32(s1, 'S1');
      let d2 = [0, 0, 0, 0];
      if (Array.isArray(s2) || ArrayBuffer.isView(s2)) {
        if (s2.length !== w[2]) throw new RangeError(`mqsad: S2 of ${tables.insns[id].name} is ${w[2]} dword(s)`);
        Array.from(s2).forEach((v, k) => { d2[k] = u32(v, `S2[${k}]`); });
      } else {
        const v = uN(s2, 32 * w[2], 'S2');
        d2 = d2.map((_, k) => Number((v >> BigInt(32 * k)) & 0xffffffffn));
      }
      const st = x.web_eval(id, S0, S1, d2[0], d2[1], d2[2], d2[3], clamp ? 1 : 0);
      if (st !== 0) throw new Error(`mqsad: evaluate failed (status ${st})`);
      const d = Array.from(new Uint32Array(x.memory.buffer, x.web_dst() >>> 0, 4));
      if (w[3] === 4) return d;
      let r = 0n;
      for (let k = w[3] - 1; k >= 0; k--) r = (r << 32n) | BigInt(d[k]);
      return r;
    },

    /** One masked byte SAD (mqsad_msad_u8): acc + sum over bytes where b's is not 0. */
    msad: (a, b, acc) => x.web_msad(u32(a, 'a'), u32(b, 'b'), u32(acc, 'acc')) >>> 0,

    parseBytes: (text) => parseBytes(text),
  };
  return Object.freeze(api);
}

function structuredCloneish(o) {
  return JSON.parse(JSON.stringify(o));
}

/** Bytes as text: either llvm-mc's disassembler input (numbers separated by commas or
 *  blanks, optionally in [...]: 0x.. hex, 0b.. binary, else decimal), or objdump-style
 *  pairs of hex digits when every number is exactly two hex digits ("05 00 3d d6"), or
 *  one run of hex digits ("05003dd6"). Returns {ok:true, bytes} or {ok:false, column,
 *  message} (1-based column of the bad number). */
function parseBytes(text) {
  const s = String(text);
  const toks = [];
  const re = /[^\s,\[\]]+/g;
  let m;
  while ((m = re.exec(s)) !== null) toks.push({ t: m[0], col: m.index + 1 });
  if (toks.length === 1 && /^([0-9a-fA-F]{2}){2,}$/.test(toks[0].t) && !/^0[xXbB]/.test(toks[0].t)) {
    const h = toks[0].t;
    return { ok: true, bytes: Uint8Array.from({ length: h.length / 2 }, (_, i) => parseInt(h.slice(2 * i, 2 * i + 2), 16)) };
  }
  const pairs = toks.length > 0 && toks.every((k) => /^[0-9a-fA-F]{2}$/.test(k.t));
  const bytes = [];
  for (const { t, col } of toks) {
    let v = NaN;
    if (pairs) v = parseInt(t, 16);
    else if (/^0[xX][0-9a-fA-F]+$/.test(t)) v = parseInt(t.slice(2), 16);
    else if (/^0[bB][01]+$/.test(t)) v = parseInt(t.slice(2), 2);
    else if (/^[0-9]+$/.test(t)) v = parseInt(t, 10);
    if (!(v >= 0 && v <= 255)) return { ok: false, column: col, message: `invalid byte '${t}'` };
    bytes.push(v);
  }
  return { ok: true, bytes: Uint8Array.from(bytes) };
}
