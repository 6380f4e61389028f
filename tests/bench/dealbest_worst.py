"""The best possible score's cost (calculators/engines/dealbest.py, docs/deals.md#donnes-meilleur):
each of SEEDS 7-seat deals (0–16 deck) in both modes, the time per deal and the slowest seats,
and the naive baselines. Run: ``.venv/bin/python -m tests.bench.dealbest_worst [SEEDS]``."""

from __future__ import annotations

import statistics
import sys
import time
from itertools import combinations

from calculators.engines import dealbest, deals, numdraft


def main(count: int) -> None:
    per_deal: dict[str, list[float]] = {numdraft.CLASSIC: [], numdraft.DISCOVERY: []}
    seats = []
    for k in range(count):
        seed = f"m{k}"
        dealt = deals.deal(deals.NUM_DRAFT, 7, seed)
        for mode, times in per_deal.items():
            start = time.perf_counter()
            for n, seat in enumerate(dealt.seats, start=1):
                t = time.perf_counter()
                best = dealbest.best_grid(seat.cards, mode)
                seats.append(
                    (
                        time.perf_counter() - t,
                        mode,
                        seed,
                        n,
                        best.placements,
                        best.subsets,
                        best.exact,
                    )
                )
            times.append(time.perf_counter() - start)
    for mode, times in per_deal.items():
        print(f"{mode}: a deal {statistics.median(times):.3f} s median, {max(times):.3f} s worst")
    seats.sort(reverse=True)
    print("slowest seats (s, mode, seed, seat, grids scored, subsets scored, exact):")
    for row in seats[:5]:
        print("  ", row)
    print(
        "most grids scored:", max(s[4] for s in seats), "; inexact:", sum(not s[6] for s in seats)
    )
    cards = deals.deal(deals.NUM_DRAFT, 7, "m0").seats[0].cards
    start = time.perf_counter()
    for sub in combinations(cards, 9):
        numdraft.pool_total(dealbest._pool(list(sub)), numdraft.CLASSIC)
    each = (time.perf_counter() - start) / 2002
    print(
        f"pool_total {each * 1e6:.0f} µs; naive Découverte {each * 2002:.3f} s a seat; "
        f"naive Classique {each * 2002 * 45360:.0f} s a seat (2002 × 9!/8 grids)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
