/* static/js/theme.js: the colour mode, the system's unless a choice is remembered on this device;
   the header button cycles système → sombre → clair, its label from the page's data-label-*. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./harness.mjs";

const BUTTON = `<button data-theme-toggle hidden data-label-auto="Système" data-label-dark="Sombre" data-label-light="Clair">
  <span data-theme-label>?</span></button>`;

/* a page whose system prefers dark (or not), with `stored` remembered on this device */
function open({ dark = false, stored = null } = {}) {
  const media = { matches: dark, listeners: [], addEventListener(type, fn) { this.listeners.push(fn); } };
  const p = page("https://site.test/", BUTTON, ["theme.js"], {
    before(window) {
      window.matchMedia = () => media;
      if (stored) window.localStorage.setItem("numsite-theme", stored);
    },
  });
  p.media = media;
  return p;
}

const mode = (p) => p.document.documentElement.getAttribute("data-bs-theme");

test("colour mode: the system's before the first paint, unless one is remembered", async () => {
  const light = open();
  assert.equal(mode(light), "light");
  assert.ok(light.document.documentElement.classList.contains("js"));
  await light.close();
  const dark = open({ dark: true });
  assert.equal(mode(dark), "dark");
  await dark.close();
  const chosen = open({ dark: true, stored: "light" });
  assert.equal(mode(chosen), "light", "the device's choice wins over the system's");
  await chosen.close();
  const junk = open({ dark: true, stored: "purple" });
  assert.equal(mode(junk), "dark", "an unknown value is the system's");
  await junk.close();
});

test("colour mode: the button cycles système → sombre → clair, remembered, with its label", async () => {
  const p = open();
  p.loaded();
  const button = p.document.querySelector("[data-theme-toggle]");
  const label = () => button.querySelector("[data-theme-label]").textContent;
  assert.equal(button.hidden, false);
  assert.equal(label(), "Système");
  button.click();
  assert.equal(mode(p), "dark");
  assert.equal(label(), "Sombre");
  assert.equal(p.window.localStorage.getItem("numsite-theme"), "dark");
  button.click();
  assert.equal(mode(p), "light");
  assert.equal(label(), "Clair");
  button.click();
  assert.equal(label(), "Système");
  assert.equal(p.window.localStorage.getItem("numsite-theme"), null, "« système » forgets the choice");
  await p.close();
});

test("colour mode: a change of the system's follows it only while no choice is remembered", async () => {
  const p = open();
  p.media.matches = true;
  p.media.listeners.forEach((fn) => fn());
  assert.equal(mode(p), "dark");
  p.window.localStorage.setItem("numsite-theme", "dark"); /* chosen in another tab */
  p.media.matches = false;
  p.media.listeners.forEach((fn) => fn());
  assert.equal(mode(p), "dark", "a remembered choice is not the system's to change");
  await p.close();
});
