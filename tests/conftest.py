"""Shared test helpers."""

import json
from pathlib import Path

import pytest
from django.core.servers import basehttp

# The live test server accepts 10 pending connections by default; the concurrency test opens
# two dozen at the same instant, as a table of phones would against a real server.
basehttp.WSGIServer.request_queue_size = 64

CASES_DIR = Path(__file__).resolve().parent / "cases"


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
