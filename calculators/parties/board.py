"""Reading a party: its board (every score, recomputed by the engines) and its CSV export.

Scores are never stored: each game's hooks (:mod:`.kinds`) ask its engine for the whole sheet
from the stored entries. The board is the same for the page, the live poll, the JSON API and
the export.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from ..engines.standings import standings
from . import kinds
from .models import Game, Player


@dataclass
class BoardRow:
    """One player on the live board."""

    player: Player
    total: int
    title: str = ""
    position: int = 0
    wins: int = 0
    detail: Any = None  # the engine's result for this player (claims, pool, …)


@dataclass
class Board:
    game: Game
    rows: list[BoardRow]
    finished: bool
    winners: tuple[str, ...] = ()
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ranking(self) -> list[BoardRow]:
        return sorted(self.rows, key=lambda r: (r.position, r.player.seat))


def place(rows: list[BoardRow], key: Callable[[BoardRow], tuple[int, ...]]) -> None:
    """Shared positions « 1, 2, 2, 4 », by the engines' one standings rule."""
    for standing in standings(rows, key):
        standing.item.position = standing.position


def leaders(rows: list[BoardRow]) -> tuple[str, ...]:
    """The players in first position, in seat order."""
    return tuple(
        r.player.name for r in sorted(rows, key=lambda r: r.player.seat) if r.position == 1
    )


def board(game: Game) -> Board:
    """Every score of the game, recomputed by the engines."""
    return kinds.of(game).board(game, list(game.players.all()))


def csv_ranking(board: Board, row: Callable[..., None], points: str) -> None:
    """The CSV's closing table for a game ranked by points and titled: a blank row, then each
    player's position, name, points (headed ``points``) and title."""
    row()
    row(gettext("Classement"), gettext("Joueur"), points, gettext("Titre"))
    for r in board.ranking:
        row(r.position, r.player.name, r.total, r.title)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe(value: object) -> object:
    """A cell a spreadsheet will not run (OWASP CSV injection): text starting with ``= + - @``,
    a tab or a carriage return is prefixed with an apostrophe. Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def export_csv(game: Game) -> str:
    """The sheet as CSV for spreadsheets: UTF-8 with BOM, semicolons, the game's own columns."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";")

    def row(*cells: object) -> None:
        writer.writerow([_safe(c) for c in cells])

    result = board(game)
    row(
        gettext("Partie"),
        game.get_kind_display(),
        gettext("Mode"),
        game.mode_label,
        gettext("Créée"),
        f"{game.created_at:%d/%m/%Y}",
    )
    row()
    kinds.of(game).csv(result, row)
    return out.getvalue()
