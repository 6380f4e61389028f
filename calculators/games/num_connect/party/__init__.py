"""Num Connect in Parties: the hooks the Parties core asks of the game (:class:`PartyKind`).

A hand has no points: the table is ranked by hands won, then by the fewest cards left
(/num-connect/regles/#arbitrage-partie-connect).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext, gettext_noop

from ....core.registry import NUM_CONNECT
from ....parties import services
from ....parties.board import Board, BoardRow, leaders
from ....parties.kinds import PartyKind
from ....parties.models import Game, Player
from . import api, forms, writes


class NumConnectParty(PartyKind):
    spec = NUM_CONNECT
    write_forms = forms.WRITE_FORMS
    api_router = api.router
    ranked_by_wins = True
    total_label = gettext_noop("Cartes restantes")
    total_short = gettext_noop("Cartes")
    total_higher_better = False  # cards left: fewer is better

    def board(self, game: Game, players: list[Player]) -> Board:
        # the hands of the version a write just made, as it left them; else as stored
        rounds = services.written_part(game, "rounds")
        if rounds is None:
            rounds = list(game.rounds.all())
        result = writes.tally(players, rounds)
        rows = [
            BoardRow(p, t.cards_left, "", position=t.position, wins=t.wins, detail=t)
            for p, t in zip(players, result.players, strict=True)
        ]
        note = ""
        if game.finished:
            note = gettext(
                "Partie arrêtée par la table : en tête aux manches gagnées, puis au moins de cartes restantes."
            )
        return Board(
            game,
            rows,
            game.finished,
            leaders(rows) if game.finished else (),
            note,
            extra={"hands": list(zip(rounds, result.hands, strict=True))},
        )

    def json(self, game: Game, board: Board, rows: list[BoardRow]) -> dict[str, Any]:
        names = [r.player.name for r in board.rows]  # seat order
        return {
            "hands": [
                {
                    "number": stored.number,
                    "out": names[hand.out],
                    "left": dict(zip(names, hand.left, strict=True)) if hand.counted else None,
                }
                for stored, hand in board.extra["hands"]
            ]
        }

    def csv(self, board: Board, row: Callable[..., None]) -> None:
        names = [r.player.name for r in board.rows]
        row(gettext("Manche"), gettext("Dernière carte posée par"), *names)
        for stored, hand in board.extra["hands"]:
            row(stored.number, names[hand.out], *["" if n is None else n for n in hand.left])
        row()
        row(
            gettext("Classement"),
            gettext("Joueur"),
            gettext("Manches gagnées"),
            gettext("Cartes restantes"),
        )
        for r in board.ranking:
            row(r.position, r.player.name, r.wins, r.total)

    def has_entries(self, game: Game) -> bool:
        return game.rounds.exists()

    def page_context(self, request: HttpRequest, game: Game, board: Board) -> dict[str, Any]:
        return {"hand_size": forms.HAND_SIZE}


KIND = NumConnectParty()
#: the game's writes are registered in the action table when this package is imported
__all__ = ["KIND", "writes"]
