"""The live board is drawn once per version and language, for both kinds of link (what only the
edit link shows is cut out for the read link), then served from Django's cache: it holds no
reader's CSRF token (each phone posts with its own, in the header htmx sends), and every phone
gets its own language and the board of the version it asked for."""

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from calculators.games.num_check.party import writes as check_writes
from calculators.parties import live, services
from calculators.parties.board import forget_lines
from calculators.parties.edit_only import EDIT_ONLY_END, EDIT_ONLY_START
from tests.factories import fresh, party, seat
from tests.matching import search

from .conftest import url

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def board(client, game, token=None, language=""):
    response = client.get(f"{language}{url(game, 'board', token)}", {"v": "old"})
    assert response.status_code == 200
    return response.content.decode()


def page_claim(phone, game, where):
    """A pair of fives claimed for the player at seat ``where`` from the party's page (htmx)."""
    return phone.post(
        url(game, "action", action="claim_add"),
        urlencode(
            {
                "player": seat(game, where).pk,
                "combo": "paire",
                "cards": "5R 5B",
                "seen": fresh(game).version,
            }
        ),
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true", "HX-Target": "sheet"},
    )


def test_a_cached_board_is_the_board_drawn_afresh():
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    cache.clear()
    phone = Client()
    drawn = board(phone, game)
    served = board(phone, game)  # from the cache
    assert drawn == served
    assert "Léa" in served and "claim_delete/" in served and not CSRF.search(served)


HX_TOKEN = re.compile(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'')


def test_each_phone_deletes_from_the_cached_board_with_its_own_csrf_token():
    """The ✕ of a polled board posts through htmx, with the token of the phone's own page."""
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    cache.clear()
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    board(first, game)  # draws and caches it
    served = board(second, game)
    assert "claim_delete/" in served and not CSRF.search(served)
    token = search(HX_TOKEN, second.get(url(game, "game")).content.decode()).group(1)
    claim = seat(game, 0).claims.get()
    body = urlencode({"claim": claim.pk, "if_version": fresh(game).version, "confirm": 1})
    refused = first.post(
        url(game, "action", action="claim_delete"),
        body,
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 403  # no token of its own: refused
    deleted = second.post(
        url(game, "action", action="claim_delete"),
        body,
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert deleted.status_code == 200
    assert not seat(game, 0).claims.exists()


def test_the_page_draws_its_board_with_the_readers_token_for_phones_without_javascript():
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(url(game, "game")).content.decode()
    # the board's ✕ submit the page's own #claim-delete form, which holds the reader's token
    token = search(CSRF, page[page.index('id="claim-delete"') :]).group(1)
    claim = seat(game, 0).claims.get()
    deleted = phone.post(
        url(game, "action", action="claim_delete"),
        urlencode(
            {
                "claim": claim.pk,
                "if_version": fresh(game).version,
                "csrfmiddlewaretoken": token,
                "confirm": 1,
            }
        ),
        content_type="application/x-www-form-urlencoded",
    )
    assert deleted.status_code == 302  # saved, then back to the page
    assert not seat(game, 0).claims.exists()


def test_the_board_follows_the_version_and_the_language():
    game = party()
    before = board(Client(), game)
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    after = board(Client(), game)
    assert "Léa — 0/8 combinaisons" in before and "Léa — 1/8 combinaisons" in after
    english = board(Client(), game, language="/en")
    assert "Léa — 1/8 combinations" in english and "Scoreboard" in english
    assert "Tableau des scores" in after


def test_the_read_only_board_is_not_the_edit_board():
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    cache.clear()
    edit = board(Client(), game)
    read = board(Client(), game, token=game.read_token)
    assert "claim_delete/" in edit and "claim_delete/" not in read


def test_the_writers_answer_draws_the_standings_and_keeps_the_details_the_phone_shows():
    """The writer's answer draws the new version's standings once, and not the details (most
    of the board's weight): they stay as the phone shows them (hx-preserve) and say which
    version they show (``d``), which the phone sends to the live board at once. Once the answer
    is sent, the board is drawn for every phone: its standings are the answer's, and it is what
    the database alone draws (its history too: a write undone, dropped by this one)."""
    game = party()
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "7R 7B")
    before = board(Client(), game)
    services.undo(fresh(game))
    answer = page_claim(Client(), game, 0).content.decode()
    assert answer.count('id="board"') == 1 and "hx-swap-oob" not in answer
    assert answer.count('id="board-more"') == 1 and live.KEPT_MORE in answer
    assert "combinaisons</h3>" in before and "combinaisons</h3>" not in answer
    version = fresh(game).version
    served = board(Client(), game)
    standings = served[: served.index('<section id="board-more"')]
    assert standings in answer
    assert f'name="d" value="{version}"' in served
    for alias in ("default", "board"):  # drawn afresh, from the database alone: the same
        caches[alias].clear()
    forget_lines()
    assert board(Client(), game) == served


@pytest.mark.parametrize("sent", ["delete", "correction"])
def test_a_write_sent_from_the_details_draws_them_in_its_answer(sent):
    """A correction or a removal (✕) is sent from the details, where the player looks: its
    answer draws them."""
    game = party(claims={0: [("paire", "5R 5B")]})
    claim = game.players.get(seat=0).claims.get()
    body = {"claim": claim.pk, "seen": game.version, "confirm": "1"}
    if sent == "correction":
        body.update(combo="paire", cards="6R 6B")
    answer = Client().post(
        url(game, "action", action="claim_delete" if sent == "delete" else "claim_edit"),
        urlencode(body),
        content_type="application/x-www-form-urlencoded",
        headers={"HX-Request": "true", "HX-Target": "sheet"},
    )
    html = answer.content.decode()
    assert answer.status_code == 200 and live.KEPT_MORE not in html
    assert "Léa — " in html and f'name="d" value="{fresh(game).version}"' in html


def test_the_poll_sends_the_board_while_the_details_are_older_than_the_standings():
    game = party()
    page_claim(Client(), game, 0)
    version = fresh(game).version
    client = Client()
    poll = url(game, "board", game.read_token)
    assert client.get(poll, {"v": version}).status_code == 204
    assert client.get(poll, {"v": version, "d": version}).status_code == 204
    older = client.get(poll, {"v": version, "d": version - 1})
    assert older.status_code == 200 and "Léa — 1/8 combinaisons" in older.content.decode()


#: a party of each game with entries on its board, and what only its edit link shows there
EDIT_ONLY: dict[str, tuple[dict[str, Any], tuple[str, str]]] = {
    "num_check": (dict(claims={0: [("paire", "5R 5B")]}), ("claim_delete/", "?corriger=")),
    "num5": (dict(rounds=[["10R", "3", "7"]]), ("round_delete/", "?manche=")),
}


@pytest.mark.parametrize("kind", EDIT_ONLY)
@pytest.mark.parametrize("first", ["edit", "read"])
def test_one_drawing_serves_both_links_and_the_read_link_never_shows_the_edit_controls(kind, first):
    """Whichever link asks first, the board drawn once gives each link its own: the edit
    controls on the edit link only, the same scores on both, no marker left."""
    entries, controls = EDIT_ONLY[kind]
    game = party(kind, **entries)
    cache.clear()
    tokens = {"edit": game.edit_token, "read": game.read_token}
    boards = {first: board(Client(), game, tokens[first])}
    second = "read" if first == "edit" else "edit"
    with CaptureQueriesContext(connection) as served:
        boards[second] = board(Client(), game, tokens[second])
    assert len(served) <= 2  # the token and version: the board itself came from the cache
    for control in controls:
        assert control in boards["edit"] and control not in boards["read"]
    assert "Actions" in boards["edit"] and "Actions" not in boards["read"]
    for drawn in boards.values():
        assert EDIT_ONLY_START not in drawn and EDIT_ONLY_END not in drawn
        assert game.edit_token not in drawn and game.read_token not in drawn
    cut = re.sub(
        r'<th scope="col"><span class="visually-hidden">Actions</span></th>', "", boards["edit"]
    )
    assert re.findall(r"data-score=\"(\d+)\"", cut) == re.findall(
        r"data-score=\"(\d+)\"", boards["read"]
    )


def test_a_finished_sheet_shows_no_edit_control_on_either_link():
    game = party(claims={0: [("paire", "5R 5B")]}, finished=True)
    for token in (game.edit_token, game.read_token):
        assert "claim_delete/" not in board(Client(), game, token)


def test_every_phone_after_a_page_write_gets_the_board_the_writer_drew():
    """The writer's answer draws the new version's board; a phone on the read link (and one on
    the edit link) then gets it from the cache, whatever the game."""
    game = party()
    page_claim(Client(), game, 1)
    for token in (game.read_token, game.edit_token):
        with CaptureQueriesContext(connection) as served:
            drawn = board(Client(), game, token)
        assert len(served) <= 2 and "Tom — 1/8 combinaisons" in drawn


def test_a_board_drawn_for_a_write_rolled_back_is_never_served_for_the_next_write():
    """A write's answer draws the new version's board inside the write's transaction (a write
    sent with an Idempotency-Key stores its answer there too); rolled back after that, the
    next write takes the same version number: its board is drawn again, never the other's."""
    game = party()
    with pytest.raises(RuntimeError), transaction.atomic():
        check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
        assert "Léa — 1/8 combinaisons" in board(Client(), game)  # drawn and kept
        raise RuntimeError("storing the remembered answer failed")
    game = fresh(game)
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "7R 7B")
    drawn = board(Client(), game)
    assert "Tom — 1/8 combinaisons" in drawn and "Léa — 0/8 combinaisons" in drawn


def test_the_cache_keeps_one_board_per_party_and_language():
    """Each version's board replaces the one before it: a busy table does not fill the cache
    with boards nobody will ask for again."""
    game = party()
    cache.clear()
    french = url(game, "board")
    for where in range(3):
        check_writes.add_claim(fresh(game), seat(game, where).pk, "paire", "5R 5B")
        for address in (french, f"/en{french}"):
            assert Client().get(address, {"v": "old"}).status_code == 200
    assert len(list(Path(str(settings.CACHES["default"]["LOCATION"])).glob("*.djcache"))) == 2
