"""The tablées' pages: create, the page by either link, its writes, charts, exports, adding a
party from its edit page, and the purge."""

import io
import json
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from calculators.parties.models import Game
from calculators.tablees import services
from calculators.tablees.models import Tablee
from tests.factories import party

from .conftest import play

pytestmark = pytest.mark.django_db

NAMES = ["Léa", "Tom", "Zoé"]


@pytest.fixture
def tablee():
    return services.create("Les jeudis", NAMES)


def page(client, token, **params):
    return client.get(reverse("tablees:tablee", args=[token]), params)


def act(client, tablee, name, data, token=None):
    return client.post(reverse("tablees:action", args=[token or tablee.edit_token, name]), data)


def test_new_tablee_page_creates_and_redirects_to_the_edit_link(client):
    assert client.get("/tablees/nouvelle/").status_code == 200
    assert client.get("/en/tablees/nouvelle/").status_code == 200
    response = client.post("/tablees/nouvelle/", {"name": "Les jeudis", "players": "Léa\nTom\n\n"})
    made = Tablee.objects.get()
    assert response.status_code == 302 and made.edit_token in response["Location"]
    assert [m.name for m in made.members.all()] == ["Léa", "Tom"]


def test_new_tablee_refused_keeps_the_input_and_says_why(client):
    response = client.post("/tablees/nouvelle/", {"name": "Les jeudis", "players": "Léa\nléa"})
    html = response.content.decode()
    assert response.status_code == 400 and "majuscules" in html and "Les jeudis" in html
    assert not Tablee.objects.exists()


def test_the_page_by_edit_and_read_link(client, tablee):
    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    edit = page(client, tablee.edit_token).content.decode()
    assert "Les jeudis" in edit and "Lancer la partie" in edit and game.edit_token in edit
    read = page(client, tablee.read_token)
    html = read.content.decode()
    assert read.status_code == 200 and "no-store" in read["Cache-Control"]
    assert tablee.edit_token not in html and game.edit_token not in html
    assert game.read_token in html and "Lancer la partie" not in html
    assert 'data-testid="stats-num5"' in html
    assert page(client, "x" * 32).status_code == 404


def test_start_a_party_with_places_in_seating_order(client, tablee):
    data = {"kind": "num5", "mode_num5": "normal", "seat_0": "2", "seat_1": "", "seat_2": "1"}
    data["seat_1"] = "3"
    response = act(client, tablee, "partie", data)
    game = Game.objects.get()
    assert response.status_code == 302 and game.edit_token in response["Location"]
    assert [p.name for p in game.players.all()] == ["Zoé", "Léa", "Tom"]
    assert game.tablee_link.tablee == tablee


def test_start_a_party_refused_at_the_form(client, tablee):
    data = {"kind": "num5", "mode_num5": "normal", "seat_0": "1", "seat_1": "1", "seat_2": "2"}
    response = act(client, tablee, "partie", data)
    assert response.status_code == 400 and "même place" in response.content.decode()
    response = act(client, tablee, "partie", {"kind": "num5", "seat_0": "1", "seat_1": "2"})
    assert response.status_code == 400 and "de 3 à 8 joueurs" in response.content.decode()
    assert not Game.objects.exists()


def test_member_writes_and_the_read_link_refused(client, tablee):
    assert act(client, tablee, "joueur", {"name": "Max"}).status_code == 302
    assert act(client, tablee, "renommer", {"index": "0", "name": "Léonie"}).status_code == 302
    assert [m.name for m in tablee.members.all()] == ["Léonie", "Tom", "Zoé", "Max"]
    response = act(client, tablee, "joueur", {"name": "max"})
    assert response.status_code == 400 and "majuscules" in response.content.decode()
    assert act(client, tablee, "joueur", {"name": "Noé"}, tablee.read_token).status_code == 403
    assert act(client, tablee, "nothing", {}).status_code == 404


def test_new_links_stop_the_old_ones(client, tablee):
    old_edit, old_read = tablee.edit_token, tablee.read_token
    assert act(client, tablee, "liens", {}).status_code == 302
    tablee.refresh_from_db()
    assert {tablee.edit_token, tablee.read_token}.isdisjoint({old_edit, old_read})
    assert page(client, old_edit).status_code == 404 and page(client, old_read).status_code == 404
    assert page(client, tablee.read_token).status_code == 200


def test_charts_are_svg_without_script_and_with_a_table_beside(client, tablee):
    play(
        tablee,
        "num_check",
        NAMES,
        claims={0: [("full", "7R 7B 7J 3V 3A")], 1: [("paire", "5R 5B")]},
    )
    html = page(client, tablee.read_token).content.decode()
    for kind in ("scores", "distribution", "combos"):
        url = reverse("tablees:chart", args=[tablee.read_token, "num-check", kind])
        # relative to the page, so that the statistics, drawn once, hold no token
        assert f'src="graphiques/num-check/{kind}.svg"' in html
        assert (
            reverse("tablees:tablee", args=[tablee.read_token]) + f"graphiques/num-check/{kind}.svg"
            == url
        )
        response = client.get(url)
        svg = response.content.decode()
        assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
        assert svg.startswith("<svg") and "<script" not in svg
        assert "script-src" not in response["Content-Security-Policy"]
    assert "Full" in client.get(url).content.decode()
    assert '<caption id="chart-num-check-table-1">' in html and "Combinaisons réalisées" in html
    missing = reverse("tablees:chart", args=[tablee.read_token, "num5", "scores"])
    assert client.get(missing).status_code == 404
    bad = reverse("tablees:chart", args=[tablee.read_token, "num-check", "pie"])
    assert client.get(bad).status_code == 404


def test_exports_csv_and_json(client, tablee):
    services.add_member(tablee, "=cmd")
    play(tablee, "num5", ["Léa", "Tom", "=cmd"], rounds=[["10", "5", "0"]])
    response = client.get(reverse("tablees:export_csv", args=[tablee.read_token]))
    text = response.content.decode()
    assert response.status_code == 200 and text.startswith("\ufeff")
    assert "Léa;10;1;oui" in text and text.count("\n") == 4
    assert ";'=cmd;0;" in text  # a spreadsheet never runs a name
    response = client.get(reverse("tablees:export_json", args=[tablee.read_token]))
    body = json.loads(response.content)
    assert body["parties"][0]["game"] == "num5" and "edit_url" not in body
    assert tablee.edit_token not in response.content.decode()


def test_csv_mode_column_names_the_mode_in_the_readers_language(client, tablee):
    play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]], mode="explosion")
    play(tablee, "num_check", NAMES, claims={0: [("paire", "5R 5B")]})
    url = reverse("tablees:export_csv", args=[tablee.read_token])
    rows = {
        lang: [line.split(";") for line in client.get(f"{lang}{url}").content.decode().splitlines()]
        for lang in ("", "/en")
    }
    assert rows[""][0][2] == "Mode" and rows["/en"][0][2] == "Mode"
    assert {r[2] for r in rows[""][1:]} == {"Explosion de rangée", "Classique"}
    assert {r[2] for r in rows["/en"][1:]} == {"Row Explosion", "Classic"}


def test_add_a_party_from_its_edit_page_with_a_confirmation(client, tablee):
    outside = party("num5", ["léa", "Tom", "Max"])
    html = client.get(f"/parties/{outside.edit_token}/").content.decode()
    assert reverse("tablees:link", args=[outside.edit_token]) in html
    assert (
        "Ajouter à une tablée" not in client.get(f"/parties/{outside.read_token}/").content.decode()
    )
    url = reverse("tablees:link", args=[outside.edit_token])
    response = client.post(url, {"tablee": tablee.read_token})
    assert response.status_code == 400 and "lecture seule" in response.content.decode()
    edit_url = "https://numsite.example" + reverse("tablees:tablee", args=[tablee.edit_token])
    response = client.post(url, {"tablee": edit_url})
    assert response.status_code == 200 and "Max" in response.content.decode()
    assert not Game.objects.filter(tablee_link__isnull=False).exists()
    response = client.post(url, {"tablee": edit_url, "confirm": "1"})
    assert response.status_code == 302
    assert outside.tablee_link.tablee == tablee
    assert "Max" in [m.name for m in tablee.members.all()]
    assert client.post(reverse("tablees:link", args=[outside.read_token]), {}).status_code == 403


def test_a_finished_party_offers_bg_stats_with_names_and_scores_only(client, tablee):
    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    html = client.get(f"/parties/{game.read_token}/").content.decode()
    assert "https://app.bgstatsapp.com/createPlay.html?data=" in html
    start = html.index("createPlay.html?data=")
    link = html[start : html.index('"', start)]
    assert game.edit_token not in link and game.read_token not in link
    from urllib.parse import unquote

    play_data = json.loads(unquote(link.split("data=", 1)[1].replace("&amp;", "&")))
    assert play_data["game"]["name"] == "Num 5"
    assert [(p["name"], p["score"], p["winner"]) for p in play_data["players"]] == [
        ("Léa", 10, True), ("Tom", 5, False), ("Zoé", 0, False)
    ]  # fmt: skip


def test_purge_keeps_parties_of_a_living_tablee_and_deletes_an_old_tablee_with_its_parties(tablee):
    kept = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    alone = party("num5", 3)
    old = timezone.now() - timedelta(days=91)
    Game.objects.update(updated_at=old)
    call_command("purge_games", stdout=io.StringIO())
    assert list(Game.objects.values_list("pk", flat=True)) == [kept.pk]
    assert not Game.objects.filter(pk=alone.pk).exists()
    Tablee.objects.update(updated_at=old)
    out = io.StringIO()
    call_command("purge_games", stdout=out)
    assert not Game.objects.exists() and not Tablee.objects.exists()
    assert "1 tablée" in out.getvalue()


def test_a_party_write_keeps_its_tablee_alive(tablee):
    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]], finished=False)
    Tablee.objects.update(updated_at=timezone.now() - timedelta(days=91))
    from calculators.parties import services as party_services

    party_services.finish(game)
    call_command("purge_games", stdout=io.StringIO())
    assert Tablee.objects.filter(pk=tablee.pk).exists()


def test_statistics_drawn_once_hold_no_token_and_follow_a_write(client, tablee):
    from django.core.cache import cache

    from calculators.tablees.stats import cache_key

    game = play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    page(client, tablee.edit_token)
    tablee.refresh_from_db()
    html = cache.get(f"{cache_key(tablee)}:html:")
    assert "stats-num5" in html
    assert not any(
        t in html for t in (tablee.edit_token, tablee.read_token, game.edit_token, game.read_token)
    )
    from calculators.parties import services as party_services

    party_services.undo(game)  # the finish undone: no finished party left
    assert 'data-testid="no-stats"' in page(client, tablee.read_token).content.decode()


def svg_texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_combinations_chart_has_a_whole_number_axis_and_each_bar_labelled(client, tablee):
    play(
        tablee,
        "num_check",
        NAMES,
        claims={0: [("full", "7R 7B 7J 3V 3A"), ("paire", "5R 5B")], 1: [("paire", "9R 9B")]},
    )
    url = reverse("tablees:chart", args=[tablee.read_token, "num-check", "combos"])
    texts = svg_texts(client.get(url).content.decode())
    numbers = [t for t in texts if re.fullmatch(r"[\d.]+", t)]
    assert all("." not in t for t in numbers), numbers  # no 0.2 … 1.8
    assert numbers[:3] == ["0", "1", "2"]  # the count axis: 0, 1, 2
    assert sorted(numbers[3:]) == ["1", "2"]  # each bar's count: Paire 2, Full 1


def test_count_axis_keeps_at_most_seven_whole_labels():
    from calculators.tablees.charts import count_axis

    assert count_axis([])["y_labels"] == [0, 1]
    assert count_axis([2, 1])["y_labels"] == [0, 1, 2]
    assert count_axis([13, 3])["y_labels"] == [0, 3, 6, 9, 12, 15]
    assert count_axis([13, 3])["range"] == (0, 15)
    assert count_axis([6])["y_labels"] == [0, 1, 2, 3, 4, 5, 6]
    assert count_axis([3])["value_formatter"](3.0) == "3"


def test_a_refused_write_page_keeps_the_charts_reachable(client, tablee):
    play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    response = act(client, tablee, "joueur", {"name": "léa"})
    html = response.content.decode()
    assert response.status_code == 400 and 'src="../graphiques/num5/scores.svg"' in html


def test_junk_in_the_page_parameter_is_never_a_500(client, tablee):
    from tests.production.test_input_hardening import ENCODED_JUNK, TABLEE_PARAMS, query

    play(tablee, "num5", NAMES, rounds=[["10", "5", "0"]])
    client.raise_request_exception = True
    for token in (tablee.edit_token, tablee.read_token):
        for param in TABLEE_PARAMS:
            for junk in ENCODED_JUNK:
                response = client.get(f"/tablees/{token}/", QUERY_STRING=query({}, param, junk))
                assert response.status_code == 200, (param, junk)
    assert "Num 5" in page(client, tablee.read_token, page="99").content.decode()  # the last page


def test_purge_forgets_idempotent_answers_after_7_days(tablee):
    from calculators.tablees.models import IdempotentWrite

    old = IdempotentWrite.objects.create(
        tablee=tablee, key="a", fingerprint="d", status=201, body=b"{}"
    )
    recent = IdempotentWrite.objects.create(
        tablee=tablee, key="b", fingerprint="d", status=201, body=b"{}"
    )
    IdempotentWrite.objects.filter(pk=old.pk).update(at=timezone.now() - timedelta(days=8))
    call_command("purge_games", stdout=io.StringIO())
    assert list(IdempotentWrite.objects.values_list("pk", flat=True)) == [recent.pk]


#: each of the page's seating forms: its action, the mark before its places, its fields' prefix
#: and the rest of a refused post (two members at place 1)
SEATING_FORMS = {
    "partie": ("data-seat-selects", "", {"kind": "num5", "mode_num5": "normal"}),
    "jour": ('id="daily-seats-help"', "jour-", {"jour-mode": "classic"}),
}


def _seat_labels(html, form="partie"):
    mark, prefix, _ = SEATING_FORMS[form]
    section = html.split(mark, 1)[1].split("</fieldset>", 1)[0]
    return re.findall(
        rf'<label class="form-label small mb-0" for="id_{prefix}seat_\d+">([^<]*)</label>', section
    )


@pytest.mark.parametrize("form", SEATING_FORMS)
def test_the_cached_seating_forms_follow_a_rename_and_a_new_member(client, tablee, form):
    # an unfilled form is drawn once per members and language: a rename or a new member draws
    # it again, and each language keeps its own
    assert _seat_labels(page(client, tablee.edit_token).content.decode(), form) == NAMES
    assert act(client, tablee, "renommer", {"index": "1", "name": "Thomas"}).status_code == 302
    html = page(client, tablee.edit_token).content.decode()
    assert _seat_labels(html, form) == ["Léa", "Thomas", "Zoé"]
    assert act(client, tablee, "joueur", {"name": "Max"}).status_code == 302
    html = page(client, tablee.edit_token).content.decode()
    assert _seat_labels(html, form) == ["Léa", "Thomas", "Zoé", "Max"]
    assert "Qui joue, et à quelle place\u202f?" in html
    # a refused form is drawn with what was sent, never the cached unfilled one
    _, prefix, rest = SEATING_FORMS[form]
    data = {**rest, f"{prefix}seat_0": "1", f"{prefix}seat_1": "1", f"{prefix}seat_2": "2"}
    refused = act(client, tablee, form, data).content.decode()
    after = refused.split(f'name="{prefix}seat_1"', 1)[1][:400]
    assert '<option value="1" selected>1</option>' in after
    english = Client().get("/en" + reverse("tablees:tablee", args=[tablee.edit_token]))
    assert _seat_labels(english.content.decode(), form) == ["Léa", "Thomas", "Zoé", "Max"]
    assert "Who plays, and in which place?" in english.content.decode()
