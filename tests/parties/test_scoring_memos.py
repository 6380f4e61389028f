"""The boards stay exact while the engines remember their answers (docs/architecture.md,
« Nothing is computed twice that did not change »): after a correction, an undo, a rename or a
neighbour's grid, the board is the one scored afresh from what is stored."""

from __future__ import annotations

import pytest

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.board import board
from calculators.parties.models import Claim
from tests.factories import fresh, party, seat

pytestmark = pytest.mark.django_db


def totals(game) -> list[int]:
    return [row.total for row in board(fresh(game)).rows]


def test_num5_board_follows_a_corrected_round_and_its_undo():
    game = party("num5", 3, rounds=[["10R", "27", "0"], ["3", "5", "7"]])
    assert totals(game) == [13, 32, 7]
    num5_writes.edit_round(game, 1, {seat(game, 0).pk: "10R 4S"})
    assert totals(game) == [9, 32, 7]
    services.undo(game)
    assert totals(game) == [13, 32, 7]
    # the same cells in another game, other names: its own players
    other = party("num5", ["Ada", "Bea", "Cy"], rounds=[["10R", "27", "0"], ["3", "5", "7"]])
    assert [r.player.name for r in board(fresh(other)).rows] == ["Ada", "Bea", "Cy"]
    assert board(fresh(other)).extra["result"].points == {"Ada": 13, "Bea": 32, "Cy": 7}


def test_num_draft_board_follows_a_neighbours_grid():
    game = party("num_draft", 3, grids={0: ["", "1R", "2R"], 2: ["3R"]})
    before = totals(game)
    draft_writes.set_grid(game, seat(game, 2).pk, ["3B"] + [""] * 8)
    after = totals(game)
    assert after[0] < before[0]  # Léa's right neighbour's red no longer joins her reds
    services.undo(game)
    assert totals(game) == before


def test_num_check_board_follows_a_rename_and_a_corrected_claim():
    game = party("num_check", 2, claims={0: [("paire", "5R 5B")], 1: [("paire", "5R 5B")]})
    first = board(fresh(game))
    assert first.rows[0].total == first.rows[1].total
    services.rename(game, seat(game, 0).pk, "Ada")
    renamed = board(fresh(game))
    assert [r.player.name for r in renamed.rows] == ["Ada", "Tom"]
    claim = Claim.objects.get(player=seat(game, 1))
    check_writes.edit_claim(game, claim.pk, "paire", "9R 9B")
    corrected = board(fresh(game))
    assert corrected.rows[1].total != corrected.rows[0].total
    assert corrected.rows[1].detail[0][0].cards == "9R 9B"


def test_num_check_board_after_a_claim_scores_no_sheet_the_write_checked(monkeypatch):
    """The write scores the player's sheet with the new claim to check it; the board that
    follows finds that very sheet remembered (the same input, whatever field an error would
    have named) and scores nothing again."""
    from calculators.engines import numcheck

    game = party("num_check", ["Léa", "Tom"])
    board(fresh(game))  # every sheet as it was, remembered
    scored = []
    score = numcheck._player_sheet

    def counted(name, *rest):
        scored.append(name)
        return score(name, *rest)

    monkeypatch.setattr(numcheck, "_player_sheet", counted)
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "13R 13B")
    assert scored == ["Tom"]  # the write's check
    rows = {r.player.name: r.total for r in board(fresh(game)).rows}
    assert scored == ["Tom"] and rows["Tom"] > 0 == rows["Léa"]
