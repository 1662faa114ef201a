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
    document.body.append(note);
    setTimeout(() => note.remove(), 4000);
  };
  const hadController = Boolean(navigator.serviceWorker.controller);

  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "offline-ready") {
      document.documentElement.dataset.offline = "ready";
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
    window.addEventListener("load", () => toast("Updated to the newest version of the site."));
  }

  navigator.serviceWorker.register(new URL("sw.js", root)).then(async () => {
    const registration = await navigator.serviceWorker.ready;
    const idle = window.requestIdleCallback || ((run) => setTimeout(run, 1000));
    // The runtime (about 12 MB) is fetched only once reading is settled.
    idle(() => registration.active && registration.active.postMessage("cache-runtime"));
  });
})();
