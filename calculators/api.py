"""JSON API (API.md): decode → engine → encode. No state, no cookies, CSRF-exempt."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from .engines import num5, numcheck, numconnect, numdraft
from .engines.cards import InputError, format_cards
from .engines.standings import positions
from .presenters import (
    check_result_json,
    detected_json,
    draft_result_json,
    num5_round_json,
)

JSON_DUMPS = {"ensure_ascii": False}


def error(field: str, message: str, status: int = 400, **extra: Any) -> JsonResponse:
    """API.md's error answer; ``extra`` adds top-level keys (the Parties API's ``party``)."""
    return JsonResponse(
        {"error": {"field": field, "message": message}, **extra},
        status=status,
        json_dumps_params=JSON_DUMPS,
    )


class BodyError(Exception):
    """A request body the API cannot read: its field (``body``), message and HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.field = "body"
        self.message = message
        self.status = status


#: API.md: JSON nested deeper than this is bad input (400), checked before decoding.
MAX_JSON_DEPTH = 32
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets inside strings ignored.

    A linear scan, so a body of 64 KiB of ``[`` costs one pass and never recurses.
    """
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def read_json(request: HttpRequest, *, empty_ok: bool = False) -> dict[str, Any]:
    """The request's JSON object, or a :class:`BodyError`: over 64 KiB (413), not UTF-8 or not
    JSON, nested deeper than :data:`MAX_JSON_DEPTH`, or not an object (400). ``empty_ok``: an
    empty body is ``{}`` (the Parties API's undo, finish…). One reader for every endpoint."""
    limit = settings.API_MAX_BODY
    too_big = BodyError(gettext("La requête dépasse 64 Kio."), 413)
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        raise too_big
    try:
        body = request.body
    except RequestDataTooBig:
        raise too_big from None
    if len(body) > limit:
        raise too_big
    not_json = BodyError(gettext("Le corps de la requête n'est pas du JSON valide."))
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise not_json from None
    if empty_ok and not text.strip():
        return {}
    if json_depth(text) > MAX_JSON_DEPTH:
        raise BodyError(
            gettext("Le JSON est imbriqué sur plus de {MAX_JSON_DEPTH} niveaux : refusé.").format(
                MAX_JSON_DEPTH=MAX_JSON_DEPTH
            )
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise not_json from None
    if not isinstance(data, dict):
        raise BodyError(gettext("Le corps de la requête doit être un objet JSON."))
    return data


def json_api(
    view: Callable[[dict[str, Any]], dict[str, Any]],
) -> Callable[[HttpRequest], JsonResponse]:
    """POST-only JSON endpoint: 405 other methods, 413 over 64 KiB, 400 on any bad input."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest) -> JsonResponse:
        if request.method != "POST":
            response = error("method", gettext("Cette adresse n'accepte que POST."), 405)
            response["Allow"] = "POST"
            return response
        try:
            data = read_json(request)
        except BodyError as err:
            return error(err.field, err.message, err.status)
        try:
            return JsonResponse(view(data), json_dumps_params=JSON_DUMPS)
        except InputError as err:
            return error(err.field, err.message)

    return wrapper


def required(data: dict[str, Any], field: str) -> Any:
    if field not in data or data[field] is None:
        raise InputError(
            field, gettext("Le champ « {field} » est obligatoire.").format(field=field)
        )
    return data[field]


def as_bool(data: dict[str, Any], field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise InputError(field, gettext("« {field} » vaut true ou false.").format(field=field))
    return value


def as_list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise InputError(field, gettext("« {field} » doit être une liste.").format(field=field))
    return value


# --------------------------------------------------------------------------- NUM CHECK


@json_api
def num_check_score(data: dict[str, Any]) -> dict[str, Any]:
    combo = numcheck.get_combo(required(data, "combo"))
    cards = as_list(required(data, "cards"), "cards")
    result = numcheck.score(combo, cards, required(data, "rank"))
    return check_result_json(result)


@json_api
def num_check_detect(data: dict[str, Any]) -> dict[str, Any]:
    """Every possible CHECK from ``hand`` + ``centre`` (API.md), or the older ``cards`` form
    (hand = all but the last card, centre = the last), whose answer also keeps its old
    ``combos`` key."""
    exclude = as_list(data.get("exclude") or [], "exclude")
    rank = data.get("rank", 1)
    if "hand" in data or "centre" in data or "cards" not in data:
        hand = as_list(required(data, "hand"), "hand")
        centre = as_list(required(data, "centre"), "centre")
        return {"checks": [detected_json(d) for d in numcheck.detect(hand, centre, rank, exclude)]}
    found = [
        detected_json(d)
        for d in numcheck.detect_cards(as_list(data["cards"], "cards"), rank, exclude)
    ]
    return {"checks": found, "combos": found}


@json_api
def num_check_sheet(data: dict[str, Any]) -> dict[str, Any]:
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


@json_api
def num_draft_score(data: dict[str, Any]) -> dict[str, Any]:
    result = numdraft.score(
        required(data, "grid"),
        data.get("left"),
        data.get("right"),
        data.get("mode"),
        data.get("values"),
    )
    return draft_result_json(result)


@json_api
def num_draft_table(data: dict[str, Any]) -> dict[str, Any]:
    result = numdraft.table(
        as_list(required(data, "players"), "players"), data.get("mode"), data.get("values")
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


# --------------------------------------------------------------------------- Num Connect


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


@json_api
def num5_turn(data: dict[str, Any]) -> dict[str, Any]:
    """One Num 5 turn: where each revealed card goes, who collects what (NUM5-TURN.md)."""
    from .engines import num5turn
    from .presenters import num5_turn_json

    result = num5turn.resolve_turn(
        required(data, "rows"), required(data, "plays"), data.get("variant")
    )
    return num5_turn_json(result)
