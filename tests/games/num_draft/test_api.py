"""NUM DRAFT's JSON endpoints: ``score`` (a pool's groups, wildcards and total) and ``table``
(every grid of a table, its shared positions in seat order); modes by their French names."""

import pytest

GRID = [["1R", "1B", None], [None] * 3, [None] * 3]


def test_draft_answer_lists_groups_and_wildcards(api):
    status, body = api(
        "num-draft/score",
        {"mode": "classic", "grid": [["1R", "JK", "1V"], [None] * 3, [None] * 3]},
    )
    assert status == 200
    assert body["total"] == 9
    assert body["groups"] == [
        {"kind": "value", "key": "1", "places": [[0, 0], [1, 0], [2, 0]], "points": 9}
    ]
    assert body["wildcards"] == [{"place": [1, 0], "card": "JK", "as": "value 1"}]


@pytest.mark.parametrize(
    ("name", "key"),
    [("Découverte", "discovery"), ("Familiale", "discovery"), ("classique", "classic")],
)
def test_the_api_accepts_french_mode_names_and_answers_canonically(api, name, key):
    status, body = api("num-draft/score", {"grid": GRID, "mode": name})
    assert status == 200 and body["mode"] == key


def test_a_num_check_mode_is_a_400_on_mode(api):
    status, body = api("num-draft/score", {"grid": GRID, "mode": "Famille"})
    assert status == 400 and body["error"]["field"] == "mode"
    assert "Classique" in body["error"]["message"] and "Découverte" in body["error"]["message"]


def test_table_answer_gives_shared_positions_in_seat_order(api):
    empty = [None, None, None]
    players = [
        {"name": "Léa", "grid": [["1R", "2R", "3R"], ["5R", None, None], empty]},
        {"name": "Tom", "grid": [["9V", "9B", None], empty, empty]},
        {"name": "Zoé", "grid": [[None, "7V", "7B"], empty, empty]},
    ]
    status, body = api("num-draft/table", {"players": players, "mode": "Classique"})
    assert status == 200 and body["mode"] == "classic"
    assert [(p["name"], p["total"], p["position"]) for p in body["players"]] == [
        ("Léa", 8, 1),
        ("Tom", 6, 2),
        ("Zoé", 6, 2),
    ]
