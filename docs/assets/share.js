// @ts-check
// Share a link in one tap: the share sheet where the browser has one, the clipboard otherwise, and a
// visible confirmation. Each section heading gets a button; calculators.js uses the same for results.
(() => {
  "use strict";
  window.shareLink = async (url, button, label) => {
    try {
      const sheet = "share" in navigator; // a browser without a share sheet copies the link instead
      if (sheet) await navigator.share({ title: document.title, url });
      else await navigator.clipboard.writeText(url);
      button.textContent = sheet ? "Shared" : "Link copied";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return; // the player closed the share sheet
      button.textContent = "Could not copy: the link is in the address bar";
    }
    setTimeout(() => { button.textContent = label; }, 2500);
  };

  // Each heading's link to itself, shareable in one tap; again for each page navigation.js puts in place.
  function addButtons() {
    for (const heading of document.querySelectorAll(".md-content article :is(h2, h3, h4)[id]")) {
      const permalink = heading.querySelector(".headerlink");
      if (!permalink) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "heading-share";
      button.textContent = "copy link";
      button.setAttribute("aria-label", `Copy link to ${heading.textContent.replace("¶", "").trim()}`);
      button.addEventListener("click", () => {
        const url = `${location.origin}${location.pathname}${location.search}#${heading.id}`;
        window.shareLink(url, button, "copy link");
      });
      permalink.after(button);
    }
  }
  addButtons();
  document.addEventListener("site:page", addButtons);
})();
