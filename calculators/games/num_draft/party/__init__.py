"""NUM DRAFT in Parties: the hooks the Parties core asks of the game (:class:`PartyKind`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext

from ....core.registry import NUM_DRAFT
from ....engines import numdraft
from ....parties import services
from ....parties.board import Board, BoardRow, leaders, place
from ....parties.export import csv_ranking
from ....parties.models import Game, Player
from . import api, forms, writes
from .stats import NumDraftStats


class NumDraftParty(NumDraftStats):
    spec = NUM_DRAFT
    write_forms = forms.WRITE_FORMS
    api_router = api.router

    def board(self, game: Game, players: list[Player]) -> Board:
        table = numdraft.table(
            [{"name": p.name, "grid": writes._grid_rows(p.grid)} for p in players],
            game.mode,
            game.values or None,
        )
        rows = [
            BoardRow(p, t.result.total, t.result.title, detail=t)
            for p, t in zip(players, table.players, strict=True)
        ]
        place(rows, lambda r: (r.total,))
        return Board(
            game,
            rows,
            game.finished,
            leaders(rows) if game.finished else (),
            extra={"values": table.values, "max_value": numdraft.deck_for(table.values).max_value},
        )

    def json(self, game: Game, board: Board, rows: list[BoardRow]) -> dict[str, Any]:
        return {
            "grids": [
                {
                    "seat": r.player.seat,
                    "player": r.player.name,
                    "cells": [c or None for c in (list(r.player.grid or []) + [""] * 9)[:9]],
                    "total": r.total,
                    "title": r.title,
                }
                for r in rows
            ]
        }

    def csv(self, board: Board, row: Callable[..., None]) -> None:
        row(gettext("Joueur"), gettext("Grille"), gettext("Points"), gettext("Titre"))
        for r in board.rows:
            row(
                r.player.name,
                " ".join(c or "-" for c in (list(r.player.grid) + [""] * 9)[:9]),
                r.total,
                r.title,
            )
        csv_ranking(board, row, gettext("Points"))

    def has_entries(self, game: Game) -> bool:
        return any(any(p.grid or []) for p in game.players.all())

    def deck(self, values: object, players: int) -> str:
        """The table's deck: the one chosen, else the one its player count plays."""
        deck = str(values or numdraft.default_deck(players))
        numdraft.deck_for(deck)  # the engine refuses an unknown deck
        return deck

    def page_context(self, request: HttpRequest, game: Game, board: Board) -> dict[str, Any]:
        """The deck's highest value, a grid's live score (``?apercu``) and :func:`kept_grids`."""
        context: dict[str, Any] = {
            "max_value": board.extra["max_value"],
            "kept_grids": kept_grids(request, game, board),
        }
        if "apercu" in request.GET:
            context["preview"] = forms.preview(
                game, request.GET.get("player"), [request.GET.get(f"c{i}") for i in range(9)]
            )
        return context


KIND = NumDraftParty()
#: the game's writes are registered in the action table when this package is imported
__all__ = ["KIND", "writes"]


def kept_grids(request: HttpRequest, game: Game, board: Board) -> frozenset[int]:
    """The players whose grid form a grid's write leaves as the writer's phone shows it
    (``hx-preserve``), so what a player began typing there stays: every player but the one
    written, when the phone had seen the version the write was made on. Such a form's older
    ``seen`` is safe: the write frame checks only the grid it changes (:class:`services.Seen`)."""
    entry = services.recorded(game)
    if entry is None or entry.action != "grid_set" or not getattr(request, "htmx", False):
        return frozenset()
    if request.POST.get("seen") != str(entry.version - 1):
        return frozenset()  # another phone wrote since this one drew its forms
    return frozenset(r.player.pk for r in board.rows if r.player.pk != entry.data["player"])
