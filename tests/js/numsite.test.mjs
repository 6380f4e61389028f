/* static/js/numsite.js, what the pages share: the card chips of a text field, the card picker
   (two taps a card, its places filled in order), the field errors drawn on their inputs, a
   live request marked as such, a repeated live message not swapped again, and the focus kept
   across an htmx swap. htmx is not loaded: the tests fire the events it fires. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { fire, page } from "./harness.mjs";

const TABLES = '<script type="application/json" id="card-tables">{"glyph": {"R": "♥", "B": "♠"}, "name": {"R": "rouge", "B": "bleu"}, "text": {"remove": "Retirer {card}"}}</script>';

function open(body) {
  const p = page("https://site.test/num-check/", TABLES + body, ["numsite.js"]);
  p.loaded();
  return p;
}

test("card chips: one chip a card, the server's glyph and a name to say; a tap removes that card", async () => {
  const p = open('<input id="cards" data-chips value="7R 12b 7R"><div data-chips-for="cards"></div>');
  const chips = () => [...p.document.querySelectorAll("[data-chips-for=cards] button")];
  assert.deepEqual(chips().map((c) => c.textContent), ["♥7 ×", "♠12 ×", "♥7 ×"]);
  assert.equal(chips()[1].getAttribute("aria-label"), "Retirer 12 bleu");
  assert.match(chips()[1].className, /fam-B/);
  const input = p.document.getElementById("cards");
  let heard = 0;
  input.addEventListener("input", () => { heard += 1; });
  chips()[0].click();
  assert.equal(input.value, "12b 7R", "the card tapped, not the last one");
  assert.equal(chips().length, 2);
  assert.equal(heard, 1, "the live score hears it");
  await p.close();
});

const PICKER = `<div data-strip data-strip-picker="#pick">
  <input id="p1" data-place aria-label="Carte 1"><input id="p2" data-place aria-label="Carte 2" value="3B"><input id="p3" data-place aria-label="Carte 3">
</div>
<div id="pick" data-picker data-mode="set" hidden>
  <p data-picker-status data-msg-family-first="Famille d’abord" data-msg-put="{card} en {place}." data-msg-next="Suivante : {place}." data-msg-all-filled="Tout est rempli." data-msg-cleared="{place} vidée." data-msg-chosen="{place} choisie."></p>
  <div role="group" data-keys><button data-family="R">R</button><button data-family="B">B</button></div>
  <div role="group" data-keys><button data-value="5">5</button><button data-value="9">9</button></div>
  <button data-back>⌫</button>
</div>`;

test("card picker: a family then a value puts a card in the first empty place, then moves to the next", async () => {
  const p = open(PICKER);
  const $ = (s) => p.document.querySelector(s);
  const status = () => $("[data-picker-status]").textContent;
  /* happy-dom lays nothing out: every place counts as shown */
  p.document.querySelectorAll("[data-place]").forEach((i) => Object.defineProperty(i, "offsetParent", { get: () => p.document.body }));
  assert.equal($("#pick").hidden, false, "shown once JavaScript runs");
  $("[data-value='5']").click();
  assert.equal(status(), "Famille d’abord");
  $("[data-family='R']").click();
  assert.equal($("[data-family='R']").getAttribute("aria-pressed"), "true");
  $("[data-value='5']").click();
  assert.equal($("#p1").value, "5R");
  assert.equal(status(), "5R en Carte 1. Suivante : Carte 3.", "the filled place is skipped");
  $("[data-value='9']").click();
  assert.equal($("#p3").value, "9R");
  assert.equal(status(), "9R en Carte 3. Tout est rempli.");
  $("[data-back]").click();
  assert.equal($("#p3").value, "");
  assert.equal(status(), "Carte 3 vidée.");
  $("#p2").click();
  assert.equal($("#p2").getAttribute("aria-current"), "true", "a tap makes a place the target");
  assert.equal(status(), "Carte 2 choisie.");
  await p.close();
});

test("field errors: an input whose error box has words is marked invalid, and clear again", async () => {
  const p = open('<input id="c"><div data-error-for="c">Carte inconnue</div>');
  const input = p.document.getElementById("c");
  assert.equal(input.getAttribute("aria-invalid"), "true");
  assert.ok(input.classList.contains("is-invalid"));
  p.document.querySelector("[data-error-for]").textContent = " ";
  fire(p, "htmx:afterSettle", p.document.body, {});
  assert.equal(input.getAttribute("aria-invalid"), "false");
  assert.ok(!input.classList.contains("is-invalid"));
  await p.close();
});

test("a request sent while typing says it is live; a submit or a tap does not", async () => {
  const p = open("<form></form>");
  const form = p.document.querySelector("form");
  const sent = (type) => {
    const detail = { headers: {}, triggeringEvent: type ? { type } : null };
    fire(p, "htmx:configRequest", form, detail);
    return detail.headers["X-Numsite-Live"];
  };
  assert.equal(sent("input"), "1");
  assert.equal(sent("change"), "1");
  assert.equal(sent("submit"), undefined);
  assert.equal(sent("click"), undefined);
  assert.equal(sent(null), undefined);
  await p.close();
});

test("a live region is not written again with the same words (a screen reader would repeat them)", async () => {
  const p = open('<div id="live" aria-live="polite">Brelan : 21 points</div><div id="plain">x</div>');
  const fragment = (text) => {
    const div = p.document.createElement("div");
    div.textContent = text;
    return div;
  };
  const same = fire(p, "htmx:oobBeforeSwap", p.document.body, { target: p.document.getElementById("live"), fragment: fragment(" Brelan : 21 points "), shouldSwap: true });
  assert.equal(same.detail.shouldSwap, false);
  const other = fire(p, "htmx:oobBeforeSwap", p.document.body, { target: p.document.getElementById("live"), fragment: fragment("Full : 40 points"), shouldSwap: true });
  assert.equal(other.detail.shouldSwap, true);
  const plain = fire(p, "htmx:oobBeforeSwap", p.document.body, { target: p.document.getElementById("plain"), fragment: fragment("x"), shouldSwap: true });
  assert.equal(plain.detail.shouldSwap, true, "only live regions, alerts and field errors");
  await p.close();
});

test("focus survives a swap: the same field again, or the place data-focus-after names, never <body>", async () => {
  const p = open('<div id="target"><input id="cards"><button name="go" value="2">Go</button><button data-focus-after="#r2-c1">Ajouter</button></div>');
  const swap = (html, focused) => {
    p.document.querySelector(focused).focus();
    const target = p.document.getElementById("target");
    fire(p, "htmx:beforeSwap", target, { target });
    target.innerHTML = html; /* what htmx swaps in: the focused element is gone */
    fire(p, "htmx:afterSettle", target, { target });
    return p.document.activeElement;
  };
  assert.equal(swap('<input id="cards"><button name="go" value="2">Go</button>', "#cards").id, "cards");
  assert.equal(swap('<button name="go" value="1">1</button><button name="go" value="2">2</button>', "[name=go][value='2']").textContent, "2");
  p.document.getElementById("target").innerHTML += '<button data-focus-after="#r2-c1">Ajouter</button>';
  assert.equal(swap('<input id="r2-c1"><input id="r2-c2">', "[data-focus-after]").id, "r2-c1");
  await p.close();
});
