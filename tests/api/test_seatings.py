"""``POST /api/v1/seatings`` (docs/api.md « Seatings »): an evening's rounds seated ahead."""

from __future__ import annotations

import itertools
import json

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_en(client):
    def call(path: str, body: object) -> tuple[int, dict]:
        response = client.post(
            f"/api/v1/{path}",
            data=json.dumps(body),
            content_type="application/json",
            headers={"Accept-Language": "en"},
        )
        return response.status_code, response.json()

    return call


def test_named_players_are_seated_by_name_in_seat_order(api):
    names = ["Léa", "Tom", "Inès", "Marc", "Zoé", "Paul", "Ana", "Noé"]
    status, body = api("seatings", {"players": names, "sizes": [4], "rounds": 2, "seed": "club"})
    assert status == 200, body
    assert len(body["rounds"]) == 2 and body["byes"] == [[], []]
    for tables in body["rounds"]:
        assert sorted(p for table in tables for p in table) == sorted(names)
        assert [len(t) for t in tables] == [4, 4]


def test_a_count_of_players_is_numbered_from_one(api):
    status, body = api("seatings", {"players": 16, "sizes": [4], "rounds": 5, "seed": "7"})
    assert status == 200, body
    assert sorted(p for t in body["rounds"][0] for p in t) == list(range(1, 17))
    assert body["repeats"] == []  # sixteen players at tables of four: five rounds, no repeat
    met = [
        frozenset(pair) for r in body["rounds"] for t in r for pair in itertools.combinations(t, 2)
    ]
    assert len(met) == len(set(met)) == 120


def test_the_same_input_and_seed_give_the_same_answer(api):
    body = {"players": 13, "sizes": [4, 3, 5], "rounds": 4, "seed": "soirée"}
    assert api("seatings", body) == api("seatings", body)
    assert api("seatings", {**body, "seed": "autre"})[1] != api("seatings", body)[1]


def test_pairs_to_avoid_are_kept_apart(api):
    names = ["Léa", "Tom", "Inès", "Marc", "Zoé", "Paul"]
    status, body = api(
        "seatings",
        {"players": names, "sizes": [3], "rounds": 2, "avoid": [["léa", "TOM"], ["Inès", "Marc"]]},
    )
    assert status == 200, body
    for tables in body["rounds"]:
        for table in tables:
            assert not {"Léa", "Tom"} <= set(table) and not {"Inès", "Marc"} <= set(table)
    assert body["forbidden"] == []


def test_a_pair_to_avoid_by_numbers_when_players_are_counted(api):
    status, body = api("seatings", {"players": 6, "sizes": [3], "rounds": 1, "avoid": [[1, 2]]})
    assert status == 200, body
    assert not any({1, 2} <= set(t) for t in body["rounds"][0])


def test_repeats_and_reasons_say_why(api):
    status, body = api("seatings", {"players": 7, "sizes": [4, 3], "rounds": 3, "seed": "x"})
    assert status == 200, body
    assert body["repeats"] and all(r["times"] >= 2 for r in body["repeats"])
    messages = [r["message"] for r in body["reasons"]]
    assert "Table 2 à 3 joueurs : 7 joueurs, tables de 4, 3 (de préférence 4)." in messages
    assert any("se sont déjà rencontrés" in m for m in messages)


def test_reasons_in_english(api_en):
    status, body = api_en("seatings", {"players": 7, "sizes": [4], "rounds": 1})
    assert status == 200, body
    assert body["byes"][0] and "does not play this round" in body["reasons"][0]["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"sizes": [4]}, "players"),
        ({"players": 1, "sizes": [4]}, "players"),
        ({"players": 301, "sizes": [4]}, "players"),
        ({"players": 3, "sizes": [4]}, "players"),
        ({"players": ["Léa", "léa", "Tom"], "sizes": [3]}, "players"),
        ({"players": 8}, "sizes"),
        ({"players": 8, "sizes": []}, "sizes"),
        ({"players": 8, "sizes": [1]}, "sizes"),
        ({"players": 8, "sizes": [11]}, "sizes"),
        ({"players": 8, "sizes": [4], "rounds": 0}, "rounds"),
        ({"players": 8, "sizes": [4], "rounds": 21}, "rounds"),
        ({"players": 8, "sizes": [4], "avoid": [[1]]}, "avoid"),
        ({"players": 8, "sizes": [4], "avoid": [[1, 9]]}, "avoid"),
        ({"players": 8, "sizes": [4], "avoid": [[1, 1]]}, "avoid"),
        ({"players": ["A", "B", "C"], "sizes": [3], "avoid": [["A", "Z"]]}, "avoid"),
        ({"players": 8, "sizes": [4], "seed": "x" * 201}, "seed"),
        ({"players": 8, "sizes": [4], "seed": 7}, "seed"),
    ],
)
def test_bad_input_is_refused_at_its_field(api, body, field):
    status, answer = api("seatings", body)
    assert status == 400, answer
    assert answer["error"]["field"] == field and answer["error"]["message"]
