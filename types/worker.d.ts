// What the calculators' worker gets by importScripts, said once for the type checker (tsconfig.worker.json).

/** saved_start.js: a saved start put back together, or null when it is not this build's. */
declare function unpackSavedStart(buffer: ArrayBuffer, size: number): Uint8Array | null;

/** pyodide.js: the runtime's loader (Pyodide's own types are not installed: its API is used in one place). */
declare function loadPyodide(options: Record<string, unknown>): Promise<any>;
