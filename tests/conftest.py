"""Shared test helpers."""

import json
from pathlib import Path

import pytest
from django.core.servers import basehttp

# The live test server accepts 10 pending connections by default; the concurrency test opens
# two dozen at the same instant, as a table of phones would against a real server.
basehttp.WSGIServer.request_queue_size = 64

CASES_DIR = Path(__file__).resolve().parent / "cases"


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
