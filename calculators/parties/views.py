"""« Parties » pages: a shared, persistent score sheet for a real table.

A party is reached by one of its two secret tokens, exactly as in the API: the edit token reads
and writes, the read token only reads. A wrong token is a 404; a write through the read-only
link is refused (403) before the body is read. Every write goes through one form → one service
call (:mod:`.services`); the page and its htmx fragments are served by the same views.
"""

from __future__ import annotations

import hashlib
import io
import secrets
import threading
from collections import OrderedDict
from functools import lru_cache

import segno
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from numsite import throttle
from numsite.security import capability

from ..engines import i18n as engine_i18n
from ..engines import numdraft
from ..games import registry
from ..games.num_check.forms import combo_choices
from ..games.registry import NUM5, NUM_DRAFT
from . import forms, services
from .models import Claim, Game


def kind_template(game: Game) -> str:
    """The game's own part of the party page (``templates/games/<package>/party.html``)."""
    return f"games/{game.spec.package}/party.html"


def resolve(token: str) -> tuple[Game, bool]:
    """The game and whether the token is its edit token; 404 for a wrong token."""
    try:
        return services.find(token)
    except Game.DoesNotExist:
        raise Http404(gettext("Partie introuvable")) from None


@lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """The QR code of a link, as inline SVG (made once per link and process)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, title="QR code"
    )
    return buffer.getvalue().decode()


@require_http_methods(["GET", "HEAD", "POST"])
@throttle.limit("parties-create", "PARTIES_CREATE_RATE", methods=["POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """/parties/nouvelle/: game, mode (and deck), players in seating order."""
    form = forms.NewGameForm(request.POST or None, initial={"kind": registry.PARTY_GAMES[0].kind})
    if request.method == "POST" and form.is_valid() and form.game is not None:
        return redirect("parties:game", token=form.game.edit_token)
    status = 400 if form.is_bound else 200
    return render(request, "parties/new.html", {"form": form}, status=status)


def _cell_text(entry: dict | None) -> str:
    """A stored Num 5 entry as the text of a cell (what the player typed, in canonical form)."""
    if not entry:
        return ""
    cards = entry.get("cards")
    if cards is not None:
        return " ".join(cards) if isinstance(cards, list) else str(cards)
    return f"{entry.get('plus', 0)} - {entry.get('minus', 0)}"


def _game_key(game: Game) -> str:
    """The game in a cache key: a digest of its edit token, never its id (a deleted game's id
    may be given again by SQLite, its token never; and no secret goes into a key)."""
    return hashlib.sha256(game.edit_token.encode()).hexdigest()[:32]


_BOARDS: OrderedDict[tuple[str, int, str, str], services.Board] = OrderedDict()
_BOARDS_LOCK = threading.Lock()
BOARDS_KEPT = 64


def _board(game: Game) -> services.Board:
    """``services.board(game)``, computed once per version (and language: the engines' titles
    and notes) in this process, for every phone that loads the page after a change. A board is
    only read once made; the newest 64 are kept."""
    key = (
        _game_key(game),
        game.version,
        engine_i18n.get_language(),
        translation.get_language() or "",
    )
    with _BOARDS_LOCK:
        board = _BOARDS.get(key)
        if board is not None:
            _BOARDS.move_to_end(key)
            return board
    board = services.board(game)
    with _BOARDS_LOCK:
        _BOARDS[key] = board
        while len(_BOARDS) > BOARDS_KEPT:
            _BOARDS.popitem(last=False)
    return board


def _context(request: HttpRequest, game: Game, can_edit: bool, **extra: object) -> dict:
    token = game.edit_token if can_edit else game.read_token
    read_url = request.build_absolute_uri(reverse("parties:game", args=[game.read_token]))
    edit_url = request.build_absolute_uri(reverse("parties:game", args=[game.edit_token]))
    board = _board(game)
    context: dict = {
        "game": game,
        "token": token,
        "can_edit": can_edit,
        "board": board,
        "kind_template": kind_template(game),
        "read_url": read_url,
        "read_qr": mark_safe(qr_svg(read_url)),  # noqa: S308 - segno's own SVG
        "edit_url": edit_url if can_edit else None,
        "edit_qr": mark_safe(qr_svg(edit_url)) if can_edit else "",  # noqa: S308
        # read only by a board drawn here (not when the page shows the cached one)
        "history": SimpleLazyObject(lambda: list(game.history.select_related("target")[:100])),
        "combos": combo_choices(),
        "form": None,
        "action": "",
        "done": None,
    }
    if can_edit:
        context["next_undo"] = services.next_undo(game)
        context["next_redo"] = services.next_redo(game)
        context.update(_correction(request, game, board))
    if game.kind == NUM5.kind:
        players = list(game.players.all())
        context["round_cells"] = [
            (stored, [(p, _cell_text(stored.entries.get(str(p.pk)))) for p in players])
            for stored, _ in board.extra["rounds"]
        ]
        if game.turns:
            play = services.round_in_play(game)
            context["turn_play"] = play
            context["turn_collected"] = list(zip(players, play.state.collected, strict=True))
    if game.kind == NUM_DRAFT.kind:
        context["max_value"] = numdraft.deck_for(board.extra["values"]).max_value
    context.update(extra)
    form = context["form"]
    context["posted"] = form.data if form is not None and not form.is_valid() else {}
    return context


def _correction(request: HttpRequest, game: Game, board: services.Board) -> dict:
    """« Corriger »: the claim or round to correct, pre-filled with what is stored."""
    out: dict = {}
    claim_id = request.GET.get("corriger", "")
    if claim_id.isdigit():
        out["edit_claim"] = Claim.objects.filter(player__game=game, pk=int(claim_id)).first()
    number = request.GET.get("manche", "")
    if number.isdigit():
        out["edit_round"] = game.rounds.filter(number=int(number)).first()
    return out


#: Stands for the reader's CSRF token in a cached board (random per process: no player can
#: type it into a name to have it replaced).
CSRF_SLOT = f"csrf-{secrets.token_hex(16)}"
BOARD_CACHE_SECONDS = 3600


def board_html(request: HttpRequest, game: Game, can_edit: bool, token: str) -> SafeString:
    """The live board at the party's current version, drawn once per version, language and
    kind of link, then served from the cache to every phone (issue #12: after each change every
    phone at the table fetches the same board; the first draws it).

    The board is a function of those alone: its links are relative to the party's page
    (``party_url``: it holds no token), and the reader's own CSRF token goes into the cached
    text's slot on the way out. A page re-drawn after a refused write (its typed values shown
    again, at the write's URL) is drawn whole instead, never from here."""
    language = translation.get_language() or ""
    key = f"parties:board:{_game_key(game)}:{game.version}:{int(can_edit)}:{language}"
    html = cache.get(key)
    if html is None:
        context = {
            "relative_urls": True,
            "game": game,
            "token": token,
            "can_edit": can_edit,
            "board": _board(game),
            "kind_template": kind_template(game),
            "history": list(game.history.select_related("target")[:100]),
            "LANGUAGE_CODE": language,
            "csrf_token": CSRF_SLOT,
            "action": "",
            "posted": {},
        }
        html = render_to_string("parties/game.html#board", context)
        cache.set(key, html, BOARD_CACHE_SECONDS)
    return mark_safe(html.replace(CSRF_SLOT, get_token(request)))  # noqa: S308 - drawn escaped


@require_safe
@capability
def game_page(request: HttpRequest, token: str) -> HttpResponse:
    game, can_edit = resolve(token)
    done = None
    if request.GET.get("fait", "").isdigit():
        done = game.history.filter(version=int(request.GET["fait"])).first()
    context = _context(request, game, can_edit, done=done)
    context["board_html"] = board_html(request, game, can_edit, token)
    if request.htmx and request.htmx.target == "sheet":
        return render(request, "parties/game.html#sheet", context)
    return render(request, "parties/game.html", context)


@require_safe
@capability
def board_fragment(request: HttpRequest, token: str) -> HttpResponse:
    """The live board, polled by every phone: 204 while nothing changed.

    After a change every phone fetches it: drawn once for all (:func:`board_html`), and sent
    compressed, since its URLs are relative to the party's page (``party_url``) and it is
    checked to hold neither of the party's tokens (numsite.security.PublicGZipMiddleware)."""
    game, can_edit = resolve(token)
    if request.GET.get("v") == str(game.version):
        return HttpResponse(status=204)
    response = HttpResponse(board_html(request, game, can_edit, token))
    tokens = (game.edit_token.encode(), game.read_token.encode())
    response.breach_safe = not any(secret in response.content for secret in tokens)
    return response


@require_POST
@capability
@throttle.limit("parties-write", "PARTIES_WRITE_RATE")
def action(request: HttpRequest, token: str, name: str) -> HttpResponse:
    """Every write from the pages. Read-only links are refused before the body is read."""
    game, can_edit = resolve(token)
    if name not in forms.WRITE_FORMS and name != "rematch":
        raise Http404(gettext("Action inconnue"))
    if not can_edit:
        return HttpResponseForbidden(
            gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
        )
    if name == "rematch":
        retry_after = throttle.hit(request, "parties-create", "PARTIES_CREATE_RATE")
        if retry_after is not None:
            return throttle.too_many(request, retry_after)
        new = services.rematch(game)
        return redirect("parties:game", token=new.edit_token)
    form = forms.WRITE_FORMS[name](game, request.POST)
    ok = form.is_valid() and form.entry is not None
    game.refresh_from_db()
    if ok and not request.htmx:
        target = reverse("parties:game", args=[game.edit_token])
        return redirect(f"{target}?fait={form.entry.version}#sheet")
    context = _context(request, game, True, form=form, action=name, done=form.entry)
    if request.htmx:
        response = render(request, "parties/game.html#sheet", context)
        if ok and name == "rotate":
            response["HX-Redirect"] = reverse("parties:game", args=[game.edit_token])
        return response
    status = 409 if form.conflict else 400
    return render(request, "parties/game.html", context, status=status)


@require_safe
@capability
def export(request: HttpRequest, token: str) -> HttpResponse:
    game, _ = resolve(token)
    response = HttpResponse(services.export_csv(game), content_type="text/csv; charset=utf-8")
    stamp = f"{game.created_at:%Y-%m-%d}"
    response["Content-Disposition"] = f'attachment; filename="partie-{game.api_name}-{stamp}.csv"'
    return response


@require_safe
@capability
def legacy(request: HttpRequest, pk: str, token: str, rest: str = "") -> HttpResponse:
    """Links of the first version (``/parties/<id>/<token>/…``) keep working: they redirect."""
    game, _ = resolve(token)
    if str(game.pk) != pk:
        raise Http404(gettext("Partie introuvable"))
    target = reverse("parties:game", args=[token])
    if rest in ("tableau/", "export.csv"):
        target += rest
    return redirect(target, permanent=True)
