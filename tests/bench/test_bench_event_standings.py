"""An event's standings (docs/events.md « Classement ») at the largest event the site ranks:
300 players over 20 rounds at tables of 4, every table with points, each figure printed
beside its goal (``make bench``): the standings recomputed from all the results in at most half a
second of CPU, also as a ratio to a fixed pure-Python workload measured in the same run.

When the suite runs the benchmarks once (``--benchmark-disable``) a small event runs, to prove
the code runs."""

from __future__ import annotations

import random
import time

from _pytest.capture import CaptureFixture

from calculators.engines.event_standings import MAX_PLAYERS, MAX_ROUNDS, TableResult, standings

from .test_bench_worst import reference_cost


def event(players: int, rounds: int, seed: int) -> tuple[list[str], list[TableResult]]:
    """Tables of 4, one of 5 when the count leaves one player over; random points, places
    from them."""
    rng = random.Random(seed)
    names = [f"Joueur {i}" for i in range(1, players + 1)]
    results = []
    for number in range(1, rounds + 1):
        order = names[:]
        rng.shuffle(order)
        table = 0
        while order:
            size = 4 if len(order) % 4 != 1 or len(order) == 5 else 5
            size = min(size, len(order))
            seated, order = order[:size], order[size:]
            table += 1
            scores = [rng.randint(0, 300) for _ in seated]
            places = tuple(1 + sum(o > s for o in scores) for s in scores)
            results.append(TableResult(number, table, tuple(seated), places, tuple(scores)))
    return names, results


def test_bench_event_standings_time(benchmark, capsys: CaptureFixture[str]):
    if benchmark.disabled:
        names, results = event(9, 3, 1)
        assert len(standings(names, 3, results)) == 9
        return
    reference = reference_cost() / 1000
    names, results = event(MAX_PLAYERS, MAX_ROUNDS, 1)
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        lines = standings(names, MAX_ROUNDS, results)
        best = min(best, time.thread_time() - start)
    assert len(lines) == MAX_PLAYERS
    mark = "✓" if best <= 0.5 else "✗"
    with capsys.disabled():  # shown by `make bench`, which does not pass -s
        print(
            f"\nevent standings: {MAX_PLAYERS} players, {MAX_ROUNDS} rounds, {len(results)} "
            f"tables: {best:.3f} s CPU ≤ 0.5 s {mark} ({best / reference:.1f}× the reference "
            "workload)"
        )
    benchmark.extra_info.update({"largest_event_s": best})
    benchmark.pedantic(standings, args=(names, MAX_ROUNDS, results), rounds=3)
