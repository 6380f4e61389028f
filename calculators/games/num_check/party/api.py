"""NUM CHECK's routes of the Parties API: ``…/claims``, ``…/claims/<id>``, ``…/deck-turns``
and ``…/invalid-checks``."""

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


def _deck_turn(game: Game, data: dict) -> int:
    writes.add_deck_turn(game, if_version(data))
    return 201


def _invalid_check(game: Game, data: dict) -> int:
    player = player_named(game, required(data, "player"))
    writes.add_invalid_check(game, player, required(data, "combo"), _cards(data), if_version(data))
    return 201


claims = endpoint(POST=(_claim_add, True))
claim = endpoint(PUT=(_claim_edit, True), DELETE=(_claim_delete, True))

urlpatterns = [
    path("claims", claims, name="party_claims"),
    path("claims/<int:claim>", claim, name="party_claim"),
    path("deck-turns", endpoint(POST=(_deck_turn, True)), name="party_deck_turns"),
    path("invalid-checks", endpoint(POST=(_invalid_check, True)), name="party_invalid_checks"),
]
#: (method, path, what it does): the lines of the /api/ page for these routes
api_docs = [
    ("POST", "/api/v1/parties/<jeton>/claims", _("NUM CHECK : enregistrer une annonce")),
    ("PUT, DELETE", "/api/v1/parties/<jeton>/claims/<id>", _("Corriger, supprimer une annonce")),
    ("POST", "/api/v1/parties/<jeton>/deck-turns", _("NUM CHECK : un tour de paquet terminé")),
    (
        "POST",
        "/api/v1/parties/<jeton>/invalid-checks",
        _("NUM CHECK : noter un CHECK invalide (sans rang ni points)"),
    ),
]
