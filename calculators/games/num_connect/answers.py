"""Num Connect's answer, pure: a line of cards checked (the API's ``num-connect/check``). No
Django (an import contract checks it): the offline bundle runs it too."""

from __future__ import annotations

from typing import Any

from ...core.fields import Answer, Answerer, as_bool, as_list, required
from ...engines import numconnect
from ...engines.cards import format_cards


def num_connect_check(data: dict[str, Any]) -> Answer:
    """A line of cards checked (/num-connect/regles/)."""
    cards = as_list(required(data, "cards"), "cards")
    result = numconnect.check(cards, as_bool(data, "first_play"), as_bool(data, "free"))
    if not result.valid:
        return {"valid": False, "cards": format_cards(result.cards), "reason": result.reason}
    return {
        "valid": True,
        "cards": format_cards(result.cards),
        "segments": [{"kind": s.kind, "cards": format_cards(s.cards)} for s in result.segments],
    }


#: Each calculator endpoint's path under ``/api/v1/`` → its answer.
ENDPOINTS: dict[str, Answerer] = {"num-connect/check": num_connect_check}
#: Num Connect has no page answered from its own fields.
PAGES: dict[str, Answerer] = {}
