"""Browser, two phones on a party's edit link: when one ends the game, the other's entry gives
way to the final standings at its next poll; reopened, the entry comes back."""

import pytest
from playwright.sync_api import expect

from calculators.parties import services
from tests.factories import fresh

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_another_phones_entry_closes_when_the_game_ends_and_comes_back_on_reopen(page):
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    expect(page.locator("#entry")).to_be_visible()
    services.finish(fresh(game))  # the other phone pressed « Terminer la partie »
    expect(page.locator("[data-testid=game-finished]")).to_be_visible(timeout=10_000)
    expect(page.locator("#entry")).to_have_count(0, timeout=10_000)
    services.reopen(fresh(game))
    expect(page.locator("#entry")).to_be_visible(timeout=10_000)
    expect(page.locator("[data-testid=game-finished]")).to_have_count(0)
    assert page.problems == []
