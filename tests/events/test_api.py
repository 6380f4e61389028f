"""The events' JSON API: every call, its refusals, the tokens' powers (docs/api.md « Events »)."""

import pytest

from calculators.events.models import Event

from .helpers import NAMES, finish_tables

pytestmark = pytest.mark.django_db

BODY = {
    "name": "Open du jeudi",
    "game": "num-check",
    "players": NAMES[:8],
    "sizes": [4],
    "rounds": 2,
    "avoid": [["Joueur 1", "Joueur 2"]],
    "seed": "jeudi",
}


@pytest.fixture
def made(eapi):
    status, body = eapi("POST", "events", BODY)
    assert status == 201, body
    return body


def test_create_answers_the_event_and_both_tokens(made):
    assert made["name"] == "Open du jeudi" and made["game"] == "num-check"
    assert made["mode"] == "classic" and made["sizes"] == [4] and made["rounds"] == 2
    assert made["avoid"] == [["Joueur 1", "Joueur 2"]] and made["seed"] == "jeudi"
    assert [p["name"] for p in made["players"]] == NAMES[:8]
    assert made["schedule"] == [] and made["version"] == 1
    assert made["edit_token"] in made["edit_url"] and made["read_token"] in made["read_url"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"game": "belote"}, "game"),
        ({"mode": "nope"}, "mode"),
        ({"players": ["Léa", "léa", "Tom", "Zoé"]}, "players"),
        ({"players": "Léa, Tom"}, "players"),
        ({"sizes": [11]}, "sizes"),
        ({"sizes": ["4"]}, "sizes"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "2"}, "rounds"),
        ({"avoid": [["Joueur 1"]]}, "avoid"),
        ({"seed": "x" * 201}, "seed"),
    ],
)
def test_bad_input_is_a_400_naming_its_field(eapi, change, field):
    status, body = eapi("POST", "events", {**BODY, **change})
    assert status == 400, body
    assert body["error"]["field"] == field and body["error"]["message"]


def test_the_read_token_reads_but_never_writes_nor_sees_the_edit_token(eapi, made):
    status, body = eapi("GET", f"events/{made['read_token']}")
    assert status == 200
    assert "edit_url" not in body and made["edit_token"] not in str(body)
    status, body = eapi("POST", f"events/{made['read_token']}/rounds", {})
    assert status == 403 and body["error"]["field"]
    assert not Event.objects.get().round_set.exists()


def test_an_unknown_token_is_a_404(eapi):
    status, body = eapi("GET", "events/" + "x" * 43)
    assert status == 404 and body["error"]["field"] == "token"


def test_a_whole_round_through_the_api(eapi, made):
    token = made["edit_token"]
    status, body = eapi("POST", f"events/{token}/rounds", {})
    assert status == 201, body
    first = body["schedule"][0]
    assert first["number"] == 1 and first["state"] == "seated" and len(first["tables"]) == 2
    for table in first["tables"]:
        assert not {"Joueur 1", "Joueur 2"} <= set(table["players"])
    a, b = first["tables"][0]["players"][0], first["tables"][1]["players"][0]
    status, body = eapi("POST", f"events/{token}/swap", {"first": a, "second": b})
    assert status == 200 and body["schedule"][0]["tables"][0]["players"][0] == b
    status, body = eapi("POST", f"events/{token}/start", {})
    assert status == 200 and body["schedule"][0]["state"] == "started"
    assert all("party" in t for t in body["schedule"][0]["tables"])
    started = body
    status, body = eapi("POST", f"events/{token}/swap", {"first": a, "second": b})
    assert status == 400 and body["error"]["field"] == "round"
    body = started
    event = Event.objects.get()
    finish_tables(event.round_set.get())
    one = body["schedule"][0]["tables"][0]["players"]
    status, body = eapi(
        "POST", f"events/{token}/tables/1/dispute", {"player": one[1], "reason": "Faux"}
    )
    assert status == 200 and body["schedule"][0]["tables"][0]["state"] == "disputed"
    status, body = eapi("GET", f"events/{token}/standings")
    assert status == 200 and body["pending"] == [{"round": 1, "table": 1}, {"round": 1, "table": 2}]
    status, body = eapi("POST", f"events/{token}/close", {})
    assert status == 400 and body["error"]["field"] == "round"
    status, body = eapi("POST", f"events/{token}/tables/1/settle", {"decision": "confirm"})
    assert status == 200 and body["schedule"][0]["tables"][0]["state"] == "settled"
    two = body["schedule"][0]["tables"][1]["players"]
    for name in two:
        status, body = eapi("POST", f"events/{token}/tables/2/confirm", {"player": name})
        assert status == 200, body
    assert body["schedule"][0]["tables"][1]["state"] == "confirmed"
    assert body["schedule"][0]["tables"][1]["confirmed_by"] == two
    status, body = eapi("POST", f"events/{token}/close", {})
    assert status == 200 and body["schedule"][0]["state"] == "closed"
    status, body = eapi("GET", f"events/{made['read_token']}/standings")
    assert status == 200 and body["pending"] == [] and body["rounds"] == 1 and not body["final"]
    lines = body["lines"]
    assert len(lines) == 8 and lines[0]["position"] == 1 and lines[0]["rank_points"] == 1.0
    assert lines[0]["rounds"][0]["place"] == 1


def test_players_in_and_out(eapi, made):
    token = made["edit_token"]
    status, body = eapi("POST", f"events/{token}/players", {"name": "Retardataire"})
    assert status == 201 and body["players"][-1] == {
        "name": "Retardataire",
        "joined": 1,
        "dropped": None,
    }
    status, body = eapi("POST", f"events/{token}/players", {"name": "retardataire"})
    assert status == 400 and body["error"]["field"] == "name"
    status, body = eapi("POST", f"events/{token}/drops", {"name": "Joueur 3"})
    assert status == 200 and body["players"][2]["dropped"] == 1
    status, body = eapi("POST", f"events/{token}/drops", {"name": "Personne"})
    assert status == 400 and body["error"]["field"] == "name"
    eapi("POST", f"events/{token}/rounds", {})
    status, body = eapi("POST", f"events/{token}/start", {})
    seated = body["schedule"][0]["tables"][0]["players"][0]
    status, body = eapi(
        "POST", f"events/{token}/substitutes", {"name": seated, "substitute": "Remplaçant"}
    )
    assert status == 201 and body["schedule"][0]["tables"][0]["players"][0] == "Remplaçant"


def test_settle_takes_only_its_two_decisions(eapi, made):
    status, body = eapi("POST", f"events/{made['edit_token']}/tables/1/settle", {"decision": "x"})
    assert status == 400 and body["error"]["field"] == "decision"


def test_the_event_is_in_the_openapi_schema(client):
    doc = client.get("/api/v1/openapi.json").json()
    for path in ("/api/v1/events", "/api/v1/events/{token}", "/api/v1/events/{token}/standings"):
        assert path in doc["paths"]
    links = doc["paths"]["/api/v1/events"]["post"]["responses"]["201"]["links"]
    assert "event_get" in links
