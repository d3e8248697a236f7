// browser.mjs — drives the explorer page (build/web/index.html) in headless Chromium over
// the DevTools protocol (--remote-debugging-pipe: no npm package, no WebSocket), from
// file:// and from a local static server, and fails on any console error, uncaught
// exception, failed check, or request that leaves the machine. Screenshots go to
// $MQSAD_WEB/screenshots/. Run by `make web-check`.
//
// Expected values are llvm-mc 22's and AMD's (docs/semantics.md), not the page's:
//   llvm-mc-22 -arch=amdgcn -mcpu=gfx1100 -show-encoding
//     v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255] ; encoding: [0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0x07]
//     v_mqsad_u32_u8 v[5:8], -1, -1, v[253:255] -> <stdin>:1:32: error: invalid operand for instruction
//   the fields of that word (GFX11 VOP3 layout): VDST 7:0 = 5, CLAMP 15 = 0, OP 25:16 = 0x23d,
//   ENCODING 31:26 = 0x35, SRC0 40:32 = 0xc1 (-1), SRC1 49:41 = 0xc1, SRC2 58:50 = 0x1fc (v252)
//   S0 = 0x0706050403020100, S1 = 0x03020100, S2 = {11, 13, 17, 19} -> D = {0x0b, 0x10, 0x17, 0x1c}
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WEB } from './common.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = path.join(WEB, 'screenshots');
const TIMEOUT_MS = 60000;

/* ---- a minimal DevTools protocol client over Chromium's pipe (fd 3 in, fd 4 out;
 *      messages are JSON, each ended by a NUL byte) --------------------------------- */
class Browser {
  constructor() {
    this.profile = mkdtempSync(path.join(tmpdir(), 'mqsad-web-'));
    this.proc = spawn(CHROMIUM, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-default-apps', '--disable-extensions', '--mute-audio', '--hide-scrollbars',
      '--disable-crash-reporter', '--disable-breakpad', '--disable-dev-shm-usage',
      `--user-data-dir=${this.profile}`, '--remote-debugging-pipe', 'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stdio[2].on('data', (d) => { this.stderr += d; });
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    let buf = Buffer.alloc(0);
    this.proc.stdio[4].on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      let nul;
      while ((nul = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.subarray(0, nul).toString('utf8'));
        buf = buf.subarray(nul + 1);
        if (msg.id && this.pending.has(msg.id)) {
          const { resolve, reject, method } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
          else resolve(msg.result);
        } else {
          for (const l of this.listeners) l(msg);
        }
      }
    });
    this.exited = new Promise((res) => this.proc.on('exit', res));
    this.proc.on('exit', (code) => {
      for (const { reject, method } of this.pending.values()) reject(new Error(`chromium exited (${code}) during ${method}\n${this.stderr}`));
      this.pending.clear();
    });
  }
  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.proc.stdio[3].write(JSON.stringify(msg) + '\0');
    });
  }
  async close() {
    try { await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 3000))]); } catch (e) { /* exiting */ }
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
    await this.exited;
    await new Promise((r) => setTimeout(r, 200));   // its helper processes end just after it
    try { rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); } catch (e) {
      console.log(`# could not remove the profile ${this.profile}: ${e.message}`);
    }
  }
}

/* A tab: its DevTools attachment (sessionId), and every console error, exception and outside request seen. */
class Page {
  static async open(browser, allowed) {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const p = new Page(browser, sessionId, targetId, allowed);
    await Promise.all(['Runtime.enable', 'Log.enable', 'Page.enable', 'Network.enable'].map((m) => p.send(m)));
    return p;
  }
  constructor(browser, sessionId, targetId, allowed) {
    Object.assign(this, { browser, sessionId, targetId, allowed, problems: [] });
    browser.listeners.add((msg) => {
      if (msg.sessionId !== sessionId) return;
      const p = msg.params || {};
      if (msg.method === 'Runtime.consoleAPICalled' && (p.type === 'error' || p.type === 'assert'))
        this.problems.push(`console.${p.type}: ${p.args.map((a) => a.value ?? a.description).join(' ')}`);
      else if (msg.method === 'Runtime.exceptionThrown')
        this.problems.push(`exception: ${p.exceptionDetails.exception?.description || p.exceptionDetails.text}`);
      else if (msg.method === 'Log.entryAdded' && p.entry.level === 'error')
        this.problems.push(`log error: ${p.entry.text} ${p.entry.url || ''}`);
      else if (msg.method === 'Network.requestWillBeSent' && !allowed(p.request.url))
        this.problems.push(`request outside the page's own files: ${p.request.url}`);
    });
  }
  send(method, params) { return this.browser.send(method, params, this.sessionId); }
  async eval(expr) {
    const r = await this.send('Runtime.evaluate', { expression: expr, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`evaluating ${expr}: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
    return r.result.value;
  }
  /* Loads url afresh (a new document even when only the fragment differs) and waits
   * until the page says it is ready. */
  async goto(url) {
    await this.eval('window.__stale = true').catch(() => {});
    await this.send('Page.navigate', { url: 'about:blank' });
    await this.send('Page.navigate', { url });
    const end = Date.now() + TIMEOUT_MS;
    for (;;) {
      const ready = await this.eval('window.__stale ? null : document.documentElement.getAttribute("data-ready")').catch(() => null);
      if (ready === '1') return;
      if (ready === 'error') throw new Error(`the page failed to start: ${this.problems.join('; ')}`);
      if (Date.now() > end) throw new Error(`timeout loading ${url}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  async viewport(width, height, mobile) {
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: !!mobile });
  }
  /* The whole page, or (screen given) the part of it one screen shows from a y offset. */
  async screenshot(file, screen) {
    const { cssContentSize } = await this.send('Page.getLayoutMetrics');
    const clip = screen ? { x: 0, y: screen.y, width: screen.width, height: screen.height, scale: 1 }
      : { x: 0, y: 0, width: cssContentSize.width, height: cssContentSize.height, scale: 1 };
    const shot = await this.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(shot.data, 'base64'));
  }
  /* Types into a text input the way a user's edit arrives: value, then an input event. */
  type(id, value) {
    return this.eval(`(() => { const e = document.getElementById(${JSON.stringify(id)}); e.focus();
      e.value = ${JSON.stringify(value)}; e.dispatchEvent(new Event('input', { bubbles: true })); })()`);
  }
  choose(id, value) {
    return this.eval(`(() => { const e = document.getElementById(${JSON.stringify(id)}); e.value = ${JSON.stringify(value)};
      if (e.value !== ${JSON.stringify(value)}) throw new Error('no option ' + ${JSON.stringify(value)});
      e.dispatchEvent(new Event('change', { bubbles: true })); })()`);
  }
  text(selector) {
    return this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); return e ? e.textContent : null; })()`);
  }
  close() { return this.browser.send('Target.closeTarget', { targetId: this.targetId }); }
}

/* ---- checks ---------------------------------------------------------------------- */
let failures = 0;
function check(cond, what, detail) {
  if (cond) { console.log(`ok - ${what}`); return; }
  failures++;
  console.log(`not ok - ${what}${detail !== undefined ? ': ' + JSON.stringify(detail) : ''}`);
}

const SEED = 'v_mqsad_u32_u8 v[5:8], -1, -1, v[252:255]';
const BAD = 'v_mqsad_u32_u8 v[5:8], -1, -1, v[253:255]';

async function pageChecks(page, base, name) {
  await page.viewport(1280, 900);
  await page.goto(base + 'index.html');
  await page.choose('gen', 'RDNA3');
  await page.choose('target', 'gfx1100');
  await page.choose('insn', 'v_mqsad_u32_u8');
  await page.type('asm-in', SEED);
  check(await page.text('#asm-bytes') === '05 00 3d d6 c1 82 f1 07', `${name}: the seed example assembles to 05 00 3d d6 c1 82 f1 07`, await page.text('#asm-out'));
  check(await page.text('#asm-text') === SEED, `${name}: its canonical text`, await page.text('#asm-text'));
  check(await page.text('#dis-text') === SEED, `${name}: the bytes box decodes it back`, await page.text('#dis-out'));
  const fields = await page.eval(`Object.fromEntries([...document.querySelectorAll('#diagram g.field')]
    .map((g) => [g.dataset.field, [g.dataset.bits, Number(g.dataset.value)]]))`);
  const want = { VDST: ['7:0', 5], CLAMP: ['15', 0], OP: ['25:16', 0x23d], ENCODING: ['31:26', 0x35],
    SRC0: ['40:32', 0xc1], SRC1: ['49:41', 0xc1], SRC2: ['58:50', 0x1fc] };
  for (const [f, v] of Object.entries(want))
    check(JSON.stringify(fields[f]) === JSON.stringify(v), `${name}: diagram field ${f} ${v[0]} = 0x${v[1].toString(16)}`, fields[f]);
  const bits = await page.eval(`[...document.querySelectorAll('#diagram text.bit')].length`);
  check(bits === 64, `${name}: the diagram shows the 64 bits of the word`, bits);
  const rows = await page.eval(`[...document.querySelectorAll('#fields tbody tr')].map((r) => r.dataset.field).join(' ')`);
  check(rows.startsWith('VDST ABS OPSEL CLAMP OP ENCODING SRC0 SRC1 SRC2'), `${name}: the field table lists the fields in bit order`, rows);

  await page.type('asm-in', BAD);
  const diag = await page.eval(`(() => { const d = document.getElementById('asm-diag'); return d && {
    column: d.dataset.column, msg: d.querySelector('.msg').textContent, line: d.querySelector('.line').textContent,
    caret: d.querySelector('.caret').textContent }; })()`);
  check(diag && diag.column === '32' && diag.msg === 'error: invalid operand for instruction',
    `${name}: a bad line shows llvm-mc's message and column`, diag);
  check(diag && diag.caret === ' '.repeat(31) + '^' && diag.line === BAD, `${name}: the caret stands under column 32`, diag);
  check(await page.eval(`document.getElementById('asm-in').getAttribute('aria-invalid')`) === 'true', `${name}: the bad line is marked invalid`);
  await page.type('asm-in', SEED);

  await page.type('s0', '0x0706050403020100');
  await page.type('s1', '0x03020100');
  for (const [k, v] of ['11', '13', '17', '19'].entries()) await page.type(`s2-${k}`, v);
  check(await page.text('#eval-d') === '0x0000000b 0x00000010 0x00000017 0x0000001c',
    `${name}: the README's worked example evaluates to 0x0b 0x10 0x17 0x1c`, await page.text('#eval-d'));
  const view = await page.eval(`({ bytes: [...document.querySelectorAll('#eval-strip .b')].map((e) => e.textContent).join(' '),
    cards: document.querySelectorAll('.wcard').length,
    d3: document.querySelector('.wcard[data-window="3"] tr.dk').textContent,
    masked: [...document.querySelectorAll('.wcard[data-window="0"] td.m')].length })`);
  check(view.bytes === '00 01 02 03 04 05 06 07', `${name}: S0's eight bytes`, view.bytes);
  check(view.cards === 4 && view.d3 === '= D[3]0x0000001c', `${name}: four windows with their sums`, view);
  check(view.masked === 2, `${name}: S1's zero byte is masked (its byte and its difference)`, view.masked);

  // the permalink restores the state in a fresh load
  const url = await page.eval('location.href');
  check(/#.*asm=/.test(url) && /s0=/.test(url), `${name}: the state is in the URL fragment`, url);
  await page.type('asm-in', BAD);
  const bad = await page.eval('location.href');
  await page.goto(bad);
  check(await page.eval(`document.getElementById('asm-in').value`) === BAD, `${name}: a permalink restores the line`);
  check((await page.text('#asm-diag .msg')) === 'error: invalid operand for instruction', `${name}: and its diagnostic`);
  check(await page.text('#eval-d') === '0x0000000b 0x00000010 0x00000017 0x0000001c', `${name}: and the evaluator`);

  // bytes that are no instruction (llvm-mc-22 -mcpu=gfx1100 -disassemble: "invalid
  // instruction encoding"; OMOD 60:59 = 3 and NEG 63:61 = 7 are set): the fields still show
  await page.goto(base + 'index.html#t=gfx1100');
  await page.type('bytes-in', '0x05,0x00,0x3d,0xd6,0xc1,0x82,0xf1,0xff');
  check(/^warning: invalid instruction encoding/.test(await page.text('#dis-err') || ''), `${name}: invalid bytes are reported`, await page.text('#dis-out'));
  const inv = await page.eval(`Object.fromEntries([...document.querySelectorAll('#diagram g.field')].map((g) => [g.dataset.field, Number(g.dataset.value)]))`);
  check(inv.OMOD === 3 && inv.NEG === 7 && inv.VDST === 5, `${name}: and their fields are drawn`, inv);
  const badRows = await page.eval(`[...document.querySelectorAll('#fields tr.bad')].map((r) => r.dataset.field).join(' ')`);
  check(badRows === 'OMOD NEG', `${name}: the offending fields are marked`, badRows);
  // an empty bytes box is nothing to read (llvm-mc prints nothing): no warning
  await page.type('bytes-in', '');
  check(!(await page.text('#dis-err')) && (await page.text('#dis-empty')) !== null &&
        (await page.eval(`document.getElementById('bytes-in').getAttribute('aria-invalid')`)) === null,
        `${name}: an empty bytes box is no error`, await page.text('#dis-out'));

  // a generation without V_MQSAD_U32_U8 (GFX6) switches to an instruction it has
  await page.choose('gen', 'GCN1');
  const gcn1 = await page.eval(`({ t: document.getElementById('target').value, i: document.getElementById('insn').value,
    off: [...document.getElementById('insn').options].filter((o) => o.disabled).map((o) => o.value).join(' ') })`);
  check(gcn1.t === 'gfx600' && gcn1.i !== 'v_mqsad_u32_u8' && /v_mqsad_u32_u8/.test(gcn1.off), `${name}: GCN1 offers only the instructions it has`, gcn1);

  // every other instruction of the family has a view, on a target that has it
  await page.goto(base + 'index.html#t=gfx1100');
  for (const insn of await page.eval(`[...document.getElementById('insn').options].map((o) => o.value)`)) {
    await page.choose('insn', insn);
    const d = await page.text('#eval-d');
    check(d && /^0x[0-9a-f]+/.test(d), `${name}: ${insn}: the evaluator shows a result`, d);
  }
}

async function keyboardChecks(page, base) {
  await page.viewport(1280, 900);
  await page.goto(base + 'index.html');
  const order = [];
  await page.eval('document.activeElement.blur()');
  // scroll containers that overflow (the tables at phone width) are focusable too: skipped
  for (let i = 0; i < 20 && order.length < 13; i++) {
    await page.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 });
    await page.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 });
    const at = await page.eval(`(() => { const e = document.activeElement;
      return e.id || e.tagName.toLowerCase() + '.' + e.className; })()`);
    if (at !== 'div.table-wrap') order.push(at);
  }
  const want = ['gen', 'target', 'insn', 'asm-in', 'bytes-in', 's0', 's1', 's2-0', 's2-1', 's2-2', 's2-3', 'clamp', 'copy-link'];
  check(JSON.stringify(order) === JSON.stringify(want), 'keyboard: Tab visits every control in reading order', order);
  const labelled = await page.eval(`[...document.querySelectorAll('input, select')].filter((e) =>
    !document.querySelector('label[for="' + e.id + '"]')).map((e) => e.id)`);
  check(labelled.length === 0, 'keyboard: every control has a label', labelled);
  const outline = await page.eval(`(() => { const e = document.getElementById('asm-in'); e.focus();
    const s = getComputedStyle(e); return s.outlineStyle + ' ' + s.outlineWidth; })()`);
  check(/solid 3px/.test(outline), 'keyboard: focus is visible', outline);
}

async function screenshots(page, base) {
  await page.viewport(1280, 900);
  await page.goto(base + 'index.html#t=gfx1100');
  await page.type('asm-in', SEED);
  await page.screenshot(path.join(SHOTS, 'desktop.png'));
  await page.type('asm-in', BAD);
  await page.screenshot(path.join(SHOTS, 'desktop-error.png'));
  // another instruction, generation and a literal, from a permalink
  await page.goto(base + 'index.html#' + new URLSearchParams({ t: 'gfx1250', i: 'v_qsad_pk_u16_u8',
    asm: 'v_qsad_pk_u16_u8 v[4:5], v[2:3], 0x12345678, v[8:9] clamp' }).toString());
  await page.screenshot(path.join(SHOTS, 'desktop-qsad-gfx1250.png'));
  // dark colour scheme
  await page.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  await page.goto(base + 'index.html#t=gfx1100');
  await page.screenshot(path.join(SHOTS, 'desktop-dark.png'), { y: 0, width: 1280, height: 1400 });
  await page.send('Emulation.setEmulatedMedia', { features: [] });
  // the README's picture (docs/img/web.png): the top of the page down to the diagram
  await page.viewport(960, 800);
  await page.goto(base + 'index.html#t=gfx1100');
  await page.eval('document.getElementById("asm-in").blur()');
  const bottom = await page.eval(`document.getElementById('diagram').getBoundingClientRect().bottom + scrollY + 20`);
  await page.screenshot(path.join(SHOTS, 'readme.png'), { y: 0, width: 960, height: Math.ceil(bottom) });
  // a long line with an error: its diagnostic scrolls in its own box, the page keeps its width
  await page.viewport(1280, 900);
  await page.goto(base + 'index.html#t=gfx1100');
  await page.type('asm-in', 'v_mqsad_u32_u8 v[4:7], v[2:3], v1, ' + 'v8'.repeat(200));
  const wide = await page.eval('document.documentElement.scrollWidth - window.innerWidth');
  const disRight = await page.eval(`document.getElementById('bytes-in').getBoundingClientRect().right - window.innerWidth`);
  check(!!(await page.text('#asm-diag')) && wide <= 0 && disRight <= 0,
        'a long line\'s diagnostic does not widen the page', { wide, disRight });
  await page.viewport(390, 844, true);
  await page.goto(base + 'index.html#t=gfx1100');
  const over = await page.eval('document.documentElement.scrollWidth - window.innerWidth');
  check(over <= 0, 'phone width (390 px): nothing wider than the screen', over);
  const dbits = await page.eval(`[...document.querySelectorAll('#diagram text.bit')].length`);
  check(dbits === 64, 'phone width: the diagram still shows all 64 bits (16 per row)', dbits);
  await page.screenshot(path.join(SHOTS, 'phone.png'));
  for (const [i, id] of ['pick-h', 'layout-h', 'eval-h'].entries()) {
    const y = await page.eval(`Math.max(0, document.getElementById('${id}').getBoundingClientRect().top + scrollY - 16)`);
    await page.screenshot(path.join(SHOTS, `phone-${i + 1}.png`), { y, width: 390, height: 844 });
  }
}

/* A static server for $MQSAD_WEB on 127.0.0.1 (the page must work from any such server). */
function serve() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
    '.wasm': 'application/wasm', '.png': 'image/png', '.ts': 'text/plain' };
  const server = http.createServer((req, res) => {
    const p = path.join(WEB, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!p.startsWith(WEB) || !existsSync(p)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(p)] || 'application/octet-stream' });
    res.end(readFileSync(p));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (Debian: apt-get install chromium; or CHROMIUM=path)`);
  const server = await serve();
  const httpBase = `http://127.0.0.1:${server.address().port}/`;
  const fileBase = pathToFileURL(WEB + '/').href;
  const allowed = (u) => u.startsWith(fileBase) || u.startsWith(httpBase) || u.startsWith('data:') || u === 'about:blank';
  const browser = new Browser();
  const timer = setTimeout(() => {
    console.log('not ok - timeout');
    browser.proc.kill('SIGKILL');
    setTimeout(() => {
      rmSync(browser.profile, { recursive: true, force: true });
      process.exit(1);
    }, 500);
  }, 4 * TIMEOUT_MS);
  try {
    const page = await Page.open(browser, allowed);
    await pageChecks(page, fileBase, 'file://');
    await pageChecks(page, httpBase, 'http');
    // the ES module in a browser: load() with no argument fetches mqsad.wasm next to it
    await page.goto(httpBase + 'index.html');
    const r = await page.eval(`import('./mqsad.mjs').then((mod) => mod.load()).then((m) => {
      const a = m.assemble('gfx1100', ${JSON.stringify(SEED)});
      return { bytes: Array.from(a.bytes), n: m.targets().length, d: m.evaluate('v_mqsad_u32_u8', 0x0706050403020100n, 0x03020100n, [11, 13, 17, 19]) }; })`);
    check(JSON.stringify(r.bytes) === '[5,0,61,214,193,130,241,7]' && r.n > 40 && JSON.stringify(r.d) === '[11,16,23,28]',
      'mqsad.mjs in the browser: load() fetches the wasm, assemble and evaluate work', r);
    await keyboardChecks(page, fileBase);
    await screenshots(page, fileBase);
    check(page.problems.length === 0, 'no console errors, exceptions or outside requests',
    page.problems.length > 5 ? [...page.problems.slice(0, 5), `... ${page.problems.length - 5} more`] : page.problems);
    await page.close();
  } finally {
    clearTimeout(timer);
    await browser.close();
    server.close();
  }
  if (failures) {
    console.log(`browser checks: ${failures} failed`);
    process.exit(1);
  }
  console.log(`browser checks: all passed; screenshots in ${SHOTS}`);
}

main().catch((e) => { console.log(`not ok - ${e.stack || e}`); process.exit(1); });
