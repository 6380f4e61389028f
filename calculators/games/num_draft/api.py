"""NUM DRAFT's JSON endpoints (its ninja ``router``): typed bodies validated here, answers
computed by :mod:`.answers`, shared with the offline bundle."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ...core.registry import NUM_DRAFT
from ...web.json import Body, Item, answer, calculator
from . import answers

router = Router(tags=[NUM_DRAFT.name])

Column = list[str | None]
MODE = "`classic` or `discovery` (or a mode's name)."
VALUES = "`0-12` (2–5 players, the default) or `0-16` (6–7 players)."


class NumDraftScoreIn(Body):
    mode: str | None = Field(None, description=MODE)
    values: str | None = Field(None, description=VALUES)
    grid: list[Column] = Field(description="3 rows top to bottom of 3 places; null = empty.")
    left: Column | None = Field(None, description="The left neighbour's right column.")
    right: Column | None = Field(None, description="The right neighbour's left column.")


class NumDraftGroupOut(Schema):
    kind: str
    key: str
    places: list[list[int]]
    points: int


class NumDraftWildcardOut(Schema):
    place: list[int]
    card: str
    as_: str = Field(alias="as")


class NumDraftScoreOut(Schema):
    mode: str
    total: int
    title: str
    groups: list[NumDraftGroupOut]
    wildcards: list[NumDraftWildcardOut]
    explanation: list[str]


class NumDraftTablePlayerIn(Item):
    name: str | None = None
    grid: list[Column] | None = None


class NumDraftTableIn(Body):
    mode: str | None = Field(None, description=MODE)
    values: str | None = Field(None, description=VALUES)
    players: list[NumDraftTablePlayerIn] = Field(description="2 to 7 players, in passing order.")


class NumDraftTablePlayerOut(Schema):
    name: str
    total: int
    title: str
    position: int
    left: Column
    right: Column


class NumDraftTableOut(Schema):
    mode: str
    values: str
    players: list[NumDraftTablePlayerOut]
    ranking: list[str]


@calculator(
    router, f"/{NUM_DRAFT.api_name}/score", url_name="num_draft_score", response=NumDraftScoreOut,
    summary=gettext_noop("Score d’un pool NUM DRAFT (15 places)"),
)  # fmt: skip
def num_draft_score(request: HttpRequest, payload: NumDraftScoreIn) -> JsonResponse:
    return answer(answers.num_draft_score(payload.model_dump(exclude_unset=True)))


@calculator(
    router, f"/{NUM_DRAFT.api_name}/table", url_name="num_draft_table", response=NumDraftTableOut,
    summary=gettext_noop("Toute une table NUM DRAFT, voisins réels"),
)  # fmt: skip
def num_draft_table(request: HttpRequest, payload: NumDraftTableIn) -> JsonResponse:
    return answer(answers.num_draft_table(payload.model_dump(exclude_unset=True)))
