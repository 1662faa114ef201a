// Runs rulescore's own tests inside real Pyodide under Node: `node run.mjs WHEEL_DIR TEST_FILE...`.
// Exits with pytest's exit code, so a difference between CPython and Pyodide fails the suite.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const [wheelDir, ...testFiles] = process.argv.slice(2);

const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
for (const name of readdirSync(wheelDir).filter((file) => file.endsWith(".whl"))) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, name))), "wheel");
}
// Each file at its place under the project root, so `tests.core.grid` imports as in CPython.
for (const file of testFiles) {
  const target = `/suite/${relative(root, resolve(file))}`;
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
console.log(`Python ${pyodide.runPython("import sys; sys.version.split()[0]")} in Pyodide ${pyodide.version}`);
const pytest = pyodide.pyimport("pytest");
const args = pyodide.toPy(["-q", "-p", "no:cacheprovider", "/suite/tests"]);
const code = Number(pytest.main(args));
process.exit(code);
