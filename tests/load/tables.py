"""Table simulation: how many tables one machine holds, bounded, loopback only, abuse limits off.

A *table* is a NUM CHECK party of 4 players and 4 phones: every phone polls the live board
every 3 seconds (``/parties/<token>/tableau/?v=<version>``, a 204 while nothing changed, the
board after a change) and the table writes once every 30 seconds (a claim through the Parties
API). Phones are spread over a few client threads, each phone with its own kept-alive
connection, as a browser keeps one.

The script starts and stops its servers (gunicorn with numsite/gunicorn.conf.py on free
loopback ports, against a fresh SQLite database, workers never recycled so that their CPU time
adds up): first the CPU time per request, read from ``/proc`` for the master and its workers,
of a bare Django hello (:mod:`tests.load.hello`, its own gunicorn), of ``/healthz`` and of the
204 poll; then the tables, for each count asked: poll latency p50/p95/p99 (from the moment the
poll was due, so that a client falling behind counts against the server too), errors, the
server's CPU and how busy the rest of the machine was meanwhile. A count is *held* when the
poll p99 ≤ 250 ms, no request failed and the phones kept to their 3 seconds.

    python -m tests.load.tables                         # 100, 200, 300 tables, 30 s each
    python -m tests.load.tables --tables 300 400 --seconds 20
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.production.servers import ROOT, fetch, server_env
from tests.servers import free_port, stop

POLL_SECONDS = 3.0
WRITE_SECONDS = 30.0
PHONES = 4
P99_GOAL_MS = 250.0
CLAIMS = [
    ("paire", "1R 1B"),
    ("brelan", "2R 2B 2J"),
    ("carre", "3R 3B 3J 3V"),
    ("nums", "4R 4B 4J 4V 4S"),
    ("double_paire", "5R 5B 6R 6B"),
    ("full", "7R 7B 7J 8R 8B"),
    ("paire_cosmique", "9A 9S"),
    ("suite_pivot", "5V 6V 7V 8V"),
]
NAMES = ["Léa", "Tom", "Zoé", "Max"]
CLOCK_TICK = os.sysconf("SC_CLK_TCK")
VERSION = re.compile(rb"[?&]v=(\d+)")


# --------------------------------------------------------------------------- servers, CPU


@contextlib.contextmanager
def server(env: dict[str, str], log: Path, app: str | None = None) -> Iterator[tuple[str, int]]:
    """A gunicorn of numsite/gunicorn.conf.py (``app`` instead of the site's, if given) on a
    free loopback port, its workers never recycled; yields its base URL and master's pid."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--config", "numsite/gunicorn.conf.py"]
    command += ["--bind", f"127.0.0.1:{port}", "--max-requests", "0"]
    with open(log, "w") as out:
        process = subprocess.Popen(
            [*command, *([app] if app else [])],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        started = time.monotonic()
        try:
            while True:
                with contextlib.suppress(OSError):
                    if fetch(f"{base}/healthz")[0] == 200:
                        break
                if process.poll() is not None or time.monotonic() - started > 60:
                    raise SystemExit(f"gunicorn did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.2)
            yield base, process.pid
        finally:
            stop(process)


def cpu_seconds(master: int) -> float:
    """User + system CPU of a gunicorn master and its workers, from /proc."""
    pids = [master] + [
        int(p)
        for p in subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True
        ).stdout.split()
    ]
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / CLOCK_TICK


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values) - idle) / CLOCK_TICK, sum(values) / CLOCK_TICK


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def connection(base: str) -> http.client.HTTPConnection:
    host, port = base.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=30)


def send(conn: http.client.HTTPConnection, method: str, path: str, body=None, headers=None):
    payload = json.dumps(body).encode() if body is not None else None
    sent = dict(headers or {})
    if payload is not None:
        sent["Content-Type"] = "application/json"
    conn.request(method, path, body=payload, headers=sent)
    response = conn.getresponse()
    return response.status, response.read()


def cpu_per_request(base: str, master: int, path: str, requests: int, clients: int = 4) -> dict:
    """Server CPU milliseconds per request of ``path``, ``requests`` of them from ``clients``
    kept-alive connections, and the machine's other load meanwhile."""
    errors = []

    def client(count: int) -> None:
        conn = connection(base)
        for _ in range(count):
            status, _ = send(conn, "GET", path, headers={"HX-Request": "true"})
            if status not in (200, 204):
                errors.append(status)
        conn.close()

    threads = [threading.Thread(target=client, args=(requests // clients,)) for _ in range(clients)]
    cpu, busy, mine, started = cpu_seconds(master), machine_busy(), own_cpu(), time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    spent = cpu_seconds(master) - cpu
    busy_after = machine_busy()
    elapsed = time.monotonic() - started
    others = (busy_after[0] - busy[0]) - spent - (own_cpu() - mine)
    done = requests // clients * clients
    return {
        "cpu_ms_per_request": round(spent / done * 1000, 3),
        "requests": done,
        "errors": len(errors),
        "other_processes_cores_busy": round(max(0.0, others) / elapsed, 2),
    }


# --------------------------------------------------------------------------- the tables


@dataclass
class Table:
    edit: str
    read: str
    version: int
    claims: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def create_tables(base: str, count: int) -> list[Table]:
    tables: list[Table] = []
    lock = threading.Lock()

    def make(n: int) -> None:
        conn = connection(base)
        for _ in range(n):
            status, body = send(
                conn,
                "POST",
                "/api/v1/parties",
                {"game": "num-check", "mode": "classic", "players": NAMES},
            )
            if status != 201:
                raise SystemExit(f"POST /api/v1/parties: {status} {body[:200]!r}")
            party = json.loads(body)
            read = party["read_url"].rstrip("/").rsplit("/", 1)[1]
            table = Table(party["edit_token"], read, party["version"])
            for _ in range(4):  # a game under way: one claim each
                write(conn, table)
            with lock:
                tables.append(table)
        conn.close()

    threads = [threading.Thread(target=make, args=(n,)) for n in split(count, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tables


def split(count: int, parts: int) -> list[int]:
    return [count // parts + (1 if i < count % parts else 0) for i in range(parts)]


def write(conn: http.client.HTTPConnection, table: Table) -> int:
    """The table's next claim: the players in turn, each their next combination."""
    with table.lock:
        n = table.claims
        table.claims += 1
    if n >= len(NAMES) * len(CLAIMS):
        return 200  # a full sheet: nothing left to claim (not reached in a bounded run)
    combo, cards = CLAIMS[n // len(NAMES)]
    status, body = send(
        conn,
        "POST",
        f"/api/v1/parties/{table.edit}/claims",
        {"player": NAMES[n % len(NAMES)], "combo": combo, "cards": cards.split()},
    )
    if status == 201:
        with table.lock:
            table.version = max(table.version, json.loads(body)["version"])
    return status


@dataclass
class Phone:
    table: Table
    token: str
    version: int
    due: float
    conn: http.client.HTTPConnection | None = None


def run_tables(base: str, master: int, tables: list[Table], seconds: float, threads: int) -> dict:
    rng = random.Random(len(tables))
    start = time.monotonic() + 1.0
    phones = [
        Phone(t, t.read if k else t.edit, t.version, start + rng.uniform(0, POLL_SECONDS))
        for t in tables
        for k in range(PHONES)
    ]
    writes_due = [(start + rng.uniform(0, WRITE_SECONDS), t) for t in tables]
    end = start + seconds
    lock = threading.Lock()
    polls: list[float] = []
    boards: list[float] = []
    write_ms: list[float] = []
    errors: list[str] = []
    lag: list[float] = []

    def worker(mine: list[Phone], my_writes: list[tuple[float, Table]]) -> None:
        pending = sorted(my_writes, key=lambda w: w[0])
        while True:
            now = time.monotonic()
            if now >= end:
                break
            phone = min(mine, key=lambda p: p.due)
            next_write = pending[0][0] if pending else float("inf")
            wait = min(phone.due, next_write) - now
            if wait > 0:
                time.sleep(min(wait, 0.05))
                continue
            if next_write <= phone.due:
                due, table = pending.pop(0)
                # a connection of its own: a table writes every 30 s, longer than gunicorn
                # keeps an idle connection (5 s), and a write is not repeated blindly
                writer = connection(base)
                began = time.monotonic()
                try:
                    status = write(writer, table)
                    if status != 201:
                        errors.append(f"write {status}")
                except (OSError, http.client.HTTPException) as err:
                    errors.append(f"write {err!r}")
                writer.close()
                with lock:
                    write_ms.append((time.monotonic() - began) * 1000)
                pending.append((due + WRITE_SECONDS, table))
                pending.sort(key=lambda w: w[0])
                continue
            due = phone.due
            phone.conn = phone.conn or connection(base)
            path = f"/parties/{phone.token}/tableau/?v={phone.version}"
            try:
                try:
                    status, body = send(phone.conn, "GET", path, headers={"HX-Request": "true"})
                except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                    # a kept-alive connection the server closed (idle past its keep-alive):
                    # like a browser, the poll is sent again once on a new connection
                    phone.conn.close()
                    phone.conn = connection(base)
                    status, body = send(phone.conn, "GET", path, headers={"HX-Request": "true"})
                if status == 200:
                    found = VERSION.search(body)
                    phone.version = int(found.group(1)) if found else phone.version
                elif status != 204:
                    errors.append(f"poll {status}")
            except (OSError, http.client.HTTPException) as err:
                status = 0
                errors.append(f"poll {err!r}")
                phone.conn.close()
                phone.conn = None
            done = time.monotonic()
            with lock:
                (boards if status == 200 else polls).append((done - due) * 1000)
                lag.append(max(0.0, now - due) * 1000)
            phone.due = due + POLL_SECONDS
        for p in mine:
            if p.conn:
                p.conn.close()

    shares = [phones[i::threads] for i in range(threads)]
    write_shares = [writes_due[i::threads] for i in range(threads)]
    workers = [
        threading.Thread(target=worker, args=(s, w))
        for s, w in zip(shares, write_shares, strict=True)
    ]
    time.sleep(max(0.0, start - time.monotonic()))
    cpu, busy, mine, began = cpu_seconds(master), machine_busy(), own_cpu(), time.monotonic()
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    elapsed = time.monotonic() - began
    spent = cpu_seconds(master) - cpu
    others = (machine_busy()[0] - busy[0]) - spent - (own_cpu() - mine)
    p99 = percentile(polls, 99)
    behind = percentile(lag, 99)
    return {
        "tables": len(tables),
        "phones": len(phones),
        "seconds": round(elapsed, 1),
        "polls_204": len(polls),
        "boards_200": len(boards),
        "writes": len(write_ms),
        "poll_p50_ms": round(percentile(polls, 50), 1),
        "poll_p95_ms": round(percentile(polls, 95), 1),
        "poll_p99_ms": round(p99, 1),
        "board_p99_ms": round(percentile(boards, 99), 1),
        "write_p99_ms": round(percentile(write_ms, 99), 1),
        "client_lag_p99_ms": round(behind, 1),
        "errors": len(errors),
        "first_errors": errors[:5],
        "server_cores_busy": round(spent / elapsed, 2),
        "load_generator_cores_busy": round((own_cpu() - mine) / elapsed, 2),
        "other_processes_cores_busy": round(max(0.0, others) / elapsed, 2),
        "held": p99 <= P99_GOAL_MS and not errors and behind <= P99_GOAL_MS,
        # what the server's CPU alone would allow if it had the whole machine
        "tables_by_server_cpu": int((os.cpu_count() or 1) / (spent / elapsed) * len(tables))
        if spent
        else None,
    }


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 200, 300])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--cpu-requests", type=int, default=2000)
    parser.add_argument("--client-threads", type=int, default=16)
    parser.add_argument("--workers", default=os.environ.get("GUNICORN_WORKERS", "5"))
    parser.add_argument("--threads", default=os.environ.get("GUNICORN_THREADS", "4"))
    args = parser.parse_args(argv)
    # Bounded: a measurement, not a stress tool for someone else's machine.
    if not (all(1 <= t <= 600 for t in args.tables) and 0 < args.seconds <= 120):
        parser.error("bounded: 1–600 tables, at most 120 s each")
    if not (100 <= args.cpu_requests <= 20000 and 1 <= args.client_threads <= 64):
        parser.error("bounded: 100–20000 CPU requests, 1–64 client threads")

    report: dict = {"cores": os.cpu_count(), "workers": args.workers, "threads": args.threads}
    with tempfile.TemporaryDirectory(prefix="numsite-tables-") as tmp:
        database = f"sqlite:///{Path(tmp) / 'tables.sqlite3'}"
        env = server_env(
            DATABASE_URL=database,
            RATELIMIT_ENABLED="0",
            GUNICORN_WORKERS=str(args.workers),
            GUNICORN_THREADS=str(args.threads),
            GUNICORN_ACCESS_LOG="off",
            CACHE_LOCATION=str(Path(tmp) / "cache"),
            FRAGMENT_CACHE_LOCATION=str(Path(tmp) / "fragments"),
        )
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        with server(env, Path(tmp) / "hello.log", "tests.load.hello:application") as (base, pid):
            cpu_per_request(base, pid, "/", 200)  # warm
            hello = cpu_per_request(base, pid, "/", args.cpu_requests)
        with server(env, Path(tmp) / "site.log") as (base, pid):
            table = create_tables(base, 1)[0]
            poll = f"/parties/{table.read}/tableau/?v={table.version}"
            cpu_per_request(base, pid, poll, 200)  # warm
            figures = {
                "hello": hello,
                "/healthz": cpu_per_request(base, pid, "/healthz", args.cpu_requests),
                "poll 204 (read link)": cpu_per_request(base, pid, poll, args.cpu_requests),
            }
            floor = hello["cpu_ms_per_request"] or float("nan")
            for figure in figures.values():
                figure["ratio_to_hello"] = round(figure["cpu_ms_per_request"] / floor, 2)
            report["cpu"] = figures
            report["tables"] = []
            for count in args.tables:
                tables = create_tables(base, count)
                report["tables"].append(
                    run_tables(base, pid, tables, args.seconds, args.client_threads)
                )
        held = [r["tables"] for r in report["tables"] if r["held"]]
        report["tables_held"] = max(held, default=0)
    return report


if __name__ == "__main__":
    print(json.dumps(main(), indent=2, ensure_ascii=False))
