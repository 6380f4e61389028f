"""The tablées' JSON API: every call, its refusals, and the statistics following the parties."""

import pytest

from calculators.engines.cards import InputError
from calculators.parties import services as party_services
from calculators.tablees import services
from calculators.tablees.models import Tablee
from tests.factories import party

from .conftest import play

pytestmark = pytest.mark.django_db

NAMES = ["Léa", "Tom", "Zoé"]


@pytest.fixture
def made(tapi):
    status, body = tapi("POST", "tablees", {"name": "Les jeudis", "players": NAMES})
    assert status == 201
    return body


def test_create_answers_the_tablee_and_both_tokens(made):
    assert made["name"] == "Les jeudis" and made["version"] == 1
    assert made["players"] == [{"name": n} for n in NAMES]
    assert made["parties"] == [] and made["stats"]["players"][0] == {"name": "Léa", "games": {}}
    assert made["edit_token"] in made["edit_url"] and made["read_token"] in made["read_url"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "", "players": NAMES}, "name"),
        ({"name": "X", "players": ["Léa"]}, "players"),
        ({"name": "X", "players": [f"J{i}" for i in range(31)]}, "players"),
        ({"name": "X", "players": ["Léa", "léa"]}, "players"),
        ({"name": "X", "players": "Léa, Tom"}, "players"),
        ({"name": "X\u202e", "players": NAMES}, "name"),
        ({"name": "X" * 61, "players": NAMES}, "name"),
    ],
)
def test_create_refuses_bad_input_at_its_field(tapi, body, field):
    status, answer = tapi("POST", "tablees", body)
    assert status == 400 and answer["error"]["field"] == field
    assert not Tablee.objects.exists()


def test_a_hostile_name_is_refused_and_a_strange_one_kept_as_text(tapi):
    status, answer = tapi("POST", "tablees", {"name": "T", "players": ["Léa", "Tom\u200b"]})
    assert status == 400 and "U+200B" in answer["error"]["message"]
    status, answer = tapi("POST", "tablees", {"name": "T", "players": ["Léa", "Tom;DROP"]})
    assert status == 400 and answer["error"]["field"] == "players"
    status, answer = tapi(
        "POST", "tablees", {"name": "<script>alert(1)</script>", "players": ["=1+1", "<b>"]}
    )
    assert status == 201 and answer["name"] == "<script>alert(1)</script>"
    assert [p["name"] for p in answer["players"]] == ["=1+1", "<b>"]


def test_get_by_either_token_and_read_answer_reveals_no_edit_token(tapi, made):
    status, body = tapi("GET", f"tablees/{made['edit_token']}")
    assert status == 200 and body["edit_url"] == made["edit_url"]
    tablee = Tablee.objects.get()
    game = play(tablee, "num_check", NAMES, claims={0: [("paire", "5R 5B")]})
    status, body = tapi("GET", f"tablees/{made['read_token']}")
    assert status == 200 and "edit_url" not in body
    text = str(body)
    assert made["edit_token"] not in text and game.edit_token not in text
    assert game.read_token in body["parties"][0]["read_url"]


def test_unknown_token_is_a_404_and_a_write_with_the_read_token_a_403(tapi, made):
    assert tapi("GET", "tablees/" + "x" * 32)[0] == 404
    assert tapi("GET", "tablees/bad%00token")[0] == 404
    status, body = tapi("POST", f"tablees/{made['read_token']}/players", {"name": "Max"})
    assert status == 403 and body["error"]["field"] == "token"
    status, _ = tapi("PATCH", f"tablees/{made['read_token']}/players/0", {"name": "Max"})
    assert status == 403
    status, _ = tapi("POST", f"tablees/{made['read_token']}/parties", {"game": "num5"})
    assert status == 403
    assert tapi("DELETE", f"tablees/{made['edit_token']}")[0] == 405


def test_add_a_member_and_refuse_a_duplicate_ignoring_case(tapi, made):
    status, body = tapi("POST", f"tablees/{made['edit_token']}/players", {"name": " Max "})
    assert status == 201 and body["players"][-1] == {"name": "Max"} and body["version"] == 2
    status, body = tapi("POST", f"tablees/{made['edit_token']}/players", {"name": "LÉA"})
    assert status == 400 and body["error"]["field"] == "name"
    status, body = tapi("POST", f"tablees/{made['edit_token']}/players", {})
    assert status == 400 and body["error"]["field"] == "name"


def test_new_party_of_members_answers_the_party_with_its_tokens(tapi, made):
    body = {"game": "num5", "mode": "normal", "players": ["zoé", "Léa", "Tom"]}
    status, answer = tapi("POST", f"tablees/{made['edit_token']}/parties", body)
    assert status == 201 and answer["game"] == "num5" and answer["edit_token"]
    assert [p["name"] for p in answer["players"]] == ["Zoé", "Léa", "Tom"]  # members' spelling
    status, tablee = tapi("GET", f"tablees/{made['edit_token']}")
    assert tablee["parties"][0]["players"] == ["Zoé", "Léa", "Tom"]
    assert tablee["parties"][0]["finished"] is False and tablee["parties"][0]["winners"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "num5", "players": ["Léa", "Tom", "Inconnu"]}, "players"),
        ({"game": "num5", "players": ["Léa", "Tom"]}, "players"),
        ({"game": "chess", "players": NAMES}, "game"),
        ({"game": "num-check", "players": "Léa"}, "players"),
    ],
)
def test_new_party_refuses_non_members_and_bad_input(tapi, made, body, field):
    status, answer = tapi("POST", f"tablees/{made['edit_token']}/parties", body)
    assert status == 400 and answer["error"]["field"] == field
    assert tapi("GET", f"tablees/{made['edit_token']}")[1]["parties"] == []


def _stats(tapi, token, name, game):
    body = tapi("GET", f"tablees/{token}")[1]
    player = next(p for p in body["stats"]["players"] if p["name"] == name)
    return player["games"].get(game)


def test_stats_count_only_finished_parties_and_follow_undo_and_reopen(tapi, made):
    tablee = Tablee.objects.get()
    token = made["edit_token"]
    game = play(
        tablee,
        "num_check",
        NAMES,
        claims={0: [("full", "7R 7B 7J 3V 3A"), ("paire", "5R 5B")], 1: [("paire", "9R 9B")]},
        finished=False,
    )
    assert _stats(tapi, token, "Léa", "num-check") is None  # not finished: not counted
    party_services.finish(game)
    lea = _stats(tapi, token, "Léa", "num-check")
    assert lea["played"] == 1 and lea["wins"] == 1 and lea["combos"] == {"full": 1, "paire": 1}
    assert lea["ranks"] == {"full": {"1": 1}, "paire": {"2": 1}}
    assert lea["best"] == lea["average"] == game_total(tapi, game, "Léa")
    party_services.undo(game)  # the finish is undone: the party no longer counts
    assert _stats(tapi, token, "Léa", "num-check") is None
    party_services.redo(game)
    assert _stats(tapi, token, "Léa", "num-check")["played"] == 1
    party_services.reopen(game)
    assert _stats(tapi, token, "Tom", "num-check") is None
    party_services.finish(game)
    tom = _stats(tapi, token, "Tom", "num-check")
    assert tom == {**tom, "played": 1, "wins": 0, "combos": {"paire": 1}}


def game_total(tapi, game, name):
    body = tapi("GET", f"parties/{game.read_token}")[1]
    return next(p["total"] for p in body["players"] if p["name"] == name)


def test_stats_of_every_game_best_average_wins_rounds(tapi, made):
    tablee = Tablee.objects.get()
    token = made["edit_token"]
    play(tablee, "num5", NAMES, rounds=[["10", "5", "0"], ["12", "0", "3"], ["9", "1", "2"]])
    play(tablee, "num5", NAMES, rounds=[["1", "15", "0"]])
    play(tablee, "num_draft", ["Léa", "Tom"], grids={0: ["3R", "3B", "3J"], 1: ["5R"]})
    lea = _stats(tapi, token, "Léa", "num5")
    assert lea["played"] == 2 and lea["wins"] == 1 and lea["rounds_won"] == 3
    assert lea["best"] == 31 and lea["average"] == 16.0
    tom = _stats(tapi, token, "Tom", "num5")
    assert tom["wins"] == 1 and tom["rounds_won"] == 1  # finished early: the leader wins
    draft = _stats(tapi, token, "Léa", "num-draft")
    assert draft["played"] == 1 and draft["wins"] == 1 and "neighbour_share" in draft
    assert _stats(tapi, token, "Zoé", "num-draft") is None  # never sat at NUM DRAFT
    body = tapi("GET", f"tablees/{token}")[1]
    assert [p["game"] for p in body["parties"]] == ["num-draft", "num5", "num5"]  # newest first
    pair = next(h for h in body["stats"]["head_to_head"] if h["players"] == ["Léa", "Tom"])
    assert pair["played"] == 3 and pair["ahead"] == [2, 1]
    assert len(body["stats"]["recent"]["Léa"]) == 3 and body["stats"]["recent"]["Léa"][0]["won"]


def test_rename_a_member_and_the_statistics_follow(tapi, made):
    tablee = Tablee.objects.get()
    token = made["edit_token"]
    play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    before = _stats(tapi, token, "Léa", "num5")
    status, body = tapi("PATCH", f"tablees/{token}/players/0", {"name": "Léonie"})
    assert status == 200 and body["players"][0] == {"name": "Léonie"}
    assert _stats(tapi, token, "Léonie", "num5") == before
    assert all(p["name"] != "Léa" for p in body["stats"]["players"])
    # and a new party with the new name counts with the old ones
    play(tablee, "num5", ["Léonie", "Tom", "Zoé"], rounds=[["10", "5", "0"]])
    assert _stats(tapi, token, "Léonie", "num5")["played"] == 2
    status, body = tapi("PATCH", f"tablees/{token}/players/9", {"name": "X"})
    assert status == 400 and body["error"]["field"] == "index"
    status, body = tapi("PATCH", f"tablees/{token}/players/1", {"name": "léonie"})
    assert status == 400 and body["error"]["field"] == "name"


def test_a_party_written_elsewhere_changes_the_stamp(made):
    tablee = Tablee.objects.get()
    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]], finished=False)
    tablee.refresh_from_db()
    stamp = tablee.stamp
    party_services.finish(game)
    tablee.refresh_from_db()
    assert tablee.stamp == stamp + 1
    outside = party("num5", 3)
    party_services.finish(outside)
    tablee.refresh_from_db()
    assert tablee.stamp == stamp + 1  # another party is none of its business


def test_a_party_read_link_never_reveals_its_tablee(client, made):
    tablee = Tablee.objects.get()
    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    page = client.get(f"/parties/{game.read_token}/").content.decode()
    assert tablee.name not in page and tablee.read_token not in page
    api = client.get(f"/api/v1/parties/{game.read_token}").content.decode()
    assert tablee.name not in api and tablee.read_token not in api
    edit = client.get(f"/parties/{game.edit_token}/").content.decode()
    assert tablee.name in edit and tablee.read_token in edit and tablee.edit_token not in edit


def test_link_a_party_created_outside(made):
    tablee = Tablee.objects.get()
    outside = party("num5", ["léa", "Tom", "Max"])
    plan = services.link_plan(tablee, outside)
    assert plan.new == ["Max"] and [m.name for _, m in plan.matched] == ["Léa", "Tom"]
    with pytest.raises(InputError):
        services.link_party(tablee, outside, add_members=False)
    services.link_party(tablee, outside, add_members=True)
    assert [m.name for m in tablee.members.all()] == [*NAMES, "Max"]
    with pytest.raises(InputError):
        services.link_plan(tablee, outside)  # already in a tablée


def test_an_idempotency_key_replays_the_answer_and_never_doubles_a_write(tapi, made):
    path = f"tablees/{made['edit_token']}/players"
    key = {"HTTP_IDEMPOTENCY_KEY": "phone-1_write-7"}
    first = tapi("POST", path, {"name": "Max"}, **key)
    again = tapi("POST", path, {"name": "Max"}, **key)
    assert first[0] == again[0] == 201 and again[1]["version"] == first[1]["version"]
    assert [p["name"] for p in tapi("GET", f"tablees/{made['edit_token']}")[1]["players"]].count(
        "Max"
    ) == 1
    status, body = tapi("POST", path, {"name": "Noé"}, **key)  # same key, another body
    assert status == 409 and body["error"]["field"] == "idempotency_key"
    status, body = tapi("POST", path, {"name": "Noé"}, HTTP_IDEMPOTENCY_KEY="bad key!")
    assert status == 400 and body["error"]["field"] == "idempotency_key"
    new_party = {"game": "num5", "players": NAMES}
    one = tapi(
        "POST", f"tablees/{made['edit_token']}/parties", new_party, HTTP_IDEMPOTENCY_KEY="p1"
    )
    two = tapi(
        "POST", f"tablees/{made['edit_token']}/parties", new_party, HTTP_IDEMPOTENCY_KEY="p1"
    )
    assert one[0] == two[0] == 201 and two[1]["edit_token"] == one[1]["edit_token"]
    assert len(tapi("GET", f"tablees/{made['edit_token']}")[1]["parties"]) == 1


def test_a_replayed_answer_says_so(client, made):
    url = f"/api/v1/tablees/{made['edit_token']}/players"
    headers = {"HTTP_IDEMPOTENCY_KEY": "k"}
    client.post(url, '{"name": "Max"}', content_type="application/json", **headers)
    replay = client.post(url, '{"name": "Max"}', content_type="application/json", **headers)
    assert replay.status_code == 201 and replay["Idempotent-Replayed"] == "true"
    # a refusal is remembered too (the answer to that request, whatever it was): the same
    # key again replays it, another body with it is a 409, a new key carries it out
    refused = client.post(
        url, '{"name": "Léa"}', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert refused.status_code == 400
    again = client.post(
        url, '{"name": "Léa"}', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert again.status_code == 400 and again["Idempotent-Replayed"] == "true"
    assert again.content == refused.content
    other = client.post(
        url, '{"name": "Luc"}', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k2"
    )
    assert other.status_code == 409 and other.json()["error"]["field"] == "idempotency_key"
    assert other.json()["tablee"]["players"] == [{"name": n} for n in [*NAMES, "Max"]]
    assert (
        client.post(
            url, '{"name": "Luc"}', content_type="application/json", HTTP_IDEMPOTENCY_KEY="k3"
        ).status_code
        == 201
    )
