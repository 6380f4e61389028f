"""NUM CHECK's part of a tablée's statistics (docs/tablees.md#statistics)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext

from ....engines import numcheck
from ....engines.cards import InputError
from ....parties.board import Board, BoardRow, leaders, place
from ....parties.kinds import PartyKind
from ....parties.models import Claim, Game


@lru_cache(maxsize=8192)
def rank_totals(combo: str, cards: str) -> tuple[int, ...]:
    """The points of these cards as this combination at ranks 1 to 8
    (/num-check/regles/#reference-et-rang): where keeping it would have paid most."""
    return tuple(numcheck.score(combo, cards, rank).total for rank in numcheck.RANKS)


def kept_at_best(combo: str, cards: str, rank: int) -> bool:
    """Whether a combination made at ``rank`` scored there as much as at any rank."""
    try:
        totals = rank_totals(combo, cards)
    except InputError:
        return False
    return totals[rank - 1] == max(totals)


def combo_name(key: str) -> str:
    """A combination's name in the reader's language (an unknown key as stored)."""
    combo = numcheck.COMBOS_BY_KEY.get(key)
    return gettext(combo.name) if combo else key


class NumCheckStats(PartyKind):
    """The statistics hooks of NUM CHECK's :class:`PartyKind`."""

    stats_template = "games/num_check/stats.html"

    def boards(self, games: Sequence[Game]) -> dict[int, Board]:
        """The boards as each party's own board computes them, on claims read in one query; a
        party is finished by the table's « Terminer » or by the game clock
        (/num-check/regles/#arbitrage-fin-de-partie) unless a reopen lifted that end."""
        if not games:
            return {}
        claims: dict[int, list[Claim]] = defaultdict(list)
        for claim in Claim.objects.filter(player__game__in=list(games)).order_by("position"):
            claims[claim.player_id].append(claim)
        ended = self.ended_among(games)
        out = {}
        for game in games:
            rows = []
            for p in game.players.all():
                mine = claims.get(p.pk, [])
                sheet = numcheck.player_sheet(p.name, [(c.combo, c.cards) for c in mine], None)
                detail = list(zip(mine, sheet.claims, strict=True))
                rows.append(BoardRow(p, sheet.total, sheet.title, detail=detail))
            place(rows, lambda r: (r.total,))
            finished = game.finished or game.pk in ended
            out[game.pk] = Board(game, rows, finished, leaders(rows) if finished else ())
        return out

    def stats_seat(self, board: Board, row: BoardRow, index: int) -> dict[str, Any]:
        """Each combination made: its key, its rank, whether that rank was its best."""
        return {
            "combos": [
                (c.combo, c.position, kept_at_best(c.combo, c.cards, c.position))
                for c, _ in row.detail
            ]
        }

    def stats(self, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """How often each combination was made, at which ranks, and kept at its best rank."""
        made = [c for s in seats for c in s["combos"]]
        ranks: dict[str, Counter[int]] = defaultdict(Counter)
        for combo, rank, _ in made:
            ranks[combo][rank] += 1
        return {
            "combos": dict(Counter(combo for combo, _, _ in made)),
            "ranks": {combo: dict(sorted(r.items())) for combo, r in ranks.items()},
            "kept_at_best_rank": dict(Counter(combo for combo, _, best in made if best)),
        }

    def stats_cells(self, numbers: dict[str, Any]) -> Any:
        """The combinations named: (name, times made, times kept at the best rank)."""
        kept = numbers.get("kept_at_best_rank", {})
        return [(combo_name(c), n, kept.get(c, 0)) for c, n in numbers.get("combos", {}).items()]

    def stats_chart(self, seats: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """How often each combination was made, in the combinations' table order."""
        made = Counter(combo for s in seats for combo, _, _ in s["combos"])
        return {
            "combos": [
                {"combo": c.key, "count": made[c.key]} for c in numcheck.COMBOS if made[c.key]
            ]
        }
