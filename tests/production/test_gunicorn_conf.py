"""numsite/gunicorn.conf.py: sizes from the environment, no query or Referer in the access line."""

import re
import runpy

from tests.matching import search

from .servers import ROOT

CONF = str(ROOT / "numsite" / "gunicorn.conf.py")


def load(monkeypatch, **env):
    for name in ("GUNICORN_WORKERS", "GUNICORN_THREADS", "GUNICORN_ACCESS_LOG", "GUNICORN_BIND"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(CONF)


def test_defaults_fit_two_cores(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    conf = load(monkeypatch)
    assert conf["workers"] == 5 and conf["threads"] == 4
    # gthread, with deadlines on reading each request (tests/production/test_slow_clients.py)
    from gunicorn.workers.gthread import ThreadWorker

    from numsite.gunicorn_worker import DeadlineThreadWorker

    assert conf["worker_class"] == "numsite.gunicorn_worker.DeadlineThreadWorker"
    assert issubclass(DeadlineThreadWorker, ThreadWorker)
    assert conf["accesslog"] == "-" and conf["wsgi_app"] == "numsite.wsgi:application"
    assert "bind" not in conf  # from the command line (make run: $(HOST):$(PORT))


def test_sizes_and_logs_from_the_environment(monkeypatch):
    conf = load(
        monkeypatch,
        GUNICORN_WORKERS="3",
        GUNICORN_THREADS="8",
        GUNICORN_ACCESS_LOG="off",
        GUNICORN_BIND="127.0.0.1:9000",
    )
    assert (conf["workers"], conf["threads"], conf["accesslog"]) == (3, 8, None)
    assert conf["bind"] == ["127.0.0.1:9000"]
    assert load(monkeypatch, GUNICORN_WORKERS="x")["workers"] >= 1


def test_access_line_has_no_query_and_no_referer(monkeypatch):
    fmt = load(monkeypatch)["access_log_format"]
    for atom in ("%(r)s", "%(q)s", "%(f)s", "{referer}i", "%(u)s"):
        assert atom not in fmt
    assert "%(U)s" in fmt  # the path alone, redacted by the filter


def test_access_log_injection_control_characters_are_escaped(monkeypatch):
    """A path's ``%0A`` reaches the access line decoded: written as a percent-escape, it
    cannot start a forged line; a terminal escape, a bidirectional override and a quotation
    mark (which would close the field) likewise."""
    escape = load(monkeypatch)["escape_controls"]
    forged = '/num-check/\n127.0.0.1 - - [01/Jan/2026] "GET /admin HTTP/1.1" 200'
    assert escape(forged) == (
        "/num-check/%0A127.0.0.1 - - [01/Jan/2026] %22GET /admin HTTP/1.1%22 200"
    )
    assert escape("a\rb\x1b[31mc\x7f\x85d") == "a%0Db%1B[31mc%7F%85d"
    assert escape("x\u202ey\u2028z") == "x%E2%80%AEy%E2%80%A8z"
    assert escape("/num-check/é") == "/num-check/é" and escape(200) == 200


def test_access_log_injection_every_atom_of_the_access_line_is_escaped(monkeypatch):
    import datetime
    from types import SimpleNamespace

    conf = load(monkeypatch)
    logger = conf["RedactingLogger"].__new__(conf["RedactingLogger"])
    environ = {
        "REMOTE_ADDR": "127.0.0.1",
        "REQUEST_METHOD": "GET",
        "RAW_URI": "/x%0Ay",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": "/x\ny",
        "QUERY_STRING": "",
        "HTTP_USER_AGENT": 'agent"\x1b',
    }
    request = SimpleNamespace(headers=[("USER-AGENT", 'agent"\x1b')])
    atoms = logger.atoms(
        SimpleNamespace(status="200 OK", sent=3, headers=[("X-Out", "a\nb")]),
        request,
        environ,
        datetime.timedelta(0, 1),
    )
    assert atoms["U"] == "/x%0Ay" and atoms["a"] == "agent%22%1B"
    assert atoms["{user-agent}i"] == "agent%22%1B" and atoms["{x-out}o"] == "a%0Ab"
    line = conf["access_log_format"] % atoms
    assert "\n" not in line and "\x1b" not in line


def test_workers_are_recycled_and_stopped_gracefully(monkeypatch):
    """Recycled one at a time (a jitter), stopped within systemd's stop time-out, and never
    the one closing a connection the proxy may still send on (its idle time-out is longer
    than the proxies' to it)."""
    conf = load(monkeypatch)
    assert conf["max_requests"] > 0 and 0 < conf["max_requests_jitter"] < conf["max_requests"]
    service = (ROOT / "deploy" / "numsite.service").read_text()
    stop = int(search(r"^TimeoutStopSec=(\d+)$", service, re.M).group(1))
    assert conf["timeout"] <= stop and conf["graceful_timeout"] < stop
    caddy = (ROOT / "deploy" / "Caddyfile").read_text()
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    idle = [
        int(search(r"^\s*keepalive (\d+)s$", caddy, re.M).group(1)),
        int(search(r"^\s*keepalive_timeout (\d+)s;$", nginx, re.M).group(1)),
    ]
    assert all(0 < proxy < conf["keepalive"] for proxy in idle), (idle, conf["keepalive"])
