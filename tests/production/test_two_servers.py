"""Scale-out: two server processes on one database share the rate limit.

The servers use the test database itself (PostgreSQL when the suite runs on it, else the SQLite
file): the counters are rows, so a client's requests count together whichever server answers.
"""

import http.cookiejar
import secrets
import urllib.request

import pytest
from django.db import connection

from numsite.throttle.models import Counter
from tests.matching import search

from .servers import fetch, gunicorn, server_env

pytestmark = pytest.mark.django_db(transaction=True)


def database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
        return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    return f"sqlite:///{s['NAME']}"


def login_attempt(base: str, opener) -> tuple[int, dict]:
    """One failed admin login (with its CSRF token, as a browser posts it)."""
    _, _, page = fetch(f"{base}/gestion/login/", opener=opener)
    token = search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    body = f"csrfmiddlewaretoken={token}&username=x&password=y&next=/gestion/".encode()
    status, headers, _ = fetch(
        f"{base}/gestion/login/",
        method="POST",
        data=body,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"{base}/gestion/login/",
        },
        opener=opener,
    )
    return status, headers


def test_two_servers_on_one_database_share_the_rate_limit(tmp_path):
    env = server_env(
        DATABASE_URL=database_url(),
        SECRET_KEY=secrets.token_urlsafe(50),  # one key: a CSRF token is good on both
        ADMIN_URL="gestion/",
        ADMIN_LOGIN_RATE="4/600",
        RATELIMIT_ENABLED="1",
        GUNICORN_ACCESS_LOG="off",
    )
    with gunicorn(env, tmp_path / "a.log") as a, gunicorn(env, tmp_path / "b.log") as b:
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        statuses = [login_attempt(base, opener)[0] for base in (a, b, a, b)]
        assert statuses == [200, 200, 200, 200]  # the form again: wrong password, 4 of 4 allowed
        for base in (a, b):  # the 5th and 6th, on either server, are over the shared limit
            status, headers = login_attempt(base, opener)
            assert status == 429 and int(headers["Retry-After"]) > 0
    # the 4 allowed attempts; the refused ones were taken back (numsite/throttle)
    assert Counter.objects.get(scope="admin-login").count == 4
