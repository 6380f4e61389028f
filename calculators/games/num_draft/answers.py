"""NUM DRAFT's answers, pure: request JSON → the engine → answer JSON, for its API routes and
its table page answered offline (docs/offline.md#the-calculators-without-network). No Django
(an import contract checks it)."""

from __future__ import annotations

from typing import Any

from ...core.fields import (
    Answer,
    Answerer,
    as_list,
    points_text,
    required,
    required_text,
    text_field,
)
from ...core.registry import NUM_DRAFT
from ...engines import numdraft
from ...engines.i18n import gettext
from ...engines.numdraft import PoolResult
from ...engines.standings import positions
from . import readers


def draft_result_json(result: PoolResult) -> Answer:
    """A pool's score (docs/api.md, ``num-draft/score``)."""
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


def num_draft_score(data: dict[str, Any]) -> Answer:
    """A 15-card pool: the grid and its neighbours' columns (/num-draft/regles/#scoring)."""
    result = numdraft.score(
        required(data, "grid"),
        data.get("left"),
        data.get("right"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    return draft_result_json(result)


def num_draft_table(data: dict[str, Any]) -> Answer:
    """A whole table: every pool from the players' own grids, in seating order."""
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


def num_draft_table_page(data: dict[str, Any]) -> Answer:
    """Mode table, with the fields of :class:`.forms.DraftTableForm`."""
    players = readers.read_draft_table(required_text(data, "players"))
    mode, values = text_field(data, "mode") or None, text_field(data, "values") or None
    answer = num_draft_table({"players": players, "mode": mode, "values": values})
    result = numdraft.table(players, NUM_DRAFT.resolve_mode(mode), values)
    lines = [
        f"{p['position']}. {p['name']} — {points_text(p['total'])}, {p['title']} ({p['left']} / {p['right']})"
        for p in answer["players"]
    ]
    groups = [
        {
            "title": gettext("Pool de {name} : {total} points, {title}").format(
                name=p.name, total=p.result.total, title=p.result.title
            ),
            "score": p.result.total,
            "items": list(p.result.explanation),
        }
        for p in result.players
    ]
    head = gettext("Classement (paquet {values})").format(values=result.values)
    return {**answer, "view": {"head": head, "lines": lines, "groups": groups}}


#: Each calculator endpoint's path under ``/api/v1/`` → its answer.
ENDPOINTS: dict[str, Answerer] = {
    "num-draft/score": num_draft_score,
    "num-draft/table": num_draft_table,
}
#: Each page answered offline from its own fields (its URL name) → its answer.
PAGES: dict[str, Answerer] = {"num_draft_table": num_draft_table_page}
