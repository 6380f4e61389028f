"""Browser, 390 × 844: « Ce téléphone : Tom » is the player of every entry on this phone, the
invalid CHECK's included (NUM CHECK), when chosen and after a reload."""

import pytest
from playwright.sync_api import expect

from calculators.parties.models import HistoryEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_invalid_check_is_this_phones_players(page):
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom", "Zoé"])
    tom = game.players.get(name="Tom")
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("[data-phone-select]").select_option(label="Tom")
    page.get_by_text("Noter un CHECK invalide").click()
    expect(page.locator("#invalid-player")).to_have_value(str(tom.pk))
    page.reload()
    page.get_by_text("Noter un CHECK invalide").click()
    expect(page.locator("#invalid-player")).to_have_value(str(tom.pk))
    expect(page.locator("#claim-player")).to_have_value(str(tom.pk))
    page.locator("#invalid-combo").select_option("paire")
    page.locator("#invalid-cards").fill("5R 6B")
    page.locator("#invalid-cards").press("Enter")
    expect(page.locator("#sheet")).to_contain_text("Tom : CHECK invalide")
    entry = HistoryEntry.objects.get(game=game, action="invalid_check")
    assert entry.data["player"] == tom.pk
    assert page.problems == []
