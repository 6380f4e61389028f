"""The best score a NUM DRAFT seat's cards allow (calculators/engines/dealbest.py,
docs/deals.md#donnes-meilleur): compared with an exhaustive oracle on small cases, every total
numdraft's own, and its invariants as properties."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import dealbest, deals, numdraft
from calculators.engines.cards import DRAFT_DECK_LARGE, JOKER, AnyCard, Card, Family, parse_card

DECK = deals.deck_cards(DRAFT_DECK_LARGE)
MODES = (numdraft.CLASSIC, numdraft.DISCOVERY)


def hands(low: int, high: int) -> st.SearchStrategy[list]:
    """``low`` to ``high`` different cards of the 0–16 deck (its two Jokers included)."""
    return st.lists(st.integers(0, len(DECK) - 1), min_size=low, max_size=high, unique=True).map(
        lambda picks: [DECK[i] for i in picks]
    )


def oracle(cards, mode: str, keep: int) -> int:
    """Every choice of ``keep`` cards in every arrangement of the nine places, scored by numdraft."""
    best = 0
    for chosen in combinations(cards, keep):
        for cells in permutations(range(9), keep):
            items = [None] * 9
            for cell, card in zip(cells, chosen, strict=True):
                items[cell] = card
            best = max(best, numdraft.pool_total(dealbest._pool(items), mode))
    return best


def grid_cards(best: dealbest.Best) -> list:
    return [c for row in best.grid for c in row if c is not None]


@settings(max_examples=25, deadline=None)
@given(hands(2, 4), st.sampled_from(MODES))
def test_best_grid_equals_the_exhaustive_oracle_of_every_placement(cards, mode):
    best = dealbest.best_grid(cards, mode)
    assert best.exact
    assert best.total == oracle(cards, mode, len(cards))


@settings(max_examples=12, deadline=None)
@given(hands(5, 5), st.sampled_from(MODES))
def test_best_grid_chooses_the_best_subset_like_the_oracle(cards, mode):
    best = dealbest.best_grid(cards, mode, keep=3)
    assert best.total == oracle(cards, mode, 3)
    assert Counter(map(str, grid_cards(best) + list(best.left_out))) == Counter(map(str, cards))


@settings(max_examples=15, deadline=None)
@given(hands(11, 11))
def test_discovery_best_is_the_best_of_every_nine_card_subset(cards):
    best = dealbest.best_grid(cards, numdraft.DISCOVERY)
    expected = max(
        numdraft.pool_total(dealbest._pool(list(sub)), numdraft.DISCOVERY)
        for sub in combinations(cards, 9)
    )
    assert best.total == expected


@settings(max_examples=10, deadline=None)
@given(st.text(max_size=12), st.integers(2, 7))
def test_best_of_a_dealt_seat_is_numdrafts_score_of_its_grid(seed, seats):
    dealt = deals.deal(deals.NUM_DRAFT, seats, seed)
    seat = dealt.seats[0]
    for mode in MODES:
        best = dealbest.best_grid(seat.cards, mode)
        assert best.exact
        assert best.total == numdraft.score_pool(dealbest._pool(grid_cards(best)), mode).total
        assert best.total == best.result.total
        assert len(grid_cards(best)) == 9 and len(best.left_out) == 5
        assert Counter(map(str, grid_cards(best) + list(best.left_out))) == Counter(
            map(str, seat.cards)
        )


@settings(max_examples=10, deadline=None)
@given(hands(10, 14))
def test_classic_best_never_above_discovery_best(cards):
    classic = dealbest.best_grid(cards, numdraft.CLASSIC)
    discovery = dealbest.best_grid(cards, numdraft.DISCOVERY)
    assert classic.total <= discovery.total


@settings(max_examples=10, deadline=None)
@given(hands(9, 14), st.randoms(use_true_random=False))
def test_best_total_does_not_depend_on_the_cards_order(cards, rng):
    shuffled = list(cards)
    rng.shuffle(shuffled)
    for mode in MODES:
        assert dealbest.best_grid(cards, mode).total == dealbest.best_grid(shuffled, mode).total


@settings(max_examples=30, deadline=None)
@given(hands(9, 9), st.sampled_from(MODES))
def test_optimistic_bound_is_never_below_the_discovery_total(cards, mode):
    assert dealbest._optimistic(cards) >= numdraft.pool_total(dealbest._pool(cards), mode)


@settings(max_examples=30, deadline=None)
@given(hands(3, 15), st.sampled_from(MODES))
def test_pool_total_is_score_pools_total(cards, mode):
    cells = (cards + [None] * 15)[:15]
    pool = numdraft.Pool(tuple(cells))
    assert numdraft.pool_total(pool, mode) == numdraft.score_pool(pool, mode).total


def test_search_capped_says_its_result_is_a_lower_bound():
    seat = deals.deal(deals.NUM_DRAFT, 7, "club-1").seats[3]
    full = dealbest.best_grid(seat.cards, numdraft.CLASSIC)
    capped = dealbest.best_grid(seat.cards, numdraft.CLASSIC, limit=1)
    assert full.exact and not capped.exact
    assert capped.placements == 1 and capped.total <= full.total


def test_neighbour_columns_are_left_out_of_the_best_grid():
    # nine Rouges of different values and a Joker: the grid alone, both neighbour columns empty,
    # eight Rouges touching, and the Joker as the value of the Rouge it touches (8 × 2 + 2 × 3)
    cards = [Card(v, Family.RED) for v in range(9)] + [JOKER]
    best = dealbest.best_grid(cards, numdraft.CLASSIC)
    assert best.result.pool.cards[:3] == (None,) * 3 and best.result.pool.cards[12:] == (None,) * 3
    assert best.total == 8 * numdraft.COLOUR_POINTS + 2 * numdraft.VALUE_POINTS == 22


@pytest.mark.parametrize("mode", MODES)
def test_the_symmetries_cut_keep_an_optimal_grid(mode):
    # two pairs sharing the 7R, one Joker: its best grids are not symmetric, the cut must keep one
    cards: list[AnyCard] = [Card(5, Family.RED), Card(5, Family.BLUE), Card(7, Family.RED), JOKER]
    assert dealbest.best_grid(cards, mode).total == oracle(cards, mode, 4)


def test_slowest_hand_found_stays_exact_under_the_limit():
    # the hill-climb's slowest hand (docs/deals.md#donnes-meilleur): its search ends below LIMIT
    cards = [parse_card(t, DRAFT_DECK_LARGE) for t in SLOWEST.split()]
    best = dealbest.best_grid(cards, numdraft.CLASSIC)
    assert best.exact and best.placements < dealbest.LIMIT
    assert best.total == numdraft.score_pool(dealbest._pool(grid_cards(best))).total
    assert best.total <= dealbest.best_grid(cards, numdraft.DISCOVERY).total


SLOWEST = "7B 2V JK 10S 9A 7A 0A 3V 12B 6A 7R 13J 11A 4R"
