"""Prepared deals (calculators/engines/deals.py, docs/deals.md): fixed vectors that pin the
shuffle for ever, each dealing rule one test, and properties over random seeds and tables."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import deals
from calculators.engines.cards import DRAFT_DECK_LARGE, DRAFT_DECK_SMALL, FULL_DECK, InputError

SEEDS = ("club-1", "2026-12-05", "donne n° 3")

#: NUM DRAFT, 2 seats, deck 0-12: each seat's grid (rows « / ») and hand. Never change these:
#: a deal printed last year must still be the deal of its seed.
DRAFT_VECTORS = {
    "club-1": [
        ("2A 9B 6J / 12A JK 0B / 6R 12B 3J", "0R 5R 1V 11V 0J"),
        ("10B 10J 4S / 10A 4A 12V / 3A 8B 4B", "6V 4J 11J 1A 8A"),
    ],
    "2026-12-05": [
        ("10A 2B 12V / 5S 5B 0V / 11S 7A 6B", "0B 3J 6J 6A 10S"),
        ("1R 3V 10J / 2R 12S 12B / 7S 9R 4R", "3R 8R 2V 11V 9J"),
    ],
    "donne n° 3": [
        ("11B 2S 11S / 9S 8V 5J / 3S 6S 1J", "12V 3B 4B 12B 11J"),
        ("7A 9J 3R / 7J 5B 10V / 5R 0A JK", "1B 6B 6J 3A 6A"),
    ],
}
#: Num 5, 3 seats: each seat's 10 cards, in deck order.
NUM5_VECTORS = {
    "club-1": [
        "9R 14R 9B 12B 6J 14J 15J 16J 0A 13S",
        "6R 8R 5V 11V 5J 13J 1A 3A 3S 14S",
        "11R 3V 2J 10J 11J 2A 10A 0S 6S 12S",
    ],
    "2026-12-05": [
        "10R 1V 2V 16V 14J 16J 1S 2S 7S 11S",
        "7V 1B 8B 13B 4J 5J 15J 2A 4A 8S",
        "12R 10V 14V 5B 3J 10A 14A 3S 6S 14S",
    ],
    "donne n° 3": [
        "16R 1V 10B 4J 5J 5A 8A 7S 8S 10S",
        "15R 7V 14V 2B 3B 11B 13B 12J 14J 5S",
        "8R 10R 14R 9V 14B 7J 11J 3A 4A 16S",
    ],
}


def text(cards) -> str:
    return " ".join(str(c) for c in cards)


@pytest.mark.parametrize("seed", SEEDS)
def test_fixed_vectors_num_draft(seed):
    dealt = deals.deal(deals.NUM_DRAFT, 2, seed)
    assert dealt.deck == "0-12"
    got = [(" / ".join(text(r) for r in s.grid), text(s.hand)) for s in dealt.seats]
    assert got == DRAFT_VECTORS[seed]


@pytest.mark.parametrize("seed", SEEDS)
def test_fixed_vectors_num5(seed):
    dealt = deals.deal(deals.NUM5, 3, seed)
    assert [text(s.hand) for s in dealt.seats] == NUM5_VECTORS[seed]
    assert text(dealt.rows) == "0B 0R 0J 0V"


def test_draw_is_sha256_of_seed_and_counter_as_documented():
    """docs/deals.md#donnes-melange, recomputed here from the text: the first 8 bytes of
    SHA-256(seed ‖ 0x00 ‖ counter on 8 bytes), big-endian, modulo the bound."""
    for counter in range(20):
        block = hashlib.sha256(b"club-1\x00" + counter.to_bytes(8, "big")).digest()
        x = int.from_bytes(block[:8], "big")
        assert x < (1 << 64) - (1 << 64) % 80  # no refusal in these first blocks
        assert deals.draw("club-1", counter, 80) == x % 80
    assert [deals.draw("club-1", k, 80) for k in range(5)] == [17, 33, 33, 30, 32]


def test_shuffle_is_fisher_yates_from_the_last_place():
    assert deals.shuffle(list(range(10)), "club-1") == [3, 4, 8, 6, 9, 0, 2, 1, 5, 7]
    # place 9 first swaps with draw(seed, 0, 10)
    expected = list(range(10))
    j = deals.draw("club-1", 0, 10)
    expected[9], expected[j] = expected[j], expected[9]
    counter = 1
    for i in range(8, 0, -1):
        j = deals.draw("club-1", counter, i + 1)
        counter += 1
        expected[i], expected[j] = expected[j], expected[i]
    assert deals.shuffle(list(range(10)), "club-1") == expected


def test_draw_refuses_blocks_above_the_largest_multiple():
    """A bound that is not a power of two: every answer stays below it, and a refused block moves
    to the next counter (bound 2⁶³ + 1 refuses about half the blocks)."""
    bound = (1 << 63) + 1
    answers = [deals.draw("x", k, bound) for k in range(40)]
    assert all(0 <= a < bound for a in answers)
    refused = [
        k
        for k in range(40)
        if int.from_bytes(hashlib.sha256(b"x\x00" + k.to_bytes(8, "big")).digest()[:8], "big")
        >= (1 << 64) - (1 << 64) % bound
    ]
    k = next(k for k in refused if k + 1 not in refused)  # this seed has some
    assert deals.draw("x", k, bound) == deals.draw("x", k + 1, bound)


def test_num_draft_seat_gets_a_3x3_grid_and_a_hand_of_5():
    for s in deals.deal(deals.NUM_DRAFT, 5, "a").seats:
        assert [len(r) for r in s.grid] == [3, 3, 3]
        assert len(s.hand) == 5


def test_num_draft_deck_follows_the_table_size():
    assert deals.deal(deals.NUM_DRAFT, 5, "a").deck == "0-12"
    assert deals.deal(deals.NUM_DRAFT, 6, "a").deck == "0-16"
    assert deals.deal(deals.NUM_DRAFT, 3, "a", "0-16").deck == "0-16"


def test_num_draft_small_deck_too_small_for_six_seats():
    with pytest.raises(InputError) as caught:
        deals.deal(deals.NUM_DRAFT, 6, "a", "0-12")
    assert caught.value.field == "deck"


def test_num5_seat_gets_10_cards_and_the_rows_start_with_the_zeros():
    dealt = deals.deal(deals.NUM5, 8, "a")
    assert all(len(s.hand) == 10 and s.grid == () for s in dealt.seats)
    assert text(dealt.rows) == "0B 0R 0J 0V"
    assert not set(dealt.rows) & {c for s in dealt.seats for c in s.hand}


@pytest.mark.parametrize(
    ("game", "seats", "deck", "field"),
    [
        ("num-check", 4, None, "game"),
        ("num-draft", 1, None, "seats"),
        ("num-draft", 8, None, "seats"),
        ("num5", 2, None, "seats"),
        ("num5", 9, None, "seats"),
        ("num-draft", 4, "0-10", "deck"),
        ("num5", 4, "0-12", "deck"),
    ],
)
def test_bad_input_names_its_field(game, seats, deck, field):
    with pytest.raises(InputError) as caught:
        deals.deal(game, seats, "a", deck)
    assert caught.value.field == field


def test_seed_longer_than_200_characters_refused():
    with pytest.raises(InputError) as caught:
        deals.deal(deals.NUM5, 4, "x" * 201)
    assert caught.value.field == "seed"


def test_hand_in_deck_order_grid_in_dealt_order():
    dealt = deals.deal(deals.NUM_DRAFT, 7, "ordre")
    order = {c: i for i, c in reversed(list(enumerate(deals.deck_cards(DRAFT_DECK_LARGE))))}
    for s in dealt.seats:
        assert [order[c] for c in s.hand] == sorted(order[c] for c in s.hand)


GAME_SEATS = st.one_of(
    st.tuples(st.just(deals.NUM_DRAFT), st.integers(2, 7)),
    st.tuples(st.just(deals.NUM5), st.integers(3, 8)),
)


@settings(max_examples=150, deadline=None)
@given(GAME_SEATS, st.text(max_size=40))
def test_every_card_at_most_once_and_each_seat_what_the_rules_deal(game_seats, seed):
    game, seats = game_seats
    dealt = deals.deal(game, seats, seed)
    deck = {"0-12": DRAFT_DECK_SMALL, "0-16": DRAFT_DECK_LARGE}[dealt.deck]
    if game == deals.NUM5:
        deck = FULL_DECK
    used = Counter(c for s in dealt.seats for c in s.cards) + Counter(dealt.rows)
    available = Counter(deals.deck_cards(deck))
    assert all(n <= available[c] for c, n in used.items())
    assert len(dealt.seats) == seats
    per_seat = 14 if game == deals.NUM_DRAFT else 10
    assert all(len(s.cards) == per_seat for s in dealt.seats)


@settings(max_examples=60, deadline=None)
@given(GAME_SEATS, st.text(max_size=40))
def test_same_seed_same_deal(game_seats, seed):
    game, seats = game_seats
    assert deals.deal(game, seats, seed) == deals.deal(game, seats, seed)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(), max_size=30), st.text(max_size=20))
def test_shuffle_is_a_permutation(items, seed):
    assert sorted(deals.shuffle(items, seed)) == sorted(items)


def test_fewer_seats_are_the_first_seats_of_more():
    """Dealt in blocks, seat 1 first: a table of 3 receives what seats 1–3 of a table of 4 do."""
    assert deals.deal(deals.NUM5, 3, "s").seats == deals.deal(deals.NUM5, 4, "s").seats[:3]


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=20), st.sampled_from(deals.GAMES), st.integers(2, 8))
def test_steps_walk_the_sorted_deck_and_give_every_dealt_card_its_place(seed, game, seats):
    # docs/deals.md#donnes-preparer: every card dealt once, in the sorted deck's order
    low, high = deals.seat_range(game)
    seats = min(max(seats, low), high)
    dealt = deals.deal(game, seats, seed)
    walk = deals.steps(dealt)
    deck = FULL_DECK if game == deals.NUM5 else deals.DRAFT_DECKS[dealt.deck]
    order = deals.deck_cards(deck)
    positions = [order.index(s.card) for s in walk]
    assert positions == sorted(positions)
    rebuilt: dict[tuple[int, str], list] = {}
    for s in walk:
        rebuilt.setdefault((s.seat, s.place), []).append((s.index, s.card))
    for number, seat in enumerate(dealt.seats, start=1):
        grid = sorted(rebuilt.get((number, deals.GRID), []), key=lambda p: p[0])
        assert [c for _, c in grid] == [c for r in seat.grid for c in r]
        assert [i for i, _ in grid] == list(range(len(grid)))
        assert Counter(c for _, c in rebuilt.get((number, deals.HAND), [])) == Counter(seat.hand)
    rows = sorted(rebuilt.get((0, deals.ROW), []), key=lambda p: p[0])
    assert tuple(c for _, c in rows) == dealt.rows
    assert len(walk) == sum(len(s.cards) for s in dealt.seats) + len(dealt.rows)


def test_steps_leave_the_undealt_cards_in_the_box():
    dealt = deals.deal(deals.NUM5, 3, "club-1")
    walk = deals.steps(dealt)
    assert len(walk) == 3 * 10 + 4  # of 102 cards, 68 stay in the box
    assert walk[0].card == deals.NUM5_ROWS[1] and walk[0].place == deals.ROW  # 0R, row 2
