"""Num Connect's JSON endpoint (its ninja ``router``): the typed body validated here, the answer
computed by :mod:`.answers`, shared with the offline bundle."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ...core.registry import NUM_CONNECT
from ...web.json import Body, answer, calculator
from . import answers

router = Router(tags=[NUM_CONNECT.name])


class NumConnectCheckIn(Body):
    cards: list[str] = Field(description="The line's cards, in order.")
    first_play: bool = Field(False, description="The game's first play.")
    free: bool = Field(False, description="A free play.")


class NumConnectSegmentOut(Schema):
    kind: str = Field(description="`same_value`, `family_run` or `multicolour_run`.")
    cards: list[str]


class NumConnectCheckOut(Schema):
    valid: bool
    cards: list[str]
    reason: str | None = None
    segments: list[NumConnectSegmentOut] | None = None


@calculator(
    router, f"/{NUM_CONNECT.api_name}/check", url_name="num_connect_check", response=NumConnectCheckOut,
    summary=gettext_noop("Une ligne de Num Connect est-elle valide ?"),
)  # fmt: skip
def num_connect_check(request: HttpRequest, payload: NumConnectCheckIn) -> JsonResponse:
    return answer(answers.num_connect_check(payload.model_dump(exclude_unset=True)))
