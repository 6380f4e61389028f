"""Phones at a table, measured: standings that never break a name or a number at 360 px and
200 % text, no page wider than a 320–390 px screen, a compact header, the cards field of a
party on the first screen of a 390 × 844 phone, a new party's links and QR codes first, and
an evening without a single CSP error (a tablée's parties of each of the four games). 200 %
text is emulated as the other browser tests do: the html element's font size (rem and em
follow it, the viewport's CSS width does not)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Léa", "Tom", "Zoé", "Dominique", "Anne Sophie", "Maximilien", "Eve", "Bob"]
LEA = [("paire", "1R 1B"), ("brelan", "2R 2B 2J")]

#: For each word of each cell: the distinct tops of its boxes (more than one: broken inside).
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const cell of document.querySelectorAll(selector)) {
    if (!cell.getClientRects().length) continue;  // not drawn
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const hidden = node.parentElement.closest('.visually-hidden, [aria-hidden=true]');
      if (hidden && getComputedStyle(hidden).position === 'absolute') continue;
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()]
          .filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(`${m[0]} (${tops.size} lines) in ${cell.tagName}`);
      }
    }
  }
  return broken;
}"""


def large_text(page, zoom="200%"):
    page.evaluate(f"document.documentElement.style.fontSize = '{zoom}'")


def standings_parties():
    from tests.factories import party

    return [
        party("num_check", NAMES[:6], claims={i: LEA for i in range(6)}),
        party(
            "num_check", NAMES[:4], claims={i: LEA[: i % 2 + 1] for i in range(4)}, finished=True
        ),
        party("num5", NAMES, rounds=[["10R", "27", "0", "3", "4", "5", "6", "7"]], finished=True),
        party("num_draft", NAMES[:5], grids={0: ["1R", "2R", "3R"], 1: ["4R"]}),
        connect_party(finished=True),
    ]


def connect_party(finished=False):
    """A Num Connect party of six (its most) with two hands, one of them counted."""
    from calculators.games.num_connect.party import writes
    from calculators.parties import services
    from tests.factories import fresh, party

    game = party("num_connect", NAMES[:6])
    writes.add_hand(game, NAMES[0], {name: 12 - i for i, name in enumerate(NAMES[1:6])})
    writes.add_hand(game, NAMES[5])
    if finished:
        services.finish(game)
    return fresh(game)


@pytest.mark.parametrize(("width", "zoom"), [(360, "200%"), (390, "100%"), (320, "100%")])
def test_standings_never_break_inside_a_name_or_a_number(page, width, zoom):
    page.set_viewport_size({"width": width, "height": 740})
    for game in standings_parties():
        for token in (game.edit_token, game.read_token):
            page.goto(f"{page.base}/parties/{token}/")
            large_text(page, zoom)
            board = page.locator("[data-testid=scoreboard]")
            expect(board).to_be_visible()
            cells = "[data-testid=scoreboard] th, [data-testid=scoreboard] td"
            assert page.evaluate(BROKEN_WORDS, cells) == [], (game.kind, token)
            right = page.evaluate(
                "Math.max(...[...document.querySelectorAll('[data-testid=scoreboard] tr')]"
                ".map(r => r.getBoundingClientRect().right))"
            )
            assert right <= width, (game.kind, right)
    assert page.problems == [], page.problems


def test_the_header_takes_at_most_a_quarter_of_a_360_px_phone_at_200_percent(page):
    page.set_viewport_size({"width": 360, "height": 740})
    for language in ("", "/en"):
        page.goto(f"{page.base}{language}/num-check/")
        large_text(page)
        header = page.locator("header").bounding_box()
        assert header["height"] <= 740 / 4, (language, header)
        # every control of the header still there, and reachable by its full name
        expect(page.get_by_role("link", name="Numsite")).to_be_visible()
        expect(page.locator(".language-switch [data-language]").first).to_be_visible()
        expect(page.locator("[data-theme-toggle]")).to_be_visible()
    expect(page.get_by_role("button", name="Français")).to_be_visible()


def all_pages():
    """Every kind of page a player meets: home, each game's rules and calculators (some with a
    result), the parties of each game (edit and read links), a tablée, the forms, the API."""
    from calculators.tablees import services as tablees
    from tests.factories import party

    paths = [
        "/",
        "/en/",
        "/api/",
        "/parties/nouvelle/",
        "/tablees/nouvelle/",
        "/num-check/",
        "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=1",
        "/num-check/detecteur/",
        "/num-check/guetter/",
        "/num-check/feuille/",
        "/num-draft/",
        "/num-draft/?g00=1R&g01=2R&g02=3R&g10=4R&l0=5V&r0=6B",
        "/num-draft/table/",
        "/num-5/",
        "/num-5/tour/",
        "/num-connect/",
        "/num-connect/?cards=1R+2R+3R+4R+5R+6R+7R+8R+9R+10R",
    ]
    for game in ("num-check", "num-draft", "num-5", "num-connect"):
        paths += [f"/{game}/regles/", f"/en/{game}/regles/"]
    games = [
        party("num_check", NAMES, claims={i: LEA for i in range(8)}),
        party("num_draft", NAMES[:5], grids={0: ["1R", "2R", "3R"], 1: ["4R"]}),
        party(
            "num5",
            NAMES,
            rounds=[["10R", "27", "0", "3", "4", "5", "6", "7"]],
            turns=[["9R", "9B", "2V", "3V", "4V", "5V", "6V", "7V"]],
        ),
        party("num5", NAMES[:4], rounds=[["10R", "27", "0", "3"]], finished=True),
        connect_party(),
    ]
    for game in games:
        paths += [f"/parties/{game.edit_token}/", f"/parties/{game.read_token}/"]
    paths.append(f"/parties/{games[0].edit_token}/?partager=1")
    tablee = tablees.create("Les amis du jeudi soir", NAMES[:4])
    tablees.new_party(tablee, "num_check", None, NAMES[:4])
    paths += [f"/tablees/{tablee.edit_token}/", f"/tablees/{tablee.read_token}/"]
    return paths


@pytest.mark.parametrize("width", [320, 360, 390])
@pytest.mark.parametrize("zoom", ["100%", "200%"])
def test_no_page_scrolls_sideways(page, width, zoom):
    page.set_viewport_size({"width": width, "height": 740})
    wide = []
    for path in all_pages():
        page.goto(page.base + path)
        large_text(page, zoom)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        scroll = page.evaluate("document.scrollingElement.scrollWidth")
        if scroll > width:
            wide.append((path, scroll - width))
    assert wide == []
    assert page.problems == [], page.problems


@pytest.mark.parametrize("players", [4, 5])
def test_the_num_check_cards_field_is_on_the_first_screen_of_a_390_px_phone(page, players):
    from tests.factories import party

    game = party("num_check", NAMES[:players], claims={0: LEA[:1]})
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    cards = page.locator("#claim-cards")
    expect(cards).to_be_visible()
    assert page.evaluate("scrollY") == 0
    box = cards.bounding_box()
    assert box["y"] + box["height"] <= 844, box
    assert page.problems == [], page.problems


@pytest.mark.parametrize("javascript", [True, False])
def test_a_new_partys_links_and_qr_codes_come_first_until_the_table_has_them(
    browser, live_server, javascript
):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=javascript
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/parties/nouvelle/")
    page.fill("#players", "Léa\nTom\nZoé\nMax")
    page.get_by_role("button", name="Créer la partie").click()
    expect(page.locator("[data-testid=scoreboard]")).to_be_visible()
    assert page.evaluate("scrollY") == 0
    for selector in (".qr svg", "[data-testid=edit-link]", "[data-testid=view-link]"):
        for element in page.locator(selector).all():
            expect(element).to_be_visible()
            box = element.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)
    page.locator("[data-testid=links-shared]").click()
    expect(page).to_have_url(re.compile(r"/parties/[\w-]+/$"))
    expect(page.locator("#share")).not_to_have_attribute("open", re.compile(".*"))
    for qr in page.locator(".qr").all():
        expect(qr).to_be_hidden()
    box = page.locator("#claim-cards").bounding_box()
    assert box["y"] + box["height"] <= 844, box  # folded: the sheet's first screen again
    context.close()


# --------------------------------------------------------------------------- an evening, no CSP error

CSP_LISTENER = (
    "document.addEventListener('securitypolicyviolation', e => window.reportCspViolation("
    "`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));"
)


def csp_phone(browser, base, violations):
    """A 390 × 844 touch phone that records every CSP violation: on the console (« Refused to
    apply inline style… ») and as the DOM's securitypolicyviolation event."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", is_mobile=True, has_touch=True
    )
    context.expose_function("reportCspViolation", lambda text: violations.append(text))
    context.add_init_script(CSP_LISTENER)
    phone = context.new_page()
    phone.on(
        "console",
        lambda m: (
            ("Content Security Policy" in m.text or "Refused to" in m.text)
            and violations.append(f"{m.type}: {m.text}")
        ),
    )
    phone.base = base
    return phone


def test_the_evening_phones_record_a_csp_violation(browser, live_server):
    """The evening's detector can fail: an inline style and an inline script each recorded, on
    the console and by the DOM's event (the evening below asserts it found none)."""
    violations: list[str] = []
    phone = csp_phone(browser, live_server.url, violations)
    phone.goto(f"{phone.base}/num-check/")
    phone.evaluate("document.body.setAttribute('style', 'background: red')")
    phone.evaluate(
        "const s = document.createElement('script'); s.textContent = 'window.x = 1';"
        " document.body.append(s)"
    )
    phone.wait_for_timeout(200)
    assert phone.evaluate("window.x") is None
    assert any("style-src" in v and v.startswith("style-src") for v in violations), violations
    assert any("script-src" in v and v.startswith("script-src") for v in violations), violations
    assert any(v.startswith("error: ") for v in violations), violations  # the console's
    phone.context.close()


def tap_card(phone, family, value):
    picker = phone.locator("#claim-picker [data-picker]")
    picker.locator(f"[data-family={family}]").tap()
    picker.locator(f"[data-value='{value}']").tap()


def test_a_whole_evening_at_the_table_shows_no_csp_error(browser, live_server):
    violations: list[str] = []
    writer = csp_phone(browser, live_server.url, violations)
    watcher = csp_phone(browser, live_server.url, violations)

    # A tablée, then a NUM CHECK party from it: its links first, folded once the table has them.
    writer.goto(f"{writer.base}/tablees/nouvelle/")
    writer.get_by_label("Nom de la tablée").fill("Les jeudis")
    writer.get_by_label("Joueurs").fill("Léa\nTom\nZoé\nMax")
    writer.get_by_role("button", name="Créer la tablée").click()
    tablee_url = writer.url
    writer.get_by_label("NUM CHECK", exact=True).check()
    for name in ("Léa", "Tom", "Zoé", "Max"):
        writer.locator("[data-seat-buttons] button", has_text=name).tap()
    writer.locator("[data-testid=start-party]").tap()
    expect(writer).to_have_url(re.compile(r"/parties/[\w-]+/\?partager=1$"))
    read_link = writer.locator("#share [data-testid=view-link]").get_attribute("href")
    writer.locator("[data-testid=links-shared]").tap()
    watcher.goto(read_link)

    # Claims tapped on the picker, seen live by the other phone; a correction, a removal, undo.
    writer.locator("#claim-combo").select_option("paire")
    tap_card(writer, "R", "1")
    tap_card(writer, "B", "1")
    # the live score is asked after the second card's tap: give a loaded machine the time
    expect(writer.locator("[data-testid=preview-score]")).to_contain_text("Léa +", timeout=10_000)
    writer.get_by_role("button", name="Enregistrer le CHECK").tap()
    expect(writer.locator("[data-testid=sheet-done]")).to_be_visible()
    expect(watcher.locator("[data-testid=total-0]")).not_to_have_text("0", timeout=10_000)
    writer.locator("#claim-player").select_option(label="Tom")
    writer.locator("#claim-combo").select_option("brelan")
    writer.locator("#claim-cards").fill("2R 2B 2J")
    writer.get_by_role("button", name="Enregistrer le CHECK").tap()
    expect(writer.locator("[data-testid=total-1]")).not_to_have_text("0")
    writer.locator("#board-more a", has_text="Corriger").first.tap()
    expect(writer.locator(".ns-editing")).to_be_visible()
    writer.goto(writer.url.split("?")[0])
    writer.get_by_role("button", name="Supprimer l’annonce 1 de Tom").tap()
    writer.locator("[data-testid=confirm-yes]").tap()  # a removal is asked first
    expect(writer.locator("[data-testid=total-1]")).to_have_text("0")
    writer.locator("[data-testid=undo]").tap()
    expect(writer.locator("[data-testid=total-1]")).not_to_have_text("0")
    expect(watcher.locator("[data-testid=total-1]")).not_to_have_text("0", timeout=10_000)
    writer.locator("[data-testid=deck-turn]").tap()
    expect(writer.locator("[data-testid=party-clock]")).to_contain_text("2/2")
    writer.locator("[data-testid=finish]").tap()
    writer.locator("[data-testid=confirm-yes]").tap()
    expect(writer.locator("[data-testid=game-finished]")).to_be_visible()
    expect(watcher.locator("[data-testid=game-finished]")).to_be_visible(timeout=10_000)
    writer.locator("[data-testid=reopen]").tap()
    expect(writer.locator("[data-testid=game-finished]")).to_have_count(0)
    writer.locator("[data-testid=finish]").tap()
    writer.locator("[data-testid=confirm-yes]").tap()
    expect(writer.locator("[data-testid=game-finished]")).to_be_visible()

    # A Num 5 party of the same tablée, a round, the end; then the tablée's statistics and charts.
    writer.goto(tablee_url)
    writer.get_by_label("Num 5", exact=True).check()
    for name in ("Léa", "Tom", "Zoé"):
        writer.locator("[data-seat-buttons] button", has_text=name).tap()
    writer.locator("[data-testid=start-party]").tap()
    expect(writer).to_have_url(re.compile(r"/parties/[\w-]+/\?partager=1$"))
    writer.locator("[data-testid=links-shared]").tap()
    writer.locator("[data-testid=cell-0]").fill("10R")
    writer.locator("[data-testid=cell-1]").fill("27")
    writer.locator("[data-testid=cell-2]").fill("0")
    writer.keyboard.press("Enter")
    expect(writer.locator("[data-testid=round-1-1]")).to_contain_text("27")
    writer.locator("[data-testid=finish]").tap()
    writer.locator("[data-testid=confirm-yes]").tap()
    expect(writer.locator("[data-testid=game-finished]")).to_be_visible()

    # A NUM DRAFT party of the tablée: this phone's grid tapped on its picker, seen by the other.
    writer.goto(tablee_url)
    writer.get_by_label("NUM DRAFT", exact=True).check()
    for name in ("Léa", "Tom", "Zoé"):
        writer.locator("[data-seat-buttons] button", has_text=name).tap()
    writer.locator("[data-testid=start-party]").tap()
    expect(writer).to_have_url(re.compile(r"/parties/[\w-]+/\?partager=1$"))
    read_link = writer.locator("#share [data-testid=view-link]").get_attribute("href")
    writer.locator("[data-testid=links-shared]").tap()
    watcher.goto(read_link)
    writer.locator("[data-phone-select]").select_option(label="Léa")
    writer.reload()
    lea_grid = writer.locator("details[data-grid-player][open]")
    picker = lea_grid.locator("[data-picker]")
    picker.locator("[data-family=R]").tap()
    for value in ("1", "2", "3"):
        picker.locator(f"[data-value='{value}']").tap()
    expect(lea_grid.locator("[data-testid=preview-grid]")).to_contain_text("Léa")
    lea_grid.get_by_role("button", name="Enregistrer la grille").tap()
    expect(writer.locator("[data-testid=sheet-done]")).to_be_visible()
    expect(watcher.locator("[data-testid=total-0]")).not_to_have_text("0", timeout=10_000)
    writer.locator("[data-testid=finish]").tap()
    writer.locator("[data-testid=confirm-yes]").tap()
    expect(writer.locator("[data-testid=game-finished]")).to_be_visible()

    # A Num Connect party of the tablée: a hand with the cards left, then the end.
    writer.goto(tablee_url)
    writer.get_by_label("Num Connect", exact=True).check()
    for name in ("Léa", "Tom", "Zoé"):
        writer.locator("[data-seat-buttons] button", has_text=name).tap()
    writer.locator("[data-testid=start-party]").tap()
    expect(writer).to_have_url(re.compile(r"/parties/[\w-]+/\?partager=1$"))
    writer.locator("[data-testid=links-shared]").tap()
    writer.locator("[data-testid=hand-out]").select_option(label="Tom")
    writer.locator("[data-testid=left-0]").fill("3")
    writer.locator("[data-testid=left-2]").fill("5")
    writer.locator("[data-testid=hand-add]").tap()
    expect(writer.locator("[data-testid=wins-1]")).to_have_text("1")
    writer.locator("[data-testid=finish]").tap()
    writer.locator("[data-testid=confirm-yes]").tap()
    expect(writer.locator("[data-testid=game-finished]")).to_be_visible()

    # The tablée of four parties: its statistics and charts, on both phones.
    writer.goto(tablee_url)
    expect(writer.locator("[data-testid=chart-num5-scores]")).to_be_visible()
    watcher.goto(tablee_url)  # a second phone on the tablée

    # Between games: the calculators, the rules, the colour mode, English and back.
    writer.goto(f"{writer.base}/num-check/")
    writer.locator("#id_combo").select_option("full")
    for family, value in (("R", "7"), ("B", "7"), ("J", "7"), ("V", "3"), ("A", "3")):
        picker = writer.locator("#calcul [data-picker]")
        picker.locator(f"[data-family={family}]").tap()
        picker.locator(f"[data-value='{value}']").tap()
    expect(writer.locator("#check-live [data-score]")).to_have_attribute("data-score", "26")
    writer.locator("#tab-regles").tap()
    expect(writer.locator("#regles h1")).to_be_visible()
    writer.locator("[data-theme-toggle]").tap()
    writer.locator(".language-switch button[data-language=en]").tap()
    expect(writer).to_have_url(re.compile("/en/"))
    writer.goto(f"{writer.base}/en/num-draft/?g00=1R&g01=JK&g02=1V&mode=classic")
    writer.goto(f"{writer.base}/num-connect/?cards=1R+2R+3R+4R+5R")
    writer.goto(f"{writer.base}/num-5/tour/")
    writer.wait_for_load_state("networkidle")

    writer.context.close()
    watcher.context.close()
    assert violations == []
