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
