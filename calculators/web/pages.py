"""One view serves a calculator page and its htmx fragment.

The state of every calculator lives in the URL (GET), so a result is a permalink. With htmx a
view answers only the fragment named after its form (``#check-result`` …); without it, the
whole game page, beside the game's rulebook.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails

from rules.views import rulebook_context

F = TypeVar("F", bound=forms.BaseForm)


class HtmxRequest(HttpRequest):
    """A request as the views get it: django-htmx's middleware (``settings.MIDDLEWARE``) has
    set ``htmx``, falsy when the request is not htmx's."""

    htmx: HtmxDetails


def bound(
    request: HttpRequest,
    form_class: type[F],
    keys: tuple[str, ...],
    form_kwargs: dict[str, Any] | None = None,
    **defaults: str,
) -> F:
    """A form bound to the query string when it holds one of ``keys``, else unbound."""
    if any(k in request.GET for k in keys):
        data: QueryDict = request.GET.copy()
        for key, value in defaults.items():
            if not data.get(key):
                data[key] = value
        return form_class(data, **(form_kwargs or {}))
    return form_class(initial=defaults, **(form_kwargs or {}))


def is_live(request: HtmxRequest) -> bool:
    """An htmx request sent as the player types or taps (numsite.js marks it), not a submit:
    counting errors wait until the cards are all there."""
    return bool(request.htmx) and request.headers.get("X-Numsite-Live") == "1"


def page(
    request: HtmxRequest, slug: str, template: str, fragment: str, context: dict[str, Any]
) -> HttpResponse:
    if request.htmx and fragment and not request.htmx.boosted:
        return render(request, f"{template}#{fragment}", context)
    full = rulebook_context(slug) | context
    full["game_tab"] = (
        "calculer"  # every calculator URL opens on the calculator (the rules: /<game>/regles/)
    )
    return render(request, template, full)
