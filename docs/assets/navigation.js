// @ts-check
// Page to page without leaving the page: a tap on a link to another page of this site fetches it (from
// the offline copy once saved), puts its content in place of this one's and sets the page scripts up
// again ("site:page"), so the calculators' Python, a worker of this page, keeps running and the next
// page answers at once. Back and forward do the same. Anything unexpected (a page of another build,
// code this page has not loaded, a calculator that failed to start, an error) becomes an ordinary load:
// a page is never left half-changed.
(() => {
  "use strict";
  if (!("fetch" in window && "DOMParser" in window && history.pushState)) return;
  const root = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src).href; // this file sits in <root>/assets/
  // What changes from page to page; everything else (header, search, scripts, the worker) stays.
  const PARTS = ["container", "header-topic", "logo", "skip", "announce", "outdated"].map(
    (name) => `[data-md-component="${name}"]`,
  );
  const pageOf = (/** @type {string | URL} */ url) => {
    const page = new URL(url, location.href);
    page.hash = page.search = "";
    return page.href;
  };
  let shown = pageOf(location.href);
  /** @type {{ target: string } | null} */
  let loading = null; // the page on its way (or the last one put in place); a newer tap replaces it
  const kept = new Map(); // pages fetched ahead: page -> Promise of its HTML
  // A page not here by then is loaded the ordinary way, with the browser's own progress and stop button,
  // never a tap that seems to do nothing (a request stalled in a worker or a network that never answers).
  const PATIENCE_MS = 10_000;

  /** @param {HTMLAnchorElement | null} link */
  function ours(link) {
    if (!link || link.target || link.hasAttribute("download") || !link.href) return false;
    const url = new URL(link.href);
    return url.origin === location.origin && url.href.startsWith(root) && !url.href.startsWith(`${root}assets/`)
      && /(\/|\.html)$/.test(url.pathname) && pageOf(url) !== shown;
  }

  // The Python wheel a page's calculators answer with (none on a page without one).
  const wheelOf = (/** @type {Document} */ page, /** @type {string} */ url) => {
    const start = /** @type {HTMLScriptElement | null} */ (page.querySelector("script[data-wheel]"));
    return start ? new URL(String(start.dataset.wheel), url).href : null;
  };
  const wheel = wheelOf(document, location.href);
  // Every script the next page runs must already run here, and its calculators answer with this
  // page's Python: the same build. If not, load it whole.
  /** @param {Document} next @param {string} url */
  function sameCode(next, url) {
    const here = new Set([...document.scripts].filter((s) => s.src).map((s) => s.src));
    return [...next.scripts].filter((s) => s.getAttribute("src"))
      .every((s) => here.has(new URL(String(s.getAttribute("src")), url).href))
      && [null, wheel].includes(wheelOf(next, url));
  }

  // Links outside the changing parts are written relative to the first page: fix them to it once.
  let anchored = false;
  function anchor() {
    if (anchored) return;
    anchored = true;
    for (const element of document.querySelectorAll("[href], [src]")) {
      if (PARTS.some((part) => element.closest(part))) continue;
      for (const name of ["href", "src"]) {
        const value = element.getAttribute(name);
        if (value && !/^([a-z]+:|\/\/|#)/i.test(value)) element.setAttribute(name, new URL(value, location.href).href);
      }
    }
  }

  /** The page's HTML, fetched once. @param {string} url @returns {Promise<string>} */
  function html(url) {
    const page = pageOf(url);
    if (!kept.has(page)) {
      const fetched = fetch(page, { credentials: "same-origin" }).then((response) => {
        const type = response.headers.get("Content-Type") || "";
        if (!response.ok || !type.includes("text/html")) throw new Error(`${response.status} ${type}`);
        return response.text();
      });
      kept.set(page, fetched);
      fetched.catch(() => kept.delete(page));
    }
    return /** @type {Promise<string>} */ (kept.get(page));
  }

  /** @typedef {"push" | "pop"} How how the page was asked for: a tap on a link, or back or forward */
  /** @param {string} url @param {How} how */
  function leave(url, how) {
    if (how === "push") location.assign(url);
    else location.reload(); // back or forward: the address is already the page's
  }

  /** @param {string} url @param {How} how */
  async function go(url, how) {
    const mine = (loading = { target: pageOf(url) });
    if (document.documentElement.dataset.calculators === "failed") return leave(url, how); // a fresh start
    let next;
    try {
      /** @type {Promise<never>} */
      const late = new Promise((_, fail) => setTimeout(() => fail(new Error("too slow")), PATIENCE_MS));
      next = new DOMParser().parseFromString(await Promise.race([html(url), late]), "text/html");
      if (mine !== loading) return; // another tap came after this one
      if (!sameCode(next, url) || !next.querySelector(PARTS[0])) throw new Error("not this site's page");
    } catch {
      if (mine === loading) leave(url, how);
      return;
    }
    anchor();
    // Where this page was scrolled to, for the back button.
    history.replaceState({ ...(history.state || {}), scrolled: window.scrollY }, "");
    if (how === "push") history.pushState({ swapped: true }, "", url);
    kept.delete(pageOf(url)); // the offline copy or the server answers the next visit afresh
    for (const part of PARTS) {
      const old = document.querySelector(part);
      const fresh = next.querySelector(part);
      if (old && fresh) old.replaceWith(document.adoptNode(fresh));
    }
    document.title = next.title;
    for (const selector of ['meta[name="description"]', 'link[rel="canonical"]']) {
      const old = document.head.querySelector(selector);
      const fresh = next.head.querySelector(selector);
      if (old && fresh) old.replaceWith(document.adoptNode(fresh));
    }
    shown = pageOf(location.href);
    for (const toggle of ["__drawer", "__search"]) {
      const box = /** @type {HTMLInputElement | null} */ (document.getElementById(toggle));
      if (box) box.checked = false;
    }
    window.document$?.next(document); // the theme mounts its parts of the new content (both engines)
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (how === "pop" && history.state && Number.isFinite(history.state.scrolled)) window.scrollTo(0, history.state.scrolled);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // As a page load does for a screen reader: the new page is announced from its title.
    const heading = /** @type {HTMLElement | null} */ (document.querySelector(".md-content h1"));
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    document.dispatchEvent(new CustomEvent("site:page"));
    performance.mark("site:page"); // when the page was in place, for the benchmark
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || !ours(link)) return;
    event.preventDefault();
    go(link.href, "push");
  });
  window.addEventListener("popstate", () => {
    // Back then forward before the first has arrived: the page on its way is no longer the one asked for.
    const target = pageOf(location.href);
    if (target !== shown || (loading && loading.target !== target)) go(location.href, "pop");
  });

  // Start before the tap: a finger on a link fetches its page; with Save-Data, only what is tapped.
  const saveData = Boolean(navigator.connection && navigator.connection.saveData);
  if (!saveData) {
    document.addEventListener("pointerdown", (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link instanceof HTMLAnchorElement && ours(link)) html(link.href).catch(() => {});
    }, { passive: true });
  }
})();
