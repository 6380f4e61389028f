"""Num 5's part of a tablée's statistics (docs/tablees.md#statistics)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....parties.board import Board, BoardRow
from ....parties.kinds import PartyKind


class Num5Stats(PartyKind):
    """The statistics hooks of Num 5's :class:`PartyKind`."""

    stats_template = "games/num5/stats.html"

    def stats_seat(self, board: Board, row: BoardRow, index: int) -> dict[str, Any]:
        """The rounds won and the negative points taken in every round."""
        minus = sum(scored.players[index].minus for _, scored in board.extra["rounds"])
        return {"rounds_won": row.wins, "minus": minus}

    def stats(self, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The rounds won, the negative points, and their average per party."""
        minus = [s["minus"] for s in seats]
        return {
            "rounds_won": sum(s["rounds_won"] for s in seats),
            "minus": sum(minus),
            "minus_average": round(sum(minus) / len(minus), 1) if minus else 0.0,
        }
