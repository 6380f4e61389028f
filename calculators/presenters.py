"""Engine results as JSON-ready dicts (API.md shapes), shared by the API and the pages."""

from __future__ import annotations

from typing import Any

from .engines.cards import format_cards
from .engines.num5 import RoundResult
from .engines.numcheck import ClaimResult, Detected
from .engines.numdraft import PoolResult


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
