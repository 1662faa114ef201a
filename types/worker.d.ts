// The calculators' worker imports what it needs (saved_start.js, Pyodide's pyodide.mjs): nothing global to declare.
export {};
