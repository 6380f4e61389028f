"""The seating search (docs/events.md « Placement ») against what is known and against the
greedy placement club tools use, each figure printed beside its goal (``make bench``):

- the social golfer instances with known perfect answers: 16 players at 4 tables of 4 for 5
  rounds and 20 at 5 tables of 4 for 5 rounds, with no pair meeting twice; 32 at 8 tables of 4:
  the most rounds reached with no pair meeting twice (the best known answer is 10), planned
  ahead and seated round by round;
- 43 players at tables of 3 to 5 for 6 rounds, five pairs to keep apart: the pairs meeting again,
  the search against the greedy placement alone (seeds a, b, c), and no forbidden pair seated;
- the time: one round of 200 players at 50 tables after five rounds, Swiss on (goal ≤ 2 s of
  CPU), and the largest request the planner takes (300 players, tables of 10, 20 rounds), each
  also as a ratio to a fixed pure-Python workload measured in the same run.

When the suite runs the benchmarks once (``--benchmark-disable``) only the small instances run,
to prove the code runs; figures are reported, the goals of 16 and 20 players asserted."""

from __future__ import annotations

import itertools
import time
from collections import Counter

from _pytest.capture import CaptureFixture

from calculators.engines import seating
from calculators.engines.seating import Draw, Past

from .test_bench_worst import reference_cost


def say(capsys: CaptureFixture[str], text: str) -> None:
    with capsys.disabled():  # shown by `make bench`, which does not pass -s
        print(f"\nseating: {text}")


def repeats(rounds) -> int:
    met: Counter[tuple[int, int]] = Counter()
    for seated in rounds:
        for table in seated.tables:
            for pair in itertools.combinations(sorted(table), 2):
                met[pair] += 1
    return sum(m - 1 for m in met.values() if m > 1)


def greedy(players: int, sizes, rounds: int, avoid, seed: str) -> int:
    """The greedy placement alone, round after round: its pairs meeting again."""
    draw, met, seated = Draw(seed), Counter[tuple[int, int]](), []
    _, tables = seating.byes(players, sizes)
    for _ in range(rounds):
        groups = seating.greedy_round(range(players), tables, met, avoid, draw)
        for table in groups:
            for pair in itertools.combinations(sorted(table), 2):
                met[pair] += 1
        seated.append(seating.RoundSeating(tuple(map(tuple, groups))))
    return repeats(seated)


def round_by_round(players: int, sizes, rounds: int, seed: str) -> int:
    past = Past(players)
    seated = []
    for r in range(rounds):
        seated.append(seating.seat_round(range(players), sizes, past, set(), f"{seed}{r}"))
        past.record(seated[-1])
    return repeats(seated)


def cpu(run) -> float:
    start = time.thread_time()
    run()
    return time.thread_time() - start


def test_bench_social_golfers(benchmark, capsys):
    for players, rounds in ((16, 5), (20, 5)):
        found = repeats(seating.plan(players, (4,), rounds, set(), "golf").rounds)
        say(capsys, f"{players} players, tables of 4, {rounds} rounds: {found} repeats (goal 0)")
        assert found == 0
    if benchmark.disabled:
        return
    ahead = max(
        r for r in range(6, 11) if not repeats(seating.plan(32, (4,), r, set(), "golf").rounds)
    )
    by_round = max(r for r in range(4, 11) if not round_by_round(32, (4,), r, "golf"))
    say(
        capsys,
        f"32 players, tables of 4: {ahead} rounds with no repeat planned ahead, {by_round} "
        "seated round by round (best known: 10)",
    )
    benchmark.extra_info.update({"golf_32_ahead": ahead, "golf_32_by_round": by_round})
    benchmark.pedantic(seating.plan, args=(20, (4,), 5, set(), "golf"), rounds=3)


def test_bench_against_the_greedy_placement(benchmark, capsys):
    sizes = (4, 3, 5)
    avoid = {(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)}
    seeds = ("a",) if benchmark.disabled else ("a", "b", "c")
    ours = [seating.plan(43, sizes, 6, avoid, seed) for seed in seeds]
    base = [greedy(43, sizes, 6, avoid, seed) for seed in seeds]
    found = [repeats(p.rounds) for p in ours]
    forbidden = sum(len(p.forbidden) for p in ours)
    say(
        capsys,
        f"43 players, tables of 3–5, 6 rounds, 5 pairs apart: repeats {found} against the greedy "
        f"placement's {base}; forbidden pairs seated: {forbidden} (goal 0)",
    )
    assert forbidden == 0
    if not benchmark.disabled:
        benchmark.pedantic(seating.plan, args=(43, sizes, 6, avoid, "a"), rounds=3)


def test_bench_seating_time(benchmark, capsys):
    if benchmark.disabled:
        return
    reference = reference_cost() / 1000
    past = Past(200)
    for r in range(5):
        past.record(seating.seat_round(range(200), (4,), past, set(), f"p{r}"))
    standings = {p: (p * 37) % 200 + 1 for p in range(200)}
    one_round = min(
        cpu(lambda: seating.seat_round(range(200), (4,), past, set(), "r6", standings))
        for _ in range(3)
    )
    largest = cpu(lambda: seating.plan(300, (10,), 20, set(), "largest"))
    mark = "✓" if one_round <= 2 else "✗"
    say(
        capsys,
        f"one round of 200 players at 50 tables after 5 rounds, Swiss: {one_round:.2f} s CPU "
        f"≤ 2 s {mark} ({one_round / reference:.0f}× the reference workload); the largest plan "
        f"(300 players, tables of 10, 20 rounds): {largest:.2f} s ({largest / reference:.0f}×)",
    )
    benchmark.extra_info.update({"round_200_s": one_round, "largest_plan_s": largest})
    benchmark.pedantic(
        seating.seat_round, args=(range(200), (4,), past, set(), "r6", standings), rounds=3
    )
