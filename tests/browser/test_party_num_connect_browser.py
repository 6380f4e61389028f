"""A short Num Connect party on two phones (/num-connect/regles/#arbitrage-partie-connect):
each hand names who laid their last card and, optionally, the cards left; the other phone's
board follows by itself, a count out of range is said at its field, « Annuler » takes back this
phone's hand, and the table ends the party."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_party_table_browser import notice_in_view, phone, this_phone_is

pytestmark = pytest.mark.browser


def add_hand(p, out, left=()):
    p.locator("[data-testid=hand-out]").select_option(label=out)
    for seat, count in left:
        p.locator(f"[data-testid=left-{seat}]").fill(str(count))
    p.locator("[data-testid=hand-add]").click()


def test_a_short_num_connect_party_on_two_phones(browser, live_server):
    from tests.factories import party

    game = party("num_connect", ["Léa", "Tom", "Zoé"])
    url = f"{live_server.url}/parties/{game.edit_token}/"
    lea, tom = phone(browser, live_server.url), phone(browser, live_server.url)
    for p, name in ((lea, "Léa"), (tom, "Tom")):
        p.goto(url)
        this_phone_is(p, name)
    expect(lea.locator("#board")).to_contain_text("Cartes restantes")

    # hand 1: Léa goes out; Tom keeps 3 cards, Zoé 7
    add_hand(lea, "Léa", [(1, 3), (2, 7)])
    expect(notice_in_view(lea)).to_contain_text("Manche 1 : Léa pose sa dernière carte")
    expect(lea.locator("[data-testid=wins-0]")).to_have_text("1")
    expect(tom.locator("[data-testid=wins-0]")).to_have_text("1")  # the live board, polled
    expect(tom.locator("[data-testid=total-2]")).to_have_text("7")

    # hand 2 from Tom's phone: a count beyond the 12 cards dealt is refused at its field
    add_hand(tom, "Tom", [(0, 13), (2, 2)])
    expect(tom.locator("[data-testid=left-error-0]")).to_contain_text("de 0 à 12")
    expect(tom.locator("[data-testid=left-0]")).to_have_value("13")  # what was typed stays
    tom.locator("[data-testid=left-0]").fill("5")
    tom.locator("[data-testid=hand-add]").click()
    expect(notice_in_view(tom)).to_contain_text("Manche 2 : Tom pose sa dernière carte")
    # Léa and Tom won a hand each: Tom is ahead with 3 cards left against Léa's 5
    expect(lea.locator("[data-testid=position-1]")).to_have_text("1")
    expect(lea.locator("[data-testid=position-0]")).to_have_text("2")

    # hand 3 from Léa's phone, without counts; her « Annuler » takes back her own hand
    add_hand(lea, "Zoé")
    notice_in_view(lea)
    expect(tom.locator("[data-testid=wins-2]")).to_have_text("1")
    undo = lea.locator("[data-testid=undo]")
    expect(undo).to_contain_text("manche 3 (Zoé)")
    undo.click()
    expect(lea.locator("[data-testid=sheet-done]")).to_contain_text("Annulé")
    expect(tom.locator("[data-testid=wins-2]")).to_have_text("0")
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2]

    # the table ends the party (from the phone that saw the last write): the leader by hands
    # won, then cards left
    lea.locator("[data-testid=finish]").click()
    lea.locator("[data-testid=confirm-yes]").click()
    expect(tom.locator("[data-testid=game-finished]")).to_contain_text("victoire de Tom")
    expect(lea.locator("[data-testid=game-finished]")).to_contain_text("victoire de Tom")
    assert lea.problems == [] and tom.problems == []
    lea.context.close()
    tom.context.close()
