/* static/js/tablees.js: a tablée's « Nouvelle partie » seat picker. Each tap seats a player at
   the next free place, a second tap takes them out and the others close up; the lists the
   form sends (one select per player, the page without JavaScript) follow. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./harness.mjs";

function select(name, value = "") {
  return `<select name="seat-${name}" data-seat="${name}">
    <option value=""${value ? "" : " selected"}>—</option>
    ${[1, 2, 3].map((n) => `<option value="${n}"${String(n) === value ? " selected" : ""}>${n}</option>`).join("")}
  </select>`;
}

function open(values = {}) {
  const html = `<form data-seat-picker>
    <div data-seat-buttons hidden data-label-seat="place"></div>
    <div data-seat-selects>${["Ana", "Bob", "Cy"].map((n) => select(n, values[n])).join("")}</div>
  </form>`;
  return page("https://site.test/tablees/t/", html, ["tablees.js"]);
}

const seats = (p) => [...p.document.querySelectorAll("select[data-seat]")].map((s) => s.value);
const buttons = (p) => [...p.document.querySelectorAll("[data-seat-buttons] button")];

test("seat picker: one button a player, shown instead of the lists, drawn from what they hold", async () => {
  const p = open({ Bob: "1" });
  const list = buttons(p);
  assert.deepEqual(list.map((b) => b.textContent), ["Ana", "Bob · place 1", "Cy"]);
  assert.deepEqual(list.map((b) => b.getAttribute("aria-pressed")), ["false", "true", "false"]);
  assert.equal(p.document.querySelector("[data-seat-buttons]").hidden, false);
  assert.equal(p.document.querySelector("[data-seat-selects]").hidden, true);
  await p.close();
});

test("seat picker: taps seat the players in order, a second tap takes one out and the rest close up", async () => {
  const p = open();
  const [ana, bob, cy] = buttons(p);
  cy.click();
  ana.click();
  bob.click();
  assert.deepEqual(seats(p), ["2", "3", "1"]);
  ana.click();
  assert.deepEqual(seats(p), ["", "2", "1"], "Bob moves up to place 2");
  assert.equal(ana.getAttribute("aria-pressed"), "false");
  assert.equal(bob.textContent, "Bob · place 2");
  assert.match(cy.className, /btn-primary/);
  await p.close();
});

test("seat picker: a list changed by hand redraws its button", async () => {
  const p = open();
  const s = p.document.querySelector("select[data-seat=Cy]");
  s.value = "3";
  s.dispatchEvent(new p.window.Event("change"));
  assert.equal(buttons(p)[2].textContent, "Cy · place 3");
  await p.close();
});
