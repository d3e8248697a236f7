/*
 * mqsad_load.mjs — the ES module's entry point; `make web` appends it to web/mqsad_api.js
 * to make mqsad.mjs.
 */

/**
 * Loads libmqsad's WebAssembly build and resolves to its API (mqsad.d.ts).
 * source: nothing (mqsad.wasm next to this module: read from the file system in Node,
 * fetched in a browser), a path or URL of the wasm, its bytes, a WebAssembly.Module, or a
 * fetch Response.
 */
export async function load(source) {
  if (source === undefined || source === null) source = new URL('./mqsad.wasm', import.meta.url);
  if (typeof source === 'string') {
    source = /^[a-z][a-z0-9+.-]*:/i.test(source) && !/^[a-z]:[\\/]/i.test(source)
      ? new URL(source) : source;
  }
  const isNode = typeof process !== 'undefined' && !!(process.versions && process.versions.node);
  if (isNode && (typeof source === 'string' || (source instanceof URL && source.protocol === 'file:'))) {
    const fs = await import('node:fs/promises');
    return mqsadInstantiate(await fs.readFile(source));
  }
  if (source instanceof URL || typeof source === 'string') return mqsadInstantiate(fetch(source));
  return mqsadInstantiate(source);
}

export { parseBytes };
