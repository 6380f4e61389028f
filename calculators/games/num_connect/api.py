"""Num Connect's JSON endpoint: a line checked."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema

from ...engines import numconnect
from ...engines.cards import format_cards
from ...web.json import Body, answer, as_bool, as_list, calculator, required
from ..registry import NUM_CONNECT

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
    data = payload.model_dump(exclude_unset=True)
    cards = as_list(required(data, "cards"), "cards")
    result = numconnect.check(cards, as_bool(data, "first_play"), as_bool(data, "free"))
    if not result.valid:
        return answer(
            {"valid": False, "cards": format_cards(result.cards), "reason": result.reason}
        )
    return answer({
        "valid": True,
        "cards": format_cards(result.cards),
        "segments": [{"kind": s.kind, "cards": format_cards(s.cards)} for s in result.segments],
    })  # fmt: skip
