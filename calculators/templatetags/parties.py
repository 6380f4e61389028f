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
    """``{% edit_only %}…{% endedit_only %}``: what only the edit link shows (a correction
    link, a ✕), and only while the sheet is open.

    The live board is drawn once per version for both links (context ``both_links``): there
    the part is drawn between two markers, which :func:`calculators.parties.edit_only.for_link`
    keeps for the edit link and cuts, with what they hold, for the read link. No player's text
    can hold a marker: what a player typed is escaped when drawn (``<`` becomes ``&lt;``).
    Not nested."""
    nodelist = parser.parse(("endedit_only",))
    parser.delete_first_token()
    return EditOnlyNode(nodelist)


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


@register.filter
def deal_sheet(game: Any) -> str:
    """The sheet of the prepared deal a Party plays (docs/deals.md#donnes-partie), ``""`` for a
    free game."""
    return sheet_url(game)
