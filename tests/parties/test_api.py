"""The Parties JSON API (docs/api.md): every call, every status, the party's shape."""

import json
import re
from pathlib import Path

import pytest

from calculators.parties import actions
from calculators.parties.models import Game

pytestmark = pytest.mark.django_db


def create(papi, game="num-check", players=("Léa", "Tom", "Zoé"), **extra):
    status, body = papi("POST", "parties", {"game": game, "players": list(players), **extra})
    assert status == 201, body
    return body


def test_create_answers_the_party_and_both_tokens(papi):
    body = create(papi, mode="family")
    assert body["game"] == "num-check" and body["mode"] == "family" and body["values"] is None
    assert body["version"] == 1 and body["finished"] is False and body["winners"] == []
    assert [p["name"] for p in body["players"]] == ["Léa", "Tom", "Zoé"]
    assert [p["position"] for p in body["players"]] == [1, 1, 1]
    assert body["claims"] == []
    assert body["history"][0]["action"] == "create"
    assert body["edit_token"] in body["edit_url"] and body["read_token"] in body["read_url"]


@pytest.mark.parametrize(
    ("request_body", "field"),
    [
        ({"game": "poker", "players": ["A", "B"]}, "game"),
        ({"game": "num5", "players": ["A", "B"]}, "players"),
        ({"game": "num5", "players": ["A", "B", "a"]}, "players"),
        ({"game": "num5", "players": ["A", "B", "C\u200b"]}, "players"),
        ({"game": "num5", "players": ["A", "B", "C:D"]}, "players"),
        ({"game": "num5", "players": "A,B,C"}, "players"),
        ({"game": "num5", "mode": "turbo", "players": ["A", "B", "C"]}, "mode"),
        ({"game": "num-draft", "values": "0-99", "players": ["A", "B"]}, "values"),
        ({"game": "num-check", "values": "0-16", "players": ["A", "B"]}, "values"),
    ],
)
def test_create_refuses_bad_input_with_its_field(papi, request_body, field):
    status, body = papi("POST", "parties", request_body)
    assert status == 400 and body["error"]["field"] == field and body["error"]["message"]
    assert not Game.objects.exists()


def test_read_token_reads_without_the_edit_token(papi):
    party = create(papi)
    status, body = papi("GET", f"parties/{party['read_token']}")
    assert status == 200 and "edit_url" not in body
    assert party["edit_token"] not in json.dumps(body)


def test_unknown_token_is_404_and_read_token_write_is_403(papi):
    party = create(papi)
    status, body = papi("GET", "parties/" + "x" * 32)
    assert status == 404 and body["error"]["field"] == "token"
    status, body = papi("POST", f"parties/{party['read_token']}/undo")
    assert status == 403 and body["error"]["field"] == "token"
    status, body = papi(
        "POST",
        f"parties/{party['read_token']}/claims",
        {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]},
    )
    assert status == 403
    assert papi("GET", f"parties/{party['edit_token']}")[1]["version"] == 1


def test_claims_add_edit_delete_with_positions_and_history(papi):
    t = create(papi)["edit_token"]
    status, body = papi(
        "POST",
        f"parties/{t}/claims",
        {"player": "Tom", "combo": "full", "cards": ["7R", "7B", "7J", "3V", "3A"]},
    )
    assert status == 201
    assert body["claims"] == [
        {
            "id": body["claims"][0]["id"],
            "player": "Tom",
            "rank": 1,
            "combo": "full",
            "cards": ["7R", "7B", "7J", "3V", "3A"],
            "total": 26,
        }
    ]
    assert [p["position"] for p in body["players"]] == [2, 1, 2]
    assert body["history"][0] == {
        "version": 2,
        "action": "claim_add",
        "summary": "Tom : Full (rang 1)",
        "at": body["history"][0]["at"],
        "undone": False,
    }
    cid = body["claims"][0]["id"]
    status, body = papi(
        "PUT", f"parties/{t}/claims/{cid}", {"combo": "brelan", "cards": ["9R", "9B", "9J"]}
    )
    assert (
        status == 200 and body["claims"][0]["combo"] == "brelan" and body["claims"][0]["rank"] == 1
    )
    status, body = papi("DELETE", f"parties/{t}/claims/{cid}")
    assert status == 200 and body["claims"] == []


def test_invalid_check_is_refused_with_its_reason(papi):
    t = create(papi)["edit_token"]
    status, body = papi(
        "POST", f"parties/{t}/claims", {"player": "Léa", "combo": "paire", "cards": ["5R", "6B"]}
    )
    assert (
        status == 400
        and body["error"]["field"] == "cards"
        and "CHECK invalide" in body["error"]["message"]
    )


def test_grids_put_by_seat(papi):
    party = create(papi, "num-draft", ["A", "B"], mode="discovery", values="0-16")
    assert party["values"] == "0-16" and party["mode"] == "discovery"
    t = party["edit_token"]
    status, body = papi(
        "PUT",
        f"parties/{t}/grids/1",
        {"cells": ["16R", "16B", None, None, None, None, None, None, None]},
    )
    assert status == 200
    assert body["grids"][1]["cells"][:3] == ["16R", "16B", None] and body["grids"][1]["total"] > 0
    status, body = papi("PUT", f"parties/{t}/grids/0", {"cells": ["16R"] + [None] * 8})
    assert status == 400 and body["error"]["field"] == "cells"
    status, body = papi("PUT", f"parties/{t}/grids/7", {"cells": [None] * 9})
    assert status == 400 and body["error"]["field"] == "seat"


def test_rounds_post_patch_delete_by_name(papi):
    t = create(papi, "num5")["edit_token"]
    entries = {"Léa": {"cards": ["10R"]}, "Tom": {"plus": 27, "minus": 0}, "Zoé": {"cards": []}}
    status, body = papi("POST", f"parties/{t}/rounds", {"entries": entries})
    assert status == 201
    assert body["rounds"][0]["totals"] == [10, 27, 0] and body["rounds"][0]["winners"] == ["Tom"]
    status, body = papi(
        "PATCH", f"parties/{t}/rounds/1", {"entries": {"Léa": {"plus": 30, "minus": 0}}}
    )
    assert status == 200
    assert body["rounds"][0]["entries"]["Tom"] == {"plus": 27, "minus": 0}  # untouched
    assert body["rounds"][0]["winners"] == ["Léa"]
    assert body["players"][0] == {
        "name": "Léa",
        "total": 30,
        "title": None,
        "position": 1,
        "wins": 1,
    }
    status, body = papi("DELETE", f"parties/{t}/rounds/1")
    assert status == 200 and body["rounds"] == []


def test_ruling_a_round_counts_only_once_entered_in_the_api(papi):
    t = create(papi, "num5")["edit_token"]
    status, body = papi(
        "POST", f"parties/{t}/rounds", {"entries": {"Léa": {"cards": ["10R"]}, "Tom": {"plus": 3}}}
    )
    assert status == 400 and body["error"]["field"] == "entries"
    assert (
        "Tom (la somme des Shadow)" in body["error"]["message"]
        and "Zoé" in body["error"]["message"]
    )


def test_players_rename_and_add(papi):
    t = create(papi, "num5")["edit_token"]
    status, body = papi("POST", f"parties/{t}/players", {"name": "Max"})
    assert status == 201 and [p["name"] for p in body["players"]][-1] == "Max"
    status, body = papi("PATCH", f"parties/{t}/players/1", {"name": "Thomas"})
    assert status == 200 and body["players"][1]["name"] == "Thomas"
    status, body = papi("PATCH", f"parties/{t}/players/1", {"name": "léa"})
    assert status == 400 and body["error"]["field"] == "name"


def test_undo_redo_finish_reopen_and_409s(papi):
    t = create(papi)["edit_token"]
    status, body = papi("POST", f"parties/{t}/undo")
    assert status == 409 and body["error"]["field"] == "party" and body["party"]["version"] == 1
    papi("POST", f"parties/{t}/claims", {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]})
    status, body = papi("POST", f"parties/{t}/undo", {"if_version": 2})
    assert status == 200 and body["claims"] == [] and body["version"] == 3
    status, body = papi("POST", f"parties/{t}/redo", {"if_version": 2})
    assert (
        status == 409 and body["error"]["field"] == "if_version" and body["party"]["version"] == 3
    )
    status, body = papi("POST", f"parties/{t}/redo")
    assert status == 200 and len(body["claims"]) == 1
    status, body = papi("POST", f"parties/{t}/finish")
    assert status == 200 and body["finished"] and body["winners"] == ["Léa"]
    status, body = papi(
        "POST", f"parties/{t}/claims", {"player": "Tom", "combo": "paire", "cards": ["9R", "9B"]}
    )
    assert status == 409 and body["error"]["field"] == "finished"
    status, body = papi("POST", f"parties/{t}/reopen")
    assert status == 200 and not body["finished"] and body["winners"] == []
    actions = [h["action"] for h in body["history"]]
    assert actions == ["reopen", "finish", "redo", "undo", "claim_add", "create"]


@pytest.mark.parametrize(
    ("method", "path", "payload", "field"),
    [
        ("POST", "claims", {"player": "Nobody", "combo": "paire", "cards": ["5R", "5B"]}, "player"),
        ("POST", "claims", {"player": "Léa", "combo": "poker", "cards": ["5R", "5B"]}, "combo"),
        ("POST", "claims", {"player": "Léa", "combo": "paire", "cards": 5}, "cards"),
        ("POST", "claims", {"player": "Léa", "combo": "paire"}, "cards"),
        ("PUT", "claims/999", {"combo": "paire", "cards": ["5R", "5B"]}, "claim"),
        ("POST", "undo", {"if_version": "x"}, "if_version"),
        ("POST", "undo", {"if_version": True}, "if_version"),
    ],
)
def test_bad_input_is_400_with_its_field_and_changes_nothing(papi, method, path, payload, field):
    t = create(papi)["edit_token"]
    status, body = papi(method, f"parties/{t}/{path}", payload)
    assert status == 400 and body["error"]["field"] == field, body
    assert papi("GET", f"parties/{t}")[1]["version"] == 1


def test_malformed_and_deep_json_is_400_never_a_500(client, papi):
    t = create(papi)["edit_token"]
    for raw in ["{", "[]", "[" * 1000 + "]" * 1000, '{"a":' * 40 + "1" + "}" * 40]:
        response = client.post(
            f"/api/v1/parties/{t}/undo", data=raw, content_type="application/json"
        )
        assert response.status_code == 400 and response.json()["error"]["field"] == "body"
    response = client.post(
        "/api/v1/parties", data="[" * 5000 + "]" * 5000, content_type="application/json"
    )
    assert response.status_code == 400


def test_other_methods_are_405(papi):
    t = create(papi)["edit_token"]
    status, body = papi("DELETE", f"parties/{t}")
    assert status == 405 and body["error"]["field"] == "method"
    status, _ = papi("GET", "parties")
    assert status == 405


def test_the_api_history_is_every_write_summarised_as_stored_in_each_language(papi, client):
    """The history in every answer (summaries kept per entry and language, in each process)
    is the one the stored entries give, after writes, undos, a redo and a write that drops
    what was undone, in French and in English."""
    from django.utils import translation

    from calculators.parties.models import HistoryEntry

    status, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    game = Game.objects.get(edit_token=token)

    def expected():
        return [
            {
                "version": h.version,
                "action": h.action,
                "summary": h.summary_text,
                "at": h.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "undone": h.state in (HistoryEntry.State.UNDONE, HistoryEntry.State.DROPPED),
            }
            for h in HistoryEntry.objects.filter(game=game).select_related("target")
        ]

    steps = [
        ("POST", "claims", {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}),
        ("POST", "claims", {"player": "Tom", "combo": "paire", "cards": ["7R", "7B"]}),
        ("POST", "undo", {}),
        ("POST", "undo", {}),
        ("POST", "redo", {}),
        ("POST", "claims", {"player": "Tom", "combo": "brelan", "cards": ["2R", "2B", "2J"]}),
    ]
    for method, path, payload in steps:
        status, body = papi(method, f"parties/{token}/{path}", payload)
        assert status in (200, 201), body
        with translation.override("fr"):
            assert body["history"] == expected()
    english = client.get(f"/api/v1/parties/{token}", headers={"Accept-Language": "en"}).json()
    with translation.override("en"):
        assert english["history"] == expected()
    assert english["history"] != body["history"]  # the summaries in English


def test_every_write_answers_the_party_as_a_read_of_it_then_gives(papi):
    """A write's answer is drawn from the game as its write committed it (not read again):
    after every kind of write, it is the party a read returns right after."""
    t = create(papi)["edit_token"]
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}
    writes = [
        ("POST", "claims", claim),
        ("PUT", "claims/{claim}", {"combo": "brelan", "cards": ["5R", "5B", "5J"]}),
        ("POST", "undo", None),
        ("POST", "redo", None),
        ("POST", "deck-turns", None),
        ("POST", "invalid-checks", {"player": "Tom", "combo": "paire", "cards": ["1R", "2B"]}),
        ("PATCH", "players/1", {"name": "Ada"}),
        ("POST", "finish", None),
        ("POST", "reopen", None),
        ("DELETE", "claims/{claim}", None),
    ]
    ids: dict[str, object] = {}
    for method, path, body in writes:
        status, answered = papi(method, f"parties/{t}/{path.format(**ids)}", body)
        assert status in (200, 201), answered
        ids.setdefault("claim", answered["claims"][0]["id"] if answered.get("claims") else 0)
        assert papi("GET", f"parties/{t}")[1] == answered


def test_a_claim_names_its_player_as_the_party_is_when_it_writes(papi):
    """A claim's player is looked for by name among the players the write reads under the
    party's lock: any case and outer spaces; a name nobody has is refused at its field, the
    party unchanged."""
    t = create(papi)["edit_token"]
    status, body = papi(
        "POST", f"parties/{t}/claims", {"player": "  tom ", "combo": "paire", "cards": ["5R", "5B"]}
    )
    assert status == 201, body
    assert [(c["player"], c["rank"]) for c in body["claims"]] == [("Tom", 1)]
    status, renamed = papi("PATCH", f"parties/{t}/players/1", {"name": "Théo"})
    assert status == 200, renamed
    status, refused = papi(
        "POST", f"parties/{t}/claims", {"player": "Tom", "combo": "brelan", "cards": "7R 7B 7J"}
    )
    assert status == 400 and refused["error"]["field"] == "player"
    assert refused["error"]["message"] == "« Tom » ne joue pas dans cette partie."
    status, after = papi("GET", f"parties/{t}")
    assert after["version"] == renamed["version"]
    status, body = papi(
        "POST",
        f"parties/{t}/invalid-checks",
        {"player": "THÉO", "combo": "brelan", "cards": "7R 7B 6J"},
    )
    assert status == 201, body
    assert body["invalid_checks"][0]["player"] == "Théo"


def test_the_api_docs_name_every_history_action():
    """docs/api.md lists the `action` a history row may carry: every action of the table."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    listed = re.search(r"`action` is one of (.*?)\.\n", docs, re.S)
    assert listed is not None
    assert set(re.findall(r"`([a-z_]+)`", listed.group(1))) == set(actions.ACTIONS)
