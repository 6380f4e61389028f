"""A Num 5 round played turn by turn in a party: each turn is a write."""

import pytest

from calculators.engines.cards import InputError
from calculators.engines.num5turn import play_round
from calculators.games.num5.party import writes as num5_writes
from calculators.parties import board as boards
from calculators.parties import services
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db

TURNS = [("5R", "3A", "0S"), ("7B", "12J", "16V")]


def play(game, cards):
    return num5_writes.play_turn(game, {seat(game, i).pk: c for i, c in enumerate(cards)})


def test_each_turn_is_a_write_replayed_by_the_engine():
    game = party("num5")
    for cards in TURNS:
        play(game, cards)
    game = fresh(game)
    assert game.turns == [list(t) for t in TURNS]
    expected = play_round(["Léa", "Tom", "Zoé"], [list(t) for t in TURNS])
    assert num5_writes.round_in_play(game).state == expected.state
    assert [h.action for h in game.history.order_by("version")] == ["create", "turn", "turn"]


def test_a_turn_is_undone_and_redone_like_any_write():
    game = party("num5")
    play(game, TURNS[0])
    play(game, TURNS[1])
    services.undo(game)
    assert fresh(game).turns == [list(TURNS[0])]
    services.redo(game)
    assert len(fresh(game).turns) == 2


def test_bad_turns_are_refused_naming_the_card():
    game = party("num5")
    play(game, TURNS[0])
    with pytest.raises(InputError, match="déjà jouée"):
        play(game, ("5R", "9B", "9J"))  # 5R sits in a row
    with pytest.raises(InputError, match="manquante : Zoé"):
        num5_writes.play_turn(game, {seat(game, 0).pk: "9R", seat(game, 1).pk: "9B"})
    assert len(fresh(game).turns) == 1


def test_the_tally_fills_a_round_from_the_collections_and_undo_gives_the_turns_back():
    game = party("num5")
    for cards in TURNS:
        play(game, cards)
    collected = num5_writes.round_in_play(game).state.collected
    num5_writes.tally_turns(game)
    game = fresh(game)
    assert game.turns == [] and game.rounds.count() == 1
    result = boards.board(game).extra["rounds"][0][1]
    assert [p.cards for p in result.players] == [tuple(c) for c in collected]
    services.undo(game)
    game = fresh(game)
    assert len(game.turns) == 2 and not game.rounds.exists()


def test_turns_from_the_page_and_the_api(client, papi):
    game = party("num5")
    data = {f"t{seat(game, i).pk}": c for i, c in enumerate(TURNS[0])}
    assert client.post(url(game, "action", action="turn"), data).status_code == 302
    html = client.get(url(game)).content.decode()
    assert 'data-testid="turn-rows"' in html and "Jouer le tour 2" in html
    status, body = papi(
        "POST",
        f"parties/{game.edit_token}/turns",
        {"cards": dict(zip(["Léa", "Tom", "Zoé"], TURNS[1], strict=True))},
    )
    assert status == 201 and body["turns"]["turn"] == 2
    status, body = papi("POST", f"parties/{game.edit_token}/turns/tally")
    assert status == 201 and len(body["rounds"]) == 1 and body["turns"]["turn"] == 0
    status, body = papi("POST", f"parties/{game.read_token}/turns", {"cards": {}})
    assert status == 403
