"""The statistics, computed by the engines from the stored parties: each figure against what
the game's own board says, and the English pages."""

import pytest
from django.utils import translation

from calculators.engines import numcheck
from calculators.games.num_check.party import stats as check_stats
from calculators.parties.board import board
from calculators.tablees import services, stats
from tests.i18n.test_english_pages import assert_english

from .conftest import play

pytestmark = pytest.mark.django_db

NAMES = ["Léa", "Tom", "Zoé"]


@pytest.fixture
def tablee():
    return services.create("Les jeudis", NAMES)


def mine(data, name, game):
    return next(p for p in data["stats"]["players"] if p["name"] == name)["games"][game]


def test_rank_totals_reference_et_rang_kept_at_best_rank():
    """/num-check/regles/#reference-et-rang: a combination's points at each rank; it is « kept
    for its best rank » when the rank it was made at paid as much as any other."""
    totals = check_stats.rank_totals("full", "7R 7B 7J 3V 3A")
    assert totals == tuple(numcheck.score("full", "7R 7B 7J 3V 3A", r).total for r in range(1, 9))
    best = max(totals)
    assert check_stats.kept_at_best("full", "7R 7B 7J 3V 3A", totals.index(best) + 1)
    worst = totals.index(min(totals)) + 1
    assert min(totals) == best or not check_stats.kept_at_best("full", "7R 7B 7J 3V 3A", worst)
    assert not check_stats.kept_at_best("full", "not cards", 1)  # never a crash on a bad row


def test_num_check_board_matches_the_games_own_board(tablee):
    """/num-check/regles/#arbitrage-fin-de-partie: the statistics' NUM CHECK board (claims read
    in bulk) says what the party's own board says: totals, titles, positions, winners."""
    game = play(
        tablee, "num_check", NAMES,
        claims={0: [("full", "7R 7B 7J 3V 3A")], 1: [("paire", "5R 5B"), ("brelan", "9R 9B 9J")]},
    )  # fmt: skip
    own = board(game)
    [result] = stats.results(tablee, list(tablee.members.all()))
    assert result.winners == own.winners and result.finished
    assert [(s.name, s.total, s.title, s.position) for s in result.seats] == [
        (r.player.name, r.total, r.title, r.position) for r in own.rows
    ]
    data = stats.compute(tablee)
    tom = mine(data, "Tom", "num-check")
    assert tom["combos"] == {"paire": 1, "brelan": 1} and tom["ranks"] == {
        "paire": {1: 1},
        "brelan": {2: 1},
    }
    assert set(tom["kept_at_best_rank"]) <= {"paire", "brelan"}
    assert tom["titles"] == {own.rows[1].title: 1}


def test_num_draft_neighbour_share_is_the_points_on_the_neighbours_columns(tablee):
    """/num-draft/regles/#arbitrage-voisins: a pool holds the neighbours' columns; the share of
    points scored there over all the player's points."""
    game = play(tablee, "num_draft", ["Léa", "Tom"], grids={0: ["3R", "3B", "3J"], 1: ["3V", "5R"]})
    own = board(game)
    lea = own.rows[0].detail.result
    on_neighbours = sum(v for (x, _), v in lea.place_points.items() if x in (-1, 3))
    data = mine(stats.compute(tablee), "Léa", "num-draft")
    assert data["neighbour_points"] == on_neighbours
    assert data["neighbour_share"] == round(on_neighbours / lea.total, 3)
    assert data["average"] == lea.total


def test_num5_rounds_won_and_negative_points_taken(tablee):
    """/num-5/regles/#arbitrage-trois-manches: rounds won and the minus points of every round."""
    play(tablee, "num5", NAMES, rounds=[["31 - 4", "5", "0"], ["0 - 7", "12", "3"]])
    data = stats.compute(tablee)
    assert mine(data, "Léa", "num5")["minus"] == 11
    assert mine(data, "Léa", "num5")["rounds_won"] == 1
    assert mine(data, "Tom", "num5")["rounds_won"] == 1


def test_a_player_renamed_in_the_party_still_counts_for_their_member(tablee):
    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    from calculators.parties import services as party_services

    party_services.reopen(game)
    party_services.rename(game, game.players.get(seat=2).pk, "Invité")
    party_services.finish(game)
    data = stats.compute(tablee)
    assert "num5" in next(p for p in data["stats"]["players"] if p["name"] == "Zoé")["games"]
    assert [p["name"] for p in data["stats"]["players"]] == NAMES  # no guest member


def test_histogram_bins_every_score_once():
    bins = stats._histogram([0, 3, 7, 7, 12, 40])
    assert sum(b["count"] for b in bins) == 6 and bins[0]["low"] == 0 and bins[-1]["high"] >= 40
    assert stats._histogram([]) == [] and stats._histogram([5]) == [
        {"low": 5, "high": 5, "count": 1}
    ]


def test_english_tablee_pages_have_no_french_word(client):
    tablee = services.create("Thursdays", NAMES)
    play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    play(tablee, "num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    with translation.override("en"):
        for name, url in (
            ("new", "/en/tablees/nouvelle/"),
            ("edit", f"/en/tablees/{tablee.edit_token}/"),
            ("read", f"/en/tablees/{tablee.read_token}/"),
        ):
            assert_english(client.get(url), name)


def test_a_party_the_game_clock_ended_counts_as_finished_as_its_board_says(tablee):
    """/num-check/regles/#arbitrage-horloge: a NUM CHECK party ended by its last deck turn,
    without « Terminer », is finished for the statistics (and the ratings) as for its own
    board and writes (``services.finished``); reopened, it no longer counts."""
    from calculators.games.num_check.party import writes as check_writes
    from calculators.parties import services as party_services
    from tests.factories import fresh

    game = play(
        tablee, "num_check", ["Léa", "Tom"], mode="classic",
        claims={0: [("full", "7R 7B 7J 3V 3A")]}, finished=False,
    )  # fmt: skip
    [result] = stats.results(tablee, list(tablee.members.all()))
    assert not result.finished and not party_services.finished(fresh(game))
    check_writes.add_deck_turn(fresh(game))
    check_writes.add_deck_turn(fresh(game))
    assert party_services.finished(fresh(game)) and not fresh(game).finished
    [result] = stats.results(tablee, list(tablee.members.all()))
    assert result.finished and result.winners == ("Léa",)
    assert mine(stats.compute(tablee), "Léa", "num-check")["wins"] == 1
    party_services.reopen(fresh(game))
    [result] = stats.results(tablee, list(tablee.members.all()))
    assert not result.finished and not party_services.finished(fresh(game))
