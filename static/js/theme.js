/* Colour mode (Bootstrap 5.3 colour modes): the system's, unless a choice is remembered on this
   device. Loaded in <head>, not deferred, so the page is painted in the right mode at once
   (strict CSP: no inline script). The header button cycles système → sombre → clair. */
(function () {
  "use strict";
  var KEY = "numsite-theme";
  var NEXT = { auto: "dark", dark: "light", light: "auto" };
  var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function stored() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === "dark" || value === "light" ? value : "auto";
    } catch (e) {
      return "auto";
    }
  }

  function apply(choice) {
    var mode = choice === "auto" ? (media && media.matches ? "dark" : "light") : choice;
    document.documentElement.setAttribute("data-bs-theme", mode);
    var button = document.querySelector("[data-theme-toggle]");
    if (button) {
      button.setAttribute("data-theme-choice", choice);
      var label = button.querySelector("[data-theme-label]");
      /* translated by base.html: data-label-auto, data-label-dark, data-label-light */
      if (label) label.textContent = button.getAttribute("data-label-" + choice) || label.textContent;
    }
  }

  // Scripts run: the keypads and tabs may show from the first paint (no layout shift later).
  document.documentElement.classList.add("js");
  apply(stored());
  if (media && media.addEventListener) {
    media.addEventListener("change", function () {
      if (stored() === "auto") apply("auto");
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-theme-toggle]");
    if (!button) return;
    button.hidden = false;
    apply(stored());
    button.addEventListener("click", function () {
      var choice = NEXT[stored()];
      try {
        if (choice === "auto") window.localStorage.removeItem(KEY);
        else window.localStorage.setItem(KEY, choice);
      } catch (e) { /* private mode: the choice lasts for this page only */ }
      apply(choice);
    });
  });
})();
