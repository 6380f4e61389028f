/* static/js/drafts.js: what is typed in a form is kept on this device until it is saved
   (docs/offline.md, « Drafts on every form »). A reload is a second page in the same tab: the
   first page's sessionStorage carried over. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./harness.mjs";

const URL_PAGE = "https://site.test/parties/abc/";
const KEY = "numsite:draft:/parties/abc/:claim";

function formHtml({ cards = "", note = "" } = {}) {
  return `<form data-draft="claim">
  <input type="hidden" name="csrfmiddlewaretoken" value="secret">
  <input type="hidden" name="seen" value="5">
  <input name="cards" value="${cards}">
  <textarea name="note">${note}</textarea>
  <input type="password" name="pin" value="">
  <input type="checkbox" name="bonus" value="on">
  <button type="submit" name="go" value="1">Enregistrer</button>
</form>`;
}

async function open(html, storage, url = URL_PAGE) {
  const p = page(url, html, ["drafts.js"], { sessionStorage: storage });
  p.loaded();
  await p.settle();
  return p;
}

function type(p, name, value, selector = "form") {
  const field = p.document.querySelector(selector).elements.namedItem(name);
  if (field.type === "checkbox") field.checked = value;
  else field.value = value;
  field.dispatchEvent(new p.window.Event("input", { bubbles: true }));
  return field;
}

test("draft kept across reload: what was typed comes back, and its listeners hear it", async () => {
  const first = await open(formHtml());
  type(first, "cards", "5R 5B");
  type(first, "bonus", true);
  type(first, "pin", "1234");
  const kept = JSON.parse(first.storage()[KEY]);
  assert.deepEqual(kept.values, { cards: "5R 5B", note: "", bonus: "on" }, "never the hidden fields, the token, a password or a button");
  assert.deepEqual(kept.addresses, ["/parties/abc/"]);
  const storage = first.storage();
  await first.close();

  const heard = [];
  const again = page(URL_PAGE, formHtml(), ["drafts.js"], { sessionStorage: storage });
  again.document.querySelector("form").addEventListener("input", (e) => heard.push(e.target.name));
  again.loaded();
  await again.settle();
  const form = again.document.querySelector("form");
  assert.equal(form.elements.namedItem("cards").value, "5R 5B");
  assert.equal(form.elements.namedItem("bonus").checked, true);
  assert.equal(form.elements.namedItem("pin").value, "");
  assert.deepEqual(heard.sort(), ["bonus", "cards"], "the chips and the live score follow");
  assert.ok(form.hasAttribute("data-draft-restored"));
  await again.close();
});

test("draft kept across reload: a field no longer at the value it was drawn with keeps its own", async () => {
  const first = await open(formHtml());
  type(first, "cards", "5R 5B");
  type(first, "note", "à revoir");
  const storage = first.storage();
  await first.close();
  const again = page(URL_PAGE, formHtml(), ["drafts.js"], { sessionStorage: storage });
  again.loaded();
  /* set before the drafts are given back (the browser's own form restoration, a script) */
  again.document.querySelector("[name=cards]").value = "7J";
  await again.settle();
  const form = again.document.querySelector("form");
  assert.equal(form.elements.namedItem("cards").value, "7J");
  assert.equal(form.elements.namedItem("note").value, "à revoir", "the fields still as drawn get the draft");
  await again.close();
});

test("draft kept across reload: a field the server drew with a value of its own gets the draft typed since", async () => {
  /* a correction drawn with the claim's stored cards, changed on this phone (offline) and not
     saved yet: what the player typed after seeing the stored value is the newer */
  const first = await open(formHtml({ cards: "3R 3B" }));
  type(first, "cards", "3R 3B 3J");
  const storage = first.storage();
  await first.close();
  const again = page(URL_PAGE, formHtml({ cards: "3R 3B" }), ["drafts.js"], { sessionStorage: storage });
  again.loaded();
  await again.settle();
  assert.equal(again.document.querySelector("[name=cards]").value, "3R 3B 3J");
  await again.close();
});

test("draft kept across reload: not at another address with a query (a permalink)", async () => {
  const first = await open(formHtml());
  type(first, "cards", "5R 5B");
  const storage = first.storage();
  await first.close();
  const other = await open(formHtml(), storage, URL_PAGE + "?cards=2R");
  assert.equal(other.document.querySelector("[name=cards]").value, "");
  await other.close();
});

test("cleared on save: the page's data-draft-clear drops the draft and its rows' drafts", async () => {
  const first = await open(formHtml() + `<form data-draft="claim:2"><input name="cards"></form>`);
  type(first, "cards", "5R 5B");
  type(first, "cards", "9V", "form[data-draft='claim:2']");
  const other = "numsite:draft:/parties/abc/:undo";
  first.window.sessionStorage.setItem(other, "{}");
  assert.ok(first.storage()[KEY]);
  assert.ok(first.storage()[KEY + ":2"]);
  /* the answer to the save, swapped in by htmx */
  const answer = first.document.createElement("div");
  answer.innerHTML = `<p data-draft-clear="claim">Enregistré</p>`;
  first.document.body.appendChild(answer);
  answer.dispatchEvent(new first.window.CustomEvent("htmx:load", { detail: { elt: answer }, bubbles: true }));
  const left = first.storage();
  assert.equal(left[KEY], undefined);
  assert.equal(left[KEY + ":2"], undefined);
  assert.equal(left[other], "{}", "another kind of entry keeps its draft");
  assert.equal(answer.querySelector("p").hasAttribute("data-draft-clear"), false, "done once");
  const storage = first.storage();
  await first.close();
  const again = await open(formHtml(), storage);
  assert.equal(again.document.querySelector("[name=cards]").value, "", "nothing comes back after a save");
  await again.close();
});

test("cleared on save: a form reset (the queue clears a kept write's form) drops its draft", async () => {
  const first = await open(formHtml());
  type(first, "cards", "5R 5B");
  first.document.querySelector("form").reset();
  assert.equal(first.storage()[KEY], undefined);
  await first.close();
});

test("cleared on save: NumsiteDrafts.clear drops it (party-queue.js after a write is kept)", async () => {
  const first = await open(formHtml());
  type(first, "cards", "5R 5B");
  first.window.NumsiteDrafts.clear("claim");
  assert.equal(first.storage()[KEY], undefined);
  await first.close();
});

test("draft kept across reload: a redrawn form's values become the draft, never the other way round", async () => {
  const first = await open(formHtml());
  type(first, "cards", "5R 5B");
  const box = first.document.createElement("div");
  box.innerHTML = `<form data-draft="claim" data-draft-redrawn><input name="cards" value="1R"><textarea name="note"></textarea></form>`;
  first.document.querySelector("form").replaceWith(box);
  const redrawn = box.querySelector("form");
  redrawn.dispatchEvent(new first.window.CustomEvent("htmx:load", { detail: { elt: redrawn }, bubbles: true }));
  assert.equal(redrawn.elements.namedItem("cards").value, "1R");
  assert.deepEqual(JSON.parse(first.storage()[KEY]).values, { cards: "1R", note: "" });
  await first.close();
});

test("draft kept across reload: without sessionStorage nothing is kept and nothing breaks", async () => {
  const p = page(URL_PAGE, formHtml(), ["drafts.js"]);
  Object.defineProperty(p.window, "sessionStorage", { get() { throw new Error("SecurityError"); }, configurable: true });
  p.loaded();
  await p.settle();
  type(p, "cards", "5R");
  assert.equal(p.document.querySelector("[name=cards]").value, "5R");
  await p.close();
});
