"""The events' JSON endpoints: the seating planner (docs/api.md « Seatings »)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ..web.json import Body, answer, calculator
from . import seatings

router = Router(tags=["Tournois"])


class SeatingsIn(Body):
    players: int | list[str] = Field(
        description="How many players (numbered from 1 in the answer), or their names."
    )
    sizes: list[int] = Field(
        description="The table sizes allowed, the preferred one first (e.g. `[4, 3, 5]`)."
    )
    rounds: int = Field(1, description="How many rounds to seat ahead (1–20).")
    avoid: list[list[str | int]] | None = Field(
        None, description="Pairs never to seat together: two names, or two numbers."
    )
    seed: str | None = Field(
        None, description="The same input and seed give the same seating, on any machine."
    )


class PairOut(Schema):
    players: list[str | int]
    times: int = Field(description="How many rounds the two share a table.")


class ReasonOut(Schema):
    round: int
    message: str


class SeatingsOut(Schema):
    rounds: list[list[list[str | int]]] = Field(
        description="Each round's tables, each table's players in seat order (seat 1 first)."
    )
    byes: list[list[str | int]] = Field(description="Who sits each round out.")
    repeats: list[PairOut] = Field(description="Pairs seated together more than once.")
    forbidden: list[PairOut] = Field(description="Pairs to avoid that no seating found avoids.")
    reasons: list[ReasonOut]


@calculator(
    router, "/seatings", url_name="seatings", response=SeatingsOut,
    summary=gettext_noop("Placer les joueurs d’une soirée, ronde après ronde"),
)  # fmt: skip
def seatings_plan(request: HttpRequest, payload: SeatingsIn) -> JsonResponse:
    return answer(seatings.plan(payload.model_dump(exclude_unset=True)))
