/* static/js/wakelock.js, « Garder l’écran allumé » on a Party page (Screen Wake Lock API): the
   switch shown only where the browser has the API, a screen lock asked when it is turned on and
   released when it is turned off, a refusal said and the switch put back, and the lock asked
   again when the tab comes back into view (the browser releases it when the tab is hidden). The
   API is a stand-in: `request` answers a sentinel, or refuses. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./harness.mjs";

/* the switch as templates/parties/game.html draws it */
const SWITCH = `<div data-wake-lock hidden>
  <input type="checkbox" role="switch" id="wake-lock"><label for="wake-lock">Garder l’écran allumé</label>
  <span data-wake-lock-status aria-live="polite" data-msg-on="L’écran restera allumé." data-msg-failed="Impossible de garder l’écran allumé ici." data-msg-off="L’écran pourra s’éteindre."></span>
</div>`;

/* a WakeLockSentinel: release() (the page's, or the browser's when the tab is hidden) fires
   « release » once */
class Sentinel {
  constructor(type) {
    this.type = type;
    this.released = false;
    this.listeners = [];
  }
  addEventListener(name, fn) {
    if (name === "release") this.listeners.push(fn);
  }
  async release() {
    if (this.released) return;
    this.released = true;
    this.listeners.forEach((fn) => fn({ type: "release" }));
  }
}

/* `held`: each request waits for the test's grant() (the browser still deciding) */
function wakeLock({ refuse = false, held = false } = {}) {
  const asked = [];
  const sentinels = [];
  const waiting = [];
  return {
    asked,
    sentinels,
    grant() {
      waiting.splice(0).forEach((resolve) => resolve());
    },
    api: {
      request(type) {
        asked.push(type);
        if (refuse) return Promise.reject(new Error("NotAllowedError"));
        const sentinel = new Sentinel(type);
        sentinels.push(sentinel);
        if (!held) return Promise.resolve(sentinel);
        return new Promise((resolve) => {
          waiting.push(() => resolve(sentinel));
        });
      },
    },
  };
}

function open(lock) {
  const p = page("https://site.test/parties/tok/", SWITCH, ["wakelock.js"], lock ? { navigator: { wakeLock: lock.api } } : {});
  p.loaded();
  return p;
}

const box = (p) => p.document.querySelector("[data-wake-lock]");
const status = (p) => p.document.querySelector("[data-wake-lock-status]").textContent;

async function turn(p, on) {
  const input = p.document.getElementById("wake-lock");
  input.checked = on;
  input.dispatchEvent(new p.window.Event("change", { bubbles: true }));
  await p.settle();
}

test("wake lock: without the API the switch stays hidden (it would do nothing)", async () => {
  const p = open(null);
  assert.equal("wakeLock" in p.window.navigator, false);
  assert.equal(box(p).hidden, true);
  await p.close();
});

test("wake lock: a page without the switch: nothing asked, nothing thrown", async () => {
  const lock = wakeLock();
  const p = page("https://site.test/parties/tok/", "<main></main>", ["wakelock.js"], { navigator: { wakeLock: lock.api } });
  p.loaded();
  p.setVisibility("hidden");
  p.setVisibility("visible");
  await p.settle();
  assert.deepEqual(lock.asked, []);
  assert.deepEqual(p.errors, []);
  await p.close();
});

test("wake lock: the switch shown; on asks a screen lock and says so, off releases it and says so", async () => {
  const lock = wakeLock();
  const p = open(lock);
  assert.equal(box(p).hidden, false);
  assert.deepEqual(lock.asked, [], "nothing asked before the switch is turned on");
  await turn(p, true);
  assert.deepEqual(lock.asked, ["screen"]);
  assert.equal(status(p), "L’écran restera allumé.");
  await turn(p, false);
  assert.equal(lock.sentinels[0].released, true);
  assert.equal(status(p), "L’écran pourra s’éteindre.");
  assert.deepEqual(lock.asked, ["screen"], "turning off asks nothing");
  await p.close();
});

test("wake lock: a refusal turns the switch back off and says so", async () => {
  const lock = wakeLock({ refuse: true });
  const p = open(lock);
  await turn(p, true);
  assert.deepEqual(lock.asked, ["screen"]);
  assert.equal(p.document.getElementById("wake-lock").checked, false);
  assert.equal(status(p), "Impossible de garder l’écran allumé ici.");
  await p.close();
});

test("wake lock: asked again when the page comes back into view, only if the switch is on and the lock gone", async () => {
  const lock = wakeLock();
  const p = open(lock);
  await turn(p, true);
  p.setVisibility("visible");
  await p.settle();
  assert.equal(lock.asked.length, 1, "the lock still held: not asked twice");
  /* the tab hidden: the browser releases the lock (released first here: even then, a hidden
     page asks nothing) */
  await lock.sentinels[0].release();
  p.setVisibility("hidden");
  await p.settle();
  assert.equal(lock.asked.length, 1, "not while hidden");
  p.setVisibility("visible");
  await p.settle();
  assert.deepEqual(lock.asked, ["screen", "screen"], "taken again");
  assert.equal(lock.sentinels[1].released, false);
  /* turned off, then hidden and shown: the switch is off, nothing asked */
  await turn(p, false);
  p.setVisibility("hidden");
  p.setVisibility("visible");
  await p.settle();
  assert.equal(lock.asked.length, 2);
  await p.close();
});

test("wake lock: turned off while the browser decides, the lock granted then is let go", async () => {
  const lock = wakeLock({ held: true });
  const p = open(lock);
  await turn(p, true);
  await turn(p, false);
  assert.equal(status(p), "L’écran pourra s’éteindre.");
  lock.grant();
  await p.settle();
  assert.deepEqual(lock.sentinels.map((s) => s.released), [true]);
  assert.equal(status(p), "L’écran pourra s’éteindre.");
  await p.close();
});

test("wake lock: the tab shown twice while a request is pending asks once", async () => {
  const lock = wakeLock({ held: true });
  const p = open(lock);
  await turn(p, true);
  p.setVisibility("hidden");
  p.setVisibility("visible");
  p.setVisibility("hidden");
  p.setVisibility("visible");
  await p.settle();
  assert.equal(lock.asked.length, 1);
  lock.grant();
  await p.settle();
  await turn(p, false);
  assert.deepEqual(lock.sentinels.map((s) => s.released), [true]);
  await p.close();
});
