/* Loads the site's browser scripts (static/js/*.js: IIFEs that attach to window and listen on
   document) into a DOM without a browser, for `node --test tests/js/`: happy-dom gives the page
   (forms, events, sessionStorage, <template>), fake-indexeddb the IndexedDB a test hands over
   (the same factory to a second page is « the same phone after a reload »), and the test
   owns the clock of window.setTimeout and setInterval (and of Date.now, when asked), the network (fetch, navigator.onLine) and htmx. */
import { readFileSync } from "node:fs";
import { Window } from "happy-dom";

const ROOT = new URL("../../static/js/", import.meta.url);

export function source(name) {
  return readFileSync(new URL(name, ROOT), "utf8");
}

/* window.setTimeout and setInterval under the test's hand: a timer runs only when the test says
   so. Zero-delay timers (the scripts' « soon ») run by settle(); the others wait for fire(), which
   keeps an interval for the next fire(). `now` is the page's Date.now() when the page was opened
   with a `now`; the test moves it forward itself. */
class Clock {
  constructor(now) {
    this.timers = new Map();
    this.serial = 0;
    this.now = now;
  }
  set(fn, ms, every = false) {
    this.serial += 1;
    this.timers.set(this.serial, { fn, ms: ms || 0, every });
    return this.serial;
  }
  clear(id) {
    this.timers.delete(id);
  }
  /* the delays of the timers waiting (not the zero ones) */
  delays() {
    return [...this.timers.values()].filter((t) => t.ms > 0).map((t) => t.ms);
  }
  runZero() {
    let ran = false;
    for (const [id, t] of [...this.timers]) {
      if (t.ms === 0) {
        this.timers.delete(id);
        t.fn();
        ran = true;
      }
    }
    return ran;
  }
  /* runs the waiting timers of that delay (all of them without one) */
  fire(ms) {
    for (const [id, t] of [...this.timers]) {
      if (t.ms > 0 && (ms === undefined || t.ms === ms)) {
        if (!t.every) this.timers.delete(id);
        t.fn();
      }
    }
  }
}

const tick = () => new Promise((resolve) => {
  setImmediate(resolve);
});

/* A page at `url` with `html` in its body, the scripts of `scripts` run in it in order.
   options: indexedDB (a fake-indexeddb IDBFactory), fetch (async (url, init) => Response-like),
   online, sessionStorage (entries carried from an earlier page: a reload in the same tab),
   currentScript (attributes of the <script> element a script reads, for offline.js),
   Worker (a class standing for a Web Worker), htmx (an object standing for htmx), navigator
   (properties given to window.navigator: a stand-in wakeLock, say), now (a time in ms: Date.now()
   is then clock.now), before (a function given the window before the scripts run: what the
   server drew beyond the body). */
export function page(url, html, scripts, options = {}) {
  const window = new Window({ url, settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const document = window.document;
  const clock = new Clock(options.now);
  const state = { online: options.online !== false, visibility: "visible" };
  window.setTimeout = (fn, ms) => clock.set(fn, ms);
  window.clearTimeout = (id) => clock.clear(id);
  window.setInterval = (fn, ms) => clock.set(fn, ms, true);
  window.clearInterval = (id) => clock.clear(id);
  if (options.now !== undefined) window.Date.now = () => clock.now;
  Object.defineProperty(document, "visibilityState", { get: () => state.visibility, configurable: true });
  Object.defineProperty(document, "hidden", { get: () => state.visibility !== "visible", configurable: true });
  Object.defineProperty(window.navigator, "onLine", { get: () => state.online, configurable: true });
  /* one tab: no Web Locks (party-queue.js sends without one then) */
  Object.defineProperty(window.navigator, "locks", { value: undefined, configurable: true });
  if (options.indexedDB) window.indexedDB = options.indexedDB;
  else delete window.indexedDB;
  if (options.fetch) window.fetch = options.fetch;
  if (options.Worker) window.Worker = options.Worker;
  if (options.htmx) window.htmx = options.htmx;
  for (const [k, v] of Object.entries(options.navigator || {})) {
    Object.defineProperty(window.navigator, k, { value: v, configurable: true });
  }
  for (const [k, v] of Object.entries(options.sessionStorage || {})) window.sessionStorage.setItem(k, v);
  /* what a listener threw (happy-dom reports it on window, as a browser does, and goes on) */
  const errors = [];
  window.addEventListener("error", (event) => errors.push(event.error));
  document.body.innerHTML = html || "";
  if (options.before) options.before(window);
  for (const name of scripts) {
    let script = null;
    if (options.currentScript) {
      script = document.createElement("script");
      for (const [k, v] of Object.entries(options.currentScript)) script.setAttribute(k, v);
      Object.defineProperty(document, "currentScript", { get: () => script, configurable: true });
    }
    window.eval(source(name) + "\n//# sourceURL=static/js/" + name);
    if (script) delete document.currentScript;
  }
  const result = {
    window,
    document,
    clock,
    state,
    errors,
    /* the page's promises, IndexedDB's callbacks and the zero-delay timers, until all is still */
    async settle() {
      let quiet = 0;
      while (quiet < 50) {
        await tick();
        quiet = clock.runZero() ? 0 : quiet + 1;
      }
    },
    goOnline() {
      state.online = true;
      window.dispatchEvent(new window.Event("online"));
    },
    /* the tab hidden or shown again ("hidden", "visible"), as the browser says it */
    setVisibility(visibility) {
      state.visibility = visibility;
      document.dispatchEvent(new window.Event("visibilitychange"));
    },
    storage() {
      const out = {};
      for (let i = 0; i < window.sessionStorage.length; i++) {
        const k = window.sessionStorage.key(i);
        out[k] = window.sessionStorage.getItem(k);
      }
      return out;
    },
    loaded() {
      document.dispatchEvent(new window.Event("DOMContentLoaded"));
    },
    async close() {
      await window.happyDOM.abort();
      window.close();
    },
  };
  return result;
}

/* Dispatches the custom event `name` (htmx's, say) on `target` as htmx does: bubbling,
   cancelable, with `detail`; returns the event, so a test reads what the listeners changed. */
export function fire(p, name, target, detail) {
  const event = new p.window.CustomEvent(name, { bubbles: true, cancelable: true, detail });
  target.dispatchEvent(event);
  return event;
}

/* A fetch answer as party-queue.js reads it (status, headers.get, text). */
export function answer(status, html = "", headers = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name) => (name.toLowerCase() in lower ? lower[name.toLowerCase()] : null) },
    text: async () => html,
  };
}

/* Every record of an IndexedDB store, read straight from the database (not through the page). */
export function records(factory, dbName, storeName) {
  return new Promise((resolve, reject) => {
    const open = factory.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(storeName)) {
        db.close();
        resolve([]);
        return;
      }
      const request = db.transaction(storeName).objectStore(storeName).getAll();
      request.onsuccess = () => {
        db.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
    };
  });
}

/* Adds records to an IndexedDB store the page has made (what an earlier page or another tab
   left there). */
export function add(factory, dbName, storeName, list) {
  return new Promise((resolve, reject) => {
    const open = factory.open(dbName);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(storeName, "readwrite");
      list.forEach((record) => tx.objectStore(storeName).add(record));
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}
