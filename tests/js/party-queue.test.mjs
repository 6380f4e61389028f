/* static/js/party-queue.js: the phone's queue of Party writes (docs/offline.md, « Party writes
   without network: the phone's queue »), driven as htmx drives it, on fake-indexeddb. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { IDBFactory } from "fake-indexeddb";
import { page, answer, records, add } from "./harness.mjs";

const URL_PAGE = "https://site.test/parties/abc/";
const DB = "numsite-party-queue";

function sheetHtml(version) {
  return `<div id="sheet">
  <div id="board" hx-get="/parties/abc/board/" data-version="${version}"></div>
  <form data-entry data-draft="claim" hx-post="/parties/abc/claim/">
    <input type="hidden" name="seen" value="${version}">
    <input name="cards" value="">
    <button type="submit" data-save>Enregistrer</button>
  </form>
</div>`;
}

const BOX = `<div data-party-queue hidden data-one="{n} écriture en attente" data-many="{n} écritures en attente"
  data-near="En attente ({n})" data-msg-dropped="Écartée :">
  <span data-queue-count></span><span data-queue-note hidden></span>
  <button type="button" data-queue-send>Envoyer maintenant</button>
</div>`;

/* a fetch that answers from `replies` in turn (a function: its answer or its rejection) */
function network(replies) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, body: init.body, key: init.headers["Idempotency-Key"], method: init.method });
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    return reply(url, init);
  };
  return { fetch, calls };
}

const ok = (version) => async () => answer(200, sheetHtml(version));
const down = async () => { throw new TypeError("Failed to fetch"); };

function htmxStub() {
  const swaps = [];
  const gets = [];
  return {
    swaps,
    gets,
    swap(target, html) { swaps.push(html); },
    ajax(verb, url) { gets.push(`${verb} ${url}`); },
  };
}

async function open(options = {}) {
  const factory = options.indexedDB === undefined ? new IDBFactory() : options.indexedDB;
  const net = options.net || network([down]);
  const htmx = htmxStub();
  const p = page(URL_PAGE, BOX + sheetHtml(options.version || 5), ["drafts.js", "party-queue.js"], {
    indexedDB: factory || undefined,
    fetch: net.fetch,
    online: options.online,
    htmx,
  });
  p.loaded();
  await p.settle();
  return { p, factory, net, htmx };
}

/* the player types `cards` and saves: htmx's configRequest for the form's post */
function write(p, cards, path = "/parties/abc/claim/") {
  const form = p.document.querySelector("#sheet form");
  form.querySelector("[name=cards]").value = cards;
  const detail = {
    verb: "post",
    path,
    formData: new p.window.FormData(form),
    headers: {},
    elt: form,
    timeout: 0,
  };
  const event = new p.window.CustomEvent("htmx:configRequest", { detail, bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return { event, detail, form };
}

function counted(p) {
  const box = p.document.querySelector("[data-party-queue]");
  return box.hidden ? 0 : Number(box.querySelector("[data-queue-count]").textContent.split(" ")[0]);
}

test("enqueue: a write made without network is kept in IndexedDB, counted and its form cleared", async () => {
  const { p, factory } = await open({ online: false });
  const { event, detail, form } = write(p, "5R 5B");
  assert.equal(event.defaultPrevented, true, "htmx does not send it");
  await p.settle();
  const kept = await records(factory, DB, "writes");
  assert.equal(kept.length, 1);
  assert.equal(kept[0].party, "abc");
  assert.equal(kept[0].url, "/parties/abc/claim/");
  assert.equal(kept[0].method, "POST");
  assert.equal(kept[0].body, "seen=5&cards=5R%205B");
  assert.equal(kept[0].key, detail.headers["Idempotency-Key"]);
  assert.match(kept[0].key, /^[0-9a-f-]{32,36}$/);
  assert.equal(counted(p), 1);
  assert.equal(form.querySelector("[name=cards]").value, "", "the form is ready for the next entry");
  assert.ok(p.document.querySelector("[data-queue-near]"), "the notice beside the save button");
  await p.close();
});

test("enqueue: new links (rotate) are never queued, nor another party's writes", async () => {
  const { p, factory } = await open({ online: false });
  assert.equal(write(p, "", "/parties/abc/rotate/").event.defaultPrevented, false);
  assert.equal(write(p, "", "/parties/other/claim/").event.defaultPrevented, false);
  await p.settle();
  assert.deepEqual(await records(factory, DB, "writes"), []);
  await p.close();
});

test("order kept: the writes queued offline are sent in the order they were made, each with its key", async () => {
  const net = network([ok(6), ok(7), ok(8)]);
  const { p, factory, htmx } = await open({ online: false, net });
  const keys = ["1R", "2R", "3R"].map((cards) => write(p, cards).detail.headers["Idempotency-Key"]);
  await p.settle();
  assert.equal(counted(p), 3);
  assert.equal(net.calls.length, 0, "nothing goes out without network");
  p.goOnline();
  await p.settle();
  assert.deepEqual(net.calls.map((c) => new URLSearchParams(c.body).get("cards")), ["1R", "2R", "3R"]);
  assert.deepEqual(net.calls.map((c) => c.key), keys);
  assert.deepEqual(await records(factory, DB, "writes"), []);
  assert.equal(counted(p), 0);
  assert.equal(htmx.swaps.length, 1, "the last answer is drawn once");
  assert.match(htmx.swaps[0], /data-version="8"/);
  assert.deepEqual(htmx.gets, ["GET /parties/abc/board/"], "the board refreshed by its poll URL");
  await p.close();
});

test("order kept: while writes wait, a write made online joins the queue behind them", async () => {
  const net = network([down]);
  const { p, factory } = await open({ online: false, net });
  write(p, "1R");
  await p.settle();
  p.state.online = true; /* the network is back, the online event not yet heard */
  const { event } = write(p, "2R");
  assert.equal(event.defaultPrevented, true, "not sent ahead of the first");
  await p.settle();
  const kept = await records(factory, DB, "writes");
  assert.deepEqual(kept.map((w) => new URLSearchParams(w.body).get("cards")), ["1R", "2R"]);
  await p.close();
});

test("backoff: a network failure keeps the write and retries after 2 s, doubling to 60 s at most", async () => {
  const net = network([down]);
  const { p, factory, clock } = await open({ online: false, net }).then((o) => ({ ...o, clock: o.p.clock }));
  write(p, "1R");
  await p.settle();
  p.goOnline();
  await p.settle();
  const seen = [];
  for (let i = 0; i < 8; i++) {
    const delays = clock.delays();
    assert.equal(delays.length, 1, "one retry timer");
    seen.push(delays[0]);
    clock.fire();
    await p.settle();
  }
  assert.deepEqual(seen, [2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  assert.equal(net.calls.length, 9);
  assert.equal(new Set(net.calls.map((c) => c.key)).size, 1, "always its own key");
  const kept = await records(factory, DB, "writes");
  assert.equal(kept.length, 1, "still kept");
  assert.equal(kept[0].sent, true, "marked as sent once: its body is never changed again");
  await p.close();
});

test("backoff: a 503 with Retry-After waits that long; a 429 and a 408 are tried again too", async () => {
  const net = network([
    async () => answer(503, "", { "Retry-After": "30" }),
    async () => answer(429, ""),
    async () => answer(408, ""),
    ok(6),
  ]);
  const { p, factory } = await open({ online: false, net });
  write(p, "1R");
  await p.settle();
  p.goOnline();
  await p.settle();
  assert.deepEqual(p.clock.delays(), [30000]);
  p.clock.fire();
  await p.settle();
  assert.deepEqual(p.clock.delays(), [60000], "the next delay doubles the last one");
  p.clock.fire();
  await p.settle();
  assert.deepEqual(p.clock.delays(), [60000]);
  p.clock.fire();
  await p.settle();
  assert.equal(net.calls.length, 4);
  assert.deepEqual(await records(factory, DB, "writes"), []);
  assert.deepEqual(p.clock.delays(), [], "no retry once sent");
  await p.close();
});

test("409/4xx vs network failure: a refusal is drawn, dropped, and the queue waits for the player", async () => {
  const refusal = `<div id="sheet" data-attention><div id="board" data-version="9"></div><p>Refusé</p></div>`;
  const net = network([async () => answer(409, refusal), ok(10)]);
  const { p, factory, htmx } = await open({ online: false, net });
  write(p, "1R");
  write(p, "2R");
  await p.settle();
  p.goOnline();
  await p.settle();
  assert.equal(net.calls.length, 1, "the write behind the refusal waits");
  assert.deepEqual(htmx.swaps, [refusal], "the refusal is drawn in place of the sheet");
  let kept = await records(factory, DB, "writes");
  assert.deepEqual(kept.map((w) => new URLSearchParams(w.body).get("cards")), ["2R"]);
  assert.deepEqual(p.clock.delays(), [], "no retry timer: a refusal is not tried again");
  p.document.querySelector("[data-queue-send]").click(); /* « Envoyer maintenant » */
  await p.settle();
  assert.equal(net.calls.length, 2);
  kept = await records(factory, DB, "writes");
  assert.deepEqual(kept, []);
  await p.close();
});

test("409/4xx vs network failure: an answer that is no sheet is dropped and said at the board", async () => {
  const net = network([async () => answer(403, "<p>Lien en lecture seule</p>")]);
  const { p, factory } = await open({ online: false, net });
  write(p, "1R");
  await p.settle();
  p.goOnline();
  await p.settle();
  assert.deepEqual(await records(factory, DB, "writes"), []);
  const note = p.document.querySelector("[data-queue-note]");
  assert.equal(note.hidden, false);
  assert.equal(note.textContent, "Écartée : Lien en lecture seule");
  await p.close();
});

test("409/4xx vs network failure: a write sent online whose answer never came joins the queue", async () => {
  const net = network([down]);
  const { p, factory } = await open({ net });
  const { event, detail, form } = write(p, "4B");
  assert.equal(event.defaultPrevented, false, "online and nothing waiting: htmx sends it");
  assert.equal(detail.timeout, 20000, "with a timeout");
  const lost = new p.window.CustomEvent("htmx:sendError", {
    detail: { requestConfig: { headers: detail.headers }, elt: form },
    bubbles: true,
  });
  form.dispatchEvent(lost);
  assert.equal(lost.detail.queued, true, "party.js stays quiet");
  await p.settle();
  const kept = await records(factory, DB, "writes");
  assert.equal(kept.length, 1);
  assert.equal(kept[0].key, detail.headers["Idempotency-Key"], "sent again with the same key");
  assert.equal(kept[0].sent, true);
  assert.equal(form.querySelector("[name=cards]").value, "", "cleared: the form still held it");
  await p.close();
});

test("409/4xx vs network failure: without IndexedDB nothing is queued", async () => {
  const { p } = await open({ online: false, indexedDB: null });
  const { event } = write(p, "1R");
  assert.equal(event.defaultPrevented, false, "htmx sends it and party.js says it failed");
  await p.close();
});

test("seen carried forward: when this phone's write was the only one since, the next write has seen it", async () => {
  const net = network([ok(6), ok(7), ok(8)]);
  const { p } = await open({ online: false, net });
  write(p, "1R");
  write(p, "2R");
  write(p, "3R");
  await p.settle();
  p.goOnline();
  await p.settle();
  assert.deepEqual(net.calls.map((c) => new URLSearchParams(c.body).get("seen")), ["5", "6", "7"]);
  await p.close();
});

test("seen carried forward: not past another phone's write", async () => {
  /* the first answer is version 7: someone else wrote in between */
  const net = network([ok(7), ok(8)]);
  const { p } = await open({ online: false, net });
  write(p, "1R");
  write(p, "2R");
  await p.settle();
  p.goOnline();
  await p.settle();
  assert.deepEqual(net.calls.map((c) => new URLSearchParams(c.body).get("seen")), ["5", "5"]);
  await p.close();
});

test("seen carried forward: a write already sent once keeps its body byte for byte", async () => {
  const net = network([down, ok(6), ok(7)]);
  const { p, factory } = await open({ online: false, net });
  write(p, "1R");
  write(p, "2R");
  await p.settle();
  p.goOnline();
  await p.settle();
  /* 1R was sent once (no answer): kept; 2R never sent */
  let kept = await records(factory, DB, "writes");
  assert.deepEqual(kept.map((w) => Boolean(w.sent)), [true, false]);
  p.clock.fire();
  await p.settle();
  const bodies = net.calls.map((c) => c.body);
  assert.equal(bodies[0], bodies[1], "the same bytes sent again");
  assert.equal(new URLSearchParams(bodies[2]).get("seen"), "6", "the unsent write follows");
  kept = await records(factory, DB, "writes");
  assert.deepEqual(kept, []);
  await p.close();
});

const later = () => new Promise((resolve) => {
  setTimeout(resolve, 5); /* the next write is made a few milliseconds later */
});

function timeout(p, sent) {
  sent.form.dispatchEvent(new p.window.CustomEvent("htmx:timeout", {
    detail: { requestConfig: { headers: sent.detail.headers }, elt: sent.form },
    bubbles: true,
  }));
}

test("order kept: a write whose answer never came goes before the writes made while it was on its way", async () => {
  const net = network([down, ok(6), ok(7)]);
  const { p, factory } = await open({ net });
  const sent = write(p, "1R"); /* htmx sends it: online, nothing waiting */
  assert.equal(sent.event.defaultPrevented, false);
  await later();
  const typed = write(p, "2R"); /* typed while the first is on its way: it waits behind it */
  assert.equal(typed.event.defaultPrevented, true);
  await p.settle();
  assert.equal(net.calls.length, 0, "nothing sent while the first waits for its answer");
  timeout(p, sent);
  await p.settle();
  assert.equal(net.calls.length, 1);
  assert.equal(new URLSearchParams(net.calls[0].body).get("cards"), "1R", "the lost write first");
  const kept = await records(factory, DB, "writes");
  p.clock.fire();
  await p.settle();
  assert.deepEqual(net.calls.map((c) => new URLSearchParams(c.body).get("cards")), ["1R", "1R", "2R"]);
  assert.equal(net.calls[1].body, kept.find((w) => w.key === sent.detail.headers["Idempotency-Key"]).body);
  assert.equal(new URLSearchParams(net.calls[2].body).get("seen"), "6", "the write behind it has seen it");
  assert.deepEqual(await records(factory, DB, "writes"), []);
  await p.close();
});

test("seen carried forward: a write lost offline is kept as sent: its body is never changed", async () => {
  const { p, factory } = await open();
  const sent = write(p, "1R");
  p.state.online = false;
  timeout(p, sent);
  await p.settle();
  const kept = await records(factory, DB, "writes");
  assert.equal(kept.length, 1);
  assert.equal(kept[0].sent, true, "the server may have applied it");
  assert.equal(kept[0].body, "seen=5&cards=1R");
  await p.close();
});

test("seen carried forward: a write sent once before (another tab, an earlier page) keeps its bytes", async () => {
  const factory = new IDBFactory();
  const first = await open({ online: false, indexedDB: factory });
  await first.p.close();
  const at = (s) => `2026-12-05T14:00:0${s}.000Z`;
  await add(factory, DB, "writes", [
    { party: "abc", url: "/parties/abc/claim/", method: "POST", body: "seen=5&cards=1R", key: "k1", at: at(1) },
    { party: "abc", url: "/parties/abc/claim/", method: "POST", body: "seen=5&cards=2R", key: "k2", at: at(2), sent: true },
    { party: "abc", url: "/parties/abc/claim/", method: "POST", body: "seen=5&cards=3R", key: "k3", at: at(3) },
  ]);
  const net = network([ok(6), ok(7), ok(8)]);
  const again = await open({ indexedDB: factory, net });
  assert.deepEqual(net.calls.map((c) => [c.key, c.body]), [
    ["k1", "seen=5&cards=1R"],
    ["k2", "seen=5&cards=2R"],
    ["k3", "seen=6&cards=3R"],
  ]);
  await again.p.close();
});

test("survives a reload: the writes kept offline are sent by the next page, in order, with their keys", async () => {
  const factory = new IDBFactory();
  const first = await open({ online: false, indexedDB: factory });
  const keys = ["1R", "2R"].map((cards) => write(first.p, cards).detail.headers["Idempotency-Key"]);
  await first.p.settle();
  await first.p.close();

  const net = network([ok(6), ok(7)]);
  const again = await open({ indexedDB: factory, net });
  assert.deepEqual(net.calls.map((c) => c.key), keys, "sent on load, in order");
  assert.deepEqual(await records(factory, DB, "writes"), []);
  assert.equal(counted(again.p), 0);
  await again.p.close();
});

test("survives a reload: offline, the next page shows the count it found", async () => {
  const factory = new IDBFactory();
  const first = await open({ online: false, indexedDB: factory });
  write(first.p, "1R");
  write(first.p, "2R");
  await first.p.settle();
  await first.p.close();
  const again = await open({ online: false, indexedDB: factory });
  assert.equal(counted(again.p), 2);
  assert.match(again.p.document.querySelector("[data-queue-count]").textContent, /^2 écritures en attente$/);
  await again.p.close();
});
