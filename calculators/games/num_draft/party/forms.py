"""NUM DRAFT's write form on the party page: a player's grid."""

from __future__ import annotations

from typing import Any

from django import forms

from ....engines import numdraft
from ....engines.cards import InputError
from ....parties import services
from ....parties.forms import WriteForm
from ....parties.models import Game, HistoryEntry
from . import writes


class GridForm(WriteForm):
    player = forms.IntegerField(widget=forms.HiddenInput)
    field_map = {"cells": "__all__"}

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        for i in range(9):
            self.fields[f"c{i}"] = forms.CharField(required=False, max_length=8)

    def write(self, data: dict[str, Any]) -> HistoryEntry:
        cells = [data.get(f"c{i}", "") for i in range(9)]
        return writes.set_grid(self.game, data["player"], cells, self.version(data))


WRITE_FORMS: dict[str, type[WriteForm]] = {"grid_set": GridForm}


def preview(game: Game, player: object, cells: list[object]) -> dict[str, Any]:
    """The live score of a grid being entered (``?apercu``): the whole table scored with this
    grid in place of the stored one, neighbours' columns included (/num-draft/regles/#scoring).
    Bad input is said, not raised."""
    out: dict[str, Any] = {"error": ""}
    players = list(game.players.all())
    try:
        who = services.player_among(players, player)
    except InputError:
        return out
    tokens = [str(c or "").strip() for c in (list(cells) + [""] * 9)[:9]]
    grids = [
        {"name": p.name, "grid": writes._grid_rows(tokens if p.pk == who.pk else p.grid)}
        for p in players
    ]
    out["player"] = who
    try:
        table = numdraft.table(grids, game.mode, game.values or None)
    except InputError as err:
        out["error"] = err.message
        return out
    mine = table.players[[p.pk for p in players].index(who.pk)]
    out["result"] = mine.result
    return out
