"""Num 5's routes of the Parties API: ``…/rounds``, ``…/rounds/<number>``, ``…/turns`` and
``…/turns/tally``."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_noop
from ninja import Field, Router

from ....parties.api import WriteIn, party_of, route
from ..api import Num5EntryIn
from . import writes

router = Router(tags=["Parties"])


class Num5PartyRoundIn(WriteIn):
    entries: dict[str, Num5EntryIn] = Field(
        description='By player\'s name: `{"cards": [...]}` or `{"plus": n, "minus": m}`.'
    )


class Num5PartyTurnIn(WriteIn):
    cards: dict[str, str] = Field(description="The card each player reveals, by name.")
    rows: dict[str, int] = Field(
        default_factory=dict,
        description="By name, the row (0–3, table order) a player's card goes to when it ties "
        "between rows; without it, table order. Outside the tied rows → 400.",
    )


@route(
    router, "POST", "/parties/{token}/rounds", url_name="party_rounds", status=201,
    summary=gettext_noop("Num 5 : ajouter une manche"),
)  # fmt: skip
def _round_add(request: HttpRequest, token: str, payload: Num5PartyRoundIn) -> None:
    game = party_of(request)
    writes.add_round(game, _entries(payload), payload.if_version)


def _entries(payload: Num5PartyRoundIn) -> dict[str, dict[str, object]]:
    return {name: entry.model_dump(exclude_unset=True) for name, entry in payload.entries.items()}


@route(
    router, "PATCH", "/parties/{token}/rounds/{int:number}", url_name="party_round",
    summary=gettext_noop("Num 5 : corriger une manche (seuls les joueurs donnés changent)"),
)  # fmt: skip
def _round_edit(request: HttpRequest, token: str, payload: Num5PartyRoundIn, number: int) -> None:
    game = party_of(request)
    writes.edit_round(game, number, _entries(payload), payload.if_version)


@route(
    router, "DELETE", "/parties/{token}/rounds/{int:number}", url_name="party_round",
    summary=gettext_noop("Num 5 : supprimer une manche"),
)  # fmt: skip
def _round_delete(request: HttpRequest, token: str, payload: WriteIn, number: int) -> None:
    game = party_of(request)
    writes.delete_round(game, number, payload.if_version)


@route(
    router, "POST", "/parties/{token}/turns", url_name="party_turns", status=201,
    summary=gettext_noop("Num 5 : jouer un tour de la manche en cours"),
)  # fmt: skip
def _turn(request: HttpRequest, token: str, payload: Num5PartyTurnIn) -> None:
    game = party_of(request)
    writes.play_turn(game, payload.cards, payload.if_version, payload.rows)


@route(
    router, "POST", "/parties/{token}/turns/tally", url_name="party_turns_tally", status=201,
    summary=gettext_noop("Num 5 : reporter la manche jouée"),
)  # fmt: skip
def _tally(request: HttpRequest, token: str, payload: WriteIn) -> None:
    game = party_of(request)
    writes.tally_turns(game, payload.if_version)
