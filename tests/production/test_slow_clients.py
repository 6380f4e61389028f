"""Slow clients cannot take the server's threads: the project's gunicorn (numsite/gunicorn.conf.py,
started here on a loopback port) gives each request's headers and body a deadline
(numsite/watchdog.py). 25 slow connections for 8 threads, each sending a byte every half second
and never finishing, and ``/healthz`` still answers every probe: each slow connection holds a
thread for the deadline at most, so the probes wait at most a few deadlines (those connections
came first), not for ever. (In front, the proxy's buffering makes them free: test_caddy.py.)"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlsplit

import pytest

from .servers import fetch, gunicorn, migrated, server_env

pytestmark = pytest.mark.xdist_group("slow-clients")

WORKERS, THREADS = 2, 4  # 8 threads
DEADLINE = 1  # second, for the headers and for the body (10 by default)
SLOW = 25  # connections


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("slow")
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        GUNICORN_WORKERS=str(WORKERS),
        GUNICORN_THREADS=str(THREADS),
        GUNICORN_HEADER_TIMEOUT=str(DEADLINE),
        REQUEST_BODY_TIMEOUT=str(DEADLINE),
        GUNICORN_ACCESS_LOG="off",
    )
    migrated(env)
    with gunicorn(env, tmp / "server.log") as base:
        yield base


@contextmanager
def slow_connections(base: str, count: int, start: bytes, drip: bytes) -> Iterator[list[bytes]]:
    """``count`` connections that send ``start``, then one byte of ``drip`` every half second,
    never reaching its end; yields a list that holds, once the block is over, what each one
    received."""
    host, port = urlsplit(base).hostname, urlsplit(base).port
    socks = [socket.create_connection((host, port), timeout=5) for _ in range(count)]
    for sock in socks:
        sock.sendall(start)
    stop = threading.Event()
    received: dict[socket.socket, bytes] = {s: b"" for s in socks}

    def dripping() -> None:
        for index in range(len(drip)):
            for sock in socks:
                with suppress(OSError):
                    sock.sendall(drip[index : index + 1])
            if stop.wait(0.5):
                return

    dripper = threading.Thread(target=dripping, daemon=True)
    dripper.start()
    answers: list[bytes] = []
    try:
        yield answers
    finally:
        stop.set()
        dripper.join()
        for sock in socks:
            # answered once a thread of its worker took it (each worker has its own queue)
            sock.settimeout(10)
            with suppress(OSError):
                received[sock] = sock.recv(4096)
            sock.close()
        answers[:] = [received[s] for s in received]


def probes(base: str, count: int = 8) -> list[int]:
    """``count`` /healthz probes one after the other, each given 10 s; their statuses."""
    statuses = []
    for _ in range(count):
        try:
            statuses.append(fetch(f"{base}/healthz")[0])
        except OSError:
            statuses.append(0)
    return statuses


def test_slow_body_connections_leave_healthz_answering(server):
    start = (
        b"POST /api/v1/num-check/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
    )
    with slow_connections(server, SLOW, start, b" " * 200) as answers:
        time.sleep(0.5)  # every thread is now reading a slow body
        started = time.monotonic()
        assert probes(server) == [200] * 8
        # the slow ones came first: ⌈25 / 8⌉ rounds of one deadline each, then the probes
        assert time.monotonic() - started < 10 * DEADLINE
    # each slow body got its answer: 408, the body came too slowly
    assert all(a.startswith(b"HTTP/1.1 408") for a in answers), {a[:40] for a in answers}


def test_slow_header_connections_leave_healthz_answering(server):
    start = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    with slow_connections(server, SLOW, start, b"X-Slow: " + b"a" * 200):
        time.sleep(0.5)
        started = time.monotonic()
        assert probes(server) == [200] * 8
        assert time.monotonic() - started < 10 * DEADLINE


def test_a_body_sent_in_time_is_read_whole(server):
    body = b'{"combo": "paire", "cards": ["5R", "5B"], "rank": 1}'
    host, port = urlsplit(server).hostname, urlsplit(server).port
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/v1/num-check/score HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
        )
        for index in range(0, len(body), 10):  # in pieces, within the deadline
            sock.sendall(body[index : index + 10])
            time.sleep(0.05)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200") and b'"valid": true' in answer, answer[:300]
