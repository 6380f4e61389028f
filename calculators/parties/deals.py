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


def describe(
    number: int, seed: str, seats: int, deck: str, manches: int | None = None
) -> dict[str, Any]:
    """What :attr:`Game.deal` stores: the deal shown to the players as « Donne n° ``number`` ».
    ``manches``: at Num 5, how many manches the Party plays (an event's round plays one, and
    the Party is over after it: docs/deals.md#donnes-num5); ``None``: the game's own end."""
    described: dict[str, Any] = {"number": number, "seed": seed, "seats": seats, "deck": deck}
    if manches is not None:
        described["manches"] = manches
    return described


def manche_seed(seed: str, manche: int) -> str:
    """The seed Num 5's manche ``manche`` plays in a Party of deal seed ``seed``
    (docs/deals.md#donnes-num5): the deal's own for the first, ``<seed>:manche:<M>`` after."""
    return seed if manche <= 1 else f"{seed}:manche:{manche}"


def current_manche(game: Game, played: int | None = None) -> int:
    """The Num 5 manche ``game`` plays now: the one after its ``played`` rounds (read when
    ``None``), never past the deal's ``manches``."""
    if played is None:
        played = game.rounds.count()
    last = (game.deal or {}).get("manches")
    return played + 1 if not last else min(played + 1, int(last))


def manche_dealt(game: Game, manche: int) -> deals.Deal | None:
    """The cards of Num 5's manche ``manche`` in ``game``, ``None`` for a free game."""
    if not game.deal:
        return None
    seed = manche_seed(game.deal["seed"], manche)
    return deals.deal(game.spec.api_name, game.deal["seats"], seed, game.deal["deck"])


def dealt(game: Game) -> deals.Deal | None:
    """The cards of the deal ``game`` plays, ``None`` for a free game."""
    if not game.deal:
        return None
    return deals.deal(game.spec.api_name, game.deal["seats"], game.deal["seed"], game.deal["deck"])


def sheet_url(game: Game) -> str:
    """The printable sheet of the deal ``game`` plays, ``""`` for a free game."""
    if not game.deal:
        return ""
    if game.deal.get("manches"):  # dealt manche by manche: the manche in play's (#donnes-num5)
        seed = manche_seed(game.deal["seed"], current_manche(game))
        return sheet_of(game.spec.api_name, game.mode, {**game.deal, "seed": seed})
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
