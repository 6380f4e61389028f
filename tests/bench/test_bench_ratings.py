"""The ratings (docs/ratings.md#cote-cout) of a club: 30 players and 1,000 finished parties of
four, the same game, each place drawn with its ties (about one party in three has one), built
from nothing as the statistics build them when a write changed the tablée's stamp. Goal ≤ 1 s:
`make bench` prints the median against it; the normal suite runs it once as a plain test and
checks the figures are whole (every party rated, every player's history adding up)."""

from __future__ import annotations

import random
import statistics
import time

import pytest
from _pytest.capture import CaptureFixture

from calculators.engines import ratings
from calculators.engines.ratings import Party, Seat

GOAL_S = 1.0
PLAYERS, PARTIES, SEATED = 30, 1000, 4


def club(seed: int = 37) -> list[Party]:
    rng = random.Random(seed)
    parties = []
    for i in range(PARTIES):
        seated = rng.sample(range(PLAYERS), SEATED)
        scores = [rng.randint(0, 15) for _ in seated]  # equal scores: tied places
        places = [1 + sum(other > mine for other in scores) for mine in scores]
        parties.append(Party(i, "num-check", tuple(map(Seat, seated, places))))
    return parties


def test_bench_ratings_of_30_players_and_1000_parties(benchmark, capsys: CaptureFixture[str]):
    parties = club()
    ties = sum(len({s.place for s in p.seats}) < SEATED for p in parties)
    rated = benchmark(ratings.rate, parties)["num-check"]
    assert sum(r.played for r in rated.values()) == PARTIES * SEATED
    assert all(ratings.BASE + sum(s.change for s in r.history) == r.value for r in rated.values())
    times = []
    for _ in range(1 if benchmark.disabled else 5):
        start = time.perf_counter()
        ratings.rate(parties)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    mark = "✓" if median <= GOAL_S else "✗"
    with capsys.disabled():
        print(
            f"\nratings: {PLAYERS} players × {PARTIES} parties ({ties} with ties): "
            f"{median:.3f} s ≤ {GOAL_S:.0f} s {mark}"
        )


@pytest.mark.django_db
def test_bench_tablee_ratings_of_30_players_and_1000_parties(
    benchmark, capsys: CaptureFixture[str]
):
    """The tablée's side: its 1,000 finished parties (the three games in turn, as
    tests/tablees/builders.py stores them) read and scored once, then rated and shaped for
    the page and the API (``stats.ratings`` and the history charts), as ``stats.compute``
    does; the whole ``compute`` (reading and scoring included) is printed beside it."""
    from calculators.tablees import stats
    from tests.tablees.builders import big_tablee

    tablee = big_tablee(PARTIES)
    members = list(tablee.members.all())
    finished = [p for p in stats.results(tablee, members) if p.finished]

    def build() -> dict:
        rated = stats.ratings(members, finished)
        for game, rows in rated.items():
            stats.rating_chart(game, rows, finished)
        return rated

    rated = benchmark(build)
    assert sum(r["played"] for rows in rated.values() for r in rows) == PARTIES * 4
    times = []
    for _ in range(1 if benchmark.disabled else 5):
        start = time.perf_counter()
        build()
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    stats.compute(tablee)
    whole = time.perf_counter() - start
    median = statistics.median(times)
    mark = "✓" if median <= GOAL_S else "✗"
    with capsys.disabled():
        print(
            f"\ntablée ratings: 30 players × {PARTIES} parties: {median:.3f} s ≤ {GOAL_S:.0f} s "
            f"{mark} (the whole statistics with them: {whole:.2f} s)"
        )
