"""After every write, wherever it came from, the board is drawn for the other phones once the
writer has their answer (calculators/parties/live.py, numsite/after.py): in each language a
phone reads the party in, never in one nobody reads, never for a version overtaken."""

import json
import threading
import urllib.request

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from calculators.games.num_check.party import writes as check_writes
from calculators.parties import live
from calculators.parties.board import game_key
from tests.factories import fresh, party, seat

from .conftest import url
from .test_board_cache import page_claim

pytestmark = pytest.mark.django_db


def board(client, game, token, language=""):
    """The board after a change, on ``token``'s link, in French or (``/en``) English."""
    with translation.override("fr"):  # the address without prefix: a request leaves its own
        address = f"{language}{url(game, 'board', token)}"
    response = client.get(address, {"v": "old"})
    assert response.status_code == 200
    return response.content.decode()


def api_claim(client, game, name, cards):
    response = client.post(
        f"/api/v1/parties/{game.edit_token}/claims",
        json.dumps({"player": name, "combo": "paire", "cards": cards.split()}),
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    return response


@pytest.fixture
def draws(monkeypatch):
    """Every drawing of a board from here on, by language."""
    drawn = []
    draw = live.draw

    def counted(*args, **kwargs):
        drawn.append(translation.get_language())
        return draw(*args, **kwargs)

    monkeypatch.setattr(live, "draw", counted)
    return drawn


def test_after_an_api_write_every_phone_gets_the_board_drawn_in_its_language(draws):
    game = party()
    cache.clear()
    board(Client(), game, game.read_token)  # a phone reads it in French,
    board(Client(), game, game.read_token, "/en")  # another in English
    draws.clear()
    api_claim(Client(), game, "Léa", "5R 5B")
    assert sorted(draws) == ["en", "fr"]  # drawn once the answer was sent, one per language
    draws.clear()
    for language, shown in (("", "Léa — 1/8 combinaisons"), ("/en", "Léa — 1/8 combinations")):
        for token in (game.read_token, game.edit_token):
            with CaptureQueriesContext(connection) as served:
                drawn = board(Client(), game, token, language)
            assert shown in drawn and len(served) <= 2
    assert draws == []


def test_a_language_nobody_reads_is_not_drawn_after_a_write(draws):
    game = party()
    cache.clear()
    board(Client(), game, game.read_token)  # French only
    draws.clear()
    api_claim(Client(), game, "Léa", "5R 5B")
    assert draws == ["fr"]


def test_a_party_nobody_reads_draws_nothing_after_an_api_write(draws):
    game = party()
    cache.clear()
    api_claim(Client(), game, "Léa", "5R 5B")
    assert draws == []


def test_after_a_page_write_the_other_language_is_drawn_and_the_writers_board_kept(draws):
    game = party()
    cache.clear()
    board(Client(), game, game.read_token, "/en")  # a phone reads it in English
    draws.clear()
    with translation.override("fr"):  # the writer, in French (the last request was not)
        assert page_claim(Client(), game, 1).status_code == 200
    assert sorted(draws) == ["en", "fr"]  # the writer's answer drew French, then English
    draws.clear()
    assert "Tom — 1/8 combinations" in board(Client(), game, game.read_token, "/en")
    assert "Tom — 1/8 combinaisons" in board(Client(), game, game.read_token)
    assert draws == []


def test_a_board_for_a_version_overtaken_before_the_work_ran_is_not_kept():
    game = party()
    cache.clear()
    board(Client(), game, game.read_token)
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    game = fresh(game)
    work = live._Keeping(game, live._stamp(game), {"fr": ("old", "old")}, others=True)
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "7R 7B")  # before the work ran
    work()
    kept = cache.get(f"parties:board:{game_key(game)}:fr")
    assert kept is None or kept[1] != "old"
    assert "Tom — 1/8 combinaisons" in board(Client(), game, game.read_token)


def test_a_reader_who_draws_the_board_keeps_it_for_the_next_one(draws):
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")  # outside a request:
    cache.clear()  # no board drawn
    board(Client(), game, game.read_token)
    board(Client(), game, game.edit_token)
    assert draws == ["fr"]


@pytest.mark.django_db(transaction=True)
def test_the_server_sends_the_answer_before_drawing_the_board_for_the_other_phones(
    live_server, monkeypatch
):
    """Under a real server: the work after an API write waits until the writer has read the
    whole answer — had the server done it first, the writer's read would time out."""
    game = party()
    cache.clear()
    board(Client(), game, game.read_token)  # a phone reads it: there is a board to draw
    answered, done = threading.Event(), threading.Event()
    keep = live._Keeping.__call__

    def after_the_writer_read_the_answer(self):
        assert answered.wait(10)
        keep(self)
        done.set()

    monkeypatch.setattr(live._Keeping, "__call__", after_the_writer_read_the_answer)
    request = urllib.request.Request(
        f"{live_server.url}/api/v1/parties/{game.edit_token}/claims",
        data=json.dumps({"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 (loopback)
        assert response.status == 201
        assert json.loads(response.read())["version"] == fresh(game).version
    answered.set()
    assert done.wait(10)
    assert "Léa — 1/8 combinaisons" in board(Client(), game, game.read_token)


def test_a_board_drawn_after_a_write_while_another_commits_is_not_kept_as_the_earlier_version(
    monkeypatch,
):
    """The worker draws the board in another language after the writer's answer; should
    another phone's write commit while it draws, what it drew may be that later sheet: it is
    not kept under the earlier version's stamp, which a phone that read that version would be
    served."""
    game = party()
    cache.clear()
    board(Client(), game, game.read_token, "/en")  # a phone reads it in English
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    read = live._stamp(fresh(game))  # the version a phone reads, and the worker draws
    draw = live.draw

    def another_phone_writes_meanwhile(*args, **kwargs):
        check_writes.add_claim(fresh(game), seat(game, 1).pk, "paire", "7R 7B")
        monkeypatch.setattr(live, "draw", draw)
        return draw(*args, **kwargs)

    monkeypatch.setattr(live, "draw", another_phone_writes_meanwhile)
    live._Keeping(fresh(game), read, others=True)()
    monkeypatch.setattr(live, "draw", draw)
    kept = cache.get(f"parties:board:{game_key(game)}:en")  # what that phone is served
    assert kept is None or kept[0] != read or "Tom — 0/8 combinations" in kept[2]
