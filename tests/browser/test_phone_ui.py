"""The calculators at the table, on a 390 × 844 phone: calculator first, the score in view,
two taps a card, the keyboard, no layout shift."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CALCULATORS = [
    "/num-check/",
    "/num-draft/",
    "/num-draft/table/",
    "/num-5/",
    "/num-5/tour/",
    "/num-connect/",
]


@pytest.mark.parametrize("url", CALCULATORS)
def test_every_calculator_url_opens_on_the_calculator_with_its_h1(page, url):
    page.goto(page.base + url)
    expect(page.locator("#calculer")).to_be_visible()
    expect(page.locator("#regles")).to_be_hidden()
    expect(page.locator("#calculer h1")).to_be_visible()
    expect(page.locator("#tab-calculer")).to_have_attribute("aria-selected", "true")
    assert page.problems == [], page.problems


def test_the_rulebook_url_opens_on_the_rules(page):
    page.goto(page.base + "/num-check/regles/")
    expect(page.locator("h1")).to_contain_text("NUM CHECK — règles")


def test_tabs_follow_the_aria_pattern_with_one_tab_stop(page):
    page.goto(page.base + "/num-draft/")
    calc, rules = page.locator("#tab-calculer"), page.locator("#tab-regles")
    expect(calc).to_have_attribute("tabindex", "0")
    expect(rules).to_have_attribute("tabindex", "-1")
    calc.focus()
    page.keyboard.press("ArrowLeft")
    expect(rules).to_be_focused()
    expect(rules).to_have_attribute("aria-selected", "true")
    expect(page.locator("#regles h1")).to_be_visible()
    expect(page.locator("#calculer")).to_be_hidden()
    page.keyboard.press("End")
    expect(calc).to_be_focused()
    expect(page.locator("#calculer")).to_be_visible()
    page.keyboard.press("Home")
    expect(rules).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(calc).to_have_attribute("aria-selected", "true")
    assert page.problems == [], page.problems


def test_a_rule_link_in_the_url_opens_that_paragraph(page):
    page.goto(page.base + "/num-check/#bonus-de-rang")
    expect(page.locator("#bonus-de-rang")).to_be_in_viewport()
    expect(page.locator("#tab-regles")).to_have_attribute("aria-selected", "true")


# --------------------------------------------------------------------------- the score in view


def tap(picker, family, value):
    picker.locator(f"[data-family={family}]").click()
    picker.locator(f"[data-value='{value}']").click()


def in_first_screen(page, selector):
    """The element is within the 390 × 844 viewport without any scrolling."""
    assert page.evaluate("window.scrollY") == 0
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)


def test_num_check_claim_score_on_the_first_screen(page):
    page.goto(page.base + "/num-check/")
    page.select_option("#id_combo", "full")
    picker = page.locator("#calcul [data-picker]")
    for family, value in (("R", "7"), ("B", "7"), ("J", "7")):
        tap(picker, family, value)
    live = page.locator("#check-live")
    expect(live).to_contain_text("3 / 5 cartes")
    expect(page.locator("#err-id_cards")).to_have_text("")  # no counting error before the count
    for family, value in (("V", "3"), ("A", "3")):
        tap(picker, family, value)
    expect(live.locator("[data-score]")).to_have_attribute("data-score", "26")
    page.evaluate("window.scrollTo(0, 0)")
    in_first_screen(page, "#check-live [data-score]")
    assert page.problems == [], page.problems


def test_num_check_counting_error_on_submit(page):
    page.goto(page.base + "/num-check/")
    page.select_option("#id_combo", "full")
    tap(page.locator("#calcul [data-picker]"), "R", "7")
    expect(page.locator("#check-live")).to_contain_text("1 / 5 cartes")
    page.locator("#calcul button[type=submit]").click()
    expect(page.locator("#err-id_cards")).to_contain_text("vous en avez donné 1")


def test_num_draft_pool_score_on_the_first_screen(page):
    page.goto(page.base + "/num-draft/")
    picker = page.locator("#draft-picker [data-picker]")
    for place, family, value in (
        ("#id_g00", "R", "3"),
        ("#id_g01", "B", "3"),
        ("#id_g02", "J", "3"),
    ):
        page.locator(place).click()
        tap(picker, family, value)
    expect(page.locator("#draft-live [data-score]")).to_have_attribute("data-score", "9")
    page.evaluate("window.scrollTo(0, 0)")
    in_first_screen(page, "#draft-live [data-score]")
    assert page.problems == [], page.problems


def test_num5_standings_on_the_first_screen(page):
    page.goto(page.base + "/num-5/?players=Léa,Tom,Zoé&n=1")
    page.locator("[data-testid=cell-0-0]").fill("12R")
    page.locator("[data-testid=cell-0-1]").fill("31 - 4")
    page.locator("[data-testid=cell-0-2]").fill("0")
    tom = page.locator("#num5-live [data-player=Tom]")
    expect(tom).to_have_attribute("data-wins", "1")
    expect(tom).to_have_attribute("data-score", "27")
    page.evaluate("window.scrollTo(0, 0)")
    in_first_screen(page, "#num5-live [data-player=Tom]")
    assert page.problems == [], page.problems


def test_num_connect_verdict_on_the_first_screen(page):
    page.goto(page.base + "/num-connect/")
    picker = page.locator("[data-picker]")
    tap(picker, "R", "5")
    tap(picker, "V", "5")
    expect(page.locator("#connect-live [data-valid]")).to_have_attribute("data-valid", "false")
    tap(picker, "B", "5")
    expect(page.locator("#connect-live [data-valid]")).to_have_attribute("data-valid", "true")
    page.evaluate("window.scrollTo(0, 0)")
    in_first_screen(page, "#connect-live [data-valid]")
    assert page.problems == [], page.problems


# --------------------------------------------------------------------------- two taps a card

CLICKS = "window.__clicks = 0; document.addEventListener('click', () => window.__clicks++, true);"

#: 15 distinct cards, the family changing at every card (the worst case for taps)
POOL = [("RVBJ"[i % 4], str(i % 13)) for i in range(15)]
#: the order the picker fills the pool: the own grid row by row, then the neighbours' columns
DRAFT_ORDER = [f"g{y}{x}" for y in range(3) for x in range(3)] + [
    "l0",
    "l1",
    "l2",
    "r0",
    "r1",
    "r2",
]


def expected_pool_total():
    from calculators.engines import numdraft

    code = {
        name: f"{value}{family}" for name, (family, value) in zip(DRAFT_ORDER, POOL, strict=True)
    }
    grid = [[code[f"g{y}{x}"] for x in range(3)] for y in range(3)]
    left = [code[f"l{y}"] for y in range(3)]
    right = [code[f"r{y}"] for y in range(3)]
    return numdraft.score(grid, left, right, "classic", "0-12").total


def test_a_15_card_pool_takes_at_most_two_taps_a_card(page):
    page.goto(page.base + "/num-draft/")
    page.evaluate(CLICKS)
    picker = page.locator("#draft-picker [data-picker]")
    for family, value in POOL:
        tap(picker, family, value)
    taps = page.evaluate("window.__clicks")
    print(f"NUM DRAFT pool of 15 cards: {taps} taps")
    assert taps <= 30
    for name, (family, value) in zip(DRAFT_ORDER, POOL, strict=True):
        expect(page.locator(f"#id_{name}")).to_have_value(f"{value}{family}")
    total = str(expected_pool_total())
    expect(page.locator("#draft-live [data-score]")).to_have_attribute("data-score", total)
    assert page.problems == [], page.problems


def test_a_5_card_claim_takes_at_most_two_taps_a_card(page):
    page.goto(page.base + "/num-check/")
    page.select_option("#id_combo", "full")
    page.evaluate(CLICKS)
    picker = page.locator("#calcul [data-picker]")
    for family, value in (("R", "7"), ("B", "7"), ("J", "7"), ("V", "3"), ("A", "3")):
        tap(picker, family, value)
    taps = page.evaluate("window.__clicks")
    print(f"NUM CHECK claim of 5 cards: {taps} taps (after choosing the combination)")
    assert taps <= 10
    expect(page.locator("#check-live [data-score]")).to_have_attribute("data-score", "26")


def test_backspace_clears_and_goes_back_in_the_pool(page):
    page.goto(page.base + "/num-draft/")
    picker = page.locator("#draft-picker [data-picker]")
    tap(picker, "R", "3")
    tap(picker, "B", "3")
    expect(page.locator("#id_g00")).to_have_value("3R")  # the own grid first
    expect(page.locator("#id_g01")).to_have_value("3B")
    picker.locator("[data-back]").click()  # the active place (g02) is empty: back to g01, cleared
    expect(page.locator("#id_g01")).to_have_value("")
    tap(picker, "J", "4")
    expect(page.locator("#id_g01")).to_have_value("4J")
    expect(page.locator("#id_g00")).to_have_value("3R")
    page.locator("#id_r2").click()  # an explicit tap retargets
    tap(picker, "V", "9")
    expect(page.locator("#id_r2")).to_have_value("9V")


def test_sheet_table_and_opening_have_the_picker(page):
    page.goto(page.base + "/num-check/feuille/")
    area = page.locator("#id_players")
    area.fill("Léa : Paire")
    picker = page.locator("#feuille [data-picker]")
    tap(picker, "R", "5")
    tap(picker, "B", "5")
    expect(area).to_have_value("Léa : Paire 5R 5B")
    page.get_by_role("button", name="Compter les points").click()
    expect(page.locator("#sheet-result [data-score]")).to_have_attribute("data-score", "15")

    page.goto(page.base + "/num-draft/table/")
    area = page.locator("#id_players")
    area.fill("A :")
    table = page.locator("#id_players ~ [data-picker], form [data-picker]").first
    for family, value in (("R", "1"), ("R", "2"), ("R", "3")):
        tap(table, family, value)
    table.locator("[data-put='/']").click()
    expect(area).to_have_value("A : 1R 2R 3R /")

    opening = page.locator("#opening-picker [data-picker]")
    page.locator("#id_turned").fill("Léa :")
    tap(opening, "R", "3")
    expect(page.locator("#id_turned")).to_have_value("Léa : 3R")
    assert page.problems == [], page.problems


# --------------------------------------------------------------------------- keyboard only


def tab_to(page, predicate_js, limit=80):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(
            f"(() => {{ const el = document.activeElement; return {predicate_js}; }})()"
        ):
            return
    raise AssertionError(f"never reached {predicate_js}")


def key_card(page, family_index, value):
    """From the families group: the family, Enter; Tab; the value, Enter; back to the families."""
    page.keyboard.press("Home")
    for _ in range(family_index):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Home")
    for _ in range(value):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")


def test_keyboard_only_pool_then_num5_round(page):
    page.goto(page.base + "/num-draft/")
    # Tab through every place to the keypad: focus alone never makes a place the target
    tab_to(page, "el.hasAttribute('data-family')")
    families = "RVBJAS"
    for family, value in POOL[:5]:
        key_card(page, families.index(family), int(value))
    for name, (family, value) in zip(DRAFT_ORDER[:5], POOL[:5], strict=True):
        expect(page.locator(f"#id_{name}")).to_have_value(f"{value}{family}")
    expect(page.locator("#draft-live [data-score]")).to_be_visible()
    page.wait_for_load_state("networkidle")  # no request cut short by leaving the page

    page.goto(page.base + "/num-5/?players=Léa,Tom,Zoé&n=1")
    tab_to(page, "el.hasAttribute('data-family')")
    key_card(page, families.index("R"), 12)  # into the first empty cell, Léa's
    expect(page.locator("[data-testid=cell-0-0]")).to_have_value("12R")
    tab_to(page, "el.getAttribute('data-testid') === 'cell-0-0'")
    page.keyboard.press("Tab")
    page.keyboard.type("31 - 4")
    page.keyboard.press("Tab")
    page.keyboard.type("0")
    tom = page.locator("#num5-live [data-player=Tom]")
    expect(tom).to_have_attribute("data-wins", "1")
    expect(tom).to_have_attribute("data-score", "27")
    assert page.problems == [], page.problems


# --------------------------------------------------------------------------- layout shift

CLS_OBSERVER = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__cls += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
"""

#: (page, how to enter a few cards there)
CLS_PAGES = [
    ("/num-check/", "#calcul [data-picker]", [("R", "5"), ("B", "5")]),
    ("/num-draft/", "#draft-picker [data-picker]", [("R", "1"), ("V", "1"), ("B", "1")]),
    ("/num-draft/table/", "#opening-picker [data-picker]", [("R", "3")]),
    ("/num-5/?players=Léa,Tom,Zoé&n=1", "#num5-picker [data-picker]", [("R", "12"), ("S", "3")]),
    ("/num-5/tour/?players=Léa,Tom,Zoé", "#turn-picker [data-picker]", [("R", "5"), ("B", "2")]),
    ("/num-connect/", "[data-picker]", [("R", "5"), ("V", "5"), ("B", "5")]),
]


@pytest.mark.parametrize(("url", "picker", "cards"), CLS_PAGES)
def test_cumulative_layout_shift_at_most_0_1(page, url, picker, cards):
    page.add_init_script(CLS_OBSERVER)
    page.goto(page.base + url)
    if url == "/num-check/":
        page.select_option("#id_combo", "paire")
    for family, value in cards:
        tap(page.locator(picker), family, value)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(600)
    cls = page.evaluate("window.__cls")
    print(f"CLS {url}: {cls:.4f}")
    assert cls <= 0.1
    assert page.problems == [], page.problems


# --------------------------------------------------------------------------- Num 5, 8 players


def test_num5_with_8_players_fits_a_390_px_phone(page):
    names = "Léa,Tom,Zoé,Max,Inès,Hugo,Lina,Noah"
    cells = "&".join(f"r0_{j}={10 + j}" for j in range(8))
    page.goto(f"{page.base}/num-5/?players={names}&n=2&{cells}")
    expect(page.locator("#num5-live [data-player=Noah]")).to_have_attribute("data-wins", "1")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    for j in range(8):
        box = page.locator(f"[data-testid=cell-1-{j}]").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (j, box)
        assert box["height"] >= 44, box
    assert page.problems == [], page.problems


def test_focus_after_adding_a_num5_round_is_on_its_first_cell(page):
    page.goto(page.base + "/num-5/?players=Léa,Tom,Zoé&n=1")
    page.get_by_role("button", name="Ajouter une manche").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=cell-1-0]")).to_be_focused()
    assert page.problems == [], page.problems


def test_table_mode_ranking_on_the_first_screen(page):
    page.goto(page.base + "/num-draft/table/")
    page.fill(
        "#id_players",
        "A : 1R 2R 3R / - - - / - - -\nB : 1V 1B - / - - - / - - -\nC : - - - / - - - / - - -",
    )
    page.get_by_role("button", name="Compter la table").click()
    expect(page.locator("#table-live [data-player=A]")).to_have_attribute("data-score", "6")
    page.evaluate("window.scrollTo(0, 0)")
    in_first_screen(page, "#table-live [data-player=A]")
    assert page.problems == [], page.problems


def test_without_javascript_the_keypads_are_hidden_and_a_submit_lands_on_the_result(
    browser, live_server
):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/num-check/")
    expect(page.locator("#calcul [data-picker]")).to_be_hidden()
    page.select_option("#id_combo", "paire")
    page.fill("#id_cards", "5R 5B")
    page.locator("#calcul button[type=submit]").click()
    expect(page.locator("#check-live [data-score]")).to_have_attribute("data-score", "15")
    expect(page.locator("#check-live [data-score]")).to_be_in_viewport()
    page.goto(live_server.url + "/num-draft/?g00=3R&g01=3B&g02=3J&mode=classic&values=0-12")
    expect(page.locator("#draft-picker [data-picker]")).to_be_hidden()
    expect(page.locator("#draft-live [data-score]")).to_have_attribute("data-score", "9")
    context.close()


def test_the_same_error_is_not_written_again_on_the_next_keystroke(page):
    page.goto(page.base + "/num-check/?combo=full&cards=7R+7B&rank=1")
    cards = page.locator("#id_cards")
    cards.fill("7R 7B 17A")
    error = page.locator("#err-id_cards")
    expect(error).to_contain_text("la valeur 17 n’existe pas")
    page.wait_for_load_state("networkidle")
    page.evaluate(
        "window.__mutations = 0; new MutationObserver(() => window.__mutations++)"
        ".observe(document.getElementById('err-id_cards'), {childList: true, subtree: true, characterData: true})"
    )
    cards.press("End")
    cards.press_sequentially("  ")
    page.wait_for_timeout(700)
    page.wait_for_load_state("networkidle")
    expect(error).to_contain_text("la valeur 17 n’existe pas")
    assert page.evaluate("window.__mutations") == 0
    assert page.locator("#err-id_cards").count() == 1  # the same element, never replaced
    assert page.problems == [], page.problems


@pytest.mark.parametrize("language", ["", "/en"])
def test_the_phone_header_keeps_brand_languages_and_theme_on_one_row(page, language):
    """At 390 px the theme switch no longer takes a row of its own above the games."""
    page.goto(f"{page.base}{language}/num-check/")
    expect(page.locator("[data-theme-toggle]")).to_be_visible()
    tops = {
        name: page.locator(selector).first.bounding_box()["y"]
        for name, selector in {
            "brand": ".ns-brand",
            "languages": ".language-switch",
            "theme": "[data-theme-toggle]",
            "games": ".ns-header .navbar-nav",
        }.items()
    }
    assert max(tops["brand"], tops["languages"], tops["theme"]) < 20, tops
    assert tops["games"] < 60, tops


def test_the_new_party_form_shows_one_games_mode_from_the_first_paint(browser, live_server):
    """Only the chosen game's mode (and NUM DRAFT's deck) is shown, by CSS: nothing moves when
    the script starts (Lighthouse measured a layout shift of 0.12 here), and without JavaScript
    choosing another game shows its mode."""
    for javascript in (True, False):
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, java_script_enabled=javascript
        )
        page = context.new_page()
        page.goto(live_server.url + "/parties/nouvelle/")
        kind = page.locator("input[name=kind]:checked").get_attribute("value")
        for block in page.locator("[data-kind-only]").all():
            shown = block.get_attribute("data-kind-only") == kind
            expect(block).to_be_visible() if shown else expect(block).to_be_hidden()
        page.locator("input[name=kind][value=num_draft]").check()
        for block in page.locator("[data-kind-only]").all():
            shown = block.get_attribute("data-kind-only") == "num_draft"
            expect(block).to_be_visible() if shown else expect(block).to_be_hidden()
        context.close()
