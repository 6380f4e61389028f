/* static/js/offline-worker.js, the offline engines' Web Worker (docs/offline.md), run in a
   stand-in of a worker's global scope (`node:vm`: `self` with its message listener and
   postMessage, `location` with the bundle's URLs, the test's fetch). Pyodide itself needs a
   browser's WebAssembly and the engines' zip, so the worker's own seam stands in for it: the
   loader it imports from its ?pyodide= URL is tests/js/pyodide-stub/pyodide.mjs, whose
   loadPyodide answers a stand-in Pyodide; that one checks the Python the worker runs (the
   bundle's folder on sys.path, then an import of a function the repository's module defines)
   and answers with the test's engine. What is pinned is the protocol: {id, endpoint, body,
   language} in, {id, answer} out (the engine's text untouched), {id, ready} for a warm-up,
   {id, failed} when Pyodide or the bundle cannot load, which the next job then tries again. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { source } from "./harness.mjs";
import { stub } from "./pyodide-stub/pyodide.mjs";

const REPO = new URL("../../", import.meta.url);
const LOADER = new URL("./pyodide-stub/", import.meta.url).href;
const ENGINES = "/static/offline/engines.1a2b.zip";

/* A stand-in Pyodide: the zip unpacked, then the worker's Python read as Python would run it —
   `sys.path.insert(0, '<folder>')` must name the folder the zip went to, and `from <module>
   import <name> as <alias>` a function the repository's <module>.py defines; the alias is then
   bound to `engine`. */
function pyodide(engine) {
  const seen = { unpacked: [], ran: [], bound: {} };
  let folder = null;
  return {
    seen,
    unpackArchive(buffer, format, options) {
      seen.unpacked.push({ buffer, format, options });
      folder = options.extractDir;
    },
    runPython(code) {
      seen.ran.push(code);
      const path = /^sys\.path\.insert\(0, '([^']+)'\)$/m.exec(code);
      if (!path || path[1] !== folder) throw new Error("ModuleNotFoundError: the bundle is not on sys.path");
      const from = /^from ([\w.]+) import (\w+) as (\w+)$/m.exec(code);
      if (!from) throw new Error("SyntaxError");
      const [, module, name, alias] = from;
      const file = new URL(module.replaceAll(".", "/") + ".py", REPO);
      const text = readFileSync(file, "utf8");
      if (!new RegExp("^def " + name + "\\(endpoint: str, body: str, language: str", "m").test(text)) {
        throw new Error("ImportError: cannot import name " + name);
      }
      seen.bound[alias] = engine;
    },
    globals: { get: (alias) => seen.bound[alias] },
  };
}

/* the engines' stand-in: each call recorded, the JSON text a real one would give */
function engine() {
  const calls = [];
  function answer(endpoint, body, language) {
    calls.push([endpoint, body, language]);
    return JSON.stringify({ endpoint, total: JSON.parse(body).cards.length, language });
  }
  return { answer, calls };
}

/* The worker as offline.js starts it: `new Worker("offline-worker.js?engines=…&pyodide=…")`.
   net(url) answers the bundle's fetch. */
function worker({ net = () => zip(200), loader = LOADER } = {}) {
  const posted = [];
  const fetched = [];
  let listener = null;
  const scope = {
    location: new URL("https://site.test/static/js/offline-worker.js?engines=" + encodeURIComponent(ENGINES) + "&pyodide=" + encodeURIComponent(loader)),
    URLSearchParams,
    fetch: async (url) => {
      fetched.push(url);
      return net(url);
    },
    addEventListener(type, fn) {
      if (type === "message") listener = fn;
    },
    postMessage(data) {
      posted.push(structuredClone(data)); /* what crosses to the page is a copy, as a worker's is */
    },
  };
  const context = vm.createContext(scope);
  context.self = context;
  new vm.Script(source("offline-worker.js"), {
    filename: "static/js/offline-worker.js",
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }).runInContext(context);
  return {
    posted,
    fetched,
    send(data) {
      listener({ data });
    },
    /* until `count` messages have been posted back (or the worker stays still) */
    async replies(count) {
      for (let i = 0; i < 200 && posted.length < count; i++) {
        await new Promise((resolve) => {
          setImmediate(resolve);
        });
      }
      return posted;
    },
  };
}

const BUNDLE = new Uint8Array([0x50, 0x4b, 0x03, 0x04]).buffer;

function zip(status) {
  return { ok: status >= 200 && status < 300, status, arrayBuffer: async () => BUNDLE };
}

function reset(fake) {
  stub.calls.length = 0;
  stub.load = async () => fake;
}

test("offline engines worker: a job answered with the engines' own text, under its id, in its language (French by default)", async () => {
  const e = engine();
  reset(pyodide(e.answer));
  const w = worker();
  w.send({ id: 1, endpoint: "num_check", body: '{"cards": ["5R", "5B"]}', language: "en" });
  w.send({ id: 2, endpoint: "num5", body: '{"cards": ["7J"]}' });
  assert.deepEqual(await w.replies(2), [
    { id: 1, answer: '{"endpoint":"num_check","total":2,"language":"en"}' },
    { id: 2, answer: '{"endpoint":"num5","total":1,"language":"fr"}' },
  ]);
  assert.deepEqual(e.calls, [["num_check", '{"cards": ["5R", "5B"]}', "en"], ["num5", '{"cards": ["7J"]}', "fr"]]);
});

test("offline engines worker: Pyodide started once, from the bundle's URLs, the zip unpacked where Python imports the engines", async () => {
  const fake = pyodide(engine().answer);
  reset(fake);
  const w = worker();
  for (const id of [1, 2, 3]) w.send({ id, endpoint: "num_check", body: '{"cards": []}' });
  await w.replies(3);
  assert.deepEqual(w.posted.map((m) => m.id), [1, 2, 3]);
  assert.deepEqual(structuredClone(stub.calls), [{ indexURL: LOADER, packages: [] }], "one Pyodide for every job, with no package of its own");
  assert.deepEqual(w.fetched, [ENGINES], "the bundle fetched once");
  assert.equal(fake.seen.unpacked.length, 1);
  assert.equal(fake.seen.unpacked[0].buffer, BUNDLE);
  assert.equal(fake.seen.unpacked[0].format, "zip");
  assert.equal(fake.seen.ran.length, 1);
  assert.ok("numsite_answer" in fake.seen.bound);
  w.send({ id: 4, endpoint: "num_check", body: '{"cards": []}' });
  await w.replies(4);
  assert.equal(stub.calls.length, 1, "a later job uses the same Pyodide");
});

test("offline engines worker: the stub stands for the loader the site serves (npm's pyodide exports loadPyodide)", async () => {
  const real = await import(new URL("node_modules/pyodide/pyodide.mjs", REPO).href);
  assert.equal(typeof real.loadPyodide, "function");
});

test("offline engines worker: a warm-up starts Pyodide and answers ready, running no engine", async () => {
  const e = engine();
  reset(pyodide(e.answer));
  const w = worker();
  w.send({ id: 7, warm: true });
  assert.deepEqual(await w.replies(1), [{ id: 7, ready: true }]);
  assert.equal(stub.calls.length, 1);
  assert.deepEqual(e.calls, []);
});

test("offline engines worker: a bundle that does not load answers failed, and the next job loads again", async () => {
  const e = engine();
  reset(pyodide(e.answer));
  let status = 404;
  const w = worker({ net: () => zip(status) });
  w.send({ id: 1, endpoint: "num_check", body: '{"cards": []}' });
  assert.deepEqual(await w.replies(1), [{ id: 1, failed: "engines: HTTP 404" }]);
  status = 200;
  w.send({ id: 2, endpoint: "num_check", body: '{"cards": ["1R"]}' });
  await w.replies(2);
  assert.deepEqual(w.posted[1], { id: 2, answer: '{"endpoint":"num_check","total":1,"language":"fr"}' });
  assert.equal(stub.calls.length, 2, "Pyodide started again");
  assert.deepEqual(w.fetched, [ENGINES, ENGINES]);
});

test("offline engines worker: Pyodide that cannot start (its loader missing, or refusing) answers failed with the reason", async () => {
  reset(pyodide(engine().answer));
  const missing = worker({ loader: new URL("./no-pyodide-here/", import.meta.url).href });
  missing.send({ id: 1, warm: true });
  const [gone] = await missing.replies(1);
  assert.equal(gone.id, 1);
  assert.match(gone.failed, /no-pyodide-here/);
  assert.equal(stub.calls.length, 0);

  stub.load = async () => {
    throw "WebAssembly is not available";
  };
  const refused = worker();
  refused.send({ id: 2, warm: true });
  assert.deepEqual(await refused.replies(1), [{ id: 2, failed: "WebAssembly is not available" }]);
  assert.deepEqual(refused.fetched, [], "no bundle fetched for nothing");
});

test("offline engines worker: an engine that throws (a Python error) answers failed, and the next job starts Pyodide afresh", async () => {
  let broken = true;
  const e = engine();
  reset(pyodide((endpoint, body, language) => {
    if (broken) throw new Error("PythonError: KeyError: 'num_nope'");
    return e.answer(endpoint, body, language);
  }));
  const w = worker();
  w.send({ id: 1, endpoint: "num_nope", body: "{}" });
  assert.deepEqual(await w.replies(1), [{ id: 1, failed: "PythonError: KeyError: 'num_nope'" }]);
  broken = false;
  w.send({ id: 2, endpoint: "num_check", body: '{"cards": []}' });
  await w.replies(2);
  assert.deepEqual(w.posted[1], { id: 2, answer: '{"endpoint":"num_check","total":0,"language":"fr"}' });
  assert.equal(stub.calls.length, 2, "any failure starts Pyodide again: the worker does not tell an engine's error from a load's");
});
