"""/donnes/: the printable sheet of a prepared deal (docs/deals.md): each seat's cards, a box to
tick per card as the dealer sorts them out."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from ..core import registry
from .forms import DealSheetForm


@require_safe
def deal_sheet(request: HttpRequest) -> HttpResponse:
    """The form alone without a query; with one, the deal's sheet (a seed drawn when the query
    has none: the page then moves to the address that names it, to print or share again)."""
    form = DealSheetForm(request.GET or None)
    if not form.is_bound:
        return render(request, "deals/sheet.html", {"form": form})
    if not form.is_valid() or form.result is None:
        return render(request, "deals/sheet.html", {"form": form}, status=400)
    deal = form.result
    if not form.cleaned_data.get("graine"):
        query = request.GET.copy()
        query["graine"] = deal["seed"]
        return redirect(f"{request.path}?{urlencode(sorted(query.items()))}")
    seats = [
        {
            "number": n,
            "grid": deal["grids"][n - 1] if "grids" in deal else [],
            "hand": hand,
        }
        for n, hand in enumerate(deal["hands"], start=1)
    ]
    game = registry.by_api_name(deal["game"])
    context = {
        "form": form,
        "deal": deal,
        "seats": seats,
        "game_name": game.name,
        "mode_name": game.mode_label(deal["mode"]),
    }
    return render(request, "deals/sheet.html", context)
