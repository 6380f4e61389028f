"""Scale-out: two app servers on one PostgreSQL share every party and every
rate limit — a write through one is on the other's board at once, and a client's writes count
together whichever server answers. The PostgreSQL cluster and both gunicorns are started here."""

from __future__ import annotations

import os

import pytest

from tests import servers
from tests.parties.test_races import call

pytestmark = [pytest.mark.races]


@pytest.fixture(scope="module")
def two_servers():
    if servers.postgres_bindir() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is missing: `make test` installs Debian's postgresql as root")
        pytest.skip("PostgreSQL is not installed")
    limits = {"RATELIMIT_ENABLED": "1", "PARTIES_WRITE_RATE": "6/600"}
    with servers.postgres_cluster() as url:
        servers.migrate(url)
        with (
            servers.gunicorn(url, workers=1, threads=2, **limits) as a,
            servers.gunicorn(url, workers=1, threads=2, **limits) as b,
        ):
            yield a, b


def board(base: str, token: str, version: int) -> tuple[int, bytes]:
    import urllib.request

    with urllib.request.urlopen(f"{base}/parties/{token}/tableau/?v={version}", timeout=30) as r:
        return r.status, r.read()


def test_a_write_through_one_server_is_on_the_other_board(two_servers):
    a, b = two_servers
    status, party = call(a, "POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    assert status == 201
    token, seen = party["edit_token"], party["version"]
    assert board(b, token, seen)[0] == 204  # nothing new yet, on the other server
    status, _ = call(
        a, "POST", f"parties/{token}/claims",
        {"player": "Léa", "combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"]},
    )  # fmt: skip
    assert status == 201
    status, html = board(b, token, seen)
    assert status == 200 and b'data-score="26"' in html
    assert call(b, "GET", f"parties/{party['read_token']}")[1]["version"] == seen + 1


def test_the_write_limit_is_shared_by_both_servers(two_servers):
    a, b = two_servers
    status, party = call(a, "POST", "parties", {"game": "num5", "players": ["A", "B", "C"]})
    token = party["edit_token"]
    statuses = []
    for n in range(8):  # alternate servers; the limit is 6 writes per client and window
        rename = {"name": f"A{n}"}
        statuses.append(call((a, b)[n % 2], "PATCH", f"parties/{token}/players/0", rename)[0])
    accepted = statuses.count(200)
    assert 1 <= accepted <= 6  # the first test may already have spent one write
    assert statuses == [200] * accepted + [429] * (8 - accepted)  # then refused on both
    status, body = call(b, "POST", f"parties/{token}/undo")
    assert status == 429 and body["error"]["field"] == "rate"
    party = call(a, "GET", f"parties/{token}")[1]
    assert party["version"] == 1 + accepted  # a refused write changed nothing
