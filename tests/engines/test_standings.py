"""One way to show standings (the API's `position`, docs/api.md): shared positions « 1, 2, 2, 4 »."""

from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import numcheck
from calculators.engines.standings import positions, standings


def test_ties_share_a_position_and_the_next_skips():
    totals = {"Léa": 50, "Tom": 34, "Zoé": 34, "Max": 12}
    ranked = standings(totals, key=lambda name: totals[name])
    assert [(s.position, s.item) for s in ranked] == [
        (1, "Léa"),
        (2, "Tom"),
        (2, "Zoé"),
        (4, "Max"),
    ]


def test_ties_keep_the_players_order():
    totals = {"Zoé": 10, "Léa": 10}
    assert [s.item for s in standings(totals, key=lambda name: totals[name])] == ["Zoé", "Léa"]


def test_a_tuple_key_ranks_by_wins_then_points():
    players = [("A", 2, 30), ("B", 3, 10), ("C", 2, 30), ("D", 2, 40)]
    ranked = standings(players, key=lambda p: (p[1], p[2]))
    assert [(s.position, s.item[0]) for s in ranked] == [(1, "B"), (2, "D"), (3, "A"), (3, "C")]


def test_positions_in_the_players_own_order():
    assert positions([12, 34, 50, 34], key=lambda t: t) == [4, 2, 1, 2]


def test_num_check_sheet_standings_share_positions():
    sheet = numcheck.sheet(
        [
            ("Léa", [("paire", "5R 5B")]),
            ("Tom", [("paire", "5V 5J")]),
            ("Zoé", [("brelan", "7R 7B 7J")]),
        ]
    )
    assert [(s.position, s.item.name) for s in sheet.standings] == [
        (1, "Zoé"),
        (2, "Léa"),
        (2, "Tom"),
    ]


@given(st.lists(st.integers(0, 5), max_size=8))
def test_property_position_is_one_plus_the_number_of_strictly_better(totals):
    assert positions(totals, key=lambda t: t) == [1 + sum(o > t for o in totals) for t in totals]
