"""The slowest inputs a hill-climb finds for NUM CHECK's detector and « Quelles cartes guetter ? »
and for Num Connect, each timed cold (the engines' memos emptied) and printed beside its goal:
detect ≤ 5 ms, Num Connect ≤ 5 ms, outs ≤ 20 ms. The climbs start from the inputs a review
found slowest (detect: hand 3A 9A 5A 6A, centre 6S 8R 9R 5S at rank 4; outs: 1A 2A 3A 4A at
rank 4; Num Connect: 9 Shadows at one end with Rainbow hinges). Under ``make bench`` each climb
spends ``CLIMB_SECONDS``; when the suite runs the benchmarks once it spends
``QUICK_CLIMB_SECONDS``, enough to prove it runs. Timings are reported, never asserted."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

import pytest
from _pytest.capture import CaptureFixture

from calculators.engines import numcheck, numconnect
from calculators.engines.cards import InputError

CLIMB_SECONDS = 8.0
QUICK_CLIMB_SECONDS = 0.5
DECK = [f"{v}{f}" for v in range(17) for f in "RVBJAS"]
GOALS_MS = {"detect": 5.0, "outs": 20.0, "num-connect": 5.0}


def cold() -> None:
    """Every memo of the two engines emptied: the cost of an input never seen."""
    for module in (numcheck, numconnect):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def cost(run: Callable[[], object], repeats: int = 3) -> float:
    """CPU milliseconds of this thread (not the wall clock, which on a shared machine counts
    the waits for a core), the least of ``repeats`` cold runs; an input the engine refuses
    costs nothing."""
    best = float("inf")
    for _ in range(repeats):
        cold()
        start = time.thread_time()
        try:
            run()
        except InputError:
            return 0.0
        best = min(best, (time.thread_time() - start) * 1000)
    return best


def climb(
    start: list[str], mutate: Callable[[random.Random, list[str]], list[str]],
    run: Callable[[list[str]], object], seconds: float, seed: int,
) -> tuple[float, list[str]]:  # fmt: skip
    """Hill-climb from ``start`` (restarting from it when stuck): the slowest input found."""
    rng = random.Random(seed)
    end = time.perf_counter() + seconds
    worst = (cost(lambda: run(start), 5), start)
    here, current = worst
    stuck = 0
    while time.perf_counter() < end:
        candidate = mutate(rng, current)
        spent = cost(partial(run, candidate))
        if spent >= here:
            stuck = 0 if spent > here * 1.05 else stuck + 1
            current, here = candidate, spent
        else:
            stuck += 1
        if here > worst[0]:
            confirmed = cost(partial(run, current), 5)  # not a pause of the machine
            worst = max(worst, (confirmed, current))
        if stuck > 40:
            current, here, stuck = worst[1], worst[0], 0
    return worst


def swap_card(rng: random.Random, cards: list[str], lean: str = "AS") -> list[str]:
    """One card replaced by another of the deck not in use, leaning to Rainbows and Shadows."""
    out = list(cards)
    spare = [c for c in DECK if c not in out]
    if rng.random() < 0.6:
        spare = [c for c in spare if c[-1] in lean] or spare
    out[rng.randrange(len(out))] = rng.choice(spare)
    return out


def report(capsys: CaptureFixture[str], benchmark, name: str, found: float, text: str) -> None:
    goal = GOALS_MS[name]
    mark = "✓" if found <= goal else "✗"
    with capsys.disabled():  # shown by `make bench`, which does not pass -s
        print(f"\n{name}: slowest input found {text}: {found:.2f} ms ≤ {goal:.0f} ms {mark}")
    benchmark.extra_info.update({"input": text, "found_ms": round(found, 3), "goal_ms": goal})


def test_bench_detect_worst_input_found(benchmark, capsys):
    seconds = QUICK_CLIMB_SECONDS if benchmark.disabled else CLIMB_SECONDS
    start = ["3A", "9A", "5A", "6A", "6S", "8R", "9R", "5S", "4"]

    def mutate(rng: random.Random, cards: list[str]) -> list[str]:
        if rng.random() < 0.15:
            return [*cards[:8], str(rng.randint(1, 8))]
        return [*swap_card(rng, cards[:8]), cards[8]]

    def run(cards: list[str]) -> object:
        return numcheck.detect(cards[:4], cards[4:8], int(cards[8]))

    found, cards = climb(start, mutate, run, seconds, seed=5)
    text = f"hand {' '.join(cards[:4])}, centre {' '.join(cards[4:8])}, rank {cards[8]}"
    report(capsys, benchmark, "detect", found, text)
    cold()
    assert benchmark(run, cards)


def reference_cost() -> float:
    """CPU milliseconds of a fixed pure-Python workload (no site code: sorting and hashing
    small tuples, as the engines do), the least of 5 runs: a machine shared with other work
    makes absolute figures drift, the ratio of a cost to this one drifts much less."""
    data = [((i * 7919) % 1009, i % 17, i % 6 == 0) for i in range(20000)]

    def run() -> object:
        return len({t: sorted(t) for t in sorted(data)})

    return cost(run, 5)


def test_bench_outs_worst_hand_found(benchmark, capsys):
    seconds = QUICK_CLIMB_SECONDS if benchmark.disabled else CLIMB_SECONDS
    start = ["1A", "2A", "3A", "4A", "4"]
    before = reference_cost()

    def mutate(rng: random.Random, cards: list[str]) -> list[str]:
        if rng.random() < 0.15:
            return [*cards[:4], str(rng.randint(1, 8))]
        return [*swap_card(rng, cards[:4]), cards[4]]

    def run(cards: list[str]) -> object:
        return numcheck.outs(cards[:4], int(cards[4]))

    found, cards = climb(start, mutate, run, seconds, seed=6)
    reference = min(before, reference_cost())
    text = f"hand {' '.join(cards[:4])}, rank {cards[4]}"
    report(capsys, benchmark, "outs", found, text)
    with capsys.disabled():
        print(
            f"outs: reference workload {reference:.2f} ms, slowest hand = {found / reference:.2f}×"
        )
    benchmark.extra_info["reference_ms"] = round(reference, 3)
    cold()
    assert benchmark(run, cards)


def test_bench_num_connect_worst_line_found(benchmark, capsys):
    seconds = QUICK_CLIMB_SECONDS if benchmark.disabled else CLIMB_SECONDS
    # 9 Shadows at one end, then a run with Rainbow hinges
    start = [f"{v}S" for v in range(9)] + ["9R", "10A", "11R", "12A", "13R", "14A", "15R", "16A"]

    def mutate(rng: random.Random, cards: list[str]) -> list[str]:
        roll = rng.random()
        if roll < 0.15 and len(cards) > 3:
            out = list(cards)
            del out[rng.randrange(len(out))]
            return out
        if roll < 0.3:
            spare = [c for c in DECK if c not in cards]
            out = list(cards)
            out.insert(rng.randrange(len(out) + 1), rng.choice(spare))
            return out
        return swap_card(rng, cards)

    found, cards = climb(start, mutate, numconnect.check, seconds, seed=7)
    report(capsys, benchmark, "num-connect", found, f"{len(cards)} cards {' '.join(cards)}")
    cold()
    assert benchmark(numconnect.check, cards)


@pytest.mark.parametrize("hand", [["7R", "3B", "12J", "5V"], ["5A", "5S", "6A", "6S"]])
def test_bench_outs_typical_hand(benchmark, hand):
    def outs():
        cold()
        return numcheck.outs(hand, 4)

    assert benchmark(outs)
