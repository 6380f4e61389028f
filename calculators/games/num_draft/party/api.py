"""NUM DRAFT's route of the Parties API: ``…/grids/<seat>``."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext_noop
from ninja import Field, Router

from ....parties import services
from ....parties.api import WriteIn, party_of, route
from . import writes

router = Router(tags=["Parties"])


class NumDraftPartyGridIn(WriteIn):
    cells: list[str | None] = Field(
        description="The 9 places row by row, top left first: a card, or null when empty."
    )


@route(
    router, "PUT", "/parties/{token}/grids/{int:seat}", url_name="party_grid",
    summary=gettext_noop("NUM DRAFT : la grille d’un joueur"),
)  # fmt: skip
def _grid_set(request: HttpRequest, token: str, payload: NumDraftPartyGridIn, seat: int) -> None:
    game = party_of(request)
    player = services.player_by_seat(game, seat)
    writes.set_grid(game, player.pk, payload.cells, payload.if_version)
