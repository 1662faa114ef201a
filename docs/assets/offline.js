// Registers the service worker that keeps the site usable offline, and tells the player, briefly,
// when the site is ready offline and when a newer version has been loaded.
(() => {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  const root = new URL("../", document.currentScript.src); // this file sits in <root>/assets/
  const toast = (text) => {
    const note = document.createElement("div");
    note.className = "offline-toast";
    note.setAttribute("role", "status");
    note.textContent = text;
    note.addEventListener("click", () => note.remove());
    document.body.append(note);
    setTimeout(() => note.remove(), 4000);
  };
  const hadController = Boolean(navigator.serviceWorker.controller);

  navigator.serviceWorker.addEventListener("message", (event) => {
    // The next visit's calculators can start from the snapshot (said for tests; a player sees nothing).
    if (event.data && event.data.type === "snapshot-saved") document.documentElement.dataset.snapshot = "saved";
    if (event.data && event.data.type === "offline-ready") {
      document.documentElement.dataset.offline = "ready";
      document.querySelectorAll(".offline-offer").forEach((offer) => offer.remove());
      if (localStorage.getItem("offline-build") !== event.data.build) {
        localStorage.setItem("offline-build", event.data.build);
        toast("Ready offline: every page and calculator now works with no signal.");
      }
    }
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new build took over: reload so the page and its calculators come from the same build.
    if (hadController && !sessionStorage.getItem("reloaded-for-update")) {
      sessionStorage.setItem("reloaded-for-update", "yes");
      location.reload();
    }
  });
  if (sessionStorage.getItem("reloaded-for-update")) {
    sessionStorage.removeItem("reloaded-for-update");
    const updated = () => toast("Updated to the newest version of the site.");
    if (document.readyState === "complete") updated(); // this script is async: the page may have loaded
    else window.addEventListener("load", updated, { once: true });
  }

  // Save-Data: the runtime (about 12 MB) is cached only when a calculator is used, or on request.
  const saveData = Boolean(navigator.connection && navigator.connection.saveData);
  // The snapshot (a returning visitor's faster start, not needed offline) is left out when saving data.
  const cacheRuntime = { type: "cache-runtime", snapshot: !saveData };

  function offerRuntime(registration, bytes) {
    if (document.querySelector(".offline-offer")) return;
    const offer = document.createElement("p");
    offer.className = "offline-offer";
    offer.append("Data saver is on: the calculators are not kept for offline use yet. ");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Keep calculators offline (${(bytes / 1e6).toFixed(1)} MB)`;
    button.addEventListener("click", () => {
      button.disabled = true;
      button.textContent = "Saving the calculators for offline use…";
      registration.active.postMessage(cacheRuntime);
    });
    offer.append(button);
    (document.querySelector(".md-content__inner") || document.body).prepend(offer);
  }

  // On a page with a calculator, its own start goes first: caching waits until it has answered.
  function calculatorSettled() {
    const state = document.documentElement.dataset.calculators;
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

  settled.then(() => navigator.serviceWorker.register(new URL("sw.js", root))).then(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (saveData) {
      navigator.serviceWorker.addEventListener("message", (event) => {
        if (event.data && event.data.type === "runtime-status" && !event.data.cached) offerRuntime(registration, event.data.bytes);
      });
      registration.active.postMessage({ type: "runtime-status" });
      document.addEventListener("calculators:ready", () => registration.active.postMessage(cacheRuntime));
      return;
    }
    // The runtime (about 12 MB) is fetched only once reading is settled.
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 1000));
    idle(async () => {
      await calculatorSettled();
      registration.active && registration.active.postMessage(cacheRuntime);
    });
  });
})();
