/* static/js/offline.js without Pyodide: the form's fields → the API's JSON body, the engines'
   answer → what the page shows, an error at its field, « cannot answer » when the phone cannot,
   a Party entry's live score, and the banner of a Party page served from its copy
   (docs/offline.md, « The calculators without network »). The Web Worker that runs the engines
   (offline-worker.js, Pyodide) is stood for by a fake that speaks its protocol:
   {id, endpoint, body, language} in, {id, answer} or {id, failed} out. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./harness.mjs";

const SCRIPT = {
  "data-worker": "/static/js/offline-worker.js",
  "data-pyodide": "/static/pyodide/",
  "data-engines": "/static/offline/engines.zip",
  "data-msg-local": "Calculé sur ce téléphone",
  "data-msg-points": "{total} points",
  "data-msg-invalid": "Combinaison invalide",
  "data-msg-unavailable": "Pas de réseau, et ce calcul ne peut pas encore se faire sur ce téléphone",
  "data-msg-saved": "Hors ligne — dernière mise à jour {time}",
};

/* a stand-in for the engines' worker: `reply(message)` is the engines' answer (an object), or
   throws to answer {failed} */
function engines(reply) {
  const made = [];
  const asked = [];
  class FakeWorker {
    constructor(url, options) {
      this.listeners = {};
      made.push({ url, options });
    }
    addEventListener(type, fn) {
      (this.listeners[type] = this.listeners[type] || []).push(fn);
    }
    postMessage(message) {
      asked.push(message);
      setImmediate(() => {
        let data;
        try {
          data = { id: message.id, answer: JSON.stringify(reply(message)) };
        } catch (err) {
          data = { id: message.id, failed: String(err.message) };
        }
        (this.listeners.message || []).forEach((fn) => fn({ data }));
      });
    }
  }
  return { FakeWorker, made, asked };
}

const BODY = JSON.stringify({
  cards: "@cards:cards",
  claim: "@claim",
  players: "@players:int",
  bonus: "@bonus:bool",
  modes: "@mode:all",
  fixed: 3,
  nested: ["@claim", { again: "@players:int" }],
});

function calculator(body = BODY) {
  return `<h1>NUM CHECK</h1>
<form data-offline="num_check" data-offline-target="#result" data-offline-live="#live" data-offline-body='${body}' hx-post="/num-check/">
  <input name="csrfmiddlewaretoken" type="hidden" value="t">
  <input id="id_cards" name="cards" value=" 5R, 5B;  7J ">
  <div data-error-for="id_cards"></div>
  <input id="id_claim" name="claim" value="">
  <input id="id_players" name="players" value="4">
  <input type="checkbox" name="bonus" value="on" checked>
  <input type="checkbox" name="mode" value="a" checked>
  <input type="checkbox" name="mode" value="b">
  <input type="checkbox" name="mode" value="c" checked>
  <button type="submit" name="go" value="compute">Calculer</button>
</form>
<div id="result"><p>ancien résultat</p></div>
<div id="live"></div>`;
}

function open(html, reply, options = {}) {
  const worker = reply ? engines(reply) : null;
  const p = page(options.url || "https://site.test/num-check/", html, ["offline.js"], {
    currentScript: SCRIPT,
    Worker: worker ? worker.FakeWorker : undefined,
    online: options.online,
  });
  if (!worker) delete p.window.Worker;
  return { p, worker };
}

/* htmx could not reach the server for the form's post */
function sendError(p, elt) {
  elt.dispatchEvent(new p.window.CustomEvent("htmx:sendError", { detail: { elt }, bubbles: true }));
}

test("offline reading: the form's fields become the API's body as the template says", async () => {
  const { p, worker } = open(calculator(), () => ({ total: 0 }));
  sendError(p, p.document.querySelector("form"));
  await p.settle();
  assert.equal(worker.asked.length, 1);
  const message = worker.asked[0];
  assert.equal(message.endpoint, "num_check");
  assert.equal(message.language, "fr");
  assert.deepEqual(JSON.parse(message.body), {
    cards: ["5R", "5B", "7J"],
    claim: null,
    players: 4,
    bonus: true,
    modes: ["a", "c"],
    fixed: 3,
    nested: [null, { again: 4 }],
  });
  const url = new URL(worker.made[0].url, "https://site.test/");
  assert.equal(url.pathname, "/static/js/offline-worker.js");
  assert.equal(url.searchParams.get("pyodide"), "/static/pyodide/");
  assert.equal(url.searchParams.get("engines"), "/static/offline/engines.zip");
  assert.equal(worker.made[0].options.type, "module");
  await p.close();
});

test("offline reading: \"@*\" sends every field as the page would, with the button that submitted it", async () => {
  const { p, worker } = open(calculator('"@*"'), () => ({ total: 0 }));
  const form = p.document.querySelector("form");
  form.offlineSubmitter = form.querySelector("button");
  sendError(p, form);
  await p.settle();
  assert.deepEqual(JSON.parse(worker.asked[0].body), {
    cards: " 5R, 5B;  7J ",
    claim: "",
    players: "4",
    bonus: "on",
    mode: ["a", "c"],
    go: "compute",
  });
  assert.equal(form.offlineSubmitter, null, "its action done once");
  await p.close();
});

test("offline reading: the engines' answer is drawn with its total, title and lines, marked local", async () => {
  const { p } = open(calculator(), () => ({ total: 12, title: "Paire", explanation: ["5R + 5B", "bonus"] }));
  sendError(p, p.document.querySelector("form"));
  await p.settle();
  const result = p.document.querySelector("#result");
  const head = result.querySelector("[data-offline-answer] p.h4");
  assert.equal(head.textContent, "12 points — Paire");
  assert.equal(head.getAttribute("data-score"), "12");
  assert.deepEqual([...result.querySelectorAll("li")].map((li) => li.textContent), ["5R + 5B", "bonus"]);
  assert.equal(result.querySelector(".badge").textContent, "Calculé sur ce téléphone");
  assert.ok(!result.textContent.includes("ancien résultat"), "no stale score");
  assert.equal(p.document.querySelector("#live .live-total").textContent, "12 points — Paire");
  await p.close();
});

test("offline reading: an invalid combination and a players' table are read as the server words them", async () => {
  let answer = { valid: false, reason: "Deux couleurs" };
  const { p } = open(calculator(), () => answer);
  const form = p.document.querySelector("form");
  sendError(p, form);
  await p.settle();
  const result = p.document.querySelector("#result");
  assert.equal(result.querySelector("p.h4").textContent, "Combinaison invalide");
  assert.equal(result.querySelector("li").textContent, "Deux couleurs");
  answer = { players: [{ name: "Ana", total: 31, title: "Gagnante" }, { name: "Bo", points: 12 }] };
  sendError(p, form);
  await p.settle();
  assert.deepEqual([...result.querySelectorAll("li")].map((li) => li.textContent), [
    "Ana : 31 points — Gagnante",
    "Bo : 12 points",
  ]);
  await p.close();
});

test("offline reading: an error is shown at its field, and cleared by the next answer", async () => {
  let answer = { error: { field: "cards", message: "Carte inconnue : 7J" } };
  const { p } = open(calculator(), () => answer);
  const form = p.document.querySelector("form");
  sendError(p, form);
  await p.settle();
  const input = p.document.querySelector("#id_cards");
  assert.equal(p.document.querySelector("[data-error-for=id_cards]").textContent, "Carte inconnue : 7J");
  assert.ok(input.classList.contains("is-invalid"));
  assert.equal(p.document.querySelector("#result p.h4").textContent, "Carte inconnue : 7J");
  assert.ok(p.document.querySelector("#result .card").classList.contains("border-danger"));
  answer = { total: 4 };
  sendError(p, form);
  await p.settle();
  assert.equal(p.document.querySelector("[data-error-for=id_cards]").textContent, "");
  assert.ok(!input.classList.contains("is-invalid"));
  await p.close();
});

test("offline reading: when the phone cannot answer either, the result says so instead of a stale score", async () => {
  for (const reply of [null, () => { throw new Error("engines failed"); }]) {
    const { p } = open(calculator(), reply);
    sendError(p, p.document.querySelector("form"));
    await p.settle();
    const result = p.document.querySelector("#result");
    assert.match(result.textContent, /ne peut pas encore se faire/);
    assert.ok(!result.textContent.includes("ancien résultat"));
    assert.match(p.document.querySelector("#live").textContent, /ne peut pas encore se faire/);
    await p.close();
  }
});

test("offline reading: a form submitted without network (htmx not there) is answered on the phone", async () => {
  const { p, worker } = open(calculator(), () => ({ total: 7 }), { online: false });
  const form = p.document.querySelector("form");
  const submit = new p.window.Event("submit", { bubbles: true, cancelable: true });
  form.dispatchEvent(submit);
  assert.equal(submit.defaultPrevented, true, "no request that cannot go out");
  await p.settle();
  assert.equal(worker.asked.length, 1);
  assert.equal(p.document.querySelector("#result p.h4").textContent, "7 points");
  await p.close();
});

test("offline reading: a Party entry's live score is computed on the phone with its player's data", async () => {
  const html = `<form hx-post="/parties/abc/claim/">
  <select name="player"><option value="1">Ana</option><option value="2" selected>Bo</option></select>
  <input name="cards" value="5R 5B">
  <div data-preview data-offline="party_claim" data-offline-body='{"cards": "@cards:cards"}'
       data-offline-players='{"1": {"hand": ["1R"]}, "2": {"hand": ["2B"], "seat": 2}}'></div>
</form>`;
  const { p, worker } = open(html, () => ({ head: "12 points", proposed: "paire", also: "ou brelan" }), {
    url: "https://site.test/parties/abc/",
    online: false,
  });
  const preview = p.document.querySelector("[data-preview]");
  let previewed = 0;
  p.document.addEventListener("numsite:previewed", () => { previewed += 1; });
  const config = new p.window.CustomEvent("htmx:configRequest", { detail: { elt: preview }, bubbles: true, cancelable: true });
  preview.dispatchEvent(config);
  assert.equal(config.defaultPrevented, true);
  await p.settle();
  assert.equal(worker.asked[0].endpoint, "party_claim");
  assert.deepEqual(JSON.parse(worker.asked[0].body), { cards: ["5R", "5B"], hand: ["2B"], seat: 2 });
  assert.equal(preview.querySelector("[data-testid=preview-score] strong").textContent, "12 points");
  assert.equal(preview.querySelector(".ns-preview-body").getAttribute("data-proposed"), "paire");
  assert.equal(previewed, 1, "party.js hears it and proposes the combination");
  await p.close();
});

test("offline reading: a Party page served from its copy says when that copy was made", async () => {
  const p = page("https://site.test/parties/abc/", `<main id="contenu"><h1>Partie</h1></main>`, ["offline.js"], {
    currentScript: SCRIPT,
    before(window) {
      window.document.documentElement.setAttribute("lang", "fr");
      window.document.documentElement.setAttribute("data-offline-saved", "2026-12-05T14:05:00");
    },
  });
  const banner = p.document.querySelector("#contenu > [data-offline-banner]");
  assert.ok(banner, "first in the page's main");
  assert.equal(banner.textContent, "Hors ligne — dernière mise à jour 14 h 05");
  await p.close();
});
