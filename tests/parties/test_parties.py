"""Parties pages and services: creation, links, entries, corrections, export."""

import csv
import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from calculators.engines.cards import InputError
from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import board as boards
from calculators.parties import services
from calculators.parties.forms import WRITE_FORMS
from calculators.parties.models import Claim, Game, Player
from tests.conftest import EIGHT_CLAIMS, NINTH_CLAIM
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db


def test_create_game_redirects_to_the_edit_link(client):
    response = client.post(
        reverse("parties:new"),
        {"kind": "num_check", "mode_num_check": "family", "players": "Léa\nTom\n\nZoé"},
    )
    game = Game.objects.get()
    # the links first: the table opens them before anything (parties/game.html, share_first)
    assert response.status_code == 302 and response.url == url(game) + "?partager=1"
    assert [p.name for p in game.players.all()] == ["Léa", "Tom", "Zoé"]
    assert game.mode == "family" and game.version == 1
    assert list(game.history.values_list("action", flat=True)) == ["create"]


def test_new_game_form_offers_the_num_draft_deck(client):
    html = client.get(reverse("parties:new")).content.decode()
    assert 'name="values"' in html and "0 à 16" in html
    assert 'data-kind-only="num_draft"' in html
    client.post(
        reverse("parties:new"),
        {"kind": "num_draft", "mode_num_draft": "discovery", "players": "A\nB", "values": "0-16"},
    )
    game = Game.objects.get()
    assert (game.mode, game.values) == ("discovery", "0-16")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "num5", "mode_num5": "normal", "players": "A\nB"}, "3 à 8"),
        ({"kind": "num_draft", "mode_num_draft": "classic", "players": "A\na"}, "majuscules"),
        ({"kind": "num_draft", "mode_num_draft": "classic", "players": "A\nA"}, "Deux joueurs"),
        ({"kind": "poker", "players": "A\nB"}, "Sélectionnez un choix valide"),
        ({"kind": "num5", "mode_num5": "turbo", "players": "A\nB\nC"}, "Sélectionnez un choix"),
        ({"kind": "num5", "players": "A\nB, C\nD"}, "virgule"),
        ({"kind": "num5", "players": "A\nB\u202eC\nD"}, "contrôle"),
        ({"kind": "num5", "players": "A\nB\x00\nD"}, "nul"),
    ],
)
def test_create_game_bad_input_is_shown_and_kept(client, data, message):
    response = client.post(reverse("parties:new"), data)
    assert response.status_code == 400
    html = response.content.decode().replace("&#x27;", "'")
    assert message in html and data["players"].split("\n")[0] in html
    assert not Game.objects.exists()


def test_tokens_are_long_random_and_distinct():
    a, b = party(), party()
    tokens = {a.edit_token, a.read_token, b.edit_token, b.read_token}
    assert len(tokens) == 4 and all(len(t) >= 32 for t in tokens)


def test_game_ids_are_not_in_the_urls():
    game = party()
    assert f"/{game.pk}/" not in url(game)


def test_wrong_token_is_404(client):
    party()
    assert client.get(reverse("parties:game", args=["x" * 32])).status_code == 404


def test_first_version_links_redirect_to_the_new_ones(client):
    game = party()
    old = f"/parties/{game.pk}/{game.edit_token}/"
    response = client.get(old)
    assert response.status_code == 301 and response.url == url(game)
    assert client.get(f"/parties/{game.pk + 1}/{game.edit_token}/").status_code == 404


def test_page_shows_both_links_and_qr_codes_to_the_editor_only(client):
    game = party()
    html = client.get(url(game)).content.decode()
    assert game.edit_token in html and game.read_token in html and html.count("<svg") >= 2
    html = client.get(url(game, token=game.read_token)).content.decode()
    assert game.edit_token not in html and game.read_token in html
    assert "Enregistrer le CHECK" not in html


@pytest.mark.parametrize("action", [*WRITE_FORMS, "rematch"])
def test_read_only_link_never_changes_anything(client, action):
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    game = fresh(game)
    before = (game.version, Claim.objects.count(), Game.objects.count(), game.edit_token)
    claim = Claim.objects.get()
    data = {
        "player": seat(game, 0).pk,
        "combo": "brelan",
        "cards": "7R 7B 7J",
        "claim": claim.pk,
        "round": 1,
        "name": "Max",
    }
    response = client.post(url(game, "action", token=game.read_token, action=action), data)
    assert response.status_code == 403
    game = fresh(game)
    assert (game.version, Claim.objects.count(), Game.objects.count(), game.edit_token) == before


def test_claims_take_the_next_rank_and_are_scored_by_the_engine(client):
    game = party()
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
    assert boards.board(game).rows[0].total == 15 + 27


@pytest.mark.parametrize(
    ("combo", "cards", "message"),
    [
        ("paire", "5V 5J", "déjà réalisée"),
        ("brelan", "7R 7R 7B", "deux fois"),
        ("brelan", "5V 5J", "compte 3 cartes"),
        ("brelan", "8R 8V 9B", "CHECK invalide"),
        ("poker", "5R 5B", "Sélectionnez un choix valide"),
    ],
)
def test_refused_claims_say_why_and_store_nothing(client, combo, cards, message):
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    response = client.post(
        url(game, "action", action="claim_add"),
        {"player": seat(game, 0).pk, "combo": combo, "cards": cards},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode().replace("&#x27;", "'")
    assert message in html and f'value="{cards}"' in html  # what was typed stays
    assert Claim.objects.count() == 1


def test_a_ninth_claim_is_refused_and_eight_end_the_game():
    game = party()
    lea = seat(game, 0).pk
    for combo, cards in EIGHT_CLAIMS:
        check_writes.add_claim(game, lea, combo, cards)
    assert boards.board(game).finished
    with pytest.raises(services.Conflict, match="terminée") as refused:
        check_writes.add_claim(game, lea, *NINTH_CLAIM)
    assert refused.value.field == "finished"
    with pytest.raises(services.Conflict, match="terminée"):
        check_writes.add_claim(game, seat(game, 1).pk, "paire", "9R 9B")


def test_num_check_with_seven_players_plays_three_deck_turns_whatever_the_mode(client):
    game = party("num_check", [f"J{i}" for i in range(7)], mode="classic")
    board = boards.board(game)
    assert board.extra["turns"] == 3 and "3 tours de paquet" in board.note
    assert "Fin des 3 tours de paquet" in client.get(url(game)).content.decode()
    assert boards.board(party("num_check", ["A", "B"], mode="classic")).extra["turns"] == 2
    assert boards.board(party("num_check", ["A", "B"], mode="family")).extra["turns"] == 3


def test_edit_claim_rechecks_at_its_rank_and_keeps_what_is_not_changed():
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    claim = Claim.objects.get()
    check_writes.edit_claim(game, claim.pk, "paire", "9R 9B")
    claim.refresh_from_db()
    assert claim.cards == "9R 9B" and boards.board(game).rows[0].total == 19
    with pytest.raises(InputError, match="CHECK invalide"):
        check_writes.edit_claim(game, claim.pk, "paire", "9R 8B")
    check_writes.edit_claim(game, claim.pk, "", "8R 8B")  # combination unchanged
    claim.refresh_from_db()
    assert (claim.combo, claim.cards) == ("paire", "8R 8B")


def test_a_claim_moved_to_another_player_takes_that_players_next_rank_and_undoes_exactly():
    game = party()
    lea, tom = seat(game, 0), seat(game, 1)
    check_writes.add_claim(game, lea.pk, "paire", "5R 5B")
    check_writes.add_claim(game, lea.pk, "brelan", "2R 2B 2J")
    check_writes.add_claim(game, tom.pk, "carre", "3R 3B 3J 3V")
    moved = Claim.objects.get(combo="paire")
    check_writes.edit_claim(game, moved.pk, "", "", player=tom.pk)
    stored = {c.combo: (c.player_id, c.position) for c in Claim.objects.all()}
    # Tom's next rank is 2; Léa's brelan moves up to rank 1
    assert stored == {"paire": (tom.pk, 2), "brelan": (lea.pk, 1), "carre": (tom.pk, 1)}
    services.undo(game)
    stored = {c.combo: (c.player_id, c.position) for c in Claim.objects.all()}
    assert stored == {"paire": (lea.pk, 1), "brelan": (lea.pk, 2), "carre": (tom.pk, 1)}
    services.redo(game)
    assert (
        Claim.objects.get(combo="paire").player_id,
        Claim.objects.get(combo="paire").position,
    ) == (tom.pk, 2)


def test_a_correction_with_the_same_player_keeps_the_rank():
    game = party()
    lea = seat(game, 0)
    check_writes.add_claim(game, lea.pk, "paire", "5R 5B")
    check_writes.add_claim(game, lea.pk, "brelan", "2R 2B 2J")
    claim = Claim.objects.get(combo="paire")
    check_writes.edit_claim(game, claim.pk, "paire", "9R 9B", player=lea.pk)
    claim.refresh_from_db()
    assert (claim.player_id, claim.position, claim.cards) == (lea.pk, 1, "9R 9B")


def test_a_claim_moved_to_a_player_who_made_that_combination_is_refused():
    game = party()
    lea, tom = seat(game, 0), seat(game, 1)
    check_writes.add_claim(game, lea.pk, "paire", "5R 5B")
    check_writes.add_claim(game, tom.pk, "paire", "6R 6B")
    with pytest.raises(InputError) as err:
        check_writes.edit_claim(game, Claim.objects.get(player=lea).pk, "", "", player=tom.pk)
    assert err.value.field == "combo"
    assert Claim.objects.get(combo="paire", cards="5R 5B").player_id == lea.pk


def test_the_correction_form_opens_at_its_claims_row_with_the_player(client):
    game = party()
    check_writes.add_claim(game, seat(game, 1).pk, "full", "7R 7B 7J 3V 3A")
    claim = Claim.objects.get()
    html = client.get(url(game), {"corriger": claim.pk}).content.decode()
    row = html.index(f'<tr id="claim-{claim.pk}" class="ns-editing">')
    assert html.index('<form id="correction"') > row
    assert html.index('<form id="correction"') < html.index("</tr>", row)
    assert f'<option value="{seat(game, 1).pk}" selected>' in html[row:]


def test_correcting_a_claim_opens_prefilled(client):
    game = party()
    check_writes.add_claim(game, seat(game, 1).pk, "full", "7R 7B 7J 3V 3A")
    claim = Claim.objects.get()
    html = client.get(url(game), {"corriger": claim.pk}).content.decode()
    assert 'id="correction"' in html and 'value="7R 7B 7J 3V 3A"' in html
    assert '<option value="full" selected>' in html


def test_finish_then_every_write_but_reopen_undo_redo_is_refused(client):
    game = party()
    services.finish(game)
    board = boards.board(game)
    assert board.finished and "tours de paquet" in board.note
    with pytest.raises(services.Conflict):
        check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    response = client.post(
        url(game, "action", action="claim_add"),
        {"player": seat(game, 0).pk, "combo": "paire", "cards": "5R 5B"},
    )
    assert response.status_code == 409 and "rouvrez" in response.content.decode()
    html = client.get(url(game)).content.decode()
    assert 'data-testid="reopen"' in html and "Enregistrer le CHECK" not in html
    services.reopen(game)
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")


def test_draft_grids_scored_with_real_neighbours_and_shared_cards_refused():
    game = party("num_draft", ["A", "B", "C"], mode="classic")
    a, b, c = (seat(game, i) for i in range(3))
    draft_writes.set_grid(game, a.pk, ["1R", "2R", "3R", "", "", "", "", "", ""])
    draft_writes.set_grid(game, c.pk, ["", "", "4R", "", "", "", "", "", ""])
    with pytest.raises(InputError) as err:
        draft_writes.set_grid(game, b.pk, ["1R", "", "", "", "", "", "", "", ""])
    assert "A" in err.value.message and "B" in err.value.message
    board = boards.board(game)
    assert board.rows[0].total == 6
    assert board.rows[0].detail.right == "C"


def test_draft_deck_chosen_by_the_table_is_used():
    game = party("num_draft", ["A", "B"], mode="classic", values="0-16")
    draft_writes.set_grid(game, seat(game, 0).pk, ["16R", "", "", "", "", "", "", "", ""])
    small = party("num_draft", ["A", "B"], mode="classic")
    with pytest.raises(InputError, match="16"):
        draft_writes.set_grid(small, seat(small, 0).pk, ["16R", "", "", "", "", "", "", "", ""])


def test_num5_rounds_to_three_wins_and_corrections():
    game = party("num5", ["A", "B", "C"], mode="explosion")
    a, b, c = (seat(game, i).pk for i in range(3))
    for _ in range(2):
        num5_writes.add_round(game, {a: "10R", b: "2 - 1", c: "0"})
    num5_writes.add_round(game, {a: "1", b: "5", c: "0"})
    num5_writes.edit_round(game, 3, {a: "9"})  # corrected: A wins it
    board = boards.board(game)
    assert board.finished and board.winners == ("A",)
    with pytest.raises(services.Conflict, match="gagnée"):
        num5_writes.add_round(game, {a: "1", b: "2", c: "3"})
    num5_writes.delete_round(game, 1)
    assert list(game.rounds.values_list("number", flat=True)) == [1, 2]
    assert not boards.board(game).finished


def test_ruling_a_round_counts_only_once_entered_in_parties():
    game = party("num5")
    a, b, c = (seat(game, i).pk for i in range(3))
    with pytest.raises(InputError, match="pas encore saisi pour Léa.*Tom.*Zoé"):
        num5_writes.add_round(game, {a: "", b: "", c: ""})
    with pytest.raises(InputError, match="Zoé"):
        num5_writes.add_round(game, {a: "10R", b: "3 - 1"})
    assert not game.rounds.exists()


def test_a_round_correction_touches_only_the_changed_cells(client):
    game = party("num5")
    a, b, c = (seat(game, i).pk for i in range(3))
    num5_writes.add_round(game, {a: "10R", b: "27 - 0", c: "0"})
    # the correction form opens pre-filled with what is stored
    html = client.get(url(game), {"manche": 1}).content.decode()
    assert 'value="10R"' in html and 'value="27 - 0"' in html and 'value="0 - 0"' in html
    # Léa's cell is corrected; Tom's and Zoé's are posted unchanged
    data = {"round": 1, f"p{a}": "12R", f"o{a}": "10R", f"p{b}": "27 - 0", f"o{b}": "27 - 0"}
    data |= {f"p{c}": "0 - 0", f"o{c}": "0 - 0"}
    assert client.post(url(game, "action", action="round_edit"), data).status_code == 302
    stored = game.rounds.get()
    assert stored.entries[str(a)] == {"cards": ["12R"]}
    assert stored.entries[str(b)] == {"plus": 27, "minus": 0}
    # ``game`` is still at the version its own add_round made: read it as the correction left it
    result = boards.board(fresh(game)).extra["rounds"][0][1]
    assert result.totals == (12, 27, 0) and result.winners == ("Tom",)


def test_num5_same_card_twice_in_a_round_is_refused():
    game = party("num5", ["A", "B", "C"], mode="normal")
    a, b, c = (seat(game, i).pk for i in range(3))
    with pytest.raises(InputError, match="deux fois"):
        num5_writes.add_round(game, {a: "10R", b: "10R", c: "0"})


def test_num5_finished_early_shows_the_leaders_by_wins_then_points(client):
    game = party("num5")
    a, b, c = (seat(game, i).pk for i in range(3))
    num5_writes.add_round(game, {a: "10", b: "3", c: "0"})
    num5_writes.add_round(game, {a: "1", b: "30", c: "0"})
    num5_writes.add_round(game, {a: "20", b: "3", c: "0"})
    services.finish(game)
    board = boards.board(game)
    assert board.finished and board.winners == ("Léa",)
    html = client.get(url(game)).content.decode()
    assert "victoire de Léa" in html and "Classement final" in html


def test_rename_keeps_entries_and_add_player_only_before_the_first_entry():
    game = party("num5")
    lea, tom, zoe = (seat(game, i).pk for i in range(3))
    services.add_player(game, "Max")
    assert [p.name for p in game.players.all()] == ["Léa", "Tom", "Zoé", "Max"]
    max_ = seat(game, 3).pk
    num5_writes.add_round(game, {lea: "10R", tom: "3", zoe: "0", max_: "0"})
    services.rename(game, tom, "Thomas")
    result = boards.board(game).extra["rounds"][0][1]
    assert [p.name for p in result.players] == ["Léa", "Thomas", "Zoé", "Max"]
    assert result.totals == (10, 3, 0, 0)
    with pytest.raises(services.Conflict, match="avant la première saisie"):
        services.add_player(game, "Ana")
    with pytest.raises(InputError, match="majuscules"):
        services.rename(game, zoe, "léa")
    with pytest.raises(InputError, match="contrôle"):
        services.rename(game, zoe, "Zo\x00é")


def test_board_fragment_answers_204_while_nothing_changed(client):
    game = party()
    board_url = url(game, "board")
    seen = game.version
    assert client.get(board_url, {"v": seen}).status_code == 204
    check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    response = client.get(board_url, {"v": seen})
    assert response.status_code == 200 and "15" in response.content.decode()


def test_history_is_shown_newest_first_in_french(client):
    game = party()
    check_writes.add_claim(game, seat(game, 0).pk, "full", "7R 7B 7J 3V 3A")
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "5R 5B")
    html = client.get(url(game)).content.decode()
    first, second = html.index("Tom : Paire (rang 1)"), html.index("Léa : Full (rang 1)")
    assert first < second < html.index("Partie créée")
    assert " h " in html  # « 20 h 14 »


def _csv(client, game):
    response = client.get(url(game, "export", token=game.read_token))
    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads UTF-8 only with a BOM
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


def test_csv_export_lists_claims_and_ranking(client):
    game = party()
    check_writes.add_claim(game, seat(game, 1).pk, "full", "7R 7B 7J 3V 3A")
    rows = _csv(client, game)
    assert ["Tom", "1", "Full", "7R 7B 7J 3V 3A", "26"] in rows
    assert ["1", "Tom", "26", "Novice"] in rows


def test_csv_neutralises_formulas_and_has_the_right_num5_columns(client):
    game = party("num5", ["=HYPERLINK(1)", "+Tom", "@Zoé"], mode="normal")
    a, b, c = (seat(game, i).pk for i in range(3))
    num5_writes.add_round(game, {a: "10R", b: "2 - 4", c: "0"})
    rows = _csv(client, game)
    assert ["Manche", "'=HYPERLINK(1)", "'+Tom", "'@Zoé"] in rows
    assert ["1", "10", "-2", "0"] in rows  # numbers stay numbers
    assert ["Classement", "Joueur", "Manches gagnées", "Points"] in rows
    assert ["1", "'=HYPERLINK(1)", "1", "10"] in rows
    assert not any("manche(s)" in cell for row in rows for cell in row)


def test_rematch_keeps_the_players(client):
    game = party()
    response = client.post(url(game, "action", action="rematch"))
    new = Game.objects.exclude(pk=game.pk).get()
    assert response.url == url(new) + "?partager=1"
    assert list(new.players.values_list("name", flat=True)) == ["Léa", "Tom", "Zoé"]


def test_rotate_makes_new_links_and_the_old_ones_stop_at_once(client):
    game = party()
    old_edit, old_read = game.edit_token, game.read_token
    client.post(url(game, "action", action="rotate"), {"confirm": 1})
    game = fresh(game)
    assert {game.edit_token, game.read_token}.isdisjoint({old_edit, old_read})
    # the old links say they were replaced (410), they open nothing
    assert client.get(reverse("parties:game", args=[old_edit])).status_code == 410
    assert client.get(reverse("parties:game", args=[old_read])).status_code == 410
    assert client.get(url(game)).status_code == 200
    latest = game.history.first()
    assert latest is not None and latest.action == "rotate"
    with pytest.raises(services.Conflict):  # a rotation is never undone
        services.undo(game)


def test_purge_deletes_games_untouched_for_90_days():
    old, recent = party(), party()
    Game.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=91))
    out = io.StringIO()
    call_command("purge_games", stdout=out)
    assert list(Game.objects.values_list("pk", flat=True)) == [recent.pk]
    assert "1 partie" in out.getvalue()
    assert not Player.objects.filter(game_id=old.pk).exists()


def test_admin_lists_games_without_their_tokens(admin_client):
    game = party()
    assert admin_client.get("/admin/calculators/game/").status_code == 200
    html = admin_client.get(f"/admin/calculators/game/{game.pk}/change/").content.decode()
    assert game.edit_token not in html and game.read_token not in html


def test_the_admin_shows_a_party_and_changes_nothing_of_it(admin_client):
    """Every change to a party is a write of the write frame (a new version, a history entry,
    the boards drawn again): the admin, which would bypass it, only shows the party."""
    game = party("num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    claim = Claim.objects.get()
    page = admin_client.get(f"/admin/calculators/game/{game.pk}/change/")
    assert page.status_code == 200
    assert "Léa : rang 1, paire (5R 5B)" in page.content.decode()  # shown, in no form
    assert 'name="players-0-name"' not in page.content.decode()
    assert admin_client.get("/admin/calculators/game/add/").status_code == 403
    refused = admin_client.post(
        f"/admin/calculators/game/{game.pk}/change/", {"kind": "num_check", "mode": "x"}
    )
    assert refused.status_code == 403
    assert admin_client.get(f"/admin/calculators/claim/{claim.pk}/change/").status_code == 404
    claim.refresh_from_db()
    assert claim.cards == "5R 5B" and fresh(game).version == game.version


@pytest.mark.parametrize(
    "kind, entries",
    [
        ("num_check", {"claims": {0: [("paire", "5R 5B")]}}),
        ("num5", {"rounds": [["10R", "3", "0"]]}),
    ],
)
def test_the_admin_deletes_a_whole_party_and_its_links_then_answer_404(
    admin_client, client, kind, entries
):
    game = party(kind, ["Léa", "Tom", "Zoé"], **entries)
    assert client.get(url(game)).status_code == 200
    answer = admin_client.post(f"/admin/calculators/game/{game.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302
    assert not Game.objects.filter(pk=game.pk).exists()
    assert client.get(url(game)).status_code == 404


GARBAGE = ["", "x", "-1", "0", "99999999999999999999", "1e3", "10R", "JK", "\x00"]


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
@pytest.mark.parametrize("action", list(WRITE_FORMS))
def test_garbage_posts_are_answered_never_a_500(client, kind, action):
    game = party(kind, ["A", "B", "C"])
    fields = ["player", "combo", "cards", "claim", "round", "name", "if_version", "c0", "c4"]
    fields += [f"p{p.pk}" for p in game.players.all()] + [f"o{p.pk}" for p in game.players.all()]
    for value in GARBAGE:
        game = fresh(game)  # « rotate » changes the links
        response = client.post(url(game, "action", action=action), dict.fromkeys(fields, value))
        # 200: a write that ends something asks first (its confirm step)
        assert response.status_code in (200, 302, 400, 409), (value, response.status_code)


def test_a_refused_grid_or_round_keeps_what_was_typed(client):
    game = party("num_draft", ["A", "B", "C"], mode="classic")
    a = seat(game, 0)
    data = {
        "player": a.pk,
        **{f"c{i}": v for i, v in enumerate(["1R", "13R", "", "", "", "", "", "", ""])},
    }
    html = client.post(
        url(game, "action", action="grid_set"), data, headers={"HX-Request": "true"}
    ).content.decode()
    assert "13" in html and 'value="13R"' in html and 'value="1R"' in html
    game = party("num5", ["A", "B", "C"], mode="normal")
    ids = [seat(game, i).pk for i in range(3)]
    data = {f"p{ids[0]}": "10R", f"p{ids[1]}": "10R", f"p{ids[2]}": "4"}
    html = client.post(
        url(game, "action", action="round_add"), data, headers={"HX-Request": "true"}
    ).content.decode()
    assert "deux fois" in html and html.count('value="10R"') == 2


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
def test_every_kind_of_game_page_renders_for_both_links(client, kind):
    game = party(kind, ["A", "B", "C"])
    for token in (game.edit_token, game.read_token):
        assert client.get(url(game, token=token)).status_code == 200
        assert client.head(url(game, token=token)).status_code == 200


def test_the_num_check_standings_count_the_claims_made_out_of_8(client):
    game = party("num_check", 2, claims={0: [("paire", "5R 5B"), ("brelan", "7R 7B 7J")]})
    html = client.get(url(game)).content.decode()
    board = html[html.index('id="board"') : html.index('id="board-more"')]
    assert '<th scope="col">Annonces</th>' in board
    assert '<span data-testid="made-0">2/8</span>' in board
    assert '<span data-testid="made-1">0/8</span>' in board


def test_the_num5_standings_count_the_round_wins(client):
    game = party("num5", 3, rounds=[["10R", "27", "0"]])
    html = client.get(url(game)).content.decode()
    board = html[html.index('id="board"') : html.index('id="board-more"')]
    assert '<th scope="col"><span class="ns-col-long">Manches gagnées</span>' in board
    wins = [int(board.split(f'data-testid="wins-{seat}">')[1].split("<")[0]) for seat in range(3)]
    assert sorted(wins) == [0, 0, 1]  # one round played, one winner


def test_the_num_draft_live_score_is_the_engines_for_the_grid_being_entered(client):
    from calculators.engines import numdraft

    game = party("num_draft", ["A", "B", "C"], grids={1: ["4R"]})
    a = seat(game, 0)
    cells = {f"c{i}": card for i, card in enumerate(["1R", "2R", "3R"])}
    response = client.get(
        url(game), {"apercu": "1", "player": a.pk, **cells}, HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET=f"preview-grid-{a.pk}",
    )  # fmt: skip
    html = response.content.decode()
    expected = (
        numdraft.table(
            [
                {"name": "A", "grid": [["1R", "2R", "3R"], [None] * 3, [None] * 3]},
                {"name": "B", "grid": [["4R", None, None], [None] * 3, [None] * 3]},
                {"name": "C", "grid": [[None] * 3] * 3},
            ],
            game.mode,
            game.values or None,
        )
        .players[0]
        .result.total
    )
    assert f"A\u202f: {expected} points avec cette grille" in html
    assert "<html" not in html  # the fragment alone
    assert not any(seat(game, 0).grid or [])  # nothing written


def test_the_num_draft_live_score_says_a_card_twice_without_writing(client):
    game = party("num_draft", ["A", "B", "C"], grids={1: ["4R"]})
    a = seat(game, 0)
    response = client.get(
        url(game), {"apercu": "1", "player": a.pk, "c0": "4R"}, HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET=f"preview-grid-{a.pk}",
    )  # fmt: skip
    assert response.status_code == 200
    assert 'data-testid="preview-grid-error"' in response.content.decode()
