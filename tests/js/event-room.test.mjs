/* static/js/event-room.js, the room screen's round timer (/tournois/<token>/salle/,
   docs/events.md): the seconds the server gave (data-remaining) shown as m:ss, counted down each
   second while the round runs (data-running), never below 0:00, and started again from the
   server's figure when the 5 s poll swaps the screen in. The page's clock (Date.now and the
   1 s interval) is the test's: `pass(p, ms)` moves time on and lets the interval tick. htmx is
   not loaded: the tests swap the screen and fire htmx:afterSwap as htmx does. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { fire, page } from "./harness.mjs";

const START = Date.UTC(2026, 11, 5, 20, 0, 0);

/* the projector's screen as templates/events/projector.html draws it */
function screen(remaining, running) {
  const figure = remaining === null ? "" : ` data-remaining="${remaining}"${running ? " data-running" : ""}`;
  return `<div id="screen"><div class="ns-timer" data-testid="timer"${figure}>${remaining === null ? "—" : remaining + " s"}</div></div>`;
}

function open(remaining, running = true) {
  const p = page("https://site.test/tournois/tok/salle/", screen(remaining, running), ["event-room.js"], { now: START });
  p.loaded();
  return p;
}

const shown = (p) => p.document.querySelector(".ns-timer").textContent;

function pass(p, ms) {
  p.clock.now += ms;
  p.clock.fire(1000);
}

test("room timer: the server's seconds shown as m:ss as soon as the page is ready", async () => {
  for (const [seconds, text] of [[125, "2:05"], [59, "0:59"], [600, "10:00"], [3600, "60:00"], [0, "0:00"]]) {
    const p = open(seconds);
    assert.equal(shown(p), text, seconds + " s");
    await p.close();
  }
});

test("room timer: counts down each second while the round runs, whole seconds only", async () => {
  const p = open(125);
  assert.deepEqual(p.clock.delays(), [1000], "one tick a second");
  pass(p, 1000);
  assert.equal(shown(p), "2:04");
  pass(p, 500);
  assert.equal(shown(p), "2:04", "a second not yet gone");
  pass(p, 500);
  assert.equal(shown(p), "2:03");
  pass(p, 63000);
  assert.equal(shown(p), "1:00");
  pass(p, 1000);
  assert.equal(shown(p), "0:59");
  await p.close();
});

test("room timer: never below 0:00 once the time is up", async () => {
  const p = open(3);
  pass(p, 3000);
  assert.equal(shown(p), "0:00");
  pass(p, 5000);
  assert.equal(shown(p), "0:00");
  await p.close();
});

test("room timer: a round that does not run (paused, not started) keeps the server's figure", async () => {
  const p = open(90, false);
  assert.equal(shown(p), "1:30");
  pass(p, 30000);
  assert.equal(shown(p), "1:30");
  await p.close();
});

test("room timer: the poll's swap restarts it from the server's figure, counted from the swap", async () => {
  const p = open(125);
  pass(p, 10000);
  assert.equal(shown(p), "1:55");
  /* the poll's answer, 5 s late on the page's own count: the server's figure wins */
  const old = p.document.getElementById("screen");
  const box = p.document.createElement("div");
  box.innerHTML = screen(110, true);
  const fresh = box.firstElementChild;
  old.replaceWith(fresh);
  fire(p, "htmx:afterSwap", fresh, { target: fresh });
  assert.equal(shown(p), "1:50", "at once, not at the next tick");
  pass(p, 1000);
  assert.equal(shown(p), "1:49", "from the swap, not from the page's first figure");
  /* the round paused on the server: the next swap stops the count */
  box.innerHTML = screen(100, false);
  const paused = box.firstElementChild;
  p.document.getElementById("screen").replaceWith(paused);
  fire(p, "htmx:afterSwap", paused, { target: paused });
  pass(p, 5000);
  assert.equal(shown(p), "1:40");
  await p.close();
});

test("room timer: no round or no figure: the screen's own text stays", async () => {
  const p = open(null);
  pass(p, 1000);
  assert.equal(shown(p), "—");
  await p.close();
  const bad = page("https://site.test/tournois/tok/salle/", '<div class="ns-timer" data-remaining="" data-running>—</div>', ["event-room.js"], { now: START });
  bad.loaded();
  pass(bad, 1000);
  assert.equal(bad.document.querySelector(".ns-timer").textContent, "—");
  await bad.close();
});
