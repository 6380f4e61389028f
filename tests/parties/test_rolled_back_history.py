"""A write rolled back after its answer was drawn (a write sent with an Idempotency-Key stores
its answer in the same transaction) leaves lines in the per-process history caches. SQLite
gives the next write the same entry id and the same version: its history must be its own."""

import pytest
from django.db import transaction
from django.test import Client

from calculators.games.num_check.party import writes as check_writes
from calculators.parties.board import history, history_json
from tests.factories import fresh, party, seat

from .test_board_cache import board

pytestmark = pytest.mark.django_db


def _rolled_back_then_written():
    game = party()
    with pytest.raises(RuntimeError), transaction.atomic():
        check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
        board(Client(), game)  # the answer's board: its history line kept
        history_json(fresh(game))  # the API's answer: its summary kept
        raise RuntimeError("storing the remembered answer failed")
    game = fresh(game)
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "7R 7B")
    return fresh(game)


def test_the_history_of_a_write_is_never_a_rolled_back_writes():
    game = _rolled_back_then_written()
    assert history(game)[0].summary_html.startswith("Tom")
    drawn = board(Client(), game)
    assert "Dernière écriture\u202f: Tom" in drawn and "Léa : Paire" not in drawn


def test_the_api_history_of_a_write_is_never_a_rolled_back_writes():
    game = _rolled_back_then_written()
    assert history_json(game)[0]["summary"].startswith("Tom")
