"""NUM DRAFT benchmarks (pytest-benchmark), both modes: typical pools, the adversarial pools a
performance review found, the 7-player table, and a hill-climb that hunts for the slowest pool.

Targets: every pool ≤ 20 ms in both modes, a 7-player table ≤ 100 ms. Timings are
reported, never asserted. Every timed call starts with empty group caches (``cold``), the cost
of a pool the worker has never seen. Under ``make bench`` the hill-climb spends ``CLIMB_SECONDS``
per mode (both modes ≤ 30 s); when the suite runs the benchmarks once (``--benchmark-disable``)
it spends ``QUICK_CLIMB_SECONDS``, just enough to prove it runs.
"""

import random
import time

import pytest

from calculators.engines import numdraft
from calculators.engines.cards import (
    DRAFT_DECK_LARGE,
    DRAFT_DECK_SMALL,
    FAMILIES,
    JOKER,
    AnyCard,
    Card,
    Deck,
    Family,
    parse_card,
)

MODES = [numdraft.CLASSIC, numdraft.DISCOVERY]
CLIMB_SECONDS = 12.0
QUICK_CLIMB_SECONDS = 1.5
NEIGHBOUR_PLACES = [i for i, (x, _) in enumerate(numdraft.PLACES) if x in (-1, 3)]

#: The review's adversarial grid with its two neighbour columns; 1.8 s and 1.7 s in Découverte
#: with the former branch and bound. Totals checked against that engine.
ADVERSARIAL_GRID = [["1R", "JK", "1V"], ["2B", "2J", "2S"], ["3R", "JK", "3V"]]
ADVERSARIAL = {
    "rainbows-4-9": (["4A", "5A", "6A"], ["7A", "8A", "9A"], {"classic": 39, "discovery": 55}),
    "rainbows-1-3": (["4A", "1A", "6A"], ["3A", "8A", "9A"], {"classic": 39, "discovery": 61}),
}


def cold(pool: numdraft.Pool, mode: str) -> numdraft.PoolResult:
    """Score ``pool`` as a worker that never saw it: group caches emptied first."""
    numdraft._groups.cache_clear()
    numdraft._scoring.cache_clear()
    return numdraft.score_pool(pool, mode)


def cards_text(pool: numdraft.Pool) -> str:
    """« left | grid rows | right », top to bottom, ``-`` for an empty place."""

    def text(card: AnyCard | None) -> str:
        return "-" if card is None else str(card)

    left = " ".join(text(pool.at((-1, y))) for y in range(3))
    grid = " / ".join(" ".join(text(pool.at((x, y))) for x in range(3)) for y in range(3))
    right = " ".join(text(pool.at((3, y))) for y in range(3))
    return f"left {left} | grid {grid} | right {right}"


# --------------------------------------------------------------------------- fixed pools


def typical_pool(seed: int) -> numdraft.Pool:
    rng = random.Random(seed)
    deck = DRAFT_DECK_SMALL.numeric_cards()
    rng.shuffle(deck)
    return numdraft.Pool(tuple(deck[:15]))


@pytest.mark.parametrize("mode", MODES)
def test_bench_numdraft_typical_pool(benchmark, mode):
    pools = [typical_pool(seed) for seed in range(50)]
    counter = iter(range(10**9))
    benchmark(lambda: cold(pools[next(counter) % 50], mode))


@pytest.mark.parametrize("name", ADVERSARIAL)
@pytest.mark.parametrize("mode", MODES)
def test_bench_numdraft_adversarial_pool(benchmark, mode, name):
    left, right, totals = ADVERSARIAL[name]
    grid = [[parse_card(t, DRAFT_DECK_SMALL, "grid") for t in row] for row in ADVERSARIAL_GRID]
    pool = numdraft.Pool.from_columns(
        grid,
        [parse_card(t, DRAFT_DECK_SMALL, "left") for t in left],
        [parse_card(t, DRAFT_DECK_SMALL, "right") for t in right],
    )
    result = benchmark(cold, pool, mode)
    assert result.total == totals[mode]
    assert len(result.wildcards) == 8


def seven_players() -> list[dict[str, object]]:
    deck = DRAFT_DECK_LARGE.numeric_cards()
    random.Random(7).shuffle(deck)
    players: list[dict[str, object]] = [
        {
            "name": f"J{k}",
            "grid": [[str(c) for c in deck[k * 9 + y * 3 : k * 9 + y * 3 + 3]] for y in range(3)],
        }
        for k in range(7)
    ]
    players[0]["grid"][1][1] = "JK"  # type: ignore[index]
    players[3]["grid"][0][0] = "JK"  # type: ignore[index]
    return players


@pytest.mark.parametrize("mode", MODES)
def test_bench_numdraft_seven_player_table(benchmark, mode):
    players = seven_players()

    def run() -> numdraft.TableResult:
        numdraft._groups.cache_clear()
        numdraft._scoring.cache_clear()
        return numdraft.table(players, mode)

    result = benchmark(run)
    assert len(result.players) == 7 and result.values == "0-16"


# --------------------------------------------------------------------------- hill-climb


def random_card(rng: random.Random, deck: Deck, place: int, cards: list[AnyCard | None]):
    """A card for ``place`` that keeps the pool legal, leaning to the search's hard shapes:
    Jokers, neighbour Rainbows, and values and colours already present."""
    jokers = sum(1 for i, c in enumerate(cards) if c is JOKER and i != place)
    roll = rng.random()
    if roll < 0.08:
        return None
    if roll < 0.25 and jokers < deck.jokers:
        return JOKER
    present = [c for c in cards if isinstance(c, Card)]
    for _ in range(20):
        if place in NEIGHBOUR_PLACES and roll < 0.6:
            family = Family.RAINBOW
        elif present and rng.random() < 0.5:
            family = rng.choice(present).family
        else:
            family = rng.choice(FAMILIES)
        if present and rng.random() < 0.6:
            value = rng.choice(present).value
        else:
            value = rng.randint(0, deck.max_value)
        card = Card(value, family)
        if card not in cards:
            return card
    return None


def mutate(rng: random.Random, deck: Deck, cards: tuple) -> tuple:
    slots = list(cards)
    for _ in range(rng.randint(1, 3)):
        place = rng.randrange(15)
        slots[place] = random_card(rng, deck, place, slots)
    return tuple(slots)


def cost(cards: tuple, mode: str, repeats: int = 3) -> float:
    """Seconds to score, the least of ``repeats`` cold runs: the least noisy figure on a shared
    machine, where any run may include a pause of the process."""
    pool = numdraft.Pool(cards)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        cold(pool, mode)
        best = min(best, time.perf_counter() - start)
    return best


def climb(mode: str, seconds: float, seed: int) -> tuple[float, numdraft.Pool, str]:
    """Hill-climb over pools (both decks, restarts when stuck); the slowest pool found."""
    rng = random.Random(seed)
    end = time.perf_counter() + seconds
    worst: tuple[float, tuple, str] = (0.0, (None,) * 15, "0-12")
    restart = 0
    while time.perf_counter() < end:
        deck = (DRAFT_DECK_SMALL, DRAFT_DECK_LARGE)[restart % 2]
        restart += 1
        cards: tuple = (None,) * 15
        for _ in range(12):
            cards = mutate(rng, deck, cards)
        here = cost(cards, mode)
        stuck = 0
        while stuck < 60 and time.perf_counter() < end:
            candidate = mutate(rng, deck, cards)
            spent = cost(candidate, mode)
            if spent >= here:
                stuck = 0 if spent > here * 1.05 else stuck + 1
                cards, here = candidate, spent
            else:
                stuck += 1
        here = cost(cards, mode, repeats=7)  # a climb may end on a pause of the machine
        if here > worst[0]:
            worst = (here, cards, deck.range_label)
    numdraft.check_pool_cards(numdraft.Pool(worst[1]), DRAFT_DECK_LARGE)
    return worst[0], numdraft.Pool(worst[1]), worst[2]


@pytest.mark.parametrize("mode", MODES)
def test_bench_numdraft_worst_pool_found_by_hill_climb(benchmark, capsys, mode):
    seconds = QUICK_CLIMB_SECONDS if benchmark.disabled else CLIMB_SECONDS
    found, pool, values = climb(mode, seconds, seed=12 + MODES.index(mode))
    text = cards_text(pool)
    with capsys.disabled():  # shown by `make bench`, which does not pass -s
        print(f"\nNUM DRAFT {mode}: slowest pool found ({values}): {text} in {found * 1000:.2f} ms")
    benchmark.extra_info.update(
        {"pool": text, "values": values, "climb_seconds": seconds, "found_ms": found * 1000}
    )
    result = benchmark(cold, pool, mode)
    assert result.total == sum(g.points for g in result.groups)
