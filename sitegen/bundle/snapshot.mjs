// Build step, run by sitegen/bundle/stdlib.py: a memory snapshot of the pinned Pyodide booted exactly as the
// calculators' worker boots it (our standard library, our wheel on sys.path), with every rulescore
// module imported and the rules read. A returning visitor's worker restores it instead of starting
// Python and importing rulescore again.
// `node snapshot.mjs RUNTIME_DIR STDLIB_ZIP WHEEL OUT_FILE MODULES_JSON`
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";

const [runtime, stdlib, wheel, out, modules] = process.argv.slice(2);
// The runtime keeps the script's path and arguments as the program's name, its arguments and its "_"
// variable, in the memory saved: a build in another folder made other bytes (#64, item 1). It is given
// the name a browser's runtime has, and no arguments.
process.argv = [process.argv[0], "./this.program"];

// The same inputs give the same bytes: every random byte the runtime asks for while the
// snapshot is made comes from a fixed sequence, and its clock says one moment. Nothing is lost: every
// phone restores this one snapshot anyway, and the worker seeds random afresh after a restore.
let state = 0x2545f491;
const fill = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return array;
};
globalThis.crypto.getRandomValues = fill;
createRequire(import.meta.url)("node:crypto").randomFillSync = fill;
const moment = Date.UTC(2020, 0, 1);
Date.now = () => moment;
// The high-resolution clock too: a start timed by it made two builds of one commit differ in about
// 100 bytes, so a redeploy of the same commit offered every phone an "update" (#48).
let tick = 0;
performance.now = () => (tick += 1);

const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: runtime + "/", stdLibURL: stdlib, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
});
// The same path as the worker's: a restored sys.path names it, and the worker writes the wheel there again.
const wheelPath = `/lib/${basename(wheel)}`;
pyodide.FS.writeFile(wheelPath, new Uint8Array(readFileSync(wheel)));
pyodide.pyimport("sys").path.insert(0, wheelPath);
// Everything imported and read now: after a restore nothing may need the files this run had.
pyodide.globals.set("modules", pyodide.toPy(JSON.parse(modules)));
pyodide.runPython(`
import importlib
for name in modules:
    importlib.import_module(name)
from rulescore.rulebooks import ASSUMPTIONS, RULESETS
from rulescore.web.terms import glossary
loaded = (len(RULESETS), len(ASSUMPTIONS), [glossary(ruleset_id) for ruleset_id in RULESETS])
del modules, loaded, importlib, ASSUMPTIONS, RULESETS, glossary, name
import random
random.seed(0)  # its state is in the snapshot; the worker reseeds it after each restore
del random
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, modules: JSON.parse(modules).length }));
