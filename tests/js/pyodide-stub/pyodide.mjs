/* A stand-in for Pyodide's loader module (node_modules/pyodide/pyodide.mjs, served under
   /static/pyodide/) for offline-worker.test.mjs: the worker imports `<its ?pyodide= URL>pyodide.mjs`
   and calls its loadPyodide; this one records the options and hands the call to the test's
   `stub.load`, which answers a stand-in Pyodide (or throws: Pyodide failing to start). */
export const stub = { load: null, calls: [] };

export function loadPyodide(options) {
  stub.calls.push(options);
  return stub.load(options);
}
