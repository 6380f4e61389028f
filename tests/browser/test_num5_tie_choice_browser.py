"""Browser: a Num 5 tie between rows chosen with a tap (/num-5/regles/#arbitrage-tour-t8), with
htmx and without JavaScript; Back returns to table order.

The fixtures (``page``: 390 × 844, French locale, console errors recorded) come from
tests/browser/conftest.py."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: the first turn from the set-up: Zoé's 0S ties between the four rows (every last card is 0)
FIRST_TURN = "/num-5/tour/?players=L%C3%A9a%2C+Tom%2C+Zo%C3%A9&t1=5R+3A+0S"


def shadow_step(page):
    return page.locator("[data-testid=turn-steps] li", has_text="0 Shadow").first


def test_tap_a_tied_row_then_back(page):
    page.goto(page.base + FIRST_TURN + "#calculer")
    page.evaluate("window.__same_page = true")
    step = shadow_step(page)
    expect(step.locator("[data-testid=tie]")).to_contain_text("sans choix, la rangée 1")
    expect(step.locator("[data-testid=tie-row-1]")).to_have_attribute("aria-current", "true")
    step.locator("[data-testid=tie-row-3]").click()
    expect(page).to_have_url(re.compile(r"t1=5R\+3A\+0S%403"))
    step = shadow_step(page)
    expect(step.locator("[data-testid=tie]")).to_contain_text("Zoé a choisi la rangée 3")
    expect(step.locator("[data-testid=tie-row-3]")).to_have_attribute("aria-current", "true")
    expect(page.locator("[data-testid=row-3]")).to_contain_text("0 Shadow")
    assert page.evaluate("window.__same_page") is True  # htmx: no reload
    page.go_back()
    expect(shadow_step(page).locator("[data-testid=tie]")).to_contain_text("sans choix")
    assert page.problems == []


def test_tie_choice_without_javascript(plain_page):
    page = plain_page
    page.goto(page.base + FIRST_TURN)
    shadow_step(page).locator("[data-testid=tie-row-2]").click()
    expect(shadow_step(page).locator("[data-testid=tie]")).to_contain_text("a choisi la rangée 2")
    expect(page.locator("[data-testid=row-2]")).to_contain_text("0 Shadow")
