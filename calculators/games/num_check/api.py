"""NUM CHECK's JSON endpoints (its ninja ``router``): typed bodies validated here, answers
computed by :mod:`.answers`, shared with the offline bundle."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ...core.registry import NUM_CHECK
from ...web.json import Body, Item, answer, calculator
from . import answers

router = Router(tags=[NUM_CHECK.name])

Cards = list[str]
CARDS = "Cards in the site's notation (`7R`, `12S`, `JK`…); answers use the canonical form."


class NumCheckScoreIn(Body):
    combo: str = Field(description="A combination's key (`paire`, `full`…, see /api/).")
    cards: Cards = Field(description=CARDS)
    rank: int = Field(description="The claim's rank, 1 to 8.")


class NumCheckScoreOut(Schema):
    valid: bool
    combo: str
    cards: Cards
    rank: int
    reason: str | None = Field(None, description="Why the cards do not make it (`valid: false`).")
    base: int | None = None
    references: list[int] | None = None
    rank_bonus: int | None = None
    total: int | None = None
    mode: str | None = None
    reading: str | None = None
    explanation: list[str] | None = None


class NumCheckDetectIn(Body):
    hand: Cards | None = Field(None, description="1 to 4 cards in the hand.")
    centre: Cards | None = Field(None, description="1 to 4 cards in the centre.")
    cards: Cards | None = Field(
        None, description="The older form: hand = all but the last card, centre = the last."
    )
    rank: int = 1
    exclude: list[str] | None = Field(None, description="Combinations not to look for.")


class NumCheckCheckOut(Schema):
    combo: str
    cards: Cards
    references: list[int]
    rank_bonus: int
    total: int


class NumCheckDetectedOut(NumCheckCheckOut):
    claim: str


class NumCheckDetectOut(Schema):
    checks: list[NumCheckDetectedOut]
    combos: list[NumCheckDetectedOut] | None = Field(
        None, description="The older form's same list."
    )


class NumCheckOutsIn(Body):
    hand: Cards = Field(description="1 to 4 cards in the hand.")
    rank: int = 1
    exclude: list[str] | None = None


class NumCheckOutOut(Schema):
    card: str
    best: int
    checks: list[NumCheckCheckOut]


class NumCheckOutsOut(Schema):
    rank: int
    outs: list[NumCheckOutOut]


class NumCheckClaimIn(Item):
    combo: str | None = None
    cards: Cards | None = None


class NumCheckSheetPlayerIn(Item):
    name: str | None = None
    claims: list[NumCheckClaimIn] | None = None


class NumCheckSheetIn(Body):
    players: list[NumCheckSheetPlayerIn]


class NumCheckSheetClaimOut(Schema):
    rank: int | None
    combo: str
    valid: bool
    total: int
    reason: str | None = None


class NumCheckSheetPlayerOut(Schema):
    name: str
    total: int
    title: str
    position: int
    claims: list[NumCheckSheetClaimOut]


class NumCheckSheetOut(Schema):
    players: list[NumCheckSheetPlayerOut]
    ranking: list[str]


@calculator(
    router, f"/{NUM_CHECK.api_name}/score", url_name="num_check_score", response=NumCheckScoreOut,
    summary=gettext_noop("Score d’une annonce NUM CHECK à un rang"),
)  # fmt: skip
def num_check_score(request: HttpRequest, payload: NumCheckScoreIn) -> JsonResponse:
    return answer(answers.num_check_score(payload.model_dump(exclude_unset=True)))


@calculator(
    router, f"/{NUM_CHECK.api_name}/detect", url_name="num_check_detect", response=NumCheckDetectOut,
    summary=gettext_noop("Les CHECK possibles avec la main et le centre"),
)  # fmt: skip
def num_check_detect(request: HttpRequest, payload: NumCheckDetectIn) -> JsonResponse:
    """Every possible CHECK from ``hand`` + ``centre`` (docs/api.md), or the older ``cards`` form
    (hand = all but the last card, centre = the last), whose answer also keeps its old
    ``combos`` key."""
    return answer(answers.num_check_detect(payload.model_dump(exclude_unset=True)))


@calculator(
    router, f"/{NUM_CHECK.api_name}/outs", url_name="num_check_outs", response=NumCheckOutsOut,
    summary=gettext_noop("Les cartes à guetter : ce qui compléterait un CHECK avec la main"),
)  # fmt: skip
def num_check_outs(request: HttpRequest, payload: NumCheckOutsIn) -> JsonResponse:
    """« Quelles cartes guetter ? »: the cards that would complete a CHECK with the hand."""
    return answer(answers.num_check_outs(payload.model_dump(exclude_unset=True)))


@calculator(
    router, f"/{NUM_CHECK.api_name}/sheet", url_name="num_check_sheet", response=NumCheckSheetOut,
    summary=gettext_noop("Feuille de plusieurs joueurs"),
)  # fmt: skip
def num_check_sheet(request: HttpRequest, payload: NumCheckSheetIn) -> JsonResponse:
    return answer(answers.num_check_sheet(payload.model_dump(exclude_unset=True)))
