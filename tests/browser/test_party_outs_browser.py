"""Browser, 390 × 844: « Quelles cartes guetter ? » in a NUM CHECK party's entry, for this phone's
player (their rank and combinations from the sheet), an out tapped fills the claim, one tap saves."""

import re

import pytest
from playwright.sync_api import expect

from calculators.parties.models import Claim
from tests.browser.test_party_table_browser import axe_clean

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _party():
    from tests.factories import party

    # Tom (this phone) has made a Paire and a Brelan: his next CHECK is at rank 3
    return party(
        "num_check", ["Léa", "Tom"], claims={1: [("paire", "5R 5B"), ("brelan", "9R 9B 9J")]}
    )


def test_this_phones_player_taps_an_out_then_saves_it(page):
    game = _party()
    tom = game.players.get(name="Tom")
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("[data-phone-select]").select_option(label="Tom")
    expect(page.locator("#guetter")).not_to_have_attribute("open", "")  # folded: the table first
    page.locator("#guetter summary").click()
    expect(page.locator("#outs-player")).to_have_value(str(tom.pk))  # the entry's player
    picker = page.locator("#guetter [data-picker][data-target='#id_outs-hand']")
    for family, value in (("R", "7"), ("B", "7"), ("V", "3"), ("J", "3")):
        picker.locator(f"[data-family={family}]").click()
        picker.locator(f"[data-value='{value}']").click()
    expect(page.locator("[data-testid=outs-for]")).to_contain_text("Pour Tom, au rang 3.")
    expect(page.locator("[data-testid=outs-made] [data-made]")).to_have_count(2)
    expect(page.locator("[data-testid=outs-group][data-combo=brelan]")).to_have_count(0)
    axe_clean(page, "party outs shown")
    out = page.locator(
        "[data-testid=outs-group][data-combo=full] [data-testid=out-card][data-card='7J']"
    )
    points = out.get_attribute("data-score")
    out.click()
    expect(page.locator("#claim-cards")).to_have_value("7R 7B 3V 3J 7J")
    expect(page.locator("#claim-combo")).to_have_value("full")
    expect(page.locator("#claim-player")).to_have_value(str(tom.pk))
    expect(page.locator("[data-testid=preview-score]")).to_contain_text(
        f"Tom +{points} · Full, rang 3"
    )
    save = page.get_by_role("button", name="Enregistrer le CHECK")
    expect(save).to_be_focused()
    expect(save).to_be_in_viewport()
    axe_clean(page, "claim filled from an out")
    save.click()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Tom")
    claim = Claim.objects.get(player=tom, combo="full")
    assert (claim.position, claim.cards) == (3, "7R 7B 3V 3J 7J")
    assert page.problems == []


def test_a_bad_hand_is_said_at_its_field_live(page):
    game = _party()
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("#guetter summary").click()
    page.locator("#id_outs-hand").fill("7R 7R")
    expect(page.locator("#err-id_outs-hand")).to_contain_text("7R")
    expect(page.locator("[data-testid=outs]")).to_have_count(0)
    axe_clean(page, "party outs refused")
    assert page.problems == []


def test_without_javascript_the_outs_are_a_plain_get_form(plain_page):
    game = _party()
    p = plain_page
    p.goto(f"{p.base}/parties/{game.edit_token}/")
    p.locator("#guetter summary").click()
    p.locator("#outs-player").select_option(label="Tom")
    p.fill("#id_outs-hand", "7R 7B 3V 3J")
    p.get_by_role("button", name="Voir les cartes à guetter").click()
    expect(p).to_have_url(re.compile(r"guetter=\d+&outs-hand=7R\+7B"))
    p.locator("[data-testid=outs-group][data-combo=full] [data-card='7J']").click()
    expect(p.locator("#claim-cards")).to_have_value("7R 7B 3V 3J 7J")
    p.get_by_role("button", name="Enregistrer le CHECK").click()
    assert Claim.objects.filter(player__name="Tom", combo="full", position=3).exists()


@pytest.mark.parametrize("zoom", ["100%", "200%"])
def test_the_outs_do_not_scroll_sideways_at_360(page, zoom):
    game = _party()
    tom = game.players.get(name="Tom")
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{page.base}/parties/{game.edit_token}/?guetter={tom.pk}&outs-hand=7R+7B+3V+3J")
    page.evaluate(f"document.documentElement.style.fontSize = '{zoom}'")
    expect(page.locator("[data-testid=out-card]").first).to_be_visible()
    assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
