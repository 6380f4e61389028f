"""NUM DRAFT's route of the Parties API: ``…/grids/<seat>``."""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext_lazy as _

from ....parties import services
from ....parties.api import endpoint, if_version, required
from ....parties.models import Game
from . import writes


def _grid_set(game: Game, data: dict, seat: int) -> None:
    player = services.player_by_seat(game, seat)
    writes.set_grid(game, player.pk, required(data, "cells"), if_version(data))


grid = endpoint(PUT=(_grid_set, True))

urlpatterns = [path("grids/<int:seat>", grid, name="party_grid")]
#: (method, path, what it does): the lines of the /api/ page for these routes
api_docs = [
    ("PUT", "/api/v1/parties/<jeton>/grids/<place>", _("NUM DRAFT : la grille d'un joueur")),
]
