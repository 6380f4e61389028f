"""Num 5's round and game engine (calculators/engines/num5.py): a round's totals, the game to
three round wins, the rulings on ties (/num-5/regles/#arbitrage-egalite-manche,
#arbitrage-trois-manches), the sheet's cells (#arbitrage-saisie) and a round that counts only once
entered (#arbitrage-manche-saisie)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import num5
from calculators.engines.cards import FULL_DECK, InputError


def test_shadow_counts_minus_its_value():
    result = num5.score_round(
        [
            {"name": "A", "cards": ["12R", "3S", "0B"]},
            {"name": "B", "cards": ["5A"]},
            {"name": "C", "plus": 1, "minus": 0},
        ]
    )
    assert result.totals == (9, 5, 1)


def test_ruling_tie_gives_the_round_to_every_tied_player():
    result = num5.score_round(
        [
            {"name": "A", "cards": ["10R"]},
            {"name": "B", "cards": ["10B"]},
            {"name": "C", "cards": []},
        ]
    )
    assert result.winners == ("A", "B")


def test_first_to_three_round_wins_wins():
    rounds = [[{"plus": 5, "minus": 0}, {"plus": 1, "minus": 0}, {"plus": 0, "minus": 0}]] * 3
    game = num5.play_game(["A", "B", "C"], rounds)
    assert game.finished and game.winners == ("A",)


def test_ruling_several_reach_three_most_points_then_shared():
    rounds = [[{"plus": 5, "minus": 0}, {"plus": 5, "minus": 0}, {"plus": 0, "minus": 0}]] * 3
    game = num5.play_game(["A", "B", "C"], rounds)
    assert game.winners == ("A", "B") and "partagée" in game.ruling


def test_no_round_after_the_end():
    rounds = [[{"plus": 5, "minus": 0}, {"plus": 1, "minus": 0}, {"plus": 0, "minus": 0}]] * 4
    with pytest.raises(InputError, match="terminée"):
        num5.play_game(["A", "B", "C"], rounds)


@pytest.mark.parametrize(
    "players",
    [["A", "B"], ["A"] * 9, ["A", "A", "B"], ["A", "", "B"]],
)
def test_player_validation(players):
    with pytest.raises(InputError):
        num5.check_names(players)


@pytest.mark.parametrize(
    "entry",
    [{"plus": -1}, {"plus": 681, "minus": 0}, {"minus": 137}, {"plus": "x"}, {"cards": ["17R"]}],
)
def test_numbers_within_what_the_deck_gives(entry):
    with pytest.raises(InputError):
        num5.make_entry(entry, "A")


@pytest.mark.parametrize(
    "value", [float("inf"), float("-inf"), float("nan"), 1e999, 2.5, "٣", "²", "1e3", True, [3]]
)
@pytest.mark.parametrize("field", ["plus", "minus"])
def test_a_sum_is_a_whole_number_never_an_overflow(field, value):
    # A JSON 1e999 reaches the engine as infinity, which int() cannot convert (OverflowError).
    entry = {"plus": 0, "minus": 0} | {field: value}
    with pytest.raises(InputError) as refused:
        num5.make_entry(entry, "A")
    assert refused.value.field == "players" and "A" in refused.value.message


@pytest.mark.parametrize("text", ["9" * 5000, "3 - " + "9" * 5000, "٣١", "٣ - ١"])
def test_a_cell_sum_in_thousands_of_digits_or_another_script_is_refused(text):
    with pytest.raises(InputError) as refused:
        num5.make_entry(num5.parse_cell(text), "A")
    assert refused.value.field == "players"


@pytest.mark.parametrize("value, number", [(3.0, 3), ("3", 3), (" 12 ", 12), (7, 7)])
def test_a_sum_written_whole_is_read(value, number):
    assert num5.make_entry({"plus": value, "minus": value}, "A").plus == number


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(FULL_DECK.numeric_cards()), max_size=30, unique=True),
    st.integers(3, 8),
)
def test_round_totals_add_up_to_the_signed_sum(cards, count):
    hands = [cards[i::count] for i in range(count)]
    result = num5.score_round(
        [{"name": f"P{i}", "cards": [str(c) for c in h]} for i, h in enumerate(hands)]
    )
    assert sum(result.totals) == sum(-c.value if c.is_shadow else c.value for c in cards)


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("31 - 4", {"plus": 31, "minus": 4}),
        ("12", {"plus": 12, "minus": 0}),
        ("-3", {"plus": 0, "minus": 3}),
        ("", {}),
        ("0", {"plus": 0, "minus": 0}),
        ("31 -", {"plus": 31}),
        ("+5-1", {"plus": 5, "minus": 1}),
        ("12R 3S", {"cards": "12R 3S"}),
    ],
)
def test_sheet_cell_is_cards_or_two_numbers(text, entry):
    assert num5.parse_cell(text) == entry


def test_running_points_and_wins_after_each_round():
    rounds = [
        [{"plus": 5, "minus": 0}, {"plus": 1, "minus": 0}, {"plus": 0, "minus": 0}],
        [{"plus": 0, "minus": 0}, {"plus": 4, "minus": 0}, {"plus": 0, "minus": 0}],
    ]
    game = num5.play_game(["A", "B", "C"], rounds)
    assert game.running == (((5, 1), (1, 0), (0, 0)), ((5, 1), (5, 1), (0, 0)))


# ----------------------------------------------------------------- ruling: a round counts once entered


def test_ruling_a_round_counts_only_once_entered_blank_player_is_refused_naming_them():
    with pytest.raises(InputError) as err:
        num5.score_round(
            [
                {"name": "Léa", "cards": ["10R"]},
                {"name": "Tom", "plus": 3},
                {"name": "Zoé"},
            ]
        )
    assert err.value.field == "players"
    assert "Tom (la somme des Shadow)" in err.value.message
    assert "Zoé (ses cartes ou ses deux sommes)" in err.value.message
    assert "Léa" not in err.value.message


def test_ruling_a_round_counts_only_once_entered_explicit_nothing_is_zero():
    result = num5.score_round(
        [
            {"name": "Léa", "cards": ["10R"]},
            {"name": "Tom", "plus": 0, "minus": 0},
            {"name": "Zoé", "cards": []},
        ]
    )
    assert result.totals == (10, 0, 0) and result.winners == ("Léa",)


def test_ruling_a_round_counts_only_once_entered_blank_rounds_are_never_ties():
    with pytest.raises(InputError, match="Manche 1 : pas encore saisi pour Léa"):
        num5.play_game(["Léa", "Tom", "Zoé"], [[{}, {}, {}]] * 3)
    with pytest.raises(InputError, match="Manche 1 : pas encore saisi pour Tom"):
        num5.play_game(
            ["Léa", "Tom", "Zoé"],
            [[num5.parse_cell("40"), num5.parse_cell(""), num5.parse_cell("")]],
        )


def test_ruling_a_round_counts_only_once_entered_a_cell_with_a_blank_sum_is_not_entered():
    assert num5.entry_gap(num5.parse_cell("31 -")) == "la somme des Shadow"
    assert num5.entry_gap(num5.parse_cell("31")) is None
    assert num5.entry_gap(num5.parse_cell("0")) is None


# ------------------------------------------------------- the memo of a game's rounds (play_game)


def test_memoised_round_is_scored_again_when_a_card_changes():
    first = [[{"cards": ["10R", "3S"]}, {"cards": ["5A"]}, {"plus": 1, "minus": 0}]]
    assert num5.play_game(["A", "B", "C"], first).rounds[0].totals == (7, 5, 1)
    changed = [[{"cards": ["10R", "4S"]}, {"cards": ["5A"]}, {"plus": 1, "minus": 0}]]
    assert num5.play_game(["A", "B", "C"], changed).rounds[0].totals == (6, 5, 1)
    # the same card moved to another player: another round
    moved = [[{"cards": ["10R"]}, {"cards": ["5A", "3S"]}, {"plus": 1, "minus": 0}]]
    assert num5.play_game(["A", "B", "C"], moved).rounds[0].totals == (10, 2, 1)


def test_memoised_round_under_other_names_carries_the_new_names():
    row = [{"plus": 9, "minus": 0}, {"plus": 1, "minus": 0}, {"plus": 0, "minus": 0}]
    assert num5.play_game(["A", "B", "C"], [row]).rounds[0].winners == ("A",)
    renamed = num5.play_game(["Zoé", "B", "C"], [row])
    assert renamed.rounds[0].winners == ("Zoé",)
    assert [p.name for p in renamed.rounds[0].players] == ["Zoé", "B", "C"]
    assert renamed.points == {"Zoé": 9, "B": 1, "C": 0}


def test_memoised_round_tells_a_number_from_true_and_from_its_text():
    names = ["A", "B", "C"]
    whole = [[{"plus": 1, "minus": 0}, {"plus": 0, "minus": 0}, {"plus": 0, "minus": 0}]]
    assert num5.play_game(names, whole).points["A"] == 1
    # True == 1 as a dictionary key: a memo keyed on the values alone would answer 1 point
    boolean = [[{"plus": True, "minus": 0}, {"plus": 0, "minus": 0}, {"plus": 0, "minus": 0}]]
    with pytest.raises(InputError, match="nombre entier"):
        num5.play_game(names, boolean)
    text = [[{"plus": "1", "minus": 0}, {"plus": 0, "minus": 0}, {"plus": 0, "minus": 0}]]
    assert num5.play_game(names, text).points["A"] == 1


def test_memoised_round_refusal_is_said_each_time_with_its_round_number():
    good = [{"plus": 1, "minus": 0}, {"plus": 0, "minus": 0}, {"plus": 0, "minus": 0}]
    bad = [{"plus": -1, "minus": 0}, {"plus": 0, "minus": 0}, {"plus": 0, "minus": 0}]
    for rounds, number in (([bad], 1), ([good, bad], 2), ([bad], 1), ([good, good, bad], 3)):
        with pytest.raises(InputError, match=f"Manche {number}, A"):
            num5.play_game(["A", "B", "C"], rounds)


def test_memoised_round_scores_other_cells_as_they_are():
    """A cell that is no plain dict (an engine Entry, cards as a tuple) is scored, not keyed."""
    names = ["A", "B", "C"]
    rows = [[num5.Entry(None, 4, 0), {"plus": 2, "minus": 0}, {"cards": ("1R", "2R")}]]
    assert num5.play_game(names, rows).rounds[0].totals == (4, 2, 3)
    again = [[num5.Entry(None, 5, 0), {"plus": 2, "minus": 0}, {"cards": ["1R", "2R"]}]]
    assert num5.play_game(names, again).rounds[0].totals == (5, 2, 3)
