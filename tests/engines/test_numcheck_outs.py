"""« Quelles cartes guetter ? » (/num-check/regles/#arbitrage-cartes-a-guetter): the outs of a
hand, checked against the detector run with each card of the deck in the centre (the oracle)."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numcheck
from calculators.engines.cards import FAMILIES, Card, InputError
from calculators.engines.i18n import use_language
from tests.conftest import LANGUAGES

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


def score_oracle(hand, rank, exclude=()):
    """Every out, the slow obvious way: each card of the deck added to every subset of the
    hand, each combination scored with :func:`numcheck.score`; per (card, combination) the
    best claim (total, then normal mode, then greatest references), the first subset of
    equals in the hand's order kept; each card's CHECKs highest total first, then in the
    table's order; the cards best first, then by value and family."""
    numeric = [c for c in numcheck.read_cards(hand, "hand") if isinstance(c, Card)]
    found = []
    for card in DECK:
        if card in numeric:
            continue
        checks = []
        for combo in numcheck.COMBOS:
            if combo.key in exclude:
                continue
            best = None
            for subset in combinations(numeric, combo.count - 1):
                result = numcheck.score(combo, [*subset, card], rank)
                key = (result.total, result.mode == "normal", result.references)
                if result.valid and (best is None or key > best[0]):
                    best = (key, subset, result)
            if best is not None:
                checks.append((-best[2].total, combo.key, best[1], best[2]))
        if checks:
            checks.sort(key=lambda c: c[0])  # stable: the table's order among equal totals
            found.append((card, [(key, subset, result) for _, key, subset, result in checks]))
    found.sort(key=lambda f: -f[1][0][2].total)  # stable: value, then family
    return found


def as_list(outs):
    return [(o.card, [(d.combo.key, d.hand, d.result) for d in o.checks]) for o in outs]


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


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True),
    st.integers(1, 8),
    st.sets(st.sampled_from([c.key for c in numcheck.COMBOS]), max_size=3),
    st.sampled_from(LANGUAGES),
)
def test_outs_equal_every_card_of_the_deck_scored_with_every_subset_of_the_hand(
    hand, rank, exclude, language
):
    """Results, order, hand cards used and texts: what :func:`numcheck.score` gives for the best
    claim of each card with the hand, in either language."""
    codes = [c.code for c in hand]
    with use_language(language):
        assert as_list(numcheck.outs(codes, rank, sorted(exclude))) == score_oracle(
            codes, rank, exclude
        )


@pytest.mark.parametrize("rank", [1, 4, 6, 8])
@pytest.mark.parametrize(
    "hand",
    [
        "1A 2A 3A 4A",  # four Rainbows: the most readings (the slowest hand a review found)
        "13A 3A 12A 4A",
        "5A 5S 6A 6S",  # Rainbows and Shadows of two values: every cosmic combination
        "7R 3B 12J 5V",
        "8A 16A 12S",
        "0S 1S 2S 3A",
    ],
)
def test_outs_of_the_hands_with_the_most_readings_equal_the_score_oracle(hand, rank):
    assert as_list(numcheck.outs(hand, rank)) == score_oracle(hand, rank)


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
