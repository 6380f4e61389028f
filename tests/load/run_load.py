"""Load and fault script: bounded, loopback only, abuse limits off.

Starts the production server (gunicorn with numsite/gunicorn.conf.py) on a free loopback port
against a fresh database, then:

1. ``pages``: N concurrent clients (threads, keep-alive connections) for S seconds on the
   calculator pages, rulebooks, static files, /healthz and the JSON API: throughput,
   p50/p95/p99 latency, errors.
2. ``writers``: W concurrent writers on one party through the Parties API (docs/api.md: each write
   renames a player, ``PATCH /api/v1/parties/<token>/players/<seat>``, to a name never used
   before), then checks that every acknowledged write is in the party's history exactly once
   (the entry whose summary ends with that new name), that history versions are unique, and
   that no write was lost (final version = creation + acknowledged writes).
3. ``fault``: the same writers, and ``kill -9`` of one gunicorn worker mid-burst; the master
   starts a new one. Every acknowledged write must be present once; a write whose answer was
   lost may or may not be there; then the database integrity check.

Phases 2 and 3 need the Parties API (docs/api.md); without it they say so and are skipped.

Run from the repository root (the shared virtualenv here; ``.venv/bin/python`` elsewhere)::

    python -m tests.load.run_load                          # SQLite, 50 clients, 60 s, 20 writers
    python -m tests.load.run_load --database postgres://u@127.0.0.1:5432/numsite_load
    python -m tests.load.run_load --clients 10 --seconds 5 --writers 5   # a quick look

The PostgreSQL database named must exist and be disposable (it is migrated and written to).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.production.servers import ROOT, gunicorn, server_env

#: (method, path, body, expected status)
PAGE_MIX: list[tuple[str, str, dict | None, int]] = [
    ("GET", "/", None, 200),
    ("GET", "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4", None, 200),
    ("GET", "/num-check/detecteur/?hand=7R+7B+7J+3V+3A&rank=1", None, 200),
    ("GET", "/num-draft/?g00=1R&g01=JK&g02=1V&g10=5B&g11=5J&mode=classic", None, 200),
    ("GET", "/num-5/?players=L%C3%A9a,Tom,Zo%C3%A9&n=1&r0_0=3&r0_1=5&r0_2=7", None, 200),
    ("GET", "/num-connect/?cards=8R+8V+8A+7V+6B", None, 200),
    ("GET", "/num-check/regles/", None, 200),
    ("GET", "/healthz", None, 200),
    ("GET", "/static/css/numsite.css", None, 200),
    (
        "POST",
        "/api/v1/num-check/score",
        {"combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"], "rank": 4},
        200,
    ),
    ("POST", "/api/v1/num-connect/check", {"cards": ["8R", "8V", "8A", "7V", "6B"]}, 200),
    (
        "POST",
        "/api/v1/num-draft/score",
        {"grid": [["1R", "JK", "1V"], [None, None, None], [None, None, None]]},
        200,
    ),
]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, error: str | None = None) -> None:
        with self.lock:
            self.latencies.append(seconds)
            if error:
                self.errors.append(error)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def request(conn: http.client.HTTPConnection, method: str, path: str, body=None):
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload is not None else {}
    conn.request(method, path, body=payload, headers=headers)
    response = conn.getresponse()
    return response.status, response.read()


def connection(base: str) -> http.client.HTTPConnection:
    host, port = base.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=30)


# --------------------------------------------------------------------------- phase 1


def pages(base: str, clients: int, seconds: float) -> dict:
    tally = Tally()
    deadline = time.monotonic() + seconds

    retries = [0]

    def client(index: int) -> None:
        conn = connection(base)
        i = index
        while time.monotonic() < deadline:
            method, path, body, expected = PAGE_MIX[i % len(PAGE_MIX)]
            i += 1
            start = time.perf_counter()
            try:
                try:
                    status, _ = request(conn, method, path, body)
                except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                    # A kept-alive connection the server closed (a worker recycled after
                    # max_requests): like a browser, retry once on a new connection (RFC 9112
                    # §9.3.1; every request of the mix is safe to repeat). Counted apart.
                    with tally.lock:
                        retries[0] += 1
                    conn.close()
                    conn = connection(base)
                    status, _ = request(conn, method, path, body)
                error = None if status == expected else f"{method} {path}: {status}"
            except (OSError, http.client.HTTPException) as err:
                error = f"{method} {path}: {err!r}"
                conn.close()
                conn = connection(base)
            tally.add(time.perf_counter() - start, error)
        conn.close()

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    lat = tally.latencies
    return {
        "requests": len(lat),
        "seconds": round(elapsed, 1),
        "throughput_rps": round(len(lat) / elapsed, 1),
        "p50_ms": round(percentile(lat, 50) * 1000, 1),
        "p95_ms": round(percentile(lat, 95) * 1000, 1),
        "p99_ms": round(percentile(lat, 99) * 1000, 1),
        "mean_ms": round(statistics.fmean(lat) * 1000, 1),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:5],
        "retried_on_a_closed_keepalive_connection": retries[0],
    }


# --------------------------------------------------------------------------- phases 2 and 3

PLAYERS = [f"Joueur {i}" for i in range(10)]


def create_party(base: str) -> dict | None:
    conn = connection(base)
    status, body = request(
        conn,
        "POST",
        "/api/v1/parties",
        {"game": "num-check", "mode": "classic", "players": PLAYERS},
    )
    conn.close()
    if status != 201:
        return None
    return json.loads(body)


def writers(base: str, count: int, writes_each: int, during=None) -> dict:
    """``count`` threads renaming players of one party; ``during`` runs mid-burst."""
    party = create_party(base)
    if party is None:
        return {"skipped": "no Parties API at POST /api/v1/parties: phase not run"}
    token, first_version = party["edit_token"], party["version"]
    acked: list[tuple[int, str]] = []  # (version, new name)
    unacked: list[str] = []
    tally = Tally()
    lock = threading.Lock()
    halfway = threading.Event()

    def writer(w: int) -> None:
        conn = connection(base)
        for i in range(writes_each):
            if w == 0 and i == writes_each // 2:
                halfway.set()
            name = f"W{w}-{i}"
            start = time.perf_counter()
            try:
                status, body = request(
                    conn,
                    "PATCH",
                    f"/api/v1/parties/{token}/players/{w % len(PLAYERS)}",
                    {"name": name},
                )
            except (OSError, http.client.HTTPException) as err:
                tally.add(time.perf_counter() - start, f"{name}: {err!r}")
                with lock:
                    unacked.append(name)
                conn.close()
                conn = connection(base)
                continue
            error = None if status == 200 else f"{name}: {status} {body[:200]!r}"
            tally.add(time.perf_counter() - start, error)
            if status == 200:
                with lock:
                    acked.append((json.loads(body)["version"], name))
            else:
                with lock:
                    unacked.append(name)
        conn.close()

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(count)]
    started = time.monotonic()
    for t in threads:
        t.start()
    fault = None
    if during:
        halfway.wait(timeout=60)
        fault = during()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started

    conn = connection(base)
    status, body = request(conn, "GET", f"/api/v1/parties/{token}")
    conn.close()
    final = json.loads(body)
    renames = [h for h in final.get("history", []) if h["action"] == "rename"]
    versions = [h["version"] for h in renames]

    def recorded(name: str) -> int:
        """History entries of the rename to ``name`` (its summary ends with the new name)."""
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}$")
        return sum(bool(pattern.search(h["summary"])) for h in renames)

    missing = [name for _, name in acked if recorded(name) != 1]
    extra = final["version"] - first_version - len(acked)
    lat = tally.latencies
    return {
        "writes_acknowledged": len(acked),
        "writes_unacknowledged": len(unacked),
        "seconds": round(elapsed, 1),
        "writes_per_s": round(len(acked) / elapsed, 1),
        "p50_ms": round(percentile(lat, 50) * 1000, 1) if lat else None,
        "p95_ms": round(percentile(lat, 95) * 1000, 1) if lat else None,
        "p99_ms": round(percentile(lat, 99) * 1000, 1) if lat else None,
        "history_versions_not_unique": len(versions) - len(set(versions)),
        "acknowledged_not_in_history_once": len(missing),
        # Writes committed whose answer was lost (only possible in the fault phase).
        "committed_beyond_acknowledged": extra,
        "lost_writes": max(0, -extra) + len(missing),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:5],
        **({"fault": fault} if fault else {}),
    }


def kill_a_worker(master_pid: int) -> dict:
    children = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master_pid)], capture_output=True, text=True
    ).stdout.split()
    victim = int(children[0])
    os.kill(victim, signal.SIGKILL)
    return {"killed_worker": victim, "workers_before": len(children)}


def integrity(database: str) -> str:
    if database.startswith("sqlite:///"):
        path = database.removeprefix("sqlite:///")
        with sqlite3.connect(path) as db:
            return db.execute("PRAGMA integrity_check").fetchone()[0]
    return "PostgreSQL: crash-safe by WAL; the party read back above"


# --------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="DATABASE_URL (default: a fresh SQLite file)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--writes-each", type=int, default=25)
    parser.add_argument("--workers", default=os.environ.get("GUNICORN_WORKERS", "5"))
    parser.add_argument("--threads", default=os.environ.get("GUNICORN_THREADS", "4"))
    args = parser.parse_args()
    # Bounded: the script is a measurement, not a stress tool for someone else's machine.
    if not (1 <= args.clients <= 200 and 0 < args.seconds <= 300 and 1 <= args.writers <= 100):
        parser.error("bounded: 1–200 clients, at most 300 s, 1–100 writers")

    with tempfile.TemporaryDirectory(prefix="numsite-load-") as tmp:
        database = args.database or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        env = server_env(
            DATABASE_URL=database,
            RATELIMIT_ENABLED="0",
            GUNICORN_WORKERS=str(args.workers),
            GUNICORN_THREADS=str(args.threads),
            GUNICORN_ACCESS_LOG="off",
        )
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        log = Path(tmp) / "server.log"
        report: dict = {
            "database": "sqlite" if database.startswith("sqlite") else "postgresql",
            "workers": args.workers,
            "threads": args.threads,
        }
        with gunicorn(env, log, with_process=True) as (base, process):
            master = process.pid
            report["pages"] = pages(base, args.clients, args.seconds)
            report["writers"] = writers(base, args.writers, args.writes_each)
            if "skipped" not in report["writers"]:
                report["fault"] = writers(
                    base, args.writers, args.writes_each, during=lambda: kill_a_worker(master)
                )
                time.sleep(1)
                conn = connection(base)
                report["after_fault_healthz"] = request(conn, "GET", "/healthz")[0]
                conn.close()
        report["integrity_check"] = integrity(database)
        text = log.read_text()
        report["server_log"] = {
            "worker_recycled_after_max_requests": text.count("Autorestarting worker"),
            "worker_timeouts": text.count("WORKER TIMEOUT"),
            "tracebacks": text.count("Traceback"),
        }
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
