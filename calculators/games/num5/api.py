"""Num 5's JSON endpoints: a round, a game to three round wins, one turn."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from ...engines import num5, num5turn
from ...engines.cards import InputError, format_cards
from ...engines.num5 import RoundResult
from ...web.json import as_list, json_api, required


def num5_round_json(result: RoundResult) -> dict[str, Any]:
    return {
        "players": [
            {"name": p.name, "plus": p.plus, "minus": p.minus, "total": p.total}
            for p in result.players
        ],
        "winners": list(result.winners),
    }


def _code(family: object) -> str | None:
    return getattr(family, "code", None)


def num5_turn_json(result: num5turn.TurnResult) -> dict[str, Any]:
    """One Num 5 turn as the ``num5/turn`` endpoint answers it (docs/api.md names each field)."""
    return {
        "rows": [
            {"cards": format_cards(row), "colour": _code(colour)}
            for row, colour in zip(result.rows, result.colours, strict=True)
        ],
        "players": [
            {
                "name": p.name,
                "card": str(p.card),
                "collected": format_cards(p.collected),
                "plus": p.plus,
                "minus": p.minus,
                "points": p.points,
            }
            for p in result.players
        ],
        "discarded": format_cards(result.discarded),
        "steps": [
            {
                "n": s.n,
                "player": s.player,
                "card": str(s.card),
                "row": s.row,
                "how": s.how,
                "tied_rows": list(s.tied_rows),
                "result": s.result,
                "cards": format_cards(s.cards),
                "row_after": format_cards(s.row_after),
                "colour_before": _code(s.colour_before),
                "colour_after": _code(s.colour_after),
            }
            for s in result.steps
        ],
    }


@json_api
def num5_round(data: dict[str, Any]) -> dict[str, Any]:
    players = as_list(required(data, "players"), "players")
    if not all(isinstance(p, dict) for p in players):
        raise InputError(
            "players", gettext("Chaque joueur est un objet {name, cards} ou {name, plus, minus}.")
        )
    return num5_round_json(num5.score_round(players))


@json_api
def num5_game(data: dict[str, Any]) -> dict[str, Any]:
    result = num5.play_game(
        as_list(required(data, "players"), "players"), as_list(data.get("rounds") or [], "rounds")
    )
    return {
        "rounds": [{"totals": list(r.totals), "winners": list(r.winners)} for r in result.rounds],
        "wins": result.wins,
        "points": result.points,
        "finished": result.finished,
        "winners": list(result.winners),
        **({"ruling": result.ruling} if result.ruling else {}),
    }


@json_api
def num5_turn(data: dict[str, Any]) -> dict[str, Any]:
    """One Num 5 turn: where each revealed card goes, who collects what (the rulings T1–T17,
    /num-5/regles/#arbitrage-tour-t1 …)."""
    result = num5turn.resolve_turn(
        required(data, "rows"), required(data, "plays"), data.get("variant")
    )
    return num5_turn_json(result)
