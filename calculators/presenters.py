"""Engine results as JSON-ready dicts (API.md shapes), shared by the API and the pages."""

from __future__ import annotations

from typing import Any

from .engines.cards import format_cards
from .engines.num5 import RoundResult
from .engines.numcheck import ClaimResult, Detected
from .engines.numdraft import XS, PoolResult, place_name


def check_result_json(result: ClaimResult) -> dict[str, Any]:
    head = {
        "valid": result.valid,
        "combo": result.combo.key,
        "cards": format_cards(result.cards),
        "rank": result.rank,
    }
    if not result.valid:
        return {**head, "reason": result.reason}
    return {
        **head,
        "base": result.base,
        "references": list(result.references),
        "rank_bonus": result.rank_bonus,
        "total": result.total,
        "mode": result.mode,
        "reading": result.reading,
        "explanation": list(result.explanation),
    }


def detected_json(found: Detected) -> dict[str, Any]:
    return {
        "claim": found.claim.code,
        "combo": found.combo.key,
        "cards": format_cards(found.cards),
        "references": list(found.result.references),
        "rank_bonus": found.result.rank_bonus,
        "total": found.result.total,
    }


def draft_result_json(result: PoolResult) -> dict[str, Any]:
    return {
        "mode": result.mode,
        "total": result.total,
        "title": result.title,
        "groups": [
            {
                "kind": g.kind,
                "key": g.key,
                "places": [list(p) for p in g.places],
                "points": g.points,
            }
            for g in result.groups
        ],
        "wildcards": [
            {"place": list(w.place), "card": w.card, "as": w.as_text} for w in result.wildcards
        ],
        "explanation": list(result.explanation),
    }


def num5_round_json(result: RoundResult) -> dict[str, Any]:
    return {
        "players": [
            {"name": p.name, "plus": p.plus, "minus": p.minus, "total": p.total}
            for p in result.players
        ],
        "winners": list(result.winners),
    }


def strip_rows(result: PoolResult) -> list[list[dict[str, Any]]]:
    """The pool's 3 × 5 strip, row by row, as drawn: card, points, indices of its groups."""
    membership: dict[tuple[int, int], list[int]] = {}
    for index, group in enumerate(result.groups):
        for place in group.places:
            membership.setdefault(place, []).append(index)
    return [
        [
            {
                "place": (x, y),
                "card": result.pool.at((x, y)),
                "points": result.place_points.get((x, y), 0),
                "groups": membership.get((x, y), []),
                "neighbour": x in (-1, 3),
                "label": place_name((x, y)),
            }
            for x in XS
        ]
        for y in range(3)
    ]


# --------------------------------------------------------------------------- Num 5 turn

from .engines import num5turn  # noqa: E402 - kept with the Num 5 turn helpers it serves


def _code(family: object) -> str | None:
    return getattr(family, "code", None)


def num5_turn_json(result: num5turn.TurnResult) -> dict[str, Any]:
    """One Num 5 turn (API.md ``num5/turn``, NUM5-TURN.md §3.1)."""
    return {
        "rows": [
            {"cards": format_cards(row), "colour": _code(colour)}
            for row, colour in zip(result.rows, result.colours, strict=True)
        ],
        "players": [
            {
                "name": p.name,
                "card": str(p.card),
                "collected": format_cards(p.collected),
                "plus": p.plus,
                "minus": p.minus,
                "points": p.points,
            }
            for p in result.players
        ],
        "discarded": format_cards(result.discarded),
        "steps": [
            {
                "n": s.n,
                "player": s.player,
                "card": str(s.card),
                "row": s.row,
                "how": s.how,
                "tied_rows": list(s.tied_rows),
                "result": s.result,
                "cards": format_cards(s.cards),
                "row_after": format_cards(s.row_after),
                "colour_before": _code(s.colour_before),
                "colour_after": _code(s.colour_after),
            }
            for s in result.steps
        ],
    }
