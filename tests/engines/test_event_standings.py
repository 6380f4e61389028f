"""An event's standings (calculators/engines/event_standings.py, docs/events.md « Classement »):
one test per rule, hypothesis properties over random events, and a brute force that checks the
tie-breaks are applied one after the other."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines.cards import InputError
from calculators.engines.event_standings import (
    Line,
    RoundLine,
    TableResult,
    rank_points,
    standings,
)
from calculators.engines.i18n import use_language

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_cited_by_the_engine_is_a_paragraph_of_the_docs_and_back():
    """The engine cites docs/events.md#classement-…; docs/events.md « Classement » holds
    each anchor, and every anchor of that section is cited by the engine."""
    code = (ROOT / "calculators/engines/event_standings.py").read_text(encoding="utf-8")
    docs = (ROOT / "docs/events.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"docs/events.md#(classement-[a-z-]+)", code))
    section = docs[docs.index("\n## Classement\n") :]
    anchors = set(re.findall(r"\{#(classement-[a-z-]+)\}", section))
    assert cited == anchors
    assert len(anchors) == 9


def test_a_line_as_json_has_the_shape_docs_api_shows():
    """The example of docs/api.md « Standings (events) », its « … » dropped, has the keys of
    :meth:`Line.as_json` and of each round's."""
    docs = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    section = docs[docs.index("## Standings (events)") :]
    example = section[
        section.index("```json") + 7 : section.index("```", section.index("```json") + 7)
    ]
    shown = json.loads(re.sub(r",\s*…", "", example))
    results = [TableResult(1, 2, ("Léa", "Tom"), (1, 2), (212, 80))]
    line = standings(["Léa", "Tom", "Zoé"], 2, results, byes={2: ["Léa", "Tom"]})[0]
    answer: dict[str, Any] = line.as_json()  # as JSON reads it
    assert list(answer) == list(shown)
    assert [list(r) for r in answer["rounds"]] == [list(r) for r in shown["rounds"]]
    assert json.loads(json.dumps(answer)) == answer
    assert answer["rounds"][0]["points"] == 212 and answer["rounds"][1]["bye"] is True


def by_name(lines: Sequence[Line]) -> dict[str, Line]:
    return {line.name: line for line in lines}


def order(lines: Sequence[Line]) -> list[tuple[int, str]]:
    return [(line.position, line.name) for line in lines]


# --- Rank points (#classement-points-de-rang, #classement-egalites) ------------------------


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (2, [1, 0]),
        (3, [1, Fraction(1, 2), 0]),
        (4, [1, Fraction(2, 3), Fraction(1, 3), 0]),
        (5, [1, Fraction(3, 4), Fraction(1, 2), Fraction(1, 4), 0]),
        (6, [1, Fraction(4, 5), Fraction(3, 5), Fraction(2, 5), Fraction(1, 5), 0]),
    ],
)
def test_rank_points_place_k_of_n_gets_n_minus_k_over_n_minus_1(size, expected):
    places = list(range(1, size + 1))
    assert [rank_points(k, size, places) for k in places] == pytest.approx(
        [float(e) for e in expected], abs=1e-12
    )


def test_ties_share_the_mean_of_the_places_they_occupy():
    # Two tied 2nd of 4 hold places 2 and 3: the mean of 2/3 and 1/3.
    assert rank_points(2, 4, [1, 2, 2, 4]) == pytest.approx(0.5)
    assert rank_points(1, 4, [1, 2, 2, 4]) == 1
    assert rank_points(4, 4, [1, 2, 2, 4]) == 0
    # Two tied first of 3: the mean of 1 and 1/2; three tied of 3 share 1/2 each.
    assert rank_points(1, 3, [1, 1, 3]) == pytest.approx(0.75)
    assert rank_points(1, 3, [1, 1, 1]) == pytest.approx(0.5)
    # Three tied last of 5 hold places 3, 4, 5: the mean of 1/2, 1/4, 0.
    assert rank_points(3, 5, [1, 2, 3, 3, 3]) == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("place", "size", "places"),
    [(1, 1, [1]), (1, 3, [1, 2]), (2, 3, [1, 3, 3]), (1, 3, [2, 2, 3]), (3, 3, [1, 1, 1])],
)
def test_rank_points_refuse_places_that_are_not_a_table(place, size, places):
    with pytest.raises(InputError):
        rank_points(place, size, places)


@given(st.lists(st.integers(0, 5), min_size=2, max_size=10))
def test_the_rank_points_of_a_table_of_n_sum_to_n_over_2(scores):
    places = [1 + sum(other > mine for other in scores) for mine in scores]
    total = sum(rank_points(p, len(places), places) for p in places)
    assert total == pytest.approx(len(places) / 2, abs=1e-9)


# --- Wins (#classement-victoires) -------------------------------------------------------------


def test_a_win_is_a_first_place_and_a_shared_first_place_splits_it():
    results = [
        TableResult(1, 1, ("Léa", "Tom", "Zoé"), (1, 2, 3), (30, 20, 10)),
        TableResult(2, 1, ("Léa", "Tom", "Zoé"), (1, 1, 3), (30, 30, 10)),
    ]
    lines = by_name(standings(["Léa", "Tom", "Zoé"], 2, results))
    assert lines["Léa"].wins == 1.5
    assert lines["Tom"].wins == 0.5
    assert lines["Zoé"].wins == 0
    assert [r.wins for r in lines["Tom"].rounds] == [0, 0.5]


# --- Tie-breaks in order ----------------------------------------------------------------------


def test_rank_points_come_first():
    results = [
        TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), (1, 0, 0)),
        TableResult(2, 1, ("A", "B", "C"), (2, 1, 3), (1, 2, 0)),
    ]
    # A: 1 + 1/2; B: 1/2 + 1; C: 0. A and B tie on rank points and wins (1 each), everyone
    # met the same opponents, and the points decide: A 1, 0 against B 0, 2 at tables of span 1, 2.
    lines = standings(["A", "B", "C"], 2, results)
    assert [line.rank_points for line in lines] == [1.5, 1.5, 0]
    assert [line.name for line in lines] == ["A", "B", "C"]
    assert lines[0].relative_points == pytest.approx(2 / 3)


def test_tie_break_1_wins_decide_equal_rank_points():
    # A: first then last (1 + 0); B: second twice (1/2 + 1/2): equal rank points, A has a win.
    results = [
        TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), None),
        TableResult(2, 1, ("A", "B", "C"), (3, 2, 1), None),
    ]
    lines = by_name(standings(["A", "B", "C"], 2, results))
    assert lines["A"].rank_points == lines["B"].rank_points == 1
    assert (lines["A"].wins, lines["B"].wins) == (1, 0)
    assert lines["A"].position < lines["B"].position


def test_tie_break_1_wins_outweigh_the_opponents():
    # A wins once and comes last once; B is 2nd twice, against stronger players.
    results = [
        TableResult(1, 1, ("A", "W1", "W2"), (1, 2, 3), None),
        TableResult(1, 2, ("B", "S1", "S2"), (2, 1, 3), None),
        TableResult(2, 1, ("A", "W1", "W2"), (3, 1, 2), None),
        TableResult(2, 2, ("B", "X", "Y"), (2, 1, 3), None),
        TableResult(2, 3, ("S1", "S2", "W3"), (1, 2, 3), None),
    ]
    names = ["A", "B", "W1", "W2", "W3", "S1", "S2", "X", "Y"]
    lines = by_name(standings(names, 2, results))
    # A met W1 (3/4) and W2 (1/4) twice: 1/2; B met S1 (1), S2 (1/4), X (1), Y (0): 9/16.
    assert (lines["A"].opponents, lines["B"].opponents) == (0.5, 0.5625)
    assert lines["A"].rank_points == lines["B"].rank_points == 1
    assert lines["A"].opponents < lines["B"].opponents
    assert lines["A"].position < lines["B"].position


def test_tie_break_2_the_opponents_average_decides_equal_wins():
    # A and B each win one table of 3 and come last at another; A's opponents scored more.
    results = [
        TableResult(1, 1, ("A", "S1", "X"), (1, 2, 3), (9, 5, 0)),
        TableResult(1, 2, ("B", "W1", "Y"), (1, 2, 3), (9, 5, 0)),
        TableResult(2, 1, ("A", "S1", "Y"), (3, 1, 2), (0, 9, 5)),
        TableResult(2, 2, ("B", "W1", "X"), (3, 2, 1), (0, 5, 9)),
    ]
    lines = by_name(standings(["A", "B", "S1", "W1", "X", "Y"], 2, results))
    a, b = lines["A"], lines["B"]
    assert (a.rank_points, a.wins, a.relative_points) == (b.rank_points, b.wins, b.relative_points)
    # A met S1 twice (1/2 + 1), X and Y; B met W1 twice (1/2 + 1/2), X and Y.
    assert a.opponents > b.opponents
    assert a.position < b.position


def test_tie_break_2_the_opponents_outweigh_the_relative_points():
    results = [
        TableResult(1, 1, ("A", "S1", "X"), (1, 2, 3), (6, 5, 0)),
        TableResult(1, 2, ("B", "W1", "Y"), (1, 2, 3), (90, 5, 0)),
        TableResult(2, 1, ("A", "S1", "Y"), (3, 1, 2), (0, 9, 5)),
        TableResult(2, 2, ("B", "W1", "X"), (3, 2, 1), (0, 5, 9)),
    ]
    lines = by_name(standings(["A", "B", "S1", "W1", "X", "Y"], 2, results))
    assert lines["A"].relative_points < lines["B"].relative_points
    assert lines["A"].opponents > lines["B"].opponents
    assert lines["A"].position < lines["B"].position


def test_tie_break_3_relative_points_decide_the_rest():
    # Mirror tables: same places, same opponents' strength; A won by more of the table's span.
    results = [
        TableResult(1, 1, ("A", "X", "Z"), (1, 2, 3), (10, 1, 0)),
        TableResult(1, 2, ("B", "Y", "W"), (1, 2, 3), (10, 9, 0)),
    ]
    lines = by_name(standings(["A", "B", "W", "X", "Y", "Z"], 1, results))
    a, b = lines["A"], lines["B"]
    assert (a.rank_points, a.wins, a.opponents) == (b.rank_points, b.wins, b.opponents)
    # A: (10 − 11/3)/10 = 19/30; B: (10 − 19/3)/10 = 11/30.
    assert a.relative_points == pytest.approx(19 / 30)
    assert b.relative_points == pytest.approx(11 / 30)
    assert a.position == 1 and b.position == 2


def test_players_tied_on_every_criterion_share_a_position_listed_by_name():
    results = [
        TableResult(1, 1, ("zoé", "Max"), (1, 2), (5, 0)),
        TableResult(1, 2, ("Léa", "ana"), (1, 2), (5, 0)),
    ]
    lines = standings(["zoé", "Max", "Léa", "ana"], 1, results)
    assert order(lines) == [(1, "Léa"), (1, "zoé"), (3, "ana"), (3, "Max")]


# --- Relative points (#classement-points-relatifs) --------------------------------------------


def test_relative_points_are_the_distance_to_the_table_mean_over_its_spread():
    results = [
        TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), (120, 60, 0)),
        TableResult(1, 2, ("D", "E", "F", "G", "H"), (1, 2, 3, 4, 5), (12, 9, 6, 3, 0)),
    ]
    lines = by_name(standings(list("ABCDEFGH"), 1, results))
    # Tables of 3 and 5 in very different units compare: each best is half a span above its mean.
    assert lines["A"].relative_points == pytest.approx(0.5)
    assert lines["D"].relative_points == pytest.approx(0.5)
    assert lines["B"].relative_points == lines["F"].relative_points == 0
    assert sum(lines[n].relative_points for n in "DEFGH") == pytest.approx(0)


def test_relative_points_follow_the_places_when_fewer_points_is_better():
    results = [TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), (2, 5, 11), higher_better=False)]
    lines = by_name(standings(["A", "B", "C"], 1, results))
    assert lines["A"].relative_points > lines["B"].relative_points > lines["C"].relative_points


def test_num_5_negative_totals_keep_higher_is_better():
    results = [TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), (-3, -10, -17))]
    lines = by_name(standings(["A", "B", "C"], 1, results))
    assert lines["A"].relative_points == pytest.approx(0.5)
    assert lines["C"].relative_points == pytest.approx(-0.5)


def test_a_table_without_points_or_all_equal_gives_no_relative_points():
    results = [
        TableResult(1, 1, ("A", "B"), (1, 2), None),
        TableResult(1, 2, ("C", "D"), (1, 1), (7, 7)),
    ]
    lines = standings(["A", "B", "C", "D"], 1, results)
    assert {line.relative_points for line in lines} == {0}
    assert by_name(lines)["A"].rounds[0].points is None


# --- Byes, late arrivals, players who drop out -------------------------------------------------


def test_a_bye_gives_the_mean_rank_points_no_win_and_no_opponent():
    results = [TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), (3, 2, 1))]
    lines = by_name(standings(["A", "B", "C", "D"], 1, results, byes={1: ["d"]}))
    d = lines["D"]
    assert (d.rank_points, d.wins, d.opponents, d.relative_points, d.played) == (0.5, 0, 0, 0, 0)
    assert d.rounds[0].bye and not d.rounds[0].absent
    assert d.rounds[0].table is None
    # A bye ranks as the middle of a table: level with the second of three.
    assert d.rank_points == lines["B"].rank_points
    # And it is not counted as a table met by anyone.
    assert lines["A"].opponents == pytest.approx((0.5 + 0) / 2)


def test_a_late_arrival_scores_nothing_for_the_rounds_missed():
    results = [
        TableResult(1, 1, ("A", "B"), (1, 2), None),
        TableResult(2, 1, ("A", "B"), (2, 1), None),
        TableResult(2, 2, ("C", "D"), (1, 2), None),
    ]
    lines = by_name(standings(["A", "B", "C", "D"], 2, results, joined={"C": 2, "D": 2}))
    c = lines["C"]
    assert c.joined == 2 and c.played == 1
    assert c.rounds[0].absent and c.rounds[0].rank_points == 0
    assert c.rank_points == 1
    assert c.rank_points < lines["A"].rank_points + 0.5


def test_a_late_arrival_cannot_play_before_joining():
    results = [TableResult(1, 1, ("A", "C"), (1, 2), None)]
    with pytest.raises(InputError) as raised:
        standings(["A", "C"], 1, results, joined={"C": 2})
    assert raised.value.field == "results"
    assert "C n’est pas présent" in raised.value.message


def test_a_dropped_player_keeps_their_results_and_their_line():
    results = [
        TableResult(1, 1, ("A", "B", "C"), (1, 2, 3), None),
        TableResult(2, 1, ("B", "C"), (1, 2), None),
    ]
    lines = by_name(standings(["A", "B", "C"], 2, results, dropped={"a": 1}))
    a = lines["A"]
    assert a.dropped == 1 and a.rank_points == 1 and a.wins == 1
    assert a.rounds[1].absent
    assert lines["C"].dropped is None
    # Their opponents still count the rounds they played against them.
    assert lines["B"].opponents == pytest.approx((1 + 0 + 0) / 3)


def test_a_dropped_player_cannot_play_or_sit_out_afterwards():
    results = [TableResult(2, 1, ("A", "B"), (1, 2), None)]
    with pytest.raises(InputError):
        standings(["A", "B"], 2, results, dropped={"A": 1})
    with pytest.raises(InputError) as raised:
        standings(["A", "B"], 2, [], byes={2: ["A"]}, dropped={"A": 1})
    assert raised.value.field == "byes"
    with pytest.raises(InputError) as raised:
        standings(["A", "B"], 2, [], joined={"A": 3}, dropped={"A": 1})
    assert raised.value.field == "dropped"


def test_a_round_without_a_result_is_an_absence():
    lines = by_name(standings(["A", "B", "C"], 1, [TableResult(1, 1, ("A", "B"), (1, 2), None)]))
    assert lines["C"].rounds[0].absent and lines["C"].rank_points == 0


# --- Bad input: a field and a French message, never a crash --------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": ["Léa", "LÉA"]}, "players"),
        ({"players": ["Léa", " "]}, "players"),
        ({"results": [TableResult(1, 1, ("Léa", "Bob"), (1, 2), None)]}, "results"),
        ({"results": [TableResult(3, 1, ("Léa", "Tom"), (1, 2), None)]}, "results"),
        ({"results": [TableResult(1, 1, ("Léa",), (1,), None)]}, "results"),
        ({"results": [TableResult(1, 1, ("Léa", "Tom"), (1, 3), None)]}, "results"),
        ({"results": [TableResult(1, 1, ("Léa", "Tom"), (1, 2), (1,))]}, "results"),
        ({"results": [TableResult(1, 1, ("Léa", "léa"), (1, 2), None)]}, "results"),
        (
            {
                "results": [
                    TableResult(1, 1, ("Léa", "Tom"), (1, 2), None),
                    TableResult(1, 2, ("Zoé", "tom"), (1, 2), None),
                ]
            },
            "results",
        ),
        (
            {"byes": {1: ["Léa"]}, "results": [TableResult(1, 1, ("Léa", "Tom"), (1, 2), None)]},
            "byes",
        ),
        ({"byes": {2: ["Léa"]}}, "byes"),
        ({"byes": {True: ["Léa"]}}, "byes"),
        ({"results": [TableResult(1, 0, ("Léa", "Tom"), (1, 2), None)]}, "results"),
        ({"results": [TableResult(1, 1, ("Léa", "Tom"), (1.0, 2), None)]}, "results"),  # type: ignore[arg-type]
        ({"results": [TableResult(1, 1, ("Léa", "Tom"), (1, 2), (3, "2"))]}, "results"),  # type: ignore[arg-type]
        (
            {
                "results": [
                    TableResult(1, 1, ("Léa", "Tom"), (1, 2), None),
                    TableResult(1, 1, ("Zoé", "Max"), (1, 2), None),
                ],
                "players": ["Léa", "Tom", "Zoé", "Max"],
            },
            "results",
        ),
        ({"byes": {1: ["Bob"]}}, "byes"),
        ({"joined": {"Léa": 0}}, "joined"),
        ({"dropped": {"Bob": 1}}, "dropped"),
        ({"rounds": -1}, "rounds"),
    ],
)
def test_bad_input_names_its_field(kwargs, field):
    arguments = {"players": ["Léa", "Tom", "Zoé"], "rounds": 1, "results": [], **kwargs}
    with pytest.raises(InputError) as raised:
        standings(**arguments)
    assert raised.value.field == field
    assert raised.value.message


def test_a_table_number_twice_in_a_round_is_refused_with_its_place():
    results = [
        TableResult(1, 2, ("Léa", "Tom"), (1, 2), None),
        TableResult(1, 2, ("Zoé", "Max"), (1, 2), None),
    ]
    with pytest.raises(InputError) as raised:
        standings(["Léa", "Tom", "Zoé", "Max"], 1, results)
    assert raised.value.message == "Manche 1, table 2 : cette table figure deux fois."


def test_messages_are_translated_under_english():
    with use_language("en"), pytest.raises(InputError) as raised:
        standings(["Léa"], 1, [TableResult(1, 1, ("Léa", "Bob"), (1, 2), None)])
    assert raised.value.message == "“Bob” is not a player of the event."


# --- Properties over random events -----------------------------------------------------------

NAMES = ["Léa", "Tom", "Zoé", "Max", "ana", "Bob", "Ève", "Ian", "kim", "Noé", "léo"]


@st.composite
def events(draw, most_players: int = 9, most_rounds: int = 3):
    """Random events: each round cuts the players present into tables of 2 to 5 (one left over
    sits out), places from random scores (ties included), points those scores or none."""
    count = draw(st.integers(2, most_players))
    names = draw(
        st.lists(st.sampled_from(NAMES), min_size=count, max_size=count, unique_by=str.casefold)
    )
    rounds = draw(st.integers(1, most_rounds))
    joined = {n: draw(st.integers(1, rounds)) for n in names if draw(st.booleans()) and count > 3}
    dropped = {
        n: draw(st.integers(joined.get(n, 1), rounds))
        for n in names
        if draw(st.integers(0, 4)) == 0
    }
    results: list[TableResult] = []
    byes: dict[int, list[str]] = {}
    for number in range(1, rounds + 1):
        present = [
            n for n in names if joined.get(n, 1) <= number and number <= dropped.get(n, rounds)
        ]
        present = draw(st.permutations(present))
        table = 1
        while len(present) >= 2:
            size = draw(st.integers(2, min(5, len(present))))
            seated, present = present[:size], present[size:]
            scores = draw(st.lists(st.integers(-3, 3), min_size=size, max_size=size))
            places = tuple(1 + sum(o > s for o in scores) for s in scores)
            points = draw(
                st.sampled_from(
                    [
                        tuple(scores),
                        None,
                        tuple(draw(st.lists(st.integers(-9, 9), min_size=size, max_size=size))),
                    ]
                )
            )
            if draw(st.integers(0, 5)):  # now and then a table not entered yet
                results.append(TableResult(number, table, tuple(seated), places, points))
            table += 1
        if present:
            byes[number] = list(present)
    return names, rounds, results, byes, joined, dropped


@settings(max_examples=150, deadline=None)
@given(events())
def test_positions_are_a_competition_ranking(event):
    lines = standings(*event)
    assert lines[0].position == 1
    for index, (before, line) in enumerate(itertools.pairwise(lines), start=1):
        assert line.position in (before.position, index + 1)
    assert sorted(line.name for line in lines) == sorted(event[0])


@settings(max_examples=150, deadline=None)
@given(events(), st.randoms(use_true_random=False))
def test_permuting_the_tables_and_players_changes_nothing(event, rng: random.Random):
    names, rounds, results, byes, joined, dropped = event
    shuffled = list(results)
    rng.shuffle(shuffled)
    players = list(names)
    rng.shuffle(players)
    byes_again = {number: list(reversed(who)) for number, who in reversed(byes.items())}
    assert standings(players, rounds, shuffled, byes_again, joined, dropped) == standings(*event)


@settings(max_examples=150, deadline=None)
@given(events())
def test_more_rank_points_is_never_below_fewer(event):
    lines = standings(*event)
    for above, below in itertools.combinations(lines, 2):
        assert above.rank_points >= below.rank_points
        if above.rank_points > below.rank_points:
            assert above.position < below.position


@settings(max_examples=100, deadline=None)
@given(events())
def test_each_line_adds_up_its_rounds(event):
    for line in standings(*event):
        assert line.rank_points == pytest.approx(sum(r.rank_points for r in line.rounds))
        assert line.wins == pytest.approx(sum(r.wins for r in line.rounds))
        assert line.played == sum(1 for r in line.rounds if not r.bye and not r.absent)


def tables_of(lines: Sequence[Line]) -> dict[tuple[int, int], list[RoundLine]]:
    tables: dict[tuple[int, int], list[RoundLine]] = {}
    for line in lines:
        for entry in line.rounds:
            if entry.table is not None:
                tables.setdefault((entry.round, entry.table), []).append(entry)
    return tables


@settings(max_examples=100, deadline=None)
@given(events())
def test_a_table_hands_out_n_over_2_rank_points_one_win_and_zero_relative_points(event):
    for seated in tables_of(standings(*event)).values():
        assert sum(e.rank_points for e in seated) == pytest.approx(len(seated) / 2)
        assert sum(e.wins for e in seated) == pytest.approx(1)
        assert sum(e.relative_points for e in seated) == pytest.approx(0, abs=1e-9)
        assert all(-1 <= e.relative_points <= 1 for e in seated)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=6), st.booleans())
def test_relative_points_follow_the_places_in_either_direction(points, higher_better):
    """Places from the points in the game's direction: a better place never has fewer
    relative points, and a strictly better one has more."""
    ahead = [p if higher_better else -p for p in points]
    places = tuple(1 + sum(o > mine for o in ahead) for mine in ahead)
    names = tuple(NAMES[: len(points)])
    result = TableResult(1, 1, names, places, tuple(points), higher_better)
    lines = by_name(standings(list(names), 1, [result]))
    for a, b in itertools.permutations(range(len(points)), 2):
        if places[a] < places[b]:
            assert lines[names[a]].relative_points > lines[names[b]].relative_points
        elif places[a] == places[b]:
            assert lines[names[a]].relative_points == lines[names[b]].relative_points


# --- Brute force: the tie-breaks applied one after the other -----------------------------------


def criteria(event) -> dict[str, list[Fraction]]:
    """The four criteria recomputed from the rules' text, the slow way: each place's rank points
    as the mean over the places the tied players occupy, enumerated one by one."""
    names, rounds, results, byes, _joined, _dropped = event
    rank = {n: Fraction(0) for n in names}
    wins = {n: Fraction(0) for n in names}
    relative = {n: Fraction(0) for n in names}
    seats: dict[str, list[tuple[Fraction, list[str]]]] = {n: [] for n in names}
    for result in results:
        n = len(result.players)
        for i, player in enumerate(result.players):
            mine = result.places[i]
            tied = [j for j, p in enumerate(result.places) if p == mine]
            occupied = range(mine, mine + len(tied))
            points = sum((Fraction(n - k, n - 1) for k in occupied), Fraction(0)) / len(tied)
            rank[player] += points
            if mine == 1:
                wins[player] += Fraction(1, len(tied))
            if result.points is not None:
                spread = max(result.points) - min(result.points)
                if spread:
                    mean = Fraction(sum(result.points), n)
                    relative[player] += (result.points[i] - mean) / spread
            others = [o for j, o in enumerate(result.players) if j != i]
            seats[player].append((points, others))
    for who in byes.values():
        for player in who:
            rank[player] += Fraction(1, 2)
    strength = {
        n: sum((p for p, _ in seats[n]), Fraction(0)) / len(seats[n]) if seats[n] else Fraction(0)
        for n in names
    }
    opponents = {}
    for n in names:
        met = [o for _, others in seats[n] for o in others]
        opponents[n] = sum((strength[o] for o in met), Fraction(0)) / len(met) if met else 0
    return {n: [rank[n], wins[n], Fraction(opponents[n]), relative[n]] for n in names}


def ahead_or_level(a: list[Fraction], b: list[Fraction]) -> bool:
    """Whether ``a`` may be listed before ``b``: the first criterion that differs decides."""
    for mine, theirs in zip(a, b, strict=True):
        if mine != theirs:
            return mine > theirs
    return True


@settings(max_examples=120, deadline=None)
@given(events(most_players=6))
def test_tie_breaks_are_applied_lexicographically_against_a_brute_force(event):
    keys = criteria(event)
    names = sorted(event[0], key=lambda n: (n.casefold(), n))
    # The first arrangement, trying every one, where each line may precede the next.
    expected = next(
        arrangement
        for arrangement in itertools.permutations(names)
        if all(ahead_or_level(keys[a], keys[b]) for a, b in itertools.pairwise(arrangement))
    )
    lines = standings(*event)
    assert [line.name for line in lines] == list(expected)
    for line in lines:
        rank, wins, opponents, relative = keys[line.name]
        assert line.rank_points == pytest.approx(float(rank))
        assert line.wins == pytest.approx(float(wins))
        assert line.opponents == pytest.approx(float(opponents))
        assert line.relative_points == pytest.approx(float(relative))
    for before, line in itertools.pairwise(lines):
        assert (line.position == before.position) == (keys[line.name] == keys[before.name])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*NAMES, "", " ", "LÉA"]), max_size=6),
    st.integers(-1, 4),
    st.lists(
        st.builds(
            TableResult,
            st.integers(-1, 4),
            st.integers(-1, 3),
            st.lists(st.sampled_from([*NAMES[:5], "Bob"]), max_size=4).map(tuple),
            st.lists(st.integers(-1, 5), max_size=4).map(tuple),
            st.none() | st.lists(st.integers(-9, 9), max_size=4).map(tuple),
            st.booleans(),
        ),
        max_size=4,
    ),
    st.dictionaries(st.integers(-1, 4), st.lists(st.sampled_from(NAMES[:6]), max_size=2)),
    st.dictionaries(st.sampled_from(NAMES[:6]), st.integers(-1, 5)),
    st.dictionaries(st.sampled_from(NAMES[:6]), st.integers(-1, 5)),
)
def test_any_input_gives_standings_or_an_input_error(
    players, rounds, results, byes, joined, dropped
):
    """Never another exception: the events pages show the message at its field."""
    try:
        lines = standings(players, rounds, results, byes, joined, dropped)
    except InputError as error:
        assert error.field in {"players", "rounds", "results", "byes", "joined", "dropped"}
        assert error.message
    else:
        assert len(lines) == len(players)
