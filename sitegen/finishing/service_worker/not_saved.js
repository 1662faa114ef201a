// @ts-check
// A page asked for with no signal that this phone does not hold: said in the site's own style (its
// stylesheets and colours, read from the saved home page), with a way home and to the start pages that
// are saved, and why this one is not: not a page of this site, not saved yet, or its copy was damaged.
import { PAGES_CACHE, here, pageUrls } from "./build.js";

/** @type {(text: string) => string} */
export const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {string} address @param {boolean} damaged @param {boolean} everyPageHeld */
function why(address, damaged, everyPageHeld) {
  if (damaged) {
    return [
      "This page's saved copy was damaged",
      `The copy of ${address} saved on this phone was not the site's own, so it has been dropped. ` +
        "It is saved again the next time you open it with signal.",
    ];
  }
  if (everyPageHeld) {
    return [
      "Not a page of this site",
      `There is no signal, and ${address} is not one of this site's pages (a mistyped or an old link?), so ` +
        "nothing is saved for it. Every page of the site is saved on this phone and opens with no signal.",
    ];
  }
  return [
    "Not saved on this phone yet",
    `There is no signal, and ${address} is not saved on this phone yet. The site saves every page after a ` +
      'visit with signal, and says "Ready offline" when it has.',
  ];
}

/** @param {string} url @param {boolean} damaged */
export async function notSavedPage(url, damaged) {
  const pages = await caches.open(PAGES_CACHE);
  const homeUrl = here("./");
  const home = await pages.match(homeUrl);
  const homeHtml = home ? await home.text() : "";
  const styles = [...homeHtml.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    (found) => `<link rel="stylesheet" href="${escapeHtml(new URL(found[1], homeUrl).href)}">`,
  );
  const body = (homeHtml.match(/<body( [^>]*)>/) || ["", ""])[1];
  let held = 0;
  const starts = [];
  for (const page of pageUrls.keys()) {
    const hit = await pages.match(page);
    if (!hit) continue;
    held += 1;
    // The start pages (home, each ruleset, compare, about) by their own titles, already escaped in the page.
    if (page.slice(homeUrl.length).split("/").filter(Boolean).length > 1) continue;
    const title = ((await hit.text()).match(/<title>([^<]*)<\/title>/) || ["", escapeHtml(page)])[1];
    starts.push(`<li><a href="${escapeHtml(page)}">${title}</a></li>`);
  }
  const [heading, said] = why(escapeHtml(new URL(url).pathname), damaged, held === pageUrls.size);
  const list = starts.length ? `<p>Saved on this phone, and open with no signal:</p><ul>${starts.join("")}</ul>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">\
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${heading}</title>${styles.join("")}</head><body${body}><div class="md-container"><main class="md-main">\
<div class="md-main__inner md-grid">
<div class="md-content"><article class="md-content__inner md-typeset"><h1>${heading}</h1><p>${said}</p>
<p><a href="${escapeHtml(homeUrl)}">Go to the home page</a></p>${list}</article></div></div></main></div></body></html>`;
}
