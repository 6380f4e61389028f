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

  /* Game page tabs (WAI-ARIA tabs, automatic activation): the server chose the open tab with
     a class on the layout (game-tab-<pane>); a tab click or the arrow keys move it; a link to a
     rule (#anchor) in the hidden pane opens that pane first. On a large screen both panes show. */
  function setupTabs() {
    var layout = document.querySelector("[data-game-layout]");
    if (!layout) return;
    var tabs = Array.prototype.slice.call(layout.querySelectorAll(".game-tabs [role=tab]"));
    function current() {
      return layout.classList.contains("game-tab-regles") ? "regles" : "calculer";
    }
    function show(name, focus) {
      layout.classList.toggle("game-tab-regles", name === "regles");
      layout.classList.toggle("game-tab-calculer", name !== "regles");
      tabs.forEach(function (t) {
        var on = t.getAttribute("data-pane") === name;
        t.classList.toggle("active", on);
        t.setAttribute("aria-selected", on ? "true" : "false");
        t.tabIndex = on ? 0 : -1;
        if (on && focus) t.focus();
      });
    }
    tabs.forEach(function (t, index) {
      t.addEventListener("click", function (event) {
        event.preventDefault();
        show(t.getAttribute("data-pane"));
      });
      t.addEventListener("keydown", function (event) {
        var to = null;
        if (event.key === "ArrowRight") to = (index + 1) % tabs.length;
        else if (event.key === "ArrowLeft") to = (index + tabs.length - 1) % tabs.length;
        else if (event.key === "Home") to = 0;
        else if (event.key === "End") to = tabs.length - 1;
        if (to === null) return;
        event.preventDefault();
        show(tabs[to].getAttribute("data-pane"), true);
      });
    });
    function paneOf(id) {
      var target = id && document.getElementById(id);
      var pane = target && target.closest(".game-pane");
      return pane && pane !== target ? { target: target, pane: pane.id } : null;
    }
    var start = paneOf(decodeURIComponent(location.hash.slice(1)));
    if (start && start.pane !== current()) {
      show(start.pane);
      start.target.scrollIntoView();
    }
    document.addEventListener("click", function (event) {
      var link = event.target.closest('a[href^="#"]');
      if (!link || link.getAttribute("role") === "tab") return;
      var found = paneOf(decodeURIComponent(link.getAttribute("href").slice(1)));
      if (found && found.pane !== current()) show(found.pane);
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

  /* A request sent while the player types or taps (not a submit) says so: the server then
     waits for the whole combination before counting its cards. */
  document.addEventListener("htmx:configRequest", function (event) {
    var trigger = event.detail.triggeringEvent;
    if (trigger && trigger.type !== "submit" && trigger.type !== "click") {
      event.detail.headers["X-Numsite-Live"] = "1";
    }
  });

  /* Live regions and alerts are stable containers: an out-of-band refresh that would write the
     same words again is skipped, so a screen reader does not repeat them on every keystroke. */
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || !target.matches("[data-stable-status], [role=alert], [aria-live], [data-error-for]")) return;
    if (event.detail.fragment.textContent.trim() === target.textContent.trim()) {
      event.detail.shouldSwap = false;
    }
  });

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
