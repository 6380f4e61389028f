/* Numsite offline (docs/offline.md): the service worker, the offline engines, the banners.

   - registers the service worker (/sw.js, the whole site's scope) and, once the page is idle,
     asks it to keep the offline bundle (Pyodide and the engines' zip) for the next visit;
   - a calculator form marked data-offline="<endpoint>" is answered on this phone when the
     server cannot be reached: the form's fields are collected into the API's JSON body (its
     data-offline-body template: "@name" a field's text, "@name:cards" its cards split as the
     chips are, "@name:int", "@name:bool" a checkbox, "@name:all" every checked box of a name,
     "@*" every field as typed), the worker runs the site's own engines on it
     (calculators.core.answers, dispatching to each game's answers.py, the API's code; a
     page's name: its own fields read by its game's readers.py, as its Django form reads them), and the answer's total, title
     and lines — or the page's "view", drawn generically — are drawn, marked « calculé sur ce
     téléphone », an error also at its field. No rule is here: only the fields and the
     drawing. When neither the server nor the phone can answer, the result area says so
     instead of keeping a stale score;
     A page's answer may hold the fields the page must show next ("inputs": a Num 5 sheet's
     cells, a turn's cards), drawn in the form's data-offline-inputs element;
   - a Party entry's live score is answered on the phone too ([data-preview][data-offline]);
   - a Party page opened before the service worker controlled it (its first visit) is kept;
   - a Party page served by the service worker from its copy shows when that copy was made.
   Every text is a data-msg-* attribute of the markup (this script's element, the calculator
   layout's [data-offline-texts]). */
(function () {
  "use strict";
  var script = document.currentScript;
  var worker = null;
  var jobs = {};
  var serial = 0;

  function msg(name, values) {
    var box = document.querySelector("[data-offline-texts]");
    var text = (box && box.getAttribute("data-msg-" + name)) || script.getAttribute("data-msg-" + name) || "";
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? values[key] : all;
    });
  }

  function language() {
    return (document.documentElement.getAttribute("lang") || "fr").slice(0, 2);
  }

  /* ------------------------------------------------------------------ the engines' worker */

  function engines() {
    if (worker) return worker;
    var url = script.getAttribute("data-worker");
    var pyodide = script.getAttribute("data-pyodide");
    if (!url || !pyodide || typeof Worker === "undefined") return null;
    worker = new Worker(url + "?" + new URLSearchParams({ pyodide: pyodide, engines: script.getAttribute("data-engines") }), { type: "module" });
    worker.addEventListener("message", function (event) {
      var job = jobs[event.data.id];
      if (!job) return;
      delete jobs[event.data.id];
      if (event.data.failed) job.reject(new Error(event.data.failed));
      else job.resolve(event.data.ready ? true : JSON.parse(event.data.answer));
    });
    worker.addEventListener("error", function () {
      Object.keys(jobs).forEach(function (id) { jobs[id].reject(new Error("worker")); delete jobs[id]; });
      worker = null;
    });
    return worker;
  }

  function ask(message) {
    var w = engines();
    if (!w) return Promise.reject(new Error("no engines"));
    serial += 1;
    message.id = serial;
    return new Promise(function (resolve, reject) {
      jobs[message.id] = { resolve: resolve, reject: reject };
      w.postMessage(message);
    });
  }

  /* The answer of an API endpoint, computed on this phone: the same JSON as the server's
     (an error: {"error": {"field", "message"}}). */
  function answer(endpoint, body, lang) {
    return ask({ endpoint: endpoint, body: JSON.stringify(body), language: lang || language() });
  }

  window.NumsiteOffline = { answer: answer, warm: function () { return ask({ warm: true }); } };

  /* ------------------------------------------------------------------ forms → body */

  function field(form, name) {
    return form.elements.namedItem(name);
  }

  function valueOf(form, ref) {
    var parts = ref.slice(1).split(":");
    var el = field(form, parts[0]);
    var kind = parts[1] || "";
    if (kind === "all") {
      return Array.prototype.slice.call(form.querySelectorAll('[name="' + parts[0] + '"]:checked')).map(function (b) { return b.value; });
    }
    if (kind === "bool") return !!(el && el.checked);
    var text = el ? (el.value === undefined ? "" : String(el.value)).trim() : "";
    if (kind === "cards") return text.split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
    if (kind === "int") return text === "" ? null : parseInt(text, 10);
    return text === "" ? null : text;
  }

  /* "@*": every field of the form by name, as the page would send it (text as typed, a ticked
     box's value, several ticked boxes of a name as a list, the button that submitted it). */
  function allFields(form) {
    var out = {};
    var lists = {};
    Array.prototype.forEach.call(form.elements, function (node) {
      var name = node.name;
      if (!name || node.disabled || name === "csrfmiddlewaretoken") return;
      var type = (node.type || "").toLowerCase();
      if (type === "submit" || type === "button" || type === "reset") return;
      if ((type === "checkbox" || type === "radio") && !node.checked) return;
      if (type === "checkbox" && form.querySelectorAll('[name="' + name + '"][type=checkbox]').length > 1) {
        (lists[name] = lists[name] || []).push(node.value);
        out[name] = lists[name];
        return;
      }
      out[name] = node.value;
    });
    var button = form.offlineSubmitter;
    if (button && button.name) out[button.name] = button.value;
    return out;
  }

  function fill(form, template) {
    if (template === "@*") return allFields(form);
    if (typeof template === "string" && template.charAt(0) === "@") return valueOf(form, template);
    if (Array.isArray(template)) return template.map(function (t) { return fill(form, t); });
    if (template && typeof template === "object") {
      var out = {};
      Object.keys(template).forEach(function (k) { out[k] = fill(form, template[k]); });
      return out;
    }
    return template;
  }

  /* ------------------------------------------------------------------ drawing */

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function comboName(key) {
    var option = document.querySelector('select[name="combo"] option[value="' + key + '"]');
    return option ? option.textContent.split(" — ")[0] : key;
  }

  /* What the answer says, as {total, title, lines, error}: the fields the engines filled. */
  function reading(data) {
    if (data.error) return { error: data.error.message };
    if (data.valid === false) return { title: msg("invalid"), lines: [data.reason] };
    if (data.checks) {
      return {
        title: data.checks.length ? null : msg("no-check"),
        lines: data.checks.map(function (c) {
          return msg("check-line", { combo: comboName(c.combo), card: c.claim, total: c.total });
        })
      };
    }
    if (data.segments) {
      return { title: msg("valid"), lines: data.segments.map(function (s) { return s.cards.join(" "); }) };
    }
    if (data.players) {
      return {
        lines: data.players.map(function (p) {
          var total = p.total !== undefined ? p.total : p.points;
          return p.name + " : " + msg("points", { total: total }) + (p.title ? " — " + p.title : "");
        })
      };
    }
    return { total: data.total, title: data.title || null, lines: data.explanation || [] };
  }

  /* The form field an error names: the field the body template reads under that key, else
     the form's field of that name. */
  function errorField(form, field) {
    var template = JSON.parse(form.getAttribute("data-offline-body") || "{}");
    var ref = template && typeof template === "object" ? template[field] : null;
    var name = typeof ref === "string" && ref.charAt(0) === "@" ? ref.slice(1).split(":")[0] : field;
    var node = field ? form.elements.namedItem(name) : null;
    if (node && node.length !== undefined && !node.tagName) node = node[0];
    return node || null;
  }

  /* The error at its field, as the server draws it (the field's error container), and cleared
     on the next answer. */
  function fieldErrors(form, data) {
    form.querySelectorAll("[data-offline-error]").forEach(function (node) {
      node.removeAttribute("data-offline-error");
      if (node.hasAttribute("data-error-for")) node.textContent = "";
      else node.classList.remove("is-invalid");
    });
    if (!data.error) return;
    var input = errorField(form, data.error.field);
    if (!input || !input.id) return;
    var box = document.querySelector('[data-error-for="' + input.id + '"]');
    if (box) {
      box.textContent = data.error.message;
      box.setAttribute("data-offline-error", "");
    }
    if (!input.classList.contains("is-invalid")) {
      input.classList.add("is-invalid");
      input.setAttribute("data-offline-error", "");
    }
  }

  /* Values the page keeps for its next request (a turn played, the revealed cards emptied),
     as the server's redrawn form would hold them. */
  function keep(form, fields) {
    Object.keys(fields || {}).forEach(function (name) {
      var node = form.elements.namedItem(name);
      if (!node) {
        node = el("input");
        node.type = "hidden";
        node.name = name;
        form.appendChild(node);
      }
      if (node.tagName) node.value = fields[name];
    });
  }

  /* The fields a page's answer draws when the page holds them not (its game's answers.PAGES: "inputs"):
     a Num 5 sheet's cells after a round added, removed or its players changed, the first
     turn's cards of a round begun without network. A table of text fields, each named and
     labelled as the server's form does, a button per row, and buttons below; drawn in the
     form's data-offline-inputs element, when the page has one. */
  function button(spec, cls) {
    var b = el("button", cls, spec.text);
    b.type = "submit";
    b.name = spec.name;
    b.value = spec.value;
    if (spec.label) b.setAttribute("aria-label", spec.label);
    if (spec.testid) b.setAttribute("data-testid", spec.testid);
    return b;
  }

  function drawInputs(form, spec) {
    var slot = document.querySelector(form.getAttribute("data-offline-inputs") || "#none");
    if (!slot || !spec) return;
    var parts = [];
    if (spec.legend) parts.push(el("p", "h6 fw-bold mb-1", spec.legend));
    if (spec.rows && spec.rows.length) {
      var wrap = el("div", "table-responsive");
      /* its game's own class, when its answer gives one (a Num 5 sheet: a round a card on a phone) */
      var table = el("table", "table table-sm align-middle" + (spec.table_class ? " " + spec.table_class : ""));
      var head = el("tr");
      (spec.head || []).forEach(function (text) {
        var th = el("th", null, text);
        th.scope = "col";
        head.appendChild(th);
      });
      if (spec.actions) {
        var th = el("th");
        th.scope = "col";
        th.appendChild(el("span", "visually-hidden", spec.actions));
        head.appendChild(th);
      }
      table.appendChild(el("thead")).appendChild(head);
      var body = table.appendChild(el("tbody"));
      spec.rows.forEach(function (row) {
        var tr = body.appendChild(el("tr"));
        if (row.head) {
          var rh = tr.appendChild(el("th", null, row.head));
          rh.scope = "row";
        }
        row.cells.forEach(function (cell) {
          var td = tr.appendChild(el("td"));
          td.setAttribute("data-label", cell.column || "");
          var input = td.appendChild(el("input", "form-control form-control-sm card-input"));
          input.type = "text";
          input.name = cell.name;
          input.id = "id_" + cell.name;
          input.value = cell.value || "";
          input.setAttribute("aria-label", cell.label);
          input.setAttribute("autocomplete", "off");
          input.setAttribute("autocapitalize", "characters");
          input.setAttribute("spellcheck", "false");
          input.setAttribute("enterkeyhint", "go");
          if (cell.testid) input.setAttribute("data-testid", cell.testid);
        });
        if (row.button) tr.appendChild(el("td")).appendChild(button(row.button, "btn btn-outline-danger btn-sm"));
      });
      wrap.appendChild(table);
      parts.push(wrap);
    }
    if (spec.buttons && spec.buttons.length) {
      var bar = el("div", "d-flex flex-wrap gap-2 mb-2");
      spec.buttons.forEach(function (b) { bar.appendChild(button(b, "btn btn-primary")); });
      parts.push(bar);
    }
    slot.replaceChildren.apply(slot, parts);
  }

  /* The level of the headings an answer draws: one below the last heading before its area. */
  function headingLevel(target) {
    var level = 1;
    document.querySelectorAll("h1, h2, h3, h4, h5").forEach(function (h) {
      if (!target.contains(h) && (h.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) level = Number(h.tagName.charAt(1));
    });
    return "h" + Math.min(level + 1, 6);
  }

  /* A page's answer (its game's answers.PAGES): its "view" is what the result area shows. */
  function drawView(body, view, heading) {
    var parts = [];
    if (view.head) {
      var head = el("p", "h5 mb-2", view.head);
      if (view.score !== undefined && view.score !== null) head.setAttribute("data-score", view.score);
      body.appendChild(head);
      parts.push(view.head);
    }
    if (view.note) body.appendChild(el("p", "alert alert-warning py-2 mb-2", view.note));
    (view.groups || []).forEach(function (group) {
      var section = el("section", "mb-2");
      section.setAttribute("data-offline-group", group.key || "");
      var title = el(heading, "h6 mb-1", group.title);
      title.setAttribute("data-offline-title", "");
      if (group.score !== undefined && group.score !== null) title.setAttribute("data-score", group.score);
      section.appendChild(title);
      var items = el("ul", "list-unstyled mb-0 small");
      (group.items || []).forEach(function (item) { items.appendChild(el("li", null, item)); });
      section.appendChild(items);
      body.appendChild(section);
    });
    var list = el("ul", "list-unstyled mb-0");
    (view.lines || []).forEach(function (line) { list.appendChild(el("li", null, line)); });
    if (list.children.length) body.appendChild(list);
    return parts.join(" ") || (view.lines && view.lines[0]) || "";
  }

  function draw(form, data) {
    var target = document.querySelector(form.getAttribute("data-offline-target"));
    if (!target) return;
    fieldErrors(form, data);
    if (data.view && !data.error) {
      var card = el("div", "card border-info offline-answer");
      card.setAttribute("data-offline-answer", "");
      var inner = el("div", "card-body");
      inner.appendChild(el("p", "badge text-bg-info mb-2", msg("local")));
      var said = drawView(inner, data.view, headingLevel(target));
      card.appendChild(inner);
      target.replaceChildren(card);
      drawInputs(form, data.view.inputs);
      keep(form, data.view.fields);
      live(form, said || msg("local"));
      return;
    }
    var read = reading(data);
    var box = el("div", "card border-info offline-answer");
    box.setAttribute("data-offline-answer", "");
    var body = el("div", "card-body");
    body.appendChild(el("p", "badge text-bg-info mb-2", msg("local")));
    var head = el("p", "h4 mb-1");
    if (read.error) {
      head.textContent = read.error;
      box.className = "card border-danger offline-answer";
    } else {
      var parts = [];
      if (read.total !== undefined && read.total !== null) parts.push(msg("points", { total: read.total }));
      if (read.title) parts.push(read.title);
      head.textContent = parts.join(" — ");
      if (read.total !== undefined && read.total !== null) head.setAttribute("data-score", read.total);
    }
    if (head.textContent) body.appendChild(head);
    var list = el("ul", "list-unstyled mb-0");
    (read.lines || []).forEach(function (line) { list.appendChild(el("li", null, line)); });
    if (list.children.length) body.appendChild(list);
    box.appendChild(body);
    target.replaceChildren(box);
    live(form, head.textContent || msg("local"));
  }

  function live(form, text) {
    var box = document.querySelector(form.getAttribute("data-offline-live") || "#none");
    if (!box) return;
    var strong = el("strong", "live-total", text);
    box.replaceChildren(strong, document.createTextNode(" "), el("span", "live-detail", msg("local")));
  }

  function unavailable(form) {
    var target = document.querySelector(form.getAttribute("data-offline-target") || "#none");
    var note = el("div", "alert alert-warning", msg("unavailable"));
    note.setAttribute("data-offline-answer", "");
    note.setAttribute("role", "status");
    if (target) target.replaceChildren(note);
    var box = document.querySelector(form.getAttribute("data-offline-live") || "#none");
    if (box) box.replaceChildren(el("span", "live-detail", msg("unavailable")));
  }

  /* The server did not answer (no network): this phone answers, or says it cannot. */
  function fallback(form) {
    var endpoint = form.getAttribute("data-offline");
    if (!endpoint) {
      unavailable(form);
      return;
    }
    var template = JSON.parse(form.getAttribute("data-offline-body") || "{}");
    var body = fill(form, template);
    form.offlineSubmitter = null; /* its action done once: the next answer does not do it again */
    answer(endpoint, body).then(function (data) { draw(form, data); }, function () { unavailable(form); });
  }

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.target.closest && event.target.closest("form[data-offline-target]");
    if (!form) return;
    /* a button of its own (« Ajouter une manche », hx-get): its name and value are the action */
    var elt = event.target;
    if (elt !== form && elt.matches && elt.matches("button[name]") && form.contains(elt)) form.offlineSubmitter = elt;
    fallback(form);
  });
  /* The button that submitted a form (its name and value are a field: « Jouer le tour »),
     noted before htmx sends it; a typed change sends no button. */
  document.addEventListener("submit", function (event) {
    if (event.target.matches && event.target.matches("form[data-offline]")) event.target.offlineSubmitter = event.submitter || null;
  }, true);
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form) form.offlineSubmitter = null;
  }, true);
  /* A calculator form submitted without network (no htmx, or before it loaded). */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented) return; /* htmx sent it: its sendError answers */
    var method = (form.method || "get").toLowerCase();
    if (navigator.onLine === false && form.matches("form[data-offline-target]") && (method === "get" || form.hasAttribute("data-offline"))) {
      event.preventDefault();
      fallback(form);
    }
  });

  /* ------------------------------------------------------------------ a Party entry's live score */

  /* A Party entry's live score ([data-preview][data-offline]: its page name in its game's answers.PAGES)
     when the server cannot be reached: the phone's engines answer from the form's fields
     (data-offline-body) and the entry's player's data (data-offline-players, by the value of
     the form's "player"); the answer is drawn as the server draws it, then announced
     (numsite:previewed) so party.js proposes its combination. An answer for what the form no
     longer holds is left: the next one is on its way. */
  function previewBody(preview) {
    var form = preview.closest("form");
    var body = fill(form, JSON.parse(preview.getAttribute("data-offline-body") || "{}"));
    var players = JSON.parse(preview.getAttribute("data-offline-players") || "{}");
    var seat = field(form, "player");
    var who = (seat && players[seat.value]) || {};
    Object.keys(who).forEach(function (k) { body[k] = who[k]; });
    return body;
  }

  function drawPreview(preview, data) {
    var body = el("div", "ns-preview-body");
    body.setAttribute("data-proposed", data.proposed || "");
    body.setAttribute("data-offline-answer", "");
    if (data.head) {
      var line = el("p", "mb-1");
      line.setAttribute("data-testid", "preview-score");
      line.appendChild(el("strong", null, data.head));
      line.appendChild(document.createTextNode(" "));
      line.appendChild(el("span", "badge text-bg-info", msg("local")));
      body.appendChild(line);
    }
    if (data.also) body.appendChild(el("p", "mb-1", data.also));
    var reason = data.reason || (data.error && data.error.message);
    if (reason) {
      var none = el("p", "mb-1 text-body-secondary", reason);
      none.setAttribute("data-testid", "preview-none");
      body.appendChild(none);
    }
    preview.replaceChildren(body);
  }

  function localPreview(preview) {
    var asked = JSON.stringify(previewBody(preview));
    var done = function () {
      preview.dispatchEvent(new CustomEvent("numsite:previewed", { bubbles: true }));
    };
    answer(preview.getAttribute("data-offline"), JSON.parse(asked)).then(function (data) {
      if (JSON.stringify(previewBody(preview)) !== asked) return;
      drawPreview(preview, data);
      done();
    }, function () {
      preview.replaceChildren(el("p", "mb-1 text-body-secondary", msg("unavailable")));
      done(); /* nothing to propose: a save waiting for it goes */
    });
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (navigator.onLine !== false || !elt || !elt.matches || !elt.matches("[data-preview][data-offline]")) return;
    event.preventDefault(); /* no request that cannot go out */
    localPreview(elt);
  });
  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.matches && elt.matches("[data-preview][data-offline]")) localPreview(elt);
  });

  /* ------------------------------------------------------------------ a Party page's copy */

  function savedBanner() {
    var saved = document.documentElement.getAttribute("data-offline-saved");
    if (!saved) return;
    var when = new Date(saved);
    var time = language() === "fr"
      ? when.getHours() + " h " + String(when.getMinutes()).padStart(2, "0")
      : when.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    var banner = el("p", "alert alert-warning offline-banner", msg("saved", { time: time }));
    banner.setAttribute("role", "status");
    banner.setAttribute("data-offline-banner", "");
    var main = document.getElementById("contenu");
    if (main) main.insertBefore(banner, main.firstChild);
  }

  /* ------------------------------------------------------------------ the service worker */

  function register() {
    if (!("serviceWorker" in navigator) || !script.getAttribute("data-sw")) return;
    navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var idle = window.requestIdleCallback || function (fn) { return setTimeout(fn, 2000); };
      idle(function () {
        if (registration.active) registration.active.postMessage({ keep: "bundle", urls: bundle() });
      });
      /* a Party opened by its link before this phone had a service worker (its first visit):
         its page is kept now, unless the worker already holds a copy */
      if (registration.active && /\/parties\/[A-Za-z0-9_-]+\/$/.test(window.location.pathname) && !document.documentElement.hasAttribute("data-offline-saved")) {
        registration.active.postMessage({ keep: "party", url: window.location.pathname });
      }
    }).catch(function () { /* no service worker (a private window): the site works online */ });
  }

  /* « Nouveaux liens » answered: htmx follows HX-Redirect to the new link's page. The old
     link is retired: the worker drops its page from this phone's cache now, not at the next
     release (it holds the retired token and the players' names). */
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    /* (htmx sets detail.successful only for an answer it swaps, not for a redirect) */
    var to = xhr && xhr.status >= 200 && xhr.status < 300 ? xhr.getResponseHeader("HX-Redirect") : null;
    var from = window.location.pathname;
    if (!to || !/\/parties\/[A-Za-z0-9_-]+\/$/.test(from)) return;
    if (new URL(to, window.location.href).pathname === from) return;
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ forget: "party", url: from });
  });

  function bundle() {
    var index = script.getAttribute("data-pyodide");
    if (!index) return [];
    var names = (script.getAttribute("data-pyodide-files") || "").split(" ").filter(Boolean);
    var worker = script.getAttribute("data-worker");
    var query = "?" + new URLSearchParams({ pyodide: index, engines: script.getAttribute("data-engines") });
    return names.map(function (n) { return index + n; }).concat([script.getAttribute("data-engines"), worker + query]);
  }

  /* The network went away on a calculator page: start the engines now, before the next tap. */
  window.addEventListener("offline", function () {
    if (document.querySelector("form[data-offline], [data-preview][data-offline]")) window.NumsiteOffline.warm().catch(function () {});
  });

  savedBanner();
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
