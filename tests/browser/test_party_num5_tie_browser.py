"""Browser, 390 × 844: a Num 5 card that ties between rows in a party's turn-by-turn entry, the
other row tapped (/num-5/regles/#arbitrage-tour-t8); without JavaScript too; axe clean, no sideways
scroll at 360 px and 200 % text."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_party_table_browser import axe_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _played():
    from tests.factories import party

    # Léa 5A, Tom 3S, Zoé 9R: Tom's Shadow ties between the four rows, table order puts it on row 1
    return party("num5", ["Léa", "Tom", "Zoé"], turns=[["5A", "3S", "9R"]])


def test_tapping_the_other_tied_row_replays_the_turn(page):
    game = _played()
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    tie = page.locator("[data-testid=turn-ties] [data-testid=tie]")
    expect(tie).to_contain_text("Tom choisit")
    expect(tie.locator("[data-testid=tie-row-1]")).to_have_attribute("aria-pressed", "true")
    rows = page.locator("[data-testid=turn-rows] li")
    expect(rows.nth(0)).to_contain_text("3 Shadow")
    axe_clean(page, "Num 5 party tie offered")
    tie.locator("[data-testid=tie-row-3]").click()
    notice = page.locator("#turns [data-testid=sheet-done]")
    expect(notice).to_contain_text("Tom pose sa carte sur la rangée 3")
    expect(notice).to_be_focused()
    expect(page.locator("[data-testid=tie]")).to_contain_text("Tom a choisi la rangée 3")
    expect(page.locator("[data-testid=tie-row-3]")).to_have_attribute("aria-pressed", "true")
    # the outcome: Tom's Shadow and Léa's Rainbow after it on row 3, row 1 back to its 0
    expect(rows.nth(2)).to_contain_text("3 Shadow")
    expect(rows.nth(2)).to_contain_text("5 Rainbow")
    expect(rows.nth(0)).not_to_contain_text("Shadow")
    assert game.__class__.objects.get(pk=game.pk).turns == [["5A", "3S@3", "9R"]]
    axe_clean(page, "Num 5 party tie chosen")
    assert page.problems == []


def test_without_javascript_the_tie_is_a_plain_form(plain_page):
    game = _played()
    p = plain_page
    p.goto(f"{p.base}/parties/{game.edit_token}/")
    p.locator("[data-testid=tie-row-2]").click()
    expect(p.locator("[data-testid=tie]")).to_contain_text("Tom a choisi la rangée 2")
    assert game.__class__.objects.get(pk=game.pk).turns == [["5A", "3S@2", "9R"]]


@pytest.mark.parametrize("zoom", ["100%", "200%"])
def test_the_tie_does_not_scroll_sideways_at_360(page, zoom):
    game = _played()
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.evaluate(f"document.documentElement.style.fontSize = '{zoom}'")
    expect(page.locator("[data-testid=tie-row-4]")).to_be_visible()
    assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
