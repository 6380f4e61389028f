"""Shared game sheets (issue #6): creation, links and tokens, entries, corrections, export."""

import csv
import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from calculators import parties
from calculators.engines.cards import InputError
from calculators.models import Claim, Game, Player
from calculators.party_views import WRITE_ACTIONS
from tests.conftest import EIGHT_CLAIMS, NINTH_CLAIM

pytestmark = pytest.mark.django_db


def make(kind="num_check", mode="classic", names=("Léa", "Tom", "Zoé")):
    return parties.create_game(kind, mode, list(names))


def url(game, name="game", token=None, **kw):
    token = token or game.edit_token
    if name == "action":
        return reverse("parties:action", args=[game.pk, token, kw["action"]])
    return reverse(f"parties:{name}", args=[game.pk, token])


def seat(game, index):
    return game.players.get(seat=index)


def test_create_game_redirects_to_the_edit_link(client):
    response = client.post(
        reverse("parties:new"),
        {"kind": "num_check", "mode_num_check": "family", "players": "Léa\nTom\n\nZoé"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == url(game)
    assert [p.name for p in game.players.all()] == ["Léa", "Tom", "Zoé"]
    assert game.mode == "family"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "num5", "mode_num5": "normal", "players": "A\nB"}, "3 à 8"),
        ({"kind": "num_draft", "mode_num_draft": "classic", "players": "A\na"}, "Deux joueurs"),
        ({"kind": "poker", "players": "A\nB"}, "Choisissez un jeu"),
        ({"kind": "num5", "mode_num5": "turbo", "players": "A\nB\nC"}, "Mode inconnu"),
    ],
)
def test_create_game_bad_input_is_shown_and_kept(client, data, message):
    response = client.post(reverse("parties:new"), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html and data["players"].split("\n")[0] in html
    assert not Game.objects.exists()


def test_tokens_are_long_random_and_distinct():
    a, b = make(), make()
    tokens = {a.edit_token, a.view_token, b.edit_token, b.view_token}
    assert len(tokens) == 4 and all(len(t) >= 32 for t in tokens)


def test_wrong_token_is_404(client):
    game = make()
    assert client.get(reverse("parties:game", args=[game.pk, "x" * 32])).status_code == 404
    other = make()
    assert client.get(reverse("parties:game", args=[game.pk, other.edit_token])).status_code == 404


def test_page_shows_both_links_and_qr_codes_to_the_editor_only(client):
    game = make()
    html = client.get(url(game)).content.decode()
    assert game.edit_token in html and game.view_token in html and html.count("<svg") >= 2
    html = client.get(url(game, token=game.view_token)).content.decode()
    assert game.edit_token not in html and game.view_token in html
    assert "Enregistrer le CHECK" not in html


@pytest.mark.parametrize("action", WRITE_ACTIONS)
def test_read_only_link_never_changes_anything(client, action):
    game = make()
    parties.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    game.refresh_from_db()
    before = (game.version, Claim.objects.count(), Game.objects.count())
    claim = Claim.objects.get()
    data = {
        "player": seat(game, 0).pk,
        "combo": "brelan",
        "cards": "7R 7B 7J",
        "claim": claim.pk,
        "round": 1,
    }
    response = client.post(url(game, "action", token=game.view_token, action=action), data)
    assert response.status_code == 403
    game.refresh_from_db()
    assert (game.version, Claim.objects.count(), Game.objects.count()) == before


def test_claims_take_the_next_rank_and_are_scored_by_the_engine(client):
    game = make()
    lea = seat(game, 0)
    client.post(
        url(game, "action", action="claim_add"),
        {"player": lea.pk, "combo": "paire", "cards": "5R 5B"},
    )
    client.post(
        url(game, "action", action="claim_add"),
        {"player": lea.pk, "combo": "brelan", "cards": "7r 7b 7j"},
    )
    assert [(c.position, c.combo, c.cards) for c in lea.claims.all()] == [
        (1, "paire", "5R 5B"),
        (2, "brelan", "7R 7B 7J"),
    ]
    board = parties.board(game)
    assert board.rows[0].total == 15 + 27


@pytest.mark.parametrize(
    ("combo", "cards", "message"),
    [
        ("paire", "5V 5J", "déjà réalisé"),
        ("brelan", "7R 7R 7B", "deux fois"),
        ("brelan", "5V 5J", "compte 3 cartes"),
        ("brelan", "8R 8V 9B", "CHECK invalide"),
        ("poker", "5R 5B", "n'est pas une combinaison"),
    ],
)
def test_refused_claims_say_why_and_store_nothing(client, combo, cards, message):
    game = make()
    parties.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    response = client.post(
        url(game, "action", action="claim_add"),
        {"player": seat(game, 0).pk, "combo": combo, "cards": cards},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert message in response.content.decode().replace("&#x27;", "'")
    assert Claim.objects.count() == 1


def test_a_ninth_claim_is_refused():
    game = make()
    lea = seat(game, 0).pk
    for combo, cards in EIGHT_CLAIMS:
        parties.add_claim(game, lea, combo, cards)
    with pytest.raises(InputError, match="8 combinaisons"):
        parties.add_claim(game, lea, *NINTH_CLAIM)
    assert parties.board(game).finished


def test_delete_moves_later_claims_up_and_undo_removes_the_last():
    game = make()
    lea = seat(game, 0).pk
    first = parties.add_claim(game, lea, "paire", "5R 5B")
    parties.add_claim(game, lea, "brelan", "7R 7B 7J")
    parties.add_claim(game, lea, "carre", "9R 9B 9J 9V")
    parties.delete_claim(game, first.pk)
    assert list(Claim.objects.values_list("combo", "position")) == [("brelan", 1), ("carre", 2)]
    assert "Carré" in parties.undo_last(game)
    assert list(Claim.objects.values_list("combo", "position")) == [("brelan", 1)]


def test_edit_claim_rechecks_at_its_rank():
    game = make()
    claim = parties.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    parties.edit_claim(game, claim.pk, "paire", "9R 9B")
    claim.refresh_from_db()
    assert claim.cards == "9R 9B" and parties.board(game).rows[0].total == 19
    with pytest.raises(InputError, match="CHECK invalide"):
        parties.edit_claim(game, claim.pk, "paire", "9R 8B")


def test_finish_ends_a_num_check_game():
    game = make()
    parties.finish(game)
    board = parties.board(game)
    assert board.finished and "tours de paquet" in board.note
    with pytest.raises(InputError):
        parties.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")


def test_draft_grids_scored_with_real_neighbours_and_shared_cards_refused():
    game = make("num_draft", "classic", ["A", "B", "C"])
    a, b, c = (seat(game, i) for i in range(3))
    parties.set_grid(game, a.pk, ["1R", "2R", "3R", "", "", "", "", "", ""])
    parties.set_grid(game, c.pk, ["", "", "4R", "", "", "", "", "", ""])
    with pytest.raises(InputError) as err:
        parties.set_grid(game, b.pk, ["1R", "", "", "", "", "", "", "", ""])
    assert "A" in err.value.message and "B" in err.value.message
    board = parties.board(game)
    assert board.rows[0].total == 6
    assert board.rows[0].detail.right == "C"


def test_num5_rounds_to_three_wins_and_corrections():
    game = make("num5", "explosion", ["A", "B", "C"])
    for _ in range(2):
        parties.save_round(game, ["10R", "2 - 1", ""])
    parties.save_round(game, ["1", "5", "0"])
    parties.save_round(game, ["9", "2", "0"], number=3)  # corrected: A wins it
    board = parties.board(game)
    assert board.finished and board.winners == ("A",)
    with pytest.raises(InputError, match="terminée"):
        parties.save_round(game, ["1", "2", "3"])
    parties.delete_round(game, 1)
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2]
    assert not parties.board(game).finished


def test_num5_same_card_twice_in_a_round_is_refused():
    game = make("num5", "normal", ["A", "B", "C"])
    with pytest.raises(InputError, match="deux fois"):
        parties.save_round(game, ["10R", "10R", ""])


def test_board_fragment_answers_204_while_nothing_changed(client):
    game = make()
    board_url = url(game, "board")
    seen = game.version
    assert client.get(board_url, {"v": seen}).status_code == 204
    parties.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    response = client.get(board_url, {"v": seen})
    assert response.status_code == 200 and "15" in response.content.decode()


def test_csv_export_lists_claims_and_ranking(client):
    game = make()
    parties.add_claim(game, seat(game, 1).pk, "full", "7R 7B 7J 3V 3A")
    response = client.get(url(game, "export", token=game.view_token))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode()), delimiter=";"))
    assert ["Tom", "1", "Full", "7R 7B 7J 3V 3A", "26"] in rows
    assert ["1", "Tom", "26", "Novice"] in rows


def test_rematch_keeps_the_players(client):
    game = make()
    response = client.post(url(game, "action", action="rematch"))
    new = Game.objects.exclude(pk=game.pk).get()
    assert response.url == url(new)
    assert list(new.players.values_list("name", flat=True)) == ["Léa", "Tom", "Zoé"]


def test_purge_deletes_games_untouched_for_90_days():
    old, recent = make(), make()
    Game.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=91))
    out = io.StringIO()
    call_command("purge_games", stdout=out)
    assert list(Game.objects.values_list("pk", flat=True)) == [recent.pk]
    assert "1 partie" in out.getvalue()
    assert not Player.objects.filter(game_id=old.pk).exists()


def test_admin_lists_games(admin_client):
    make()
    assert admin_client.get("/admin/calculators/game/").status_code == 200


GARBAGE = ["", "x", "-1", "0", "99999999999999999999", "1e3", "10R", "JK"]


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
@pytest.mark.parametrize("action", [a for a in WRITE_ACTIONS if a != "rematch"])
def test_garbage_posts_are_answered_never_a_500(client, kind, action):
    game = make(kind, Game.MODES[Game.Kind(kind)][0][0], ["A", "B", "C"])
    for value in GARBAGE:
        data = {
            k: value for k in ("player", "combo", "cards", "claim", "round", "c0", "c4", "p0", "p1")
        }
        response = client.post(url(game, "action", action=action), data)
        assert response.status_code in (302, 400), (value, response.status_code)


def test_a_refused_grid_or_round_keeps_what_was_typed(client):
    game = make("num_draft", "classic", ["A", "B", "C"])
    a = seat(game, 0)
    data = {
        "player": a.pk,
        **{f"c{i}": v for i, v in enumerate(["1R", "13R", "", "", "", "", "", "", ""])},
    }
    html = client.post(
        url(game, "action", action="grid_set"), data, headers={"HX-Request": "true"}
    ).content.decode()
    assert "13" in html and 'value="13R"' in html and 'value="1R"' in html
    game = make("num5", "normal", ["A", "B", "C"])
    data = {"p0": "10R", "p1": "10R", "p2": "4"}
    html = client.post(
        url(game, "action", action="round_add"), data, headers={"HX-Request": "true"}
    ).content.decode()
    assert "deux fois" in html and html.count('value="10R"') == 2


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
def test_every_kind_of_game_page_renders_for_both_links(client, kind):
    game = make(kind, Game.MODES[Game.Kind(kind)][0][0], ["A", "B", "C"])
    for token in (game.edit_token, game.view_token):
        assert client.get(url(game, token=token)).status_code == 200
