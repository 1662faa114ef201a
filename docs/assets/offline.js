// @ts-check
// Registers the service worker that keeps the site usable offline, and tells the player, briefly,
// when the site is ready offline, when a newer version is ready to take, and when this phone
// will not keep the site for offline use.
(() => {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  const root = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src); // this file sits in <root>/assets/
  const html = document.documentElement;
  // Web storage may be refused (a private window, a locked-down browser) or full: what it remembers is
  // a nicety, so a refusal is met here and never stops the offline copy.
  /** @param {"localStorage" | "sessionStorage"} area @param {string} key */
  const recall = (area, key) => {
    try {
      return window[area].getItem(key);
    } catch {
      return null;
    }
  };
  /** @param {"localStorage" | "sessionStorage"} area @param {string} key @param {string | null} value */
  const remember = (area, key, value) => {
    try {
      const storage = window[area];
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  };
  // A note that is part of the page, at the top of what is read, never over it; it stays on each page
  // navigation.js puts in place until it is done with.
  /** @type {Set<HTMLElement>} */
  const notes = new Set();
  /** @type {WeakSet<Element>} */
  const seen = new WeakSet(); // news read on the screen; news that came above the screen goes on to the next page
  const watcher = "IntersectionObserver" in window
    ? new IntersectionObserver((entries) => entries.forEach((entry) => entry.isIntersecting && seen.add(entry.target)), {
      rootMargin: "-56px 0px 0px 0px", // under the header bar is not seen
      threshold: 1,
    })
    : null;
  // A note comes or goes while the player reads and taps below it: what is on the screen stays where it
  // was, so a line pushed in above never turns a tap on one link into a tap on another (#64).
  const steady = (/** @type {() => void} */ change) => {
    const place = document.querySelector(".md-content__inner");
    const anchor = place && [...place.children].find((child) => !notes.has(/** @type {HTMLElement} */ (child)));
    const before = anchor ? anchor.getBoundingClientRect().top : 0;
    change();
    const moved = anchor ? anchor.getBoundingClientRect().top - before : 0;
    if (moved) window.scrollBy({ top: moved, behavior: "instant" });
  };
  const done = (/** @type {(note: HTMLElement) => boolean} */ test) => {
    for (const note of [...notes].filter(test)) {
      note.remove();
      notes.delete(note);
      watcher?.unobserve(note);
    }
  };
  document.addEventListener("site:page", () => {
    // News, said once, is not carried to the next page; news not yet on the screen is said there.
    done((note) => note.classList.contains("offline-said") && (!watcher || seen.has(note)));
    const place = document.querySelector(".md-content__inner");
    if (place) place.prepend(...notes); // the new page is not drawn yet: nothing moves under a thumb
  });
  const inPage = (/** @type {string} */ className, /** @type {string} */ text) => {
    const note = document.createElement("p");
    note.className = `offline-offer ${className}`;
    note.setAttribute("role", "status");
    note.append(text);
    steady(() => {
      done((old) => old.classList.contains(className));
      notes.add(note);
      (document.querySelector(".md-content__inner") || document.body).prepend(note);
    });
    watcher?.observe(note);
    return note;
  };
  // News the player need not act on ("Ready offline"): a line at the top of the page, where the title
  // and what is read stay whole (#39), gone at the next page or at a tap.
  const news = (/** @type {string} */ text) => {
    const note = inPage("offline-said", text);
    note.addEventListener("click", () => steady(() => done((old) => old === note)));
  };
  const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

  // How much the site keeps on this phone and since when, on the About page (#offline-status).
  /** @param {ServiceWorkerRegistration} registration */
  async function showStatus(registration) {
    const line = document.getElementById("offline-status");
    if (!line || !registration.active) return;
    const answer = await ask(registration.active, { type: "status" });
    const used = navigator.storage && navigator.storage.estimate ? (await navigator.storage.estimate()).usage : null;
    const when = answer.installed ? new Date(answer.installed).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : null;
    line.textContent = (answer.cached ? "Every page and calculator works offline on this phone" : "Pages work offline on this phone; the calculators once kept")
      + (used ? `, keeping ${megabytes(used)}` : "") + (when ? `. This version arrived ${when}.` : ".");
  }

  // A question to one worker, answered on a channel of its own (two questions never take each other's answer).
  /** @param {ServiceWorker} worker @param {{ type: string }} message @returns {Promise<any>} the worker's answer, read where it is used */
  function ask(worker, message) {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage(message, [channel.port2]);
    });
  }

  // Why nothing (more) was kept, said with what the phone still holds: `during` is "install" (a first
  // visit: nothing kept), "update" (a newer build not fetched: the one in use stays whole) or "runtime"
  // (the pages are kept, the calculators not yet).
  /** @param {string} reason @param {"install" | "update" | "runtime"} [during] */
  function notKept(reason, during = "install") {
    const portal = reason === "NotThisSite";
    if (during === "update") {
      // The build in use is untouched: offline works as before, so this is news, not a failure.
      news("A newer version of this site could not be fetched: the network answered with "
        + (portal ? "a page that is not this site's (a login page?)" : "an error")
        + ". This phone keeps the version it has, which works offline as before; the newer one comes at a later visit.");
      return;
    }
    html.dataset.offline = "unavailable";
    if (portal) {
      inPage("offline-failed", "The network answered with a page that is not this site's (a login page?), so "
        + (during === "runtime" ? "the calculators were not kept for offline use (the pages are). They are"
          : "nothing was kept for offline use. It is")
        + " kept once the site itself answers: log in, then reload.");
      return;
    }
    if (document.querySelector(".offline-failed")) return; // the network's reason, said first, stands
    inPage("offline-failed", "This browser would not keep the site on this phone"
      + (reason === "QuotaExceededError" ? " (its storage is full)" : "")
      + ": it works while you have signal, but not offline.");
  }

  // A registration refused: by the browser (a private window, a policy), or because what answered for
  // sw.js was not the site's service worker (a login page in front of it). Asked once to tell which.
  /** @param {unknown} error */
  async function registrationRefused(error) {
    const answer = await fetch(new URL("sw.js", root), { cache: "no-store" }).catch(() => null);
    const type = answer ? answer.headers.get("content-type") || "" : "";
    const ours = answer && answer.ok && !answer.redirected && /javascript/.test(type)
      && (await answer.text()).includes("rules-pages-");
    if (answer && !ours) notKept("NotThisSite");
    else if (!answer) news("The site could not be reached to keep it for offline use: it is kept at your next visit with signal.");
    else notKept(error instanceof Error ? error.name : "");
  }

  navigator.serviceWorker.addEventListener("message", (event) => {
    // The next visit's calculators can start from the snapshot (said for tests; a player sees nothing).
    if (event.data && event.data.type === "snapshot-saved") html.dataset.snapshot = "saved";
    if (event.data && event.data.type === "snapshot-not-saved") html.dataset.snapshot = "not-saved";
    if (event.data && event.data.type === "offline-failed") notKept(event.data.reason, event.data.during);
    if (event.data && event.data.type === "offline-ready") {
      html.dataset.offline = "ready";
      steady(() => {
        done((offer) => !offer.classList.contains("offline-update"));
        if (recall("localStorage", "offline-build") !== event.data.build) {
          const noted = remember("localStorage", "offline-build", event.data.build);
          news("Ready offline: every page and calculator works with no signal."
            + (noted ? "" : " (This browser keeps no notes for the site, so this may be said again.)"));
        }
      });
    }
  });

  // A newer build waits until the player takes it: an open page never changes under the player's thumb.
  // Every open page says so, and again after a reload, until it is taken (in any of them).
  let updating = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updating) location.reload();
    else steady(() => done((note) => note.classList.contains("offline-update"))); // taken in another tab
  });
  /** @param {ServiceWorker} waiting */
  function takeUpdate(waiting) {
    updating = true;
    remember("sessionStorage", "updated", "yes"); // refused, the update still comes, unannounced
    waiting.postMessage({ type: "take-update" });
  }
  // A page of an older build whose calculators the host no longer has (a deploy that deletes old files,
  // as gh-pages does): it moves to the newer build as soon as one is found, rather than fail.
  const gone = () => html.dataset.calculatorsGone === "yes"; // set by the calculators' engine
  document.addEventListener("calculators:failed", () => {
    if (!gone()) return;
    navigator.serviceWorker.getRegistration().then((registration) => {
      if (!registration) return;
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      else registration.update().catch(() => {});
    });
  });
  /** @param {ServiceWorker} waiting */
  function offerUpdate(waiting) {
    html.dataset.update = "ready";
    if (gone()) {
      inPage("offline-update", "This page is from an older version of the site: opening the current one…");
      takeUpdate(waiting);
      return;
    }
    if (document.querySelector(".offline-update")) return;
    const note = inPage("offline-update", "A newer version of this site is ready. ");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Update now";
    button.addEventListener("click", () => takeUpdate(waiting));
    note.append(button);
  }
  /** @param {ServiceWorkerRegistration} registration @param {ServiceWorker | null} installing */
  function follow(registration, installing) {
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) offerUpdate(installing);
      // The first install failing (storage refused) leaves no offline copy; a failed update leaves the old one.
      if (installing.state === "redundant" && !navigator.serviceWorker.controller && !registration.active) notKept("");
    });
  }
  /** @param {ServiceWorkerRegistration} registration */
  function watchUpdates(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    if (registration.installing) follow(registration, registration.installing);
    registration.addEventListener("updatefound", () => follow(registration, registration.installing));
  }
  if (recall("sessionStorage", "updated")) {
    remember("sessionStorage", "updated", null);
    const updated = () => news("Updated to the newest version of the site.");
    if (document.readyState === "complete") updated(); // this script is async: the page may have loaded
    else window.addEventListener("load", updated, { once: true });
  }

  // Save-Data: the runtime (about 12 MB) is cached only when a calculator is used, or on request.
  const saveData = Boolean(navigator.connection && navigator.connection.saveData);
  // The snapshot (a returning visitor's faster start, not needed offline) is left out when saving data.
  const cacheRuntime = { type: "cache-runtime", snapshot: !saveData };

  /** @param {ServiceWorkerRegistration} registration @param {number} bytes */
  function offerRuntime(registration, bytes) {
    if (document.querySelector(".offline-offer:not(.offline-update)")) return;
    const offer = inPage("offline-save", "Data saver is on: the calculators are not kept for offline use yet. ");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Keep calculators offline (${megabytes(bytes)})`;
    button.addEventListener("click", () => {
      button.disabled = true;
      button.textContent = "Saving the calculators for offline use…";
      registration.active?.postMessage(cacheRuntime);
    });
    offer.append(button);
  }

  // On a page with a calculator, its own start goes first: caching waits until it has answered.
  function calculatorSettled() {
    const state = html.dataset.calculators;
    if (state !== "loading" && state !== "starting") return Promise.resolve();
    return new Promise((resolve) => {
      document.addEventListener("calculators:ready", resolve, { once: true });
      document.addEventListener("calculators:failed", resolve, { once: true });
    });
  }

  // The first visit's precaching (pages, then the runtime) waits until the page has loaded and its own
  // calculator, if one is starting, has answered: the player's answer gets the bandwidth first.
  const settled = new Promise((resolve) => {
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 200));
    const afterLoad = () => idle(() => calculatorSettled().then(resolve), { timeout: 2000 });
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  });

  settled.then(() => navigator.serviceWorker.register(new URL("sw.js", root)).catch((error) => {
    registrationRefused(error);
    return null;
  })).then(async (registration) => {
    if (!registration) return;
    watchUpdates(registration);
    // Each visit asks whether a newer build is up; it installs beside this one and waits for the player.
    if (navigator.serviceWorker.controller) registration.update().catch(() => {});
    const ready = await navigator.serviceWorker.ready;
    showStatus(ready);
    document.addEventListener("site:page", () => showStatus(ready)); // the About page, reached by a link
    if (saveData) {
      const active = /** @type {ServiceWorker} */ (ready.active); // `ready` is a registration with one
      const status = await ask(active, { type: "status" });
      if (!status.cached) offerRuntime(ready, status.bytes);
      document.addEventListener("calculators:ready", () => active.postMessage(cacheRuntime));
      return;
    }
    // The runtime (about 12 MB) is fetched only once reading is settled.
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 1000));
    idle(async () => {
      await calculatorSettled();
      ready.active && ready.active.postMessage(cacheRuntime);
    });
  }).catch((error) => notKept(error && error.name));
})();
