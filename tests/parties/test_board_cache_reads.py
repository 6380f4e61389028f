"""Only the writer's own answer draws the live board without looking in the cache first: a
page asked with « ?fait= » (where a write without JavaScript lands, or any address a reader
types) is served the board kept for the version, on either link."""

import pytest
from django.core.cache import cache
from django.test import Client

from calculators.games.num_check.party import writes as check_writes
from calculators.parties import live
from tests.factories import fresh, party, seat

from .conftest import url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("link", ["edit", "read"])
def test_a_page_asked_with_fait_is_served_the_kept_board(monkeypatch, link):
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    game = fresh(game)
    cache.clear()
    token = game.edit_token if link == "edit" else game.read_token
    assert Client().get(url(game, "game", token)).status_code == 200  # draws and keeps it
    drawn = []
    draw = live.draw

    def counted(*a, **k):
        drawn.append(a[0])
        return draw(*a, **k)

    monkeypatch.setattr(live, "draw", counted)
    for version in (game.version, 1):
        page = Client().get(url(game, "game", token), {"fait": version})
        assert page.status_code == 200 and "Léa — 1/8 combinaisons" in page.content.decode()
    assert drawn == []  # never drawn again
