// Moves values between each calculator's form and rulescore in a Web Worker. No rules live here:
// validation, odds and the result's HTML all come from Python.
(() => {
  "use strict";

  let worker = null;
  let ready = null; // one Python per page, kept across Material's instant navigation
  let lastId = 0;
  const waiting = new Map();

  const absolute = (url) => new URL(url, document.baseURI).href;
  const where = document.querySelector('meta[name="calculators"]').dataset; // runtime, wheel, worker

  function boot() {
    if (ready) return ready;
    worker = new Worker(absolute(where.worker));
    ready = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === "ready") {
          document.dispatchEvent(new CustomEvent("calculators:ready", { detail: message.timings }));
          resolve();
        }
        else if (message.type === "failed") reject(new Error(message.error));
        else if (message.type === "result") {
          const answer = waiting.get(message.id);
          waiting.delete(message.id);
          if (answer) answer(message.json);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "worker failed"));
      };
    });
    ready.catch(() => {}); // each calculator reports a failed start itself
    document.dispatchEvent(new CustomEvent("calculators:booting"));
    worker.postMessage({ type: "boot", runtime: absolute(where.runtime), wheel: absolute(where.wheel) });
    return ready;
  }

  function ask(calc, values) {
    const id = ++lastId;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({
        type: calc.dataset.compare ? "compare" : "calculate", id, calculator: calc.dataset.calculator, ruleset: calc.dataset.ruleset,
        values: JSON.stringify(values), root: calc.dataset.root,
      });
    });
  }

  function formValues(calc) {
    const values = {};
    for (const element of calc.querySelector("form").elements) {
      if (element.name) values[element.name] = element.value;
    }
    return values;
  }

  function showErrors(calc, errors) {
    for (const field of calc.querySelectorAll(".calc-field")) {
      const message = errors[field.dataset.field] || "";
      field.querySelector(".calc-error").textContent = message;
      field.querySelector("input, select").setAttribute("aria-invalid", message ? "true" : "false");
    }
  }

  // Inputs live in the query string as <calculator id>.<field>=value, so a link restores them.
  function saveToUrl(calc, values) {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(values)) params.set(`${calc.id}.${name}`, value);
    history.replaceState(history.state, "", `${location.pathname}?${params}${location.hash}`);
  }

  function loadFromUrl(calc) {
    const params = new URLSearchParams(location.search);
    let found = false;
    for (const element of calc.querySelector("form").elements) {
      const value = params.get(`${calc.id}.${element.name}`);
      if (element.name && value !== null) {
        element.value = value;
        found = true;
      }
    }
    return found;
  }

  async function update(calc) {
    const mine = (calc.sequence = (calc.sequence || 0) + 1);
    const status = calc.querySelector(".calc-status");
    const result = calc.querySelector(".calc-result");
    const values = formValues(calc);
    if (!ready) status.textContent = "Loading the live calculator…";
    try {
      await boot();
    } catch (error) {
      status.textContent = "The live calculator could not start; the result shown was worked out when the page was built.";
      return;
    }
    const answer = JSON.parse(await ask(calc, values));
    if (mine !== calc.sequence) return; // a newer change is already on its way
    showErrors(calc, answer.errors);
    if (answer.ok) {
      result.innerHTML = answer.html;
      result.classList.remove("calc-stale");
      calc.dataset.state = "live";
      status.textContent = "Live result.";
      saveToUrl(calc, values);
    } else {
      result.classList.add("calc-stale");
      calc.dataset.state = "stale";
      const general = Object.entries(answer.errors).filter(([name]) => !calc.querySelector(`[data-field="${name}"]`));
      status.textContent = general.length
        ? general.map(([, message]) => message).join(" ")
        : "Fix the marked field. The result below is for the last good values.";
    }
    calc.dispatchEvent(new CustomEvent("calculators:result", { bubbles: true }));
  }

  function step(button) {
    const input = button.parentElement.querySelector("input");
    const current = Number.parseFloat(input.value);
    if (Number.isNaN(current)) return;
    let next = current + Number(button.dataset.step);
    if (input.dataset.min !== undefined) next = Math.max(next, Number(input.dataset.min));
    if (input.dataset.max !== undefined) next = Math.min(next, Number(input.dataset.max));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  const watcher = "IntersectionObserver" in window
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          watcher.unobserve(entry.target);
          boot();
        }
      }
    })
    : null;

  function setUp(calc) {
    if (calc.dataset.ready) return;
    calc.dataset.ready = "yes";
    const form = calc.querySelector("form");
    form.addEventListener("input", () => update(calc));
    form.addEventListener("change", () => update(calc));
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("click", (event) => {
      const button = event.target.closest(".calc-step");
      if (button) step(button);
    });
    // Start Python when the calculator comes into view or is touched, never before.
    calc.addEventListener("pointerdown", boot, { once: true });
    calc.addEventListener("focusin", boot, { once: true });
    if (loadFromUrl(calc)) update(calc);
    else if (watcher) watcher.observe(calc);
  }

  function setUpAll() {
    document.querySelectorAll(".calc").forEach(setUp);
  }

  // This script loads early (async, in <head>): a link that carries calculator inputs starts
  // Python at once; the forms are set up when the page has been read.
  if (/[?&]calc-/.test(location.search)) boot();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
})();
