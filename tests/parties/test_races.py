"""Phones racing on one party, against the production server, on SQLite and on PostgreSQL.

Each database gets a real gunicorn (2 workers × 4 threads) started by the test on a loopback
port; PostgreSQL is a private cluster started for the run (tests/servers.py). Every race then
checks: every acknowledged write is stored exactly once, nothing else is; ranks and round
numbers have no gaps; ``version`` equals the number of writes in the history; every refusal is
a 400 or a 409 with a French reason — never a 500.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests import servers

pytestmark = [pytest.mark.races]


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def base_url(request):
    """A gunicorn serving a fresh, migrated database of each kind."""
    if request.param == "sqlite":
        folder = Path(tempfile.mkdtemp(prefix="numsite-races-"))
        url = f"sqlite:///{folder / 'races.sqlite3'}"
        servers.migrate(url)
        with servers.gunicorn(url) as base:
            yield base
        return
    if servers.postgres_bindir() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is missing: `make test` installs Debian's postgresql as root")
        pytest.skip("PostgreSQL is not installed")
    with servers.postgres_cluster() as url:
        servers.migrate(url)
        with servers.gunicorn(url) as base:
            yield base


def call(base: str, method: str, path: str, body: object = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/{path}", data=data, method=method,
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


def race(
    base: str, jobs: Sequence[tuple[str, str, Mapping[str, Any] | None]]
) -> list[tuple[int, dict[str, Any], Any]]:
    """Send every job at the same instant, one thread each; the answers in job order."""
    results: list = [None] * len(jobs)
    barrier = threading.Barrier(len(jobs))

    def run(index: int) -> None:
        method, path, body = jobs[index]
        barrier.wait()
        status, answer = call(base, method, path, body)
        results[index] = (status, answer, body)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert all(r is not None for r in results)
    return results


def refusals_are_clean(results, accepted=(200, 201)) -> None:
    for status, answer, _ in results:
        if status not in accepted:
            assert status in (400, 409), (status, answer)
            assert answer["error"]["message"]


def consistent(base: str, token: str) -> dict:
    status, party = call(base, "GET", f"parties/{token}")
    assert status == 200
    assert party["version"] == len(party["history"])  # version = number of writes
    return party


def test_racing_claims_store_each_acknowledged_check_once(base_url):
    party = call(base_url, "POST", "parties", {"game": "num-check", "players": ["A", "B", "C"]})[1]
    token = party["edit_token"]
    patterns = [("paire", 2), ("brelan", 3), ("carre", 4), ("nums", 5)]
    families = ["R", "B", "J", "V", "S"]
    jobs = []
    for p_index, name in enumerate("ABC"):
        for c_index, (combo, size) in enumerate(patterns):
            value = 1 + p_index * 5 + c_index
            body = {
                "player": name,
                "combo": combo,
                "cards": [f"{value}{f}" for f in families[:size]],
            }
            jobs += [("POST", f"parties/{token}/claims", body)] * 2  # two phones, same CHECK
    results = race(base_url, jobs)
    refusals_are_clean(results)
    accepted = [body for status, _, body in results if status == 201]
    assert sorted((b["player"], b["combo"]) for b in accepted) == sorted(
        {(b["player"], b["combo"]) for _, _, b in jobs}
    )
    final = consistent(base_url, token)
    assert len(final["claims"]) == len(accepted) == 12
    assert final["version"] == 1 + len(accepted)
    for name in "ABC":
        ranks = sorted(c["rank"] for c in final["claims"] if c["player"] == name)
        assert ranks == list(range(1, len(ranks) + 1))


def test_racing_grids_never_deadlock_and_each_save_counts(base_url):
    names = [f"P{i}" for i in range(7)]
    party = call(base_url, "POST", "parties", {"game": "num-draft", "players": names})[1]
    token = party["edit_token"]
    jobs = []
    for seat in range(7):
        for version in range(3):  # three saves per phone, distinct cards per player
            cells = [f"{seat * 2 + (i % 2)}{'RVBJAS'[(i + version) % 6]}" for i in range(6)]
            jobs.append(("PUT", f"parties/{token}/grids/{seat}", {"cells": cells + [None] * 3}))
    results = race(base_url, jobs)
    refusals_are_clean(results)
    assert all(status == 200 for status, _, _ in results), Counter(s for s, _, _ in results)
    final = consistent(base_url, token)
    saved = [(json.dumps(b["cells"])) for _, _, b in jobs]
    for grid in final["grids"]:
        assert json.dumps(grid["cells"]) in saved
    grid_writes = [h for h in final["history"] if h["action"] == "grid_set"]
    assert len(grid_writes) == final["version"] - 1 <= len(jobs)


def test_racing_rounds_are_numbered_without_gaps(base_url):
    names = [f"P{i}" for i in range(8)]
    party = call(base_url, "POST", "parties", {"game": "num5", "players": names})[1]
    token = party["edit_token"]
    jobs = []
    for r in range(20):
        entries = {name: {"plus": (i + r) % 8, "minus": 0} for i, name in enumerate(names)}
        jobs.append(("POST", f"parties/{token}/rounds", {"entries": entries}))
    results = race(base_url, jobs)
    refusals_are_clean(results)
    accepted = [s for s, _, _ in results if s == 201]
    final = consistent(base_url, token)
    assert [r["number"] for r in final["rounds"]] == list(range(1, len(accepted) + 1))
    assert final["version"] == 1 + len(accepted)


def test_two_phones_pressing_undo_together_undo_one_entry(base_url):
    party = call(base_url, "POST", "parties", {"game": "num-check", "players": ["A", "B"]})[1]
    token = party["edit_token"]
    for value in range(6):
        status, _ = call(
            base_url, "POST", f"parties/{token}/claims",
            {"player": "AB"[value % 2], "combo": ["paire", "brelan", "carre"][value // 2],
             "cards": [f"{value}{f}" for f in "RBJV"[: 2 + value // 2]]},
        )  # fmt: skip
        assert status == 201
    seen = consistent(base_url, token)["version"]
    results = race(base_url, [("POST", f"parties/{token}/undo", {"if_version": seen})] * 10)
    refusals_are_clean(results)
    assert [s for s, _, _ in results].count(200) == 1
    assert all(a["error"]["field"] == "if_version" for s, a, _ in results if s == 409)
    # without if_version, each undo walks one entry further back, none twice
    results = race(base_url, [("POST", f"parties/{token}/undo", None)] * 8)
    refusals_are_clean(results)
    done = [s for s, _, _ in results].count(200)
    assert done == 5  # six claims, one undone above; then « Rien à annuler »
    final = consistent(base_url, token)
    assert final["claims"] == []
    undone = Counter(h["summary"] for h in final["history"] if h["action"] == "undo")
    assert len(undone) == 6 and set(undone.values()) == {1}
