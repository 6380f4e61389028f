/* The offline engines (docs/offline.md): a module Web Worker that runs Pyodide with the site's own
   engines, unpacked from the zip collectstatic made of the very files the server runs. It only
   hands text over: {id, endpoint, body, language} in, {id, answer} out, the answer being the
   JSON of calculators.core.answers.answer — the API's answer or its 400 error. It holds no
   rule. The page's script (offline.js) starts it once the page is idle, with the URLs of the
   bundle in the query string (?engines=…&pyodide=…). */
(function () {
  "use strict";
  var params = new URLSearchParams(self.location.search);
  var ready = null;

  function start() {
    if (ready) return ready;
    var index = params.get("pyodide");
    ready = import(index + "pyodide.mjs").then(function (module) {
      return module.loadPyodide({ indexURL: index, packages: [] });
    }).then(function (pyodide) {
      return fetch(params.get("engines")).then(function (response) {
        if (!response.ok) throw new Error("engines: HTTP " + response.status);
        return response.arrayBuffer();
      }).then(function (zip) {
        pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/numsite" });
        pyodide.runPython(
          "import sys\n" +
          "sys.path.insert(0, '/home/pyodide/numsite')\n" +
          "from calculators.core.answers import answer as numsite_answer\n"
        );
        return pyodide.globals.get("numsite_answer");
      });
    });
    return ready;
  }

  self.addEventListener("message", function (event) {
    var job = event.data || {};
    start().then(function (answer) {
      if (job.warm) {
        self.postMessage({ id: job.id, ready: true });
        return;
      }
      self.postMessage({ id: job.id, answer: answer(job.endpoint, job.body, job.language || "fr") });
    }).catch(function (err) {
      ready = null;
      self.postMessage({ id: job.id, failed: String(err && err.message || err) });
    });
  });
})();
