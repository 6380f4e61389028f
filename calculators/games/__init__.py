"""One folder per game (``calculators/games/<package>/``: its forms, views, JSON endpoints and
URLs, and its Parties hooks when it has Parties), and the registry that says which games there
are (:mod:`.registry`)."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .registry import GAMES, GameSpec


def module(game: GameSpec, name: str) -> ModuleType:
    """A module of a game's folder: ``module(NUM5, "urls")`` is ``calculators.games.num5.urls``."""
    return import_module(f"{__name__}.{game.package}.{name}")


def modules(name: str) -> list[ModuleType]:
    """That module of every game that has one, in the registry's order."""
    found = []
    for game in GAMES:
        try:
            found.append(module(game, name))
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{game.package}.{name}":
                raise
    return found
