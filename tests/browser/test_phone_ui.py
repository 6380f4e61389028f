"""The calculators at the table, on a 390 × 844 phone: calculator first, the score in view,
two taps a card, the keyboard, no layout shift (issue 10)."""

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
    assert page.problems == []


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
    assert page.problems == []


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
    assert page.problems == []


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
    assert page.problems == []


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
    assert page.problems == []


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
    assert page.problems == []
