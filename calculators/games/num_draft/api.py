"""NUM DRAFT's JSON endpoints: a pool's score and a whole table."""

from __future__ import annotations

from typing import Any

from ...engines import numdraft
from ...engines.numdraft import PoolResult
from ...engines.standings import positions
from ...web.json import as_list, json_api, required
from ..registry import NUM_DRAFT


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


@json_api
def num_draft_score(data: dict[str, Any]) -> dict[str, Any]:
    result = numdraft.score(
        required(data, "grid"),
        data.get("left"),
        data.get("right"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    return draft_result_json(result)


@json_api
def num_draft_table(data: dict[str, Any]) -> dict[str, Any]:
    result = numdraft.table(
        as_list(required(data, "players"), "players"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    places = positions(result.players, key=lambda p: p.result.total)
    return {
        "mode": result.mode,
        "values": result.values,
        "players": [
            {
                "name": p.name,
                "total": p.result.total,
                "title": p.result.title,
                "position": place,
                "left": p.left,
                "right": p.right,
            }
            for p, place in zip(result.players, places, strict=True)
        ],
        "ranking": list(result.ranking),
    }
