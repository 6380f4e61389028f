"""A PostgreSQL restart costs no 500: gunicorn keeps each thread's connection between requests
(``CONN_MAX_AGE``), and Django checks a kept connection before using it
(``CONN_HEALTH_CHECKS``), opening a new one when the database went away. The private cluster
and the server are started here (tests/servers.py)."""

import json
import os
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import servers

from .servers import fetch

# its cluster and server start once, on one pytest-xdist worker
pytestmark = pytest.mark.xdist_group("postgres-restart")


@pytest.fixture(scope="module")
def cluster():
    if servers.postgres_bindir() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is missing: `make test` installs Debian's postgresql as root")
        pytest.skip("PostgreSQL is not installed")
    with servers.running_cluster() as running:
        servers.migrate(running.url)
        yield running


def create_party(base: str) -> str:
    body = json.dumps({"game": "num5", "players": ["Léa", "Tom", "Zoé"]}).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/parties", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["edit_token"]


@pytest.mark.parametrize(("workers", "threads"), [(1, 1), (2, 4)])
def test_each_thread_answers_after_a_postgresql_restart(cluster, workers, threads):
    """One thread: the connection it kept is the one the restart cut. Several: every thread
    that held one answers its next request, busy or not."""
    with servers.gunicorn(cluster.url, workers=workers, threads=threads) as base:
        token = create_party(base)
        paths = [f"/parties/{token}/", "/healthz", f"/api/v1/parties/{token}"]
        with ThreadPoolExecutor(2 * workers * threads) as pool:
            # every thread now holds a connection
            assert set(pool.map(lambda p: fetch(base + p)[0], paths * workers * threads)) == {200}
            cluster.restart()
            answers = [fetch(base + path) for path in paths]
            answers += pool.map(lambda p: fetch(base + p), paths * workers * threads)
        for status, _, body in answers:
            assert status == 200, (status, body[:300])
