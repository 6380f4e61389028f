"""A claim, a grid or a round written keeps on the game the sheet its write read under the lock
and changed (``services.remember``): the board of that version, drawn right after it for the
writer's answer, is drawn from it instead of the database. It must be the board the database
gives, and only for that very version."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from calculators.engines.cards import InputError
from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.board import Board, board
from tests.factories import by_seat, fresh, party, seat

pytestmark = pytest.mark.django_db


def shown(drawn: Board) -> list[tuple[object, ...]]:
    """Everything a board shows of each player: who, their grid, points, title, place, wins and
    the engine's detail (claims with their scores, a grid's table, rounds won)."""
    return [
        (
            r.player.pk,
            r.player.name,
            r.player.seat,
            list(r.player.grid or []),
            r.total,
            r.title,
            r.position,
            r.wins,
            repr(r.detail),
        )
        for r in drawn.rows
    ] + [(drawn.finished, drawn.winners, drawn.note, repr(drawn.extra))]


def a_claim():
    game = party("num_check", 3, claims={0: [("paire", "5R 5B")], 1: [("brelan", "2R 2B 2J")]})
    check_writes.add_claim(game, seat(game, 0).pk, "brelan", "7R 7B 7J")
    return game


def a_grid():
    game = party("num_draft", 3, grids={0: ["1R", "2R"], 1: ["3B"]})
    draft_writes.set_grid(game, seat(game, 1).pk, ["4B", "5B", "6B", "", "", "", "", "", ""])
    return game


def a_round():
    game = party("num5", 3, rounds=[["10R", "27", "0"]])
    num5_writes.add_round(game, by_seat(game, ["3", "5 - 2", "12R 3B"]))
    return game


WRITES = [a_claim, a_grid, a_round]


@pytest.mark.parametrize("write", WRITES)
def test_the_board_of_a_write_is_the_board_the_database_gives(write):
    game = write()
    assert services.written(game) is not None
    with CaptureQueriesContext(connection) as kept:
        from_the_write = board(game)
    with CaptureQueriesContext(connection) as read:
        from_the_database = board(fresh(game))
    assert shown(from_the_write) == shown(from_the_database)
    assert len(kept.captured_queries) < len(read.captured_queries)  # the sheet is not read again


@pytest.mark.parametrize("write", WRITES)
def test_the_kept_sheet_is_only_for_the_version_its_write_made(write):
    game = write()
    services.rename(game, seat(game, 2).pk, "Ève")  # another write through the same instance
    assert services.written(game) is None
    assert "Ève" in [r.player.name for r in board(game).rows]


@pytest.mark.parametrize("write", WRITES)
def test_a_game_read_again_after_another_write_forgets_the_kept_sheet(write):
    game = write()
    services.rename(fresh(game), seat(game, 2).pk, "Ève")  # another phone's write
    game.refresh_from_db()
    assert services.written(game) is None
    assert "Ève" in [r.player.name for r in board(game).rows]


def test_a_refused_write_leaves_the_board_of_the_version_before():
    game = a_claim()
    with pytest.raises(InputError):
        check_writes.add_claim(game, seat(game, 0).pk, "paire", "7R 7B")  # made already
    assert shown(board(game)) == shown(board(fresh(game)))
