/* Drafts: what is typed in a form is kept on this device until it is saved.

   Usage: mark a form with data-draft="<key>" (one key per kind of entry on the page, e.g. the
   write's name). Every change of its fields is kept in sessionStorage under the page's path and
   that key; when the form is drawn again (a reload, an htmx swap, a refusal) the fields that are
   still at the value the server drew are given back what was typed, and get "input" and
   "change" events so that whatever listens (chips, a live score) follows.

   A field the server drew with a value of its own (a refused entry, given back by the server)
   keeps the server's value. Several forms of one kind (one per row) are keyed "<key>:<row>".
   Hidden fields, buttons, passwords, files and the CSRF token are never kept. The draft is
   dropped when the form is reset, or when the page says the entry was saved: an element with data-draft-clear="<key> …"
   anywhere in the page or in an htmx swap (a key also drops its "<key>:<row>" drafts); or by
   the form itself with
   data-draft-clear-on="<event>" (e.g. a custom event the page fires).

   No library, no text: it only moves values. Private browsing or a full storage simply keeps no
   draft. */
(function () {
  "use strict";

  var PREFIX = "numsite:draft:";

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

  function save(form) {
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
    s.setItem(keyOf(form), JSON.stringify(values));
  }

  function restore(form) {
    var s = store();
    if (!s) return;
    var saved;
    try { saved = JSON.parse(s.getItem(keyOf(form)) || "null"); } catch (e) { saved = null; }
    if (!saved) return;
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!kept(field) || !(field.name in saved)) return;
      if (valueOf(field) !== drawnValue(field)) return; /* the server's own value wins */
      var want = saved[field.name];
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
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    form.setAttribute("data-draft-restored", "");
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

  function init(root) {
    root.querySelectorAll("[data-draft-clear]").forEach(function (el) {
      clear(el.getAttribute("data-draft-clear"));
      el.removeAttribute("data-draft-clear");
    });
    var forms = root.matches && root.matches("form[data-draft]") ? [root] : [];
    forms = forms.concat(Array.prototype.slice.call(root.querySelectorAll("form[data-draft]")));
    forms.forEach(function (form) {
      if (form.hasAttribute("data-draft-ready")) return;
      form.setAttribute("data-draft-ready", "");
      restore(form);
      form.addEventListener("input", function () { save(form); });
      form.addEventListener("change", function () { save(form); });
      /* the user (or the queue of Party writes) empties the form: its draft goes too */
      form.addEventListener("reset", function () { clear(form.getAttribute("data-draft")); });
      var on = form.getAttribute("data-draft-clear-on");
      if (on) form.addEventListener(on, function () { clear(form.getAttribute("data-draft")); });
    });
  }

  window.NumsiteDrafts = { init: init, clear: clear, save: save };
  document.addEventListener("DOMContentLoaded", function () {
    /* after the page's other scripts (htmx included) have set up their listeners: they hear
       the restored values */
    window.setTimeout(function () { init(document); }, 0);
    document.body.addEventListener("htmx:load", function (event) { init(event.detail.elt); });
  });
})();
