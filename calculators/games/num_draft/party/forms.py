"""NUM DRAFT's write form on the party page: a player's grid."""

from __future__ import annotations

from typing import Any

from django import forms

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
