"""Num 5's routes of the Parties API: ``…/rounds``, ``…/rounds/<number>``, ``…/turns`` and
``…/turns/tally``."""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext_lazy as _

from ....parties.api import endpoint, if_version, required
from ....parties.models import Game
from . import writes


def _round_add(game: Game, data: dict) -> int:
    writes.add_round(game, required(data, "entries"), if_version(data))
    return 201


def _round_edit(game: Game, data: dict, number: int) -> None:
    writes.edit_round(game, number, required(data, "entries"), if_version(data))


def _round_delete(game: Game, data: dict, number: int) -> None:
    writes.delete_round(game, number, if_version(data))


def _turn(game: Game, data: dict) -> int:
    writes.play_turn(game, required(data, "cards"), if_version(data))
    return 201


def _tally(game: Game, data: dict) -> int:
    writes.tally_turns(game, if_version(data))
    return 201


rounds = endpoint(POST=(_round_add, True))
round_ = endpoint(PATCH=(_round_edit, True), DELETE=(_round_delete, True))
turns = endpoint(POST=(_turn, True))
turns_tally = endpoint(POST=(_tally, True))

urlpatterns = [
    path("rounds", rounds, name="party_rounds"),
    path("rounds/<int:number>", round_, name="party_round"),
    path("turns", turns, name="party_turns"),
    path("turns/tally", turns_tally, name="party_turns_tally"),
]
#: (method, path, what it does): the lines of the /api/ page for these routes
api_docs = [
    ("POST", "/api/v1/parties/<jeton>/rounds", _("Num 5 : ajouter une manche")),
    ("PATCH, DELETE", "/api/v1/parties/<jeton>/rounds/<numéro>", _("Corriger, supprimer")),
    ("POST", "/api/v1/parties/<jeton>/turns", _("Num 5 : jouer un tour de la manche en cours")),
    ("POST", "/api/v1/parties/<jeton>/turns/tally", _("Num 5 : reporter la manche jouée")),
]
