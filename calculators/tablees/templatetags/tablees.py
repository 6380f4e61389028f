"""The tablées' part of a party's edit page (``templates/tablees/_party_link.html``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django import template
from django.db import connections, router
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
        found = linked_tablee(game)
        if found is not None:
            name, read_token = found
            info["tablee"] = {"name": name}
            # the tablée's read link: a party's edit link gives no power over its tablée
            info["tablee_url"] = reverse("tablees:tablee", args=[read_token])
    return info


def linked_tablee(game: Game) -> tuple[str, str] | None:
    """The name and read token of the tablée the party counts in, or ``None``.

    Every edit sheet asks (a write's answer too), and nearly always for a party in no tablée:
    one indexed look-up whose SQL the ORM writes once per process and database (:func:`_sql`),
    run here with the party's id. Building and compiling the same queryset at each answer cost
    some twenty times the look-up itself."""
    alias = router.db_for_read(TableeParty)
    with connections[alias].cursor() as cursor:
        cursor.execute(_sql(alias), [game.pk])
        row = cursor.fetchone()
    return None if row is None else (str(row[0]), str(row[1]))


@cache
def _sql(alias: str) -> str:
    """``TableeParty.objects.filter(game=…).values_list("tablee__name",
    "tablee__read_token")[:1]`` as its database's SQL, the party's id its one parameter."""
    query = (
        TableeParty.objects.using(alias)
        .filter(game_id=0)
        .values_list("tablee__name", "tablee__read_token")[:1]
        .query
    )
    sql, params = query.get_compiler(alias).as_sql()
    if list(params) != [0]:  # pragma: no cover - the ORM names the party's id once
        raise ValueError(params)
    return sql
