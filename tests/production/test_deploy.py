"""Deployment settings: check --deploy clean with HTTPS=1, HTTPS behaviour, admin
path from the environment."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "HTTPS", "ADMIN_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    environ.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_reports_no_issue_with_https():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        HTTPS="1",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="numsite.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_without_https_check_deploy_names_what_https_turns_on():
    result = run_manage("check", "--deploy", DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50))
    for warning in ("W004", "W008", "W012", "W016"):
        assert warning in result.stdout + result.stderr


SHOW = (
    "from django.conf import settings as s;"
    "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS,"
    " s.SECURE_HSTS_PRELOAD, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
    " s.LANGUAGE_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER, ','.join(s.TRUSTED_PROXIES) or '-')"
)


def test_https_turns_on_redirect_hsts_and_secure_cookies():
    on = run_manage("shell", "--no-imports", "-c", SHOW, HTTPS="1").stdout.split()
    assert on == [
        "True",
        "31536000",
        "True",
        "True",
        "True",
        "True",
        "True",
        "('HTTP_X_FORWARDED_PROTO',",
        "'https')",
        "127.0.0.1,::1",
    ]
    off = run_manage("shell", "--no-imports", "-c", SHOW).stdout.split()
    assert off[:2] == ["False", "0"] and off[-2:] == ["None", "-"]
    behind_a_remote_proxy = run_manage(
        "shell", "--no-imports", "-c", SHOW, HTTPS="1", TRUSTED_PROXIES="10.0.0.0/8"
    )
    assert behind_a_remote_proxy.stdout.split()[-1] == "10.0.0.0/8"


@pytest.mark.django_db
def test_behind_the_proxy_http_redirects_but_healthz_does_not(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    response = client.get("/num-check/?cards=7R", HTTP_X_FORWARDED_PROTO="http")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/num-check/?cards=7R"
    assert client.get("/healthz", HTTP_X_FORWARDED_PROTO="http").status_code == 200
    secure = client.get("/num-check/", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"


RESOLVE = (
    "from django.urls import resolve, Resolver404\n"
    "try:\n    print(resolve('/admin/').app_name)\nexcept Resolver404:\n    print('none')\n"
    "try:\n    print(resolve('/gestion-7f3a/').app_name)\nexcept Resolver404:\n    print('none')\n"
)


def test_admin_is_off_by_default_and_moves_to_admin_url():
    assert run_manage("shell", "--no-imports", "-c", RESOLVE).stdout.split() == ["none", "none"]
    moved = run_manage(
        "shell", "--no-imports", "-c", RESOLVE, ADMIN_URL="/gestion-7f3a/"
    ).stdout.split()
    assert moved == ["none", "admin"]


DATABASE = (
    "from django.conf import settings as s; d = s.DATABASES['default'];"
    "print(d['ENGINE'].rsplit('.', 1)[1], d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
)
POSTGRES = "postgres://numsite@127.0.0.1:5432/numsite"  # never connected to: settings only


def test_database_connections_are_kept_a_minute_and_checked_before_use():
    """A connection kept after its database restarted answers a 500 unless it is checked: every
    kept one is (tests/production/test_database_restart.py restarts a real PostgreSQL)."""
    assert run_manage(
        "shell", "--no-imports", "-c", DATABASE, DATABASE_URL=POSTGRES
    ).stdout.split() == ["postgresql", "60", "True"]
    shown = run_manage(
        "shell", "--no-imports", "-c", DATABASE, DATABASE_URL=POSTGRES, CONN_MAX_AGE="5"
    )
    assert shown.stdout.split() == ["postgresql", "5", "True"]
    sqlite = run_manage(
        "shell", "--no-imports", "-c", DATABASE, DATABASE_URL="sqlite:///:memory:", CONN_MAX_AGE=""
    )
    assert sqlite.stdout.split() == ["sqlite3", "60", "True"]
    refused = run_manage("shell", "--no-imports", "-c", DATABASE, CONN_MAX_AGE="٦٠")
    assert refused.returncode != 0 and "CONN_MAX_AGE is a whole number of seconds" in refused.stderr


@pytest.mark.parametrize("empty", ["", "  "], ids=["empty", "blank"])
def test_an_empty_database_url_is_unset_not_a_crash_at_start(empty):
    """``DATABASE_URL=`` (a blank line of an env file) is the default SQLite file."""
    shown = run_manage("shell", "--no-imports", "-c", DATABASE, DATABASE_URL=empty)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["sqlite3", "60", "True"]
    assert run_manage("check", DATABASE_URL=empty).returncode == 0
