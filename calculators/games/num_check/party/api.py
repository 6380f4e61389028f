"""NUM CHECK's routes of the Parties API: ``…/claims`` and ``…/claims/<id>``."""

from __future__ import annotations

from typing import Any

from django.urls import path
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ....engines.cards import InputError
from ....parties.api import endpoint, if_version, player_named, required
from ....parties.models import Game
from . import writes


def _claim_add(game: Game, data: dict) -> int:
    player = player_named(game, required(data, "player"))
    writes.add_claim(game, player, required(data, "combo"), _cards(data), if_version(data))
    return 201


def _cards(data: dict) -> Any:
    cards = required(data, "cards")
    if not isinstance(cards, list | str):
        raise InputError("cards", gettext("« cards » est une liste de cartes."))
    return cards


def _claim_edit(game: Game, data: dict, claim: int) -> None:
    writes.edit_claim(game, claim, data.get("combo"), _cards(data), if_version(data))


def _claim_delete(game: Game, data: dict, claim: int) -> None:
    writes.delete_claim(game, claim, if_version(data))


claims = endpoint(POST=(_claim_add, True))
claim = endpoint(PUT=(_claim_edit, True), DELETE=(_claim_delete, True))

urlpatterns = [
    path("claims", claims, name="party_claims"),
    path("claims/<int:claim>", claim, name="party_claim"),
]
#: (method, path, what it does): the lines of the /api/ page for these routes
api_docs = [
    ("POST", "/api/v1/parties/<jeton>/claims", _("NUM CHECK : enregistrer une annonce")),
    ("PUT, DELETE", "/api/v1/parties/<jeton>/claims/<id>", _("Corriger, supprimer une annonce")),
]
