"""Num Connect's JSON endpoint: a line checked."""

from __future__ import annotations

from typing import Any

from ...engines import numconnect
from ...engines.cards import format_cards
from ...web.json import as_bool, as_list, json_api, required


@json_api
def num_connect_check(data: dict[str, Any]) -> dict[str, Any]:
    cards = as_list(required(data, "cards"), "cards")
    result = numconnect.check(cards, as_bool(data, "first_play"), as_bool(data, "free"))
    if not result.valid:
        return {"valid": False, "cards": format_cards(result.cards), "reason": result.reason}
    return {
        "valid": True,
        "cards": format_cards(result.cards),
        "segments": [{"kind": s.kind, "cards": format_cards(s.cards)} for s in result.segments],
    }
