/* static/js/sw.js, the service worker (docs/offline.md, « The service worker »), run in a
   stand-in for its global scope: `self` with its listeners, a CacheStorage kept in Maps, the
   network under the test's hand (fetch answers from a table, or fails: no network), and
   Node's own Request-less Response and Headers. Each test fires the worker's events
   (install, activate, fetch, message) as the browser would and reads the caches after. */
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { source } from "./harness.mjs";

const ORIGIN = "https://site.test";
const CONFIG = {
  version: "v2",
  pages: ["/", "/en/", "/num-check/", "/hors-ligne/", "/en/offline/"],
  static: ["/static/css/numsite.1.css", "/static/js/numsite.2.js"],
  staticPrefix: "/static/",
  offline: { fr: "/hors-ligne/", en: "/en/offline/" },
  language: "fr",
  prefixes: { en: "/en/" },
};

function keyOf(what) {
  return new URL(typeof what === "string" ? what : what.url, ORIGIN).href;
}

class FakeCache {
  constructor(scope) {
    this.scope = scope;
    this.entries = new Map();
  }
  async match(what) {
    const kept = this.entries.get(keyOf(what));
    return kept ? kept.clone() : undefined;
  }
  async put(what, response) {
    this.entries.set(keyOf(what), response);
  }
  async add(what) {
    const response = await this.scope.fetch(what);
    if (!response.ok) throw new TypeError("bad status");
    await this.put(what, response);
  }
  async addAll(list) {
    await Promise.all(list.map((u) => this.add(u)));
  }
  async delete(what) {
    return this.entries.delete(keyOf(what));
  }
}

class FakeCaches {
  constructor(scope) {
    this.scope = scope;
    this.named = new Map();
  }
  async open(name) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache(this.scope));
    return this.named.get(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
  async delete(name) {
    return this.named.delete(name);
  }
  async match(what, options = {}) {
    const names = options.cacheName ? [options.cacheName] : [...this.named.keys()];
    for (const name of names) {
      const cache = this.named.get(name);
      const found = cache && (await cache.match(what));
      if (found) return found;
    }
    return undefined;
  }
  /* the paths kept in a cache, for the assertions */
  paths(name) {
    const cache = this.named.get(name);
    return cache ? [...cache.entries.keys()].map((u) => new URL(u).pathname).sort() : [];
  }
}

/* The worker in its scope. net: { "<path>": status or [status, body, headers] }, or null
   (no network: every fetch fails). */
function worker(net = {}) {
  const listeners = {};
  const calls = { skipWaiting: 0, claim: 0, fetched: [] };
  const state = { net };
  const scope = {
    location: new URL(ORIGIN + "/sw.js"),
    NUMSITE_SW: CONFIG,
    addEventListener(type, fn) {
      listeners[type] = fn;
    },
    skipWaiting: async () => {
      calls.skipWaiting += 1;
    },
    clients: { claim: async () => { calls.claim += 1; } },
    fetch: async (what) => {
      const path = new URL(keyOf(what)).pathname + new URL(keyOf(what)).search;
      calls.fetched.push(path);
      if (state.net === null) throw new TypeError("Failed to fetch");
      const entry = state.net[path] ?? 404;
      const [status, body, headers] = Array.isArray(entry) ? entry : [entry, "<html><body>" + path + "</body></html>", {}];
      return new Response(status === 204 ? null : body, { status, headers: { "Content-Type": "text/html", ...headers } });
    },
  };
  scope.self = scope;
  scope.caches = new FakeCaches(scope);
  const context = vm.createContext({
    ...scope, Response, Headers, URL, Promise, Date, Array, Object, JSON, TypeError,
  });
  context.self = context;
  scope.caches.scope = context;
  vm.runInContext(source("sw.js"), context, { filename: "static/js/sw.js" });
  /* fires one event: waits for what it asked to wait for, returns what it answered */
  async function fire(type, fields = {}) {
    const waits = [];
    let answer = null;
    const event = {
      ...fields,
      waitUntil: (p) => waits.push(p),
      respondWith: (p) => { answer = p; },
    };
    listeners[type](event);
    const response = answer ? await answer : null;
    await Promise.all(waits);
    return { response, answered: answer !== null };
  }
  function get(path, mode = "navigate", method = "GET") {
    return fire("fetch", { request: { url: ORIGIN + path, method, mode } });
  }
  return { caches: scope.caches, calls, state, fire, get };
}

test("service worker install: the public pages and the static files kept under this version", async () => {
  const sw = worker(Object.fromEntries([...CONFIG.pages, ...CONFIG.static].map((p) => [p, 200])));
  await sw.fire("install");
  assert.deepEqual(sw.caches.paths("numsite-pages-v2"), [...CONFIG.pages].sort());
  assert.deepEqual(sw.caches.paths("numsite-static-v2"), [...CONFIG.static].sort());
  assert.equal(sw.calls.skipWaiting, 1, "the new version takes over at once");
});

test("service worker activate: every numsite cache of another version goes, the others stay", async () => {
  const sw = worker();
  for (const name of ["numsite-pages-v1", "numsite-static-v1", "numsite-parties-v1", "numsite-pages-v2", "numsite-parties-v2", "someone-else"]) {
    await sw.caches.open(name);
  }
  await sw.fire("activate");
  assert.deepEqual((await sw.caches.keys()).sort(), ["numsite-pages-v2", "numsite-parties-v2", "someone-else"]);
  assert.equal(sw.calls.claim, 1, "the open tabs are controlled at once");
});

test("service worker static files: from the cache first, a miss fetched and kept", async () => {
  const sw = worker({ "/static/js/numsite.2.js": [200, "kept js"], "/static/pyodide/pyodide.asm.wasm": [200, "wasm"] });
  await sw.fire("install").catch(() => {});
  const cache = await sw.caches.open("numsite-static-v2");
  await cache.put("/static/js/numsite.2.js", new Response("from cache"));
  sw.state.net = { "/static/pyodide/pyodide.asm.wasm": [200, "wasm"] };
  sw.calls.fetched.length = 0;
  const hit = await sw.get("/static/js/numsite.2.js", "no-cors");
  assert.equal(await hit.response.text(), "from cache");
  assert.deepEqual(sw.calls.fetched, [], "a kept file never goes to the network");
  const miss = await sw.get("/static/pyodide/pyodide.asm.wasm", "no-cors");
  assert.equal(await miss.response.text(), "wasm");
  assert.ok(sw.caches.paths("numsite-static-v2").includes("/static/pyodide/pyodide.asm.wasm"), "kept for the next visit");
});

test("service worker public pages: the network first, kept; without network the copy, else the offline page in the reader's language", async () => {
  const sw = worker({ "/num-check/": [200, "fresh"], "/num-check/?cards=7R": [200, "permalink"] });
  await sw.get("/num-check/");
  assert.deepEqual(sw.caches.paths("numsite-pages-v2"), ["/num-check/"]);
  await sw.get("/num-check/?cards=7R");
  const kept = await sw.caches.match("/num-check/", { cacheName: "numsite-pages-v2" });
  assert.equal(await kept.text(), "fresh", "a permalink's answer never replaces the page's copy");
  const cache = await sw.caches.open("numsite-pages-v2");
  await cache.put("/hors-ligne/", new Response("hors ligne"));
  await cache.put("/en/offline/", new Response("offline"));
  sw.state.net = null;
  assert.equal(await (await sw.get("/num-check/?cards=5B")).response.text(), "fresh", "a permalink opens its page's copy");
  assert.equal(await (await sw.get("/regles/inconnue/")).response.text(), "hors ligne");
  assert.equal(await (await sw.get("/en/rules/unknown/")).response.text(), "offline");
});

test("service worker Party page: kept with the time of its copy, shown with it without network, dropped when gone", async () => {
  const path = "/parties/AbC_12-x/";
  const sw = worker({ [path]: [200, '<!doctype html><html lang="fr"><body>Tom 27</body></html>'] });
  const online = await sw.get(path);
  assert.match(await online.response.text(), /Tom 27/);
  const copy = await sw.caches.match(path, { cacheName: "numsite-parties-v2" });
  const saved = copy.headers.get("X-Numsite-Saved-At");
  assert.ok(saved && !Number.isNaN(Date.parse(saved)), "the copy says when it was fetched");

  sw.state.net = null;
  const offline = await sw.get(path);
  const html = await offline.response.text();
  assert.match(html, new RegExp('<html data-offline-saved="' + saved + '" lang="fr">'));
  assert.equal(offline.response.headers.get("X-Numsite-Saved-At"), null);

  sw.state.net = { [path]: 410 };
  await sw.get(path);
  assert.deepEqual(sw.caches.paths("numsite-parties-v2"), [], "a replaced link's page leaves the phone");
});

test("service worker leaves alone: writes, htmx fragments, the API, other sites", async () => {
  const sw = worker({ "/parties/abc/": 200 });
  assert.equal((await sw.get("/parties/abc/", "navigate", "POST")).answered, false);
  assert.equal((await sw.get("/parties/abc/board/", "cors")).answered, false);
  assert.equal((await sw.get("/api/v1/num-check", "cors")).answered, false);
  const other = await sw.fire("fetch", { request: { url: "https://cdn.test/x.js", method: "GET", mode: "no-cors" } });
  assert.equal(other.answered, false);
  assert.deepEqual(sw.calls.fetched, []);
});

test("service worker message: keeps the offline bundle's static files of this site only, and a Party page on request", async () => {
  const sw = worker({ "/static/offline/engines.zip": [200, "zip"], "/api/v1/": 200, "/parties/tok/": [200, "<html><body>p</body></html>"] });
  await sw.fire("message", { data: { keep: "bundle", urls: ["/static/offline/engines.zip", "https://cdn.test/static/x.js", "/api/v1/"] } });
  assert.deepEqual(sw.caches.paths("numsite-static-v2"), ["/static/offline/engines.zip"]);
  await sw.fire("message", { data: { keep: "party", url: ORIGIN + "/parties/tok/" } });
  assert.deepEqual(sw.caches.paths("numsite-parties-v2"), ["/parties/tok/"]);
  await sw.fire("message", { data: { forget: "party", url: "/parties/tok/" } });
  assert.deepEqual(sw.caches.paths("numsite-parties-v2"), []);
});
