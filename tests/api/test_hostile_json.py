"""JSON that decodes but is no input: a lone surrogate in a string (``"\\ud800"``: half of a
UTF-16 pair, no Unicode text, and an error message echoing it cannot be encoded) and a
non-finite number (``1e999`` is infinity to Python; ``Infinity``, ``-Infinity`` and ``NaN`` are
not even JSON). Every string and every number of a valid body of every endpoint, the
calculators' and the Parties', is replaced in turn: always a 400 naming the top-level field that
held it, never a 500."""

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import API_ENDPOINTS, load_cases
from tests.factories import party

pytestmark = pytest.mark.django_db

SURROGATES = ["\ud800", "\udfff", "Léa\udc00", "\ud83d"]  # the last: a pair's first half alone
NON_FINITE = ["1e999", "-1e999", "Infinity", "-Infinity", "NaN"]
HOLE = "\x00hole\x00"  # stands for the value being replaced, then swapped in the JSON text


def valid_body(endpoint: str) -> dict[str, Any]:
    """The first golden case of ``endpoint`` that the API answers 200."""
    game, name = endpoint.split("/")
    file = {"num-check": "num_check", "num-draft": "num_draft", "num5": "num5"}.get(game, game)
    default = {"num_check": "score", "num_draft": "score", "num-connect": "check"}.get(file)
    for case in load_cases(f"{file.replace('-', '_')}.json"):
        if case.get("endpoint", default) == name and "error" not in case["expect"]:
            return case["request"]
    assert endpoint == "num-draft/table", endpoint  # the one endpoint without a golden case
    empty = [None, None, None]
    return {
        "players": [
            {"name": "Léa", "grid": [["1R", "2R", "3R"], ["5R", None, None], empty]},
            {"name": "Tom", "grid": [["9V", "9B", None], empty, empty]},
        ],
        "mode": "Classique",
    }


def holes(value: Any, kinds: tuple[type, ...]) -> Iterator[Any]:
    """``value`` once per leaf of one of ``kinds``, that leaf replaced by :data:`HOLE`."""
    if isinstance(value, kinds) and not isinstance(value, bool):
        yield HOLE
    elif isinstance(value, list):
        for i, item in enumerate(value):
            for holed in holes(item, kinds):
                yield [*value[:i], holed, *value[i + 1 :]]
    elif isinstance(value, dict):
        for key, item in value.items():
            for holed in holes(item, kinds):
                yield {**value, key: holed}


def variants(body: dict[str, Any], kinds: tuple[type, ...]) -> Iterator[tuple[str, Any]]:
    """(top-level field, body with one hole) for each leaf of ``kinds`` in ``body``."""
    for field, value in body.items():
        for holed in holes(value, kinds):
            yield field, {**body, field: holed}


def hostile_bodies(body: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(field, JSON text): every string of ``body`` made a lone surrogate, every number (and
    every string) made a non-finite number."""
    for field, holed in variants(body, (str,)):
        for surrogate in SURROGATES:
            yield field, json.dumps(holed).replace(json.dumps(HOLE), json.dumps(surrogate))
    for field, holed in variants(body, (str, int, float)):
        for number in NON_FINITE:
            yield field, json.dumps(holed).replace(json.dumps(HOLE), number)


def assert_refused(response, field: str, text: str) -> None:
    assert response.status_code == 400, (text, response.status_code)
    error = response.json()["error"]
    assert error["field"] == field, (text, error)
    assert error["message"]


def test_the_walk_reaches_every_calculator_endpoint_and_both_flaws():
    for endpoint in API_ENDPOINTS:
        found = list(hostile_bodies(valid_body(endpoint)))
        assert any("ud800" in text for _, text in found), endpoint
        assert any("Infinity" in text for _, text in found), endpoint


@pytest.mark.parametrize("endpoint", API_ENDPOINTS)
def test_calculators_refuse_lone_surrogates_and_non_finite_numbers_naming_the_field(
    client, endpoint
):
    client.raise_request_exception = True
    body = valid_body(endpoint)
    assert (
        client.post(f"/api/v1/{endpoint}", body, content_type="application/json").status_code == 200
    )
    for field, text in hostile_bodies(body):
        response = client.post(f"/api/v1/{endpoint}", data=text, content_type="application/json")
        assert_refused(response, field, text)


def party_calls() -> list[tuple[str, str, str, dict[str, Any]]]:
    """(game, method, path after the token, a body the API accepts) for every Parties write
    that reads a body (undo, redo, finish and reopen share one handler: undo and finish)."""
    return [
        ("num_check", "POST", "players", {"name": "Max"}),
        ("num_check", "PATCH", "players/1", {"name": "Thomas", "if_version": 2}),
        ("num_check", "POST", "claims", {"player": "Tom", "combo": "paire", "cards": ["5R", "5B"]}),
        ("num_check", "PUT", "claims/{claim}", {"combo": "brelan", "cards": ["9R", "9B", "9J"]}),
        ("num_draft", "PUT", "grids/0", {"cells": ["1R", "2B", None, None, None, None, None, None, None]}),
        ("num5", "POST", "rounds", {"entries": {"Léa": {"cards": ["10R"]}, "Tom": {"plus": 27, "minus": 0}, "Zoé": {"cards": []}}}),
        ("num5", "PATCH", "rounds/1", {"entries": {"Léa": {"plus": 30, "minus": 2}}}),
        ("num5", "POST", "turns", {"cards": {"Léa": "9R", "Tom": "9B", "Zoé": "2V"}}),
        ("num_check", "POST", "undo", {"if_version": 2}),
        ("num_check", "POST", "finish", {"if_version": 2}),
    ]  # fmt: skip


def fresh_party(game: str, path: str):
    """A party of ``game`` with a claim or a round to correct (none where a player joins)."""
    if path == "players":
        return party(game)
    if game == "num_check":
        return party(game, claims={0: [("paire", "5R 5B")]})
    if game == "num5":
        return party(game, rounds=[["10R", "27", "0"]])
    return party(game, 2)


@pytest.mark.parametrize(("game", "method", "path", "body"), party_calls())
def test_parties_refuse_lone_surrogates_and_non_finite_numbers_naming_the_field(
    client, game, method, path, body
):
    client.raise_request_exception = True
    made = fresh_party(game, path)
    claim = made.players.get(seat=0).claims.get().pk if "{claim}" in path else 0
    url = f"/api/v1/parties/{made.edit_token}/{path.format(claim=claim)}"
    version = made.version
    for field, text in hostile_bodies(body):
        response = client.generic(method, url, text, content_type="application/json")
        assert_refused(response, field, text)
    made.refresh_from_db()
    assert made.version == version  # nothing was written
    response = client.generic(method, url, json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 201), response.json()  # the body itself is fine


def test_party_creation_refuses_lone_surrogates_and_non_finite_numbers_naming_the_field(client):
    client.raise_request_exception = True
    body = {"game": "num-draft", "mode": "discovery", "players": ["Léa", "Tom"], "values": "0-16"}
    for field, text in hostile_bodies(body):
        response = client.post("/api/v1/parties", data=text, content_type="application/json")
        assert_refused(response, field, text)
    response = client.post("/api/v1/parties", body, content_type="application/json")
    assert response.status_code == 201


def test_a_surrogate_pair_is_a_character_and_is_kept(client):
    # "\ud83d\ude00" is one character (😀), written as JSON escapes: valid text.
    text = '{"game": "num5", "players": ["L\\u00e9a \\ud83d\\ude00", "Tom", "Zo\\u00e9"]}'
    response = client.post("/api/v1/parties", data=text, content_type="application/json")
    assert response.status_code == 201
    assert response.json()["players"][0]["name"] == "Léa 😀"


def test_a_lone_surrogate_in_a_key_is_the_body_s_fault(client):
    text = '{"players": ["Léa", "Tom", "Zoé"], "\\ud800": 1}'
    response = client.post("/api/v1/num-check/sheet", data=text, content_type="application/json")
    assert_refused(response, "body", text)


#: Where a string of a valid body is a player's name (the Num 5 turn's plays), not a card: any
#: text is a name there, so a long one is a name like another.
NAMED = json.dumps({"player": HOLE})[1:-1]


@pytest.mark.parametrize("endpoint", API_ENDPOINTS)
def test_a_card_of_thousands_of_digits_is_bad_input(client, endpoint):
    # Python's int() refuses over 4300 digits (a ValueError): every card is read strictly.
    client.raise_request_exception = True
    huge = "9" * 5000 + "R"
    for field, holed in variants(valid_body(endpoint), (str,)):
        template = json.dumps(holed)
        text = template.replace(json.dumps(HOLE), json.dumps(huge))
        response = client.post(f"/api/v1/{endpoint}", data=text, content_type="application/json")
        if NAMED in template:
            assert response.status_code == 200, (field, response.status_code)
        else:
            assert_refused(response, field, text[:200])
