"""The write frame hands the caller's game back as the write left its row, without reading it
again (``frame._as_stored``): every column of the caller's instance equals the stored one
after each kind of write, the ones that change the game row itself included (the version and
time of every write, finish and reopen, a Num 5 round's turns, new links, undo and redo)."""

from __future__ import annotations

import pytest

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.models import Game
from tests.factories import by_seat, party, seat

pytestmark = pytest.mark.django_db


def columns(game: Game) -> dict[str, object]:
    return {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields}


def stored(game: Game) -> dict[str, object]:
    return columns(Game.objects.get(pk=game.pk))


def test_the_callers_game_is_the_stored_row_after_every_kind_of_write():
    game = party("num5", 3)
    cards = ("5R", "3A", "0S")
    writes = [
        lambda: num5_writes.play_turn(game, by_seat(game, cards)),
        lambda: services.undo(game),
        lambda: services.redo(game),
        lambda: num5_writes.tally_turns(game),
        lambda: num5_writes.add_round(game, by_seat(game, ["3", "5", "7"])),
        lambda: services.rename(game, seat(game, 0).pk, "Ada"),
        lambda: services.finish(game),
        lambda: services.reopen(game),
        lambda: services.undo(game),
        lambda: services.rotate(game),
    ]
    for write in writes:
        before = game.version
        write()
        assert game.version == before + 1
        assert columns(game) == stored(game)


def test_the_callers_game_is_the_stored_row_after_the_games_own_writes():
    check = party("num_check", 3)
    check_writes.add_claim(check, seat(check, 0).pk, "paire", "1R 1B")
    assert columns(check) == stored(check)
    draft = party("num_draft", 3)
    draft_writes.set_grid(draft, seat(draft, 0).pk, ["1R"] + [""] * 8)
    assert columns(draft) == stored(draft)


def test_a_refused_write_leaves_the_callers_game_as_it_was():
    game = party("num_check", 3)
    seen = columns(game)
    with pytest.raises(services.Conflict):
        services.reopen(game)  # not finished
    assert columns(game) == seen == stored(game)


def test_new_links_are_the_callers_links_at_once():
    game = party("num_check", 3)
    old = (game.edit_token, game.read_token)
    services.rotate(game)
    assert (game.edit_token, game.read_token) != old
    assert services.find(game.edit_token) == (Game.objects.get(pk=game.pk), True)
