"""NUM DRAFT's part of a tablée's statistics (docs/tablees.md#statistics): the points scored on
the neighbours' columns (/num-draft/regles/#scoring)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....parties.board import Board, BoardRow
from ....parties.kinds import PartyKind

#: the places of a pool's grid that are its neighbours' columns (left, right)
NEIGHBOUR_COLUMNS = (-1, 3)


class NumDraftStats(PartyKind):
    """The statistics hooks of NUM DRAFT's :class:`PartyKind`."""

    stats_template = "games/num_draft/stats.html"

    def stats_seat(self, board: Board, row: BoardRow, index: int) -> dict[str, Any]:
        """The points the pool scored on its neighbours' columns."""
        places = row.detail.result.place_points.items()
        return {"neighbour_points": sum(p for (x, _), p in places if x in NEIGHBOUR_COLUMNS)}

    def stats(self, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The neighbours' points, and their share of all the player's points."""
        neighbours = sum(s["neighbour_points"] for s in seats)
        points = sum(s["total"] for s in seats)
        return {
            "neighbour_points": neighbours,
            "neighbour_share": round(neighbours / points, 3) if points > 0 else 0.0,
        }
