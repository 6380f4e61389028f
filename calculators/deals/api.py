"""``POST /api/v1/deals`` (docs/api.md « Deals »): a prepared deal from a seed, the request read
by :mod:`.answers`."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ..web.json import Body, answer, calculator
from . import answers

router = Router(tags=["Donnes préparées"])


class DealIn(Body):
    game: str = Field(
        description="`num-draft` or `num5` (the games dealt the same at every table)."
    )
    mode: str | None = Field(None, description="The game's mode (its first when absent).")
    seats: int = Field(description="How many seats the table has (NUM DRAFT 2–7, Num 5 3–8).")
    seed: str | None = Field(
        None,
        description="At most 200 characters: the same seed gives the same deal for ever "
        "(a fresh one is drawn and returned when absent).",
    )
    deck: str | None = Field(
        None, description="NUM DRAFT's deck, `0-12` or `0-16` (the table size's when absent)."
    )


class DealOut(Schema):
    game: str
    mode: str
    seats: int
    seed: str = Field(description="The seed dealt: the one asked for, or the one drawn.")
    deck: str = Field(description="The deck dealt from (`0-12`, `0-16`).")
    hands: list[list[str]] = Field(
        description="Each seat's hand, seat 1 first, in deck order (`7R`, `JK`)."
    )
    grids: list[list[list[str]]] | None = Field(
        None, description="NUM DRAFT: each seat's face-down 3×3 grid, row by row."
    )
    rows: list[str] | None = Field(
        None, description="Num 5: the cards the four rows start with (`0B 0R 0J 0V`)."
    )


@calculator(
    router, "/deals", url_name="deals", response=DealOut,
    summary=gettext_noop("Préparer une donne : les mêmes cartes à chaque table"),
)  # fmt: skip
def deal(request: HttpRequest, payload: DealIn) -> JsonResponse:
    return answer(answers.deal(payload.model_dump(exclude_unset=True)))
