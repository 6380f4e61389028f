"""A Num 5 turn's tie between rows chosen in a party (/num-5/regles/#arbitrage-tour-t8): a tap on
one of the tied rows replays the last turn with that choice, stored as ``card@row``."""

import re

import pytest

from calculators.engines.cards import InputError
from calculators.engines.num5turn import play_round_turn, start_round
from calculators.games.num5.party import writes
from calculators.parties import services
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db

#: Léa 5A, Tom 3S, Zoé 9R: Tom's Shadow is placed first, on four rows ending at 0 (a tie);
#: Léa's Rainbow then follows it, to the row ending at 3
TURN = ("5A", "3S", "9R")


def _game():
    return party("num5", ["Léa", "Tom", "Zoé"], turns=[TURN])


def _rows(game):
    return [[str(c) for c in row] for row in writes.round_in_play(fresh(game)).state.rows]


def test_a_tie_resolved_to_another_row_changes_the_turn():
    game = _game()
    assert _rows(game) == [["0B", "3S", "5A"], ["0R", "9R"], ["0J"], ["0V"]]  # table order
    writes.choose_row(game, seat(game, 1).pk, 3)
    game = fresh(game)
    assert game.turns == [["5A", "3S@3", "9R"]]
    # Tom's Shadow on row 3, and Léa's Rainbow after it: the whole turn went another way
    assert _rows(game) == [["0B"], ["0R", "9R"], ["0J", "3S", "5A"], ["0V"]]
    expected, _ = play_round_turn(start_round(["Léa", "Tom", "Zoé"]), list(TURN), [None, 2, None])
    assert writes.round_in_play(game).state == expected
    entry = game.history.order_by("-version").first()
    assert entry is not None
    assert entry.action == "turn_row" and "Tom pose sa carte sur la rangée 3" in entry.summary_text


def test_the_first_tied_row_is_table_order_and_undo_redo_restore_the_choice():
    game = _game()
    writes.choose_row(game, seat(game, 1).pk, 2)
    assert fresh(game).turns == [["5A", "3S@2", "9R"]]
    writes.choose_row(fresh(game), seat(game, 1).pk, 1)  # back to table order: no mark
    assert fresh(game).turns == [list(TURN)]
    services.undo(fresh(game))
    assert fresh(game).turns == [["5A", "3S@2", "9R"]]
    services.redo(fresh(game))
    assert fresh(game).turns == [list(TURN)]


@pytest.mark.parametrize(
    ("who", "row", "message"),
    [
        (1, 5, "Tom : 3S hésite entre les rangées 1, 2, 3 et 4 : choisissez l’une d’elles."),
        (0, 2, "Léa : 5A ne va pas sur des rangées à égalité"),
        (1, 0, "La rangée choisie va de 1 à 4."),
    ],
)
def test_a_row_the_card_cannot_take_is_refused_naming_the_player_and_rows(who, row, message):
    game = _game()
    with pytest.raises(InputError) as refused:
        writes.choose_row(game, seat(game, who).pk, row)
    assert refused.value.field == "row" and message in refused.value.message
    assert fresh(game).turns == [list(TURN)] and fresh(game).version == game.version


def test_a_later_cards_choice_is_dropped_when_an_earlier_one_changes():
    # Zoé 4A and Tom 3S tie; Tom's 3S is placed first: Zoé's 4A then follows it, no tie left
    game = party("num5", ["Léa", "Tom", "Zoé"], turns=[("9R", "3S", "4A")])
    play = writes.round_in_play(game)
    assert [s.tied_rows for s in play.turns[-1].steps if s.player == "Tom"] == [(1, 2, 3, 4)]
    writes.choose_row(game, seat(game, 1).pk, 4)
    assert fresh(game).turns == [["9R", "3S@4", "4A"]]
    assert _rows(game)[3] == ["0V", "3S", "4A"]


def test_the_page_shows_the_tie_and_a_tap_posts_the_other_row(client):
    game = _game()
    tom = seat(game, 1)
    page = client.get(url(game)).content.decode()
    ties = page[page.index('data-testid="turn-ties"') :]
    assert "Égalité entre les rangées 1, 2, 3 et 4 : Tom choisit" in ties
    assert f'name="player" value="{tom.pk}"' in ties
    assert re.search(
        r'<button type="submit" name="row" value="3"[^>]*data-testid="tie-row-3"', ties
    )
    assert re.search(r'data-testid="tie-row-1" aria-pressed="true" disabled', ties)
    response = client.post(
        url(game, "action", action="turn_row"), {"player": tom.pk, "row": "3", "seen": game.version}
    )
    assert response.status_code == 302
    done = client.get(response.url).content.decode().replace("\u00a0", " ").replace("\u202f", " ")
    assert "Tom a choisi la rangée 3" in done
    assert re.search(r'data-testid="tie-row-3" aria-pressed="true" disabled', done)
    assert "Enregistré : Tour 1 : Tom pose sa carte sur la rangée 3" in done


def test_a_refused_row_is_said_beside_that_players_tie(client):
    game = _game()
    tom = seat(game, 1)
    response = client.post(
        url(game, "action", action="turn_row"), {"player": tom.pk, "row": "7", "seen": game.version}
    )
    assert response.status_code == 400
    page = response.content.decode()
    tie = page[page.index(f'name="player" value="{tom.pk}"') :].split("</form>")[0]
    assert (
        "Tom : 3S hésite entre les rangées 1, 2, 3 et 4" in tie and 'data-testid="refusal"' in tie
    )
    assert fresh(game).turns == [list(TURN)]


def test_the_read_link_shows_the_tie_without_choices(client):
    game = _game()
    page = client.get(url(game, token=game.read_token)).content.decode()
    assert "turn_row" not in page and game.edit_token not in page


def test_the_api_turn_takes_a_tied_rows_choice(papi):
    game = party("num5", ["Léa", "Tom", "Zoé"])
    cards = dict(zip(["Léa", "Tom", "Zoé"], TURN, strict=True))
    status, body = papi(
        "POST", f"parties/{game.edit_token}/turns", {"cards": cards, "rows": {"Tom": 2}}
    )
    assert status == 201 and body["turns"]["rows"][2] == ["0J", "3S", "5A"]
    assert fresh(game).turns == [["5A", "3S@3", "9R"]]
    services.undo(fresh(game))
    status, body = papi(
        "POST", f"parties/{game.edit_token}/turns", {"cards": cards, "rows": {"Léa": 1}}
    )
    assert status == 400 and body["error"]["field"] == "cards" and "Léa" in body["error"]["message"]


def test_a_choice_for_a_turn_no_longer_the_last_is_refused(client):
    game = _game()
    tom = seat(game, 1)
    writes.play_turn(fresh(game), {seat(game, i).pk: c for i, c in enumerate(("1R", "2B", "4V"))})
    with pytest.raises(InputError) as refused:
        writes.choose_row(fresh(game), tom.pk, 3, turn=1)
    assert (
        refused.value.field == "row"
        and "Le tour 1 n’est plus le dernier joué" in refused.value.message
    )
    assert fresh(game).turns[0] == list(TURN)


def test_two_phones_choosing_the_same_tie_the_second_may_write_anyway(client):
    game = _game()
    tom = seat(game, 1)
    seen = game.version
    writes.choose_row(fresh(game), tom.pk, 2)  # the other phone, first
    data = {"player": tom.pk, "row": "3", "turn": "1", "seen": seen}
    response = client.post(url(game, "action", action="turn_row"), data)
    assert response.status_code == 409
    page = response.content.decode()
    form = page[page.index(f'name="player" value="{tom.pk}"') :].split("</form>")[0]
    assert (
        '<input type="hidden" name="row" value="3">' in form
        and 'data-testid="write-anyway"' in form
    )
    anyway = {"player": tom.pk, "row": "3", "turn": "1", "seen": fresh(game).version}
    assert client.post(url(game, "action", action="turn_row"), anyway).status_code == 302
    assert fresh(game).turns == [["5A", "3S@3", "9R"]]


def test_a_tie_shown_before_another_turn_is_refused_not_a_conflict(client):
    game = _game()
    seen = game.version
    writes.play_turn(fresh(game), {seat(game, i).pk: c for i, c in enumerate(("1R", "2B", "4V"))})
    data = {"player": seat(game, 1).pk, "row": "3", "turn": "1", "seen": seen}
    response = client.post(url(game, "action", action="turn_row"), data)
    page = response.content.decode()
    assert response.status_code == 400 and 'data-testid="write-anyway"' not in page
    assert "Le tour 1 n’est plus le dernier joué" in page


def test_the_tie_in_english(client):
    from tests.i18n.test_english_pages import assert_english

    game = _game()
    page = url(game)  # reversed once, in French: /en/ is added here
    response = client.get(f"/en{page}")
    assert_english(response, "party tie")
    assert 'data-testid="tie-row-3"' in response.content.decode()
    writes.choose_row(game, seat(game, 1).pk, 3)
    assert_english(client.get(f"/en{page}"), "party tie chosen")
