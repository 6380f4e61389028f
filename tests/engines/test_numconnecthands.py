"""Num Connect hands in a party (/num-connect/regles/#arbitrage-partie-connect): who laid their
last card first wins the hand; the cards left, when counted for every other player, break ties
of hands won."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import numconnecthands as hands
from calculators.engines.cards import InputError

NAMES = ["Léa", "Tom", "Zoé", "Max"]


def test_the_player_who_goes_out_first_wins_the_hand():
    tally = hands.tally(NAMES, [hands.read_hand(NAMES, 2, [])])
    assert [p.wins for p in tally.players] == [0, 0, 1, 0]
    assert [p.position for p in tally.players] == [2, 2, 1, 2] and tally.leaders == ("Zoé",)


def test_fewest_cards_left_break_a_tie_of_hands_won():
    played = [hands.read_hand(NAMES, 0, [0, 3, 4, 5]), hands.read_hand(NAMES, 1, [2, 0, 4, 5])]
    tally = hands.tally(NAMES, played)
    assert [(p.wins, p.cards_left, p.position) for p in tally.players] == [
        (1, 2, 1),
        (1, 3, 2),
        (0, 8, 3),
        (0, 10, 4),
    ]


def test_hands_won_come_before_cards_left():
    played = [
        hands.read_hand(NAMES, 0, [0, 12, 12, 12]),
        hands.read_hand(NAMES, 0, [0, 1, 1, 1]),
        hands.read_hand(NAMES, 1, [12, 0, 1, 1]),
    ]
    assert [p.position for p in hands.tally(NAMES, played).players] == [1, 2, 3, 3]


@pytest.mark.parametrize("value", [13, -1, "x", "2.0", "٣", True, 1.5, [1]])
def test_cards_left_are_a_whole_number_from_0_to_the_hand_dealt(value):
    with pytest.raises(InputError) as err:
        hands.count(value, "Tom")
    assert err.value.field == "left" and "Tom" in err.value.message and "12" in err.value.message


@pytest.mark.parametrize(
    ("value", "number"), [(None, None), ("", None), (" 7 ", 7), (0, 0), (12, 12)]
)
def test_cards_left_read(value, number):
    assert hands.count(value, "Tom") == number


def test_cards_left_are_given_for_every_other_player_or_for_none():
    with pytest.raises(InputError) as err:
        hands.read_hand(NAMES, 0, [None, 3, None, 2])
    assert err.value.field == "left" and "Zoé" in err.value.message
    assert not hands.read_hand(NAMES, 0, [None, "", None, None]).counted


def test_the_player_who_went_out_holds_no_card():
    with pytest.raises(InputError) as err:
        hands.read_hand(NAMES, 1, [1, 2, 3, 4])
    assert err.value.field == "left" and "Tom" in err.value.message
    assert hands.read_hand(NAMES, 1, [1, None, 3, 4]).left == (1, 0, 3, 4)


@pytest.mark.parametrize("out", [-1, 4, None, "0", True])
def test_the_hand_names_a_seat_of_the_table(out):
    with pytest.raises(InputError) as err:
        hands.read_hand(NAMES, out, [])
    assert err.value.field == "out"


def test_a_hand_undone_is_the_tally_without_it():
    first, second = hands.read_hand(NAMES, 0, []), hands.read_hand(NAMES, 3, [1, 2, 3, 0])
    assert hands.tally(NAMES, [first, second, first][:2]) == hands.tally(NAMES, [first, second])
    assert hands.tally(NAMES, [first]).players[3].wins == 0


def hand_strategy(players):
    return st.builds(
        lambda out, counted, left: hands.Hand(
            out,
            tuple(0 if i == out else n for i, n in enumerate(left))
            if counted
            else (None,) * players,
        ),
        st.integers(0, players - 1),
        st.booleans(),
        st.lists(st.integers(0, hands.HAND_SIZE), min_size=players, max_size=players),
    )


@given(
    st.integers(2, 6).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(hand_strategy(n), max_size=12))
    )
)
def test_standings_invariants(case):
    """Every hand is won once; more hands won always ranks ahead; the order of the hands does
    not matter; position 1 exists whenever anybody plays."""
    players, played = case
    names = NAMES[:players] + [f"P{i}" for i in range(players - len(NAMES[:players]))]
    tally = hands.tally(names, played)
    assert sum(p.wins for p in tally.players) == len(played)
    assert min(p.position for p in tally.players) == 1
    for a in tally.players:
        for b in tally.players:
            if a.wins > b.wins or (a.wins == b.wins and a.cards_left < b.cards_left):
                assert a.position < b.position
            if (a.wins, a.cards_left) == (b.wins, b.cards_left):
                assert a.position == b.position
    assert hands.tally(names, list(reversed(played))).players == tally.players
