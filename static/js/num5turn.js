/* Num 5 « Jouer un tour »: the picker fills each player's card in turn (two taps a card). */
(function () {
  "use strict";

  function fields(box) {
    return Array.prototype.slice.call(box.querySelectorAll("input[data-place]"));
  }

  function activate(box, input) {
    var picker = document.querySelector(box.getAttribute("data-strip-picker"));
    fields(box).forEach(function (f) { f.classList.toggle("place-active", f === input); });
    if (!picker || !input) return;
    picker.setAttribute("data-active", "#" + input.id);
    var status = picker.querySelector("[data-picker-status]");
    if (status) status.textContent = "Carte de " + input.getAttribute("aria-label").replace(/^Carte de /, "") + " : touchez une famille, puis une valeur.";
  }

  function firstEmpty(box) {
    var list = fields(box);
    for (var i = 0; i < list.length; i += 1) {
      if (!list[i].value.trim()) return list[i];
    }
    return null;
  }

  function setup(root) {
    root.querySelectorAll("[data-turn-cards]").forEach(function (box) {
      if (box.hasAttribute("data-turn-ready")) return;
      box.setAttribute("data-turn-ready", "");
      var start = firstEmpty(box) || fields(box)[0];
      if (start) activate(box, start);
    });
  }

  document.addEventListener("picked", function (event) {
    var input = event.detail && event.detail.input;
    var box = input && input.closest("[data-turn-cards]");
    if (!box || !input.value.trim()) return;
    var next = firstEmpty(box);
    if (next) activate(box, next);
  });

  document.addEventListener("DOMContentLoaded", function () {
    setup(document);
    document.body.addEventListener("htmx:load", function (event) { setup(event.detail.elt); });
  });
})();
