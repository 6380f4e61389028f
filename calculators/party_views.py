"""« Parties »: a shared, persistent score sheet for a real table.

Two links per game, each with its own secret token: the edit link writes, the read-only link
only reads. Tokens are compared in constant time; a wrong one is a 404, and a write through the
read-only link is refused (403) without touching anything.
"""

from __future__ import annotations

import io
import secrets

import segno
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import parties
from .engines import numcheck
from .engines.cards import InputError
from .models import Game


def resolve(pk: int, token: str) -> tuple[Game, bool]:
    """The game and whether the token is its edit token; 404 for a wrong token."""
    game = get_object_or_404(Game, pk=pk)
    if secrets.compare_digest(token.encode(), game.edit_token.encode()):
        return game, True
    if secrets.compare_digest(token.encode(), game.view_token.encode()):
        return game, False
    raise Http404("Partie introuvable")


def qr_svg(url: str) -> str:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, title="QR code"
    )
    return buffer.getvalue().decode()


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """/parties/nouvelle/: game type, mode and players in seating order."""
    errors: dict[str, str] = {}
    data = request.POST if request.method == "POST" else request.GET
    if request.method == "POST":
        kind = data.get("kind", "")
        mode = data.get(f"mode_{kind}", "")
        names = data.get("players", "").splitlines()
        try:
            game = parties.create_game(kind, mode, names)
        except InputError as err:
            errors[err.field] = err.message
        else:
            return redirect("parties:game", pk=game.pk, token=game.edit_token)
    context = {
        "kinds": Game.Kind.choices,
        "modes": {k: Game.MODES[Game.Kind(k)] for k in Game.Kind.values},
        "players_range": {k: Game.PLAYERS[Game.Kind(k)] for k in Game.Kind.values},
        "errors": errors,
        "data": data,
    }
    return render(request, "parties/new.html", context, status=400 if errors else 200)


def _context(request: HttpRequest, game: Game, can_edit: bool, **extra) -> dict:
    edit_url = request.build_absolute_uri(reverse("parties:game", args=[game.pk, game.edit_token]))
    view_url = request.build_absolute_uri(reverse("parties:game", args=[game.pk, game.view_token]))
    token = game.edit_token if can_edit else game.view_token
    return {
        "game": game,
        "token": token,
        "can_edit": can_edit,
        "board": parties.board(game),
        "edit_url": edit_url if can_edit else None,
        "view_url": view_url,
        "edit_qr": mark_safe(qr_svg(edit_url)) if can_edit else "",  # noqa: S308 - segno's SVG
        "view_qr": mark_safe(qr_svg(view_url)),  # noqa: S308 - segno's SVG
        "combos": numcheck.COMBOS,
        "errors": {},
        "message": "",
        "posted": {},
        "action": "",
        **extra,
    }


@require_GET
def game_page(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    game, can_edit = resolve(pk, token)
    return render(request, "parties/game.html", _context(request, game, can_edit))


@require_GET
def board_fragment(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The live board, polled by every phone: 204 while nothing changed."""
    game, can_edit = resolve(pk, token)
    if request.GET.get("v") == str(game.version):
        return HttpResponse(status=204)
    context = {"game": game, "token": token, "can_edit": can_edit, "board": parties.board(game)}
    return render(request, "parties/game.html#board", context)


ACTIONS = {
    "claim_add": lambda g, d: parties.add_claim(
        g, d.get("player"), d.get("combo"), d.get("cards", "")
    ),
    "claim_edit": lambda g, d: parties.edit_claim(
        g, d.get("claim"), d.get("combo"), d.get("cards", "")
    ),
    "claim_delete": lambda g, d: parties.delete_claim(g, d.get("claim")),
    "grid_set": lambda g, d: parties.set_grid(
        g, d.get("player"), [d.get(f"c{i}", "") for i in range(9)]
    ),
    "round_add": lambda g, d: parties.save_round(
        g, [d.get(f"p{i}", "") for i in range(g.players.count())]
    ),
    "round_edit": lambda g, d: parties.save_round(
        g, [d.get(f"p{i}", "") for i in range(g.players.count())], d.get("round") or 0
    ),
    "round_delete": lambda g, d: parties.delete_round(g, d.get("round")),
    "undo": lambda g, d: parties.undo_last(g),
    "finish": lambda g, d: parties.finish(g),
}
WRITE_ACTIONS = tuple(ACTIONS) + ("rematch",)


@require_POST
def action(request: HttpRequest, pk: int, token: str, name: str) -> HttpResponse:
    """Every write. Read-only links are refused before anything is read from the body."""
    game, can_edit = resolve(pk, token)
    if name not in WRITE_ACTIONS:
        raise Http404("Action inconnue")
    if not can_edit:
        return HttpResponseForbidden("Ce lien est en lecture seule : il ne peut rien modifier.")
    if name == "rematch":
        new = parties.rematch(game)
        return redirect("parties:game", pk=new.pk, token=new.edit_token)
    errors: dict[str, str] = {}
    message = ""
    try:
        outcome = ACTIONS[name](game, request.POST)
        message = outcome if isinstance(outcome, str) else "Enregistré."
    except InputError as err:
        errors[err.field] = err.message
    game.refresh_from_db()
    if not errors and not request.htmx:
        return redirect("parties:game", pk=game.pk, token=token)
    context = _context(
        request, game, True, errors=errors, message=message, posted=request.POST, action=name
    )
    status = 400 if errors and not request.htmx else 200
    if request.htmx:
        return render(request, "parties/game.html#sheet", context, status=status)
    return render(request, "parties/game.html", context, status=status)


@require_GET
def export(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    game, _ = resolve(pk, token)
    response = HttpResponse(parties.export_csv(game), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="partie-{game.pk}.csv"'
    return response
