"""NUM CHECK's calculator pages: the score, the detector, the outs and the sheets share one page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_safe

from ...engines import numcheck
from ...web.pages import HtmxRequest, bound, is_live, page
from .answers import group_outs
from .forms import CheckForm, DetectForm, OutsForm, SheetForm

TEMPLATE = "games/num_check/calculator.html"
#: the result of « Quelles cartes guetter ? », for any page that shows a player's outs
OUTS_TEMPLATE = "games/num_check/_outs.html"


#: what a tapped out opens: the URL of one CHECK (its combination, its five cards, its rank)
OutLink = Callable[[numcheck.Detected], str]


def score_link(check: numcheck.Detected) -> str:
    """An out opens its score in the calculator, prefilled through the URL (Back returns)."""
    query = urlencode(
        {
            "combo": check.combo.key,
            "cards": " ".join(c.code for c in check.cards),
            "rank": str(check.result.rank),
        }
    )
    return f"{reverse('calculators:num_check')}?{query}#calcul"


def outs_context(
    found: list[numcheck.Out] | None, rank: int, link: OutLink = score_link
) -> dict[str, Any]:
    """What ``_outs.html`` draws: :func:`.answers.group_outs`, each card with the URL ``link``
    gives it (a party's entry fills its claim instead). ``found`` is ``None`` until a hand is
    entered."""
    if found is None:
        return {"outs": None, "out_groups": (), "outs_rank": rank}
    groups = [replace(g, links=tuple(link(d) for d in g.checks)) for g in group_outs(found)]
    return {"outs": found, "out_groups": groups, "outs_rank": rank}


def _check_context(request: HtmxRequest, active: str = "score") -> dict[str, Any]:
    live = {"live": is_live(request)}
    form = bound(request, CheckForm, ("combo", "cards"), live, rank="1")
    valid = form.is_bound and form.is_valid()
    return {
        "form": form,
        "result": form.result if valid else None,
        "rank_table": form.rank_table if valid else None,
        "rank_note": form.rank_note if valid else "",
        "detect_form": bound(request, DetectForm, ("hand", "centre"), live, rank="1"),
        "outs_form": bound(request, OutsForm, ("outs-hand",), None, **{"outs-rank": "1"}),
        "progress": form.progress if form.is_bound else None,
        "sheet_form": SheetForm(),
        "combos": numcheck.COMBOS,
        "active": active,
    }


@require_safe
def num_check(request: HtmxRequest) -> HttpResponse:
    context = _check_context(request)
    return page(request, "num-check", TEMPLATE, "check-result", context)


@require_safe
def num_check_detect(request: HtmxRequest) -> HttpResponse:
    context = _check_context(request, "detect")
    form = context["detect_form"]
    context["detected"] = form.result if form.is_bound and form.is_valid() else None
    return page(request, "num-check", TEMPLATE, "detect-result", context)


@require_safe
def num_check_outs(request: HtmxRequest) -> HttpResponse:
    """« Quelles cartes guetter ? »: the cards that would complete a CHECK with the hand."""
    context = _check_context(request, "outs")
    form = context["outs_form"]
    valid = form.is_bound and form.is_valid()
    rank = form.cleaned_data["rank"] if valid else 1
    context.update(outs_context(form.result if valid else None, rank))
    return page(request, "num-check", TEMPLATE, "outs-result", context)


@require_http_methods(["GET", "HEAD", "POST"])
def num_check_sheet(request: HtmxRequest) -> HttpResponse:
    """Player sheets (stateless): GET shows the form, POST (or GET with data) scores it."""
    context = _check_context(request, "sheet")
    data = (
        request.POST
        if request.method == "POST"
        else (request.GET if "players" in request.GET else None)
    )
    form = SheetForm(data) if data is not None else SheetForm()
    context["sheet_form"] = form
    context["sheet"] = form.result if form.is_bound and form.is_valid() else None
    return page(request, "num-check", TEMPLATE, "sheet-result", context)
