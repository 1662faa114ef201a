// @ts-check
// A returning visitor's saved start is stored without its long runs of zeros (sitegen/bundle/saved_start.py
// packs it: half the bytes to keep and to read). This puts Pyodide's memory back together, zeros and
// all, or says null for anything that is not a saved start of that size.
/** @param {ArrayBuffer} buffer @param {number} size @returns {Uint8Array | null} */
export function unpackSavedStart(buffer, size) {
  const MAGIC = 0x31535352;
  if (buffer.byteLength < 12) return null;
  const head = new DataView(buffer);
  const word = (/** @type {number} */ index) => head.getUint32(4 * index, true);
  const count = word(2);
  let at = 12 + 8 * count;
  if (word(0) !== MAGIC || word(1) !== size || at > buffer.byteLength) return null;
  const memory = new Uint8Array(size); // zeros, as the runs left out were
  for (let run = 0; run < count; run++) {
    const [start, length] = [word(3 + 2 * run), word(4 + 2 * run)];
    if (start + length > size || at + length > buffer.byteLength) return null;
    memory.set(new Uint8Array(buffer, at, length), start);
    at += length;
  }
  return at === buffer.byteLength ? memory : null;
}
