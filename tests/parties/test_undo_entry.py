"""Undoing one given write of the history (« Retirer », ``POST …/history/<n>/undo``), and
« Annuler » as this phone's: the write it names goes, the others stay, unless a later write
depends on it (409)."""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.engines.cards import InputError
from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.models import Claim, HistoryEntry
from tests.factories import by_seat, fresh, party, seat

pytestmark = pytest.mark.django_db

State = HistoryEntry.State


def claims(game):
    return sorted(
        Claim.objects.filter(player__game=game).values_list(
            "id", "player_id", "position", "combo", "cards"
        )
    )


def states(game):
    return dict(fresh(game).history.values_list("version", "state"))


def test_undo_entry_removes_an_earlier_claim_and_leaves_the_later_one_of_another_player():
    game = party("num_check", ["Marc", "Inès", "Léa"])
    marc = check_writes.add_claim(game, seat(game, 0).pk, "full", "7R 7B 7J 3V 3A")
    ines = check_writes.add_claim(game, seat(game, 1).pk, "paire", "5R 5B")
    entry = services.undo_entry(game, marc.version)
    game = fresh(game)
    assert entry.action == "undo" and entry.target_id == marc.pk and entry.state == State.FIXED
    assert game.version == 4 and entry.version == 4
    assert [(c[1], c[3]) for c in claims(game)] == [(seat(game, 1).pk, "paire")]
    assert states(game)[marc.version] == State.DROPPED  # undone alone: never redone
    assert states(game)[ines.version] == State.ACTIVE
    assert services.next_redo(game) is None
    assert services.next_undo(game) == ines


def test_undo_entry_of_the_latest_write_is_undo_and_may_be_redone():
    game = party("num_check", ["Marc", "Inès"])
    check_writes.add_claim(game, seat(game, 0).pk, "full", "7R 7B 7J 3V 3A")
    ines = check_writes.add_claim(game, seat(game, 1).pk, "paire", "5R 5B")
    services.undo_entry(game, ines.version)
    assert states(game)[ines.version] == State.UNDONE
    assert services.next_redo(game) == ines
    services.redo(game)
    assert [c[3] for c in claims(game)] == ["full", "paire"]


def test_undo_entry_is_refused_when_a_later_claim_of_the_same_player_depends_on_its_rank():
    game = party("num_check", ["Marc", "Inès"])
    first = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    check_writes.add_claim(game, seat(game, 0).pk, "brelan", "7R 7B 7J")
    before = claims(game)
    with pytest.raises(services.Conflict) as err:
        services.undo_entry(game, first.version)
    assert err.value.field == "party"
    assert "Paire de Marc" in err.value.message and "Brelan (rang 2)" in err.value.message
    assert claims(game) == before and fresh(game).version == 3  # nothing written


def test_undo_entry_is_refused_when_a_later_correction_touches_the_claim():
    game = party("num_check", ["Marc", "Inès"])
    added = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "9R 9B")
    check_writes.edit_claim(game, added.data["claim"]["id"], "paire", "6R 6B")
    with pytest.raises(services.Conflict) as err:
        services.undo_entry(game, added.version)
    assert "corrigée" in err.value.message


def test_undo_entry_of_a_correction_with_a_later_unrelated_write():
    game = party("num_check", ["Marc", "Inès"])
    added = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    edit = check_writes.edit_claim(game, added.data["claim"]["id"], "paire", "6R 6B")
    check_writes.add_claim(game, seat(game, 1).pk, "brelan", "9R 9B 9J")
    services.undo_entry(game, edit.version)
    assert [(c[3], c[4]) for c in claims(game)] == [("paire", "5R 5B"), ("brelan", "9R 9B 9J")]


def test_undo_entry_refuses_fixed_undone_and_unknown_entries():
    game = party("num_check", ["Marc", "Inès"])
    added = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    with pytest.raises(services.Conflict, match="ne peut pas être annulée"):
        services.undo_entry(game, 1)  # the creation
    services.undo(game)
    with pytest.raises(services.Conflict, match="déjà annulée"):
        services.undo_entry(game, added.version)
    with pytest.raises(services.Conflict, match="ne peut pas être annulée"):
        services.undo_entry(game, 3)  # an undo
    with pytest.raises(InputError) as err:
        services.undo_entry(game, 99)
    assert err.value.field == "version"


def test_undo_entry_honours_if_version():
    game = party("num_check", ["Marc", "Inès"])
    added = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "9R 9B")
    with pytest.raises(services.Conflict) as err:
        services.undo_entry(game, added.version, if_version=2)
    assert err.value.field == "if_version"
    services.undo_entry(game, added.version, if_version=3)
    assert fresh(game).version == 4


def test_undo_entry_drops_what_was_undone():
    """A targeted undo before later writes is a write like any other: what undo had taken
    back can no longer be redone (its redo could depend on the entry removed)."""
    game = party("num_check", ["Marc", "Inès"])
    marc = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    check_writes.add_claim(game, seat(game, 1).pk, "paire", "9R 9B")
    undone = check_writes.add_claim(game, seat(game, 1).pk, "brelan", "2R 2B 2J")
    services.undo(game)
    services.undo_entry(game, marc.version)
    assert states(game)[undone.version] == State.DROPPED
    with pytest.raises(services.Conflict):
        services.redo(game)


def test_undo_entry_in_a_finished_game_is_only_the_latest():
    game = party("num_check", ["Marc", "Inès"])
    marc = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    finish = services.finish(game)
    with pytest.raises(services.Conflict, match="terminée"):
        services.undo_entry(game, marc.version)
    services.undo_entry(game, finish.version)  # the latest: undo, as on a finished sheet
    assert not fresh(game).finished


def test_undo_entry_in_a_game_the_clock_ended_is_only_the_latest():
    """NUM CHECK's last deck turn ended the game: an earlier claim cannot go alone (the sheet
    is final until reopened); the last deck turn itself can, as undo would."""
    game = party("num_check", ["Marc", "Inès"])
    marc = check_writes.add_claim(game, seat(game, 0).pk, "paire", "5R 5B")
    check_writes.add_deck_turn(fresh(game))
    last = check_writes.add_deck_turn(fresh(game))
    assert services.finished(fresh(game))
    with pytest.raises(services.Conflict, match="terminée"):
        services.undo_entry(fresh(game), marc.version)
    services.undo_entry(fresh(game), last.version)
    assert not services.finished(fresh(game))


def test_undo_entry_of_a_grid_refused_by_the_engine_when_a_later_grid_took_its_card():
    """NUM DRAFT: Léa's grid gave up 7R, Tom's later grid took it; Léa's change cannot go
    alone (7R would be twice at the table): the engines' refusal, nothing written."""
    game = party("num_draft", ["Léa", "Tom"])
    empty = [None] * 8
    draft_writes.set_grid(game, seat(game, 0).pk, ["7R", *empty])
    lea = draft_writes.set_grid(game, seat(game, 0).pk, ["8R", *empty])
    draft_writes.set_grid(game, seat(game, 1).pk, ["7R", *empty])
    with pytest.raises(services.Conflict) as err:
        services.undo_entry(game, lea.version)
    assert "7R" in err.value.message
    assert seat(game, 0).grid[0] == "8R" and fresh(game).version == 4


def test_undo_entry_of_a_grid_when_the_later_grid_is_independent():
    game = party("num_draft", ["Léa", "Tom"])
    empty = [None] * 8
    lea = draft_writes.set_grid(game, seat(game, 0).pk, ["8R", *empty])
    draft_writes.set_grid(game, seat(game, 1).pk, ["7R", *empty])
    services.undo_entry(game, lea.version)
    assert seat(game, 0).grid == [] and seat(game, 1).grid[0] == "7R"


def test_undo_entry_num5_rounds_are_one_sequence():
    game = party("num5", 3)
    first = num5_writes.add_round(game, by_seat(game, ["10R", "27", "0"]))
    num5_writes.add_round(game, by_seat(game, ["5", "3", "0"]))
    with pytest.raises(services.Conflict):
        services.undo_entry(game, first.version)
    renamed = services.rename(game, seat(game, 0).pk, "Ada")
    num5_writes.add_round(game, by_seat(game, ["1", "2", "3"]))
    services.undo_entry(game, renamed.version)  # a name: no round depends on it
    assert seat(game, 0).name != "Ada" and fresh(game).rounds.count() == 3


def test_undo_entry_of_a_rename_refused_when_a_later_rename_took_the_name():
    game = party("num_check", ["Ana", "Bob"])
    first = services.rename(game, seat(game, 0).pk, "Zoé")
    services.rename(game, seat(game, 1).pk, "Ana")
    with pytest.raises(services.Conflict):
        services.undo_entry(game, first.version)


# Writes of two players, each its own sequence: undoing one of Marc's writes alone (when
# nothing of Marc's came after it) leaves the sheet that the other writes alone would make.
CLAIMS = {
    0: [("paire", "5R 5B"), ("brelan", "7R 7B 7J"), ("full", "2R 2B 2J 3V 3A")],
    1: [("paire", "9R 9B"), ("brelan", "4R 4B 4J"), ("double_paire", "6R 6B 8R 8B")],
}


def interleaving(seats):
    """Seats in writing order → ``(seat, k)``: each seat's k-th claim, in order."""
    made = {0: 0, 1: 0}
    out = []
    for s in seats:
        out.append((s, made[s]))
        made[s] += 1
    return out


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seats=st.permutations([0, 0, 0, 1, 1, 1]), who=st.sampled_from([0, 1]))
def test_undoing_an_independent_entry_gives_the_sheet_built_without_it(seats, who):
    """A player's last claim undone alone, wherever the other's claims fall around it, gives
    the claims (ids aside) of the same writes made without it."""
    order = interleaving(seats)

    def play(skip):
        game = party("num_check", ["Marc", "Inès"])
        entries = {}
        for s, k in order:
            if (s, k) != skip:
                combo, cards = CLAIMS[s][k]
                entries[s, k] = check_writes.add_claim(game, seat(game, s).pk, combo, cards)
        return game, entries

    game, entries = play(None)
    services.undo_entry(game, entries[who, 2].version)
    without, _ = play((who, 2))
    shown = [(c[2], c[3], c[4]) for c in claims(game)]
    assert shown == [(c[2], c[3], c[4]) for c in claims(without)]
    with pytest.raises(services.Conflict):  # their first claim: the second's rank counts on it
        services.undo_entry(game, entries[who, 0].version)


# ---------------------------------------------------------------- the API


def api_party(papi):
    status, body = papi("POST", "parties", {"game": "num-check", "players": ["Marc", "Inès"]})
    assert status == 201
    token = body["edit_token"]
    papi("POST", f"parties/{token}/claims", {"player": "Marc", "combo": "full", "cards": "7R 7B 7J 3V 3A"})  # fmt: skip
    papi("POST", f"parties/{token}/claims", {"player": "Inès", "combo": "paire", "cards": "5R 5B"})
    return token, body["read_token"]


def test_api_undoes_one_given_history_entry(papi):
    token, _ = api_party(papi)
    status, body = papi("POST", f"parties/{token}/history/2/undo", {})
    assert status == 200 and body["version"] == 4
    assert [(c["player"], c["combo"]) for c in body["claims"]] == [("Inès", "paire")]
    latest, *_, created = body["history"]
    assert latest["action"] == "undo" and latest["version"] == 4
    assert latest["summary"] == "Annulé : Marc : Full (rang 1)"
    assert {h["version"]: h["undone"] for h in body["history"]} == {
        4: False, 3: False, 2: True, 1: False
    }  # fmt: skip
    status, body = papi("POST", f"parties/{token}/redo", {})  # removed alone: nothing to redo
    assert status == 409 and body["party"]["version"] == 4


def test_api_refuses_with_409_an_entry_a_later_one_depends_on(papi):
    token, _ = api_party(papi)
    papi("POST", f"parties/{token}/claims", {"player": "Marc", "combo": "paire", "cards": "9R 9B"})
    status, body = papi("POST", f"parties/{token}/history/2/undo", {})
    assert status == 409 and body["error"]["field"] == "party"
    assert "Full de Marc" in body["error"]["message"]
    assert body["party"]["version"] == 4 and len(body["party"]["claims"]) == 3


def test_api_undo_entry_refusals(papi):
    token, read = api_party(papi)
    status, body = papi("POST", f"parties/{token}/history/9/undo", {})
    assert status == 400 and body["error"]["field"] == "version"
    status, body = papi("POST", f"parties/{token}/history/1/undo", {})
    assert status == 409 and body["error"]["field"] == "party"
    status, body = papi("POST", f"parties/{token}/history/2/undo", {"if_version": 2})
    assert status == 409 and body["error"]["field"] == "if_version"
    status, body = papi("POST", f"parties/{read}/history/2/undo", {})
    assert status == 403
    status, body = papi("POST", f"parties/{token}/history/2/undo", {"if_version": 3})
    assert status == 200 and body["version"] == 4


def test_api_undo_entry_is_idempotent_with_a_key(client, papi):
    token, _ = api_party(papi)

    def send():
        return client.post(
            f"/api/v1/parties/{token}/history/2/undo",
            data="{}",
            content_type="application/json",
            headers={"Idempotency-Key": "undo-marc-1"},
        )

    first, again = send(), send()
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    # the receipt: the write's version and history line (docs/api.md « Idempotent writes »)
    assert again.json()["version"] == first.json()["version"]
    assert again.json()["entry"] == first.json()["history"][0]
    assert HistoryEntry.objects.filter(game__edit_token=token, action="undo").count() == 1


# ---------------------------------------------------------------- the page: two phones


def phone_post(phone, game, action, fields, **headers):
    return phone.post(
        f"/parties/{game.edit_token}/{action}/",
        urlencode(fields),
        content_type="application/x-www-form-urlencoded",
        headers=headers,
    )


def undo_button(html):
    """The « Annuler » of the sheet's management: its text and the entry it posts."""
    found = re.search(
        r'name="target" value="(\d+)">\s*<button[^>]*data-testid="undo">([^<]*)<', html
    )
    return (found.group(2), int(found.group(1))) if found else None


def two_phones_two_claims():
    game = party("num_check", ["Marc", "Inès"])
    marc, ines = Client(), Client()
    phone_post(marc, game, "claim_add", {"player": seat(game, 0).pk, "combo": "full", "cards": "7R 7B 7J 3V 3A", "seen": 1})  # fmt: skip
    phone_post(ines, game, "claim_add", {"player": seat(game, 1).pk, "combo": "paire", "cards": "5R 5B", "seen": 2})  # fmt: skip
    return game, marc, ines


def page(phone, game, prefix=""):
    return phone.get(f"{prefix}/parties/{game.edit_token}/").content.decode()


def test_annuler_is_this_phones_last_entry_named_on_the_button():
    game, marc, ines = two_phones_two_claims()
    assert undo_button(page(marc, game)) == ("Annuler\u202f: Full de Marc", 2)
    assert undo_button(page(ines, game)) == ("Annuler\u202f: Paire d’Inès", 3)
    assert undo_button(page(Client(), game)) is None  # a phone that wrote nothing
    english = page(marc, game, "/en")
    assert undo_button(english) == ("Undo: Marc’s Full House", 2)


def test_marc_annuler_removes_marcs_claim_and_leaves_ines_claim():
    """The table's defect: Marc saved, Inès saved, Marc taps « Annuler » on his phone, which
    had not seen Inès's claim yet: Marc's claim goes, Inès's stays."""
    game, marc, ines = two_phones_two_claims()
    answer = phone_post(marc, game, "undo", {"target": 2, "seen": 2}, **HTMX)
    assert answer.status_code == 200
    assert "Marc : Full (rang 1)" in answer.content.decode()
    assert [(c[1], c[3]) for c in claims(game)] == [(seat(game, 1).pk, "paire")]
    assert undo_button(answer.content.decode()) is None  # nothing more of Marc's
    assert undo_button(page(ines, game)) == ("Annuler\u202f: Paire d’Inès", 3)


def test_the_notice_of_a_save_undoes_that_save():
    game = party("num_check", ["Marc", "Inès"])
    marc = Client()
    fields = {"player": seat(game, 0).pk, "combo": "full", "cards": "7R 7B 7J 3V 3A", "seen": 1}
    answer = phone_post(marc, game, "claim_add", fields, **HTMX).content.decode()
    notice = answer[answer.index('data-testid="sheet-done"') :]
    notice = notice[: notice.index("</div>")]
    assert 'name="target" value="2"' in notice and 'data-testid="undo-done"' in notice


HTMX = {"HX-Request": "true", "HX-Target": "sheet"}


def history_buttons(html):
    return dict(re.findall(r'data-testid="undo-entry-(\d+)">([^<]*)<', html))


def test_history_lines_offer_to_remove_each_write_in_effect_naming_whose_it_is():
    game, marc, ines = two_phones_two_claims()
    html = page(marc, game)
    assert history_buttons(html) == {
        "3": "Retirer\u202f: Paire d’Inès",
        "2": "Retirer\u202f: Full de Marc",
    }
    assert 'id="undo-entry"' in html
    assert history_buttons(Client().get(f"/parties/{game.read_token}/").content.decode()) == {}
    services.finish(game)
    assert history_buttons(page(marc, game)) == {}  # a finished sheet: reopen first


def test_remove_from_the_history_asks_first_then_removes_that_entry_alone():
    game, marc, ines = two_phones_two_claims()
    asked = phone_post(marc, game, "undo_entry", {"target": 3, "seen": 3}, **HTMX).content.decode()
    assert 'data-testid="confirm"' in asked
    assert "Retirer « Paire d’Inès » ?" in asked
    assert fresh(game).version == 3  # asked, not written
    done = phone_post(marc, game, "undo_entry", {"target": 3, "seen": 3, "confirm": 1})
    assert done.status_code == 302
    assert [(c[1], c[3]) for c in claims(game)] == [(seat(game, 0).pk, "full")]
    assert states(game)[3] == State.UNDONE  # the latest: undone as undo does


def test_remove_refused_when_a_later_write_depends_on_it_says_so_at_the_top():
    game, marc, ines = two_phones_two_claims()
    phone_post(ines, game, "claim_add", {"player": seat(game, 1).pk, "combo": "brelan", "cards": "2R 2B 2J", "seen": 3})  # fmt: skip
    refused = phone_post(marc, game, "undo_entry", {"target": 3, "seen": 4, "confirm": 1})
    assert refused.status_code == 409
    html = refused.content.decode()
    error = html[html.index('data-testid="sheet-error"') :]
    assert "Paire d’Inès" in error and "Brelan (rang 2)" in error
    assert fresh(game).version == 4
