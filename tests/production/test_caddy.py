"""The sample Caddy configuration keeps the site's protections: deploy/Caddyfile, served by the
``caddy`` binary (Debian's package: ``apt-get install caddy``) on a loopback port in front of
the project's gunicorn, both started here. Without caddy the tests are skipped, unless ``CI``
is set.

- Caddy's ``encode`` compresses public answers but never a capability page (BREACH): the
  site's ``Cache-Control: no-transform`` is what stops it.
- Caddy reads each body whole before passing it on: slow-body connections hold no gunicorn
  thread, and ``/healthz`` answers every probe through Caddy at once.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import NoReturn

import pytest

from tests.servers import free_port, stop

from .servers import ROOT, fetch, gunicorn, migrated, server_env
from .test_slow_clients import probes, slow_connections

pytestmark = pytest.mark.xdist_group("caddy")

CADDYFILE = ROOT / "deploy" / "Caddyfile"
CADDY = shutil.which("caddy")


def missing_caddy() -> NoReturn:
    """Skipped without caddy, but a failure under ``CI`` (`make test` installs it as root)."""
    if os.environ.get("CI"):
        pytest.fail("caddy is not installed (apt-get install caddy): make test installs it")
    pytest.skip("caddy is not installed (apt-get install caddy)")


def caddy_version() -> tuple[int, ...]:
    if CADDY is None:
        missing_caddy()
    shown = subprocess.run([CADDY, "version"], capture_output=True, text=True, check=True).stdout
    found = re.match(r"v?(\d+)\.(\d+)\.(\d+)", shown.strip())
    assert found, shown
    return tuple(int(part) for part in found.groups())


def loopback_config(sample: str, listen: int, upstream: int, version: tuple[int, ...]) -> str:
    """The sample with its public name and upstream replaced by loopback ports, no admin
    endpoint (parallel runs), and, for a Caddy older than 2.6.4, the older spelling of
    ``request_buffers``. Everything else is served as written."""
    assert "numsite.example.org {" in sample and "reverse_proxy 127.0.0.1:8000" in sample
    config = sample.replace("numsite.example.org {", f"http://127.0.0.1:{listen} {{", 1)
    config = config.replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    config = config.replace("{\n", "{\n\tadmin off\n", 1)
    if version < (2, 6, 4):
        config = re.sub(r"request_buffers \S+", "buffer_requests", config)
    return config


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    if CADDY is None:
        missing_caddy()
    tmp: Path = tmp_path_factory.mktemp("caddy")
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        GUNICORN_WORKERS="2",
        GUNICORN_THREADS="4",
        GUNICORN_ACCESS_LOG="off",
        REQUEST_BODY_TIMEOUT="30",  # Caddy's buffering is what is tested, not this deadline
    )
    migrated(env)
    with gunicorn(env, tmp / "gunicorn.log") as upstream:
        port = free_port()
        config = tmp / "Caddyfile"
        config.write_text(
            loopback_config(
                CADDYFILE.read_text(), port, int(upstream.rsplit(":", 1)[1]), caddy_version()
            )
        )
        home = {"HOME": str(tmp), "XDG_DATA_HOME": str(tmp), "XDG_CONFIG_HOME": str(tmp)}
        with open(tmp / "caddy.log", "w") as log:
            process = subprocess.Popen(
                [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
                env={"PATH": "/usr/bin:/bin", **home},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        try:
            started = time.monotonic()
            while True:
                try:
                    if fetch(f"{base}/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                assert process.poll() is None, (tmp / "caddy.log").read_text()
                assert time.monotonic() - started < 30, "caddy did not answer"
                time.sleep(0.2)
            yield base
        finally:
            stop(process)


def test_caddyfile_is_valid_for_the_installed_caddy(tmp_path):
    if CADDY is None:
        missing_caddy()
    config = tmp_path / "Caddyfile"
    config.write_text(loopback_config(CADDYFILE.read_text(), 8080, 8000, caddy_version()))
    adapted = subprocess.run(
        [CADDY, "adapt", "--config", str(config), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert adapted.returncode == 0, adapted.stderr
    server = json.loads(adapted.stdout)["apps"]["http"]["servers"]["srv0"]
    assert server["read_header_timeout"] and server["read_timeout"]
    handlers = json.dumps(server["routes"])
    assert '"handler": "encode"' in handlers and '"handler": "request_body"' in handlers
    assert '"buffer_requests": true' in handlers or '"request_buffers": 128000' in handlers
    for path in ("/parties/*", "/en/parties/*", "/api/v1/parties/*", "/tablees/*"):
        assert json.dumps(path) in handlers  # left out of encode


def test_caddyfile_sample_keeps_the_protections_as_written():
    """Read without caddy: the lines the protections rest on are in the sample."""
    sample = CADDYFILE.read_text()
    lines = {line.strip() for line in sample.splitlines()}
    assert (
        "@compressible not path /parties/* /en/parties/* /tablees/* /en/tablees/* "
        "/api/v1/parties /api/v1/parties/* /api/v1/tablees /api/v1/tablees/* "
        "/tournois/* /en/tournois/* /api/v1/events /api/v1/events/*"
    ) in lines  # every token-bearing prefix of the URLconf: tests/production/test_token_urls.py
    assert "encode @compressible zstd gzip" in lines
    assert not any(line.startswith("encode ") and "@compressible" not in line for line in lines)
    assert "no-transform" in sample  # the comment says why the header matters
    assert "request_buffers 128KB" in lines and "max_size 128KB" in lines
    assert {"read_header 10s", "read_body 10s"} <= lines
    assert "output discard" in lines  # no access log with tokens in it


def test_nginx_sample_buffers_bodies_and_compresses_nothing():
    lines = {line.strip() for line in (ROOT / "deploy" / "nginx.conf").read_text().splitlines()}
    assert {"proxy_request_buffering on;", "gzip off;", "access_log off;"} <= lines
    assert {"client_header_timeout 10s;", "client_body_timeout 10s;"} <= lines


def create_party(base: str) -> str:
    body = json.dumps({"game": "num5", "players": ["Léa", "Tom", "Zoé"]}).encode()
    status, _, answer = fetch(
        f"{base}/api/v1/parties", "POST", body, {"Content-Type": "application/json"}
    )
    assert status == 201, answer
    return json.loads(answer)["edit_token"]


@pytest.mark.parametrize("encoding", ["zstd", "gzip", "gzip, deflate, br, zstd"])
def test_caddy_never_compresses_a_capability_page_but_does_a_public_one(proxied, encoding):
    token = create_party(proxied)
    asked = {"Accept-Encoding": encoding}
    public = fetch(f"{proxied}/num-check/", headers=asked)
    assert public[0] == 200 and public[1].get("Content-Encoding") in {"zstd", "gzip"}
    for path in (f"/parties/{token}/", f"/api/v1/parties/{token}", f"/parties/{token}/export.csv"):
        status, headers, body = fetch(proxied + path, headers=asked)
        assert status == 200, path
        assert "no-transform" in headers["Cache-Control"], path
        assert "Content-Encoding" not in headers, (path, headers.get("Content-Encoding"))
        assert token.encode() in body or path.endswith(".csv")


def test_caddy_buffers_slow_bodies_so_healthz_answers_through_it(proxied):
    """25 slow-body connections through Caddy (gunicorn has 8 threads, and here a 30 s body
    deadline): Caddy holds them, gunicorn never sees them, every probe answers at once."""
    start = (
        b"POST /api/v1/num-check/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
    )
    with slow_connections(proxied, 25, start, b" " * 20):
        time.sleep(0.5)
        began = time.monotonic()
        assert probes(proxied) == [200] * 8
        assert time.monotonic() - began < 5
