"""The Parties JSON API: the same services as the pages, reached by token.

The edit token reads and writes, the read token only reads. Unknown token → 404, a write with
the read token → 403, a :class:`~.services.Conflict` (finished game, stale ``if_version``,
nothing to undo or redo) → 409 with the current party, bad input → 400 with its field.
The routes every game has are here; a game's own (NUM CHECK's claims …) are in its folder
(``calculators/games/<game>/party/api.py``) and use :func:`endpoint`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from numsite import throttle
from numsite.security import capability

from ..engines.cards import InputError
from ..web.json import JSON_DUMPS, BodyError, error, read_json
from . import kinds, services
from .board import board as board_of
from .models import Game


def party_json(request: HttpRequest, game: Game, can_edit: bool) -> dict[str, Any]:
    """The whole party, as every 200/201 answer gives it: the core's fields, the game's own
    (its claims, grids or rounds: :meth:`PartyKind.json`), the history and the links."""
    game.refresh_from_db()
    kind = kinds.of(game)
    board = board_of(game)
    rows = sorted(board.rows, key=lambda r: r.player.seat)
    out: dict[str, Any] = {
        "game": game.api_name,
        "mode": game.mode,
        "values": game.values or None,
        "version": game.version,
        "finished": board.finished,
        "players": [
            {
                "name": r.player.name,
                "total": r.total,
                "title": None if kind.ranked_by_wins else (r.title or None),
                "position": r.position,
                **({"wins": r.wins} if kind.ranked_by_wins else {}),
            }
            for r in rows
        ],
        "winners": list(board.winners) if board.finished else [],
        **kind.json(game, board, rows),
    }
    out["history"] = [
        {
            "version": h.version,
            "action": h.action,
            "summary": h.summary_text,
            "at": h.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "undone": h.state in ("undone", "dropped"),
        }
        for h in game.history.select_related("target")
    ]
    out["read_url"] = request.build_absolute_uri(reverse("parties:game", args=[game.read_token]))
    if can_edit:
        out["edit_url"] = request.build_absolute_uri(
            reverse("parties:game", args=[game.edit_token])
        )
    return out


Handler = Callable[..., Any]


def endpoint(**methods: tuple[Handler, bool]) -> Callable[..., HttpResponse]:
    """One URL of the API: ``METHOD=(handler, writes)``. Handlers get ``(game, data, **kw)``."""

    @csrf_exempt
    @capability
    @throttle.limit("parties-write", "PARTIES_WRITE_RATE")
    def view(request: HttpRequest, token: str, **kwargs: Any) -> JsonResponse:
        if request.method not in methods:
            response = error(
                "method",
                gettext("Méthode non acceptée : {methods}.").format(methods=", ".join(methods)),
                405,
            )
            response["Allow"] = ", ".join(methods)
            return response
        handler, writes = methods[request.method]
        try:
            game, can_edit = services.find(token)
        except Game.DoesNotExist:
            return error("token", gettext("Aucune partie n'a ce lien."), 404)
        if writes and not can_edit:
            return error(
                "token", gettext("Ce lien est en lecture seule : il ne peut rien modifier."), 403
            )
        try:
            data = read_json(request, empty_ok=True) if writes else {}
            status = handler(game, data, **kwargs) or 200
        except BodyError as err:
            return error(err.field, err.message, err.status)
        except InputError as err:
            return error(err.field, err.message)
        except services.Conflict as err:
            game.refresh_from_db()
            return error(err.field, err.message, 409, party=party_json(request, game, can_edit))
        return JsonResponse(
            party_json(request, game, can_edit), status=status, json_dumps_params=JSON_DUMPS
        )

    return view


@csrf_exempt
@capability
@throttle.limit("parties-create", "PARTIES_CREATE_RATE")
def create(request: HttpRequest) -> JsonResponse:
    """``POST /api/v1/parties``: 201, the party plus both tokens."""
    if request.method != "POST":
        response = error("method", gettext("Cette adresse n'accepte que POST."), 405)
        response["Allow"] = "POST"
        return response
    try:
        data = read_json(request, empty_ok=True)
        players = data.get("players")
        if not isinstance(players, list):
            raise InputError("players", gettext("Indiquez les joueurs : une liste de noms."))
        game = services.create_game(
            data.get("game"), data.get("mode"), players,
            data.get("values") or "",
        )  # fmt: skip
    except BodyError as err:
        return error(err.field, err.message, err.status)
    except InputError as err:
        return error(err.field, err.message)
    body = {
        **party_json(request, game, True),
        "edit_token": game.edit_token,
        "read_token": game.read_token,
    }
    return JsonResponse(body, status=201, json_dumps_params=JSON_DUMPS)


def required(data: dict[str, Any], name: str) -> Any:
    if name not in data:
        raise InputError(name, gettext("Le champ « {name} » est obligatoire.").format(name=name))
    return data[name]


def if_version(data: dict[str, Any]) -> Any:
    value = data.get("if_version")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise InputError("if_version", gettext("« if_version » est un nombre entier."))
    return value


def player_named(game: Game, name: object) -> int:
    from ..engines.names import name_key

    for p in game.players.all():
        if isinstance(name, str) and name_key(p.name) == name_key(name.strip()):
            return p.pk
    raise InputError(
        "player", gettext("« {name} » ne joue pas dans cette partie.").format(name=name)
    )


def _rename(game: Game, data: dict, seat: int) -> None:
    player = services.player_by_seat(game, seat)
    services.rename(game, player.pk, required(data, "name"), if_version(data))


def _player_add(game: Game, data: dict) -> int:
    services.add_player(game, required(data, "name"), if_version(data))
    return 201


def _simple(service: Callable[[Game, Any], object]) -> Handler:
    def handler(game: Game, data: dict) -> None:
        service(game, if_version(data))

    return handler


def _read(game: Game, data: dict) -> None:
    return None


party = endpoint(GET=(_read, False), HEAD=(_read, False))
players = endpoint(POST=(_player_add, True))
player = endpoint(PATCH=(_rename, True))
undo = endpoint(POST=(_simple(services.undo), True))
redo = endpoint(POST=(_simple(services.redo), True))
finish = endpoint(POST=(_simple(services.finish), True))
reopen = endpoint(POST=(_simple(services.reopen), True))
