// ESLint for the site's own scripts (tests/test_style.py runs it): the recommended rules, each script
// with the globals of where it runs.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "site/", "site-*/", "build/", ".venv*/"] },
  js.configs.recommended,
  // What ESLint 10's recommended set adds to 9's (#65): on now, so the move to 10 changes nothing.
  { rules: { "no-unassigned-vars": "error", "no-useless-assignment": "error", "preserve-caught-error": "error" } },
  {
    files: ["calculators/**/*.js", "docs/assets/**/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  // The colour scheme's script, inlined in the theme's header: the theme's storage helpers are there.
  {
    files: ["overrides/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser, __md_get: "readonly", __md_set: "readonly" } },
  },
  // The page script's modules, bundled by the build (sitegen/bundle/assets.py).
  { files: ["calculators/src/*.js"], languageOptions: { sourceType: "module" } },
  // Search's modules: bundled for the page by the build; engine.js and words.js run in Node's tests too.
  { files: ["search/*.js"], languageOptions: { sourceType: "module", globals: globals.browser } },
  {
    files: ["calculators/worker/*.js"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  {
    files: ["sitegen/finishing/service_worker/*.js"],
    languageOptions: { sourceType: "module", globals: globals.serviceworker },
  },
  { files: ["**/*.mjs"], languageOptions: { sourceType: "module", globals: globals.node } },
  // Puppeteer's page.evaluate() runs these functions in the page.
  { files: ["tests/browsers/engines/firefox.mjs"], languageOptions: { globals: { document: "readonly" } } },
];
