"""The live board is drawn once per version, language and kind of link, then served from the
cache: every phone still gets its own CSRF token, its own language, and the board
of the version it asked for."""

import re
from urllib.parse import urlencode

import pytest
from django.core.cache import cache
from django.test import Client

from calculators.parties import services
from calculators.parties.views import CSRF_SLOT
from tests.factories import fresh, party, seat

from .conftest import url

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def board(client, game, token=None, language=""):
    response = client.get(f"{language}{url(game, 'board', token)}", {"v": "old"})
    assert response.status_code == 200
    return response.content.decode()


def test_a_cached_board_is_the_board_drawn_afresh():
    game = party()
    services.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    cache.clear()
    phone = Client()
    drawn = board(phone, game)
    served = board(phone, game)  # from the cache
    assert CSRF.sub("", drawn) == CSRF.sub("", served)
    assert "Léa" in served and "claim_delete/" in served and CSRF_SLOT not in served


def test_each_phone_gets_its_own_csrf_token_and_can_delete_with_it():
    game = party()
    services.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    cache.clear()
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    board(first, game)  # draws and caches it
    token = CSRF.search(board(second, game)).group(1)
    assert token != CSRF_SLOT
    claim = seat(game, 0).claims.get()
    deleted = second.post(
        url(game, "action", action="claim_delete"),
        urlencode(
            {"claim": claim.pk, "if_version": fresh(game).version, "csrfmiddlewaretoken": token}
        ),
        content_type="application/x-www-form-urlencoded",
    )
    assert deleted.status_code == 302  # saved, then back to the page
    assert not seat(game, 0).claims.exists()


def test_the_board_follows_the_version_and_the_language():
    game = party()
    before = board(Client(), game)
    services.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    after = board(Client(), game)
    assert "Léa — 0/8 combinaisons" in before and "Léa — 1/8 combinaisons" in after
    english = board(Client(), game, language="/en")
    assert "Léa — 1/8 combinations" in english and "Scoreboard" in english
    assert "Tableau des scores" in after


def test_the_read_only_board_is_not_the_edit_board():
    game = party()
    services.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    cache.clear()
    edit = board(Client(), game)
    read = board(Client(), game, token=game.read_token)
    assert "claim_delete/" in edit and "claim_delete/" not in read
