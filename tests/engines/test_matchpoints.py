"""Matchpoints (calculators/engines/matchpoints.py, docs/deals.md « Matchpoints »): tables
computed by hand, the invariant, and refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import matchpoints
from calculators.engines.cards import InputError

#: 3 tables × 4 seats of one deal (NUM DRAFT totals), ties included.
SCORES = [
    [30, 25, 40, 18],
    [30, 31, 22, 18],
    [28, 19, 22, 35],
]
#: By hand. Seat 1: 30, 30, 28 → A and B tie (1) and beat C (2): 3, 3, 0.
#: Seat 2: 25, 31, 19 → B beats both: 4; A beats C: 2; C: 0.
#: Seat 3: 40, 22, 22 → A: 4; B and C tie, beaten by A: 1 each.
#: Seat 4: 18, 18, 35 → C: 4; A and B tie, beaten by C: 1 each.
HAND_MATCHPOINTS = [
    [3, 2, 4, 1],
    [3, 4, 1, 1],
    [0, 0, 1, 4],
]


def table_of(result):
    return [[r.matchpoints for r in line] for line in result.results]


def test_two_per_seat_beaten_one_per_tie_on_a_hand_computed_table():
    assert table_of(matchpoints.score(SCORES)) == HAND_MATCHPOINTS


def test_top_is_two_per_other_table_and_the_percentage_is_of_the_top():
    result = matchpoints.score(SCORES)
    assert result.top == 4
    assert [[r.percentage for r in line] for line in result.results] == [
        [75, 50, 100, 25],
        [75, 100, 25, 25],
        [0, 0, 25, 100],
    ]


def test_lower_is_better_turns_the_comparison_round():
    result = matchpoints.score(SCORES, higher_is_better=False)
    assert table_of(result) == [[1, 2, 0, 3], [1, 0, 3, 3], [4, 4, 3, 0]]


def test_percentage_keeps_thirds_exact():
    result = matchpoints.score([[5], [3], [3], [1]])  # top 6
    assert [line[0].matchpoints for line in result.results] == [6, 3, 3, 0]
    assert result.results[1][0].percentage == Fraction(50)
    assert matchpoints.score([[2], [1], [1], [1]]).results[1][0].percentage == Fraction(100, 3)


def test_fewer_than_two_tables_refused():
    with pytest.raises(InputError) as caught:
        matchpoints.score([[1, 2, 3]])
    assert caught.value.field == "scores"


def test_tables_of_different_sizes_refused():
    with pytest.raises(InputError) as caught:
        matchpoints.score([[1, 2, 3], [1, 2]])
    assert caught.value.field == "scores"


@st.composite
def deals_played(draw):
    tables = draw(st.integers(2, 9))
    seats = draw(st.integers(1, 8))
    values = st.integers(-5, 5)  # a narrow range, so that ties are frequent
    return [draw(st.lists(values, min_size=seats, max_size=seats)) for _ in range(tables)]


@settings(max_examples=200, deadline=None)
@given(deals_played(), st.booleans())
def test_each_seats_matchpoints_sum_to_top_times_tables_over_two(scores, higher):
    """docs/deals.md#donnes-invariant: each pair of tables hands a seat's two matchpoints out."""
    result = matchpoints.score(scores, higher)
    tables = len(scores)
    for seat in range(len(scores[0])):
        column = [line[seat] for line in result.results]
        assert sum(r.matchpoints for r in column) == result.top * tables // 2
        assert sum(r.percentage for r in column) == 50 * tables
        assert all(0 <= r.matchpoints <= result.top for r in column)


@settings(max_examples=100, deadline=None)
@given(deals_played())
def test_equal_scores_equal_matchpoints_and_a_better_score_never_fewer(scores):
    result = matchpoints.score(scores)
    for seat in range(len(scores[0])):
        column = [line[seat] for line in result.results]
        for a in column:
            for b in column:
                if a.score == b.score:
                    assert a.matchpoints == b.matchpoints
                if a.score > b.score:
                    assert a.matchpoints > b.matchpoints


# --- a deal's percentages and a duplicate event's standings (docs/events.md#tournoi-donnes) -----


def test_percentages_of_a_deal_are_the_matchpoints_over_the_top():
    shares = matchpoints.percentages(SCORES)
    # top 4: seat 1 at table 1 has 3 matchpoints → 75 %
    assert shares[0][0] == Fraction(75)
    assert shares[2][3] == Fraction(100)
    assert shares[2][0] == Fraction(0)


def test_a_table_alone_with_its_deal_gets_fifty_percent_a_seat():
    assert matchpoints.percentages([[12, 40, 3]]) == ((50, 50, 50),)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda seats: st.lists(
            st.lists(st.integers(-20, 60), min_size=seats, max_size=seats),
            min_size=1,
            max_size=8,
        )
    )
)
def test_percentages_of_one_seat_over_t_tables_sum_to_fifty_times_t(scores):
    shares = matchpoints.percentages(scores)
    for seat in range(len(scores[0])):
        assert sum(table[seat] for table in shares) == 50 * len(scores)


def test_duplicate_standings_sum_percentages_a_bye_is_fifty_an_absence_zero():
    scored = {
        "Léa": {1: Fraction(75), 2: Fraction(25)},
        "Tom": {1: Fraction(100)},
        "Zoé": {2: Fraction(100)},
    }
    lines = matchpoints.duplicate_standings(
        ["Léa", "Tom", "Zoé"], 2, scored, {2: ["Tom"]}, {"Léa": 1, "Tom": 2, "Zoé": 3}
    )
    assert [(line.name, line.total, line.position) for line in lines] == [
        ("Tom", 150, 1),
        ("Léa", 100, 2),
        ("Zoé", 100, 3),
    ]
    tom = lines[0]
    assert tom.rounds == (Fraction(100), Fraction(50)) and tom.byes == (2,)
    assert lines[2].rounds == (None, Fraction(100))


def test_duplicate_standings_ties_break_by_the_ordinary_standings_then_share_a_position():
    scored = {n: {1: Fraction(50)} for n in ("ana", "Bob", "Cid")}
    lines = matchpoints.duplicate_standings(
        ["Cid", "Bob", "ana"], 1, scored, {}, {"Cid": 1, "Bob": 2, "ana": 2}
    )
    assert [(line.name, line.position) for line in lines] == [("Cid", 1), ("ana", 2), ("Bob", 2)]
    assert lines[0].as_json()["percentages"] == 50.0
