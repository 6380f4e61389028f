"""Num Connect's routes of the Parties API: ``…/hands`` and ``…/hands/<number>``."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_noop
from ninja import Field, Router

from ....parties.api import WriteIn, party_of, route
from . import writes

router = Router(tags=["Parties"])


class NumConnectPartyHandIn(WriteIn):
    out: str = Field(description="The player who laid their last card first, by name.")
    left: dict[str, int | None] = Field(
        default_factory=dict,
        description="Optional, by name: the cards each other player still held (0–12); for "
        "every other player or for none. The player who went out holds 0.",
    )


@route(
    router, "POST", "/parties/{token}/hands", url_name="party_hands", status=201,
    summary=gettext_noop("Num Connect : ajouter une manche (qui a posé sa dernière carte)"),
)  # fmt: skip
def _hand_add(request: HttpRequest, token: str, payload: NumConnectPartyHandIn) -> None:
    game = party_of(request)
    writes.add_hand(game, payload.out, payload.left, payload.if_version)


@route(
    router, "DELETE", "/parties/{token}/hands/{int:number}", url_name="party_hand",
    summary=gettext_noop("Num Connect : supprimer une manche"),
)  # fmt: skip
def _hand_delete(request: HttpRequest, token: str, payload: WriteIn, number: int) -> None:
    game = party_of(request)
    writes.delete_hand(game, number, payload.if_version)
