"""« Qu'est-ce que j'ai ? » (/num-check/regles/#arbitrage-check-centre): every possible CHECK from the hand and the centre.

A CHECK is one card claimed from the centre plus 1 to 4 hand cards, never a combination made in
hand alone. The engine is compared with a brute-force oracle that tries every claim × every
subset of the hand × every combination through :func:`numcheck.score`.
"""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numcheck
from calculators.engines.cards import Card, Family, InputError


def listed(hand, centre, rank=1, exclude=()):
    return {
        (d.claim.code, d.combo.key): d.result.total
        for d in numcheck.detect(hand, centre, rank, exclude)
    }


def oracle(hand, centre, rank, exclude=()):
    """(claim, combo) → best total, by brute force over claim × hand subsets × combinations."""
    best: dict[tuple[str, str], int] = {}
    for claim in centre:
        if not isinstance(claim, Card):
            continue
        for combo in numcheck.COMBOS:
            if combo.key in exclude:
                continue
            for size in range(1, len(hand) + 1):
                for subset in combinations(hand, size):
                    cards = [*subset, claim]
                    if len(cards) != combo.count:
                        continue
                    result = numcheck.score(combo, cards, rank)
                    if result.valid:
                        key = (claim.code, combo.key)
                        best[key] = max(best.get(key, 0), result.total)
    return best


def test_a_combination_all_in_hand_is_never_listed():
    # The referee's case: the pair 9R 9B is in hand; the centre 7V completes nothing.
    assert listed("9R 9B 2J 3V", "7V") == {}


def test_the_claimed_card_is_always_part_of_the_check():
    for found in numcheck.detect("7R 7B 3V 3J", "7J 3A 12S", 4):
        assert found.claim in found.cards
        assert found.cards[-1] == found.claim
        assert set(found.hand) <= set(numcheck.read_cards("7R 7B 3V 3J"))
        assert 1 <= len(found.hand) <= 4


def test_each_claim_and_combination_once_with_its_best_reading():
    found = listed("7R 7B 3V 3J", "7J 3A 12S", 4)
    assert found == {
        ("7J", "full"): 26,
        ("3A", "full"): 26,
        ("7J", "brelan"): 31,
        ("3A", "brelan"): 31,  # the Rainbow 3 stands for a third 7
        ("7J", "paire"): 23,
        ("3A", "paire"): 23,
        ("7J", "double_paire"): 21,
        ("3A", "double_paire"): 21,
    }


def test_highest_total_first_then_centre_order_then_combination_table():
    found = numcheck.detect("7R 7B 3V 3J", "7J 3A 12S", 4)
    keys = [(d.result.total, d.claim.code, d.combo.key) for d in found]
    assert keys == [
        (31, "7J", "brelan"),
        (31, "3A", "brelan"),
        (26, "7J", "full"),
        (26, "3A", "full"),
        (23, "7J", "paire"),
        (23, "3A", "paire"),
        (21, "7J", "double_paire"),
        (21, "3A", "double_paire"),
    ]


def test_combinations_already_made_are_skipped():
    found = listed("12R 12V 12B 12J", "12S 1R", 6, ["brelan"])
    assert found == {("12S", "nums"): 58, ("12S", "carre"): 55, ("12S", "paire"): 38}


def test_fewer_than_four_cards_in_hand_are_accepted():
    assert listed("5R", "5B") == {("5B", "paire"): 15}


def test_action_cards_are_never_claimed_nor_part_of_a_check():
    found = numcheck.detect("5R Tornade", "Éclair 5B", 1)
    assert [(d.claim.code, d.combo.key, [c.code for c in d.cards]) for d in found] == [
        ("5B", "paire", ["5R", "5B"])
    ]


@pytest.mark.parametrize(
    ("hand", "centre", "field"),
    [
        ("5R 5B", "5R", "centre"),  # a card both in hand and in the centre
        ("", "5R", "hand"),
        ("1R 2R 3R 4R 5R", "6R", "hand"),
        ("5R", "", "centre"),
        ("5R", "1B 2B 3B 4B 6B", "centre"),
        ("5R 5R", "6B", "hand"),
        ("5R", "6B 6B", "centre"),
        ("5R", "17B", "centre"),
    ],
)
def test_bad_input_names_its_field(hand, centre, field):
    with pytest.raises(InputError) as err:
        numcheck.detect(hand, centre, 1)
    assert err.value.field == field


def test_card_in_hand_and_centre_names_the_card():
    with pytest.raises(InputError, match="7R"):
        numcheck.detect("7R 8R", "7R", 1)


def test_older_cards_form_is_hand_then_the_claimed_card():
    found = numcheck.detect_cards("7R 7B 7J 3V 3A", 1)
    assert {d.claim.code for d in found} == {"3A"}
    assert ("3A", "full") in {(d.claim.code, d.combo.key) for d in found}
    # the Brelan 7R 7B 7J is all in hand: only the Rainbow-completed one is listed
    brelan = next(d for d in found if d.combo.key == "brelan")
    assert brelan.claim.code == "3A"
    with pytest.raises(InputError) as err:
        numcheck.detect_cards("7R", 1)
    assert err.value.field == "cards"


CARDS = st.builds(Card, st.integers(0, 16), st.sampled_from(list(Family)))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(CARDS, min_size=1, max_size=8, unique=True).flatmap(
        lambda cards: st.tuples(st.just(cards), st.integers(0, len(cards) - 1))
    ),
    st.integers(1, 8),
    st.sets(st.sampled_from([c.key for c in numcheck.COMBOS]), max_size=3),
)
def test_detect_equals_the_brute_force_oracle(cards_split, rank, exclude):
    cards, cut = cards_split
    hand, centre = cards[:cut][:4], cards[cut:][:4]
    if not hand or not centre:
        return
    assert listed(hand, centre, rank, exclude) == oracle(hand, centre, rank, exclude)


@settings(max_examples=100, deadline=None)
@given(st.lists(CARDS, min_size=2, max_size=8, unique=True), st.integers(1, 8))
def test_detect_totals_are_what_score_gives_for_the_listed_cards(cards, rank):
    hand, centre = cards[:4], cards[4:] or cards[-1:]
    if set(hand) & set(centre):
        hand = hand[:-1]
    for found in numcheck.detect(hand, centre, rank):
        again = numcheck.score(found.combo, list(found.cards), rank)
        assert again.valid and again.total == found.result.total
        assert found.claim in centre and set(found.hand) <= set(hand)
