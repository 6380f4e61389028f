"""NUM CHECK's calculator pages: the score, the detector and the sheets share one page."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.views.decorators.http import require_http_methods, require_safe

from ...engines import numcheck
from ...web.pages import HtmxRequest, bound, is_live, page
from .forms import CheckForm, DetectForm, SheetForm

TEMPLATE = "games/num_check/calculator.html"


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
