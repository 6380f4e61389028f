"""The tablées' part of a party's edit page (``templates/tablees/_party_link.html``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ...engines import ratings
from ...parties import kinds
from ...parties.board import Board
from ...parties.models import Game
from .. import bgstats
from ..models import TableeParty
from ..services import party_links, seat_members
from ..stats import summary

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
    look-up as the tablée part below, made once for both; and, before the party starts, each
    player's chance to win from the tablée's ratings, unless the tablée turned it off."""
    info: dict[str, Any] = _tablee_info(game) if can_edit else {"tablee": None}
    if info["tablee"] is not None and info["tablee"]["win_chances"]:
        info["chances"] = win_chances(game)
    return info


def win_chances(game: Game) -> list[dict[str, Any]]:
    """Each player's chance to win, in percent, in seating order (docs/ratings.md#cote-pronostic):
    OpenSkill's prediction from the tablée's ratings of this game (cached with its statistics;
    a guest or a member never rated counts as new). None once the party has an entry or is
    finished, or when the tablée's « Afficher les chances de victoire » is off."""
    if game.finished or kinds.of(game).has_entries(game):
        return []
    link = TableeParty.objects.select_related("tablee").filter(game=game).first()
    if link is None:
        return []
    players = list(game.players.all())
    if len(players) < 2:
        return []
    seated = seat_members(players, list(link.tablee.members.all()), link.seats)
    rated = {
        r["member"]: ratings.Skill(r["mu"], r["sigma"])
        for r in summary(link.tablee).get("ratings", {}).get(game.api_name, [])
    }
    skills = [
        rated.get(m.pk, ratings.new_skill()) if m is not None else ratings.new_skill()
        for m in seated
    ]
    chances = ratings.win_chances(skills)
    return [
        {"name": p.name, "percent": round(100 * c)} for p, c in zip(players, chances, strict=True)
    ]


def _tablee_info(game: Game) -> dict[str, Any]:
    found = linked_tablee(game)
    if found is None:
        return {"tablee": None}
    name, read_token, chances = found
    # the tablée's read link: a party's edit link gives no power over its tablée
    return {
        "tablee": {"name": name, "win_chances": chances},
        "tablee_url": reverse("tablees:tablee", args=[read_token]),
    }


#: where :func:`linked_tablee` keeps its answer on the party's instance, for one page's parts
_MEMO = "_tablee_link"


def linked_tablee(game: Game) -> tuple[str, str, bool] | None:
    """The name, read token and « Afficher les chances de victoire » of the tablée the party
    counts in, or ``None``: every edit
    sheet asks (a write's answer too), nearly always for a party in no tablée, so by one
    indexed look-up whose SQL is written once (``tablees.services.party_links``), kept on the
    instance for the page's other part (an instance lives for one request)."""
    memo: tuple[int, tuple[str, str, bool] | None] | None = game.__dict__.get(_MEMO)
    if memo is not None and memo[0] == game.version:
        return memo[1]
    rows = party_links(
        game, ("tablee__name", "tablee__read_token", "tablee__win_chances"), first=True
    )
    found = (str(rows[0][0]), str(rows[0][1]), bool(rows[0][2])) if rows else None
    game.__dict__[_MEMO] = (game.version, found)
    return found
