"""Calculator pages: one view serves the page and its htmx fragment (ARCHITECTURE.md).

The state of every calculator lives in the URL (GET), so a result is a permalink. With htmx the
view answers only the fragment named after the form (``#check-result`` …); without it, the
whole game page.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import push_url, reswap, retarget

from rules.views import rulebook_context

from .engines import numcheck, numdraft
from .engines.standings import standings
from .forms import (
    GRID_FIELDS,
    LEFT_FIELDS,
    RIGHT_FIELDS,
    CheckForm,
    ConnectForm,
    DetectForm,
    DraftForm,
    DraftTableForm,
    Num5Form,
    OpeningForm,
    SheetForm,
)
from .presenters import strip_rows


def _bound(
    request: HttpRequest,
    form_class: type,
    keys: tuple[str, ...],
    form_kwargs: dict[str, Any] | None = None,
    **defaults: str,
) -> Any:
    """A form bound to the query string when it holds one of ``keys``, else unbound."""
    if any(k in request.GET for k in keys):
        data: QueryDict = request.GET.copy()
        for key, value in defaults.items():
            if not data.get(key):
                data[key] = value
        return form_class(data, **(form_kwargs or {}))
    return form_class(initial=defaults, **(form_kwargs or {}))


def _live(request: HttpRequest) -> bool:
    """An htmx request sent as the player types or taps (numsite.js marks it), not a submit:
    counting errors wait until the cards are all there."""
    return bool(request.htmx) and request.headers.get("X-Numsite-Live") == "1"


def _page(
    request: HttpRequest, slug: str, template: str, fragment: str, context: dict[str, Any]
) -> HttpResponse:
    if request.htmx and fragment and not request.htmx.boosted:
        return render(request, f"{template}#{fragment}", context)
    full = rulebook_context(slug) | context
    full["game_tab"] = (
        "calculer"  # every calculator URL opens on the calculator (the rules: /<game>/regles/)
    )
    return render(request, template, full)


# --------------------------------------------------------------------------- NUM CHECK


def _check_context(request: HttpRequest, active: str = "score") -> dict[str, Any]:
    live = {"live": _live(request)}
    form = _bound(request, CheckForm, ("combo", "cards"), live, rank="1")
    valid = form.is_bound and form.is_valid()
    return {
        "form": form,
        "result": form.result if valid else None,
        "rank_table": form.rank_table if valid else None,
        "rank_note": form.rank_note if valid else "",
        "detect_form": _bound(request, DetectForm, ("hand", "centre"), live, rank="1"),
        "progress": form.progress if form.is_bound else None,
        "sheet_form": SheetForm(),
        "combos": numcheck.COMBOS,
        "active": active,
    }


@require_safe
def num_check(request: HttpRequest) -> HttpResponse:
    context = _check_context(request)
    return _page(request, "num-check", "calculators/num_check.html", "check-result", context)


@require_safe
def num_check_detect(request: HttpRequest) -> HttpResponse:
    context = _check_context(request, "detect")
    form = context["detect_form"]
    context["detected"] = form.result if form.is_bound and form.is_valid() else None
    return _page(request, "num-check", "calculators/num_check.html", "detect-result", context)


@require_http_methods(["GET", "HEAD", "POST"])
def num_check_sheet(request: HttpRequest) -> HttpResponse:
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
    return _page(request, "num-check", "calculators/num_check.html", "sheet-result", context)


# --------------------------------------------------------------------------- NUM DRAFT

DRAFT_KEYS = tuple(GRID_FIELDS + LEFT_FIELDS + RIGHT_FIELDS + ["mode"])


@require_safe
def num_draft(request: HttpRequest) -> HttpResponse:
    form = _bound(request, DraftForm, DRAFT_KEYS, mode=numdraft.CLASSIC, values="0-12")
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
    return _page(request, "num-draft", "calculators/num_draft.html", "draft-result", context)


@require_safe
def num_draft_table(request: HttpRequest) -> HttpResponse:
    form = _bound(request, DraftTableForm, ("players",), mode=numdraft.CLASSIC)
    opening_form = _bound(request, OpeningForm, ("turned",))
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
    return _page(request, "num-draft", "calculators/num_draft_table.html", fragment, context)


# --------------------------------------------------------------------------- Num 5


@require_safe
def num_5(request: HttpRequest) -> HttpResponse:
    """The Num 5 sheet; the form applies ``add``/``remove`` and keeps cells with their player.

    With htmx, a change of the table's rows or columns (or a request aimed at the whole
    calculator) answers the whole ``#num5-calculator``; otherwise only the result. The URL
    pushed is the sheet as drawn, so Back returns to the state before an action. Without
    JavaScript, ✕ and « Ajouter » are GETs that change only the URL: Back restores the sheet,
    and « Rétablir » links to the state before a removal.
    """
    form = Num5Form(request.GET) if "players" in request.GET else Num5Form()
    result = form.result if form.is_bound and form.is_valid() else None
    context = {
        "form": form,
        "result": result,
        "rows": form.rows() if form.is_bound else [],
        "rounds_running": list(zip(result.rounds, result.running, strict=True)) if result else [],
        "restore_url": f"{request.path}?{form.restore_query}" if form.restore_query else "",
    }
    if not request.htmx or request.htmx.boosted:
        return _page(request, "num-5", "calculators/num_5.html", "num5-result", context)
    whole = form.reshaped or request.htmx.target == "num5-calculator"
    fragment = "num5-calculator" if whole else "num5-result"
    context["oob"] = not whole  # the result alone refreshes the errors and the pending round
    response = render(request, f"calculators/num_5.html#{fragment}", context)
    if whole and request.htmx.target != "num5-calculator":
        retarget(response, "#num5-calculator")
        reswap(response, "outerHTML")
    if form.is_bound:
        push_url(response, f"{request.path}?{form.permalink()}")
    return response


# --------------------------------------------------------------------------- Num Connect


@require_safe
def num_connect(request: HttpRequest) -> HttpResponse:
    form = _bound(request, ConnectForm, ("cards",))
    context = {"form": form, "result": form.result if form.is_bound and form.is_valid() else None}
    return _page(request, "num-connect", "calculators/num_connect.html", "connect-result", context)
