// @ts-check
// The scheme chosen before (the theme's stored "__palette"), else the one the system asks for; a tap on
// the toggle switches it and keeps it. The page's own colour-scheme tag follows, so the scroll bar does.
(() => {
  const inputs = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll(".site-palette input")]);
  const keys = ["media", "scheme", "primary", "accent"];
  const tag = /** @type {HTMLMetaElement} */ (document.querySelector('meta[name="color-scheme"]'))
    || document.head.appendChild(Object.assign(document.createElement("meta"), { name: "color-scheme" }));
  /** @param {number} index */
  const show = (index) => {
    const input = inputs[index];
    const color = Object.fromEntries(keys.map((key) => [key, input.getAttribute(`data-md-color-${key}`) || ""]));
    for (const key of keys) document.body.setAttribute(`data-md-color-${key}`, color[key]);
    inputs.forEach((other, at) => {
      if (other.nextElementSibling instanceof HTMLLabelElement) other.nextElementSibling.hidden = at !== index;
    });
    input.checked = true;
    tag.content = color.scheme === "slate" ? "dark" : "light";
    try {
      __md_set("__palette", { index, color });
    } catch {
      // storage that cannot be reached at all (#64, item 10): the scheme switches for this page, unkept
    }
  };
  let stored = null;
  try {
    stored = /** @type {{ index?: unknown } | null} */ (__md_get("__palette"));
  } catch {
    // storage that cannot be read (blocked, or not JSON) chooses nothing: the system's scheme is shown
  }
  const index = typeof stored?.index === "number" && Number.isInteger(stored.index) && inputs[stored.index]
    ? stored.index
    : inputs.findIndex((input) => matchMedia(input.getAttribute("data-md-color-media") || "").matches);
  show(Math.max(0, index));
  inputs.forEach((input, index) => input.addEventListener("change", () => {
    document.body.setAttribute("data-md-color-switching", ""); // the theme's: no colour transitions mid-switch
    show(index);
    setTimeout(() => document.body.removeAttribute("data-md-color-switching"));
  }));
})();
