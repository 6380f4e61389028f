/* The phone's queue of Party writes (docs/offline.md, « Writes without network »).

   Every write of a Party edit page (an htmx post to /parties/<token>/<write>/) is sent with an
   Idempotency-Key made when it is submitted. A write that cannot be sent, or whose answer never
   comes (no network, a network error, a timeout, an aborted answer), is kept in IndexedDB (its
   URL, method, body, key, time and party) and shown at the board as « en attente » with the
   count; it survives a reload and a closed tab, and is sent again, in the order the writes were
   made, with its own key, when the network returns (the online event, a retry timer with
   backoff, and every load of the page): the server gives the answer it remembered for a write
   it had already applied, so nothing is written twice.

   While the queue holds writes, while a write is still waiting for its answer, or without
   network, a new write joins the queue (so the order holds); its form is cleared at once and
   the player may type the next entry (given back if the storage refuses the write). A write
   whose answer never came is cleared from its form only if the form still holds it: the next
   entry, begun while it was on its way, stays. New links (rotate) need the network and are never
   queued. The writes queued on one page carry the version that page showed (« seen »): once
   the server's answer shows that this phone's write was the only one since, the writes behind
   it that were never sent have seen it too (so the next deck turn or correction of the same
   thing is not taken for another phone's change); a write sent once keeps its body byte for
   byte. The same key still being carried out by its first sending answers 503: sent again.

   The answer of a sent write: a refusal (merge rules, a validation error, a confirmation step)
   is drawn in place of the sheet, where the page shows it with the entry kept, and only then
   dropped from the queue; the queue waits there until the player writes again or taps
   « Envoyer maintenant ». A 5xx, a 429, a 408 or no answer: kept, tried again later. After the
   writes went through, the last answer is drawn and the board refreshed by its own poll URL;
   not drawn under a player's fingers, the sheet's forms still count the writes as seen when
   they were the only ones since (so « Terminer » is not refused for this phone's own round).

   Without IndexedDB (a private window may refuse it) nothing is queued: a failed write says so
   next to its button (party.js). Without JavaScript none of this runs: plain posts.
   The words come from data-* attributes of the page: this file holds no text. */
(function () {
  "use strict";

  var DB = "numsite-party-queue";
  var STORE = "writes";
  var HEADER = "Idempotency-Key";
  var TIMEOUT = 20000; /* a write's answer that takes longer is taken as lost */
  var FIRST_RETRY = 2000;
  var LAST_RETRY = 60000;
  var PAGE = /^\/(?:en\/)?parties\/([A-Za-z0-9_-]+)\/$/;
  var WRITE = /^\/(?:en\/)?parties\/([A-Za-z0-9_-]+)\/[a-z0-9_-]+\/$/;
  /* new links need the network: queued, the writes after it would wait on a link that no
     longer works, and a lost answer would leave this phone without the new one */
  var ONLINE_ONLY = /\/rotate\/$/;

  var page = PAGE.exec(window.location.pathname);
  if (!page) return;
  var party = page[1];

  /* ------------------------------------------------------------------ IndexedDB */

  var db = new Promise(function (resolve, reject) {
    if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
    var request;
    try { request = window.indexedDB.open(DB, 1); } catch (e) { reject(e); return; }
    request.onupgradeneeded = function () {
      var store = request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      store.createIndex("party", "party");
    };
    request.onsuccess = function () { resolve(request.result); };
    request.onerror = function () { reject(request.error); };
  });
  var storage = false; /* true once the database is open: only then are writes queued */

  function run(mode, work) {
    return db.then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode);
        var request = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(request ? request.result : undefined); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  /* this party's writes, in the order they were made: by the time each was made, then the
     store's increasing id. A write whose answer never came is kept only then, after the writes
     made while it was on its way: its time puts it back ahead of them. */
  function waiting() {
    return run("readonly", function (store) { return store.index("party").getAll(party); }).then(function (all) {
      return (all || []).sort(function (a, b) {
        if (a.at !== b.at && a.at && b.at) return a.at < b.at ? -1 : 1;
        return a.id - b.id;
      });
    });
  }

  function keep(record) { return run("readwrite", function (store) { return store.add(record); }); }
  function drop(id) { return run("readwrite", function (store) { return store.delete(id); }); }
  function put(record) { return run("readwrite", function (store) { return store.put(record); }); }

  /* ------------------------------------------------------------------ the count at the board */

  var count = 0;

  function box() { return document.querySelector("[data-party-queue]"); }

  function render() {
    var b = box();
    if (!b) return;
    b.hidden = count === 0;
    var slot = b.querySelector("[data-queue-count]");
    var words = b.getAttribute(count === 1 ? "data-one" : "data-many") || "{n}";
    if (slot) slot.textContent = words.replace("{n}", String(count));
    near(b);
  }

  /* « En attente d'envoi (2) » beside the save button the player last used (the board's box
     may be far above the entry on a phone): gone once the queue is empty */
  var lastForm = null;

  function near(b) {
    var words = b.getAttribute("data-near");
    var form = lastForm && lastForm.isConnected ? lastForm : document.querySelector("#sheet form[data-entry]");
    document.querySelectorAll("[data-queue-near]").forEach(function (n) {
      if (!count || !form || !form.contains(n)) n.remove();
    });
    if (!count || !words || !form) return null;
    var button = form.querySelector("[data-save], [type=submit], button:not([type])");
    if (!button) return null;
    var note = form.querySelector("[data-queue-near]");
    if (!note) {
      note = document.createElement("span");
      note.className = "badge text-bg-warning ms-2 align-middle ns-queue-near";
      note.setAttribute("data-queue-near", "");
      note.setAttribute("data-testid", "queue-near");
      note.setAttribute("role", "status");
      button.insertAdjacentElement("afterend", note);
    }
    note.textContent = words.replace("{n}", String(count));
    return note;
  }

  /* a write just kept: its notice in view, where the player's hand is */
  function shown(form) {
    lastForm = form || lastForm;
    var b = box();
    var note = b && near(b);
    if (note) note.scrollIntoView({ block: "nearest" });
  }

  function recount() {
    return waiting().then(function (all) { count = all.length; render(); return all; });
  }

  /* a dropped write whose answer is no sheet (a read-only link, an unknown write): said here */
  function note(text) {
    var b = box();
    var slot = b && b.querySelector("[data-queue-note]");
    if (!slot) return;
    slot.textContent = (b.getAttribute("data-msg-dropped") || "") + " " + text;
    slot.hidden = false;
    b.hidden = false;
  }

  /* ------------------------------------------------------------------ a write and its key */

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  /* The body exactly as htmx sends it (its urlEncode: encodeURIComponent, fields in order): the
     server tells a write again from another one by these bytes. */
  function encode(formData) {
    var parts = [];
    formData.forEach(function (value, name) {
      parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(value));
    });
    return parts.join("&");
  }

  function writeOf(detail) {
    if (!detail || String(detail.verb).toLowerCase() !== "post") return null;
    var url = new URL(detail.path, window.location.href);
    var found = WRITE.exec(url.pathname);
    if (url.origin !== window.location.origin || !found || found[1] !== party) return null;
    if (ONLINE_ONLY.test(url.pathname)) return null;
    return url;
  }

  var inflight = {}; /* key → the write htmx is sending */
  var flushing = false;
  var held = false; /* a refusal is shown: wait for the player */
  var delay = 0;
  var timer = null;

  function offline() { return navigator.onLine === false; }
  /* a write htmx sent is still waiting for its answer: what comes after it waits too */
  function busy() {
    var now = Date.now();
    return Object.keys(inflight).some(function (key) {
      /* htmx gives up on a write after TIMEOUT (a timeout event, then it is queued): a write
         never answered nor given up on does not hold the others back for longer */
      if (now - inflight[key].sentAt < TIMEOUT + 5000) return true;
      delete inflight[key];
      return false;
    });
  }

  function record(detail, url, key) {
    return {
      party: party,
      url: url.pathname + url.search,
      method: "POST",
      body: encode(detail.formData),
      key: key,
      at: new Date().toISOString()
    };
  }

  /* what a form holds, encoded as a write's body: to tell whether the player changed it since */
  function holding(form) { return encode(new FormData(form)); }

  function formOf(elt) { return elt && elt.closest ? elt.closest("form") : null; }

  /* the entry given back to its form when it could not be kept (the storage refused it) */
  function restored(form, held) {
    if (!form || held == null) return;
    var values = new URLSearchParams(held);
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || !values.has(el.name)) return;
      var all = values.getAll(el.name);
      if (el.type === "checkbox" || el.type === "radio") el.checked = all.indexOf(el.value) >= 0;
      else el.value = all[0];
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  /* a form is cleared for the next entry only while it holds the entry that was queued: what
     the player typed since (the next entry, begun while the write was on its way) is theirs */
  function cleared(form, held) {
    if (!form || (held != null && holding(form) !== held)) return;
    form.reset(); /* drafts.js drops its draft on reset */
    form.querySelectorAll("input[data-chips]").forEach(function (input) {
      input.dispatchEvent(new Event("input", { bubbles: true })); /* the chips follow */
    });
    /* …and the draft those events saved goes too: the refused entry the server may give back
       later keeps its own values */
    var draft = form.getAttribute("data-draft");
    if (draft && window.NumsiteDrafts) window.NumsiteDrafts.clear(draft);
    var failed = form.querySelector("[data-failed]");
    if (failed) failed.remove();
  }

  function queue(write, form) {
    return keep(write).then(function () {
      count += 1;
      held = false;
      render();
      shown(form);
      flushSoon();
    });
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    var url = writeOf(detail);
    if (!url) {
      /* without network the poll and the live scores wait: no request that cannot go out */
      var elt = detail.elt;
      if (offline() && elt && (elt.id === "board" || (elt.matches && elt.matches("[data-preview]")))) event.preventDefault();
      return;
    }
    var key = newKey();
    detail.headers[HEADER] = key;
    if (!detail.timeout) detail.timeout = TIMEOUT;
    var write = record(detail, url, key);
    var form = formOf(detail.elt);
    var typed = form ? holding(form) : null;
    if (storage && (offline() || count > 0 || flushing || busy())) {
      event.preventDefault(); /* behind the writes already waiting, in order */
      cleared(form, typed); /* at once: the next entry may begin while it is being kept */
      queue(write, form).catch(function () {
        restored(form, typed); /* nothing kept: the entry given back to be sent again */
      });
      return;
    }
    write.sentAt = Date.now();
    write.typed = typed;
    inflight[key] = write;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var config = event.detail.requestConfig;
    var key = config && config.headers && config.headers[HEADER];
    if (key && event.detail.xhr && event.detail.xhr.status) {
      delete inflight[key]; /* an answer came: the writes queued behind it may go */
      if (count > 0 && !busy()) flushSoon();
    }
  });

  /* the request went out and no answer came: the write joins the queue (party.js stays quiet) */
  function lost(event) {
    var config = event.detail.requestConfig;
    var key = config && config.headers && config.headers[HEADER];
    var write = key && inflight[key];
    if (!write || !storage) return;
    delete inflight[key];
    event.detail.queued = true;
    write.sent = true; /* the server may have applied it: its body is never changed */
    var typed = write.typed;
    delete write.typed; /* kept in memory only: what the form held when it was sent */
    queue(write, formOf(event.detail.elt)).then(function () {
      cleared(formOf(event.detail.elt), typed); /* unless the next entry was begun meanwhile */
    }).catch(function () {});
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:sendAbort", lost);

  /* the page's own refusal of a key sent with another request (409) replaces the sheet too */
  document.addEventListener("htmx:beforeSwap", function (event) {
    var t = event.detail.target;
    if (t && t.id === "sheet" && event.detail.xhr && event.detail.xhr.status === 409) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  /* ------------------------------------------------------------------ sending the queue */

  function sheet() { return document.getElementById("sheet"); }

  function parsed(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  function draw(html) {
    var old = sheet();
    if (!old || !window.htmx) return;
    window.htmx.swap(old, html, { swapStyle: "outerHTML" }, { eventInfo: { target: old, elt: old } });
    render();
  }

  function refreshBoard() {
    var board = document.getElementById("board");
    var url = board && board.getAttribute("hx-get");
    if (url && window.htmx) window.htmx.ajax("GET", url, { source: board, target: board, swap: "outerHTML" });
  }

  function send(write) {
    var controller = window.AbortController ? new AbortController() : null;
    var clock = controller ? window.setTimeout(function () { controller.abort(); }, TIMEOUT) : null;
    var headers = {
      "Content-Type": "application/x-www-form-urlencoded",
      "HX-Request": "true",
      "HX-Target": "sheet",
      "HX-Current-URL": window.location.href
    };
    headers[HEADER] = write.key;
    var marked = write.sent ? Promise.resolve() : (write.sent = true, put(write).catch(function () {}));
    return marked.then(function () { return fetch(write.url, {
      method: write.method,
      headers: headers,
      body: write.body,
      credentials: "same-origin",
      cache: "no-store",
      signal: controller ? controller.signal : undefined
    }); }).then(function (response) {
      var status = response.status;
      if (status >= 500 || status === 429 || status === 408) {
        var after = Number(response.headers.get("Retry-After"));
        return { retry: true, after: after > 0 ? after * 1000 : 0 };
      }
      return response.text().then(function (html) {
        return { status: status, html: html, redirect: response.headers.get("HX-Redirect") };
      });
    }, function () {
      return { retry: true, after: 0 };
    }).then(function (answer) {
      if (clock) window.clearTimeout(clock);
      return answer;
    });
  }

  function later(after) {
    window.clearTimeout(timer);
    delay = Math.min(LAST_RETRY, Math.max(after || 0, delay ? delay * 2 : FIRST_RETRY));
    timer = window.setTimeout(flush, delay);
  }

  /* one answer shown (a refusal, another phone's change…): it is dropped once drawn */
  function attention(answer) {
    var fragment = parsed(answer.html);
    var drawn = fragment.querySelector("#sheet");
    if (drawn) {
      draw(answer.html);
      return;
    }
    var gone = fragment.querySelector("[data-gone]");
    if (gone && sheet()) {
      sheet().replaceWith(gone); /* the links were replaced: nothing more can be sent here */
      return;
    }
    note((fragment.textContent || "").replace(/\s+/g, " ").trim().slice(0, 200));
  }

  /* the player is typing the next entry: the sheet is not redrawn under them */
  function typing() {
    var active = document.activeElement;
    return !!(active && active.matches && active.matches("input, select, textarea") && active.closest("#sheet form"));
  }

  /* The writes queued on one page all carry the version that page was drawn at (« seen »): the
     server would take this phone's own earlier write for another phone's change and refuse the
     next correction, deck turn or Num 5 turn of the same thing. When the answer to writes[i]
     shows that it was the only write since what it had seen, the writes after it that were
     never sent and had seen the same version have now seen this one. A write already sent once
     keeps its body byte for byte: the server tells it again by those bytes. */
  function seenOf(body) {
    var value = new URLSearchParams(body).get("seen");
    return value === null || !/^\d+$/.test(value) ? null : Number(value);
  }

  function followOn(writes, i, drawn) {
    var board = drawn.querySelector("#board");
    var version = board ? Number(board.getAttribute("data-version")) : NaN;
    var seen = seenOf(writes[i].body);
    if (seen === null || version !== seen + 1) return; /* another phone wrote meanwhile */
    for (var j = i + 1; j < writes.length; j++) {
      var w = writes[j];
      if (w.sent || seenOf(w.body) !== seen) continue;
      w.body = w.body.replace(/(^|&)seen=\d+(?=&|$)/, "$1seen=" + version);
      put(w).catch(function () {});
    }
  }

  /* The sheet not redrawn after the writes went through (the player is typing): its forms say
     they have seen the sheet before them, and the next write that watches them (finish, a
     correction, a deck turn) would be refused as another phone's change. When this phone's
     writes were the only ones since, its forms have seen them: their « seen » follows. */
  function pageSeen() {
    var input = sheet() && sheet().querySelector("input[name='seen']");
    return input && /^\d+$/.test(input.value) ? Number(input.value) : null;
  }

  /* only a form that had seen ``from`` (what the writes had seen) follows: one drawn at
     another version (before, or by the board's refresh after another phone's write) keeps it */
  function seeOwn(from, version) {
    var s = sheet();
    if (!s) return;
    s.querySelectorAll("input[name='seen']").forEach(function (input) {
      if (input.value === String(from)) input.value = String(version);
    });
    s.querySelectorAll("[hx-vals]").forEach(function (el) {
      if (el.getAttribute("hx-vals") === '{"seen": ' + from + "}") {
        el.setAttribute("hx-vals", '{"seen": ' + version + "}");
      }
    });
  }

  function sendAll(writes) {
    var last = null;
    var mine = pageSeen(); /* the version the page's forms have seen, this phone's writes included */
    var start = mine;
    function next(i) {
      if (i >= writes.length || held || offline()) return finish(i >= writes.length);
      return send(writes[i]).then(function (answer) {
        if (answer.retry) {
          later(answer.after);
          return finish(false);
        }
        delay = 0;
        if (answer.redirect) {
          return drop(writes[i].id).then(function () { window.location.assign(answer.redirect); });
        }
        var drawn = parsed(answer.html).querySelector("#sheet");
        if (answer.status >= 400 || !drawn || drawn.hasAttribute("data-attention")) {
          attention(answer);
          held = true;
          last = null;
          return drop(writes[i].id).then(function () { count = Math.max(0, count - 1); render(); return finish(false); });
        }
        last = answer;
        var board = drawn.querySelector("#board");
        var version = board ? Number(board.getAttribute("data-version")) : NaN;
        mine = mine !== null && seenOf(writes[i].body) === mine && version === mine + 1 ? version : null;
        followOn(writes, i, drawn);
        return drop(writes[i].id).then(function () { count = Math.max(0, count - 1); render(); return next(i + 1); });
      });
    }
    function finish(all) {
      if (last) {
        if (all && !typing()) draw(last.html); /* never under the fingers of the player */
        else if (mine !== null && start !== null && mine > start) seeOwn(start, mine);
        refreshBoard();
      }
    }
    return next(0);
  }

  function locked(work) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request(DB + ":" + party, work); /* one tab sends at a time */
    }
    return work();
  }

  function flush() {
    window.clearTimeout(timer);
    timer = null;
    if (!storage || flushing || held || offline() || busy()) return Promise.resolve();
    flushing = true;
    return locked(function () {
      return waiting().then(function (writes) {
        count = writes.length;
        render();
        return sendAll(writes);
      });
    }).catch(function () {
      later(0);
    }).then(function () {
      flushing = false;
      return recount();
    }).then(function (writes) {
      /* writes made while these were sent: their turn now */
      if (writes && writes.length && !held && !offline() && !timer) flushSoon();
    }, function () {
      flushing = false;
    });
  }

  function flushSoon() { window.setTimeout(flush, 0); }

  window.addEventListener("online", function () { held = false; delay = 0; flush(); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-queue-send]");
    if (!button) return;
    held = false;
    delay = 0;
    var slot = button.parentNode.querySelector("[data-queue-note]");
    if (slot) slot.hidden = true;
    flush();
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var t = event.detail.target;
    if (t && t.id === "sheet") render(); /* a new sheet: its count box filled again */
  });

  db.then(function () {
    storage = true;
    return recount();
  }).then(function () {
    if (count) flush();
  }).catch(function () { storage = false; });
  document.addEventListener("DOMContentLoaded", render);
})();
