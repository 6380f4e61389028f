"""A game's numbered rows, stored as :class:`~.models.Round` (a Num 5 round, a Num Connect
hand): the do and undo steps their writes register in the action table, once for every game
that has them. An entry's data keeps the row under ``key``: ``{"number", "entries", "id"}``.
Deleting a row renumbers the later ones down; restoring it makes its place again first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import Game, Round


@dataclass(frozen=True)
class NumberedRows:
    key: str

    def create(self, game: Game, data: dict[str, Any]) -> None:
        row = data[self.key]
        stored = Round.objects.create(
            id=row.get("id"), game=game, number=row["number"], entries=row["entries"]
        )
        row["id"] = stored.pk

    def remove(self, game: Game, data: dict[str, Any]) -> None:
        Round.objects.filter(pk=data[self.key]["id"], game=game).delete()

    def delete(self, game: Game, data: dict[str, Any]) -> None:
        self.remove(game, data)
        _shift(game, data[self.key]["number"], -1)

    def restore(self, game: Game, data: dict[str, Any]) -> None:
        _shift(game, data[self.key]["number"] - 1, +1)
        self.create(game, data)


def _shift(game: Game, after: int, step: int) -> None:
    later = Round.objects.filter(game=game, number__gt=after)
    for stored in later.order_by("number" if step < 0 else "-number"):
        stored.number += step
        stored.save(update_fields=["number"])
