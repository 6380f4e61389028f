"""/donnes/: the printable sheet of a prepared deal (docs/deals.md): each seat's cards, a box to
tick per card as the dealer sorts them out; /donnes/preparer/: the dealer walked through the
sorted deck, one card a step (docs/deals.md#donnes-preparer)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_safe

from numsite import throttle

from ..core import registry
from ..engines import deals
from .forms import DealSheetForm, PrepareForm

#: The grid's places, row by row from the top left (a step's ``index``).
GRID_PLACES = (
    gettext_lazy("haut-gauche"),
    gettext_lazy("haut-milieu"),
    gettext_lazy("haut-droite"),
    gettext_lazy("milieu-gauche"),
    gettext_lazy("centre"),
    gettext_lazy("milieu-droite"),
    gettext_lazy("bas-gauche"),
    gettext_lazy("bas-milieu"),
    gettext_lazy("bas-droite"),
)


@require_safe
# NUM DRAFT's best scores cost up to seconds of CPU a sheet (docs/deals.md#donnes-meilleur)
@throttle.limit("deals-best", "DEALS_BEST_RATE", methods=None)
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
            "best": deal["best"][n - 1] if "best" in deal else None,
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
        "numero": form.cleaned_data.get("numero"),
    }
    return render(request, "deals/sheet.html", context)


def destination(step: deals.Step, game: str) -> str:
    """Where a step's card goes, as the page says it: « siège 3, grille, place haut-gauche »."""
    if step.place == deals.ROW:
        return gettext("rangée {row}").format(row=step.index + 1)
    if step.place == deals.GRID:
        return gettext("siège {seat}, grille, place {place}").format(
            seat=step.seat, place=GRID_PLACES[step.index]
        )
    if game == deals.NUM_DRAFT:
        return gettext("siège {seat}, main").format(seat=step.seat)
    return gettext("siège {seat}").format(seat=step.seat)


@require_safe
def prepare(request: HttpRequest) -> HttpResponse:
    """One step of the dealer's walk through the sorted deck (``etape``, 1 first): the card, where
    it goes, plain links to the next and previous steps (the page works without JavaScript)."""
    form = PrepareForm(request.GET or None)
    sheet = reverse("deals:sheet")
    if not form.is_bound:
        return redirect(sheet)
    if not form.is_valid() or form.result is None:
        return render(request, "deals/prepare.html", {"form": form, "sheet": sheet}, status=400)
    answer = form.result
    if not form.cleaned_data.get("graine"):
        query = request.GET.copy()
        query["graine"] = answer["seed"]
        return redirect(f"{request.path}?{urlencode(sorted(query.items()))}")
    dealt = deals.deal(answer["game"], answer["seats"], answer["seed"], answer["deck"])
    walk = deals.steps(dealt)
    number = form.cleaned_data.get("etape") or 1
    if number > len(walk):
        form.add_error(
            "etape",
            gettext("Cette donne a {count} étapes : choisissez de 1 à {count}.").format(
                count=len(walk)
            ),
        )
        return render(request, "deals/prepare.html", {"form": form, "sheet": sheet}, status=400)
    base = urlencode(sorted((k, v) for k, v in request.GET.items() if k != "etape"))
    step = walk[number - 1]
    game = registry.by_api_name(answer["game"])
    following = walk[number] if number < len(walk) else None
    context = {
        "form": form,
        "deal": answer,
        "game_name": game.name,
        "mode_name": game.mode_label(answer["mode"]),
        "numero": form.cleaned_data.get("numero"),
        "step": step,
        "number": number,
        "total": len(walk),
        "destination": destination(step, answer["game"]),
        "following": following,
        "following_destination": destination(following, answer["game"]) if following else "",
        "next_url": f"?{base}&etape={number + 1}" if following else "",
        "previous_url": f"?{base}&etape={number - 1}" if number > 1 else "",
        "sheet": f"{sheet}?{base}",
    }
    return render(request, "deals/prepare.html", context)
