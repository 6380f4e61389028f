"""The tablées' part of a party's edit page (``templates/tablees/_party_link.html``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ...parties.board import Board
from ...parties.models import Game
from .. import bgstats
from ..models import TableeParty

register = template.Library()


@register.simple_tag
def party_tablee(game: Game, can_edit: bool, board: Board | None) -> dict[str, Any]:
    """The party's tablée (edit link only: a read link never reveals it) and, once the party
    is finished, its « Envoyer à BG Stats » link."""
    info: dict[str, Any] = {"tablee": None, "tablee_url": "", "bgstats_url": ""}
    if board is not None and board.finished:
        info["bgstats_url"] = bgstats.url(game, board)
    if can_edit:
        link = TableeParty.objects.filter(game=game).select_related("tablee").first()
        if link is not None:
            info["tablee"] = link.tablee
            # the tablée's read link: a party's edit link gives no power over its tablée
            info["tablee_url"] = reverse("tablees:tablee", args=[link.tablee.read_token])
    return info
