"""NUM DRAFT Ouverture (/num-draft/regles/#arbitrage-joker-ouverture, deck #arbitrage-paquet): a strict opening, turn after turn."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numdraft
from calculators.engines.cards import DRAFT_DECK_LARGE, DRAFT_DECK_SMALL, InputError


def refused(turned, values=None, again=()):
    with pytest.raises(InputError) as err:
        numdraft.opening(turned, values, again)
    return err.value


def test_smallest_unique_value_designates_the_master():
    result = numdraft.opening([("Léa", "3R"), ("Tom", "3B"), ("Zoé", "5J")])
    assert result.master == "Zoé" and result.must_turn == ()
    assert "plus petite valeur unique (5)" in result.explanation


def test_a_card_turned_twice_is_bad_input_naming_the_players():
    err = refused([("Léa", "3R"), ("Tom", "3R"), ("Zoé", "5J")])
    assert err.field == "cards"
    assert "3R" in err.message and "Léa" in err.message and "Tom" in err.message


def test_deck_is_0_12_with_2_to_5_players():
    err = refused([("Léa", "14R"), ("Tom", "3R")])
    assert err.field == "cards" and "Léa" in err.message and "0 à 12" in err.message
    assert numdraft.opening([("Léa", "12R"), ("Tom", "3R")]).values == "0-12"


def test_deck_is_0_16_with_6_or_7_players():
    six = [(f"J{i}", f"{v}R") for i, v in enumerate((14, 15, 16, 9, 10, 11))]
    result = numdraft.opening(six)
    assert result.values == "0-16" and result.master == "J3"


def test_a_table_may_choose_0_16_with_fewer_players():
    assert numdraft.opening([("Léa", "14R"), ("Tom", "3R")], "0-16").master == "Tom"
    err = refused([("Léa", "14R"), ("Tom", "3R")], "0-20")
    assert err.field == "values"


def test_player_count_is_2_to_7():
    assert refused([("Léa", "3R")]).field == "players"
    eight = [(f"J{i}", f"{i}R") for i in range(8)]
    assert refused(eight).field == "players"


def test_names_are_unique():
    err = refused([("Léa", "3R"), ("léa", "4R")])
    assert err.field == "players" and "léa" in err.message


def test_ruling_a_joker_has_no_value_its_player_turns_again_and_others_keep_theirs():
    first = numdraft.opening([("Léa", "JK"), ("Tom", "3B"), ("Zoé", "4J")])
    assert first.master is None and first.must_turn == ("Léa",)
    # Léa's new card joins the cards still on the table: Tom's 3 and Zoé's 4.
    second = numdraft.opening(
        [("Léa", "JK"), ("Tom", "3B"), ("Zoé", "4J")], again=[("Léa", ["3R"])]
    )
    assert second.master == "Zoé" and len(second.turns) == 2


def test_tied_players_turn_again_and_the_second_turn_keeps_the_first_turns_context():
    first = [("Léa", "3R"), ("Tom", "3B"), ("Zoé", "5J"), ("Max", "5V")]
    assert numdraft.opening(first).must_turn == ("Léa", "Tom", "Zoé", "Max")
    again = [("Léa", ["7R"]), ("Tom", ["2B"]), ("Zoé", ["7J"]), ("Max", ["9V"])]
    result = numdraft.opening(first, None, again)
    assert result.master == "Tom"
    assert [t.number for t in result.turns] == [1, 2]


def test_only_some_of_the_second_turn_entered_names_who_is_still_to_turn():
    result = numdraft.opening([("Léa", "3R"), ("Tom", "3B")], None, [("Léa", ["5R"])])
    assert result.master is None and result.must_turn == ("Tom",)
    assert "Tom doit encore retourner une carte" in result.explanation


def test_a_later_card_from_a_player_not_asked_is_bad_input():
    err = refused([("Léa", "JK"), ("Tom", "3B"), ("Zoé", "4J")], None, [("Tom", ["1R"])])
    assert err.field == "again" and "Tom" in err.message and "Léa seulement" in err.message
    err = refused([("Léa", "3R"), ("Tom", "4B")], None, [("Léa", ["5R"])])
    assert err.field == "again" and "déjà Maître du jeu" in err.message


def test_a_later_card_already_turned_or_outside_the_deck_is_bad_input():
    err = refused([("Léa", "3R"), ("Tom", "3B")], None, [("Léa", ["3B"]), ("Tom", ["2B"])])
    assert err.field == "again" and "3B" in err.message and "Tom" in err.message
    err = refused([("Léa", "3R"), ("Tom", "3B")], None, [("Léa", ["13R"]), ("Tom", ["2B"])])
    assert err.field == "again" and "Léa (tour 2)" in err.message


def test_a_later_turn_from_someone_not_at_the_table_is_bad_input():
    err = refused([("Léa", "3R"), ("Tom", "3B")], None, [("Max", ["5R"])])
    assert err.field == "again" and "Max" in err.message


def test_more_than_two_jokers_is_bad_input():
    err = refused([("Léa", "JK"), ("Tom", "JK"), ("Zoé", "4J")], None, [("Léa", ["JK"])])
    assert err.field == "again" and "2 Jokers" in err.message


def test_several_tied_turns_in_a_row():
    first = [("Léa", "3R"), ("Tom", "3B")]
    again = [("Léa", ["5R", "9R"]), ("Tom", ["5B", "1B"])]
    result = numdraft.opening(first, None, again)
    assert result.master == "Tom" and len(result.turns) == 3


TABLES = st.integers(2, 7).flatmap(
    lambda n: st.lists(
        st.sampled_from((DRAFT_DECK_SMALL if n <= 5 else DRAFT_DECK_LARGE).numeric_cards()),
        min_size=n,
        max_size=n,
        unique=True,
    )
)


@settings(max_examples=200, deadline=None)
@given(TABLES)
def test_property_the_master_holds_the_smallest_value_nobody_else_holds(cards):
    turned = [(f"J{i}", c.code) for i, c in enumerate(cards)]
    result = numdraft.opening(turned)
    values = [c.value for c in cards]
    unique = [v for v in values if values.count(v) == 1]
    if unique:
        assert result.master == turned[values.index(min(unique))][0]
    else:
        assert result.master is None and len(result.must_turn) == len(cards)
