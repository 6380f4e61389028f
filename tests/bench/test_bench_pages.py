"""Page costs against Django's floor (issue #12 item 3): each page's median over ``/healthz``.

`make bench` prints one line per page, « ratio × floor », from medians measured in one run by
the Django test client in-process — in a fresh interpreter (tests/bench/pages.py says why).
Targets: full calculator pages ≤ 15×, htmx fragments ≤ 8×, the Parties edit page (4 players,
20 claims) ≤ 25×. Nothing is asserted on time: the suite runs it with 3 rounds as a plain test;
the figures are for the note and for whoever changes a page.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_page_ratios_to_the_floor(benchmark, capsys):
    rounds = 3 if benchmark.disabled else 30
    run = subprocess.run(
        [sys.executable, "-m", "tests.bench.pages", str(rounds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    floor = figures.pop("floor_ms")
    ratios = {name: ms / floor for name, ms in figures.items()}
    benchmark.extra_info.update(
        {"floor_ms": round(floor, 3), **{k: round(v, 1) for k, v in ratios.items()}}
    )
    benchmark.pedantic(lambda: None, rounds=1)
    lines = [f"floor /healthz: {floor:.3f} ms"] + [
        f"{ratios[k]:6.1f}×  {figures[k]:6.2f} ms  {k}" for k in figures
    ]
    with capsys.disabled():  # shown by `make bench`, which does not pass -s
        print("\n" + "\n".join(lines))
    assert set(ratios) >= {"/num-check/ (page)", "/parties/<edit> (4 players, 20 claims)"}
    assert all(v > 0 for v in ratios.values())
