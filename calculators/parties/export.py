"""A party's sheet as CSV for spreadsheets, from its board (:mod:`.board`) and its game's own
columns (:meth:`.kinds.PartyKind.csv`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from django.utils.translation import gettext

from . import kinds
from .board import Board, board
from .models import Game


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
        *((gettext("Mode"), game.mode_label) if game.mode else ()),  # a game of one way: none
        gettext("Créée"),
        f"{game.created_at:%d/%m/%Y}",
    )
    row()
    kinds.of(game).csv(result, row)
    return out.getvalue()
