"""The Parties' one check of a player joining a Party that another app seated
(``writes.seats_fixed_by``, docs/events.md#tournoi-donnes-sieges): its reason refuses the
write at ``name``, before the sheet's own 409, and the core asks every registered check."""

import pytest

from calculators.engines.cards import InputError
from calculators.events import duplicate
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import services, writes

pytestmark = pytest.mark.django_db


def test_the_events_register_their_check_once_when_the_app_is_ready():
    assert writes._SEATS_FIXED.count(duplicate.seats_fixed) == 1
    services.seats_fixed_by(duplicate.seats_fixed)  # again: still once
    assert writes._SEATS_FIXED.count(duplicate.seats_fixed) == 1


def test_a_registered_checks_reason_refuses_a_player_at_name_even_after_an_entry(monkeypatch):
    monkeypatch.setattr(writes, "_SEATS_FIXED", [])
    fixed: set[int] = set()
    services.seats_fixed_by(lambda g: "Places fixées." if g.pk in fixed else "")
    game = services.create_game("num_check", "classic", ["Léa", "Tom"])
    other = services.create_game("num_check", "classic", ["Léa", "Tom"])
    fixed.add(game.pk)
    first = game.players.get(seat=0)
    check_writes.add_claim(game, first.pk, "paire", "5R 5B")
    version = game.version
    with pytest.raises(InputError) as refused:
        services.add_player(game, "Max")
    assert (refused.value.field, refused.value.message) == ("name", "Places fixées.")
    game.refresh_from_db()
    assert game.version == version and game.players.count() == 2
    services.add_player(other, "Max")  # a Party no check fixes takes a player
    assert other.players.count() == 3
