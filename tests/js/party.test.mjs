/* static/js/party.js, the Parties page as a table tool: « Ce téléphone » kept on this phone,
   a failed write said next to its button (« Pas de réseau » cleared by the next poll that goes
   through), a server error never replacing the sheet, a board answered 410 stopped, the points
   of a write said in its notice. htmx is not loaded: the tests fire the events it fires, with
   the details party.js reads. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { fire, page } from "./harness.mjs";

const URL_PAGE = "https://site.test/parties/tok/";

function board(totals) {
  return `<section id="board" data-version="3"><table><tbody>${Object.entries(totals).map(([name, total], i) =>
    `<tr data-seat="${i + 1}" data-name="${name}" data-total="${total}"><td>${total}</td></tr>`).join("")}</tbody></table>
    <p><strong data-last-points hidden></strong></p></section>`;
}

function sheet({ totals = { Tom: 10, Ana: 5 }, notice = "" } = {}) {
  return `<div id="sheet" data-party="k1" data-msg-failed="Échec : réessayez." data-msg-offline="Pas de réseau : réessayez.">
  ${board(totals)}
  <div data-phone hidden><select data-phone-select><option value="">—</option><option value="1">Tom</option><option value="2">Ana</option></select></div>
  ${notice}
  <form data-entry method="post"><select name="player" data-entry-player><option value="1">Tom</option><option value="2">Ana</option></select>
    <input name="cards"><button type="submit">Enregistrer</button></form>
</div>`;
}

function open(html = sheet(), local = {}) {
  const p = page(URL_PAGE, html, ["party.js"], {
    before(window) {
      for (const [k, v] of Object.entries(local)) window.localStorage.setItem("numsite:party:k1:" + k, v);
    },
  });
  p.loaded();
  return p;
}

test("this phone's player: « Ce téléphone » shown, kept on this phone, and the entry starts with them", async () => {
  const first = open();
  const phone = first.document.querySelector("[data-phone-select]");
  assert.equal(first.document.querySelector("[data-phone]").hidden, false);
  phone.value = "2";
  phone.dispatchEvent(new first.window.Event("change", { bubbles: true }));
  assert.equal(first.window.localStorage.getItem("numsite:party:k1:me"), "2");
  assert.equal(first.document.querySelector("[data-entry-player]").value, "2", "the entry follows at once");
  await first.close();

  const again = open(sheet(), { me: "2" });
  assert.equal(again.document.querySelector("[data-phone-select]").value, "2", "kept across a reload");
  assert.equal(again.document.querySelector("[data-entry-player]").value, "2");
  await again.close();
});

test("a failed save is said next to its button, the entry kept; the network's is cleared by the next poll", async () => {
  const p = open();
  const form = p.document.querySelector("form[data-entry]");
  form.querySelector("[name=cards]").value = "7R 7B";
  const button = form.querySelector("[type=submit]");
  fire(p, "htmx:responseError", button, { elt: button, xhr: { status: 500 }, requestConfig: { verb: "post" } });
  let note = form.querySelector("[data-failed]");
  assert.equal(note.textContent, "Échec : réessayez.");
  assert.equal(note.nextElementSibling, button, "right above its button");
  assert.equal(p.document.activeElement, note);
  assert.equal(form.querySelector("[name=cards]").value, "7R 7B");

  fire(p, "htmx:sendError", button, { elt: button, xhr: { status: 0 }, requestConfig: { verb: "post" } });
  assert.equal(form.querySelectorAll("[data-failed]").length, 1, "one message at a time");
  note = form.querySelector("[data-failed]");
  assert.equal(note.textContent, "Pas de réseau : réessayez.");
  assert.ok(note.hasAttribute("data-network"));

  const boardEl = p.document.getElementById("board");
  fire(p, "htmx:afterRequest", boardEl, { elt: boardEl, xhr: { status: 502 }, requestConfig: { verb: "get" } });
  assert.ok(form.querySelector("[data-failed]"), "a poll the server failed proves nothing");
  fire(p, "htmx:afterRequest", boardEl, { elt: boardEl, xhr: { status: 200 }, requestConfig: { verb: "get" } });
  assert.equal(form.querySelector("[data-failed]"), null, "the network is back");
  await p.close();
});

test("a failed live score or a write kept by the queue says nothing", async () => {
  const p = open();
  const form = p.document.querySelector("form[data-entry]");
  const input = form.querySelector("[name=cards]");
  fire(p, "htmx:responseError", input, { elt: input, xhr: { status: 500 }, requestConfig: { verb: "get" } });
  const button = form.querySelector("[type=submit]");
  fire(p, "htmx:sendError", button, { elt: button, xhr: { status: 0 }, requestConfig: { verb: "post" }, queued: true });
  assert.equal(form.querySelector("[data-failed]"), null);
  await p.close();
});

test("a server error never replaces the sheet; a board answered 410 gives way to the server's words", async () => {
  const p = open();
  const s = p.document.getElementById("sheet");
  const swap = fire(p, "htmx:beforeSwap", s, { target: s, xhr: { status: 503 }, shouldSwap: true });
  assert.equal(swap.detail.shouldSwap, false);
  const boardEl = p.document.getElementById("board");
  fire(p, "htmx:responseError", boardEl, {
    elt: boardEl,
    xhr: { status: 410, responseText: '<main><div data-gone><h1>Nouveaux liens</h1></div></main>' },
    requestConfig: { verb: "get" },
  });
  assert.equal(p.document.getElementById("board"), null, "no more polling");
  assert.equal(p.document.querySelector("[data-gone] h1").textContent, "Nouveaux liens");
  await p.close();
});

test("after a write the points that changed are said in its notice, which gets the focus", async () => {
  const p = open();
  const old = p.document.getElementById("sheet");
  fire(p, "htmx:beforeSwap", old, { target: old, xhr: { status: 200 }, shouldSwap: true });
  const box = p.document.createElement("div");
  box.innerHTML = sheet({
    totals: { Tom: 37, Ana: 2 },
    notice: '<div data-notice tabindex="-1"><strong data-points hidden></strong> Enregistré</div>',
  });
  old.replaceWith(box.firstElementChild);
  const s = p.document.getElementById("sheet");
  fire(p, "htmx:afterSettle", s, { target: s });
  const points = s.querySelector("[data-points]");
  assert.equal(points.textContent, "Tom +27 · Ana −3");
  assert.equal(points.hidden, false);
  assert.equal(p.document.activeElement, s.querySelector("[data-notice]"));
  assert.ok(s.querySelector('tr[data-seat="1"]').classList.contains("ns-changed"), "the rows are lit");
  await p.close();
});
