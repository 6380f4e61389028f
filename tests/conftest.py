"""Shared test helpers."""

import json
from pathlib import Path

import pytest

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
