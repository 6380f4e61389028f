"""NUM CHECK's routes of the Parties API: ``…/claims``, ``…/claims/<id>``, ``…/deck-turns``
and ``…/invalid-checks``."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_noop
from ninja import Field, Router

from ....parties import services
from ....parties.api import WriteIn, party_of, route
from . import writes

router = Router(tags=["Parties"])

CARDS = "The claim's cards (a list, or one text of cards separated by spaces)."


class NumCheckPartyClaimEditIn(WriteIn):
    combo: str | None = Field(None, description="The combination's key (unchanged if absent).")
    cards: list[str] | str = Field(description=CARDS)


class NumCheckPartyClaimIn(NumCheckPartyClaimEditIn):
    player: str = Field(description="The name of the player who claims it.")
    combo: str | None = Field(description="The combination's key (`paire`, `full`…).")


@route(
    router, "POST", "/parties/{token}/claims", url_name="party_claims", status=201,
    summary=gettext_noop("NUM CHECK : enregistrer une annonce"),
)  # fmt: skip
def _claim_add(request: HttpRequest, token: str, payload: NumCheckPartyClaimIn) -> None:
    game = party_of(request)
    writes.add_claim(
        game, services.Named(payload.player), payload.combo, payload.cards, payload.if_version
    )


@route(
    router, "PUT", "/parties/{token}/claims/{int:claim}", url_name="party_claim",
    summary=gettext_noop("Corriger une annonce (son rang ne change pas)"),
)  # fmt: skip
def _claim_edit(
    request: HttpRequest, token: str, payload: NumCheckPartyClaimEditIn, claim: int
) -> None:
    game = party_of(request)
    writes.edit_claim(game, claim, payload.combo, payload.cards, payload.if_version)


@route(
    router, "DELETE", "/parties/{token}/claims/{int:claim}", url_name="party_claim",
    summary=gettext_noop("Supprimer une annonce (les rangs suivants remontent)"),
)  # fmt: skip
def _claim_delete(request: HttpRequest, token: str, payload: WriteIn, claim: int) -> None:
    game = party_of(request)
    writes.delete_claim(game, claim, payload.if_version)


@route(
    router, "POST", "/parties/{token}/deck-turns", url_name="party_deck_turns", status=201,
    summary=gettext_noop("NUM CHECK : un tour de paquet terminé"),
)  # fmt: skip
def _deck_turn(request: HttpRequest, token: str, payload: WriteIn) -> None:
    game = party_of(request)
    writes.add_deck_turn(game, payload.if_version)


@route(
    router, "POST", "/parties/{token}/invalid-checks", url_name="party_invalid_checks", status=201,
    summary=gettext_noop("NUM CHECK : noter un CHECK invalide (sans rang ni points)"),
)  # fmt: skip
def _invalid_check(request: HttpRequest, token: str, payload: NumCheckPartyClaimIn) -> None:
    game = party_of(request)
    writes.add_invalid_check(
        game, services.Named(payload.player), payload.combo, payload.cards, payload.if_version
    )
