"""``POST /api/v1/deals`` (docs/api.md « Deals »): a prepared deal from a seed, the request read
by :mod:`.answers`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from numsite import throttle

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
    best: bool | None = Field(
        None,
        description="NUM DRAFT: `true` adds each seat's best possible score, its grid alone "
        "(about a second for seven seats; refused for Num 5).",
    )


class DealBestOut(Schema):
    total: int = Field(
        description="The most the seat's own grid can score alone: 9 of its 14 cards, "
        "placed at best, both neighbour columns empty (docs/deals.md « The best possible score »)."
    )
    exact: bool = Field(
        description="`false` when the search stopped at its limit: `total` is then a lower bound."
    )
    grid: list[list[str | None]] = Field(description="A grid that scores `total`, row by row.")
    left_out: list[str | None] = Field(description="The 5 cards that grid leaves out.")


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
    best: list[DealBestOut] | None = Field(
        None, description="NUM DRAFT with `best: true`: each seat's best possible score."
    )


@calculator(
    router, "/deals", url_name="deals", response=DealOut,
    summary=gettext_noop("Préparer une donne : les mêmes cartes à chaque table"),
)  # fmt: skip
def deal(request: HttpRequest, payload: DealIn) -> HttpResponse:
    if payload.best:  # seconds of CPU at worst (docs/deals.md#donnes-meilleur): throttled
        retry_after = throttle.hit(request, "deals-best", "DEALS_BEST_RATE")
        if retry_after is not None:
            return throttle.too_many(request, retry_after)
    return answer(answers.deal(payload.model_dump(exclude_unset=True)))
