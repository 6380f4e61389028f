"""The tablée's page against Django's floor: a club of 30 players and 1,000 finished parties.

As tests/bench/test_bench_pages.py does (tests/bench/pages.py says why), the medians are
measured in fresh interpreters, by Django's test client on a private in-memory SQLite
database, the statistics already cached as on a running site: the edit page, the read page
and the API's whole answer, each over ``/healthz``, with the Parties edit page (4 players, 20
claims, budget 30×) measured in the same run for reference. The goal of the page is ≤ 30×.
Nothing is asserted on time (the suite runs one interpreter with 3 rounds as a plain test);
`make bench` prints « ratio × ≤ goal × ✓ or ✗ ».
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEASURE = "import json, sys; from tests.bench.test_bench_tablees import measure; print(json.dumps(measure(int(sys.argv[1]))))"
EDIT, READ, API, PARTY = (
    "/tablees/<edit> (30 players, 1,000 parties)",
    "/tablees/<read> (30 players, 1,000 parties)",
    "/api/v1/tablees/<read> (the whole answer)",
    "/parties/<edit> (4 players, 20 claims, reference)",
)
GOALS = {EDIT: 30, READ: 30, API: 300, PARTY: 30}


def measure(rounds: int) -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numsite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_databases, setup_test_environment

    from tests.bench.pages import median_ms, party_urls

    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        database["TEST"]["NAME"] = ":memory:"  # private: never the suite's test database
    settings.RATELIMIT_ENABLED = False
    setup_test_environment()
    setup_databases(verbosity=0, interactive=False)

    from tests.conftest import EIGHT_CLAIMS
    from tests.tablees.builders import big_tablee

    client = Client()
    tablee = big_tablee(1000)
    figures = {"floor_ms": median_ms(client, "/healthz", {}, rounds * 3)}
    figures[EDIT] = median_ms(client, f"/tablees/{tablee.edit_token}/", {}, rounds)
    figures[READ] = median_ms(client, f"/tablees/{tablee.read_token}/", {}, rounds)
    figures[API] = median_ms(
        client, f"/api/v1/tablees/{tablee.read_token}", {}, max(3, rounds // 3)
    )
    figures[PARTY] = median_ms(client, party_urls(EIGHT_CLAIMS)[0], {}, rounds)
    return figures


def run_once(rounds: int) -> dict[str, float]:
    run = subprocess.run(
        [sys.executable, "-c", MEASURE, str(rounds)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    floor = figures.pop("floor_ms")
    return {"floor": floor, **{name: ms / floor for name, ms in figures.items()}}


def test_bench_tablee_page_ratio_to_the_floor(benchmark, capsys):
    quick = benchmark.disabled
    runs = [run_once(3 if quick else 30) for _ in range(1 if quick else 3)]
    ratios = {name: statistics.median(r[name] for r in runs) for name in GOALS}
    benchmark.extra_info.update({k: round(v, 1) for k, v in ratios.items()})
    with capsys.disabled():
        print()
        for name, ratio in ratios.items():
            mark = "✓" if ratio <= GOALS[name] else "✗"
            print(f"{name:55} {ratio:6.1f}× ≤ {GOALS[name]:3d}× {mark}")
    benchmark(lambda: None)
    assert set(ratios) == set(GOALS) and all(r > 1 for r in ratios.values())
