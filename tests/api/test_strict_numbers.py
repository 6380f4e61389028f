"""Strict numbers: every numeric field of every endpoint's body, found in the schema, is sent
as a string, a float, a bool and null. A wrong type is bad input (400 naming the top-level
field), never coerced; null is « absent », so it is 400 only where the field is required.

The walk reads /api/v1/openapi.json, so a new numeric field is walked as soon as it is
declared (and the test fails until its endpoint has a base body below).
"""

import json
import re

import pytest

from tests.factories import party

pytestmark = pytest.mark.django_db

ROUND: list[dict[str, object]] = [{"cards": ["12R"]}, {"plus": 3, "minus": 1}, {"cards": []}]

#: A valid body per operation (path parameters: any edit token of the right game, ids 1, seats 0).
BODIES = {
    "POST /api/v1/num-check/score": {"combo": "paire", "cards": ["5R", "5B"], "rank": 1},
    "POST /api/v1/num-check/detect": {"hand": ["5R"], "centre": ["5B"], "rank": 1},
    "POST /api/v1/num-check/outs": {"hand": ["5R", "5B"], "rank": 1},
    "POST /api/v1/num-check/sheet": {"players": [{"name": "Léa", "claims": []}]},
    "POST /api/v1/num-draft/score": {"grid": [[None] * 3] * 3},
    "POST /api/v1/num-draft/table": {"players": [{"name": "Léa", "grid": [[None] * 3] * 3}]},
    "POST /api/v1/num5/round": {
        "players": [{"name": n, **e} for n, e in zip(["Léa", "Tom", "Zoé"], ROUND, strict=True)]
    },
    "POST /api/v1/num5/game": {"players": ["Léa", "Tom", "Zoé"], "rounds": [ROUND]},
    "POST /api/v1/num5/turn": {
        "rows": [{"cards": ["0B"]}, {"cards": ["0R"]}, {"cards": ["0J"]}, {"cards": ["0V"]}],
        "plays": [
            {"player": n, "card": c, "row": 0} for n, c in [("A", "7R"), ("B", "3A"), ("C", "5S")]
        ],
    },
    "POST /api/v1/num-connect/check": {"cards": ["5R", "5V", "5B"]},
    "POST /api/v1/parties": {"game": "num-check", "players": ["Léa", "Tom"]},
    "POST /api/v1/parties/{token}/players": {"name": "Zed"},
    "PATCH /api/v1/parties/{token}/players/{seat}": {"name": "Lou"},
    "POST /api/v1/parties/{token}/undo": {},
    "POST /api/v1/parties/{token}/history/{version}/undo": {},
    "POST /api/v1/parties/{token}/redo": {},
    "POST /api/v1/parties/{token}/finish": {},
    "POST /api/v1/parties/{token}/reopen": {},
    "POST /api/v1/parties/{token}/claims": {
        "player": "Léa",
        "combo": "paire",
        "cards": ["5R", "5B"],
    },
    "PUT /api/v1/parties/{token}/claims/{claim}": {"combo": "paire", "cards": ["5R", "5B"]},
    "DELETE /api/v1/parties/{token}/claims/{claim}": {},
    "POST /api/v1/parties/{token}/deck-turns": {},
    "POST /api/v1/parties/{token}/invalid-checks": {
        "player": "Léa",
        "combo": "paire",
        "cards": ["5R", "6B"],
    },
    "PUT /api/v1/parties/{token}/grids/{seat}": {"cells": [None] * 9},
    "POST /api/v1/parties/{token}/rounds": {
        "entries": {"Léa": {"cards": ["12R"]}, "Tom": {"plus": 3, "minus": 1}, "Zoé": {"cards": []}}
    },
    "PATCH /api/v1/parties/{token}/rounds/{number}": {"entries": {"Tom": {"plus": 3, "minus": 1}}},
    "DELETE /api/v1/parties/{token}/rounds/{number}": {},
    "POST /api/v1/parties/{token}/turns": {"cards": {"Léa": "7R", "Tom": "3A", "Zoé": "5S"}},
    "POST /api/v1/parties/{token}/turns/tally": {},
    "POST /api/v1/parties/{token}/hands": {"out": "Léa", "left": {"Tom": 3, "Zoé": 1}},
    "DELETE /api/v1/parties/{token}/hands/{number}": {},
    "POST /api/v1/tablees": {"name": "Les jeudis", "players": ["Léa", "Tom"]},
    "POST /api/v1/tablees/{token}/parties": {"game": "num-check", "players": ["Léa", "Tom"]},
    "POST /api/v1/tablees/{token}/daily": {"mode": "classic", "players": ["Léa", "Tom"]},
    "POST /api/v1/tablees/{token}/players": {"name": "Zed"},
    "PATCH /api/v1/tablees/{token}/players/{index}": {"name": "Lou"},
    "POST /api/v1/seatings": {"players": 6, "sizes": [3], "rounds": 2, "avoid": [[1, 2]]},
    "POST /api/v1/deals": {"game": "num-draft", "mode": "classic", "seats": 2, "seed": "club-1"},
    "POST /api/v1/events": {
        "name": "Open",
        "game": "num-check",
        "players": ["Léa", "Tom", "Zoé", "Max"],
        "sizes": [4],
        "rounds": 2,
    },
    "POST /api/v1/events/{token}/rounds": {"swiss": False},
    "POST /api/v1/events/{token}/swap": {"first": "Léa", "second": "Tom"},
    "POST /api/v1/events/{token}/start": {},
    "POST /api/v1/events/{token}/close": {},
    "POST /api/v1/events/{token}/tables/{number}/confirm": {"player": "Léa"},
    "POST /api/v1/events/{token}/tables/{number}/dispute": {"player": "Léa", "reason": "Faux"},
    "POST /api/v1/events/{token}/tables/{number}/settle": {"decision": "confirm"},
    "POST /api/v1/events/{token}/players": {"name": "Zed"},
    "POST /api/v1/events/{token}/drops": {"name": "Léa"},
    "POST /api/v1/events/{token}/substitutes": {"name": "Léa", "substitute": "Zed"},
}
#: Which game's party a route needs.
GAME = {
    "claims": "num_check",
    "grids": "num_draft",
    "rounds": "num5",
    "turns": "num5",
    "hands": "num_connect",
}
WRONG = {"string": "1", "float": 1.5, "bool": True, "null": None}


def schema():
    from calculators.api_docs import schema as doc

    return doc()


def _resolve(node, components):
    while "$ref" in node:
        node = components[node["$ref"].rsplit("/", 1)[1]]
    return node


def _is_integer(node):
    return node.get("type") == "integer" or any(
        n.get("type") == "integer" for n in node.get("anyOf", ())
    )


def numeric_fields(node, value, components, path=(), seen=None):
    """(path in the body, required?) of every integer field reachable in ``value``."""
    node = _resolve(node, components)
    for option in node.get("anyOf", ()):
        option = _resolve(option, components)
        if option.get("type") in ("object", "array") or "properties" in option:
            yield from numeric_fields(option, value, components, path, seen)
    if "properties" in node and isinstance(value, dict):
        required = set(node.get("required", ()))
        for name, prop in node["properties"].items():
            if _is_integer(_resolve(prop, components)):
                if seen is not None:
                    seen.add((node.get("title"), name))
                yield (*path, name), name in required
            elif name in value:
                yield from numeric_fields(prop, value[name], components, (*path, name), seen)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and isinstance(value, dict) and "properties" not in node:
        for key, item in value.items():
            yield from numeric_fields(extra, item, components, (*path, key), seen)
    if node.get("type") == "array" and isinstance(value, list) and value:
        yield from numeric_fields(node.get("items", {}), value[0], components, (*path, 0), seen)


def with_value(body, path, value):
    body = json.loads(json.dumps(body))
    target = body
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return body


def operations():
    doc = schema()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method in ("post", "put", "patch", "delete"):
                yield f"{method.upper()} {path}", op


def cases():
    doc = schema()
    components = doc["components"]["schemas"]
    for label, op in operations():
        body_schema = op.get("requestBody", {}).get("content", {}).get("application/json", {})
        if not body_schema:
            continue
        for path, required in numeric_fields(body_schema["schema"], BODIES[label], components):
            for kind in WRONG:
                yield pytest.param(label, path, required, kind, id=f"{label}:{path}:{kind}")


def test_every_operation_has_a_base_body():
    assert {label for label, _ in operations()} == set(BODIES)


def test_every_integer_field_of_every_body_is_walked():
    doc = schema()
    components = doc["components"]["schemas"]
    declared = {
        (model.get("title"), name)
        for model in components.values()
        if model.get("title", "").endswith("In")
        for name, prop in model.get("properties", {}).items()
        if _is_integer(_resolve(prop, components))
    }
    walked: set = set()
    for label, op in operations():
        body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
        if body:
            list(numeric_fields(body["schema"], BODIES[label], components, seen=walked))
    assert declared and declared <= walked, declared - walked


@pytest.mark.parametrize(("label", "path", "required", "kind"), list(cases()))
def test_a_numeric_field_takes_only_a_whole_number(client, label, path, required, kind):
    method, route = label.split(" ", 1)
    game = party(next((g for k, g in GAME.items() if f"/{k}" in route), "num_check"))
    url = re.sub(r"\{(seat)\}", "0", route.replace("{token}", game.edit_token))
    url = re.sub(r"\{\w+\}", "1", url)
    body = with_value(BODIES[label], path, WRONG[kind])
    response = client.generic(method, url, json.dumps(body), content_type="application/json")
    assert response.status_code < 500, response.content
    if kind == "null" and not required:
        return  # null is « not given » for an optional field
    assert response.status_code == 400, (body, response.content)
    assert response.json()["error"]["field"] == path[0]
