// Boots the pinned Pyodide with the site's own (trimmed, precompiled) standard library, loads the
// site's wheel and runs every calculator case of sitegen/bundle/pyodide_answers.py; prints the answers as JSON.
// `node answers.mjs STDLIB_ZIP WHEEL ANSWERS_PY [SNAPSHOT SIZE]`: with SNAPSHOT (packed as the site
// ships it, SIZE bytes of memory), Python starts from that saved memory instead, put back together by
// the worker's own code, and the wheel's file is not written back, so any import or read of rulescore
// that the snapshot did not already hold fails.
import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const [stdlib, wheel, sessionFile, snapshot, size] = process.argv.slice(2);
const { unpackSavedStart } = await import(join(root, "calculators", "worker", "saved_start.js"));
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const options = { indexURL: join(root, "node_modules", "pyodide") + "/", stdLibURL: stdlib };
if (snapshot) {
  const packed = new Uint8Array(readFileSync(snapshot)).buffer;
  options._loadSnapshot = unpackSavedStart(packed, Number(size));
  if (!options._loadSnapshot) throw new Error(`${snapshot} is not a saved start of ${size} bytes`);
}
const pyodide = await loadPyodide(options);
if (!snapshot) {
  // As the browser's worker does: the wheel goes on sys.path as it is, nothing unpacks it.
  pyodide.FS.writeFile(`/lib/${basename(wheel)}`, new Uint8Array(readFileSync(wheel)));
  pyodide.pyimport("sys").path.insert(0, `/lib/${basename(wheel)}`);
}
pyodide.FS.writeFile("/tmp/pyodide_answers.py", readFileSync(sessionFile));
pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
const session = pyodide.pyimport("pyodide_answers");
const answers = session.answers().toJs();
console.log(JSON.stringify({ answers }));
