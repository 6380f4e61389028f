"""The production server for real: gunicorn with numsite/gunicorn.conf.py on a free
loopback port, started and stopped by the test; its logs hold no Parties token."""

import http.client
import json
import secrets
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .servers import fetch, gunicorn, migrated, server_env

# One worker of pytest-xdist runs this module (tests/conftest.py, races): its server is
# started once for all its tests.
pytestmark = pytest.mark.xdist_group("gunicorn")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gunicorn")
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        GUNICORN_THREADS="2",
        GUNICORN_ACCESS_LOG=str(tmp / "access.log"),
        GUNICORN_ERROR_LOG=str(tmp / "error.log"),
        RATELIMIT_ENABLED="1",
    )
    migrated(env)
    with gunicorn(env, tmp / "stderr.log") as base:
        yield base, tmp, None


def all_logs(tmp: Path) -> str:
    return "".join(
        (tmp / n).read_text()
        for n in ("access.log", "error.log", "stderr.log")
        if (tmp / n).exists()
    )


def test_gunicorn_serves_pages_static_files_and_head_with_the_headers(server):
    base, _, _ = server
    status, headers, body = fetch(f"{base}/num-check/")
    assert status == 200 and "NUM CHECK" in body.decode()
    assert headers["Server"] == "gunicorn"
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "camera=()" in headers["Permissions-Policy"]
    page_csp = headers["Content-Security-Policy"]
    status, headers, body = fetch(f"{base}/num-5/", method="HEAD")
    assert status == 200 and body == b""
    assert headers["Content-Security-Policy"] == page_csp
    status, headers, body = fetch(f"{base}/static/css/numsite.css")
    assert status == 200 and headers["Content-Type"].startswith("text/css")
    assert b".htmx-indicator" in body
    assert headers["Cache-Control"] == "max-age=60, public"  # an unhashed name: a short cache
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Content-Security-Policy"] == page_csp


def test_gunicorn_logs_hold_no_token(server):
    base, tmp, _ = server
    tokens = [secrets.token_urlsafe(24) for _ in range(4)]
    fetch(f"{base}/parties/1/{tokens[0]}/", headers={"Referer": f"{base}/parties/1/{tokens[0]}/"})
    fetch(f"{base}/parties/1/{tokens[1]}/tableau/?v=1&t={tokens[1]}")
    fetch(  # no CSRF token: 403, logged by django.security.csrf
        f"{base}/parties/1/{tokens[2]}/claim_add/",
        method="POST",
        data=b"combo=paire&cards=1R+1B",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    fetch(
        f"{base}/api/v1/parties/{tokens[3]}/",
        method="POST",
        data=b"{}",
        headers={"Content-Type": "application/json"},
    )
    time.sleep(0.5)  # let the workers flush their log lines
    access = (tmp / "access.log").read_text()
    assert access.count("[redacted]") >= 4, access
    logs = all_logs(tmp)
    assert "Forbidden" in logs and "Not Found" in logs  # Django's request log is there too…
    for token in tokens:
        assert token not in logs  # …and nowhere a token


def test_gunicorn_logs_hold_no_token_with_a_character_stuck_to_it(server):
    base, tmp, _ = server
    # a full stop, a parenthesis, a zero-width space, a line break, a quotation mark
    stuck = {".": ".", ")": ")", "\u200b": "%E2%80%8B", "\n": "%0A", '"': "%22"}
    tokens = []
    for encoded in stuck.values():
        for shape in ("{t}" + encoded, encoded + "{t}"):
            token = secrets.token_urlsafe(24)
            tokens.append(token)
            status, _, _ = fetch(f"{base}/parties/{shape.format(t=token)}/")
            assert status == 404
    time.sleep(0.5)  # let the workers flush their log lines
    logs = all_logs(tmp)
    assert logs.count("Not Found") >= len(tokens)  # Django's warnings are there…
    for token in tokens:
        assert token not in logs  # …and the access lines, without a token


def test_access_log_injection_a_decoded_line_break_forges_no_line(server):
    base, tmp, _ = server
    marker = secrets.token_hex(8)
    forged = f'%0A127.0.0.1 - - [01/Jan/2026:00:00:00 +0000] "GET /{marker} HTTP/1.1" 200 0'
    assert fetch(f"{base}/num-check/{forged.replace(' ', '%20')}")[0] == 404
    time.sleep(0.5)  # let the workers flush their log lines
    lines = [line for line in (tmp / "access.log").read_text().splitlines() if marker in line]
    assert len(lines) == 1, lines
    assert lines[0].count(" 404 ") == 1 and "/num-check/%0A127.0.0.1" in lines[0]
    assert not lines[0].startswith("127.0.0.1 - - [01/Jan/2026")


def chunked_request(base: str, path: str, body: bytes) -> tuple[int, dict]:
    """POST ``body`` in two chunks (``Transfer-Encoding: chunked``, no ``Content-Length``), as a
    client streaming its body does; the JSON answer."""
    address = urlsplit(base)
    assert address.hostname is not None, base
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    try:
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        half = len(body) // 2
        for part in (body[:half], body[half:]):
            connection.send(b"%x\r\n%s\r\n" % (len(part), part))
        connection.send(b"0\r\n\r\n")
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_gunicorn_hands_chunked_bodies_over_whole(server):
    base, _, _ = server
    body = json.dumps({"game": "num-check", "players": ["Léa", "Tom", "Zoé"]}).encode()
    status, created = chunked_request(base, "/api/v1/parties", body)
    assert status == 201, created
    token = created["edit_token"]
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"], "if_version": 1}
    status, party = chunked_request(
        base, f"/api/v1/parties/{token}/claims", json.dumps(claim).encode()
    )
    assert status == 201 and party["version"] == 2
    # a stale version, chunked: refused (read as empty, it would undo the claim)
    status, refused = chunked_request(base, f"/api/v1/parties/{token}/undo", b'{"if_version": 1}')
    assert status == 409 and refused["error"]["field"] == "if_version"
    assert refused["party"]["version"] == 2 and len(refused["party"]["claims"]) == 1
    status, score = chunked_request(
        base, "/api/v1/num-check/score", b'{"combo": "paire", "cards": ["5R", "5B"], "rank": 1}'
    )
    assert status == 200 and score["valid"] is True


def raw_exchange(base: str, request: bytes) -> bytes:
    """Send ``request`` as is on a new connection; every byte the server sends back until it
    closes the connection."""
    with socket.create_connection((urlsplit(base).hostname, urlsplit(base).port), 10) as sock:
        sock.sendall(request)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


@pytest.mark.parametrize(
    "path", ["/num-check/", "/num-5/?players=a,b,c&n=1", "/api/v1/num9", "/static/css/numsite.css"]
)
def test_head_answers_carry_headers_only_on_the_wire(server, path):
    base, _, _ = server
    host = urlsplit(base).netloc.encode()
    get = raw_exchange(
        base, b"GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path.encode(), host)
    )
    head = raw_exchange(
        base, b"HEAD %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path.encode(), host)
    )
    get_headers, _, get_body = get.partition(b"\r\n\r\n")
    head_headers, _, head_body = head.partition(b"\r\n\r\n")
    assert get_body and head_body == b"", (len(head_body), head_headers)
    assert head_headers.split(b"\r\n")[0] == get_headers.split(b"\r\n")[0]  # the same status
    assert f"Content-Length: {len(get_body)}".encode() in head_headers
    gzip = raw_exchange(
        base,
        b"HEAD %s HTTP/1.1\r\nHost: %s\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
        % (path.encode(), host),
    )
    assert gzip.partition(b"\r\n\r\n")[2] == b""  # compressed or not, no body either


def test_a_head_answer_leaves_a_kept_alive_connection_in_step(server):
    base, _, _ = server
    address = urlsplit(base)
    assert address.hostname is not None, base
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    try:
        for _ in range(2):
            connection.request("HEAD", "/num-check/")
            head = connection.getresponse()
            assert head.status == 200 and head.read() == b""
            # the next answer on the same connection starts where the HEAD answer ended
            connection.request("GET", "/healthz")
            health = connection.getresponse()
            assert health.status == 200 and json.loads(health.read())["status"] == "ok"
    finally:
        connection.close()
