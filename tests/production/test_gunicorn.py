"""The production server for real (issue #11): gunicorn with numsite/gunicorn.conf.py on a free
loopback port, started and stopped by the test; its logs hold no Parties token."""

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, method: str = "GET", data: bytes | None = None, headers=None):
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gunicorn")
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "HTTPS", "ADMIN_URL"}}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        GUNICORN_WORKERS="2",
        GUNICORN_THREADS="2",
        GUNICORN_ACCESS_LOG=str(tmp / "access.log"),
        GUNICORN_ERROR_LOG=str(tmp / "error.log"),
        RATELIMIT_ENABLED="1",
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    port = free_port()
    stderr = open(tmp / "stderr.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            "numsite/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=stderr,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    try:
        while True:
            try:
                if fetch(f"{base}/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None, (tmp / "stderr.log").read_text()
            assert time.monotonic() - started < 60, "gunicorn did not answer within a minute"
            time.sleep(0.2)
        yield base, tmp, process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        stderr.close()


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
    assert fetch(f"{base}/num-5/", method="HEAD")[0] == 200
    status, headers, body = fetch(f"{base}/static/css/numsite.css")
    assert status == 200 and headers["Content-Type"].startswith("text/css")
    assert b".htmx-indicator" in body


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
