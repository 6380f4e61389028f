"""Writes that merge: two phones entering for different players never conflict; a write is
refused only when a write the phone had not seen changed what this one changes, and the
refusal names it (both values), keeps what was typed and offers to write anyway."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.models import Claim, HistoryEntry
from tests.factories import by_seat, fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db

Seen = services.Seen


def post(client, game, action, seen, **data):
    return client.post(url(game, "action", action=action), {"seen": seen, **data})


def test_two_phones_adding_claims_for_different_players_never_conflict(client):
    game = party()
    seen = fresh(game).version  # both phones drew the page at this version
    lea, tom = seat(game, 0).pk, seat(game, 1).pk
    claims = [("paire", "5R 5B"), ("brelan", "7R 7B 7J"), ("couleur", "1R 2R 4R 6R 9R")]
    for combo, cards in claims:
        for who in (lea, tom):
            response = post(client, game, "claim_add", seen, player=who, combo=combo, cards=cards)
            assert response.status_code == 302  # stored, never « la feuille a changé »
    assert Claim.objects.filter(player__game=game).count() == 6
    assert [c.position for c in Claim.objects.filter(player_id=tom)] == [1, 2, 3]


def test_a_merged_claim_is_still_checked_with_the_whole_sheet(client):
    game = party()
    seen = fresh(game).version
    lea = seat(game, 0).pk
    post(client, game, "claim_add", seen, player=lea, combo="paire", cards="5R 5B")
    response = post(client, game, "claim_add", seen, player=lea, combo="paire", cards="8R 8B")
    assert response.status_code == 400  # the engine's rule: each combination once
    assert Claim.objects.filter(player__game=game).count() == 1
    assert 'value="8R 8B"' in response.content.decode()  # the entry is kept


def test_a_stale_correction_of_the_same_claim_is_refused_with_both_values(client):
    game = party(claims={0: [("full", "7R 7B 7J 3V 3A")]})
    claim = Claim.objects.get()
    seen = fresh(game).version
    first = post(
        client, game, "claim_edit", seen, claim=claim.pk, combo="full", cards="8R 8B 8J 3V 3A"
    )
    assert first.status_code == 302
    second = post(
        client, game, "claim_edit", seen, claim=claim.pk, combo="full", cards="9R 9B 9J 3V 3A"
    )
    html = second.content.decode()
    assert second.status_code == 409
    assert "Entre-temps, un autre téléphone a enregistré" in html and "rechargez" not in html
    assert 'data-testid="conflict-before">Full 7R 7B 7J 3V 3A<' in html
    assert 'data-testid="conflict-after">Full 8R 8B 8J 3V 3A<' in html
    assert 'value="9R 9B 9J 3V 3A"' in html  # nothing typed is lost
    assert (
        'data-testid="write-anyway"' in html
        and "version" not in second.context["form"].errors.as_text()
    )
    assert Claim.objects.get().cards == "8R 8B 8J 3V 3A"
    # « Enregistrer quand même »: the page drawn with the refusal has seen the other write
    again = post(
        client,
        game,
        "claim_edit",
        fresh(game).version,
        claim=claim.pk,
        combo="full",
        cards="9R 9B 9J 3V 3A",
    )
    assert again.status_code == 302 and Claim.objects.get().cards == "9R 9B 9J 3V 3A"


def test_a_correction_is_not_refused_by_a_write_elsewhere():
    game = party(claims={0: [("paire", "5R 5B")], 1: [("paire", "6R 6B")]})
    lea_claim, tom_claim = Claim.objects.order_by("player__seat")
    seen = Seen(fresh(game).version)
    check_writes.edit_claim(game, tom_claim.pk, "paire", "9R 9B", seen)
    check_writes.add_claim(game, seat(game, 2).pk, "brelan", "7R 7B 7J", seen)
    check_writes.edit_claim(game, lea_claim.pk, "paire", "4R 4B", seen)
    assert Claim.objects.get(pk=lea_claim.pk).cards == "4R 4B"


def test_removing_a_claim_someone_corrected_meanwhile_is_refused():
    game = party(claims={0: [("paire", "5R 5B")]})
    claim = Claim.objects.get()
    seen = Seen(fresh(game).version)
    check_writes.edit_claim(game, claim.pk, "paire", "9R 9B", seen)
    with pytest.raises(services.Conflict) as err:
        check_writes.delete_claim(game, claim.pk, seen)
    assert err.value.entry is not None and err.value.entry.action == "claim_edit"
    assert Claim.objects.filter(pk=claim.pk).exists()


def test_an_undo_a_phone_has_not_seen_the_sheet_for_is_refused():
    game = party(claims={0: [("paire", "5R 5B")]})
    seen = Seen(fresh(game).version)
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "6R 6B", seen)
    for write in (services.undo, services.finish, services.rotate):
        with pytest.raises(services.Conflict) as err:
            write(game, seen)
        assert err.value.entry is not None and err.value.version == fresh(game).version
    services.undo(game, Seen(fresh(game).version))  # having seen it: undone
    assert Claim.objects.count() == 1


def test_undo_of_a_correction_is_seen_by_a_later_correction_of_that_claim():
    game = party(claims={0: [("paire", "5R 5B")]})
    claim = Claim.objects.get()
    check_writes.edit_claim(game, claim.pk, "paire", "9R 9B")
    seen = Seen(fresh(game).version)
    services.undo(game)
    with pytest.raises(services.Conflict) as err:
        check_writes.edit_claim(game, claim.pk, "paire", "4R 4B", seen)
    assert err.value.entry is not None and err.value.entry.action == "undo"


def test_if_version_keeps_its_strict_meaning_for_api_clients(papi):
    game = party()
    stale = fresh(game).version
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "6R 6B")
    status, body = papi(
        "POST",
        f"parties/{game.edit_token}/claims",
        {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"], "if_version": stale},
    )
    assert status == 409 and body["error"]["field"] == "if_version"


def test_draft_grids_of_different_players_merge_the_same_players_grid_conflicts():
    game = party("num_draft", 3)
    seen = Seen(fresh(game).version)
    a, b = seat(game, 0).pk, seat(game, 1).pk
    draft_writes.set_grid(game, a, ["1R", "2R", "3R", "", "", "", "", "", ""], seen)
    draft_writes.set_grid(game, b, ["4R", "5R", "6R", "", "", "", "", "", ""], seen)
    with pytest.raises(services.Conflict) as err:
        draft_writes.set_grid(game, a, ["7R", "", "", "", "", "", "", "", ""], seen)
    assert err.value.entry is not None and err.value.entry.subject == f"grid:{a}"


def test_num5_rounds_merge_but_a_correction_after_a_removal_is_refused():
    game = party("num5", 3, rounds=[["1", "2", "3"], ["7", "5", "6"]])
    seen = Seen(fresh(game).version)
    num5_writes.add_round(game, by_seat(game, ["3", "1", "2"]), seen)
    num5_writes.add_round(game, by_seat(game, ["5", "6", "4"]), seen)
    num5_writes.delete_round(game, 1, seen)
    with pytest.raises(services.Conflict):  # round 2 is not the round that phone showed
        num5_writes.edit_round(game, 2, by_seat(game, ["9", "9", "9"]), seen)


def test_two_phones_playing_the_same_turn_do_not_both_count():
    game = party("num5", 3)
    seen = Seen(fresh(game).version)
    num5_writes.play_turn(game, by_seat(game, ["1R", "2R", "3R"]), seen)
    with pytest.raises(services.Conflict):
        num5_writes.play_turn(game, by_seat(game, ["4R", "5R", "6R"]), seen)
    assert len(fresh(game).turns) == 1


def test_the_seen_check_is_one_indexed_query_not_a_history_scan():
    game = party(claims={0: [("paire", "5R 5B")], 1: [("paire", "6R 6B"), ("brelan", "7R 7B 7J")]})
    claim = Claim.objects.get(player__seat=0)
    seen = Seen(fresh(game).version)
    current = fresh(game)
    with CaptureQueriesContext(connection) as queries:
        services.check_seen(current, seen, (f"claim:{claim.pk}",))
    assert len(queries) == 0  # nothing unseen: no query at all
    check_writes.edit_claim(game, claim.pk, "paire", "9R 9B")
    current = fresh(game)
    with CaptureQueriesContext(connection) as queries, pytest.raises(services.Conflict):
        services.check_seen(current, seen, (f"claim:{claim.pk}",))
    history = [q["sql"] for q in queries if "calculators_historyentry" in q["sql"]]
    assert len(history) == 1 and "subject" in history[0]
    assert "history_subject" in [i.name for i in HistoryEntry._meta.indexes]


def test_a_phone_on_a_replaced_link_is_told_so_never_a_bare_404(client):
    game = party(claims={0: [("paire", "5R 5B")]})
    old_edit, old_read = game.edit_token, game.read_token
    services.rotate(game)
    for token in (old_edit, old_read):
        page = client.get(f"/parties/{token}/")
        assert page.status_code == 410
        assert "Les liens de cette partie ont été remplacés" in page.content.decode()
        poll = client.get(f"/parties/{token}/tableau/", {"v": 1})
        assert poll.status_code == 410 and "data-gone" in poll.content.decode()
    stale = client.post(
        f"/parties/{old_edit}/claim_add/",
        {"player": seat(game, 0).pk, "combo": "brelan", "cards": "7R 7B 7J"},
    )
    assert stale.status_code == 410 and Claim.objects.count() == 1
    # the old tokens are kept only as digests: nothing stored opens the party
    from calculators.parties.models import RetiredToken

    stored = list(RetiredToken.objects.values_list("digest", flat=True))
    assert old_edit not in stored and old_read not in stored and len(stored) == 2
    assert client.get("/parties/" + "x" * 32 + "/").status_code == 404


@pytest.mark.parametrize("action", ["finish", "rotate", "claim_delete"])
def test_what_ends_something_is_asked_first_without_javascript(client, action):
    game = party(claims={0: [("paire", "5R 5B")]})
    data = {"seen": fresh(game).version, "claim": Claim.objects.get().pk}
    asked = client.post(url(game, "action", action=action), data)
    html = asked.content.decode()
    assert asked.status_code == 200 and 'data-testid="confirm"' in html
    assert 'name="confirm" value="1"' in html and fresh(game).version == data["seen"]
    done = client.post(url(game, "action", action=action), {**data, "confirm": 1})
    assert done.status_code == 302 and fresh(game).version == data["seen"] + 1


def test_reporting_a_num5_round_before_its_tenth_turn_is_asked_first(client):
    game = party("num5", 3, turns=[["9R", "9B", "2V"]])
    seen = fresh(game).version
    asked = client.post(url(game, "action", action="round_tally"), {"seen": seen})
    assert "La manche n’est pas finie (1/10)" in asked.content.decode()
    assert not game.rounds.exists()
    client.post(url(game, "action", action="round_tally"), {"seen": seen, "confirm": 1})
    assert game.rounds.count() == 1
