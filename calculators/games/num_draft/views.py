"""NUM DRAFT's calculator pages: a pool, and a whole table with its opening."""

from __future__ import annotations

from typing import TypedDict

from django.http import HttpResponse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_safe

from calculators.templatetags.numsite import chip

from ...engines import numdraft
from ...engines.cards import AnyCard
from ...engines.numdraft import XS, Place, PoolResult, place_name
from ...engines.standings import standings
from ...web.pages import HtmxRequest, bound, page
from .forms import GRID_FIELDS, LEFT_FIELDS, RIGHT_FIELDS, DraftForm, DraftTableForm, OpeningForm


class StripCell(TypedDict):
    """One place of the strip: what it shows, and its markup (:func:`cell_html`)."""

    place: Place
    card: AnyCard | None
    points: int
    groups: list[int]  # indices in ``result.groups``
    neighbour: bool  # a neighbour's column, not the player's own
    label: str
    html: SafeString


def cell_html(
    card: AnyCard | None, points: int, groups: list[int], neighbour: bool, label: str
) -> SafeString:
    """One place of the strip: its card as a chip, its points, and classes naming its groups.
    Drawn in Python: fifteen places, each six template conditions, were half of the NUM DRAFT
    page's time."""
    classes = "place d-flex flex-column align-items-center justify-content-center"
    if neighbour:
        classes += " neighbour"
    if card:
        classes += " filled"
    if groups:
        classes += " grouped" + "".join(f" gl{i}-{g}" for i, g in enumerate(groups, start=1))
    title = escape(label) + (f" : +{points}" if points else "")
    tally = f'<span class="pts">+{points}</span>' if points else ""
    return mark_safe(  # safe HTML: the label escaped, the rest numbers, the chip safe HTML
        f'\n    <div class="{classes}"\n         title="{title}">\n      {chip(card) if card else ""}'
        f"\n      {tally}\n    </div>\n  "
    )


def strip_rows(result: PoolResult) -> list[list[StripCell]]:
    """The pool's 3 × 5 strip, row by row, as drawn: card, points, indices of its groups."""
    membership: dict[tuple[int, int], list[int]] = {}
    for index, group in enumerate(result.groups):
        for place in group.places:
            membership.setdefault(place, []).append(index)
    rows: list[list[StripCell]] = []
    for y in range(3):
        row: list[StripCell] = []
        for x in XS:
            card = result.pool.at((x, y))
            points = result.place_points.get((x, y), 0)
            groups = membership.get((x, y), [])
            label = place_name((x, y))
            neighbour = x in (-1, 3)
            row.append(
                {
                    "place": (x, y),
                    "card": card,
                    "points": points,
                    "groups": groups,
                    "neighbour": neighbour,
                    "label": label,
                    "html": cell_html(card, points, groups, neighbour, label),
                }
            )
        rows.append(row)
    return rows


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
