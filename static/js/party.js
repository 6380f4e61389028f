/* The Parties page as a table tool (enhancement only: every form works without it).

   - « Ce téléphone : Tom »: remembered on this phone for this party (localStorage, keyed by
     the party's data-party key); the entry starts with that player, otherwise with the last
     player and combination saved from this phone.
   - NUM DRAFT: this phone's player's grid is open when the page is drawn.
   - The combination proposed by the live score (data-proposed of [data-preview]) is selected
     until the player picks one by hand; a save sent before the live score answered the last
     card typed waits for that answer (1.5 s at most; 10 s without network, where the phone's
     engines answer, offline.js), so it carries the proposal. An entry cleared for the next one
     (a write kept without network) starts again with this phone's player.
   - After every write, this phone's or another's: the players whose total changed are
     highlighted for a moment and their points are said in the notice (« Tom +27 »); focus goes
     to the notice, never to <body>; open <details> stay open across a write. The live board
     is morphed in place (idiomorph's htmx extension, hx-swap="morph"): what the reader opened,
     focused or scrolled in it is kept by the morph itself, the <details> told to keep their
     « open » below.
   - « Quelles cartes guetter ? » follows the entry's player; a claim filled from one of its
     outs has its save button focused.
   - A write that fails (a server error; no network when party-queue.js cannot keep it; a
     replaced link, with the server's words) says so next to its button, keeping the entry;
     « Pas de réseau » goes once a save or a poll goes through; a failed live score says nothing;
     a poll answered 410 (the links were replaced) shows the server's message and stops.
   The words come from data-* attributes of the page: this file holds no text. */
(function () {
  "use strict";

  function local() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function sheet() { return document.getElementById("sheet"); }

  function partyKey() {
    var s = sheet();
    return s ? "numsite:party:" + s.getAttribute("data-party") + ":" : null;
  }

  function get(name) {
    var s = local(), k = partyKey();
    return s && k ? s.getItem(k + name) : null;
  }

  function put(name, value) {
    var s = local(), k = partyKey();
    if (!s || !k) return;
    if (value === null || value === "") s.removeItem(k + name);
    else s.setItem(k + name, value);
  }

  function hasOption(select, value) {
    return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
  }

  function atDrawnValue(select) {
    var drawn = Array.prototype.filter.call(select.options, function (o) { return o.defaultSelected; });
    var value = drawn.length ? drawn[0].value : (select.options[0] || {}).value;
    return select.value === value && !drawn.length;
  }

  /* The entry's player: this phone's player, else the last one saved from here. */
  function choosePlayer(root) {
    var me = get("me");
    root.querySelectorAll("select[data-entry-player]").forEach(function (select) {
      if (!atDrawnValue(select)) return; /* a refused entry or a draft: kept as it is */
      var want = me || get("last-player");
      if (want && hasOption(select, want) && select.value !== want) {
        select.value = want;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    root.querySelectorAll("select[data-entry-combo]").forEach(function (select) {
      if (!atDrawnValue(select)) return;
      var last = get("last-combo");
      if (last && hasOption(select, last)) select.value = last;
    });
  }

  /* NUM DRAFT: this phone's player's grid opens by itself (unless another one is open). */
  function openOwnGrid(root) {
    var me = get("me");
    if (!me || root.querySelector("details[data-grid-player][open]")) return;
    var own = root.querySelector('details[data-grid-player="' + me + '"]');
    if (own) own.open = true;
  }

  function setupPhone(root) {
    root.querySelectorAll("[data-phone]").forEach(function (box) {
      var select = box.querySelector("[data-phone-select]");
      if (!select) return;
      box.hidden = false;
      var me = get("me");
      if (me && hasOption(select, me)) select.value = me;
      select.addEventListener("change", function () {
        put("me", select.value);
        openOwnGrid(document);
        /* every entry's player follows: the claim's, and the invalid CHECK's (NUM CHECK) */
        document.querySelectorAll("select[data-entry-player]:not([data-outs-player])").forEach(function (player) {
          if (select.value && hasOption(player, select.value) && player.value !== select.value) {
            player.value = select.value;
            player.dispatchEvent(new Event("change", { bubbles: true }));
          }
        });
      });
    });
  }

  /* an entry cleared for the next one without a new sheet (party-queue.js, a write kept
     without network): it starts again as a new sheet would, with this phone's player and the
     last combination, the combination free to be proposed again */
  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-entry]")) return;
    window.setTimeout(function () {
      form.querySelectorAll("select[data-entry-combo]").forEach(function (c) { c.removeAttribute("data-chosen"); });
      choosePlayer(form);
    }, 0); /* once the form holds its reset values */
  });

  function rememberEntry(form) {
    var player = form.querySelector("select[data-entry-player]");
    var combo = form.querySelector("select[data-entry-combo]");
    if (player) put("last-player", player.value);
    if (combo) put("last-combo", combo.value);
  }

  /* ---- the proposed combination */
  document.addEventListener("change", function (event) {
    var t = event.target;
    /* any change of the select is the player's choice: propose() sets the value itself,
       without an event, so a proposal never counts as chosen */
    if (t.matches && t.matches("select[data-entry-combo]")) {
      t.setAttribute("data-chosen", "");
    }
    /* « Quelles cartes guetter ? » is for the entry's player: it follows the claim's player */
    if (t.matches && t.matches("form[data-entry] select[data-entry-player]")) {
      var outs = document.querySelector("select[data-outs-player]");
      var hand = outs && outs.form ? outs.form.querySelector("input[name='outs-hand']") : null;
      if (outs && outs.value !== t.value && hasOption(outs, t.value)) {
        outs.value = t.value;
        if (hand && hand.value.trim()) outs.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  });
  document.addEventListener("input", function (event) {
    var t = event.target;
    if (t.matches && t.matches("select[data-entry-combo]")) {
      t.setAttribute("data-chosen", "");
    }
  });
  function propose(preview) {
    var form = preview.closest("form");
    var combo = form && form.querySelector("select[data-entry-combo]");
    var body = preview.querySelector("[data-proposed]");
    var proposed = body ? body.getAttribute("data-proposed") : "";
    if (!combo || !proposed || combo.hasAttribute("data-chosen") || !hasOption(combo, proposed)) return;
    if (combo.value !== proposed) {
      combo.value = proposed;
      if (window.NumsiteDrafts) window.NumsiteDrafts.save(form);
    }
  }

  /* ---- a save waits for the proposal of what it carries: the live score answers a moment
     after the last card typed, so Enter pressed at once would save the combination the select
     still showed (and be refused). The save goes when the live score has answered, failed, or
     after PROPOSAL_WAIT_MS at most; a combination chosen by hand is not waited for. */
  var PROPOSAL_WAIT_MS = 1500;
  /* without network the phone's engines propose (offline.js): the first answer starts them */
  var OFFLINE_PROPOSAL_WAIT_MS = 10000;
  var unproposed = new WeakMap(); /* htmx 2 needs WeakMap too: every browser it runs in has it */
  /* what the live score was asked about: an answer for the cards before the last one typed
     (asked while the player was still typing, hx-sync queues the next ask behind it) does
     not settle the wait */
  var inputs = 0;
  var typedAt = new WeakMap();
  var askedAt = new WeakMap();

  function proposalPending(form) {
    var combo = form.querySelector("select[data-entry-combo]");
    return !!(combo && !combo.hasAttribute("data-chosen") &&
      form.querySelector("[data-preview]") && unproposed.get(form));
  }
  function proposalDone(form) {
    var pending = unproposed.get(form);
    if (!pending) return;
    unproposed.delete(form);
    if (pending !== true) pending();
  }
  document.addEventListener("input", function (event) {
    var t = event.target;
    var form = t && t.closest ? t.closest("form[data-entry]") : null;
    if (!form || t.matches("select[data-entry-combo]")) return;
    typedAt.set(form, ++inputs);
    if (!unproposed.get(form)) unproposed.set(form, true);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var t = event.detail.elt;
    var form = t && t.matches && t.matches("[data-preview]") ? t.closest("form") : null;
    if (form && event.detail.xhr) askedAt.set(event.detail.xhr, typedAt.get(form) || 0);
  });
  function answered(form, xhr) {
    if (!xhr || !askedAt.has(xhr)) return true;
    return askedAt.get(xhr) >= (typedAt.get(form) || 0);
  }
  document.addEventListener("htmx:confirm", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-entry]") || !proposalPending(form)) return;
    event.preventDefault();
    /* a save already waits (Enter pressed again): it sends what the form holds when it goes */
    if (typeof unproposed.get(form) === "function") return;
    var sent = false;
    var send = function () {
      if (sent) return;
      sent = true;
      unproposed.delete(form);
      if (!form.isConnected) return;
      rememberEntry(form);
      event.detail.issueRequest(true);
    };
    unproposed.set(form, send);
    window.setTimeout(send, navigator.onLine === false ? OFFLINE_PROPOSAL_WAIT_MS : PROPOSAL_WAIT_MS);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var t = event.detail.elt;
    /* answered with a proposal: it is settled (and proposed) just after; otherwise: done */
    if (t && t.matches && t.matches("[data-preview]") && !event.detail.successful) {
      var form = t.closest("form");
      if (form && answered(form, event.detail.xhr)) proposalDone(form);
    }
  });

  /* the live score answered on this phone, without network (offline.js) */
  document.addEventListener("numsite:previewed", function (event) {
    var form = event.target.closest("form");
    propose(event.target);
    if (form) proposalDone(form);
  });

  /* ---- what changed: totals before and after a swap */
  var before = null;
  var openDetails = null;

  function totals() {
    var out = {};
    document.querySelectorAll("#board tr[data-seat]").forEach(function (tr) {
      out[tr.getAttribute("data-seat")] = {
        name: tr.getAttribute("data-name"),
        total: Number(tr.getAttribute("data-total"))
      };
    });
    return out;
  }

  function remember() {
    if (before === null) before = totals();
    if (openDetails === null) {
      /* not a NUM DRAFT grid: this phone's own opens by itself (openOwnGrid) */
      openDetails = Array.prototype.map.call(document.querySelectorAll("#sheet details[id]:not([data-grid-player])[open]"), function (d) { return d.id; });
    }
  }

  /* the live board's morph (idiomorph): a <details> keeps the « open » the reader gave it */
  if (window.Idiomorph) {
    window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, element) {
      return !(name === "open" && element.tagName === "DETAILS");
    };
  }

  /* the rows lit because their total changed, by seat: until when (a board drawn again
     meanwhile, such as the details fetched right after a save, keeps them lit) */
  var lit = {};

  function light(seat, until) {
    var row = document.querySelector('#board tr[data-seat="' + seat + '"]');
    if (!row) return;
    row.classList.add("ns-changed");
    window.setTimeout(function () { row.classList.remove("ns-changed"); }, Math.max(0, until - Date.now()));
  }

  function changes() {
    var now = totals();
    var said = [];
    Object.keys(lit).forEach(function (seat) {
      if (lit[seat] > Date.now()) light(seat, lit[seat]); else delete lit[seat];
    });
    if (!before) return said;
    Object.keys(now).forEach(function (seat) {
      var was = before[seat];
      if (!was || was.total === now[seat].total) return;
      var diff = now[seat].total - was.total;
      said.push(now[seat].name + " " + (diff > 0 ? "+" : "−") + Math.abs(diff));
      lit[seat] = Date.now() + 4000;
      light(seat, lit[seat]);
    });
    return said;
  }

  function restoreDetails() {
    if (!openDetails) return;
    openDetails.forEach(function (id) {
      var el = document.getElementById(id);
      if (el && el.tagName === "DETAILS") el.open = true;
    });
    openDetails = null;
  }

  /* the claim filled from an out (« Quelles cartes guetter ? »): its save button, one tap away */
  function focusFilled(s, notice) {
    var filled = notice ? null : s.querySelector("[data-filled]");
    if (!filled) return;
    filled.scrollIntoView({ block: "center" });
    filled.focus({ preventScroll: true });
  }

  function settle(target) {
    var said = changes();
    before = null;
    restoreDetails();
    var points = said.join(" · ");
    var s = sheet();
    if (!s) return;
    /* a notice drawn in its entry (a Num 5 turn, beside its rows) comes first */
    var notice = target && target.id === "sheet" ? s.querySelector("[data-notice-here]") || s.querySelector("[data-notice]") : null;
    if (notice) {
      var slot = notice.querySelector("[data-points]");
      if (slot && points) { slot.textContent = points; slot.hidden = false; }
      notice.scrollIntoView({ block: notice.hasAttribute("data-notice-here") ? "start" : "nearest" });
      notice.focus({ preventScroll: true });
    } else if (target && target.id === "board" && points) {
      var last = document.querySelector("#board [data-last-points]");
      if (last) { last.textContent = points + " · "; last.hidden = false; }
    }
    var correction = !notice && target && target.id === "sheet" ? s.querySelector("#correction") : null;
    if (correction) { /* « Corriger » opens in view at its claim's row, on its first field */
      correction.scrollIntoView({ block: "start" });
      var field = correction.querySelector("select, input:not([type=hidden])");
      if (field) field.focus({ preventScroll: true });
    }
    if (target && target.id === "sheet") {
      choosePlayer(s);
      setupPhone(s);
      openOwnGrid(s);
      focusFilled(s, notice);
      var active = document.activeElement;
      if (!active || active === document.body) {
        var first = s.querySelector("form[data-entry] select, form[data-entry] input:not([type=hidden])");
        if (first) first.focus({ preventScroll: true });
      }
    }
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var t = event.detail.target;
    var code = event.detail.xhr ? event.detail.xhr.status : 0;
    if (code >= 500 && t && (t.id === "sheet" || t.id === "board")) {
      /* a server error (a proxy's 503 too) never replaces the sheet: the entry stays, the
         failure is said next to its button (htmx:responseError below) */
      event.detail.shouldSwap = false;
      return;
    }
    if (t && (t.id === "sheet" || t.id === "board")) remember();
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var t = event.detail.target;
    if (t && t.id === "board-more" && t.querySelector("#correction")) {
      event.detail.shouldSwap = false; /* a correction open at its row stays as typed */
      /* and counts as seen, so the poll does not fetch these details again every 3 s */
      var shown = t.querySelector("[name=d]");
      var sent = event.detail.fragment && event.detail.fragment.querySelector("[name=d]");
      if (shown && sent) shown.value = sent.value;
      return;
    }
  });
  /* a writer's answer keeps the details as they are (hx-preserve): they show an earlier
     version than the standings, so the live board is asked for the new ones at once (it
     sends them with the poll's « d », the details' version, until they come) */
  function refreshKept() {
    var board = document.getElementById("board");
    var shown = document.querySelector("#board-more [name=d]");
    if (board && shown && window.htmx && shown.value !== board.getAttribute("data-version")) {
      window.htmx.trigger(board, "refresh");
    }
  }

  /* the game ended (or was reopened) by another phone: the sheet is drawn again, its entry
     giving way to the final standings (or coming back) */
  function followEnd() {
    var s = sheet();
    var board = document.getElementById("board"); /* the one swapped in (outerHTML) */
    if (!s || !board || !window.htmx) return;
    /* a write or its queue still under way draws the sheet itself: the next poll looks again */
    if (document.querySelector(".htmx-request") || document.querySelector("[data-party-queue]:not([hidden])")) return;
    var ended = !!board.querySelector("[data-testid=game-finished]");
    if (ended === s.hasAttribute("data-ended")) return;
    window.htmx.ajax("GET", window.location.pathname + window.location.search,
      { target: "#sheet", select: "#sheet", swap: "outerHTML" });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var t = event.detail.target;
    if (t && (t.id === "sheet" || t.id === "board")) settle(t);
    if (t && t.id === "board") followEnd();
    if (t && t.id === "sheet") refreshKept();
    if (t && t.matches && t.matches("[data-preview]")) {
      propose(t);
      if (t.closest("form") && answered(t.closest("form"), event.detail.xhr)) proposalDone(t.closest("form"));
    }
  });

  /* ---- a save: remember who and what; a failure: say so next to the button */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches && form.matches("form[data-entry]")) rememberEntry(form);
  });

  function failed(event) {
    if (event.detail.queued) return; /* kept by party-queue.js, which says so at the board */
    var elt = event.detail.elt;
    var xhr = event.detail.xhr;
    var s = sheet();
    if (!s || !elt) return;
    if (elt.id === "board") {
      if (xhr && xhr.status === 410) {
        var box = document.createElement("div");
        box.innerHTML = xhr.responseText;
        var ended = box.querySelector("[data-gone]");
        if (ended) elt.replaceWith(ended); /* no more polling: the element is gone */
      }
      return; /* another poll will come */
    }
    /* a live score, « Quelles cartes guetter ? », a correction opened: nothing was to be saved */
    var verb = event.detail.requestConfig ? String(event.detail.requestConfig.verb) : "get";
    if (verb.toLowerCase() !== "post") return;
    var form = elt.closest ? elt.closest("form") : null;
    if (!form || xhr && xhr.status === 429) return; /* the abuse limit has its own message */
    var old = form.querySelector("[data-failed]");
    if (old) old.remove();
    var note = document.createElement("div");
    note.className = "alert alert-danger py-2 my-2";
    note.setAttribute("role", "alert");
    note.setAttribute("tabindex", "-1");
    note.setAttribute("data-failed", "");
    note.setAttribute("data-testid", "write-failed");
    var offline = !xhr || xhr.status === 0;
    var gone = null;
    if (xhr && xhr.status === 410) { /* the links were replaced: the server's page says what to do */
      var page = document.createElement("div");
      page.innerHTML = xhr.responseText;
      gone = page.querySelector("[data-gone]");
    }
    if (gone) {
      note.className = "alert alert-warning py-2 my-2";
      note.setAttribute("data-testid", "links-replaced");
      note.replaceChildren.apply(note, Array.prototype.slice.call(gone.childNodes));
      note.querySelectorAll("h1").forEach(function (h) { /* no heading inside a form's notice */
        var strong = document.createElement("strong");
        strong.className = "d-block";
        strong.textContent = h.textContent;
        h.replaceWith(strong);
      });
    } else {
      note.textContent = s.getAttribute(offline ? "data-msg-offline" : "data-msg-failed") || "";
    }
    if (offline) note.setAttribute("data-network", "");
    var button = form.querySelector("[type=submit], button:not([type])");
    if (button) button.insertAdjacentElement("beforebegin", note);
    else form.appendChild(note);
    if (button) button.scrollIntoView({ block: "nearest" }); /* the message and its button both */
    note.scrollIntoView({ block: "nearest" });
    note.focus({ preventScroll: true });
  }
  /* « Pas de réseau » holds until a save or a poll goes through again */
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    var xhr = event.detail.xhr;
    var verb = event.detail.requestConfig ? String(event.detail.requestConfig.verb).toLowerCase() : "";
    if (!xhr || !xhr.status || xhr.status >= 500) return;
    if (!elt || !(elt.id === "board" || verb === "post")) return;
    document.querySelectorAll("[data-failed][data-network]").forEach(function (note) { note.remove(); });
  });
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:sendError", failed);

  document.addEventListener("DOMContentLoaded", function () {
    var s = sheet();
    if (!s) return;
    setupPhone(s);
    choosePlayer(s);
    openOwnGrid(s);
    var notice = s.querySelector("[data-notice]");
    if (notice) {
      notice.scrollIntoView({ block: "nearest" });
      notice.focus({ preventScroll: true });
    }
    focusFilled(s, notice);
  });
})();
