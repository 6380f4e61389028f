"""Parties for the tests, made through the real services, as a table would make them: a party
of a game with its players (``calculators.parties.services.create_game``), then, if asked, its
NUM CHECK claims, NUM DRAFT grids, Num 5 rounds or turns, each through the game's own writes
(``calculators/games/<game>/party/writes.py``). Each write is the one a player's phone makes, so a
party made here is one the site could hold, with its history.

    party("num5", 3, rounds=[["10R", "27", "0"]])
    party("num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services

if TYPE_CHECKING:
    from calculators.parties.models import Game, Player

#: The players' names, in seating order, when a test gives only how many there are.
NAMES = ("Léa", "Tom", "Zoé", "Max", "Noé", "Inès", "Luc", "Ana", "Hugo", "Lina")

Cells = Sequence[str]


def names(count: int) -> list[str]:
    """The first ``count`` names of :data:`NAMES`."""
    if not 0 < count <= len(NAMES):
        raise ValueError(f"between 1 and {len(NAMES)} players, not {count}")
    return list(NAMES[:count])


def party(
    game: str = "num_check",
    players: int | Sequence[str] = 3,
    *,
    mode: str | None = None,
    values: str = "",
    claims: Mapping[int, Sequence[tuple[str, str]]] | None = None,
    grids: Mapping[int, Cells] | None = None,
    rounds: Sequence[Cells] = (),
    turns: Sequence[Cells] = (),
    finished: bool = False,
) -> Game:
    """A new party of ``game`` (a Parties kind, an API name or a slug: ``services.create_game``
    takes any) with ``players`` (how many, named from :data:`NAMES`, or their names), in its
    ``mode`` (the game's first when ``None``) and with its deck ``values`` (NUM DRAFT).

    Then, each through its write: ``claims`` (NUM CHECK), by seat, the list of
    ``(combo, cards)`` each player claims, written round by round as at a table (every player's
    first claim, then every second one…); ``grids`` (NUM DRAFT), by seat, the grid's cells row by
    row (fewer than nine: the rest empty); ``rounds`` (Num 5), each round's cells in seating
    order (« 10R », « 27 », « 31 - 4 »); ``turns`` (Num 5), each turn's revealed cards in seating
    order; and ``finished``: the party ended. Returns the party as stored after the last write.
    """
    seated = names(players) if isinstance(players, int) else list(players)
    made = services.create_game(game, mode, seated, values)
    claims = claims or {}
    for index in range(max((len(c) for c in claims.values()), default=0)):
        for where, claimed in claims.items():
            if index < len(claimed):
                combo, cards = claimed[index]
                check_writes.add_claim(made, seat(made, where).pk, combo, cards)
    for where, cells in (grids or {}).items():
        draft_writes.set_grid(made, seat(made, where).pk, [*cells, *[""] * (9 - len(cells))])
    for cells in rounds:
        num5_writes.add_round(made, by_seat(made, cells))
    for played in turns:
        num5_writes.play_turn(made, by_seat(made, played))
    if finished:
        services.finish(made)
    return fresh(made)


def seat(game: Game, index: int) -> Player:
    """The player at seat ``index`` (0 is the first)."""
    return game.players.get(seat=index)


def by_seat(game: Game, cells: Cells) -> dict[int, str]:
    """``{player id: cell}`` from cells in seating order: what the services take for a round
    or a turn."""
    players = list(game.players.order_by("seat"))
    if len(cells) != len(players):
        raise ValueError(f"{len(players)} players, {len(cells)} cells: {list(cells)}")
    return {player.pk: cell for player, cell in zip(players, cells, strict=True)}


def fresh(game: Game) -> Game:
    """``game`` as stored now (its version, its finished flag)."""
    game.refresh_from_db()
    return game
