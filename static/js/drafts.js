/* Drafts: what is typed in a form is kept on this device until it is saved.

   Usage: mark a form with data-draft="<key>" (one key per kind of entry on the page, e.g. the
   write's name). Every change of its fields is kept in sessionStorage under the page's path and
   that key; when the form is drawn again (a reload, an htmx swap, a refusal) the fields that are
   still at the value the server drew (empty, or a value of its own: a correction's stored
   cards, a refused entry given back) are given back what was typed, and get "input" and
   "change" events so that whatever listens (chips, a live score) follows. The draft wins over
   the server's value because it was typed on this phone after that value was shown (offline
   too, or while a refused save was on its way back), and a saved entry drops its draft
   (data-draft-clear below): a draft still kept is never older than what the server drew. A
   field no longer at the value it was drawn with (the browser's own form restoration, a
   script such as party.js choosing this phone's player) keeps its value: that one is newer.
   Several forms of one kind (one per row) are keyed "<key>:<row>".
   Hidden fields, buttons, passwords, files and the CSRF token are never kept. The draft is
   dropped when the form is reset, or when the page says the entry was saved: an element with data-draft-clear="<key> …"
   anywhere in the page or in an htmx swap (a key also drops its "<key>:<row>" drafts); or by
   the form itself with
   data-draft-clear-on="<event>" (e.g. a custom event the page fires).

   The calculators' forms keep drafts too. A draft remembers the page's addresses since it was
   last typed in: the one it was typed at, and every one the page's live answers pushed since
   (an answer to what was sent before the last keystroke can land at any moment, even while
   the page reloads, after the reload has taken the older address). On one of those (a reload)
   or on the bare page reloaded or reached back through the history, the draft is the newer and
   is given back; on another address with a query (a permalink, a step back in the history) it
   is not, the address says what to show; nor on a calculator's bare page opened afresh (a link,
   the menu) once its answers had put a calculation in the address: a new one starts there.
   A form marked data-draft-redrawn is drawn again by the server from what it was sent (a
   Num 5 round removed, a turn computed): when an htmx swap brings it, its values become the
   draft, never the other way round, with the addresses of the form it replaces. A form
   marked data-draft-submit computes on submit only: after a reload that gave values back it
   is submitted, so that its result shows again.

   No library, no text: it only moves values. Private browsing or a full storage simply keeps no
   draft. */
(function () {
  "use strict";

  var PREFIX = "numsite:draft:";
  /* the addresses a draft keeps: the live answers of one entry push a few at most */
  var TRAIL = 20;

  function store() {
    try {
      var s = window.sessionStorage;
      s.setItem(PREFIX + "probe", "1");
      s.removeItem(PREFIX + "probe");
      return s;
    } catch (e) {
      return null;
    }
  }

  function here() {
    return window.location.pathname + window.location.search;
  }

  function keyOf(form) {
    return PREFIX + window.location.pathname + ":" + form.getAttribute("data-draft");
  }

  function kept(field) {
    if (!field.name || field.disabled) return false;
    if (field.name === "csrfmiddlewaretoken") return false;
    var type = (field.type || "").toLowerCase();
    return ["hidden", "submit", "button", "reset", "password", "file", "image"].indexOf(type) < 0 &&
      field.tagName !== "BUTTON" && field.tagName !== "FIELDSET" && field.tagName !== "OUTPUT";
  }

  function valueOf(field) {
    var type = (field.type || "").toLowerCase();
    if (type === "checkbox" || type === "radio") return field.checked ? field.value : null;
    return field.value;
  }

  function drawnValue(field) {
    var type = (field.type || "").toLowerCase();
    if (type === "checkbox" || type === "radio") return field.defaultChecked ? field.value : null;
    if (field.tagName === "SELECT") {
      var chosen = Array.prototype.filter.call(field.options, function (o) { return o.defaultSelected; });
      return chosen.length ? chosen[0].value : (field.options.length ? field.options[0].value : "");
    }
    return field.defaultValue;
  }

  /* moved: the page's address changed (a live answer pushed it), the values did not. Otherwise
     the values were typed (or redrawn) here, and the addresses the draft had are forgotten:
     they showed older values. */
  function save(form, moved) {
    var s = store();
    if (!s) return;
    var values = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!kept(field)) return;
      var type = (field.type || "").toLowerCase();
      if ((type === "checkbox" || type === "radio") && !field.checked) {
        if (!(field.name in values)) values[field.name] = null;
        return;
      }
      values[field.name] = valueOf(field);
    });
    /* with the page's addresses since the values were typed: a draft is newer than those, not
       than another. A push only adds one, so that a reload that took the address before a late
       answer pushed the next one still finds its draft. */
    var trail = moved && form.numsiteDraftTrail ? form.numsiteDraftTrail : [];
    if (trail[trail.length - 1] !== here()) trail = trail.concat([here()]).slice(-TRAIL);
    form.numsiteDraftTrail = trail;
    s.setItem(keyOf(form), JSON.stringify({ values: values, address: window.location.search, addresses: trail }));
  }

  /* The addresses of the draft kept for this form (none for a draft kept before drafts
     remembered them). */
  function trailOf(form) {
    var s = store();
    var saved;
    try { saved = s && JSON.parse(s.getItem(keyOf(form)) || "null"); } catch (e) { saved = null; }
    return saved && Array.isArray(saved.addresses) ? saved.addresses.slice() : [];
  }

  /* The page was opened by following a link or typing its address (not a reload, not a step
     through the history), at its bare address, and the form's live answers had pushed a
     calculation's address since its draft was typed. */
  function afresh(form) {
    if (window.location.search || !form.hasAttribute("hx-push-url")) return false;
    var entries = window.performance && window.performance.getEntriesByType
      ? window.performance.getEntriesByType("navigation") : [];
    if (!entries.length || entries[0].type !== "navigate") return false;
    return trailOf(form).some(function (address) { return address.indexOf("?") >= 0; });
  }

  /* Gives back what was typed; true when a field changed. */
  function restore(form) {
    var s = store();
    if (!s) return false;
    var saved;
    try { saved = JSON.parse(s.getItem(keyOf(form)) || "null"); } catch (e) { saved = null; }
    if (!saved || typeof saved !== "object") return false;
    /* a draft kept before drafts remembered their address was its values alone */
    if (typeof saved.values !== "object" || saved.values === null) saved = { values: saved, address: null };
    /* opened at another address than the ones the draft was typed at or pushed since (a
       permalink, a step back in the history, a link from another tab of the page): the address
       says what to show, and the draft waits. Giving it back there would also fire the form's
       live request, whose pushed address would hijack the history (Back would land on the
       draft, not the page). A draft kept before drafts remembered all their addresses has the
       last one alone. */
    if (window.location.search) {
      var ours = Array.isArray(saved.addresses)
        ? saved.addresses.indexOf(here()) >= 0
        : saved.address === null || saved.address === window.location.search;
      if (!ours) return false;
    }
    var values = saved.values;
    var any = false;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!kept(field) || !(field.name in values)) return;
      if (valueOf(field) !== drawnValue(field)) return; /* changed here since it was drawn: newer */
      var want = values[field.name];
      var type = (field.type || "").toLowerCase();
      var changed = false;
      if (type === "checkbox" || type === "radio") {
        var on = want === field.value;
        changed = field.checked !== on;
        field.checked = on;
      } else if (want !== null && field.value !== want) {
        if (field.tagName === "SELECT" &&
            !Array.prototype.some.call(field.options, function (o) { return o.value === want; })) return;
        field.value = want;
        changed = true;
      }
      if (changed) {
        any = true;
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    form.setAttribute("data-draft-restored", "");
    return any;
  }

  function clear(keys) {
    var s = store();
    if (!s) return;
    var base = PREFIX + window.location.pathname + ":";
    keys.split(/\s+/).forEach(function (key) {
      if (!key) return;
      s.removeItem(base + key);
      /* "<key>" also drops the drafts of its forms keyed "<key>:<something>" (one per row) */
      for (var i = s.length - 1; i >= 0; i--) {
        var name = s.key(i);
        if (name && name.indexOf(base + key + ":") === 0) s.removeItem(name);
      }
    });
  }

  /* root: the page (first) or what an htmx swap brought (swapped: true) */
  function init(root, swapped) {
    root.querySelectorAll("[data-draft-clear]").forEach(function (el) {
      clear(el.getAttribute("data-draft-clear"));
      el.removeAttribute("data-draft-clear");
    });
    var forms = root.matches && root.matches("form[data-draft]") ? [root] : [];
    forms = forms.concat(Array.prototype.slice.call(root.querySelectorAll("form[data-draft]")));
    forms.forEach(function (form) {
      if (form.numsiteDraftTrail) return; /* set up already */
      /* marked ready, never set up in this page: htmx's copy of the page, brought back by a step
         back in the history. It shows what htmx kept, and what is typed in it is kept. */
      var copy = form.hasAttribute("data-draft-ready");
      form.setAttribute("data-draft-ready", "");
      form.numsiteDraftTrail = [here()];
      if (copy) {
        /* neither given back nor taken: the address says what to show */
      } else if (!swapped && afresh(form)) {
        /* a calculator's bare page opened afresh (a link, the menu) after its answers had put
           a calculation in the address: a new calculation starts; the draft waits for a reload
           or a step back */
      } else if (swapped && form.hasAttribute("data-draft-redrawn")) {
        /* drawn again from what it was sent (a round removed…): that is the draft, newer than
           the addresses of the form it replaces as that form was (a reload may have taken the
           one before this answer's) */
        form.numsiteDraftTrail = trailOf(form);
        save(form, true);
      } else if (restore(form) && form.hasAttribute("data-draft-submit") && form.requestSubmit) {
        form.requestSubmit(); /* a form computed on submit only: its result shows again */
      }
      form.addEventListener("input", function () { save(form); });
      form.addEventListener("change", function () { save(form); });
      /* the user (or the queue of Party writes) empties the form: its draft goes too */
      form.addEventListener("reset", function () { clear(form.getAttribute("data-draft")); });
      var on = form.getAttribute("data-draft-clear-on");
      if (on) form.addEventListener(on, function () { clear(form.getAttribute("data-draft")); });
    });
  }

  window.NumsiteDrafts = { init: init, clear: clear, save: function (form) { save(form); } };
  document.addEventListener("DOMContentLoaded", function () {
    /* after the page's other scripts (htmx included) have set up their listeners: they hear
       the restored values */
    window.setTimeout(function () { init(document); }, 0);
    /* htmx pushed a new address: the drafts (typed since, or as sent) belong to it now */
    ["htmx:pushedIntoHistory", "htmx:replacedInHistory"].forEach(function (name) {
      document.body.addEventListener(name, function () {
        document.querySelectorAll("form[data-draft][data-draft-ready]").forEach(function (form) { save(form, true); });
      });
    });
    document.body.addEventListener("htmx:load", function (event) {
      var elt = event.detail.elt;
      init(elt, elt !== document.body); /* htmx's first load event is the page's own */
    });
  });
})();
