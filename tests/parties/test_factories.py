"""The parties tests/factories.py makes: through the services, one write each, as at a table."""

import pytest

from tests.factories import NAMES, by_seat, names, party, seat

pytestmark = pytest.mark.django_db


def actions(game):
    return list(game.history.order_by("version").values_list("action", flat=True))


def test_a_party_of_n_players_in_the_games_first_mode():
    game = party("num-5", 4)
    assert game.kind == "num5" and game.mode == "normal" and not game.finished
    assert [p.name for p in game.players.order_by("seat")] == ["Léa", "Tom", "Zoé", "Max"]
    assert actions(game) == ["create"]
    draft = party("num_draft", ["A", "B"], mode="Découverte", values="0-16")
    assert (draft.mode, draft.values) == ("discovery", "0-16")


def test_claims_are_written_round_by_round_at_each_players_next_rank():
    first, second = ("paire", "5R 5B"), ("brelan", "7R 7B 7J")
    game = party("num_check", 2, claims={0: [first, second], 1: [("full", "2R 2B 2J 3V 3A")]})
    lea, tom = seat(game, 0), seat(game, 1)
    paire, brelan = lea.claims.order_by("position")
    full = tom.claims.get()
    assert [(c.position, c.combo) for c in (paire, brelan, full)] == [
        (1, "paire"),
        (2, "brelan"),
        (1, "full"),
    ]
    assert paire.pk < full.pk < brelan.pk  # Tom's first claim before Léa's second
    assert actions(game) == ["create", "claim_add", "claim_add", "claim_add"]


def test_grids_rounds_turns_and_the_end():
    draft = party("num_draft", 3, grids={1: ["1R", "2R", "3R"]})
    assert seat(draft, 1).grid == ["1R", "2R", "3R", *[""] * 6] and not seat(draft, 0).grid
    num5 = party("num5", 3, rounds=[["10R", "27", "0"]], turns=[["9R", "9B", "2V"]], finished=True)
    assert num5.rounds.count() == 1 and len(num5.turns) == 1 and num5.finished
    assert actions(num5) == ["create", "round_add", "turn", "finish"]


def test_the_helpers_refuse_what_no_table_is():
    assert names(2) == ["Léa", "Tom"] and len(names(len(NAMES))) == len(NAMES)
    for count in (0, len(NAMES) + 1):
        with pytest.raises(ValueError):
            names(count)
    with pytest.raises(ValueError, match="3 players, 2 cells"):
        by_seat(party("num5"), ["1R", "2R"])
