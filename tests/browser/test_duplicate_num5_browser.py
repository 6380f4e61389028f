"""Browser: a Num 5 table of an event « en donnes préparées » (docs/deals.md#donnes-num5) on a
phone: its Party page lists each seat's hand, refuses a turn whose card is not in its seat's
dealt hand with the message at the turn's form, then takes the seats' own cards."""

import pytest
from playwright.sync_api import expect

from calculators.events import services
from calculators.parties import deals as party_deals
from tests.events.helpers import event, game_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_num5_tables_page_refuses_a_card_not_in_the_seats_hand(page):
    ev = event(6, (3,), 1, game="num5", duplicate=True, seed="club")
    services.seat(ev)
    table = services.start(ev).tables.select_related("game").first()
    assert table is not None
    game = game_of(table)
    dealt = party_deals.manche_dealt(game, 1)
    assert dealt is not None
    hands = [[str(c) for c in seat.cards] for seat in dealt.seats]
    stranger = next(c for c in hands[1] if c not in hands[0])  # seat 2's card, not seat 1's
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    turns = page.locator("#turns")
    if turns.get_attribute("open") is None:
        turns.locator("summary").click()
    expect(page.get_by_test_id("deal-hands")).to_be_visible()
    for index, card in enumerate([stranger, hands[1][1], hands[2][0]]):
        page.get_by_test_id(f"turn-card-{index}").fill(card)
    page.get_by_role("button", name="Jouer le tour 1").click()
    expect(page.locator("#turns")).to_contain_text(
        f"la carte {stranger} n’est pas dans la main donnée à son siège"
    )
    game.refresh_from_db()
    assert not game.turns
    for index, card in enumerate([hands[0][0], hands[1][0], hands[2][0]]):
        page.get_by_test_id(f"turn-card-{index}").fill(card)
    page.get_by_role("button", name="Jouer le tour 1").click()
    expect(page.get_by_test_id("turn-rows")).to_be_visible()
    assert page.problems == []
