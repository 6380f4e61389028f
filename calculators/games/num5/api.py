"""Num 5's JSON endpoints: a round, a game to three round wins, one turn (their answers:
games/answers.py, shared with the offline bundle)."""

from __future__ import annotations

from typing import Any

from ...web.json import json_api
from .. import answers


@json_api
def num5_round(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num5_round(data)


@json_api
def num5_game(data: dict[str, Any]) -> dict[str, Any]:
    return answers.num5_game(data)


@json_api
def num5_turn(data: dict[str, Any]) -> dict[str, Any]:
    """One Num 5 turn (the rulings T1–T17, /num-5/regles/#arbitrage-tour-t1 …)."""
    return answers.num5_turn(data)
