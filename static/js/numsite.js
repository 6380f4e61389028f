/* Numsite: the little JavaScript the pages need (tabs, card picker, chips). No library. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  /* The families' glyphs and names come from the server (json_script in base.html), the same
     tables its chips are drawn from. */
  var TABLES = (function () {
    var node = document.getElementById("card-tables");
    return node ? JSON.parse(node.textContent) : { glyph: {}, name: {} };
  })();
  var GLYPH = TABLES.glyph;
  var NAME = TABLES.name;
  var TEXT = TABLES.text || {};

  /* A translated message from the server: "{name}" placeholders filled from values. */
  function fill(message, values) {
    return (message || "").replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
    });
  }

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
      if (m) {  /* the server's chip: glyph, then the value in bold (card_chip in numsite.py) */
        var glyph = document.createElement("span");
        glyph.setAttribute("aria-hidden", "true");
        glyph.textContent = GLYPH[m[2].toUpperCase()] || "";
        var value = document.createElement("b");
        value.setAttribute("aria-hidden", "true");
        value.textContent = m[1];
        chip.appendChild(glyph);
        chip.appendChild(value);
        chip.appendChild(document.createTextNode(" ×"));
      } else {
        chip.textContent = tok + " ×";
      }
      chip.setAttribute("aria-label", fill(TEXT.remove, { card: m ? m[1] + " " + NAME[m[2].toUpperCase()] : tok }));
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

  /* The card picker: a family, then a value — two taps a card. It fills the places of its strip
     (an element with data-strip-picker naming the picker; its [data-place] inputs in order) or
     its single data-target. In "set" mode each place holds one card and the picker moves on to
     the next empty place; ⌫ clears the card and goes back. Only an explicit tap (click) or Enter
     on a place makes it the target: focus alone never retargets. */
  function stripOf(picker) {
    return picker.numsiteStrip || null;
  }

  function places(picker) {
    var strip = stripOf(picker);
    if (!strip) return [];
    var list = Array.prototype.slice.call(strip.querySelectorAll("input[data-place], textarea[data-place]")).filter(function (p) {
      return !p.disabled && p.offsetParent !== null;
    });
    /* data-order: the order the picker fills them, where it is not the page's (NUM DRAFT: the
       own grid first, then the neighbours' columns) */
    return list.map(function (p, i) { return [parseInt(p.getAttribute("data-order") || i, 10), i, p]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
      .map(function (t) { return t[2]; });
  }

  /* The picker's messages are data-msg-* attributes of its status line, translated by the
     template (web/_picker.html). */
  function message(picker, name, values) {
    var box = picker.querySelector("[data-picker-status]");
    return box ? fill(box.getAttribute("data-msg-" + name), values || {}) : "";
  }

  function status(picker, text) {
    var box = picker.querySelector("[data-picker-status]");
    if (box) box.textContent = text;
  }

  function placeName(input) {
    var label = input.getAttribute("aria-label");
    if (!label && input.labels && input.labels.length) label = input.labels[0].textContent;
    return (label || input.name || "").trim();
  }

  function setActive(picker, input, quiet) {
    var strip = stripOf(picker);
    if (strip) {
      places(picker).forEach(function (p) {
        p.classList.toggle("place-active", p === input);
        if (p === input) p.setAttribute("aria-current", "true");
        else p.removeAttribute("aria-current");
      });
    }
    if (input) picker.setAttribute("data-active", "#" + input.id);
    else picker.removeAttribute("data-active");
    if (input && !quiet && strip) status(picker, message(picker, "chosen", { place: placeName(input) }));
  }

  function firstEmpty(list, from) {
    for (var k = 0; k < list.length; k += 1) {
      var p = list[(from + k) % list.length];
      if (!p.value.trim()) return p;
    }
    return null;
  }

  /* Append mode: a card goes after the last one (in a textarea of « Nom : cartes » lines, where
     the caret was last left, else at the end). */
  function caretOf(input) {
    var caret = input.numsiteCaret;
    return caret === undefined || caret === null ? input.value.length : Math.min(caret, input.value.length);
  }

  function insertAt(input, code) {
    var value = input.value;
    var area = input.tagName === "TEXTAREA";
    var caret = area ? caretOf(input) : value.length;
    var before = area ? value.slice(0, caret) : value.trim();
    var after = area ? value.slice(caret) : "";
    var sep = before === "" || /\s$/.test(before) || code === "\n" ? "" : " ";
    var text = before + sep + code;
    input.value = text + (after && !/^\s/.test(after) && code !== "\n" ? " " : "") + after;
    input.numsiteCaret = text.length;
  }

  document.addEventListener("click", rememberCaret);
  document.addEventListener("keyup", rememberCaret);
  function rememberCaret(event) {
    var area = event.target;
    if (area && area.tagName === "TEXTAREA") area.numsiteCaret = area.selectionEnd;
  }

  function setupPicker(picker) {
    picker.hidden = false; /* without JavaScript the keypad stays hidden: the fields are typed */
    if (!picker.numsiteStrip) {
      document.querySelectorAll("[data-strip-picker]").forEach(function (strip) {
        if (document.querySelector(strip.getAttribute("data-strip-picker")) === picker) picker.numsiteStrip = strip;
      });
    }
    var family = null;
    function target() {
      var selector = picker.getAttribute("data-active") || picker.getAttribute("data-target");
      var input = selector && selector.length > 1 ? document.querySelector(selector) : null;
      if (!input && stripOf(picker)) {
        var list = places(picker);
        input = firstEmpty(list, 0) || list[0] || null;
        if (input) setActive(picker, input, true);
      }
      return input;
    }
    function setMode() {
      return picker.getAttribute("data-mode") === "set";
    }
    function changed(input) {
      renderChips(input);
      fire(input);
      picker.dispatchEvent(new CustomEvent("picked", { bubbles: true, detail: { input: input } }));
    }
    function put(code) {
      var input = target();
      if (!input) {
        status(picker, message(picker, "choose-first"));
        return;
      }
      if (setMode()) {
        input.value = code;
      } else {
        insertAt(input, code);
      }
      changed(input);
      if (setMode() && stripOf(picker)) {
        var list = places(picker);
        var next = firstEmpty(list, list.indexOf(input) + 1);
        if (next) setActive(picker, next, true);
        status(picker, message(picker, "put", { card: code, place: placeName(input) }) + " " + (next ? message(picker, "next", { place: placeName(next) }) : message(picker, "all-filled")));
      } else {
        status(picker, message(picker, "added", { card: code }));
      }
    }
    function back() {
      var input = target();
      if (!input) return;
      if (setMode()) {
        if (!input.value.trim() && stripOf(picker)) {
          var list = places(picker);
          var i = list.indexOf(input);
          if (i > 0) {
            input = list[i - 1];
            setActive(picker, input, true);
          }
        }
        input.value = "";
      } else if (input.tagName === "TEXTAREA") {
        var caret = caretOf(input);
        var before = input.value.slice(0, caret).replace(/\S+[ \t]*$/, "");
        input.value = before + input.value.slice(caret);
        input.numsiteCaret = before.length;
      } else {
        var list2 = tokens(input.value);
        list2.pop();
        input.value = list2.join(" ");
      }
      changed(input);
      status(picker, message(picker, "cleared", { place: placeName(input) }));
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
          status(picker, message(picker, "family-first"));
          return;
        }
        put(btn.getAttribute("data-value") + family);
      });
    });
    picker.querySelectorAll("[data-put]").forEach(function (btn) {
      btn.addEventListener("click", function () { put(btn.getAttribute("data-put")); });
    });
    picker.querySelectorAll("[data-back]").forEach(function (btn) {
      btn.addEventListener("click", back);
    });
    /* The deck's highest value may follow a select (NUM DRAFT: 0-12 or 0-16). */
    var maxFrom = document.querySelector(picker.getAttribute("data-max-from") || "#none");
    function limitValues() {
      if (!maxFrom) return;
      var max = parseInt(maxFrom.value.split("-")[1] || "16", 10);
      picker.querySelectorAll("[data-value]").forEach(function (b) {
        b.hidden = parseInt(b.getAttribute("data-value"), 10) > max;
      });
      picker.querySelectorAll("[role=group][data-keys]").forEach(keepOneStop);
    }
    if (maxFrom) {
      maxFrom.addEventListener("change", limitValues);
      limitValues();
    }
    picker.querySelectorAll("[role=group][data-keys]").forEach(setupKeys);
  }

  /* Arrow keys inside a keypad group (one tab stop per group: roving tabindex). */
  function keysOf(group) {
    return Array.prototype.slice.call(group.querySelectorAll("button")).filter(function (b) {
      return !b.hidden;
    });
  }

  function keepOneStop(group, chosen) {
    var list = keysOf(group);
    var stop = chosen || list.filter(function (b) { return b.tabIndex === 0; })[0] || list[0];
    list.forEach(function (b) { b.tabIndex = b === stop ? 0 : -1; });
    group.querySelectorAll("button[hidden]").forEach(function (b) { b.tabIndex = -1; });
  }

  function setupKeys(group) {
    keepOneStop(group, group.querySelector("[aria-pressed=true]"));
    group.addEventListener("click", function (event) {
      var btn = event.target.closest("button");
      if (btn) keepOneStop(group, btn);
    });
    group.addEventListener("keydown", function (event) {
      var list = keysOf(group);
      var i = list.indexOf(document.activeElement);
      if (i < 0) return;
      var columns = list.filter(function (b) { return b.offsetTop === list[0].offsetTop; }).length || 1;
      var j = null;
      if (event.key === "ArrowRight") j = Math.min(i + 1, list.length - 1);
      else if (event.key === "ArrowLeft") j = Math.max(i - 1, 0);
      else if (event.key === "ArrowDown") j = Math.min(i + columns, list.length - 1);
      else if (event.key === "ArrowUp") j = Math.max(i - columns, 0);
      else if (event.key === "Home") j = 0;
      else if (event.key === "End") j = list.length - 1;
      if (j === null) return;
      event.preventDefault();
      keepOneStop(group, list[j]);
      list[j].focus();
    });
  }

  /* A strip's places: an explicit tap (click) or Enter on a place makes it the picker's target. */
  function setupStrip(strip) {
    var picker = document.querySelector(strip.getAttribute("data-strip-picker"));
    if (!picker) return;
    picker.numsiteStrip = strip;
    function choose(event) {
      var place = event.target.closest("[data-place]");
      if (!place || !strip.contains(place)) return;
      setActive(picker, place);
    }
    strip.addEventListener("click", choose);
    strip.addEventListener("keydown", function (event) {
      if (event.key === "Enter") choose(event);
    });
    var list = places(picker);
    setActive(picker, firstEmpty(list, 0) || list[0] || null, true);
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
    root.querySelectorAll("[data-strip]").forEach(function (el) { once(el, setupStrip); });
    root.querySelectorAll("[data-picker]").forEach(function (el) { once(el, setupPicker); });
    root.querySelectorAll("input[data-chips]").forEach(function (input) {
      once(input, function () {
        renderChips(input);
        input.addEventListener("input", function () { renderChips(input); });
      });
    });
    syncErrors(root);
  }

  /* Focus survives a swap: the element that had it (same id, or same name and value) gets it
     back, or the place its data-focus-after names (« Ajouter une manche »: the new round's first
     cell) — never <body>. */
  var refocus = null;
  function selectorFor(el) {
    if (el.hasAttribute("data-focus-after")) return el.getAttribute("data-focus-after");
    if (el.id) return "#" + CSS.escape(el.id);
    if (el.name) {
      return el.tagName.toLowerCase() + '[name="' + CSS.escape(el.name) + '"]' +
        (el.tagName === "BUTTON" && el.value ? '[value="' + CSS.escape(el.value) + '"]' : "");
    }
    return null;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var el = document.activeElement;
    var target = event.detail.target;
    refocus = el && el !== document.body && target && target.contains(el) ? selectorFor(el) : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!refocus) return;
    var selector = refocus;
    refocus = null;
    var active = document.activeElement;
    if (active && active !== document.body) return; /* an autofocus in the new content won */
    var again = document.querySelector(selector);
    if (again) again.focus();
  });

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
    setupTabs();
    document.querySelectorAll("[data-print]").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
    document.body.addEventListener("htmx:afterSettle", function () { syncErrors(document); });
    document.body.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  });
})();
