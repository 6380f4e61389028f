"""Parties template helpers."""

import hashlib
from collections.abc import Iterable
from typing import Any

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag(takes_context=True)
def party_url(context: template.Context, view: str, *args: str) -> str:
    """``reverse(view, [token, *args])`` for the party being drawn (its ``token``).

    In the live board sent to the phones' poll (context ``relative_urls``), the URL is written
    relative to the party's page (``claim_delete/``, ``tableau/?v=…``): that fragment then holds
    no secret link, and may be compressed without a BREACH-style attacker having a token to
    guess (numsite.security.PublicGZipMiddleware). It is only ever swapped into the party's
    page, ``/parties/<token>/``, against which the browser resolves it.
    """
    token = context["token"]
    url = reverse(view, args=[token, *args])
    if context.get("relative_urls"):
        page = reverse("parties:game", args=[token])
        if not url.startswith(page):  # pragma: no cover - every party URL lives under its page
            raise ValueError(url)
        return url[len(page) :]
    return url


@register.simple_tag
def entries_made(kind: Any, row: Any) -> int:
    """A player's entries made, for the standings (``{% entries_made kind row as made %}``)."""
    return int(kind.entries_made(row))


def _lookup(item: Any, path: list[str]) -> object:
    for part in path:
        item = item[int(part)] if part.isdigit() else getattr(item, part)
    return item


@register.filter
def fingerprint(items: Iterable[Any], lookups: str = "") -> str:
    """A digest of what a cached fragment draws from each of ``items``, for its key:
    ``{% cache … row.detail|fingerprint:"0.pk 0.position 1.total" %}``. ``lookups`` names,
    space-separated, the dotted attributes or indexes the fragment reads of each item; each
    should end at a plain value (a number, a text, a tuple of them), whose ``repr`` is what is
    digested (no ``lookups``: each item itself). So the fragment is drawn again whenever one of
    them changes, and only then."""
    paths = [lookup.split(".") for lookup in lookups.split()] or [[]]
    values = [[_lookup(item, path) for path in paths] for item in items or ()]
    return hashlib.sha256(repr(values).encode()).hexdigest()


@register.filter
def digest(item: Any, lookups: str = "") -> str:
    """:func:`fingerprint` of one object: ``{% cache … row|digest:"total position" %}``."""
    return fingerprint([item], lookups)
