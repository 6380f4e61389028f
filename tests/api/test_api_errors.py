"""API conventions: 400 with a field for bad input, 405, 413, never a 500."""

import json

import pytest

from tests.conftest import API_ENDPOINTS as ENDPOINTS


@pytest.mark.parametrize("path", ENDPOINTS)
def test_malformed_json_is_400_body(client, path):
    response = client.post(f"/api/v1/{path}", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "body"


@pytest.mark.parametrize("path", ENDPOINTS)
def test_non_object_body_is_400(client, path):
    response = client.post(f"/api/v1/{path}", data="[1, 2]", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "body"


@pytest.mark.parametrize("path", ENDPOINTS)
def test_get_is_405(client, path):
    response = client.get(f"/api/v1/{path}")
    assert response.status_code == 405
    assert response["Allow"] == "POST"


@pytest.mark.parametrize("path", ENDPOINTS)
def test_body_over_64_kib_is_413(client, path):
    body = json.dumps({"cards": ["7R"] * 20000})
    response = client.post(f"/api/v1/{path}", data=body, content_type="application/json")
    assert response.status_code == 413


@pytest.mark.parametrize("path", ENDPOINTS)
def test_empty_object_names_a_missing_field(client, path):
    response = client.post(f"/api/v1/{path}", data="{}", content_type="application/json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] in {"combo", "cards", "players", "grid", "hand", "rows"}
    assert "obligatoire" in error["message"]


WRONG_TYPES = [
    ("num-check/score", {"combo": 3, "cards": ["5R", "5B"], "rank": 1}, "combo"),
    ("num-check/score", {"combo": "paire", "cards": "5R 5B", "rank": 1}, "cards"),
    ("num-check/score", {"combo": "paire", "cards": [5, 6], "rank": 1}, "cards"),
    ("num-check/score", {"combo": "paire", "cards": ["5R", "5B"], "rank": "x"}, "rank"),
    ("num-check/score", {"combo": "paire", "cards": ["5R", "5B"], "rank": True}, "rank"),
    ("num-check/detect", {"cards": ["5R"], "rank": 1}, "cards"),
    ("num-check/detect", {"cards": ["5R", "5B"], "exclude": ["poker"]}, "exclude"),
    ("num-check/sheet", {"players": [{"name": "", "claims": []}]}, "players"),
    ("num-draft/score", {"grid": [["1R"]]}, "grid"),
    ("num-draft/score", {"grid": [[None] * 3] * 3, "mode": "turbo"}, "mode"),
    ("num-draft/score", {"grid": [[None] * 3] * 3, "values": "0-20"}, "values"),
    ("num-draft/score", {"grid": [[None] * 3] * 3, "left": ["1R"]}, "left"),
    ("num-draft/table", {"players": [{"name": "A", "grid": [[None] * 3] * 3}]}, "players"),
    (
        "num5/round",
        {"players": [{"name": "A", "plus": -1}, {"name": "B"}, {"name": "C"}]},
        "players",
    ),
    (
        "num5/round",
        {"players": [{"name": "A", "plus": 9999}, {"name": "B"}, {"name": "C"}]},
        "players",
    ),
    ("num5/game", {"players": ["A", "B", "C"], "rounds": [[{"plus": 1}]]}, "rounds"),
    ("num-connect/check", {"cards": ["5R", "5V", "5B"], "first_play": "yes"}, "first_play"),
    ("num-connect/check", {"cards": ["JK", "5V", "5B"]}, "cards"),
]


@pytest.mark.parametrize(("path", "body", "field"), WRONG_TYPES)
def test_wrong_types_are_400_naming_the_field(api, path, body, field):
    status, answer = api(path, body)
    assert status == 400, answer
    assert answer["error"]["field"] == field
    assert answer["error"]["message"]
