"""« Quelles cartes guetter ? » (/num-check/regles/#arbitrage-cartes-a-guetter): the outs of a
hand, checked against the detector run with each card of the deck in the centre (the oracle)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numcheck
from calculators.engines.cards import FAMILIES, Card, InputError

DECK = [Card(v, f) for v in range(17) for f in FAMILIES]


def oracle(hand, rank, exclude=()):
    """{card: [(combo, total)]} from the detector, each card of the deck alone in the centre."""
    held = {c for c in numcheck.read_cards(hand, "hand") if isinstance(c, Card)}
    found = {}
    for card in DECK:
        if card in held:
            continue
        checks = numcheck.detect(hand, [card], rank, exclude)
        if checks:
            found[card] = [(d.combo.key, d.result.total) for d in checks]
    return found


def as_map(outs):
    return {o.card: [(d.combo.key, d.result.total) for d in o.checks] for o in outs}


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True),
    st.integers(1, 8),
    st.sets(st.sampled_from([c.key for c in numcheck.COMBOS]), max_size=3),
)
def test_outs_are_exactly_what_the_detector_finds_with_each_card_in_the_centre(hand, rank, exclude):
    codes = [c.code for c in hand]
    assert as_map(numcheck.outs(codes, rank, sorted(exclude))) == oracle(codes, rank, exclude)


def test_outs_come_best_first_then_by_value_then_family():
    found = numcheck.outs("7R 7B 7J 3V", 4)
    keys = [(-o.best, o.card.value, FAMILIES.index(o.card.family)) for o in found]
    assert keys == sorted(keys)
    assert all(
        [d.result.total for d in o.checks]
        == sorted((d.result.total for d in o.checks), reverse=True)
        for o in found
    )
    by_card = {o.card.code: o for o in found}
    assert by_card["7V"].best == 40 and by_card["7V"].checks[0].combo.key == "carre"
    assert by_card["3R"].checks[0].combo.key == "full"


def test_outs_skip_the_combinations_already_made():
    found = numcheck.outs("7R 7B 7J 3V", 4, ["carre", "brelan", "full", "paire", "double_paire"])
    assert all(d.combo.key not in {"carre", "brelan", "full"} for o in found for d in o.checks)


def test_outs_ignore_action_cards_in_the_hand_and_never_list_a_held_card():
    with_action = numcheck.outs(["6V", "7B", "9J", "Tornade"], 3)
    assert as_map(with_action) == as_map(numcheck.outs(["6V", "7B", "9J"], 3))
    assert not {"6V", "7B", "9J"} & {o.card.code for o in with_action}


@pytest.mark.parametrize(
    ("hand", "exclude", "field"),
    [
        ("7R 7R 3V", (), "hand"),  # a card twice
        ("", (), "hand"),
        ("1R 2R 3R 4R 5R", (), "hand"),  # 5 cards: a hand holds at most 4
        ("7R 7B", ("quinte",), "exclude"),
    ],
)
def test_outs_bad_input_names_its_field(hand, exclude, field):
    with pytest.raises(InputError) as err:
        numcheck.outs(hand, 1, exclude)
    assert err.value.field == field
