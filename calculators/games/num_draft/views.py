"""NUM DRAFT's calculator pages: a pool, and a whole table with its opening."""

from __future__ import annotations

from typing import TypedDict

from django.http import HttpResponse
from django.views.decorators.http import require_safe

from ...engines import numdraft
from ...engines.cards import AnyCard
from ...engines.numdraft import XS, Place, PoolResult, place_name
from ...engines.standings import standings
from ...web.pages import HtmxRequest, bound, page
from .forms import GRID_FIELDS, LEFT_FIELDS, RIGHT_FIELDS, DraftForm, DraftTableForm, OpeningForm


class StripCell(TypedDict):
    """One place of the strip, for the ``pool_cell`` filter."""

    place: Place
    card: AnyCard | None
    points: int
    groups: list[int]  # indices in ``result.groups``
    neighbour: bool  # a neighbour's column, not the player's own
    label: str


def strip_rows(result: PoolResult) -> list[list[StripCell]]:
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


DRAFT_KEYS = tuple(GRID_FIELDS + LEFT_FIELDS + RIGHT_FIELDS + ["mode"])


@require_safe
def num_draft(request: HtmxRequest) -> HttpResponse:
    form = bound(request, DraftForm, DRAFT_KEYS, mode=numdraft.CLASSIC, values="0-12")
    result = form.result if form.is_bound and form.is_valid() else None
    context = {
        "form": form,
        "result": result,
        "strip": strip_rows(result) if result else [],
        "rows": [
            [form[f"l{y}"], form[f"g{y}0"], form[f"g{y}1"], form[f"g{y}2"], form[f"r{y}"]]
            for y in range(3)
        ],
    }
    return page(request, "num-draft", "games/num_draft/pool.html", "draft-result", context)


@require_safe
def num_draft_table(request: HtmxRequest) -> HttpResponse:
    form = bound(request, DraftTableForm, ("players",), mode=numdraft.CLASSIC)
    opening_form = bound(request, OpeningForm, ("turned",))
    result = form.result if form.is_bound and form.is_valid() else None
    context = {
        "form": form,
        "result": result,
        "pools": [(p, strip_rows(p.result)) for p in result.players] if result else [],
        "standings": standings(result.players, key=lambda p: p.result.total) if result else [],
        "opening_form": opening_form,
        "opening": opening_form.result
        if opening_form.is_bound and opening_form.is_valid()
        else None,
    }
    fragment = "opening-result" if "turned" in request.GET else "table-result"
    return page(request, "num-draft", "games/num_draft/table.html", fragment, context)
