"""A Party that plays a prepared deal (docs/deals.md#donnes-partie): the one place that says
« this Party plays deal D at n seats », set by whoever seats the table (an event « en donnes
préparées » today, docs/events.md#tournoi-donnes) and read by the game's Parties hook (NUM
DRAFT refuses a card the table was not dealt) and by the Party's page (« Donne n° … » and its
sheet).

Only the deal's name is stored (:attr:`Game.deal`: its number, seed, seats and deck); its
cards are drawn again from them by the engine (:func:`calculators.engines.deals.deal`), which
gives the same cards for ever (docs/deals.md#donnes-graine).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from ..engines import deals
from .models import Game


def describe(number: int, seed: str, seats: int, deck: str) -> dict[str, Any]:
    """What :attr:`Game.deal` stores: the deal shown to the players as « Donne n° ``number`` »."""
    return {"number": number, "seed": seed, "seats": seats, "deck": deck}


def dealt(game: Game) -> deals.Deal | None:
    """The cards of the deal ``game`` plays, ``None`` for a free game."""
    if not game.deal:
        return None
    return deals.deal(game.spec.api_name, game.deal["seats"], game.deal["seed"], game.deal["deck"])


def sheet_url(game: Game) -> str:
    """The printable sheet of the deal ``game`` plays, ``""`` for a free game."""
    if not game.deal:
        return ""
    return sheet_of(game.spec.api_name, game.mode, game.deal)


def sheet_of(api_name: str, mode: str, deal: dict[str, Any]) -> str:
    """A deal's printable sheet (/donnes/, docs/deals.md#donnes-feuille), from what
    :func:`describe` gives."""
    query = {
        "jeu": api_name,
        "mode": mode,
        "sieges": deal["seats"],
        "paquet": deal["deck"],
        "graine": deal["seed"],
    }
    return f"{reverse('deals:sheet')}?{urlencode(query)}"
