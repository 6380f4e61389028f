"""numsite/gunicorn.conf.py: sizes from the environment, no query or Referer in the access line."""

import runpy

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
    assert conf["workers"] == 5 and conf["threads"] == 4 and conf["worker_class"] == "gthread"
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
