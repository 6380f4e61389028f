"""A Num Connect party of a tablée counts in its statistics as its own board says: hands won
first, then the fewest cards left (/num-connect/regles/#arbitrage-partie-connect); the tablée
reads it through the game's hooks, never its folder."""

import pytest

from calculators.games.num_connect.party import writes
from calculators.parties import services as party_services
from calculators.parties.board import board
from calculators.parties.models import Game
from calculators.tablees import bgstats, services, stats
from tests.factories import fresh

pytestmark = pytest.mark.django_db

NAMES = ["Léa", "Tom", "Zoé"]


def connect_party(tablee, hands, finished=True):
    game = services.new_party(tablee, "num_connect", None, NAMES)
    for out, left in hands:
        writes.add_hand(game, out, left)
    if finished:
        party_services.finish(game)
    return fresh(game)


def test_a_num_connect_party_counts_the_wins_of_each_member():
    tablee = services.create("Les jeudis", NAMES)
    connect_party(tablee, [("Tom", {"Léa": 3, "Zoé": 7}), ("Léa", {"Tom": 5, "Zoé": 2})])
    game = connect_party(tablee, [("Zoé", None)])
    connect_party(tablee, [("Zoé", None)], finished=False)  # still played: not counted
    results = stats.results(tablee, list(tablee.members.all()))
    own = board(game)
    assert [(s.name, s.position, s.won) for s in results[1].seats] == [
        (r.player.name, r.position, r.player.name in own.winners) for r in own.rows
    ]
    data = stats.compute(tablee)
    players = {p["name"]: p["games"].get("num-connect") for p in data["stats"]["players"]}
    # party 1: Tom and Léa won a hand each, Léa ahead with 3 cards left against Tom's 5;
    # party 2: Zoé's
    assert players["Léa"]["wins"] == 1 and players["Léa"]["played"] == 2
    assert players["Tom"]["wins"] == 0 and players["Zoé"]["wins"] == 1
    assert players["Tom"]["best"] == 5  # the standings' column: cards left
    assert [p["game"] for p in data["parties"]] == ["num-connect"] * 3
    assert data["charts"]["num-connect"]["lines"]["Tom"] == [5, 0]


def test_the_bg_stats_file_names_num_connect_without_a_mode():
    tablee = services.create("Les jeudis", NAMES)
    connect_party(tablee, [("Tom", None)])
    data = bgstats.play_file(tablee)
    [play] = data["plays"]
    assert play["comments"] == "Num Connect"
    winners = [p for p in play["playerScores"] if p["winner"]]
    assert len(winners) == 1


def test_the_tablee_pages_show_a_num_connect_party_in_both_languages(client):
    from django.utils import translation

    from tests.i18n.test_english_pages import assert_english

    tablee = services.create("Thursdays", NAMES)
    connect_party(tablee, [("Tom", {"Léa": 1, "Zoé": 2})])
    page = client.get(f"/tablees/{tablee.edit_token}/")
    assert page.status_code == 200 and "Num Connect" in page.content.decode()
    assert 'name="mode_num_connect"' not in page.content.decode()  # a game of one way
    with translation.override("en"):
        for name, url in (
            ("edit", f"/en/tablees/{tablee.edit_token}/"),
            ("read", f"/en/tablees/{tablee.read_token}/"),
        ):
            assert_english(client.get(url), name)
    indexes = [m.index for m in tablee.members.all()]
    made = client.post(
        f"/tablees/{tablee.edit_token}/partie/",
        {"kind": "num_connect", f"seat_{indexes[0]}": "1", f"seat_{indexes[1]}": "2"},
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    assert [g.kind for g in Game.objects.order_by("pk")] == ["num_connect"] * 2
    last = Game.objects.order_by("pk").last()
    assert last is not None and last.mode == ""
