"""BG Stats: the play pushed by « Envoyer à BG Stats » (every field of its push format) and the
tablée's ``.bgsplay`` file; the app remembers plays and players by their source ids between
imports, so a party and a person keep theirs whatever the seat, and no id holds a token."""

import json
import re
from urllib.parse import unquote

import pytest
from django.test import Client
from django.urls import reverse

from calculators.tablees import bgstats, services
from tests.factories import party

from .conftest import play

pytestmark = pytest.mark.django_db

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def pushed(game) -> dict:
    """The play of the « Envoyer à BG Stats » link of a party's read page."""
    html = Client().get(f"/parties/{game.read_token}/").content.decode()
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', html)
    assert link, "no BG Stats link"
    data = link.group(1).split("data=", 1)[1].replace("&amp;", "&")
    return json.loads(unquote(data))


def tokens_of(*games) -> list[str]:
    return [t for g in games for t in (g.edit_token, g.read_token)]


def test_bg_stats_push_play_has_every_field_of_the_push_format():

    game = party("num5", ["Léa", "Tom", "Zoé"])
    _finish_num5(game, ["10", "5", "0"])
    data = pushed(game)
    assert set(data) == {
        "sourceName", "sourcePlayId", "playDate", "location", "comments", "ignored",
        "manualWinner", "game", "players",
    }  # fmt: skip
    assert data["sourceName"] == "Numsite"
    assert UUID.match(data["sourcePlayId"]) and data["sourcePlayId"] == bgstats.play_id(game.pk)
    assert DATE.match(data["playDate"])
    assert data["location"] == "" and data["comments"].startswith("Num 5 · ")
    assert data["ignored"] is False and data["manualWinner"] is True
    assert data["game"] == {
        "name": "Num 5", "sourceGameId": "num5", "highestWins": True, "noPoints": False,
        "cooperative": False, "usesTeams": False,
    }  # fmt: skip
    first = data["players"][0]
    assert set(first) == {
        "name", "sourcePlayerId", "score", "rank", "seatOrder", "winner", "startPlayer",
        "newPlayer", "role",
    }  # fmt: skip
    assert [
        (p["name"], p["score"], p["rank"], p["seatOrder"], p["winner"], p["startPlayer"])
        for p in data["players"]
    ] == [("Léa", 10, 1, 0, True, True), ("Tom", 5, 2, 1, False, False), ("Zoé", 0, 3, 2, False, False)]  # fmt: skip
    assert all(p["newPlayer"] is False and p["role"] == "" for p in data["players"])
    # outside a tablée, a player's id is their name's: the same name (any case) is the same id
    assert [p["sourcePlayerId"] for p in data["players"]] == [
        bgstats.name_id(n) for n in ("léa", "TOM", "Zoé")
    ]
    text = json.dumps(data)
    assert not any(t in text for t in tokens_of(game))


def _finish_num5(game, cells):
    from calculators.games.num5.party import writes as num5_writes
    from calculators.parties import services as party_services
    from tests.factories import by_seat

    num5_writes.add_round(game, by_seat(game, cells))
    party_services.finish(game)


def test_bg_stats_ids_stay_the_same_across_three_parties_of_a_tablee_in_other_seats():
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Marc"])
    orders = [["Léa", "Tom", "Marc"], ["Tom", "Marc", "Léa"], ["Marc", "Léa", "Tom"]]
    games = [play(tablee, "num5", names, rounds=[["10", "5", "0"]]) for names in orders]
    plays = [pushed(g) for g in games]
    ids = [{p["name"]: p["sourcePlayerId"] for p in data["players"]} for data in plays]
    assert ids[0] == ids[1] == ids[2]
    assert len(set(ids[0].values())) == 3 and all(UUID.match(i) for i in ids[0].values())
    members = {m.name: m.pk for m in tablee.members.all()}
    assert ids[0] == {name: bgstats.member_id(pk) for name, pk in members.items()}
    assert [[p["name"] for p in data["players"] if p["startPlayer"]] for data in plays] == [
        ["Léa"],
        ["Tom"],
        ["Marc"],
    ]
    play_ids = [data["sourcePlayId"] for data in plays]
    assert len(set(play_ids)) == 3 and play_ids == [pushed(g)["sourcePlayId"] for g in games]
    text = json.dumps(plays)
    assert not any(t in text for t in [*tokens_of(*games), tablee.edit_token, tablee.read_token])
    # a renamed member is the same person for BG Stats
    services.rename_member(tablee, 0, "Léonie")
    again = {p["name"]: p["sourcePlayerId"] for p in pushed(games[0])["players"]}
    assert again["Léa"] == ids[0]["Léa"]


def test_tablee_bgsplay_file_holds_every_finished_party_once_with_stable_ids():
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Marc"])
    orders = [["Léa", "Tom", "Marc"], ["Tom", "Marc", "Léa"], ["Marc", "Léa", "Tom"]]
    games = [play(tablee, "num5", names, rounds=[["10", "5", "0"]]) for names in orders]
    games.append(play(tablee, "num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]}))
    unfinished = play(tablee, "num5", ["Léa", "Tom", "Marc"], finished=False)
    for token in (tablee.edit_token, tablee.read_token):
        response = Client().get(reverse("tablees:export_bgsplay", args=[token]))
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json; charset=utf-8"
        assert re.match(
            r'attachment; filename="tablee-[\d-]+\.bgsplay"', response["Content-Disposition"]
        )
        text = response.content.decode()
        assert not any(
            t in text
            for t in [*tokens_of(*games, unfinished), tablee.edit_token, tablee.read_token]
        )
    data = json.loads(text)
    assert set(data) == {"about", "players", "locations", "games", "plays"}
    assert "Board Game Stats" in data["about"] and data["locations"] == []
    members = {m.name: m.pk for m in tablee.members.all()}
    assert [(p["id"], p["name"], p["uuid"]) for p in data["players"]] == [
        (1, "Léa", bgstats.member_id(members["Léa"])),
        (2, "Tom", bgstats.member_id(members["Tom"])),
        (3, "Marc", bgstats.member_id(members["Marc"])),
    ]
    assert all(
        p["isAnonymous"] is False and p["bggUsername"] == "" and DATE.match(p["modificationDate"])
        for p in data["players"]
    )
    assert [(g["id"], g["name"], g["uuid"], g["sourceGameId"]) for g in data["games"]] == [
        (1, "Num 5", bgstats.game_id("num5"), "num5"),
        (2, "NUM CHECK", bgstats.game_id("num-check"), "num-check"),
    ]
    assert all(
        g["highestWins"] is True and g["noPoints"] is False and g["cooperative"] is False
        and g["usesTeams"] is False
        for g in data["games"]
    )  # fmt: skip
    assert [p["uuid"] for p in data["plays"]] == [bgstats.play_id(g.pk) for g in games]
    assert [p["uuid"] for p in data["plays"]] == [pushed(g)["sourcePlayId"] for g in games]
    for made in data["plays"]:
        assert DATE.match(made["playDate"]) and DATE.match(made["entryDate"])
        assert DATE.match(made["modificationDate"]) and made["sourceName"] == "Numsite"
        assert (made["ignored"], made["manualWinner"], made["usesTeams"]) == (False, True, False)
        assert (made["board"], made["durationMin"], made["rounds"], made["scoringSetting"]) == (
            "",
            0,
            0,
            0,
        )
    by_ref = {p["id"]: p["name"] for p in data["players"]}
    seated = [
        [(by_ref[s["playerRefId"]], s["seatOrder"], s["startPlayer"], s["score"], s["rank"], s["winner"])
         for s in made["playerScores"]]
        for made in data["plays"][:3]
    ]  # fmt: skip
    assert seated == [
        [("Léa", 0, True, "10", 1, True), ("Tom", 1, False, "5", 2, False), ("Marc", 2, False, "0", 3, False)],
        [("Tom", 0, True, "10", 1, True), ("Marc", 1, False, "5", 2, False), ("Léa", 2, False, "0", 3, False)],
        [("Marc", 0, True, "10", 1, True), ("Léa", 1, False, "5", 2, False), ("Tom", 2, False, "0", 3, False)],
    ]  # fmt: skip
    assert data["plays"][3]["gameRefId"] == 2 and data["plays"][0]["gameRefId"] == 1
    assert all(
        s["newPlayer"] is False and s["role"] == ""
        for made in data["plays"]
        for s in made["playerScores"]
    )


def test_tablee_page_offers_the_bgsplay_file():
    tablee = services.create("Les jeudis", ["Léa", "Tom"])
    html = Client().get(reverse("tablees:tablee", args=[tablee.read_token])).content.decode()
    assert reverse("tablees:export_bgsplay", args=[tablee.read_token]) in html


def test_bg_stats_num_connect_play_says_the_lowest_score_wins():
    """Num Connect's score is the cards left (fewer is better): its play and the tablée's file
    tell BG Stats ``highestWins: false``, the other games ``true``; the push's comment names
    the game alone (it has no mode)."""
    from calculators.games.num_connect.party import writes as connect_writes
    from calculators.parties import services as party_services

    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    game = services.new_party(tablee, "num_connect", None, ["Léa", "Tom", "Zoé"])
    connect_writes.add_hand(game, "Tom", {"Léa": 3, "Zoé": 5})
    party_services.finish(game)
    data = pushed(game)
    assert data["game"]["highestWins"] is False and data["game"]["noPoints"] is False
    assert data["comments"] == "Num Connect"
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Léa", 3, 2, False),
        ("Tom", 0, 1, True),
        ("Zoé", 5, 3, False),
    ]
    play(tablee, "num5", ["Léa", "Tom", "Zoé"], rounds=[["10", "5", "0"]])
    response = Client().get(reverse("tablees:export_bgsplay", args=[tablee.read_token]))
    games = {g["sourceGameId"]: g["highestWins"] for g in json.loads(response.content)["games"]}
    assert games == {"num-connect": False, "num5": True}
