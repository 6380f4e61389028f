"""Events made and played through the real services, as an organiser and the tables would."""

from __future__ import annotations

from calculators.engines.deals import Deal
from calculators.events import services
from calculators.events.models import Event, Round, Table
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import deals as party_deals
from calculators.parties import services as party_services
from calculators.parties.models import Game

NAMES = [f"Joueur {i}" for i in range(1, 41)]


def dealt_of(game: Game) -> Deal:
    """The cards of the prepared deal a Party plays (it plays one)."""
    dealt = party_deals.dealt(game)
    assert dealt is not None, game.deal
    return dealt


def game_of(table: Table) -> Game:
    """A seated table's Party (a table has one from its round's start)."""
    assert table.game is not None, table
    return table.game


def event(players: int | list[str] = 8, sizes=(4,), rounds: int = 3, **kwargs) -> Event:
    names = NAMES[:players] if isinstance(players, int) else players
    return services.create(
        kwargs.pop("name", "Soirée du club"), kwargs.pop("game", "num_check"),
        kwargs.pop("mode", None), names, list(sizes), rounds, **kwargs,
    )  # fmt: skip


def finish_tables(round_: Round, *, claims: bool = True) -> None:
    """Every table's Party played to its end: seat 1 claims a pair, the table finishes."""
    for table in round_.tables.select_related("game"):
        game = game_of(table)
        if claims:
            first = game.players.get(seat=0)
            check_writes.add_claim(game, first.pk, "paire", "5R 5B")
        party_services.finish(game)


def play_round(ev: Event, *, swiss: bool = False) -> Round:
    """Seat, start, finish, confirm every table (the organiser), close."""
    services.seat(ev, swiss=swiss)
    current = services.start(ev)
    finish_tables(current)
    for table in current.tables.all():
        services.confirm(ev, table.number)
    return services.close(ev)


def seated_names(round_: Round) -> list[list[str]]:
    names = dict(round_.event.players.values_list("pk", "name"))
    return [[names[p] for p in t.seats] for t in round_.tables.all()]
