"""Browser: « Quelles cartes guetter ? » on a phone: four hand cards tapped with the picker, the
outs appear live (htmx), one out's score opens in the calculator, and Back returns to the outs.

The fixtures (``page``: 390 × 844, French locale, console errors recorded) come from
tests/browser/conftest.py."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_enter_four_cards_then_open_one_outs_score(page):
    page.goto(page.base + "/num-check/#guetter")
    picker = page.locator("#guetter [data-picker][data-target='#id_outs-hand']")
    for family, value in (("R", "7"), ("B", "7"), ("V", "3"), ("J", "3")):
        picker.locator(f"[data-family={family}]").click()
        picker.locator(f"[data-value='{value}']").click()
    expect(page.locator("#id_outs-hand")).to_have_value("7R 7B 3V 3J")
    full = page.locator("[data-testid=outs-group][data-combo=full]")
    expect(full).to_contain_text("Full")
    out = full.locator("[data-testid=out-card][data-card='7J']")
    expect(out).to_contain_text("26 pts")
    out.click()
    expect(page).to_have_url(re.compile(r"combo=full&cards=7R\+7B\+3V\+3J\+7J&rank=1"))
    expect(page.locator("[data-testid=check-total]")).to_have_attribute("data-score", "26")
    page.go_back()
    expect(page.locator("[data-testid=outs-group][data-combo=full]")).to_be_visible()
    assert page.problems == []


def test_outs_without_javascript(plain_page):
    page = plain_page
    page.goto(page.base + "/num-check/#guetter")
    page.fill("#id_outs-hand", "12R 13R 14R 15R")
    page.get_by_role("button", name="Voir les cartes à guetter").click()
    expect(page).to_have_url(re.compile(r"/num-check/guetter/\?outs-hand=12R"))
    expect(page.locator("[data-testid=outs-group][data-combo=suite_couleur]")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_outs_and_the_party_clock_are_axe_clean(browser, live_server, scheme):
    from axe_playwright_python.sync_playwright import Axe

    from calculators.games.num_check.party import writes
    from tests.factories import fresh, party, seat

    game = party("num_check", ["Léa", "Tom"])
    writes.add_invalid_check(game, seat(game, 0).pk, "paire", "5R 6B")
    writes.add_deck_turn(fresh(game))  # one: the second would end the game (no clock shown)
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    found = {}
    for path in (
        "/num-check/guetter/?outs-hand=7R+7B+3V+3J&outs-rank=4&outs-exclude=brelan",
        "/num-check/guetter/?outs-hand=7R+7R",
        f"/parties/{game.edit_token}/",
    ):
        page.goto(live_server.url + path)
        violations = Axe().run(page).response["violations"]
        if violations:
            found[path] = [f"{v['id']} {n['target']}" for v in violations for n in v["nodes"][:3]]
    context.close()
    assert found == {}
