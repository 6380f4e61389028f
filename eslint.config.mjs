// ESLint (flat config) for the site's hand-written JavaScript and its Node tests: `make lint`
// runs it (npx-free: node_modules/.bin/eslint, from package-lock.json). docs/architecture.md,
// « The JavaScript ».
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // a catch that ignores its error names it all the same (`catch (e) {}`) in these scripts
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      // beyond the recommended set: rules that catch bugs, not style
      "array-callback-return": "error",
      "block-scoped-var": "error",
      "no-implicit-globals": "error",
      "no-loop-func": "error",
      "no-promise-executor-return": "error",
      "no-self-compare": "error",
      "no-unmodified-loop-condition": "error",
      "no-unused-expressions": "error",
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
    },
  },
  {
    // the pages' scripts: classic scripts (IIFEs), each loaded by a <script> tag
    files: ["static/js/**/*.js", "static/i18n/**/*.js"],
    ignores: ["static/js/sw.js", "static/js/offline-worker.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    // the service worker at /sw.js (its configuration is prepended by the view)
    files: ["static/js/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    // the offline engines' Web Worker (offline.js starts it with type: "module")
    files: ["static/js/offline-worker.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.worker } },
  },
  {
    // the unit tests (node --test) and this file
    files: ["tests/js/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
