/* static/js/deal-prepare.js, the « préparer » page of a deal (/donnes/preparer/, docs/deals.md):
   the right and left arrow keys and a swipe follow the page's own « Suivante » and « Précédente »
   links, unless a modifier is held (Alt+← is the browser's « back »), the key is typed in a
   field or already handled; a swipe must be long and mostly sideways. window.location.assign is
   the test's: it records where the page would go. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./harness.mjs";

const BASE = "https://site.test/donnes/preparer/?jeu=num5&sieges=3&graine=club-1";

/* a step as templates/deals/prepare.html draws it; `links` the rel of the links it has */
function step(links = ["next", "prev"]) {
  const link = { next: '<a href="?jeu=num5&sieges=3&graine=club-1&etape=3" rel="next">Suivante</a>', prev: '<a href="?jeu=num5&sieges=3&graine=club-1&etape=1" rel="prev">Précédente</a>' };
  return `<header><a href="/regles/" rel="next">Règles</a></header><div class="ns-prep" data-prepare><section data-testid="step"><nav>${links.map((rel) => link[rel]).join("")}</nav>
    <input id="note"><select id="pick"><option>1</option></select><textarea id="text"></textarea><div id="edit" contenteditable="true"><b id="inside">x</b></div></section></div>`;
}

function open(html = step(), url = BASE + "&etape=2") {
  const went = [];
  const p = page(url, html, ["deal-prepare.js"], {
    before(window) {
      Object.defineProperty(window.location, "assign", { value: (href) => went.push(href), configurable: true });
    },
  });
  return { p, went };
}

const NEXT = "https://site.test/donnes/preparer/?jeu=num5&sieges=3&graine=club-1&etape=3";
const PREV = "https://site.test/donnes/preparer/?jeu=num5&sieges=3&graine=club-1&etape=1";

function key(p, name, options = {}, target = p.document.body) {
  const event = new p.window.KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true, ...options });
  target.dispatchEvent(event);
  return event;
}

/* one finger from (x0, y0) to (x1, y1) */
function swipe(p, [x0, y0], [x1, y1], fingers = 1) {
  const start = new p.window.Event("touchstart", { bubbles: true });
  start.touches = Array.from({ length: fingers }, () => ({ clientX: x0, clientY: y0 }));
  p.document.body.dispatchEvent(start);
  const end = new p.window.Event("touchend", { bubbles: true });
  end.touches = [];
  end.changedTouches = [{ clientX: x1, clientY: y1 }];
  p.document.body.dispatchEvent(end);
}

test("deal preparation: → follows « Suivante », ← « Précédente », the key then taken", async () => {
  const { p, went } = open();
  const right = key(p, "ArrowRight");
  assert.deepEqual(went, [NEXT]);
  assert.equal(right.defaultPrevented, true, "the page does not scroll as well");
  const left = key(p, "ArrowLeft");
  assert.deepEqual(went, [NEXT, PREV]);
  assert.equal(left.defaultPrevented, true);
  const down = key(p, "ArrowDown");
  assert.equal(down.defaultPrevented, false, "other keys are the browser's");
  assert.equal(went.length, 2);
  await p.close();
});

test("deal preparation: no link, no move (the first and last steps), and no link elsewhere on the page", async () => {
  const first = open(step(["next"]), BASE);
  key(first.p, "ArrowLeft");
  swipe(first.p, [100, 400], [300, 400]);
  assert.deepEqual(first.went, []);
  assert.deepEqual(first.p.errors, []);
  await first.p.close();
  const last = open(step(["prev"]), BASE + "&etape=34");
  key(last.p, "ArrowRight");
  swipe(last.p, [300, 400], [100, 400]);
  assert.deepEqual(last.went, [], "the header's rel=next is not the step's");
  assert.deepEqual(last.p.errors, []);
  await last.p.close();
});

test("deal preparation: an arrow with a modifier, typed in a field or already handled is left alone", async () => {
  const { p, went } = open();
  for (const modifier of ["altKey", "ctrlKey", "metaKey", "shiftKey"]) {
    const event = key(p, "ArrowLeft", { [modifier]: true });
    assert.equal(event.defaultPrevented, false, modifier);
  }
  for (const id of ["note", "pick", "text", "inside"]) {
    const event = key(p, "ArrowRight", {}, p.document.getElementById(id));
    assert.equal(event.defaultPrevented, false, id);
  }
  const handled = new p.window.KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true });
  handled.preventDefault();
  p.document.body.dispatchEvent(handled);
  assert.deepEqual(went, []);
  await p.close();
});

test("deal preparation: outside a [data-prepare] page the keys and a swipe are left alone", async () => {
  const { p, went } = open('<nav><a href="/x/" rel="next">Suite</a></nav>', "https://site.test/donnes/");
  const event = key(p, "ArrowRight");
  assert.equal(event.defaultPrevented, false);
  swipe(p, [300, 100], [100, 100]);
  assert.deepEqual(went, []);
  await p.close();
});

test("deal preparation: a swipe to the left follows « Suivante », to the right « Précédente »", async () => {
  const { p, went } = open();
  swipe(p, [300, 400], [200, 420]);
  assert.deepEqual(went, [NEXT]);
  swipe(p, [100, 400], [200, 380]);
  assert.deepEqual(went, [NEXT, PREV]);
  await p.close();
});

test("deal preparation: a short, a mostly upright or a two-finger swipe moves nothing", async () => {
  const { p, went } = open();
  swipe(p, [300, 400], [240, 400]);
  assert.deepEqual(went, [], "60 px is not enough");
  swipe(p, [300, 400], [200, 450]);
  assert.deepEqual(went, [], "as much up or down as half the way across: a scroll");
  swipe(p, [300, 400], [100, 400], 2);
  assert.deepEqual(went, [], "two fingers: a zoom");
  /* a touch that ends without a start the script heard (it began before the page was ready) */
  const end = new p.window.Event("touchend", { bubbles: true });
  end.changedTouches = [{ clientX: 0, clientY: 0 }];
  p.document.body.dispatchEvent(end);
  assert.deepEqual(went, []);
  await p.close();
});

test("deal preparation: a pinch begun with one finger (zooming on the card) moves nothing", async () => {
  const { p, went } = open();
  const touch = (type, touches, changed) => {
    const event = new p.window.Event(type, { bubbles: true });
    event.touches = touches;
    event.changedTouches = changed;
    p.document.body.dispatchEvent(event);
  };
  /* each finger lands with its own touchstart: the first alone, then both */
  touch("touchstart", [{ clientX: 200, clientY: 400 }], [{ clientX: 200, clientY: 400 }]);
  touch("touchstart", [{ clientX: 200, clientY: 400 }, { clientX: 240, clientY: 400 }], [{ clientX: 240, clientY: 400 }]);
  /* spread sideways, then lifted one after the other */
  touch("touchend", [{ clientX: 340, clientY: 400 }], [{ clientX: 100, clientY: 400 }]);
  touch("touchend", [], [{ clientX: 340, clientY: 400 }]);
  assert.deepEqual(went, []);
  await p.close();
});
