// Moves values between each calculator's form and rulescore in a Web Worker. No rules live here:
// validation, odds and the result's HTML all come from Python. What this file guarantees is honesty:
// a result on screen that is not for the values in the form is marked so, with the values it is for.
(() => {
  "use strict";

  let worker = null;
  let ready = null; // one Python per page
  let engine = "idle"; // idle, loading, starting, ready, failed
  let progress = null; // {loaded, total} bytes of the runtime so far
  let failure = "";
  let lastId = 0;
  const waiting = new Map();

  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

  function engineWords() {
    if (engine === "loading") return `Loading the calculator${progressWords()}…`;
    if (engine === "starting") return "Starting the calculator…";
    if (engine === "failed") return `The live calculator could not start (${failure}).`;
    return "";
  }

  // " (1.2 of 4.2 MB)" while the runtime downloads, else nothing.
  const progressWords = () => (engine === "loading" && progress ? ` (${megabytes(progress.loaded)} of ${megabytes(progress.total)} MB)` : "");

  function everyCalc() {
    return document.querySelectorAll(".calc[data-ready]");
  }

  // The page's engine state is on <html> too, so offline.js can let this page's start go first.
  function setEngine(state) {
    engine = state;
    document.documentElement.dataset.calculators = state;
    everyCalc().forEach(showState);
  }

  // A start that stops moving (no word from the worker for a minute: a network that holds a download
  // open, a runtime that hangs) is ended and said; the next tap starts it again.
  const STALLED = 60000;

  function boot() {
    if (ready) return ready;
    worker = window.calculatorsStart(); // start.js, inlined in <head>: may have started it already
    setEngine("loading");
    ready = new Promise((resolve, reject) => {
      let stall = 0;
      const watch = () => {
        clearTimeout(stall);
        stall = setTimeout(() => {
          if (engine !== "loading" && engine !== "starting") return;
          window.calculatorsStop(); // start.js
          worker = null;
          ready = null;
          failure = "it took too long to start; change a value to try again";
          setEngine("failed");
          reject(new Error("the start stalled"));
          document.dispatchEvent(new CustomEvent("calculators:failed"));
        }, STALLED);
      };
      watch();
      const receive = (message) => {
        if (message.type === "ready" || message.type === "failed") clearTimeout(stall);
        else if (engine === "loading" || engine === "starting") watch();
        if (message.type === "progress") {
          progress = message;
          if (engine === "loading") {
            if (message.loaded >= message.total) setEngine("starting");
            else everyCalc().forEach(showState);
          }
        } else if (message.type === "ready") {
          document.documentElement.dataset.calculatorsStart = message.timings.start; // "fresh" or "snapshot", for tests
          setEngine("ready");
          resolve();
          performance.mark("calculators:ready", { detail: message.timings }); // runtime and wheel times, for the benchmark
          document.dispatchEvent(new CustomEvent("calculators:ready", { detail: message.timings }));
        } else if (message.type === "failed") {
          if (engine === "failed") return;
          failure = message.error.includes("login page")
            ? "the network answered with a login page, not the site: log in, then reload"
            : message.error.includes("damaged")
            ? "its copy on this phone was damaged and has been dropped: it is saved again when you have signal"
            : message.error.includes("download") ? "no connection to the site, and it is not saved for offline use yet"
              : "this browser could not run it";
          console.warn("calculators:", message.error);
          setEngine("failed");
          reject(new Error(message.error));
          document.dispatchEvent(new CustomEvent("calculators:failed"));
        } else if (message.type === "result") {
          const answer = waiting.get(message.id);
          waiting.delete(message.id);
          if (answer) answer(message.json);
          watch(true);
        }
      };
      worker.onmessage = (event) => receive(event.data);
      worker.early.splice(0).forEach(receive);
      worker.onerror = (event) => {
        event.preventDefault();
        failure = "this browser could not run it";
        setEngine("failed");
        reject(new Error(event.message || "worker failed"));
        // Questions out when it broke get no answer from it: each is answered so, and none waits for ever.
        for (const answer of waiting.values()) answer(stopped);
        waiting.clear();
        document.dispatchEvent(new CustomEvent("calculators:failed"));
      };
    });
    ready.catch(() => {}); // each calculator shows a failed start itself
    document.dispatchEvent(new CustomEvent("calculators:booting"));
    everyCalc().forEach(showState);
    return ready;
  }

  // Every real question is answered in milliseconds once Python is up; one that is not has the worker
  // stuck (Python cannot be interrupted from here), so the worker is replaced and the question answered so.
  const TOO_LONG = 15000;
  const tooLong = JSON.stringify({ ok: false, errors: { form: "That took too long to work out, so it was stopped: check the values." } });
  const stopped = JSON.stringify({ ok: false, errors: { form: "The live calculator stopped: reload the page to start it again." } });

  // Stuck means no answer for TOO_LONG while questions wait, counted from when Python was up or from the
  // last answer: a queue of quick questions on a busy phone is progress, not a stuck worker.
  let watchdog = 0;
  function watch(progress) {
    if (progress || !waiting.size) {
      clearTimeout(watchdog);
      watchdog = 0;
    }
    if (waiting.size && !watchdog) {
      watchdog = setTimeout(() => {
        watchdog = 0;
        if (waiting.size) replaceWorker();
      }, TOO_LONG);
    }
  }

  function replaceWorker() {
    clearTimeout(watchdog);
    watchdog = 0;
    window.calculatorsStop(); // start.js
    worker = null;
    ready = null;
    for (const answer of waiting.values()) answer(tooLong);
    waiting.clear();
    setEngine("idle");
  }

  function ask(calc, values) {
    const id = ++lastId;
    const asked = ready;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({
        type: calc.dataset.compare ? "compare" : "calculate", id, calculator: calc.dataset.calculator, ruleset: calc.dataset.ruleset,
        values: JSON.stringify(values), root: calc.dataset.root,
      });
      // Watched from when Python is up: a slow start is the status line's to say, not a stuck question.
      asked.then(() => { if (ready === asked) watch(false); }, () => {});
    });
  }

  function formValues(calc) {
    const values = {};
    for (const element of calc.querySelector("form").elements) {
      if (element.name) values[element.name] = element.value;
    }
    return values;
  }

  const sameValues = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  // "Height of the fall 4, Toughness 3": the values a shown result is for, as the form labels them.
  function describeValues(calc, values) {
    const parts = [];
    for (const field of calc.querySelectorAll(".calc-field")) {
      const control = field.querySelector("input, select");
      const labelText = field.querySelector("label, .calc-legs-label").textContent;
      const label = labelText.replace(/\s*\(.*\)$/, "").trim(); // "Toughness", not its hint
      const value = values[control.name];
      const shown = control.tagName === "SELECT"
        ? ([...control.options].find((option) => option.value === value) || { text: value }).text
        : `${value}${labelText.includes("(inches)") ? '"' : ""}`;
      parts.push(`${label} ${shown}`);
    }
    return parts.join(", ");
  }

  // The one place that decides what the status line and the result's mark say.
  function showState(calc) {
    const status = calc.querySelector(".calc-status");
    const result = calc.querySelector(".calc-result");
    const note = calc.querySelector(".calc-for");
    const current = sameValues(formValues(calc), calc.shownFor);
    result.classList.toggle("calc-stale", !current);
    calc.dataset.state = current ? calc.shownKind : calc.unfinished ? "unfinished" : "stale";
    note.hidden = current;
    note.textContent = current ? "" : `Not for the values above. Shown: the answer for ${describeValues(calc, calc.shownFor)}.`;
    const printed = calc.querySelector(".calc-print-for");
    if (printed) printed.textContent = `For: ${describeValues(calc, calc.shownFor)}.`;
    let words;
    if (calc.invalid) words = calc.invalid;
    else if (current && calc.shownKind === "page") {
      // Said with the runtime's progress: the next value further away waits for it.
      const coming = engine === "failed" ? "the live calculator could not start" : `the live calculator is on its way${progressWords()}`;
      words = `Answered from the page, worked out for these values when the site was built; ${coming}.`;
    } else if (current) words = calc.shownKind === "live" ? "Live result." : "Worked out for these values when the page was built.";
    else words = engineWords() || "Working out the new answer…";
    if (current && engine === "failed" && calc.shownKind === "built") words += " The live calculator could not start.";
    status.textContent = words;
  }

  function showErrors(calc, errors, readings = []) {
    for (const field of calc.querySelectorAll(".calc-field")) {
      const message = errors[field.dataset.field] || "";
      const shown = field.querySelector(".calc-error");
      shown.textContent = message;
      // A refusal that rests on our reading of the text links to that reading.
      for (const reading of readings.filter((r) => r.field === field.dataset.field)) {
        const link = document.createElement("a");
        link.href = reading.href;
        link.textContent = `Our reading: ${reading.title}`;
        shown.append(" ", link);
      }
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

  // Answers a tap or two from the defaults, worked out when the site was built (sitegen/nearby.py): a first
  // visit's first taps are answered from them while Python is on its way. One file per calculator, asked
  // for once, when it is first touched or scrolled to; anything but a file of answers is not used.
  const answerFiles = new Map();
  function nearby(calc) {
    const name = `${calc.dataset.compare ? "compare" : calc.dataset.ruleset}-${calc.dataset.calculator}.json`;
    if (!window.calculatorsAnswers || calc.querySelector(".calc-legs")) return Promise.resolve(null);
    const url = new URL(name, window.calculatorsAnswers).href;
    if (!answerFiles.has(url)) {
      const file = fetch(url)
        .then((response) => (response.ok && /json/.test(response.headers.get("content-type") || "") ? response.json() : null))
        .then((data) => (data && typeof data.root === "string" && data.answers && typeof data.answers === "object" ? data : null))
        .catch(() => null);
      answerFiles.set(url, file);
    }
    return answerFiles.get(url);
  }

  // The stored reply for these values, as Python would give it on this page (its links lead from this
  // page's root), or null: a value typed, or three taps away, waits for Python.
  async function storedReply(calc, values) {
    const file = await nearby(calc);
    const key = Object.keys(values).sort().map((name) => `${name}=${values[name]}`).join("&");
    const html = file && Object.hasOwn(file.answers, key) ? file.answers[key] : null;
    return typeof html === "string" ? { ok: true, errors: {}, html: html.split(file.root).join(calc.dataset.root) } : null;
  }

  // While a question is out the calculator says so (data-asking): its answer may move the form (a message
  // appears or goes next to a field), and the tests tap only a form that holds still, as a player's eye does.
  async function update(calc) {
    calc.asking = (calc.asking || 0) + 1;
    calc.dataset.asking = "yes";
    try {
      await askAndShow(calc);
    } finally {
      calc.asking -= 1;
      if (!calc.asking) delete calc.dataset.asking;
    }
  }

  async function askAndShow(calc) {
    const mine = (calc.sequence = (calc.sequence || 0) + 1);
    const values = formValues(calc);
    showState(calc); // marks the shown result as not current at once, before Python answers
    // Before Python is up, a stored answer for these values is shown at once; Python's own replaces it.
    if (engine !== "ready") {
      storedReply(calc, values).then((stored) => {
        if (!stored || mine !== calc.sequence || calc.liveFor === mine) return;
        show(calc, values, stored, "page");
        delete calc.dataset.asking; // Python's answer to come is this one: nothing on the form will move
      });
    }
    const starting = boot();
    const asked = ask(calc, values); // the worker answers it as soon as Python is up
    try {
      await starting;
    } catch (error) {
      showState(calc);
      return;
    }
    const reply = JSON.parse(await asked);
    if (mine !== calc.sequence) return; // a newer change is already on its way
    calc.liveFor = mine;
    show(calc, values, reply, "live");
  }

  function show(calc, values, reply, kind) {
    calc.unfinished = Boolean(reply.unfinished); // what comes next, said in the status line, no field at fault
    showErrors(calc, reply.unfinished ? {} : reply.errors, reply.readings);
    if (reply.ok) {
      // Timed by the benchmark in every engine (and visible in any browser's performance panel).
      const mark = `calculators:first-${kind}`;
      if (!performance.getEntriesByName(mark).length) performance.mark(mark);
      calc.querySelector(".calc-result").innerHTML = reply.html;
      calc.shownFor = values;
      calc.shownKind = kind;
      calc.invalid = "";
      saveToUrl(calc, values);
    } else {
      const general = Object.entries(reply.errors).filter(([name]) => reply.unfinished || !calc.querySelector(`[data-field="${name}"]`));
      calc.invalid = general.length ? general.map(([, message]) => message).join(" ") : "Fix the marked field.";
    }
    showState(calc);
    calc.dispatchEvent(new CustomEvent(kind === "live" ? "calculators:result" : "calculators:stored", { bubbles: true }));
  }

  function step(button) {
    const input = button.parentElement.querySelector("input");
    const read = (text) => Number.parseFloat(String(text ?? "").replace("\u2212", "-").replace(",", "."));
    let current = read(input.value);
    // From a value that is not a number, a step starts again from the last good one (or the default).
    if (Number.isNaN(current)) current = read(input.closest(".calc").shownFor[input.name]);
    if (Number.isNaN(current)) current = read(input.defaultValue);
    let next = current + Number(button.dataset.step);
    if (input.dataset.min !== undefined) next = Math.max(next, Number(input.dataset.min));
    if (input.dataset.max !== undefined) next = Math.min(next, Number(input.dataset.max));
    // A modifier reads as the profile prints it: +0, +1, -1.
    input.value = input.dataset.signed && next >= 0 ? `+${next}` : String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // A route's legs: the hidden field holds them joined by "|" (for Python and the address). Each leg is a
  // row a thumb edits where it stands: its kind, its inches with - / +, up, down, a leg inserted after it,
  // and out; under the list, a leg added at the end and the route cleared in one tap.
  const legsOf = (field) => field.querySelector("input[name=legs]").value.split("|").filter(Boolean);
  const kindsOf = (field) => JSON.parse(field.dataset.kinds); // [[pattern, words]]: "move {} difficult ground"
  const NEW_INCHES = "2"; // a new leg: the first kind the ruleset offers (a move), 2"

  // "move 2\" difficult ground" -> ["move {} difficult ground", "2"]; null for a leg no kind writes
  // (a gap with its drop, given by a link): that row keeps its words, and its buttons.
  function kindOf(field, leg) {
    const words = (text) => text.replace(/["\u201d]/g, " ").replace(/\s+/g, " ").trim().toLowerCase();
    for (const [pattern] of kindsOf(field)) {
      const [before, after] = words(pattern).split("{}").map((part) => part.trim());
      const found = words(leg).match(new RegExp(`^${before} (\\S+)${after ? ` ${after}` : ""}$`));
      if (found) return [pattern, found[1]];
    }
    return null;
  }

  const write = (pattern, inches) => pattern.replace("{}", `${inches}"`);
  const plainNumber = (text) => /^(\d+(\.\d*)?|\.\d+)$/.test(text.trim());

  function legButton(action, symbol, label, disabled = false) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "calc-leg-button";
    button.dataset.leg = action;
    button.textContent = symbol;
    button.setAttribute("aria-label", label);
    button.disabled = disabled;
    return button;
  }

  // Two lines a thumb reaches at 360 px: the leg's number, its kind and "Insert after"; then its inches
  // with - / +, up, down and remove.
  function legRow(field, leg, index, count) {
    const item = document.createElement("li");
    item.className = "calc-leg";
    item.dataset.index = String(index);
    const name = `leg ${index + 1}`;
    const top = document.createElement("div");
    top.className = "calc-leg-line";
    const number = document.createElement("span");
    number.className = "calc-leg-number";
    number.textContent = `${index + 1}.`;
    number.setAttribute("aria-hidden", "true"); // each control's own name says which leg
    top.append(number);
    const tools = document.createElement("div");
    tools.className = "calc-leg-line calc-leg-tools";
    const kind = kindOf(field, leg);
    if (kind) {
      const select = document.createElement("select");
      select.className = "calc-leg-kind";
      select.setAttribute("aria-label", `Kind of ${name}`);
      for (const [pattern, words] of kindsOf(field)) {
        select.append(new Option(words[0].toUpperCase() + words.slice(1), pattern, false, pattern === kind[0]));
      }
      const stepper = document.createElement("div");
      stepper.className = "calc-stepper";
      const inches = document.createElement("input");
      inches.type = "text";
      inches.inputMode = "decimal";
      inches.className = "calc-leg-inches";
      inches.value = kind[1];
      inches.setAttribute("aria-label", `Inches of ${name}`);
      stepper.append(legButton("less", "\u2212", `Less: inches of ${name}`), inches, legButton("more", "+", `More: inches of ${name}`));
      top.append(select);
      tools.append(stepper);
    } else {
      const words = document.createElement("span");
      words.className = "calc-leg-words";
      words.textContent = leg;
      top.append(words);
    }
    top.append(legButton("insert", "Insert after", `Insert after ${name}: a new leg`));
    tools.append(
      legButton("up", "\u2191", `Move up: ${name}, ${leg}`, index === 0),
      legButton("down", "\u2193", `Move down: ${name}, ${leg}`, index === count - 1),
      legButton("remove", "\u00d7", `Remove: ${name}, ${leg}`),
    );
    item.append(top, tools);
    return item;
  }

  function showLegs(field) {
    const legs = legsOf(field);
    field.querySelector(".calc-leg-list").replaceChildren(...legs.map((leg, index) => legRow(field, leg, index, legs.length)));
    field.querySelector("[data-leg=clear]").disabled = legs.length === 0;
  }

  function saveLegs(field, legs) {
    const input = field.querySelector("input[name=legs]");
    input.value = legs.join("|");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // A row's kind or inches, written back into its leg. Inches half typed ("", "1.") wait until the
  // player leaves the box: nothing is said to be wrong before a leg is finished.
  function rowChanged(field, row, finished) {
    const inches = row.querySelector(".calc-leg-inches").value;
    if (!finished && !plainNumber(inches)) return;
    const legs = legsOf(field);
    legs[Number(row.dataset.index)] = write(row.querySelector(".calc-leg-kind").value, inches.replace(/"/g, "").trim());
    saveLegs(field, legs);
  }

  function stepInches(field, row, delta) {
    const box = row.querySelector(".calc-leg-inches");
    const kind = row.querySelector(".calc-leg-kind").value;
    const size = kind.startsWith("barrier") ? 0.5 : 1; // a low wall is measured in half inches
    const lowest = kind.startsWith("charge") ? 0 : size; // a charge may start in base contact
    const now = Number.parseFloat(box.value.replace(",", "."));
    const from = Number.isNaN(now) ? Number(NEW_INCHES) : now;
    box.value = String(Math.min(48, Math.max(lowest, Math.round((from + delta * size) / size) * size)));
    rowChanged(field, row, true);
  }

  function editLegs(field, button) {
    const legs = legsOf(field);
    const row = button.closest(".calc-leg");
    const index = row ? Number(row.dataset.index) : legs.length;
    const action = button.dataset.leg;
    if (action === "less" || action === "more") return stepInches(field, row, action === "less" ? -1 : 1);
    const fresh = write(kindsOf(field)[0][0], NEW_INCHES);
    let focus = index; // the row the thumb is on after the change, and the button it was on
    if (action === "remove") legs.splice(index, 1);
    else if (action === "up") legs.splice((focus = index - 1), 0, ...legs.splice(index, 1));
    else if (action === "down") legs.splice((focus = index + 1), 0, ...legs.splice(index, 1));
    else if (action === "insert") legs.splice((focus = index + 1), 0, fresh);
    else if (action === "add") legs.push(fresh);
    else if (action === "clear") legs.splice(0);
    saveLegs(field, legs);
    showLegs(field);
    // Focus stays with the leg moved, goes to the new leg's kind, or stays on the list's own buttons.
    const rows = field.querySelectorAll(".calc-leg");
    const target = action === "insert" || action === "add"
      ? rows[action === "add" ? rows.length - 1 : focus]?.querySelector(".calc-leg-kind, button")
      : action === "up" || action === "down"
        ? rows[focus]?.querySelector(`[data-leg=${action}]:not(:disabled)`) || rows[focus]?.querySelector("button:not(:disabled)")
        : action === "remove"
          ? rows[Math.min(index, rows.length - 1)]?.querySelector("[data-leg=remove]")
          : null;
    (target || field.querySelector("[data-leg=add]")).focus();
  }

  function setUpLegs(field) {
    showLegs(field); // the legs as the page or its link gave them
    // The rows' own controls write their leg; the form hears only the legs' field change.
    const own = (event) => event.target.closest(".calc-leg") && !event.target.matches("input[name=legs]");
    field.addEventListener("input", (event) => {
      if (!own(event)) return;
      event.stopPropagation();
      rowChanged(field, event.target.closest(".calc-leg"), event.target.matches("select"));
    });
    field.addEventListener("change", (event) => {
      if (!own(event)) return;
      event.stopPropagation();
      if (!event.target.matches("select")) rowChanged(field, event.target.closest(".calc-leg"), true); // a kind: said on input
    });
  }

  // One tap shares the situation: the address holds the inputs, the fragment the calculator.
  function share(calc, button) {
    const url = `${location.origin}${location.pathname}${location.search}#${calc.id}`;
    window.shareLink(url, button, "Copy link to this result"); // docs/assets/share.js
  }

  const watcher = "IntersectionObserver" in window
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          watcher.unobserve(entry.target);
          nearby(entry.target);
          boot();
        }
      }
    })
    : null;

  function setUp(calc) {
    if (calc.dataset.ready) return;
    const form = calc.querySelector("form");
    // The prerendered result is for the form's values as the page was built.
    calc.shownFor = formValues(calc);
    calc.shownKind = "built";
    calc.invalid = "";
    const note = document.createElement("p");
    note.className = "calc-for";
    note.hidden = true;
    calc.querySelector(".calc-result").before(note);
    const shareButton = calc.querySelector(".calc-share");
    if (shareButton) {
      shareButton.hidden = false;
      shareButton.addEventListener("click", () => share(calc, shareButton));
    }
    calc.dataset.ready = "yes";
    form.addEventListener("input", () => update(calc));
    form.addEventListener("change", () => update(calc));
    form.addEventListener("submit", (event) => event.preventDefault());
    // A thumb that taps a field means to replace its value: select it, so typing 6 gives 6, not 46.
    form.addEventListener("focusin", (event) => {
      if (event.target.matches("input[type=text]")) event.target.select();
    });
    form.addEventListener("click", (event) => {
      // A second tap on a field already focused means the same: replace (focusin only comes once).
      if (event.target.matches("input[type=text]")) event.target.select();
      const button = event.target.closest(".calc-step");
      if (button) step(button);
      const legTap = event.target.closest(".calc-leg-button");
      if (legTap) editLegs(legTap.closest(".calc-legs"), legTap);
    });
    // Start Python when the calculator comes into view or is touched, never before.
    const touched = () => {
      nearby(calc); // asked before the runtime, so it is not queued behind it
      boot();
    };
    calc.addEventListener("pointerdown", touched, { once: true });
    calc.addEventListener("focusin", touched, { once: true });
    const legs = calc.querySelector(".calc-legs");
    if (loadFromUrl(calc)) update(calc);
    else {
      showState(calc);
      if (watcher) watcher.observe(calc);
    }
    if (legs) setUpLegs(legs);
  }

  function setUpAll() {
    document.querySelectorAll(".calc").forEach(setUp);
  }

  // This script loads early (async, in <head>): a link that carries calculator inputs has started
  // Python already (start.js); the forms are set up when the page has been read.
  if (/[?&]calc-/.test(location.search)) boot();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
  // Another page put in place (navigation.js): its calculators answer with the Python already running.
  document.addEventListener("site:page", setUpAll);
})();
