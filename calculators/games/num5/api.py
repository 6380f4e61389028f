"""Num 5's JSON endpoints (its ninja ``router``): typed bodies validated here, answers computed
by :mod:`.answers`, shared with the offline bundle."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ...core.registry import NUM5
from ...web.json import Body, Item, answer, calculator
from . import answers

router = Router(tags=[NUM5.name])


class Num5EntryIn(Item):
    """One player's round: the cards collected, or both sums (never both ways)."""

    cards: list[str] | str | None = Field(
        None, description="The cards collected (`[]`: nothing), or one text of cards."
    )
    plus: int | None = Field(None, description="The sum of the positive cards.")
    minus: int | None = Field(None, description="The sum of the Shadow cards.")


class Num5RoundPlayerIn(Num5EntryIn):
    name: str | None = None


class Num5RoundIn(Body):
    players: list[Num5RoundPlayerIn] = Field(description="3 to 8 players.")


class Num5RoundPlayerOut(Schema):
    name: str
    plus: int
    minus: int
    total: int


class Num5RoundOut(Schema):
    players: list[Num5RoundPlayerOut]
    winners: list[str]


class Num5GameIn(Body):
    players: list[str] = Field(description="3 to 8 names.")
    rounds: list[list[Num5EntryIn]] | None = Field(None, description="Each round, in seat order.")


class Num5GameRoundOut(Schema):
    totals: list[int]
    winners: list[str]


class Num5GameOut(Schema):
    rounds: list[Num5GameRoundOut]
    wins: dict[str, int]
    points: dict[str, int]
    finished: bool
    winners: list[str]
    ruling: str | None = None


class Num5RowIn(Item):
    cards: list[str] = Field(description="1 to 4 cards, first card first.")
    colour: str | None = Field(None, description="Checked against the row's cards.")


class Num5PlayIn(Item):
    player: str | None = None
    card: str | None = None
    row: int | None = Field(None, description="The player's choice among tied rows (0–3).")


class Num5TurnIn(Body):
    variant: str | None = Field(None, description="`normal` or `explosion`.")
    rows: list[Num5RowIn] = Field(description="Exactly 4 rows, in table order.")
    plays: list[Num5PlayIn] = Field(description="3 to 8 plays, one per player.")


class Num5RowOut(Schema):
    cards: list[str]
    colour: str | None


class Num5TurnPlayerOut(Schema):
    name: str
    card: str
    collected: list[str]
    plus: int
    minus: int
    points: int


class Num5StepOut(Schema):
    n: int
    player: str
    card: str
    row: int | None
    how: str
    tied_rows: list[int]
    result: str
    cards: list[str]
    row_after: list[str]
    colour_before: str | None
    colour_after: str | None


class Num5TurnOut(Schema):
    rows: list[Num5RowOut]
    players: list[Num5TurnPlayerOut]
    discarded: list[str]
    steps: list[Num5StepOut]


@calculator(
    router, f"/{NUM5.api_name}/round", url_name="num5_round", response=Num5RoundOut,
    summary=gettext_noop("Décompte d’une manche de Num 5"),
)  # fmt: skip
def num5_round(request: HttpRequest, payload: Num5RoundIn) -> JsonResponse:
    return answer(answers.num5_round(payload.model_dump(exclude_unset=True)))


@calculator(
    router, f"/{NUM5.api_name}/game", url_name="num5_game", response=Num5GameOut,
    summary=gettext_noop("Une partie de Num 5 jusqu’à 3 manches gagnées"),
)  # fmt: skip
def num5_game(request: HttpRequest, payload: Num5GameIn) -> JsonResponse:
    return answer(answers.num5_game(payload.model_dump(exclude_unset=True)))


@calculator(
    router, f"/{NUM5.api_name}/turn", url_name="num5_turn", response=Num5TurnOut,
    summary=gettext_noop("Un tour de Num 5 : où va chaque carte, qui ramasse quoi"),
)  # fmt: skip
def num5_turn(request: HttpRequest, payload: Num5TurnIn) -> JsonResponse:
    """One Num 5 turn: where each revealed card goes, who collects what (the rulings T1–T17,
    /num-5/regles/#arbitrage-tour-t1 …)."""
    return answer(answers.num5_turn(payload.model_dump(exclude_unset=True)))
