"""The tablées' part of a party's edit page (``templates/tablees/_party_link.html``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ...parties.board import Board
from ...parties.models import Game
from .. import bgstats
from ..services import party_links

register = template.Library()


@register.simple_tag
def party_tablee(game: Game, can_edit: bool, board: Board | None) -> dict[str, Any]:
    """The party's tablée (edit link only: a read link never reveals it) and, once the party
    is finished, its « Envoyer à BG Stats » link."""
    info: dict[str, Any] = {"tablee": None, "tablee_url": "", "bgstats_url": ""}
    if board is not None and board.finished:
        info["bgstats_url"] = bgstats.url(game, board)
    if can_edit:
        info.update(_tablee_info(game))
    return info


@register.inclusion_tag("tablees/_party_back.html")
def party_tablee_back(game: Game, can_edit: bool) -> dict[str, Any]:
    """The way back to the party's tablée, under the party's title (edit link only): the same
    look-up as the tablée part below, made once for both."""
    return _tablee_info(game) if can_edit else {"tablee": None}


def _tablee_info(game: Game) -> dict[str, Any]:
    found = linked_tablee(game)
    if found is None:
        return {"tablee": None}
    name, read_token = found
    # the tablée's read link: a party's edit link gives no power over its tablée
    return {"tablee": {"name": name}, "tablee_url": reverse("tablees:tablee", args=[read_token])}


#: where :func:`linked_tablee` keeps its answer on the party's instance, for one page's parts
_MEMO = "_tablee_link"


def linked_tablee(game: Game) -> tuple[str, str] | None:
    """The name and read token of the tablée the party counts in, or ``None``: every edit
    sheet asks (a write's answer too), nearly always for a party in no tablée, so by one
    indexed look-up whose SQL is written once (``tablees.services.party_links``), kept on the
    instance for the page's other part (an instance lives for one request)."""
    memo = game.__dict__.get(_MEMO)
    if memo is not None and memo[0] == game.version:
        return memo[1]
    rows = party_links(game, ("tablee__name", "tablee__read_token"), first=True)
    found = (str(rows[0][0]), str(rows[0][1])) if rows else None
    game.__dict__[_MEMO] = (game.version, found)
    return found
