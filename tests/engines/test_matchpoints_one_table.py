"""``matchpoints.one_table``: one table's matchpoints alone, as ``score`` gives them
(docs/deals.md#donnes-matchpoints), for the tablées' « donne du jour » (#donnes-du-jour)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import matchpoints
from calculators.engines.cards import InputError


@st.composite
def deals(draw):
    seats = draw(st.integers(1, 7))
    tables = draw(st.integers(2, 12))
    row = st.lists(st.integers(-5, 40), min_size=seats, max_size=seats)
    scores = draw(st.lists(row, min_size=tables, max_size=tables))
    return scores, draw(st.integers(0, tables - 1)), draw(st.booleans())


def oracle(scores, table, higher):
    """By the ruling's words: 2 for each other table where the same seat did worse, 1 for each
    tie (docs/deals.md#donnes-matchpoints)."""
    out = []
    for s, mine in enumerate(scores[table]):
        points = 0
        for u, other in enumerate(scores):
            if u != table:
                worse = other[s] < mine if higher else other[s] > mine
                points += 2 if worse else 1 if other[s] == mine else 0
        out.append(points)
    return out


@given(deals())
def test_one_table_is_the_same_table_of_score(deal):
    scores, table, higher = deal
    whole = matchpoints.score(scores, higher)
    alone = matchpoints.one_table(scores, table, higher)
    assert alone == whole.results[table]
    assert [r.matchpoints for r in alone] == oracle(scores, table, higher)


def test_one_table_by_hand_and_its_refusals():
    # seat 1 scored 9 against 6 and 9: 2 + 1 of a top of 4; seat 2 tied twice: 2
    first, second = matchpoints.one_table([[9, 9], [6, 9], [9, 9]], 0)
    assert (first.matchpoints, first.percentage, second.matchpoints) == (3, 75, 2)
    with pytest.raises(InputError):
        matchpoints.one_table([[9, 9]], 0)
    with pytest.raises(InputError):
        matchpoints.one_table([[9, 9], [9]], 0)
