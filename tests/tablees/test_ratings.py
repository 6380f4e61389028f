"""The tablée's ratings (docs/ratings.md): rebuilt from its finished parties by the ratings
engine, in the order they finished, in the statistics' cache and in the API."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from calculators.engines import ratings as engine
from calculators.games.num5.party import writes as num5_writes
from calculators.parties import services as party_services
from calculators.parties.models import Game
from calculators.tablees import services, stats, views
from tests.factories import by_seat, fresh
from tests.i18n.test_english_pages import assert_english

from .conftest import play

pytestmark = pytest.mark.django_db

NAMES = ["Léa", "Tom", "Zoé"]
#: two Num 5 rounds (the party is over when the table says so: « Terminer »): Léa first,
#: then Tom, then Zoé; or Tom first
LEA_WINS = [["31 - 0", "5 - 9", "0 - 12"]] * 2
TOM_WINS = [["5 - 9", "31 - 0", "0 - 12"]] * 2


@pytest.fixture
def tablee():
    return services.create("Les jeudis", NAMES)


def rated(tablee):
    return {r["name"]: r for r in stats.compute(tablee)["ratings"].get("num5", [])}


def test_ratings_come_from_the_places_of_the_finished_parties(tablee):
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    play(tablee, "num5", NAMES, rounds=TOM_WINS, finished=False)  # not finished: not rated
    play(tablee, "num_check", NAMES, claims={0: [("paire", "5R 5B")]})  # another game
    table = rated(tablee)
    assert table["Léa"]["value"] > table["Tom"]["value"] > table["Zoé"]["value"]
    assert all(r["played"] == 1 and r["provisional"] for r in table.values())
    assert [r["name"] for r in stats.compute(tablee)["ratings"]["num-check"]][0] == "Léa"
    expected = engine.rate(
        [engine.Party(1, "g", (engine.Seat("a", 1), engine.Seat("b", 2), engine.Seat("c", 3)))]
    )["g"]
    assert [table[n]["value"] for n in NAMES] == [expected[p].value for p in "abc"]
    lea = table["Léa"]
    assert lea["change"] == lea["value"] - 1000 == lea["history"][-1][3]
    assert lea["reason"] == {
        "place": 1,
        "of": 3,
        "ahead_of": [{"name": "Tom", "higher": False}, {"name": "Zoé", "higher": False}],
        "behind": [],
        "tied_with": [],
    }


def test_undoing_the_last_party_restores_every_rating_exactly(tablee):
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    play(tablee, "num5", NAMES, rounds=TOM_WINS)
    before = rated(tablee)
    last = play(tablee, "num5", ["Zoé", "Tom", "Léa"], rounds=LEA_WINS)
    assert rated(tablee) != before
    party_services.undo(fresh(last))  # « Terminer » undone: the party is no longer finished
    assert not party_services.finished(fresh(last))
    assert rated(tablee) == before


def test_rating_order_is_deterministic_for_parties_finished_in_the_same_second(tablee):
    first = play(tablee, "num5", NAMES, rounds=LEA_WINS)
    second = play(tablee, "num5", NAMES, rounds=TOM_WINS)
    same = timezone.now().replace(microsecond=0)
    Game.objects.filter(pk__in=[first.pk, second.pk]).update(updated_at=same)
    members = list(tablee.members.all())
    finished = [p for p in stats.results(tablee, members) if p.finished]
    assert finished[0].updated == finished[1].updated
    one = stats.ratings(members, finished)
    assert stats.ratings(members, list(reversed(finished))) == one
    order = [step[0] for step in one["num5"][0]["history"]]
    assert order == sorted([first.pk, second.pk])


def test_a_later_finish_is_rated_later(tablee):
    first = play(tablee, "num5", NAMES, rounds=LEA_WINS)
    second = play(tablee, "num5", NAMES, rounds=TOM_WINS)
    Game.objects.filter(pk=first.pk).update(updated_at=timezone.now() + timedelta(1))
    history = rated(tablee)["Léa"]["history"]
    assert [step[0] for step in history] == [second.pk, first.pk]


def test_a_guest_is_rated_but_only_members_are_shown(tablee):
    game = services.new_party(tablee, "num5", None, NAMES)
    party_services.add_player(game, "Invité")
    for cells in (["0 - 9", "5 - 9", "0 - 12", "31 - 0"],) * 2:
        num5_writes.add_round(fresh(game), by_seat(fresh(game), cells))
    party_services.finish(fresh(game))
    table = rated(tablee)
    assert set(table) == set(NAMES)
    assert table["Tom"]["reason"]["behind"] == [{"name": "Invité", "higher": False}]
    assert table["Tom"]["reason"]["ahead_of"] == [
        {"name": "Léa", "higher": False},
        {"name": "Zoé", "higher": False},
    ]


def test_the_api_gives_each_games_ratings_with_their_history(tablee, tapi):
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    status, body = tapi("GET", f"tablees/{tablee.read_token}")
    assert status == 200
    lea = body["ratings"]["num5"][0]
    assert set(lea) == {"name", "value", "provisional", "played", "change", "history"}
    assert lea["name"] == "Léa" and lea["provisional"] and lea["played"] == 1
    assert lea["history"] == [
        {"finished": lea["history"][0]["finished"], "value": lea["value"], "change": lea["change"]}
    ]
    assert [r["name"] for r in body["ratings"]["num5"]] == NAMES


def test_the_openapi_schema_describes_the_ratings(client):
    doc = client.get("/api/v1/openapi.json").json()
    schemas = doc["components"]["schemas"]
    rating = schemas["TableeRatingOut"]["properties"]
    assert {"value", "provisional", "played", "change", "history"} <= set(rating)
    assert "ratings" in schemas["TableeOut"]["properties"]


def test_the_page_shows_ratings_provisional_marks_the_last_change_and_the_history_chart(
    client, tablee
):
    play(tablee, "num5", NAMES, rounds=TOM_WINS)
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    html = client.get(reverse("tablees:tablee", args=[tablee.read_token])).content.decode()
    section = html[html.index('data-testid="ratings-num5"') :]
    lea = rated(tablee)["Léa"]
    assert f"<strong>{lea['value']}</strong>" in section
    assert section.count('data-testid="provisional"') == 3
    # the last party's change and its reason: Tom was rated higher than Léa before it
    assert f"{lea['change']:+d} : 1ᵉʳ sur 3, devant Tom (mieux classé), Zoé" in html
    assert "Classement de Num 5 aux victoires" in section
    assert 'src="graphiques/num5/ratings.svg"' in section
    assert '<caption id="chart-num5-table-ratings">' in section
    response = client.get(reverse("tablees:chart", args=[tablee.read_token, "num5", "ratings"]))
    svg = response.content.decode()
    assert response.status_code == 200 and svg.startswith("<svg") and "<script" not in svg
    assert "cote partie après partie" in svg
    none = reverse("tablees:chart", args=[tablee.read_token, "num-check", "ratings"])
    assert client.get(none).status_code == 404


def test_the_reason_marks_a_loss_to_a_lower_rated_player_and_ties():
    rating = {
        "change": -31,
        "reason": {
            "place": 2,
            "of": 4,
            "ahead_of": [{"name": "Max", "higher": False}],
            "behind": [{"name": "Tom", "higher": False}],
            "tied_with": [{"name": "Zoé", "higher": True}],
        },
    }
    assert views.reason_text(rating) == (
        "-31 : 2ᵉ sur 4, devant Max, derrière Tom (moins bien classé), à égalité avec Zoé"
    )
    with translation.override("en"):
        assert views.reason_text(rating) == (
            "-31: 2nd of 4, ahead of Max, behind Tom (rated lower), tied with Zoé"
        )
        assert [views.place_label(n) for n in (1, 3, 4)] == ["1st", "3rd", "4th"]


def test_the_english_page_shows_the_ratings_in_english(client):
    tablee = services.create("Thursdays", NAMES)
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    play(tablee, "num5", NAMES, rounds=TOM_WINS)
    response = client.get("/en" + reverse("tablees:tablee", args=[tablee.read_token]))
    assert_english(response, "tablée with ratings")
    html = response.content.decode()
    assert "Num 5 ranking by rating" in html and "provisional" in html
    assert "1st of 3, ahead of Léa (rated higher), Zoé" in html


def chances_on(client, game, prefix=""):
    with translation.override("fr"):  # the French address, whichever language is active
        url = reverse("parties:game", args=[fresh(game).edit_token])
    html = client.get(prefix + url).content
    text = html.decode()
    if 'data-testid="win-chances"' not in text:
        return None
    line = text[text.index('data-testid="win-chances"') :].split("</p>")[0]
    return {
        name: int(percent)
        for name, percent in re.findall(r"(\w+)\s(\d+)(?:\s|&nbsp;|\u202f)%", line.split(">", 1)[1])
    }


def test_a_party_of_the_tablee_shows_each_players_chance_to_win_before_it_starts(client, tablee):
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    game = services.new_party(tablee, "num5", None, NAMES)
    chances = chances_on(client, game)
    assert chances is not None and set(chances) == set(NAMES)
    assert chances["Léa"] > chances["Tom"] > chances["Zoé"]
    assert 99 <= sum(chances.values()) <= 101
    skills = {r["name"]: engine.Skill(r["mu"], r["sigma"]) for r in rated(tablee).values()}
    expected = engine.win_chances([skills[n] for n in NAMES])
    assert [chances[n] for n in NAMES] == [round(100 * c) for c in expected]
    # another game: nobody rated yet, everyone even
    even = chances_on(client, services.new_party(tablee, "num_check", None, NAMES))
    assert even is not None and len(set(even.values())) == 1
    # once the party has started, no more prediction
    num5_writes.add_round(fresh(game), by_seat(fresh(game), ["5 - 0", "0 - 9", "0 - 12"]))
    assert chances_on(client, game) is None
    # and never on the read link
    html = client.get(reverse("parties:game", args=[fresh(game).read_token])).content.decode()
    assert 'data-testid="win-chances"' not in html


def test_the_tablee_setting_turns_the_win_chances_off_and_on(client, tablee):
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    game = services.new_party(tablee, "num5", None, NAMES)
    page = client.get(reverse("tablees:tablee", args=[tablee.edit_token])).content.decode()
    assert 'name="win_chances"' in page and "Afficher les chances de victoire" in page
    url = reverse("tablees:action", args=[tablee.edit_token, "reglages"])
    response = client.post(url, {})
    assert response.status_code == 302 and response["Location"].endswith("#reglages")
    tablee.refresh_from_db()
    assert not tablee.win_chances and chances_on(client, game) is None
    client.post(url, {"win_chances": "on"})
    tablee.refresh_from_db()
    assert tablee.win_chances and chances_on(client, game) is not None
    read = reverse("tablees:action", args=[tablee.read_token, "reglages"])
    assert client.post(read, {}).status_code == 403


def test_the_win_chances_in_english(client):
    tablee = services.create("Thursdays", NAMES)
    play(tablee, "num5", NAMES, rounds=LEA_WINS)
    game = services.new_party(tablee, "num5", None, NAMES)
    with translation.override("fr"):
        url = reverse("parties:game", args=[game.edit_token])
    assert "Chances to win by rating:" in client.get("/en" + url).content.decode()
    assert chances_on(client, game, "/en") is not None
