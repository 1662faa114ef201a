// Build step, run by sitegen/bundle/stdlib.py: boots the pinned Pyodide in Node with its full standard
// library, runs every calculator the way the page does, and writes a zip of just the modules that
// session imported, compiled to .pyc by this same runtime.
// It also compiles our wheel the same way. `node stdlib.mjs RUNTIME_DIR WHEEL OUT_DIR stored|deflated`
// writes OUT_DIR/stdlib.zip and OUT_DIR/<the compiled wheel>; prints a JSON summary.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [runtime, wheel, outDir, method] = process.argv.slice(2);
const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));

const pyodide = await loadPyodide({ indexURL: runtime + "/" });
// As the browser's worker does: the wheel goes on sys.path as it is, nothing unpacks it.
pyodide.FS.writeFile(`/lib/${basename(wheel)}`, new Uint8Array(readFileSync(wheel)));
pyodide.pyimport("sys").path.insert(0, `/lib/${basename(wheel)}`);
for (const name of ["pyodide_answers", "pyodide_compile"]) {
  pyodide.FS.writeFile(`/tmp/${name}.py`, readFileSync(join(here, `${name}.py`)));
}
pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
const answers = pyodide.pyimport("pyodide_answers");
const count = answers.answers().length;
// A Python error reaching JavaScript formats a traceback: keep what that imports too.
try { pyodide.runPython("raise ValueError('probe')"); } catch { /* expected */ }
const prefix = pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
const files = answers.stdlib_modules(prefix).toJs();
const pycZip = pyodide.pyimport("pyodide_compile");
const written = pycZip.write(prefix, pyodide.toPy(files), "/tmp/stdlib.zip", method === "stored");
writeFileSync(join(outDir, "stdlib.zip"), pyodide.FS.readFile("/tmp/stdlib.zip"));
pyodide.FS.mkdirTree("/tmp/in");
pyodide.FS.mkdirTree("/tmp/out");
pyodide.FS.writeFile(`/tmp/in/${basename(wheel)}`, readFileSync(wheel));
const tag = pyodide.runPython("import sys; f'cp{sys.version_info[0]}{sys.version_info[1]}'");
const compiled = pycZip.compile_wheel(`/tmp/in/${basename(wheel)}`, "/tmp/out", tag);
writeFileSync(join(outDir, basename(compiled)), pyodide.FS.readFile(compiled));
console.log(JSON.stringify({ cases: count, modules: written, files, wheel: basename(compiled) }));
