/* Numsite: the little JavaScript the pages need (tabs, card picker, chips). No library. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var GLYPH = { R: "🔴", V: "🟢", B: "🔵", J: "🟡", A: "🌈", S: "🌑" };
  var NAME = { R: "Rouge", V: "Vert", B: "Bleu", J: "Jaune", A: "Rainbow", S: "Shadow" };

  function tokens(text) {
    return text.split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
  }

  function fire(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  /* Chips mirror a text field of card notation; tapping a chip removes that card. */
  function renderChips(input) {
    var box = document.querySelector('[data-chips-for="' + input.id + '"]');
    if (!box) return;
    box.textContent = "";
    tokens(input.value).forEach(function (tok, index) {
      var m = /^(\d+)([RVBJAS])$/i.exec(tok);
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "card-chip" + (m ? " fam-" + m[2].toUpperCase() : "");
      chip.textContent = (m ? GLYPH[m[2].toUpperCase()] + " " + m[1] : tok) + " ×";
      chip.setAttribute("aria-label", "Retirer " + (m ? m[1] + " " + NAME[m[2].toUpperCase()] : tok));
      chip.addEventListener("click", function () {
        var list = tokens(input.value);
        list.splice(index, 1);
        input.value = list.join(" ");
        renderChips(input);
        fire(input);
        input.focus();
      });
      box.appendChild(chip);
    });
  }

  function setupPicker(picker) {
    var family = null;
    var targetSel = picker.getAttribute("data-target");
    function target() {
      var selector = picker.getAttribute("data-active") || targetSel;
      return selector ? document.querySelector(selector) : null;
    }
    function put(code) {
      var input = target();
      if (!input) {
        var status = picker.querySelector("[data-picker-status]");
        if (status) status.textContent = "Touchez d'abord une case.";
        return;
      }
      if (picker.getAttribute("data-mode") === "set") {
        input.value = code;
      } else {
        input.value = (input.value.trim() + " " + code).trim();
      }
      renderChips(input);
      fire(input);
      picker.dispatchEvent(new CustomEvent("picked", { bubbles: true, detail: { input: input } }));
    }
    picker.querySelectorAll("[data-family]").forEach(function (btn) {
      btn.addEventListener("click", function () {
        family = btn.getAttribute("data-family");
        picker.querySelectorAll("[data-family]").forEach(function (b) {
          b.setAttribute("aria-pressed", b === btn ? "true" : "false");
        });
      });
    });
    picker.querySelectorAll("[data-value]").forEach(function (btn) {
      btn.addEventListener("click", function () {
        if (!family) {
          var status = picker.querySelector("[data-picker-status]");
          if (status) status.textContent = "Choisissez d'abord une famille.";
          return;
        }
        put(btn.getAttribute("data-value") + family);
      });
    });
    /* The deck's highest value may follow a select (NUM DRAFT: 0-12 or 0-16). */
    var maxFrom = document.querySelector(picker.getAttribute("data-max-from") || "#none");
    function limitValues() {
      if (!maxFrom) return;
      var max = parseInt(maxFrom.value.split("-")[1] || "16", 10);
      picker.querySelectorAll("[data-value]").forEach(function (b) {
        b.hidden = parseInt(b.getAttribute("data-value"), 10) > max;
      });
    }
    if (maxFrom) {
      maxFrom.addEventListener("change", limitValues);
      limitValues();
    }
    picker.querySelectorAll("[data-put]").forEach(function (btn) {
      btn.addEventListener("click", function () { put(btn.getAttribute("data-put")); });
    });
  }

  /* NUM DRAFT: tapping a place makes it the picker's target. */
  function setupStrip(strip) {
    var picker = document.querySelector(strip.getAttribute("data-strip-picker"));
    function select(event) {
      var place = event.target.closest("[data-place]");
      if (!place) return;
      strip.querySelectorAll("[data-place]").forEach(function (p) {
        p.classList.toggle("place-active", p === place);
      });
      if (picker) {
        picker.setAttribute("data-active", "#" + place.getAttribute("data-place"));
        var label = picker.querySelector("[data-picker-status]");
        if (label) label.textContent = "Case choisie : " + place.getAttribute("aria-label");
      }
    }
    strip.addEventListener("click", select);
    strip.addEventListener("focusin", select);
  }

  function syncErrors(root) {
    (root || document).querySelectorAll("[data-error-for]").forEach(function (box) {
      var input = document.getElementById(box.getAttribute("data-error-for"));
      if (!input) return;
      var bad = box.textContent.trim().length > 0;
      input.classList.toggle("is-invalid", bad);
      input.setAttribute("aria-invalid", bad ? "true" : "false");
    });
  }

  function setupTabs() {
    var tabs = document.querySelector(".game-tabs");
    if (!tabs) return;
    var buttons = tabs.querySelectorAll("[data-pane]");
    function show(name) {
      buttons.forEach(function (b) {
        var on = b.getAttribute("data-pane") === name;
        b.classList.toggle("active", on);
        b.setAttribute("aria-selected", on ? "true" : "false");
        var pane = document.getElementById(b.getAttribute("data-pane"));
        if (pane) pane.hidden = !on && window.matchMedia("(max-width: 991.98px)").matches;
      });
    }
    buttons.forEach(function (b) {
      b.addEventListener("click", function () { show(b.getAttribute("data-pane")); });
    });
    var start = tabs.getAttribute("data-start") || "regles";
    if (location.hash === "#calculer") start = "calculer";
    show(start);
    /* A link to a rule (#anchor) shows the pane that holds it first, on a phone. */
    document.addEventListener("click", function (event) {
      var link = event.target.closest('a[href^="#"]');
      if (!link || link.getAttribute("href").length < 2) return;
      var target = document.getElementById(link.getAttribute("href").slice(1));
      var pane = target && target.closest(".game-pane");
      if (pane && pane.hidden) {
        show(pane.id);
        target.scrollIntoView();
      }
    });
    window.addEventListener("resize", function () {
      var current = tabs.querySelector(".active");
      show(current ? current.getAttribute("data-pane") : start);
    });
  }

  function once(el, fn) {
    if (el.hasAttribute("data-ready")) return;
    el.setAttribute("data-ready", "");
    fn(el);
  }

  function init(root) {
    root.querySelectorAll("[data-picker]").forEach(function (el) { once(el, setupPicker); });
    root.querySelectorAll("[data-strip]").forEach(function (el) { once(el, setupStrip); });
    root.querySelectorAll("input[data-chips]").forEach(function (input) {
      once(input, function () {
        renderChips(input);
        input.addEventListener("input", function () { renderChips(input); });
      });
    });
    syncErrors(root);
  }

  /* New party: show only the chosen game's mode (and NUM DRAFT's deck). Without JavaScript
     every game's mode stays visible, each labelled with its game. */
  function setupNewGame(form) {
    function show() {
      var checked = form.querySelector("input[name=kind]:checked");
      var kind = checked ? checked.value : "";
      form.querySelectorAll("[data-kind-only]").forEach(function (el) {
        el.hidden = el.getAttribute("data-kind-only") !== kind;
      });
    }
    form.addEventListener("change", show);
    show();
  }

  document.addEventListener("DOMContentLoaded", function () {
    init(document);
    document.querySelectorAll("[data-new-game]").forEach(setupNewGame);
    setupTabs();
    document.querySelectorAll("[data-print]").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
    document.body.addEventListener("htmx:afterSettle", function () { syncErrors(document); });
    document.body.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  });
})();
