"""Num 5 turn (/num-5/regles/#arbitrage-tour-t1 to t17): one test per ruling T1–T17, the 12 worked examples, the bad
input of §3.2, a round played turn by turn, and properties over thousands of simulated rounds."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import num5
from calculators.engines.cards import FULL_DECK, Card, Family, InputError, parse_cards
from calculators.engines.num5turn import (
    CLOSEST,
    COLLECT,
    EXPLODE,
    FITS_NOWHERE,
    KEPT,
    LOWEST,
    OWN_ROW,
    REPOSITION,
    REPOSITION_LOWEST,
    SETUP,
    TAKE,
    RoundState,
    colour,
    play_round,
    play_round_turn,
    resolve_turn,
    start_round,
)
from tests.conftest import load_cases

NAMES = ["Léa", "Tom", "Zoé", "Max", "Ana", "Éli", "Noé", "Ida"]


def turn(rows, plays, variant="normal"):
    """Rows as lines of notation (« 0R 5R »), plays as « Léa 7R » pairs, in order."""
    return resolve_turn(
        [r.split() for r in rows], [{"player": p, "card": c} for p, c in plays], variant
    )


def codes(cards):
    return [str(c) for c in cards]


def lines(result):
    return [" ".join(codes(r)) for r in result.rows]


def points(result):
    return [p.points for p in result.players]


def step_of(result, card):
    return next(s for s in result.steps if str(s.card) == card)


# --------------------------------------------------------------------------- rulings T1–T17


def test_t1_classic_card_goes_to_its_colour_row_whatever_the_values():
    # 4B is closest to row 2 (last 3), yet it goes to the blue row and takes there (T10).
    result = turn(
        ["0B 9B", "0R 3R", "0J 12J", "0V 13V"], [("Léa", "4B"), ("Tom", "14V"), ("Zoé", "15J")]
    )
    step = step_of(result, "4B")
    assert (step.row, step.how, step.result) == (1, OWN_ROW, TAKE)
    assert lines(result) == ["9B 4B", "0R 3R", "0J 12J 15J", "0V 13V 14V"]
    # the rows keep their table positions even after a colour moves (row 1 stays row 1)
    assert [colour(r) for r in result.rows] == [
        Family.BLUE,
        Family.RED,
        Family.YELLOW,
        Family.GREEN,
    ]


def numbered(text: str) -> list[Card]:
    """``text``'s cards, every one a numbered card (no Joker, no action card)."""
    cards = parse_cards(text)
    numbered = [c for c in cards if isinstance(c, Card)]
    assert numbered == cards, text
    return numbered


def test_t2_a_rows_colour_is_read_from_its_cards():
    assert colour(numbered("5A 7R 3R")) is Family.RED  # not the colour of the first card
    assert colour(numbered("4S 3A")) is None
    # (b) a Rainbow fallback take removes the last red card: the row loses its colour (E7)
    result = turn(
        ["11S", "0R 4S", "6J 13J", "5V 8V"], [("Léa", "3A"), ("Tom", "14J"), ("Zoé", "9V")]
    )
    step = step_of(result, "3A")
    assert (step.colour_before, step.colour_after) == (Family.RED, None)
    assert result.colours == (None, None, Family.YELLOW, Family.GREEN)
    # a stated colour is checked, not trusted
    with pytest.raises(InputError) as err:
        resolve_turn(
            [{"cards": ["0B"], "colour": "R"}, ["0R"], ["0J"], ["0V"]],
            [("A", "1B"), ("B", "2B"), ("C", "3B")],
        )
    assert err.value.field == "rows" and "rangée 1" in err.value.message


def test_t3_cards_are_placed_one_at_a_time_each_seeing_the_rows_left_by_the_previous():
    # E12: the 0A placed first lowers row 1 to 0, so the 2S then fits (at the reveal it would not).
    result = turn(
        ["0B 7B 9B 10B", "5R 12R", "4J 11J 14J", "6S 15V"],
        [("Léa", "1R"), ("Tom", "2S"), ("Zoé", "0A"), ("Max", "13V")],
    )
    shadow = step_of(result, "2S")
    assert shadow.how == CLOSEST and shadow.row == 2
    assert result.players[1].collected == ()


def test_t4_order_is_value_then_shadow_rainbow_blue_red_yellow_green():
    rows = ["0B", "0R", "0J", "0V"]
    plays = [
        ("a", "7V"),
        ("b", "7J"),
        ("c", "7R"),
        ("d", "7B"),
        ("e", "7A"),
        ("f", "7S"),
        ("g", "6V"),
    ]
    result = turn(rows, plays)
    assert [str(s.card) for s in result.steps] == ["6V", "7S", "7A", "7B", "7R", "7J", "7V"]
    assert [s.n for s in result.steps] == list(range(1, 8))


def test_t5_only_the_last_card_of_a_row_is_compared():
    # 6A: the 6B inside row 1 does not count; row 2 (last 4) is the closest fitting row.
    result = turn(
        ["0B 6B 9B", "0R 4R", "0J 5S 13J", "0V 2V"], [("Léa", "6A"), ("Tom", "14J"), ("Zoé", "15B")]
    )
    assert step_of(result, "6A").row == 2


def test_t6_a_shadow_counts_its_printed_value_when_compared():
    # row 4 ends with 7S = 7 (not −7): 5V is lower and takes the first card.
    result = turn(["0B", "0R", "0J", "0V 7S"], [("Léa", "5V"), ("Tom", "1B"), ("Zoé", "2R")])
    assert step_of(result, "5V").result == TAKE
    assert codes(result.players[0].collected) == ["0V"]


def test_t7_a_rainbow_or_shadow_fits_an_equal_last_card():
    result = turn(
        ["0B 4B 7B", "0R 6R", "0J 10J", "0V 12V"], [("Léa", "7S"), ("Tom", "13J"), ("Zoé", "14V")]
    )
    step = step_of(result, "7S")
    assert (step.row, step.how, step.result) == (1, CLOSEST, "append")  # placed, not kept
    assert "T7" in step.rulings


def test_t8_closest_is_the_greatest_fitting_last_card_ties_go_leftmost_and_are_reported():
    result = turn(["0B", "0R", "0J", "0V"], [("Léa", "5R"), ("Tom", "3A"), ("Zoé", "0S")])
    first = step_of(result, "0S")
    assert first.row == 1 and first.tied_rows == (1, 2, 3, 4)
    rainbow = step_of(result, "3A")  # lasts 0S=0, 0, 0, 0: still tied, leftmost
    assert rainbow.row == 1 and rainbow.tied_rows == (1, 2, 3, 4)
    # no tie: the greatest last ≤ v wins and nothing is reported
    result = turn(
        ["0B 9B", "0R 6R", "0J 13J", "0V 3V"], [("Léa", "10S"), ("Tom", "14J"), ("Zoé", "15R")]
    )
    step = step_of(result, "10S")
    assert step.row == 1 and step.tied_rows == () and "T8" in step.rulings


def chosen(rows, plays, variant="normal"):
    """Like :func:`turn`, plays as (player, card, row or None)."""
    return resolve_turn(
        [r.split() for r in rows],
        [{"player": p, "card": c, **({} if r is None else {"row": r})} for p, c, r in plays],
        variant,
    )


def test_t8_choice_a_player_may_name_one_of_the_tied_rows():
    result = chosen(
        ["0B", "0R", "0J", "0V"], [("Léa", "5R", None), ("Tom", "3A", 2), ("Zoé", "0S", 3)]
    )
    shadow, rainbow = step_of(result, "0S"), step_of(result, "3A")
    assert (shadow.row, shadow.tied_rows) == (4, (1, 2, 3, 4))  # row 3 is table row 4
    assert (rainbow.row, rainbow.tied_rows) == (3, (1, 2, 3, 4))
    assert codes(result.rows[2]) == ["0J", "3A"] and codes(result.rows[3]) == ["0V", "0S"]


def test_t8_choice_naming_the_leftmost_tied_row_is_table_order():
    plays = [("Léa", "5R", None), ("Tom", "3A", None), ("Zoé", "0S", 0)]
    assert chosen(["0B", "0R", "0J", "0V"], plays) == turn(
        ["0B", "0R", "0J", "0V"], [(p, c) for p, c, _ in plays]
    )


def test_t8_choice_where_nothing_ties_is_bad_input_naming_the_player():
    with pytest.raises(InputError) as err:  # 5R goes to its own row: nothing to choose
        chosen(
            ["0B", "0R", "0J", "0V"], [("Léa", "5R", 2), ("Tom", "3A", None), ("Zoé", "0S", None)]
        )
    assert err.value.field == "plays" and "Léa" in err.value.message


def test_t8_choice_outside_the_tied_rows_is_bad_input_naming_the_rows_allowed():
    rows = ["0B 9B", "0R 6R", "0J 9J", "0V 3V"]  # 10S ties between rows 1 and 3 (last 9)
    result = chosen(rows, [("Léa", "10S", 2), ("Tom", "14J", None), ("Zoé", "15R", None)])
    assert step_of(result, "10S").row == 3
    with pytest.raises(InputError) as err:
        chosen(rows, [("Léa", "10S", 1), ("Tom", "14J", None), ("Zoé", "15R", None)])
    assert err.value.field == "plays"
    assert "Léa" in err.value.message and "0 ou 2" in err.value.message


@pytest.mark.parametrize("row", [True, "1", 1.0, -1, 4, [0]])
def test_t8_choice_is_a_table_index_0_to_3(row):
    with pytest.raises(InputError) as err:
        resolve_turn(
            [["0B"], ["0R"], ["0J"], ["0V"]],
            [
                {"player": "Léa", "card": "3A", "row": row},
                {"player": "Tom", "card": "5R"},
                {"player": "Zoé", "card": "0S"},
            ],
        )
    assert err.value.field == "plays" and "Léa" in err.value.message


def test_t9_a_rainbow_that_fits_no_row_goes_to_the_lowest_and_takes_its_first_card():
    result = turn(
        ["0B 9B", "3R 10R", "5J 9J", "0V 12V"], [("Léa", "1S"), ("Tom", "2A"), ("Zoé", "11R")]
    )
    step = step_of(result, "2A")
    assert (step.row, step.how, step.result, step.tied_rows) == (1, LOWEST, TAKE, (1, 3))
    assert codes(step.cards) == ["0B"]
    # on a 4-card row it never completes the row: it stays at 4 cards
    result = turn(
        ["0B 7B 9B 10B", "5R 12R", "4J 11J 14J", "6S 15V"],
        [("a", "0A"), ("b", "13R"), ("c", "16V")],
    )
    assert lines(result)[0] == "7B 9B 10B 0A"


def test_t10_a_lower_card_takes_the_first_card_and_the_row_keeps_its_length():
    result = turn(
        ["12B", "0R 5R 9R", "0J 2J 6S 10J", "0V 7S"], [("Léa", "4B"), ("Tom", "7R"), ("Zoé", "3J")]
    )
    assert lines(result)[:3] == ["4B", "5R 9R 7R", "2J 6S 10J 3J"]  # 1-card row → the new card
    assert [codes(p.collected) for p in result.players] == [["12B"], ["0R"], ["0J"]]
    assert step_of(result, "3J").result == TAKE  # 4 cards before, 4 after: not a 5th card


def test_t11_the_starting_zero_is_an_ordinary_card_taken_at_the_first_take():
    result = turn(["0B", "0R 9R", "0J", "0V"], [("Léa", "7R"), ("Tom", "1J"), ("Zoé", "2V")])
    assert codes(result.players[0].collected) == ["0R"]  # the 0, not the 9R
    assert result.players[0].points == 0
    assert lines(result)[1] == "9R 7R"


def test_t12_the_fifth_card_collects_the_other_four_at_once_equal_included():
    result = turn(
        ["0B 3B 8B", "0R 4A 9R 11R", "0J 2J 6S 8A", "0V 1V"],
        [("Léa", "8J"), ("Tom", "9B"), ("Zoé", "12R")],
    )
    equal = step_of(result, "8J")  # 8 on 8A: equal completes; the 0J counts toward the 5
    assert equal.result == COLLECT and codes(equal.cards) == ["0J", "2J", "6S", "8A"]
    assert codes(equal.row_after) == ["8J"]
    assert points(result) == [4, 0, 24]
    # at once: the next card sees the 1-card row (5J appends to [4J], no 6th card)
    result = turn(["0B", "0R", "0J 1J 2J 3J", "0V"], [("a", "4J"), ("b", "5J"), ("c", "1V")])
    assert lines(result)[2] == "4J 5J" and codes(result.players[1].collected) == []


def test_t13_every_take_goes_to_the_card_player_and_a_collected_shadow_costs_the_collector():
    result = turn(
        ["0B 4B 7B", "0R 6R", "0J 10J", "0V 12V"], [("Léa", "7R"), ("Tom", "7A"), ("Zoé", "7S")]
    )
    tom = result.players[1]
    assert codes(tom.collected) == ["0B", "4B", "7B", "7S"]  # Zoé's 7S costs Tom
    assert (tom.plus, tom.minus, tom.points) == (11, 7, 4)
    assert result.players[2].points == 0
    # a Shadow never takes: it only fits (append) or is kept
    assert step_of(result, "7S").result == "append"


def test_t14_a_shadow_that_fits_no_row_is_kept_by_its_player_and_changes_nothing():
    rows = ["0B 9B", "3R 10R", "5J 9J", "0V 12V"]
    for variant in ("normal", "explosion"):
        result = turn(rows, [("Léa", "1S"), ("Tom", "13V"), ("Zoé", "11R")], variant)
        step = step_of(result, "1S")
        assert (step.row, step.how, step.result) == (None, FITS_NOWHERE, KEPT)
        assert codes(step.cards) == ["1S"] and step.row_after == ()
        assert result.players[0].points == -1
        assert lines(result)[:3] == ["0B 9B", "3R 10R 11R", "5J 9J"]


def test_t15_a_classic_card_without_a_row_goes_to_a_colourless_row_and_colours_it():
    result = turn(
        ["5A 8S", "11S", "0J 3J", "10V 12V"], [("Léa", "9R"), ("Tom", "9B"), ("Zoé", "4J")]
    )
    blue, red = step_of(result, "9B"), step_of(result, "9R")
    assert (blue.row, blue.how, blue.colour_after) == (1, REPOSITION, Family.BLUE)
    assert (red.row, red.how, red.result) == (2, REPOSITION_LOWEST, TAKE)
    assert points(result) == [-11, 0, 0]
    # a colour that has a row is never repositioned, even when a colourless row is closer
    result = turn(["9S", "0R 12R", "0J", "0V"], [("Léa", "10R"), ("Tom", "1J"), ("Zoé", "1V")])
    assert step_of(result, "10R").how == OWN_ROW and step_of(result, "10R").row == 2


def test_t16_explosion_discards_the_four_and_keeps_the_fifth_card():
    rows = ["0B 3B 8B 9B", "4R 6R", "0J 2J 6S 8A", "5V 11V"]
    plays = [("Léa", "8J"), ("Tom", "2R"), ("Zoé", "10A"), ("Max", "1S")]
    result = turn(rows, plays, "explosion")
    step = step_of(result, "8J")
    assert step.result == EXPLODE and codes(step.row_after) == ["8J"]
    assert codes(result.discarded) == ["0J", "2J", "6S", "8A", "0B", "3B", "8B", "9B"]
    assert points(result) == [0, 4, 0, -1]  # the discarded 6S costs nobody
    assert result.colours[0] is None  # 10A exploded row 1: it is colourless
    normal = turn(rows, plays)
    assert normal.rows == result.rows and points(normal) == [4, 4, 20, -1]
    assert normal.discarded == ()


def test_t17_points_are_plus_of_classic_and_rainbow_minus_shadows():
    result = turn(["0B 3S 5A 9B", "0R", "0J", "0V"], [("Léa", "10B"), ("Tom", "1R"), ("Zoé", "2J")])
    lea = result.players[0]
    assert (lea.plus, lea.minus, lea.points) == (14, 3, 11)


# --------------------------------------------------------------------------- worked examples

#: The placement order each worked example of the turn rulings states.
ORDERS = {
    "e1": "0S 3A 5R",
    "e2": "3J 4B 5V 7R",
    "e3": "8J 9B 12R",
    "e4": "7S 7A 7R",
    "e5": "1S 2A 11R",
    "e6": "3V 6A 10S",
    "e7": "3A 10B 12R",
    "e8": "4J 9B 9R",
    "e9": "8S 10B 15A",
    "e10": "1S 2R 8J 10A",
    "e11": "3R 10S 10B 11A 16V",
    "e12": "0A 1R 2S 13V",
}
EXAMPLES = [c for c in load_cases("num5.json") if c["id"].removeprefix("num5-turn-") in ORDERS]


def test_every_worked_example_is_a_case():
    assert len(EXAMPLES) == 12


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda c: c["id"])
def test_worked_example(case):
    request, expect = case["request"], case["expect"]
    result = resolve_turn(request["rows"], request["plays"], request["variant"])
    assert [str(s.card) for s in result.steps] == ORDERS[
        case["id"].removeprefix("num5-turn-")
    ].split()
    assert [
        {"cards": codes(r), "colour": c.code if c else None}
        for r, c in zip(result.rows, result.colours, strict=True)
    ] == expect["rows"]
    assert points(result) == expect["points"]
    assert [codes(p.collected) for p in result.players] == expect["collected"]
    assert codes(result.discarded) == expect.get("discarded", [])


def test_worked_example_e7_steps_say_how_each_card_moved():
    result = turn(
        ["11S", "0R 4S", "6J 13J", "5V 8V"], [("Léa", "3A"), ("Tom", "10B"), ("Zoé", "12R")]
    )
    assert [(s.row, s.how, s.result) for s in result.steps] == [
        (2, LOWEST, TAKE),
        (2, REPOSITION, "append"),
        (1, REPOSITION, "append"),
    ]


# --------------------------------------------------------------------------- bad input (§3.2)

GOOD_ROWS = [["0B"], ["0R"], ["0J"], ["0V"]]
GOOD_PLAYS = [("Léa", "5R"), ("Tom", "3A"), ("Zoé", "0S")]


@pytest.mark.parametrize(
    ("rows", "plays", "field", "words"),
    [
        (GOOD_ROWS[:3], GOOD_PLAYS, "rows", "4 rangées"),
        ([["0B"], [], ["0J"], ["0V"]], GOOD_PLAYS, "rows", "rangée 2 est vide"),
        ([["0B", "1B", "2B", "3B", "4B"], ["0R"], ["0J"], ["0V"]], GOOD_PLAYS, "rows", "5 cartes"),
        ([["0B", "17B"], ["0R"], ["0J"], ["0V"]], GOOD_PLAYS, "rows", "17B"),
        ([["0B", "3X"], ["0R"], ["0J"], ["0V"]], GOOD_PLAYS, "rows", "3X"),
        ([["0B", "0R"], ["1R"], ["0J"], ["0V"]], GOOD_PLAYS, "rows", "deux couleurs"),
        ([["0B"], ["0R"], ["2B"], ["0V"]], GOOD_PLAYS, "rows", "rangées 1 et 3"),
        ([["0B", "5A"], ["0R", "5A"], ["0J"], ["0V"]], GOOD_PLAYS, "rows", "« 5A »"),
        (GOOD_ROWS, [("Léa", "0R"), ("Tom", "3A"), ("Zoé", "0S")], "plays", "« 0R »"),
        (GOOD_ROWS, [("Léa", "5R"), ("Tom", "5R"), ("Zoé", "0S")], "plays", "« 5R »"),
        (GOOD_ROWS, GOOD_PLAYS[:2], "plays", "3 à 8"),
        (GOOD_ROWS, [(f"J{k}", f"{k}A") for k in range(9)], "plays", "3 à 8"),
        (GOOD_ROWS, [("Léa", "5R"), ("léa", "3A"), ("Zoé", "0S")], "plays", "deux fois"),
        (GOOD_ROWS, [("Léa", "5R"), ("", "3A"), ("Zoé", "0S")], "plays", "pas de nom"),
        (GOOD_ROWS, [("Léa", "5R"), ("Tom", ""), ("Zoé", "0S")], "plays", "Tom"),
        (GOOD_ROWS, [("Léa", "JK"), ("Tom", "3A"), ("Zoé", "0S")], "plays", "Joker"),
        ("0B 0R 0J 0V", GOOD_PLAYS, "rows", "liste"),
        (GOOD_ROWS, {"Léa": "5R"}, "plays", "liste"),
    ],
)
def test_bad_input_is_a_french_message_naming_the_card_or_row(rows, plays, field, words):
    with pytest.raises(InputError) as err:
        resolve_turn(rows, plays)
    assert err.value.field == field
    assert words in err.value.message


def test_bad_variant_and_stated_colours():
    with pytest.raises(InputError) as err:
        resolve_turn(GOOD_ROWS, GOOD_PLAYS, "boum")
    assert err.value.field == "variant"
    rows = [{"cards": ["0B"], "colour": "B"}, {"cards": ["7A"], "colour": None}, ["0J"], ["0V"]]
    assert resolve_turn(rows, GOOD_PLAYS).colours[1] is Family.RED  # 5R repositioned onto it
    with pytest.raises(InputError, match="couleur « X »"):
        resolve_turn([{"cards": ["0B"], "colour": "X"}, *GOOD_ROWS[1:]], GOOD_PLAYS)
    with pytest.raises(InputError, match="sans couleur"):
        resolve_turn([{"cards": ["7A"], "colour": "R"}, *GOOD_ROWS[1:]], GOOD_PLAYS)


# --------------------------------------------------------------------------- a round, turn by turn


def test_round_starts_from_the_setup_and_accumulates_collections():
    state = start_round(["Léa", "Tom", "Zoé"])
    assert state.rows == SETUP and state.turn == 0
    state, first = play_round_turn(state, ["5R", "3A", "0S"])  # E1
    state, second = play_round_turn(state, ["1R", "2B", "4J"])
    assert state.turn == 2
    assert lines(second) == ["0S 3A 2B", "5R 1R", "0J 4J", "0V"]
    assert [codes(c) for c in state.collected] == [["0R"], ["0B"], []]
    state, third = play_round_turn(state, ["6R", "7B", "8B"])
    assert [codes(c) for c in state.collected] == [["0R"], ["0B"], ["0S", "3A", "2B", "7B"]]
    entries = state.entries()
    assert [(e.plus, e.minus, e.total) for e in entries] == [(0, 0, 0), (0, 0, 0), (12, 0, 12)]
    tally = num5.round_result(state.players, entries)
    assert tally.winners == ("Zoé",)


def test_round_state_is_plain_json_and_replays():
    played = play_round(
        ["Léa", "Tom", "Zoé"], [["5R", "3A", "0S"], ["1R", "2B", "4J"]], "explosion"
    )
    snapshot = json.loads(json.dumps(played.state.to_json()))
    again = RoundState.from_json(snapshot)
    assert again == played.state
    assert play_round_turn(again, ["6R", "7B", "9J"])[0].turn == 3


def test_round_refuses_a_card_already_played_and_an_eleventh_turn():
    state = start_round(["Léa", "Tom", "Zoé"])
    state, _ = play_round_turn(state, ["5R", "3A", "0S"])
    with pytest.raises(
        InputError, match=r"Tour 2 : Tom joue « 5R », déjà jouée \(dans la rangée 2\)"
    ):
        play_round_turn(state, ["1R", "5R", "4J"])
    state = RoundState(state.players, state.variant, state.rows, state.collected, (), 10)
    with pytest.raises(InputError, match="manche est finie"):
        play_round_turn(state, ["1R", "2B", "4J"])
    with pytest.raises(InputError, match="une carte par joueur"):
        play_round_turn(start_round(["A", "B", "C"]), ["1R", "2B"])
    with pytest.raises(InputError):
        start_round(["A", "a", "C"])


# --------------------------------------------------------------------------- properties

ZEROS = set(SETUP[0] + SETUP[1] + SETUP[2] + SETUP[3])
DEALABLE = tuple(c for c in FULL_DECK.numeric_cards() if c not in ZEROS)


def simulate(players: int, variant: str, deck: list[Card]) -> int:
    """Deal 10 cards each from ``deck`` (order = play order) and play the 10 turns, checking
    every invariant after each turn. Returns the number of steps checked."""
    hands = [deck[k * 10 : (k + 1) * 10] for k in range(players)]
    box = deck[players * 10 :]
    state = start_round(NAMES[:players], variant)
    checked = 0
    for t in range(10):
        before = {c for row in state.rows for c in row}
        state, result = play_round_turn(state, [hand[t] for hand in hands])
        in_rows = [c for row in state.rows for c in row]
        collected = [c for cs in state.collected for c in cs]
        in_hands = [c for hand in hands for c in hand[t + 1 :]]
        everything = in_rows + collected + list(state.discarded) + in_hands + box + []
        # the 102 cards are conserved (the 4 zeros of the set-up included), each exactly once
        assert len(everything) == 102 and set(everything) == set(FULL_DECK.numeric_cards())
        assert all(1 <= len(row) <= 4 for row in state.rows)
        colours = [colour(row) for row in state.rows]
        held = [c for c in colours if c is not None]
        assert len(held) == len(set(held))  # each colour has at most one row
        assert colours.count(None) == 4 - len(held)  # colourless rows = colours without a row
        for row in state.rows:  # a row never holds two classic colours
            assert len({c.family for c in row if c.family.is_classic}) <= 1
        # each step: the cards it moved, and its player's points
        assert len(result.steps) == players
        moved = [c for s in result.steps for c in s.cards if s.result != "kept"]
        assert all(c in before or c in {p.card for p in result.players} for c in moved)
        if variant == "normal":
            assert result.discarded == ()
        checked += len(result.steps)
    entries = state.entries()
    tally = num5.round_result(state.players, entries)
    assert sum(p.total for p in tally.players) == sum(
        -c.value if c.is_shadow else c.value for cs in state.collected for c in cs
    )
    return checked


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 8), st.sampled_from(["normal", "explosion"]), st.permutations(DEALABLE))
def test_property_simulated_rounds_keep_every_invariant(players, variant, deck):
    simulate(players, variant, list(deck))


def test_property_two_thousand_seeded_rounds():
    rng = random.Random(15)
    steps = 0
    for index in range(2000):
        deck = list(DEALABLE)
        rng.shuffle(deck)
        steps += simulate(3 + index % 6, ("normal", "explosion")[index % 2], deck)
    assert steps == sum(10 * (3 + i % 6) for i in range(2000))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_property_any_valid_table_resolves_and_steps_replay_the_rows(data):
    """Random valid rows (any history) and plays: the turn resolves, and replaying the steps'
    ``row_after`` gives the final rows."""
    deck = list(DEALABLE)
    pool = data.draw(st.permutations(deck))
    colours = data.draw(st.permutations([Family.BLUE, Family.RED, Family.YELLOW, Family.GREEN]))
    coloured = data.draw(st.integers(0, 4))
    rows, used = [], 0
    specials = [c for c in pool if not c.family.is_classic]
    for position in range(4):
        size = data.draw(st.integers(1, 4))
        if position < coloured:
            family = colours[position]
            mine = [c for c in pool if c.family is family][:size]
            rows.append(mine)
        else:
            rows.append(specials[used : used + size])
            used += size
    taken = {c for r in rows for c in r}
    rest = [c for c in pool if c not in taken]
    players = data.draw(st.integers(3, 8))
    plays = [(NAMES[k], str(rest[k])) for k in range(players)]
    variant = data.draw(st.sampled_from(["normal", "explosion"]))
    result = resolve_turn([[str(c) for c in r] for r in rows], plays, variant)
    final = [tuple(r) for r in rows]
    for step in result.steps:
        if step.row is not None:
            final[step.row - 1] = step.row_after
    assert tuple(final) == result.rows
    assert (
        sum(len(p.collected) for p in result.players)
        + len(result.discarded)
        + sum(len(r) for r in result.rows)
        == sum(len(r) for r in rows) + players
    )


def test_bad_input_names_its_place_so_a_form_can_show_it_at_the_field():
    from calculators.engines.num5turn import PlaceError

    with pytest.raises(PlaceError) as err:
        resolve_turn(GOOD_ROWS, [("Léa", "5R"), ("Tom", "3A"), ("Zoé", "0B")])
    assert (err.value.field, err.value.index) == ("plays", 2)
    with pytest.raises(PlaceError) as err:
        resolve_turn([["0B"], ["0R"], ["0J", "9X"], ["0V"]], GOOD_PLAYS)
    assert (err.value.field, err.value.index) == ("rows", 2)
    state = start_round(["A", "B", "C"], "normal", ["9S", "0R", "0J", "0V"])
    assert state.rows[0] == (Card(9, Family.SHADOW),)
    with pytest.raises(PlaceError) as err:
        play_round_turn(state, ["1R", "9S", "2J"])
    assert err.value.index == 1 and "rangée 1" in err.value.message


def test_t17_each_step_says_what_it_is_worth_to_its_player():
    result = turn(
        ["0B 3B 8B 9B", "4R 6R", "0J 2J 6S 8A", "5V 11V"],
        [("Léa", "8J"), ("Tom", "2R"), ("Zoé", "10A"), ("Max", "1S")],
    )
    assert [(str(s.card), s.points) for s in result.steps] == [
        ("1S", -1),
        ("2R", 4),
        ("8J", 4),
        ("10A", 20),
    ]
    assert sum(s.points for s in result.steps) == sum(points(result))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rows": [["0B"], ["0R"], ["0J"]]}, "rows"),
        ({"collected": [["0R"]]}, "collected"),
        ({"collected": [["5R"], [], []]}, "state"),  # 5R is also in row 2
        ({"turn": 11}, "turn"),
        ({"turn": "3"}, "turn"),
        ({"players": ["A", "B"]}, "players"),
        ({"discarded": ["99Q"]}, "discarded"),
    ],
)
def test_round_state_from_json_checks_what_it_reads(change, field):
    played = play_round(["Léa", "Tom", "Zoé"], [["5R", "3A", "0S"]])
    snapshot = {**played.state.to_json(), **change}
    with pytest.raises(InputError) as err:
        RoundState.from_json(snapshot)
    assert err.value.field == field
