"""Every calculator endpoint's answer, pure: the request's JSON object → the engine call → the
answer's JSON object.

The JSON API (``games/<game>/api.py``) and the offline bundle (docs/offline.md: the same files,
run in the browser by Pyodide when the phone has no network) both call these functions, so an
answer computed on a phone can never drift from the server's. Like the registry, this module
imports only the engines and the registry (an import contract checks it): no Django, its texts
through the engines' ``gettext`` on the site's one catalogue. Bad input raises the engines'
:class:`InputError`; the API turns it into HTTP 400 ``{"error": {"field", "message"}}``.

:data:`ENDPOINTS` maps each endpoint's path under ``/api/v1/`` to its function; :func:`answer`
is the offline bundle's entry point.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..engines import num5, num5turn, numcheck, numconnect, numdraft
from ..engines.cards import InputError, format_cards
from ..engines.i18n import gettext, use_language
from ..engines.num5 import RoundResult
from ..engines.numcheck import ClaimResult, Detected
from ..engines.numdraft import PoolResult
from ..engines.standings import positions
from .registry import NUM_DRAFT

Answer = dict[str, Any]


# --------------------------------------------------------------------------- typed getters


def required(data: dict[str, Any], field: str) -> Any:
    """``data[field]``, or an :class:`InputError` naming the missing field."""
    if field not in data or data[field] is None:
        raise InputError(
            field, gettext("Le champ « {field} » est obligatoire.").format(field=field)
        )
    return data[field]


def as_bool(data: dict[str, Any], field: str) -> bool:
    """``data[field]`` as a JSON boolean (absent: false)."""
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise InputError(field, gettext("« {field} » vaut true ou false.").format(field=field))
    return value


def as_whole(data: dict[str, Any], field: str, default: int | None = None) -> int:
    """``data[field]`` as a JSON whole number (absent or null: ``default``; no default: an
    :class:`InputError` naming the missing field). ``"3"``, ``3.0`` and ``true`` are refused,
    as the API's schema refuses them, so a phone refuses what the server does."""
    value = data.get(field)
    if value is None:
        if default is None:
            return int(required(data, field))
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, gettext("« {field} » est un nombre entier.").format(field=field))
    return value


def as_list(value: Any, field: str) -> list[Any]:
    """``value`` when it is a JSON list, else an :class:`InputError` on ``field``."""
    if not isinstance(value, list):
        raise InputError(field, gettext("« {field} » doit être une liste.").format(field=field))
    return value


# --------------------------------------------------------------------------- NUM CHECK


def check_result_json(result: ClaimResult) -> Answer:
    """One claim's score (docs/api.md, ``num-check/score``); an invalid claim is a result."""
    head = {
        "valid": result.valid,
        "combo": result.combo.key,
        "cards": format_cards(result.cards),
        "rank": result.rank,
    }
    if not result.valid:
        return {**head, "reason": result.reason}
    return {
        **head,
        "base": result.base,
        "references": list(result.references),
        "rank_bonus": result.rank_bonus,
        "total": result.total,
        "mode": result.mode,
        "reading": result.reading,
        "explanation": list(result.explanation),
    }


def detected_json(found: Detected) -> Answer:
    return {
        "claim": found.claim.code,
        "combo": found.combo.key,
        "cards": format_cards(found.cards),
        "references": list(found.result.references),
        "rank_bonus": found.result.rank_bonus,
        "total": found.result.total,
    }


def num_check_score(data: dict[str, Any]) -> Answer:
    """A claim at its rank (/num-check/regles/#reference-et-rang)."""
    combo = numcheck.get_combo(required(data, "combo"))
    cards = as_list(required(data, "cards"), "cards")
    return check_result_json(numcheck.score(combo, cards, as_whole(data, "rank")))


def num_check_detect(data: dict[str, Any]) -> Answer:
    """Every possible CHECK from ``hand`` + ``centre`` (/num-check/regles/#arbitrage-check-centre),
    or the older ``cards`` form (hand = all but the last card, centre = the last), whose answer
    also keeps its old ``combos`` key."""
    exclude = as_list(data.get("exclude") or [], "exclude")
    rank = as_whole(data, "rank", 1)
    if "hand" in data or "centre" in data or "cards" not in data:
        hand = as_list(required(data, "hand"), "hand")
        centre = as_list(required(data, "centre"), "centre")
        return {"checks": [detected_json(d) for d in numcheck.detect(hand, centre, rank, exclude)]}
    found = [
        detected_json(d)
        for d in numcheck.detect_cards(as_list(data["cards"], "cards"), rank, exclude)
    ]
    return {"checks": found, "combos": found}


def num_check_outs(data: dict[str, Any]) -> Answer:
    """« Quelles cartes guetter ? »: the cards that would complete a CHECK with the hand."""
    rank = numcheck.check_rank(as_whole(data, "rank", 1))
    hand = as_list(required(data, "hand"), "hand")
    found = numcheck.outs(hand, rank, as_list(data.get("exclude") or [], "exclude"))
    return {
        "rank": rank,
        "outs": [
            {
                "card": out.card.code,
                "best": out.best,
                "checks": [
                    {
                        "combo": d.combo.key,
                        "cards": format_cards(d.cards),
                        "references": list(d.result.references),
                        "rank_bonus": d.result.rank_bonus,
                        "total": d.result.total,
                    }
                    for d in out.checks
                ],
            }
            for out in found
        ],
    }


def num_check_sheet(data: dict[str, Any]) -> Answer:
    """Players' sheets: each claim ranked in the order announced, totals, titles, ranking."""
    players = as_list(required(data, "players"), "players")
    entries = []
    for index, raw in enumerate(players, start=1):
        if not isinstance(raw, dict):
            raise InputError(
                "players",
                gettext("Joueur {index} : un objet {{name, claims}} est attendu.").format(
                    index=index
                ),
            )
        claims = raw.get("claims") or []
        if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
            raise InputError(
                "players",
                gettext("Joueur {index} : « claims » est une liste d'annonces.").format(
                    index=index
                ),
            )
        entries.append((raw.get("name"), [(c.get("combo"), c.get("cards") or []) for c in claims]))
    result = numcheck.sheet(entries)
    position = {s.item.name: s.position for s in result.standings}
    return {
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "title": p.title,
                "position": position[p.name],
                "claims": [
                    {
                        "rank": c.rank,
                        "combo": c.result.combo.key,
                        "valid": c.result.valid,
                        "total": c.total,
                        **({} if c.result.valid else {"reason": c.result.reason}),
                    }
                    for c in p.claims
                ],
            }
            for p in result.players
        ],
        "ranking": list(result.ranking),
    }


# --------------------------------------------------------------------------- NUM DRAFT


def draft_result_json(result: PoolResult) -> Answer:
    """A pool's score (docs/api.md, ``num-draft/score``)."""
    return {
        "mode": result.mode,
        "total": result.total,
        "title": result.title,
        "groups": [
            {
                "kind": g.kind,
                "key": g.key,
                "places": [list(p) for p in g.places],
                "points": g.points,
            }
            for g in result.groups
        ],
        "wildcards": [
            {"place": list(w.place), "card": w.card, "as": w.as_text} for w in result.wildcards
        ],
        "explanation": list(result.explanation),
    }


def num_draft_score(data: dict[str, Any]) -> Answer:
    """A 15-card pool: the grid and its neighbours' columns (/num-draft/regles/#scoring)."""
    result = numdraft.score(
        required(data, "grid"),
        data.get("left"),
        data.get("right"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    return draft_result_json(result)


def num_draft_table(data: dict[str, Any]) -> Answer:
    """A whole table: every pool from the players' own grids, in seating order."""
    result = numdraft.table(
        as_list(required(data, "players"), "players"),
        NUM_DRAFT.resolve_mode(data.get("mode")),
        data.get("values"),
    )
    places = positions(result.players, key=lambda p: p.result.total)
    return {
        "mode": result.mode,
        "values": result.values,
        "players": [
            {
                "name": p.name,
                "total": p.result.total,
                "title": p.result.title,
                "position": place,
                "left": p.left,
                "right": p.right,
            }
            for p, place in zip(result.players, places, strict=True)
        ],
        "ranking": list(result.ranking),
    }


# --------------------------------------------------------------------------- Num 5


def num5_round_json(result: RoundResult) -> Answer:
    return {
        "players": [
            {"name": p.name, "plus": p.plus, "minus": p.minus, "total": p.total}
            for p in result.players
        ],
        "winners": list(result.winners),
    }


def _code(family: object) -> str | None:
    return getattr(family, "code", None)


def num5_turn_json(result: num5turn.TurnResult) -> Answer:
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


def num5_round(data: dict[str, Any]) -> Answer:
    """One round: each player's plus and minus cards, totals and the round's winners."""
    players = as_list(required(data, "players"), "players")
    if not all(isinstance(p, dict) for p in players):
        raise InputError(
            "players", gettext("Chaque joueur est un objet {name, cards} ou {name, plus, minus}.")
        )
    return num5_round_json(num5.score_round(players))


def num5_game(data: dict[str, Any]) -> Answer:
    """A game to three round wins, from its rounds' totals."""
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


def num5_turn(data: dict[str, Any]) -> Answer:
    """One Num 5 turn: where each revealed card goes, who collects what (the rulings T1–T17,
    /num-5/regles/#arbitrage-tour-t1 …)."""
    result = num5turn.resolve_turn(
        required(data, "rows"), required(data, "plays"), data.get("variant")
    )
    return num5_turn_json(result)


# --------------------------------------------------------------------------- Num Connect


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
ENDPOINTS: dict[str, Callable[[dict[str, Any]], Answer]] = {
    "num-check/score": num_check_score,
    "num-check/detect": num_check_detect,
    "num-check/outs": num_check_outs,
    "num-check/sheet": num_check_sheet,
    "num-draft/score": num_draft_score,
    "num-draft/table": num_draft_table,
    "num5/round": num5_round,
    "num5/game": num5_game,
    "num5/turn": num5_turn,
    "num-connect/check": num_connect_check,
}


def answer(endpoint: str, body: str, language: str = "fr") -> str:
    """The offline bundle's entry point: ``body`` (a JSON object) answered by ``endpoint`` in
    ``language``, as JSON: the answer, or ``{"error": {"field", "message"}}`` as the API's 400.
    JSON in and out, so the page's script hands over text and nothing else."""
    with use_language(language):
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise InputError("body", gettext("Le corps de la requête doit être un objet JSON."))
            result: Answer = ENDPOINTS[endpoint](data)
        except InputError as err:
            result = {"error": {"field": err.field, "message": err.message}}
    return json.dumps(result, ensure_ascii=False)
