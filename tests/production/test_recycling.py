"""Worker recycling under keep-alive load drops no request (docs/deploy.md § Recycling).

gunicorn recycles a worker after ``max_requests``. Its own ``gthread`` loop then closes every
connection it holds at once: a request sent at that moment on a kept-alive connection, or on
one just accepted, gets no answer (34 of 720 at ``--max-requests 40`` in the hardening report).
numsite/gunicorn_worker.py drains them instead. Here clients on kept-alive connections, as a
proxy holds them, send reads and writes through many recyclings and every request is answered.
"""

import http.client
import json
import threading
from urllib.parse import urlsplit

import pytest

from .servers import gunicorn, migrated, server_env

pytestmark = pytest.mark.xdist_group("gunicorn")

CLIENTS = 8
REQUESTS = 90  # per client: 720 in all, as in the report
CLAIM = json.dumps({"combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"], "rank": 4})


def client(base: str, answered: list[int], unanswered: list[str]) -> None:
    """One kept-alive connection (a new one only after the server closed it), ``REQUESTS``
    requests: a health check, then a score, in turn."""
    address = urlsplit(base)
    assert address.hostname is not None, base
    conn = http.client.HTTPConnection(address.hostname, address.port, timeout=20)
    for number in range(REQUESTS):
        try:
            if number % 2:
                conn.request(
                    "POST",
                    "/api/v1/num-check/score",
                    CLAIM,
                    {"Content-Type": "application/json"},
                )
            else:
                conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            answered.append(response.status)
            if response.will_close:
                conn.close()
        except (OSError, http.client.HTTPException) as err:
            unanswered.append(f"{number}: {err!r}")
            conn.close()
    conn.close()


def test_recycling_workers_under_keep_alive_load_leave_no_request_unanswered(tmp_path):
    env = migrated(
        server_env(
            DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
            GUNICORN_ERROR_LOG=str(tmp_path / "error.log"),
            GUNICORN_ACCESS_LOG="off",
            RATELIMIT_ENABLED="0",
            GUNICORN_CMD_ARGS="--max-requests 40 --max-requests-jitter 0",
        )
    )
    answered: list[int] = []
    unanswered: list[str] = []
    with gunicorn(env, tmp_path / "stderr.log") as base:
        threads = [
            threading.Thread(target=client, args=(base, answered, unanswered))
            for _ in range(CLIENTS)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    log = (tmp_path / "error.log").read_text()
    recycled = log.count("Autorestarting worker")
    assert recycled >= 10, log[-2000:]  # the load went through many recyclings
    assert unanswered == [], (len(unanswered), unanswered[:5], recycled)
    assert len(answered) == CLIENTS * REQUESTS
    assert set(answered) == {200}
