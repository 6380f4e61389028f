"""Shared test helpers."""

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.core.servers import basehttp
from django.test import Client

# The admin is off unless ADMIN_URL is set (docs/deploy.md); the suite reaches it at /admin/.
# Set before the URLconf is first imported (settings are already loaded by pytest-django).
settings.ADMIN_URL = "admin/"

# The live test server accepts 10 pending connections by default; the concurrency test opens
# two dozen at the same instant, as a table of phones would against a real server.
basehttp.WSGIServer.request_queue_size = 64

CASES_DIR = Path(__file__).resolve().parent / "cases"


class FormClient(Client):
    """Django's test client, posting forms as browsers do: ``application/x-www-form-urlencoded``.

    The site refuses ``multipart/form-data`` (no file upload anywhere), which is what Django's
    client sends by default; an explicit ``content_type`` is kept as given.
    """

    def post(self, path, data=None, content_type=None, *args, **kwargs):
        if content_type is None:
            content_type = "application/x-www-form-urlencoded"
            data = urlencode(data or {}, doseq=True)
        return super().post(path, data, content_type, *args, **kwargs)


@pytest.fixture
def client():
    """pytest-django's ``client``, posting urlencoded forms (see :class:`FormClient`)."""
    return FormClient()


@pytest.fixture
def admin_client(db, admin_user):
    """pytest-django's ``admin_client``, posting urlencoded forms (see :class:`FormClient`)."""
    client = FormClient()
    client.force_login(admin_user)
    return client


@pytest.fixture(autouse=True)
def _abuse_limits_off(settings):
    """The suite plays far faster than a table: abuse limits are off, except in the tests of
    the limiter itself (tests/production/test_throttle.py turns them back on)."""
    settings.RATELIMIT_ENABLED = False


#: Eight valid NUM CHECK claims of different combinations, and a ninth one.
EIGHT_CLAIMS = [
    ("paire", "1R 1B"),
    ("brelan", "2R 2B 2J"),
    ("carre", "3R 3B 3J 3V"),
    ("nums", "4R 4B 4J 4V 4S"),
    ("double_paire", "5R 5B 6R 6B"),
    ("full", "7R 7B 7J 8R 8B"),
    ("paire_cosmique", "9A 9S"),
    ("suite_pivot", "5V 6V 7V 8V"),
]
NINTH_CLAIM = ("suite_longue", "10R 11B 12J 13V 14S")


#: Every stateless calculator endpoint of the JSON API (API.md), for the tests that walk them all.
API_ENDPOINTS = [
    "num-check/score",
    "num-check/detect",
    "num-check/sheet",
    "num-draft/score",
    "num-draft/table",
    "num5/round",
    "num5/game",
    "num5/turn",
    "num-connect/check",
]


def load_cases(name: str) -> list[dict]:
    return json.loads((CASES_DIR / name).read_text(encoding="utf-8"))


@pytest.fixture
def api(client):
    """POST a JSON body to the API; returns (status, body)."""

    def call(path: str, body: object) -> tuple[int, dict]:
        response = client.post(
            f"/api/v1/{path}", data=json.dumps(body), content_type="application/json"
        )
        return response.status_code, response.json()

    return call
