"""Browser: a Num 5 round played turn by turn on a phone, with the picker, to the sheet's tally.

The fixtures (``page``: 390 × 844, French locale, console errors recorded) come from
tests/browser/conftest.py."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: three turns from the set-up (seat order Léa, Tom, Zoé): Zoé's 8B is the 5th card of row 1
#: in turn 3 and collects 0S 3A 2B 7B = +12; Léa took 0R, Tom 0B (0 each).
TURNS = [
    [("R", "5"), ("A", "3"), ("S", "0")],
    [("R", "1"), ("B", "2"), ("J", "4")],
    [("R", "6"), ("B", "7"), ("B", "8")],
]


def test_a_round_turn_by_turn_on_a_phone_ends_in_the_tally(page):
    page.goto(page.base + "/num-5/tour/#calculer")
    page.evaluate("window.__same_page = true")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Commencer la manche").click()
    for number, cards in enumerate(TURNS, start=1):
        play = page.get_by_role("button", name=f"Jouer le tour {number}")
        expect(play).to_be_visible()
        picker = page.locator("#turn-picker [data-picker]")
        for family, value in cards:  # two taps a card; the picker moves to the next player
            picker.locator(f"[data-family={family}]").click()
            picker.locator(f"[data-value='{value}']").click()
        for index, (family, value) in enumerate(cards):
            expect(page.locator(f"[data-testid=card-{index}]")).to_have_value(f"{value}{family}")
        play.click()
        expect(page.locator("#turn-steps-title")).to_contain_text(f"Tour {number}")
        expect(page).to_have_url(re.compile(rf"t{number}="))
    # the first turn's Shadow tie is not on screen any more; turn 3's collection is
    expect(page.locator("[data-testid=step-3]")).to_contain_text("Zoé récupère")
    expect(page.locator("[data-testid=points-0]")).to_have_text("0")
    expect(page.locator("[data-testid=points-2]")).to_contain_text("12")
    expect(page.locator("[data-testid=row-1]")).to_contain_text("Bleu")
    assert page.evaluate("window.__same_page") is True  # htmx: no reload between turns
    shared = page.url
    page.locator("[data-testid=tally]").click()
    expect(page).to_have_url(re.compile(r"/num-5/\?"))
    expect(page.locator("[data-testid=cell-0-2]")).to_have_value("0S 3A 2B 7B")
    expect(page.locator(".winner-cell")).to_contain_text("12")
    expect(page.locator("[data-testid=wins-2]")).to_have_text("1")
    page.goto(shared)  # the shared link shows the same round
    expect(page.locator("[data-testid=points-2]")).to_contain_text("12")
    assert page.problems == []
