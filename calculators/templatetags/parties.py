"""Parties template helpers."""

import hashlib
from collections.abc import Iterable
from typing import Any

from django import template
from django.urls import reverse

from ..parties.deals import sheet_url
from ..parties.edit_only import EDIT_ONLY_END, EDIT_ONLY_START

register = template.Library()


class EditOnlyNode(template.Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        # the board says whether the sheet is over (the table or the game's own rules ended it)
        over = context.get("board", context.get("game"))
        if over is not None and over.finished:
            return ""  # a finished sheet is corrected by reopening it first
        if context.get("both_links"):
            return f"{EDIT_ONLY_START}{self.nodelist.render(context)}{EDIT_ONLY_END}"
        return self.nodelist.render(context) if context.get("can_edit") else ""


@register.tag("edit_only")
def edit_only(parser: template.base.Parser, token: template.base.Token) -> EditOnlyNode:
    """``{% edit_only %}…{% endedit_only %}``: what only the edit link shows, while the sheet is
    open. Not nested.

    With ``both_links`` (the live board, docs/architecture.md « One Parties write ») the part
    is drawn between markers that :func:`calculators.parties.edit_only.for_link` cuts for the
    read link; no player's text can forge a marker, as it is escaped when drawn."""
    nodelist = parser.parse(("endedit_only",))
    parser.delete_first_token()
    return EditOnlyNode(nodelist)


@register.simple_tag(takes_context=True)
def party_url(context: template.Context, view: str, *args: str) -> str:
    """``reverse(view, [token, *args])`` for the party being drawn (its ``token``).

    With ``relative_urls`` (the live board the phones poll) the URL is relative to the party's
    page, the only page that fragment is swapped into: it then holds no token, so it may be
    compressed (numsite.security.PublicGZipMiddleware).
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
    ``{% cache … row.detail|fingerprint:"0.pk 0.position 1.total" %}``. Each lookup must end at
    a plain value (a number, a text, a tuple of them): its ``repr`` is what is digested."""
    paths = [lookup.split(".") for lookup in lookups.split()] or [[]]
    values = [[_lookup(item, path) for path in paths] for item in items or ()]
    return hashlib.sha256(repr(values).encode()).hexdigest()


@register.filter
def digest(item: Any, lookups: str = "") -> str:
    """:func:`fingerprint` of one object: ``{% cache … row|digest:"total position" %}``."""
    return fingerprint([item], lookups)


@register.filter
def deal_sheet(game: Any) -> str:
    """The sheet of the prepared deal a Party plays (docs/deals.md#donnes-partie), ``""`` for a
    free game."""
    return sheet_url(game)
