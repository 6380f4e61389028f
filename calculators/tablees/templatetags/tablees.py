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
        found = linked_tablee(game)
        if found is not None:
            name, read_token = found
            info["tablee"] = {"name": name}
            # the tablée's read link: a party's edit link gives no power over its tablée
            info["tablee_url"] = reverse("tablees:tablee", args=[read_token])
    return info


def linked_tablee(game: Game) -> tuple[str, str] | None:
    """The name and read token of the tablée the party counts in, or ``None``: every edit
    sheet asks (a write's answer too), nearly always for a party in no tablée, so by one
    indexed look-up whose SQL is written once (``tablees.services.party_links``)."""
    rows = party_links(game, ("tablee__name", "tablee__read_token"), first=True)
    return (str(rows[0][0]), str(rows[0][1])) if rows else None
