"""Num Connect's calculator page: is a line valid, and why."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_safe

from ...web.pages import HtmxRequest, bound, page
from .forms import ConnectForm

TEMPLATE = "games/num_connect/calculator.html"


@require_safe
def num_connect(request: HtmxRequest) -> HttpResponse:
    form = bound(request, ConnectForm, ("cards",))
    context = {"form": form, "result": form.result if form.is_bound and form.is_valid() else None}
    return page(request, "num-connect", TEMPLATE, "connect-result", context)
