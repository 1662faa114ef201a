// The service worker's own decisions, in Node (node --test): the file is valid JavaScript before the
// build writes its manifest in, and these parts of it need no browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { pageKey } from "../../sitegen/finishing/service_worker/answer.js";
import { MANIFEST } from "../../sitegen/finishing/service_worker/build.js";
import { escapeHtml } from "../../sitegen/finishing/service_worker/not_saved.js";
import { cachesToDrop } from "../../sitegen/finishing/service_worker/update.js";

const worker = { MANIFEST, pageKey, escapeHtml, cachesToDrop };
const SCOPE = "https://rules.invalid/";

test("before the build, the manifest is empty: a worker that keeps nothing", () => {
  assert.deepEqual(worker.MANIFEST, { build: "", pages: {}, runtime: {}, runtimeBytes: 0, snapshot: {}, sizes: {}, answers: "assets/answers/" });
});

test("a page is kept once, whatever link opened it", () => {
  const pages = new Map([[`${SCOPE}mordheim-1999/movement/`, "ab12"]]);
  const key = (url, mode = "no-cors") => worker.pageKey({ url, mode }, pages);
  // Asked for as a page: "index.html" and a shared link's values go.
  assert.equal(key(`${SCOPE}mordheim-1999/movement/index.html?calc-fall.height=5`, "navigate"), `${SCOPE}mordheim-1999/movement/`);
  // Fetched by navigation.js (not a navigation): a known page loses its query all the same.
  assert.equal(key(`${SCOPE}mordheim-1999/movement/?calc-fall.height=5`), `${SCOPE}mordheim-1999/movement/`);
  // Any other file keeps its query: it may be what it asks for.
  assert.equal(key(`${SCOPE}search/search_index.json?v=2`), `${SCOPE}search/search_index.json?v=2`);
});

test("an activation drops old builds' pages and the old layout's caches, never another site's", () => {
  const names = ["rules-pages-aaa", "rules-pages-bbb", "rules-pages-ccc", "rules-files", "rules-meta", "rules-v1-old", "workbox-precache"];
  assert.deepEqual(worker.cachesToDrop(names, new Set(["aaa", "bbb"])), ["rules-pages-ccc", "rules-v1-old"]);
  assert.deepEqual(worker.cachesToDrop(names, new Set(["ccc"])), ["rules-pages-aaa", "rules-pages-bbb", "rules-v1-old"]);
});

test("the page said for an address not saved escapes what the address carries", () => {
  assert.equal(worker.escapeHtml(`<script>"x"&'y'</script>`), "&#60;script&#62;&#34;x&#34;&#38;&#39;y&#39;&#60;/script&#62;");
});
