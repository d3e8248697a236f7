/*
 * app.js — the explorer page (index.html): target and instruction pickers, the live bit
 * layout of the instruction word, assemble and disassemble boxes, the evaluator, and the
 * page state in the URL fragment. Every encoding, text, field and result comes from
 * libmqsad (mqsad-api.js over the wasm embedded in mqsad-wasm.js); this file only lays
 * them out. A classic script (no modules), so that the page also works from file://.
 */
(function () {
  'use strict';

  const SEED = 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]';
  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k === 'style') e.style.cssText = v;   // CSSOM: allowed by the page's CSP
      else e.setAttribute(k, v);
    }
    for (const k of kids) if (k != null) e.append(k);
    return e;
  };
  const SVG = 'http://www.w3.org/2000/svg';
  const svg = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'style') e.style.cssText = v;
      else e.setAttribute(k, v);
    }
    if (text != null) e.textContent = text;
    return e;
  };
  const hex = (v, digits) => '0x' + BigInt(v).toString(16).padStart(digits || 1, '0');
  const hexBytes = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
  const llvmBytes = (b) => Array.from(b, (x) => '0x' + x.toString(16).padStart(2, '0')).join(',');

  // Field colours: CSS variables of style.css, by field name.
  const FIELD_VAR = {
    VDST: '--f-vdst', SRC0: '--f-src0', SRC1: '--f-src1', SRC2: '--f-src2', OP: '--f-op',
    ENCODING: '--f-enc', CLAMP: '--f-clamp', LITERAL: '--f-lit',
  };
  const fieldColor = (name) => `var(${FIELD_VAR[name] || '--f-mod'})`;
  const SHORT = { ENCODING: 'ENC', CLAMP: 'C', OPSEL: 'OPS', OMOD: 'OM', RESERVED: 'RSV', LITERAL: 'LIT' };
  const WINDOW_COLORS = ['#4a7fd4', '#3a9a5b', '#d9822b', '#c2457a'];

  // How the evaluator lays out each instruction: element size, sliding windows (the
  // quad forms slide S0 by a byte per window), masking on S1's zero bytes, and where the
  // accumulator comes from. The numbers shown all come from the library (mqsad_eval);
  // this table only says how to draw them.
  const VIEW = {
    v_mqsad_u32_u8: { elem: 8, windows: 4, masked: true, acc: 'dword',
      desc: 'D.u32[k] = S2[k] + Σ|S0.u8[k+i] − S1.u8[i]| over the bytes i where S1.u8[i] ≠ 0, k = 0..3: four masked SADs of S1 against S0 sliding a byte at a time.' },
    v_qsad_pk_u16_u8: { elem: 8, windows: 4, masked: false, acc: 'u16',
      desc: 'D.u16[k] = S2.u16[k] + Σ|S0.u8[k+i] − S1.u8[i]|, k = 0..3: four SADs of S1 against S0 sliding a byte at a time, packed in 16 bits.' },
    v_mqsad_pk_u16_u8: { elem: 8, windows: 4, masked: true, acc: 'u16',
      desc: 'D.u16[k] = S2.u16[k] + Σ|S0.u8[k+i] − S1.u8[i]| over the bytes where S1.u8[i] ≠ 0: the masked V_QSAD_PK_U16_U8.' },
    v_sad_u8: { elem: 8, windows: 1, masked: false, acc: 'add',
      desc: 'D = S2 + Σ|S0.u8[i] − S1.u8[i]|, i = 0..3.' },
    v_msad_u8: { elem: 8, windows: 1, masked: true, acc: 'add',
      desc: 'D = S2 + Σ|S0.u8[i] − S1.u8[i]| over the bytes i where S1.u8[i] ≠ 0.' },
    v_sad_hi_u8: { elem: 8, windows: 1, masked: false, acc: 'hi',
      desc: 'D = (Σ|S0.u8[i] − S1.u8[i]| << 16) + S2.' },
    v_sad_u16: { elem: 16, windows: 1, masked: false, acc: 'add',
      desc: 'D = S2 + Σ|S0.u16[i] − S1.u16[i]|, i = 0..1.' },
    v_sad_u32: { elem: 32, windows: 1, masked: false, acc: 'add',
      desc: 'D = S2 + |S0 − S1|.' },
  };
  const DEFAULTS = {
    quad: { s0: '0x0706050403020100', s1: '0x03020100' },
    single: { s0: '0x0a0b0c0d', s1: '0x01000f10' },
  };

  let m = null;
  let insns = [];
  const state = {
    target: 'gfx1100', insn: 'v_mqsad_u32_u8', asm: SEED, bytes: '', bytesEdited: false,
    s0: '0x0706050403020100', s1: '0x03020100', s2: ['11', '13', '17', '19'], clamp: false,
  };

  /* ---- permalink: the state in the URL fragment ------------------------------------ */
  let lastHash = '';
  function writeHash() {
    const p = new URLSearchParams();
    p.set('t', state.target);
    p.set('i', state.insn);
    p.set('asm', state.asm);
    if (state.bytesEdited) p.set('bytes', state.bytes);
    p.set('s0', state.s0);
    p.set('s1', state.s1);
    p.set('s2', state.s2.join(','));
    if (state.clamp) p.set('clamp', '1');
    const h = '#' + p.toString();
    if (h === location.hash) return;
    lastHash = h;
    try { history.replaceState(null, '', h); } catch (e) { location.hash = h; }
  }
  function readHash() {
    const h = location.hash.replace(/^#/, '');
    if (!h) return false;
    const p = new URLSearchParams(h);
    if (p.has('t') && m.targetInfo(p.get('t'))) state.target = m.targetInfo(p.get('t')).name;
    if (p.has('i') && insns.some((x) => x.name === p.get('i'))) {
      state.insn = p.get('i');
      setEvalDefaults();
    }
    if (p.has('asm')) state.asm = p.get('asm');
    else if (p.has('i')) state.asm = exampleLine(insnInfo(state.insn));
    state.bytesEdited = p.has('bytes');
    if (p.has('bytes')) state.bytes = p.get('bytes');
    if (p.has('s0')) state.s0 = p.get('s0');
    if (p.has('s1')) state.s1 = p.get('s1');
    if (p.has('s2')) state.s2 = p.get('s2').split(',');
    state.clamp = p.get('clamp') === '1';
    return true;
  }

  /* ---- pickers ----------------------------------------------------------------------- */
  function info(name) { return m.targetInfo(name); }
  function insnInfo(name) { return insns.find((x) => x.name === name); }

  function fillPickers() {
    const gens = m.generations();
    const cur = info(state.target);
    const gsel = $('gen');
    gsel.replaceChildren(...gens.map((g) => el('option', { value: g.generation, text: `${g.generation} (${g.family} layout)` })));
    gsel.value = cur.generation;
    const tsel = $('target');
    const sameGen = m.targets().map(info).filter((t) => t.generation === cur.generation);
    tsel.replaceChildren(...sameGen.map((t) => el('option', { value: t.name, text: t.name })));
    tsel.value = cur.name;
    const isel = $('insn');
    isel.replaceChildren(...insns.map((x, id) => {
      const o = el('option', { value: x.name, text: x.upper });
      if (!cur.insns[id]) { o.disabled = true; o.textContent += ` (not on ${cur.generation})`; }
      return o;
    }));
    isel.value = state.insn;
    const ii = insnInfo(state.insn);
    const op = ii.opcode[cur.encoding];
    const layout = `OP ${cur.op_lo + cur.op_bits - 1}:${cur.op_lo} = ${op} (${hex(op, 3)}), ENCODING 31:26 = ${hex(cur.marker)}`;
    const lit = ['no VOP3 literal', '32-bit literal', '32- and 64-bit literals'][cur.literal];
    const wave = [cur.wave_sizes & 32 ? 'wave32' : '', cur.wave_sizes & 64 ? 'wave64' : ''].filter(Boolean).join('/');
    const avail = cur.insns[insns.indexOf(ii)] ? '' : ` — ${ii.upper} does not exist on ${cur.generation}`;
    $('target-info').textContent = `${ii.upper} on ${cur.name} (${cur.generation}): VOP3, ${cur.family} layout, ${layout}; ` +
      `${cur.clamp_bit < 0 ? 'no integer clamp' : 'CLAMP bit ' + cur.clamp_bit}; ${lit}; ${wave}${avail}.`;
  }

  /* The example line of an instruction: its operand widths from the instruction table. */
  function exampleLine(ii) {
    if (ii.name === 'v_mqsad_u32_u8') return SEED;
    const reg = (first, w) => (w === 1 ? `v${first}` : `v[${first}:${first + w - 1}]`);
    const [w0, w1, w2, wd] = ii.width;
    return `${ii.name} ${reg(4, wd)}, ${reg(2, w0)}, ${reg(1, w1)}, ${reg(8, w2)}`;
  }

  function setEvalDefaults() {
    const ii = insnInfo(state.insn);
    if (ii.name === 'v_mqsad_u32_u8') {
      Object.assign(state, { s0: '0x0706050403020100', s1: '0x03020100', s2: ['11', '13', '17', '19'] });
    } else if (ii.width[0] === 2) {
      Object.assign(state, DEFAULTS.quad, { s2: ['0x0013001100' + '0d000b'] });
    } else {
      Object.assign(state, DEFAULTS.single, { s2: ['0x10'] });
    }
  }

  /* ---- the instruction word: diagram and field table ---------------------------------- */
  function currentBytes() {
    const p = m.parseBytes(state.bytes);
    return p.ok ? p.bytes : new Uint8Array(0);
  }

  function renderWord() {
    const bytes = currentBytes();
    const r = m.inspect(state.target, bytes);
    const fields = r.fields;
    const box = $('diagram');
    const tbody = $('fields').tBodies[0];
    if (!fields.length) {
      box.replaceChildren(el('p', { class: 'caption', text: 'The diagram needs the 8 bytes of an instruction word.' }));
      tbody.replaceChildren();
      $('layout-caption').textContent = '';
      return;
    }
    const word = BigInt(r.word);
    const lit = fields.find((f) => f.name === 'LITERAL');
    $('layout-caption').textContent = `The bytes box's word: ${r.ok ? r.text : 'not a valid instruction (' + r.status + ')'} — ` +
      `word ${hex(word, 16)}${lit ? ' + literal ' + lit.meaning : ''} (bytes ${hexBytes(bytes.subarray(0, r.ok ? r.length : 8))}).`;
    box.replaceChildren(diagram(bytes, fields, box.clientWidth < 640, r.ok ? r.text : 'invalid word'));
    tbody.replaceChildren(...fields.map((f) => {
      const bad = /invalid|must be 0|not VOP3|not a SAD/.test(f.meaning);
      const tr = el('tr', { 'data-field': f.name, class: bad ? 'bad' : '' },
        el('td', {}, el('span', { class: 'swatch', style: `background:${fieldColor(f.name)}`, 'aria-hidden': 'true' }), f.name),
        el('td', { class: 'mono', text: f.bits }),
        el('td', { class: 'mono', text: hex(f.value) }),
        el('td', { class: 'mono', text: f.meaning }));
      tr.addEventListener('mouseenter', () => hot(f.name, true));
      tr.addEventListener('mouseleave', () => hot(f.name, false));
      return tr;
    }));
  }

  function hot(name, on) {
    document.querySelectorAll(`[data-field="${name}"]`).forEach((e) => e.classList.toggle('hot', on));
  }

  /* An ISA-manual style layout: rows of 32 bits (16 on narrow screens), high bit on the
   * left, each bit's value in its cell, the fields as coloured bands under the bits with
   * their name, value and bit range. */
  function diagram(bytes, fields, narrow, label) {
    const per = narrow ? 16 : 32;
    const top = Math.max(...fields.map((f) => f.hi)) + 1;
    const rows = Math.ceil(top / per);
    const CW = narrow ? 40 : 28, LM = narrow ? 8 : 62, RM = 8;
    const NUM = narrow ? 24 : 18, CELL = narrow ? 42 : 30, BAND = narrow ? 56 : 40, GAP = narrow ? 16 : 14;
    const RH = NUM + CELL + BAND + GAP;
    const W = LM + per * CW + RM, H = rows * RH;
    const bit = (i) => (bytes[i >> 3] >> (i & 7)) & 1;
    const s = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', class: narrow ? 'narrow' : 'wide',
      'aria-label': `Bit layout of ${label}: ` + fields.map((f) => `${f.name} bits ${f.bits} = ${hex(f.value)}`).join(', ') });
    const fs = narrow ? { bitno: 18, bit: 26, fname: 21, fval: 20 } : { bitno: 11, bit: 15, fname: 12.5, fval: 12 };
    const xOf = (row, b) => LM + (per - 1 - (b - row * per)) * CW;   // left edge of bit b's cell
    for (let row = 0; row < rows; row++) {
      const y = row * RH;
      if (!narrow) s.append(svg('text', { class: 'rowlabel', x: 0, y: y + NUM + CELL / 2 + 4, 'font-size': 11 },
        row * per >= 64 ? 'literal' : `dword ${row * per / 32 | 0}`));
      for (let b = row * per; b < (row + 1) * per && b < top; b++) {
        const x = xOf(row, b), v = bit(b);
        s.append(svg('rect', { class: 'cell', x: x + 1, y: y + NUM, width: CW - 2, height: CELL - 2, rx: 3 }));
        s.append(svg('text', { class: 'bit ' + (v ? 'one' : 'zero'), x: x + CW / 2, y: y + NUM + CELL / 2 + 4,
          'text-anchor': 'middle', 'font-size': fs.bit }, String(v)));
      }
    }
    for (const f of fields) {
      const g = svg('g', { class: 'field', 'data-field': f.name, 'data-value': String(f.value), 'data-bits': f.bits });
      g.append(svg('title', {}, `${f.name} bits ${f.bits} = ${hex(f.value)}: ${f.meaning}`));
      // one band per row the field crosses; the widest carries the value
      const segs = [];
      for (let row = Math.floor(f.lo / per); row <= Math.floor(f.hi / per); row++) {
        const lo = Math.max(f.lo, row * per), hi = Math.min(f.hi, row * per + per - 1);
        segs.push({ row, lo, hi });
      }
      const widest = segs.reduce((a, b) => (b.hi - b.lo > a.hi - a.lo ? b : a));
      for (const sg of segs) {
        const y = sg.row * RH, x = xOf(sg.row, sg.hi), w = (sg.hi - sg.lo + 1) * CW;
        g.append(svg('rect', { class: 'band', x: x + 1, y: y + NUM + CELL, width: w - 2, height: BAND - 2, rx: 4,
          style: `fill:${fieldColor(f.name)}` }));
        const cells = sg.hi - sg.lo + 1;
        const name = cells * CW >= f.name.length * fs.fname * 0.68 ? f.name : (SHORT[f.name] || f.name.slice(0, 2));
        g.append(svg('text', { class: 'fname', x: x + w / 2, y: y + NUM + CELL + BAND * 0.4, 'text-anchor': 'middle', 'font-size': fs.fname }, name));
        if (sg === widest) {
          const val = hex(f.value);
          if (cells * CW >= val.length * fs.fval * 0.62)
            g.append(svg('text', { class: 'fval', x: x + w / 2, y: y + NUM + CELL + BAND * 0.8, 'text-anchor': 'middle', 'font-size': fs.fval }, val));
        }
        // bit numbers at the band's edges
        const nums = sg.hi === sg.lo ? [[sg.hi, x + w / 2, 'middle']] : [[sg.hi, x + 3, 'start'], [sg.lo, x + w - 3, 'end']];
        for (const [n, nx, anchor] of nums)
          g.append(svg('text', { class: 'bitno', x: nx, y: y + NUM - 5, 'text-anchor': anchor, 'font-size': fs.bitno }, String(n)));
      }
      g.addEventListener('mouseenter', () => hot(f.name, true));
      g.addEventListener('mouseleave', () => hot(f.name, false));
      s.append(g);
    }
    return s;
  }

  /* ---- assemble ------------------------------------------------------------------------ */
  /* The UTF-16 index of a 1-based UTF-8 byte column. */
  function charIndex(line, column) {
    let bytes = 0, i = 0;
    const enc = new TextEncoder();
    for (const ch of line) {
      if (bytes >= column - 1) break;
      bytes += enc.encode(ch).length;
      i += ch.length;
    }
    return i;
  }

  function runAssemble() {
    const out = $('asm-out');
    const input = $('asm-in');
    const r = m.assemble(state.target, state.asm);
    if (!r.ok) {
      input.setAttribute('aria-invalid', 'true');
      const i = charIndex(state.asm, r.column);
      const caret = state.asm.slice(0, i).replace(/[^\t]/g, ' ') + '^';
      const pre = el('pre', { class: 'diag', id: 'asm-diag', 'data-column': String(r.column) },
        el('span', { class: 'msg', text: `error: ${r.message}` }), ` (column ${r.column})\n`,
        el('span', { class: 'line', text: state.asm }), '\n',
        el('span', { class: 'caret', text: caret }));
      out.replaceChildren(pre);
      return false;
    }
    input.removeAttribute('aria-invalid');
    out.replaceChildren(
      el('div', {}, el('span', { class: 'label', text: 'bytes' }), el('span', { class: 'bytes', id: 'asm-bytes', text: hexBytes(r.bytes) })),
      el('div', {}, el('span', { class: 'label', text: 'text' }), el('span', { class: 'text', id: 'asm-text', text: r.text })),
      el('div', { class: 'note', text: `${r.bytes.length} bytes, as llvm-mc -show-encoding: [${llvmBytes(r.bytes)}]` }));
    if (!state.bytesEdited) state.bytes = llvmBytes(r.bytes);
    return true;
  }

  /* ---- disassemble ------------------------------------------------------------------- */
  function runDisassemble() {
    const out = $('dis-out');
    const input = $('bytes-in');
    const p = m.parseBytes(state.bytes);
    if (!p.ok) {
      input.setAttribute('aria-invalid', 'true');
      out.replaceChildren(el('div', { class: 'err', text: `column ${p.column}: ${p.message}` }));
      return;
    }
    if (!p.bytes.length) {   /* nothing to read yet: llvm-mc prints nothing either */
      input.removeAttribute('aria-invalid');
      out.replaceChildren(el('div', { class: 'note', id: 'dis-empty', text: 'Type or paste the bytes of an instruction.' }));
      return;
    }
    const r = m.disassemble(state.target, p.bytes);
    if (!r.ok) {
      input.setAttribute('aria-invalid', 'true');
      out.replaceChildren(el('div', { class: 'err', id: 'dis-err', text: `warning: ${r.message}` + (r.status ? ` (${r.status})` : '') }));
      return;
    }
    input.removeAttribute('aria-invalid');
    const rest = p.bytes.length - r.length;
    out.replaceChildren(
      el('div', {}, el('span', { class: 'label', text: 'text' }), el('span', { class: 'text', id: 'dis-text', text: r.text })),
      el('div', { class: 'note', text: `${r.length} of ${p.bytes.length} bytes` + (rest ? ` (the next ${rest} are not shown)` : '') }));
  }

  /* ---- evaluate ---------------------------------------------------------------------- */
  function parseOperand(text, bits, what) {
    const t = String(text).trim().replace(/_/g, '');
    if (!/^(0[xX][0-9a-fA-F]+|[0-9]+)$/.test(t)) throw new Error(`${what}: write a number (decimal or 0x hex)`);
    const v = BigInt(t);
    if (v >> BigInt(bits)) throw new Error(`${what}: more than ${bits} bits`);
    return v;
  }

  function buildS2Inputs() {
    const ii = insnInfo(state.insn);
    const box = $('s2-box');
    const n = ii.width[2] === 4 ? 4 : 1;
    while (state.s2.length < n) state.s2.push('0');
    state.s2.length = n;
    box.classList.toggle('four', n === 4);
    box.replaceChildren(...state.s2.map((v, k) => {
      const id = `s2-${k}`;
      const inp = el('input', { id, class: 'mono', type: 'text', spellcheck: 'false', autocomplete: 'off' });
      inp.value = v;
      inp.addEventListener('input', () => { state.s2[k] = inp.value; update('eval'); });
      return el('div', {}, el('label', { for: id, text: n === 4 ? `S2[${k}]` : 'S2' }), inp);
    }));
    $('s0').value = state.s0;
    $('s1').value = state.s1;
    $('clamp').checked = state.clamp;
    $('eval-desc').textContent = `${ii.upper}: ${VIEW[ii.name].desc} clamp saturates each result ` +
      `(at ${ii.elem_bits === 16 ? '0xFFFF per packed element' : '0xFFFFFFFF'}) instead of wrapping.`;
  }

  function runEvaluate() {
    const ii = insnInfo(state.insn);
    const view = VIEW[ii.name];
    const errBox = $('eval-err');
    const vbox = $('eval-view');
    let s0, s1, s2;
    const inputs = [$('s0'), $('s1'), ...$('s2-box').querySelectorAll('input')];
    inputs.forEach((i) => i.removeAttribute('aria-invalid'));
    try {
      try { s0 = parseOperand(state.s0, 32 * ii.width[0], 'S0'); } catch (e) { $('s0').setAttribute('aria-invalid', 'true'); throw e; }
      try { s1 = parseOperand(state.s1, 32, 'S1'); } catch (e) { $('s1').setAttribute('aria-invalid', 'true'); throw e; }
      s2 = state.s2.map((v, k) => {
        try { return parseOperand(v, state.s2.length === 4 ? 32 : 32 * ii.width[2], state.s2.length === 4 ? `S2[${k}]` : 'S2'); }
        catch (e) { $(`s2-${k}`).setAttribute('aria-invalid', 'true'); throw e; }
      });
    } catch (e) {
      errBox.textContent = e.message;
      vbox.replaceChildren();
      return;
    }
    errBox.textContent = '';
    const d = m.evaluate(ii.name, s0, s1, s2.length === 4 ? s2 : s2[0], state.clamp);
    vbox.replaceChildren(...evalView(ii, view, s0, s1, s2, d));
  }

  const elemHex = (v, bits) => hex(v, bits / 4);

  /* The pictures: S0's bytes with the windows over them, one card per window with the
   * reference bytes (masked ones struck out), the per-element differences, the sum, the
   * accumulator and the result; then D. */
  function evalView(ii, view, s0, s1, s2, d) {
    const nodes = [];
    const eb = view.elem, perWord = 32 / eb;
    const s0Elems = (view.windows === 4 ? 8 : perWord);
    const elemOf = (v, i, bits) => Number((v >> BigInt(i * bits)) & ((1n << BigInt(bits)) - 1n));
    const sumName = eb === 8 ? (view.masked ? 'v_msad_u8' : 'v_sad_u8') : eb === 16 ? 'v_sad_u16' : 'v_sad_u32';

    // S0 strip with the windows under it
    const unit = eb === 8 ? 'byte' : eb === 16 ? 'u16' : 'dword';
    nodes.push(el('div', { class: 'note', text: `S0 by ${unit}, ${unit} 0 first (hex)` + (view.windows === 4 ? '; window k reads bytes k..k+3' : '') }));
    const strip = el('div', { class: 'strip', id: 'eval-strip', style: `grid-template-columns: auto repeat(${s0Elems}, minmax(1.9rem, 1fr))` });
    strip.append(el('div', { class: 'wl', text: '' }));
    for (let i = 0; i < s0Elems; i++) strip.append(el('div', { class: 'hdr', text: String(i) }));
    strip.append(el('div', { class: 'wl', text: 'S0' }));
    for (let i = 0; i < s0Elems; i++) strip.append(el('div', { class: 'b', 'data-byte': String(i), text: elemOf(s0, i, eb).toString(16).padStart(eb / 4, '0') }));
    if (view.windows === 4) {
      for (let k = 0; k < 4; k++) {
        strip.append(el('div', { class: 'wl', text: `w${k}`, title: `window ${k}`, style: `grid-row: ${k + 3}; grid-column: 1` }));
        strip.append(el('div', { class: 'win', title: `window ${k}: S0 bytes ${k}..${k + 3}`,
          style: `grid-row: ${k + 3}; grid-column: ${k + 2} / span 4; background:${WINDOW_COLORS[k]}` }));
      }
    }
    nodes.push(el('div', { class: 'table-wrap' }, strip));

    const cards = el('div', { class: 'windows' });
    for (let k = 0; k < view.windows; k++) {
      const win = view.windows === 4 ? (s0 >> BigInt(8 * k)) & 0xffffffffn : s0 & 0xffffffffn;
      const sum = m.evaluate(sumName, win, s1, 0n, false);   // the library's own SAD of this window
      const a = [], b = [], diff = [];
      for (let i = 0; i < perWord; i++) {
        const x = elemOf(win, i, eb), y = elemOf(s1, i, eb);
        const masked = view.masked && y === 0;
        a.push(x); b.push({ y, masked }); diff.push(masked ? null : Math.abs(x - y));
      }
      const row = (label, cells) => el('tr', {}, el('th', { scope: 'row', text: label }), ...cells);
      const h = (v) => v.toString(16).padStart(eb / 4, '0');
      const tbl = el('table', {},
        row(view.windows === 4 ? `S0 >> ${8 * k}` : 'S0', a.map((x) => el('td', { text: h(x) }))),
        row('S1', b.map(({ y, masked }) => el('td', { class: masked ? 'm' : '', title: masked ? 'masked: the S1 byte is 0' : '', text: h(y) }))),
        row('|diff|', diff.map((x) => el('td', { class: x === null ? 'm' : 'df', title: x === null ? 'masked' : '', text: x === null ? '–' : String(x) }))));
      let accName, accVal, resName, res, resBits = 32;
      if (view.acc === 'dword') {
        [accName, accVal, resName, res] = [`+ S2[${k}]`, s2[k], `D[${k}]`, BigInt(d[k])];
      } else if (view.acc === 'u16') {
        [accName, accVal, resName, res, resBits] = [`+ S2.u16[${k}]`, (s2[0] >> BigInt(16 * k)) & 0xffffn,
          `D.u16[${k}]`, (d >> BigInt(16 * k)) & 0xffffn, 16];
      } else {
        [accName, accVal, resName, res] = [view.acc === 'hi' ? '(Σ << 16) + S2' : '+ S2', s2[0], 'D', d];
      }
      const line = (label, value, cls) => el('tr', { class: cls || '' }, el('th', { scope: 'row', text: label }), el('td', { text: value }));
      const sums = el('table', { class: 'sum' },
        line('Σ |diff|', `${sum} (${hex(sum)})`),
        line(accName, view.acc === 'hi' ? `${elemHex(sum << 16n, 32)} + ${elemHex(accVal, 32)}` : `${accVal} (${hex(accVal)})`),
        line(`= ${resName}`, elemHex(res, resBits), 'dk'));
      const card = el('div', { class: 'wcard', 'data-window': String(k), style: `--wc:${WINDOW_COLORS[k]}` },
        el('h3', { text: view.windows === 4 ? `window ${k}: S0 bytes ${k}..${k + 3}` : 'S0 against S1' }),
        tbl, sums);
      cards.append(card);
    }
    nodes.push(cards);

    const dText = Array.isArray(d) ? d.map((x) => elemHex(x, 32)).join(' ') : elemHex(d, 32 * ii.width[3]);
    nodes.push(el('div', { class: 'result' }, el('span', { class: 'label', text: 'D = ' }),
      el('span', { class: 'd', id: 'eval-d', text: dText }),
      Array.isArray(d) ? el('span', { class: 'note', text: `  (decimal ${d.join(', ')})` }) : null));
    const bits = ii.elem_bits;
    const wrapped = state.clamp ? 'saturated' : 'wrapped';
    nodes.push(el('div', { class: 'note', text: `Each result ${wrapped} at ${bits} bits when the sum overflows (clamp ${state.clamp ? 'on' : 'off'}). ` +
      `Same as: mqsad eval -i ${ii.name} ${[hex(s0), hex(s1), ...s2.map((v) => hex(v))].join(' ')}${state.clamp ? ' clamp' : ''}` }));
    return nodes;
  }

  /* ---- wiring ------------------------------------------------------------------------ */
  function update(what) {
    if (what === 'all' || what === 'target') fillPickers();
    if (what === 'all' || what === 'target' || what === 'asm') runAssemble();
    if (what !== 'eval') {
      if ($('bytes-in').value !== state.bytes) $('bytes-in').value = state.bytes;
      runDisassemble();
      renderWord();
    }
    if (what === 'all' || what === 'insn') buildS2Inputs();
    if (what === 'all' || what === 'insn' || what === 'eval') runEvaluate();
    writeHash();
  }

  function selectInsn(name) {
    state.insn = name;
    state.asm = exampleLine(insnInfo(name));
    state.bytesEdited = false;
    $('asm-in').value = state.asm;
    setEvalDefaults();
    fillPickers();
    if (!runAssemble()) {
      // the assembler refused the example: show the instruction's identifier word (its
      // OP and ENCODING, every other field 0) so that the layout is still its own
      const t = info(state.target), ii = insnInfo(name);
      const w = (BigInt(t.marker) << 26n) | (BigInt(ii.opcode[t.encoding]) << BigInt(t.op_lo));
      state.bytes = llvmBytes(Uint8Array.from({ length: 8 }, (_, i) => Number((w >> BigInt(8 * i)) & 0xffn)));
    }
    update('insn');
  }

  function wire() {
    $('gen').addEventListener('change', () => {
      const g = m.generations().find((x) => x.generation === $('gen').value);
      state.target = g.name;
      fixInsnForTarget();
      update('target');
    });
    $('target').addEventListener('change', () => { state.target = $('target').value; fixInsnForTarget(); update('target'); });
    $('insn').addEventListener('change', () => selectInsn($('insn').value));
    $('asm-in').addEventListener('input', () => { state.asm = $('asm-in').value; state.bytesEdited = false; update('asm'); });
    $('bytes-in').addEventListener('input', () => { state.bytes = $('bytes-in').value; state.bytesEdited = true; update('bytes'); });
    $('s0').addEventListener('input', () => { state.s0 = $('s0').value; update('eval'); });
    $('s1').addEventListener('input', () => { state.s1 = $('s1').value; update('eval'); });
    $('clamp').addEventListener('change', () => { state.clamp = $('clamp').checked; update('eval'); });
    $('copy-link').addEventListener('click', copyLink);
    window.addEventListener('hashchange', () => {
      if (location.hash === lastHash) return;
      readHash();
      $('asm-in').value = state.asm;
      update('all');
    });
    let narrow = $('diagram').clientWidth < 640;
    window.addEventListener('resize', () => {
      const n = $('diagram').clientWidth < 640;
      if (n !== narrow) { narrow = n; renderWord(); }
    });
  }

  function fixInsnForTarget() {
    const t = info(state.target);
    if (!t.insns[insns.findIndex((x) => x.name === state.insn)]) selectInsn('v_sad_u8');
  }

  async function copyLink() {
    const status = $('copy-status');
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = 'copied';
    } catch (e) {
      status.textContent = 'copy it from the address bar';
    }
  }

  async function main() {
    const bin = Uint8Array.from(atob(MQSAD_WASM_BASE64), (c) => c.charCodeAt(0));
    m = await mqsadInstantiate(bin);
    insns = m.instructions();
    $('version').textContent = m.version;
    readHash();
    $('asm-in').value = state.asm;
    wire();
    update('all');
    document.documentElement.setAttribute('data-ready', '1');
  }

  main().catch((e) => {
    document.documentElement.setAttribute('data-ready', 'error');
    $('app').prepend(el('p', { class: 'err', role: 'alert', text: `The page could not start: ${e.message}` }));
    throw e;
  });
})();
