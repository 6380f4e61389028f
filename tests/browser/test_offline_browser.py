"""The site with no network (docs/offline.md): installable, readable, and every calculator exact.

One online visit registers the service worker and keeps the pages and the offline bundle; then
Chromium goes offline (``context.set_offline(True)``): the rulebooks and calculators still open,
and the engines run on the phone (Pyodide) answer exactly what the server's API answers.
"""

import json
import random
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from calculators.core.registry import GAMES
from tests.api.test_golden_cases import ENDPOINTS
from tests.conftest import load_cases

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("offline")]

#: Loading Pyodide the first time (13 MB from the test server, then compiled) takes seconds.
WARM_MS = 120_000

FAMILIES = "RVBJAS"


_MATCHES = (
    "url => caches.keys().then(ns => Promise.all(ns.map(n => caches.open(n)"
    ".then(c => c.match(url)))))"
)
#: a page's copy is in one of this phone's caches / in none
KEPT = _MATCHES + ".then(rs => rs.some(Boolean))"
GONE = _MATCHES + ".then(rs => !rs.some(Boolean))"


def until(page, expression: str, arg: str, timeout: float = 10.0) -> None:
    """Poll ``expression`` (a function returning a promise) until it resolves true.
    ``page.wait_for_function`` would not do: it takes the promise itself as a true value."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression, arg):
        assert time.monotonic() < deadline, f"not true after {timeout} s: {expression} ({arg})"
        page.wait_for_timeout(100)


def card(rng, top=16):
    return f"{rng.randint(0, top)}{rng.choice(FAMILIES)}"


def random_requests(rng):
    """Random inputs across the calculators, valid or not (an error must match too)."""
    combos = ["paire", "double_paire", "couleur", "suite_paire", "full", "suite_pivot", "brelan"]
    combos += ["carre", "suite_couleur", "nums", "suite_longue", "full_cosmique", "zenith", "pc"]
    out = []
    for _ in range(30):
        n = rng.choice([2, 3, 4, 5, 5, 6])
        out.append(
            (
                "num-check/score",
                {
                    "combo": rng.choice(combos),
                    "cards": [card(rng) for _ in range(n)],
                    "rank": rng.randint(1, 8),
                },
            )
        )
    for _ in range(15):
        out.append(
            (
                "num-check/detect",
                {
                    "hand": [card(rng) for _ in range(rng.randint(1, 4))],
                    "centre": [card(rng) for _ in range(rng.randint(1, 4))],
                    "rank": rng.randint(1, 8),
                },
            )
        )
    for _ in range(10):
        grid = [[card(rng, 12) for _ in range(3)] for _ in range(3)]
        out.append(
            (
                "num-draft/score",
                {
                    "grid": grid,
                    "left": [card(rng, 12) for _ in range(3)],
                    "right": [card(rng, 12) for _ in range(3)],
                    "mode": rng.choice(["classic", "discovery", "Familiale"]),
                },
            )
        )
    for _ in range(10):
        out.append(
            (
                "num-connect/check",
                {
                    "cards": [card(rng) for _ in range(rng.randint(2, 6))],
                    "first_play": rng.random() < 0.3,
                },
            )
        )
    for _ in range(5):
        players = [
            {"name": name, "cards": [card(rng) for _ in range(rng.randint(0, 5))]}
            for name in ("Léa", "Max", "Zoé")
        ]
        out.append(("num5/round", {"players": players}))
    return out


def server_answer(base, endpoint, body, language):
    request = urllib.request.Request(
        f"{base}/api/v1/{endpoint}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": language},
    )
    try:
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        return json.loads(err.read())


def online_visit(page, path="/num-check/"):
    """The first visit: the service worker installed and in control, the bundle warmed."""
    page.goto(page.base + path)
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=30_000
    )
    page.evaluate("() => window.NumsiteOffline.warm()")  # waits for Pyodide and the engines' zip


@pytest.fixture
def offline_page(page):
    online_visit(page)
    yield page
    page.context.set_offline(False)


def test_installable_manifest_and_service_worker(page):
    page.goto(page.base + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    manifest = page.evaluate(
        "() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["name"] and manifest["short_name"] == "Numsite"
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert page.evaluate("src => fetch(src).then(r => r.ok)", icon["src"])
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A Playwright context is an incognito profile: the one error that names the profile, not
    # the site; any other (no manifest, no icon, no service worker…) fails.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    # The caches are named after this release: an older one's are dropped when it activates.
    version = page.evaluate(
        "() => fetch('/sw.js').then(r => r.text()).then(t => JSON.parse(t.split(/\\n/)[0].slice(18, -1)).version)"
    )
    names = page.evaluate("() => caches.keys()")
    assert names and all(n.endswith("-" + version) for n in names if n.startswith("numsite-"))
    english = page.evaluate("() => fetch('/en/manifest.webmanifest').then(r => r.json())")
    assert english["lang"] == "en" and english["name"] != manifest["name"]


def test_pages_open_offline(offline_page):
    page = offline_page
    page.context.set_offline(True)
    for prefix in ("", "/en"):
        for game in GAMES:
            page.goto(f"{page.base}{prefix}/{game.slug}/regles/")
            expect(page.locator("h1").first).to_contain_text(game.name)
            assert page.locator("#precisions-d-arbitrage, [id^=arbitrage]").count() > 0
        for path in ("/", "/num-check/", "/num-draft/", "/num-draft/table/", "/num-5/"):
            page.goto(f"{page.base}{prefix}{path}")
            assert page.locator("[data-offline-page]").count() == 0, path
    page.goto(page.base + "/api/")
    expect(page.locator("h1").first).to_be_visible()
    page.goto(page.base + "/jamais-vue/")
    expect(page.locator("[data-offline-page]")).to_be_visible()
    expect(page.locator("h1")).to_have_text("Hors ligne")
    page.goto(page.base + "/en/never-seen/")
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_offline_answers_equal_the_servers(offline_page):
    """200 inputs across the calculators, computed on the phone with no network, answer
    exactly what the server's API answers (totals, titles, every field; errors too)."""
    page = offline_page
    rng = random.Random(20261201)
    requests = [
        (ENDPOINTS[name](case), case["request"]) for name in ENDPOINTS for case in load_cases(name)
    ]
    requests += random_requests(rng)
    assert len(requests) >= 200
    jobs = [(e, b, "en" if i % 3 == 0 else "fr") for i, (e, b) in enumerate(requests)]
    served = [server_answer(page.base, e, b, lang) for e, b, lang in jobs]
    page.context.set_offline(True)
    local = page.evaluate(
        "jobs => Promise.all(jobs.map(([e, b, l]) => window.NumsiteOffline.answer(e, b, l)))",
        jobs,
    )
    for (endpoint, body, lang), want, got in zip(jobs, served, local, strict=True):
        assert got == want, (endpoint, lang, body)


def test_a_calculator_answers_offline_on_the_phone(offline_page):
    """The NUM DRAFT pool, changed with no network, is recomputed on the phone (never the
    stale score), marked « calculé sur ce téléphone », then by the server once back online."""
    page = offline_page
    page.goto(page.base + "/num-draft/")
    page.evaluate("() => window.NumsiteOffline.warm()")
    for place, code in zip(
        ("g00", "g01", "g02", "g10", "g11", "g12"),
        ("3R", "3B", "3J", "5R", "5B", "5J"),
        strict=True,
    ):
        page.fill(f"#id_{place}", code)
    page.locator("#id_g12").dispatch_event("change")
    total = page.locator("[data-testid=draft-total]")
    expect(total).to_be_visible()
    online = total.get_attribute("data-score")
    page.context.set_offline(True)
    page.fill("#id_g20", "5V")
    page.locator("#id_g20").dispatch_event("change")
    answer = page.locator("#draft-result [data-offline-answer]")
    expect(answer).to_contain_text("Calculé sur ce téléphone")
    body = {
        "grid": [["3R", "3B", "3J"], ["5R", "5B", "5J"], ["5V", None, None]],
        "left": [None, None, None],
        "right": [None, None, None],
    }
    want = server_answer(page.base, "num-draft/score", body, "fr")
    expect(answer.locator("[data-score]")).to_have_attribute("data-score", str(want["total"]))
    expect(page.locator("#draft-live")).to_contain_text(f"{want['total']} points")
    assert str(want["total"]) != online
    page.context.set_offline(False)
    page.fill("#id_g21", "8A")
    page.locator("#id_g21").dispatch_event("change")
    expect(page.locator("#draft-result [data-offline-answer]")).to_have_count(0)
    expect(page.locator("[data-testid=draft-total]")).to_be_visible()


def test_a_party_page_opens_offline_with_its_last_board(page):
    """Network first; without network the copy this phone kept, with the time it was made."""
    from tests.factories import party

    game = party("num5", 3, rounds=[("10R", "27", "0")])
    url = f"{page.base}/parties/{game.edit_token}/"
    page.goto(page.base + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.goto(url)
    expect(page.locator("[data-testid=round-1-1]")).to_contain_text("27")
    expect(page.locator("[data-offline-banner]")).to_have_count(0)
    until(page, KEPT, url)
    page.context.set_offline(True)
    page.goto(url)
    banner = page.locator("[data-offline-banner]")
    expect(banner).to_contain_text("Hors ligne — dernière mise à jour")
    expect(banner).to_contain_text(re.compile(r"\d{1,2} h \d{2}"))
    expect(page.locator("[data-testid=round-1-1]")).to_contain_text("27")
    page.context.set_offline(False)


def test_nouveaux_liens_drops_the_retired_page_from_this_phones_cache(page):
    """The phone that replaces the links forgets the old page at once (it holds the retired
    token and the names); another phone forgets it when the old link answers 410."""
    from calculators.parties import services
    from tests.factories import party

    game = party("num5", 3, rounds=[("10R", "27", "0")])
    old = f"{page.base}/parties/{game.edit_token}/"
    page.goto(page.base + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.goto(old)
    until(page, KEPT, old)
    page.locator("#share summary").click()
    page.get_by_role("button", name=re.compile("Nouveaux liens")).click()
    page.get_by_test_id("confirm-yes").click()
    page.wait_for_url(lambda url: url != old and "/parties/" in url)
    new = page.url.split("?")[0].split("#")[0]
    until(page, GONE, old)
    until(page, KEPT, new)

    assert page.problems == []
    page.goto("about:blank")  # its board's poll would meet the 410 of the next replacement

    # another phone kept the page of a link that is then replaced elsewhere
    other = page.context.browser.new_context()
    phone = other.new_page()
    try:
        phone.goto(page.base + "/")
        phone.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        phone.goto(new)
        until(phone, KEPT, new)
        game.refresh_from_db()
        services.rotate(game)
        assert phone.goto(new).status == 410
        until(phone, GONE, new)
    finally:
        other.close()
