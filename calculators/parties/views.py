"""« Parties » pages: a shared, persistent score sheet for a real table.

A party is reached by one of its two secret tokens, exactly as in the API: the edit token reads
and writes, the read token only reads. A wrong token is a 404; a write through the read-only
link is refused (403) before the body is read. Every write goes through one form → one service
call (:mod:`.services`); the page and its htmx fragments are served by the same views.
"""

from __future__ import annotations

import hashlib
import io
import zlib
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any

import segno
from django.conf import settings
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseRedirect,
)
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from numsite import throttle
from numsite.security import PublicResponse, capability, mark_capability

from ..core import registry
from ..engines.cards import InputError
from ..engines.numbers import parse_whole
from ..web.pages import HtmxRequest
from . import forms, frame, kinds, live, lookup, undo, writes
from .board import board as compute_board
from .board import game_key, history
from .export import export_csv
from .idempotency import IDEMPOTENCY_KEY, idempotent, malformed_key, not_remembered
from .models import Game, HistoryEntry, IdempotentAnswer, new_token
from .summaries import values

#: the query parameter of a new party's page that shows its links first (share_first_url)
SHARE_FIRST = "partager"


class LinksReplaced(Exception):
    """A phone on a link replaced by « Nouveaux liens » (answered 410 by the middleware below)."""


def resolve(token: str) -> tuple[Game, bool]:
    """The game and whether the token is its edit token; 404 for a wrong token, 410 for a
    link replaced by « Nouveaux liens »."""
    try:
        return lookup.find(token)
    except lookup.Retired:
        raise LinksReplaced from None
    except Game.DoesNotExist:
        raise Http404(gettext("Partie introuvable")) from None


def links_replaced(request: HttpRequest) -> HttpResponse:
    """The page a phone on a replaced link gets (410), also the poll's answer, which the page
    shows in place of the board (static/js/party.js). Reached by a secret link (if an old one):
    never stored, never indexed, as every capability answer."""
    return mark_capability(render(request, "parties/gone.html", status=410))


def replaced_links_are_410(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except LinksReplaced:
            return links_replaced(request)

    return wrapper


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
    form = forms.NewGameForm(request.POST or None, initial={"kind": chosen_kind(request)})
    if request.method == "POST" and form.is_valid() and form.game is not None:
        return redirect(share_first_url(form.game))
    status = 400 if form.is_bound else 200
    return render(request, "parties/new.html", {"form": form}, status=status)


def share_first_url(game: Game) -> str:
    """A new party's page, its links and QR codes first: the table needs them before anything."""
    return reverse("parties:game", args=[game.edit_token]) + f"?{SHARE_FIRST}=1"


def chosen_kind(request: HttpRequest) -> str:
    """The game ``?kind=`` names (the home page's « Nouvelle partie » of each game: its stored
    kind, API name or slug), else the first game with Parties."""
    try:
        return registry.party_game(request.GET.get("kind")).kind
    except InputError:
        return registry.PARTY_GAMES[0].kind


def kind_template(game: Game) -> str:
    return kinds.of(game).template


#: the writes sent from the board's buttons: a removal's ✕, a history line's « Retirer »
FROM_THE_BOARD = ("_delete", "undo_entry")

#: this phone, for its own « Annuler »: a random value kept a year in a cookie of its own,
#: given by its first write; a digest of it is recorded with each entry the phone writes
PHONE_COOKIE = "numsite_phone"
PHONE_DAYS = 365


def phone(request: HttpRequest) -> str:
    """The phone a request comes from (a digest of its cookie), or ``""``."""
    value = request.COOKIES.get(PHONE_COOKIE, "")
    if not 20 <= len(value) <= 64 or not lookup.TOKEN_ALPHABET.issuperset(value):
        return ""
    return hashlib.sha256(value.encode()).hexdigest()[:24]


def _as_phone(request: HttpRequest, write: Callable[[], HttpResponse]) -> HttpResponse:
    """A page write, recorded as this phone's; a phone without its cookie gets one here."""
    given = None
    if not phone(request):
        given = new_token()
        request.COOKIES[PHONE_COOKIE] = given
    with frame.from_phone(phone(request)):
        response = write()
    if given is not None:
        response.set_cookie(
            PHONE_COOKIE,
            given,
            max_age=PHONE_DAYS * 24 * 3600,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


def _context(request: HttpRequest, game: Game, can_edit: bool, **extra: object) -> dict[str, Any]:
    token = game.edit_token if can_edit else game.read_token
    read_url = request.build_absolute_uri(reverse("parties:game", args=[game.read_token]))
    edit_url = request.build_absolute_uri(reverse("parties:game", args=[game.edit_token]))
    board = compute_board(game)
    kind = kinds.of(game)
    context: dict[str, Any] = {
        "game": game,
        "token": token,
        "can_edit": can_edit,
        "board": board,
        "kind": kind,
        "kind_template": kind.template,
        "read_url": read_url,
        "read_qr": mark_safe(qr_svg(read_url)),
        "edit_url": edit_url if can_edit else None,
        "edit_qr": mark_safe(qr_svg(edit_url)) if can_edit else "",
        # read only by a board drawn here (not when the page shows the cached one)
        "history": SimpleLazyObject(lambda: history(game)),
        "form": None,
        "action": "",
        "done": None,
        # the actions whose notice the game's entry draws itself, beside what they changed
        "notice_here": (),
        # this phone's choices for this party (« Ce téléphone : … ») are kept under this key
        "party_key": game_key(game)[:16],
    }
    if can_edit:
        done = extra.get("done")
        latest = done if isinstance(done, HistoryEntry) else None
        context["next_redo"] = undo.undo_and_redo(game, latest)[1]
        # « Annuler » is this phone's: its latest entry in effect, undone alone
        mine = undo.phone_undo(game, phone(request), latest)
        context["mine"], context["mine_named"] = mine, undo.named(mine) if mine else ""
    context.update(kind.page_context(request, game, board), finish_label=kind.finish_label(board))
    context.update(extra)
    form = context["form"]
    context["posted"] = form.data if form is not None and not form.is_valid() else {}
    conflict = form.conflict if form is not None else None
    context["conflict_values"] = values(conflict.entry) if conflict and conflict.entry else None
    # a refusal is shown in the form that was sent, next to its button; a removal's ✕ is on
    # the (shared, cached) board and a finished sheet shows no entry form, so those refusals
    # are shown at the top of the sheet
    context["refusal_inline"] = not (
        str(context["action"]).endswith(FROM_THE_BOARD) or context["board"].finished
    )
    return context


def _with_board(
    context: dict[str, Any], game: Game, can_edit: bool, written: HistoryEntry | None = None
) -> None:
    """The shared board of the party's current version in a sheet's context, in its two places
    (each drawn by the sheet's template when it is not set). ``written``: the entry of the
    write whose answer this is (its board is drawn, not looked for); never the entry a page
    names in ``?fait=``, which any reader may ask for again and again."""
    if written is not None and not _in_details(context):
        context["board_html"], context["board_more_html"] = live.writers_parts(
            game, context["board"], written
        )
        return
    context["board_html"], context["board_more_html"] = live.parts(
        game, can_edit, context["board"], written
    )
    if context.get("details_here"):  # a form open in the details (« Corriger »): drawn here
        context["board_more_html"] = ""


def _in_details(context: dict[str, Any]) -> bool:
    """Whether the write whose answer ``context`` draws was sent from the board's details, or
    opens a form there: a correction (``…_edit``) or a removal's ✕ (``…_delete``). Its answer
    draws the details, where the player is looking; every other write's answer leaves them as
    the phone shows them until the live board brings the new ones (:func:`live.writers_parts`)."""
    return bool(context.get("details_here")) or str(context["action"]).endswith(
        ("_edit", *FROM_THE_BOARD)
    )


@replaced_links_are_410
@require_safe
@capability
def game_page(request: HtmxRequest, token: str) -> HttpResponse:
    game, can_edit = resolve(token)
    done = None
    version = parse_whole(request.GET.get("fait"))
    if version is not None:
        done = game.history.filter(version=version).first()
    share_first = can_edit and request.GET.get(SHARE_FIRST) == "1"
    context = _context(request, game, can_edit, done=done, share_first=share_first)
    # at the page's own URL, the board every phone polls (its links are relative to it)
    _with_board(context, game, can_edit)
    if request.htmx and request.htmx.target == "sheet":
        return render(request, "parties/game.html#sheet", context)
    target = str(request.htmx.target or "") if request.htmx else ""
    if target.startswith("preview-"):  # the live score of an entry, from its game's template
        part = target.rstrip("0123456789").rstrip("-")  # one per row: « preview-grid-<id> »
        try:
            return render(request, f"{kind_template(game)}#{part}", context)
        except TemplateDoesNotExist:
            pass  # no such part: the whole page
    return render(request, "parties/game.html", context)


@replaced_links_are_410
@require_safe
@capability
def board_fragment(request: HtmxRequest, token: str) -> HttpResponse:
    """The live board, polled by every phone: 204 while nothing changed (one indexed query of
    the version, nothing else read). ``v`` is the version of the phone's standings, ``d`` that
    of its details when they are older (a writer's answer kept them: :func:`_in_details`).
    Drawn once for all (:mod:`.live`) and sent compressed, as it holds no token."""
    try:
        version: int | None = lookup.version_of(token)
    except Game.DoesNotExist:
        version = None  # a wrong token (404) or a replaced link (410): resolve() says which
    shown = (request.GET.get("v"), request.GET.get("d", request.GET.get("v")))
    if version is not None and shown == (str(version), str(version)):
        return HttpResponse(status=204)  # every 3 s from every phone: one indexed query
    game, can_edit = resolve(token)
    response = PublicResponse(live.poll_answer(game, can_edit))
    tokens = (game.edit_token.encode(), game.read_token.encode())
    response.breach_safe = not any(secret in response.content for secret in tokens)
    return response


@replaced_links_are_410
@require_POST
@capability
@throttle.limit("parties-write", "PARTIES_WRITE_RATE")
def action(request: HtmxRequest, token: str, name: str) -> HttpResponse:
    """Every write from the pages. Read-only links are refused before the body is read."""
    game, can_edit = resolve(token)
    write_forms = forms.write_forms(game)
    if name not in write_forms and name != "rematch":
        raise Http404(gettext("Action inconnue"))
    if not can_edit:
        return HttpResponseForbidden(
            gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
        )
    if name == "rematch":
        retry_after = throttle.hit(request, "parties-create", "PARTIES_CREATE_RATE")
        if retry_after is not None:
            return throttle.too_many(request, retry_after)
        new = writes.rematch(game)
        return redirect(share_first_url(new))
    return _as_phone(request, lambda: _written_by_phone(request, game, name, write_forms[name]))


def _written_by_phone(
    request: HtmxRequest, game: Game, name: str, write_form: type[forms.WriteForm]
) -> HttpResponse:
    """A page write with or without its ``Idempotency-Key``."""
    key = request.headers.get(IDEMPOTENCY_KEY)
    if key is None:
        return _write(request, game, name, write_form)
    malformed = malformed_key(request)
    if malformed is not None:
        return _refused(request, game, name, write_form, malformed, 400)
    return idempotent(
        request,
        key,
        IdempotentAnswer,
        game,
        lambda: _write(request, game, name, write_form),
        lambda field, message: _refused(request, game, name, write_form, message, 409),
        lambda: _busy(request, game, name, write_form),
        keep=lambda answer: _page_kept(request, answer),
        replay=lambda again, status, kept: _page_replay(request, status, kept),
    )


#: the kind of request a page answer was remembered for: htmx's (the sheet) or a plain form's
_HTMX, _PLAIN = b"H", b"P"


def _page_kept(request: HtmxRequest, response: HttpResponse) -> bytes:
    """What is remembered of a page write's answer: the kind of request it answered, then
    where a redirect goes, or the HTML compressed (a sheet is some 40 kB, kept a week per key)."""
    kind = _HTMX if request.htmx else _PLAIN
    if 300 <= response.status_code < 400:
        return kind + response["Location"].encode()
    return kind + zlib.compress(response.content, 6)


def _page_replay(request: HtmxRequest, status: int, kept: bytes) -> HttpResponse | None:
    """A page write's remembered answer, given again: the same HTML, or the same redirect, to
    the same kind of request (htmx's, or a plain form's). To the other kind, a write carried
    out is answered as that kind's is: a plain form is sent to the sheet, htmx is told to go
    where the plain form's redirect went (``HX-Redirect``); a refusal (nothing was written) is
    ``None``, for the request to be carried out for its own kind."""
    kind, data = kept[:1], kept[1:]
    if kind not in (_HTMX, _PLAIN):  # remembered before the kind was
        kind, data = (_PLAIN if 300 <= status < 400 else _HTMX if request.htmx else _PLAIN), kept
    if (kind == _HTMX) != bool(request.htmx):
        if not 200 <= status < 400:
            return None
        if request.htmx:
            again = HttpResponse(status=200)
            again["HX-Redirect"] = data.decode()
            return again
        return HttpResponseRedirect(request.path.rsplit("/", 2)[0] + "/#sheet", status=303)
    if 300 <= status < 400:
        again = HttpResponseRedirect(data.decode())
        again.status_code = status
        return again
    html = zlib.decompress(data)
    return HttpResponse(html, status=status, content_type="text/html; charset=utf-8")


def _refused(
    request: HtmxRequest,
    game: Game,
    name: str,
    write_form: type[forms.WriteForm],
    message: str,
    status: int,
) -> HttpResponse:
    """The page's own refusal of a write it does not carry out (an ``Idempotency-Key`` that
    came with another request, or malformed): the sheet with the message at the form that was
    sent, which keeps what was typed; the form is validated with its ``refusal`` set, so it
    never writes."""
    form = write_form(game, request.POST)
    form.refusal = message
    form.is_valid()
    context = _context(request, game, True, form=form, action=name)
    template = "parties/game.html#sheet" if request.htmx else "parties/game.html"
    return render(request, template, context, status=status)


def _busy(
    request: HtmxRequest, game: Game, name: str, write_form: type[forms.WriteForm]
) -> HttpResponse:
    """The same key is being carried out by another request at this moment (the phone's queue
    sent a write again while its first sending still holds the party's lock): a 503 with
    ``Retry-After``, which the queue sends again with the same key — never a refusal the player
    would answer by saving again under a new key while the first sending commits.

    The write may have been carried out and rolled back (its answer failed to be remembered):
    the game is read again, as stored, not as that write left this instance."""
    game.refresh_from_db()
    response = _refused(request, game, name, write_form, gettext(frame.CONFLICT), 503)
    response["Retry-After"] = "2"
    return response


def _write(
    request: HtmxRequest, game: Game, name: str, write_form: type[forms.WriteForm]
) -> HttpResponse:
    """One page write carried out: its confirmation step, its refusal or its new sheet."""
    question = write_form.confirmation(game, request.POST)
    if question and request.POST.get("confirm") != "1":
        # what ends something is asked first, as a step of the page (works without JavaScript)
        kept = [
            (k, v) for k, v in request.POST.items() if k not in ("csrfmiddlewaretoken", "confirm")
        ]
        confirm = {"name": name, "message": question, "fields": kept}
        context = _context(request, game, True, action=name, confirm=confirm)
        template = "parties/game.html#sheet" if request.htmx else "parties/game.html"
        return not_remembered(render(request, template, context))  # nothing written yet
    form = write_form(game, request.POST)
    entry = form.entry if form.is_valid() else None
    ok = entry is not None
    if not ok:  # a write carried out read the game again as it committed (frame.lock)
        game.refresh_from_db()
    if entry is not None and not request.htmx:
        target = reverse("parties:game", args=[game.edit_token])
        return redirect(f"{target}?fait={entry.version}#sheet")
    context = _context(request, game, True, form=form, action=name, done=form.entry)
    if request.htmx:
        if ok:  # the writer's phone draws the new version's board once, for every phone
            _with_board(context, game, True, entry)
        response = render(request, "parties/game.html#sheet", context)
        if ok and name == "rotate":
            response["HX-Redirect"] = reverse("parties:game", args=[game.edit_token])
        # a conflict's refusal is the state's answer, not the body's: never replayed
        return not_remembered(response) if form.conflict else response
    status = 409 if form.conflict else 400
    return render(request, "parties/game.html", context, status=status)


@replaced_links_are_410
@require_safe
@capability
def export(request: HtmxRequest, token: str) -> HttpResponse:
    game, _ = resolve(token)
    response = HttpResponse(export_csv(game), content_type="text/csv; charset=utf-8")
    stamp = f"{game.created_at:%Y-%m-%d}"
    response["Content-Disposition"] = f'attachment; filename="partie-{game.api_name}-{stamp}.csv"'
    return response


@replaced_links_are_410
@require_safe
@capability
def legacy(request: HtmxRequest, pk: str, token: str, rest: str = "") -> HttpResponse:
    """Links of the first version (``/parties/<id>/<token>/…``) keep working: they redirect."""
    game, _ = resolve(token)
    if str(game.pk) != pk:
        raise Http404(gettext("Partie introuvable"))
    target = reverse("parties:game", args=[token])
    if rest in ("tableau/", "export.csv"):
        target += rest
    return redirect(target, permanent=True)
